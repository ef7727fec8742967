"""Primitives that gather, scatter, slice, select and sort elements, and the Tensor indexing primitives.

Tensor indexing (`x[index]`, `x[index] = value`) runs as two primitives, TensorGetItem and
TensorSetItem. `parse_index` splits a Python index into its static part, the *index spec*
(the primitives' attribute; see spore/_kernels/selection.py for its grammar), and the
index tensors, which are inputs like the indexed tensor. Integer lists and NumPy arrays
become index tensors, so every advanced index takes one path.
"""
from __future__ import annotations

import operator

import numpy as np

from ..._kernels.selection import BOOL, SLICE, TENSOR, index_layout, is_bool, is_slice, is_tensor, strided_slice_spec
from ...common import dtype as mstype
from ...common.tensor import Tensor
from ..primitive import Primitive, TensorSpec
from ..validator import (
    broadcast_shapes,
    check_axis,
    check_bool,
    check_dtype,
    check_non_negative_int,
    check_tensor,
    check_type,
)
from .math_ops import binary_result_dtype

__all__ = [
    "Gather", "GatherD", "GatherNd", "ScatterNd", "TensorScatterUpdate", "TensorScatterAdd",
    "Slice", "StridedSlice", "Select", "MaskedFill", "MaskedSelect", "NonZero",
    "Sort", "TopK", "Unique", "UniqueConsecutive", "UniqueWithPad", "MaskedScatter",
    "GatherV2", "SparseGatherV2", "LowerBound", "UpperBound", "ListDiff", "NthElement", "SelectView",
    "TensorGetItem", "TensorSetItem",
]

_SIGNED_INTS = (mstype.int8, mstype.int16, mstype.int32, mstype.int64)
_INT32_64 = (mstype.int32, mstype.int64)
_REAL_TYPES = tuple(t for t in mstype.number_type if not t.is_complex)


# ---- argument helpers ---------------------------------------------------------------------


def _is_tensor(value) -> bool:
    return hasattr(value, "shape") and hasattr(value, "dtype") and not isinstance(value, type)


def _check_indices(op: str, arg: str, value, allowed=_SIGNED_INTS) -> tuple:
    """An index tensor of one of the `allowed` dtypes; returns its shape."""
    check_tensor(op, arg, value)
    check_dtype(op, arg, value.dtype, allowed)
    return tuple(value.shape)


def _static_int(op: str, arg: str, value) -> int:
    """An int argument that may come as an integer Tensor of one element."""
    if isinstance(value, Tensor) and value.dtype in _SIGNED_INTS and value.size == 1:
        return int(value.asnumpy().reshape(()))
    check_type(op, arg, value, int)
    return value


def _int_sequence(op: str, arg: str, value) -> tuple:
    """A tuple or list of ints, or a 1-D integer Tensor of them, as a tuple."""
    if isinstance(value, Tensor) and value.dtype in _SIGNED_INTS and value.ndim == 1:
        return tuple(value.tolist())
    if isinstance(value, (tuple, list)) and all(type(v) is int for v in value):
        return tuple(value)
    raise TypeError(f"For '{op}', the '{arg}' must be a tuple or list of ints, but got {value!r}.")


def _known(value) -> np.ndarray | None:
    """The values of an input when they are known (a Tensor holding data in PyNative
    mode), else None (an abstract input in Graph mode)."""
    if isinstance(value, Tensor) and not value.has_init:
        return value.asnumpy()
    return None


def _value_dependent(value, count) -> int:
    """A dimension that depends on the values of `value`: `count(array)` when they are
    known, else -1 (unknown until run time, as in MindSpore's dynamic shapes)."""
    known = _known(value)
    return -1 if known is None else int(count(known))


def _out_of_range(value, low: int, high: int):
    """The first known value of an index input outside [low, high), or None."""
    known = _known(value)
    if known is None or not known.size:
        return None
    bad = known[(known < low) | (known >= high)]
    return bad.flat[0] if bad.size else None


def _check_in_range(op: str, arg: str, value, low: int, high: int) -> None:
    bad = _out_of_range(value, low, high)
    if bad is not None:
        raise IndexError(f"For '{op}', the '{arg}' must be in range [{low}, {high}), but got {bad}.")


def _check_nd_values(op: str, indices, shape: tuple) -> None:
    """Known index vectors (on the last axis of `indices`) lie within `shape`."""
    known = _known(indices)
    if known is None or not known.size:
        return
    known = np.atleast_1d(known)
    depth = known.shape[-1]
    vectors = known.reshape(-1, depth)
    bad = ((vectors < 0) | (vectors >= np.array(shape[:depth]))).any(axis=1)
    if bad.any():
        raise IndexError(f"For '{op}', the index vector {vectors[bad][0].tolist()} is out of range for "
                         f"shape {tuple(shape)}.")


def _check_nd_indices(op: str, x_shape: tuple, indices_shape: tuple, updates_shape: tuple) -> None:
    """ScatterNd-style indices: a last axis of depth N <= rank, and updates shaped
    indices.shape[:-1] + x.shape[N:]."""
    if len(indices_shape) < 2:
        raise ValueError(f"For '{op}', the dimension of 'indices' must be at least 2, but got "
                         f"{len(indices_shape)}.")
    depth = indices_shape[-1]
    if depth > len(x_shape):
        raise ValueError(f"For '{op}', the last dimension of 'indices' must be at most the rank of the "
                         f"output ({len(x_shape)}), but got {depth}.")
    expected = indices_shape[:-1] + tuple(x_shape[depth:])
    if tuple(updates_shape) != expected:
        raise ValueError(f"For '{op}', the shape of 'updates' must be indices.shape[:-1] + "
                         f"shape[indices.shape[-1]:] = {expected}, but got {tuple(updates_shape)}.")


