"""Functional API of the array primitives (`ops.reshape`, `ops.concat`, `ops.zeros`, ...)
and the Tensor methods that reshape, combine and cast (`x.reshape(2, -1)`, `x.astype(...)`).

Functions whose primitive takes attributes from the call (`ops.concat(xs, axis)`) share
one cached Primitive per distinct attribute values (`_prim`).
"""
from __future__ import annotations

import builtins
import functools
import math
import numbers

import numpy as np

from ...common import dtype as mstype
from ...common.tensor import Tensor
from ..operations import array_ops as A
from ..operations.math_ops import Less, Pow
from ..operations.other_ops import Identity
from ..operations.scatter_ops import UnsortedSegmentSum
from ..operations.selection_ops import Gather, Slice
from ..validator import check_axes, check_axis, check_positive_int, check_string, check_tensor, check_type
from . import _mindspore_paths
from .inplace import rebind
from .keyword_alias import either_keyword

__all__ = [
    "reshape", "reshape_", "transpose", "permute", "expand_dims", "unsqueeze", "squeeze", "flatten",
    "broadcast_to", "tile", "movedim", "swapaxes", "moveaxis", "swapdims", "t", "ravel",
    "expand", "expand_as", "view_as", "atleast_1d", "atleast_2d", "atleast_3d",
    "concat", "cat", "stack", "unstack", "unbind", "split", "chunk", "chunk_ext", "meshgrid",
    "hstack", "vstack", "dstack", "column_stack", "row_stack", "block_diag", "cartesian_prod",
    "tensor_split", "hsplit", "vsplit", "dsplit",
    "pad", "flip", "fliplr", "flipud", "reverse", "rot90", "roll", "repeat_interleave", "repeat_elements",
    "vander",
    "tril", "triu", "tril_indices", "triu_indices", "diag", "diagonal", "diag_embed", "diagflat",
    "diagonal_scatter", "reverse_sequence", "space_to_batch_nd", "batch_to_space_nd", "unfold", "fold",
    "mirror_pad", "padding",
    "cast", "type_as",
    "fill", "full", "full_like", "zeros", "ones", "zeros_like", "ones_like", "arange", "range",
    "linspace", "eye", "one_hot", "tensor_range", "sequence_mask",
    "shape", "rank", "size", "dtype", "numel", "is_nonzero",
]

_reshape, _transpose, _expand_dims, _flatten, _tile = A.Reshape(), A.Transpose(), A.ExpandDims(), A.Flatten(), A.Tile()
_repeat_int, _repeat_tensor = A.RepeatInterleaveInt(), A.RepeatInterleaveTensor()
_cast, _identity = A.Cast(), Identity()
_fill, _zeros, _ones, _zeros_like, _ones_like = A.Fill(), A.Zeros(), A.Ones(), A.ZerosLike(), A.OnesLike()
_range, _linspace, _eye = A.Range(), A.LinSpace(), A.Eye()
_shape, _rank, _size, _dtype = A.Shape(), A.Rank(), A.Size(), A.DType()
_pow, _less, _slice, _diag = Pow(), Less(), Slice(), A.Diag()
_segment_sum = UnsortedSegmentSum()


@functools.lru_cache(maxsize=512)
def _prim(cls, *attrs):
    """The Primitive `cls(*attrs)`, built once per distinct attribute values."""
    return cls(*attrs)


def _gather(input, index, axis: int):
    return _prim(Gather, 0)(input, index, axis)


def _key(value):
    """A list attribute as a tuple, so that it can key `_prim`'s cache."""
    return tuple(value) if isinstance(value, list) else value


def _is_int(value) -> bool:
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def _is_tensor(value) -> bool:
    return hasattr(value, "shape") and hasattr(value, "dtype") and not isinstance(value, type)


def _axis(op: str, input, axis) -> int:
    """`axis` of a Tensor of rank >= 1, made non-negative."""
    check_tensor(op, "input", input)
    if not input.shape:
        raise ValueError(f"For '{op}', the 'input' must have at least 1 dimension, but got a 0-d Tensor.")
    return check_axis(op, axis, len(input.shape))


def _swapped(ndim: int, axis0: int, axis1: int) -> tuple[int, ...]:
    perm = list(builtins.range(ndim))  # ops.range shadows the builtin in this module
    if perm:
        perm[axis0], perm[axis1] = perm[axis1], perm[axis0]
    return tuple(perm)


# ---- shapes -----------------------------------------------------------------------------------
def reshape(input, shape):
    """`input` in `shape` (a tuple / list of ints or 1-D Tensor; one -1 is inferred)."""
    return _reshape(input, shape)


def reshape_(input, shape):
    """Same as reshape(input, shape)."""
    return _reshape(input, shape)


def transpose(input, input_perm):
    """`input` with its axes permuted: output axis i is input axis input_perm[i]."""
    return _transpose(input, input_perm)


def permute(input, axis):
    """Same as transpose(input, axis)."""
    return _transpose(input, axis)


def expand_dims(input_x, axis):
    """`input_x` with a size-1 axis inserted at `axis`."""
    return _expand_dims(input_x, axis)


def unsqueeze(input, dim):
    """`input` with a size-1 axis inserted at `dim`."""
    return _expand_dims(input, dim)


def squeeze(input, axis=None):
    """`input` without its size-1 axes (None: all of them; else those of `axis` that have size 1)."""
    return _prim(A.Squeeze, () if axis is None else _key(axis))(input)


def flatten(input, order="C", *, start_dim=1, end_dim=-1):
    """Axes start_dim..end_dim of `input` merged into one. order='F' reverses the axes first
    (column-major order); a 0-d or 1-D input gives a 1-D result."""
    check_tensor("flatten", "input", input)
    check_type("flatten", "order", order, str)
    order = check_string("flatten", "order", order, ("C", "F"), case_sensitive=True)
    check_type("flatten", "start_dim", start_dim, int)
    check_type("flatten", "end_dim", end_dim, int)
    if order == "F":
        input = _transpose(input, tuple(reversed(builtins.range(input.ndim))))
    shape = input.shape
    if len(shape) <= 1:
        return _reshape(input, (-1,))
    start = check_axis("flatten", start_dim, len(shape), "start_dim")
    end = check_axis("flatten", end_dim, len(shape), "end_dim")
    if start > end:
        raise ValueError(f"For 'flatten', the 'start_dim' {start_dim} must not come after the 'end_dim' {end_dim}.")
    if (start, end) == (1, len(shape) - 1):
        return _flatten(input)
    if start == end:
        return input
    return _reshape(input, shape[:start] + (math.prod(shape[start:end + 1]),) + shape[end + 1:])


