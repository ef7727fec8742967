"""Selection primitives (gather, scatter, slice, select, sort): forward against NumPy,
infer, bad input; then the functional API and the Tensor methods. Tensor indexing
(TensorGetItem / TensorSetItem) has its own file, test_tensor_indexing.py."""
import numpy as np
import pytest

import spore as ms
from spore import ops
from spore.ops.operations.selection_ops import GatherDGrad

from .op_testing import VALUE_DEPENDENT_SHAPE, ErrorCase, OpCase, case_id, rand, run_case, run_error_case

i8, i16, i32, i64, u8, u16 = np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16
f16, f64, b = np.float16, np.float64, np.bool_

X34 = rand(3, 4)
X234 = rand(2, 3, 4)


def _ints(values, dtype=i64):
    return np.array(values, dtype)


def _distinct(*shape, dtype=np.float32):
    """Values without ties (so sort and top-k orders are unambiguous)."""
    return np.random.default_rng(sum(shape)).permutation(int(np.prod(shape))).reshape(shape).astype(dtype)


# ---- NumPy references ---------------------------------------------------------------------


def _gather(params, indices, axis, batch_dims=0):
    if batch_dims == 0:
        return np.take(params, indices, axis=axis)
    return np.stack([_gather(p, i, axis - 1, batch_dims - 1) for p, i in zip(params, indices)])


def _gather_d(x, dim, index):
    # GatherD reads only the leading part of x in the other dimensions
    block = tuple(slice(None) if d == dim % x.ndim else slice(0, n) for d, n in enumerate(index.shape))
    return np.take_along_axis(x[block], index, axis=dim)


def _nd(indices):
    return tuple(np.moveaxis(indices, -1, 0))


def _gather_nd(x, indices):
    return x[_nd(indices)]


def _scatter_nd(indices, updates, shape):
    out = np.zeros(shape, updates.dtype)
    np.add.at(out, _nd(indices), updates)
    return out


def _scatter_update(x, indices, updates):
    out = x.copy()
    out[_nd(indices)] = updates
    return out


def _scatter_add(x, indices, updates):
    out = x.copy()
    np.add.at(out, _nd(indices), updates)
    return out


def _slice(x, begin, size):
    return x[tuple(slice(b_, None if s == -1 else b_ + s) for b_, s in zip(begin, size))]


def _sort(axis=-1, descending=False):
    def reference(x):
        keys = -x.astype(f64) if descending else x
        order = np.argsort(keys, axis=axis, kind="stable")
        return np.take_along_axis(x, order, axis), order.astype(i32)
    return reference


def _top_k(x, k):
    order = np.argsort(-x.astype(f64), axis=-1, kind="stable")[..., :k]
    return np.take_along_axis(x, order, -1), order.astype(i32)


def _unique(x):
    values, first, inverse = np.unique(x, return_index=True, return_inverse=True)
    order = np.argsort(first)
    rank = np.argsort(order)
    return values[order], rank[inverse.reshape(x.shape)].astype(i64 if x.dtype == i64 else i32)


def _masked_fill(x, mask, value):
    return np.where(mask, np.asarray(value).astype(x.dtype), x)


def _masked_select(x, mask):
    shape = np.broadcast_shapes(x.shape, mask.shape)
    return np.broadcast_to(x, shape)[np.broadcast_to(mask, shape)]


def _non_zero(x):
    return np.argwhere(x).astype(i64)


def _select(dtype):
    return lambda c, x, y: np.where(c, x, y).astype(dtype)


def _gather_d_grad(dim):
    """GatherDGrad's reference: each gradient element added where GatherD read it."""
    def reference(grad, shape, index):
        out = np.zeros(shape, grad.dtype)
        positions = list(np.indices(index.shape, sparse=True))
        positions[dim] = index
        np.add.at(out, tuple(positions), grad)
        return out
    return reference


def _unique_consecutive(axis):
    """(output, idx, counts) of runs of equal consecutive elements (slices along `axis`)."""
    def reference(x):
        rows = x.reshape(-1, 1) if axis is None else np.moveaxis(x, axis, 0)
        starts = [0] + [i for i in range(1, len(rows)) if np.any(rows[i] != rows[i - 1])]
        counts = np.diff(starts + [len(rows)]).astype(i64)
        idx = np.repeat(np.arange(len(starts)), counts).astype(i64)
        kept = rows[starts]
        output = kept.reshape(-1) if axis is None else np.moveaxis(kept, 0, axis)
        return output, idx.reshape(x.shape) if axis is None else idx, counts
    return reference


def _masked_scatter(x, mask, updates):
    out = x.copy()
    full = np.broadcast_to(mask, x.shape)
    out[full] = updates.reshape(-1)[:full.sum()]
    return out


def _bound(side, dtype):
    return lambda rows, values: np.stack([np.searchsorted(r, v, side) for r, v in zip(rows, values)]).astype(dtype)


def _list_diff(dtype):
    def reference(x, y):
        kept = ~np.isin(x, y)
        return x[kept], np.flatnonzero(kept).astype(dtype)
    return reference


SORTED_ROWS = np.array([[1, 2, 2, 3], [4, 5, 6, 6]], i32)
BOUND_VALUES = np.array([[2, 4, 0], [6, 7, 4]], i32)

MASK34 = rand(3, 4, dtype=b)
COND = np.array([True, False, True])

