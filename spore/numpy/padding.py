"""mindspore.numpy's `pad`: NumPy's padding modes as gathers, concatenations and (for 'odd'
reflections) a matrix product, so gradients flow to the padded array."""
from __future__ import annotations

import numpy as onp

from .. import ops
from ..common import dtype as mstype
from ..common.tensor import Tensor
from .utils import is_float, to_float, to_tensor

__all__ = ["pad"]

_PAD_MODES = ("constant", "edge", "linear_ramp", "maximum", "mean", "median", "minimum", "reflect",
              "symmetric", "wrap", "empty")
_GATHER_MODES = ("edge", "reflect", "symmetric", "wrap")


def _per_axis(value, ndim: int, op: str, name: str) -> list:
    """NumPy's per-axis (before, after) spelling (a scalar, (v,), (before, after) or one pair per axis)
    as ndim [before, after] pairs."""
    arr = onp.asarray(value.asnumpy() if isinstance(value, Tensor) else value)
    try:
        return onp.broadcast_to(arr, (ndim, 2)).tolist()
    except ValueError as failure:
        raise ValueError(f"For '{op}', the '{name}' must broadcast to ({ndim}, 2), but got {value!r}.") from failure


def _block_shape(x: Tensor, axis: int, size: int) -> tuple:
    """The shape of `x` with `size` along `axis`."""
    return tuple(x.shape[:axis]) + (size,) + tuple(x.shape[axis + 1:])


def _take_range(x: Tensor, axis: int, start: int, stop: int) -> Tensor:
    return ops.gather(x, Tensor(onp.arange(start, stop, dtype=onp.int64)), axis)


def _pad_axis(x: Tensor, axis: int, before: int, after: int, mode: str, options: dict) -> Tensor:
    size = x.shape[axis]
    if mode in _GATHER_MODES:
        if size == 0:
            raise ValueError(f"For 'pad', the mode '{mode}' can not pad an empty axis.")
        if mode in ("reflect", "symmetric") and options["reflect_type"] == "odd":
            return _odd_reflection(x, axis, before, after, mode)
        source = onp.pad(onp.arange(size), (before, after), mode=mode)
        return ops.gather(x, Tensor(source.astype(onp.int64)), axis)
    if mode in ("constant", "empty"):
        low, high = options["constant_values"][axis] if mode == "constant" else (0, 0)
        pieces = [ops.full(_block_shape(x, axis, before), low, dtype=x.dtype), x,
                  ops.full(_block_shape(x, axis, after), high, dtype=x.dtype)]
    elif mode == "linear_ramp":
        low, high = options["end_values"][axis]
        pieces = [_ramp(x, axis, before, low, 0, True), x, _ramp(x, axis, after, high, size - 1, False)]
    else:
        low_len, high_len = options["stat_length"][axis] if options["stat_length"] is not None else (size, size)
        low = _statistic(mode, _take_range(x, axis, 0, min(low_len, size)), axis)
        high = _statistic(mode, _take_range(x, axis, size - min(high_len, size), size), axis)
        pieces = [ops.broadcast_to(low, _block_shape(x, axis, before)), x,
                  ops.broadcast_to(high, _block_shape(x, axis, after))]
    return ops.concat(pieces, axis)


def _odd_reflection(x: Tensor, axis: int, before: int, after: int, mode: str) -> Tensor:
    """NumPy's 'odd' reflections (a padded value is 2 * edge - the mirrored value, repeatedly) are
    linear in `x`: the weights come from padding the identity matrix."""
    size = x.shape[axis]
    weights = onp.pad(onp.eye(size), ((before, after), (0, 0)), mode=mode, reflect_type="odd")
    moved = ops.moveaxis(x, axis, 0)
    out = ops.reshape(ops.matmul(Tensor(weights, x.dtype), ops.reshape(moved, (size, -1))),
                      (weights.shape[0],) + tuple(moved.shape[1:]))
    return ops.moveaxis(out, 0, axis)


def _ramp(x: Tensor, axis: int, count: int, end_value, edge_index: int, leading: bool) -> Tensor:
    """`count` values going linearly from `end_value` toward the edge element (excluded)."""
    edge = _take_range(x, axis, edge_index, edge_index + 1)
    shape = [1] * x.ndim
    shape[axis] = count
    fraction = onp.arange(count) / count if count else onp.zeros(0)
    fraction = fraction if leading else fraction[::-1]
    weights = Tensor(fraction.reshape(shape), mstype.float32 if not is_float(x) else x.dtype)
    out = end_value + (to_float(edge) - end_value) * weights
    return out if is_float(x) else ops.cast(out, x.dtype)


def _statistic(mode: str, part: Tensor, axis: int) -> Tensor:
    if mode == "maximum":
        return ops.amax(part, axis, True)
    if mode == "minimum":
        return ops.amin(part, axis, True)
    if mode == "mean":
        mean = ops.mean(to_float(part), axis, True)
        return mean if is_float(part) else ops.cast(ops.round(mean), part.dtype)
    # NumPy's median averages the two middle values of an even count
    ordered = ops.sort(to_float(part), axis)[0]
    size = part.shape[axis]
    middle = (_take_range(ordered, axis, (size - 1) // 2, (size - 1) // 2 + 1)
              + _take_range(ordered, axis, size // 2, size // 2 + 1)) / 2
    return middle if is_float(part) else ops.cast(ops.round(middle), part.dtype)


def pad(arr, pad_width, mode="constant", stat_length=None, constant_values=0, end_values=0,
        reflect_type="even", **kwargs):
    """`arr` padded by pad_width[i] = (before, after) elements along each axis i, filled by `mode`
    (NumPy's modes; 'empty' pads zeros)."""
    arr = to_tensor(arr, None, "pad", "arr")
    if kwargs:
        raise TypeError(f"For 'pad', unexpected keyword arguments {sorted(kwargs)}.")
    if mode not in _PAD_MODES:
        raise ValueError(f"For 'pad', the 'mode' must be one of {_PAD_MODES}, but got {mode!r}.")
    if reflect_type not in ("even", "odd"):
        raise ValueError(f"For 'pad', the 'reflect_type' must be 'even' or 'odd', but got {reflect_type!r}.")
    widths = _per_axis(pad_width, arr.ndim, "pad", "pad_width")
    if any(int(w) != w or w < 0 for pair in widths for w in pair):
        raise ValueError(f"For 'pad', the 'pad_width' must be non-negative ints, but got {pad_width!r}.")
    options = {
        "constant_values": _per_axis(constant_values, arr.ndim, "pad", "constant_values"),
        "end_values": _per_axis(end_values, arr.ndim, "pad", "end_values"),
        "stat_length": None if stat_length is None else _per_axis(stat_length, arr.ndim, "pad", "stat_length"),
        "reflect_type": reflect_type,
    }
    out = arr
    for axis, (before, after) in enumerate(widths):
        if before or after:
            out = _pad_axis(out, axis, int(before), int(after), mode, options)
    return out


