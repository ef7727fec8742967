"""bprops of the primitives in operations/scatter_ops.py.

A scatter writes updates into a copy of x: each output element's gradient goes to the
update that supplied it (gathered back at the same indices) or, where nothing was
written, to x. Accumulating scatters (add, sub) pass dout to x whole; multiplying and
dividing ones scale it. As MindSpore's bprops do, mul / div / max / min assume each
index is written once.

The in-place scatters of a variable follow MindSpore's PyNative gradients: only the
Update ones (ScatterUpdate, ScatterNdUpdate) and the index / row adds have bprops; the
other Scatter* and ScatterNd* have none in MindSpore and are non-differentiable here.
"""
from __future__ import annotations

import numpy as np

from ...common.tensor import Tensor
from ..operations import array_ops as A
from ..operations import math_ops as M
from ..operations import scatter_ops as C
from ..operations import selection_ops as S
from ..operations.reduce_ops import ReduceSum
from .broadcast import grad_like
from .registry import bprop, non_differentiable

non_differentiable("ScatterAdd", "ScatterSub", "ScatterMul", "ScatterDiv", "ScatterMax", "ScatterMin",
                   "ScatterNdAdd", "ScatterNdSub", "ScatterNdMul", "ScatterNdDiv", "ScatterNdMax", "ScatterNdMin",
                   "ScatterNonAliasingAdd")

_gather_nd, _gather_d, _tensor_scatter_update = S.GatherNd(), S.GatherD(), S.TensorScatterUpdate()
_select, _gather = S.Select(), S.Gather()
_mul, _div, _neg, _equal, _maximum = M.Mul(), M.Div(), M.Neg(), M.Equal(), M.Maximum()
_logical_and, _greater_equal, _less = M.LogicalAnd(), M.GreaterEqual(), M.Less()
_zeros_like, _cast, _reshape, _expand_dims = A.ZerosLike(), A.Cast(), A.Reshape(), A.ExpandDims()
_sub, _sum, _segment_sum, _index_fill = M.Sub(), ReduceSum(), C.UnsortedSegmentSum(), C.IndexFill()
_stack = A.Stack(-1)


# ---- tensor_scatter_* -----------------------------------------------------------------------------
@bprop("TensorScatterSub")
def _tensor_scatter_sub(prim, x, indices, updates, out, dout):
    return dout, None, _neg(_gather_nd(dout, indices))


@bprop("TensorScatterMul")
def _tensor_scatter_mul(prim, x, indices, updates, out, dout):
    """out = x * u at the indices: dx scales dout by u there, du is dout * x there."""
    return prim(dout, indices, updates), None, _gather_nd(_mul(dout, x), indices)


@bprop("TensorScatterDiv")
def _tensor_scatter_div(prim, x, indices, updates, out, dout):
    """out = x / u at the indices: dx divides dout by u there, du is -dout * x / u**2."""
    du = _div(_neg(_gather_nd(_mul(dout, x), indices)), _mul(updates, updates))
    return prim(dout, indices, updates), None, du


@bprop("TensorScatterMax", "TensorScatterMin")
def _tensor_scatter_extreme(prim, x, indices, updates, out, dout):
    """The element that won, x or the update, takes the gradient (both on a tie)."""
    dx = _select(_equal(x, out), dout, 0)
    du = _select(_equal(updates, _gather_nd(out, indices)), _gather_nd(dout, indices), 0)
    return dx, None, du


@bprop("TensorScatterElements")
def _tensor_scatter_elements(prim, x, indices, updates, out, dout):
    """Written elements lose x's gradient ('none'), added ones keep it ('add'); each update
    takes the gradient at the element it went to."""
    dx = dout if prim.reduction == "add" else prim(dout, indices, _zeros_like(updates))
    return dx, None, _gather_d(dout, prim.axis, indices)


# ---- updates of a variable ------------------------------------------------------------------------
@bprop("ScatterUpdate")
def _scatter_update(prim, x, indices, updates, out, dout):
    rows = _expand_dims(indices, -1)
    return _tensor_scatter_update(dout, rows, _zeros_like(updates)), None, _gather_nd(dout, rows)


@bprop("ScatterNdUpdate")
def _scatter_nd_update(prim, x, indices, updates, out, dout):
    return _tensor_scatter_update(dout, indices, _zeros_like(updates)), None, _gather_nd(dout, indices)


@bprop("IndexAdd", "InplaceIndexAdd")
def _index_add(prim, x, indices, updates, out, dout):
    return dout, None, _gather(dout, indices, prim.axis % len(x.shape))


def _row_index(prim) -> Tensor:
    """The rows of an Inplace* op (an attribute) as a constant index Tensor."""
    return Tensor(np.array(prim.indices, np.int64))


@bprop("InplaceAdd")
def _inplace_add(prim, x, v, out, dout):
    return dout, _gather(dout, _row_index(prim), 0)


@bprop("InplaceSub")
def _inplace_sub(prim, x, v, out, dout):
    return dout, _neg(_gather(dout, _row_index(prim), 0))


@bprop("InplaceUpdate")
def _inplace_update(prim, x, v, out, dout):
    rows = _row_index(prim)
    dx = _tensor_scatter_update(dout, _expand_dims(rows, -1), _zeros_like(v))
    return dx, _gather(dout, rows, 0)