CASES = [
    # ---- Gather
    OpCase(ops.Gather(), (X34, _ints([0, 2, -1]), 0), _gather),
    OpCase(ops.Gather(), (X34, _ints([[0, 3], [1, 1]], i32), 1), _gather),
    OpCase(ops.Gather(), (X234, _ints(2, i16), -1), _gather),
    OpCase(ops.Gather(), (rand(5, dtype=i32, high=9), _ints([4, 0, 0]), 0), _gather),
    OpCase(ops.Gather(), (rand(4, 2, dtype=b), _ints([1, 3], i8), 0), _gather),
    OpCase(ops.Gather(), (_ints([1, 2, 60000], u16), _ints([2, 0]), 0), _gather),
    OpCase(ops.Gather(), (X34, _ints([[0, 1], [2, 3], [1, 1]]), ms.Tensor(1)), lambda p, i, a: _gather(p, i, 1)),
    OpCase(ops.Gather(1), (X234, _ints([[0, 2], [1, -1]]), 1), lambda p, i, a: _gather(p, i, a, 1)),
    OpCase(ops.Gather(1), (X234, _ints([[0, 3], [1, 2]]), 2), lambda p, i, a: _gather(p, i, a, 1)),
    OpCase(ops.Gather(-1), (rand(2, 3, 4, 2), _ints([[1, 0], [3, 3]]), 2), lambda p, i, a: _gather(p, i, a, 1)),
    OpCase(ops.gather, (X34, _ints([1]), 1), _gather, prim="Gather"),
    OpCase(ops.gather, (X234, _ints([[2], [0]]), 1, 1), _gather, prim="Gather"),
    OpCase(ops.index_select, (X234, 1, _ints([2, 0])), lambda x, a, i: np.take(x, i, a), prim="Gather"),
    # ---- GatherD
    OpCase(ops.GatherD(), (X34, 1, _ints([[0, 0], [3, -1], [2, 1]])), _gather_d),
    OpCase(ops.GatherD(), (X34, 0, _ints([[2, 0, 1, 1]], i32)), _gather_d),
    OpCase(ops.GatherD(), (X234, -1, _ints(np.zeros((2, 2, 6), int))), _gather_d),
    OpCase(ops.GatherD(), (rand(3, 3, dtype=i64, high=9), 0, _ints([[2, 1, 0]])), _gather_d),
    OpCase(ops.GatherD(), (np.array(3.0, np.float32), 0, _ints(0)), lambda x, d, i: x),
    OpCase(ops.gather_d, (X34, 1, _ints([[1], [2], [3]])), _gather_d, prim="GatherD"),
    OpCase(ops.gather_elements, (X34, 0, _ints([[1, 2, 0, 0]])), _gather_d, prim="GatherD"),
    # ---- GatherNd
    OpCase(ops.GatherNd(), (X34, _ints([[0, 1], [2, 3]])), _gather_nd),
    OpCase(ops.GatherNd(), (X234, _ints([[1], [0], [1]], i32)), _gather_nd),
    OpCase(ops.GatherNd(), (X234, _ints([[[0, 2, 3]], [[1, 0, 0]]], i16)), _gather_nd),
    OpCase(ops.GatherNd(), (X34, _ints([2])), lambda x, i: x[2]),
    OpCase(ops.GatherNd(), (rand(2, 2, dtype=b), _ints([[1, 0]])), _gather_nd),
    OpCase(ops.GatherNd(), (X34, np.zeros((2, 0), i64)), lambda x, i: np.broadcast_to(x, (2, 3, 4))),
    OpCase(ops.gather_nd, (X34, _ints([[1, 1]])), _gather_nd, prim="GatherNd"),
    # ---- ScatterNd, TensorScatterUpdate, TensorScatterAdd
    OpCase(ops.ScatterNd(), (_ints([[0], [2], [0]]), rand(3), (4,)), _scatter_nd),
    OpCase(ops.ScatterNd(), (_ints([[0], [2]], i32), rand(2, 2), (3, 2)), _scatter_nd),
    OpCase(ops.ScatterNd(), (_ints([[0, 1], [0, 1]], i16), _ints([5, 6]), (2, 2)), _scatter_nd),
    OpCase(ops.ScatterNd(), (_ints([[0, 1], [1, 1], [0, 1]]), np.array([True, False, True]), (2, 2)),
           lambda i, u, s: _scatter_nd(i, u.astype(i64), s).astype(b)),
    OpCase(ops.scatter_nd, (_ints([[1, 1]]), rand(1, dtype=f64), (2, 3)), _scatter_nd, prim="ScatterNd"),
    OpCase(ops.TensorScatterUpdate(), (X34, _ints([[0, 1], [2, 3]]), rand(2)), _scatter_update),
    OpCase(ops.TensorScatterUpdate(), (X234, _ints([[1]], i32), rand(1, 3, 4)), _scatter_update),
    OpCase(ops.TensorScatterUpdate(), (rand(3, dtype=b), _ints([[1]]), np.array([True])), _scatter_update),
    OpCase(ops.TensorScatterUpdate(), (_ints([1, 2, 3], u16), _ints([[1]]), _ints([65000], u16)), _scatter_update),
    OpCase(ops.TensorScatterUpdate(), (X34, np.zeros((0, 1), i32), rand(0, 4)), _scatter_update),
    OpCase(ops.tensor_scatter_update, (X34, _ints([[0, 0]]), rand(1)), _scatter_update, prim="TensorScatterUpdate"),
    OpCase(ops.TensorScatterAdd(), (X34, _ints([[0, 1], [0, 1]]), rand(2)), _scatter_add),
    OpCase(ops.TensorScatterAdd(), (rand(3, 2, dtype=i32, high=9), _ints([[2], [0]]), rand(2, 2, dtype=i32, high=9)),
           _scatter_add),
    OpCase(ops.tensor_scatter_add, (rand(4, dtype=f64), _ints([[3]]), rand(1, dtype=f64)), _scatter_add,
           prim="TensorScatterAdd"),
    # ---- Slice, StridedSlice
    OpCase(ops.Slice(), (X234, (0, 1, 1), (2, 2, 2)), _slice),
    OpCase(ops.Slice(), (X234, [1, 0, 0], [1, -1, 3]), _slice),
    OpCase(ops.Slice(), (rand(5, dtype=i32), (4,), (1,)), _slice),
    OpCase(ops.Slice(), (X234, _ints([0, 1, 2]), _ints([1, 2, -1])), lambda x, bg, sz: _slice(x, bg, sz)),
    OpCase(ops.slice, (X34, (1, 0), (0, 4)), _slice, prim="Slice"),
    OpCase(ops.StridedSlice(), (X234, (0, 0, 0), (2, 3, 4), (1, 1, 1)), lambda x, *a: x),
    OpCase(ops.StridedSlice(), (X234, (1, 0, 0), (2, 3, 4), (1, 2, -1)), lambda x, *a: x[1:2, 0:3:2, 0:4:-1]),
    OpCase(ops.StridedSlice(), (X234, (1, 2, 3), (0, 0, 0), (-1, -1, -1)), lambda x, *a: x[1:0:-1, 2:0:-1, 3:0:-1]),
    OpCase(ops.StridedSlice(), (X234, (-5, 0), (10, 3), (1, 2)), lambda x, *a: x[-5:10, 0:3:2]),
    OpCase(ops.StridedSlice(), (rand(4, dtype=i64), (6,), (-9,), (-2,)), lambda x, *a: x[6:-9:-2]),
    OpCase(ops.StridedSlice(shrink_axis_mask=1), (X234, (0,), (1,), (1,)), lambda x, *a: x[0]),
    OpCase(ops.StridedSlice(shrink_axis_mask=2), (X234, (0, -1), (1, 2), (1, 1)), lambda x, *a: x[0:1, -1]),
    OpCase(ops.StridedSlice(new_axis_mask=1), (X234, (0, 1), (1, 2), (1, 1)), lambda x, *a: x[None, 1:2]),
    OpCase(ops.StridedSlice(ellipsis_mask=2), (X234, (0, 0, 1), (1, 0, 3), (1, 1, 1)), lambda x, *a: x[0:1, ..., 1:3]),
    OpCase(ops.StridedSlice(begin_mask=1, end_mask=4), (X234, (1, 0, 1), (1, 2, 0), (1, 1, 1)),
           lambda x, *a: x[:1, 0:2, 1:]),
    OpCase(ops.StridedSlice(begin_mask=3, end_mask=1), (X234, (1, 2), (0, 0), (-1, -1)),
           lambda x, *a: x[::-1, :0:-1]),
    OpCase(ops.StridedSlice(), (X234, _ints([0, 1]), _ints([2, 3]), _ints([1, 1])), lambda x, *a: x[0:2, 1:3]),
    OpCase(ops.strided_slice, (X234, (0, 0), (2, 3), (1, 2), 0, 0, 0, 0, 1), lambda x, *a: x[0, 0:3:2],
           prim="StridedSlice"),
    # ---- Select
    OpCase(ops.Select(), (COND, rand(3), rand(3)), np.where),
    OpCase(ops.Select(), (np.array([[True], [False]]), rand(3), rand(2, 1)), np.where),
    OpCase(ops.Select(), (COND, rand(3, dtype=f16), rand(3)), _select(np.float32), rtol=1e-3),
    OpCase(ops.Select(), (COND, rand(3, dtype=u8, high=9), rand(3, dtype=i8, high=9)), _select(i16)),
    OpCase(ops.Select(), (COND, rand(3, dtype=i32, high=9), 2.5), _select(np.float32)),
    OpCase(ops.Select(), (COND, rand(3, dtype=i32, high=9), 2), _select(i32)),
    OpCase(ops.Select(), (COND, 1, 2), _select(i64)),
    OpCase(ops.Select(), (COND, np.array(2.0, np.float32), rand(3, dtype=f16)), _select(np.float32), rtol=1e-3),
    OpCase(ops.select, (MASK34, X34, 0.0), np.where, prim="Select"),
    OpCase(ops.where, (MASK34, X34, rand(4)), np.where, prim="Select"),
    OpCase(ops.where, (COND, 2.0, 3), _select(np.float32), prim="Select"),
    # ---- MaskedFill, MaskedSelect, NonZero
    OpCase(ops.MaskedFill(), (X34, MASK34, 0.5), _masked_fill),
    OpCase(ops.MaskedFill(), (X34, rand(4, dtype=b), np.array(7.0, f64)), _masked_fill),
    OpCase(ops.MaskedFill(), (rand(3, dtype=i64, high=9), np.array([[True], [False]]), np.array(7, i32)),
           _masked_fill),
    OpCase(ops.MaskedFill(), (rand(3, dtype=i32, high=9), COND, 1.5), _masked_fill),
    OpCase(ops.MaskedFill(), (rand(3, dtype=b), COND, False), _masked_fill),
    OpCase(ops.MaskedFill(), (_ints([1, 2, 3], u16), COND, 60000), _masked_fill),
    OpCase(ops.masked_fill, (X234, rand(3, 4, dtype=b), -1.0), _masked_fill, prim="MaskedFill"),
    OpCase(ops.MaskedSelect(), (X34, MASK34), _masked_select),
    OpCase(ops.MaskedSelect(), (rand(3), rand(2, 3, dtype=b)), _masked_select),
    OpCase(ops.MaskedSelect(), (rand(2, 2, dtype=i32, high=9), np.array(True)), _masked_select),
    OpCase(ops.MaskedSelect(), (rand(3, dtype=b), np.array([True, True, False])), _masked_select),
    OpCase(ops.masked_select, (X34, rand(3, 1, dtype=b)), _masked_select, prim="MaskedSelect"),
    OpCase(ops.NonZero(), (_ints([[1, 0], [0, 3]]),), _non_zero),
    OpCase(ops.NonZero(), (np.array([1.0, 0.0, 2.0], np.float32),), _non_zero),
    OpCase(ops.NonZero(), (rand(2, 3, 2, dtype=b),), _non_zero),
    OpCase(ops.NonZero(), (np.zeros((2, 3), np.float32),), _non_zero),
    OpCase(ops.NonZero(), (_ints([0, 5, 0], u16),), _non_zero),
    OpCase(ops.nonzero, (rand(3, 3, dtype=i32, high=3),), _non_zero, prim="NonZero"),
    # ---- Sort, TopK, Unique
    OpCase(ops.Sort(), (np.array([[3.0, 1.0, 2.0, 1.0], [0.0, 5.0, 4.0, 5.0]], np.float32),), _sort()),
    OpCase(ops.Sort(0, True), (np.array([[3.0, 1.0, 2.0, 1.0], [0.0, 5.0, 4.0, 5.0]], np.float32),), _sort(0, True)),
    OpCase(ops.Sort(descending=True), (rand(2, 5, dtype=i32, high=3),), _sort(-1, True)),
    OpCase(ops.Sort(1), (rand(2, 3, 4, dtype=f16),), _sort(1)),
    OpCase(ops.Sort(), (rand(6, dtype=u8, high=200),), _sort()),
    OpCase(ops.Sort(), (rand(4, dtype=i64, high=9),), _sort()),
    OpCase(ops.Sort(), (np.zeros((2, 0), f64),), _sort()),
    OpCase(ops.sort, (rand(3, 4, dtype=f64), 0), lambda x, a: _sort(a)(x), prim="Sort"),
    OpCase(ops.argsort, (rand(3, 4, dtype=i32, high=3), 1, True), lambda x, a, d: _sort(a, d)(x)[1], prim="Sort"),
    OpCase(ops.TopK(), (_distinct(3, 5), 2), _top_k),
    OpCase(ops.TopK(), (_distinct(2, 3, 4, dtype=i32), 4), _top_k),
    OpCase(ops.TopK(), (_distinct(6, dtype=f64), 1), _top_k),
    OpCase(ops.TopK(), (_distinct(6, dtype=u8), 3), _top_k),
    OpCase(ops.TopK(), (_distinct(2, 5), ms.Tensor(3)), lambda x, k: _top_k(x, 3)),
    OpCase(ops.topk, (_distinct(3, 5), 3), _top_k, prim="TopK"),
    OpCase(ops.Unique(), (_ints([3, 1, 2, 1, 3]),), _unique),
    OpCase(ops.Unique(), (np.array([3.0, 1.0, 2.0, 1.0, 3.0], np.float32),), _unique),
    OpCase(ops.Unique(), (_ints([7, 7, 7], i32),), _unique),
    OpCase(ops.Unique(), (_ints([5, 1, 5], u8),), _unique),
    OpCase(ops.Unique(), (np.zeros(0, np.float32),), _unique),
    OpCase(ops.unique, (_ints([[3, 1], [2, 1]]),), _unique, prim="Unique"),
    OpCase(ops.UniqueConsecutive(), (_ints([1, 1, 2, 2, 3, 1, 1, 2]),), _unique_consecutive(None)),
    OpCase(ops.UniqueConsecutive(True, True), (_ints([[1, 1], [2, 2]], i32),), _unique_consecutive(None)),
    OpCase(ops.UniqueConsecutive(axis=0), (_ints([[1, 1], [1, 1], [2, 3]], i32),), _unique_consecutive(0)),
    OpCase(ops.UniqueConsecutive(axis=-1), (np.array([[1.0, 1.0, 2.0], [3.0, 3.0, 2.0]], np.float32),),
           _unique_consecutive(1)),
    OpCase(ops.unique_consecutive, (_ints([5, 5, 4], i32), True), lambda x, r: _unique_consecutive(None)(x)[:2],
           prim="UniqueConsecutive"),
    OpCase(ops.UniqueWithPad(), (_ints([1, 2, 2, 3, 5, 5], i32), 0),
           lambda x, p: (np.array([1, 2, 3, 5, 0, 0], i32), np.array([0, 1, 1, 2, 3, 3], i32))),
    OpCase(ops.unique_with_pad, (_ints([4, 4, 1]), -1),
           lambda x, p: (np.array([4, 1, -1], i64), np.array([0, 0, 1], i64)), prim="UniqueWithPad"),
    OpCase(ops.MaskedScatter(), (rand(3, 4), MASK34, rand(12)), _masked_scatter),
    OpCase(ops.MaskedScatter(), (rand(2, 3, dtype=i32, high=9), COND, rand(7, dtype=i32, high=9)), _masked_scatter),
    OpCase(ops.LowerBound(), (SORTED_ROWS, BOUND_VALUES), _bound("left", i32)),
    OpCase(ops.UpperBound(ms.int64), (SORTED_ROWS, BOUND_VALUES), _bound("right", i64)),
    OpCase(ops.UpperBound(), (np.sort(rand(3, 5), 1), rand(3, 2)), _bound("right", i32)),
    OpCase(ops.ListDiff(), (_ints([1, 2, 3, 4, 5, 6], i32), _ints([1, 3, 5], i32)), _list_diff(i32)),
    OpCase(ops.ListDiff(ms.int64), (np.array([1.0, 2.0, 3.0], np.float32), np.array([2.0], np.float32)),
           _list_diff(i64)),
    OpCase(ops.NthElement(), (rand(2, 5), 1), lambda x, n: np.sort(x, -1)[..., n]),
    OpCase(ops.NthElement(True), (rand(3, dtype=i32, high=9), 0), lambda x, n: np.sort(x, -1)[::-1][..., n]),
    OpCase(ops.GatherV2(), (rand(3, 2), _ints([2, 0]), 0), lambda x, i, a: np.take(x, i, a), prim="Gather"),
    OpCase(ops.SelectView(), (rand(2, 3), 1, 1), lambda x, i, d: x[:, i]),
    OpCase(ops.SelectView(), (rand(2, 3, 4, dtype=i32, high=9), -1, 0), lambda x, i, d: x[i]),
    OpCase(ops.tensor_slice, (rand(2, 3), (0, 1), (2, 2)), lambda x, b, s: x[:, 1:3], prim="Slice"),
    # ---- gradients
    OpCase(GatherDGrad(1), (rand(3, 2), (3, 4), _ints([[0, 0], [3, -1], [2, 1]])), _gather_d_grad(1)),
    OpCase(GatherDGrad(), (rand(1, 4, dtype=f64), (3, 4), _ints([[2, 0, 1, 1]], i32)), _gather_d_grad(0)),
    OpCase(GatherDGrad(-1), (rand(2, 2, 6, dtype=i32, high=9), (2, 3, 4), _ints(np.ones((2, 2, 6), int))),
           _gather_d_grad(-1)),
    OpCase(GatherDGrad(0), (rand(4, 3, dtype=f16), [2, 3], _ints([[1, 1, 0]] * 4)), _gather_d_grad(0), rtol=1e-2),
    OpCase(GatherDGrad(0), (np.array(3.0, np.float32), (), _ints(0)), lambda g, s, i: g),
]

