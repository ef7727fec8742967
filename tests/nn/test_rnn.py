"""Recurrent layers and cells against NumPy float64 recurrences: RNN (tanh, relu), LSTM
and GRU with several layers, both directions, batch_first, a given initial state and
seq_length masking; dropout between layers in training only; the cells; Parameter
names, shapes and default initialization as MindSpore 2.7 has them; argument and input
errors; gradients of the Parameters against central differences."""
import math

import numpy as np
import pytest

import spore as ms
from spore import Tensor, nn
from spore.nn.layer.rnn_cells import GRUCell, LSTMCell, RNNCell
from spore.nn.layer.rnns import GRU, LSTM, RNN

F64 = {"rtol": 1e-10, "atol": 1e-12}
RNG = np.random.default_rng(0)


@pytest.fixture(autouse=True)
def seeded():
    """Initial values and dropout masks repeat from run to run."""
    ms.set_seed(0)


def rand(*shape):
    return RNG.standard_normal(shape)


# ---- NumPy reference -----------------------------------------------------------------------
def sigmoid(x):
    return 1 / (1 + np.exp(-x))


def reference_step(mode, x, state, w_ih, w_hh, b_ih, b_hh):
    """One step of `mode` ('tanh', 'relu', 'LSTM', 'GRU') in float64; LSTM state (h, c)."""
    b_ih = 0 if b_ih is None else b_ih
    b_hh = 0 if b_hh is None else b_hh
    if mode == "LSTM":
        h, c = state
        i, f, g, o = np.split(x @ w_ih.T + b_ih + h @ w_hh.T + b_hh, 4, axis=-1)
        c = sigmoid(f) * c + sigmoid(i) * np.tanh(g)
        return sigmoid(o) * np.tanh(c), c
    gx, gh = x @ w_ih.T + b_ih, state @ w_hh.T + b_hh
    if mode == "GRU":
        x_r, x_z, x_n = np.split(gx, 3, axis=-1)
        h_r, h_z, h_n = np.split(gh, 3, axis=-1)
        r, z = sigmoid(x_r + h_r), sigmoid(x_z + h_z)
        n = np.tanh(x_n + r * h_n)
        return (1 - z) * n + z * state
    return np.tanh(gx + gh) if mode == "tanh" else np.maximum(gx + gh, 0)


def reference_direction(mode, x, state, weights, lengths, reverse):
    """One direction over x (T, B, F): sample b runs its first lengths[b] steps (from the
    last of them backwards when `reverse`); its outputs past them are zero."""
    steps = range(x.shape[0] - 1, -1, -1) if reverse else range(x.shape[0])
    hidden = weights[1].shape[1]
    outputs = np.zeros((x.shape[0], x.shape[1], hidden))
    for t in steps:
        new = reference_step(mode, x[t], state, *weights)
        valid = (t < lengths)[:, None]
        if mode == "LSTM":
            state = (np.where(valid, new[0], state[0]), np.where(valid, new[1], state[1]))
            outputs[t] = np.where(valid, new[0], 0)
        else:
            state = np.where(valid, new, state)
            outputs[t] = np.where(valid, new, 0)
    return outputs, state


def reference_rnn(mode, net, x, hx=None, lengths=None, between_layers=lambda y: y):
    """The layer `net` in float64 with its own Parameter values (read by name);
    `between_layers` stands for the dropout between layers."""
    params = {p.name: p.asnumpy().astype(np.float64) for p in net.get_parameters()}
    if net.batch_first:
        x = x.transpose(1, 0, 2)
    steps, batch = x.shape[:2]
    directions = 2 if net.bidirectional else 1
    lengths = np.full(batch, steps) if lengths is None else lengths
    if hx is None:
        zeros = np.zeros((net.num_layers * directions, batch, net.hidden_size))
        hx = (zeros, zeros) if mode == "LSTM" else zeros
    finals = []
    for layer in range(net.num_layers):
        outputs = []
        for direction in range(directions):
            suffix = f"_l{layer}" + ("_reverse" if direction else "")
            weights = tuple(params.get(name + suffix) for name in ("weight_ih", "weight_hh", "bias_ih", "bias_hh"))
            index = layer * directions + direction
            state = (hx[0][index], hx[1][index]) if mode == "LSTM" else hx[index]
            output, state = reference_direction(mode, x, state, weights, lengths, direction == 1)
            outputs.append(output)
            finals.append(state)
        x = np.concatenate(outputs, -1)
        if layer < net.num_layers - 1:
            x = between_layers(x)
    output = x.transpose(1, 0, 2) if net.batch_first else x
    if mode == "LSTM":
        return output, (np.stack([h for h, _ in finals]), np.stack([c for _, c in finals]))
    return output, np.stack(finals)


