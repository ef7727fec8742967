"""RmsNorm and LogSoftmaxExt: forward against float64 NumPy references, and bad input."""
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


F16 = {"rtol": 2e-3, "atol": 2e-3}

CASES = [
    OpCase(P.RmsNorm(), (rand(2, 3, 4), rand(4)), _rms_norm(1e-6)),
    OpCase(P.RmsNorm(1e-3), (rand(3, 4, dtype=np.float64), rand(3, 4, dtype=np.float64)), _rms_norm(1e-3)),
    OpCase(P.RmsNorm(), (rand(2, 5, dtype=np.float16), rand(5, dtype=np.float16)), _rms_norm(1e-6), **F16),
    OpCase(P.LogSoftmaxExt(), (rand(2, 5, low=-3, high=3),), _log_softmax()),
    OpCase(P.LogSoftmaxExt(), (rand(3, 4, 2, dtype=np.float64), 1), _log_softmax(1)),
    OpCase(P.LogSoftmaxExt(), (rand(3, 4), 0, ms.float64), _log_softmax(0, np.float64)),
    OpCase(P.LogSoftmaxExt(), (rand(4, dtype=np.float16), -1), _log_softmax(), **F16),
]


def test_log_softmax_ext_documentation_example():
    out = P.LogSoftmaxExt()(ms.Tensor(np.array([1, 2, 3, 4, 5]), ms.float32), -1)
    np.testing.assert_allclose(out.asnumpy(), [-4.4519143, -3.4519143, -2.4519143, -1.4519144, -0.4519144],
                               rtol=1e-6)


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
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)
