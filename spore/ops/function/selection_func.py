"""Functional API of the primitives in operations/selection_ops.py (`ops.gather`,
`ops.sort`, ...), and Tensor indexing (`x[index]`, `x[index] = value`)."""
from __future__ import annotations

import functools
import itertools

import numpy as np

from ...common import dtype as mstype
from ...common.tensor import Tensor
from ..operations import array_ops as A
from ..operations import selection_ops as S
from ..operations.math_ops import FloorMod, Maximum, Minimum
from ..operations.selection_ops import parse_index
from ..validator import check_axis, check_bool, check_tensor, check_type
from .inplace import rebind

__all__ = [
    "gather", "gather_d", "gather_elements", "gather_nd", "index_select",
    "scatter_nd", "tensor_scatter_update", "tensor_scatter_add",
    "slice", "tensor_slice", "strided_slice", "select", "where", "masked_fill", "masked_select", "nonzero",
    "sort", "argsort", "topk", "top_k", "unique", "unique_consecutive", "unique_with_pad",
    "narrow", "take", "argwhere", "combinations",
]

_gather_d, _gather_nd, _scatter_nd = S.GatherD(), S.GatherNd(), S.ScatterNd()
_tensor_scatter_update, _tensor_scatter_add = S.TensorScatterUpdate(), S.TensorScatterAdd()
_slice, _select, _masked_fill, _masked_select = S.Slice(), S.Select(), S.MaskedFill(), S.MaskedSelect()
_non_zero, _unique, _unique_with_pad, _reshape = S.NonZero(), S.Unique(), S.UniqueWithPad(), A.Reshape()
_maximum, _minimum, _floor_mod = Maximum(), Minimum(), FloorMod()
_cast, _expand_dims, _squeeze_first, _unstack_first = A.Cast(), A.ExpandDims(), A.Squeeze(0), A.Unstack(0)


@functools.lru_cache(maxsize=64)
def _stack_prim(axis: int) -> A.Stack:
    return A.Stack(axis)


@functools.lru_cache(maxsize=128)
def _broadcast_prim(shape: tuple) -> A.BroadcastTo:
    return A.BroadcastTo(shape)


@functools.lru_cache(maxsize=128)
def _gather_prim(batch_dims: int) -> S.Gather:
    return S.Gather(batch_dims)


@functools.lru_cache(maxsize=128)
def _strided_slice_prim(*masks: int) -> S.StridedSlice:
    return S.StridedSlice(*masks)


@functools.lru_cache(maxsize=128)
def _sort_prim(axis: int, descending: bool) -> S.Sort:
    return S.Sort(axis, descending)


@functools.lru_cache(maxsize=128)
def _top_k_prim(sorted: bool) -> S.TopK:
    return S.TopK(sorted)


@functools.lru_cache(maxsize=128)
def _unique_consecutive_prim(return_idx: bool, return_counts: bool, axis) -> S.UniqueConsecutive:
    return S.UniqueConsecutive(return_idx, return_counts, axis)


@functools.lru_cache(maxsize=4096)
def _getitem_prim(spec: tuple) -> S.TensorGetItem:
    return S.TensorGetItem(spec)


@functools.lru_cache(maxsize=4096)
def _setitem_prim(spec: tuple) -> S.TensorSetItem:
    return S.TensorSetItem(spec)


# ---- gather and scatter -------------------------------------------------------------------


def gather(input_params, input_indices, axis, batch_dims=0):
    """Slices of `input_params` along `axis` at `input_indices` (see ops.Gather)."""
    return _gather_prim(batch_dims)(input_params, input_indices, axis)


def gather_d(x, dim, index):
    """Elements of x along `dim` at `index` (see ops.GatherD)."""
    return _gather_d(x, dim, index)


def gather_elements(input, dim, index):
    """Elements of `input` along `dim` at `index`, as gather_d."""
    return _gather_d(input, dim, index)


