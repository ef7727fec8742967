"""Primitives of scatter, segment and index-update operators:
scatter_*, tensor_scatter_*, scatter_nd_*, unsorted_segment_*, index_add, index_fill, ....

Two kinds, as in MindSpore:
- tensor_scatter_*, TensorScatterElements, IndexFill and UnsortedSegment* compute a new
  tensor;
- Scatter* and ScatterNd* (on axis-0 indices / index vectors), IndexAdd, InplaceIndexAdd
  and InplaceAdd / InplaceSub / InplaceUpdate update their first input (a Parameter or a
  Tensor) and return it. spore rebinds the input to new storage holding the result (see
  `_UpdateOp.run`), as the assign family does.
"""
from __future__ import annotations

from ...common import dtype as mstype
from ...common.tensor import Tensor
from ..primitive import Primitive, TensorSpec
from ..validator import check_axis, check_bool, check_dtype, check_string, check_tensor, check_type
from .selection_ops import (
    _INT32_64,
    _check_in_range,
    _check_indices,
    _check_nd_indices,
    _check_nd_values,
    _known,
    _static_int,
    _TensorScatter,
    _value_dependent,
)

__all__ = [
    "TensorScatterSub", "TensorScatterMul", "TensorScatterDiv", "TensorScatterMax", "TensorScatterMin",
    "TensorScatterElements",
    "ScatterAdd", "ScatterSub", "ScatterMul", "ScatterDiv", "ScatterMax", "ScatterMin", "ScatterUpdate",
    "ScatterNdAdd", "ScatterNdSub", "ScatterNdMul", "ScatterNdDiv", "ScatterNdMax", "ScatterNdMin",
    "ScatterNdUpdate",
    "UnsortedSegmentSum", "UnsortedSegmentMax", "UnsortedSegmentMin", "UnsortedSegmentProd",
    "IndexAdd", "InplaceIndexAdd", "IndexFill", "InplaceAdd", "InplaceSub", "InplaceUpdate",
    "SegmentSum", "SegmentMean", "SegmentMax", "SegmentMin", "SegmentProd", "SparseSegmentMean",
    "InplaceUpdateV2", "ScatterAddWithAxis", "ScatterNonAliasingAdd", "IndexPut",
]

_SEGMENT_ID_TYPES = (mstype.int16, mstype.int32, mstype.int64)


# ---- tensor_scatter_*: new tensors ---------------------------------------------------------------
class _CheckedTensorScatter(_TensorScatter):
    def check(self, input_x, indices, updates):
        self.infer(input_x, indices, updates)  # torch would promote dtypes and take float indices


class TensorScatterSub(_CheckedTensorScatter):
    """TensorScatterSub()(input_x, indices, updates): out[indices] -= updates."""


class TensorScatterMul(_CheckedTensorScatter):
    """TensorScatterMul()(input_x, indices, updates): out[indices] *= updates."""


class TensorScatterDiv(_CheckedTensorScatter):
    """TensorScatterDiv()(input_x, indices, updates): out[indices] /= updates."""


class TensorScatterMax(_CheckedTensorScatter):
    """TensorScatterMax()(input_x, indices, updates): out[indices] = max(out[indices], updates)."""


class TensorScatterMin(_CheckedTensorScatter):
    """TensorScatterMin()(input_x, indices, updates): out[indices] = min(out[indices], updates)."""


