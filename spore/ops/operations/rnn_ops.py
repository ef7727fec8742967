"""Recurrent Primitives: LSTM (the packed-weight multi-layer LSTM), DynamicRNN (one LSTM
layer, Ascend's fused kernel), BasicLSTMCell (one step of it) and DynamicGRUV2 (one GRU
layer). Each composes spore ops over
a Python loop of the (static) time steps, so gradients, Graph mode and vmap see the parts
(`compose` runs `infer` first, so bad input fails with this op's name).

MindSpore 2.7.1 runs LSTM on CPU; DynamicRNN, BasicLSTMCell and DynamicGRUV2 are Ascend-only there (CPU
fails at kernel selection). They compute the recurrences their documentation states."""
from __future__ import annotations

from ...common import dtype as mstype
from ..function import array_func, linalg_func, math_func
from ..primitive import Primitive, TensorSpec
from ..validator import (
    check_bool,
    check_dtype,
    check_float_range,
    check_positive_int,
    check_string,
    check_tensor,
    check_type,
)

__all__ = ["BasicLSTMCell", "DynamicGRUV2", "DynamicRNN", "LSTM"]

_FLOATS = (mstype.float16, mstype.float32, mstype.float64)


def _float_tensor(op: str, arg: str, value, allowed=_FLOATS) -> None:
    check_tensor(op, arg, value)
    check_dtype(op, arg, value.dtype, allowed)


def _check_shape(op: str, arg: str, shape, expected) -> None:
    if tuple(shape) != tuple(expected):
        raise ValueError(f"For '{op}', the shape of '{arg}' must be {list(expected)}, but got {list(shape)}.")


def _check_rank(op: str, arg: str, shape, rank: int) -> None:
    if len(shape) != rank:
        raise ValueError(f"For '{op}', the rank of '{arg}' must be {rank}, but got {len(shape)}.")


def _check_sequence(op: str, tensors, seq_length) -> None:
    """The float tensors (the first, x, of rank 3) and seq_length of Ascend's fused
    recurrences, which take no per-sample lengths."""
    for arg, value in tensors:
        _float_tensor(op, arg, value)
    if seq_length is not None:
        raise ValueError(f"For '{op}', the 'seq_length' must be None, but got {type(seq_length).__name__}.")
    _check_rank(op, "x", tensors[0][1].shape, 3)


def _lstm_step(gates, c):
    """One LSTM update from the pre-activations `gates` (batch, 4 hidden) in the order
    input, forget, cell, output; returns (h, c)."""
    i, f, g, o = array_func.chunk(gates, 4, -1)
    c = math_func.sigmoid(f) * c + math_func.sigmoid(i) * math_func.tanh(g)
    return math_func.sigmoid(o) * math_func.tanh(c), c


def _ijfo_step(x_t, h, c, w, b, forget_bias):
    """One step of Ascend's LSTM cell: w (input + hidden, 4 hidden) applied to [x_t, h],
    gates in the order i, j (the cell candidate), f, o, forget_bias added to f; returns
    (h, c, i, j, f, o, tanh(c)) with the gates activated."""
    i, j, f, o = array_func.chunk(linalg_func.matmul(array_func.concat([x_t, h], -1), w) + b, 4, -1)
    i, j, f, o = math_func.sigmoid(i), math_func.tanh(j), math_func.sigmoid(f + forget_bias), math_func.sigmoid(o)
    c = f * c + i * j
    tanhct = math_func.tanh(c)
    return o * tanhct, c, i, j, f, o, tanhct


