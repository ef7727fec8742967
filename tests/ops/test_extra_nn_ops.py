"""The nn Primitives of extra_nn_ops (Gelu, FastGelu, GLU, Softsign, L2Normalize, Renorm,
NuclearNorm, NoRepeatNGram, DynamicShape): forward against float64 NumPy references, infer, and bad input with
MindSpore 2.7.1's exception types."""
import math

import numpy as np
import pytest

import spore as ms
from spore.ops import operations as P

from .op_testing import ErrorCase, OpCase, case_id, rand, run_case, run_error_case

F16 = {"rtol": 2e-3, "atol": 2e-3}


def _in_dtype(fn):
    """A reference computing `fn` in float64 and casting to the first input's dtype."""
    def reference(x, *rest):
        return np.asarray(fn(x.astype(np.float64), *rest)).astype(x.dtype)
    return reference


def _gelu_tanh(x):
    return 0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))


def _fast_gelu(x):
    return x / (1 + np.exp(-1.702 * x))


def _glu(axis):
    def fn(x):
        a, b = np.split(x, 2, axis)
        return a / (1 + np.exp(-b))
    return fn


def _l2_normalize(axis, epsilon):
    def fn(x):
        return x / np.sqrt(np.maximum(np.sum(x * x, axis, keepdims=True), epsilon))
    return fn


def _renorm(p, dim, maxnorm):
    def fn(x):
        moved = np.moveaxis(x, dim, 0)
        norms = np.sum(np.abs(moved.reshape(moved.shape[0], -1)) ** p, 1) ** (1 / p)
        scale = np.where(norms > maxnorm, maxnorm / (norms + 1e-7), 1.0)
        return np.moveaxis(moved * scale.reshape((-1,) + (1,) * (moved.ndim - 1)), 0, dim)
    return fn


def _nuclear(axes, keepdim):
    def fn(x):
        moved = np.moveaxis(x, axes, (-2, -1))
        out = np.linalg.svd(moved, compute_uv=False).sum(-1)
        if keepdim:
            out = np.expand_dims(out, tuple(sorted(a % x.ndim for a in axes)))
        return out
    return fn


def _no_repeat_ngram(n):
    def reference(state_seq, log_probs):
        out = log_probs.copy()
        length = state_seq.shape[-1]
        for index in np.ndindex(*state_seq.shape[:2]):
            seq = state_seq[index].tolist()
            last = seq[length - n + 1:]
            for start in range(length - n + 1):
                if seq[start:start + n - 1] == last:
                    out[index + (seq[start + n - 1],)] = np.finfo(log_probs.dtype).min
        return out
    return reference


_SEQ = np.array([[[1, 2, 1, 2, 5, 1, 2], [0, 1, 0, 1, 0, 1, 3]]], np.int32)
_RANDOM_SEQ = rand(2, 3, 12, dtype=np.int32, low=0, high=3)