class TensorScatterElements(Primitive):
    """TensorScatterElements(axis=0, reduction='none')(input_x, indices, updates): a copy of
    input_x with updates[i][j] written (or added, reduction 'add') at [indices[i][j]][j]
    for axis 0, and so on for other axes. indices and updates have one shape, of input_x's
    rank; negative indices count from the end."""

    def __init__(self, axis=0, reduction="none"):
        super().__init__()
        self.add_prim_attr("axis", check_type(self.name, "axis", axis, int))
        self.add_prim_attr("reduction", check_string(self.name, "reduction", reduction, ("none", "add"),
                                                     case_sensitive=True))

    def check(self, input_x, indices, updates):
        self.infer(input_x, indices, updates)  # torch accepts smaller updates and other dtypes

    def infer(self, input_x, indices, updates):
        check_tensor(self.name, "input_x", input_x)
        index_shape = _check_indices(self.name, "indices", indices, _INT32_64)
        check_tensor(self.name, "updates", updates)
        shape = tuple(input_x.shape)
        axis = check_axis(self.name, self.axis, len(shape))
        if updates.dtype is not input_x.dtype:
            raise TypeError(f"For '{self.name}', the dtype of 'updates' must be the dtype of 'input_x' "
                            f"({input_x.dtype}), but got {updates.dtype}.")
        if tuple(updates.shape) != index_shape or len(index_shape) != len(shape):
            raise ValueError(f"For '{self.name}', 'indices' and 'updates' must have one shape of the rank of "
                             f"'input_x' ({len(shape)}), but got {index_shape} and {tuple(updates.shape)}.")
        if any(i > n for d, (i, n) in enumerate(zip(index_shape, shape)) if d != axis):
            raise ValueError(f"For '{self.name}', the shape of 'indices' {index_shape} must not exceed the shape "
                             f"of 'input_x' {shape} off axis {axis}.")
        size = shape[axis] if shape else 1
        _check_in_range(self.name, "indices", indices, -size, size)
        return TensorSpec(shape, input_x.dtype)


# ---- updates of a variable -----------------------------------------------------------------------
class _UpdateOp(Primitive):
    """An op that updates its first input: the kernel computes the new value, the input is
    rebound to it and the call returns it."""

    side_effect = True
    state_positions = (0,)
    state_results = (0,)
    output_results = 0

    def check(self, *inputs):
        self.infer(*inputs)


def _check_same_dtype_updates(op: str, input_x, updates) -> None:
    check_tensor(op, "updates", updates)
    if updates.dtype is not input_x.dtype:
        raise TypeError(f"For '{op}', the dtype of 'updates' must be the dtype of 'input_x' ({input_x.dtype}), "
                        f"but got {updates.dtype}.")


class _Scatter(_UpdateOp):
    """(input_x, indices, updates): rows of input_x (axis 0) at `indices` combined with
    updates, of shape indices.shape + input_x.shape[1:]; input_x is updated in place."""

    def __init__(self, use_locking=False):
        super().__init__()
        self.add_prim_attr("use_locking", check_bool(self.name, "use_locking", use_locking))

    def infer(self, input_x, indices, updates):
        check_tensor(self.name, "input_x", input_x)
        index_shape = _check_indices(self.name, "indices", indices, _INT32_64)
        _check_same_dtype_updates(self.name, input_x, updates)
        shape = tuple(input_x.shape)
        if not shape:
            raise ValueError(f"For '{self.name}', the 'input_x' must have at least 1 dimension, but got a 0-d Tensor.")
        expected = index_shape + shape[1:]
        if tuple(updates.shape) != expected:
            raise ValueError(f"For '{self.name}', the shape of 'updates' must be indices.shape + "
                             f"input_x.shape[1:] = {expected}, but got {tuple(updates.shape)}.")
        _check_in_range(self.name, "indices", indices, 0, shape[0])
        return TensorSpec(shape, input_x.dtype)


class ScatterAdd(_Scatter):
    """ScatterAdd(use_locking=False)(input_x, indices, updates): input_x[indices] += updates."""


class ScatterSub(_Scatter):
    """ScatterSub(use_locking=False)(input_x, indices, updates): input_x[indices] -= updates."""


class ScatterMul(_Scatter):
    """ScatterMul(use_locking=False)(input_x, indices, updates): input_x[indices] *= updates."""


class ScatterDiv(_Scatter):
    """ScatterDiv(use_locking=False)(input_x, indices, updates): input_x[indices] /= updates
    (integers divide truncating toward zero)."""


class ScatterMax(_Scatter):
    """ScatterMax(use_locking=False)(input_x, indices, updates): the larger of input_x[indices]
    and updates."""


class ScatterMin(_Scatter):
    """ScatterMin(use_locking=False)(input_x, indices, updates): the smaller of input_x[indices]
    and updates."""


class ScatterUpdate(_Scatter):
    """ScatterUpdate(use_locking=True)(input_x, indices, updates): input_x[indices] = updates."""

    def __init__(self, use_locking=True):
        super().__init__(use_locking)