# ---- gather and scatter -------------------------------------------------------------------


class Gather(Primitive):
    """Gather(batch_dims=0)(input_params, input_indices, axis): slices of `input_params`
    along `axis` at `input_indices`; shape params.shape[:axis] +
    indices.shape[batch_dims:] + params.shape[axis + 1:]. Negative indices count from the
    end; the first `batch_dims` dimensions of params and indices are paired."""

    def __init__(self, batch_dims: int = 0):
        super().__init__()
        self.add_prim_attr("batch_dims", check_type(self.name, "batch_dims", batch_dims, int))

    def infer(self, input_params, input_indices, axis):
        check_tensor(self.name, "input_params", input_params)
        indices_shape = _check_indices(self.name, "input_indices", input_indices)
        params_shape = tuple(input_params.shape)
        if not params_shape:
            raise ValueError(f"For '{self.name}', the 'input_params' must have rank at least 1, but got a 0-d tensor.")
        axis = check_axis(self.name, _static_int(self.name, "axis", axis), len(params_shape))
        batch_dims = self.batch_dims
        if batch_dims:
            rank = len(indices_shape)
            if not -rank <= batch_dims < rank:
                raise ValueError(f"For '{self.name}', the 'batch_dims' must be in range [{-rank}, {rank}), "
                                 f"but got {batch_dims}.")
            batch_dims %= rank
            if axis < batch_dims:
                raise ValueError(f"For '{self.name}', the 'axis' must be at least 'batch_dims' ({batch_dims}), "
                                 f"but got {axis}.")
            if params_shape[:batch_dims] != indices_shape[:batch_dims]:
                raise ValueError(f"For '{self.name}', the first {batch_dims} dimensions of 'input_params' and "
                                 f"'input_indices' must be equal, but got {params_shape} and {indices_shape}.")
        size = params_shape[axis]
        _check_in_range(self.name, "input_indices", input_indices, -size, size)
        shape = params_shape[:axis] + indices_shape[batch_dims:] + params_shape[axis + 1:]
        return TensorSpec(shape, input_params.dtype)


class GatherD(Primitive):
    """GatherD()(x, dim, index): out[i][j] = x[index[i][j]][j] for dim 0 (and so on for
    other dims); `index` has x's rank, its shape is the output's."""

    def infer(self, x, dim, index):
        check_tensor(self.name, "x", x)
        index_shape = _check_indices(self.name, "index", index, _INT32_64)
        x_shape = tuple(x.shape)
        dim = check_axis(self.name, _static_int(self.name, "dim", dim), len(x_shape), "dim")
        if len(index_shape) != len(x_shape):
            raise ValueError(f"For '{self.name}', the rank of 'index' must equal the rank of 'x' ({len(x_shape)}), "
                             f"but got {len(index_shape)}.")
        for d, (i, n) in enumerate(zip(index_shape, x_shape)):
            if d != dim and i > n:
                raise ValueError(f"For '{self.name}', index.shape[{d}] must be at most x.shape[{d}] ({n}), "
                                 f"but got {i}.")
        size = x_shape[dim] if x_shape else 1
        _check_in_range(self.name, "index", index, -size, size)
        return TensorSpec(index_shape, x.dtype)


class GatherNd(Primitive):
    """GatherNd()(input_x, indices): the last axis of `indices` (depth N) holds index
    vectors into the first N dimensions; shape indices.shape[:-1] + x.shape[N:]."""

    def infer(self, input_x, indices):
        check_tensor(self.name, "input_x", input_x)
        indices_shape = _check_indices(self.name, "indices", indices) or (1,)  # 0-d: one index of depth 1
        x_shape = tuple(input_x.shape)
        depth = indices_shape[-1]
        if depth > len(x_shape):
            raise ValueError(f"For '{self.name}', the last dimension of 'indices' must be at most the rank of "
                             f"'input_x' ({len(x_shape)}), but got {depth}.")
        _check_nd_values(self.name, indices, x_shape)
        return TensorSpec(indices_shape[:-1] + x_shape[depth:], input_x.dtype)


class ScatterNd(Primitive):
    """ScatterNd()(indices, updates, shape): zeros of `shape` with `updates` added at the
    index vectors on the last axis of `indices` (duplicates add up)."""

    def infer(self, indices, updates, shape):
        indices_shape = _check_indices(self.name, "indices", indices)
        check_tensor(self.name, "updates", updates)
        shape = _int_sequence(self.name, "shape", shape)
        if not shape or any(s <= 0 for s in shape):
            raise ValueError(f"For '{self.name}', the 'shape' must be a non-empty tuple of positive ints, "
                             f"but got {shape}.")
        _check_nd_indices(self.name, shape, indices_shape, tuple(updates.shape))
        _check_nd_values(self.name, indices, shape)
        return TensorSpec(shape, updates.dtype)


