"""Kernels of the primitives in ops/operations/selection_ops.py, and the index specs that
Tensor indexing compiles to.

An *index spec* is the static part of a NumPy-style index `x[...]`: a tuple with one
entry per index item, in order:

- an int: an integer index (negative counts from the end);
- `(SLICE, start, stop, step)`: a slice; the bounds are ints or None, the step a
  nonzero int or None (a negative step walks backwards, as in NumPy);
- `None`: a new axis of length 1;
- `Ellipsis`: as many full slices as the other entries leave (one is implied at the end);
- `(BOOL, b)`: a Python bool, NumPy's 0-d boolean index: a new axis of length 1 or 0;
- `(TENSOR, ndim, is_mask)`: the next index tensor, an input of the op: integer
  indices (`is_mask` False), or a boolean mask over `ndim` dimensions.

TensorGetItem, TensorSetItem and StridedSlice all run through `Indexer`, which applies a
spec to torch tensors with NumPy's semantics. This module holds the pure-Python layout
rules too (`index_layout`), so that the primitives' `infer` and their kernels share them.
"""
from __future__ import annotations

import functools
import operator
from typing import NamedTuple

import torch

from .registry import kernel, kernel_factory
from .tensor_data import TORCH_OF

SLICE, BOOL, TENSOR = "slice", "bool", "tensor"

# ---- index specs: pure layout rules ------------------------------------------------------


def is_slice(entry) -> bool:
    return type(entry) is tuple and entry[0] == SLICE


def is_tensor(entry) -> bool:
    return type(entry) is tuple and entry[0] == TENSOR


def is_bool(entry) -> bool:
    return type(entry) is tuple and entry[0] == BOOL


def _consumed(entry) -> int:
    """The number of input dimensions an entry (other than Ellipsis) indexes."""
    if entry is None or is_bool(entry):
        return 0
    if is_tensor(entry):
        _, ndim, is_mask = entry
        return ndim if is_mask else 1
    return 1


def _numpy_advanced(entry, any_arrays: bool) -> bool:
    """Whether NumPy indexes with `entry` as an advanced index: index tensors and Python
    bools always, ints too once the index holds an array (`any_arrays`)."""
    return is_tensor(entry) or is_bool(entry) or (any_arrays and type(entry) is int)


def _torch_advanced(entry) -> bool:
    """torch applies ints and 0-d integer tensors as plain selections before advanced
    indexing, so they never count among its advanced indices."""
    if is_tensor(entry):
        _, ndim, is_mask = entry
        return is_mask or ndim > 0
    return is_bool(entry)


def _torch_transparent(entry, ellipsis_len: int) -> bool:
    """Entries torch removes before advanced indexing (ints, 0-d integer tensors and an
    Ellipsis of no dimensions): they never separate the others."""
    if entry is Ellipsis:
        return ellipsis_len == 0
    return type(entry) is int or (is_tensor(entry) and not _torch_advanced(entry))


class IndexLayout(NamedTuple):
    """How an index spec lays out over a tensor of a given rank."""

    in_dims: tuple          # per entry, the first input dimension it indexes
    ellipsis_len: int       # the dimensions the Ellipsis (explicit or implied) stands for
    basic_dims: int         # output dimensions made by slices, new axes and the Ellipsis
    numpy_pos: int          # where NumPy puts the advanced-index dimensions in the output
    torch_pos: int          # where torch's indexing puts them


def _advanced_position(advanced, transparent, basic_before) -> int:
    """The placement rule NumPy and torch share: the advanced dimensions replace the
    indexed ones in place when the advanced entries are adjacent (`transparent` ones
    between them do not count), else they go first."""
    positions = [i for i, flag in enumerate(advanced) if flag]
    if not positions:
        return 0
    first, last = positions[0], positions[-1]
    adjacent = all(advanced[i] or transparent[i] for i in range(first, last + 1))
    return basic_before[first] if adjacent else 0