def gather_nd(input_x, indices):
    """Slices of `input_x` at the index vectors on the last axis of `indices`."""
    return _gather_nd(input_x, indices)


def index_select(input, axis, index):
    """Slices of `input` along `axis` at the 1-D integer Tensor `index`."""
    if not (isinstance(input, Tensor) and isinstance(index, Tensor)):
        raise TypeError("For 'index_select', the 'input' and 'index' must both be Tensors, but got "
                        f"{type(input).__name__} and {type(index).__name__}.")
    if index.ndim != 1:
        raise ValueError(f"For 'index_select', the 'index' must be 1-D, but got {index.ndim} dimensions.")
    return _gather_prim(0)(input, index, check_type("index_select", "axis", axis, int))


def scatter_nd(indices, updates, shape):
    """Zeros of `shape` with `updates` added at the index vectors of `indices`."""
    return _scatter_nd(indices, updates, shape)


def tensor_scatter_update(input_x, indices, updates):
    """A copy of input_x with `updates` written at the index vectors of `indices`."""
    return _tensor_scatter_update(input_x, indices, updates)


def tensor_scatter_add(input_x, indices, updates):
    """A copy of input_x with `updates` added at the index vectors of `indices`."""
    return _tensor_scatter_add(input_x, indices, updates)


# ---- slicing, selecting, masking ----------------------------------------------------------


def slice(input_x, begin, size):
    """The block of input_x starting at `begin` with extent `size` (-1: to the end)."""
    return _slice(input_x, begin, size)


def tensor_slice(input, begin, size):
    """Same as slice(input, begin, size)."""
    return _slice(input, begin, size)


def strided_slice(input_x, begin, end, strides, begin_mask=0, end_mask=0, ellipsis_mask=0, new_axis_mask=0,
                  shrink_axis_mask=0):
    """input_x[begin:end:strides] per dimension, with TensorFlow-style masks (see ops.StridedSlice)."""
    prim = _strided_slice_prim(begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask)
    return prim(input_x, begin, end, strides)


def select(condition, input, other):
    """`input` where `condition` is True, else `other` (Tensors or numbers, broadcast)."""
    return _select(condition, input, other)


def where(condition, input, other):
    """`input` where `condition` is True, else `other` (Tensors or numbers, broadcast)."""
    return _select(condition, input, other)



def narrow(input, axis, start, length):
    """The `length` elements of `input` from `start` along `axis`."""
    check_tensor("narrow", "input", input)
    if not input.shape:
        raise ValueError("For 'narrow', the 'input' must have at least 1 dimension, but got a 0-d Tensor.")
    axis = check_axis("narrow", axis, input.ndim)
    size = input.shape[axis]
    check_type("narrow", "start", start, int)
    check_type("narrow", "length", length, int)
    if not -size <= start <= size:
        raise ValueError(f"For 'narrow', the 'start' must be in range [{-size}, {size}], but got {start}.")
    start %= max(size, 1)
    if not 0 <= length <= size - start:
        raise ValueError(f"For 'narrow', the 'length' must be in range [0, {size - start}], but got {length}.")
    begin = [0] * input.ndim
    extent = list(input.shape)
    begin[axis], extent[axis] = start, length
    return _slice(input, tuple(begin), tuple(extent))


def take(input, index):
    """The elements of `input`, read as a flat 1-D tensor, at `index` (an integer Tensor;
    the result has index's shape)."""
    check_tensor("take", "input", input)
    check_tensor("take", "index", index)
    return _gather_prim(0)(_reshape(input, (-1,)), index, 0)


def argwhere(input):
    """The Int64 (count, rank) indices of the nonzero elements of `input`."""
    return _non_zero(input)


