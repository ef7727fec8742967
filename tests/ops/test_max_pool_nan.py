"""NaN and -inf in max pools: each primitive follows MindSpore 2.7.1's CPU kernel, whose
rules differ among them (spore/_kernels/pool_nan.py). The small cases' values, indices
and gradients (of sum(out * [1, 2, ...])) were observed on MindSpore 2.7.1 (CPU); the
large ones, which take the fast layouts, are checked against a NumPy statement of the
observed rules."""
import itertools

import numpy as np
import pytest

import spore as ms
from spore import Tensor, mint, nn, ops

nan, inf = np.nan, np.inf
F32_LOWEST = -3.4028234663852886e38
X4 = np.array([[[[nan, 1, 2, 3], [4, 5, 6, 7], [nan, nan, 0, 1], [-inf, nan, 2, nan]]]], np.float32)
X5 = np.array([[[[nan, -inf, 1, 2, nan], [-inf, nan, 3, nan, 5], [nan, nan, -inf, -inf, 4],
                 [1, 2, 3, nan, nan], [-inf, nan, -inf, -inf, -inf]]]], np.float32)
ROW = np.array([[[1, nan, 3, nan, -inf, 2, nan, nan, -inf, 5, nan, 0, nan]]], np.float32)


def run(pool, x):
    """(values, indices or None, gradient of sum(values * [1, 2, ...]))."""
    out = pool(Tensor(x))
    values = out[0] if isinstance(out, tuple) else out
    weights = Tensor(np.arange(1, values.size + 1).reshape(values.shape).astype(x.dtype))

    def loss(t):
        result = pool(t)
        return ((result[0] if isinstance(result, tuple) else result) * weights).sum()
    indices = out[1].asnumpy() if isinstance(out, tuple) else None
    return values.asnumpy(), indices, ms.grad(loss)(Tensor(x)).asnumpy()


def check(pool, x, values, indices=None, grad=None):
    got_values, got_indices, got_grad = run(pool, x)
    np.testing.assert_array_equal(got_values, np.array(values, x.dtype).reshape(got_values.shape))
    if indices is not None:
        np.testing.assert_array_equal(got_indices, np.array(indices).reshape(got_indices.shape))
    if grad is not None:
        np.testing.assert_array_equal(got_grad, np.array(grad, x.dtype).reshape(x.shape))


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
def test_max_pool_keeps_nan_only_as_a_window_last_element(dtype):
    """MaxPool (nn.MaxPool2d 'valid'): [nan, 1, 4, 5] gives 5, [0, 1, 2, nan] NaN; the
    gradient of a window of NaN and -inf goes to its first element."""
    check(nn.MaxPool2d(2, 2), X4.astype(dtype), [5, 7, nan, nan],
          grad=[0, 0, 0, 0, 0, 1, 0, 2, 3, 0, 0, 0, 0, 0, 4, 0])


def test_max_pool_same_padding():
    check(nn.MaxPool2d(3, 2, pad_mode="same"), X4, [0, 7, 2, nan],
          grad=[0, 0, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 0, 0, 7, 0])
    # windows of NaN and -inf whose first kernel position is padding give no gradient
    check(ops.MaxPool(3, 2, "SAME"), X5, [nan, nan, 5, 2, nan, nan, nan, -inf, -inf],
          grad=[0, 0, 0, 0, 0, 0, 0, 7, 0, 9, 0, 0, 0, 0, 0, 0, 11, 8, 9, 0, 0, 0, 0, 0, 0])


def test_max_pool_of_minus_inf_is_float32_lowest():
    x = np.array([[[[-inf, -inf, nan, -inf], [-inf, -inf, 1, nan]]]])
    check(ops.MaxPool(2, 2), x.astype(np.float32), [F32_LOWEST, nan], grad=[1, 0, 0, 0, 0, 0, 2, 0])
    check(ops.MaxPool(2, 2), x.astype(np.float64), [F32_LOWEST, nan], grad=[1, 0, 0, 0, 0, 0, 2, 0])
    check(ops.MaxPool(2, 2), x.astype(np.float16), [-inf, nan], grad=[1, 0, 0, 0, 0, 0, 2, 0])
    check(nn.MaxPool2d(2, 2), np.array([[[[-1e300, -1e300], [-1e300, -2e300]]]]), [F32_LOWEST], grad=[1, 0, 0, 0])


