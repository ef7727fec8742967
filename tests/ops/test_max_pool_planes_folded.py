"""Max pools of many planes with few channels (N*C >= 16 > C, 32K elements and more: the
kernel pools the planes folded into the channels of one channels-last sample) give the
values, the indices and the gradients of the window-by-window NumPy reference: the first
maximum in row-major window order wins (ties after a ReLU are common)."""
import numpy as np
import pytest

import spore as ms
from spore import Tensor, nn, ops

RNG = np.random.default_rng(11)


def relu_input(shape):
    """Normal values through a ReLU: many windows of zeros, whose first position wins."""
    return np.maximum(RNG.standard_normal(shape), 0).astype(np.float32)


def reference(x, k, s):
    """(values, flat positions within the plane) of a k x k max pool with stride s."""
    n, c, h, w = x.shape
    ho, wo = (h - k) // s + 1, (w - k) // s + 1
    values = np.empty((n, c, ho, wo), x.dtype)
    index = np.empty((n, c, ho, wo), np.int64)
    for i in range(ho):
        for j in range(wo):
            window = x[:, :, i * s:i * s + k, j * s:j * s + k].reshape(n, c, k * k)
            first = window.argmax(-1)   # NumPy's argmax: the first maximum
            values[:, :, i, j] = np.take_along_axis(window, first[..., None], -1)[..., 0]
            index[:, :, i, j] = (i * s + first // k) * w + j * s + first % k
    return values, index


def reference_gradient(x, k, s, dout):
    _, index = reference(x, k, s)
    n, c, h, w = x.shape
    dx = np.zeros((n * c, h * w), np.float64)
    for plane, (positions, grads) in enumerate(zip(index.reshape(n * c, -1), dout.reshape(n * c, -1))):
        np.add.at(dx[plane], positions, grads)
    return dx.reshape(x.shape)


@pytest.mark.parametrize("shape, k, s", [((32, 6, 28, 28), 2, 2), ((8, 4, 34, 31), 3, 2), ((64, 1, 24, 24), 2, 2)])
def test_values_and_indices_match_the_window_reference(shape, k, s):
    x = relu_input(shape)
    values, index = ops.max_pool2d(Tensor(x), k, s, return_indices=True)
    expected_values, expected_index = reference(x, k, s)
    np.testing.assert_array_equal(values.asnumpy(), expected_values)
    np.testing.assert_array_equal(index.asnumpy(), expected_index)
    assert values._t.is_contiguous() and index._t.is_contiguous()


def test_nan_propagates():
    x = relu_input((32, 6, 28, 28))
    x[3, 2, 5, 7] = np.nan
    out = nn.MaxPool2d(2, 2)(Tensor(x)).asnumpy()
    assert np.isnan(out[3, 2, 2, 3]) and np.isnan(out).sum() == 1


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_gradient_goes_to_the_first_maximum(mode):
    x = relu_input((32, 6, 28, 28))
    dout = RNG.standard_normal((32, 6, 14, 14)).astype(np.float32)
    pool = nn.MaxPool2d(2, 2)
    fn = lambda t: (pool(t) * Tensor(dout)).sum()   # noqa: E731
    grad = ms.grad(ms.jit(fn) if mode == ms.GRAPH_MODE else fn)(Tensor(x))
    np.testing.assert_allclose(grad.asnumpy(), reference_gradient(x, 2, 2, dout), rtol=1e-6)