ERROR_CASES = [
    ErrorCase(ops.Gather(), (X34, rand(2), 0), TypeError, "For 'Gather', the dtype of 'input_indices'"),
    ErrorCase(ops.Gather(), (X34, _ints([0, 1], u8), 0), TypeError, "For 'Gather', the dtype of 'input_indices'"),
    ErrorCase(ops.Gather(), (X34, _ints([0, 1]), 2), ValueError, "For 'Gather', the 'axis' must be in range"),
    ErrorCase(ops.Gather(), (X34, _ints([0, 1]), 1.0), TypeError, "For 'Gather', the 'axis' must be int"),
    ErrorCase(ops.Gather(), (X34, _ints([0, 3]), 0), IndexError, "For 'Gather', the 'input_indices' must be in range"),
    ErrorCase(ops.Gather(), (X34, [0, 1], 0), TypeError, "For 'Gather', the 'input_indices' must be a Tensor"),
    ErrorCase(ops.Gather(), (np.array(1.0, np.float32), _ints([0]), 0), ValueError, "rank at least 1"),
    ErrorCase(ops.Gather(1), (X234, _ints([[0, 1], [1, 2]]), 0), ValueError, "at least 'batch_dims'"),
    ErrorCase(ops.Gather(2), (X234, _ints([[0, 1], [1, 2]]), 2), ValueError, "'batch_dims' must be in range"),
    ErrorCase(ops.Gather(1), (X234, _ints([[0, 1], [1, 2], [0, 0]]), 1), ValueError, "first 1 dimensions"),
    ErrorCase(lambda: ops.Gather(1.5), (), TypeError, "For 'Gather', the 'batch_dims' must be int"),
    ErrorCase(ops.index_select, (X34, 1, _ints([[0]])), ValueError, "'index' must be 1-D", prim="Gather"),
    ErrorCase(ops.index_select, (X34, 1, [0]), TypeError, "must both be Tensors", prim="Gather"),
    ErrorCase(ops.GatherD(), (X34, 1, _ints([[0, 1]], i16)), TypeError, "For 'GatherD', the dtype of 'index'"),
    ErrorCase(ops.GatherD(), (X34, 2, _ints([[0, 1]])), ValueError, "For 'GatherD', the 'dim' must be in range"),
    ErrorCase(ops.GatherD(), (X34, 1, _ints([0, 1])), ValueError, "the rank of 'index' must equal"),
    ErrorCase(ops.GatherD(), (X34, 1, np.zeros((4, 1), i64)), ValueError, r"index.shape\[0\] must be at most"),
    ErrorCase(ops.GatherD(), (X34, 1, _ints([[0, 4]])), IndexError, "For 'GatherD', the 'index' must be in range"),
    ErrorCase(ops.GatherD(), (X34, 1.0, _ints([[0]])), TypeError, "For 'GatherD', the 'dim' must be int"),
    ErrorCase(ops.GatherNd(), (X34, _ints([[1, 2, 3]])), ValueError, "For 'GatherNd', the last dimension of 'indices'"),
    ErrorCase(ops.GatherNd(), (X34, _ints([[3, 0]])), IndexError, r"For 'GatherNd', the index vector \[3, 0\]"),
    ErrorCase(ops.GatherNd(), (X34, _ints([[-1, 0]])), IndexError, "out of range"),
    ErrorCase(ops.GatherNd(), (X34, rand(1, 2)), TypeError, "For 'GatherNd', the dtype of 'indices'"),
    ErrorCase(ops.ScatterNd(), (_ints([[0, 2]]), rand(1), (2, 2)), IndexError, "For 'ScatterNd', the index vector"),
    ErrorCase(ops.ScatterNd(), (_ints([[0, -1]]), rand(1), (2, 2)), IndexError, "out of range"),
    ErrorCase(ops.ScatterNd(), (_ints([[0, 1]]), rand(2), (2, 2)), ValueError, "the shape of 'updates' must be"),
    ErrorCase(ops.ScatterNd(), (_ints([[0, 1]]), rand(1), (2, 0)), ValueError, "positive ints"),
    ErrorCase(ops.ScatterNd(), (_ints([[0, 1]]), rand(1), ()), ValueError, "positive ints"),
    ErrorCase(ops.ScatterNd(), (_ints([0, 1]), np.array(1.0, np.float32), (2, 2)), ValueError, "at least 2"),
    ErrorCase(ops.ScatterNd(), (rand(1, 2), rand(1), (2, 2)), TypeError, "For 'ScatterNd', the dtype of 'indices'"),
    ErrorCase(ops.ScatterNd(), (_ints([[0, 1]]), rand(1), (2.0, 2)), TypeError, "'shape' must be a tuple or list"),
    ErrorCase(ops.TensorScatterUpdate(), (X34, _ints([[3]]), rand(1, 4)), IndexError, "out of range"),
    ErrorCase(ops.TensorScatterUpdate(), (X34, _ints([[1]]), rand(1, 4, dtype=f64)), TypeError,
              "the dtype of 'updates' must be the same"),
    ErrorCase(ops.TensorScatterUpdate(), (X34, _ints([[1]]), rand(1, 3)), ValueError, "the shape of 'updates'"),
    ErrorCase(ops.TensorScatterUpdate(), (X34, _ints([1]), rand(4)), ValueError, "at least 2"),
    ErrorCase(ops.TensorScatterUpdate(), (X34, _ints([[1, 2, 3]]), rand(1)), ValueError, "last dimension of 'indices'"),
    ErrorCase(ops.TensorScatterAdd(), (X34, _ints([[-1, 1]]), rand(1)), IndexError, "out of range"),
    ErrorCase(ops.TensorScatterAdd(), (X34, rand(1, 2), rand(1)), TypeError, "the dtype of 'indices'"),
    ErrorCase(ops.Slice(), (X234, (0, 1, 1), (2, 3, 4)), ValueError, r"For 'Slice', begin\[1\] = 1 and size\[1\] = 3"),
    ErrorCase(ops.Slice(), (X234, (0, 1), (2, 2)), ValueError, "must equal the rank"),
    ErrorCase(ops.Slice(), (X234, (0, -1, 1), (2, 1, 2)), ValueError, "begin >= 0"),
    ErrorCase(ops.Slice(), (X234, (0, 1, 1), (2, 2, -2)), ValueError, "size >= -1"),
    ErrorCase(ops.Slice(), (X234, (0, 1, 1.0), (2, 2, 2)), TypeError, "the 'begin' must be a tuple or list of ints"),
    ErrorCase(ops.Slice(), (np.array(1.0, np.float32), (), ()), ValueError, "rank at least 1"),
    ErrorCase(ops.StridedSlice(), (X234, (0, 0, 0), (2, 3, 4), (1, 0, 1)), ValueError, "must not contain 0"),
    ErrorCase(ops.StridedSlice(), (X234, (0, 0, 0), (2, 3), (1, 1, 1)), ValueError, "the same length"),
    ErrorCase(ops.StridedSlice(), (X234, (0,) * 4, (1,) * 4, (1,) * 4), ValueError, "the length of 'begin' must be"),
    ErrorCase(ops.StridedSlice(), (X234, (0.0,), (1,), (1,)), TypeError, "the 'begin' must be a tuple or list"),
    ErrorCase(ops.StridedSlice(shrink_axis_mask=1), (X234, (5,), (6,), (1,)), IndexError, "out of bounds"),
    ErrorCase(ops.StridedSlice(shrink_axis_mask=1), (X234, (0,), (1,), (-1,)), IndexError, "must be positive"),
    ErrorCase(lambda: ops.StridedSlice(begin_mask=-1), (), ValueError, "'begin_mask' must be a non-negative int"),
    ErrorCase(lambda: ops.StridedSlice(end_mask=1.5), (), TypeError, "'end_mask' must be int"),
    ErrorCase(lambda: ops.StridedSlice(ellipsis_mask=3), (), ValueError, "only one bit of 'ellipsis_mask'"),
    ErrorCase(ops.Select(), (_ints([1, 0, 1]), rand(3), rand(3)), TypeError, "the dtype of 'condition'"),
    ErrorCase(ops.Select(), (COND, rand(3), rand(2)), ValueError, "For 'Select'.*broadcast"),
    ErrorCase(ops.Select(), (COND, rand(3), "a"), TypeError, "For 'Select'"),
    ErrorCase(ops.Select(), (True, rand(3), rand(3)), TypeError, "the 'condition' must be a Tensor"),
    ErrorCase(ops.MaskedFill(), (X34, MASK34, rand(1)), ValueError, "a number or a 0-d Tensor"),
    ErrorCase(ops.MaskedFill(), (X34, _ints([1, 0, 1, 0]), 1.0), TypeError, "the dtype of 'mask'"),
    ErrorCase(ops.MaskedFill(), (X34, rand(2, dtype=b), 1.0), ValueError, "For 'MaskedFill'.*broadcast"),
    ErrorCase(ops.MaskedFill(), (X34, MASK34, "a"), TypeError, "For 'MaskedFill', the 'value'"),
    ErrorCase(ops.MaskedSelect(), (X34, _ints([1, 0, 1, 0])), TypeError, "the dtype of 'mask'"),
    ErrorCase(ops.MaskedSelect(), (X34, rand(3, dtype=b)), ValueError, "For 'MaskedSelect'.*broadcast"),
    ErrorCase(ops.NonZero(), ([1, 0],), TypeError, "For 'NonZero', the 'x' must be a Tensor"),
    ErrorCase(ops.Sort(2), (X34,), ValueError, "For 'Sort', the 'axis' must be in range"),
    ErrorCase(ops.Sort(), (np.array([1 + 1j, 2], np.complex64),), TypeError, "For 'Sort', the dtype of 'x'"),
    ErrorCase(lambda: ops.Sort(1.0), (), TypeError, "For 'Sort', the 'axis' must be int"),
    ErrorCase(lambda: ops.Sort(descending=1), (), TypeError, "For 'Sort', the 'descending' must be bool"),
    ErrorCase(ops.TopK(), (X34, 5), ValueError, r"For 'TopK', the 'k' must be in range \(0, 4\]"),
    ErrorCase(ops.TopK(), (X34, 0), ValueError, "the 'k' must be in range"),
    ErrorCase(ops.TopK(), (X34, 2.0), TypeError, "For 'TopK', the 'k' must be int"),
    ErrorCase(ops.TopK(), (np.array(3.0, np.float32), 1), ValueError, "rank at least 1"),
    ErrorCase(ops.TopK(), (rand(3, dtype=b), 1), TypeError, "For 'TopK', the dtype of 'input_x'"),
    ErrorCase(lambda: ops.TopK(1), (), TypeError, "For 'TopK', the 'sorted' must be bool"),
    ErrorCase(ops.topk, (X34, 4, 0), ValueError, r"For 'topk', the 'k' must be in range \(0, 3\]", prim="TopK"),
    ErrorCase(ops.topk, (X34, 2, 2), ValueError, "For 'topk', the 'dim' must be in range", prim="TopK"),
    ErrorCase(ops.topk, (X34, 2, None, 1), TypeError, "For 'topk', the 'largest' must be bool", prim="TopK"),
    ErrorCase(ops.Unique(), (np.array([1 + 1j], np.complex64),), TypeError, "For 'Unique', the dtype of 'input_x'"),
    ErrorCase(ops.Unique(), ([1, 2],), TypeError, "For 'Unique', the 'input_x' must be a Tensor"),
    ErrorCase(GatherDGrad(1), (rand(3, 2), (3, 4), _ints([[0, 0], [3, 1], [2, 4]])), IndexError,
              "For 'GatherDGrad', the 'index' must be in range"),
    ErrorCase(GatherDGrad(1), (rand(3, 3), (3, 4), _ints(np.zeros((3, 2), int))), ValueError,
              r"the 'grad' must have the shape of 'index' \(3, 2\)"),
    ErrorCase(GatherDGrad(1), (rand(3, 2), (3, 4), _ints(np.zeros((3, 2), int), i16)), TypeError,
              "For 'GatherDGrad', the dtype of 'index'"),
    ErrorCase(GatherDGrad(1), (rand(3), (3, 4), _ints([0, 1, 2])), ValueError, "the rank of 'index' must equal"),
    ErrorCase(GatherDGrad(1), (rand(4, 2), (3, 4), _ints(np.zeros((4, 2), int))), ValueError,
              r"index.shape\[0\] must be at most shape\[0\] \(3\)"),
    ErrorCase(GatherDGrad(2), (rand(3, 2), (3, 4), _ints(np.zeros((3, 2), int))), ValueError,
              "For 'GatherDGrad', the 'dim' must be in range"),
    ErrorCase(GatherDGrad(), ([1.0], (3,), _ints([0])), TypeError, "For 'GatherDGrad', the 'grad' must be a Tensor"),
    ErrorCase(GatherDGrad(), (rand(1), (-3,), _ints([0])), ValueError, "the 'shape' must hold non-negative ints"),
    ErrorCase(lambda: GatherDGrad(1.0), (), TypeError, "For 'GatherDGrad', the 'dim' must be int"),
    ErrorCase(ops.UniqueConsecutive(axis=2), (rand(2, 2),), ValueError, r"For 'UniqueConsecutive'.*range \[-2, 2\)"),
    ErrorCase(ops.UniqueConsecutive(), ([1, 2],), TypeError, "For 'UniqueConsecutive', the 'x' must be a Tensor"),
    ErrorCase(lambda: ops.UniqueConsecutive(1), (), TypeError, "For 'UniqueConsecutive', the 'return_idx'",
              prim="UniqueConsecutive"),
    ErrorCase(ops.UniqueWithPad(), (rand(3), 0), TypeError, "For 'UniqueWithPad', the dtype of 'x'"),
    ErrorCase(ops.UniqueWithPad(), (_ints([[1, 2]], i32), 0), ValueError, "For 'UniqueWithPad', the 'x' must be 1-D"),
    ErrorCase(ops.UniqueWithPad(), (_ints([1, 2], i32), 0.5), TypeError, "For 'UniqueWithPad', the 'pad_num'"),
    ErrorCase(ops.MaskedScatter(), (rand(3), COND, rand(1)), ValueError,
              "For 'MaskedScatter', the 'updates' must hold at least as many elements as 'mask' selects"),
    ErrorCase(ops.MaskedScatter(), (rand(3), _ints([1, 0, 1]), rand(3)), TypeError,
              "For 'MaskedScatter', the dtype of 'mask'"),
    ErrorCase(ops.MaskedScatter(), (rand(3), COND, rand(3, dtype=f64)), TypeError,
              "For 'MaskedScatter', the dtype of 'updates'"),
    ErrorCase(ops.MaskedScatter(), (rand(3), MASK34, rand(12)), ValueError, "For 'MaskedScatter'"),
    ErrorCase(ops.LowerBound(), (SORTED_ROWS, BOUND_VALUES.astype(i64)), TypeError,
              "For 'LowerBound', the dtype of 'values'"),
    ErrorCase(ops.UpperBound(), (SORTED_ROWS[0], BOUND_VALUES[0]), ValueError, "For 'UpperBound'.*2-D"),
    ErrorCase(lambda: ops.LowerBound(ms.float32), (), TypeError, "For 'LowerBound', the dtype of 'out_type'",
              prim="LowerBound"),
    ErrorCase(ops.ListDiff(), (_ints([1, 2], i32), _ints([1], i64)), TypeError, "For 'ListDiff', 'x' and 'y'"),
    ErrorCase(ops.ListDiff(), (_ints([[1, 2]], i32), _ints([1], i32)), ValueError, "For 'ListDiff'.*1-D"),
    ErrorCase(ops.NthElement(), (rand(2, 3), 3), ValueError, r"For 'NthElement', the 'n' must be in range \[0, 3\)"),
    ErrorCase(ops.NthElement(), (np.array(1.0, np.float32), 0), ValueError, "For 'NthElement', the 'input' must have"),
    ErrorCase(ops.NthElement(), (rand(2, 3), 1.0), TypeError, "For 'NthElement', the 'n'"),
    ErrorCase(lambda: ops.NthElement(1), (), TypeError, "For 'NthElement', the 'reverse'", prim="NthElement"),
    ErrorCase(ops.SelectView(), (rand(2, 3), 3, 1), IndexError, r"For 'SelectView', the 'index' must be in range"),
    ErrorCase(ops.SelectView(), (rand(2, 3), 0, 2), ValueError, r"For 'SelectView'.*range \[-2, 2\)"),
    ErrorCase(ops.SelectView(), (np.array(1.0, np.float32), 0, 0), ValueError, "For 'SelectView', the 'input' must"),
]