@functools.lru_cache(maxsize=4096)
def index_layout(spec: tuple, ndim: int) -> IndexLayout:
    """The layout of `spec` over a rank-`ndim` tensor; IndexError for too many indices."""
    consumed = sum(_consumed(e) for e in spec if e is not Ellipsis)
    if consumed > ndim:
        raise IndexError(f"too many indices for tensor of dimension {ndim}")
    ellipsis_len = ndim - consumed
    in_dims, basic_before = [], []
    dim = basic = 0
    for entry in spec:
        in_dims.append(dim)
        basic_before.append(basic)
        if entry is Ellipsis:
            dim += ellipsis_len
            basic += ellipsis_len
        else:
            dim += _consumed(entry)
            basic += entry is None or is_slice(entry)
    if Ellipsis not in spec:
        basic += ellipsis_len
    any_arrays = any(is_tensor(e) or is_bool(e) for e in spec)
    numpy_pos = _advanced_position([_numpy_advanced(e, any_arrays) for e in spec], [False] * len(spec),
                                   basic_before)
    torch_pos = _advanced_position([_torch_advanced(e) for e in spec],
                                   [_torch_transparent(e, ellipsis_len) for e in spec], basic_before)
    return IndexLayout(tuple(in_dims), ellipsis_len, basic, numpy_pos, torch_pos)


def strided_slice_spec(begin, end, strides, begin_mask: int, end_mask: int, ellipsis_mask: int,
                       new_axis_mask: int, shrink_axis_mask: int) -> tuple:
    """The index spec StridedSlice's masks describe: bit i of a mask applies to position i
    of begin / end / strides (TensorFlow's convention, which MindSpore follows)."""
    if not len(begin) == len(end) == len(strides):
        raise ValueError("begin, end and strides must have the same length")
    spec = []
    for i, (b, e, s) in enumerate(zip(begin, end, strides)):
        bit = 1 << i
        if ellipsis_mask & bit:
            spec.append(Ellipsis)
        elif new_axis_mask & bit:
            spec.append(None)
        elif shrink_axis_mask & bit:
            if s < 0:
                raise IndexError(f"strides[{i}] must be positive where shrink_axis_mask is set, but got {s}")
            spec.append(b)
        else:
            spec.append((SLICE, None if begin_mask & bit else b, None if end_mask & bit else e, s))
    return tuple(spec)


# ---- applying index specs to torch tensors -----------------------------------------------

_TORCH_INDEX_DTYPES = (torch.int64, torch.int32, torch.bool)
_SIGNED_TWIN = {torch.uint16: torch.int16, torch.uint32: torch.int32, torch.uint64: torch.int64}


def _signed(t: torch.Tensor) -> torch.Tensor:
    """torch lacks gather / scatter kernels for uint16/32/64; moving data is the same on
    the signed type of the same width, so those kernels run on a reinterpreting view."""
    twin = _SIGNED_TWIN.get(t.dtype)
    return t if twin is None else t.view(twin)


def _as_dtype(t: torch.Tensor, dtype: torch.dtype) -> torch.Tensor:
    return t if t.dtype == dtype else t.view(dtype)


def _as_index(t: torch.Tensor) -> torch.Tensor:
    """An integer index tensor in a dtype torch indexes with: int8 / int16 widen; other
    dtypes are no integer indices (torch would read uint8 as a mask)."""
    if t.dtype in (torch.int64, torch.int32):
        return t
    if t.dtype in (torch.int8, torch.int16):
        return t.long()
    raise IndexError(f"index tensors must have a signed integer dtype, but got {t.dtype}")


def _torch_entry(entry):
    if is_slice(entry):
        _, start, stop, step = entry
        return slice(start, stop, step)
    if is_bool(entry):
        return entry[1]
    return entry


def _forward_slice(start, stop, step, size: int) -> slice:
    """The slice over the flipped dimension that visits, in order, what slice(start, stop,
    step) with a negative step visits over the original one (torch has no negative steps)."""
    first, last, step = slice(start, stop, step).indices(size)
    count = len(range(first, last, step))
    flipped_first = size - 1 - first
    return slice(flipped_first, flipped_first - step * count, -step)