def combinations(input, r=2, with_replacement=False):
    """The length-`r` combinations of the elements of the 1-D `input` as rows, in
    lexicographic order of positions (itertools.combinations, or
    combinations_with_replacement)."""
    check_tensor("combinations", "input", input)
    if input.ndim != 1:
        raise ValueError(f"For 'combinations', the 'input' must be 1-D, but got {input.ndim} dimensions.")
    r = check_type("combinations", "r", r, int)
    if r < 0:
        raise ValueError(f"For 'combinations', the 'r' must be non-negative, but got {r}.")
    pick = itertools.combinations_with_replacement if with_replacement else itertools.combinations
    rows = list(pick(range(input.shape[0]), r))
    return _gather_prim(0)(input, Tensor(np.array(rows, np.int64).reshape(len(rows), r)), 0)


def masked_fill(input_x, mask, value):
    """input_x with `value` where `mask` is True."""
    return _masked_fill(input_x, mask, value)


def masked_select(input, mask):
    """The 1-D tensor of the elements of `input` where `mask` is True."""
    return _masked_select(input, mask)


def nonzero(input, *, as_tuple=False):
    """The Int64 (count, rank) indices of the nonzero elements; with `as_tuple`, a tuple
    of rank 1-D tensors, one per dimension."""
    indices = _non_zero(input)
    if not check_bool("nonzero", "as_tuple", as_tuple):
        return indices
    return tuple(_getitem_prim(((S.SLICE, None, None, None), d))(indices) for d in range(input.ndim))


# ---- sort and unique ----------------------------------------------------------------------


def sort(input_x, axis=-1, descending=False):
    """(values, Int32 indices) of input_x sorted along `axis` (stable)."""
    return _sort_prim(axis, descending)(input_x)


def argsort(input, axis=-1, descending=False):
    """The Int32 indices that sort `input` along `axis` (stable)."""
    return _sort_prim(axis, descending)(input)[1]


def topk(input, k, dim=None, largest=True, sorted=True):
    """(values, Int32 indices) of the k largest (or smallest) elements along `dim` (the
    last by default); equal values come in index order."""
    check_bool("topk", "largest", largest)
    check_bool("topk", "sorted", sorted)
    check_tensor("topk", "input", input)
    ndim = input.ndim
    dim = -1 if dim is None else check_axis("topk", dim, ndim, "dim")
    if largest and dim in (-1, ndim - 1):
        return _top_k_prim(sorted)(input, k)
    # TopK takes the largest along the last axis; the other cases take the first k of a sort
    check_type("topk", "k", k, int)
    size = input.shape[dim] if ndim else 1
    if not 0 < k <= size:
        raise ValueError(f"For 'topk', the 'k' must be in range (0, {size}], but got {k}.")
    values, indices = _sort_prim(dim, largest)(input)
    first_k = _getitem_prim(((S.SLICE, None, None, None),) * (dim % max(ndim, 1)) + ((S.SLICE, None, k, None),))
    return first_k(values), first_k(indices)



def top_k(input_x, k, sorted=True):
    """(values, Int32 indices) of the k largest elements along the last axis."""
    return _top_k_prim(check_bool("top_k", "sorted", sorted))(input_x, k)


def unique(input):
    """(y, idx): the distinct values of `input` in order of first appearance, and for each
    element its position in y (idx has input's shape)."""
    return _unique(input)


def unique_consecutive(input, return_inverse=False, return_counts=False, dim=None):
    """`input` with runs of equal consecutive elements (slices along `dim`; of the
    flattened input when None) kept once; with the run of each element and the length
    of each run when asked for."""
    output, inverse, counts = _unique_consecutive_prim(return_inverse, return_counts, dim)(input)
    extras = ((inverse,) if return_inverse else ()) + ((counts,) if return_counts else ())
    return (output,) + extras if extras else output


def unique_with_pad(x, pad_num):
    """(y, idx): the distinct values of the 1-D `x` in order of first appearance, padded
    with `pad_num` to x's length, and each element's position in y."""
    return _unique_with_pad(x, pad_num)


# ---- Tensor indexing ----------------------------------------------------------------------


def _getitem(self, index):
    """x[index]: NumPy's basic and advanced indexing (see selection_ops.parse_index)."""
    spec, tensors = parse_index(index)
    return _getitem_prim(spec)(self, *tensors)


