"""Scatter, segment and index-update primitives: forward against NumPy, infer, bad input;
the in-place updates of a Parameter or Tensor; the composed scatters and Tensor methods."""
import numpy as np
import pytest

import spore as ms
from spore import ops

from .op_testing import ErrorCase, OpCase, case_id, rand, run_case, run_error_case

i32, i64, f64 = np.int32, np.int64, np.float64
X32 = rand(3, 2)
X234 = rand(2, 3, 4)
ROWS = np.array([0, 2], i32)
VECTORS = np.array([[0, 1], [1, 2], [0, 1]], i64)


def _np_nd(how):
    """A reference for the index-vector scatters: updates combined one after the other."""
    def reference(x, indices, updates):
        out = x.copy()
        depth = indices.shape[-1]
        for vector, update in zip(indices.reshape(-1, depth), updates.reshape((-1,) + x.shape[depth:])):
            at = tuple(vector)
            out[at] = how(out[at], update)
        return out
    return reference


def _np_rows(how):
    """A reference for the axis-0 scatters (index vectors of depth 1)."""
    nd = _np_nd(how)
    return lambda x, indices, updates: nd(x, indices.reshape(-1, 1), updates)


_ADD, _SUB = (lambda a, b: a + b), (lambda a, b: a - b)
_MUL, _DIV, _SET = (lambda a, b: a * b), (lambda a, b: a / b), (lambda a, b: b)


def _np_elements(axis, reduction="none"):
    def reference(x, indices, updates):
        out = x.copy()
        for position in np.ndindex(indices.shape):
            target = list(position)
            target[axis] = indices[position]
            if reduction == "add":
                out[tuple(target)] += updates[position]
            else:
                out[tuple(target)] = updates[position]
        return out
    return reference


def _np_segment(how, empty):
    def reference(x, ids, count):
        rest = x.shape[ids.ndim:]
        rows, flat_ids = x.reshape((-1,) + rest), ids.reshape(-1)
        out = np.full((count,) + rest, empty(x.dtype), x.dtype)
        for s in range(count):
            members = rows[flat_ids == s]
            if len(members):
                out[s] = how(members, axis=0)
        return out
    return reference


def _lowest(dtype):
    return np.finfo(dtype).min if np.issubdtype(dtype, np.floating) else np.iinfo(dtype).min


def _highest(dtype):
    return np.finfo(dtype).max if np.issubdtype(dtype, np.floating) else np.iinfo(dtype).max


def _np_index_add(x, indices, y, axis):
    out = np.moveaxis(x.copy(), axis, 0)
    np.add.at(out, indices, np.moveaxis(y, axis, 0))
    return np.moveaxis(out, 0, axis)


def _np_index_fill(x, dim, index, value):
    out = np.moveaxis(x.copy(), dim, 0)
    out[index] = value
    return np.moveaxis(out, 0, dim)


def _np_inplace(how, rows):
    return lambda x, v: _np_rows(how)(x, np.array(rows), v)


def _np_sorted_segment(how, empty):
    def reference(x, ids):
        count = int(ids.max()) + 1
        out = np.full((count,) + x.shape[1:], empty, x.dtype)
        for k in range(count):
            if (ids == k).any():
                out[k] = how(x[ids == k], axis=0)
        return out
    return reference


def _np_index_put(accumulate):
    def reference(x1, x2, indices):
        out = x1.copy()
        values = np.broadcast_to(x2, indices[0].shape)
        for k, position in enumerate(zip(*indices)):
            out[position] = out[position] + values[k] if accumulate else values[k]
        return out
    return reference


U32 = rand(2, 2)
U_VEC = rand(3, 4)
SEGMENT_X = np.array([1.0, -2.0, 3.0, 4.0, 5.0], np.float32)
SEGMENT_IDS = np.array([0, 2, 0, 5, -1], i32)

