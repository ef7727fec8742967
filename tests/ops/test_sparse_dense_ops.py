"""Forward and error cases of SparseToDense, SparseTensorDenseAdd, SparseTensorDenseMatmul,
Coalesce and SparseSlice against NumPy (np.add.at builds the dense tensor, duplicates
summed; np.unique over index columns gives the row-major positions)."""
import numpy as np
import pytest

from spore import ops
from spore.ops import operations as P
from tests.ops.op_testing import ErrorCase, OpCase, case_id, rand, run_case, run_error_case

_IDX = np.array([[0, 1], [2, 3], [0, 1]], np.int64)


def _dense(indices, values, shape):
    out = np.zeros(shape, values.dtype)
    np.add.at(out, tuple(indices.T), values)
    return out


def _dense_add(indices, values, shape, x2):
    return _dense(indices, values, x2.shape) + x2


def _matmul(adjoint_st, adjoint_dt):
    def reference(indices, values, shape, dense):
        a = _dense(indices, values, shape)
        a = a.conj().T if adjoint_st else a
        return a @ (dense.conj().T if adjoint_dt else dense)
    return reference


def _coalesce(x_indices, x_values, x_shape):
    positions, slot = np.unique(x_indices, axis=1, return_inverse=True)
    sums = np.zeros(positions.shape[1], x_values.dtype)
    np.add.at(sums, slot.reshape(-1), x_values)
    return positions, sums, x_shape


def _sparse_slice(indices, values, shape, start, size):
    inside = ((indices >= start) & (indices < start + size)).all(axis=1)
    return indices[inside] - start, values[inside], np.minimum(size, shape - start)


_COO_T = np.array([[2, 0, 2, 1], [1, 3, 1, 0]], np.int64)
_SLICE_IDX = np.array([[0, 1], [1, 2], [1, 3], [2, 2]], np.int64)
_I64 = np.int64

CASES = [
    OpCase(ops.SparseToDense(), (_IDX, rand(3), (3, 4)), _dense),
    OpCase(ops.SparseToDense(), (_IDX.astype(np.int32), rand(3, dtype=np.float64), (4, 5)), _dense),
    OpCase(ops.SparseToDense(), (np.array([[1, 0, 2]]), np.array([7], np.int32), (2, 2, 3)), _dense),
    OpCase(ops.SparseTensorDenseAdd(), (_IDX, rand(3), np.array([3, 4]), rand(3, 4)), _dense_add),
    OpCase(ops.SparseTensorDenseAdd(), (_IDX.astype(np.int32), np.array([1, 2, 3], np.int32),
                                        np.array([3, 4], np.int32), np.ones((3, 4), np.int32)), _dense_add),
    OpCase(P.SparseTensorDenseMatmul(), (_IDX, rand(3), (3, 4), rand(4, 2)), _matmul(False, False)),
    OpCase(P.SparseTensorDenseMatmul(True, False), (_IDX.astype(np.int32), rand(3), (3, 4), rand(3, 5)),
           _matmul(True, False)),
    OpCase(P.SparseTensorDenseMatmul(False, True), (_IDX, rand(3, dtype=np.float64), (3, 4), rand(2, 4,
           dtype=np.float64)), _matmul(False, True)),
    OpCase(P.SparseTensorDenseMatmul(True, True), (_IDX, rand(3), (3, 4), rand(2, 3)), _matmul(True, True)),
    OpCase(ops.Coalesce(), (_COO_T, rand(4), np.array([3, 4], _I64)), _coalesce),
    OpCase(ops.Coalesce(), (_COO_T[:, :3], rand(3, dtype=np.float64), np.array([3, 4], _I64)), _coalesce),
    OpCase(ops.SparseSlice(), (_SLICE_IDX, rand(4), np.array([3, 4], _I64), np.array([0, 1], _I64),
                               np.array([2, 3], _I64)), _sparse_slice),
    OpCase(ops.SparseSlice(), (_SLICE_IDX, np.arange(4, dtype=np.int32), np.array([3, 4], _I64),
                               np.array([1, 2], _I64), np.array([5, 5], _I64)), _sparse_slice),
]