class _ScatterNd(_UpdateOp):
    """(input_x, indices, updates): the elements or slices of input_x at the index vectors
    on the last axis of `indices` combined with updates (shape indices.shape[:-1] +
    input_x.shape[N:] for depth N); input_x is updated in place."""

    def __init__(self, use_locking=False):
        super().__init__()
        self.add_prim_attr("use_locking", check_bool(self.name, "use_locking", use_locking))

    def infer(self, input_x, indices, updates):
        check_tensor(self.name, "input_x", input_x)
        index_shape = _check_indices(self.name, "indices", indices, _INT32_64)
        _check_same_dtype_updates(self.name, input_x, updates)
        _check_nd_indices(self.name, tuple(input_x.shape), index_shape, tuple(updates.shape))
        _check_nd_values(self.name, indices, tuple(input_x.shape))
        return TensorSpec(tuple(input_x.shape), input_x.dtype)


class ScatterNdAdd(_ScatterNd):
    """ScatterNdAdd(use_locking=False)(input_x, indices, updates): input_x[indices] += updates."""


class ScatterNdSub(_ScatterNd):
    """ScatterNdSub(use_locking=False)(input_x, indices, updates): input_x[indices] -= updates."""


class ScatterNdMul(_ScatterNd):
    """ScatterNdMul(use_locking=False)(input_x, indices, updates): input_x[indices] *= updates."""


class ScatterNdDiv(_ScatterNd):
    """ScatterNdDiv(use_locking=False)(input_x, indices, updates): input_x[indices] /= updates."""


class ScatterNdMax(_ScatterNd):
    """ScatterNdMax(use_locking=False)(input_x, indices, updates): the larger of
    input_x[indices] and updates."""


class ScatterNdMin(_ScatterNd):
    """ScatterNdMin(use_locking=False)(input_x, indices, updates): the smaller of
    input_x[indices] and updates."""


class ScatterNdUpdate(_ScatterNd):
    """ScatterNdUpdate(use_locking=True)(input_x, indices, updates): input_x[indices] = updates."""

    def __init__(self, use_locking=True):
        super().__init__(use_locking)


# ---- segments -----------------------------------------------------------------------------------
class _UnsortedSegment(Primitive):
    """(x, segment_ids, num_segments): output row s combines the rows of x whose id is s;
    segment_ids covers the leading axes of x. The output has shape (num_segments,) +
    x.shape[segment_ids.ndim:]. Ids outside [0, num_segments) are dropped."""

    def check(self, x, segment_ids, num_segments):
        self.infer(x, segment_ids, num_segments)  # torch would accept other dtypes and shapes

    def infer(self, x, segment_ids, num_segments):
        check_tensor(self.name, "x", x)
        ids_shape = _check_indices(self.name, "segment_ids", segment_ids, _SEGMENT_ID_TYPES)
        shape = tuple(x.shape)
        if shape[:len(ids_shape)] != ids_shape:
            raise ValueError(f"For '{self.name}', the shape of 'segment_ids' {ids_shape} must be the leading "
                             f"part of the shape of 'x' {shape}.")
        count = _static_int(self.name, "num_segments", num_segments)
        if count <= 0:
            raise ValueError(f"For '{self.name}', the 'num_segments' must be positive, but got {count}.")
        return TensorSpec((count,) + shape[len(ids_shape):], x.dtype)


class UnsortedSegmentSum(_UnsortedSegment):
    """UnsortedSegmentSum()(input_x, segment_ids, num_segments): the sum of each segment (0 if empty)."""


class UnsortedSegmentMax(_UnsortedSegment):
    """UnsortedSegmentMax()(x, segment_ids, num_segments): the maximum of each segment (the
    dtype's lowest value if empty)."""


class UnsortedSegmentMin(_UnsortedSegment):
    """UnsortedSegmentMin()(x, segment_ids, num_segments): the minimum of each segment (the
    dtype's highest value if empty)."""


class UnsortedSegmentProd(_UnsortedSegment):
    """UnsortedSegmentProd()(x, segment_ids, num_segments): the product of each segment (1 if empty)."""


