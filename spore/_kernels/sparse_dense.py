"""Kernels of the primitives in ops/operations/sparse_dense_ops.py: a COO tensor's parts
scattered into a dense tensor, then added to or multiplied with another; duplicates
summed (Coalesce) and a box cut out (SparseSlice)."""
from __future__ import annotations

import torch

from .registry import kernel, kernel_factory
from .selection import _scatter_add


def _dense(indices: torch.Tensor, values: torch.Tensor, shape) -> torch.Tensor:
    """The dense tensor of `shape` holding values at indices (nnz, ndim), duplicates summed."""
    zeros = torch.zeros(tuple(int(d) for d in shape), dtype=values.dtype, device=values.device)
    return _scatter_add(zeros, indices, values)


@kernel("SparseToDense")
def _sparse_to_dense(indices, values, sparse_shape):
    return _dense(indices, values, sparse_shape)


@kernel("SparseTensorDenseAdd")
def _sparse_tensor_dense_add(x1_indices, x1_values, x1_shape, x2):
    return _scatter_add(x2.clone(), x1_indices, x1_values)


def _adjoint(matrix: torch.Tensor) -> torch.Tensor:
    return matrix.mH if matrix.is_complex() else matrix.T


@kernel_factory("SparseTensorDenseMatmul")
def _sparse_tensor_dense_matmul(prim):
    op_sparse = _adjoint if prim.adjoint_st else (lambda m: m)
    op_dense = _adjoint if prim.adjoint_dt else (lambda m: m)

    def run(indices, values, sparse_shape, dense):
        return torch.mm(op_sparse(_dense(indices, values, sparse_shape)), op_dense(dense))
    return run


@kernel("Coalesce")
def _coalesce(x_indices, x_values, x_shape):
    """Positions (columns of x_indices) made unique by torch.unique, which sorts them
    row-major; each value is added into its position's slot."""
    positions, slot = torch.unique(x_indices, dim=1, return_inverse=True)
    sums = torch.zeros(positions.shape[1], dtype=x_values.dtype, device=x_values.device)
    return positions, sums.index_add(0, slot, x_values), x_shape.clone()


@kernel("SparseSlice")
def _sparse_slice(indices, values, shape, start, size):
    inside = ((indices >= start) & (indices < start + size)).all(dim=1)
    return indices[inside] - start, values[inside], torch.minimum(size, shape - start)