CASES = [
    OpCase(P.Gelu(), (rand(2, 3, low=-3, high=3),), _in_dtype(_gelu_tanh)),
    OpCase(P.Gelu(), (rand(4, dtype=np.float64),), _in_dtype(_gelu_tanh)),
    OpCase(P.Gelu(), (rand(3, 2, dtype=np.float16),), _in_dtype(_gelu_tanh), **F16),
    OpCase(P.FastGelu(), (rand(2, 3, low=-3, high=3),), _in_dtype(_fast_gelu)),
    OpCase(P.FastGelu(), (rand(5, dtype=np.float64, low=-6, high=6),), _in_dtype(_fast_gelu)),
    OpCase(P.Softsign(), (rand(2, 3, low=-4, high=4),), _in_dtype(lambda x: x / (1 + np.abs(x)))),
    OpCase(P.Softsign(), (rand(3, dtype=np.float64),), _in_dtype(lambda x: x / (1 + np.abs(x)))),
    OpCase(P.GLU(), (rand(2, 4),), _in_dtype(_glu(-1))),
    OpCase(P.GLU(axis=0), (rand(2, 3, dtype=np.float64),), _in_dtype(_glu(0))),
    OpCase(P.GLU(axis=1), (rand(2, 6, 3),), _in_dtype(_glu(1))),
    OpCase(P.L2Normalize(), (rand(3, 4),), _in_dtype(_l2_normalize(0, 1e-4))),
    OpCase(P.L2Normalize(axis=-1, epsilon=0.5), (rand(2, 3, dtype=np.float64, low=-0.3, high=0.3),),
           _in_dtype(_l2_normalize(-1, 0.5))),
    OpCase(P.L2Normalize(axis=(1,)), (rand(2, 3, 2),), _in_dtype(_l2_normalize(1, 1e-4))),
    OpCase(P.Renorm(p=2, dim=0, maxnorm=1.0), (rand(3, 4, low=-2, high=2),), _in_dtype(_renorm(2, 0, 1.0)),
           rtol=1e-5, atol=1e-5),
    OpCase(P.Renorm(p=1, dim=-1, maxnorm=0.5), (rand(2, 3, 2, dtype=np.float64),), _in_dtype(_renorm(1, -1, 0.5)),
           rtol=1e-6, atol=1e-6),
    OpCase(P.NuclearNorm(), (rand(3, 4),), _in_dtype(_nuclear((0, 1), False)), rtol=1e-5, atol=1e-5),
    OpCase(P.NuclearNorm(dim=[0, 2]), (rand(3, 2, 4, dtype=np.float64),), _in_dtype(_nuclear((0, 2), False))),
    OpCase(P.NuclearNorm(dim=(-1, 0), keepdim=True), (rand(2, 3, 3, dtype=np.float64),),
           _in_dtype(_nuclear((-1, 0), True))),
    *(OpCase(P.NoRepeatNGram(n), (_SEQ, rand(1, 2, 8)), _no_repeat_ngram(n)) for n in (1, 2, 3, 8)),
    *(OpCase(P.NoRepeatNGram(n), (_RANDOM_SEQ, rand(2, 3, 4, dtype=np.float64)), _no_repeat_ngram(n))
      for n in (2, 3, 4)),
    OpCase(P.NoRepeatNGram(2), (_SEQ, rand(1, 2, 6, dtype=np.float16)), _no_repeat_ngram(2)),
    OpCase(P.DynamicShape(), (rand(2, 3, 4),), lambda x: np.array(x.shape, np.int64)),
    OpCase(P.DynamicShape(), (np.array(1.5, np.float64),), lambda x: np.array(x.shape, np.int64)),
]


