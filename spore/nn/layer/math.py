"""Math Cells MindSpore keeps in `nn.layer.math`: Range, Moments, MatMul, ReduceLogSumExp,
the Cholesky-based MatDet / MatInverse and the special functions DiGamma, LGamma, IGamma,
LBeta. Each is a composition of spore ops, so gradients and Graph mode come from them.

(`CosineSimilarity`, also at this MindSpore path, is the metric defined in spore.train.)
"""
from __future__ import annotations

import numpy as np

from ... import ops
from ..._path_alias import resolver
from ...common import dtype as mstype
from ...common.tensor import Tensor
from ...ops.validator import check_bool, check_type
from ..cell import Cell

__all__ = ["Range", "Moments", "MatMul", "MatDet", "MatInverse", "ReduceLogSumExp",
           "DiGamma", "LGamma", "IGamma", "LBeta"]

__getattr__, _aliased = resolver(__name__, "spore.nn", frozenset({"CosineSimilarity"}))


def __dir__():
    return sorted(set(globals()) | set(_aliased()))

_HALF_OR_SINGLE = (mstype.float16, mstype.float32)


def _check_float(name: str, arg: str, x) -> None:
    """`x` is a Float16 or Float32 Tensor, as MindSpore's math Cells require."""
    check_type(name, arg, x, Tensor)
    if x.dtype not in _HALF_OR_SINGLE:
        raise TypeError(f"For '{name}', the '{arg}' should be one of [mindspore.float16, mindspore.float32], "
                        f"but got '{x.dtype}'.")


def _check_same_float(name: str, x, y) -> None:
    """`x` Float16 / Float32 and `y` of the same dtype."""
    _check_float(name, "x", x)
    check_type(name, "y", y, Tensor)
    if y.dtype is not x.dtype:
        raise TypeError(f"For '{name}', the 'y' should be {x.dtype}, but got '{y.dtype}'.")


def _check_axis(name: str, axis, types=(int, tuple, list)) -> tuple | int:
    """An int or a sequence of ints (as a tuple)."""
    check_type(name, "axis", axis, types)
    if isinstance(axis, (tuple, list)):
        for i, item in enumerate(axis):
            check_type(name, f"axis[{i}]", item, int)
        return tuple(axis)
    return axis


class Range(Cell):
    """Range(start, limit=None, delta=1)

    A constant 1-D Tensor of the numbers start, start + delta, ... below `limit` (from 0 to
    `start` when `limit` is None), made once when the Cell is built: Int32 if every
    argument is an int, Float32 otherwise. Inputs: none.
    """

    def __init__(self, start, limit=None, delta=1):
        super().__init__()
        check_type(self.cls_name, "start", start, (int, float))
        if limit is not None:
            check_type(self.cls_name, "limit", limit, (int, float))
        check_type(self.cls_name, "delta", delta, (int, float))
        if delta == 0:
            raise ValueError(f"For '{self.cls_name}', the 'delta' can not be zero.")
        values = np.arange(start, limit, delta)
        dtype = mstype.float32 if values.dtype.kind == "f" else mstype.int32
        self.result_tensor = Tensor(values, dtype)

    def construct(self):
        return self.result_tensor


class Moments(Cell):
    """Moments(axis=None, keep_dims=None)

    (mean, variance) of x over `axis` (an int or a tuple of ints; None or () for every
    axis); the variance divides by N. Float16 inputs are reduced in Float32 and the results
    cast back. Inputs: x, Float16 / Float32. Outputs: two Tensors of the reduced shape.
    """

    def __init__(self, axis=None, keep_dims=None):
        super().__init__()
        self.axis = () if axis is None else _check_axis(self.cls_name, axis, (int, tuple))
        self.keep_dims = False if keep_dims is None else check_bool(self.cls_name, "keep_dims", keep_dims)

    def construct(self, x):
        _check_float(self.cls_name, "input x", x)
        axis = None if self.axis == () else self.axis
        values = ops.cast(x, mstype.float32) if x.dtype is mstype.float16 else x
        variance, mean = ops.var_mean(values, axis, 0, self.keep_dims)
        if x.dtype is mstype.float16:
            return ops.cast(mean, mstype.float16), ops.cast(variance, mstype.float16)
        return mean, variance


