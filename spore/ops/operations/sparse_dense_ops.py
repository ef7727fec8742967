"""Primitives between the parts of a sparse tensor (COO indices (nnz, ndim), values (nnz,),
the dense shape) and dense tensors: SparseToDense, SparseTensorDenseAdd,
SparseTensorDenseMatmul. (`mindspore.ops.operations.sparse_ops` resolves to these.)"""
from __future__ import annotations

from ...common import dtype as mstype
from ..primitive import Primitive, TensorSpec
from ..validator import check_bool, check_dtype, check_tensor, check_type
from .selection_ops import _check_nd_values

__all__ = ["SparseToDense", "SparseTensorDenseAdd", "SparseTensorDenseMatmul"]

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
