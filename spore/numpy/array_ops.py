"""mindspore.numpy's shape manipulation: reshaping, axis moves, joining and splitting,
broadcasting, flips and rotations, tiling and repeating, differences along an axis."""
from __future__ import annotations

import numbers

import numpy as onp

from .. import ops
from ..common.tensor import Tensor
from .dtypes import result_type
from .utils import cast, check_int, check_shape, normalize_axes, normalize_axis, to_tensor

__all__ = [
    "reshape", "ravel", "squeeze", "expand_dims", "transpose", "rollaxis", "swapaxes", "moveaxis",
    "concatenate", "append", "stack", "hstack", "vstack", "dstack", "column_stack",
    "split", "array_split", "hsplit", "vsplit", "dsplit", "atleast_1d", "atleast_2d", "atleast_3d",
    "broadcast_to", "broadcast_arrays", "flip", "fliplr", "flipud", "rot90", "roll", "tile", "repeat",
    "diff", "ediff1d", "size", "array_str",
]


def reshape(x, new_shape):
    """`x` with shape `new_shape` (one entry may be -1)."""
    x = to_tensor(x, None, "reshape", "x")
    if isinstance(new_shape, numbers.Integral):
        new_shape = (new_shape,)
    if not isinstance(new_shape, (list, tuple)) or not all(isinstance(s, numbers.Integral) for s in new_shape):
        raise TypeError(f"For 'reshape', the 'new_shape' must be an int or a tuple of ints, but got {new_shape!r}.")
    known = [s for s in new_shape if s != -1]
    count = int(onp.prod(known)) if known else 1
    if new_shape.count(-1) > 1 or any(s < -1 for s in new_shape) or \
            (-1 not in new_shape and count != x.size) or (-1 in new_shape and (count == 0 or x.size % count)):
        raise ValueError(f"For 'reshape', can not reshape an array of size {x.size} into shape {tuple(new_shape)}.")
    return ops.reshape(x, tuple(int(s) for s in new_shape))


def ravel(x):
    """`x` flattened to 1-D."""
    return ops.reshape(to_tensor(x, None, "ravel", "x"), (-1,))


def squeeze(a, axis=None):
    """`a` without its size-1 axes (or only those in `axis`, which must have size 1)."""
    a = to_tensor(a, None, "squeeze")
    axes = normalize_axes(axis, a.ndim, "squeeze")
    if axis is None:
        axes = tuple(i for i in axes if a.shape[i] == 1)
    elif any(a.shape[i] != 1 for i in axes):
        raise ValueError(f"For 'squeeze', only axes of size 1 can be removed, but got axis {axis} of shape "
                         f"{tuple(a.shape)}.")
    return ops.reshape(a, tuple(s for i, s in enumerate(a.shape) if i not in axes))


def expand_dims(a, axis):
    """`a` with new size-1 axes at the positions `axis` (an int or tuple) of the result."""
    a = to_tensor(a, None, "expand_dims")
    axes = axis if isinstance(axis, (list, tuple)) else (axis,)
    ndim = a.ndim + len(axes)
    positions = set(normalize_axes(tuple(axes), ndim, "expand_dims"))
    sizes = iter(a.shape)
    return ops.reshape(a, tuple(1 if i in positions else next(sizes) for i in range(ndim)))


def transpose(a, axes=None):
    """`a` with its axes permuted by `axes` (None: reversed)."""
    a = to_tensor(a, None, "transpose")
    if axes is None:
        return ops.transpose(a, tuple(range(a.ndim - 1, -1, -1)))
    axes = tuple(normalize_axis(i, a.ndim, "transpose", "axes") for i in axes)
    if sorted(axes) != list(range(a.ndim)):
        raise ValueError(f"For 'transpose', the 'axes' must be a permutation of the {a.ndim} axes, but got {axes}.")
    return ops.transpose(a, axes)


def rollaxis(x, axis, start=0):
    """`x` with `axis` moved to lie before position `start`."""
    x = to_tensor(x, None, "rollaxis", "x")
    axis = normalize_axis(axis, x.ndim, "rollaxis")
    start = check_int(start, "rollaxis", "start")
    if not -x.ndim <= start <= x.ndim:
        raise ValueError(f"For 'rollaxis', the 'start' must be in [{-x.ndim}, {x.ndim}], but got {start}.")
    start %= x.ndim + 1
    if start > axis:
        start -= 1
    return ops.moveaxis(x, axis, start) if start != axis else x


def swapaxes(x, axis1, axis2):
    """`x` with `axis1` and `axis2` exchanged."""
    x = to_tensor(x, None, "swapaxes", "x")
    return ops.swapaxes(x, normalize_axis(axis1, x.ndim, "swapaxes", "axis1"),
                        normalize_axis(axis2, x.ndim, "swapaxes", "axis2"))


