"""Average pools with 'same' padding torch can not say (run as torch's ceil mode: the
divisor leaves padding out), and average-pool gradients of windows that do not overlap
(torch's own pool backward runs them in float64 and at few float32 channels) give each input its window's output
gradient over the window's divisor, exactly: the window clipped to the padded input
(count_include_pad) or to the input, or divisor_override; padding and uncovered tails
get zero. The NumPy reference goes window by window."""
import itertools

import numpy as np
import pytest

import spore as ms
from spore import Tensor, nn, ops

RNG = np.random.default_rng(9)


def reference_gradient(shape, dout, kernel, padding, count_include_pad, divisor_override=None):
    """Stride = kernel, per-dim (begin, end) `padding`, over the trailing len(kernel) dims."""
    spatial = shape[2:]
    dx = np.zeros(shape, dout.dtype)
    for position in itertools.product(*map(range, dout.shape[2:])):
        starts = [o * k - b for o, k, (b, _) in zip(position, kernel, padding)]
        padded = [(max(s, -b), min(s + k, n + e)) for s, k, (b, e), n in zip(starts, kernel, padding, spatial)]
        inside = [(max(s, 0), min(s + k, n)) for s, k, n in zip(starts, kernel, spatial)]
        counted = padded if count_include_pad else inside
        divisor = divisor_override or np.prod([e - b for b, e in counted])
        box = tuple(slice(b, e) for b, e in inside)
        dx[(...,) + box] = (dout[(...,) + position] / dout.dtype.type(divisor))[(...,) + (None,) * len(kernel)]
    return dx


def loss_gradient(fn, x, dout, mode):
    loss = lambda t: (fn(t) * Tensor(dout)).sum()   # noqa: E731
    return ms.grad(ms.jit(loss) if mode == ms.GRAPH_MODE else loss)(Tensor(x)).asnumpy()


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_lenet_sized_pool(mode, dtype):
    x = RNG.standard_normal((32, 6, 28, 28)).astype(dtype)
    dout = RNG.standard_normal((32, 6, 14, 14)).astype(dtype)
    grad = loss_gradient(nn.AvgPool2d(2, 2), x, dout, mode)
    np.testing.assert_array_equal(grad, reference_gradient(x.shape, dout, (2, 2), ((0, 0),) * 2, True))


@pytest.mark.parametrize("count_include_pad, divisor", [(True, None), (False, None), (True, 5)])
def test_padded_ceil_mode_pool(count_include_pad, divisor):
    x = RNG.standard_normal((4, 64, 29, 31))
    pool = lambda t: ops.avg_pool2d(t, 3, 3, 1, ceil_mode=True, count_include_pad=count_include_pad,   # noqa: E731
                                    divisor_override=divisor)
    out_shape = pool(Tensor(x)).shape
    dout = RNG.standard_normal(out_shape)
    grad = loss_gradient(pool, x, dout, ms.PYNATIVE_MODE)
    np.testing.assert_array_equal(grad, reference_gradient(x.shape, dout, (3, 3), ((1, 1),) * 2, count_include_pad,
                                                           divisor))


def test_three_d_pool():
    x = RNG.standard_normal((2, 4, 6, 9, 10))
    dout = RNG.standard_normal((2, 4, 3, 4, 5))
    grad = loss_gradient(nn.AvgPool3d(2, 2), x, dout, ms.PYNATIVE_MODE)
    np.testing.assert_array_equal(grad, reference_gradient(x.shape, dout, (2, 2, 2), ((0, 0),) * 3, True))


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_same_padding_pool(mode):
    """'same' on 15 x 16 pads (0, 1) x (0, 0): the last row of windows averages one row."""
    x = RNG.standard_normal((4, 8, 15, 16))
    pool = nn.AvgPool2d(2, 2, pad_mode="same")
    values = (ms.jit(pool) if mode == ms.GRAPH_MODE else pool)(Tensor(x)).asnumpy()
    expected = x[:, :, :14].reshape(4, 8, 7, 2, 8, 2).mean((3, 5))
    np.testing.assert_allclose(values[:, :, :7], expected, rtol=1e-13, atol=1e-15)
    np.testing.assert_allclose(values[:, :, 7], x[:, :, 14].reshape(4, 8, 8, 2).mean(-1), rtol=1e-13, atol=1e-15)
    dout = RNG.standard_normal((4, 8, 8, 8))
    grad = loss_gradient(pool, x, dout, mode)
    np.testing.assert_array_equal(grad, reference_gradient(x.shape, dout, (2, 2), ((0, 1), (0, 0)), False))