def broadcast_to(input, shape):
    """`input` broadcast to `shape`; a -1 keeps the input's size on that axis."""
    return _prim(A.BroadcastTo, _key(shape))(input)


def tile(input, dims):
    """`input` repeated dims[i] times along axis i."""
    return _tile(input, dims)


def movedim(x, source, destination):
    """`x` with axes `source` moved to positions `destination` (ints or tuples); the other
    axes keep their order."""
    check_tensor("movedim", "x", x)
    ndim = x.ndim
    sources = check_axes("movedim", source, ndim, "source")
    targets = check_axes("movedim", destination, ndim, "destination")
    if len(sources) != len(targets):
        raise ValueError(f"For 'movedim', 'source' and 'destination' must have the same number of axes, "
                         f"but got {source} and {destination}.")
    rest = iter(a for a in builtins.range(ndim) if a not in sources)
    placed = dict(zip(targets, sources))
    return _transpose(x, tuple(placed[i] if i in placed else next(rest) for i in builtins.range(ndim)))


def swapaxes(input, axis0, axis1):
    """`input` with axes `axis0` and `axis1` exchanged."""
    check_tensor("swapaxes", "input", input)
    ndim = input.ndim
    a = check_axis("swapaxes", axis0, ndim, "axis0")
    b = check_axis("swapaxes", axis1, ndim, "axis1")
    return _transpose(input, _swapped(ndim, a, b))

def moveaxis(x, source, destination):
    """Same as movedim(x, source, destination)."""
    return movedim(x, source, destination)


def swapdims(input, dim0, dim1):
    """`input` with axes `dim0` and `dim1` exchanged."""
    check_tensor("swapdims", "input", input)
    ndim = input.ndim
    a = check_axis("swapdims", dim0, ndim, "dim0")
    b = check_axis("swapdims", dim1, ndim, "dim1")
    return _transpose(input, _swapped(ndim, a, b))


def t(input):
    """The transpose of a 2-D `input`; a 0-d or 1-D `input` comes back as it is."""
    check_tensor("t", "input", input)
    if input.ndim > 2:
        raise ValueError(f"For 't', the 'input' must have at most 2 dimensions, but got {input.ndim}.")
    return _transpose(input, (1, 0)) if input.ndim == 2 else input


def ravel(input):
    """`input` flattened to 1-D in row-major order."""
    check_tensor("ravel", "input", input)
    return _reshape(input, (-1,))


def expand(input_x, size):
    """`input_x` broadcast to `size` (a 1-D integer Tensor, or a tuple / list of ints)."""
    check_tensor("expand", "input_x", input_x)
    if _is_tensor(size):
        if size.ndim != 1 or size.dtype not in mstype.int_type:
            raise TypeError(f"For 'expand', the 'size' must be a 1-D integer Tensor, but got a {size.ndim}-D "
                            f"{size.dtype} Tensor.")
        size = size.tolist()
    return broadcast_to(input_x, tuple(_int_tuple_arg("expand", "size", size)))


def expand_as(input, other):
    """`input` broadcast to the shape of the Tensor `other`."""
    check_tensor("expand_as", "other", other)
    return broadcast_to(input, other.shape)


def view_as(input, other):
    """`input` reshaped to the shape of the Tensor `other`."""
    check_tensor("view_as", "other", other)
    return _reshape(input, other.shape)


def _int_tuple_arg(op: str, arg: str, value) -> tuple:
    if isinstance(value, (tuple, list)) and all(_is_int(v) for v in value):
        return tuple(value)
    raise TypeError(f"For '{op}', the '{arg}' must be a tuple or list of ints, but got {value!r}.")


def _at_least(op: str, rank: int, inputs):
    """`inputs` (one Tensor, or a tuple / list of them) with each Tensor of lower rank
    given leading size-1 axes (atleast_3d puts a 1-D (N,) at (1, N, 1) and a 2-D (M, N)
    at (M, N, 1), as NumPy does)."""
    def lifted(x):
        check_tensor(op, "inputs", x)
        shape = tuple(x.shape)
        if len(shape) >= rank:
            return x
        if rank == 3 and len(shape) == 2:
            return _reshape(x, shape + (1,))
        if rank == 3 and len(shape) == 1:
            return _reshape(x, (1,) + shape + (1,))
        return _reshape(x, (1,) * (rank - len(shape)) + shape)
    if isinstance(inputs, (tuple, list)):
        return tuple(lifted(x) for x in inputs)
    return lifted(inputs)


def atleast_1d(inputs):
    """Each Tensor of `inputs` with at least 1 axis (a single Tensor gives a Tensor, a
    sequence a tuple)."""
    return _at_least("atleast_1d", 1, inputs)


def atleast_2d(inputs):
    """Each Tensor of `inputs` with at least 2 axes (leading size-1 axes added)."""
    return _at_least("atleast_2d", 2, inputs)


def atleast_3d(inputs):
    """Each Tensor of `inputs` with at least 3 axes: (N,) -> (1, N, 1), (M, N) -> (M, N, 1)."""
    return _at_least("atleast_3d", 3, inputs)


# ---- joining and splitting --------------------------------------------------------------------
def concat(tensors, axis=0):
    """`tensors` (one dtype and rank) joined along `axis`."""
    return _prim(A.Concat, axis)(tensors)


def cat(tensors, axis=0):
    """Same as concat(tensors, axis)."""
    return _prim(A.Concat, axis)(tensors)


def stack(tensors, axis=0):
    """`tensors` (one shape and dtype) stacked along a new axis `axis`."""
    return _prim(A.Stack, axis)(tensors)


def unstack(input_x, axis=0):
    """The slices of `input_x` along `axis`, as a tuple."""
    return _prim(A.Unstack, axis)(input_x)


def unbind(input, dim=0):
    """The slices of `input` along `dim`, as a tuple."""
    return _prim(A.Unstack, dim)(input)


def _split_into(tensor, sizes: tuple, axis: int):
    return _prim(A.SplitV, sizes, axis, len(sizes))(tensor)