CASES = [
    # ---- tensor_scatter_*
    OpCase(ops.TensorScatterSub(), (X234, VECTORS, U_VEC), _np_nd(_SUB)),
    OpCase(ops.TensorScatterMul(), (X234, VECTORS, U_VEC), _np_nd(_MUL)),
    OpCase(ops.TensorScatterDiv(), (X234, VECTORS, U_VEC + 2), _np_nd(_DIV)),
    OpCase(ops.TensorScatterDiv(), (np.array([7, -7, 9], i32), np.array([[0], [1]], i32), np.array([2, 2], i32)),
           lambda x, i, u: np.array([3, -3, 9], i32)),
    OpCase(ops.TensorScatterMax(), (X234, VECTORS, U_VEC), _np_nd(np.maximum)),
    OpCase(ops.TensorScatterMin(), (rand(4, dtype=i64, high=9), np.array([[1], [3]], i32), np.array([0, 99], i64)),
           _np_nd(np.minimum)),
    OpCase(ops.tensor_scatter_sub, (X32, np.array([[2, 1]], i32), np.array([5.0], np.float32)), _np_nd(_SUB),
           prim="TensorScatterSub"),
    OpCase(ops.tensor_scatter_mul, (X32, np.array([[1]], i32), rand(1, 2)), _np_nd(_MUL), prim="TensorScatterMul"),
    OpCase(ops.tensor_scatter_div, (X32, np.array([[0]], i32), rand(1, 2) + 2), _np_nd(_DIV),
           prim="TensorScatterDiv"),
    OpCase(ops.tensor_scatter_max, (X32, np.array([[0, 0]], i32), np.array([9.0], np.float32)),
           _np_nd(np.maximum), prim="TensorScatterMax"),
    OpCase(ops.tensor_scatter_min, (X32, np.array([[0, 0]], i32), np.array([-9.0], np.float32)),
           _np_nd(np.minimum), prim="TensorScatterMin"),
    OpCase(ops.TensorScatterElements(), (X32, np.array([[2, 0]], i64), U32[:1].copy()), _np_elements(0)),
    OpCase(ops.TensorScatterElements(1, "add"), (X32, np.array([[1], [0], [-1]], i32), rand(3, 1)),
           lambda x, i, u: _np_elements(1, "add")(x, i % 2, u)),
    OpCase(ops.tensor_scatter_elements, (X234, rand(2, 2, 2, dtype=i32, high=3), rand(2, 2, 2), 1),
           lambda x, i, u, a: _np_elements(a)(x, i, u), prim="TensorScatterElements"),
    OpCase(ops.scatter, (X32, 1, np.array([[1], [0]], i64), rand(2, 1)), lambda x, a, i, s: _np_elements(a)(x, i, s),
           prim="TensorScatterElements"),
    # ---- in-place scatters (the op returns the updated input)
    OpCase(ops.ScatterAdd(), (X32, np.array([0, 2, 0], i32), rand(3, 2)), _np_rows(_ADD)),
    OpCase(ops.ScatterSub(), (X32, np.array([[1], [2]], i64), rand(2, 1, 2)), _np_rows(_SUB)),
    OpCase(ops.ScatterMul(), (X32, ROWS, U32), _np_rows(_MUL)),
    OpCase(ops.ScatterDiv(), (X32, ROWS, U32 + 2), _np_rows(_DIV)),
    OpCase(ops.ScatterMax(), (X32, np.array([1, 1], i32), U32), _np_rows(np.maximum)),
    OpCase(ops.ScatterMin(), (rand(3, dtype=i32, high=9), ROWS, np.array([-1, 20], i32)), _np_rows(np.minimum)),
    OpCase(ops.ScatterUpdate(), (X32, ROWS, U32), _np_rows(_SET)),
    OpCase(ops.scatter_add, (X32, ROWS, U32), _np_rows(_ADD), prim="ScatterAdd"),
    OpCase(ops.scatter_mul, (X32, ROWS, U32), _np_rows(_MUL), prim="ScatterMul"),
    OpCase(ops.scatter_div, (X32, ROWS, U32 + 2), _np_rows(_DIV), prim="ScatterDiv"),
    OpCase(ops.scatter_max, (X32, ROWS, U32), _np_rows(np.maximum), prim="ScatterMax"),
    OpCase(ops.scatter_min, (X32, ROWS, U32), _np_rows(np.minimum), prim="ScatterMin"),
    OpCase(ops.scatter_update, (X32, ROWS, U32), _np_rows(_SET), prim="ScatterUpdate"),
    OpCase(ops.ScatterNdAdd(), (X234, VECTORS, U_VEC), _np_nd(_ADD)),
    OpCase(ops.ScatterNdSub(), (X234, VECTORS, U_VEC), _np_nd(_SUB)),
    OpCase(ops.ScatterNdMul(), (X234, VECTORS, U_VEC), _np_nd(_MUL)),
    OpCase(ops.ScatterNdDiv(), (X234, VECTORS, U_VEC + 2), _np_nd(_DIV)),
    OpCase(ops.ScatterNdMax(), (X234, VECTORS, U_VEC), _np_nd(np.maximum)),
    OpCase(ops.ScatterNdMin(), (X234, VECTORS, U_VEC), _np_nd(np.minimum)),
    OpCase(ops.ScatterNdUpdate(), (X234, np.array([[1, 2, 3], [0, 0, 0]], i32), rand(2)), _np_nd(_SET)),
    OpCase(ops.scatter_nd_add, (X32, np.array([[1]], i32), rand(1, 2)), _np_nd(_ADD), prim="ScatterNdAdd"),
    OpCase(ops.scatter_nd_sub, (X32, np.array([[1]], i32), rand(1, 2)), _np_nd(_SUB), prim="ScatterNdSub"),
    OpCase(ops.scatter_nd_mul, (X32, np.array([[1]], i32), rand(1, 2)), _np_nd(_MUL), prim="ScatterNdMul"),
    OpCase(ops.scatter_nd_div, (X32, np.array([[1]], i32), rand(1, 2) + 2), _np_nd(_DIV), prim="ScatterNdDiv"),
    OpCase(ops.scatter_nd_max, (X32, np.array([[1]], i32), rand(1, 2)), _np_nd(np.maximum), prim="ScatterNdMax"),
    OpCase(ops.scatter_nd_min, (X32, np.array([[1]], i32), rand(1, 2)), _np_nd(np.minimum), prim="ScatterNdMin"),
    OpCase(ops.scatter_nd_update, (X32, np.array([[1, 0]], i32), rand(1)), _np_nd(_SET), prim="ScatterNdUpdate"),
    # ---- segments
    OpCase(ops.UnsortedSegmentSum(), (SEGMENT_X, SEGMENT_IDS, 4), _np_segment(np.sum, lambda d: 0)),
    OpCase(ops.UnsortedSegmentSum(), (X234, np.array([[1, 0, 1], [1, 1, 0]], i64), 2),
           _np_segment(np.sum, lambda d: 0)),
    OpCase(ops.UnsortedSegmentMax(), (SEGMENT_X, SEGMENT_IDS, 4), _np_segment(np.max, _lowest)),
    OpCase(ops.UnsortedSegmentMax(), (rand(4, 2, dtype=i32, high=9), np.array([1, 1, 0, 1], np.int16), 3),
           _np_segment(np.max, _lowest)),
    OpCase(ops.UnsortedSegmentMin(), (SEGMENT_X, SEGMENT_IDS, 4), _np_segment(np.min, _highest)),
    OpCase(ops.UnsortedSegmentProd(), (SEGMENT_X, SEGMENT_IDS, 4), _np_segment(np.prod, lambda d: 1)),
    OpCase(ops.UnsortedSegmentProd(), (X32, np.array([0, 0, 1], i32), 2), _np_segment(np.prod, lambda d: 1)),
    OpCase(ops.unsorted_segment_sum, (X32, np.array([1, 1, 0], i32), 3), _np_segment(np.sum, lambda d: 0),
           prim="UnsortedSegmentSum"),
    OpCase(ops.unsorted_segment_max, (X32, np.array([1, 1, 0], i32), 2), _np_segment(np.max, _lowest),
           prim="UnsortedSegmentMax"),
    OpCase(ops.unsorted_segment_min, (X32, np.array([1, 1, 0], i32), 2), _np_segment(np.min, _highest),
           prim="UnsortedSegmentMin"),
    OpCase(ops.unsorted_segment_prod, (X32, np.array([1, 1, 0], i32), 2), _np_segment(np.prod, lambda d: 1),
           prim="UnsortedSegmentProd"),
    # ---- index updates
    OpCase(ops.IndexAdd(0), (X32, np.array([0, 2, 0], i32), rand(3, 2)), lambda x, i, y: _np_index_add(x, i, y, 0)),
    OpCase(ops.IndexAdd(-1), (X234, np.array([3, 1], i64), rand(2, 3, 2)), lambda x, i, y: _np_index_add(x, i, y, 2)),
    OpCase(ops.index_add, (X32, np.array([1], i32), rand(3, 1), 1), _np_index_add, prim="IndexAdd"),
    OpCase(ops.InplaceIndexAdd(1), (X234, np.array([0, 0], i32), rand(2, 2, 4)),
           lambda x, i, y: _np_index_add(x, i, y, 1)),
    OpCase(ops.inplace_index_add, (X32, np.array([2], i32), rand(1, 2), 0), _np_index_add, prim="InplaceIndexAdd"),
    OpCase(ops.IndexFill(), (X234, 1, np.array([0, 2], i32), 9.0), _np_index_fill),
    OpCase(ops.IndexFill(), (rand(3, 2, dtype=i32, high=9), -1, np.array([1], i64), np.array(7, i32)),
           lambda x, d, i, v: _np_index_fill(x, 1, i, v)),
    OpCase(ops.index_fill, (X32, 0, np.array([-1], i32), np.array(-5.0, np.float32)), _np_index_fill,
           prim="IndexFill"),
    OpCase(ops.InplaceAdd((0, 2)), (X32, U32), _np_inplace(_ADD, (0, 2))),
    OpCase(ops.InplaceSub(1), (X32, rand(1, 2)), _np_inplace(_SUB, (1,))),
    OpCase(ops.InplaceUpdate((2, 0)), (X32, U32), _np_inplace(_SET, (2, 0))),
    OpCase(ops.inplace_add, (X32, U32, (1, 1)), lambda x, v, i: _np_inplace(_ADD, i)(x, v), prim="InplaceAdd"),
    OpCase(ops.inplace_sub, (X32, rand(1, 2), 0), lambda x, v, i: _np_inplace(_SUB, (i,))(x, v),
           prim="InplaceSub"),
    OpCase(ops.inplace_update, (X32, U32, (0, 1)), lambda x, v, i: _np_inplace(_SET, i)(x, v),
           prim="InplaceUpdate"),
    # ---- sorted segments
    OpCase(ops.SegmentSum(), (X32, np.array([0, 0, 2], i32)), _np_sorted_segment(np.sum, 0)),
    OpCase(ops.SegmentSum(), (rand(4, dtype=i64, high=9), np.array([1, 1, 1, 3], i64)),
           _np_sorted_segment(np.sum, 0)),
    OpCase(ops.SegmentMean(), (X234, np.array([0, 1], i32)), _np_sorted_segment(np.mean, 0)),
    OpCase(ops.SegmentMean(), (X32, np.array([1, 1, 1], i32)), _np_sorted_segment(np.mean, 0)),
    OpCase(ops.SegmentMax(), (X32, np.array([0, 2, 2], i32)), _np_sorted_segment(np.max, 0)),
    OpCase(ops.SegmentMin(), (X32, np.array([0, 2, 2], i64)), _np_sorted_segment(np.min, 0)),
    OpCase(ops.SegmentProd(), (X32, np.array([0, 0, 2], i32)), _np_sorted_segment(np.prod, 1)),
    OpCase(ops.SparseSegmentMean(), (X32, np.array([0, 1, 2], i32), np.array([1, 2, 2], i32)),
           lambda x, i, s: _np_sorted_segment(np.mean, 0)(x[i], s)),
    OpCase(ops.sparse_segment_mean, (X234, np.array([1, 1, 0], i64), np.array([0, 0, 3], i64)),
           lambda x, i, s: _np_sorted_segment(np.mean, 0)(x[i], s), prim="SparseSegmentMean"),
    # ---- more index updates
    OpCase(ops.InplaceUpdateV2(), (X32, np.array([0, 2], i32), U32),
           lambda x, i, v: _np_inplace(_SET, tuple(i))(x, v)),
    OpCase(ops.InplaceUpdateV2(), (X32, 1, rand(1, 2)), lambda x, i, v: _np_inplace(_SET, (i,))(x, v)),
    OpCase(ops.ScatterAddWithAxis(1), (X32, np.array([[1], [0], [1]], i32), rand(3, 1)),
           lambda x, i, u: _np_elements(1, "add")(x, i, u)),
    OpCase(ops.ScatterAddWithAxis(), (X32, np.array([[2, 2]], i64), rand(1, 2)),
           lambda x, i, u: _np_elements(0, "add")(x, i, u)),
    OpCase(ops.ScatterNonAliasingAdd(), (X234, VECTORS, U_VEC), _np_nd(_ADD)),
    OpCase(ops.IndexPut(), (X32, rand(2), (np.array([0, 2], i32), np.array([1, 1], i32))), _np_index_put(False)),
    OpCase(ops.IndexPut(1), (X32, rand(1), (np.array([0, 0], i64), np.array([1, 1], i64))), _np_index_put(True)),
    OpCase(ops.IndexPut(1), (X234, rand(1), [np.array([1, 0, 1], i32)]), _np_index_put(True)),
    # ---- composed of indexing
    OpCase(ops.slice_scatter, (X234, rand(2, 3, 2), 2, 1, None, 2),
           lambda x, s, a, b, e, st: _set_slice(x, s, (slice(None),) * 2 + (slice(b, e, st),))),
    OpCase(ops.slice_scatter, (X32, rand(3, 2)), lambda x, s: _set_slice(x, s, (slice(None),))),
    OpCase(ops.slice_scatter, (X32, rand(1, 2), 0, -1), lambda x, s, a, b: _set_slice(x, s, (slice(b, None),))),
    OpCase(ops.select_scatter, (X234, rand(2, 4), 1, -1), lambda x, s, a, i: _set_slice(x, s, (slice(None), i))),
]