class _TensorScatter(Primitive):
    """A copy of input_x with `updates` written at the index vectors on the last axis of
    `indices` (shape indices.shape[:-1] + x.shape[N:] for depth N)."""

    def infer(self, input_x, indices, updates):
        check_tensor(self.name, "input_x", input_x)
        indices_shape = _check_indices(self.name, "indices", indices)
        check_tensor(self.name, "updates", updates)
        if updates.dtype is not input_x.dtype:
            raise TypeError(f"For '{self.name}', the dtype of 'updates' must be the same as 'input_x' "
                            f"({input_x.dtype}), but got {updates.dtype}.")
        _check_nd_indices(self.name, tuple(input_x.shape), indices_shape, tuple(updates.shape))
        _check_nd_values(self.name, indices, tuple(input_x.shape))
        return TensorSpec(input_x.shape, input_x.dtype)


class TensorScatterUpdate(_TensorScatter):
    """TensorScatterUpdate()(input_x, indices, updates): out[indices] = updates."""


class TensorScatterAdd(_TensorScatter):
    """TensorScatterAdd()(input_x, indices, updates): out[indices] += updates (duplicates add up)."""


# ---- slicing ------------------------------------------------------------------------------


class Slice(Primitive):
    """Slice()(input_x, begin, size): the block starting at `begin` with extent `size` per
    dimension (-1: up to the end)."""

    def check(self, input_x, begin, size):
        self._shape(input_x, begin, size)

    def infer(self, input_x, begin, size):
        check_tensor(self.name, "input_x", input_x)
        return TensorSpec(self._shape(input_x, begin, size), input_x.dtype)

    def _shape(self, x, begin, size) -> tuple:
        begin = _int_sequence(self.name, "begin", begin)
        size = _int_sequence(self.name, "size", size)
        shape = x.shape
        if not shape:
            raise ValueError(f"For '{self.name}', the 'input_x' must have rank at least 1, but got a 0-d tensor.")
        if not len(begin) == len(size) == len(shape):
            raise ValueError(f"For '{self.name}', the lengths of 'begin' and 'size' must equal the rank of "
                             f"'input_x' ({len(shape)}), but got {len(begin)} and {len(size)}.")
        out = []
        for d, (b, s, n) in enumerate(zip(begin, size, shape)):
            extent = n - b if s == -1 else s
            if b < 0 or s < -1 or b + extent > n:
                raise ValueError(f"For '{self.name}', begin[{d}] = {b} and size[{d}] = {s} must lie within "
                                 f"input_x.shape[{d}] = {n} (begin >= 0, size >= -1).")
            out.append(extent)
        return tuple(out)


class StridedSlice(Primitive):
    """StridedSlice(begin_mask=0, end_mask=0, ellipsis_mask=0, new_axis_mask=0,
    shrink_axis_mask=0)(input_x, begin, end, strides): x[begin:end:strides] per dimension.

    Bit i of a mask applies to position i: begin_mask / end_mask ignore begin[i] / end[i]
    (the full range), ellipsis_mask puts an Ellipsis there, new_axis_mask a new axis,
    shrink_axis_mask takes the single index begin[i] and drops the dimension.
    """

    def __init__(self, begin_mask: int = 0, end_mask: int = 0, ellipsis_mask: int = 0,
                 new_axis_mask: int = 0, shrink_axis_mask: int = 0):
        super().__init__()
        for name, value in (("begin_mask", begin_mask), ("end_mask", end_mask), ("ellipsis_mask", ellipsis_mask),
                            ("new_axis_mask", new_axis_mask), ("shrink_axis_mask", shrink_axis_mask)):
            self.add_prim_attr(name, check_non_negative_int(self.name, name, value))
        if ellipsis_mask & (ellipsis_mask - 1):
            raise ValueError(f"For '{self.name}', only one bit of 'ellipsis_mask' may be set, but got "
                             f"{ellipsis_mask}.")

    def infer(self, input_x, begin, end, strides):
        check_tensor(self.name, "input_x", input_x)
        begin, end, strides = (_int_sequence(self.name, name, value)
                               for name, value in (("begin", begin), ("end", end), ("strides", strides)))
        if not len(begin) == len(end) == len(strides):
            raise ValueError(f"For '{self.name}', 'begin', 'end' and 'strides' must have the same length, but got "
                             f"{len(begin)}, {len(end)} and {len(strides)}.")
        if 0 in strides:
            raise ValueError(f"For '{self.name}', the 'strides' must not contain 0, but got {strides}.")
        if len(begin) > len(input_x.shape):
            raise ValueError(f"For '{self.name}', the length of 'begin' must be at most the rank of 'input_x' "
                             f"({len(input_x.shape)}), but got {len(begin)}.")
        try:
            spec = strided_slice_spec(begin, end, strides, self.begin_mask, self.end_mask, self.ellipsis_mask,
                                      self.new_axis_mask, self.shrink_axis_mask)
        except IndexError as error:
            raise IndexError(f"For '{self.name}', {error}.") from None
        return TensorSpec(indexed_shape(self.name, spec, tuple(input_x.shape), ()), input_x.dtype)


# ---- select and mask ----------------------------------------------------------------------


def _shape_of(value) -> tuple:
    return tuple(value.shape) if _is_tensor(value) else ()


class Select(Primitive):
    """Select()(condition, input, other): `input` where `condition` is True, else `other`
    (Tensors or numbers, promoted like a binary op; all three broadcast)."""

    def infer(self, condition, input, other):
        check_tensor(self.name, "condition", condition)
        check_dtype(self.name, "condition", condition.dtype, (mstype.bool_,))
        dtype = binary_result_dtype(self.name, input, other)
        shape = broadcast_shapes(self.name, condition.shape, _shape_of(input), _shape_of(other),
                                 names=("condition", "input", "other"))
        return TensorSpec(shape, dtype)


