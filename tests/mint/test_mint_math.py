"""mint's elementwise and linear-algebra adapters against NumPy references, and their errors."""
from __future__ import annotations

import numpy as np
import pytest

import spore as ms
from spore import mint

from .mint_testing import Case, case_id, run_case

rng = np.random.default_rng(0)
A = rng.standard_normal((2, 3)).astype(np.float32)
B = rng.standard_normal((2, 3)).astype(np.float32)
POS = rng.uniform(0.5, 2.0, (2, 3)).astype(np.float32)
BATCH1 = rng.standard_normal((2, 3, 4)).astype(np.float32)
BATCH2 = rng.standard_normal((2, 4, 5)).astype(np.float32)
MAT = rng.standard_normal((3, 4)).astype(np.float32)
VEC = rng.standard_normal(4).astype(np.float32)
UPPER = np.array([[2., 1.], [0., 4.]], np.float32)
RHS = np.array([[1., 2.], [3., 4.]], np.float32)
INTS = np.array([0, 5, -3], np.int32)


def _cdist(x1, x2, p=2.0, **_):
    return (np.abs(x1[:, None, :] - x2[None, :, :]) ** p).sum(-1) ** (1 / p)


CASES = [
    Case(mint.add, (A, B), lambda a, b, alpha: a + alpha * b, {'alpha': 2}),
    Case(mint.add, (A, B), lambda a, b: a + b),
    Case(mint.add, (INTS, INTS), lambda a, b, alpha: a + alpha * b, {'alpha': 3}),
    Case(mint.sub, (A, B), lambda a, b, alpha: a - alpha * b, {'alpha': 0.5}),
    Case(mint.addcdiv, (A, B, POS), lambda a, b, c, value: a + value * b / c, {'value': 2}),
    Case(mint.baddbmm, (np.ones((2, 3, 5), np.float32), BATCH1, BATCH2),
         lambda i, b1, b2, beta, alpha: beta * i + alpha * b1 @ b2, {'beta': 0.5, 'alpha': 2}, rtol=1e-4, atol=1e-5),
    Case(mint.bmm, (BATCH1, BATCH2), lambda a, b: a @ b, rtol=1e-4, atol=1e-5),
    Case(mint.mv, (MAT, VEC), lambda m, v: m @ v, rtol=1e-4, atol=1e-5),
    Case(mint.sqrt, (POS,), np.sqrt),
    Case(mint.frac, (np.array([1.5, -1.25, 2.0], np.float32),), lambda x: x - np.trunc(x)),
    Case(mint.isnan, (np.array([1.0, np.nan], np.float32),), np.isnan),
    Case(mint.bitwise_not, (INTS,), np.invert),
    Case(mint.bitwise_not, (np.array([True, False]),), np.logical_not),
    Case(mint.clone, (A,), lambda x: x),
    Case(mint.cdist, (A, B), _cdist, rtol=1e-4, atol=1e-5),
    Case(mint.cdist, (A, B), _cdist, {'p': 1.0}, rtol=1e-4, atol=1e-5),
    Case(mint.norm, (A,), lambda x: np.sqrt((x ** 2).sum()).astype(np.float32)),
    Case(mint.norm, (A, 1), lambda x, p: np.abs(x).sum().astype(np.float32)),
    Case(mint.norm, (A,), lambda x, dim: np.sqrt((x ** 2).sum(dim)), {'dim': 1}),
    Case(mint.norm, (A, 'nuc'), lambda x, p: np.linalg.norm(x, 'nuc').astype(np.float32), rtol=1e-4),
    Case(mint.triangular_solve, (RHS, UPPER), lambda b, a: (np.linalg.solve(a, b), a), rtol=1e-5),
    Case(mint.triangular_solve, (RHS, UPPER), lambda b, a, transpose: (np.linalg.solve(a.T, b), a),
         {'transpose': True}),
    Case(mint.triangular_solve, (RHS, UPPER), lambda b, a, unitriangular: (np.linalg.solve(np.triu(a, 1) + np.eye(2),
                                                                                              b), a),
         {'unitriangular': True}, check_dtype=False),
    Case(mint.softmax, (A, 0), lambda x, d: np.exp(x) / np.exp(x).sum(d, keepdims=True)),
    Case(mint.div, (A, POS), lambda a, b, rounding_mode: np.floor(a / b), {'rounding_mode': 'floor'}),
    Case(mint.remainder, (A, 0.75), lambda a, b: np.mod(a, b).astype(np.float32), rtol=1e-5, atol=1e-5),
    Case(mint.clamp, (A,), lambda x, min, max: np.clip(x, min, max), {'min': -0.5, 'max': 0.5}),
    Case(mint.dot, (VEC, VEC), lambda a, b: np.float32(a @ b), rtol=1e-5),
    Case(mint.trace, (np.arange(9, dtype=np.int32).reshape(3, 3),), np.int64(12)),
    Case(mint.trace, (np.eye(2, dtype=bool),), np.int64(2)),
    Case(mint.trace, (MAT[:, :3].copy(),), lambda m: np.float32(np.trace(m)), rtol=1e-5),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_value(case):
    run_case(case)


def test_allclose_is_a_python_bool():
    x = ms.Tensor(A)
    assert mint.allclose(x, x) is True
    assert mint.allclose(x, x + 1e-3, atol=1e-2) is True
    assert mint.allclose(x, x + 1) is False


ERROR_CASES = [
    (mint.cdist, (A, B), {'compute_mode': 'fast'}, ValueError, 'compute_mode'),
    (mint.norm, (A, 'inf'), {}, ValueError, "'p'"),
    (mint.norm, (A,), {'dim': (0, 1, 2)}, ValueError, 'fro'),
    (mint.dot, (A, B), {}, RuntimeError, '1-D'),
    (mint.dot, (VEC, VEC.astype(np.float64)), {}, RuntimeError, 'same dtype'),
    (mint.dot, (VEC, [1.0]), {}, TypeError, "'other'"),
]


@pytest.mark.parametrize("fn, args, kwargs, error, match", ERROR_CASES)
def test_error(fn, args, kwargs, error, match):
    with pytest.raises(error, match=match):
        fn(*[ms.Tensor(a) if isinstance(a, np.ndarray) else a for a in args], **kwargs)
