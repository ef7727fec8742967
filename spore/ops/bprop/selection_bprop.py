"""bprops of the selection primitives and Tensor indexing (operations/selection_ops.py).

An op that reads elements of an input (Gather, GatherD, GatherNd, slicing, x[index],
MaskedSelect, Sort, TopK) sends each output element's gradient back to the element it
was read from, in zeros of the input's shape, adding up where an element was read
several times. An op that writes (the scatters, x[index] = value, Select, MaskedFill)
sends it to whichever input supplied the output element. Indices, masks, conditions
and shapes take no gradient.
"""
from __future__ import annotations

import functools
import math

from ..._kernels.selection import SLICE, TENSOR, strided_slice_spec
from ...common import dtype as mstype
from ...common.tensor import Tensor
from ..operations import array_ops as A
from ..operations import math_ops as M
from ..operations import selection_ops as S
from ..operations.reduce_ops import ReduceSum
from ..validator import broadcast_shapes
from .broadcast import grad_like, sum_to_shape
from .registry import bprop, non_differentiable

# NonZero gives positions. Unique: MindSpore's bprop (UniqueGrad) has no CPU kernel, so
# its gradient is unavailable there; duplicates make it ill-defined anyway.
non_differentiable("NonZero", "Unique", "UniqueConsecutive", "UniqueWithPad", "LowerBound", "UpperBound",
                   "ListDiff")

_gather_d, _gather_nd, _scatter_nd = S.GatherD(), S.GatherNd(), S.ScatterNd()
_tensor_scatter_update, _select, _masked_fill = S.TensorScatterUpdate(), S.Select(), S.MaskedFill()
_reshape, _cast, _zeros_like, _sum = A.Reshape(), A.Cast(), A.ZerosLike(), ReduceSum()

_FULL = (SLICE, None, None, None)


@functools.lru_cache(maxsize=4096)
def _prim(cls, *attrs):
    """The Primitive `cls(*attrs)`, built once per distinct attribute values."""
    return cls(*attrs)


def _ints(value) -> tuple[int, ...]:
    """A sequence of ints or a 1-D Tensor of them, as a tuple."""
    return tuple(value.tolist() if isinstance(value, Tensor) else value)


def _scatter_back(spec: tuple, dout, shape: tuple, *index_tensors):
    """dout, the gradient of x[index] for the index `spec`, added back into zeros of x's shape."""
    return _prim(S.TensorGetItemGrad, spec)(dout, shape, *index_tensors)


# ---- gather and scatter -------------------------------------------------------------------


@bprop("Gather")
def _gather(prim, params, indices, axis, out, dout):
    """Without batch dims, Gather along `axis` is params[:, ..., :, indices] (`axis` full
    slices), whose reads TensorGetItemGrad adds back."""
    axis = int(axis) % params.ndim
    batch_dims = prim.batch_dims % indices.ndim if prim.batch_dims else 0
    if batch_dims:
        return _batched_gather(params, indices, axis, batch_dims, dout), None, None
    spec = (_FULL,) * axis + ((TENSOR, indices.ndim, False),)
    return _scatter_back(spec, dout, params.shape, indices), None, None


def _batched_gather(params, indices, axis: int, batch_dims: int, dout):
    """With batch dims B, middle dims M (params' between B and `axis`), rest R (after
    `axis`) and index dims I: out[b, m, i, r] = params[b, m, indices[b, i], r]. With I
    flattened to one axis this is GatherD along `axis` with indices broadcast over M and
    R, so GatherDGrad scatters dout back."""
    shape = tuple(params.shape)
    batch, middle, rest = shape[:batch_dims], shape[batch_dims:axis], shape[axis + 1:]
    picks = math.prod(indices.shape[batch_dims:])
    grad = _reshape(dout, batch + middle + (picks,) + rest)
    if indices.dtype not in (mstype.int32, mstype.int64):
        indices = _cast(indices, mstype.int64)
    index = _reshape(indices, batch + (1,) * len(middle) + (picks,) + (1,) * len(rest))
    index = _prim(A.BroadcastTo, tuple(grad.shape))(index)
    return _prim(S.GatherDGrad, axis)(grad, shape, index)