class LSTM(Primitive):
    """LSTM(input_size, hidden_size, num_layers, has_bias, bidirectional, dropout)
    (x, h, c, w) -> (output, h_n, c_n, reserve, state).

    x (seq_len, batch, input_size); h, c (num_layers * D, batch, hidden_size), D = 2 when
    bidirectional; w the packed weights, shape (weight_size, 1, 1) (any shape of that many
    elements). The gates are ordered input, forget, cell, output. As MindSpore's CPU kernel
    packs them: first every layer's input weight (4 hidden, layer input) for each direction
    (layer 0 reads input_size, later layers hidden_size * D), then every layer's hidden
    weight (4 hidden, hidden), then with `has_bias` one bias (4 hidden) per layer and
    direction; elements past those are unused (MindSpore's documented weight_size counts
    two biases per layer and direction, the CPU kernel reads the first 4 hidden * L * D).
    The backward direction runs over the reversed sequence; layer l > 0 reads the
    concatenated outputs of both directions. output (seq_len, batch, hidden_size * D);
    h_n, c_n like h. `dropout` is kept as an attribute: the CPU kernel applies none.
    reserve and state are the kernel's workspace in MindSpore (their contents
    unspecified): here zeros of shape (1, 1)."""

    def __init__(self, input_size, hidden_size, num_layers, has_bias, bidirectional, dropout):
        super().__init__()
        for arg, value in (("input_size", input_size), ("hidden_size", hidden_size), ("num_layers", num_layers)):
            check_positive_int(self.name, arg, value)
        check_bool(self.name, "has_bias", has_bias)
        check_bool(self.name, "bidirectional", bidirectional)
        check_type(self.name, "dropout", dropout, float)
        check_float_range(self.name, "dropout", dropout, 0.0, 1.0)
        self.add_prim_attrs(input_size=input_size, hidden_size=hidden_size, num_layers=num_layers,
                            has_bias=has_bias, bidirectional=bidirectional, dropout=dropout,
                            num_directions=2 if bidirectional else 1)

    def _weight_count(self) -> int:
        gates, directions = 4 * self.hidden_size, self.num_directions
        layer_inputs = [self.input_size] + [self.hidden_size * directions] * (self.num_layers - 1)
        count = sum(directions * gates * (n + self.hidden_size) for n in layer_inputs)
        return count + (self.num_layers * directions * gates if self.has_bias else 0)

    def infer(self, x, h, c, w):
        for arg, value in (("x", x), ("h", h), ("c", c), ("w", w)):
            _float_tensor(self.name, arg, value)
        _check_rank(self.name, "x", x.shape, 3)
        if x.shape[2] != self.input_size:
            raise ValueError(f"For '{self.name}', the size of 'x' on axis 2 must be equal to input_size "
                             f"{self.input_size}, but got {x.shape[2]}.")
        state_shape = (self.num_layers * self.num_directions, x.shape[1], self.hidden_size)
        _check_shape(self.name, "h", h.shape, state_shape)
        _check_shape(self.name, "c", c.shape, state_shape)
        size = 1
        for n in w.shape:
            size *= n
        if size < self._weight_count():
            raise ValueError(f"For '{self.name}', 'w' must have at least {self._weight_count()} elements, "
                             f"but got {size}.")
        for arg, value in (("h", h), ("c", c), ("w", w)):
            if value.dtype is not x.dtype:
                raise TypeError(f"For '{self.name}', the dtype of '{arg}' must be the same as 'x' ({x.dtype}), "
                                f"but got {value.dtype}.")
        output = TensorSpec((x.shape[0], x.shape[1], self.hidden_size * self.num_directions), x.dtype)
        workspace = TensorSpec((1, 1), x.dtype)
        return output, TensorSpec(state_shape, x.dtype), TensorSpec(state_shape, x.dtype), workspace, workspace

    def _unpack(self, w):
        """The weights (w_ih, w_hh, b or None) of each (layer, direction), in that order."""
        flat = array_func.reshape(w, (-1,))
        gates, directions, layers = 4 * self.hidden_size, self.num_directions, self.num_layers
        offset = 0

        def take(rows, cols):
            nonlocal offset
            piece = flat[offset:offset + rows * cols]
            offset += rows * cols
            return array_func.reshape(piece, (rows, cols)) if cols > 1 else piece

        w_ih = [take(gates, self.input_size if layer == 0 else self.hidden_size * directions)
                for layer in range(layers) for _ in range(directions)]
        w_hh = [take(gates, self.hidden_size) for _ in range(layers * directions)]
        biases = [take(gates, 1) if self.has_bias else None for _ in range(layers * directions)]
        return list(zip(w_ih, w_hh, biases))

    def compose(self, x, h, c, w):
        self.infer(x, h, c, w)
        weights = self._unpack(w)
        steps = array_func.unstack(x, 0)
        h_n, c_n = [], []
        for layer in range(self.num_layers):
            outputs = []
            for direction in range(self.num_directions):
                index = layer * self.num_directions + direction
                w_ih, w_hh, bias = weights[index]
                state_h, state_c = h[index], c[index]
                order = range(len(steps)) if direction == 0 else range(len(steps) - 1, -1, -1)
                step_outputs = [None] * len(steps)
                for t in order:
                    gates = linalg_func.matmul(steps[t], array_func.transpose(w_ih, (1, 0))) + \
                        linalg_func.matmul(state_h, array_func.transpose(w_hh, (1, 0)))
                    if bias is not None:
                        gates = gates + bias
                    state_h, state_c = _lstm_step(gates, state_c)
                    step_outputs[t] = state_h
                h_n.append(state_h)
                c_n.append(state_c)
                outputs.append(step_outputs)
            steps = [array_func.concat([out[t] for out in outputs], -1) if len(outputs) > 1 else outputs[0][t]
                     for t in range(len(steps))]
        workspace = array_func.zeros((1, 1), x.dtype)
        return array_func.stack(steps, 0), array_func.stack(h_n, 0), array_func.stack(c_n, 0), workspace, workspace