def _set_slice(x, src, index):
    out = x.copy()
    out[index] = src
    return out


ERROR_CASES = [
    ErrorCase(ops.TensorScatterMul(), (X32, np.array([[0]], i32), rand(1, 2, dtype=f64)), TypeError,
              "For 'TensorScatterMul', the dtype of 'updates'"),
    ErrorCase(ops.TensorScatterSub(), (X32, np.array([[0]], i32), rand(2, 2)), ValueError,
              "For 'TensorScatterSub', the shape of 'updates'"),
    ErrorCase(ops.TensorScatterDiv(), (X32, np.array([[5]], i32), rand(1, 2)), IndexError,
              "For 'TensorScatterDiv', the index vector"),
    ErrorCase(ops.TensorScatterMax(), (X32, np.array([[0.0]], np.float32), rand(1, 2)), TypeError,
              "For 'TensorScatterMax'"),
    ErrorCase(ops.TensorScatterMin(), ([1.0], np.array([[0]], i32), rand(1)), TypeError,
              "For 'TensorScatterMin', the 'input_x' must be a Tensor"),
    ErrorCase(ops.TensorScatterElements(), (X32, np.array([[3, 0]], i64), rand(1, 2)), IndexError,
              r"For 'TensorScatterElements', the 'indices' must be in range \[-3, 3\)"),
    ErrorCase(ops.TensorScatterElements(), (X32, np.array([[1, 0]], i64), rand(2, 1)), ValueError,
              "must have one shape"),
    ErrorCase(ops.TensorScatterElements(2), (X32, np.array([[1, 0]], i64), rand(1, 2)), ValueError,
              r"range \[-2, 2\)"),
    ErrorCase(lambda: ops.TensorScatterElements(0, "mul"), (), ValueError,
              "For 'TensorScatterElements', the 'reduction'", prim="TensorScatterElements"),
    ErrorCase(ops.ScatterAdd(), (X32, ROWS, rand(2, 3)), ValueError,
              r"For 'ScatterAdd', the shape of 'updates' must be indices.shape \+ input_x.shape\[1:\]"),
    ErrorCase(ops.ScatterSub(), (X32, np.array([3], i32), rand(1, 2)), IndexError,
              r"For 'ScatterSub', the 'indices' must be in range \[0, 3\)"),
    ErrorCase(ops.ScatterMul(), (X32, ROWS, rand(2, 2, dtype=f64)), TypeError,
              "For 'ScatterMul', the dtype of 'updates'"),
    ErrorCase(ops.ScatterDiv(), (X32, np.array([0.0, 1.0]), U32), TypeError, "For 'ScatterDiv'"),
    ErrorCase(ops.ScatterMax(), (np.array(1.0, np.float32), np.array(0, i32), np.array(1.0, np.float32)), ValueError,
              "For 'ScatterMax', the 'input_x' must have at least 1 dimension"),
    ErrorCase(ops.ScatterMin(), ([1.0, 2.0], ROWS, rand(2)), TypeError, "For 'ScatterMin', the 'input_x' must be"),
    ErrorCase(ops.ScatterUpdate(), (X32, ROWS, rand(3, 2)), ValueError, "For 'ScatterUpdate'"),
    ErrorCase(lambda: ops.ScatterUpdate(1), (), TypeError, "For 'ScatterUpdate', the 'use_locking'",
              prim="ScatterUpdate"),
    ErrorCase(ops.ScatterNdAdd(), (X32, np.array([[0, 0, 0]], i32), rand(1)), ValueError,
              "For 'ScatterNdAdd', the last dimension of 'indices'"),
    ErrorCase(ops.ScatterNdSub(), (X32, np.array([0], i32), rand(1, 2)), ValueError,
              "For 'ScatterNdSub', the dimension of 'indices'"),
    ErrorCase(ops.ScatterNdMul(), (X32, np.array([[4]], i32), rand(1, 2)), IndexError, "For 'ScatterNdMul'"),
    ErrorCase(ops.ScatterNdDiv(), (X32, np.array([[0]], i32), rand(1, 3)), ValueError, "For 'ScatterNdDiv'"),
    ErrorCase(ops.ScatterNdMax(), (X32, np.array([[0]], i32), rand(1, 2, dtype=f64)), TypeError, "For 'ScatterNdMax'"),
    ErrorCase(ops.ScatterNdMin(), (X32, np.array([[0]], np.int16), rand(1, 2)), TypeError, "For 'ScatterNdMin'"),
    ErrorCase(ops.ScatterNdUpdate(), (X32, np.array([[0, 1]], i32), rand(2)), ValueError, "For 'ScatterNdUpdate'"),
    ErrorCase(ops.UnsortedSegmentSum(), (SEGMENT_X, SEGMENT_IDS[:3], 4), ValueError,
              "For 'UnsortedSegmentSum', the shape of 'segment_ids'"),
    ErrorCase(ops.UnsortedSegmentMax(), (SEGMENT_X, SEGMENT_IDS.astype(np.float32), 4), TypeError,
              "For 'UnsortedSegmentMax', the dtype of 'segment_ids'"),
    ErrorCase(ops.UnsortedSegmentMin(), (SEGMENT_X, SEGMENT_IDS, 0), ValueError,
              "For 'UnsortedSegmentMin', the 'num_segments' must be positive"),
    ErrorCase(ops.UnsortedSegmentProd(), (SEGMENT_X, SEGMENT_IDS, 2.0), TypeError,
              "For 'UnsortedSegmentProd', the 'num_segments'"),
    ErrorCase(ops.IndexAdd(0), (X32, np.array([[0]], i32), rand(1, 2)), ValueError,
              "For 'IndexAdd', the 'indices' must be 1-D"),
    ErrorCase(ops.IndexAdd(1), (X32, np.array([0], i32), rand(1, 2)), ValueError,
              r"For 'IndexAdd', the shape of 'input_y' must be \(3, 1\)"),
    ErrorCase(ops.IndexAdd(0), (X32, np.array([3], i32), rand(1, 2)), IndexError, "For 'IndexAdd'"),
    ErrorCase(lambda: ops.IndexAdd(0.0), (), TypeError, "For 'IndexAdd', the 'axis'", prim="IndexAdd"),
    ErrorCase(ops.InplaceIndexAdd(2), (X32, np.array([0], i32), rand(1, 2)), ValueError, "For 'InplaceIndexAdd'"),
    ErrorCase(ops.InplaceIndexAdd(0), (X32, np.array([0], i32), rand(1, 2, dtype=f64)), TypeError,
              "For 'InplaceIndexAdd', the dtype of 'updates'"),
    ErrorCase(ops.IndexFill(), (X32, 2, np.array([0], i32), 1.0), ValueError, r"For 'IndexFill'.*range \[-2, 2\)"),
    ErrorCase(ops.IndexFill(), (X32, 0, np.array([0], i32), "a"), TypeError, "For 'IndexFill', the 'value'"),
    ErrorCase(ops.IndexFill(), (X32, 0, np.array([0], i32), np.array([1.0], np.float32)), ValueError,
              "For 'IndexFill', the 'value' must be a 0-d Tensor"),
    ErrorCase(ops.IndexFill(), (X32, 0, np.array([[0]], i32), 1.0), ValueError, "For 'IndexFill', the 'index'"),
    ErrorCase(ops.InplaceAdd(3), (X32, rand(1, 2)), IndexError, r"For 'InplaceAdd', the 'indices' must be in range"),
    ErrorCase(ops.InplaceSub((0, 1)), (X32, rand(1, 2)), ValueError, r"For 'InplaceSub', the shape of 'v'"),
    ErrorCase(ops.InplaceUpdate(0), (X32, rand(1, 2, dtype=f64)), TypeError, "For 'InplaceUpdate'"),
    ErrorCase(lambda: ops.InplaceUpdate(1.0), (), TypeError, "For 'InplaceUpdate', the 'indices'",
              prim="InplaceUpdate"),
    ErrorCase(ops.SegmentSum(), (X32, np.array([1, 0, 2], i32)), ValueError,
              "For 'SegmentSum', the 'segment_ids' must be non-negative and sorted"),
    ErrorCase(ops.SegmentMean(), (X32, np.array([0, 1], i32)), ValueError, "For 'SegmentMean', the 'segment_ids' must"),
    ErrorCase(ops.SegmentMax(), (X32, np.array([0.0, 1.0, 1.0], np.float32)), TypeError, "For 'SegmentMax'"),
    ErrorCase(ops.SegmentMin(), (X32, np.array([-1, 0, 0], i32)), ValueError, "For 'SegmentMin'"),
    ErrorCase(ops.SegmentProd(), ([1.0], np.array([0], i32)), TypeError, "For 'SegmentProd', the 'input_x'"),
    ErrorCase(ops.SparseSegmentMean(), (X32, np.array([0, 3], i32), np.array([0, 0], i32)), IndexError,
              "For 'SparseSegmentMean', the 'indices'"),
    ErrorCase(ops.SparseSegmentMean(), (X32, np.array([0, 1], i32), np.array([1, 0], i32)), ValueError,
              "For 'SparseSegmentMean', the 'segment_ids' must be non-negative and sorted"),
    ErrorCase(ops.SparseSegmentMean(), (X32, np.array([0, 1], i32), np.array([0], i32)), ValueError,
              "For 'SparseSegmentMean', 'indices' and 'segment_ids' must be 1-D of one length"),
    ErrorCase(ops.SparseSegmentMean(), (rand(3, dtype=i32), np.array([0], i32), np.array([0], i32)), TypeError,
              "For 'SparseSegmentMean', the dtype of 'x'"),
    ErrorCase(ops.InplaceUpdateV2(), (X32, np.array([3], i32), rand(1, 2)), IndexError, "For 'InplaceUpdate'"),
    ErrorCase(ops.InplaceUpdateV2(), (X32, np.array([0.0], np.float32), rand(1, 2)), TypeError,
              "For 'InplaceUpdateV2', the dtype of 'indices'"),
    ErrorCase(ops.ScatterAddWithAxis(), (X32, np.array([[3, 0]], i64), rand(1, 2)), IndexError,
              "For 'TensorScatterElements'"),
    ErrorCase(ops.ScatterNonAliasingAdd(), (X32, np.array([[0]], i32), rand(1, 3)), ValueError,
              "For 'ScatterNonAliasingAdd'"),
    ErrorCase(ops.IndexPut(), (X32, rand(3), (np.array([0, 2], i32),)), ValueError, "For 'IndexPut', the 'indices'"),
    ErrorCase(ops.IndexPut(), (X32, rand(2, dtype=f64), (np.array([0, 2], i32),)), TypeError,
              "For 'IndexPut', the dtype of 'x2'"),
    ErrorCase(ops.IndexPut(), (X32, rand(1), np.array([0, 2], i32)), TypeError, "For 'IndexPut', the 'indices'"),
    ErrorCase(ops.IndexPut(), (X32, rand(1), (np.array([5], i32),)), IndexError, "For 'IndexPut'"),
    ErrorCase(lambda: ops.IndexPut(2), (), ValueError, "For 'IndexPut', the 'accumulate'", prim="IndexPut"),
    ErrorCase(ops.slice_scatter, (X32, rand(3, 2), 0, 1), ValueError, "For 'slice_scatter', the shape of 'src'"),
    ErrorCase(ops.slice_scatter, (X32, rand(3, 2), 0, None, None, 0), ValueError, "For 'slice_scatter', the 'step'"),
    ErrorCase(ops.select_scatter, (X32, rand(2), 0, 3), IndexError, "For 'select_scatter', the 'index'"),
    ErrorCase(ops.select_scatter, (X32, rand(3), 0, 1), ValueError, "For 'select_scatter', the shape of 'src'"),
    ErrorCase(ops.put_, (X32, np.array([0.0], np.float32), rand(1)), TypeError, "For 'put_', the dtype of 'index'"),
    ErrorCase(ops.put_, (X32, np.array([0, 1], i32), rand(1)), ValueError, "For 'put_', the 'source' must have"),
]


