"""Primitives over the parts of a sparse tensor (COO indices (nnz, ndim), values (nnz,),
the dense shape): to and with dense tensors (SparseToDense, SparseTensorDenseAdd,
SparseTensorDenseMatmul) and from sparse to sparse (Coalesce, SparseSlice).
(`mindspore.ops.operations.sparse_ops` resolves to these.)"""
from __future__ import annotations

import numpy as np

from ...common import dtype as mstype
from ..primitive import Primitive, TensorSpec
from ..validator import check_bool, check_dtype, check_tensor, check_type
from .selection_ops import _check_nd_values, _known, _value_dependent

__all__ = ["SparseToDense", "SparseTensorDenseAdd", "SparseTensorDenseMatmul", "Coalesce", "SparseSlice"]

_INDEX_DTYPES = (mstype.int32, mstype.int64)


def _check_coo_parts(op: str, indices, values, shape: tuple) -> None:
    """indices (nnz, ndim) of int32/int64 within `shape` (when known) and values (nnz,)."""
    ndim = len(shape)
    check_tensor(op, "indices", indices)
    check_tensor(op, "values", values)
    check_dtype(op, "indices", indices.dtype, _INDEX_DTYPES)
    if len(indices.shape) != 2 or indices.shape[1] != ndim:
        raise ValueError(f"For '{op}', the 'indices' must be 2-D of shape (nnz, {ndim}), but got shape "
                         f"{tuple(indices.shape)}.")
    if len(values.shape) != 1 or values.shape[0] != indices.shape[0]:
        raise ValueError(f"For '{op}', the 'values' must be 1-D of length indices.shape[0] = {indices.shape[0]}, "
                         f"but got shape {tuple(values.shape)}.")
    _check_nd_values(op, indices, shape)


def _check_dense_shape(op: str, arg: str, shape) -> tuple:
    check_type(op, arg, shape, tuple)
    if not shape or any(type(d) is not int or d <= 0 for d in shape):
        raise ValueError(f"For '{op}', the '{arg}' must be a non-empty tuple of positive ints, but got {shape}.")
    return shape


class SparseToDense(Primitive):
    """SparseToDense()(indices, values, sparse_shape): the dense tensor of `sparse_shape`
    holding values (nnz,) at indices (nnz, ndim) and 0 elsewhere (duplicates add up)."""

    def infer(self, indices, values, sparse_shape):
        shape = _check_dense_shape(self.name, "sparse_shape", sparse_shape)
        _check_coo_parts(self.name, indices, values, shape)
        return TensorSpec(shape, values.dtype)


class SparseTensorDenseAdd(Primitive):
    """SparseTensorDenseAdd()(x1_indices, x1_values, x1_shape, x2): the sparse tensor
    (x1_indices (n, ndim), x1_values (n,), x1_shape an int Tensor (ndim,)) plus the dense x2
    of that shape: a dense tensor of x2's shape."""

    def check(self, x1_indices, x1_values, x1_shape, x2):
        """The kernel never reads x1_shape: its checks run on every call."""
        check_tensor(self.name, "x1_shape", x1_shape)
        check_tensor(self.name, "x2", x2)
        check_dtype(self.name, "x1_shape", x1_shape.dtype, _INDEX_DTYPES)
        if len(x1_shape.shape) != 1 or x1_shape.shape[0] != len(x2.shape):
            raise ValueError(f"For '{self.name}', the 'x1_shape' must be 1-D of length rank(x2) = {len(x2.shape)}, "
                             f"but got shape {tuple(x1_shape.shape)}.")

    def infer(self, x1_indices, x1_values, x1_shape, x2):
        self.check(x1_indices, x1_values, x1_shape, x2)
        _check_coo_parts(self.name, x1_indices, x1_values, tuple(x2.shape))
        if x1_values.dtype is not x2.dtype:
            raise TypeError(f"For '{self.name}', the dtype of 'x1_values' must be the dtype of 'x2' ({x2.dtype}), "
                            f"but got {x1_values.dtype}.")
        return TensorSpec(x2.shape, x2.dtype)


