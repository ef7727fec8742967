"""mint's reductions, sorts and scans against NumPy: `dim` / `keepdim` / `correction` keywords,
Int64 indices, and the max / min / median overloads."""
from __future__ import annotations

import numpy as np
import pytest

import spore as ms
from spore import mint

from .mint_testing import Case, case_id, run_case

X = np.array([[3., 1., 2.], [0., 5., 4.]], np.float32)
BOOLS = np.array([[True, False], [True, True]])
WITH_NAN = np.array([1., np.nan, 2.], np.float32)


def _i64(x):
    return np.asarray(x, np.int64)


CASES = [
    Case(mint.all, (BOOLS,), lambda x: np.all(x)),
    Case(mint.all, (BOOLS,), lambda x, dim, keepdim: np.all(x, dim, keepdims=keepdim), {'dim': 1, 'keepdim': True}),
    Case(mint.any, (BOOLS,), lambda x, dim: np.any(x, dim), {'dim': 0}),
    Case(mint.amax, (X,), lambda x: np.max(x)),
    Case(mint.amax, (X,), lambda x, dim: np.max(x, dim), {'dim': 1}),
    Case(mint.amin, (X,), lambda x, dim, keepdim: np.min(x, dim, keepdims=True), {'dim': 0, 'keepdim': True}),
    Case(mint.argmin, (X,), lambda x: _i64(np.argmin(x))),
    Case(mint.argmin, (X,), lambda x, dim, keepdim: _i64(np.argmin(x, dim, keepdims=True)),
         {'dim': 1, 'keepdim': True}),
    Case(mint.max, (X,), lambda x: np.max(x)),
    Case(mint.max, (X, 1), lambda x, d: (np.max(x, d), _i64(np.argmax(x, d)))),
    Case(mint.max, (X,), lambda x, dim, keepdim: (np.max(x, dim, keepdims=True),
                                                  _i64(np.argmax(x, dim, keepdims=True))),
         {'dim': 0, 'keepdim': True}),
    Case(mint.max, (X, X[::-1].copy()), np.maximum),
    Case(mint.min, (X,), lambda x: np.min(x)),
    Case(mint.min, (X, 0), lambda x, d: (np.min(x, d), _i64(np.argmin(x, d)))),
    Case(mint.min, (X, X[::-1].copy()), np.minimum),
    Case(mint.mean, (X,), lambda x: np.mean(x)),
    Case(mint.mean, (X,), lambda x, dim, keepdim: np.mean(x, dim, keepdims=keepdim), {'dim': 1, 'keepdim': True}),
    Case(mint.mean, (X,), lambda x, dtype: np.mean(x.astype(np.float64)), {'dtype': ms.float64}),
    Case(mint.prod, (X,), lambda x, dim: np.prod(x, dim), {'dim': 1}),
    Case(mint.nansum, (WITH_NAN,), lambda x: np.float32(np.nansum(x))),
    Case(mint.median, (X,), np.float32(2.)),
    Case(mint.median, (X, 1), (np.array([2., 4.], np.float32), _i64([2, 2]))),
    Case(mint.kthvalue, (X, 2, 1), (np.array([2., 4.], np.float32), _i64([2, 2]))),
    Case(mint.kthvalue, (X, 1), (np.array([1., 0.], np.float32), _i64([1, 0]))),
    Case(mint.kthvalue, (X, 2, 0, True), (np.array([[3., 5., 4.]], np.float32), _i64([[0, 1, 1]]))),
    Case(mint.std, (X,), lambda x: np.std(x, ddof=1).astype(np.float32)),
    Case(mint.std, (X, 1), lambda x, d, correction: np.std(x, d, ddof=0), {'correction': 0}),
    Case(mint.var, (X,), lambda x, dim, keepdim: np.var(x, dim, ddof=1, keepdims=True), {'dim': 0, 'keepdim': True}),
    Case(mint.std_mean, (X,), lambda x, dim: (np.std(x, dim, ddof=1), np.mean(x, dim)), {'dim': 1}),
    Case(mint.var_mean, (X,), lambda x: (np.var(x, ddof=1).astype(np.float32), np.mean(x))),
    Case(mint.count_nonzero, (X,), _i64(5)),
    Case(mint.count_nonzero, (X,), lambda x, dim: _i64(np.count_nonzero(x, dim)), {'dim': 1}),
    Case(mint.sort, (X,), lambda x: (np.sort(x, -1), _i64(np.argsort(x, -1)))),
    Case(mint.sort, (X,), lambda x, dim, descending: (-np.sort(-x, 0), _i64(np.argsort(-x, 0))),
         {'dim': 0, 'descending': True}),
    Case(mint.argsort, (X,), lambda x, dim: _i64(np.argsort(x, dim)), {'dim': 1}),
    Case(mint.topk, (X, 2), lambda x, k: (-np.sort(-x, -1)[:, :2], _i64(np.argsort(-x, -1)[:, :2]))),
    Case(mint.topk, (X, 1), lambda x, k, dim, largest: (np.min(x, 0, keepdims=True), _i64(np.argmin(x, 0)[None])),
         {'dim': 0, 'largest': False}),
    Case(mint.cummax, (X, 1), lambda x, d: (np.maximum.accumulate(x, d), _i64([[0, 0, 0], [0, 1, 1]]))),
    Case(mint.cummin, (X, 1), lambda x, d: (np.minimum.accumulate(x, d), _i64([[0, 1, 1], [0, 0, 0]]))),
    Case(mint.cumsum, (X, 0), lambda x, d: np.cumsum(x, d)),
    Case(mint.cumsum, (X,), lambda x, dim, dtype: np.cumsum(x.astype(np.float64), dim),
         {'dim': 1, 'dtype': ms.float64}),
    Case(mint.sum, (X,), lambda x, dim, keepdim: np.sum(x, dim, keepdims=True), {'dim': 1, 'keepdim': True}),
    Case(mint.logsumexp, (X, 1), lambda x, d: np.log(np.exp(x).sum(d))),
    Case(mint.bincount, (np.array([0, 1, 1, 3, 2, 1, 7]),), lambda x: np.bincount(x).astype(np.int64)),
    Case(mint.bincount, (np.array([0, 1, 1, 2]), np.array([0.5, 1., 2., 3.], np.float32)),
         lambda x, w, minlength: np.bincount(x, w, 5).astype(np.float32), {'minlength': 5}),
    Case(mint.logsumexp, (np.array([[1, 2], [3, 4]], np.int32), 1),
         lambda x, d: np.log(np.exp(x).sum(d)).astype(np.float32)),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_value(case):
    run_case(case)


ERROR_CASES = [
    (mint.kthvalue, (X, 4, 1), {}, ValueError, "'k'"),
    (mint.kthvalue, (X, 1.5), {}, TypeError, "'k'"),
    (mint.std, (X,), {'correction': 0.5}, TypeError, 'correction'),
    (mint.max, (X, 1, True, 2), {}, TypeError, 'at most 3'),
    (mint.min, (X,), {'axis': 1}, TypeError, 'unexpected keyword'),
]


@pytest.mark.parametrize("fn, args, kwargs, error, match", ERROR_CASES)
def test_error(fn, args, kwargs, error, match):
    with pytest.raises(error, match=match):
        fn(*[ms.Tensor(a) if isinstance(a, np.ndarray) else a for a in args], **kwargs)