def build(mode, *args, **kwargs):
    """The layer of `mode` ('tanh', 'relu', 'LSTM', 'GRU')."""
    if mode in ("tanh", "relu"):
        return RNN(*args, nonlinearity=mode, **kwargs)
    return {"LSTM": LSTM, "GRU": GRU}[mode](*args, **kwargs)


def as_tensors(value):
    return tuple(Tensor(v) for v in value) if isinstance(value, tuple) else Tensor(value)


def assert_outputs(actual, expected, **tolerance):
    """(output, state) pairs alike, state a Tensor or a tuple (h, c)."""
    np.testing.assert_allclose(actual[0].asnumpy(), expected[0], **tolerance)
    states = actual[1] if isinstance(actual[1], tuple) else (actual[1],)
    expected_states = expected[1] if isinstance(expected[1], tuple) else (expected[1],)
    for state, expected_state in zip(states, expected_states):
        np.testing.assert_allclose(state.asnumpy(), expected_state, **tolerance)


MODES = ["tanh", "relu", "LSTM", "GRU"]


# ---- layers against NumPy ------------------------------------------------------------------
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("bidirectional", [False, True])
@pytest.mark.parametrize("batch_first", [False, True])
@pytest.mark.parametrize("has_bias", [True, False])
def test_layer_forward(mode, bidirectional, batch_first, has_bias):
    net = build(mode, 3, 4, num_layers=2, has_bias=has_bias, batch_first=batch_first,
                bidirectional=bidirectional, dtype=ms.float64)
    x = rand(2, 5, 3) if batch_first else rand(5, 2, 3)
    state_shape = (2 * (2 if bidirectional else 1), 2, 4)
    hx = (rand(*state_shape), rand(*state_shape)) if mode == "LSTM" else rand(*state_shape)
    lengths = np.array([3, 5], np.int32)
    assert_outputs(net(Tensor(x)), reference_rnn(mode, net, x), **F64)
    assert_outputs(net(Tensor(x), as_tensors(hx)), reference_rnn(mode, net, x, hx), **F64)
    assert_outputs(net(Tensor(x), as_tensors(hx), Tensor(lengths)), reference_rnn(mode, net, x, hx, lengths),
                   **F64)


@pytest.mark.parametrize("mode", MODES)
def test_seq_length_masks_outputs_and_takes_the_last_valid_state(mode):
    net = build(mode, 3, 4, bidirectional=True, dtype=ms.float64)
    x, lengths = rand(6, 3, 3), np.array([6, 2, 0], np.int64)
    output, final = net(Tensor(x), None, Tensor(lengths))
    output = output.asnumpy()
    h_n = (final[0] if mode == "LSTM" else final).asnumpy()
    for b, length in enumerate(lengths):
        np.testing.assert_array_equal(output[length:, b], 0)
        if length:
            # forward: the output at the last valid step; backward: the output at step 0
            np.testing.assert_array_equal(h_n[0, b], output[length - 1, b, :4])
            np.testing.assert_array_equal(h_n[1, b], output[0, b, 4:])
    np.testing.assert_array_equal(h_n[:, 2], 0)  # no valid step: the initial state
    # padding past the lengths does not matter
    x_padded = x.copy()
    x_padded[2:, 1] = 100.0
    np.testing.assert_array_equal(net(Tensor(x_padded), None, Tensor(lengths))[0].asnumpy(), output)


@pytest.mark.parametrize("mode", MODES)
def test_float32_layer(mode):
    net = build(mode, 3, 5, num_layers=2, bidirectional=True)
    x = rand(4, 2, 3).astype(np.float32)
    output = net(Tensor(x))
    assert output[0].dtype == ms.float32 and output[0].shape == (4, 2, 10)
    assert_outputs(output, reference_rnn(mode, net, x.astype(np.float64)), rtol=1e-5, atol=1e-6)


def test_parameters_are_cast_to_the_input_dtype():
    net = LSTM(3, 4)
    output, (h_n, c_n) = net(Tensor(rand(2, 1, 3).astype(np.float16)))
    assert output.dtype == h_n.dtype == c_n.dtype == ms.float16
    assert net.weight_ih_l0.dtype == ms.float32