# ---- index updates ----------------------------------------------------------------------------------
def _check_index_along(op: str, x, indices, updates, axis: int, names=("input_x", "indices", "updates")) -> None:
    """A 1-D int index into `axis` of x and updates shaped as x but for len(indices) on axis."""
    check_tensor(op, names[0], x)
    index_shape = _check_indices(op, names[1], indices, _INT32_64)
    _check_same_dtype_updates(op, x, updates)
    shape = tuple(x.shape)
    axis = check_axis(op, axis, len(shape))
    if len(index_shape) != 1:
        raise ValueError(f"For '{op}', the '{names[1]}' must be 1-D, but got shape {index_shape}.")
    expected = shape[:axis] + index_shape + shape[axis + 1:]
    if tuple(updates.shape) != expected:
        raise ValueError(f"For '{op}', the shape of '{names[2]}' must be {expected}, but got {tuple(updates.shape)}.")
    _check_in_range(op, names[1], indices, 0, shape[axis] if shape else 1)


class IndexAdd(_UpdateOp):
    """IndexAdd(axis, use_lock=True, check_index_bound=True)(input_x, indices, input_y):
    input_x's slices at `indices` along `axis` += input_y's slices; input_x is updated."""

    def __init__(self, axis, use_lock=True, check_index_bound=True):
        super().__init__()
        self.add_prim_attr("axis", check_type(self.name, "axis", axis, int))
        self.add_prim_attr("use_lock", check_bool(self.name, "use_lock", use_lock))
        self.add_prim_attr("check_index_bound", check_bool(self.name, "check_index_bound", check_index_bound))

    def infer(self, input_x, indices, input_y):
        _check_index_along(self.name, input_x, indices, input_y, self.axis, ("input_x", "indices", "input_y"))
        return TensorSpec(tuple(input_x.shape), input_x.dtype)


class InplaceIndexAdd(_UpdateOp):
    """InplaceIndexAdd(axis)(var, indices, updates): var's slices at `indices` along `axis`
    += updates' slices; var is updated."""

    def __init__(self, axis):
        super().__init__()
        self.add_prim_attr("axis", check_type(self.name, "axis", axis, int))

    def infer(self, var, indices, updates):
        _check_index_along(self.name, var, indices, updates, self.axis, ("var", "indices", "updates"))
        return TensorSpec(tuple(var.shape), var.dtype)


class IndexFill(Primitive):
    """IndexFill()(x, dim, index, value): a copy of x with `value` (a number or a 0-d
    Tensor) in its slices at the 1-D `index` along `dim`."""

    def check(self, x, dim, index, value):
        self.infer(x, dim, index, value)  # torch converts values MindSpore refuses

    def infer(self, x, dim, index, value):
        check_tensor(self.name, "x", x)
        index_shape = _check_indices(self.name, "index", index, _INT32_64)
        dim = check_axis(self.name, _static_int(self.name, "dim", dim), len(x.shape), "dim")
        if len(index_shape) > 1:
            raise ValueError(f"For '{self.name}', the 'index' must be 0-D or 1-D, but got shape {index_shape}.")
        if isinstance(value, Tensor) or hasattr(value, "dtype"):
            if tuple(value.shape):
                raise ValueError(f"For '{self.name}', the 'value' must be a 0-d Tensor, but got shape "
                                 f"{tuple(value.shape)}.")
        else:
            check_type(self.name, "value", value, (bool, int, float))
        size = x.shape[dim] if x.shape else 1
        _check_in_range(self.name, "index", index, -size, size)
        return TensorSpec(tuple(x.shape), x.dtype)