def test_max_pool1d():
    check(nn.MaxPool1d(3, 2), ROW, [3, -inf, nan, -inf, nan, nan], grad=[0, 0, 3, 0, 0, 3, 4, 0, 0, 5, 0, 6, 0])
    check(nn.MaxPool1d(3, 2, pad_mode="same"), ROW, [nan, nan, 2, nan, 5, 0, nan],
          grad=[1, 0, 2, 0, 0, 7, 0, 0, 0, 11, 0, 7, 0])
    x = np.array([[[nan, 1, 2, 5, nan, -inf, nan, 3, 4, nan, nan, nan]]], np.float32)
    np.testing.assert_array_equal(nn.AdaptiveMaxPool1d(4)(Tensor(x)).asnumpy(), [[[2, -inf, 4, nan]]])
    np.testing.assert_array_equal(ops.adaptive_max_pool1d(Tensor(x), 4).asnumpy(), [[[2, -inf, 4, nan]]])


def test_max_pool3d():
    x = np.full((1, 1, 3, 3, 3), nan, np.float32)
    x[0, 0, 1, 1, 1] = -inf
    check(ops.MaxPool3D(2, 2, "SAME"), x, [-inf] + [nan] * 7,
          grad=[1, 0, 2, 0, 0, 0, 3, 0, 4] + [0] * 9 + [5, 0, 6, 0, 0, 0, 7, 0, 8])
    check(nn.MaxPool3d(2, 2, pad_mode="pad", padding=1), x, [nan] * 8, grad=[0] * 13 + [8] + [0] * 13)


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
def test_max_pool2d_v2_ignores_nan(dtype):
    """ops.max_pool2d (MaxPoolWithArgmaxV2): NaN never wins; a window without a number
    above the dtype's lowest gives the lowest."""
    check(lambda t: ops.max_pool2d(t, 2, 2, return_indices=True), X4.astype(dtype),
          [5, 7, np.finfo(dtype).min, 2], [5, 7, 8, 14], [0, 0, 0, 0, 0, 1, 0, 2, 3, 0, 0, 0, 0, 0, 4, 0])


def test_max_pool2d_v2_index_of_an_empty_window_counts_channels():
    """...its index is then the window's first input position plus channel * plane size:
    outside the plane after the first channel, where the gradient goes nowhere."""
    x = np.full((1, 2, 3, 3), nan, np.float32)
    x[0, 0, 2, 2] = 1
    check(ops.MaxPoolWithArgmaxV2(2, 2, 1), x, [F32_LOWEST] * 3 + [1] + [F32_LOWEST] * 4,
          [0, 1, 3, 8, 9, 10, 12, 13], [1, 2, 0, 3, 0, 0, 0, 0, 4] + [0] * 9)


def test_nan_wins_as_the_first_element():
    """MaxPoolWithArgmax and the adaptive 2-D / 3-D pools start from each window's first
    element."""
    expected = ([nan, 7, nan, 2], [0, 7, 8, 14], [1, 0, 0, 0, 0, 0, 0, 2, 3, 0, 0, 0, 0, 0, 4, 0])
    check(ops.MaxPoolWithArgmax(2, 2), X4, *expected)
    check(nn.AdaptiveMaxPool2d(2, return_indices=True), X4, *expected)
    check(lambda t: ops.adaptive_max_pool2d(t, 2, True), X4, *expected)
    x = np.array([[[[1, nan, nan], [nan, nan, nan], [nan, nan, 3]]]], np.float32)
    check(nn.AdaptiveMaxPool3d((1, 2, 2), return_indices=True), x[:, :, None], [1, nan, nan, nan], [0, 1, 3, 4])


def test_padded_pools_let_the_last_nan_win():
    """nn.MaxPool2d with pad_mode 'pad' (MindSpore's 3-D arg-max pool): torch's rule."""
    check(nn.MaxPool2d(2, 2, pad_mode="pad", padding=1, return_indices=True), X4,
          [nan, 2, 3, nan, nan, 7, -inf, nan, nan], [0, 2, 3, 8, 9, 7, 12, 13, 15],
          [1, 0, 2, 3, 0, 0, 0, 6, 4, 5, 0, 0, 7, 8, 0, 9])
    check(lambda t: ops.max_pool3d(t, (1, 2, 2), (1, 2, 2), return_indices=True), X4[:, :, None],
          [nan, 7, nan, nan], [0, 7, 13, 15])


def test_mint_max_pool2d_lets_the_last_nan_win():
    """MindSpore 2.7.1 has no CPU kernel for mint's max_pool2d; spore keeps torch's rule."""
    for pool in (lambda t: mint.nn.functional.max_pool2d(t, 2, return_indices=True),
                 mint.nn.MaxPool2d(2, return_indices=True)):
        check(pool, X4, [nan, 7, nan, nan], [0, 7, 13, 15])