class DynamicRNN(Primitive):
    """DynamicRNN(cell_type='LSTM', direction='UNIDIRECTIONAL', cell_depth=1, use_peephole=False,
    keep_prob=1.0, cell_clip=-1.0, num_proj=0, time_major=True, activation='tanh',
    forget_bias=0.0, is_training=True)(x, w, b, seq_length, init_h, init_c)
    -> (y, output_h, output_c, i, j, f, o, tanhct).

    One LSTM layer: x (num_step, batch, input_size), w (input_size + hidden_size, 4 hidden)
    applied to [x_t, h_{t-1}], b (4 hidden), gates in the order i, j (the cell candidate),
    f, o; forget_bias is added to f before its sigmoid. init_h, init_c (1, batch, hidden).
    Every output is (num_step, batch, hidden) per step: y = output_h = h_t, output_c = c_t,
    the activated gates i, j, f, o and tanhct = tanh(c_t). seq_length must be None (as in
    MindSpore). MindSpore 2.7.1 runs this only on Ascend (float16 there); here float16,
    float32 and float64 run the documented recurrence."""

    def __init__(self, cell_type='LSTM', direction='UNIDIRECTIONAL', cell_depth=1, use_peephole=False,
                 keep_prob=1.0, cell_clip=-1.0, num_proj=0, time_major=True, activation='tanh',
                 forget_bias=0.0, is_training=True):
        super().__init__()
        for arg, value in (("cell_type", cell_type), ("direction", direction), ("activation", activation)):
            check_type(self.name, arg, value, str)
        check_string(self.name, "cell_type", cell_type, ("LSTM",), case_sensitive=True)
        check_string(self.name, "direction", direction, ("UNIDIRECTIONAL",), case_sensitive=True)
        check_string(self.name, "activation", activation, ("tanh",), case_sensitive=True)
        check_type(self.name, "cell_depth", cell_depth, int)
        check_type(self.name, "num_proj", num_proj, int)
        for arg, value in (("keep_prob", keep_prob), ("cell_clip", cell_clip), ("forget_bias", forget_bias)):
            check_type(self.name, arg, value, float)
        for arg, value in (("use_peephole", use_peephole), ("time_major", time_major),
                           ("is_training", is_training)):
            check_bool(self.name, arg, value)
        if not time_major:
            raise ValueError(f"For '{self.name}', the 'time_major' must be True, but got {time_major}.")
        self.add_prim_attrs(cell_type=cell_type, direction=direction, cell_depth=cell_depth,
                            use_peephole=use_peephole, keep_prob=keep_prob, cell_clip=cell_clip,
                            num_proj=num_proj, time_major=time_major, activation=activation,
                            forget_bias=forget_bias, is_training=is_training)

    def infer(self, x, w, b, seq_length, init_h, init_c):
        _check_sequence(self.name, (("x", x), ("w", w), ("b", b), ("init_h", init_h), ("init_c", init_c)), seq_length)
        _check_rank(self.name, "w", w.shape, 2)
        steps, batch, input_size = x.shape
        hidden = w.shape[1] // 4
        _check_shape(self.name, "w", w.shape, (input_size + hidden, 4 * hidden))
        _check_shape(self.name, "b", b.shape, (4 * hidden,))
        _check_shape(self.name, "init_h", init_h.shape, (1, batch, hidden))
        _check_shape(self.name, "init_c", init_c.shape, (1, batch, hidden))
        for arg, value in (("w", w), ("init_h", init_h), ("init_c", init_c)):
            if value.dtype is not x.dtype:
                raise TypeError(f"For '{self.name}', the dtype of '{arg}' must be the same as 'x' ({x.dtype}), "
                                f"but got {value.dtype}.")
        spec = TensorSpec((steps, batch, hidden), b.dtype)
        return (spec,) * 8

    def compose(self, x, w, b, seq_length, init_h, init_c):
        self.infer(x, w, b, seq_length, init_h, init_c)
        h, c = init_h[0], init_c[0]
        outputs = {name: [] for name in ("h", "c", "i", "j", "f", "o", "tanhct")}
        for x_t in array_func.unstack(x, 0):
            step = _ijfo_step(x_t, h, c, w, b, self.forget_bias)
            h, c = step[:2]
            for name, value in zip(("h", "c", "i", "j", "f", "o", "tanhct"), step):
                outputs[name].append(value)
        h_all, c_all, i, j, f, o, tanhct = (array_func.stack(v, 0) for v in outputs.values())
        return h_all, h_all, c_all, i, j, f, o, tanhct