ERROR_CASES = [
    ErrorCase(ops.SparseToDense(), (_IDX.astype(np.float32), rand(3), (3, 4)), TypeError, "dtype of 'indices'"),
    ErrorCase(ops.SparseToDense(), (_IDX, rand(2), (3, 4)), ValueError, "'values' must be 1-D of length"),
    ErrorCase(ops.SparseToDense(), (_IDX, rand(3), (3, 4, 5)), ValueError, "must be 2-D of shape \\(nnz, 3\\)"),
    ErrorCase(ops.SparseToDense(), (_IDX, rand(3), (3, 0)), ValueError, "tuple of positive ints"),
    ErrorCase(ops.SparseToDense(), (_IDX, rand(3), (2, 4)), IndexError, "out of range for shape \\(2, 4\\)"),
    ErrorCase(ops.SparseTensorDenseAdd(), (_IDX, rand(3), np.array([3, 4]), rand(3, 4, dtype=np.float64)),
              TypeError, "dtype of 'x1_values'"),
    ErrorCase(ops.SparseTensorDenseAdd(), (_IDX, rand(3), np.array([3, 4, 1]), rand(3, 4)), ValueError,
              "'x1_shape' must be 1-D of length rank\\(x2\\)"),
    ErrorCase(ops.SparseTensorDenseAdd(), (_IDX, rand(3), np.array([3.0, 4.0]), rand(3, 4)), TypeError,
              "dtype of 'x1_shape'"),
    ErrorCase(P.SparseTensorDenseMatmul(), (_IDX, rand(3), (3, 4), rand(3, 2)), ValueError, "inner dimensions"),
    ErrorCase(P.SparseTensorDenseMatmul(), (_IDX, rand(3), (3, 4), rand(4)), ValueError, "'dense' must be 2-D"),
    ErrorCase(P.SparseTensorDenseMatmul(), (_IDX, rand(3), (3, 4, 1), rand(4, 2)), ValueError, "2 elements"),
    ErrorCase(P.SparseTensorDenseMatmul(), (_IDX, rand(3), (3, 4), rand(4, 2, dtype=np.float64)), TypeError,
              "dtype of 'values'"),
    ErrorCase(lambda: P.SparseTensorDenseMatmul(adjoint_st=1), (), TypeError, "'adjoint_st' must be bool"),
    ErrorCase(ops.Coalesce(), (_COO_T.astype(np.int32), rand(4), np.array([3, 4], _I64)), TypeError,
              "dtype of 'x_indices'"),
    ErrorCase(ops.Coalesce(), (_COO_T, np.arange(4, dtype=np.int32), np.array([3, 4], _I64)), TypeError,
              "dtype of 'x_values'"),
    ErrorCase(ops.Coalesce(), (_COO_T, rand(3), np.array([3, 4], _I64)), ValueError, "'x_values' must be 1-D"),
    ErrorCase(ops.Coalesce(), (_COO_T, rand(4), np.array([3, 4, 5], _I64)), ValueError, "'x_shape' must have"),
    ErrorCase(ops.SparseSlice(), (_SLICE_IDX.astype(np.int32), rand(4), np.array([3, 4], _I64),
                                  np.array([0, 1], _I64), np.array([2, 3], _I64)), TypeError, "dtype of 'indices'"),
    ErrorCase(ops.SparseSlice(), (_SLICE_IDX, rand(4), np.array([3, 4], _I64), np.array([0], _I64),
                                  np.array([2, 3], _I64)), ValueError, "'start' must have"),
    ErrorCase(ops.SparseSlice(), (_SLICE_IDX, rand(2), np.array([3, 4], _I64), np.array([0, 1], _I64),
                                  np.array([2, 3], _I64)), ValueError, "'values' must be 1-D"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)