def _split_by_step(tensor, step: int, axis: int):
    length = tensor.shape[axis]
    sizes = (step,) * (length // step) + ((length % step,) if length % step else ())
    return _split_into(tensor, sizes or (0,), axis)


def split(tensor, split_size_or_sections, axis=0):
    """Parts of `tensor` along `axis`, as a tuple: of `split_size_or_sections` elements each
    if it is an int (the last part may be smaller), else of the listed sizes."""
    axis = _axis("split", tensor, axis)
    if isinstance(split_size_or_sections, (tuple, list)):
        sizes = tuple(split_size_or_sections)
        if any(_is_int(s) and s < 0 for s in sizes):
            raise ValueError(f"For 'split', every size in 'split_size_or_sections' must be non-negative, "
                             f"but got {sizes}.")
        return _split_into(tensor, sizes, axis)
    return _split_by_step(tensor, check_positive_int("split", "split_size_or_sections", split_size_or_sections),
                          axis)


def chunk(input, chunks, axis=0):
    """`input` cut along `axis` into at most `chunks` parts of ceil(size / chunks) elements
    (the last may be smaller, and fewer parts may come out)."""
    axis = _axis("chunk", input, axis)
    chunks = check_positive_int("chunk", "chunks", chunks)
    return _split_by_step(input, max(-(-input.shape[axis] // chunks), 1), axis)


def meshgrid(*inputs, indexing="xy"):
    """Coordinate grids from 1-D tensors ('xy': Cartesian, 'ij': matrix indexing)."""
    return _prim(A.Meshgrid, indexing)(inputs)


def chunk_ext(input, chunks, dim=0):
    """Same as chunk(input, chunks, dim)."""
    return chunk(input, chunks, dim)


def _promoted(op: str, tensors) -> list:
    """A tuple / list of Tensors, cast to the dtype they promote to (MindSpore's stacking
    functions accept mixed dtypes where Concat does not)."""
    if not isinstance(tensors, (tuple, list)):
        raise TypeError(f"For '{op}', the 'tensors' must be a tuple or list of Tensors, but got "
                        f"{type(tensors).__name__}.")
    if not tensors:
        raise ValueError(f"For '{op}', the 'tensors' must hold at least one Tensor, but got none.")
    for i, x in enumerate(tensors):
        check_tensor(op, f"tensors[{i}]", x)
    target = functools.reduce(mstype.promote_types, (x.dtype for x in tensors))
    return [x if x.dtype is target else _cast(x, target) for x in tensors]


def hstack(tensors):
    """`tensors` joined along axis 1 (axis 0 for 1-D tensors); dtypes are promoted."""
    tensors = _at_least("hstack", 1, _promoted("hstack", tensors))
    return concat(tensors, 0 if tensors[0].ndim == 1 else 1)


def vstack(tensors):
    """`tensors` (1-D ones as rows) joined along axis 0; dtypes are promoted."""
    return concat(_at_least("vstack", 2, _promoted("vstack", tensors)), 0)


def row_stack(tensors):
    """Same as vstack(tensors)."""
    return concat(_at_least("row_stack", 2, _promoted("row_stack", tensors)), 0)


def dstack(tensors):
    """`tensors` joined along axis 2 after atleast_3d; dtypes are promoted."""
    return concat(_at_least("dstack", 3, _promoted("dstack", tensors)), 2)


def column_stack(tensors):
    """`tensors` as columns: 0-d and 1-D tensors become (N, 1) columns, then all are
    joined along axis 1; dtypes are promoted."""
    columns = [_reshape(x, (-1, 1)) if x.ndim < 2 else x for x in _promoted("column_stack", tensors)]
    return concat(columns, 1)


def block_diag(*inputs):
    """The tensors of `inputs` (0-d, 1-D or 2-D; a 1-D (N,) counts as (1, N)) on the
    diagonal of a zero matrix; dtypes are promoted."""
    blocks = []
    for x in _promoted("block_diag", inputs):
        if x.ndim > 2:
            raise ValueError(f"For 'block_diag', every input must have at most 2 dimensions, but got {x.ndim}.")
        blocks.append(_at_least("block_diag", 2, x))
    width = sum(b.shape[1] for b in blocks)
    rows, left = [], 0
    for b in blocks:
        right = width - left - b.shape[1]
        rows.append(_prim(A.PadV3, "constant")(b, (left, right, 0, 0), 0))
        left += b.shape[1]
    return concat(rows, 0)


def cartesian_prod(*inputs):
    """The Cartesian product of 1-D tensors: one row per combination, (prod(N_i), k)
    (a single input comes back as it is)."""
    for i, x in enumerate(inputs):
        check_tensor("cartesian_prod", f"inputs[{i}]", x)
        if x.ndim != 1:
            raise ValueError(f"For 'cartesian_prod', every input must be 1-D, but got {x.ndim}-D inputs[{i}].")
    if len(inputs) == 1:
        return inputs[0]
    grids = meshgrid(*inputs, indexing="ij")
    return stack([_reshape(g, (-1,)) for g in grids], 1)


def _slice_along(input, axis: int, start: int, stop: int):
    """input[..., start:stop, ...] on `axis` (an empty part when stop <= start)."""
    begin = [0] * input.ndim
    size = list(input.shape)
    begin[axis], size[axis] = start, max(stop - start, 0)
    return _slice(input, tuple(begin), tuple(size))


def _split_at(op: str, input, indices_or_sections, axis: int):
    """The parts of `input` along a valid, non-negative `axis`: `indices_or_sections`
    equal-as-possible parts if an int (the first ones one larger), else the parts between
    the listed indices (Python slice rules: negative counts from the end, clipped)."""
    length = input.shape[axis]
    if _is_int(indices_or_sections):
        count = indices_or_sections
        if count <= 0:
            raise ValueError(f"For '{op}', the 'indices_or_sections' must be more than zero, but got {count}.")
        small, extra = divmod(length, count)
        return _split_into(input, (small + 1,) * extra + (small,) * (count - extra), axis)
    if not (isinstance(indices_or_sections, (tuple, list)) and all(_is_int(i) for i in indices_or_sections)):
        raise TypeError(f"For '{op}', the 'indices_or_sections' must be an int, or a tuple or list of ints, "
                        f"but got {indices_or_sections!r}.")
    bounds = [0] + [builtins.slice(i, None).indices(length)[0] for i in indices_or_sections] + [length]
    return tuple(_slice_along(input, axis, a, b) for a, b in zip(bounds, bounds[1:]))


def tensor_split(input, indices_or_sections, axis=0):
    """`input` cut along `axis`: into `indices_or_sections` parts of sizes differing by at
    most one if an int, else at the listed indices (like numpy.array_split)."""
    check_tensor("tensor_split", "input", input)
    return _split_at("tensor_split", input, indices_or_sections, _axis("tensor_split", input, axis))


def _split_min_rank(op: str, input, rank: int, axis: int, indices_or_sections):
    check_tensor(op, "input", input)
    if input.ndim < rank:
        raise ValueError(f"For '{op}', the 'input' must have at least {rank} dimensions, but got {input.ndim}.")
    if _is_int(indices_or_sections) and indices_or_sections > 0 and input.shape[axis] % indices_or_sections:
        raise ValueError(f"For '{op}', the size {input.shape[axis]} of axis {axis} must be divisible by "
                         f"'indices_or_sections' {indices_or_sections}.")
    return _split_at(op, input, indices_or_sections, axis)


def hsplit(input, indices_or_sections):
    """tensor_split along axis 1 (equal parts when an int)."""
    return _split_min_rank("hsplit", input, 2, 1, indices_or_sections)


def vsplit(input, indices_or_sections):
    """tensor_split along axis 0 (equal parts when an int)."""
    return _split_min_rank("vsplit", input, 2, 0, indices_or_sections)


def dsplit(input, indices_or_sections):
    """tensor_split along axis 2 (equal parts when an int)."""
    return _split_min_rank("dsplit", input, 3, 2, indices_or_sections)


# ---- padding and reordering -------------------------------------------------------------------
_PAD_MODES = {"constant": "constant", "reflect": "reflect", "replicate": "edge", "edge": "edge",
              "circular": "circular"}


def pad(input_x, padding, mode="constant", value=None):
    """`input_x` padded by `padding`, (before, after) pairs from the last axis backwards
    (torch order; negative values crop). `mode` 'constant' fills with `value` (0 when None);
    'reflect', 'replicate' and 'circular' pad 1 to 3 trailing axes of an input with one or
    two axes more."""
    check_tensor("pad", "input_x", input_x)
    if mode not in _PAD_MODES:
        raise ValueError(f"For 'pad', the 'mode' must be 'constant', 'reflect', 'replicate' or 'circular', "
                         f"but got {mode!r}.")
    if _is_tensor(padding):
        padding = padding.tolist()
    if not isinstance(padding, (tuple, list)) or not all(_is_int(p) for p in padding):
        raise TypeError(f"For 'pad', the 'padding' must be a tuple or list of ints, but got {padding!r}.")
    if not padding:
        return input_x
    if len(padding) % 2:
        raise ValueError(f"For 'pad', the 'padding' must hold (before, after) pairs, but got {len(padding)} values.")
    padding = tuple(padding)
    if mode == "constant":
        return _prim(A.PadV3, "constant")(input_x, padding, 0 if value is None else value)
    if value is not None:
        raise ValueError(f"For 'pad', mode '{mode}' pads with values of 'input_x', so 'value' must be None, "
                         f"but got {value}.")
    padder = _prim(A.PadV3, _PAD_MODES[mode])
    if len(padding) // 2 + 1 == input_x.ndim:
        # PadV3 wants a batch axis in front of the padded and channel axes.
        return _prim(A.Squeeze, 0)(padder(_expand_dims(input_x, 0), padding))
    return padder(input_x, padding)


def flip(input, dims):
    """`input` with the order of elements reversed along each axis of `dims` (a tuple or list)."""
    return _prim(A.ReverseV2, _key(dims))(input)


def fliplr(input):
    """`input` reversed along axis 1 (left / right); needs at least 2 axes."""
    return _prim(A.ReverseV2, (1,))(input)


def flipud(input):
    """`input` reversed along axis 0 (up / down)."""
    return _prim(A.ReverseV2, (0,))(input)


def roll(input, shifts, dims=None):
    """`input` rolled by `shifts` along `dims`, wrapping around (over the flattened input
    when dims is None)."""
    return _prim(A.Roll, _key(shifts), _key(dims))(input)


def repeat_interleave(input, repeats, axis=None):
    """Each element of `input` repeated along `axis` (of the flattened input when None):
    `repeats` times if an int, else repeats[i] times for element i."""
    if _is_tensor(repeats):
        repeats = repeats.tolist()
    if isinstance(repeats, (tuple, list)) and len(repeats) == 1:
        repeats = repeats[0]
    if isinstance(repeats, (tuple, list)):
        return _repeat_tensor(input, tuple(repeats), axis)
    return _repeat_int(input, repeats, axis)


def reverse(x, axis):
    """Same as flip(x, axis)."""
    return _prim(A.ReverseV2, _key(axis))(x)


def rot90(input, k, dims):
    """`input` rotated by k * 90 degrees in the plane of the two axes `dims`, from the
    first toward the second."""
    check_tensor("rot90", "input", input)
    check_type("rot90", "k", k, int)
    if not (isinstance(dims, (tuple, list)) and len(dims) == 2):
        raise ValueError(f"For 'rot90', the 'dims' must be a tuple or list of two axes, but got {dims!r}.")
    d0, d1 = (check_axis("rot90", d, input.ndim, "dims") for d in dims)
    if d0 == d1:
        raise ValueError(f"For 'rot90', the two 'dims' must be different axes, but got {dims}.")
    k %= 4
    if k == 0:
        return input
    if k == 2:
        return _prim(A.ReverseV2, (d0, d1))(input)
    flipped = _prim(A.ReverseV2, (d1 if k == 1 else d0,))(input)
    return _transpose(flipped, _swapped(input.ndim, d0, d1))


def repeat_elements(x, rep, axis=0):
    """Each slice of `x` along `axis` repeated `rep` times in place."""
    check_tensor("repeat_elements", "x", x)
    check_type("repeat_elements", "rep", rep, int)
    return _repeat_int(x, rep, check_axis("repeat_elements", axis, x.ndim))


def vander(x, N=None):
    """The Vandermonde matrix of the 1-D `x`: column j holds x ** (N - 1 - j) (N columns,
    len(x) when None)."""
    check_tensor("vander", "x", x)
    if x.ndim != 1:
        raise ValueError(f"For 'vander', the 'x' must be 1-D, but got {x.ndim} dimensions.")
    N = x.shape[0] if N is None else N
    if not _is_int(N) or N < 0:
        raise ValueError(f"For 'vander', the 'N' must be a non-negative int, but got {N!r}.")
    powers = _range(N - 1, -1, -1) if N else _zeros((0,), mstype.int64)
    if x.dtype.is_floating_point:
        powers = _cast(powers, x.dtype)
    return _pow(_reshape(x, (-1, 1)), powers)


# ---- triangles and diagonals ------------------------------------------------------------------
def tril(input, diagonal=0):
    """The lower triangle of the last two axes of `input`: on and below the `diagonal`-th
    diagonal, zeros elsewhere."""
    return _prim(A.Tril, diagonal)(input)


def triu(input, diagonal=0):
    """The upper triangle of the last two axes of `input`: on and above the `diagonal`-th
    diagonal, zeros elsewhere."""
    return _prim(A.Triu, diagonal)(input)


def tril_indices(row, col, offset=0, *, dtype=mstype.int64):
    """The (2, N) coordinates of the lower triangle of a row x col matrix."""
    return _prim(A.TrilIndices, row, col, offset, dtype)()


def triu_indices(row, col, offset=0, *, dtype=mstype.int64):
    """The (2, N) coordinates of the upper triangle of a row x col matrix."""
    return _prim(A.TriuIndices, row, col, offset, dtype)()


def diag(input):
    """For `input` of shape S: shape S + S with input on the diagonal, zeros elsewhere."""
    return _diag(input)


def _diagonal_length(rows: int, cols: int, offset: int) -> int:
    return max(min(rows, cols - offset) if offset >= 0 else min(rows + offset, cols), 0)


def _diagonal_positions(rows: int, cols: int, offset: int) -> np.ndarray:
    """The flat positions, in a row-major rows x cols matrix, of its `offset`-th diagonal."""
    steps = np.arange(_diagonal_length(rows, cols, offset))
    return (steps + max(-offset, 0)) * cols + steps + max(offset, 0)


def _diagonal_axes(op: str, input, dim1, dim2, ndim: int) -> tuple[int, int]:
    a = check_axis(op, dim1, ndim, "dim1")
    b = check_axis(op, dim2, ndim, "dim2")
    if a == b:
        raise ValueError(f"For '{op}', 'dim1' and 'dim2' must be different axes, but got {dim1} and {dim2}.")
    return a, b


def _matrices_last(input, a: int, b: int):
    """`input` with axes a and b moved to the end, its last two axes flattened into one."""
    moved = movedim(input, (a, b), (-2, -1))
    return _reshape(moved, moved.shape[:-2] + (-1,)), moved.shape


def diagonal(input, offset=0, dim1=0, dim2=1):
    """The `offset`-th diagonal of the matrices in axes dim1 and dim2 of `input`: those two
    axes removed, the diagonal appended as the last axis."""
    check_tensor("diagonal", "input", input)
    check_type("diagonal", "offset", offset, int)
    if input.ndim < 2:
        raise ValueError(f"For 'diagonal', the 'input' must have at least 2 dimensions, but got {input.ndim}.")
    a, b = _diagonal_axes("diagonal", input, dim1, dim2, input.ndim)
    flat, shape = _matrices_last(input, a, b)
    positions = _diagonal_positions(shape[-2], shape[-1], offset)
    return _gather(flat, Tensor(positions.astype(np.int64)), flat.ndim - 1)


def diag_embed(input, offset=0, dim1=-2, dim2=-1):
    """Matrices holding the last axis of `input` on their `offset`-th diagonal (zeros
    elsewhere), in output axes dim1 and dim2: the output has one axis more, and size
    n + |offset| on both for a last axis of size n."""
    check_tensor("diag_embed", "input", input)
    check_type("diag_embed", "offset", offset, int)
    if input.ndim < 1:
        raise ValueError("For 'diag_embed', the 'input' must have at least 1 dimension, but got a 0-d Tensor.")
    a, b = _diagonal_axes("diag_embed", input, dim1, dim2, input.ndim + 1)
    n = input.shape[-1]
    size = n + abs(offset)
    # Each output element reads input element i on the diagonal, else the zero appended at n.
    sources = np.full(size * size, n, np.int64)
    sources[_diagonal_positions(size, size, offset)] = np.arange(n)
    padded = _prim(A.PadV3, "constant")(input, (0, 1), 0)
    flat = _gather(padded, Tensor(sources), input.ndim - 1)
    return movedim(_reshape(flat, input.shape[:-1] + (size, size)), (-2, -1), (a, b))


def diagflat(input, offset=0):
    """A 2-D tensor holding the flattened `input` on its `offset`-th diagonal."""
    check_tensor("diagflat", "input", input)
    return diag_embed(_reshape(input, (-1,)), offset)


def diagonal_scatter(input, src, offset=0, dim1=0, dim2=1):
    """A copy of `input` whose `offset`-th diagonal in axes dim1 and dim2 is `src` (shaped
    as diagonal(input, offset, dim1, dim2))."""
    check_tensor("diagonal_scatter", "input", input)
    check_tensor("diagonal_scatter", "src", src)
    check_type("diagonal_scatter", "offset", offset, int)
    if input.ndim < 2:
        raise ValueError(f"For 'diagonal_scatter', the 'input' must have at least 2 dimensions, but got "
                         f"{input.ndim}.")
    a, b = _diagonal_axes("diagonal_scatter", input, dim1, dim2, input.ndim)
    flat, shape = _matrices_last(input, a, b)
    positions = _diagonal_positions(shape[-2], shape[-1], offset)
    expected = shape[:-2] + (len(positions),)
    if tuple(src.shape) != expected:
        raise ValueError(f"For 'diagonal_scatter', the shape of 'src' must be the shape of the diagonal "
                         f"{expected}, but got {tuple(src.shape)}.")
    if src.dtype is not input.dtype:
        src = _cast(src, input.dtype)
    # Each element reads itself, or src[i] (appended after the matrix) on the diagonal.
    cells = shape[-2] * shape[-1]
    sources = np.arange(cells, dtype=np.int64)
    sources[positions] = cells + np.arange(len(positions))
    joined = concat((flat, src), -1)
    scattered = _reshape(_gather(joined, Tensor(sources), flat.ndim - 1), shape)
    return movedim(scattered, (-2, -1), (a, b))


# ---- blocks and sequences ---------------------------------------------------------------------
def reverse_sequence(x, seq_lengths, seq_dim, batch_dim=0):
    """For each index b along `batch_dim`, the first seq_lengths[b] elements of x along
    `seq_dim` reversed."""
    return _prim(A.ReverseSequence, seq_dim, batch_dim)(x, seq_lengths)


def mirror_pad(input_x, paddings, mode):
    """input_x padded by mirroring ('REFLECT' or 'SYMMETRIC'), paddings[i] = (before,
    after) for axis i (see ops.MirrorPad)."""
    return _prim(A.MirrorPad, mode)(input_x, paddings)


def padding(x, pad_dim_size=8):
    """x (last axis of size 1) with zeros appended to the last axis up to pad_dim_size."""
    return _prim(A.Padding, pad_dim_size)(x)

def _pairs_key(pairs):
    """(before, after) pairs (lists or a Tensor too) as a tuple of tuples, so that they can
    key `_prim`'s cache; anything else as it is, for the Primitive to refuse."""
    if _is_tensor(pairs):
        pairs = pairs.tolist()
    if not isinstance(pairs, (tuple, list)):
        return pairs
    return tuple(tuple(p) if isinstance(p, (tuple, list)) else p for p in pairs)


def space_to_batch_nd(input_x, block_size, paddings):
    """The last len(block_size) axes of input_x padded and cut into blocks whose offsets
    move into the batch axis (see ops.SpaceToBatchND)."""
    return _prim(A.SpaceToBatchND, _key(block_size), _pairs_key(paddings))(input_x)


def batch_to_space_nd(input_x, block_shape, crops):
    """space_to_batch_nd's inverse: blocks from the batch axis back into the last
    len(block_shape) axes, then cropped (see ops.BatchToSpaceND)."""
    return _prim(A.BatchToSpaceND, _key(block_shape), _pairs_key(crops))(input_x)


# ---- sliding blocks ---------------------------------------------------------------------------
def _pair(op: str, arg: str, value, minimum: int) -> tuple[int, int]:
    """An int or a tuple / list of two ints, each at least `minimum`, as a pair."""
    pair = (value, value) if _is_int(value) else value
    if not (isinstance(pair, (tuple, list)) and len(pair) == 2 and all(_is_int(v) for v in pair)):
        raise TypeError(f"For '{op}', the '{arg}' must be an int or a tuple of two ints, but got {value!r}.")
    if any(v < minimum for v in pair):
        raise ValueError(f"For '{op}', every value of '{arg}' must be at least {minimum}, but got {value!r}.")
    return tuple(int(v) for v in pair)


def _block_sources(op: str, size: tuple, kernel_size, dilation, padding, stride):
    """For sliding blocks over an image of `size` (H, W): the padded image's size and, for
    each (kernel offset, block) in the order unfold lays them out, the flat position it
    reads in the padded image (an int64 array of kh * kw * L)."""
    kernel = _pair(op, "kernel_size", kernel_size, 1)
    dilation = _pair(op, "dilation", dilation, 1)
    padding = _pair(op, "padding", padding, 0)
    stride = _pair(op, "stride", stride, 1)
    padded = tuple(n + 2 * p for n, p in zip(size, padding))
    blocks = tuple((n - d * (k - 1) - 1) // s + 1 for n, k, d, s in zip(padded, kernel, dilation, stride))
    if any(b < 1 for b in blocks):
        raise ValueError(f"For '{op}', no sliding block of size {kernel} (dilation {dilation}) fits in the "
                         f"padded image {padded}.")
    rows = (np.arange(kernel[0])[:, None, None, None] * dilation[0]
            + np.arange(blocks[0])[None, None, :, None] * stride[0])
    cols = (np.arange(kernel[1])[None, :, None, None] * dilation[1]
            + np.arange(blocks[1])[None, None, None, :] * stride[1])
    return padding, padded, blocks, (rows * padded[1] + cols).reshape(-1).astype(np.int64)


def unfold(input, kernel_size, dilation=1, padding=0, stride=1):
    """Sliding blocks of an NCHW `input` as columns (im2col): shape (N, C * kh * kw, L)
    for L blocks, channel-major then kernel offsets."""
    check_tensor("unfold", "input", input)
    if input.ndim != 4:
        raise ValueError(f"For 'unfold', the 'input' must be 4-D (NCHW), but got {input.ndim} dimensions.")
    n, c, h, w = input.shape
    pads, padded, blocks, sources = _block_sources("unfold", (h, w), kernel_size, dilation, padding, stride)
    if any(pads):
        input = _prim(A.PadV3, "constant")(input, (pads[1], pads[1], pads[0], pads[0]), 0)
    flat = _reshape(input, (n, c, padded[0] * padded[1]))
    columns = _gather(flat, Tensor(sources), 2)
    return _reshape(columns, (n, -1, blocks[0] * blocks[1]))


def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1):
    """unfold's adjoint (col2im): columns (N, C * kh * kw, L) summed back into an NCHW
    image of `output_size` (a Tensor of two ints), overlapping blocks adding up."""
    check_tensor("fold", "input", input)
    if not _is_tensor(output_size):
        raise TypeError(f"For 'fold', the 'output_size' must be a Tensor of two ints, but got "
                        f"{type(output_size).__name__}.")
    size = tuple(output_size.tolist())
    if input.ndim != 3 or len(size) != 2:
        raise ValueError(f"For 'fold', the 'input' must be 3-D and 'output_size' hold two ints, but got shapes "
                         f"{tuple(input.shape)} and {tuple(output_size.shape)}.")
    pads, padded, blocks, sources = _block_sources("fold", size, kernel_size, dilation, padding, stride)
    n, depth, count = input.shape
    per_channel = sources.size // (blocks[0] * blocks[1])
    if count != blocks[0] * blocks[1] or depth % per_channel:
        raise ValueError(f"For 'fold', the 'input' must have shape (N, C * {per_channel}, {blocks[0] * blocks[1]}), "
                         f"but got {tuple(input.shape)}.")
    # Each (kernel offset, block) value goes to the padded position it was read from.
    values = _transpose(_reshape(input, (n, depth // per_channel, -1)), (2, 0, 1))
    summed = _segment_sum(values, Tensor(sources), padded[0] * padded[1])
    image = _reshape(_transpose(summed, (1, 2, 0)), (n, depth // per_channel) + padded)
    if any(pads):
        image = _prim(A.PadV3, "constant")(image, (-pads[1], -pads[1], -pads[0], -pads[0]), 0)
    return image


# ---- casting ----------------------------------------------------------------------------------
def cast(input, dtype):
    """`input` converted to `dtype`."""
    return _cast(input, dtype)


def type_as(input, other):
    """`input` converted to the dtype of the Tensor `other`."""
    check_tensor("type_as", "other", other)
    return _cast(input, other.dtype)


# ---- creation ---------------------------------------------------------------------------------
def fill(type, shape, value):
    """A tensor of `shape` and dtype `type` holding `value` everywhere."""
    return _fill(type, shape, value)


def full(size, fill_value, *, dtype=None):
    """A tensor of shape `size` (a tuple or list) holding `fill_value`. Without `dtype` the
    result is Int64 whatever the value (MindSpore 2.7: ops.full((2,), 1.5) is [1, 1])."""
    if not isinstance(size, (tuple, list)):
        raise TypeError(f"For 'full', the 'size' must be a tuple or list of ints, but got {type(size).__name__}.")
    return _fill(mstype.int64 if dtype is None else dtype, tuple(size), fill_value)


def full_like(input, fill_value, *, dtype=None):
    """A tensor of the shape of `input` holding `fill_value`, of `dtype` (input's when None)."""
    check_tensor("full_like", "input", input)
    return _fill(input.dtype if dtype is None else dtype, input.shape, fill_value)


def zeros(size, dtype=None):
    """Zeros of shape `size` (an int, tuple or list), Float32 unless `dtype` says otherwise."""
    return _zeros(size, dtype)


def ones(shape, dtype=None):
    """Ones of `shape` (an int, tuple or list), Float32 unless `dtype` says otherwise."""
    return _ones(shape, dtype)


def zeros_like(input, *, dtype=None):
    """Zeros of the shape of `input`, of `dtype` (input's when None)."""
    if dtype is None:
        return _zeros_like(input)
    check_tensor("zeros_like", "input", input)
    return _zeros(input.shape, dtype)


def ones_like(input, *, dtype=None):
    """Ones of the shape of `input`, of `dtype` (input's when None)."""
    if dtype is None:
        return _ones_like(input)
    check_tensor("ones_like", "input", input)
    return _ones(input.shape, dtype)


_ARANGE_TENSOR_DTYPES = (mstype.int32, mstype.int64, mstype.float32, mstype.float64)


def _arange_bound(arg: str, value):
    """An arange bound as a Python number: an int, a float or a 0-d int / float Tensor."""
    if _is_tensor(value):
        if value.dtype not in _ARANGE_TENSOR_DTYPES:
            raise TypeError(f"For 'arange', the '{arg}' Tensor must be Int32, Int64, Float32 or Float64, "
                            f"but got {value.dtype}.")
        if value.shape:
            raise ValueError(f"For 'arange', the '{arg}' must be a 0-d Tensor, but got shape {value.shape}.")
        return value.item()
    return check_type("arange", arg, value, (int, float))


def arange(start=0, end=None, step=1, *, dtype=None):
    """[start, end) by `step` (arange(n) is [0, n)): Int64 if all three are ints, else
    Float32, then cast to `dtype` if given."""
    if end is None:
        start, end = 0, start
    bounds = [_arange_bound(n, v) for n, v in (("start", start), ("end", end), ("step", step))]
    if any(isinstance(b, float) for b in bounds):
        bounds = [float(b) for b in bounds]
    out = _range(*bounds)
    return out if dtype is None or dtype is out.dtype else _cast(out, dtype)


def range(start, end, step, maxlen=1000000):
    """[start, end) by `step`; the three are all ints (Int64 result) or all floats (Float32)."""
    return _prim(A.Range, maxlen)(start, end, step)


def linspace(start, end, steps):
    """`steps` evenly spaced values from `start` to `end` inclusive."""
    return _linspace(start, end, steps)


def eye(n, m=None, dtype=None):
    """An n x m (n x n when m is None) tensor with ones on the diagonal, Float32 by default."""
    return _eye(n, n if m is None else m, mstype.float32 if dtype is None else dtype)


def one_hot(indices, depth, on_value=1, off_value=0, axis=-1):
    """A one-hot encoding of `indices` along a new axis `axis` of size `depth`."""
    return _prim(A.OneHot, axis)(indices, depth, on_value, off_value)


def tensor_range(start, end, step):
    """Same as range(start, end, step)."""
    return _range(start, end, step)


def sequence_mask(lengths, maxlen=None):
    """A Bool mask of shape lengths.shape + (maxlen,): True at positions below each length
    (maxlen defaults to the largest length)."""
    check_tensor("sequence_mask", "lengths", lengths)
    if lengths.dtype not in (mstype.int32, mstype.int64):
        raise TypeError(f"For 'sequence_mask', the dtype of 'lengths' must be Int32 or Int64, but got "
                        f"{lengths.dtype}.")
    if maxlen is None:
        maxlen = int(lengths.asnumpy().max()) if math.prod(lengths.shape) else 0
    maxlen = check_positive_int("sequence_mask", "maxlen", maxlen) if maxlen else 0
    positions = _range(0, maxlen, 1) if maxlen else _zeros((0,), mstype.int64)
    return _less(_cast(positions, lengths.dtype), _expand_dims(lengths, -1))


# ---- metadata ---------------------------------------------------------------------------------
def shape(input_x):
    """The shape of `input_x`, a tuple of ints."""
    return _shape(input_x)


def rank(input_x):
    """The number of axes of `input_x`."""
    return _rank(input_x)


def size(input_x):
    """The number of elements of `input_x`."""
    return _size(input_x)


def dtype(x):
    """The dtype of `x`."""
    return _dtype(x)


def numel(input):
    """The number of elements of the Tensor `input`."""
    return _size(input)


def is_nonzero(input):
    """Whether the single element of `input` is not zero (a Python bool)."""
    check_tensor("is_nonzero", "input", input)
    if math.prod(input.shape) != 1:
        raise ValueError(f"For 'is_nonzero', the 'input' must hold exactly 1 element, but got "
                         f"{math.prod(input.shape)}.")
    return bool(input.asnumpy().reshape(()) != 0)


# ---- Tensor methods ---------------------------------------------------------------------------
def _shape_args(args: tuple) -> tuple:
    """A method's shape-like argument, given as ints or as one tuple / list / Tensor."""
    if len(args) == 1 and isinstance(args[0], (tuple, list)):
        return tuple(args[0])
    if len(args) == 1 and _is_tensor(args[0]):
        return tuple(args[0].tolist())
    return args


def _reshape_method(self, *shape_args, shape=None):
    """Tensor.reshape(*shape) / Tensor.view(*shape): ints, or one tuple / list."""
    return _reshape(self, _shape_args(shape_args) if shape is None else shape)


def _reshape_as(self, other):
    return _reshape(self, other.shape)


def _transpose_method(self, *axes, dim0=None, dim1=None):
    """Tensor.transpose(dim0, dim1) swaps two axes; Tensor.transpose(*axes) permutes them
    (all reversed when none are given)."""
    if dim0 is not None or dim1 is not None:
        axes = (dim0, dim1)
    if len(axes) == 2 and all(_is_int(a) for a in axes):
        return swapaxes(self, *axes)
    perm = _shape_args(axes) if axes else tuple(reversed(builtins.range(self.ndim)))
    return _transpose(self, perm)


def _permute_method(self, *axis):
    return _transpose(self, _shape_args(axis))


def _reversed_axes(self):
    """Tensor.T: all axes reversed."""
    return _transpose(self, tuple(reversed(builtins.range(self.ndim))))


def _flatten_method(self, *args, order="C", start_dim=0, end_dim=-1):
    """Tensor.flatten(order='C', *, start_dim=0, end_dim=-1), or the overload
    Tensor.flatten(start_dim=0, end_dim=-1) with the dims positional."""
    if args and isinstance(args[0], str):
        order, args = args[0], args[1:]
    if args:
        start_dim, *rest = args
        end_dim = rest[0] if rest else end_dim
    return flatten(self, order, start_dim=start_dim, end_dim=end_dim)


def _ravel(self):
    return _reshape(self, (-1,))


def _astype(self, dtype, copy=True):
    """Tensor.astype(dtype, copy=True): `dtype` may be a mindspore dtype, a NumPy dtype or
    a name ('float32'); with copy=False an unchanged dtype returns `self`."""
    dtype = mstype.as_dtype(dtype)
    if not copy and dtype is self.dtype:
        return self
    return _cast(self, dtype)


def _to(self, *args, dtype=None, non_blocking=False, copy=False):
    """Tensor.to(dtype) / Tensor.to(other) (other's dtype) / Tensor.to(device): spore
    places every tensor on the context's device, so a device argument changes nothing."""
    for arg in args:
        if isinstance(arg, mstype.Number):
            dtype = arg
        elif _is_tensor(arg):
            dtype = arg.dtype
    return self if dtype is None else _cast(self, dtype)


def _caster(target: mstype.Number):
    def cast_method(self):
        return _cast(self, target)
    cast_method.__doc__ = f"The Tensor cast to {target}."
    return cast_method


def _copy(self):
    """Tensor.copy(): the same values in new storage."""
    return _identity(self)


def _tile_method(self, *dims):
    return _tile(self, _shape_args(dims))


def _broadcast_to_method(self, *shape):
    return broadcast_to(self, _shape_args(shape))


def _expand_as(self, other=None, *, x=None):
    """Tensor.expand_as(other), also spelled expand_as(x=...)."""
    return expand_as(self, either_keyword("expand_as", "other", other, "x", x))


def _repeat(self, *repeats):
    """Tensor.repeat(*repeats): the whole tensor repeated repeats[i] times along axis i
    (torch's repeat, MindSpore 2.7's Tensor.repeat); extra leading repeats add axes."""
    repeats = _shape_args(repeats)
    if len(repeats) < self.ndim:
        raise RuntimeError(f"For 'Tensor.repeat', the number of 'repeats' {len(repeats)} must not be less "
                           f"than the rank of the tensor {self.ndim}.")
    return _tile(self, repeats)


def _repeat_interleave_method(self, repeats, dim=None, *, output_size=None):
    return repeat_interleave(self, repeats, dim)


def _split_method(self, split_size_or_sections, axis=0, *, dim=None):
    return split(self, split_size_or_sections, axis if dim is None else dim)


def _chunk_method(self, chunks, axis=0, *, dim=None):
    return chunk(self, chunks, axis if dim is None else dim)


def _unbind_method(self, dim=0):
    return unbind(self, dim)


def _tensor_split_method(self, indices_or_sections, axis=0):
    return tensor_split(self, indices_or_sections, axis)


def _reverse_sequence_method(self, seq_lengths, seq_dim=0, batch_dim=0):
    return reverse_sequence(self, seq_lengths, seq_dim, batch_dim)


def _tril_method(self, diagonal=0):
    return tril(self, diagonal)


def _triu_method(self, diagonal=0):
    return triu(self, diagonal)


def _diagonal_method(self, offset=0, axis1=0, axis2=1):
    return diagonal(self, offset, axis1, axis2)


def _fill_diagonal(self, fill_value, wrap=False):
    """Tensor.fill_diagonal(fill_value, wrap=False): see ops.FillDiagonal."""
    check_type("Tensor.fill_diagonal", "fill_value", fill_value, (int, float))
    return _prim(A.FillDiagonal, float(fill_value), wrap)(self)


def _fill_diagonal_(self, fill_value, wrap=False):
    return rebind(self, _fill_diagonal(self, fill_value, wrap))


TENSOR_METHODS = {
    "reshape": _reshape_method, "view": _reshape_method, "view_as": _reshape_as, "reshape_as": _reshape_as,
    "transpose": _transpose_method, "permute": _permute_method, "swapaxes": swapaxes,
    "T": property(_reversed_axes),
    "squeeze": squeeze, "expand_dims": expand_dims, "unsqueeze": unsqueeze,
    "flatten": _flatten_method, "ravel": _ravel,
    "astype": _astype, "to": _to,
    "float": _caster(mstype.float32), "half": _caster(mstype.float16), "double": _caster(mstype.float64),
    "bfloat16": _caster(mstype.bfloat16), "int": _caster(mstype.int32), "long": _caster(mstype.int64),
    "bool": _caster(mstype.bool_),
    "copy": _copy,
    "tile": _tile_method, "broadcast_to": _broadcast_to_method, "expand": _broadcast_to_method,
    "expand_as": _expand_as, "repeat": _repeat, "repeat_interleave": _repeat_interleave_method,
    "flip": flip, "roll": roll, "split": _split_method, "chunk": _chunk_method,
    "moveaxis": moveaxis, "movedim": movedim, "swapdims": swapdims, "t": t,
    "tensor_split": _tensor_split_method, "hsplit": hsplit, "vsplit": vsplit, "dsplit": dsplit,
    "unbind": _unbind_method, "reverse": reverse, "rot90": rot90, "fliplr": fliplr, "flipud": flipud,
    "tril": _tril_method, "triu": _triu_method, "diag": diag, "diagflat": diagflat, "diagonal": _diagonal_method,
    "diagonal_scatter": diagonal_scatter, "fill_diagonal": _fill_diagonal, "fill_diagonal_": _fill_diagonal_,
    "reverse_sequence": _reverse_sequence_method, "unfold": unfold, "fold": fold,
}
"""Tensor methods and operators this family provides (installed by tensor_methods.py)."""


# MindSpore keeps more names at this path (its `*_ext` mint functions, ops spore defines in other
# family files): resolved in their owners when asked for.
__getattr__ = _mindspore_paths.module_getattr(__name__, "array_func")