class DynamicGRUV2(Primitive):
    """DynamicGRUV2(direction='UNIDIRECTIONAL', cell_depth=1, keep_prob=1.0, cell_clip=-1.0,
    num_proj=0, time_major=True, activation='tanh', gate_order='rzh', reset_after=True,
    is_training=True)(x, weight_input, weight_hidden, bias_input, bias_hidden, seq_length,
    init_h) -> (y, output_h, update, reset, new, hidden_new).

    One GRU layer: x (num_step, batch, input_size), weight_input (input_size, 3 hidden),
    weight_hidden (hidden, 3 hidden), the biases (3 hidden) or None, init_h (batch, hidden).
    Gates in `gate_order` ('rzh': reset, update, new; 'zrh': update, reset, new):
    r = sigmoid(x W_ir + b_ir + h W_hr + b_hr), z likewise, n = tanh(x W_in + b_in +
    r * (h W_hn + b_hn)) (reset_after) or tanh(x W_in + b_in + (r * h) W_hn + b_hn),
    h' = (1 - z) * n + z * h. Every output is (num_step, batch, hidden): y = output_h = h_t,
    update z, reset r, new n and hidden_new = h W_hn + b_hn. seq_length must be None (as in
    MindSpore). MindSpore 2.7.1 runs this only on Ascend; here float16, float32 and
    float64 run the documented recurrence. Outputs take bias_input's dtype (else
    bias_hidden's, else init_h's)."""

    def __init__(self, direction='UNIDIRECTIONAL', cell_depth=1, keep_prob=1.0, cell_clip=-1.0, num_proj=0,
                 time_major=True, activation='tanh', gate_order='rzh', reset_after=True, is_training=True):
        super().__init__()
        for arg, value in (("direction", direction), ("activation", activation), ("gate_order", gate_order)):
            check_type(self.name, arg, value, str)
        check_string(self.name, "direction", direction, ("UNIDIRECTIONAL",), case_sensitive=True)
        check_string(self.name, "activation", activation, ("tanh",), case_sensitive=True)
        check_string(self.name, "gate_order", gate_order, ("rzh", "zrh"), case_sensitive=True)
        check_type(self.name, "cell_depth", cell_depth, int)
        check_type(self.name, "num_proj", num_proj, int)
        check_type(self.name, "keep_prob", keep_prob, float)
        check_type(self.name, "cell_clip", cell_clip, float)
        for arg, value in (("time_major", time_major), ("reset_after", reset_after), ("is_training", is_training)):
            check_bool(self.name, arg, value)
        if not time_major:
            raise ValueError(f"For '{self.name}', the 'time_major' must be True, but got {time_major}.")
        self.add_prim_attrs(direction=direction, cell_depth=cell_depth, keep_prob=keep_prob, cell_clip=cell_clip,
                            num_proj=num_proj, time_major=time_major, activation=activation,
                            gate_order=gate_order, reset_after=reset_after, is_training=is_training)

    def infer(self, x, weight_input, weight_hidden, bias_input, bias_hidden, seq_length, init_h):
        _check_sequence(self.name, (("x", x), ("weight_input", weight_input), ("weight_hidden", weight_hidden),
                                    ("init_h", init_h)), seq_length)
        _check_rank(self.name, "init_h", init_h.shape, 2)
        steps, batch, input_size = x.shape
        hidden = init_h.shape[1]
        _check_shape(self.name, "init_h", init_h.shape, (batch, hidden))
        _check_shape(self.name, "weight_input", weight_input.shape, (input_size, 3 * hidden))
        _check_shape(self.name, "weight_hidden", weight_hidden.shape, (hidden, 3 * hidden))
        for arg, value in (("bias_input", bias_input), ("bias_hidden", bias_hidden)):
            if value is not None:
                _float_tensor(self.name, arg, value)
                _check_shape(self.name, arg, value.shape, (3 * hidden,))
        for arg, value in (("weight_input", weight_input), ("weight_hidden", weight_hidden)):
            if value.dtype is not x.dtype:
                raise TypeError(f"For '{self.name}', the dtype of '{arg}' must be the same as 'x' ({x.dtype}), "
                                f"but got {value.dtype}.")
        dtype = next(v.dtype for v in (bias_input, bias_hidden, init_h) if v is not None)
        return (TensorSpec((steps, batch, hidden), dtype),) * 6

    def _gates(self, value):
        """(r, z, n) parts of a 3 hidden axis in this op's gate order."""
        first, second, new = array_func.chunk(value, 3, -1)
        return (first, second, new) if self.gate_order == "rzh" else (second, first, new)

    def compose(self, x, weight_input, weight_hidden, bias_input, bias_hidden, seq_length, init_h):
        spec = self.infer(x, weight_input, weight_hidden, bias_input, bias_hidden, seq_length, init_h)[0]
        h = array_func.cast(init_h, x.dtype)
        w_hr, w_hz, w_hn = self._gates(weight_hidden)
        b_hr, b_hz, b_hn = self._gates(array_func.cast(bias_hidden, x.dtype)) if bias_hidden is not None else (0, 0, 0)
        outputs = {name: [] for name in ("h", "z", "r", "n", "hidden_new")}
        for x_t in array_func.unstack(x, 0):
            gates_x = linalg_func.matmul(x_t, weight_input)
            if bias_input is not None:
                gates_x = gates_x + array_func.cast(bias_input, x.dtype)
            x_r, x_z, x_n = self._gates(gates_x)
            r = math_func.sigmoid(x_r + linalg_func.matmul(h, w_hr) + b_hr)
            z = math_func.sigmoid(x_z + linalg_func.matmul(h, w_hz) + b_hz)
            hidden_new = linalg_func.matmul(h, w_hn) + b_hn
            if self.reset_after:
                n = math_func.tanh(x_n + r * hidden_new)
            else:
                n = math_func.tanh(x_n + linalg_func.matmul(r * h, w_hn) + b_hn)
            h = (1 - z) * n + z * h
            for name, value in zip(("h", "z", "r", "n", "hidden_new"), (h, z, r, n, hidden_new)):
                outputs[name].append(value)
        h_all, z, r, n, hidden_new = (array_func.cast(array_func.stack(v, 0), spec.dtype) for v in outputs.values())
        return h_all, h_all, z, r, n, hidden_new


