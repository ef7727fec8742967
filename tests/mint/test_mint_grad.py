"""Gradients flow through mint's adapters (a sample of the differentiable ones): numerical
checks in float64 through spore's own autodiff, and one through `ms.grad`."""
from __future__ import annotations

import numpy as np
import pytest

import spore as ms
from spore import mint
from spore.mint.nn import functional as F
from tests.autograd.gradcheck import check_gradients

rng = np.random.default_rng(3)
X = rng.standard_normal((2, 3))
Y = rng.standard_normal((2, 3))
POS = rng.uniform(0.5, 2.0, (2, 3))
UPPER = np.array([[2., 1.], [0., 4.]])
RHS = rng.standard_normal((2, 2))
IMG = rng.standard_normal((1, 1, 4, 4))

GRAD_CASES = [
    (lambda x, y: mint.add(x, y, alpha=2.5), (X, Y)),
    (lambda x, y: mint.sub(x, y, alpha=0.5), (X, Y)),
    (lambda x, y, z: mint.addcdiv(x, y, z, value=3), (X, Y, POS)),
    (lambda x: mint.max(x, 1)[0], (X,)),
    (lambda x: mint.kthvalue(x, 2, 1)[0], (X,)),
    (lambda x: mint.std(x, 1), (X,)),
    (lambda x: mint.var_mean(x, 0), (X,)),
    (lambda x: mint.norm(x, 3), (X,)),
    (lambda x: mint.select(x, 1, -1), (X,)),
    (lambda x, y: mint.gather(x, 1, ms.Tensor(np.array([[0, 2], [1, 1]]))), (X, Y)),
    (lambda x: mint.cumsum(x, 1), (X,)),
    (lambda x: mint.transpose(x, 0, 1), (X,)),
    (lambda b, a: mint.triangular_solve(b, a)[0], (RHS, UPPER)),
    (lambda x: F.elu(x, alpha=0.5), (X,)),
    (lambda x: F.normalize(x, dim=0), (X,)),
    (lambda x: F.log_softmax(x, dim=0), (X,)),
    (lambda x, t: F.kl_div(x, t, reduction='batchmean'), (X, POS)),
    (lambda x: F.avg_pool2d(x, 2), (IMG,)),
    (lambda x: mint.batch_norm_elemt(x, None, None, *mint.batch_norm_stats(x, 1e-5)), (IMG[0].reshape(2, 2, 4),)),
]


@pytest.mark.parametrize("fn, inputs", GRAD_CASES)
def test_numerical_gradient(fn, inputs):
    check_gradients(fn, inputs, rtol=1e-4, atol=1e-6)


def test_grad_through_mint_linear():
    weight = ms.Tensor(np.array([[1., 2.], [3., 4.]], np.float32))
    grad = ms.grad(lambda w: mint.sum(F.linear(ms.Tensor(np.ones((3, 2), np.float32)), w)))(weight)
    np.testing.assert_allclose(grad.asnumpy(), np.full((2, 2), 3.0))