GRAPH_CONSTANT_INPUTS = {
    "InplaceUpdateV2[(3, 2),(2,),(2, 2)]": (
        "'indices' given as a Tensor: InplaceUpdateV2's infer checks the row indices against x's rows when it "
        "compiles, so it needs their values (MindSpore 2.7.1 takes them at run time)"),
}


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)


# ---- in place --------------------------------------------------------------------------------------
def test_scatters_update_their_input():
    p = ms.Parameter(ms.Tensor(X32), name="p")
    out = ops.scatter_add(p, ms.Tensor(ROWS), ms.Tensor(U32))
    np.testing.assert_allclose(p.asnumpy(), _np_rows(_ADD)(X32, ROWS, U32))
    np.testing.assert_allclose(out.asnumpy(), p.asnumpy())
    x = ms.Tensor(X32)
    ops.scatter_nd_update(x, ms.Tensor(np.array([[2, 1]], i32)), ms.Tensor(np.array([7.0], np.float32)))
    assert float(x[2, 1]) == 7.0
    ops.index_add(x, ms.Tensor(np.array([0], i32)), ms.Tensor(np.ones((1, 2), np.float32)), 0)
    np.testing.assert_allclose(x.asnumpy()[0], X32[0] + 1)
    ops.inplace_update(x, ms.Tensor(np.zeros((1, 2), np.float32)), 1)
    assert x.asnumpy()[1].tolist() == [0.0, 0.0]


