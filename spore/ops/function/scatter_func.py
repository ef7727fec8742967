"""Functional API of the primitives in operations/scatter_ops.py (`ops.tensor_scatter_max`,
`ops.scatter_add`, `ops.unsorted_segment_sum`, `ops.index_add`, ...), the scatters composed
of indexing (`ops.slice_scatter`, `ops.select_scatter`), and the Tensor methods of these
names, in-place ones (`x.scatter_(...)`, `x.index_add_(...)`) included.

As in MindSpore, `scatter_*`, `scatter_nd_*`, `index_add`, `inplace_*` update their first
argument and return it; `tensor_scatter_*` and the others return a new tensor.
"""
from __future__ import annotations

import builtins
import functools

import numpy as np

from ...common import dtype as mstype
from ...common.tensor import Tensor
from ..operations import array_ops as A
from ..operations import math_ops as M
from ..operations import scatter_ops as C
from ..operations import selection_ops as S
from ..validator import check_axis, check_bool, check_tensor, check_type
from .inplace import rebind

__all__ = [
    "tensor_scatter_sub", "tensor_scatter_mul", "tensor_scatter_div", "tensor_scatter_max", "tensor_scatter_min",
    "tensor_scatter_elements", "scatter",
    "scatter_add", "scatter_mul", "scatter_div", "scatter_max", "scatter_min", "scatter_update",
    "scatter_nd_add", "scatter_nd_sub", "scatter_nd_mul", "scatter_nd_div", "scatter_nd_max", "scatter_nd_min",
    "scatter_nd_update",
    "unsorted_segment_sum", "unsorted_segment_max", "unsorted_segment_min", "unsorted_segment_prod",
    "sparse_segment_mean",
    "index_add", "inplace_index_add", "index_fill", "inplace_add", "inplace_sub", "inplace_update",
    "slice_scatter", "select_scatter", "put_",
]

_tensor_scatter_update, _tensor_scatter_add = S.TensorScatterUpdate(), S.TensorScatterAdd()
_reshape, _cast, _expand_dims, _broadcast = A.Reshape(), A.Cast(), A.ExpandDims(), A.BroadcastTo
_select, _less, _add, _mul = S.Select(), M.Less(), M.Add(), M.Mul()
_index_fill = C.IndexFill()


@functools.lru_cache(maxsize=512)
def _prim(cls, *attrs):
    """The Primitive `cls(*attrs)`, built once per distinct attribute values."""
    return cls(*attrs)


# ---- tensor_scatter_*: new tensors ---------------------------------------------------------------
def tensor_scatter_sub(input_x, indices, updates):
    """A copy of input_x with `updates` subtracted at the index vectors of `indices`."""
    return _prim(C.TensorScatterSub)(input_x, indices, updates)


def tensor_scatter_mul(input_x, indices, updates):
    """A copy of input_x multiplied by `updates` at the index vectors of `indices`."""
    return _prim(C.TensorScatterMul)(input_x, indices, updates)


def tensor_scatter_div(input_x, indices, updates):
    """A copy of input_x divided by `updates` at the index vectors of `indices`."""
    return _prim(C.TensorScatterDiv)(input_x, indices, updates)


def tensor_scatter_max(input_x, indices, updates):
    """A copy of input_x holding the larger of it and `updates` at the index vectors."""
    return _prim(C.TensorScatterMax)(input_x, indices, updates)


def tensor_scatter_min(input_x, indices, updates):
    """A copy of input_x holding the smaller of it and `updates` at the index vectors."""
    return _prim(C.TensorScatterMin)(input_x, indices, updates)


def tensor_scatter_elements(input_x, indices, updates, axis=0, reduction="none"):
    """A copy of input_x with updates[i][j] written ('none') or added ('add') at
    [indices[i][j]][j] for axis 0 (and so on for other axes)."""
    return _prim(C.TensorScatterElements, axis, reduction)(input_x, indices, updates)


def scatter(input, axis, index, src):
    """A copy of `input` with src[i][j] written at [index[i][j]][j] for axis 0 (and so on)."""
    return _prim(C.TensorScatterElements, axis, "none")(input, index, src)


# ---- scatter_* and scatter_nd_*: updates of a variable -------------------------------------------
def scatter_add(input_x, indices, updates):
    """input_x[indices] += updates along axis 0; input_x is updated and returned."""
    return _prim(C.ScatterAdd)(input_x, indices, updates)


def scatter_mul(input_x, indices, updates):
    """input_x[indices] *= updates along axis 0; input_x is updated and returned."""
    return _prim(C.ScatterMul)(input_x, indices, updates)