class MaskedFill(Primitive):
    """MaskedFill()(input_x, mask, value): input_x with `value` (a number or 0-d Tensor,
    cast to input_x's dtype) where the bool `mask` is True; input_x and mask broadcast."""

    def infer(self, input_x, mask, value):
        check_tensor(self.name, "input_x", input_x)
        check_tensor(self.name, "mask", mask)
        check_dtype(self.name, "mask", mask.dtype, (mstype.bool_,))
        if _is_tensor(value):
            if value.shape:
                raise ValueError(f"For '{self.name}', the 'value' must be a number or a 0-d Tensor, but got a "
                                 f"Tensor of shape {tuple(value.shape)}.")
        else:
            check_type(self.name, "value", value, (bool, int, float))
        shape = broadcast_shapes(self.name, input_x.shape, mask.shape, names=("input_x", "mask"))
        return TensorSpec(shape, input_x.dtype)


class MaskedSelect(Primitive):
    """MaskedSelect()(x, mask): the 1-D tensor of x's elements where `mask` is True (x and
    mask broadcast; elements in row-major order)."""

    def infer(self, x, mask):
        check_tensor(self.name, "x", x)
        check_tensor(self.name, "mask", mask)
        check_dtype(self.name, "mask", mask.dtype, (mstype.bool_,))
        shape = broadcast_shapes(self.name, x.shape, mask.shape, names=("x", "mask"))
        count = _value_dependent(mask, lambda m: np.count_nonzero(np.broadcast_to(m, shape)))
        return TensorSpec((count,), x.dtype)


class NonZero(Primitive):
    """NonZero()(x): the Int64 (count, rank) tensor of the indices of x's nonzero elements,
    in row-major order."""

    def infer(self, x):
        check_tensor(self.name, "x", x)
        return TensorSpec((_value_dependent(x, np.count_nonzero), len(x.shape)), mstype.int64)


# ---- sort and unique ----------------------------------------------------------------------


class Sort(Primitive):
    """Sort(axis=-1, descending=False)(x) -> (values, indices): x sorted along `axis`
    (stable: equal values keep their order), and the Int32 positions they came from."""

    def __init__(self, axis: int = -1, descending: bool = False):
        super().__init__()
        self.add_prim_attr("axis", check_type(self.name, "axis", axis, int))
        self.add_prim_attr("descending", check_bool(self.name, "descending", descending))

    def infer(self, x):
        check_tensor(self.name, "x", x)
        check_dtype(self.name, "x", x.dtype, _REAL_TYPES + (mstype.bool_,))
        check_axis(self.name, self.axis, len(x.shape))
        return TensorSpec(x.shape, x.dtype), TensorSpec(x.shape, mstype.int32)


class TopK(Primitive):
    """TopK(sorted=True)(input_x, k) -> (values, indices): the k largest elements along the
    last axis (largest first when `sorted`), and their Int32 positions. Which of several
    equal values come first is unspecified, as on MindSpore's CPU backend."""

    def __init__(self, sorted: bool = True):
        super().__init__()
        self.add_prim_attr("sorted", check_bool(self.name, "sorted", sorted))

    def infer(self, input_x, k):
        check_tensor(self.name, "input_x", input_x)
        check_dtype(self.name, "input_x", input_x.dtype, _REAL_TYPES)
        shape = tuple(input_x.shape)
        if not shape:
            raise ValueError(f"For '{self.name}', the 'input_x' must have rank at least 1, but got a 0-d tensor.")
        k = _static_int(self.name, "k", k)
        if not 0 < k <= shape[-1]:
            raise ValueError(f"For '{self.name}', the 'k' must be in range (0, {shape[-1]}], but got {k}.")
        out = shape[:-1] + (k,)
        return TensorSpec(out, input_x.dtype), TensorSpec(out, mstype.int32)


class Unique(Primitive):
    """Unique()(input_x) -> (y, idx): the distinct values in order of first appearance,
    and for each element its position in y (idx has input_x's shape; Int64 for an Int64
    input, else Int32)."""

    def infer(self, input_x):
        check_tensor(self.name, "input_x", input_x)
        check_dtype(self.name, "input_x", input_x.dtype, _REAL_TYPES + (mstype.bool_,))
        count = _value_dependent(input_x, lambda a: np.unique(a).size)
        index_dtype = mstype.int64 if input_x.dtype is mstype.int64 else mstype.int32
        return TensorSpec((count,), input_x.dtype), TensorSpec(input_x.shape, index_dtype)