def test_scatter_in_graph_mode_updates_the_parameter():
    p = ms.Parameter(ms.Tensor(X32), name="q")
    step = ms.jit(lambda u: ops.scatter_update(p, ms.Tensor(ROWS), u))
    step(ms.Tensor(U32))
    np.testing.assert_allclose(p.asnumpy(), _np_rows(_SET)(X32, ROWS, U32))


def test_num_segments_may_be_a_tensor():
    out = ops.unsorted_segment_sum(ms.Tensor(X32), ms.Tensor(np.array([0, 0, 1], i32)), ms.Tensor(2, ms.int32))
    np.testing.assert_allclose(out.asnumpy(), _np_segment(np.sum, lambda d: 0)(X32, np.array([0, 0, 1]), 2))


def test_put_():
    x = ms.Tensor(X32)
    assert ops.put_(x, ms.Tensor(np.array([0, -1], i32)), ms.Tensor(np.array([9.0, 8.0], np.float32))) is x
    expected = X32.copy().reshape(-1)
    expected[[0, -1]] = [9.0, 8.0]
    np.testing.assert_allclose(x.asnumpy(), expected.reshape(3, 2))
    x.put_(ms.Tensor(np.array([0, 0], i32)), ms.Tensor(np.array([1.0, 1.0], np.float32)), accumulate=True)
    assert float(x[0, 0]) == 11.0