class Indexer:
    """Applies one index spec to torch tensors with NumPy's semantics.

    torch's indexing agrees with NumPy's except in three ways, which this class bridges:
    negative slice steps (flip the dimension and walk it forwards), integer index dtypes
    other than int32 / int64, and where the advanced-index dimensions land when ints
    separate them from the other advanced indices (move them where NumPy puts them).
    """

    def __init__(self, spec: tuple):
        self.spec = spec
        self.template = tuple(_torch_entry(e) for e in spec)
        # torch reads a bare index faster than a 1-tuple: x[0] is the most common index
        self.basic_index = self.template[0] if len(spec) == 1 else self.template
        self.tensor_slots = tuple(i for i, e in enumerate(spec) if is_tensor(e))
        self.reversed_slots = tuple(i for i, e in enumerate(spec) if is_slice(e) and e[3] is not None and e[3] < 0)
        # no arrays, no backward steps: torch's own indexing, a view of the input, is the answer
        self.simple = not (self.tensor_slots or self.reversed_slots or any(is_bool(e) for e in spec))

    def _torch_index(self, x, tensors, layout: IndexLayout):
        """The torch index for `x` and the input dimensions to flip before using it."""
        index = list(self.template)
        for slot, t in zip(self.tensor_slots, tensors):
            index[slot] = t if t.dtype in _TORCH_INDEX_DTYPES else _as_index(t)
        flips = []
        for slot in self.reversed_slots:
            dim = layout.in_dims[slot]
            _, start, stop, step = self.spec[slot]
            index[slot] = _forward_slice(start, stop, step, x.shape[dim])
            flips.append(dim)
        return tuple(index), flips

    def getitem(self, x: torch.Tensor, *tensors: torch.Tensor) -> torch.Tensor:
        if self.simple:
            return x[self.basic_index]
        layout = index_layout(self.spec, x.ndim)
        index, flips = self._torch_index(x, tensors, layout)
        source = _signed(x)
        out = (source.flip(flips) if flips else source)[index]
        if layout.numpy_pos != layout.torch_pos:
            advanced = out.ndim - layout.basic_dims
            out = out.movedim(tuple(range(layout.torch_pos, layout.torch_pos + advanced)),
                              tuple(range(layout.numpy_pos, layout.numpy_pos + advanced)))
        return _as_dtype(out, x.dtype)

    def setitem(self, x: torch.Tensor, *args) -> torch.Tensor:
        """A copy of `x` with the indexed part set to `value` (the last argument), which
        broadcasts to the indexed shape and is cast to x's dtype."""
        *tensors, value = args
        layout = index_layout(self.spec, x.ndim)
        index, flips = self._torch_index(x, tensors, layout)
        data = _signed(x)
        out = data.flip(flips) if flips else data.clone()
        if isinstance(value, torch.Tensor):
            value = _signed(value.to(x.dtype))
            if layout.numpy_pos != layout.torch_pos:
                value = self._in_torch_order(out, index, value, layout)
        elif data.dtype != x.dtype:
            value = _signed(torch.tensor(value, dtype=x.dtype))
        out[index] = value
        return _as_dtype(out.flip(flips) if flips else out, x.dtype)

    @staticmethod
    def _in_torch_order(target, index, value, layout: IndexLayout) -> torch.Tensor:
        """`value`, given in NumPy's layout of the indexed part, in torch's layout."""
        torch_shape = list(target[index].shape)     # rare case: a gather only for the shape
        advanced = len(torch_shape) - layout.basic_dims
        block = torch_shape[layout.torch_pos:layout.torch_pos + advanced]
        numpy_shape = torch_shape[:layout.torch_pos] + torch_shape[layout.torch_pos + advanced:]
        numpy_shape[layout.numpy_pos:layout.numpy_pos] = block
        while value.ndim > len(numpy_shape) and value.shape[0] == 1:
            value = value[0]
        return value.expand(numpy_shape).movedim(tuple(range(layout.numpy_pos, layout.numpy_pos + advanced)),
                                                 tuple(range(layout.torch_pos, layout.torch_pos + advanced)))


