"""RmsNorm, LogSoftmaxExt and GroupTopk: forward against float64 NumPy references, and bad input."""
import numpy as np
import pytest

import spore as ms
from spore.ops import operations as P

from .op_testing import ErrorCase, OpCase, case_id, rand, run_case, run_error_case


def _rms_norm(epsilon):
    def reference(x, gamma):
        axes = tuple(range(x.ndim - gamma.ndim, x.ndim))
        wide = x.astype(np.float64)
        rstd = 1 / np.sqrt(np.mean(wide * wide, axes, keepdims=True) + epsilon)
        rstd_dtype = np.float64 if x.dtype == np.float64 else np.float32
        return (wide * rstd * gamma).astype(x.dtype), rstd.astype(rstd_dtype)
    return reference


def _log_softmax(dim=-1, dtype=None):
    def reference(x, *_):
        wide = x.astype(np.float64)
        shifted = wide - wide.max(dim, keepdims=True)
        out = shifted - np.log(np.exp(shifted).sum(dim, keepdims=True))
        return out.astype(dtype or x.dtype)
    return reference


def _group_topk(token, idx_arr, group_num, k, k_inner=1):
    out = token.copy()
    size = token.shape[1] // group_num
    for row in out:
        scores = [np.sort(row[g * size:(g + 1) * size])[::-1][:k_inner].astype(np.float64).sum()
                  for g in range(group_num)]
        best = sorted(range(group_num), key=lambda g: (-scores[g], g))[:k]
        for g in set(range(group_num)) - set(best):
            row[g * size:(g + 1) * size] = 0
    return out


_IDX = np.arange(1024, dtype=np.int32)
_TIES = np.array([[1, 5, 2, 2, 0, 3, 4, 1], [9, 0, 0, 8, 1, 1, 7, 7]], np.float16)

F16 = {"rtol": 2e-3, "atol": 2e-3}

CASES = [
    OpCase(P.RmsNorm(), (rand(2, 3, 4), rand(4)), _rms_norm(1e-6)),
    OpCase(P.RmsNorm(1e-3), (rand(3, 4, dtype=np.float64), rand(3, 4, dtype=np.float64)), _rms_norm(1e-3)),
    OpCase(P.RmsNorm(), (rand(2, 5, dtype=np.float16), rand(5, dtype=np.float16)), _rms_norm(1e-6), **F16),
    OpCase(P.LogSoftmaxExt(), (rand(2, 5, low=-3, high=3),), _log_softmax()),
    OpCase(P.LogSoftmaxExt(), (rand(3, 4, 2, dtype=np.float64), 1), _log_softmax(1)),
    OpCase(P.LogSoftmaxExt(), (rand(3, 4), 0, ms.float64), _log_softmax(0, np.float64)),
    OpCase(P.LogSoftmaxExt(), (rand(4, dtype=np.float16), -1), _log_softmax(), **F16),
    OpCase(P.GroupTopk(), (_TIES, _IDX, 4, 2), _group_topk),
    OpCase(P.GroupTopk(), (_TIES, _IDX, 2, 1, 2), _group_topk),
    OpCase(P.GroupTopk(), (rand(5, 12, dtype=np.float16), _IDX, 4, 3, 2), _group_topk),
    OpCase(P.GroupTopk(), (rand(3, 16), _IDX, 8, 1), _group_topk),
    OpCase(P.GroupTopk(), (rand(2, 6, dtype=np.float64), _IDX, 6, 6), _group_topk),
]


def test_log_softmax_ext_documentation_example():
    out = P.LogSoftmaxExt()(ms.Tensor(np.array([1, 2, 3, 4, 5]), ms.float32), -1)
    np.testing.assert_allclose(out.asnumpy(), [-4.4519143, -3.4519143, -2.4519143, -1.4519144, -0.4519144],
                               rtol=1e-6)


def test_group_topk_writes_into_token():
    token = ms.Tensor(_TIES)
    out = P.GroupTopk()(token, ms.Tensor(_IDX), 4, 2)
    np.testing.assert_array_equal(token.asnumpy(), _group_topk(_TIES, _IDX, 4, 2))
    np.testing.assert_array_equal(out.asnumpy(), token.asnumpy())


_X = rand(2, 3)

ERROR_CASES = [
    ErrorCase(P.RmsNorm(), (_X, rand(2)), ValueError, "RmsNorm.*'gamma'.*trailing"),
    ErrorCase(P.RmsNorm(), (_X, rand(3, dtype=np.float64)), TypeError, "RmsNorm.*'gamma'.*Float32"),
    ErrorCase(P.RmsNorm(), (_X.astype(np.int32), rand(3)), TypeError, "RmsNorm.*'x'"),
    ErrorCase(P.RmsNorm(0.0), (_X, rand(3)), ValueError, "RmsNorm.*'epsilon'.*\\(0, 1\\]"),
    ErrorCase(P.RmsNorm(1), (_X, rand(3)), TypeError, "RmsNorm.*'epsilon'"),
    ErrorCase(P.LogSoftmaxExt(), (_X, 1.5), TypeError, "LogSoftmaxExt.*'dim'.*float"),
    ErrorCase(P.LogSoftmaxExt(), (_X, 3), ValueError, "LogSoftmaxExt.*'dim'"),
    ErrorCase(P.LogSoftmaxExt(), (_X.astype(np.int32), 1), TypeError, "LogSoftmaxExt.*'input'"),
    ErrorCase(P.LogSoftmaxExt(), (_X, 1, ms.int32), TypeError, "LogSoftmaxExt.*'dtype'"),
    ErrorCase(P.LogSoftmaxExt(), (_X.tolist(), 1), TypeError, "LogSoftmaxExt.*'input' must be a Tensor"),
    ErrorCase(P.GroupTopk(), (_TIES, _IDX, 3, 1), ValueError, "GroupTopk.*divisible by 'group_num'"),
    ErrorCase(P.GroupTopk(), (_TIES, _IDX, 4, 5), ValueError, "GroupTopk.*'k'.*\\[1, 4\\]"),
    ErrorCase(P.GroupTopk(), (_TIES, _IDX, 4, 0), ValueError, "GroupTopk.*'k'"),
    ErrorCase(P.GroupTopk(), (_TIES, _IDX, 4, 1, 3), ValueError, "GroupTopk.*'k_inner'.*\\[1, 2\\]"),
    ErrorCase(P.GroupTopk(), (_TIES, _IDX, 4.0, 1), TypeError, "GroupTopk.*'group_num'"),
    ErrorCase(P.GroupTopk(), (_TIES[0], _IDX, 4, 1), ValueError, "GroupTopk.*rank of 'token'"),
    ErrorCase(P.GroupTopk(), (_TIES, _IDX.astype(np.int64), 4, 1), TypeError, "GroupTopk.*'idx_arr'"),
    ErrorCase(P.GroupTopk(), (_TIES.astype(np.int32), _IDX, 4, 1), TypeError, "GroupTopk.*'token'"),
    ErrorCase(P.GroupTopk(), (rand(2, 1025), _IDX, 5, 1), ValueError, "GroupTopk.*\\[1, 1024\\]"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)