def scatter_div(input_x, indices, updates):
    """input_x[indices] /= updates along axis 0; input_x is updated and returned."""
    return _prim(C.ScatterDiv)(input_x, indices, updates)


def scatter_max(input_x, indices, updates):
    """input_x[indices] = max(input_x[indices], updates) along axis 0, in place."""
    return _prim(C.ScatterMax)(input_x, indices, updates)


def scatter_min(input_x, indices, updates):
    """input_x[indices] = min(input_x[indices], updates) along axis 0, in place."""
    return _prim(C.ScatterMin)(input_x, indices, updates)


def scatter_update(input_x, indices, updates):
    """input_x[indices] = updates along axis 0; input_x is updated and returned."""
    return _prim(C.ScatterUpdate)(input_x, indices, updates)


def scatter_nd_add(input_x, indices, updates, use_locking=False):
    """input_x[index vectors] += updates; input_x is updated and returned."""
    return _prim(C.ScatterNdAdd, use_locking)(input_x, indices, updates)


def scatter_nd_sub(input_x, indices, updates, use_locking=False):
    """input_x[index vectors] -= updates; input_x is updated and returned."""
    return _prim(C.ScatterNdSub, use_locking)(input_x, indices, updates)


def scatter_nd_mul(input_x, indices, updates, use_locking=False):
    """input_x[index vectors] *= updates; input_x is updated and returned."""
    return _prim(C.ScatterNdMul, use_locking)(input_x, indices, updates)


def scatter_nd_div(input_x, indices, updates, use_locking=False):
    """input_x[index vectors] /= updates; input_x is updated and returned."""
    return _prim(C.ScatterNdDiv, use_locking)(input_x, indices, updates)


def scatter_nd_max(input_x, indices, updates, use_locking=False):
    """input_x[index vectors] = max(input_x[index vectors], updates), in place."""
    return _prim(C.ScatterNdMax, use_locking)(input_x, indices, updates)


def scatter_nd_min(input_x, indices, updates, use_locking=False):
    """input_x[index vectors] = min(input_x[index vectors], updates), in place."""
    return _prim(C.ScatterNdMin, use_locking)(input_x, indices, updates)


def scatter_nd_update(input_x, indices, updates, use_locking=True):
    """input_x[index vectors] = updates; input_x is updated and returned."""
    return _prim(C.ScatterNdUpdate, use_locking)(input_x, indices, updates)


# ---- segments ---------------------------------------------------------------------------------------
def unsorted_segment_sum(input_x, segment_ids, num_segments):
    """The sum of the rows of input_x in each of `num_segments` segments."""
    return _prim(C.UnsortedSegmentSum)(input_x, segment_ids, num_segments)


def unsorted_segment_max(x, segment_ids, num_segments):
    """The maximum of the rows of x in each of `num_segments` segments."""
    return _prim(C.UnsortedSegmentMax)(x, segment_ids, num_segments)


def unsorted_segment_min(x, segment_ids, num_segments):
    """The minimum of the rows of x in each of `num_segments` segments."""
    return _prim(C.UnsortedSegmentMin)(x, segment_ids, num_segments)


def unsorted_segment_prod(x, segment_ids, num_segments):
    """The product of the rows of x in each of `num_segments` segments."""
    return _prim(C.UnsortedSegmentProd)(x, segment_ids, num_segments)


def sparse_segment_mean(x, indices, segment_ids):
    """The mean, per (sorted) segment, of the rows x[indices[k]] with segment segment_ids[k]."""
    return _prim(C.SparseSegmentMean)(x, indices, segment_ids)


# ---- index updates ------------------------------------------------------------------------------------
def index_add(x, indices, y, axis, use_lock=True, check_index_bound=True):
    """x's slices at `indices` along `axis` += y's slices; x is updated and returned."""
    return _prim(C.IndexAdd, axis, use_lock, check_index_bound)(x, indices, y)


def inplace_index_add(var, indices, updates, axis):
    """var's slices at `indices` along `axis` += updates' slices; var is updated and returned."""
    return _prim(C.InplaceIndexAdd, axis)(var, indices, updates)


def index_fill(x, axis, index, value):
    """A copy of x with `value` in its slices at `index` along `axis`."""
    return _index_fill(x, axis, index, value)


def _rows(indices):
    return (indices,) if isinstance(indices, int) else tuple(indices)


def inplace_add(x, v, indices):
    """x[indices] += v along axis 0; x is updated and returned."""
    return _prim(C.InplaceAdd, _rows(indices))(x, v)