# ---- dropout ---------------------------------------------------------------------------------
class _Double(nn.Cell):
    """Stands in for the dropout between layers, to show where it applies."""

    def construct(self, x):
        return x * 2


@pytest.mark.parametrize("mode", ["LSTM", "GRU"])
def test_dropout_between_layers_in_training_only(mode):
    net = build(mode, 3, 4, num_layers=3, dropout=0.5, bidirectional=True, dtype=ms.float64)
    x = rand(5, 2, 3)
    expected = reference_rnn(mode, net, x)
    net.set_train(False)
    assert_outputs(net(Tensor(x)), expected, **F64)
    net.set_train(True)
    trained = net(Tensor(x))[0].asnumpy()
    assert not np.allclose(trained, expected[0])
    net.dropout_op = _Double()
    assert_outputs(net(Tensor(x)), reference_rnn(mode, net, x, between_layers=lambda y: 2 * y), **F64)


def test_dropout_leaves_a_single_layer_alone():
    net = GRU(3, 4, dropout=0.5, dtype=ms.float64).set_train()
    x = rand(5, 2, 3)
    assert_outputs(net(Tensor(x)), reference_rnn("GRU", net, x), **F64)


# ---- cells -----------------------------------------------------------------------------------
@pytest.mark.parametrize("cls, mode, kwargs", [
    (RNNCell, "tanh", {}),
    (RNNCell, "relu", {"nonlinearity": "relu"}),
    (LSTMCell, "LSTM", {}),
    (GRUCell, "GRU", {}),
])
@pytest.mark.parametrize("has_bias", [True, False])
def test_cells(cls, mode, kwargs, has_bias):
    cell = cls(3, 4, has_bias=has_bias, dtype=ms.float64, **kwargs)
    x = rand(2, 3)
    state = (rand(2, 4), rand(2, 4)) if mode == "LSTM" else rand(2, 4)
    weights = [None if p is None else p.asnumpy() for p in (cell.weight_ih, cell.weight_hh, cell.bias_ih,
                                                            cell.bias_hh)]
    expected = reference_step(mode, x, state, *weights)
    actual = cell(Tensor(x), as_tensors(state))
    if mode == "LSTM":
        for a, e in zip(actual, expected):
            np.testing.assert_allclose(a.asnumpy(), e, **F64)
    else:
        np.testing.assert_allclose(actual.asnumpy(), expected, **F64)


def test_cell_runs_a_sequence_like_the_layer():
    layer = LSTM(3, 4, dtype=ms.float64)
    cell = LSTMCell(3, 4, dtype=ms.float64)
    for name in ("weight_ih", "weight_hh", "bias_ih", "bias_hh"):
        getattr(cell, name).set_data(getattr(layer, name + "_l0"))
    x = rand(5, 2, 3)
    state = (Tensor(np.zeros((2, 4))), Tensor(np.zeros((2, 4))))
    for t in range(5):
        state = cell(Tensor(x[t]), state)
    _, (h_n, c_n) = layer(Tensor(x))
    np.testing.assert_allclose(state[0].asnumpy(), h_n.asnumpy()[0], **F64)
    np.testing.assert_allclose(state[1].asnumpy(), c_n.asnumpy()[0], **F64)


# ---- Parameters ------------------------------------------------------------------------------
@pytest.mark.parametrize("mode, gates", [("tanh", 1), ("LSTM", 4), ("GRU", 3)])
def test_parameter_names_and_shapes(mode, gates):
    net = build(mode, 3, 4, num_layers=2, bidirectional=True)
    rows = gates * 4
    expected = []
    for kind, columns in (("weight_ih", None), ("weight_hh", 4), ("bias_ih", 0), ("bias_hh", 0)):
        for layer in range(2):
            for suffix in ("", "_reverse"):
                width = columns if columns is not None else (3 if layer == 0 else 8)
                expected.append((f"{kind}_l{layer}{suffix}", (rows, width) if width else (rows,)))
    assert [(p.name, p.shape) for p in net.get_parameters()] == expected
    assert all(p.requires_grad and p.dtype == ms.float32 for p in net.get_parameters())


def test_parameter_names_inside_a_network():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.lstm = LSTM(3, 4, has_bias=False)
            self.cell = GRUCell(3, 4, has_bias=False)

    names = [p.name for p in Net().get_parameters()]
    assert names == ["lstm.weight_ih_l0", "lstm.weight_hh_l0", "cell.weight_ih", "cell.weight_hh"]