def test_values_printed_by_mindspore():
    """The outputs MindSpore 2.7.1 prints for this input."""
    x = ms.Tensor(np.array([[-1.0, 0.5, 2.0], [3.0, -2.0, 1.0]], np.float32))
    expected = {
        P.Gelu(): [[-0.158808, 0.345714, 1.9545977], [2.9963627, -0.04540229, 0.841192]],
        P.FastGelu(): [[-0.15420423, 0.35038844, 1.9356586], [2.9819288, -0.06434137, 0.84579575]],
        P.L2Normalize(axis=1): [[-0.43643576, 0.21821788, 0.8728715], [0.8017837, -0.5345225, 0.26726124]],
        P.Renorm(p=2, dim=0, maxnorm=2.0): [[-0.8728715, 0.43643576, 1.745743],
                                            [1.6035674, -1.069045, 0.5345225]],
    }
    for op, want in expected.items():
        np.testing.assert_allclose(op(x).asnumpy(), want, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(P.NuclearNorm()(x).asnumpy(), 5.9936085, rtol=1e-5)


_X = rand(2, 3)
_INTS = np.array([1, 2], np.int32)

ERROR_CASES = [
    ErrorCase(P.Gelu(), (_INTS,), TypeError, "Gelu.*'x'.*Int32"),
    ErrorCase(P.Gelu(), ([1.0],), TypeError, "Gelu.*'x' must be a Tensor"),
    ErrorCase(P.FastGelu(), (_INTS,), TypeError, "FastGelu.*'x'"),
    ErrorCase(P.Softsign(), (_INTS,), TypeError, "Softsign.*'x'.*Int32"),
    ErrorCase(P.Softsign(), ([1.0],), TypeError, "Softsign.*'x' must be a Tensor, but got list"),
    ErrorCase(P.GLU(), (_X,), RuntimeError, "GLU.*even.*3"),
    ErrorCase(P.GLU(axis=2), (_X,), ValueError, "GLU.*'axis'"),
    ErrorCase(lambda: P.GLU(axis=1.0), (), TypeError, "GLU.*'axis'"),
    ErrorCase(P.L2Normalize(axis=2), (_X,), ValueError, "L2Normalize.*'axis'.*\\[-2, 2\\)"),
    ErrorCase(lambda: P.L2Normalize(epsilon=1), (), TypeError, "L2Normalize.*'epsilon'"),
    ErrorCase(lambda: P.L2Normalize(axis=(0, 1)), (), ValueError, "L2Normalize.*'axis'"),
    ErrorCase(P.L2Normalize(), (_INTS,), TypeError, "L2Normalize.*'x'"),
    ErrorCase(lambda: P.Renorm(p=0, dim=0, maxnorm=1.0), (), ValueError, "Renorm.*'p'"),
    ErrorCase(lambda: P.Renorm(p=2, dim=0, maxnorm=-1.0), (), ValueError, "Renorm.*'maxnorm'"),
    ErrorCase(lambda: P.Renorm(p=2, dim=0.5, maxnorm=1.0), (), TypeError, "Renorm.*'dim'"),
    ErrorCase(P.Renorm(p=2, dim=3, maxnorm=1.0), (_X,), ValueError, "Renorm.*'dim'"),
    ErrorCase(P.NuclearNorm(), (rand(3),), ValueError, "NuclearNorm.*'dim'.*rank 1"),
    ErrorCase(lambda: P.NuclearNorm(dim=[0]), (), ValueError, "NuclearNorm.*'dim'.*2 elements"),
    ErrorCase(P.NuclearNorm(dim=[0, 0]), (_X,), ValueError, "NuclearNorm.*duplicate"),
    ErrorCase(P.NuclearNorm(), (_INTS.reshape(1, 2),), TypeError, "NuclearNorm.*'x'"),
    ErrorCase(P.DynamicShape(), (1,), TypeError, "'input_x' must be a Tensor, but got int"),
    ErrorCase(lambda: P.NoRepeatNGram(0), (), ValueError, "NoRepeatNGram.*'ngram_size'.*>= 1"),
    ErrorCase(lambda: P.NoRepeatNGram(1.5), (), TypeError, "NoRepeatNGram.*'ngram_size'"),
    ErrorCase(P.NoRepeatNGram(2), (_SEQ.astype(np.int64), rand(1, 2, 8)), TypeError, "NoRepeatNGram.*'state_seq'"),
    ErrorCase(P.NoRepeatNGram(2), (_SEQ, _SEQ), TypeError, "NoRepeatNGram.*'log_probs'"),
    ErrorCase(P.NoRepeatNGram(2), (_SEQ[0], rand(2, 8)), ValueError, "NoRepeatNGram.*rank of 'state_seq'"),
    ErrorCase(P.NoRepeatNGram(2), (_SEQ, rand(1, 1, 8)), ValueError, "NoRepeatNGram.*first two dimensions"),
    ErrorCase(P.NoRepeatNGram(9), (_SEQ, rand(1, 2, 8)), ValueError, "NoRepeatNGram.*'ngram_size'.*8.*9"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)