class _InplaceRows(_UpdateOp):
    """(x, v): rows (axis 0) of x at `indices` (an int or a tuple of ints) combined with
    the rows of v, of shape (len(indices),) + x.shape[1:]; x is updated."""

    def __init__(self, indices):
        super().__init__()
        rows = (indices,) if isinstance(indices, int) and not isinstance(indices, bool) else indices
        if not (isinstance(rows, (tuple, list)) and all(isinstance(i, int) and not isinstance(i, bool)
                                                        for i in rows)):
            raise TypeError(f"For '{self.name}', the 'indices' must be an int or a tuple of ints, but got {indices!r}.")
        self.add_prim_attr("indices", tuple(rows))

    def infer(self, x, v):
        check_tensor(self.name, "x", x)
        check_tensor(self.name, "v", v)
        check_dtype(self.name, "v", v.dtype, (x.dtype,))
        shape = tuple(x.shape)
        if not shape:
            raise ValueError(f"For '{self.name}', the 'x' must have at least 1 dimension, but got a 0-d Tensor.")
        expected = (len(self.indices),) + shape[1:]
        if tuple(v.shape) != expected:
            raise ValueError(f"For '{self.name}', the shape of 'v' must be {expected}, but got {tuple(v.shape)}.")
        bad = [i for i in self.indices if not 0 <= i < shape[0]]
        if bad:
            raise IndexError(f"For '{self.name}', the 'indices' must be in range [0, {shape[0]}), but got {bad[0]}.")
        return TensorSpec(shape, x.dtype)


class InplaceAdd(_InplaceRows):
    """InplaceAdd(indices)(x, v): x[indices] += v."""


class InplaceSub(_InplaceRows):
    """InplaceSub(indices)(x, v): x[indices] -= v."""


class InplaceUpdate(_InplaceRows):
    """InplaceUpdate(indices)(x, v): x[indices] = v."""



class InplaceUpdateV2(_UpdateOp):
    """InplaceUpdateV2()(x, indices, v): x[indices] = v along axis 0, `indices` an int, a
    tuple of ints or a 1-D integer Tensor; x is updated."""

    def infer(self, x, indices, v):
        return InplaceUpdate(_int_rows(self.name, indices)).infer(x, v)


def _int_rows(op: str, indices):
    """InplaceUpdateV2's `indices`: an int or a tuple of ints as given, a Tensor's values."""
    if hasattr(indices, "dtype"):
        check_dtype(op, "indices", indices.dtype, _INT32_64)
        known = _known(indices)
        if known is None:
            raise ValueError(f"For '{op}', the values of 'indices' must be known (a constant Tensor).")
        return tuple(int(i) for i in known.reshape(-1))
    return indices


class ScatterAddWithAxis(_UpdateOp):
    """ScatterAddWithAxis(axis=0)(input_x, indices, updates): updates[i][j] added at
    input_x[indices[i][j]][j] for axis 0 (and so on); input_x is updated."""

    def __init__(self, axis=0):
        super().__init__()
        self.add_prim_attr("axis", check_type(self.name, "axis", axis, int))

    def infer(self, input_x, indices, updates):
        return TensorScatterElements(self.axis, "add").infer(input_x, indices, updates)


class ScatterNonAliasingAdd(_ScatterNd):
    """ScatterNonAliasingAdd()(input_x, indices, updates): input_x[index vectors] += updates;
    input_x is updated and returned."""

    def __init__(self):
        super().__init__(False)


class IndexPut(Primitive):
    """IndexPut(accumulate=0)(x1, x2, indices): a copy of x1 with x2 (1-D, one value or one
    per indexed element) written (accumulate=0) or added (1) at x1[indices], `indices` a
    tuple of 1-D integer Tensors of one length for the leading axes."""

    def __init__(self, accumulate=0):
        super().__init__()
        check_type(self.name, "accumulate", accumulate, int)
        if accumulate not in (0, 1):
            raise ValueError(f"For '{self.name}', the 'accumulate' must be 0 or 1, but got {accumulate}.")
        self.add_prim_attr("accumulate", accumulate)

    def check(self, x1, x2, indices):
        self.infer(x1, x2, indices)

    def infer(self, x1, x2, indices):
        check_tensor(self.name, "x1", x1)
        check_tensor(self.name, "x2", x2)
        if x2.dtype is not x1.dtype:
            raise TypeError(f"For '{self.name}', the dtype of 'x2' must be the dtype of 'x1' ({x1.dtype}), but got "
                            f"{x2.dtype}.")
        if not isinstance(indices, (tuple, list)) or not 0 < len(indices) <= len(x1.shape):
            raise TypeError(f"For '{self.name}', the 'indices' must be a tuple or list of 1 to {len(x1.shape)} "
                            f"Tensors, but got {indices!r}.")
        lengths = {_check_indices(self.name, f"indices[{i}]", t, _INT32_64 + (mstype.bool_,))[0]
                   for i, t in enumerate(indices)}
        if len(x2.shape) != 1 or len(lengths) != 1 or x2.shape[0] not in (1, *lengths):
            raise ValueError(f"For '{self.name}', the 'indices' must be 1-D of one length and 'x2' 1-D of that "
                             f"length or 1, but got lengths {sorted(lengths)} and x2 shape {tuple(x2.shape)}.")
        for i, t in enumerate(indices):
            _check_in_range(self.name, f"indices[{i}]", t, -x1.shape[i], x1.shape[i])
        return TensorSpec(tuple(x1.shape), x1.dtype)


