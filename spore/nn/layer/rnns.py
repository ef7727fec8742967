"""Multi-layer recurrent layers: RNN, LSTM, GRU.

Layer l, direction d (0 forward, 1 backward) has the Parameters weight_ih_l{l}, weight_hh_l{l},
bias_ih_l{l}, bias_hh_l{l}, with the suffix '_reverse' for the backward direction; they
are listed as MindSpore lists them (all weight_ih, then all weight_hh, bias_ih,
bias_hh), which is also the order of checkpoints. Each layer runs the step functions of
rnn_cells.py over the time steps; layer l > 0 reads the concatenated outputs of both
directions of layer l - 1, with dropout in between while training.

With `seq_length`, sample b has seq_length[b] valid steps: its outputs past them are
zero and its final state is the one after its last valid step. The backward direction
starts from each sample's own last valid step (steps past it leave the initial state
untouched), which is MindSpore's reversal of the valid part of each sequence.

The recurrence is a Python loop over the (static) number of time steps, written with
spore ops, so the tape differentiates it and Graph mode can unroll it.
"""
from __future__ import annotations

from ... import ops
from ...common import dtype as mstype
from ...common.parameter import ParameterTuple
from ...common.tensor import Tensor
from ...ops.validator import check_bool, check_float_range, check_positive_int, check_string, check_type
from ..cell import Cell
from .basic import Dropout
from .rnn_cells import (
    ACTIVATIONS,
    as_dtype,
    check_float_tensor,
    check_state_shape,
    gru_step,
    lstm_state,
    lstm_step,
    recurrent_parameter,
    rnn_step,
)

__all__ = ["RNN", "LSTM", "GRU"]


