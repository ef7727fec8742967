"""mint.special, mint.linalg and mint's batch-norm statistics functions against NumPy."""
from __future__ import annotations

import math

import numpy as np
import pytest

import spore as ms
from spore import mint

from .mint_testing import Case, case_id, run_case

rng = np.random.default_rng(2)
X = rng.standard_normal((2, 3)).astype(np.float32)
SQUARE = np.array([[4., 1.], [2., 3.]], np.float32)
BATCH = rng.standard_normal((4, 3, 2)).astype(np.float32)

CASES = [
    Case(mint.special.erfc, (X,), lambda x: np.vectorize(math.erfc)(x).astype(np.float32), rtol=1e-5),
    Case(mint.special.exp2, (X,), np.exp2),
    Case(mint.special.expm1, (X,), np.expm1),
    Case(mint.special.log1p, (np.abs(X),), np.log1p),
    Case(mint.special.round, (np.array([0.5, 1.5, -2.5, 2.7], np.float32),), np.round),
    Case(mint.special.sinc, (X,), np.sinc, rtol=1e-5, atol=1e-6),
    Case(mint.special.log_softmax, (X,), lambda x, dim: x - np.log(np.exp(x).sum(0, keepdims=True)), {'dim': 0},
         rtol=1e-5, atol=1e-6),
    Case(mint.linalg.inv, (SQUARE,), np.linalg.inv, rtol=1e-5),
    Case(mint.linalg.vector_norm, (X,), lambda x: np.float32(np.linalg.norm(x.ravel()))),
    Case(mint.linalg.vector_norm, (X,), lambda x, ord, dim, keepdim: np.abs(x).sum(1, keepdims=True),
         {'ord': 1, 'dim': 1, 'keepdim': True}),
    Case(mint.linalg.matrix_norm, (SQUARE,), lambda a: np.float32(np.linalg.norm(a, 'fro'))),
    Case(mint.linalg.matrix_norm, (SQUARE, 1), lambda a, o: np.float32(np.linalg.norm(a, 1))),
    Case(mint.linalg.norm, (X,), lambda x: np.float32(np.linalg.norm(x))),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_value(case):
    run_case(case)


def test_qr_reconstructs():
    q, r = mint.linalg.qr(ms.Tensor(SQUARE))
    np.testing.assert_allclose((q.asnumpy() @ r.asnumpy()), SQUARE, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(np.tril(r.asnumpy(), -1), 0, atol=1e-6)


def test_batch_norm_stats_and_elemt():
    x = ms.Tensor(BATCH)
    mean, invstd = mint.batch_norm_stats(x, 1e-5)
    np.testing.assert_allclose(mean.asnumpy(), BATCH.mean((0, 2)), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(invstd.asnumpy(), 1 / np.sqrt(BATCH.var((0, 2)) + 1e-5), rtol=1e-5)
    weight, bias = np.array([1., 2., 3.], np.float32), np.array([0., 1., -1.], np.float32)
    out = mint.batch_norm_elemt(x, ms.Tensor(weight), ms.Tensor(bias), mean, invstd)
    expected = (BATCH - BATCH.mean((0, 2), keepdims=True)) / np.sqrt(BATCH.var((0, 2), keepdims=True) + 1e-5)
    np.testing.assert_allclose(out.asnumpy(), expected * weight[:, None] + bias[:, None], rtol=1e-4, atol=1e-5)


def test_batch_norm_gather_stats_with_counts_combines_groups():
    halves = (BATCH[:1], BATCH[1:])
    stats = [mint.batch_norm_stats(ms.Tensor(h), 1e-5) for h in halves]
    means = ms.Tensor(np.stack([s[0].asnumpy() for s in stats]))
    invstds = ms.Tensor(np.stack([s[1].asnumpy() for s in stats]))
    counts = ms.Tensor(np.array([h.shape[0] * h.shape[2] for h in halves], np.float32))
    running_mean, running_var = ms.Tensor(np.zeros(3, np.float32)), ms.Tensor(np.ones(3, np.float32))
    mean, invstd = mint.batch_norm_gather_stats_with_counts(ms.Tensor(BATCH), means, invstds, running_mean,
                                                            running_var, 0.1, 1e-5, counts)
    np.testing.assert_allclose(mean.asnumpy(), BATCH.mean((0, 2)), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(invstd.asnumpy(), 1 / np.sqrt(BATCH.var((0, 2)) + 1e-5), rtol=1e-4)
    np.testing.assert_allclose(running_mean.asnumpy(), 0.1 * BATCH.mean((0, 2)), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(running_var.asnumpy(), 0.9 + 0.1 * BATCH.var((0, 2), ddof=1), rtol=1e-4)


def test_batch_norm_errors_name_the_argument():
    with pytest.raises(TypeError, match="'mean' and 'invstd'"):
        mint.batch_norm_elemt(ms.Tensor(BATCH))
    with pytest.raises(TypeError, match="'counts'"):
        mint.batch_norm_gather_stats_with_counts(ms.Tensor(BATCH), ms.Tensor(X), ms.Tensor(X))
