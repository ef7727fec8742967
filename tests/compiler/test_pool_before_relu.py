"""Graph mode runs a ReLU that only a max pool reads after the pool (passes.py,
pool_before_relu), and its gradient before the pool's: the values and gradients are those
of the NumPy reference of ReLU then pool, windows of negative numbers (no gradient) and of
ties included."""
import numpy as np

import spore as ms
from spore import Tensor, nn, ops

RNG = np.random.default_rng(13)


def input_with_ties_and_negative_windows(shape=(4, 3, 8, 8)):
    x = RNG.standard_normal(shape).astype(np.float32)
    x[:, :, :2, :2] = -np.abs(x[:, :, :2, :2]) - 0.1      # a window of negatives
    x[:, :, 2:4, 2:4] = 0.5                                # a window of ties
    return x


def reference(x, dout):
    """(sum(maxpool2x2(relu(x)) * dout), its gradient): the first maximum of each window
    of relu(x) gets the window's gradient, times relu's derivative there."""
    r = np.maximum(x.astype(np.float64), 0)
    n, c, h, w = x.shape
    windows = r.reshape(n, c, h // 2, 2, w // 2, 2).transpose(0, 1, 2, 4, 3, 5).reshape(n, c, h // 2, w // 2, 4)
    first = windows.argmax(-1)
    pooled = np.take_along_axis(windows, first[..., None], -1)[..., 0]
    grad_windows = np.zeros_like(windows)
    np.put_along_axis(grad_windows, first[..., None], dout.astype(np.float64)[..., None], -1)
    grad = grad_windows.reshape(n, c, h // 2, w // 2, 2, 2).transpose(0, 1, 2, 4, 3, 5).reshape(x.shape)
    return (pooled * dout).sum(), grad * (x > 0)


def body_primitives(compiled) -> list:
    """The body's primitives in order (a kernel another pass fused in, its first one: the
    ReluGrad written in place over its gradient, in_place.py)."""
    (program,) = compiled.cache.programs.values()
    return [type(getattr(n.prim, "merged", (n.prim,))[0]).__name__ for n in program.graph.body.nodes
            if n.kind == "apply"]


def test_value_and_gradient_match_the_reference_and_the_relu_follows_the_pool():
    x = input_with_ties_and_negative_windows()
    dout = RNG.standard_normal((4, 3, 4, 4)).astype(np.float32)
    pool = nn.MaxPool2d(2, 2)
    compiled = ms.jit(ms.value_and_grad(lambda t: (pool(ops.relu(t)) * Tensor(dout)).sum()))
    value, grad = compiled(Tensor(x))
    expected_value, expected_grad = reference(x, dout)
    np.testing.assert_allclose(value.asnumpy(), expected_value, rtol=1e-5)
    np.testing.assert_array_equal(grad.asnumpy(), expected_grad.astype(np.float32))
    order = body_primitives(compiled)
    assert order.index("MaxPool") < order.index("ReLU")
    assert order.index("ReluGrad") < order.index("MaxPoolGrad")


def test_without_gradient_the_pool_runs_first():
    x = input_with_ties_and_negative_windows()
    pool = nn.MaxPool2d(2, 2)
    compiled = ms.jit(lambda t: pool(ops.relu(t)))
    ones = np.ones((4, 3, 4, 4), np.float32)
    expected = reference(x, ones)[0]
    np.testing.assert_allclose(compiled(Tensor(x)).asnumpy().sum(), expected, rtol=1e-5)
    order = body_primitives(compiled)
    assert order.index("MaxPool") < order.index("ReLU")


def test_a_relu_read_by_something_else_stays_before_the_pool():
    x = input_with_ties_and_negative_windows()
    dout = RNG.standard_normal((4, 3, 4, 4)).astype(np.float32)
    pool = nn.MaxPool2d(2, 2)

    def loss(t):
        r = ops.relu(t)
        return (pool(r) * Tensor(dout)).sum() + r.sum()

    compiled = ms.jit(ms.value_and_grad(loss))
    value, grad = compiled(Tensor(x))
    expected_value, expected_grad = reference(x, dout)
    np.testing.assert_allclose(value.asnumpy(), expected_value + np.maximum(x, 0).sum(dtype=np.float64), rtol=1e-5)
    np.testing.assert_allclose(grad.asnumpy(), expected_grad + (x > 0), rtol=1e-6)
    order = body_primitives(compiled)
    assert order.index("ReLU") < order.index("MaxPool")