@bprop("IndexFill")
def _index_fill_bprop(prim, x, dim, index, value, out, dout):
    """The filled slices take no gradient from x; a Tensor value takes their sum."""
    dx = _index_fill(dout, dim, index, 0)
    dvalue = grad_like(value, _sum(_sub(dout, dx), ())) if isinstance(value, Tensor) else None
    return dx, None, None, dvalue


# ---- segments ---------------------------------------------------------------------------------------
def _segment_rows(x, segment_ids, num_segments):
    """(ids clipped into range, a 0 / 1 mask of x's shape that is 1 where the id was valid)."""
    count = int(num_segments.asnumpy()) if isinstance(num_segments, Tensor) else num_segments
    valid = _logical_and(_greater_equal(segment_ids, 0), _less(segment_ids, count))
    safe = _select(valid, segment_ids, 0)
    extra = len(x.shape) - len(segment_ids.shape)
    mask = _reshape(_cast(valid, x.dtype), tuple(segment_ids.shape) + (1,) * extra)
    return safe, mask


@bprop("UnsortedSegmentSum")
def _unsorted_segment_sum(prim, x, segment_ids, num_segments, out, dout):
    safe, mask = _segment_rows(x, segment_ids, num_segments)
    return _mul(_gather(dout, safe, 0), mask), None, None


@bprop("UnsortedSegmentMax", "UnsortedSegmentMin")
def _unsorted_segment_extreme(prim, x, segment_ids, num_segments, out, dout):
    """The elements equal to their segment's extreme share its gradient equally."""
    safe, mask = _segment_rows(x, segment_ids, num_segments)
    chosen = _mul(_cast(_equal(x, _gather(out, safe, 0)), x.dtype), mask)
    ties = _maximum(_segment_sum(chosen, segment_ids, num_segments), 1)
    return _mul(_gather(_div(dout, ties), safe, 0), chosen), None, None


@bprop("UnsortedSegmentProd")
def _unsorted_segment_prod(prim, x, segment_ids, num_segments, out, dout):
    """d(prod)/dx_i is the product of the other elements, out / x_i (x_i nonzero)."""
    safe, mask = _segment_rows(x, segment_ids, num_segments)
    return _mul(_div(_gather(_mul(dout, out), safe, 0), x), mask), None, None



# ---- sorted segments ----------------------------------------------------------------------------------
def _segment_sizes(x, segment_ids, out):
    """How many rows each segment has, shaped to divide a gradient of out's shape."""
    ones = _cast(_greater_equal(segment_ids, 0), x.dtype)
    sizes = _maximum(_segment_sum(ones, segment_ids, out.shape[0]), 1)
    return _reshape(sizes, (out.shape[0],) + (1,) * (len(x.shape) - 1))


@bprop("SegmentSum")
def _segment_sum_bprop(prim, x, segment_ids, out, dout):
    return _gather(dout, segment_ids, 0), None


@bprop("SegmentMean")
def _segment_mean_bprop(prim, x, segment_ids, out, dout):
    return _gather(_div(dout, _segment_sizes(x, segment_ids, out)), segment_ids, 0), None


@bprop("SegmentMax", "SegmentMin")
def _segment_extreme_bprop(prim, x, segment_ids, out, dout):
    """The rows equal to their segment's extreme share its gradient equally."""
    chosen = _cast(_equal(x, _gather(out, segment_ids, 0)), x.dtype)
    ties = _maximum(_segment_sum(chosen, segment_ids, out.shape[0]), 1)
    return _mul(_gather(_div(dout, ties), segment_ids, 0), chosen), None


@bprop("SegmentProd")
def _segment_prod_bprop(prim, x, segment_ids, out, dout):
    """d(prod)/dx_i is the product of the other rows, out / x_i (x_i nonzero)."""
    return _div(_gather(_mul(dout, out), segment_ids, 0), x), None


# ---- more index updates -------------------------------------------------------------------------------
@bprop("InplaceUpdateV2")
def _inplace_update_v2(prim, x, indices, v, out, dout):
    rows = indices if isinstance(indices, Tensor) else Tensor(np.array(indices, np.int64).reshape(-1))
    dx = _tensor_scatter_update(dout, _expand_dims(rows, -1), _zeros_like(v))
    return dx, None, _gather(dout, rows, 0)


@bprop("ScatterAddWithAxis")
def _scatter_add_with_axis(prim, x, indices, updates, out, dout):
    return dout, None, _gather_d(dout, prim.axis, indices)


@bprop("IndexPut")
def _index_put(prim, x1, x2, indices, out, dout):
    """Written elements lose x1's gradient (accumulate=0); x2 takes the gradient of every
    element it went to (summed when one value went everywhere)."""
    vectors = _stack(tuple(indices))
    dx1 = dout if prim.accumulate else prim(dout, _zeros_like(x2), indices)
    return dx1, grad_like(x2, _gather_nd(dout, vectors)), None


@bprop("SparseSegmentMean")
def _sparse_segment_mean(prim, x, indices, segment_ids, out, dout):
    """Row indices[k] takes its segment's gradient over the segment's size (summed over
    the k that read it)."""
    picked = _gather(_div(dout, _segment_sizes(x, segment_ids, out)), segment_ids, 0)
    return _segment_sum(picked, indices, x.shape[0]), None, None