# ---- sorted segments ------------------------------------------------------------------------------
class _Segment(Primitive):
    """(input_x, segment_ids): output row s combines the rows of input_x whose id is s; the
    1-D segment_ids (Int32 / Int64, one per row, sorted ascending, non-negative) gives
    max(segment_ids) + 1 output rows. Empty segments hold 0 (1 for SegmentProd)."""

    def check(self, input_x, segment_ids):
        self.infer(input_x, segment_ids)

    def infer(self, input_x, segment_ids):
        check_tensor(self.name, "input_x", input_x)
        ids_shape = _check_indices(self.name, "segment_ids", segment_ids, _INT32_64)
        shape = tuple(input_x.shape)
        if len(ids_shape) != 1 or not shape or ids_shape[0] != shape[0]:
            raise ValueError(f"For '{self.name}', the 'segment_ids' must be 1-D with one id per row of 'input_x' "
                             f"{shape}, but got shape {ids_shape}.")
        return TensorSpec((_sorted_segment_count(self.name, segment_ids),) + shape[1:], input_x.dtype)


def _sorted_segment_count(op: str, segment_ids) -> int:
    """max(segment_ids) + 1 for known ids (checked non-negative and sorted), else -1."""
    known = _known(segment_ids)
    if known is not None and known.size and (known[0] < 0 or (known[1:] < known[:-1]).any()):
        raise ValueError(f"For '{op}', the 'segment_ids' must be non-negative and sorted in ascending order, but got "
                         f"{known.tolist()}.")
    return _value_dependent(segment_ids, lambda a: a.max() + 1 if a.size else 0)


class SegmentSum(_Segment):
    """SegmentSum()(input_x, segment_ids): the sum of each segment."""


class SegmentMean(_Segment):
    """SegmentMean()(input_x, segment_ids): the mean of each segment."""


class SegmentMax(_Segment):
    """SegmentMax()(input_x, segment_ids): the maximum of each segment."""


class SegmentMin(_Segment):
    """SegmentMin()(input_x, segment_ids): the minimum of each segment."""


class SegmentProd(_Segment):
    """SegmentProd()(input_x, segment_ids): the product of each segment."""


class SparseSegmentMean(Primitive):
    """SparseSegmentMean()(x, indices, segment_ids): the mean, per segment, of the rows
    x[indices[k]] with segment segment_ids[k] (indices and segment_ids 1-D of one length,
    segment_ids sorted); max(segment_ids) + 1 output rows, empty segments 0."""

    def check(self, x, indices, segment_ids):
        self.infer(x, indices, segment_ids)

    def infer(self, x, indices, segment_ids):
        check_tensor(self.name, "x", x)
        index_shape = _check_indices(self.name, "indices", indices, _INT32_64)
        ids_shape = _check_indices(self.name, "segment_ids", segment_ids, _INT32_64)
        shape = tuple(x.shape)
        if not shape or len(index_shape) != 1 or index_shape != ids_shape:
            raise ValueError(f"For '{self.name}', 'indices' and 'segment_ids' must be 1-D of one length and 'x' at "
                             f"least 1-D, but got shapes {index_shape}, {ids_shape} and {shape}.")
        check_dtype(self.name, "x", x.dtype, (mstype.float16, mstype.float32, mstype.float64))
        _check_in_range(self.name, "indices", indices, 0, shape[0])
        return TensorSpec((_sorted_segment_count(self.name, segment_ids),) + shape[1:], x.dtype)