# ---- the fast layouts -----------------------------------------------------------------------
def mindspore_max_pool(x, kernel, stride):
    """MaxPool's values and MaxPoolGrad's positions over x's trailing dims, 'valid'
    windows scanned row-major: the running maximum starts at float32's lowest and takes
    every element it does not exceed; the gradient's position is the first element above
    float32's lowest that no later one exceeds (NaN never), else the window's first."""
    spatial = x.shape[2:]
    outs = [(n - k) // s + 1 for n, k, s in zip(spatial, kernel, stride)]
    values = np.empty(x.shape[:2] + tuple(outs), x.dtype)
    positions = np.empty(x.shape[:2] + tuple(outs), np.int64)
    flat = np.arange(np.prod(spatial)).reshape(spatial)
    for lead in itertools.product(*map(range, x.shape[:2])):
        for out in itertools.product(*map(range, outs)):
            box = tuple(slice(o * s, o * s + k) for o, s, k in zip(out, stride, kernel))
            window, where = x[lead + box].reshape(-1), flat[box].reshape(-1)
            running, best, position = np.float32(F32_LOWEST).astype(x.dtype), F32_LOWEST, where[0]
            for value, at in zip(window, where):
                running = running if running > value else value
                if value > best:
                    best, position = value, at
            values[lead + out], positions[lead + out] = running, position
    return values, positions


@pytest.mark.parametrize("shape, kernel, pool", [
    ((2, 32, 24, 24), (2, 2), lambda: nn.MaxPool2d(2, 2)),           # planes as channels
    ((2, 8, 64, 64), (3, 3), lambda: nn.MaxPool2d(3, 2)),            # few channels, all planes at once
    ((4, 64, 1, 301), (1, 3), lambda: nn.MaxPool2d((1, 3), (1, 2))),  # nn.MaxPool1d's row pool
    ((2, 16, 4, 16, 16), (2, 2, 2), lambda: nn.MaxPool3d(2, 2)),
])
def test_fast_layouts(shape, kernel, pool):
    rng = np.random.default_rng(1)
    x = rng.integers(-3, 4, size=shape).astype(np.float32)
    x[rng.random(shape) < 0.05] = nan
    x[rng.random(shape) < 0.02] = -inf
    stride = (1,) + (2,) * (len(kernel) - 1) if kernel[0] == 1 else (2,) * len(kernel)
    values, positions = mindspore_max_pool(x, kernel, stride)
    dout = rng.standard_normal(values.shape).astype(np.float32)
    cell = pool()
    np.testing.assert_array_equal(cell(Tensor(x)).asnumpy(), values)
    grad = ms.grad(lambda t: (cell(t) * Tensor(dout)).sum())(Tensor(x)).asnumpy()
    expected = np.zeros((shape[0] * shape[1], int(np.prod(shape[2:]))))
    for plane, where, g in zip(range(len(expected)), positions.reshape(len(expected), -1),
                               dout.reshape(len(expected), -1)):
        np.add.at(expected[plane], where, g)
    np.testing.assert_allclose(grad, expected.reshape(shape), rtol=1e-6, atol=1e-6)   # float32 sums


def test_graph_mode():
    """Graph mode runs the same kernels (its gradient finds the positions again)."""
    pool = nn.MaxPool2d(2, 2)
    check(ms.jit(lambda t: pool(t)), X4, [5, 7, nan, nan], grad=[0, 0, 0, 0, 0, 1, 0, 2, 3, 0, 0, 0, 0, 0, 4, 0])


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
def test_fractional_max_pools(dtype):
    """The 2-D fractional pool never takes NaN (a window of NaN and -inf gives -inf at
    its first element); the 3-D one lets the last NaN win."""
    x = np.full((1, 2, 4, 4), nan, dtype)
    x[0, 0, 3, 3] = x[0, 1, 0, 1] = -inf
    x[0, 1, 3, 2] = -2
    values, indices = ops.fractional_max_pool2d(Tensor(x), 2, output_size=(2, 2), return_indices=True,
                                                _random_samples=Tensor(np.full((1, 2, 2), 0.5, np.float32)))
    np.testing.assert_array_equal(values.asnumpy().ravel(), [-inf] * 7 + [-2])
    np.testing.assert_array_equal(indices.asnumpy().ravel(), [0, 2, 8, 10, 0, 2, 8, 14])
    x = np.full((1, 2, 3, 4, 4), nan, dtype)
    x[0, 0, 2, 3, 3] = x[0, 1, 0, 0, 1] = -inf
    x[0, 1, 1, 1, 1] = 3
    values, indices = ops.fractional_max_pool3d(Tensor(x), 2, output_size=(1, 2, 2), return_indices=True,
                                                _random_samples=Tensor(np.full((1, 2, 3), 0.5, dtype)))
    np.testing.assert_array_equal(values.asnumpy().ravel(), [nan] * 8)
    np.testing.assert_array_equal(indices.asnumpy().ravel(), [37, 39, 45, 46, 37, 39, 45, 47])