def test_cell_parameters():
    cell = LSTMCell(3, 5)
    assert [(p.name, p.shape) for p in cell.get_parameters()] == [
        ("weight_ih", (20, 3)), ("weight_hh", (20, 5)), ("bias_ih", (20,)), ("bias_hh", (20,))]
    cell = RNNCell(3, 5, has_bias=False)
    assert cell.bias_ih is None and cell.bias_hh is None
    assert [p.name for p in cell.get_parameters()] == ["weight_ih", "weight_hh"]


@pytest.mark.parametrize("make", [lambda: LSTM(8, 64, num_layers=2), lambda: GRUCell(8, 64)])
def test_default_initialization_is_uniform_in_one_over_sqrt_hidden(make):
    bound = 1 / math.sqrt(64)
    values = np.concatenate([p.asnumpy().ravel() for p in make().get_parameters()])
    assert np.abs(values).max() <= bound
    assert np.abs(values).max() > 0.95 * bound
    assert abs(values.mean()) < 0.05 * bound
    np.testing.assert_allclose(values.std(), bound / math.sqrt(3), rtol=0.05)


def test_positional_arguments_follow_mindspore():
    net = RNN(3, 4, 2, False, True)
    assert net.num_layers == 2 and not net.has_bias and net.batch_first
    assert net.nonlinearity == "tanh"


# ---- errors ----------------------------------------------------------------------------------
@pytest.mark.parametrize("make, error, match", [
    (lambda: LSTM(3, 0), ValueError, "For 'LSTM'.*hidden_size"),
    (lambda: LSTM(3, 4.0), TypeError, "For 'LSTM'.*hidden_size"),
    (lambda: GRU(0, 4), ValueError, "For 'GRU'.*input_size"),
    (lambda: GRU(3, 4, num_layers=0), ValueError, "num_layers"),
    (lambda: LSTM(3, 4, has_bias=1), TypeError, "has_bias"),
    (lambda: LSTM(3, 4, batch_first="yes"), TypeError, "batch_first"),
    (lambda: LSTM(3, 4, bidirectional=None), TypeError, "bidirectional"),
    (lambda: LSTM(3, 4, dropout=0), TypeError, "dropout"),
    (lambda: LSTM(3, 4, dropout=1.0), ValueError, "dropout"),
    (lambda: RNN(3, 4, nonlinearity="sigmoid"), ValueError, "For 'RNN'.*nonlinearity"),
    (lambda: RNN(3, 4, 2, "relu"), TypeError, "has_bias"),
    (lambda: RNNCell(3, 4, nonlinearity="gelu"), ValueError, "For 'RNNCell'.*nonlinearity"),
    (lambda: GRUCell(3, -1), ValueError, "For 'GRUCell'.*hidden_size"),
    (lambda: LSTMCell(3, 4, has_bias="no"), TypeError, "For 'LSTMCell'.*has_bias"),
])
def test_argument_errors(make, error, match):
    with pytest.raises(error, match=match):
        make()


X = np.zeros((5, 2, 3), np.float32)
STATE = np.zeros((1, 2, 4), np.float32)