class _RNNBase(Cell):
    """The stacked, optionally bidirectional recurrence shared by RNN, LSTM and GRU
    (see the module docstring). Subclasses set `gates` (gate blocks per weight),
    `is_lstm` and `_step(gates_x, state, w_hh, b_hh)`."""

    gates = 1
    is_lstm = False
    # Whether b_hh may join b_ih in the input projection (not for GRU, whose reset gate
    # multiplies the hidden projection including b_hh).
    fold_hidden_bias = True

    def __init__(self, input_size, hidden_size, num_layers=1, has_bias=True, batch_first=False, dropout=0.0,
                 bidirectional=False, dtype=mstype.float32):
        super().__init__()
        name = self.cls_name
        self.hidden_size = check_positive_int(name, "hidden_size", hidden_size)
        self.input_size = check_positive_int(name, "input_size", input_size)
        self.num_layers = check_positive_int(name, "num_layers", num_layers)
        check_type(name, "dropout", dropout, float)
        self.dropout = check_float_range(name, "dropout", dropout, 0.0, 1.0, include_max=False)
        self.has_bias = check_bool(name, "has_bias", has_bias)
        self.batch_first = check_bool(name, "batch_first", batch_first)
        self.bidirectional = check_bool(name, "bidirectional", bidirectional)
        self.num_directions = 2 if bidirectional else 1
        self.dropout_op = Dropout(p=self.dropout)
        self._create_parameters(dtype)

    def _create_parameters(self, dtype) -> None:
        w_ih, w_hh, b_ih, b_hh = [], [], [], []
        rows = self.gates * self.hidden_size
        for layer in range(self.num_layers):
            layer_input = self.input_size if layer == 0 else self.hidden_size * self.num_directions
            for direction in range(self.num_directions):
                suffix = f"_l{layer}" + ("_reverse" if direction else "")
                w_ih.append(recurrent_parameter((rows, layer_input), self.hidden_size, dtype, "weight_ih" + suffix))
                w_hh.append(recurrent_parameter((rows, self.hidden_size), self.hidden_size, dtype,
                                                "weight_hh" + suffix))
                if self.has_bias:
                    b_ih.append(recurrent_parameter((rows,), self.hidden_size, dtype, "bias_ih" + suffix))
                    b_hh.append(recurrent_parameter((rows,), self.hidden_size, dtype, "bias_hh" + suffix))
        self.w_ih_list = ParameterTuple(w_ih)
        self.w_hh_list = ParameterTuple(w_hh)
        self.b_ih_list = ParameterTuple(b_ih)
        self.b_hh_list = ParameterTuple(b_hh)

    def _step(self, gates_x, state, w_hh, b_hh):
        raise NotImplementedError

    # ---- forward ------------------------------------------------------------------------
    def construct(self, x, hx=None, seq_length=None):
        x = self._check_input(x)
        if self.batch_first:
            x = ops.swapaxes(x, 0, 1)
        steps, batch = x.shape[:2]
        states = self._initial_states(hx, x, batch)
        masks = None if seq_length is None else self._step_masks(seq_length, steps, batch)
        layer_input, finals = x, []
        for layer in range(self.num_layers):
            outputs = []
            for direction in range(self.num_directions):
                index = layer * self.num_directions + direction
                output, final = self._run_direction(layer_input, states[index], index, masks, direction == 1)
                outputs.append(output)
                finals.append(final)
            layer_input = outputs[0] if len(outputs) == 1 else ops.concat(outputs, -1)
            if self.training and self.dropout and layer < self.num_layers - 1:
                layer_input = self.dropout_op(layer_input)
        output = ops.swapaxes(layer_input, 0, 1) if self.batch_first else layer_input
        if self.is_lstm:
            return output, (ops.stack([h for h, _ in finals]), ops.stack([c for _, c in finals]))
        return output, ops.stack(finals)

    def _run_direction(self, x, state, index: int, masks, reverse: bool):
        """One direction of one layer over x (steps, batch, features): the outputs
        (steps, batch, hidden) and the final state."""
        dtype = x.dtype
        w_ih, w_hh = as_dtype(self.w_ih_list[index], dtype), as_dtype(self.w_hh_list[index], dtype)
        b_ih = b_hh = None
        if self.has_bias:
            b_ih, b_hh = as_dtype(self.b_ih_list[index], dtype), as_dtype(self.b_hh_list[index], dtype)
            if self.fold_hidden_bias:
                b_ih, b_hh = b_ih + b_hh, None
        # one matmul projects the inputs of every step
        gates_x = ops.unstack(ops.dense(x, w_ih, b_ih), 0)
        steps = x.shape[0]
        outputs = []
        for t in (range(steps - 1, -1, -1) if reverse else range(steps)):
            new = self._step(gates_x[t], state, w_hh, b_hh)
            if masks is None:
                state = new
                output = new[0] if self.is_lstm else new
            else:
                state, output = self._masked_update(masks[t], new, state)
            outputs.append(output)
        if reverse:
            outputs = outputs[::-1]
        return ops.stack(outputs), state

    def _masked_update(self, valid, new, state) -> tuple:
        """The state and output of a step where `valid` (batch, 1) marks the samples still
        inside their sequence: the others keep their state and output zeros."""
        if self.is_lstm:
            state = (ops.where(valid, new[0], state[0]), ops.where(valid, new[1], state[1]))
            return state, ops.where(valid, new[0], ops.zeros_like(new[0]))
        return ops.where(valid, new, state), ops.where(valid, new, ops.zeros_like(new))

    # ---- inputs -------------------------------------------------------------------------
    def _check_input(self, x) -> Tensor:
        name = self.cls_name
        check_float_tensor(name, "x", x)
        if x.ndim != 3 or x.shape[2] != self.input_size:
            order = "(batch_size, seq_len" if self.batch_first else "(seq_len, batch_size"
            raise ValueError(f"For '{name}', the shape of 'x' must be {order}, {self.input_size}), but got "
                             f"{x.shape}.")
        return x

    def _initial_states(self, hx, x, batch: int) -> list:
        """The initial state of each (layer, direction): hx split along its first axis,
        or zeros."""
        count = self.num_layers * self.num_directions
        if hx is None:
            zeros = ops.zeros((batch, self.hidden_size), x.dtype)
            return [(zeros, zeros) if self.is_lstm else zeros] * count
        name, expected = self.cls_name, (count, batch, self.hidden_size)
        if self.is_lstm:
            h, c = lstm_state(name, hx)
            for arg, value in (("hx[0]", h), ("hx[1]", c)):
                check_float_tensor(name, arg, value)
                check_state_shape(name, arg, value, expected, x)
            return list(zip(ops.unstack(h, 0), ops.unstack(c, 0)))
        check_float_tensor(name, "hx", hx)
        check_state_shape(name, "hx", hx, expected, x)
        return list(ops.unstack(hx, 0))

    def _step_masks(self, seq_length, steps: int, batch: int) -> tuple:
        """For each time step t, the (batch, 1) bool mask t < seq_length."""
        name = self.cls_name
        if not isinstance(seq_length, Tensor):
            raise TypeError(f"For '{name}', the 'seq_length' must be a Tensor, but got "
                            f"{type(seq_length).__name__}.")
        if seq_length.dtype not in (mstype.int32, mstype.int64):
            raise TypeError(f"For '{name}', the dtype of 'seq_length' must be int32 or int64, but got "
                            f"{seq_length.dtype}.")
        if seq_length.shape != (batch,):
            raise ValueError(f"For '{name}', the shape of 'seq_length' must be (batch_size,) = ({batch},), but "
                             f"got {seq_length.shape}.")
        times = ops.arange(steps, dtype=seq_length.dtype).reshape(steps, 1, 1)
        return ops.unstack(ops.less(times, seq_length.reshape(1, batch, 1)), 0)