@bprop("GatherD")
def _gather_d_bprop(prim, x, dim, index, out, dout):
    return _prim(S.GatherDGrad, int(dim))(dout, x.shape, index), None, None


@bprop("GatherDGrad")
def _gather_d_grad(prim, grad, shape, index, out, dout):
    """GatherDGrad is linear in grad and the adjoint of GatherD, whose reads give its own."""
    return _gather_d(dout, prim.dim, index), None, None


@bprop("GatherNd")
def _gather_nd_bprop(prim, x, indices, out, dout):
    """out[i] = x[indices[i]] for the index vectors on the last axis of `indices` (a 0-d
    or 1-d `indices` is one vector): ScatterNd adds dout at the same vectors. Vectors of
    length 0 read all of x, once per vector."""
    shape = tuple(x.shape)
    depth = indices.shape[-1] if indices.ndim else 1
    if depth == 0:
        return sum_to_shape(dout, shape), None
    if 0 in shape:
        return _zeros_like(x), None
    if indices.ndim < 2:
        indices = _reshape(indices, (1, depth))
        dout = _reshape(dout, (1,) + tuple(dout.shape))
    return _scatter_nd(indices, dout, shape), None


@bprop("ScatterNd")
def _scatter_nd_bprop(prim, indices, updates, shape, out, dout):
    return None, _gather_nd(dout, indices), None


@bprop("TensorScatterUpdate")
def _tensor_scatter_update_bprop(prim, x, indices, updates, out, dout):
    """The overwritten elements of x take no gradient; every update (also one written
    over by a repeated index, as in MindSpore) takes the gradient at its position."""
    dx = _tensor_scatter_update(dout, indices, _zeros_like(updates))
    return dx, None, _gather_nd(dout, indices)


@bprop("TensorScatterAdd")
def _tensor_scatter_add(prim, x, indices, updates, out, dout):
    return dout, None, _gather_nd(dout, indices)


# ---- slicing ------------------------------------------------------------------------------


@bprop("Slice")
def _slice(prim, x, begin, size, out, dout):
    spec = tuple((SLICE, b, None if s == -1 else b + s, None) for b, s in zip(_ints(begin), _ints(size)))
    return _scatter_back(spec, dout, x.shape), None, None


@bprop("StridedSlice")
def _strided_slice(prim, x, begin, end, strides, out, dout):
    spec = strided_slice_spec(_ints(begin), _ints(end), _ints(strides), prim.begin_mask, prim.end_mask,
                              prim.ellipsis_mask, prim.new_axis_mask, prim.shrink_axis_mask)
    return _scatter_back(spec, dout, x.shape), None, None, None


# ---- select and mask ----------------------------------------------------------------------


@bprop("Select")
def _select_bprop(prim, condition, x, y, out, dout):
    """out = x where condition else y: x takes dout where the condition holds, y where
    it does not, each summed over the axes it was broadcast along."""
    dx = grad_like(x, _select(condition, dout, 0)) if isinstance(x, Tensor) else None
    dy = grad_like(y, _select(condition, 0, dout)) if isinstance(y, Tensor) else None
    return None, dx, dy


@bprop("MaskedFill")
def _masked_fill_bprop(prim, x, mask, value, out, dout):
    """out = value where mask else x: x takes dout where the mask is False, a Tensor
    value the sum of dout where it is True."""
    dx = grad_like(x, _masked_fill(dout, mask, 0))
    dvalue = grad_like(value, _sum(_select(mask, dout, 0), ())) if isinstance(value, Tensor) else None
    return dx, None, dvalue


@bprop("MaskedSelect")
def _masked_select_bprop(prim, x, mask, out, dout):
    """out = x[mask] with x and mask broadcast to one shape: dout goes back under the
    mask, then is summed to x's shape."""
    shape = broadcast_shapes(prim.name, x.shape, mask.shape)
    if tuple(mask.shape) != shape:
        mask = _prim(A.BroadcastTo, shape)(mask)
    return grad_like(x, _scatter_back(((TENSOR, len(shape), True),), dout, shape, mask)), None


