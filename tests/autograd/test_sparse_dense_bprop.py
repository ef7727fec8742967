"""Numerical gradient checks of the bprops of SparseToDense, SparseTensorDenseAdd,
SparseTensorDenseMatmul, Coalesce and SparseSlice (values and dense operands; indices
and shapes take none)."""
import numpy as np
import pytest

from spore import ops
from spore.ops import operations as P
from tests.ops.op_testing import OpCase, case_id, rand

from .gradcheck import check_gradients

_IDX = np.array([[0, 1], [2, 3], [0, 1]], np.int64)
_I64 = np.int64

GRAD_CASES = [
    OpCase(ops.SparseToDense(), (_IDX, rand(3), (3, 4)), None),
    OpCase(ops.SparseTensorDenseAdd(), (_IDX, rand(3), np.array([3, 4]), rand(3, 4)), None),
    OpCase(P.SparseTensorDenseMatmul(), (_IDX, rand(3), (3, 4), rand(4, 2)), None),
    OpCase(P.SparseTensorDenseMatmul(True, False), (_IDX, rand(3), (3, 4), rand(3, 5)), None),
    OpCase(P.SparseTensorDenseMatmul(False, True), (_IDX, rand(3), (3, 4), rand(2, 4)), None),
    OpCase(P.SparseTensorDenseMatmul(True, True), (_IDX, rand(3), (3, 4), rand(2, 3)), None),
    OpCase(ops.Coalesce(), (np.array([[2, 0, 2, 1], [1, 3, 1, 0]], _I64), rand(4), np.array([3, 4], _I64)), None),
    OpCase(ops.SparseSlice(), (np.array([[0, 1], [1, 2], [1, 3], [2, 2]], _I64), rand(4), np.array([3, 4], _I64),
                               np.array([0, 1], _I64), np.array([2, 3], _I64)), None),
]


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_gradients(case):
    check_gradients(case.op, case.inputs)