def _setitem(self, index, value):
    """x[index] = value: the Tensor takes the new values. Other Tensors may share the old
    storage, so the result is a new torch tensor that the Tensor rebinds to."""
    spec, tensors = parse_index(index)
    if isinstance(value, (list, tuple, np.ndarray)):
        value = Tensor(value, self.dtype)
    elif isinstance(value, np.generic):
        value = value.item()
    elif not isinstance(value, (Tensor, bool, int, float, complex)):
        raise TypeError(f"For 'Tensor.__setitem__', the value must be a number, Tensor, list or tuple, but got "
                        f"{type(value).__name__}.")
    rebind(self, _setitem_prim(spec)(self, *tensors, value))


# ---- Tensor methods -----------------------------------------------------------------------


def _gather_method(self, *args, **kwargs):
    """Tensor.gather(input_indices, axis, batch_dims=0); MindSpore 2.x also reads
    Tensor.gather(dim, index), an int first, as gather_elements."""
    if "dim" in kwargs or "index" in kwargs or (args and isinstance(args[0], int)):
        return _by_dim(self, *args, **kwargs)
    return _by_indices(self, *args, **kwargs)


def _by_indices(self, input_indices, axis, batch_dims=0):
    return gather(self, input_indices, axis, batch_dims)


def _by_dim(self, dim, index):
    return gather_elements(self, dim, index)


def _sort_method(self, axis=-1, descending=False, *, dim=None, stable=False):
    """Tensor.sort(axis=-1, descending=False); `dim` names the axis too, and the sort is
    always stable."""
    return sort(self, axis if dim is None else dim, descending)


def _argsort_method(self, axis=-1, descending=False, *, dim=None, stable=False):
    return argsort(self, axis if dim is None else dim, descending)


def _index_select_method(self, axis=None, index=None, *, dim=None):
    """Tensor.index_select(axis, index); `dim` names the axis too."""
    return index_select(self, axis if dim is None else dim, index)


def _where_method(self, condition, y):
    """x.where(condition, y): x where `condition` is True, else y."""
    return _select(condition, self, y)


def _masked_fill_method(self, mask, value):
    return _masked_fill(self, mask, value)


def _masked_select_method(self, mask):
    return _masked_select(self, mask)


def _nonzero_method(self, *, as_tuple=False):
    return nonzero(self, as_tuple=as_tuple)


def _topk_method(self, k, dim=None, largest=True, sorted=True):
    return topk(self, k, dim, largest, sorted)


def _narrow_method(self, dim, start, length):
    return narrow(self, dim, start, length)


_TAKE_MODES = ("raise", "wrap", "clip")


def _take_method(self, indices, axis=None, mode="clip"):
    """Tensor.take(indices, axis=None, mode='clip'): NumPy's take. Along `axis` (of the
    flattened tensor when None); out-of-range indices are clipped ('clip'), wrapped
    ('wrap') or refused ('raise', as Gather does)."""
    check_tensor("Tensor.take", "indices", indices)
    if mode not in _TAKE_MODES:
        raise ValueError(f"For 'Tensor.take', the 'mode' must be 'raise', 'wrap' or 'clip', but got {mode!r}.")
    source = _reshape(self, (-1,)) if axis is None else self
    axis = 0 if axis is None else check_axis("Tensor.take", axis, self.ndim)
    size = source.shape[axis]
    if mode == "clip":
        indices = _minimum(_maximum(indices, 0), size - 1)
    elif mode == "wrap":
        indices = _floor_mod(indices, size)
    return _gather_prim(0)(source, indices, axis)


def _top_k_method(self, k, sorted=True):
    return top_k(self, k, sorted)