indexer_for = functools.lru_cache(maxsize=4096)(Indexer)
"""The (shared) Indexer of an index spec."""


@kernel_factory("TensorGetItem")
def _tensor_getitem(prim):
    return indexer_for(prim.index_spec).getitem


@kernel_factory("TensorSetItem")
def _tensor_setitem(prim):
    return indexer_for(prim.index_spec).setitem


def _int_tuple(value) -> tuple:
    """A begin / end / size argument: a tuple or list of ints, or an int tensor."""
    if isinstance(value, torch.Tensor):
        return tuple(value.tolist())
    return tuple(value)


@kernel_factory("StridedSlice")
def _strided_slice(prim):
    masks = (prim.begin_mask, prim.end_mask, prim.ellipsis_mask, prim.new_axis_mask, prim.shrink_axis_mask)

    @functools.lru_cache(maxsize=256)
    def indexer(begin, end, strides):
        return indexer_for(strided_slice_spec(begin, end, strides, *masks))

    def strided_slice(x, begin, end, strides):
        begin = _int_tuple(begin)
        if len(begin) > x.ndim:
            raise ValueError(f"begin has {len(begin)} values for a tensor of rank {x.ndim}")
        return indexer(begin, _int_tuple(end), _int_tuple(strides)).getitem(x)
    return strided_slice


@kernel("Slice")
def _slice(x, begin, size):
    index = tuple(slice(b, None if s == -1 else b + s) for b, s in zip(_int_tuple(begin), _int_tuple(size)))
    return x[index]


# ---- gather and scatter -------------------------------------------------------------------


def _wrapping_negatives(fn, indices: torch.Tensor, size: int) -> torch.Tensor:
    """fn(indices), where MindSpore counts negative indices from the end and torch rejects
    them. Wrapping only after a failure keeps the common case one kernel call."""
    try:
        return fn(indices)
    except (IndexError, RuntimeError):
        return fn(torch.where(indices < 0, indices + size, indices))


def _check_non_negative(indices: torch.Tensor) -> None:
    # torch would count negative indices from the end; MindSpore rejects them here.
    if indices.numel() and bool((indices < 0).any()):
        raise IndexError("the indices must be non-negative")


def _nd_index(indices: torch.Tensor) -> tuple:
    """The last axis of `indices` as a tuple of index tensors (one per indexed dimension)."""
    return _as_index(indices).unbind(-1)


def _scatter_index(indices: torch.Tensor) -> tuple:
    """_nd_index for the scatter ops, which take non-negative index vectors in a tensor of
    rank 2 or more."""
    if indices.ndim < 2:
        raise ValueError("the indices must have rank 2 or more")
    _check_non_negative(indices)
    return _nd_index(indices)


@kernel_factory("Gather")
def _gather(prim):
    batch_dims = prim.batch_dims

    def gather(params, indices, axis):
        axis = operator.index(axis)
        axis += params.ndim if axis < 0 else 0
        data, indices = _signed(params), _as_index(indices)
        if batch_dims == 0:
            flat = _wrapping_negatives(lambda i: data.index_select(axis, i.reshape(-1)), indices,
                                       params.shape[axis])
            out = flat.reshape(params.shape[:axis] + indices.shape + params.shape[axis + 1:])
        else:
            out = _batched_gather(data, indices, axis, batch_dims + indices.ndim if batch_dims < 0 else batch_dims)
        return _as_dtype(out, params.dtype)
    return gather


