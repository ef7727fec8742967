"""Array primitives that reshape, combine, create and cast tensors.

Shape ops (Reshape, Transpose, Squeeze, BroadcastTo, ...) keep the input's dtype and
move or repeat its elements; joining and splitting ops (Concat, Stack, Split, ...) take
or give several tensors of one dtype; creation ops (Fill, Zeros, Range, Eye, OneHot, ...)
build new tensors from Python values; Shape, Rank, Size and DType return Python values,
not Tensors.

PadV3Grad and RepeatInterleaveGrad compute gradients for the bprops: like MindSpore,
spore keeps them out of the `ops` namespace, so they are not in `__all__`.
"""
from __future__ import annotations

import math
import numbers

import numpy as np

from ...common import dtype as mstype
from ...common.tensor import Tensor
from ..primitive import Primitive, TensorSpec
from ..validator import (
    check_axes,
    check_axis,
    check_bool,
    check_int,
    check_non_negative_int,
    check_positive_int,
    check_same_dtype,
    check_string,
    check_tensor,
    check_type,
)

__all__ = [
    "Reshape", "Transpose", "ExpandDims", "Squeeze", "Flatten", "BroadcastTo", "Tile",
    "Concat", "Stack", "Unstack", "Split", "SplitV", "Meshgrid",
    "Pad", "PadV3", "ReverseV2", "Roll", "RepeatInterleaveInt", "RepeatInterleaveTensor",
    "Cast",
    "Tril", "Triu", "Diag", "DiagPart", "TrilIndices", "TriuIndices",
    "ReverseSequence", "SpaceToBatchND", "BatchToSpaceND", "BatchToSpaceNDV2", "SpaceToDepth", "DepthToSpace", "Expand",
    "InvertPermutation", "UnravelIndex", "Pack", "Unpack",
    "FillDiagonal", "FillV2", "ParallelConcat", "MirrorPad", "Padding", "TensorShape", "SpaceToBatch", "BatchToSpace",
    "IdentityN", "TupleToArray", "ScalarToTensor", "ScalarToArray", "ScalarCast", "RaggedRange",
    "TransposeView", "TransposeExtView", "DataFormatDimMap", "DataFormatVecPermute",
    "Fill", "Zeros", "Ones", "ZerosLike", "OnesLike", "Range", "LinSpace", "Eye", "OneHot",
    "Shape", "Rank", "Size", "DType",
]


# ---- argument helpers ---------------------------------------------------------------------
def _is_int(value) -> bool:
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def _is_tensor(value) -> bool:
    return hasattr(value, "shape") and hasattr(value, "dtype") and not isinstance(value, type)


def _tensor_shape(op: str, arg: str, value) -> tuple:
    check_tensor(op, arg, value)
    return tuple(value.shape)


def _int_tuple(op: str, arg: str, value, tensor_ok: bool = False) -> tuple[int, ...]:
    """A tuple or list of ints (with `tensor_ok`, also a 1-D Tensor of them) as a tuple."""
    if tensor_ok and _is_tensor(value) and len(value.shape) == 1:
        value = value.tolist()
    if isinstance(value, (tuple, list)) and all(_is_int(v) for v in value):
        return tuple(int(v) for v in value)
    raise TypeError(f"For '{op}', the '{arg}' must be a tuple or list of ints, but got {value!r}.")


def _int_or_tuple(op: str, arg: str, value, tensor_ok: bool = False) -> tuple[int, ...]:
    """An int, or what `_int_tuple` accepts, as a tuple."""
    if _is_int(value):
        return (int(value),)
    return _int_tuple(op, arg, value, tensor_ok)


def _size_tuple(op: str, arg: str, size) -> tuple[int, ...]:
    """A creation op's shape (an int, a tuple / list of ints or a 1-D Tensor) of sizes >= 0."""
    shape = _int_or_tuple(op, arg, size, tensor_ok=True)
    if any(d < 0 for d in shape):
        raise ValueError(f"For '{op}', every dimension of '{arg}' must be non-negative, but got {shape}.")
    return shape


def _scalar(op: str, arg: str, value):
    """A Python number, or the value of a one-element Tensor."""
    _check_scalar(op, arg, value)
    return value.item() if _is_tensor(value) else value


def _check_scalar(op: str, arg: str, value) -> None:
    """`value` is a Python number or a one-element Tensor (whose value a graph need not know)."""
    if _is_tensor(value):
        if math.prod(value.shape) != 1:
            raise ValueError(f"For '{op}', the '{arg}' must hold a single value, but got a Tensor "
                             f"of shape {tuple(value.shape)}.")
    elif not isinstance(value, (bool, int, float, complex)):
        raise TypeError(f"For '{op}', the '{arg}' must be a number or a Tensor, but got {type(value).__name__}.")


def _check_dtype_arg(op: str, arg: str, dtype) -> mstype.Number:
    if not isinstance(dtype, mstype.Number):
        raise TypeError(f"For '{op}', the '{arg}' must be a mindspore dtype such as mindspore.float32, "
                        f"but got {dtype!r}.")
    return dtype


def _check_rank_at_least(op: str, arg: str, shape: tuple, rank: int) -> None:
    if len(shape) < rank:
        raise ValueError(f"For '{op}', the rank of '{arg}' must be at least {rank}, but got shape {shape}.")


def _tensor_sequence(op: str, arg: str, values) -> list:
    """A non-empty tuple / list of Tensors of one dtype."""
    if not isinstance(values, (tuple, list)):
        raise TypeError(f"For '{op}', the '{arg}' must be a tuple or list of Tensors, but got "
                        f"{type(values).__name__}.")
    if not values:
        raise ValueError(f"For '{op}', the '{arg}' must hold at least one Tensor, but got none.")
    for i, value in enumerate(values):
        check_tensor(op, f"{arg}[{i}]", value)
    check_same_dtype(op, [f"{arg}[{i}]" for i in range(len(values))], [v.dtype for v in values])
    return list(values)


def _mixed_dtype_or_rank(values) -> bool:
    """True when a sequence of tensors mixes dtypes or ranks (torch would promote the
    dtypes or skip empty 1-D tensors where MindSpore rejects them)."""
    if not isinstance(values, (tuple, list)):
        return False
    return len({(getattr(v, "dtype", None), len(getattr(v, "shape", ()))) for v in values}) > 1


def _stacked(inputs: tuple):
    """Stack's inputs: one tuple / list of Tensors, or the Tensors themselves."""
    if len(inputs) == 1 and isinstance(inputs[0], (tuple, list)):
        return inputs[0]
    return inputs