GRAPH_CONSTANT_INPUTS = {
    "Gather[(3, 4),(3, 2),()]": VALUE_DEPENDENT_SHAPE,
    "Slice[(2, 3, 4),(3,),(3,)]": VALUE_DEPENDENT_SHAPE,
    "StridedSlice[(2, 3, 4),(2,),(2,),(2,)]": VALUE_DEPENDENT_SHAPE,
    "TopK[(2, 5),()]": VALUE_DEPENDENT_SHAPE,
}


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)


# ---- functional API -----------------------------------------------------------------------


def test_topk_options():
    x = _distinct(3, 5)
    t = ms.Tensor(x)
    values, indices = ops.topk(t, 2, dim=0)
    order = np.argsort(-x, axis=0)[:2]
    np.testing.assert_array_equal(values.asnumpy(), np.take_along_axis(x, order, 0))
    np.testing.assert_array_equal(indices.asnumpy(), order)
    assert indices.dtype == ms.int32
    values, indices = ops.topk(t, 3, largest=False)
    np.testing.assert_array_equal(values.asnumpy(), np.sort(x, -1)[:, :3])
    np.testing.assert_array_equal(indices.asnumpy(), np.argsort(x, -1)[:, :3])
    values, _ = ops.topk(t, 2, 1, False, False)
    np.testing.assert_array_equal(np.sort(values.asnumpy(), -1), np.sort(x, -1)[:, :2])
    values, indices = ops.topk(ms.Tensor(_ints([1, 3, 2], u8)), 2, largest=False)
    np.testing.assert_array_equal(values.asnumpy(), [1, 2])