def inplace_sub(x, v, indices):
    """x[indices] -= v along axis 0; x is updated and returned."""
    return _prim(C.InplaceSub, _rows(indices))(x, v)


def inplace_update(x, v, indices):
    """x[indices] = v along axis 0; x is updated and returned."""
    return _prim(C.InplaceUpdate, _rows(indices))(x, v)


# ---- scatters composed of indexing ------------------------------------------------------------------
def _set_at(op: str, input, src, axis, entry):
    """A copy of `input` whose part `entry` (a slice or an int) along `axis` is `src`."""
    check_tensor(op, "input", input)
    check_tensor(op, "src", src)
    axis = check_axis(op, axis, input.ndim)
    spec = ((S.SLICE, None, None, None),) * axis + (entry,)
    target = _prim(S.TensorGetItem, spec).infer(input).shape
    if tuple(src.shape) != tuple(target):
        raise ValueError(f"For '{op}', the shape of 'src' must be the shape of the part it replaces {target}, "
                         f"but got {tuple(src.shape)}.")
    if src.dtype is not input.dtype:
        src = _cast(src, input.dtype)
    return _prim(S.TensorSetItem, spec)(input, src)


def slice_scatter(input, src, axis=0, start=None, end=None, step=1):
    """A copy of `input` whose slice start:end:step along `axis` is `src`."""
    for name, value in (("start", start), ("end", end)):
        if value is not None:
            check_type("slice_scatter", name, value, int)
    check_type("slice_scatter", "step", step, int)
    if step <= 0:
        raise ValueError(f"For 'slice_scatter', the 'step' must be positive, but got {step}.")
    return _set_at("slice_scatter", input, src, axis, (S.SLICE, start, end, step))


def select_scatter(input, src, axis, index):
    """A copy of `input` whose slice at `index` along `axis` is `src` (input's shape
    without that axis)."""
    check_type("select_scatter", "index", index, int)
    check_tensor("select_scatter", "input", input)
    size = input.shape[check_axis("select_scatter", axis, input.ndim)] if input.ndim else 0
    if not -size <= index < size:
        raise IndexError(f"For 'select_scatter', the 'index' must be in range [{-size}, {size}), but got {index}.")
    return _set_at("select_scatter", input, src, axis, index)


def _flat_positions(op: str, input, index):
    """`index` (integer positions in the flattened input, negatives from the end) as index
    vectors of depth 1."""
    check_tensor(op, "index", index)
    if index.dtype not in (mstype.int32, mstype.int64):
        raise TypeError(f"For '{op}', the dtype of 'index' must be Int32 or Int64, but got {index.dtype}.")
    size = int(np.prod(input.shape))
    flat = _reshape(index, (-1, 1))
    return _select(_less(flat, 0), _add(flat, size), flat)


def put_(input, index, source, accumulate=False):
    """`input` with source's elements written (or added, `accumulate`) at the positions
    `index` of the flattened input; input is updated and returned."""
    check_tensor("put_", "input", input)
    check_tensor("put_", "source", source)
    check_bool("put_", "accumulate", accumulate)
    positions = _flat_positions("put_", input, index)
    if int(np.prod(source.shape)) != positions.shape[0]:
        raise ValueError(f"For 'put_', the 'source' must have as many elements as 'index' ({positions.shape[0]}), "
                         f"but got {int(np.prod(source.shape))}.")
    values = _reshape(source if source.dtype is input.dtype else _cast(source, input.dtype), (-1,))
    scatter_into = _tensor_scatter_add if accumulate else _tensor_scatter_update
    result = _reshape(scatter_into(_reshape(input, (-1,)), positions, values), input.shape)
    return rebind(input, result)


# ---- Tensor methods -------------------------------------------------------------------------------
def _scatter_method(self, dim=None, index=None, src=None, *, axis=None):
    """Tensor.scatter(dim, index, src) (also axis=): src a Tensor or a number (written
    everywhere); as in torch, only src's leading index.shape block is used."""
    dim = axis if dim is None else dim
    check_tensor("Tensor.scatter", "index", index)
    if not isinstance(src, Tensor):
        check_type("Tensor.scatter", "src", src, (bool, int, float))
        src = _prim(_broadcast, tuple(index.shape))(Tensor(src, self.dtype))
    elif tuple(src.shape) != tuple(index.shape) and len(src.shape) == len(index.shape):
        src = _prim(S.Slice)(src, (0,) * len(index.shape), tuple(index.shape))
    return scatter(self, dim, index, src)


