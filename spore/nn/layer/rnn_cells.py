"""Recurrent cells: RNNCell, LSTMCell, GRUCell, each one time step of its recurrence.

The step functions here are shared with the multi-step layers in rnns.py. Every step
takes `gates_x`, the input projection x @ W_ih^T + b_ih already computed (the layers
compute it for all time steps with one matmul), and adds the hidden projection
h @ W_hh^T + b_hh. Gate blocks are stacked along the first axis of the weights in
MindSpore's order: LSTM (i, f, g, o), GRU (r, z, n).

    RNN   h' = act(gx + W_hh h + b_hh)
    LSTM  i, f, g, o = split(gx + W_hh h + b_hh)
          c' = sigmoid(f) * c + sigmoid(i) * tanh(g);  h' = sigmoid(o) * tanh(c')
    GRU   r = sigmoid(gx_r + gh_r);  z = sigmoid(gx_z + gh_z)
          n = tanh(gx_n + r * gh_n);  h' = (1 - z) * n + z * h,  gh = W_hh h + b_hh

Parameters are named weight_ih, weight_hh, bias_ih, bias_hh (None without bias) and drawn
from U(-1/sqrt(hidden_size), 1/sqrt(hidden_size)), as in MindSpore.
"""
from __future__ import annotations

import math

from ... import ops
from ...common import dtype as mstype
from ...common.initializer import Uniform, initializer
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ...ops.validator import check_bool, check_positive_int, check_string
from ..cell import Cell

__all__ = ["RNNCell", "LSTMCell", "GRUCell"]

FLOAT_TYPES = (mstype.float16, mstype.float32, mstype.float64)
ACTIVATIONS = {"tanh": ops.tanh, "relu": ops.relu}


# ---- helpers shared with rnns.py -----------------------------------------------------------
def recurrent_parameter(shape: tuple, hidden_size: int, dtype, name: str | None = None) -> Parameter:
    """A Parameter drawn from U(-1/sqrt(hidden_size), 1/sqrt(hidden_size))."""
    return Parameter(initializer(Uniform(1 / math.sqrt(hidden_size)), shape, dtype), name=name)


def check_float_tensor(cell: str, arg: str, value) -> Tensor:
    """`value` is a float16/32/64 Tensor (TypeError otherwise)."""
    if not isinstance(value, Tensor):
        raise TypeError(f"For '{cell}', the '{arg}' must be a Tensor, but got {type(value).__name__}.")
    if value.dtype not in FLOAT_TYPES:
        raise TypeError(f"For '{cell}', the dtype of '{arg}' must be float16, float32 or float64, but got "
                        f"{value.dtype}.")
    return value


def check_state_shape(cell: str, arg: str, value: Tensor, expected: tuple, x: Tensor) -> None:
    """A hidden state has the `expected` shape and the dtype of the input x."""
    if value.shape != expected:
        raise ValueError(f"For '{cell}', the shape of '{arg}' must be {expected}, but got {value.shape}.")
    if value.dtype != x.dtype:
        raise TypeError(f"For '{cell}', the dtype of '{arg}' must be the dtype of 'x' ({x.dtype}), but got "
                        f"{value.dtype}.")


def lstm_state(cell: str, hx) -> tuple:
    """An LSTM state argument: a tuple (h, c) of two Tensors."""
    if not isinstance(hx, tuple):
        raise TypeError(f"For '{cell}', the 'hx' must be a tuple (h, c), but got {type(hx).__name__}.")
    if len(hx) != 2:
        raise TypeError(f"For '{cell}', the 'hx' must be a tuple of 2 Tensors (h, c), but got {len(hx)} "
                        f"elements.")
    return hx


def as_dtype(param, dtype):
    """A weight in the computation's dtype (MindSpore casts the weights to x's dtype)."""
    if param is None or param.dtype == dtype:
        return param
    return ops.cast(param, dtype)


def rnn_step(gates_x, h, w_hh, b_hh, activation):
    """Elman step: activation(gates_x + h @ w_hh^T + b_hh)."""
    return activation(gates_x + ops.dense(h, w_hh, b_hh))


def lstm_step(gates_x, state: tuple, w_hh, b_hh) -> tuple:
    """LSTM step on state (h, c); returns (h', c')."""
    h, c = state
    gates = gates_x + ops.dense(h, w_hh, b_hh)
    i, f, g, o = ops.chunk(gates, 4, -1)
    c = ops.sigmoid(f) * c + ops.sigmoid(i) * ops.tanh(g)
    return ops.sigmoid(o) * ops.tanh(c), c


def gru_step(gates_x, h, w_hh, b_hh):
    """GRU step: the reset gate scales the hidden projection of the candidate only, so
    b_hh stays inside the reset product."""
    x_r, x_z, x_n = ops.chunk(gates_x, 3, -1)
    h_r, h_z, h_n = ops.chunk(ops.dense(h, w_hh, b_hh), 3, -1)
    r = ops.sigmoid(x_r + h_r)
    z = ops.sigmoid(x_z + h_z)
    n = ops.tanh(x_n + r * h_n)
    return n + z * (h - n)