class UniqueConsecutive(Primitive):
    """UniqueConsecutive(return_idx=False, return_counts=False, axis=None)(x) -> (output,
    idx, counts): x with each run of equal consecutive elements (slices along `axis`; of
    the flattened x when None) kept once; idx (Int64, x's shape, or x.shape[axis]) gives
    each element's run, counts (Int64) each run's length."""

    def __init__(self, return_idx=False, return_counts=False, axis=None):
        super().__init__()
        self.add_prim_attr("return_idx", check_bool(self.name, "return_idx", return_idx))
        self.add_prim_attr("return_counts", check_bool(self.name, "return_counts", return_counts))
        self.add_prim_attr("axis", None if axis is None else check_type(self.name, "axis", axis, int))

    def infer(self, x):
        check_tensor(self.name, "x", x)
        check_dtype(self.name, "x", x.dtype, _REAL_TYPES + (mstype.bool_,))
        shape = tuple(x.shape)
        if self.axis is None:
            runs = _value_dependent(x, lambda a: _run_count(a.reshape(-1, 1)))
            return (TensorSpec((runs,), x.dtype), TensorSpec(shape, mstype.int64),
                    TensorSpec((runs,), mstype.int64))
        axis = check_axis(self.name, self.axis, len(shape))
        runs = _value_dependent(x, lambda a: _run_count(np.moveaxis(a, axis, 0).reshape(shape[axis], -1)))
        out = shape[:axis] + (runs,) + shape[axis + 1:]
        return (TensorSpec(out, x.dtype), TensorSpec((shape[axis],), mstype.int64),
                TensorSpec((runs,), mstype.int64))


def _run_count(rows: np.ndarray) -> int:
    """How many runs of equal consecutive rows `rows` has."""
    if not len(rows):
        return 0
    return 1 + int(np.any(rows[1:] != rows[:-1], axis=tuple(range(1, rows.ndim))).sum())


class UniqueWithPad(Primitive):
    """UniqueWithPad()(x, pad_num) -> (y, idx): for a 1-D Int32 / Int64 x, the distinct
    values in order of first appearance padded with `pad_num` to x's length, and for
    each element its position in y."""

    def check(self, x, pad_num):
        self.infer(x, pad_num)  # the kernel would take any dtype and rank

    def infer(self, x, pad_num):
        check_tensor(self.name, "x", x)
        check_dtype(self.name, "x", x.dtype, _INT32_64)
        if len(x.shape) != 1:
            raise ValueError(f"For '{self.name}', the 'x' must be 1-D, but got shape {tuple(x.shape)}.")
        _static_int(self.name, "pad_num", pad_num)
        return TensorSpec(tuple(x.shape), x.dtype), TensorSpec(tuple(x.shape), x.dtype)


class MaskedScatter(Primitive):
    """MaskedScatter()(x, mask, updates): a copy of x whose elements where `mask` (Bool,
    broadcast to x's shape) is True are the first elements of `updates`, in order."""

    def check(self, x, mask, updates):
        self.infer(x, mask, updates)  # torch broadcasts both ways and accepts other dtypes

    def infer(self, x, mask, updates):
        check_tensor(self.name, "x", x)
        check_tensor(self.name, "mask", mask)
        check_tensor(self.name, "updates", updates)
        check_dtype(self.name, "mask", mask.dtype, (mstype.bool_,))
        if updates.dtype is not x.dtype:
            raise TypeError(f"For '{self.name}', the dtype of 'updates' must be the dtype of 'x' ({x.dtype}), "
                            f"but got {updates.dtype}.")
        if broadcast_shapes(self.name, tuple(mask.shape), tuple(x.shape)) != tuple(x.shape):
            raise ValueError(f"For '{self.name}', the 'mask' of shape {tuple(mask.shape)} must broadcast to the "
                             f"shape of 'x' {tuple(x.shape)}.")
        known = _known(mask)
        if known is not None:
            needed = int(np.broadcast_to(known, tuple(x.shape)).sum())
            if needed > int(np.prod(updates.shape)):
                raise ValueError(f"For '{self.name}', the 'updates' must hold at least as many elements as 'mask' "
                                 f"selects ({needed}), but got {int(np.prod(updates.shape))}.")
        return TensorSpec(tuple(x.shape), x.dtype)


GatherV2 = Gather
"""MindSpore's older name of Gather."""

SparseGatherV2 = Gather
"""Gather under the name MindSpore gives its sparse-gradient variant (the values are Gather's)."""


class _Bound(Primitive):
    """(sorted_x, values): for each row of the 2-D sorted_x (ascending rows) and the same row
    of the 2-D values, the insertion position of each value (out_type Int32 / Int64)."""

    def __init__(self, out_type=mstype.int32):
        super().__init__()
        check_dtype(self.name, "out_type", out_type, _INT32_64)
        self.add_prim_attr("out_type", out_type)

    def check(self, sorted_x, values):
        self.infer(sorted_x, values)

    def infer(self, sorted_x, values):
        check_tensor(self.name, "sorted_x", sorted_x)
        check_tensor(self.name, "values", values)
        check_dtype(self.name, "sorted_x", sorted_x.dtype, _REAL_TYPES)
        if values.dtype is not sorted_x.dtype:
            raise TypeError(f"For '{self.name}', the dtype of 'values' must be the dtype of 'sorted_x' "
                            f"({sorted_x.dtype}), but got {values.dtype}.")
        if len(sorted_x.shape) != 2 or len(values.shape) != 2 or sorted_x.shape[0] != values.shape[0]:
            raise ValueError(f"For '{self.name}', 'sorted_x' and 'values' must be 2-D with the same number of rows, "
                             f"but got shapes {tuple(sorted_x.shape)} and {tuple(values.shape)}.")
        return TensorSpec(tuple(values.shape), self.out_type)


class LowerBound(_Bound):
    """LowerBound(out_type=mindspore.int32)(sorted_x, values): the first position where each
    value could be inserted keeping its row sorted (before equal elements)."""


class UpperBound(_Bound):
    """UpperBound(out_type=mindspore.int32)(sorted_x, values): the last position where each
    value could be inserted keeping its row sorted (after equal elements)."""