def _unique_method(self, sorted=True, return_inverse=False, return_counts=False, dim=None):
    """Tensor.unique(sorted=True, return_inverse=False, return_counts=False, dim=None): the
    distinct elements (slices along `dim`) in ascending order, as torch gives them whatever
    `sorted` says; with the Int64 position of each element in them and each one's count.
    The values are read (PyNative mode)."""
    check_tensor("Tensor.unique", "self", self)
    values = self.asnumpy()
    if dim is None:
        _, first, inverse, counts = np.unique(values.reshape(-1), return_index=True, return_inverse=True,
                                              return_counts=True)
        out = _gather_prim(0)(_reshape(self, (-1,)), Tensor(first.astype(np.int64)), 0)
        inverse = inverse.reshape(values.shape)
    else:
        dim = check_axis("Tensor.unique", dim, self.ndim, "dim")
        rows = np.moveaxis(values, dim, 0).reshape(values.shape[dim], -1)
        _, first, inverse, counts = np.unique(rows, axis=0, return_index=True, return_inverse=True,
                                              return_counts=True)
        out = _gather_prim(0)(self, Tensor(first.astype(np.int64)), dim)
        inverse = inverse.reshape(-1)
    extras = (Tensor(inverse.astype(np.int64)),) if return_inverse else ()
    extras += (Tensor(counts.astype(np.int64)),) if return_counts else ()
    return (out,) + extras if extras else out


def _choose(self, choices, mode="clip"):
    """Tensor.choose(choices, mode='clip'): NumPy's choose: element i of the result is
    choices[self[i]][i], self and the choices broadcast to one shape; indices outside
    [0, n) are clipped ('clip'), wrapped ('wrap') or refused ('raise')."""
    check_tensor("Tensor.choose", "self", self)
    if mode not in _TAKE_MODES:
        raise ValueError(f"For 'Tensor.choose', the 'mode' must be 'raise', 'wrap' or 'clip', but got {mode!r}.")
    if isinstance(choices, (tuple, list)):
        choices = [c if isinstance(c, Tensor) else Tensor(np.asarray(c)) for c in choices]
    elif isinstance(choices, Tensor):
        choices = list(_unstack_first(choices))
    else:
        raise TypeError(f"For 'Tensor.choose', the 'choices' must be a tuple, list or Tensor, but got "
                        f"{type(choices).__name__}.")
    count = len(choices)
    shape = tuple(np.broadcast_shapes(tuple(self.shape), *(tuple(c.shape) for c in choices)))
    dtype = functools.reduce(mstype.promote_types, (c.dtype for c in choices))
    stacked = _stack_prim(0)([_broadcast_prim(shape)(c if c.dtype is dtype else _cast(c, dtype)) for c in choices])
    index = self
    if mode == "clip":
        index = _minimum(_maximum(index, 0), count - 1)
    elif mode == "wrap":
        index = _floor_mod(index, count)
    else:
        _check_choice_range(self, count)
    index = _expand_dims(_broadcast_prim(shape)(_cast(index, mstype.int64)), 0)
    return _squeeze_first(_gather_d(stacked, 0, index))


def _check_choice_range(index, count: int) -> None:
    values = index.asnumpy()
    if values.size and (values.min() < 0 or values.max() >= count):
        raise ValueError(f"For 'Tensor.choose', in mode 'raise' every index must be in [0, {count}), but got "
                         f"{values.min() if values.min() < 0 else values.max()}.")


TENSOR_METHODS = {
    "__getitem__": _getitem, "__setitem__": _setitem,
    "gather": _gather_method, "gather_elements": gather_elements,
    "index_select": _index_select_method,
    "masked_fill": _masked_fill_method, "masked_select": _masked_select_method,
    "nonzero": _nonzero_method, "where": _where_method,
    "sort": _sort_method, "argsort": _argsort_method, "topk": _topk_method,
    "narrow": _narrow_method, "take": _take_method, "top_k": _top_k_method, "argwhere": argwhere,
    "gather_nd": gather_nd, "unique_consecutive": unique_consecutive, "unique_with_pad": unique_with_pad,
    "unique": _unique_method, "choose": _choose,
}
"""Tensor methods and operators this family provides (installed by tensor_methods.py)."""
