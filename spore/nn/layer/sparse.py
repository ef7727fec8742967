"""Sparse Cells (`mindspore.nn.sparse`): SparseToDense and SparseTensorDenseMatmul, over the
ops of the same names."""
from __future__ import annotations

from ... import ops
from ...common.sparse_tensor import COOTensor
from ...ops.validator import check_bool
from ..cell import Cell

__all__ = ["SparseToDense", "SparseTensorDenseMatmul"]


class SparseToDense(Cell):
    """SparseToDense(): the dense Tensor of a COOTensor, zeros where it holds no value.
    Inputs: sparse_tensor, a COOTensor. Outputs: a Tensor of its shape and dtype."""

    def construct(self, sparse_tensor):
        if not isinstance(sparse_tensor, COOTensor):
            raise TypeError(f"For '{self.cls_name}', the 'sparse_tensor' must be a COOTensor, but got "
                            f"{type(sparse_tensor).__name__}.")
        return ops.SparseToDense()(sparse_tensor.indices, sparse_tensor.values, sparse_tensor.shape)


class SparseTensorDenseMatmul(Cell):
    """SparseTensorDenseMatmul(adjoint_st=False, adjoint_dt=False)

    op(A) @ op(dense) for the 2-D sparse A given by indices (nnz, 2), values (nnz,) and
    sparse_shape (M, K); op transposes A with `adjoint_st`, dense with `adjoint_dt`.
    Inputs: indices, values, sparse_shape, dense. Outputs: the dense product (M, N).
    """

    def __init__(self, adjoint_st=False, adjoint_dt=False):
        super().__init__()
        self.adjoint_st = check_bool(self.cls_name, "adjoint_st", adjoint_st)
        self.adjoint_dt = check_bool(self.cls_name, "adjoint_dt", adjoint_dt)
        self.sparse_dense_matmul = ops.SparseTensorDenseMatmul(adjoint_st, adjoint_dt)

    def construct(self, indices, values, sparse_shape, dense):
        return self.sparse_dense_matmul(indices, values, sparse_shape, dense)
