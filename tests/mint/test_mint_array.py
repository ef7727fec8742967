"""mint's shape, indexing and joining functions against NumPy: PyTorch's `dim` keyword and overloads."""
from __future__ import annotations

import numpy as np
import pytest

import spore as ms
from spore import mint

from .mint_testing import Case, case_id, run_case

X = np.arange(6, dtype=np.float32).reshape(2, 3)
Y = np.arange(6, 12, dtype=np.float32).reshape(2, 3)
INDEX = np.array([[0, 2], [1, 0]], np.int64)
SRC = np.array([[10., 20.], [30., 40.]], np.float32)


def _scatter(x, dim, index, src, add=False):
    out = x.copy()
    for i in range(index.shape[0]):
        for j in range(index.shape[1]):
            value = src[i, j] if isinstance(src, np.ndarray) else src
            target = (index[i, j], j) if dim == 0 else (i, index[i, j])
            out[target] = out[target] + value if add else value
    return out


CASES = [
    Case(mint.cat, ((X, Y),), lambda t, dim: np.concatenate(t, dim), {'dim': 1}),
    Case(mint.concat, ((X, Y),), lambda t: np.concatenate(t, 0)),
    Case(mint.stack, ((X, Y),), lambda t, dim: np.stack(t, dim), {'dim': 2}),
    Case(mint.chunk, (X, 2), lambda x, c, dim: (x[:, :2], x[:, 2:]), {'dim': 1}),
    Case(mint.split, (X, [1, 2]), lambda x, s, dim: (x[:, :1], x[:, 1:]), {'dim': 1}),
    Case(mint.narrow, (X, 1, 1, 2), lambda x, d, s, n: x[:, 1:3]),
    Case(mint.select, (X, 1, -1), lambda x, d, i: x[:, -1]),
    Case(mint.select, (X, 0, 1), lambda x, d, i: x[1]),
    Case(mint.squeeze, (np.ones((1, 2, 1), np.float32), (0, 2)), np.ones(2, np.float32)),
    Case(mint.squeeze, (np.ones((1, 2, 1), np.float32), 1), np.ones((1, 2, 1), np.float32)),
    Case(mint.permute, (np.zeros((2, 3, 4), np.float32), (2, 0, 1)), np.zeros((4, 2, 3), np.float32)),
    Case(mint.transpose, (X, 0, 1), lambda x, a, b: x.T),
    Case(mint.flatten, (np.ones((2, 3, 4), np.float32),), np.ones(24, np.float32)),
    Case(mint.flatten, (np.ones((2, 3, 4), np.float32),), np.ones((2, 12), np.float32), {'start_dim': 1}),
    Case(mint.diag, (np.array([1., 2.], np.float32),), lambda v: np.diag(v)),
    Case(mint.diag, (np.array([1., 2.], np.float32), 1), lambda v, k: np.diag(v, k)),
    Case(mint.diag, (X,), lambda x, diagonal: np.diag(x, diagonal), {'diagonal': 1}),
    Case(mint.diff, (X,), lambda x, dim: np.diff(x, axis=dim), {'dim': 0}),
    Case(mint.diff, (X,), lambda x, n, dim: np.diff(x, n=n, axis=dim), {'n': 2, 'dim': -1}),
    Case(mint.gather, (X, 1, INDEX), lambda x, d, i: np.take_along_axis(x, i, d)),
    Case(mint.index_select, (X, 1, np.array([2, 0], np.int64)), lambda x, d, i: x[:, i]),
    Case(mint.index_add, (X, 1, np.array([0, 2], np.int32), np.ones((2, 2), np.float32)),
         lambda x, d, i, s, alpha: x + np.array([[2., 0., 2.]] * 2, np.float32), {'alpha': 2}),
    Case(mint.scatter, (X, 1, INDEX, SRC), _scatter),
    Case(mint.scatter, (X, 0, np.array([[0, 1], [1, 0]], np.int64), 7.0), _scatter),
    Case(mint.scatter_add, (X, 1, INDEX, SRC), lambda x, d, i, s: _scatter(x, d, i, s, add=True)),
    Case(mint.repeat_interleave, (X, 2), lambda x, r: np.repeat(x, 2)),
    Case(mint.repeat_interleave, (X, 2), lambda x, r, dim: np.repeat(x, 2, dim), {'dim': 1}),
    Case(mint.where, (X > 2, X, Y), np.where),
    Case(mint.where, (X > 2,), lambda c: tuple(i.astype(np.int64) for i in np.nonzero(c))),
    Case(mint.meshgrid, (np.array([1., 2.], np.float32), np.array([3., 4., 5.], np.float32)),
         lambda a, b: tuple(np.meshgrid(a, b, indexing='ij'))),
    Case(mint.meshgrid, (np.array([1., 2.], np.float32), np.array([3., 4., 5.], np.float32)),
         lambda a, b, indexing: tuple(np.meshgrid(a, b, indexing='xy')), {'indexing': 'xy'}),
    Case(mint.histc, (np.array([1., 2., 1., 2.5], np.float32),), lambda x, bins, min, max:
         np.histogram(x, bins, (min, max))[0].astype(np.float32), {'bins': 4, 'min': 0, 'max': 3}),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_value(case):
    run_case(case)


ERROR_CASES = [
    (mint.select, (X, 1, 3), {}, IndexError, "'index'"),
    (mint.select, (X, 1, 1.0), {}, TypeError, "'index'"),
    (mint.diag, (np.zeros((2, 2, 2), np.float32),), {}, ValueError, '1-D or 2-D'),
    (mint.repeat_interleave, (X, 2), {'dim': 0, 'output_size': 3}, ValueError, 'output_size'),
]


@pytest.mark.parametrize("fn, args, kwargs, error, match", ERROR_CASES)
def test_error(fn, args, kwargs, error, match):
    with pytest.raises(error, match=match):
        fn(*[ms.Tensor(a) if isinstance(a, np.ndarray) else a for a in args], **kwargs)