class BasicLSTMCell(Primitive):
    """BasicLSTMCell(keep_prob=1.0, forget_bias=1.0, state_is_tuple=True, activation='tanh')
    (x, h, c, w, b) -> (ct, ht, it, jt, ft, ot, tanhct): one step of DynamicRNN's cell.
    x (batch, input_size); h, c (batch, hidden); w (input_size + hidden, 4 hidden); b
    (4 hidden); every output (batch, hidden). MindSpore 2.7.1 deprecates it in favour of
    DynamicRNN and runs it only on Ascend; this is its documented (1.x) computation, in
    float16, float32 or float64 (keep_prob is kept as an attribute: 1.0 keeps every unit)."""

    def __init__(self, keep_prob=1.0, forget_bias=1.0, state_is_tuple=True, activation='tanh'):
        super().__init__()
        check_type(self.name, "keep_prob", keep_prob, float)
        check_float_range(self.name, "keep_prob", keep_prob, 0.0, 1.0)
        check_type(self.name, "forget_bias", forget_bias, float)
        check_bool(self.name, "state_is_tuple", state_is_tuple)
        check_string(self.name, "activation", activation, ("tanh",), case_sensitive=True)
        self.add_prim_attrs(keep_prob=keep_prob, forget_bias=forget_bias, state_is_tuple=state_is_tuple,
                            activation=activation)

    def infer(self, x, h, c, w, b):
        for arg, value in (("x", x), ("h", h), ("c", c), ("w", w), ("b", b)):
            _float_tensor(self.name, arg, value)
        _check_rank(self.name, "x", x.shape, 2)
        _check_rank(self.name, "h", h.shape, 2)
        batch, input_size = x.shape
        hidden = h.shape[1]
        _check_shape(self.name, "h", h.shape, (batch, hidden))
        _check_shape(self.name, "c", c.shape, (batch, hidden))
        _check_shape(self.name, "w", w.shape, (input_size + hidden, 4 * hidden))
        _check_shape(self.name, "b", b.shape, (4 * hidden,))
        for arg, value in (("h", h), ("c", c), ("w", w), ("b", b)):
            if value.dtype is not x.dtype:
                raise TypeError(f"For '{self.name}', the dtype of '{arg}' must be the same as 'x' ({x.dtype}), "
                                f"but got {value.dtype}.")
        return (TensorSpec((batch, hidden), x.dtype),) * 7

    def compose(self, x, h, c, w, b):
        self.infer(x, h, c, w, b)
        ht, ct, it, jt, ft, ot, tanhct = _ijfo_step(x, h, c, w, b, self.forget_bias)
        return ct, ht, it, jt, ft, ot, tanhct