# ---- cells ---------------------------------------------------------------------------------
class _RNNCellBase(Cell):
    """The Parameters of one recurrent step with `gates` gate blocks, and the input
    checks."""

    gates = 1

    def __init__(self, input_size: int, hidden_size: int, has_bias: bool, dtype):
        super().__init__()
        name = self.cls_name
        self.input_size = check_positive_int(name, "input_size", input_size)
        self.hidden_size = check_positive_int(name, "hidden_size", hidden_size)
        self.has_bias = check_bool(name, "has_bias", has_bias)
        rows = self.gates * hidden_size
        self.weight_ih = recurrent_parameter((rows, input_size), hidden_size, dtype)
        self.weight_hh = recurrent_parameter((rows, hidden_size), hidden_size, dtype)
        self.bias_ih = recurrent_parameter((rows,), hidden_size, dtype) if has_bias else None
        self.bias_hh = recurrent_parameter((rows,), hidden_size, dtype) if has_bias else None

    def _check_input(self, x, states: tuple, state_names: tuple) -> None:
        """x of shape (batch, input_size) and each state of shape (batch, hidden_size)."""
        name = self.cls_name
        check_float_tensor(name, "x", x)
        if x.ndim != 2 or x.shape[1] != self.input_size:
            raise ValueError(f"For '{name}', the shape of 'x' must be (batch_size, {self.input_size}), but got "
                             f"{x.shape}.")
        for arg, state in zip(state_names, states):
            check_float_tensor(name, arg, state)
            check_state_shape(name, arg, state, (x.shape[0], self.hidden_size), x)

    def _weights(self, dtype) -> tuple:
        """(weight_ih, bias_ih, weight_hh, bias_hh) in `dtype`."""
        return (as_dtype(self.weight_ih, dtype), as_dtype(self.bias_ih, dtype),
                as_dtype(self.weight_hh, dtype), as_dtype(self.bias_hh, dtype))


class RNNCell(_RNNCellBase):
    """RNNCell(input_size, hidden_size, has_bias=True, nonlinearity='tanh', dtype=mstype.float32)

    One Elman step h' = act(x W_ih^T + b_ih + h W_hh^T + b_hh), act tanh or relu.
    Parameters: weight_ih (hidden, input), weight_hh (hidden, hidden), bias_ih,
    bias_hh (hidden,).

    Inputs: x (batch, input_size), hx (batch, hidden_size). Output: h' (batch, hidden_size).
    """

    def __init__(self, input_size: int, hidden_size: int, has_bias: bool = True, nonlinearity: str = "tanh",
                 dtype=mstype.float32):
        super().__init__(input_size, hidden_size, has_bias, dtype)
        self.nonlinearity = check_string(self.cls_name, "nonlinearity", nonlinearity, tuple(ACTIVATIONS),
                                         case_sensitive=True)
        self._activation = ACTIVATIONS[self.nonlinearity]

    def construct(self, x, hx):
        self._check_input(x, (hx,), ("hx",))
        w_ih, b_ih, w_hh, b_hh = self._weights(x.dtype)
        return rnn_step(ops.dense(x, w_ih, b_ih), hx, w_hh, b_hh, self._activation)


class LSTMCell(_RNNCellBase):
    """LSTMCell(input_size, hidden_size, has_bias=True, dtype=mstype.float32)

    One LSTM step (gates i, f, g, o; see the module docstring). Parameters: weight_ih
    (4 * hidden, input), weight_hh (4 * hidden, hidden), bias_ih, bias_hh (4 * hidden,).

    Inputs: x (batch, input_size), hx a tuple (h, c) of (batch, hidden_size) Tensors.
    Output: the tuple (h', c').
    """

    gates = 4

    def __init__(self, input_size: int, hidden_size: int, has_bias: bool = True, dtype=mstype.float32):
        super().__init__(input_size, hidden_size, has_bias, dtype)

    def construct(self, x, hx):
        hx = lstm_state(self.cls_name, hx)
        self._check_input(x, hx, ("hx[0]", "hx[1]"))
        w_ih, b_ih, w_hh, b_hh = self._weights(x.dtype)
        return lstm_step(ops.dense(x, w_ih, b_ih), hx, w_hh, b_hh)


class GRUCell(_RNNCellBase):
    """GRUCell(input_size, hidden_size, has_bias=True, dtype=mstype.float32)

    One GRU step (gates r, z, n; see the module docstring). Parameters: weight_ih
    (3 * hidden, input), weight_hh (3 * hidden, hidden), bias_ih, bias_hh (3 * hidden,).

    Inputs: x (batch, input_size), hx (batch, hidden_size). Output: h' (batch, hidden_size).
    """

    gates = 3

    def __init__(self, input_size: int, hidden_size: int, has_bias: bool = True, dtype=mstype.float32):
        super().__init__(input_size, hidden_size, has_bias, dtype)

    def construct(self, x, hx):
        self._check_input(x, (hx,), ("hx",))
        w_ih, b_ih, w_hh, b_hh = self._weights(x.dtype)
        return gru_step(ops.dense(x, w_ih, b_ih), hx, w_hh, b_hh)