class ListDiff(Primitive):
    """ListDiff(out_idx=mindspore.int32)(x, y) -> (out, idx): the elements of the 1-D x that
    are not in the 1-D y, in order, and their positions in x (out_idx Int32 / Int64)."""

    def __init__(self, out_idx=mstype.int32):
        super().__init__()
        check_dtype(self.name, "out_idx", out_idx, _INT32_64)
        self.add_prim_attr("out_idx", out_idx)

    def check(self, x, y):
        self.infer(x, y)

    def infer(self, x, y):
        check_tensor(self.name, "x", x)
        check_tensor(self.name, "y", y)
        if x.dtype is not y.dtype:
            raise TypeError(f"For '{self.name}', 'x' and 'y' must have the same dtype, but got {x.dtype} and "
                            f"{y.dtype}.")
        if len(x.shape) != 1 or len(y.shape) != 1:
            raise ValueError(f"For '{self.name}', 'x' and 'y' must be 1-D, but got shapes {tuple(x.shape)} and "
                             f"{tuple(y.shape)}.")
        known_x, known_y = _known(x), _known(y)
        count = -1 if known_x is None or known_y is None else int((~np.isin(known_x, known_y)).sum())
        return TensorSpec((count,), x.dtype), TensorSpec((count,), self.out_idx)


class NthElement(Primitive):
    """NthElement(reverse=False)(input, n): along the last axis, the n-th smallest element
    (the n-th largest with `reverse`), n from 0; the last axis is removed."""

    def __init__(self, reverse=False):
        super().__init__()
        self.add_prim_attr("reverse", check_bool(self.name, "reverse", reverse))

    def check(self, input, n):
        self.infer(input, n)

    def infer(self, input, n):
        check_tensor(self.name, "input", input)
        check_dtype(self.name, "input", input.dtype, _REAL_TYPES)
        shape = tuple(input.shape)
        if not shape:
            raise ValueError(f"For '{self.name}', the 'input' must have at least 1 dimension, but got a 0-d Tensor.")
        n = _static_int(self.name, "n", n)
        if not 0 <= n < shape[-1]:
            raise ValueError(f"For '{self.name}', the 'n' must be in range [0, {shape[-1]}), but got {n}.")
        return TensorSpec(shape[:-1], input.dtype)


class SelectView(Primitive):
    """SelectView()(input, index, dim): the slice of input at `index` along `dim` (that axis
    removed)."""

    def check(self, input, index, dim):
        self.infer(input, index, dim)  # torch would also take a 0-d input's index

    def infer(self, input, index, dim):
        check_tensor(self.name, "input", input)
        shape = tuple(input.shape)
        if not shape:
            raise ValueError(f"For '{self.name}', the 'input' must have at least 1 dimension, but got a 0-d Tensor.")
        dim = check_axis(self.name, _static_int(self.name, "dim", dim), len(shape), "dim")
        index = _static_int(self.name, "index", index)
        if not -shape[dim] <= index < shape[dim]:
            raise IndexError(f"For '{self.name}', the 'index' must be in range [{-shape[dim]}, {shape[dim]}), but got "
                             f"{index}.")
        return TensorSpec(shape[:dim] + shape[dim + 1:], input.dtype)


# ---- Tensor indexing ----------------------------------------------------------------------


def parse_index(index) -> tuple[tuple, tuple]:
    """Split a Python index into its spec (static) and its index tensors (inputs).

    Accepted items: ints, slices (with int, int-Tensor or None bounds), None, Ellipsis,
    bools, integer or bool Tensors, NumPy arrays and lists. As in MindSpore, a list that
    holds lists, tuples, Tensors, slices, None or Ellipsis is read as a tuple of indices.
    """
    if type(index) is int:
        return (index,), ()
    if type(index) is tuple:
        items, in_tuple = index, True
    elif type(index) is list and any(_is_index_item(v) for v in index):
        items, in_tuple = tuple(index), True
    else:
        items, in_tuple = (index,), False
    tensors: list = []
    spec = tuple(_spec_entry(item, tensors, in_tuple) for item in items)
    if sum(entry is Ellipsis for entry in spec) > 1:
        raise IndexError("An index can only have a single ellipsis ('...').")
    return spec, tuple(tensors)


def _is_index_item(value) -> bool:
    return value is None or value is Ellipsis or isinstance(value, (list, tuple, slice, Tensor, np.ndarray))


def _spec_entry(item, tensors: list, in_tuple: bool):
    kind = type(item)
    if kind is int:
        return item
    if kind is slice:
        return (SLICE, _slice_bound(item.start), _slice_bound(item.stop), _slice_step(item.step))
    if item is None or item is Ellipsis:
        return item
    if kind is bool or isinstance(item, np.bool_):
        return (BOOL, bool(item))
    if isinstance(item, Tensor):
        return _tensor_entry(item, tensors)
    if isinstance(item, np.integer):
        return int(item)
    if isinstance(item, (list, tuple, np.ndarray)):
        return _tensor_entry(_host_index(item), tensors)
    if isinstance(item, float) and in_tuple:
        raise TypeError(f"For tuple index, the items must be int, slice, Ellipsis, None, bool, Tensor or list, "
                        f"but got float {item}.")
    raise IndexError(f"Only integers, slices (`:`), ellipsis (`...`), None, bools, integer or bool Tensors and "
                     f"lists are valid indices, but got {item!r} of type {kind.__name__}.")


