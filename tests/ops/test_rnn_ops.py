"""The recurrent Primitives (LSTM, DynamicRNN, DynamicGRUV2): forward against float64 NumPy
loops, LSTM's weight packing against values MindSpore 2.7.1 printed, and bad input."""
import numpy as np
import pytest

import spore as ms
from spore.ops import operations as P

from .op_testing import ErrorCase, OpCase, case_id, rand, run_case, run_error_case


def _sigmoid(z):
    return 1 / (1 + np.exp(-z))


def _lstm_reference(input_size, hidden, layers, has_bias, bidirectional):
    """A float64 loop over MindSpore's CPU packing: all input weights, all hidden weights,
    one bias per (layer, direction)."""
    directions = 2 if bidirectional else 1
    gates = 4 * hidden

    def reference(x, h, c, w):
        flat, offset = w.astype(np.float64).ravel(), 0

        def take(count):
            nonlocal offset
            offset += count
            return flat[offset - count:offset]

        sizes = [input_size] + [hidden * directions] * (layers - 1)
        w_ih = [take(gates * sizes[k // directions]).reshape(gates, -1) for k in range(layers * directions)]
        w_hh = [take(gates * hidden).reshape(gates, hidden) for _ in range(layers * directions)]
        bias = [take(gates) if has_bias else np.zeros(gates) for _ in range(layers * directions)]
        seq = x.astype(np.float64)
        h_n, c_n = [], []
        for layer in range(layers):
            outs = []
            for d in range(directions):
                k = layer * directions + d
                state_h, state_c = h[k].astype(np.float64), c[k].astype(np.float64)
                out = np.zeros(seq.shape[:2] + (hidden,))
                for t in (range(len(seq)) if d == 0 else reversed(range(len(seq)))):
                    g = seq[t] @ w_ih[k].T + state_h @ w_hh[k].T + bias[k]
                    i, f, cand, o = np.split(g, 4, -1)
                    state_c = _sigmoid(f) * state_c + _sigmoid(i) * np.tanh(cand)
                    state_h = _sigmoid(o) * np.tanh(state_c)
                    out[t] = state_h
                h_n.append(state_h)
                c_n.append(state_c)
                outs.append(out)
            seq = np.concatenate(outs, -1)
        dtype = x.dtype
        workspace = np.zeros((1, 1), dtype)
        return (seq.astype(dtype), np.stack(h_n).astype(dtype), np.stack(c_n).astype(dtype), workspace, workspace)
    return reference


def _dynamic_rnn_reference(forget_bias):
    def reference(x, w, b, seq_length, init_h, init_c):
        h, c = init_h[0].astype(np.float64), init_c[0].astype(np.float64)
        rows = {k: [] for k in ("h", "c", "i", "j", "f", "o", "t")}
        for x_t in x.astype(np.float64):
            g = np.concatenate([x_t, h], -1) @ w.astype(np.float64) + b
            i, j, f, o = np.split(g, 4, -1)
            i, j, f, o = _sigmoid(i), np.tanh(j), _sigmoid(f + forget_bias), _sigmoid(o)
            c = f * c + i * j
            h = o * np.tanh(c)
            for k, v in zip(rows, (h, c, i, j, f, o, np.tanh(c))):
                rows[k].append(v)
        hs, cs, i, j, f, o, t = (np.stack(v).astype(b.dtype) for v in rows.values())
        return hs, hs, cs, i, j, f, o, t
    return reference


def _basic_cell_reference(forget_bias):
    def reference(x, h, c, w, b):
        outs = _dynamic_rnn_reference(forget_bias)(x[None], w, b, None, h[None], c[None])
        hs, _, cs, i, j, f, o, t = (v[0] for v in outs)
        return cs, hs, i, j, f, o, t
    return reference


def _gru_reference(gate_order, reset_after):
    def split(v):
        a, b, n = np.split(v, 3, -1)
        return (a, b, n) if gate_order == "rzh" else (b, a, n)

    def reference(x, w_i, w_h, b_i, b_h, seq_length, init_h):
        dtype = next(v.dtype for v in (b_i, b_h, init_h) if v is not None)
        b_i = np.zeros(w_i.shape[1]) if b_i is None else b_i.astype(np.float64)
        b_h = np.zeros(w_h.shape[1]) if b_h is None else b_h.astype(np.float64)
        h = init_h.astype(np.float64)
        w_hr, w_hz, w_hn = split(w_h.astype(np.float64))
        b_hr, b_hz, b_hn = split(b_h)
        rows = {k: [] for k in ("h", "z", "r", "n", "hn")}
        for x_t in x.astype(np.float64):
            x_r, x_z, x_n = split(x_t @ w_i + b_i)
            r = _sigmoid(x_r + h @ w_hr + b_hr)
            z = _sigmoid(x_z + h @ w_hz + b_hz)
            hn = h @ w_hn + b_hn
            n = np.tanh(x_n + r * hn) if reset_after else np.tanh(x_n + (r * h) @ w_hn + b_hn)
            h = (1 - z) * n + z * h
            for k, v in zip(rows, (h, z, r, n, hn)):
                rows[k].append(v)
        hs, z, r, n, hn = (np.stack(v).astype(dtype) for v in rows.values())
        return hs, hs, z, r, n, hn
    return reference


def _lstm_case(input_size, hidden, layers, has_bias, bidirectional, steps=3, batch=2, dtype=np.float32, **tol):
    d = 2 if bidirectional else 1
    count = 4 * hidden * d * (input_size + hidden + (layers - 1) * (hidden * d + hidden)) + 8 * hidden * layers * d
    inputs = (rand(steps, batch, input_size, dtype=dtype), rand(layers * d, batch, hidden, dtype=dtype),
              rand(layers * d, batch, hidden, dtype=dtype), rand(count, 1, 1, dtype=dtype))
    return OpCase(P.LSTM(input_size, hidden, layers, has_bias, bidirectional, 0.0), inputs,
                  _lstm_reference(input_size, hidden, layers, has_bias, bidirectional), **tol)


def _dynamic_rnn_case(steps, batch, input_size, hidden, dtype=np.float32, forget_bias=0.0, **tol):
    inputs = (rand(steps, batch, input_size, dtype=dtype), rand(input_size + hidden, 4 * hidden, dtype=dtype),
              rand(4 * hidden, dtype=dtype), None, rand(1, batch, hidden, dtype=dtype),
              rand(1, batch, hidden, dtype=dtype))
    return OpCase(P.DynamicRNN(forget_bias=forget_bias), inputs, _dynamic_rnn_reference(forget_bias), **tol)


def _gru_case(steps, batch, input_size, hidden, dtype=np.float32, biases=(True, True), bias_dtype=None,
              gate_order="rzh", reset_after=True, **tol):
    bias_dtype = bias_dtype or dtype
    b_i, b_h = (rand(3 * hidden, dtype=bias_dtype) if given else None for given in biases)
    inputs = (rand(steps, batch, input_size, dtype=dtype), rand(input_size, 3 * hidden, dtype=dtype),
              rand(hidden, 3 * hidden, dtype=dtype), b_i, b_h, None, rand(batch, hidden, dtype=bias_dtype))
    return OpCase(P.DynamicGRUV2(gate_order=gate_order, reset_after=reset_after), inputs,
                  _gru_reference(gate_order, reset_after), **tol)


F16 = {"rtol": 5e-3, "atol": 5e-3}

CASES = [
    _lstm_case(3, 2, 1, True, False),
    _lstm_case(4, 3, 1, True, True, steps=4),
    _lstm_case(3, 2, 2, True, True),
    _lstm_case(2, 3, 3, False, False, dtype=np.float64),
    _lstm_case(3, 2, 2, False, True, steps=1, batch=1),
    _lstm_case(5, 4, 1, True, False, dtype=np.float16, **F16),
    _dynamic_rnn_case(3, 2, 4, 3),
    _dynamic_rnn_case(2, 1, 2, 2, dtype=np.float64, forget_bias=1.0),
    _dynamic_rnn_case(2, 3, 4, 2, dtype=np.float16, **F16),
    OpCase(P.BasicLSTMCell(), (rand(2, 3), rand(2, 4), rand(2, 4), rand(7, 16), rand(16)), _basic_cell_reference(1.0)),
    OpCase(P.BasicLSTMCell(forget_bias=0.0), tuple(rand(*s, dtype=np.float64) for s in ((1, 2), (1, 2), (1, 2), (4, 8),
                                                                                        (8,))),
           _basic_cell_reference(0.0)),
    _gru_case(3, 2, 4, 3),
    _gru_case(2, 2, 3, 2, dtype=np.float64, gate_order="zrh"),
    _gru_case(2, 2, 3, 2, dtype=np.float64, reset_after=False),
    _gru_case(3, 1, 2, 2, biases=(False, True)),
    _gru_case(2, 2, 2, 2, biases=(False, False), dtype=np.float64),
    _gru_case(2, 3, 4, 2, dtype=np.float16, bias_dtype=np.float32, **F16),
]

# Printed by MindSpore 2.7.1 (CPU) for the fixed inputs of _fixed_lstm_inputs.
_MS_BIDIRECTIONAL_OUTPUT = np.array([
    -0.011606, 0.008429, -0.159391, 0.186983, 0.035595, -0.033634, 0.162185, -0.250878, 0.023438,
    0.029785, -0.129431, 0.198555, 0.069532, -0.056152, 0.086919, -0.236700, 0.073655, 0.015456,
    -0.039307, 0.221414, 0.056444, -0.050217, 0.000889, -0.209126,
]).reshape(3, 2, 4)
_MS_TWO_LAYER_OUTPUT = np.array([
    0.178529, 0.087000, 0.077831, 0.073450, 0.151433, 0.125248, 0.127954, 0.114642, 0.149129,
    0.153045, 0.147480, 0.143656,
]).reshape(3, 2, 2)
_MS_TWO_LAYER_H = np.array([
    -0.260938, 0.100615, -0.292058, 0.022066, 0.149129, 0.153045, 0.147480, 0.143656,
]).reshape(2, 2, 2)
_MS_TWO_LAYER_C = np.array([
    -0.508339, 0.194543, -0.507550, 0.042366, 0.291415, 0.345589, 0.283680, 0.315703,
]).reshape(2, 2, 2)


def _fixed_lstm_inputs(input_size, hidden, layers, directions):
    w = (np.sin(np.arange(400)) * 0.5).astype(np.float32).reshape(-1, 1, 1)
    x = (np.cos(np.arange(3 * 2 * input_size)) * 0.8).astype(np.float32).reshape(3, 2, input_size)
    state = layers * directions * 2 * hidden
    h = (np.sin(np.arange(state) + 1) * 0.3).astype(np.float32).reshape(layers * directions, 2, hidden)
    c = (np.cos(np.arange(state) + 2) * 0.3).astype(np.float32).reshape(layers * directions, 2, hidden)
    return tuple(ms.Tensor(v) for v in (x, h, c, w))


def test_lstm_weight_packing_matches_mindspore():
    """MindSpore's CPU packing, observed on fixed weights (its documented weight_size
    leaves unused elements at the end)."""
    output = P.LSTM(3, 2, 1, True, True, 0.0)(*_fixed_lstm_inputs(3, 2, 1, 2))[0]
    np.testing.assert_allclose(output.asnumpy(), _MS_BIDIRECTIONAL_OUTPUT, atol=2e-6)
    output, h_n, c_n, _, _ = P.LSTM(2, 2, 2, True, False, 0.0)(*_fixed_lstm_inputs(2, 2, 2, 1))
    for got, want in ((output, _MS_TWO_LAYER_OUTPUT), (h_n, _MS_TWO_LAYER_H), (c_n, _MS_TWO_LAYER_C)):
        np.testing.assert_allclose(got.asnumpy(), want, atol=2e-6)


def test_lstm_dropout_changes_nothing():
    """MindSpore 2.7.1's CPU kernel applies no dropout between layers (observed: the
    outputs with dropout 0.5 equal those with 0.0)."""
    inputs = _fixed_lstm_inputs(2, 2, 2, 1)
    without = P.LSTM(2, 2, 2, True, False, 0.0)(*inputs)[0].asnumpy()
    np.testing.assert_array_equal(P.LSTM(2, 2, 2, True, False, 0.5)(*inputs)[0].asnumpy(), without)


def test_lstm_documentation_example():
    ones = np.ones
    net = P.LSTM(10, 2, 1, True, False, 0.0)
    output = net(ms.Tensor(ones((5, 2, 10), np.float32)), ms.Tensor(ones((1, 2, 2), np.float32)),
                 ms.Tensor(ones((1, 2, 2), np.float32)), ms.Tensor(ones((112, 1, 1), np.float32)))[0]
    np.testing.assert_allclose(output.asnumpy()[:, 0, 0], [0.9640251, 0.99505216, 0.999327, 0.99990696, 0.9999854],
                               rtol=1e-6)


_X = rand(5, 2, 10)
_H = rand(1, 2, 2)
_W = rand(112, 1, 1)
_LSTM = P.LSTM(10, 2, 1, True, False, 0.0)
_RNN_IN = (rand(2, 3, 4), rand(6, 8), rand(8), None, rand(1, 3, 2), rand(1, 3, 2))
_GRU_IN = (rand(2, 3, 4), rand(4, 6), rand(2, 6), rand(6), rand(6), None, rand(3, 2))


def _replace(inputs, index, value):
    return inputs[:index] + (value,) + inputs[index + 1:]


ERROR_CASES = [
    ErrorCase(lambda: P.LSTM(0, 2, 1, True, False, 0.0), (), ValueError, "LSTM.*'input_size'.*positive"),
    ErrorCase(lambda: P.LSTM(1.5, 2, 1, True, False, 0.0), (), TypeError, "LSTM.*'input_size'"),
    ErrorCase(lambda: P.LSTM(10, -1, 1, True, False, 0.0), (), ValueError, "LSTM.*'hidden_size'"),
    ErrorCase(lambda: P.LSTM(10, 2, 0, True, False, 0.0), (), ValueError, "LSTM.*'num_layers'"),
    ErrorCase(lambda: P.LSTM(10, 2, 1, 1, False, 0.0), (), TypeError, "LSTM.*'has_bias'.*bool"),
    ErrorCase(lambda: P.LSTM(10, 2, 1, True, 0, 0.0), (), TypeError, "LSTM.*'bidirectional'.*bool"),
    ErrorCase(lambda: P.LSTM(10, 2, 1, True, False, 1), (), TypeError, "LSTM.*'dropout'.*float"),
    ErrorCase(lambda: P.LSTM(10, 2, 1, True, False, 1.5), (), ValueError, "LSTM.*'dropout'.*1.5"),
    ErrorCase(_LSTM, (rand(5, 2, 9), _H, _H, _W), ValueError, "LSTM.*'x' on axis 2.*10.*9"),
    ErrorCase(_LSTM, (rand(5, 10), _H, _H, _W), ValueError, "LSTM.*rank of 'x' must be 3"),
    ErrorCase(_LSTM, (_X, rand(2, 2, 2), _H, _W), ValueError, "LSTM.*'h'.*\\[1, 2, 2\\]"),
    ErrorCase(_LSTM, (_X, _H, rand(1, 2, 3), _W), ValueError, "LSTM.*'c'"),
    ErrorCase(_LSTM, (_X, _H, _H, rand(50, 1, 1)), ValueError, "LSTM.*'w'.*at least 104.*50"),
    ErrorCase(_LSTM, (_X.astype(np.int32), _H, _H, _W), TypeError, "LSTM.*'x'.*Int32"),
    ErrorCase(_LSTM, (_X, _H.astype(np.float64), _H, _W), TypeError, "LSTM.*'h'.*Float32.*Float64"),
    ErrorCase(_LSTM, (_X.tolist(), _H, _H, _W), TypeError, "LSTM.*'x' must be a Tensor"),
    ErrorCase(lambda: P.DynamicRNN(cell_type="GRU"), (), ValueError, "DynamicRNN.*'cell_type'.*'LSTM'"),
    ErrorCase(lambda: P.DynamicRNN(direction=1), (), TypeError, "DynamicRNN.*'direction'"),
    ErrorCase(lambda: P.DynamicRNN(keep_prob=1), (), TypeError, "DynamicRNN.*'keep_prob'"),
    ErrorCase(lambda: P.DynamicRNN(cell_depth=1.0), (), TypeError, "DynamicRNN.*'cell_depth'"),
    ErrorCase(lambda: P.DynamicRNN(use_peephole=1), (), TypeError, "DynamicRNN.*'use_peephole'"),
    ErrorCase(lambda: P.DynamicRNN(time_major=False), (), ValueError, "DynamicRNN.*'time_major'"),
    ErrorCase(P.DynamicRNN(), _replace(_RNN_IN, 1, rand(6, 7)), ValueError, "DynamicRNN.*'w'"),
    ErrorCase(P.DynamicRNN(), _replace(_RNN_IN, 2, rand(6)), ValueError, "DynamicRNN.*'b'"),
    ErrorCase(P.DynamicRNN(), _replace(_RNN_IN, 4, rand(3, 2)), ValueError, "DynamicRNN.*'init_h'"),
    ErrorCase(P.DynamicRNN(), _replace(_RNN_IN, 3, rand(3)), ValueError, "DynamicRNN.*'seq_length'.*None"),
    ErrorCase(P.DynamicRNN(), _replace(_RNN_IN, 0, rand(2, 3, 4).astype(np.int32)), TypeError, "DynamicRNN.*'x'"),
    ErrorCase(P.DynamicRNN(), _replace(_RNN_IN, 1, rand(6, 8, dtype=np.float64)), TypeError,
              "DynamicRNN.*'w'.*same as 'x'"),
    ErrorCase(lambda: P.BasicLSTMCell(keep_prob=2.0), (), ValueError, "BasicLSTMCell.*'keep_prob'"),
    ErrorCase(lambda: P.BasicLSTMCell(forget_bias=1), (), TypeError, "BasicLSTMCell.*'forget_bias'"),
    ErrorCase(lambda: P.BasicLSTMCell(activation="relu"), (), ValueError, "BasicLSTMCell.*'activation'"),
    ErrorCase(P.BasicLSTMCell(), (rand(2, 3), rand(2, 4), rand(2, 4), rand(6, 16), rand(16)), ValueError,
              "BasicLSTMCell.*'w'.*\\[7, 16\\]"),
    ErrorCase(P.BasicLSTMCell(), (rand(2, 3), rand(2, 4), rand(2, 3), rand(7, 16), rand(16)), ValueError,
              "BasicLSTMCell.*'c'"),
    ErrorCase(P.BasicLSTMCell(), (rand(2, 3), rand(2, 4), rand(2, 4), rand(7, 16), rand(16, dtype=np.float64)),
              TypeError, "BasicLSTMCell.*'b'"),
    ErrorCase(lambda: P.DynamicGRUV2(gate_order="hzr"), (), ValueError, "DynamicGRUV2.*'gate_order'"),
    ErrorCase(lambda: P.DynamicGRUV2(reset_after=1), (), TypeError, "DynamicGRUV2.*'reset_after'"),
    ErrorCase(lambda: P.DynamicGRUV2(cell_clip=1), (), TypeError, "DynamicGRUV2.*'cell_clip'"),
    ErrorCase(P.DynamicGRUV2(), _replace(_GRU_IN, 1, rand(4, 5)), ValueError, "DynamicGRUV2.*'weight_input'"),
    ErrorCase(P.DynamicGRUV2(), _replace(_GRU_IN, 2, rand(3, 6)), ValueError, "DynamicGRUV2.*'weight_hidden'"),
    ErrorCase(P.DynamicGRUV2(), _replace(_GRU_IN, 4, rand(5)), ValueError, "DynamicGRUV2.*'bias_hidden'"),
    ErrorCase(P.DynamicGRUV2(), _replace(_GRU_IN, 6, rand(3, 2, 1)), ValueError, "DynamicGRUV2.*rank of 'init_h'"),
    ErrorCase(P.DynamicGRUV2(), _replace(_GRU_IN, 5, rand(3)), ValueError, "DynamicGRUV2.*'seq_length'"),
    ErrorCase(P.DynamicGRUV2(), _replace(_GRU_IN, 0, rand(2, 3, 4).astype(np.int32)), TypeError,
              "DynamicGRUV2.*'x'"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)