def _scatter_(self, dim=None, index=None, src=None, *, axis=None):
    return rebind(self, _scatter_method(self, dim, index, src, axis=axis))


def _scatter_add_method(self, dim, index, src):
    return tensor_scatter_elements(self, index, src, dim, "add")


def _scatter_add_(self, dim, index, src):
    return rebind(self, _scatter_add_method(self, dim, index, src))


def _variable_scatter(cls):
    def method(self, indices, updates):
        return _prim(cls)(self, indices, updates)
    method.__doc__ = f"Tensor method of {cls.__name__}: updates the tensor in place and returns it."
    return method


def _index_add_method(self, indices, y, axis, use_lock=True, check_index_bound=True):
    """Tensor.index_add(indices, y, axis, ...): as ops.index_add, which updates the tensor."""
    return index_add(self, indices, y, axis, use_lock, check_index_bound)


def _index_add_(self, dim, index, source, *, alpha=1):
    """Tensor.index_add_(dim, index, source, *, alpha=1): self's slices at `index` along
    `dim` += alpha * source's slices."""
    if alpha != 1:
        source = _mul(source, alpha)
    return index_add(self, index, source, dim)


def _index_copy_(self, dim, index, tensor):
    """Tensor.index_copy_(dim, index, tensor): self's slices at `index` along `dim` are
    replaced by tensor's."""
    check_tensor("Tensor.index_copy_", "tensor", tensor)
    dim = check_axis("Tensor.index_copy_", dim, self.ndim, "dim")
    moved = _prim(A.Transpose)(self, _front(self.ndim, dim))
    updates = _prim(A.Transpose)(tensor, _front(self.ndim, dim))
    copied = _tensor_scatter_update(moved, _reshape(index, (-1, 1)), updates)
    return rebind(self, _prim(A.Transpose)(copied, _front(self.ndim, dim)))


def _front(ndim: int, dim: int) -> tuple:
    """The permutation swapping axis `dim` with axis 0 (its own inverse)."""
    perm = list(builtins.range(ndim))
    perm[0], perm[dim] = dim, 0
    return tuple(perm)


def _index_fill_method(self, axis, index, value):
    return index_fill(self, axis, index, value)


def _index_fill_(self, dim, index, value):
    return rebind(self, index_fill(self, dim, index, value))


def _inplace_update_method(self, v, indices):
    return inplace_update(self, v, indices)


def _masked_scatter(self, mask, source):
    """Tensor.masked_scatter(mask, source): a copy with the elements where `mask` (broadcast
    to self's shape) is True replaced, in order, by the first elements of `source`."""
    return _prim(S.MaskedScatter)(self, mask, source)


def _masked_scatter_(self, mask, source):
    return rebind(self, _masked_scatter(self, mask, source))


def _put_method(self, index, source, accumulate=False):
    return put_(self, index, source, accumulate)


def _select_scatter_method(self, src, axis, index):
    return select_scatter(self, src, axis, index)


def _slice_scatter_method(self, src, axis=0, start=None, end=None, step=1):
    return slice_scatter(self, src, axis, start, end, step)


def _segment_method(fn):
    def method(self, segment_ids, num_segments):
        return fn(self, segment_ids, num_segments)
    method.__doc__ = fn.__doc__
    return method


TENSOR_METHODS = {
    "scatter": _scatter_method, "scatter_": _scatter_, "scatter_add": _scatter_add_method,
    "scatter_add_": _scatter_add_,
    "scatter_sub": _variable_scatter(C.ScatterSub), "scatter_mul": _variable_scatter(C.ScatterMul),
    "scatter_div": _variable_scatter(C.ScatterDiv), "scatter_max": _variable_scatter(C.ScatterMax),
    "scatter_min": _variable_scatter(C.ScatterMin),
    "index_add": _index_add_method, "index_add_": _index_add_, "index_copy_": _index_copy_,
    "index_fill": _index_fill_method, "index_fill_": _index_fill_,
    "inplace_update": _inplace_update_method,
    "masked_scatter": _masked_scatter, "masked_scatter_": _masked_scatter_, "put_": _put_method,
    "select_scatter": _select_scatter_method, "slice_scatter": _slice_scatter_method,
    "unsorted_segment_max": _segment_method(unsorted_segment_max),
    "unsorted_segment_min": _segment_method(unsorted_segment_min),
    "unsorted_segment_prod": _segment_method(unsorted_segment_prod),
}
"""Tensor methods this family provides (installed by tensor_methods.py)."""