def moveaxis(a, source, destination):
    """`a` with the axes `source` moved to `destination`; the other axes keep their order."""
    return ops.moveaxis(to_tensor(a, None, "moveaxis"), source, destination)


# ---- joining -----------------------------------------------------------------------------------


def _sequence(op: str, arrays, name: str = "arrays") -> list:
    """The arrays of a tuple / list (or the slices of a Tensor along axis 0), in one promoted dtype."""
    if isinstance(arrays, Tensor):
        arrays = list(ops.unstack(arrays, 0)) if arrays.ndim else [arrays]
    if not isinstance(arrays, (list, tuple)) or not arrays:
        raise TypeError(f"For '{op}', the '{name}' must be a non-empty tuple or list of arrays, but got {arrays!r}.")
    tensors = [to_tensor(a, None, op, name) for a in arrays]
    common = result_type(*tensors)
    return [cast(t, common) for t in tensors]


def concatenate(arrays, axis=0):
    """The arrays joined along an existing `axis` (None: flattened first)."""
    tensors = _sequence("concatenate", arrays)
    if axis is None:
        return ops.concat([ops.reshape(t, (-1,)) for t in tensors], 0)
    axis = normalize_axis(axis, tensors[0].ndim, "concatenate")
    for t in tensors[1:]:
        if t.ndim != tensors[0].ndim or any(s != r for i, (s, r) in enumerate(zip(t.shape, tensors[0].shape))
                                            if i != axis):
            raise ValueError(f"For 'concatenate', all the shapes must match except along axis {axis}, but got "
                             f"{tuple(tensors[0].shape)} and {tuple(t.shape)}.")
    return ops.concat(tensors, axis)


def append(arr, values, axis=None):
    """`values` appended to `arr` along `axis` (None: both flattened)."""
    return concatenate((arr, values), axis)


def stack(arrays, axis=0):
    """The arrays (of one shape) joined along a new `axis`."""
    tensors = _sequence("stack", arrays)
    if any(tuple(t.shape) != tuple(tensors[0].shape) for t in tensors):
        raise ValueError("For 'stack', all the arrays must have the same shape.")
    return ops.stack(tensors, normalize_axis(axis, tensors[0].ndim + 1, "stack"))


def hstack(tup):
    """The arrays joined column-wise (along axis 1; 1-D arrays end to end)."""
    return ops.hstack(_sequence("hstack", tup, "tup"))


def vstack(tup):
    """The arrays joined row-wise (along axis 0; 1-D arrays as rows)."""
    return ops.vstack(_sequence("vstack", tup, "tup"))


def dstack(tup):
    """The arrays joined depth-wise (along axis 2)."""
    return ops.dstack(_sequence("dstack", tup, "tup"))


def column_stack(tup):
    """1-D arrays as the columns of a 2-D array; 2-D arrays joined along axis 1."""
    return ops.column_stack(_sequence("column_stack", tup, "tup"))


# ---- splitting ---------------------------------------------------------------------------------


def _split(op: str, x, indices_or_sections, axis: int, even: bool):
    x = to_tensor(x, None, op, "x")
    if x.ndim == 0:
        raise ValueError(f"For '{op}', the 'x' must have at least 1 dimension.")
    axis = normalize_axis(axis, x.ndim, op)
    if isinstance(indices_or_sections, numbers.Integral) and not isinstance(indices_or_sections, bool):
        sections = int(indices_or_sections)
        if sections <= 0:
            raise ValueError(f"For '{op}', the number of sections must be positive, but got {sections}.")
        if even and x.shape[axis] % sections:
            raise ValueError(f"For '{op}', the axis of length {x.shape[axis]} does not divide into {sections} equal "
                             f"sections.")
        return tuple(ops.tensor_split(x, sections, axis))
    if not isinstance(indices_or_sections, (list, tuple)):
        raise TypeError(f"For '{op}', the 'indices_or_sections' must be an int or a list / tuple of ints, but got "
                        f"{type(indices_or_sections).__name__}.")
    return list(ops.tensor_split(x, [int(i) for i in indices_or_sections], axis))


def split(x, indices_or_sections, axis=0):
    """`x` split along `axis` into equal sections, or at the given indices."""
    return _split("split", x, indices_or_sections, axis, even=True)


def array_split(x, indices_or_sections, axis=0):
    """`x` split along `axis` into sections (the first ones one longer when uneven), or at indices."""
    return _split("array_split", x, indices_or_sections, axis, even=False)