# ---- shapes ---------------------------------------------------------------------------------
def _reshaped(op: str, in_shape: tuple, shape: tuple) -> tuple[int, ...]:
    """`shape` with its -1 (at most one) resolved so it holds as many elements as `in_shape`."""
    size = math.prod(in_shape)
    if shape.count(-1) > 1 or any(d < -1 for d in shape):
        raise ValueError(f"For '{op}', the 'shape' may hold one -1 and otherwise non-negative sizes, "
                         f"but got {shape}.")
    known = math.prod(d for d in shape if d != -1)
    if -1 in shape and known and size % known == 0:
        return tuple(size // known if d == -1 else d for d in shape)
    if -1 not in shape and known == size:
        return shape
    raise ValueError(f"For '{op}', the 'input' of shape {in_shape} ({size} elements) can not be "
                     f"reshaped to {shape}.")


class Reshape(Primitive):
    """Reshape()(input, shape): the elements of `input` in row-major order, in `shape`
    (an int, a tuple / list of ints or a 1-D Tensor; one entry may be -1, inferred)."""

    def infer(self, input, shape):
        in_shape = _tensor_shape(self.name, "input", input)
        shape = _int_or_tuple(self.name, "shape", shape, tensor_ok=True)
        return TensorSpec(_reshaped(self.name, in_shape, shape), input.dtype)


class Transpose(Primitive):
    """Transpose()(input, input_perm): output axis i is input axis input_perm[i]."""

    def infer(self, input, input_perm):
        shape = _tensor_shape(self.name, "input", input)
        perm = _int_tuple(self.name, "input_perm", input_perm)
        if len(perm) != len(shape):
            raise ValueError(f"For '{self.name}', the length of 'input_perm' must equal the rank of "
                             f"'input' ({len(shape)}), but got {perm}.")
        axes = check_axes(self.name, perm, len(shape), "input_perm")
        return TensorSpec(tuple(shape[a] for a in axes), input.dtype)


class ExpandDims(Primitive):
    """ExpandDims()(input_x, axis): a size-1 axis inserted at `axis` in [-rank-1, rank]."""

    def infer(self, input_x, axis):
        shape = _tensor_shape(self.name, "input_x", input_x)
        axis = check_axis(self.name, axis, len(shape) + 1)
        return TensorSpec(shape[:axis] + (1,) + shape[axis:], input_x.dtype)


class Squeeze(Primitive):
    """Squeeze(axis=())(input): `input` without its size-1 axes; with `axis`, only those
    of the given axes that have size 1 (other sizes are kept, as in MindSpore 2.5+)."""

    def __init__(self, axis=()):
        super().__init__()
        self.add_prim_attr("axis", _int_or_tuple(self.name, "axis", axis))

    def infer(self, input):
        shape = _tensor_shape(self.name, "input", input)
        axes = check_axes(self.name, self.axis, len(shape)) if self.axis else range(len(shape))
        return TensorSpec(tuple(d for i, d in enumerate(shape) if d != 1 or i not in axes), input.dtype)


class Flatten(Primitive):
    """Flatten()(input_x): shape (N, ...) to (N, prod(...)); a 1-D input gives (N, 1)."""

    def infer(self, input_x):
        shape = _tensor_shape(self.name, "input_x", input_x)
        _check_rank_at_least(self.name, "input_x", shape, 1)
        return TensorSpec((shape[0], math.prod(shape[1:])), input_x.dtype)


class BroadcastTo(Primitive):
    """BroadcastTo(shape)(input): `input` broadcast to `shape`; a -1 keeps the input's size
    on that axis (only where the input has one)."""

    def __init__(self, shape):
        super().__init__()
        shape = _int_tuple(self.name, "shape", shape)
        if any(d < -1 for d in shape):
            raise ValueError(f"For '{self.name}', every value of 'shape' must be -1 or non-negative, "
                             f"but got {shape}.")
        self.add_prim_attr("shape", shape)

    def infer(self, input):
        in_shape = _tensor_shape(self.name, "input", input)
        target = self.shape
        if len(target) < len(in_shape):
            raise ValueError(f"For '{self.name}', the rank of 'input' {in_shape} must not exceed the "
                             f"length of 'shape' {target}.")
        lead = len(target) - len(in_shape)
        out = list(target)
        for i, want in enumerate(target):
            have = in_shape[i - lead] if i >= lead else None
            if want == -1 and have is not None:
                out[i] = have
            elif want == -1 or have not in (None, 1, want):
                raise ValueError(f"For '{self.name}', 'input' of shape {in_shape} can not be broadcast "
                                 f"to {target}.")
        return TensorSpec(tuple(out), input.dtype)


class Tile(Primitive):
    """Tile()(input, dims): `input` repeated dims[i] times along axis i; the shorter of
    shape and dims is left-padded with 1s."""

    def infer(self, input, dims):
        shape = _tensor_shape(self.name, "input", input)
        dims = _int_or_tuple(self.name, "dims", dims)
        if any(d < 0 for d in dims):
            raise ValueError(f"For '{self.name}', every value of 'dims' must be non-negative, but got {dims}.")
        rank = max(len(shape), len(dims))
        shape = (1,) * (rank - len(shape)) + shape
        dims = (1,) * (rank - len(dims)) + dims
        return TensorSpec(tuple(s * d for s, d in zip(shape, dims)), input.dtype)


# ---- joining and splitting ------------------------------------------------------------------
class Concat(Primitive):
    """Concat(axis=0)(tensors): tensors of one dtype and rank joined along `axis`."""

    def __init__(self, axis=0):
        super().__init__()
        self.add_prim_attr("axis", check_type(self.name, "axis", axis, int))

    def check(self, tensors):
        if _mixed_dtype_or_rank(tensors):
            self.infer(tensors)

    def infer(self, tensors):
        tensors = _tensor_sequence(self.name, "tensors", tensors)
        shapes = [tuple(t.shape) for t in tensors]
        if len({len(s) for s in shapes}) > 1 or not shapes[0]:
            raise ValueError(f"For '{self.name}', the tensors must all have the same rank of at least 1, "
                             f"but got shapes {shapes}.")
        axis = check_axis(self.name, self.axis, len(shapes[0]))
        others = {s[:axis] + s[axis + 1:] for s in shapes}
        if len(others) > 1:
            raise ValueError(f"For '{self.name}', the shapes of 'tensors' must match except on axis {axis}, "
                             f"but got {shapes}.")
        out = shapes[0][:axis] + (sum(s[axis] for s in shapes),) + shapes[0][axis + 1:]
        return TensorSpec(out, tensors[0].dtype)


class Stack(Primitive):
    """Stack(axis=0)(tensors): tensors of one shape and dtype stacked along a new axis
    (the tensors may also be passed as separate arguments)."""

    def __init__(self, axis=0):
        super().__init__()
        self.add_prim_attr("axis", check_type(self.name, "axis", axis, int))

    def check(self, *inputs):
        if _mixed_dtype_or_rank(_stacked(inputs)):
            self.infer(*inputs)

    def infer(self, *inputs):
        tensors = _tensor_sequence(self.name, "tensors", list(_stacked(inputs)))
        shapes = {tuple(t.shape) for t in tensors}
        if len(shapes) > 1:
            raise ValueError(f"For '{self.name}', all tensors must have the same shape, but got "
                             f"{[tuple(t.shape) for t in tensors]}.")
        shape = shapes.pop()
        axis = check_axis(self.name, self.axis, len(shape) + 1)
        return TensorSpec(shape[:axis] + (len(tensors),) + shape[axis:], tensors[0].dtype)


class Unstack(Primitive):
    """Unstack(axis=0, num=None)(input_x): the slices of `input_x` along `axis`, as a tuple."""

    def __init__(self, axis=0, num=None):
        super().__init__()
        self.add_prim_attr("axis", check_type(self.name, "axis", axis, int))
        self.add_prim_attr("num", None if num is None else check_positive_int(self.name, "num", num))

    def infer(self, input_x):
        shape = _tensor_shape(self.name, "input_x", input_x)
        _check_rank_at_least(self.name, "input_x", shape, 1)
        axis = check_axis(self.name, self.axis, len(shape))
        part = TensorSpec(shape[:axis] + shape[axis + 1:], input_x.dtype)
        return (part,) * shape[axis]


class Split(Primitive):
    """Split(axis=0, output_num=1)(input_x): `output_num` equal parts along `axis`."""

    def __init__(self, axis=0, output_num=1):
        super().__init__()
        self.add_prim_attr("axis", check_type(self.name, "axis", axis, int))
        self.add_prim_attr("output_num", check_positive_int(self.name, "output_num", output_num))

    def check(self, input_x):
        # torch splits unevenly where MindSpore requires equal parts.
        shape = getattr(input_x, "shape", ())
        if not -len(shape) <= self.axis < len(shape) or shape[self.axis] % self.output_num:
            self.infer(input_x)

    def infer(self, input_x):
        shape = _tensor_shape(self.name, "input_x", input_x)
        _check_rank_at_least(self.name, "input_x", shape, 1)
        axis = check_axis(self.name, self.axis, len(shape))
        if shape[axis] % self.output_num:
            raise ValueError(f"For '{self.name}', the size of axis {axis} of 'input_x' {shape} must be "
                             f"divisible by 'output_num' {self.output_num}.")
        part = shape[:axis] + (shape[axis] // self.output_num,) + shape[axis + 1:]
        return (TensorSpec(part, input_x.dtype),) * self.output_num


class SplitV(Primitive):
    """SplitV(size_splits, split_dim, num_split)(input_x): parts of the given sizes along
    `split_dim`; one size may be -1 (the rest). Sizes of 0 are accepted (MindSpore wants
    them positive) so that ops.split and ops.chunk can express empty parts."""

    def __init__(self, size_splits, split_dim, num_split):
        super().__init__()
        sizes = _int_tuple(self.name, "size_splits", size_splits)
        if sizes.count(-1) > 1 or any(s < -1 for s in sizes):
            raise ValueError(f"For '{self.name}', 'size_splits' must hold non-negative sizes and at most "
                             f"one -1, but got {sizes}.")
        check_positive_int(self.name, "num_split", num_split)
        if num_split != len(sizes):
            raise ValueError(f"For '{self.name}', 'num_split' must equal the length of 'size_splits' "
                             f"({len(sizes)}), but got {num_split}.")
        self.add_prim_attrs(size_splits=sizes, split_dim=check_type(self.name, "split_dim", split_dim, int),
                            num_split=num_split)

    def infer(self, input_x):
        shape = _tensor_shape(self.name, "input_x", input_x)
        _check_rank_at_least(self.name, "input_x", shape, 1)
        axis = check_axis(self.name, self.split_dim, len(shape), "split_dim")
        sizes = self.size_splits
        known = sum(s for s in sizes if s != -1)
        if -1 in sizes and known <= shape[axis]:
            sizes = tuple(shape[axis] - known if s == -1 else s for s in sizes)
        if sum(sizes) != shape[axis] or -1 in sizes:
            raise ValueError(f"For '{self.name}', the sizes {self.size_splits} must add up to the size of "
                             f"axis {axis} of 'input_x' {shape}.")
        return tuple(TensorSpec(shape[:axis] + (s,) + shape[axis + 1:], input_x.dtype) for s in sizes)


class Meshgrid(Primitive):
    """Meshgrid(indexing='xy')(inputs): coordinate grids from N 1-D tensors; 'xy' swaps
    the first two output axes (Cartesian), 'ij' keeps them (matrix)."""

    def __init__(self, indexing="xy"):
        super().__init__()
        check_type(self.name, "indexing", indexing, str)
        self.add_prim_attr("indexing", check_string(self.name, "indexing", indexing, ("xy", "ij")))

    def infer(self, inputs):
        tensors = _tensor_sequence(self.name, "inputs", inputs)
        if any(len(t.shape) > 1 for t in tensors):
            raise ValueError(f"For '{self.name}', every input must be 1-D, but got shapes "
                             f"{[tuple(t.shape) for t in tensors]}.")
        sizes = [math.prod(t.shape) for t in tensors]
        if self.indexing == "xy" and len(sizes) > 1:
            sizes[0], sizes[1] = sizes[1], sizes[0]
        return tuple(TensorSpec(tuple(sizes), t.dtype) for t in tensors)


# ---- padding and reordering -----------------------------------------------------------------
class Pad(Primitive):
    """Pad(paddings)(input_x): zeros added around `input_x`; paddings[i] is the (before,
    after) count for axis i, one pair per axis."""

    def __init__(self, paddings):
        super().__init__()
        if not isinstance(paddings, (tuple, list)) or not paddings or not all(
                isinstance(p, (tuple, list)) and len(p) == 2 and all(_is_int(v) for v in p) for p in paddings):
            raise TypeError(f"For '{self.name}', the 'paddings' must be a non-empty tuple of (before, after) "
                            f"int pairs, but got {paddings!r}.")
        if any(v < 0 for pair in paddings for v in pair):
            raise ValueError(f"For '{self.name}', every value of 'paddings' must be non-negative, "
                             f"but got {paddings}.")
        self.add_prim_attr("paddings", tuple(tuple(int(v) for v in pair) for pair in paddings))

    def check(self, input_x):
        # torch pads the trailing axes of a tensor of higher rank without complaint.
        if len(getattr(input_x, "shape", ())) != len(self.paddings):
            self.infer(input_x)

    def infer(self, input_x):
        shape = _tensor_shape(self.name, "input_x", input_x)
        if len(shape) != len(self.paddings):
            raise ValueError(f"For '{self.name}', the length of 'paddings' must equal the rank of 'input_x' "
                             f"{shape}, but got {len(self.paddings)}.")
        return TensorSpec(tuple(d + b + a for d, (b, a) in zip(shape, self.paddings)), input_x.dtype)


_PAD_V3_MODES = ("constant", "reflect", "edge", "circular")


def _padded_shape(shape: tuple, pads: tuple, sign: int = 1) -> tuple[int, ...]:
    """`shape` with contiguous (before, after) `pads` (last axis first) added (sign=1) or
    taken off (sign=-1)."""
    out = list(shape)
    for i in range(len(pads) // 2):
        out[-1 - i] += sign * (pads[2 * i] + pads[2 * i + 1])
    return tuple(out)


class PadV3(Primitive):
    """PadV3(mode='constant', paddings_contiguous=True)(x, paddings, constant_value=None).

    `paddings` lists (before, after) pairs from the last axis backwards (negative values
    crop in constant mode); with paddings_contiguous=False it lists all befores, then all
    afters. 'reflect' mirrors without repeating the edge, 'edge' repeats the edge value,
    'circular' wraps around. The non-constant modes pad the last 1 to 3 axes of an input
    with one or two more axes (channel, or batch and channel; MindSpore wants both).
    """

    def __init__(self, mode="constant", paddings_contiguous=True):
        super().__init__()
        check_type(self.name, "mode", mode, str)
        self.add_prim_attr("mode", check_string(self.name, "mode", mode, _PAD_V3_MODES, case_sensitive=True))
        self.add_prim_attr("paddings_contiguous", check_bool(self.name, "paddings_contiguous",
                                                             paddings_contiguous))

    def infer(self, x, paddings, constant_value=None):
        shape = _tensor_shape(self.name, "x", x)
        _check_rank_at_least(self.name, "x", shape, 1)
        pads = self._pairs(paddings, len(shape))
        if self.mode != "constant":
            self._check_mode_padding(shape, pads, x.dtype)
        out = _padded_shape(shape, pads)
        if any(d < 0 for d in out):
            raise ValueError(f"For '{self.name}', padding {pads} crops 'x' of shape {shape} below size 0.")
        return TensorSpec(out, x.dtype)

    def _pairs(self, paddings, rank: int) -> tuple[int, ...]:
        """`paddings` as contiguous (before, after) pairs, from the last axis backwards."""
        pads = _int_tuple(self.name, "paddings", paddings, tensor_ok=True)
        pairs = len(pads) // 2
        if len(pads) % 2 or pairs > rank:
            raise ValueError(f"For '{self.name}', 'paddings' must hold one (before, after) pair for each of "
                             f"at most {rank} axes, but got {pads}.")
        if not self.paddings_contiguous:
            pads = tuple(v for pair in zip(pads[:pairs], pads[pairs:]) for v in pair)
        return pads

    def _check_mode_padding(self, shape: tuple, pads: tuple, dtype) -> None:
        pairs = len(pads) // 2
        if not 1 <= pairs <= 3 or len(shape) not in (pairs + 1, pairs + 2):
            raise ValueError(f"For '{self.name}', mode '{self.mode}' pads 1 to 3 trailing axes of an input "
                             f"with 1 or 2 more axes, but got paddings {pads} for 'x' of shape {shape}.")
        if dtype is mstype.bool_ and self.mode != "circular":
            raise TypeError(f"For '{self.name}', mode '{self.mode}' does not support Bool input.")
        if self.mode == "edge":
            return
        for i in range(pairs):
            size = shape[-1 - i]
            limit = size - 1 if self.mode == "reflect" else size
            if max(abs(pads[2 * i]), abs(pads[2 * i + 1])) > limit:
                raise ValueError(f"For '{self.name}', mode '{self.mode}' can pad axis {len(shape) - 1 - i} of "
                                 f"size {size} by at most {limit} on each side, but got paddings {pads}.")


class ReverseV2(Primitive):
    """ReverseV2(axis)(input): `input` with the order of elements reversed along each of
    `axis` (a tuple or list of distinct axes)."""

    def __init__(self, axis):
        super().__init__()
        self.add_prim_attr("axis", _int_tuple(self.name, "axis", axis))

    def infer(self, input):
        shape = _tensor_shape(self.name, "input", input)
        check_axes(self.name, self.axis, len(shape))
        return TensorSpec(shape, input.dtype)


class Roll(Primitive):
    """Roll(shifts, dims=None)(input): elements shifted by shifts[i] along dims[i],
    wrapping around; with dims=None, over the flattened input (one shift)."""

    def __init__(self, shifts, dims=None):
        super().__init__()
        shifts = _int_or_tuple(self.name, "shifts", shifts)
        if dims is None:
            if len(shifts) != 1:
                raise ValueError(f"For '{self.name}', 'shifts' must be a single int when 'dims' is None, "
                                 f"but got {shifts}.")
        else:
            dims = _int_or_tuple(self.name, "dims", dims)
            if len(dims) != len(shifts):
                raise ValueError(f"For '{self.name}', 'shifts' and 'dims' must have the same length, but got "
                                 f"{shifts} and {dims}.")
        self.add_prim_attrs(shifts=shifts, dims=dims)

    def infer(self, input):
        shape = _tensor_shape(self.name, "input", input)
        if self.dims is not None:
            for d in self.dims:
                check_axis(self.name, d, len(shape), "dims")
        return TensorSpec(shape, input.dtype)


class _RepeatInterleave(Primitive):
    """(input, repeats, dim=None, output_size=None): each element repeated along `dim`
    (over the flattened input when dim is None)."""

    def infer(self, input, repeats, dim=None, output_size=None):
        shape = _tensor_shape(self.name, "input", input)
        counts = self._counts(repeats)
        if dim is None:
            shape, axis = (math.prod(shape),), 0
        else:
            _check_rank_at_least(self.name, "input", shape, 1)
            axis = check_axis(self.name, dim, len(shape), "dim")
        size = shape[axis]
        if any(c < 0 for c in counts):
            raise ValueError(f"For '{self.name}', every value of 'repeats' must be non-negative, but got {counts}.")
        if len(counts) not in (1, size):
            raise ValueError(f"For '{self.name}', 'repeats' must hold 1 value or one per element along the "
                             f"axis ({size}), but got {len(counts)}.")
        total = counts[0] * size if len(counts) == 1 else sum(counts)
        return TensorSpec(shape[:axis] + (total,) + shape[axis + 1:], input.dtype)

    def _counts(self, repeats) -> tuple[int, ...]:
        raise NotImplementedError


class RepeatInterleaveInt(_RepeatInterleave):
    """RepeatInterleaveInt()(input, repeats, dim=None, output_size=None): every element
    repeated `repeats` (an int) times."""

    def _counts(self, repeats):
        return (check_type(self.name, "repeats", repeats, int),)


class RepeatInterleaveTensor(_RepeatInterleave):
    """RepeatInterleaveTensor()(input, repeats, dim=None, output_size=None): element i
    along `dim` repeated repeats[i] times (`repeats` a 1-D Tensor, tuple or list)."""

    def _counts(self, repeats):
        return _int_tuple(self.name, "repeats", repeats, tensor_ok=True)


# ---- casting ----------------------------------------------------------------------------------
class Cast(Primitive):
    """Cast()(input_x, dtype): `input_x` (a Tensor or a Python number) converted to `dtype`.
    Floats become integers by truncation toward zero; complex to real keeps the real part."""

    def infer(self, input_x, dtype):
        _check_dtype_arg(self.name, "dtype", dtype)
        if _is_tensor(input_x):
            return TensorSpec(tuple(input_x.shape), dtype)
        if isinstance(input_x, (bool, int, float, complex)):
            return TensorSpec((), dtype)
        raise TypeError(f"For '{self.name}', the 'input_x' must be a Tensor or a number, but got "
                        f"{type(input_x).__name__}.")


# ---- triangles and diagonals ------------------------------------------------------------------
class _Triangle(Primitive):
    """(x): x (rank >= 2) with the elements off one side of the `diagonal`-th diagonal of
    its last two axes set to zero (0: the main diagonal, > 0 above it, < 0 below it)."""

    def __init__(self, diagonal=0):
        super().__init__()
        self.add_prim_attr("diagonal", check_type(self.name, "diagonal", diagonal, int))

    def infer(self, x):
        shape = _tensor_shape(self.name, "x", x)
        _check_rank_at_least(self.name, "x", shape, 2)
        return TensorSpec(shape, x.dtype)


class Tril(_Triangle):
    """Tril(diagonal=0)(x): the lower triangle of x, on and below the diagonal."""


class Triu(_Triangle):
    """Triu(diagonal=0)(x): the upper triangle of x, on and above the diagonal."""


class Diag(Primitive):
    """Diag()(input_x): for x of shape S (rank >= 1), the tensor of shape S + S holding
    x[i] at [i, i] (i a multi-index) and zeros elsewhere."""

    def check(self, input_x):
        if not getattr(input_x, "shape", ()):  # the kernel would take a 0-d x as (1,)
            self.infer(input_x)

    def infer(self, input_x):
        shape = _tensor_shape(self.name, "input_x", input_x)
        _check_rank_at_least(self.name, "input_x", shape, 1)
        return TensorSpec(shape + shape, input_x.dtype)


class DiagPart(Primitive):
    """DiagPart()(input_x): Diag's inverse: for x of shape S + S, the tensor of shape S
    holding x[i, i]."""

    def check(self, input_x):
        self.infer(input_x)  # the kernel's reshape would accept some other shapes

    def infer(self, input_x):
        shape = _tensor_shape(self.name, "input_x", input_x)
        half = len(shape) // 2
        if not shape or len(shape) % 2 or shape[:half] != shape[half:]:
            raise ValueError(f"For '{self.name}', the shape of 'input_x' must be S + S for some non-empty S, "
                             f"but got {shape}.")
        return TensorSpec(shape[:half], input_x.dtype)


def _lower_triangle_size(row: int, col: int, offset: int) -> int:
    """How many elements of a row x col matrix lie on or below its `offset`-th diagonal."""
    return sum(min(max(r + offset + 1, 0), col) for r in range(row))


class _TriangleIndices(Primitive):
    """(row, col, offset=0, dtype=mindspore.int64)(): the (2, N) coordinates of the
    elements of a row x col matrix in the triangle bounded by the `offset`-th diagonal,
    row by row."""

    upper = False

    def __init__(self, row, col, offset=0, dtype=mstype.int64):
        super().__init__()
        self.add_prim_attrs(row=check_non_negative_int(self.name, "row", row),
                            col=check_non_negative_int(self.name, "col", col),
                            offset=check_type(self.name, "offset", offset, int))
        if dtype not in (mstype.int32, mstype.int64):
            raise TypeError(f"For '{self.name}', the 'dtype' must be mindspore.int32 or mindspore.int64, "
                            f"but got {dtype!r}.")
        self.add_prim_attr("dtype", dtype)

    def infer(self):
        if self.upper:  # the complement of the lower triangle below the diagonal
            size = self.row * self.col - _lower_triangle_size(self.row, self.col, self.offset - 1)
        else:
            size = _lower_triangle_size(self.row, self.col, self.offset)
        return TensorSpec((2, size), self.dtype)


class TrilIndices(_TriangleIndices):
    """TrilIndices(row, col, offset=0, dtype=mindspore.int64)(): the coordinates of the
    lower triangle, on and below the `offset`-th diagonal."""


class TriuIndices(_TriangleIndices):
    """TriuIndices(row, col, offset=0, dtype=mindspore.int64)(): the coordinates of the
    upper triangle, on and above the `offset`-th diagonal."""

    upper = True


# ---- blocks and sequences ---------------------------------------------------------------------
class ReverseSequence(Primitive):
    """ReverseSequence(seq_dim, batch_dim=0)(x, seq_lengths): for each index b along
    `batch_dim`, the first seq_lengths[b] elements along `seq_dim` reversed (the rest kept).
    seq_lengths is a 1-D Int32 / Int64 Tensor of x.shape[batch_dim] values in [0, x.shape[seq_dim]]."""

    def __init__(self, seq_dim, batch_dim=0):
        super().__init__()
        self.add_prim_attr("seq_dim", check_type(self.name, "seq_dim", seq_dim, int))
        self.add_prim_attr("batch_dim", check_type(self.name, "batch_dim", batch_dim, int))

    def check(self, x, seq_lengths):
        self.infer(x, seq_lengths)  # the kernel would take lengths beyond the sequence

    def infer(self, x, seq_lengths):
        shape = _tensor_shape(self.name, "x", x)
        lengths = _tensor_shape(self.name, "seq_lengths", seq_lengths)
        if seq_lengths.dtype not in (mstype.int32, mstype.int64):
            raise TypeError(f"For '{self.name}', the dtype of 'seq_lengths' must be Int32 or Int64, but got "
                            f"{seq_lengths.dtype}.")
        seq = check_axis(self.name, self.seq_dim, len(shape), "seq_dim")
        batch = check_axis(self.name, self.batch_dim, len(shape), "batch_dim")
        if seq == batch:
            raise ValueError(f"For '{self.name}', the 'batch_dim' must differ from the 'seq_dim' {seq}, but got "
                             f"{batch}.")
        if lengths != (shape[batch],):
            raise ValueError(f"For '{self.name}', the 'seq_lengths' must have shape ({shape[batch]},), but got "
                             f"{lengths}.")
        if isinstance(seq_lengths, Tensor) and not seq_lengths.has_init:
            values = seq_lengths.asnumpy()
            if values.size and (values.min() < 0 or values.max() > shape[seq]):
                raise ValueError(f"For '{self.name}', every value of 'seq_lengths' must be in [0, {shape[seq]}], "
                                 f"but got {values.tolist()}.")
        return TensorSpec(shape, x.dtype)


def _block_pairs(op: str, arg: str, pairs, count: int) -> tuple:
    """`count` (before, after) pairs of non-negative ints."""
    if _is_tensor(pairs):
        pairs = pairs.tolist()
    if not (isinstance(pairs, (tuple, list)) and len(pairs) == count
            and all(isinstance(p, (tuple, list)) and len(p) == 2 and all(_is_int(v) and v >= 0 for v in p)
                    for p in pairs)):
        raise ValueError(f"For '{op}', the '{arg}' must be {count} pairs of non-negative ints, but got {pairs!r}.")
    return tuple(tuple(int(v) for v in p) for p in pairs)


def _block_shape(op: str, arg: str, block, count: int | None = None) -> tuple:
    """Block sizes >= 1: an int (repeated `count` times) or a tuple / list of ints."""
    block = (block,) * (count or 1) if _is_int(block) else _int_tuple(op, arg, block)
    if not block or any(b < 1 for b in block):
        raise ValueError(f"For '{op}', every value of '{arg}' must be at least 1, but got {block}.")
    return block


class SpaceToBatchND(Primitive):
    """SpaceToBatchND(block_shape, paddings)(input_x): the last M axes of input_x (M =
    len(block_shape)) padded by `paddings`, cut into blocks, and the offsets within a
    block moved into the batch axis: shape (N, *rest, *spatial) to
    (N * prod(block_shape), *rest, *(padded spatial / block_shape))."""

    def __init__(self, block_shape, paddings):
        super().__init__()
        count = len(paddings) if isinstance(paddings, (tuple, list)) else None
        block = _block_shape(self.name, "block_shape", block_shape, count)
        self.add_prim_attr("block_shape", block)
        self.add_prim_attr("paddings", _block_pairs(self.name, "paddings", paddings, len(block)))

    def check(self, input_x):
        self.infer(input_x)  # the kernel's reshape would accept some shapes that do not divide

    def infer(self, input_x):
        shape = _tensor_shape(self.name, "input_x", input_x)
        count = len(self.block_shape)
        _check_rank_at_least(self.name, "input_x", shape, count + 1)
        padded = [n + a + b for n, (a, b) in zip(shape[-count:], self.paddings)]
        if any(p % b for p, b in zip(padded, self.block_shape)):
            raise ValueError(f"For '{self.name}', the padded spatial shape {tuple(padded)} must be divisible by "
                             f"'block_shape' {self.block_shape}.")
        batch = shape[0] * math.prod(self.block_shape)
        spatial = tuple(p // b for p, b in zip(padded, self.block_shape))
        return TensorSpec((batch,) + shape[1:-count] + spatial, input_x.dtype)


class BatchToSpaceND(Primitive):
    """BatchToSpaceND(block_shape, crops)(input_x): SpaceToBatchND's inverse: blocks taken
    from the batch axis back into the last M axes, which are then cropped by `crops`."""

    def __init__(self, block_shape, crops):
        super().__init__()
        count = len(crops) if isinstance(crops, (tuple, list)) else None
        block = _block_shape(self.name, "block_shape", block_shape, count)
        self.add_prim_attr("block_shape", block)
        self.add_prim_attr("crops", _block_pairs(self.name, "crops", crops, len(block)))

    def check(self, input_x):
        self.infer(input_x)

    def infer(self, input_x):
        shape = _tensor_shape(self.name, "input_x", input_x)
        count = len(self.block_shape)
        _check_rank_at_least(self.name, "input_x", shape, count + 1)
        blocks = math.prod(self.block_shape)
        if shape[0] % blocks:
            raise ValueError(f"For '{self.name}', the first dimension of 'input_x' {shape[0]} must be divisible by "
                             f"the product of 'block_shape' {blocks}.")
        spatial = tuple(n * b - c0 - c1 for n, b, (c0, c1) in zip(shape[-count:], self.block_shape, self.crops))
        if any(d < 0 for d in spatial):
            raise ValueError(f"For '{self.name}', the 'crops' {self.crops} remove more than the spatial shape "
                             f"{tuple(n * b for n, b in zip(shape[-count:], self.block_shape))}.")
        return TensorSpec((shape[0] // blocks,) + shape[1:-count] + spatial, input_x.dtype)


class BatchToSpaceNDV2(Primitive):
    """BatchToSpaceNDV2()(input_x, block_shape, crops): BatchToSpaceND with the block shape
    (a 1-D Tensor) and the crops (an (M, 2) Tensor) given as inputs."""

    def check(self, input_x, block_shape, crops):
        self.infer(input_x, block_shape, crops)

    def infer(self, input_x, block_shape, crops):
        check_tensor(self.name, "block_shape", block_shape)
        check_tensor(self.name, "crops", crops)
        block = _block_shape(self.name, "block_shape", _int_tuple(self.name, "block_shape", block_shape, True))
        pairs = _block_pairs(self.name, "crops", crops, len(block))
        return BatchToSpaceND(block, pairs).infer(input_x)


class _DepthBlocks(Primitive):
    """(x): an NCHW x whose block_size x block_size blocks of pixels move to or from the
    channel axis (channel (i * block_size + j) * C + c holds offset (i, j) of channel c)."""

    def __init__(self, block_size, data_format="NCHW"):
        super().__init__()
        self.add_prim_attr("block_size", check_int(self.name, "block_size", block_size, minimum=2))
        self.add_prim_attr("data_format", check_string(self.name, "data_format", data_format, ("NCHW",),
                                                       case_sensitive=True))

    def check(self, x):
        self.infer(x)


class SpaceToDepth(_DepthBlocks):
    """SpaceToDepth(block_size, data_format='NCHW')(x): (N, C, H, W) to
    (N, C * block_size**2, H / block_size, W / block_size)."""

    def infer(self, x):
        shape = _tensor_shape(self.name, "x", x)
        if len(shape) != 4:
            raise ValueError(f"For '{self.name}', the 'x' must be 4-D (NCHW), but got shape {shape}.")
        b = self.block_size
        if shape[2] % b or shape[3] % b:
            raise ValueError(f"For '{self.name}', the height and width of 'x' {shape[2:]} must be divisible by "
                             f"'block_size' {b}.")
        return TensorSpec((shape[0], shape[1] * b * b, shape[2] // b, shape[3] // b), x.dtype)


class DepthToSpace(_DepthBlocks):
    """DepthToSpace(block_size, data_format='NCHW')(x): (N, C, H, W) to
    (N, C / block_size**2, H * block_size, W * block_size)."""

    def infer(self, x):
        shape = _tensor_shape(self.name, "x", x)
        if len(shape) != 4:
            raise ValueError(f"For '{self.name}', the 'x' must be 4-D (NCHW), but got shape {shape}.")
        b = self.block_size
        if shape[1] % (b * b):
            raise ValueError(f"For '{self.name}', the channels of 'x' {shape[1]} must be divisible by "
                             f"block_size**2 = {b * b}.")
        return TensorSpec((shape[0], shape[1] // (b * b), shape[2] * b, shape[3] * b), x.dtype)


class Expand(Primitive):
    """Expand()(input_x, shape): input_x broadcast to `shape` (a 1-D integer Tensor; -1
    keeps input_x's size on that axis). MindSpore 2.1 deprecated it for BroadcastTo."""

    def check(self, input_x, shape):
        self.infer(input_x, shape)  # torch's expand takes a tuple too and other rules

    def infer(self, input_x, shape):
        check_tensor(self.name, "shape", shape)
        target = _int_tuple(self.name, "shape", shape, tensor_ok=True)
        return BroadcastTo(target).infer(input_x)


class InvertPermutation(Primitive):
    """InvertPermutation()(input_x): for a permutation of 0..n-1 (a tuple or list), the
    permutation that undoes it (y[x[i]] = i), as a tuple."""

    def check(self, input_x):
        self.infer(input_x)

    def infer(self, input_x):
        perm = _int_tuple(self.name, "input_x", input_x)
        if sorted(perm) != list(range(len(perm))):
            raise ValueError(f"For '{self.name}', the 'input_x' must be a permutation of 0..{len(perm) - 1}, "
                             f"but got {perm}.")
        inverse = [0] * len(perm)
        for i, p in enumerate(perm):
            inverse[p] = i
        return tuple(inverse)


class UnravelIndex(Primitive):
    """UnravelIndex()(indices, dims): the coordinates, in an array of shape `dims`, of the
    flat positions `indices` (0-d or 1-D): shape (len(dims),) + indices.shape, of
    indices' dtype (Int32 or Int64, dims' too)."""

    def check(self, indices, dims):
        self.infer(indices, dims)

    def infer(self, indices, dims):
        index_shape = _tensor_shape(self.name, "indices", indices)
        dims_shape = _tensor_shape(self.name, "dims", dims)
        if indices.dtype not in (mstype.int32, mstype.int64) or dims.dtype is not indices.dtype:
            raise TypeError(f"For '{self.name}', 'indices' and 'dims' must be Int32 or Int64 Tensors of one dtype, "
                            f"but got {indices.dtype} and {dims.dtype}.")
        if len(index_shape) > 1 or len(dims_shape) != 1:
            raise ValueError(f"For '{self.name}', the 'indices' must be 0-D or 1-D and the 'dims' 1-D, but got "
                             f"shapes {index_shape} and {dims_shape}.")
        if isinstance(indices, Tensor) and isinstance(dims, Tensor) and not (indices.has_init or dims.has_init):
            size = math.prod(dims.tolist())
            values = indices.asnumpy()
            if values.size and (values.min() < 0 or values.max() >= size):
                raise ValueError(f"For '{self.name}', every value of 'indices' must be in [0, {size}), but got "
                                 f"{values.tolist()}.")
        return TensorSpec(dims_shape + index_shape, indices.dtype)


class SpaceToBatch(SpaceToBatchND):
    """SpaceToBatch(block_size, paddings)(input_x): SpaceToBatchND over the two spatial
    axes of an NCHW input_x, with one block size for both."""

    def __init__(self, block_size, paddings):
        check_int(type(self).__name__, "block_size", block_size, minimum=2)
        super().__init__((block_size, block_size), paddings)
        self.add_prim_attr("block_size", block_size)

    def infer(self, input_x):
        if len(_tensor_shape(self.name, "input_x", input_x)) != 4:
            raise ValueError(f"For '{self.name}', the 'input_x' must be 4-D, but got shape {tuple(input_x.shape)}.")
        return super().infer(input_x)


class BatchToSpace(BatchToSpaceND):
    """BatchToSpace(block_size, crops)(input_x): BatchToSpaceND over the two spatial axes
    of an NCHW input_x, with one block size for both."""

    def __init__(self, block_size, crops):
        check_int(type(self).__name__, "block_size", block_size, minimum=2)
        super().__init__((block_size, block_size), crops)
        self.add_prim_attr("block_size", block_size)

    def infer(self, input_x):
        if len(_tensor_shape(self.name, "input_x", input_x)) != 4:
            raise ValueError(f"For '{self.name}', the 'input_x' must be 4-D, but got shape {tuple(input_x.shape)}.")
        return super().infer(input_x)


class FillDiagonal(Primitive):
    """FillDiagonal(fill_value, wrap=False)(input_x): a copy of input_x (2-D, or of equal
    sizes on all axes) with `fill_value` on its main diagonal; with `wrap`, the diagonal of
    a tall matrix restarts after every cols + 1 rows (NumPy's fill_diagonal)."""

    def __init__(self, fill_value, wrap=False):
        super().__init__()
        self.add_prim_attr("fill_value", float(check_type(self.name, "fill_value", fill_value, (int, float))))
        self.add_prim_attr("wrap", check_bool(self.name, "wrap", wrap))

    def check(self, input_x):
        self.infer(input_x)

    def infer(self, input_x):
        shape = _tensor_shape(self.name, "input_x", input_x)
        _check_rank_at_least(self.name, "input_x", shape, 2)
        if len(shape) > 2 and len(set(shape)) > 1:
            raise ValueError(f"For '{self.name}', an 'input_x' of more than 2 dimensions must have the same size on "
                             f"all of them, but got shape {shape}.")
        return TensorSpec(shape, input_x.dtype)


class FillV2(Primitive):
    """FillV2()(shape, value): a tensor of `shape` (a tuple of ints or a 1-D Int32 / Int64
    Tensor) holding the 0-d Tensor `value` everywhere, of value's dtype."""

    def check(self, shape, value):
        self.infer(shape, value)  # the kernel would take a one-element value of any rank

    def infer(self, shape, value):
        shape = _size_tuple(self.name, "shape", shape)
        check_tensor(self.name, "value", value)
        if tuple(value.shape):
            raise ValueError(f"For '{self.name}', the 'value' must be a 0-d Tensor, but got shape "
                             f"{tuple(value.shape)}.")
        return TensorSpec(shape, value.dtype)


class ParallelConcat(Primitive):
    """ParallelConcat()(values): tensors of one shape and dtype (rank >= 1) joined along axis 0."""

    def check(self, values):
        self.infer(values)

    def infer(self, values):
        tensors = _tensor_sequence(self.name, "values", values)
        shapes = {tuple(t.shape) for t in tensors}
        if len(shapes) > 1:
            raise ValueError(f"For '{self.name}', all the 'values' must have the same shape, but got "
                             f"{[tuple(t.shape) for t in tensors]}.")
        shape = shapes.pop()
        _check_rank_at_least(self.name, "values[0]", shape, 1)
        return TensorSpec((shape[0] * len(tensors),) + shape[1:], tensors[0].dtype)


class MirrorPad(Primitive):
    """MirrorPad(mode='REFLECT')(input_x, paddings): input_x padded by mirroring its own
    values, paddings[i] = (before, after) for axis i (a (rank, 2) Tensor): 'REFLECT'
    mirrors around the edge element (at most size - 1 per side), 'SYMMETRIC' includes it
    (at most size)."""

    def __init__(self, mode="REFLECT"):
        super().__init__()
        self.add_prim_attr("mode", check_string(self.name, "mode", mode, ("REFLECT", "SYMMETRIC"),
                                                case_sensitive=True))

    def check(self, input_x, paddings):
        self.infer(input_x, paddings)

    def infer(self, input_x, paddings):
        shape = _tensor_shape(self.name, "input_x", input_x)
        pairs = _block_pairs(self.name, "paddings", paddings, len(shape))
        limit = 0 if self.mode == "SYMMETRIC" else 1
        for axis, (n, (before, after)) in enumerate(zip(shape, pairs)):
            if max(before, after) > n - limit:
                raise ValueError(f"For '{self.name}', in mode '{self.mode}' the paddings of axis {axis} must be at "
                                 f"most {n - limit}, but got {(before, after)}.")
        return TensorSpec(tuple(n + a + b for n, (a, b) in zip(shape, pairs)), input_x.dtype)


class Padding(Primitive):
    """Padding(pad_dim_size=8)(x): x (last axis of size 1) with zeros appended to the last
    axis up to size pad_dim_size."""

    def __init__(self, pad_dim_size=8):
        super().__init__()
        self.add_prim_attr("pad_dim_size", check_positive_int(self.name, "pad_dim_size", pad_dim_size))

    def check(self, x):
        self.infer(x)

    def infer(self, x):
        shape = _tensor_shape(self.name, "x", x)
        _check_rank_at_least(self.name, "x", shape, 2)
        if shape[-1] != 1:
            raise ValueError(f"For '{self.name}', the last dimension of 'x' must be 1, but got shape {shape}.")
        return TensorSpec(shape[:-1] + (self.pad_dim_size,), x.dtype)


class TensorShape(Primitive):
    """TensorShape()(input_x): the shape of input_x as a 1-D Int64 Tensor."""

    def infer(self, input_x):
        return TensorSpec((len(_tensor_shape(self.name, "input_x", input_x)),), mstype.int64)


class IdentityN(Primitive):
    """IdentityN()(x): copies of the tensors of the tuple / list x, as a tuple."""

    def check(self, x):
        self.infer(x)

    def infer(self, x):
        tensors = x if isinstance(x, (tuple, list)) else None
        if not tensors:
            raise TypeError(f"For '{self.name}', the 'x' must be a non-empty tuple or list of Tensors, but got "
                            f"{type(x).__name__}.")
        for i, t in enumerate(tensors):
            check_tensor(self.name, f"x[{i}]", t)
        return tuple(TensorSpec(tuple(t.shape), t.dtype) for t in tensors)


class TupleToArray(Primitive):
    """TupleToArray()(input_x): a 1-D Tensor of the numbers of a non-empty tuple, Float32 if
    any is a float, else Int32."""

    def check(self, input_x):
        self.infer(input_x)

    def infer(self, input_x):
        if not (isinstance(input_x, (tuple, list)) and input_x
                and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in input_x)):
            raise TypeError(f"For '{self.name}', the 'input_x' must be a non-empty tuple of numbers, but got "
                            f"{input_x!r}.")
        dtype = mstype.float32 if any(isinstance(v, float) for v in input_x) else mstype.int32
        return TensorSpec((len(input_x),), dtype)


class ScalarToTensor(Primitive):
    """ScalarToTensor()(input_x, dtype=mindspore.float32): a 0-d Tensor of `dtype` holding
    the Python number input_x."""

    def check(self, input_x, dtype=mstype.float32):
        self.infer(input_x, dtype)

    def infer(self, input_x, dtype=mstype.float32):
        check_type(self.name, "input_x", input_x, (bool, int, float))
        return TensorSpec((), _check_dtype_arg(self.name, "dtype", dtype))


ScalarToArray = ScalarToTensor
"""MindSpore 2.x keeps ScalarToArray as a deprecated name of ScalarToTensor."""


_SCALAR_CAST_TYPES = {mstype.int64: int, mstype.float64: float, mstype.bool_: bool}


class ScalarCast(Primitive):
    """ScalarCast()(input_x, input_y): the Python number input_x converted to the type
    input_y names (mindspore.int64, mindspore.float64 or mindspore.bool_), as a Python
    value."""

    def check(self, input_x, input_y):
        self.infer(input_x, input_y)

    def infer(self, input_x, input_y):
        check_type(self.name, "input_x", input_x, (bool, int, float))
        if input_y not in _SCALAR_CAST_TYPES:
            raise ValueError(f"For '{self.name}', the 'input_y' must be mindspore.int64, mindspore.float64 or "
                             f"mindspore.bool_, but got {input_y!r}.")
        return _SCALAR_CAST_TYPES[input_y](input_x)


class RaggedRange(Primitive):
    """RaggedRange(Tsplits)(starts, limits, deltas) -> (rt_nested_splits, rt_dense_values):
    the ranges [starts[i], limits[i]) by deltas[i] (1-D Tensors of one numeric dtype, or 0-d
    ones broadcast) concatenated, and the offsets where each range starts and the last ends
    (Tsplits: Int32 or Int64)."""

    def __init__(self, Tsplits):
        super().__init__()
        if Tsplits not in (mstype.int32, mstype.int64):
            raise TypeError(f"For '{self.name}', the 'Tsplits' must be mindspore.int32 or mindspore.int64, but got "
                            f"{Tsplits!r}.")
        self.add_prim_attr("Tsplits", Tsplits)

    def check(self, starts, limits, deltas):
        self.infer(starts, limits, deltas)

    def infer(self, starts, limits, deltas):
        names = ("starts", "limits", "deltas")
        shapes = [_tensor_shape(self.name, n, v) for n, v in zip(names, (starts, limits, deltas))]
        check_same_dtype(self.name, names, [starts.dtype, limits.dtype, deltas.dtype])
        if any(len(s) > 1 for s in shapes) or len({s for s in shapes if s}) > 1:
            raise ValueError(f"For '{self.name}', 'starts', 'limits' and 'deltas' must be 0-d or 1-D of one length, "
                             f"but got shapes {shapes}.")
        count = max((s[0] for s in shapes if s), default=1)
        values = [v.asnumpy() if isinstance(v, Tensor) and not v.has_init else None for v in (starts, limits, deltas)]
        total = -1
        if all(v is not None for v in values):
            if (np.broadcast_to(values[2], (count,)) == 0).any():
                raise ValueError(f"For '{self.name}', every value of 'deltas' must be nonzero.")
            lengths = np.ceil((values[1] - values[0]) / values[2]).clip(min=0)
            total = int(np.broadcast_to(lengths, (count,)).sum())
        return TensorSpec((count + 1,), self.Tsplits), TensorSpec((total,), starts.dtype)


class TransposeExtView(Primitive):
    """TransposeExtView()(input, dim0, dim1): input with axes dim0 and dim1 exchanged."""

    def infer(self, input, dim0, dim1):
        shape = list(_tensor_shape(self.name, "input", input))
        a = check_axis(self.name, dim0, len(shape), "dim0")
        b = check_axis(self.name, dim1, len(shape), "dim1")
        shape[a], shape[b] = shape[b], shape[a]
        return TensorSpec(tuple(shape), input.dtype)


class _DataFormatOp(Primitive):
    """(input_x): an Int32 / Int64 Tensor of axis numbers or sizes read in `src_format`
    ('NHWC', 'NCHW', ...) and given in `dst_format` (the same letters reordered)."""

    def __init__(self, src_format="NHWC", dst_format="NCHW"):
        super().__init__()
        check_type(self.name, "src_format", src_format, str)
        check_type(self.name, "dst_format", dst_format, str)
        if sorted(src_format) != sorted(dst_format) or len(set(src_format)) != len(src_format):
            raise ValueError(f"For '{self.name}', the 'dst_format' must reorder the distinct letters of "
                             f"'src_format', but got {src_format!r} and {dst_format!r}.")
        self.add_prim_attrs(src_format=src_format, dst_format=dst_format)

    def check(self, input_x):
        self.infer(input_x)

    def _check_input(self, input_x) -> tuple:
        shape = _tensor_shape(self.name, "input_x", input_x)
        if input_x.dtype not in (mstype.int32, mstype.int64):
            raise TypeError(f"For '{self.name}', the dtype of 'input_x' must be Int32 or Int64, but got "
                            f"{input_x.dtype}.")
        return shape


class DataFormatDimMap(_DataFormatOp):
    """DataFormatDimMap(src_format='NHWC', dst_format='NCHW')(input_x): for each axis number
    x (in [-rank, rank)), the src_format position of the axis dst_format has at x."""

    def infer(self, input_x):
        return TensorSpec(self._check_input(input_x), input_x.dtype)


class DataFormatVecPermute(_DataFormatOp):
    """DataFormatVecPermute(src_format='NHWC', dst_format='NCHW')(input_x): a vector of rank
    sizes (shape (rank,) or (rank, 2)) reordered from src_format to dst_format."""

    def infer(self, input_x):
        shape = self._check_input(input_x)
        if shape not in ((len(self.src_format),), (len(self.src_format), 2)):
            raise ValueError(f"For '{self.name}', the 'input_x' must have shape ({len(self.src_format)},) or "
                             f"({len(self.src_format)}, 2), but got {shape}.")
        return TensorSpec(shape, input_x.dtype)


Pack = Stack
"""MindSpore 1.x's name of Stack."""

Unpack = Unstack
"""MindSpore 1.x's name of Unstack."""

TransposeView = Transpose
"""Transpose under the name of MindSpore's view variant (spore's kernels return views where torch gives them)."""


# ---- creation -----------------------------------------------------------------------------------
class Fill(Primitive):
    """Fill()(dtype, shape, value): a tensor of `shape` and `dtype` holding `value` (a number
    or a one-element Tensor) everywhere."""

    def infer(self, dtype, shape, value):
        _check_dtype_arg(self.name, "dtype", dtype)
        shape = _size_tuple(self.name, "shape", shape)
        _check_scalar(self.name, "value", value)
        return TensorSpec(shape, dtype)


class _FilledTensor(Primitive):
    """(size, dtype=None): a tensor of shape `size` (an int, tuple, list or 1-D Tensor),
    of `dtype` (Float32 when None)."""

    def infer(self, size, dtype=None):
        shape = _size_tuple(self.name, "size", size)
        return TensorSpec(shape, mstype.float32 if dtype is None else _check_dtype_arg(self.name, "dtype", dtype))


class Zeros(_FilledTensor):
    """Zeros()(size, dtype=None): zeros of shape `size`."""


class Ones(_FilledTensor):
    """Ones()(size, dtype=None): ones of shape `size`."""


class ZerosLike(Primitive):
    """ZerosLike()(x): zeros of the shape and dtype of `x`."""

    def infer(self, x):
        return TensorSpec(_tensor_shape(self.name, "x", x), x.dtype)


class OnesLike(Primitive):
    """OnesLike()(x): ones of the shape and dtype of `x`."""

    def infer(self, x):
        return TensorSpec(_tensor_shape(self.name, "x", x), x.dtype)


def _range_kind(op: str, arg: str, value) -> str:
    """'int' or 'float': the kind of a Range bound given as a number or one-value Tensor."""
    if _is_tensor(value):
        if value.dtype.kind not in (mstype.Number.KIND_INT, mstype.Number.KIND_FLOAT) or value.dtype is mstype.bool_:
            raise TypeError(f"For '{op}', the '{arg}' must be an int or float Tensor, but got {value.dtype}.")
        return "float" if value.dtype.is_floating_point else "int"
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"For '{op}', the '{arg}' must be an int, a float or a Tensor, but got "
                        f"{type(value).__name__}.")
    return "float" if isinstance(value, float) else "int"


class Range(Primitive):
    """Range(maxlen=1000000)(start, limit, delta): [start, limit) by steps of `delta`.
    The three are ints (Int64 output) or floats (Float32 output), as numbers or one-value
    Tensors. `maxlen` is recorded only: like MindSpore's PyNative mode, no limit is applied."""

    def __init__(self, maxlen=1000000):
        super().__init__()
        self.add_prim_attr("maxlen", check_positive_int(self.name, "maxlen", maxlen))

    def check(self, start, limit, delta):
        # torch picks a dtype for mixed ints and floats; MindSpore refuses them.
        self.infer(start, limit, delta)

    def infer(self, start, limit, delta):
        names = ("start", "limit", "delta")
        kinds = {_range_kind(self.name, n, v) for n, v in zip(names, (start, limit, delta))}
        if len(kinds) > 1:
            raise TypeError(f"For '{self.name}', 'start', 'limit' and 'delta' must be all ints or all floats, "
                            f"but got {start!r}, {limit!r} and {delta!r}.")
        start, limit, delta = (_scalar(self.name, n, v) for n, v in zip(names, (start, limit, delta)))
        if delta == 0:
            raise ValueError(f"For '{self.name}', the 'delta' must not be 0.")
        if (limit - start) * delta < 0:
            raise ValueError(f"For '{self.name}', the sign of 'delta' {delta} must lead from 'start' {start} "
                             f"to 'limit' {limit}.")
        length = max(math.ceil((limit - start) / delta), 0)
        return TensorSpec((length,), mstype.int64 if kinds == {"int"} else mstype.float32)


class LinSpace(Primitive):
    """LinSpace()(start, stop, num): `num` evenly spaced values from `start` to `stop`
    inclusive. start and stop are 0-d Float32 / Float64 Tensors of one dtype (Python
    numbers count as Float32); `num` is a positive int."""

    def check(self, start, stop, num):
        # torch.linspace accepts integer dtypes that MindSpore rejects.
        self.infer(start, stop, num)

    def infer(self, start, stop, num):
        dtypes = [self._bound_dtype(n, v) for n, v in (("start", start), ("stop", stop))]
        tensor_dtypes = [d for d, v in zip(dtypes, (start, stop)) if _is_tensor(v)]
        if len(set(tensor_dtypes)) > 1:
            raise TypeError(f"For '{self.name}', 'start' and 'stop' must have the same dtype, but got "
                            f"{tensor_dtypes[0]} and {tensor_dtypes[1]}.")
        num = _scalar(self.name, "num", num)
        check_positive_int(self.name, "num", num)
        return TensorSpec((num,), tensor_dtypes[0] if tensor_dtypes else mstype.float32)

    def _bound_dtype(self, arg: str, value) -> mstype.Number:
        if not _is_tensor(value):
            check_type(self.name, arg, value, (int, float))
            return mstype.float32
        if value.shape != ():
            raise ValueError(f"For '{self.name}', the '{arg}' must be a 0-d Tensor, but got shape {value.shape}.")
        if value.dtype not in (mstype.float32, mstype.float64):
            raise TypeError(f"For '{self.name}', the dtype of '{arg}' must be Float32 or Float64, but got "
                            f"{value.dtype}.")
        return value.dtype


class Eye(Primitive):
    """Eye()(n, m, dtype): an n x m tensor with ones on the main diagonal."""

    def infer(self, n, m, dtype):
        check_non_negative_int(self.name, "n", n)
        check_non_negative_int(self.name, "m", m)
        return TensorSpec((n, m), _check_dtype_arg(self.name, "dtype", dtype))


_ONE_HOT_INDEX_DTYPES = (mstype.int32, mstype.int64)


class OneHot(Primitive):
    """OneHot(axis=-1)(indices, depth, on_value, off_value): a new axis of size `depth` at
    `axis` holding `on_value` where it equals the index and `off_value` elsewhere (also
    for indices outside [0, depth)). The output has on_value's dtype."""

    def __init__(self, axis=-1):
        super().__init__()
        self.add_prim_attr("axis", check_int(self.name, "axis", axis, minimum=-1))

    def check(self, indices, depth, on_value, off_value):
        # torch compares indices of any dtype and promotes mixed on / off values.
        if (getattr(indices, "dtype", None) not in _ONE_HOT_INDEX_DTYPES
                or getattr(on_value, "dtype", None) is not getattr(off_value, "dtype", None)):
            self.infer(indices, depth, on_value, off_value)

    def infer(self, indices, depth, on_value, off_value):
        shape = _tensor_shape(self.name, "indices", indices)
        if indices.dtype not in _ONE_HOT_INDEX_DTYPES:
            raise TypeError(f"For '{self.name}', the dtype of 'indices' must be Int32 or Int64, but got "
                            f"{indices.dtype}.")
        check_int(self.name, "axis", self.axis, -1, len(shape))
        depth = check_non_negative_int(self.name, "depth", _scalar(self.name, "depth", depth))
        dtypes = [self._value_dtype(n, v) for n, v in (("on_value", on_value), ("off_value", off_value))]
        check_same_dtype(self.name, ("on_value", "off_value"), dtypes)
        axis = len(shape) if self.axis == -1 else self.axis
        return TensorSpec(shape[:axis] + (depth,) + shape[axis:], dtypes[0])

    def _value_dtype(self, arg: str, value) -> mstype.Number:
        if _is_tensor(value):
            _check_scalar(self.name, arg, value)
            return value.dtype
        return mstype.default_dtype_of(check_type(self.name, arg, value, (int, float)))


# ---- metadata ------------------------------------------------------------------------------------
class Shape(Primitive):
    """Shape()(x): the shape of `x` as a tuple of ints."""

    def infer(self, x):
        return _tensor_shape(self.name, "x", x)


class Rank(Primitive):
    """Rank()(x): the number of axes of `x`, an int."""

    def infer(self, x):
        return len(_tensor_shape(self.name, "x", x))


class Size(Primitive):
    """Size()(x): the number of elements of `x`, an int."""

    def infer(self, x):
        return math.prod(_tensor_shape(self.name, "x", x))


class DType(Primitive):
    """DType()(x): the dtype of `x` (mindspore.float32, ...)."""

    def infer(self, x):
        check_tensor(self.name, "x", x)
        return x.dtype


# ---- gradients of array primitives ----------------------------------------------------------------
class PadV3Grad(PadV3):
    """PadV3Grad(mode='reflect', paddings_contiguous=True)(x, paddings): the gradient of
    PadV3 in mode 'reflect', 'edge' or 'circular'. `x` is the gradient of PadV3's output
    for these `paddings`; each of its elements is added to the input element it was copied
    from, giving a tensor of PadV3's input shape. The padding rules are PadV3's."""

    def __init__(self, mode="reflect", paddings_contiguous=True):
        Primitive.__init__(self)
        check_type(self.name, "mode", mode, str)
        self.add_prim_attr("mode", check_string(self.name, "mode", mode, _PAD_V3_MODES[1:], case_sensitive=True))
        self.add_prim_attr("paddings_contiguous", check_bool(self.name, "paddings_contiguous",
                                                             paddings_contiguous))

    def check(self, x, paddings):
        # The kernel pads an index grid of the padded axes only, whatever the rank and dtype of x.
        if len(getattr(x, "shape", ())) - len(paddings) // 2 not in (1, 2) or getattr(x, "dtype", None) is mstype.bool_:
            self.infer(x, paddings)

    def infer(self, x, paddings):
        shape = _tensor_shape(self.name, "x", x)
        _check_rank_at_least(self.name, "x", shape, 1)
        pads = self._pairs(paddings, len(shape))
        original = _padded_shape(shape, pads, sign=-1)
        if any(d < 1 for d in original):
            raise ValueError(f"For '{self.name}', 'x' of shape {shape} can not be the gradient of a PadV3 output "
                             f"with paddings {pads}: the input would have shape {original}.")
        self._check_mode_padding(original, pads, x.dtype)
        return TensorSpec(original, x.dtype)


class RepeatInterleaveGrad(Primitive):
    """RepeatInterleaveGrad()(input, repeats, dim): the gradient of RepeatInterleaveInt /
    RepeatInterleaveTensor along `dim`. `input` is the gradient of the repeated tensor;
    each run of copies of one element is summed back into that element. `repeats` is one
    positive count for every element (an int, or a one-value sequence or Tensor), or one
    count per element (a 1-D Tensor, tuple or list)."""

    def infer(self, input, repeats, dim):
        shape = _tensor_shape(self.name, "input", input)
        _check_rank_at_least(self.name, "input", shape, 1)
        axis = check_axis(self.name, check_type(self.name, "dim", dim, int), len(shape), "dim")
        counts = _int_or_tuple(self.name, "repeats", repeats, tensor_ok=True)
        if any(c < 0 for c in counts):
            raise ValueError(f"For '{self.name}', every value of 'repeats' must be non-negative, but got {counts}.")
        size = shape[axis]
        if len(counts) == 1:
            if counts[0] == 0 or size % counts[0]:
                raise ValueError(f"For '{self.name}', a single repeat count must be positive and divide the size "
                                 f"of axis {axis} of 'input' {shape}, but got {counts[0]}.")
            size //= counts[0]
        elif sum(counts) == size:
            size = len(counts)
        else:
            raise ValueError(f"For '{self.name}', the 'repeats' {counts} must add up to the size of axis {axis} "
                             f"of 'input' {shape}.")
        return TensorSpec(shape[:axis] + (size,) + shape[axis + 1:], input.dtype)