def test_nonzero_as_tuple():
    x = _ints([[1, 0], [0, 3]])
    rows, cols = ops.nonzero(ms.Tensor(x), as_tuple=True)
    np.testing.assert_array_equal(rows.asnumpy(), np.nonzero(x)[0])
    np.testing.assert_array_equal(cols.asnumpy(), np.nonzero(x)[1])
    assert rows.dtype == ms.int64


def test_sort_is_stable_and_argsort_matches():
    x = ms.Tensor([1, 3, 5, 4, 2, 1])
    assert ops.argsort(x).tolist() == [0, 5, 4, 1, 3, 2]
    assert ops.argsort(x, descending=True).tolist() == [2, 3, 1, 4, 0, 5]
    assert ops.sort(x, descending=True)[0].tolist() == [5, 4, 3, 2, 1, 1]


def test_unique_index_dtype():
    assert ops.unique(ms.Tensor([3, 1, 3]))[1].dtype == ms.int64
    assert ops.unique(ms.Tensor([3, 1, 3], ms.int32))[1].dtype == ms.int32
    y, idx = ops.unique(ms.Tensor([3.0, 1.0, 3.0]))
    assert y.tolist() == [3.0, 1.0] and idx.tolist() == [0, 1, 0] and idx.dtype == ms.int32