def _split_axis(op: str, x, indices_or_sections, axis: int, min_ndim: int):
    x = to_tensor(x, None, op, "x")
    if x.ndim < min_ndim:
        raise ValueError(f"For '{op}', the 'x' must have at least {min_ndim} dimensions, but got {x.ndim}.")
    return _split(op, x, indices_or_sections, axis, even=True)


def hsplit(x, indices_or_sections):
    """split along axis 1 of an `x` of at least 2 dimensions."""
    return _split_axis("hsplit", x, indices_or_sections, 1, 2)


def vsplit(x, indices_or_sections):
    """split along axis 0 of an `x` of at least 2 dimensions."""
    return _split_axis("vsplit", x, indices_or_sections, 0, 2)


def dsplit(x, indices_or_sections):
    """split along axis 2 of an `x` of at least 3 dimensions."""
    return _split_axis("dsplit", x, indices_or_sections, 2, 3)


# ---- broadcasting and rank ---------------------------------------------------------------------


def _at_least(op: str, lift, arys):
    out = [lift(to_tensor(a, None, op, "arys")) for a in arys]
    return out[0] if len(out) == 1 else out


def atleast_1d(*arys):
    """Each array with at least 1 dimension (one array gives a Tensor, several a list)."""
    return _at_least("atleast_1d", ops.atleast_1d, arys)


def atleast_2d(*arys):
    """Each array with at least 2 dimensions (leading size-1 axes added)."""
    return _at_least("atleast_2d", ops.atleast_2d, arys)


def atleast_3d(*arys):
    """Each array with at least 3 dimensions: (N,) -> (1, N, 1), (M, N) -> (M, N, 1)."""
    return _at_least("atleast_3d", ops.atleast_3d, arys)


def broadcast_to(array, shape):
    """`array` broadcast to `shape`."""
    array = to_tensor(array, None, "broadcast_to", "array")
    shape = check_shape(shape, "broadcast_to")
    try:
        onp.broadcast_shapes(tuple(array.shape), shape)
    except ValueError as failure:
        raise ValueError(f"For 'broadcast_to', can not broadcast shape {tuple(array.shape)} to {shape}.") from failure
    if len(array.shape) > len(shape) or onp.broadcast_shapes(tuple(array.shape), shape) != shape:
        raise ValueError(f"For 'broadcast_to', can not broadcast shape {tuple(array.shape)} to {shape}.")
    return ops.broadcast_to(array, shape)


def broadcast_arrays(*args):
    """The arrays broadcast against each other, as a list."""
    tensors = [to_tensor(a, None, "broadcast_arrays", "args") for a in args]
    try:
        shape = tuple(onp.broadcast_shapes(*(tuple(t.shape) for t in tensors)))
    except ValueError as failure:
        raise ValueError(f"For 'broadcast_arrays', the shapes {[tuple(t.shape) for t in tensors]} do not broadcast "
                         f"together.") from failure
    return [ops.broadcast_to(t, shape) for t in tensors]


# ---- flips, rotations, rolls -------------------------------------------------------------------


def flip(m, axis=None):
    """`m` with the order of elements reversed along `axis` (None: all axes)."""
    m = to_tensor(m, None, "flip", "m")
    axes = normalize_axes(axis, m.ndim, "flip")
    return ops.flip(m, axes) if axes else m


def fliplr(m):
    """`m` reversed along axis 1."""
    m = to_tensor(m, None, "fliplr", "m")
    if m.ndim < 2:
        raise ValueError(f"For 'fliplr', the 'm' must have at least 2 dimensions, but got {m.ndim}.")
    return ops.flip(m, (1,))


def flipud(m):
    """`m` reversed along axis 0."""
    m = to_tensor(m, None, "flipud", "m")
    if m.ndim < 1:
        raise ValueError("For 'flipud', the 'm' must have at least 1 dimension.")
    return ops.flip(m, (0,))


def rot90(a, k=1, axes=(0, 1)):
    """`a` rotated by 90 degrees `k` times in the plane of `axes`, from the first axis toward the second."""
    a = to_tensor(a, None, "rot90")
    k = check_int(k, "rot90", "k")
    if not isinstance(axes, (list, tuple)) or len(axes) != 2:
        raise ValueError(f"For 'rot90', the 'axes' must be 2 axes, but got {axes!r}.")
    first, second = (normalize_axis(i, a.ndim, "rot90", "axes") for i in axes)
    if first == second:
        raise ValueError(f"For 'rot90', the 'axes' must differ, but got {axes!r}.")
    return ops.rot90(a, k, (first, second))