def _batched_gather(params, indices, axis: int, batch_dims: int) -> torch.Tensor:
    """Gather with leading batch dimensions shared by params and indices: batch b takes
    params[b] along `axis` at indices[b] (torch's advanced indexing wraps negative ones)."""
    batch_shape = params.shape[:batch_dims]
    batch = params.shape[:batch_dims].numel()
    data = params.reshape((batch,) + params.shape[batch_dims:]).movedim(axis - batch_dims + 1, 1)
    picks = indices.reshape(batch, -1)
    rows = torch.arange(batch, device=params.device).unsqueeze(1)
    taken = data[rows, picks]       # (batch, picks, params' other dims in order)
    middle = params.shape[batch_dims:axis]
    taken = taken.reshape(batch_shape + indices.shape[batch_dims:] + middle + params.shape[axis + 1:])
    index_dims = indices.ndim - batch_dims
    # params' dimensions between the batch ones and `axis` come before the gathered ones
    return taken.movedim(tuple(range(batch_dims + index_dims, batch_dims + index_dims + len(middle))),
                         tuple(range(batch_dims, batch_dims + len(middle))))


@kernel("GatherD")
def _gather_d(x, dim, index):
    dim = operator.index(dim)
    if index.dtype == torch.int32:
        index = index.long()
    data = _signed(x)
    out = _wrapping_negatives(lambda i: torch.gather(data, dim, i), index, x.shape[dim] if x.ndim else 1)
    return _as_dtype(out, x.dtype)


@kernel("GatherNd")
def _gather_nd(x, indices):
    if indices.ndim == 0:
        indices = indices.reshape(1)
    _check_non_negative(indices)
    if indices.shape[-1] == 0:
        return x.expand(indices.shape[:-1] + x.shape)
    return _as_dtype(_signed(x)[_nd_index(indices)], x.dtype)


def _scatter_add(base: torch.Tensor, indices: torch.Tensor, updates: torch.Tensor) -> torch.Tensor:
    """base with `updates` added at the index vectors on the last axis of `indices`."""
    index = _scatter_index(indices)
    if base.dtype == torch.bool:
        # summing booleans is a logical or; torch only accumulates numbers
        return base.to(torch.uint8).index_put(index, updates.to(torch.uint8), accumulate=True).bool()
    out = _signed(base).index_put(index, _signed(updates), accumulate=True)
    return _as_dtype(out, base.dtype)


@kernel("ScatterNd")
def _scatter_nd(indices, updates, shape):
    return _scatter_add(torch.zeros(_int_tuple(shape), dtype=updates.dtype, device=updates.device), indices, updates)


@kernel("TensorScatterAdd")
def _tensor_scatter_add(x, indices, updates):
    return _scatter_add(x, indices, updates)


@kernel("TensorScatterUpdate")
def _tensor_scatter_update(x, indices, updates):
    out = _signed(x).index_put(_scatter_index(indices), _signed(updates))
    return _as_dtype(out, x.dtype)


# ---- select and mask ----------------------------------------------------------------------


@kernel("Select")
def _select(condition, x, y):
    if isinstance(x, torch.Tensor) and isinstance(y, torch.Tensor) and x.dtype != y.dtype:
        # torch lets a 0-d tensor adopt the other's dtype; MindSpore promotes the two types
        dtype = torch.promote_types(x.dtype, y.dtype)
        x, y = x.to(dtype), y.to(dtype)
    return torch.where(condition, x, y)


@kernel("MaskedFill")
def _masked_fill(x, mask, value):
    if x.shape != mask.shape:
        x = x.expand(torch.broadcast_shapes(x.shape, mask.shape))
    if isinstance(value, torch.Tensor) or x.dtype in _SIGNED_TWIN:
        value = _signed(torch.as_tensor(value, device=x.device).to(x.dtype))
    return _as_dtype(_signed(x).masked_fill(mask, value), x.dtype)


@kernel("MaskedSelect")
def _masked_select(x, mask):
    return _as_dtype(torch.masked_select(_signed(x), mask), x.dtype)


@kernel("NonZero")
def _non_zero(x):
    return torch.nonzero(_signed(x))


# ---- sort and unique ----------------------------------------------------------------------


@kernel_factory("Sort")
def _sort(prim):
    axis, descending = prim.axis, prim.descending

    def sort(x):
        values, indices = torch.sort(x, dim=axis, descending=descending, stable=True)
        return values, indices.int()
    return sort


