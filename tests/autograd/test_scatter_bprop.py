"""Gradients of the scatter, segment and index-update primitives: numerical checks in
float64 (indices written once where MindSpore's bprops assume it), and the composed
scatters through the primitives they use."""
import numpy as np
import pytest

from spore import ops
from tests.ops.op_testing import OpCase, case_id, rand

from .gradcheck import check_gradients

i32, i64 = np.int32, np.int64
X234 = rand(2, 3, 4)
X32 = rand(3, 2)
VECTORS = np.array([[0, 1], [1, 2]], i64)
ROWS = np.array([2, 0], i32)


def _away_from_zero(*shape):
    """Values in [0.5, 1.5] with random signs: safe divisors and distinct extremes."""
    values = rand(*shape, low=0.5, high=1.5)
    return values * np.where(rand(*shape) < 0, -1, 1).astype(values.dtype)


GRAD_CASES = [
    OpCase(ops.TensorScatterSub(), (X234, VECTORS, rand(2, 4)), None),
    OpCase(ops.TensorScatterMul(), (X234, VECTORS, rand(2, 4)), None),
    OpCase(ops.TensorScatterDiv(), (X234, VECTORS, _away_from_zero(2, 4)), None),
    OpCase(ops.TensorScatterMax(), (X234, VECTORS, rand(2, 4)), None),
    OpCase(ops.TensorScatterMin(), (X32, np.array([[0, 1], [2, 0]], i32), rand(2)), None),
    OpCase(ops.TensorScatterElements(), (X32, np.array([[2, 0]], i64), rand(1, 2)), None),
    OpCase(ops.TensorScatterElements(1, "add"), (X32, np.array([[1], [1], [0]], i32), rand(3, 1)), None),
    OpCase(ops.ScatterUpdate(), (X32, ROWS, rand(2, 2)), None),
    OpCase(ops.ScatterNdUpdate(), (X234, VECTORS, rand(2, 4)), None),
    OpCase(ops.UnsortedSegmentSum(), (X234, np.array([[0, 2, 0], [5, -1, 2]], i32), 4), None),
    OpCase(ops.UnsortedSegmentMax(), (X32, np.array([1, 1, 0], i32), 2), None),
    OpCase(ops.UnsortedSegmentMin(), (rand(5), np.array([0, 1, 0, 1, 7], i64), 2), None),
    OpCase(ops.UnsortedSegmentProd(), (_away_from_zero(4, 2), np.array([0, 1, 0, 0], i32), 2), None),
    OpCase(ops.IndexAdd(2), (X234, np.array([3, 0, 3], i32), rand(2, 3, 3)), None),
    OpCase(ops.InplaceIndexAdd(0), (X32, np.array([1], i32), rand(1, 2)), None),
    OpCase(ops.IndexFill(), (X234, 2, np.array([1, 3], i32), np.array(0.5)), None),
    OpCase(ops.IndexFill(), (X32, 0, np.array([0], i64), 2.0), None),
    OpCase(ops.InplaceAdd((0, 2)), (X32, rand(2, 2)), None),
    OpCase(ops.InplaceSub(1), (X32, rand(1, 2)), None),
    OpCase(ops.InplaceUpdate((2, 1)), (X32, rand(2, 2)), None),
    OpCase(ops.SegmentSum(), (X32, np.array([0, 0, 2], i32)), None),
    OpCase(ops.SegmentMean(), (X234, np.array([1, 1], i64)), None),
    OpCase(ops.SegmentMax(), (rand(4, 2), np.array([0, 0, 1, 1], i32)), None),
    OpCase(ops.SegmentMin(), (rand(3), np.array([0, 1, 1], i32)), None),
    OpCase(ops.SegmentProd(), (_away_from_zero(3, 2), np.array([0, 0, 2], i32)), None),
    OpCase(ops.SparseSegmentMean(), (X32, np.array([0, 1, 2, 0], i32), np.array([1, 2, 2, 2], i32)), None),
    OpCase(ops.InplaceUpdateV2(), (X32, np.array([2, 0], i32), rand(2, 2)), None),
    OpCase(ops.ScatterAddWithAxis(1), (X32, np.array([[1], [0], [1]], i32), rand(3, 1)), None),
    OpCase(ops.IndexPut(), (X32, rand(2), (np.array([0, 2], i32), np.array([1, 0], i32))), None),
    OpCase(ops.IndexPut(1), (X32, rand(1), (np.array([0, 0], i64), np.array([1, 1], i64))), None),
    OpCase(ops.slice_scatter, (X234, rand(2, 3, 2), 2, 1, None, 2), None, prim="TensorSetItem"),
    OpCase(ops.select_scatter, (X234, rand(2, 4), 1, 0), None, prim="TensorSetItem"),
]

CHECKED_ELSEWHERE = {}


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_gradient(case):
    check_gradients(case.op, case.inputs)