# ---- Tensor methods --------------------------------------------------------------------------------
def test_scatter_methods():
    x = ms.Tensor(X32)
    index = ms.Tensor(np.array([[1], [0], [1]], i64))
    np.testing.assert_allclose(x.scatter(1, index, 0.5).asnumpy(), _np_elements(1)(X32, index.asnumpy(),
                                                                                np.full((3, 1), 0.5, np.float32)))
    src = rand(3, 1)
    np.testing.assert_allclose(x.scatter_add(1, index, ms.Tensor(src)).asnumpy(),
                               _np_elements(1, "add")(X32, index.asnumpy(), src))
    y = ms.Tensor(X32)
    assert y.scatter_(0, ms.Tensor(np.array([[2, 2]], i64)), ms.Tensor(np.zeros((1, 2), np.float32))) is y
    assert y.asnumpy()[2].tolist() == [0.0, 0.0]
    y.scatter_add_(0, ms.Tensor(np.array([[2, 2]], i64)), ms.Tensor(np.ones((1, 2), np.float32)))
    assert y.asnumpy()[2].tolist() == [1.0, 1.0]
    z = ms.Tensor(X32)
    z.scatter_mul(ms.Tensor(ROWS), ms.Tensor(U32))
    np.testing.assert_allclose(z.asnumpy(), _np_rows(_MUL)(X32, ROWS, U32))
    for name, how in (("scatter_sub", _SUB), ("scatter_div", _DIV), ("scatter_max", np.maximum),
                      ("scatter_min", np.minimum)):
        t = ms.Tensor(X32)
        getattr(t, name)(ms.Tensor(ROWS), ms.Tensor(U32 + 2))
        np.testing.assert_allclose(t.asnumpy(), _np_rows(how)(X32, ROWS, U32 + 2), rtol=1e-6)