def roll(a, shift, axis=None):
    """`a` with elements shifted by `shift` along `axis` (None: over the flattened array), wrapping."""
    a = to_tensor(a, None, "roll")
    if axis is None:
        return ops.reshape(ops.roll(ops.reshape(a, (-1,)), shift, 0), tuple(a.shape))
    shifts = tuple(shift) if isinstance(shift, (list, tuple)) else (shift,)
    axes = tuple(axis) if isinstance(axis, (list, tuple)) else (axis,)
    if len(shifts) == 1:
        shifts = shifts * len(axes)
    if len(axes) == 1:
        axes = axes * len(shifts)
    if len(shifts) != len(axes):
        raise ValueError(f"For 'roll', the 'shift' and 'axis' must have the same length, but got {shift} and {axis}.")
    axes = tuple(normalize_axis(i, a.ndim, "roll") for i in axes)
    return ops.roll(a, shifts, axes)


# ---- tiling and repeating ----------------------------------------------------------------------


def tile(a, reps):
    """`a` repeated reps[i] times along axis i (missing leading entries of either count as 1)."""
    a = to_tensor(a, None, "tile")
    reps = (reps,) if isinstance(reps, numbers.Integral) else tuple(reps)
    if any(isinstance(r, bool) or not isinstance(r, numbers.Integral) or r < 0 for r in reps):
        raise ValueError(f"For 'tile', the 'reps' must be non-negative ints, but got {reps!r}.")
    ndim = max(a.ndim, len(reps))
    a = ops.reshape(a, (1,) * (ndim - a.ndim) + tuple(a.shape))
    return ops.tile(a, (1,) * (ndim - len(reps)) + reps)


def repeat(a, repeats, axis=None):
    """Each element of `a` repeated `repeats` times (an int, or one count per element) along `axis`
    (None: over the flattened array)."""
    a = to_tensor(a, None, "repeat")
    if axis is None:
        a, axis = ops.reshape(a, (-1,)), 0
    axis = normalize_axis(axis, a.ndim, "repeat")
    if isinstance(repeats, (list, tuple)):
        if len(repeats) == 1:
            repeats = repeats[0]
        elif len(repeats) != a.shape[axis]:
            raise ValueError(f"For 'repeat', the 'repeats' must have one count per element along the axis "
                             f"({a.shape[axis]}), but got {len(repeats)}.")
    if isinstance(repeats, numbers.Integral):
        return ops.repeat_interleave(a, int(repeats), axis)
    return ops.repeat_interleave(a, Tensor(onp.asarray(repeats, onp.int64)), axis)


# ---- differences -------------------------------------------------------------------------------


def _edge(name: str, values, a, axis: int):
    """`prepend` / `append` values as a block to join to `a` along `axis` (a scalar spans it)."""
    values = cast(to_tensor(values, None, "diff", name), a.dtype)
    if values.ndim:
        return values
    shape = list(a.shape)
    shape[axis] = 1
    return ops.broadcast_to(values, tuple(shape))


def diff(a, n=1, axis=-1, prepend=None, append=None):
    """The n-th discrete difference along `axis`, after joining `prepend` / `append` (booleans: !=)."""
    a = to_tensor(a, None, "diff")
    n = check_int(n, "diff", "n")
    if n < 0:
        raise ValueError(f"For 'diff', the 'n' must be non-negative, but got {n}.")
    axis = normalize_axis(axis, a.ndim, "diff")
    if prepend is not None:
        prepend = _edge("prepend", prepend, a, axis)
    if append is not None:
        append = _edge("append", append, a, axis)
    return ops.diff_ext(a, n, axis, prepend, append)


def ediff1d(ary, to_end=None, to_begin=None):
    """The differences between consecutive elements of the flattened `ary`, with `to_begin` and
    `to_end` joined at the ends."""
    ary = ops.reshape(to_tensor(ary, None, "ediff1d", "ary"), (-1,))
    parts = [ary[1:] - ary[:-1]]
    if to_begin is not None:
        parts.insert(0, ops.reshape(cast(to_tensor(to_begin, None, "ediff1d", "to_begin"), ary.dtype), (-1,)))
    if to_end is not None:
        parts.append(ops.reshape(cast(to_tensor(to_end, None, "ediff1d", "to_end"), ary.dtype), (-1,)))
    return ops.concat(parts, 0) if len(parts) > 1 else parts[0]


# ---- facts -------------------------------------------------------------------------------------


def size(a, axis=None):
    """The number of elements (along `axis`), as an int."""
    a = to_tensor(a, None, "size")
    if axis is None:
        return a.size
    return a.shape[normalize_axis(axis, a.ndim, "size")]


def array_str(a):
    """The data of `a` as NumPy prints it."""
    return str(to_tensor(a, None, "array_str"))