@kernel_factory("TopK")
def _top_k(prim):
    sorted_ = prim.sorted

    def top_k(x, k):
        k = operator.index(k)
        if not 0 < k <= x.shape[-1]:
            raise ValueError(f"k must be in (0, {x.shape[-1]}], but got {k}")
        values, indices = torch.topk(x, k, dim=-1, sorted=sorted_)
        return values, indices.int()
    return top_k


@kernel("Unique")
def _unique(x):
    """The distinct values in order of first appearance, and each element's position
    among them (torch.unique sorts the values; this reorders them)."""
    values, inverse = torch.unique(x, return_inverse=True)
    positions = torch.arange(x.numel(), device=x.device)
    first_seen = torch.full((values.numel(),), x.numel(), device=x.device)
    first_seen = first_seen.scatter_reduce(0, inverse.reshape(-1), positions, reduce="amin")
    order = first_seen.argsort()
    rank = order.argsort()
    index_dtype = torch.int64 if x.dtype == torch.int64 else torch.int32
    return values[order], rank[inverse].to(index_dtype)


@kernel_factory("UniqueConsecutive")
def _unique_consecutive(prim):
    axis = prim.axis

    def unique_consecutive(x):
        values, inverse, counts = torch.unique_consecutive(x, return_inverse=True, return_counts=True, dim=axis)
        return values, inverse.long(), counts.long()
    return unique_consecutive


@kernel("UniqueWithPad")
def _unique_with_pad(x, pad_num):
    values, index = _unique(x)
    pad = int(pad_num.item() if isinstance(pad_num, torch.Tensor) else pad_num)
    padded = torch.cat([values, values.new_full((x.numel() - values.numel(),), pad)])
    return padded, index.to(x.dtype)


@kernel("MaskedScatter")
def _masked_scatter(x, mask, updates):
    return x.masked_scatter(mask.expand(x.shape), updates.reshape(-1))


@kernel_factory("LowerBound")
def _lower_bound(prim):
    dtype = TORCH_OF[prim.out_type]
    return lambda sorted_x, values: torch.searchsorted(sorted_x, values).to(dtype)


@kernel_factory("UpperBound")
def _upper_bound(prim):
    dtype = TORCH_OF[prim.out_type]
    return lambda sorted_x, values: torch.searchsorted(sorted_x, values, right=True).to(dtype)


@kernel_factory("ListDiff")
def _list_diff(prim):
    dtype = TORCH_OF[prim.out_idx]

    def list_diff(x, y):
        kept = ~torch.isin(x, y)
        return x[kept], torch.nonzero(kept).reshape(-1).to(dtype)
    return list_diff


@kernel_factory("NthElement")
def _nth_element(prim):
    descending = prim.reverse

    def nth_element(x, n):
        n = int(n.item() if isinstance(n, torch.Tensor) else n)
        return torch.sort(x, dim=-1, descending=descending).values[..., n]
    return nth_element


@kernel("SelectView")
def _select_view(x, index, dim):
    return x.select(int(dim), int(index))


# ---- gradients ----------------------------------------------------------------------------