def test_scatter_method_takes_axis_and_a_larger_src():
    x = ms.Tensor(np.zeros((2, 3), np.float32))
    index = ms.Tensor(np.array([[2, 0]], i64))
    src = np.arange(6, dtype=np.float32).reshape(2, 3)
    out = x.scatter(axis=1, index=index, src=ms.Tensor(src))
    np.testing.assert_allclose(out.asnumpy(), _np_elements(1)(np.zeros((2, 3), np.float32), index.asnumpy(),
                                                             src[:1, :2]))


def test_index_methods():
    x = ms.Tensor(X32)
    index = ms.Tensor(np.array([0, 0], i32))
    x.index_add_(0, index, ms.Tensor(np.ones((2, 2), np.float32)), alpha=2)
    np.testing.assert_allclose(x.asnumpy()[0], X32[0] + 4, rtol=1e-6)
    y = ms.Tensor(X32)
    y.index_copy_(1, ms.Tensor(np.array([1], i32)), ms.Tensor(np.full((3, 1), 7.0, np.float32)))
    assert y.asnumpy()[:, 1].tolist() == [7.0] * 3
    filled = ms.Tensor(X32).index_fill(1, ms.Tensor(np.array([0], i32)), 9.0)
    np.testing.assert_allclose(filled.asnumpy(), _np_index_fill(X32, 1, [0], 9.0))
    z = ms.Tensor(X32)
    assert z.index_fill_(0, ms.Tensor(np.array([1], i32)), -1.0) is z
    assert z.asnumpy()[1].tolist() == [-1.0, -1.0]
    w = ms.Tensor(X32)
    w.index_add(ms.Tensor(np.array([2], i32)), ms.Tensor(np.ones((1, 2), np.float32)), 0)
    np.testing.assert_allclose(w.asnumpy()[2], X32[2] + 1)
    w.inplace_update(ms.Tensor(np.zeros((1, 2), np.float32)), 0)
    assert w.asnumpy()[0].tolist() == [0.0, 0.0]


