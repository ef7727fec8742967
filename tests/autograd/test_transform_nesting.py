"""Transformations nest: every pair of {grad, vmap, jit, amp cast}, each way round, gives
the values of a float64 NumPy reference.

The sample function is f(v) = sum(tanh(W v)^2) for v of shape (3,): its gradient is
W^T (2 tanh(W v) (1 - tanh(W v)^2)). Batches are rows of X. The amp cast runs the function
in a Cell set to float32 (`to_float`) on float64 inputs, so its results match to float32.
"""
import numpy as np
import pytest

import spore as ms
from spore import Tensor, nn, ops

W_NP = np.array([[0.3, -0.2, 0.5], [0.1, 0.4, -0.3], [-0.6, 0.2, 0.1], [0.25, -0.35, 0.45]])
X_NP = np.array([[0.5, -1.0, 2.0], [1.5, 0.3, -0.7], [-0.2, 0.8, 0.1], [0.9, -0.4, -1.2], [0.0, 0.6, 0.3]])
W = Tensor(W_NP)


def f(v):
    return (ops.tanh(ops.matmul(W, v)) ** 2).sum()


def f_value(v):
    return float((np.tanh(W_NP @ v) ** 2).sum())


def f_grad(v):
    t = np.tanh(W_NP @ v)
    return W_NP.T @ (2 * t * (1 - t * t))


class Amp(nn.Cell):
    """fn run in a Cell whose operators compute in float32."""

    def __init__(self, fn):
        super().__init__()
        self.fn = fn
        self.to_float(ms.float32)

    def construct(self, *args):
        return self.fn(*args)


def batch_sum(fn):
    return lambda x: fn(x).sum()


X = Tensor(X_NP)
V = Tensor(X_NP[0])
VALUES = np.array([f_value(v) for v in X_NP])
GRADS = np.stack([f_grad(v) for v in X_NP])

# name: (the composed function, its argument, the expected result, whether float32 (amp) rounding applies)
PAIRS = {
    "grad(vmap)": (lambda: ms.grad(batch_sum(ms.vmap(f))), X, GRADS, False),
    "vmap(grad)": (lambda: ms.vmap(ms.grad(f)), X, GRADS, False),
    "grad(jit)": (lambda: ms.grad(ms.jit(f)), V, GRADS[0], False),
    "jit(grad)": (lambda: ms.jit(ms.grad(f)), V, GRADS[0], False),
    "vmap(jit)": (lambda: ms.vmap(ms.jit(f)), X, VALUES, False),
    "jit(vmap)": (lambda: ms.jit(ms.vmap(f)), X, VALUES, False),
    "grad(amp)": (lambda: ms.grad(Amp(f)), V, GRADS[0], True),
    "amp(grad)": (lambda: Amp(ms.grad(f)), V, GRADS[0], True),
    "vmap(amp)": (lambda: ms.vmap(Amp(f)), X, VALUES, True),
    "amp(vmap)": (lambda: Amp(ms.vmap(f)), X, VALUES, True),
    "jit(amp)": (lambda: ms.jit(Amp(f)), V, VALUES[0], True),
    "amp(jit)": (lambda: Amp(ms.jit(f)), V, VALUES[0], True),
    "grad(grad)": (lambda: ms.grad(lambda v: ms.grad(f)(v).sum()), V, None, False),
    "vmap(vmap)": (lambda: ms.vmap(ms.vmap(lambda a, b: a * b + 1), in_axes=(0, None)), (X, V), None, False),
}


@pytest.mark.parametrize("name", [n for n in PAIRS if PAIRS[n][2] is not None])
def test_pair_matches_the_float64_reference(name):
    build, arg, want, amp = PAIRS[name]
    got = build()(arg)
    rtol = 1e-5 if amp else 1e-10
    np.testing.assert_allclose(got.asnumpy().astype(np.float64), want, rtol=rtol, atol=rtol)


def test_grad_of_grad_matches_the_hessian_row_sums():
    """d/dv sum(grad f(v)), by central differences of the float64 gradient."""
    got = PAIRS["grad(grad)"][0]()(V).asnumpy()
    eps = 1e-6
    want = np.array([(f_grad(X_NP[0] + eps * e).sum() - f_grad(X_NP[0] - eps * e).sum()) / (2 * eps)
                     for e in np.eye(3)])
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-8)


def test_nested_vmap_is_the_outer_product_of_batches():
    got = PAIRS["vmap(vmap)"][0]()(X, V)
    np.testing.assert_allclose(got.asnumpy(), X_NP * X_NP[0] + 1, rtol=1e-12)


def test_amp_casts_inside_every_transformation():
    """The amp Cell computes in float32 whichever transformation is outside it."""
    assert Amp(f)(V).dtype == ms.float32
    assert ms.vmap(Amp(f))(X).dtype == ms.float32
    assert ms.grad(Amp(f))(V).dtype == ms.float64   # the gradient reaches the input in its own dtype


def test_vmap_of_a_cell_with_parameters():
    """A Cell's Parameters are shared by the batch; its gradient sums over it."""
    dense = nn.Dense(3, 2, weight_init="ones", bias_init="zeros", dtype=ms.float64)
    out = ms.vmap(dense)(X)
    np.testing.assert_allclose(out.asnumpy(), X_NP @ np.ones((3, 2)), rtol=1e-12)
    grad_w = ms.grad(lambda x: ms.vmap(dense)(x).sum(), grad_position=None, weights=dense.weight)(X)
    np.testing.assert_allclose(grad_w.asnumpy(), np.tile(X_NP.sum(0), (2, 1)), rtol=1e-12)


def test_vmap_and_jvp_errors_follow_mindspore():
    with pytest.raises(RuntimeError, match="in_axes"):
        ms.vmap(f, in_axes=(0, 0))(X)
    with pytest.raises(RuntimeError, match="axis_size"):
        ms.vmap(lambda a, b: a + b)(X, Tensor(np.ones((4, 3))))
    with pytest.raises(RuntimeError, match="out of bounds"):
        ms.vmap(f, in_axes=2)(X)
    with pytest.raises(RuntimeError, match="has no value of its own"):
        ms.vmap(lambda v: Tensor(v.asnumpy()))(X)
    with pytest.raises(RuntimeError, match="should be a None or a scalar"):
        ms.vmap(f, in_axes=((0, 1),))(X)
    with pytest.raises(RuntimeError, match="cannot be all None"):
        ms.vmap(f, in_axes=(None,))(X)
    with pytest.raises(RuntimeError, match="number of results of 'fn': 2, but got size: 3"):
        ms.vmap(lambda v: (v, v), out_axes=(0, 0, 0))(X)
    with pytest.raises(RuntimeError, match="can be None only for outputs that do not depend"):
        ms.vmap(lambda v: (v, v), out_axes=(0, None))(X)
    with pytest.raises(TypeError, match="For 'jvp', each tangent in 'v' must have its input's dtype"):
        ms.jvp(f, V, Tensor(np.ones(3, np.float32)))
    with pytest.raises(ValueError, match="For 'jvp', each tangent in 'v' must have its input's shape"):
        ms.jvp(f, V, Tensor(np.ones(2)))