# ---- sort ---------------------------------------------------------------------------------


@bprop("Sort")
def _sort(prim, x, out, dout):
    """values = x taken along `axis` at `indices`: each value's gradient goes back to
    its source; the indices take none."""
    return (_prim(S.GatherDGrad, prim.axis)(dout[0], x.shape, out[1]),)


@bprop("TopK")
def _top_k(prim, x, k, out, dout):
    return _prim(S.GatherDGrad, -1)(dout[0], x.shape, out[1]), None


# ---- Tensor indexing ----------------------------------------------------------------------


@bprop("TensorGetItem")
def _tensor_getitem(prim, x, *rest):
    """x[index]: TensorGetItemGrad adds dout back where the index reads (repeated
    integer indices add up). The index tensors take no gradient."""
    tensors, dout = rest[:-2], rest[-1]
    return (_scatter_back(prim.index_spec, dout, x.shape, *tensors),) + (None,) * len(tensors)


@bprop("TensorGetItemGrad")
def _tensor_getitem_grad(prim, grad, shape, *rest):
    """TensorGetItemGrad is linear in grad and the adjoint of TensorGetItem, whose reads
    give its own."""
    tensors, dout = rest[:-2], rest[-1]
    return (_prim(S.TensorGetItem, prim.index_spec)(dout, *tensors), None) + (None,) * len(tensors)


@bprop("TensorSetItem")
def _tensor_setitem(prim, x, *rest):
    """x[index] = value: x takes dout outside the set part; a Tensor value takes dout
    read at the set part (each of repeated indices too, as in MindSpore), summed to its
    shape and cast to its dtype."""
    *tensors, value, _, dout = rest
    dx = prim(dout, *tensors, 0)
    dvalue = None
    if isinstance(value, Tensor):
        region = _prim(S.TensorGetItem, prim.index_spec)(dout, *tensors)
        dvalue = grad_like(value, _sum_to_value(region, tuple(value.shape)))
    return (dx,) + (None,) * len(tensors) + (dvalue,)


def _sum_to_value(grad, shape: tuple):
    """`grad` summed to a value's `shape`, which broadcast to grad's shape after dropping
    leading 1s (a value may have more dimensions than the part it is written to)."""
    extra = len(shape) - grad.ndim
    if extra <= 0:
        return sum_to_shape(grad, shape)
    return _reshape(sum_to_shape(grad, shape[extra:]), shape)


@bprop("MaskedScatter")
def _masked_scatter_bprop(prim, x, mask, updates, out, dout):
    """The replaced elements of x take no gradient; the first updates, one per True of
    the mask in order, take the gradient of the element they replaced."""
    shape = tuple(x.shape)
    if tuple(mask.shape) != shape:
        mask = _prim(A.BroadcastTo, shape)(mask)
    taken = _prim(S.MaskedSelect)(dout, mask)
    rest = math.prod(updates.shape) - taken.shape[0]
    dupdates = _reshape(_prim(A.PadV3, "constant")(taken, (0, rest), 0), tuple(updates.shape))
    return _masked_fill(dout, mask, 0), None, dupdates


@bprop("NthElement")
def _nth_element_bprop(prim, x, n, out, dout):
    """The elements equal to the chosen one share its gradient equally."""
    chosen = _cast(M.Equal()(x, _prim(A.ExpandDims)(out, -1)), x.dtype)
    ties = _sum(chosen, (-1,))
    return M.Mul()(chosen, _prim(A.ExpandDims)(M.Div()(dout, ties), -1)), None


@bprop("SelectView")
def _select_view_bprop(prim, x, index, dim, out, dout):
    """The slice's gradient goes back into zeros of x's shape at the same place."""
    spec = (_FULL,) * (int(dim) % len(x.shape)) + (int(index),)
    return _prim(S.TensorSetItem, spec)(_zeros_like(x), dout), None, None