class RNN(_RNNBase):
    """RNN(input_size, hidden_size, num_layers=1, has_bias=True, batch_first=False,
    dropout=0.0, bidirectional=False, dtype=mstype.float32, *, nonlinearity='tanh')

    Stacked Elman RNN: h_t = act(W_ih x_t + b_ih + W_hh h_(t-1) + b_hh), act 'tanh' or
    'relu'. As in MindSpore, positional arguments after num_layers go to has_bias,
    batch_first, ...; nonlinearity is a keyword. `dropout` (a float in [0, 1)) applies to
    the outputs of every layer but the last, in training. Weights have hidden_size rows.

    Inputs: x (seq_len, batch_size, input_size), or (batch_size, seq_len, input_size)
    with batch_first; float16, float32 or float64 (the Parameters are cast to x's dtype).
    hx: the initial state h_0 (num_directions * num_layers, batch_size, hidden_size),
    zeros when None. seq_length: None or an int32/int64 Tensor (batch_size,) of lengths.

    Outputs: (output, h_n): output (seq_len, batch_size, num_directions * hidden_size)
    (batch first with batch_first) holds the last layer's outputs of both directions;
    h_n the final state of every layer and direction, shaped like h_0.
    """

    def __init__(self, input_size, hidden_size, num_layers=1, has_bias=True, batch_first=False, dropout=0.0,
                 bidirectional=False, dtype=mstype.float32, *, nonlinearity="tanh"):
        nonlinearity = check_string(type(self).__name__, "nonlinearity", nonlinearity, tuple(ACTIVATIONS),
                                    case_sensitive=True)
        super().__init__(input_size, hidden_size, num_layers, has_bias, batch_first, dropout, bidirectional,
                         dtype)
        self.nonlinearity = nonlinearity
        self._activation = ACTIVATIONS[nonlinearity]

    def _step(self, gates_x, state, w_hh, b_hh):
        return rnn_step(gates_x, state, w_hh, b_hh, self._activation)


class LSTM(_RNNBase):
    """LSTM(input_size, hidden_size, num_layers=1, has_bias=True, batch_first=False,
    dropout=0.0, bidirectional=False, dtype=mstype.float32)

    Stacked LSTM (gates i, f, g, o; see rnn_cells), with RNN's arguments but
    nonlinearity. Weights have 4 * hidden_size rows.

    Inputs: x as for RNN; hx a tuple (h_0, c_0) of (num_directions * num_layers,
    batch_size, hidden_size) Tensors, zeros when None; seq_length as for RNN.
    Outputs: (output, (h_n, c_n)), output as for RNN, h_n and c_n shaped like h_0.
    """

    gates = 4
    is_lstm = True

    def _step(self, gates_x, state, w_hh, b_hh):
        return lstm_step(gates_x, state, w_hh, b_hh)


class GRU(_RNNBase):
    """GRU(input_size, hidden_size, num_layers=1, has_bias=True, batch_first=False,
    dropout=0.0, bidirectional=False, dtype=mstype.float32)

    Stacked GRU (gates r, z, n; see rnn_cells), with RNN's arguments but
    nonlinearity. Weights have 3 * hidden_size rows. Inputs and outputs as for RNN.
    """

    gates = 3
    fold_hidden_bias = False

    def _step(self, gates_x, state, w_hh, b_hh):
        return gru_step(gates_x, state, w_hh, b_hh)