class IndexScatter:
    """The adjoint of `Indexer.getitem` for one index spec: zeros of the indexed tensor's
    shape with a gradient (shaped like x[index]) added where the index reads.

    Basic indexing reads every element at most once, so the gradient is copied into a
    view. Otherwise torch's own indexing steps are replayed: the basic entries make a
    view, and the advanced ones write into it, adding up where integer index tensors read
    an element several times.
    """

    def __init__(self, spec: tuple):
        self.indexer = indexer_for(spec)
        # only integer index tensors of rank >= 1 can read an element twice
        repeating = [e for e in spec if is_tensor(e) and not e[2] and e[1] > 0]
        self.accumulate = bool(repeating)
        # one such tensor alone (the Gather pattern) adds with index_add_, torch's fastest
        self.single_index = len(repeating) == 1 and not any(is_bool(e) or (is_tensor(e) and e[2]) for e in spec)

    def __call__(self, grad: torch.Tensor, shape, *tensors: torch.Tensor) -> torch.Tensor:
        shape = _int_tuple(shape)
        if self.indexer.simple:
            out = grad.new_zeros(shape)
            out[self.indexer.basic_index] = grad
            return out
        try:
            return self._scatter(grad, shape, tensors)
        except (IndexError, RuntimeError):
            if not self.single_index:
                raise
            # index_add_ rejects negative indices (NumPy counts them from the end) after
            # writing part of the result: start again from zeros with them wrapped
            return self._scatter(grad, shape, tensors, wrap=True)

    def _scatter(self, grad: torch.Tensor, shape: tuple, tensors: tuple, wrap: bool = False) -> torch.Tensor:
        layout = index_layout(self.indexer.spec, len(shape))
        out = _signed(grad).new_zeros(shape)
        index, flips = self.indexer._torch_index(out, tensors, layout)
        view_index, advanced = self._split(index, layout.ellipsis_len, out.device)
        self._add(out[view_index], advanced, _in_torch_layout(_signed(grad), layout), wrap)
        return _as_dtype(out.flip(flips) if flips else out, grad.dtype)

    def _split(self, index: tuple, ellipsis_len: int, where: torch.device) -> tuple[tuple, list]:
        """torch's indexing steps for `index`: the basic index making a view, and per view
        dimension the advanced index applied to it (None: all of it). torch reads a bool
        (a Python bool or a 0-d mask) as a new axis indexed by a mask of length one."""
        view_index: list = []
        advanced: list = []
        for entry, item in zip(self.indexer.spec, index):
            if entry is Ellipsis:
                view_index.append(Ellipsis)
                advanced.extend([None] * ellipsis_len)
            elif type(entry) is int or (is_tensor(entry) and not _torch_advanced(entry)):
                view_index.append(item)
            elif entry is None or is_slice(entry):
                view_index.append(item)
                advanced.append(None)
            elif is_bool(entry) or entry[1] == 0:
                view_index.append(None)
                advanced.append(torch.tensor([entry[1]], device=where) if is_bool(entry) else item.reshape(1))
            else:
                view_index.extend([slice(None)] * (entry[1] if entry[2] else 1))
                advanced.append(item)
        return tuple(view_index), advanced

    def _add(self, view: torch.Tensor, advanced: list, value: torch.Tensor, wrap: bool) -> None:
        """Write `value` (in torch's layout) into `view` through the advanced indices;
        `wrap`: make the single index's negative values non-negative first."""
        if self.single_index:
            dim = next(d for d, t in enumerate(advanced) if t is not None)
            index = advanced[dim].reshape(-1)
            if wrap:
                index = torch.where(index < 0, index + view.shape[dim], index)
            view.index_add_(dim, index, value.reshape(view.shape[:dim] + (index.numel(),) + view.shape[dim + 1:]))
        elif any(t is not None for t in advanced):
            torch.ops.aten.index_put_(view, advanced, value, self.accumulate)
        else:
            view.copy_(value)


def _in_torch_layout(value: torch.Tensor, layout: IndexLayout) -> torch.Tensor:
    """`value`, shaped like x[index] in NumPy's layout, in torch's layout of the same."""
    if layout.numpy_pos == layout.torch_pos:
        return value
    count = value.ndim - layout.basic_dims
    return value.movedim(tuple(range(layout.numpy_pos, layout.numpy_pos + count)),
                         tuple(range(layout.torch_pos, layout.torch_pos + count)))


@kernel_factory("TensorGetItemGrad")
def _tensor_getitem_grad(prim):
    return IndexScatter(prim.index_spec)


@kernel_factory("GatherDGrad")
def _gather_d_grad(prim):
    dim = prim.dim

    def gather_d_grad(grad, shape, index):
        if grad.shape != index.shape:
            raise ValueError("grad and index must have one shape")  # torch would read part of grad
        shape = _int_tuple(shape)
        if index.dtype == torch.int32:
            index = index.long()
        data = _signed(grad)
        size = shape[dim] if shape else 1
        out = _wrapping_negatives(lambda i: data.new_zeros(shape).scatter_add_(dim, i, data), index, size)
        return _as_dtype(out, grad.dtype)
    return gather_d_grad