def _slice_bound(value):
    if value is None or type(value) is int:
        return value
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f"Slice indices must be integers, integer Tensors or None, but got {value!r}.") from None


def _slice_step(value):
    step = _slice_bound(value)
    if step == 0:
        raise ValueError("The slice step cannot be zero.")
    return step


def _tensor_entry(tensor: Tensor, tensors: list) -> tuple:
    dtype = tensor.dtype
    if dtype is not mstype.bool_ and dtype not in _SIGNED_INTS:
        raise IndexError(f"The tensor index must be int or bool type, but got {dtype}.")
    tensors.append(tensor)
    return (TENSOR, tensor.ndim, dtype is mstype.bool_)


def _host_index(item) -> Tensor:
    """A list or NumPy array index as a Tensor: bool values make a mask, integers indices."""
    try:
        array = np.asarray(item)
    except ValueError:
        raise IndexError(f"A list index must be rectangular, but got {item!r}.") from None
    if array.size == 0 and array.dtype.kind == "f":
        array = array.astype(np.int64)     # [] is an empty integer index
    if array.dtype.kind == "b":
        return Tensor(array)
    if array.dtype.kind in "iu":
        return Tensor(array.astype(np.int64, copy=False))
    raise IndexError(f"An array or list index must hold integers or bools, but got {item!r}.")


def indexed_shape(op: str, spec: tuple, shape: tuple, indices) -> tuple:
    """The shape of x[index] for an index spec over `shape` (NumPy's rules), checking the
    index: IndexError for an out-of-range or ill-typed index, ValueError for a mask or
    index shape that does not fit. A mask's dimension is -1 when its values are unknown."""
    layout = index_layout(spec, len(shape))
    basic: list = []
    advanced: list = []
    any_arrays = any(is_tensor(e) or is_bool(e) for e in spec)
    tensors = iter(indices)
    for entry, dim in zip(spec, layout.in_dims):
        if type(entry) is int:
            if not -shape[dim] <= entry < shape[dim]:
                raise IndexError(f"index {entry} is out of bounds for dimension {dim} with size {shape[dim]}")
            if any_arrays:
                advanced.append(())
        elif entry is None:
            basic.append(1)
        elif entry is Ellipsis:
            basic.extend(shape[dim:dim + layout.ellipsis_len])
        elif is_slice(entry):
            basic.append(len(range(*slice(*entry[1:]).indices(shape[dim]))))
        elif is_bool(entry):
            advanced.append((int(entry[1]),))
        else:
            advanced.append(_tensor_index_shape(op, entry, next(tensors), shape, dim))
    if Ellipsis not in spec:
        basic.extend(shape[len(shape) - layout.ellipsis_len:])
    if not advanced:
        return tuple(basic)
    block = _broadcast_index_shapes(op, advanced)
    return tuple(basic[:layout.numpy_pos]) + block + tuple(basic[layout.numpy_pos:])


def _tensor_index_shape(op: str, entry: tuple, tensor, shape: tuple, dim: int) -> tuple:
    """The shape an index tensor contributes to the advanced-index broadcast."""
    check_tensor(op, "index", tensor)
    _, ndim, is_mask = entry
    if is_mask:
        check_dtype(op, "index", tensor.dtype, (mstype.bool_,))
        indexed = tuple(shape[dim:dim + ndim])
        if tuple(tensor.shape) != indexed:
            raise ValueError(f"For '{op}', the shape of the bool index {tuple(tensor.shape)} does not match the "
                             f"indexed dimensions {indexed} (from dimension {dim}).")
        return (_value_dependent(tensor, np.count_nonzero),)
    if tensor.dtype not in _SIGNED_INTS:
        raise IndexError(f"The tensor index must be int or bool type, but got {tensor.dtype}.")
    bad = _out_of_range(tensor, -shape[dim], shape[dim])
    if bad is not None:
        raise IndexError(f"index {bad} is out of bounds for dimension {dim} with size {shape[dim]}")
    return tuple(tensor.shape)


def _broadcast_index_shapes(op: str, shapes: list) -> tuple:
    # an unknown mask length (-1) matches anything
    known = [tuple(1 if d == -1 else d for d in s) for s in shapes]
    try:
        result = broadcast_shapes(op, *known)
    except ValueError:
        raise ValueError(f"For '{op}', the index arrays could not be broadcast together with shapes "
                         f"{', '.join(str(tuple(s)) for s in shapes)}.") from None
    unknown = {len(result) - len(s) + i for s in shapes for i, d in enumerate(s) if d == -1}
    return tuple(-1 if i in unknown and result[i] == 1 else d for i, d in enumerate(result))


def _check_spec(op: str, spec) -> tuple:
    """A well-formed index spec (see spore/_kernels/selection.py)."""
    def valid(entry) -> bool:
        if entry is None or entry is Ellipsis or type(entry) is int:
            return True
        if is_slice(entry):
            return len(entry) == 4 and all(v is None or type(v) is int for v in entry[1:]) and entry[3] != 0
        if is_bool(entry):
            return len(entry) == 2 and type(entry[1]) is bool
        return is_tensor(entry) and len(entry) == 3 and type(entry[1]) is int and type(entry[2]) is bool
    if type(spec) is not tuple or not all(valid(e) for e in spec):
        raise TypeError(f"For '{op}', the 'index_spec' must be a tuple of index entries (see parse_index), "
                        f"but got {spec!r}.")
    if sum(e is Ellipsis for e in spec) > 1:
        raise IndexError("An index can only have a single ellipsis ('...').")
    return spec