def test_inputs_are_not_modified():
    x = ms.Tensor(X34.copy())
    indices, updates = ms.Tensor(_ints([[0, 1]])), ms.Tensor(rand(1))
    ops.tensor_scatter_update(x, indices, updates)
    ops.tensor_scatter_add(x, indices, updates)
    ops.masked_fill(x, ms.Tensor(MASK34), 0.0)
    np.testing.assert_array_equal(x.asnumpy(), X34)


# ---- Tensor methods -----------------------------------------------------------------------


def test_tensor_gather_overloads():
    t = ms.Tensor(X34)
    idx = ms.Tensor(_ints([0, 2]))
    np.testing.assert_array_equal(t.gather(idx, 1).asnumpy(), X34[:, [0, 2]])
    np.testing.assert_array_equal(t.gather(input_indices=idx, axis=0).asnumpy(), X34[[0, 2]])
    index = _ints([[0], [3], [1]])
    np.testing.assert_array_equal(t.gather(1, ms.Tensor(index)).asnumpy(), np.take_along_axis(X34, index, 1))
    np.testing.assert_array_equal(t.gather(dim=1, index=ms.Tensor(index)).asnumpy(),
                                  np.take_along_axis(X34, index, 1))
    np.testing.assert_array_equal(t.gather_elements(1, ms.Tensor(index)).asnumpy(), np.take_along_axis(X34, index, 1))


