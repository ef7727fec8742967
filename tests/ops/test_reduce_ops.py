"""Reductions: forward against NumPy, infer, bad input; the functional API and Tensor methods."""
import math

import numpy as np
import pytest

import spore as ms
from spore import ops

from .op_testing import VALUE_DEPENDENT_SHAPE, ErrorCase, OpCase, case_id, positive, rand, run_case, run_error_case


def requires(*names):
    """Skip a test until the other op families it composes with provide `names`."""
    missing = [n for n in names if not hasattr(ops, n)]
    return pytest.mark.skipif(bool(missing), reason=f"needs ops.{', ops.'.join(missing)} (another family)")


def _np_axis(axis):
    if isinstance(axis, (tuple, list)):
        return tuple(axis) or None
    return axis


def reduction(np_fn, keep_dims=False, dtype=None):
    """The NumPy reference of a ReduceXxx primitive called as (x, axis)."""
    def reference(x, axis=()):
        out = np_fn(x, axis=_np_axis(axis), keepdims=keep_dims)
        return np.asarray(out).astype(dtype or x.dtype)
    return reference


def truncated_mean(x, axis=None, keepdims=False):
    """MindSpore's integer mean: the sum in the input dtype, divided and truncated."""
    total = np.sum(x, axis=axis, keepdims=keepdims, dtype=x.dtype)
    return np.trunc(total / (x.size // max(np.size(total), 1))).astype(x.dtype)


def scan(np_fn, exclusive=False, reverse=False):
    """The NumPy reference of CumSum / CumProd(exclusive, reverse) called as (x, axis)."""
    identity = 0 if np_fn is np.cumsum else 1

    def reference(x, axis):
        y = np.flip(x, axis) if reverse else x
        out = np_fn(y, axis=axis, dtype=x.dtype)
        if exclusive:
            head = np.full_like(np.take(out, [0], axis=axis), identity)
            out = np.concatenate([head, np.take(out, range(out.shape[axis] - 1), axis=axis)], axis=axis)
        return np.flip(out, axis) if reverse else out
    return reference


def arg_with_value(np_arg, np_val, axis, keep_dims=False):
    def reference(x):
        index = np.expand_dims(np_arg(x, axis), axis) if x.ndim else np.array(0)
        value = np.take_along_axis(x, index, axis) if x.ndim else x
        if not keep_dims and x.ndim:
            index, value = index.squeeze(axis), value.squeeze(axis)
        return index.astype(np.int64), value
    return reference


def lp_norm(x, axis, p=2, keep_dims=False, epsilon=1e-12):
    if p == 0:
        out = np.sum(x != 0, axis=axis, keepdims=keep_dims)
    else:
        out = np.sum(np.abs(x.astype(np.float64)) ** p, axis=axis, keepdims=keep_dims) ** (1 / p)
    return np.maximum(out, epsilon).astype(x.dtype)


def std_mean(axis, ddof, keep_dims=False):
    def reference(x):
        ax = _np_axis(axis)
        return (np.std(x, axis=ax, ddof=ddof, keepdims=keep_dims).astype(x.dtype),
                np.mean(x, axis=ax, keepdims=keep_dims).astype(x.dtype))
    return reference


scalar = np.array(1.5, dtype=np.float32)
empty = np.zeros((0, 3), np.float32)
with_nan = np.array([[1.0, np.nan, 2.0], [0.5, -1.0, 3.0]], np.float32)
ints = rand(3, 4, dtype=np.int32, low=-20, high=20)
bools = rand(3, 4, dtype=np.bool_)

CASES = [
    # ReduceSum keeps the dtype; a Bool sum is a logical or.
    OpCase(ops.ReduceSum(), (rand(2, 3), 1), reduction(np.sum)),
    OpCase(ops.ReduceSum(keep_dims=True), (rand(2, 3, 4), (0, 2)), reduction(np.sum, True)),
    OpCase(ops.ReduceSum(), (rand(3, 4), ()), reduction(np.sum)),
    OpCase(ops.ReduceSum(True), (rand(3, 4),), reduction(np.sum, True)),
    OpCase(ops.ReduceSum(), (rand(3, 4), [-1]), reduction(np.sum)),
    OpCase(ops.ReduceSum(), (rand(3, 4), ms.Tensor(1)), lambda x, a: x.sum(axis=1)),
    OpCase(ops.ReduceSum(), (ints, 0), reduction(np.sum)),
    OpCase(ops.ReduceSum(), (rand(5, dtype=np.int8, low=-100, high=100), 0), reduction(np.sum)),
    OpCase(ops.ReduceSum(), (rand(2, 3, dtype=np.float64), (0, 1)), reduction(np.sum)),
    OpCase(ops.ReduceSum(), (rand(4, 3, dtype=np.float16), 0), reduction(np.sum), rtol=2e-3, atol=2e-3),
    OpCase(ops.ReduceSum(), (bools, 1), reduction(np.any)),
    OpCase(ops.ReduceSum(), (rand(3, dtype=np.complex64), 0), reduction(np.sum)),
    OpCase(ops.ReduceSum(), (scalar, 0), reduction(np.sum)),
    OpCase(ops.ReduceSum(keep_dims=True), (scalar, ()), lambda x, a: x),
    OpCase(ops.ReduceSum(), (empty, 0), reduction(np.sum)),
    OpCase(ops.ReduceSum(skip_mode=True), (rand(2, 3), ()), lambda x, a: x),
    OpCase(ops.ReduceSum(skip_mode=True), (rand(2, 3), 1), reduction(np.sum)),
    # ReduceMean: integer means are truncated.
    OpCase(ops.ReduceMean(), (rand(2, 3), 1), reduction(np.mean)),
    OpCase(ops.ReduceMean(keep_dims=True), (rand(2, 3, 4), (1, 2)), reduction(np.mean, True)),
    OpCase(ops.ReduceMean(), (rand(3, 4, dtype=np.float64), ()), reduction(np.mean)),
    OpCase(ops.ReduceMean(), (ints, 1), reduction(truncated_mean)),
    OpCase(ops.ReduceMean(True), (rand(4, 3, dtype=np.uint8, low=0, high=255), ()), reduction(truncated_mean, True)),
    OpCase(ops.ReduceMean(), (rand(4, 3, dtype=np.float16), 0), reduction(np.mean), rtol=2e-3, atol=2e-3),
    OpCase(ops.ReduceMean(), (scalar, ()), reduction(np.mean)),
    # ReduceMax / ReduceMin propagate NaN.
    OpCase(ops.ReduceMax(), (rand(2, 3), 1), reduction(np.max)),
    OpCase(ops.ReduceMax(keep_dims=True), (rand(2, 3, 4), (0, -1)), reduction(np.max, True)),
    OpCase(ops.ReduceMax(), (ints, ()), reduction(np.max)),
    OpCase(ops.ReduceMax(), (rand(5, dtype=np.uint8, low=0, high=255), 0), reduction(np.max)),
    OpCase(ops.ReduceMax(), (with_nan, 1), reduction(np.max)),
    OpCase(ops.ReduceMax(), (empty, 1), reduction(np.max)),
    OpCase(ops.ReduceMin(), (rand(2, 3, dtype=np.float64), 0), reduction(np.min)),
    OpCase(ops.ReduceMin(True), (ints, [0, 1]), reduction(np.min, True)),
    OpCase(ops.ReduceMin(), (scalar, ()), reduction(np.min)),
    # ReduceProd keeps the dtype; a Bool product is a logical and.
    OpCase(ops.ReduceProd(), (positive(2, 3), 1), reduction(np.prod)),
    OpCase(ops.ReduceProd(keep_dims=True), (positive(2, 3, 4), (0, 2)), reduction(np.prod, True), rtol=1e-4),
    OpCase(ops.ReduceProd(), (positive(3, 2), ()), reduction(np.prod)),
    OpCase(ops.ReduceProd(True), (positive(3, 2),), reduction(np.prod, True)),
    OpCase(ops.ReduceProd(), (rand(3, 4, dtype=np.int32, low=-3, high=4), 1), reduction(np.prod)),
    OpCase(ops.ReduceProd(), (bools, 0), reduction(np.all)),
    OpCase(ops.ReduceProd(), (empty, 0), reduction(np.prod)),
    OpCase(ops.ReduceProd(), (scalar, 0), reduction(np.prod)),
    # ReduceAll / ReduceAny look at truth values and give Bool.
    OpCase(ops.ReduceAll(), (bools, 1), reduction(np.all)),
    OpCase(ops.ReduceAll(keep_dims=True), (bools, ()), reduction(np.all, True)),
    OpCase(ops.ReduceAll(), (rand(3, 4, dtype=np.int32, low=0, high=2), 0), reduction(np.all, dtype=np.bool_)),
    OpCase(ops.ReduceAll(), (rand(3, 4), (0, 1)), reduction(np.all, dtype=np.bool_)),
    OpCase(ops.ReduceAny(), (bools, 0), reduction(np.any)),
    OpCase(ops.ReduceAny(True), (rand(3, 4, dtype=np.uint8, low=0, high=2), 1), reduction(np.any, True, np.bool_)),
    OpCase(ops.ReduceAny(), (np.zeros((2, 3), np.float32), ()), reduction(np.any, dtype=np.bool_)),
    # Argmax / Argmin.
    OpCase(ops.Argmax(), (rand(3, 4),), lambda x: np.argmax(x, -1).astype(np.int32)),
    OpCase(ops.Argmax(axis=0, output_type=ms.int64), (ints,), lambda x: np.argmax(x, 0)),
    OpCase(ops.Argmax(axis=1), (rand(2, 3, 4, dtype=np.float16),), lambda x: np.argmax(x, 1).astype(np.int32)),
    OpCase(ops.Argmax(axis=0), (np.array([3.0, 1.0, 3.0], np.float32),), lambda x: np.int32(0)),
    OpCase(ops.Argmin(), (rand(3, 4, dtype=np.float64),), lambda x: np.argmin(x, -1).astype(np.int32)),
    OpCase(ops.Argmin(axis=0, output_type=ms.int64), (rand(5, 2, dtype=np.uint8, low=0, high=9),),
           lambda x: np.argmin(x, 0)),
    # ArgMaxWithValue / ArgMinWithValue give (Int64 index, value).
    OpCase(ops.ArgMaxWithValue(), (rand(3, 4),), arg_with_value(np.argmax, np.max, 0)),
    OpCase(ops.ArgMaxWithValue(axis=-1, keep_dims=True), (ints,), arg_with_value(np.argmax, np.max, -1, True)),
    OpCase(ops.ArgMaxWithValue(axis=1), (rand(2, 3, 4, dtype=np.float16),), arg_with_value(np.argmax, np.max, 1)),
    OpCase(ops.ArgMaxWithValue(), (scalar,), arg_with_value(np.argmax, np.max, 0)),
    OpCase(ops.ArgMinWithValue(axis=1), (rand(3, 4, dtype=np.float64),), arg_with_value(np.argmin, np.min, 1)),
    OpCase(ops.ArgMinWithValue(axis=0, keep_dims=True), (ints,), arg_with_value(np.argmin, np.min, 0, True)),
    # CumSum / CumProd with every flag combination.
    OpCase(ops.CumSum(), (rand(3, 4), 1), scan(np.cumsum)),
    OpCase(ops.CumSum(exclusive=True), (rand(3, 4), 1), scan(np.cumsum, exclusive=True)),
    OpCase(ops.CumSum(reverse=True), (rand(3, 4), 0), scan(np.cumsum, reverse=True)),
    OpCase(ops.CumSum(True, True), (rand(2, 3, 4), -1), scan(np.cumsum, True, True)),
    OpCase(ops.CumSum(), (ints, 0), scan(np.cumsum)),
    OpCase(ops.CumSum(), (rand(6, dtype=np.int8, low=-50, high=50), 0), scan(np.cumsum)),
    OpCase(ops.CumSum(), (rand(4, dtype=np.float64), 0), scan(np.cumsum)),
    OpCase(ops.CumSum(exclusive=True), (empty, 0), scan(np.cumsum)),
    OpCase(ops.CumProd(), (positive(3, 4), 1), scan(np.cumprod)),
    OpCase(ops.CumProd(exclusive=True), (positive(3, 4), 1), scan(np.cumprod, exclusive=True)),
    OpCase(ops.CumProd(reverse=True), (positive(3, 4), 0), scan(np.cumprod, reverse=True)),
    OpCase(ops.CumProd(True, True), (rand(3, 4, dtype=np.int32, low=-3, high=4), 1), scan(np.cumprod, True, True)),
    OpCase(ops.CumProd(), (positive(5, dtype=np.float16), 0), scan(np.cumprod), rtol=2e-3),
    # LpNorm: max(||x||_p, epsilon).
    OpCase(ops.LpNorm(axis=1), (rand(3, 4),), lambda x: lp_norm(x, 1)),
    OpCase(ops.LpNorm(axis=(0, 1), p=1, keep_dims=True), (rand(3, 4),), lambda x: lp_norm(x, (0, 1), 1, True)),
    OpCase(ops.LpNorm(axis=[0], p=3), (rand(3, 4, dtype=np.float64),), lambda x: lp_norm(x, 0, 3)),
    OpCase(ops.LpNorm(axis=-1, p=0), (np.array([[0.0, 1.0, -2.0], [0.0, 0.0, 0.5]], np.float32),),
           lambda x: lp_norm(x, -1, 0)),
    OpCase(ops.LpNorm(axis=0), (np.zeros((3, 2), np.float32),), lambda x: lp_norm(x, 0)),
    OpCase(ops.LpNorm(axis=0, epsilon=1.0), (rand(3, 2),), lambda x: lp_norm(x, 0, epsilon=1.0)),
    OpCase(ops.LpNorm(axis=1), (rand(2, 3, dtype=np.float16),), lambda x: lp_norm(x, 1), rtol=2e-3),
    # ReduceStd: (std, mean).
    OpCase(ops.ReduceStd(), (rand(3, 4),), std_mean((), 1)),
    OpCase(ops.ReduceStd(axis=1, unbiased=False), (rand(3, 4),), std_mean(1, 0)),
    OpCase(ops.ReduceStd(axis=[0, 2], keep_dims=True), (rand(2, 3, 4, dtype=np.float64),), std_mean((0, 2), 1, True)),
    # The internal 2.x primitives, through the functions built on them.
    OpCase(ops.sum, (rand(2, 3), 1), lambda x, d: x.sum(d), prim="SumExt"),
    OpCase(ops.sum, (ints,), lambda x: x.sum(dtype=np.int64), prim="SumExt"),
    OpCase(ops.sum, (bools, (0, 1), True), lambda x, d, k: x.sum(d, keepdims=k, dtype=np.int64), prim="SumExt"),
    OpCase(lambda x: ops.sum(x, 0, dtype=ms.float64), (ints,), lambda x: x.sum(0, dtype=np.float64), prim="SumExt"),
    OpCase(ops.prod, (positive(2, 3), 1), lambda x, a: x.prod(a), prim="ProdExt"),
    OpCase(ops.prod, (rand(2, 3, dtype=np.int32, low=-3, high=4),), lambda x: x.prod(dtype=np.int64), prim="ProdExt"),
    OpCase(ops.prod, (positive(2, 3, 4), (0, 2), True), lambda x, a, k: x.prod(a, keepdims=k), prim="ProdExt"),
    OpCase(ops.prod, (rand(2, 3, dtype=np.int32, low=-3, high=4), 1, False, ms.float32),
           lambda x, a, k, d: x.prod(a).astype(np.float32), prim="ProdExt"),
    OpCase(ops.logsumexp, (rand(3, 4), 1), lambda x, d: np.log(np.exp(x).sum(d)), prim="LogSumExp"),
    OpCase(ops.logsumexp, (rand(3, 4, dtype=np.float64) * 50, ()), lambda x, d: np.logaddexp.reduce(x, None),
           prim="LogSumExp"),
    OpCase(ops.logsumexp, (rand(2, 3, 4), (0, 2), True), lambda x, d, k: np.log(np.exp(x).sum(d, keepdims=k)),
           prim="LogSumExp"),
    OpCase(ops.std, (rand(3, 4),), lambda x: np.std(x), prim="Std"),
    OpCase(ops.std, (rand(3, 4, dtype=np.float64), 1, 1, True), lambda x, a, d, k: np.std(x, a, ddof=d, keepdims=k),
           prim="Std"),
    OpCase(ops.var, (rand(3, 4),), lambda x: np.var(x), prim="Var"),
    OpCase(ops.var, (rand(3, 4, 5), (0, 2), 2), lambda x, a, d: np.var(x, a, ddof=d), prim="Var"),
    OpCase(ops.vector_norm, (rand(3, 4),), lambda x: np.linalg.norm(x.ravel()), prim="LinalgVectorNorm"),
    OpCase(ops.vector_norm, (rand(3, 4), math.inf, 1, True), lambda x, o, a, k: np.abs(x).max(a, keepdims=k),
           prim="LinalgVectorNorm"),
    OpCase(ops.vector_norm, (rand(3, 4, dtype=np.int32, low=-5, high=5), 1),
           lambda x, o: np.abs(x).sum().astype(np.float32), prim="LinalgVectorNorm"),
    OpCase(ops.matrix_norm, (rand(3, 4),), lambda x: np.linalg.norm(x, "fro"), prim="MatrixNorm"),
    OpCase(ops.matrix_norm, (rand(2, 3, 4, dtype=np.float64), "nuc"), lambda x, o: np.linalg.norm(x, o, (-2, -1)),
           prim="MatrixNorm"),
    OpCase(ops.matrix_norm, (rand(3, 4), 2, (1, 0), True), lambda x, o, a, k: np.linalg.norm(x, o, a, k),
           rtol=1e-4, prim="MatrixNorm"),
]

ERROR_CASES = [
    ErrorCase(ops.ReduceSum(), (rand(2, 3), 2), ValueError, r"For 'ReduceSum', the 'axis' must be in range \[-2, 2\)"),
    ErrorCase(ops.ReduceSum(), (rand(2, 3), (0, -2)), ValueError, "For 'ReduceSum'.*duplicate"),
    ErrorCase(ops.ReduceSum(), (rand(2, 3), 1.0), TypeError, "For 'ReduceSum', the 'axis'"),
    ErrorCase(ops.ReduceSum(), (rand(2, 3), None), TypeError, "For 'ReduceSum', the 'axis'"),
    ErrorCase(ops.ReduceSum(), ([1.0, 2.0], 0), TypeError, "For 'ReduceSum', the 'x' must be a Tensor"),
    ErrorCase(ops.ReduceSum(), (scalar, 1), ValueError, "For 'ReduceSum', the 'axis'"),
    ErrorCase(lambda: ops.ReduceSum(keep_dims=1), (), TypeError, "For 'ReduceSum', the 'keep_dims' must be bool"),
    ErrorCase(lambda: ops.ReduceSum(skip_mode=None), (), TypeError, "'skip_mode' must be bool"),
    ErrorCase(ops.ReduceMean(), (bools, 0), TypeError, "For 'ReduceMean', the dtype of 'x'.*Bool"),
    ErrorCase(ops.ReduceMean(), (rand(2, 3), -3), ValueError, "For 'ReduceMean', the 'axis'"),
    ErrorCase(ops.ReduceMax(), (bools, 0), TypeError, "For 'ReduceMax', the dtype of 'x'.*Bool"),
    ErrorCase(ops.ReduceMax(), (rand(3, dtype=np.complex64), 0), TypeError, "For 'ReduceMax'.*Complex64"),
    ErrorCase(ops.ReduceMax(), (empty, 0), ValueError, "For 'ReduceMax'.*zero-size"),
    ErrorCase(ops.ReduceMin(), (rand(2, 3), (0, 5)), ValueError, "For 'ReduceMin', the 'axis'"),
    ErrorCase(ops.ReduceMin(), (bools, ()), TypeError, "For 'ReduceMin'"),
    ErrorCase(ops.ReduceProd(), (rand(2, 3), (1, 1)), ValueError, "For 'ReduceProd'.*duplicate"),
    ErrorCase(ops.ReduceProd(), (rand(2, 3), 2), ValueError, "For 'ReduceProd', the 'axis'"),
    ErrorCase(ops.ReduceAll(), (bools, 3), ValueError, "For 'ReduceAll', the 'axis'"),
    ErrorCase(lambda: ops.ReduceAll(keep_dims="yes"), (), TypeError, "For 'ReduceAll', the 'keep_dims'"),
    ErrorCase(ops.ReduceAny(), (bools, "0"), TypeError, "For 'ReduceAny', the 'axis'"),
    ErrorCase(ops.Argmax(axis=2), (rand(2, 3),), ValueError, "For 'Argmax', the 'axis'"),
    ErrorCase(ops.Argmax(), (bools,), TypeError, "For 'Argmax', the dtype of 'x'"),
    ErrorCase(ops.Argmax(axis=0), (empty,), ValueError, "For 'Argmax'.*zero-size"),
    ErrorCase(lambda: ops.Argmax(output_type=ms.float32), (), TypeError, "For 'Argmax', the 'output_type'"),
    ErrorCase(lambda: ops.Argmax(axis=1.0), (), TypeError, "For 'Argmax', the 'axis' must be int"),
    ErrorCase(ops.Argmin(axis=-3), (rand(2, 3),), ValueError, "For 'Argmin', the 'axis'"),
    ErrorCase(ops.Argmin(), (rand(3, dtype=np.complex64),), TypeError, "For 'Argmin'"),
    ErrorCase(ops.ArgMaxWithValue(axis=3), (rand(2, 3),), ValueError, "For 'ArgMaxWithValue', the 'axis'"),
    ErrorCase(ops.ArgMaxWithValue(), (bools,), TypeError, "For 'ArgMaxWithValue', the dtype of 'x'"),
    ErrorCase(lambda: ops.ArgMaxWithValue(keep_dims=1), (), TypeError, "'keep_dims' must be bool"),
    ErrorCase(ops.ArgMinWithValue(axis=-3), (rand(2, 3),), ValueError, "For 'ArgMinWithValue', the 'axis'"),
    ErrorCase(lambda: ops.ArgMinWithValue(axis=(0,)), (), TypeError, "For 'ArgMinWithValue', the 'axis'"),
    ErrorCase(ops.CumSum(), (scalar, 0), ValueError, "For 'CumSum', the rank of 'x' must be greater than 0"),
    ErrorCase(ops.CumSum(), (bools, 0), TypeError, "For 'CumSum', the dtype of 'x'"),
    ErrorCase(ops.CumSum(), (rand(2, 3), 2), ValueError, "For 'CumSum', the 'axis'"),
    ErrorCase(ops.CumSum(), (rand(2, 3), (1,)), TypeError, "For 'CumSum', the 'axis' must be int"),
    ErrorCase(lambda: ops.CumSum(exclusive=1), (), TypeError, "For 'CumSum', the 'exclusive'"),
    ErrorCase(ops.CumProd(), (bools, 1), TypeError, "For 'CumProd', the dtype of 'x'"),
    ErrorCase(ops.CumProd(), (rand(2, 3), -3), ValueError, "For 'CumProd', the 'axis'"),
    ErrorCase(lambda: ops.CumProd(reverse="no"), (), TypeError, "For 'CumProd', the 'reverse'"),
    ErrorCase(ops.LpNorm(axis=0), (ints,), TypeError, "For 'LpNorm', the dtype of 'input'"),
    ErrorCase(ops.LpNorm(axis=2), (rand(2, 3),), ValueError, "For 'LpNorm', the 'axis'"),
    ErrorCase(lambda: ops.LpNorm(axis=0, p=-1), (), ValueError, "For 'LpNorm', the 'p'"),
    ErrorCase(lambda: ops.LpNorm(axis=0, p=2.5), (), TypeError, "For 'LpNorm', the 'p' must be int"),
    ErrorCase(lambda: ops.LpNorm(axis=0, epsilon=1), (), TypeError, "For 'LpNorm', the 'epsilon' must be float"),
    ErrorCase(lambda: ops.LpNorm(axis=1.0), (), TypeError, "For 'LpNorm', the 'axis'"),
    ErrorCase(lambda: ops.LpNorm(axis=()), (), ValueError, "For 'LpNorm', the 'axis'"),
    ErrorCase(ops.ReduceStd(), (ints,), TypeError, "For 'ReduceStd', the dtype of 'x'"),
    ErrorCase(ops.ReduceStd(axis=3), (rand(2, 3),), ValueError, "For 'ReduceStd', the 'axis'"),
    ErrorCase(lambda: ops.ReduceStd(unbiased=1), (), TypeError, "For 'ReduceStd', the 'unbiased'"),
    ErrorCase(ops.sum, (rand(2, 3), 2), ValueError, "For 'SumExt', the 'dim'", prim="SumExt"),
    ErrorCase(ops.sum, (rand(2, 3), 1, 1), TypeError, "For 'SumExt', the 'keepdim' must be bool", prim="SumExt"),
    ErrorCase(ops.sum, ([1, 2],), TypeError, "For 'SumExt', the 'input' must be a Tensor", prim="SumExt"),
    ErrorCase(ops.prod, (rand(2, 3), 3), ValueError, "For 'ProdExt', the 'dim'", prim="ProdExt"),
    ErrorCase(ops.prod, (rand(2, 3), (0, 0)), ValueError, "For 'ProdExt'.*duplicate", prim="ProdExt"),
    ErrorCase(ops.logsumexp, (ints, 1), TypeError, "For 'LogSumExp', the dtype of 'input'", prim="LogSumExp"),
    ErrorCase(ops.logsumexp, (rand(2, 3), 2), ValueError, "For 'LogSumExp', the 'dim'", prim="LogSumExp"),
    ErrorCase(ops.std, (ints,), TypeError, "For 'Std', the dtype of 'input'", prim="Std"),
    ErrorCase(ops.std, (rand(2, 3), 1, 1.5), TypeError, "For 'std', the 'ddof'", prim="Std"),
    ErrorCase(ops.var, (rand(2, 3), 2), ValueError, "For 'Var', the 'dim'", prim="Var"),
    ErrorCase(ops.var, (rand(2, 3), 0, 0, 1), TypeError, "For 'var', the 'keepdims' must be bool", prim="Var"),
    ErrorCase(ops.vector_norm, (rand(2, 3), "fro"), TypeError, "For 'LinalgVectorNorm', the 'ord'",
              prim="LinalgVectorNorm"),
    ErrorCase(ops.vector_norm, (rand(2, 3), 2, 2), ValueError, "For 'LinalgVectorNorm', the 'dim'",
              prim="LinalgVectorNorm"),
    ErrorCase(ops.matrix_norm, (rand(2, 3), 3), ValueError, "For 'MatrixNorm', the 'ord'", prim="MatrixNorm"),
    ErrorCase(ops.matrix_norm, (rand(3),), ValueError, "For 'MatrixNorm'", prim="MatrixNorm"),
    ErrorCase(ops.matrix_norm, (rand(2, 3), "fro", (0, 0)), ValueError, "For 'MatrixNorm'.*duplicate",
              prim="MatrixNorm"),
]


GRAPH_CONSTANT_INPUTS = {
    "ReduceSum[(3, 4),()]": VALUE_DEPENDENT_SHAPE,
}


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)


# ---- functional API -----------------------------------------------------------------------
x_np = np.array([[1.0, -5.0, 3.0], [7.0, 2.0, -7.0]], np.float32)


def test_sum_mean_prod_dtypes_follow_mindspore():
    x, i = ms.Tensor(x_np), ms.Tensor(x_np.astype(np.int32))
    assert ops.sum(i).dtype == ms.int64 and ops.sum(ms.Tensor([True, True])).asnumpy() == 2
    assert ops.sum(i, 1, dtype=ms.int8).dtype == ms.int8
    assert ops.sum(x, (0, 1), True).shape == (1, 1)
    np.testing.assert_array_equal(ops.mean(i, 1).asnumpy(), [0, 0])  # -1/3 and 2/3, truncated
    assert ops.mean(x).asnumpy() == pytest.approx(x_np.mean())
    assert ops.prod(i, 1).dtype == ms.int64
    np.testing.assert_array_equal(ops.prod(i, 1).asnumpy(), [-15, -98])


def test_all_any():
    b = np.array([[True, False, True], [True, True, True]])
    assert not ops.all(ms.Tensor(b)).asnumpy()
    np.testing.assert_array_equal(ops.all(ms.Tensor(b), 1).asnumpy(), [False, True])
    np.testing.assert_array_equal(ops.any(ms.Tensor(x_np), (0, 1), True).asnumpy(), [[True]])


def test_amax_amin():
    x = ms.Tensor(x_np)
    np.testing.assert_array_equal(ops.amax(x, 1).asnumpy(), [3.0, 7.0])
    np.testing.assert_array_equal(ops.amin(x, (0, 1), True).asnumpy(), [[-7.0]])
    assert ops.amax(x).asnumpy() == 7.0


def test_max_min_return_values_and_indices():
    x = ms.Tensor(x_np)
    values, indices = ops.max(x, 1)
    np.testing.assert_array_equal(values.asnumpy(), [3.0, 7.0])
    np.testing.assert_array_equal(indices.asnumpy(), [2, 0])
    assert indices.dtype == ms.int64
    values, indices = ops.min(x, 0, keepdims=True)
    np.testing.assert_array_equal(values.asnumpy(), [[1.0, -5.0, -7.0]])
    assert indices.shape == (1, 3)
    values, indices = ops.max(x)  # all elements; MindSpore reports index 0
    assert values.asnumpy() == 7.0 and indices.asnumpy() == 0 and indices.dtype == ms.int64
    with pytest.raises(TypeError, match="For 'max', the 'axis' must be int"):
        ops.max(x, (0, 1))


@requires("maximum", "minimum", "where")
def test_max_initial_and_where():
    x = ms.Tensor(x_np)
    np.testing.assert_array_equal(ops.amax(x, 1, initial=4.0).asnumpy(), [4.0, 7.0])
    mask = ms.Tensor(np.array([[True, False, False], [False, True, True]]))
    np.testing.assert_array_equal(ops.amax(x, 1, initial=-100.0, where=mask).asnumpy(), [1.0, 2.0])
    np.testing.assert_array_equal(ops.min(x, 1, initial=0.0)[0].asnumpy(), [-5.0, -7.0])
    with pytest.raises(ValueError, match="'initial'"):
        ops.amax(x, 1, where=mask)


def test_argmax_argmin_along_an_axis():
    x = ms.Tensor(x_np)
    out = ops.argmax(x, 1)
    assert out.dtype == ms.int64
    np.testing.assert_array_equal(out.asnumpy(), [2, 0])
    out = ops.argmin(x, 0)
    assert out.dtype == ms.int32
    np.testing.assert_array_equal(out.asnumpy(), [0, 0, 1])
    assert ops.argmax(ms.Tensor(2.0)).asnumpy() == 0
    with pytest.raises(TypeError, match="'keepdim' must be bool"):
        ops.argmax(x, 1, 1)


@requires("reshape", "expand_dims", "cast")
def test_argmax_argmin_flattened_and_keepdims():
    x = ms.Tensor(x_np)
    assert ops.argmax(x).asnumpy() == 3 and ops.argmin(x).asnumpy() == 5
    assert ops.argmax(x, 1, True).shape == (2, 1) and ops.argmin(x, -1, True).shape == (2, 1)
    assert ops.argmax(ms.Tensor([False, True])).asnumpy() == 1


def test_cumsum_cumprod():
    i = ms.Tensor(x_np.astype(np.int8))
    out = ops.cumsum(i, 1)
    assert out.dtype == ms.int8
    np.testing.assert_array_equal(out.asnumpy(), np.cumsum(x_np, 1))
    np.testing.assert_array_equal(ops.cumprod(ms.Tensor(x_np), 0).asnumpy(), np.cumprod(x_np, 0))


@requires("cast")
def test_cumsum_cumprod_dtype():
    i = ms.Tensor(x_np.astype(np.int32))
    assert ops.cumsum(i, 1, dtype=ms.float32).dtype == ms.float32
    assert ops.cumprod(i, 1, dtype=ms.float64).dtype == ms.float64


@pytest.mark.parametrize("ord_, dim", [
    (None, None), ("fro", None), (1, None), (-1, None), (2, None), (-2, None), ("nuc", None),
    (math.inf, None), (-math.inf, None), (None, 1), (0, 1), (3, 1), (-1, 1), (2.5, 0), (math.inf, 0),
    (1, (1, 0)), ("fro", (0, 1)),
])
def test_norm_matches_numpy(ord_, dim):
    got = ops.norm(ms.Tensor(x_np), ord_, dim)
    np.testing.assert_allclose(got.asnumpy(), np.linalg.norm(x_np, ord_, dim), rtol=1e-5)


def test_norm_rules():
    x3 = ms.Tensor(np.ones((2, 3, 4), np.float32))
    assert ops.norm(x3).asnumpy() == pytest.approx(np.sqrt(24))
    assert ops.norm(x3, keepdim=True).shape == (1, 1, 1)
    np.testing.assert_allclose(ops.norm(x3, "fro", (0, 2)).asnumpy(), [np.sqrt(8)] * 3)
    assert ops.norm(ms.Tensor(x_np.astype(np.int32))).dtype == ms.float32
    assert ops.norm(ms.Tensor(x_np), dtype=ms.float64).dtype == ms.float64
    with pytest.raises(TypeError, match="For 'norm', the 'ord' of a vector norm"):
        ops.norm(ms.Tensor(x_np), "fro", 1)
    with pytest.raises(ValueError, match="For 'norm', the 'ord' of a matrix norm"):
        ops.norm(ms.Tensor(x_np), 3, (0, 1))
    with pytest.raises(TypeError, match="For 'norm', the 'dim'"):
        ops.norm(ms.Tensor(x_np), None, [0, 1])
    with pytest.raises(ValueError, match="For 'norm'"):
        ops.norm(x3, 1)


def test_std_var():
    x = ms.Tensor(x_np)
    assert ops.std(x).asnumpy() == pytest.approx(np.std(x_np), rel=1e-5)
    np.testing.assert_allclose(ops.var(x, 0, True, True).asnumpy(), np.var(x_np, 0, ddof=1, keepdims=True))


# ---- Tensor methods -----------------------------------------------------------------------
def test_tensor_sum_mean_prod():
    x, i = ms.Tensor(x_np), ms.Tensor(x_np.astype(np.int32))
    assert x.sum().asnumpy() == 1.0 and i.sum(1).dtype == ms.int64
    assert x.sum(axis=1, keepdims=True).shape == (2, 1)
    assert x.sum(dim=1, keepdim=True).shape == (2, 1)
    assert x.sum(1, True).shape == (2, 1)
    assert x.sum(1, ms.float64).dtype == ms.float64
    assert x.sum(initial=10).asnumpy() == 11.0
    assert i.mean().dtype == ms.int32 and x.mean(1, True).shape == (2, 1)
    assert x.mean(dim=1, keepdim=True).shape == (2, 1)
    assert i.prod(1).dtype == ms.int64 and x.prod(1, True).shape == (2, 1)


def test_tensor_max_min_overloads():
    x = ms.Tensor(x_np)
    assert x.max().asnumpy() == 7.0 and x.min().asnumpy() == -7.0
    values, indices = x.max(0)  # max(dim): (values, indices)
    np.testing.assert_array_equal(values.asnumpy(), [7.0, 2.0, 3.0])
    np.testing.assert_array_equal(indices.asnumpy(), [1, 1, 0])
    assert x.max(0, True)[0].shape == (1, 3) and len(x.min(dim=1)) == 2
    np.testing.assert_array_equal(x.max(axis=0).asnumpy(), [7.0, 2.0, 3.0])  # values only
    values, indices = x.min(axis=1, return_indices=True)
    np.testing.assert_array_equal(indices.asnumpy(), [1, 2])
    assert x.max((0, 1)).asnumpy() == 7.0 and x.max(initial=10.0).asnumpy() == 7.0
    np.testing.assert_array_equal(x.amax(1).asnumpy(), [3.0, 7.0])
    np.testing.assert_array_equal(x.amin(axis=0).asnumpy(), [1.0, -5.0, -7.0])


def test_tensor_logical_and_arg_methods():
    b = ms.Tensor(np.array([[True, False, True], [True, True, True]]))
    assert not b.all().asnumpy() and b.all(dim=1, keepdim=True).shape == (2, 1)
    np.testing.assert_array_equal(b.any(1).asnumpy(), [True, True])
    x = ms.Tensor(x_np)
    assert x.argmax(1).dtype == ms.int64 and x.argmin(axis=1).dtype == ms.int32
    np.testing.assert_array_equal(x.argmax(dim=1).asnumpy(), [2, 0])


@requires("cast")
def test_tensor_cumsum_small_ints_accumulate_in_int32():
    out = ms.Tensor(x_np.astype(np.int8)).cumsum(1)
    assert out.dtype == ms.int32
    np.testing.assert_array_equal(out.asnumpy(), np.cumsum(x_np, 1))


@requires("reshape")
def test_tensor_cumsum_without_axis_flattens():
    np.testing.assert_array_equal(ms.Tensor(x_np).cumsum().asnumpy(), np.cumsum(x_np))


def test_tensor_scan_norm_moments():
    x = ms.Tensor(x_np)
    np.testing.assert_array_equal(x.cumsum(dim=1).asnumpy(), np.cumsum(x_np, 1))
    np.testing.assert_array_equal(x.cumprod(1).asnumpy(), np.cumprod(x_np, 1))
    np.testing.assert_allclose(x.logsumexp(1, True).asnumpy(), np.log(np.exp(x_np).sum(1, keepdims=True)), rtol=1e-6)
    assert x.norm().asnumpy() == pytest.approx(np.linalg.norm(x_np))
    assert x.norm(1).asnumpy() == 10.0  # the matrix 1-norm
    np.testing.assert_allclose(x.std(1).asnumpy(), np.std(x_np, 1), rtol=1e-6)
    np.testing.assert_allclose(x.std(1, 1).asnumpy(), np.std(x_np, 1, ddof=1), rtol=1e-6)
    np.testing.assert_allclose(x.var(0, 1, True).asnumpy(), np.var(x_np, 0, ddof=1, keepdims=True), rtol=1e-6)
    np.testing.assert_allclose(x.var(dim=0, correction=0).asnumpy(), np.var(x_np, 0), rtol=1e-6)