class TensorGetItem(Primitive):
    """TensorGetItem(index_spec)(x, *index_tensors): x[index], NumPy's basic and advanced
    indexing, for the index `parse_index` splits into `index_spec` and `index_tensors`."""

    def __init__(self, index_spec: tuple):
        super().__init__()
        self.add_prim_attr("index_spec", _check_spec(self.name, index_spec))

    def infer(self, x, *index_tensors):
        check_tensor(self.name, "x", x)
        return TensorSpec(indexed_shape(self.name, self.index_spec, tuple(x.shape), index_tensors), x.dtype)


class TensorSetItem(Primitive):
    """TensorSetItem(index_spec)(x, *index_tensors, value): a copy of x whose indexed part
    is `value` (a number or Tensor, broadcast to the indexed shape, cast to x's dtype)."""

    def __init__(self, index_spec: tuple):
        super().__init__()
        self.add_prim_attr("index_spec", _check_spec(self.name, index_spec))

    def infer(self, x, *args):
        check_tensor(self.name, "x", x)
        if not args:
            raise TypeError(f"For '{self.name}', a 'value' input must follow the index tensors.")
        *index_tensors, value = args
        target = indexed_shape(self.name, self.index_spec, tuple(x.shape), index_tensors)
        if not _is_tensor(value):
            check_type(self.name, "value", value, (bool, int, float, complex))
        _check_fits(self.name, _shape_of(value), target)
        return TensorSpec(x.shape, x.dtype)


def _check_fits(op: str, value_shape: tuple, target: tuple) -> None:
    """A value of `value_shape` broadcasts to the indexed shape `target` (leading 1s aside)."""
    trimmed = list(value_shape)
    while len(trimmed) > len(target) and trimmed[0] == 1:
        trimmed.pop(0)
    fits = len(trimmed) <= len(target) and all(
        v in (1, t) or t == -1 for v, t in zip(reversed(trimmed), reversed(target)))
    if not fits:
        raise ValueError(f"For '{op}', the value of shape {tuple(value_shape)} could not be broadcast to the "
                         f"indexed shape {tuple(target)}.")


# ---- gradients ----------------------------------------------------------------------------
# TensorGetItemGrad and GatherDGrad compute gradients for the bprops: like MindSpore's
# gradient ops they stay out of the `ops` namespace, so they are not in `__all__`.


def _check_shape(op: str, shape) -> tuple:
    shape = _int_sequence(op, "shape", shape)
    if any(s < 0 for s in shape):
        raise ValueError(f"For '{op}', the 'shape' must hold non-negative ints, but got {shape}.")
    return shape


class TensorGetItemGrad(Primitive):
    """TensorGetItemGrad(index_spec)(grad, shape, *index_tensors): the gradient of
    TensorGetItem(index_spec). `grad` has the shape of x[index] for an x of `shape`; the
    result is zeros of `shape` with each element of grad added at the element of x it was
    read from (elements read several times, by repeated integer indices, sum theirs)."""

    def __init__(self, index_spec: tuple):
        super().__init__()
        self.add_prim_attr("index_spec", _check_spec(self.name, index_spec))

    def infer(self, grad, shape, *index_tensors):
        check_tensor(self.name, "grad", grad)
        shape = _check_shape(self.name, shape)
        expected = indexed_shape(self.name, self.index_spec, shape, index_tensors)
        got = tuple(grad.shape)
        if len(got) != len(expected) or any(e not in (g, -1) for g, e in zip(got, expected)):
            raise ValueError(f"For '{self.name}', the 'grad' must have the shape of the indexed part {expected}, "
                             f"but got {got}.")
        return TensorSpec(shape, grad.dtype)


class GatherDGrad(Primitive):
    """GatherDGrad(dim=0)(grad, shape, index): the gradient of GatherD along `dim` for an
    x of `shape`: zeros of `shape` with grad[i][j] added at x[index[i][j]][j] (for dim 0,
    and so on), summing where indices repeat. `grad` has the shape of `index`."""

    def __init__(self, dim: int = 0):
        super().__init__()
        self.add_prim_attr("dim", check_type(self.name, "dim", dim, int))

    def infer(self, grad, shape, index):
        check_tensor(self.name, "grad", grad)
        index_shape = _check_indices(self.name, "index", index, _INT32_64)
        shape = _check_shape(self.name, shape)
        dim = check_axis(self.name, self.dim, len(shape), "dim")
        if len(index_shape) != len(shape):
            raise ValueError(f"For '{self.name}', the rank of 'index' must equal the length of 'shape' ({len(shape)}), "
                             f"but got {len(index_shape)}.")
        if tuple(grad.shape) != index_shape:
            raise ValueError(f"For '{self.name}', the 'grad' must have the shape of 'index' {index_shape}, but got "
                             f"{tuple(grad.shape)}.")
        for d, (i, n) in enumerate(zip(index_shape, shape)):
            if d != dim and i > n:
                raise ValueError(f"For '{self.name}', index.shape[{d}] must be at most shape[{d}] ({n}), but got {i}.")
        size = shape[dim] if shape else 1
        _check_in_range(self.name, "index", index, -size, size)
        return TensorSpec(shape, grad.dtype)