def test_tensor_sort_methods():
    x = np.array([[3.0, 1.0, 2.0], [0.0, 5.0, 4.0]], np.float32)
    t = ms.Tensor(x)
    values, indices = t.sort()
    np.testing.assert_array_equal(values.asnumpy(), np.sort(x))
    assert indices.dtype == ms.int32
    np.testing.assert_array_equal(t.sort(0, True)[0].asnumpy(), -np.sort(-x, 0))
    np.testing.assert_array_equal(t.sort(dim=0)[1].asnumpy(), np.argsort(x, 0))
    np.testing.assert_array_equal(t.argsort().asnumpy(), np.argsort(x))
    np.testing.assert_array_equal(t.argsort(dim=0, descending=True).asnumpy(), np.argsort(-x, 0))
    values, indices = t.topk(2)
    np.testing.assert_array_equal(values.asnumpy(), [[3.0, 2.0], [5.0, 4.0]])
    np.testing.assert_array_equal(t.topk(1, dim=0, largest=False)[1].asnumpy(), [[1, 0, 0]])


def test_tensor_mask_and_select_methods():
    t = ms.Tensor(X34)
    mask = ms.Tensor(MASK34)
    np.testing.assert_array_equal(t.masked_fill(mask, 0.5).asnumpy(), np.where(MASK34, np.float32(0.5), X34))
    np.testing.assert_array_equal(t.masked_fill(mask=mask, value=ms.Tensor(2.0)).asnumpy(),
                                  np.where(MASK34, np.float32(2.0), X34))
    np.testing.assert_array_equal(t.masked_select(mask).asnumpy(), X34[MASK34])
    np.testing.assert_array_equal(t.where(mask, 0.0).asnumpy(), np.where(MASK34, X34, np.float32(0)))
    np.testing.assert_array_equal(t.where(mask, ms.Tensor(rand(4))).asnumpy().shape, (3, 4))
    np.testing.assert_array_equal(t.nonzero().asnumpy(), np.argwhere(X34))
    assert len(t.nonzero(as_tuple=True)) == 2
    idx = ms.Tensor(_ints([2, 0]))
    np.testing.assert_array_equal(t.index_select(1, idx).asnumpy(), X34[:, [2, 0]])
    np.testing.assert_array_equal(t.index_select(dim=0, index=idx).asnumpy(), X34[[2, 0]])
    np.testing.assert_array_equal(t.index_select(axis=-1, index=idx).asnumpy(), X34[:, [2, 0]])


