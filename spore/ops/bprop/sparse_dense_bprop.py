"""bprops of the primitives in operations/sparse_dense_ops.py. A value at index vector i
takes the gradient of the dense element it lands on (read back with GatherNd); indices
and shapes take none."""
from __future__ import annotations

from ..operations import array_ops as A
from ..operations import linalg_ops as L
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