class MatMul(Cell):
    """MatMul(transpose_x1=False, transpose_x2=False)

    The matrix product of x1 (*B1, N, C) and x2 (*B2, C, M), either transposed first over
    its last two axes; the batch axes broadcast. A 1-D x1 is a row and a 1-D x2 a column,
    whose axis is dropped from the result (two 1-D inputs give their dot product).
    Inputs: x1, x2 of one dtype. Outputs: shape broadcast(B1, B2) + (N, M), less 1-D axes.
    """

    def __init__(self, transpose_x1=False, transpose_x2=False):
        super().__init__()
        self.transpose_x1 = check_bool(self.cls_name, "transpose_x1", transpose_x1)
        self.transpose_x2 = check_bool(self.cls_name, "transpose_x2", transpose_x2)

    def construct(self, x1, x2):
        name = self.cls_name
        check_type(name, "x1", x1, Tensor)
        check_type(name, "x2", x2, Tensor)
        if x1.dtype is not x2.dtype:
            raise TypeError(f"For '{name}', the type of 'x2' should be same as 'x1', but got 'x1' with type "
                            f"{x1.dtype} and 'x2' with type {x2.dtype}.")
        if x1.ndim == 0 or x2.ndim == 0:
            raise ValueError(f"For '{name}', the inputs must be at least 1-D, but got shapes {x1.shape} and "
                             f"{x2.shape}.")
        if self.transpose_x1 and x1.ndim > 1:
            x1 = ops.swapaxes(x1, -1, -2)
        if self.transpose_x2 and x2.ndim > 1:
            x2 = ops.swapaxes(x2, -1, -2)
        x1_col = x1.shape[-1]
        x2_row = x2.shape[0] if x2.ndim == 1 else x2.shape[-2]
        if x1_col != x2_row:
            raise ValueError(f"For '{name}', the column of matrix dimensions of 'x1' must be equal to the row of "
                             f"matrix dimensions of 'x2', but got 'x1_col' {x1_col} and 'x2_row' {x2_row}.")
        return ops.matmul(x1, x2)


def _cholesky_factor(name: str, a):
    """The lower Cholesky factor L of a symmetric positive-definite (*, N, N) `a`."""
    _check_float(name, "input_a", a)
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise ValueError(f"For '{name}', the 'input_a' must be a batch of square matrices (*, N, N), "
                         f"but got shape {a.shape}.")
    return ops.cholesky(a)


class MatDet(Cell):
    """MatDet(): the determinant of symmetric positive-definite matrices, from their Cholesky
    factor L as prod(diag(L))^2. Inputs: a (*, N, N), Float16 / Float32. Outputs: shape (*)."""

    def construct(self, a):
        factor = _cholesky_factor(self.cls_name, a)
        return ops.square(ops.prod(ops.diagonal(factor, 0, -2, -1), -1))


class MatInverse(Cell):
    """MatInverse(): the inverse of symmetric positive-definite matrices, through their
    Cholesky factor. Inputs: a (*, N, N), Float16 / Float32. Outputs: shape (*, N, N)."""

    def construct(self, a):
        return ops.cholesky_inverse(_cholesky_factor(self.cls_name, a))


class ReduceLogSumExp(Cell):
    """ReduceLogSumExp(axis, keep_dims=False)

    log(sum(exp(x), axis)), computed as m + log(sum(exp(x - m))) with m the largest element
    (so large inputs do not overflow); `axis` () reduces every axis.
    Inputs: x, float. Outputs: the reduced shape.
    """

    def __init__(self, axis, keep_dims=False):
        super().__init__()
        self.axis = _check_axis(self.cls_name, axis)
        self.keep_dims = check_bool(self.cls_name, "keep_dims", keep_dims)

    def construct(self, x):
        check_type(self.cls_name, "x", x, Tensor)
        # The gradients through the shift cancel: it is a constant for differentiation.
        shift = ops.stop_gradient(ops.amax(x))
        axis = None if self.axis == () else self.axis
        return ops.log(ops.sum(ops.exp(x - shift), axis, self.keep_dims)) + shift


class DiGamma(Cell):
    """DiGamma(): the digamma function, d/dx log(Gamma(x)), elementwise.
    Inputs: x, Float16 / Float32. Outputs: x's shape and dtype."""

    def construct(self, x):
        _check_float(self.cls_name, "x", x)
        return ops.digamma(x)


class LGamma(Cell):
    """LGamma(): log(|Gamma(x)|) elementwise (inf at 0 and the negative integers).
    Inputs: x, Float16 / Float32. Outputs: x's shape and dtype."""

    def construct(self, x):
        _check_float(self.cls_name, "x", x)
        return ops.lgamma(x)


class IGamma(Cell):
    """IGamma(): the regularized lower incomplete gamma function P(a, x), elementwise with
    broadcasting. Inputs: a, x of one dtype, Float16 / Float32. Outputs: the broadcast shape."""

    def construct(self, a, x):
        name = self.cls_name
        _check_float(name, "a", a)
        check_type(name, "x", x, Tensor)
        if x.dtype is not a.dtype:
            raise TypeError(f"For '{name}', the 'x' should be {a.dtype}, but got '{x.dtype}'.")
        return ops.igamma(a, x)


class LBeta(Cell):
    """LBeta(): log(|Beta(x, y)|) = lgamma(x) + lgamma(y) - lgamma(x + y), elementwise with
    broadcasting. The sum is taken in Float64: for large arguments its terms are large and
    nearly cancel. Inputs: x, y of one dtype, Float16 / Float32. Outputs: the broadcast shape."""

    def construct(self, x, y):
        _check_same_float(self.cls_name, x, y)
        x64 = ops.cast(x, mstype.float64)
        y64 = ops.cast(y, mstype.float64)
        result = ops.lgamma(x64) + ops.lgamma(y64) - ops.lgamma(x64 + y64)
        return ops.cast(result, x.dtype)