def test_tensor_unique():
    x = np.array([[3, 1], [2, 1], [3, 1]], np.int32)
    values, inverse, counts = ms.Tensor(x).unique(return_inverse=True, return_counts=True)
    want_values, want_inverse, want_counts = np.unique(x, return_inverse=True, return_counts=True)
    np.testing.assert_array_equal(values.asnumpy(), want_values)
    np.testing.assert_array_equal(inverse.asnumpy(), want_inverse.reshape(x.shape))
    np.testing.assert_array_equal(counts.asnumpy(), want_counts)
    assert values.dtype == ms.int32 and inverse.dtype == ms.int64
    rows, row_inverse = ms.Tensor(x).unique(return_inverse=True, dim=0)
    want_rows, want_row_inverse = np.unique(x, axis=0, return_inverse=True)
    np.testing.assert_array_equal(rows.asnumpy(), want_rows)
    np.testing.assert_array_equal(row_inverse.asnumpy(), want_row_inverse.reshape(-1))
    np.testing.assert_array_equal(ms.Tensor(x).unique(dim=1).asnumpy(), np.unique(x, axis=1))
    with pytest.raises(ValueError, match="For 'Tensor.unique'"):
        ms.Tensor(x).unique(dim=2)


def test_tensor_choose():
    index = np.array([2, 3, 1, 0])
    choices = [[0, 1, 2, 3], [10, 11, 12, 13], [20, 21, 22, 23], [30, 31, 32, 33]]
    np.testing.assert_array_equal(ms.Tensor(index).choose(choices).asnumpy(), np.choose(index, choices))
    wild = np.array([2, 5, -1])
    short = [[0, 1, 2], [10, 11, 12], [20, 21, 22]]
    np.testing.assert_array_equal(ms.Tensor(wild).choose(short, mode="wrap").asnumpy(),
                                  np.choose(wild, short, mode="wrap"))
    np.testing.assert_array_equal(ms.Tensor(wild).choose(short).asnumpy(), np.choose(wild, short, mode="clip"))
    rows = np.array([[0], [1]])
    table = np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)
    np.testing.assert_array_equal(ms.Tensor(rows).choose(ms.Tensor(table)).asnumpy(), np.choose(rows, table))
    with pytest.raises(ValueError, match="For 'Tensor.choose', in mode 'raise'"):
        ms.Tensor(wild).choose(short, mode="raise")
    with pytest.raises(ValueError, match="For 'Tensor.choose', the 'mode'"):
        ms.Tensor(wild).choose(short, mode="other")