@pytest.mark.parametrize("net, args, error, match", [
    (GRU(3, 4), (X,), TypeError, "For 'GRU'.*'x' must be a Tensor"),
    (GRU(3, 4), (Tensor(X[0]),), ValueError, r"For 'GRU'.*shape of 'x'.*\(seq_len, batch_size, 3\)"),
    (GRU(3, 4, batch_first=True), (Tensor(np.zeros((2, 5, 7), np.float32)),), ValueError,
     r"\(batch_size, seq_len, 3\)"),
    (GRU(3, 4), (Tensor(X.astype(np.int32)),), TypeError, "dtype of 'x'"),
    (GRU(3, 4), (Tensor(X), STATE), TypeError, "'hx' must be a Tensor"),
    (GRU(3, 4), (Tensor(X), Tensor(np.zeros((2, 2, 4), np.float32))), ValueError, r"shape of 'hx'.*\(1, 2, 4\)"),
    (RNN(3, 4), (Tensor(X), Tensor(STATE.astype(np.float16))), TypeError, "dtype of 'hx'"),
    (LSTM(3, 4), (Tensor(X), Tensor(STATE)), TypeError, "For 'LSTM'.*'hx' must be a tuple"),
    (LSTM(3, 4), (Tensor(X), [Tensor(STATE)] * 2), TypeError, "'hx' must be a tuple"),
    (LSTM(3, 4), (Tensor(X), (Tensor(STATE),) * 3), TypeError, "2 Tensors"),
    (LSTM(3, 4), (Tensor(X), (Tensor(STATE), Tensor(STATE[:, :1]))), ValueError, "shape of 'hx\\[1\\]'"),
    (GRU(3, 4), (Tensor(X), None, Tensor(np.array([5, 3], np.float32))), TypeError, "seq_length"),
    (GRU(3, 4), (Tensor(X), None, np.array([5, 3])), TypeError, "seq_length"),
    (GRU(3, 4), (Tensor(X), None, Tensor(np.array([5, 3, 2], np.int32))), ValueError,
     r"seq_length.*\(2,\)"),
    (RNNCell(3, 4), (Tensor(X[0]), STATE[0]), TypeError, "For 'RNNCell'.*'hx' must be a Tensor"),
    (RNNCell(3, 4), (Tensor(X), Tensor(STATE[0])), ValueError, r"shape of 'x'.*\(batch_size, 3\)"),
    (GRUCell(3, 4), (Tensor(X[0]), Tensor(STATE[0, :1])), ValueError, r"shape of 'hx'.*\(2, 4\)"),
    (LSTMCell(3, 4), (Tensor(X[0]), Tensor(STATE[0])), TypeError, "For 'LSTMCell'.*tuple"),
])
def test_input_errors(net, args, error, match):
    with pytest.raises(error, match=match):
        net(*args)


# ---- gradients -------------------------------------------------------------------------------
def central_difference(loss_of, values: np.ndarray, index: tuple, eps: float = 1e-6) -> float:
    """d loss_of(values) / d values[index] by central differences."""
    losses = []
    for step in (eps, -eps):
        moved = values.copy()
        moved[index] += step
        losses.append(float(loss_of(moved).asnumpy()))
    return (losses[0] - losses[1]) / (2 * eps)


def check_parameter_gradients(net, loss_fn, entries: int = 2, seed: int = 0) -> None:
    """ms.grad of `loss_fn()` with respect to each trainable Parameter of `net` (float64)
    matches central differences at `entries` random positions of each."""
    rng = np.random.default_rng(seed)
    params = net.trainable_params()
    grads = ms.grad(loss_fn, None, params)()
    assert len(grads) == len(params)
    for param, grad in zip(params, grads):
        values = param.asnumpy().copy()

        def loss_of(moved, param=param):
            param.set_data(Tensor(moved))
            return loss_fn()

        for _ in range(entries):
            index = tuple(int(rng.integers(0, size)) for size in param.shape)
            numeric = central_difference(loss_of, values, index)
            param.set_data(Tensor(values))
            np.testing.assert_allclose(grad.asnumpy()[index], numeric, rtol=1e-6, atol=1e-8,
                                       err_msg=f"{param.name}{list(index)}")


@pytest.mark.parametrize("mode", MODES)
def test_parameter_gradients(mode):
    net = build(mode, 3, 4, num_layers=2, bidirectional=True, dtype=ms.float64)
    x, weights = Tensor(rand(4, 3, 3)), Tensor(rand(4, 3, 8))
    hx = (rand(4, 3, 4), rand(4, 3, 4)) if mode == "LSTM" else rand(4, 3, 4)
    hx, lengths = as_tensors(hx), Tensor(np.array([4, 2, 3], np.int32))

    def loss():
        output, final = net(x, hx, lengths)
        h_n = final[0] + final[1] if mode == "LSTM" else final
        return (output * weights).sum() + (h_n * h_n).sum()

    check_parameter_gradients(net, loss)


def test_input_and_state_gradients():
    net = LSTM(3, 4, batch_first=True, dtype=ms.float64)
    inputs = [rand(2, 4, 3), rand(1, 2, 4), rand(1, 2, 4)]

    def loss(x, h, c):
        output, (_, c_n) = net(x, (h, c))
        return output.sum() + (c_n * c_n).sum()

    grads = ms.grad(loss, (0, 1, 2))(*(Tensor(a) for a in inputs))
    for position, index in enumerate([(1, 2, 0), (0, 1, 3), (0, 0, 2)]):
        def loss_of(moved, position=position):
            args = [Tensor(a) for a in inputs]
            args[position] = Tensor(moved)
            return loss(*args)

        numeric = central_difference(loss_of, inputs[position], index)
        np.testing.assert_allclose(grads[position].asnumpy()[index], numeric, rtol=1e-6)
