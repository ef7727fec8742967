"""bprops of the primitives in operations/sparse_dense_ops.py. A value at index vector i
takes the gradient of the dense element (or output value) it lands on; indices and
shapes take none."""
from __future__ import annotations

from ..operations import array_ops as A
from ..operations import linalg_ops as L
from ..operations import math_ops as M
from ..operations import reduce_ops as R
from ..operations import selection_ops as S
from ..operations import sparse_dense_ops as SD
from ..operations import special_ops as SP
from .registry import bprop

_gather_nd, _to_dense = S.GatherNd(), SD.SparseToDense()


@bprop("SparseToDense")
def _sparse_to_dense_bprop(prim, indices, values, sparse_shape, out, dout):
    return None, _gather_nd(dout, indices), None


@bprop("SparseTensorDenseAdd")
def _sparse_tensor_dense_add_bprop(prim, x1_indices, x1_values, x1_shape, x2, out, dout):
    return None, _gather_nd(dout, x1_indices), None, dout


def _adjoint(matrix):
    """The conjugate transpose (the transpose of a real matrix)."""
    transposed = A.Transpose()(matrix, (1, 0))
    return SP.Conj()(transposed) if matrix.dtype.is_complex else transposed


@bprop("SparseTensorDenseMatmul")
def _sparse_tensor_dense_matmul_bprop(prim, indices, values, sparse_shape, dense, out, dout):
    """out = a @ b with a = op(A), b = op(dense): da = dout @ b^H and db = a^H @ dout, each
    taken back through its op (an adjoint is its own inverse)."""
    sparse = _to_dense(indices, values, sparse_shape)
    a = _adjoint(sparse) if prim.adjoint_st else sparse
    b = _adjoint(dense) if prim.adjoint_dt else dense
    matmul = L.MatMul()
    da, db = matmul(dout, _adjoint(b)), matmul(_adjoint(a), dout)
    d_sparse = _adjoint(da) if prim.adjoint_st else da
    d_dense = _adjoint(db) if prim.adjoint_dt else db
    return None, _gather_nd(d_sparse, indices), None, d_dense



def _moved_gradient(from_indices, to_indices, dy):
    """The gradient of values (nnz,) at index vectors from_indices (nnz, ndim) that became
    outputs at to_indices (n, ndim) with gradient dy (n,): each value takes the dy of every
    output at its index vector (0 where none)."""
    expand_dims, cast = A.ExpandDims(), A.Cast()
    same = M.Equal()(expand_dims(from_indices, 1), expand_dims(to_indices, 0))
    lands = cast(R.ReduceAll()(same, 2), dy.dtype)
    column = L.MatMul()(lands, A.Reshape()(dy, (-1, 1)))
    return A.Reshape()(column, (-1,))


@bprop("Coalesce")
def _coalesce_bprop(prim, x_indices, x_values, x_shape, out, dout):
    transpose = A.Transpose()
    dx = _moved_gradient(transpose(x_indices, (1, 0)), transpose(out[0], (1, 0)), dout[1])
    return None, dx, None


@bprop("SparseSlice")
def _sparse_slice_bprop(prim, indices, values, shape, start, size, out, dout):
    return None, _moved_gradient(M.Sub()(indices, start), out[0], dout[1]), None, None, None