class SparseTensorDenseMatmul(Primitive):
    """SparseTensorDenseMatmul(adjoint_st=False, adjoint_dt=False)(indices, values,
    sparse_shape, dense): op(A) @ op(dense), A the 2-D sparse tensor (indices (nnz, 2),
    values (nnz,), sparse_shape (M, K)), op the (conjugate) transpose where asked."""

    def __init__(self, adjoint_st: bool = False, adjoint_dt: bool = False):
        super().__init__()
        self.add_prim_attr("adjoint_st", check_bool(self.name, "adjoint_st", adjoint_st))
        self.add_prim_attr("adjoint_dt", check_bool(self.name, "adjoint_dt", adjoint_dt))

    def infer(self, indices, values, sparse_shape, dense):
        shape = _check_dense_shape(self.name, "sparse_shape", sparse_shape)
        if len(shape) != 2:
            raise ValueError(f"For '{self.name}', the 'sparse_shape' must have 2 elements, but got {shape}.")
        _check_coo_parts(self.name, indices, values, shape)
        check_tensor(self.name, "dense", dense)
        if len(dense.shape) != 2:
            raise ValueError(f"For '{self.name}', the 'dense' must be 2-D, but got shape {tuple(dense.shape)}.")
        if values.dtype is not dense.dtype:
            raise TypeError(f"For '{self.name}', the dtype of 'values' must be the dtype of 'dense' ({dense.dtype}), "
                            f"but got {values.dtype}.")
        rows, inner = shape[::-1] if self.adjoint_st else shape
        dense_inner, cols = tuple(dense.shape)[::-1] if self.adjoint_dt else tuple(dense.shape)
        if inner != dense_inner:
            raise ValueError(f"For '{self.name}', the inner dimensions of op(sparse) {(rows, inner)} and op(dense) "
                             f"{(dense_inner, cols)} must agree.")
        return TensorSpec((rows, cols), values.dtype)


def _check_int64(op: str, arg: str, value, ndim: int) -> None:
    check_tensor(op, arg, value)
    check_dtype(op, arg, value.dtype, (mstype.int64,))
    if len(value.shape) != ndim:
        raise ValueError(f"For '{op}', the '{arg}' must be {ndim}-D, but got shape {tuple(value.shape)}.")


class Coalesce(Primitive):
    """Coalesce()(x_indices, x_values, x_shape) -> (y_indices, y_values, y_shape): the sparse
    tensor of x_indices (ndim, nnz) (Int64), x_values (nnz,) (float) and x_shape (ndim,)
    (Int64) with one entry per position, the values there summed, positions in row-major
    order; y_indices is (ndim, n), y_values (n,), y_shape is x_shape."""

    def check(self, x_indices, x_values, x_shape):
        """torch would run on any index dtype: the checks run on every call."""
        _check_int64(self.name, "x_indices", x_indices, 2)
        _check_int64(self.name, "x_shape", x_shape, 1)
        check_tensor(self.name, "x_values", x_values)
        check_dtype(self.name, "x_values", x_values.dtype, (mstype.float16, mstype.float32, mstype.float64))
        if len(x_values.shape) != 1 or x_values.shape[0] != x_indices.shape[1]:
            raise ValueError(f"For '{self.name}', the 'x_values' must be 1-D of length x_indices.shape[1] = "
                             f"{x_indices.shape[1]}, but got shape {tuple(x_values.shape)}.")
        if x_shape.shape[0] != x_indices.shape[0]:
            raise ValueError(f"For '{self.name}', the 'x_shape' must have x_indices.shape[0] = {x_indices.shape[0]} "
                             f"elements, but got {x_shape.shape[0]}.")

    def infer(self, x_indices, x_values, x_shape):
        self.check(x_indices, x_values, x_shape)
        n = _value_dependent(x_indices, lambda a: np.unique(a, axis=1).shape[1])
        ndim = x_indices.shape[0]
        return (TensorSpec((ndim, n), mstype.int64), TensorSpec((n,), x_values.dtype),
                TensorSpec((ndim,), mstype.int64))


class SparseSlice(Primitive):
    """SparseSlice()(indices, values, shape, start, size) -> (y_indices, y_values, y_shape):
    the entries of the sparse tensor (indices (nnz, ndim), values (nnz,), shape (ndim,))
    inside the box [start, start + size), their indices relative to start; y_shape is
    min(size, shape - start). Every index input is Int64."""

    def check(self, indices, values, shape, start, size):
        """torch would run on any index dtype: the checks run on every call."""
        _check_int64(self.name, "indices", indices, 2)
        for arg, value in (("shape", shape), ("start", start), ("size", size)):
            _check_int64(self.name, arg, value, 1)
            if value.shape[0] != indices.shape[1]:
                raise ValueError(f"For '{self.name}', the '{arg}' must have indices.shape[1] = {indices.shape[1]} "
                                 f"elements, but got {value.shape[0]}.")
        check_tensor(self.name, "values", values)
        if len(values.shape) != 1 or values.shape[0] != indices.shape[0]:
            raise ValueError(f"For '{self.name}', the 'values' must be 1-D of length indices.shape[0] = "
                             f"{indices.shape[0]}, but got shape {tuple(values.shape)}.")

    def infer(self, indices, values, shape, start, size):
        self.check(indices, values, shape, start, size)
        known = [_known(v) for v in (indices, start, size)]
        n = -1 if any(k is None for k in known) else int(
            ((known[0] >= known[1]) & (known[0] < known[1] + known[2])).all(axis=1).sum())
        ndim = indices.shape[1]
        return (TensorSpec((n, ndim), mstype.int64), TensorSpec((n,), values.dtype),
                TensorSpec((ndim,), mstype.int64))