def test_masked_scatter():
    x = ms.Tensor(X32)
    mask = ms.Tensor(np.array([True, False]))
    source = np.arange(10, dtype=np.float32)
    expected = X32.copy()
    expected[np.broadcast_to([True, False], (3, 2))] = source[:3]
    np.testing.assert_allclose(x.masked_scatter(mask, ms.Tensor(source)).asnumpy(), expected)
    assert x.masked_scatter_(mask, ms.Tensor(source)) is x
    np.testing.assert_allclose(x.asnumpy(), expected)
    with pytest.raises(ValueError, match="For 'MaskedScatter', the 'updates' must hold at least as many"):
        x.masked_scatter(mask, ms.Tensor(source[:2]))
    with pytest.raises(TypeError, match="For 'MaskedScatter', the dtype of 'mask'"):
        x.masked_scatter(ms.Tensor(np.array([1, 0], i32)), ms.Tensor(source))


def test_scatter_and_segment_methods():
    x = ms.Tensor(X234)
    src = rand(2, 4)
    np.testing.assert_allclose(x.select_scatter(ms.Tensor(src), 1, 0).asnumpy(),
                               _set_slice(X234, src, (slice(None), 0)))
    src = rand(2, 3, 2)
    np.testing.assert_allclose(x.slice_scatter(ms.Tensor(src), 2, 0, 4, 2).asnumpy(),
                               _set_slice(X234, src, (slice(None), slice(None), slice(0, 4, 2))))
    ids = ms.Tensor(np.array([1, 1, 0], i32))
    np.testing.assert_allclose(ms.Tensor(X32).unsorted_segment_max(ids, 2).asnumpy(),
                               _np_segment(np.max, _lowest)(X32, ids.asnumpy(), 2))
    np.testing.assert_allclose(ms.Tensor(X32).unsorted_segment_min(ids, 2).asnumpy(),
                               _np_segment(np.min, _highest)(X32, ids.asnumpy(), 2))
    np.testing.assert_allclose(ms.Tensor(X32).unsorted_segment_prod(ids, 2).asnumpy(),
                               _np_segment(np.prod, lambda d: 1)(X32, ids.asnumpy(), 2))
