"""Max pools of row-major input with many channels (their planes pooled as the channels
of channels-last samples, in chunks of planes when large), of 'same' padding torch can
not pad (run as torch's ceil mode), 3-D pools and both arg-max conventions give the
values, indices and gradients of a window-by-window NumPy reference: the first maximum
in row-major window order wins (ties after a ReLU are common), a NaN wins over numbers
and the last NaN of a window over earlier ones, padding never wins; the outputs come
back row-major."""
import itertools

import numpy as np
import pytest

import spore as ms
from spore import Tensor, nn, ops

RNG = np.random.default_rng(5)


def relu_input(shape, dtype=np.float32):
    """Normal values through a ReLU, rounded: many tied windows."""
    return np.maximum(np.round(RNG.standard_normal(shape) * 2) / 2, 0).astype(dtype)


def reference(x, kernel, stride, padding):
    """(values, flat positions within the plane or volume) of a max pool over x's
    trailing len(kernel) dims; padding is per-dim (begin, end), output sizes floor mode."""
    lead, spatial = x.shape[:2], x.shape[2:]
    outs = [(n + b + e - k) // s + 1 for n, k, s, (b, e) in zip(spatial, kernel, stride, padding)]
    values = np.empty(lead + tuple(outs), x.dtype)
    index = np.empty(lead + tuple(outs), np.int64)
    flat = np.arange(np.prod(spatial)).reshape(spatial)
    for position in itertools.product(*map(range, outs)):
        box = tuple(slice(max(o * s - b, 0), min(o * s - b + k, n))
                    for o, s, (b, _), k, n in zip(position, stride, padding, kernel, spatial))
        window = x[(...,) + box].reshape(lead + (-1,))
        where = flat[box].reshape(-1)
        nan = np.isnan(window)
        last_nan = window.shape[-1] - 1 - nan[..., ::-1].argmax(-1)
        chosen = np.where(nan.any(-1), last_nan, np.nanargmax(np.where(nan, -np.inf, window), -1))
        values[(...,) + position] = np.take_along_axis(window, chosen[..., None], -1)[..., 0]
        index[(...,) + position] = where[chosen]
    return values, index


def reference_gradient(x, index, dout):
    planes = x.shape[0] * x.shape[1]
    dx = np.zeros((planes, int(np.prod(x.shape[2:]))), np.float64)
    for plane, positions, grads in zip(range(planes), index.reshape(planes, -1), dout.reshape(planes, -1)):
        np.add.at(dx[plane], positions, grads)
    return dx.reshape(x.shape)


def assert_same(actual, expected):
    np.testing.assert_array_equal(actual.asnumpy(), expected)
    assert actual._t.is_contiguous()


@pytest.mark.parametrize("shape, dtype", [((4, 64, 30, 30), np.float32), ((2, 24, 120, 120), np.float64)])
def test_many_channels_values_and_indices(shape, dtype):
    x = relu_input(shape, dtype)
    values, index = ops.max_pool2d(Tensor(x), 3, 2, 1, return_indices=True)
    expected_values, expected_index = reference(x, (3, 3), (2, 2), ((1, 1), (1, 1)))
    assert_same(values, expected_values)
    assert_same(index, expected_index)


def test_nans_win_and_the_last_one_of_a_window():
    """nn.MaxPool2d's padded pool (MindSpore's 3-D arg-max pool over a unit depth) has
    torch's NaN rule; ops.max_pool2d's has another (tests/ops/test_max_pool_nan.py)."""
    x = relu_input((2, 32, 24, 24))
    x[1, 5, 2:4, 2:4] = np.nan       # one window of four NaNs
    x[0, 31, 6, 7] = x[0, 31, 7, 6] = np.nan
    values, index = nn.MaxPool2d(2, 2, pad_mode="pad", return_indices=True)(Tensor(x))
    expected_values, expected_index = reference(x, (2, 2), (2, 2), ((0, 0), (0, 0)))
    assert_same(values, expected_values)
    assert_same(index, expected_index)
    assert index.asnumpy()[1, 5, 1, 1] == 3 * 24 + 3 and index.asnumpy()[0, 31, 3, 3] == 7 * 24 + 6


def test_argmax_over_channel_planes():
    """MaxPoolWithArgmax counts positions over each sample's (C, H, W)."""
    x = relu_input((2, 32, 28, 28))
    values, argmax = ops.MaxPoolWithArgmax(2, 2)(Tensor(x))
    expected_values, expected_index = reference(x, (2, 2), (2, 2), ((0, 0), (0, 0)))
    assert_same(values, expected_values)
    assert_same(argmax, expected_index + np.arange(32).reshape(1, -1, 1, 1) * 28 * 28)


def test_three_d_pool():
    x = relu_input((2, 16, 8, 20, 20))
    values, index = nn.MaxPool3d(2, 2, pad_mode="pad", padding=1, return_indices=True)(Tensor(x))
    expected_values, expected_index = reference(x, (2, 2, 2), (2, 2, 2), ((1, 1),) * 3)
    assert_same(values, expected_values)
    assert_same(index, expected_index)


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
@pytest.mark.parametrize("pad_mode, padding", [("same", ((0, 1), (0, 1))), ("pad", ((1, 1), (1, 1)))])
def test_stem_pool_values_and_gradients(mode, pad_mode, padding):
    """A ResNet stem's 3x3/2 pool: 'same' on 56 pads (0, 1), which torch's symmetric
    padding can not say."""
    x = relu_input((2, 64, 56, 56), np.float64)
    dout = RNG.standard_normal((2, 64, 28, 28))
    pool = nn.MaxPool2d(3, 2, pad_mode=pad_mode, padding=1) if pad_mode == "pad" else nn.MaxPool2d(3, 2, "same")
    fn = lambda t: (pool(t) * Tensor(dout)).sum()   # noqa: E731
    expected_values, expected_index = reference(x, (3, 3), (2, 2), padding)
    forward = ms.jit(pool) if mode == ms.GRAPH_MODE else pool
    grad = ms.grad(ms.jit(fn) if mode == ms.GRAPH_MODE else fn)(Tensor(x))
    assert_same(forward(Tensor(x)), expected_values)
    np.testing.assert_allclose(grad.asnumpy(), reference_gradient(x, expected_index, dout), rtol=1e-12)
    assert grad._t.is_contiguous()


def test_ceil_mode_tail_and_odd_sizes():
    x = relu_input((3, 20, 34, 28))   # ceil mode's last windows reach one past the end
    values, index = ops.max_pool2d(Tensor(x), 3, 2, ceil_mode=True, return_indices=True)
    expected_values, expected_index = reference(x, (3, 3), (2, 2), ((0, 1), (0, 1)))
    assert_same(values, expected_values)
    assert_same(index, expected_index)


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
@pytest.mark.parametrize("pad_mode, length, padding", [("valid", 301, (0, 0)), ("same", 300, (0, 1))])
def test_one_d_pool_values_and_gradients(mode, pad_mode, length, padding):
    """nn.MaxPool1d: values from torch's 1-D pool, the gradient from the indices found
    again (with NaN: tests/ops/test_max_pool_nan.py)."""
    x = relu_input((8, 64, length))
    pool = nn.MaxPool1d(3, 2, pad_mode=pad_mode)
    expected_values, expected_index = reference(x[:, :, None, :], (1, 3), (1, 2), ((0, 0), padding))
    forward = ms.jit(pool) if mode == ms.GRAPH_MODE else pool
    assert_same(forward(Tensor(x)), expected_values[:, :, 0])
    dout = RNG.standard_normal(expected_values[:, :, 0].shape).astype(np.float32)
    fn = lambda t: (pool(t) * Tensor(dout)).sum()   # noqa: E731
    grad = ms.grad(ms.jit(fn) if mode == ms.GRAPH_MODE else fn)(Tensor(x))
    expected_grad = reference_gradient(x[:, :, None, :], expected_index, dout[:, :, None, :])[:, :, 0]
    np.testing.assert_allclose(grad.asnumpy(), expected_grad, rtol=1e-6)
