"""mindspore.numpy's reductions: sums, means, extrema (with NumPy's `initial` / `where`),
variances, the NaN-ignoring variants, cumulative sums and products, arg-extrema, `average`,
`count_nonzero` and `norm`."""
from __future__ import annotations

import math

from .. import ops
from ..common import dtype as mstype
from .utils import cast, check_int, is_float, normalize_axes, normalize_axis, to_float, to_tensor

__all__ = [
    "sum", "mean", "amax", "amin", "max", "min", "ptp", "var", "std", "average",
    "nansum", "nanmean", "nanmax", "nanmin", "nanvar", "nanstd", "nancumsum",
    "cumsum", "cumprod", "count_nonzero", "argmax", "argmin", "norm", "sometrue",
]


def _input(op: str, a, dtype=None):
    return cast(to_tensor(a, None, op, "a"), dtype)


def _axes(op: str, a, axis):
    """`axis` checked against `a` as a tuple (all axes for None)."""
    return normalize_axes(axis, a.ndim, op)


def sum(a, axis=None, dtype=None, keepdims=False, initial=None):
    """The sum over `axis` (None: all), plus `initial`."""
    a = _input("sum", a, dtype)
    out = ops.sum(a, _axes("sum", a, axis), keepdims)
    return out if initial is None else out + initial


def mean(a, axis=None, keepdims=False, dtype=None):
    """The arithmetic mean over `axis` (None: all)."""
    a = _input("mean", a, dtype)
    return ops.mean(a, _axes("mean", a, axis), keepdims)


def _extremum(op: str, reduce, a, axis, keepdims, initial, where):
    a = _input(op, a)
    if where is not True and initial is None:
        raise ValueError(f"For '{op}', an 'initial' value must be given with a 'where' mask.")
    where = None if where is True else to_tensor(where, None, op, "where")
    return reduce(a, _axes(op, a, axis), keepdims, initial=initial, where=where)


def amax(a, axis=None, keepdims=False, initial=None, where=True):
    """The maximum over `axis` (None: all), at least `initial`, over the elements `where` selects."""
    return _extremum("amax", ops.amax, a, axis, keepdims, initial, where)


def amin(a, axis=None, keepdims=False, initial=None, where=True):
    """The minimum over `axis` (None: all), at most `initial`, over the elements `where` selects."""
    return _extremum("amin", ops.amin, a, axis, keepdims, initial, where)


max = amax
min = amin


def ptp(x, axis=None, keepdims=False):
    """The range (maximum - minimum) over `axis` (None: all)."""
    x = _input("ptp", x)
    return x.ptp(_axes("ptp", x, axis), keepdims)


def var(x, axis=None, ddof=0, keepdims=False):
    """The variance over `axis` (None: all) with `ddof` delta degrees of freedom."""
    x = to_float(_input("var", x))
    return ops.var(x, _axes("var", x, axis), check_int(ddof, "var", "ddof"), keepdims)


def std(x, axis=None, ddof=0, keepdims=False):
    """The standard deviation over `axis` (None: all) with `ddof` delta degrees of freedom."""
    x = to_float(_input("std", x))
    return ops.std(x, _axes("std", x, axis), check_int(ddof, "std", "ddof"), keepdims)


def average(x, axis=None, weights=None, returned=False):
    """The mean over `axis` weighted by `weights` (x's shape, or 1-D along a single `axis`);
    with `returned`, also the sum of the weights."""
    x = _input("average", x)
    axes = _axes("average", x, axis)
    if weights is None:
        avg = ops.mean(x, axes)
        total = ops.full(tuple(avg.shape), math.prod(x.shape[i] for i in axes), dtype=avg.dtype)
        return (avg, total) if returned else avg
    weights = to_tensor(weights, None, "average", "weights")
    if tuple(weights.shape) != tuple(x.shape):
        if axis is None or weights.ndim != 1 or len(axes) != 1 or weights.shape[0] != x.shape[axes[0]]:
            raise ValueError(f"For 'average', the 'weights' must have the shape of 'x' {tuple(x.shape)}, or be 1-D "
                             f"of the length of the single 'axis', but got {tuple(weights.shape)}.")
        shape = [1] * x.ndim
        shape[axes[0]] = weights.shape[0]
        weights = ops.broadcast_to(ops.reshape(weights, tuple(shape)), tuple(x.shape))
    total = ops.sum(weights, axes)
    avg = ops.sum(x * weights, axes) / total
    return (avg, ops.broadcast_to(cast(total, avg.dtype), tuple(avg.shape))) if returned else avg


# ---- NaN-ignoring ------------------------------------------------------------------------------


def _without_nan(a, fill):
    return ops.where(ops.isnan(a), ops.full((), fill, dtype=a.dtype), a) if is_float(a) else a


def nansum(a, axis=None, dtype=None, keepdims=False):
    """The sum over `axis` treating NaN as 0."""
    a = _input("nansum", a, dtype)
    axes = _axes("nansum", a, axis)
    return ops.nansum(a, axes, keepdims) if is_float(a) else ops.sum(a, axes, keepdims, dtype=a.dtype)


def _nan_count(a, axes, keepdims):
    present = ops.logical_not(ops.isnan(a)) if is_float(a) else ops.ones_like(a, dtype=mstype.bool_)
    return ops.sum(ops.cast(present, a.dtype), axes, keepdims)


def nanmean(a, axis=None, dtype=None, keepdims=False):
    """The mean over `axis` of the non-NaN elements."""
    a = to_float(_input("nanmean", a, dtype))
    return ops.nanmean(a, _axes("nanmean", a, axis), keepdims)


def nanvar(a, axis=None, dtype=None, ddof=0, keepdims=False):
    """The variance over `axis` of the non-NaN elements, with `ddof` delta degrees of freedom."""
    a = to_float(_input("nanvar", a, dtype))
    axes = _axes("nanvar", a, axis)
    centered = _without_nan(a - ops.nanmean(a, axes, True), 0)  # zeros, not NaN, so NaN gradients stay out
    count = _nan_count(a, axes, keepdims)
    return ops.sum(centered * centered, axes, keepdims) / (count - check_int(ddof, "nanvar", "ddof"))


def nanstd(a, axis=None, dtype=None, ddof=0, keepdims=False):
    """The standard deviation over `axis` of the non-NaN elements."""
    return ops.sqrt(nanvar(a, axis, dtype, ddof, keepdims))


def _nan_extremum(op: str, reduce, fill, a, axis, dtype, keepdims):
    a = _input(op, a, dtype)
    axes = _axes(op, a, axis)
    out = reduce(_without_nan(a, fill), axes, keepdims)
    if not is_float(a):
        return out
    all_nan = ops.all(ops.isnan(a), axes, keepdims)  # such slices give NaN, as NumPy does
    return ops.where(all_nan, ops.full((), float("nan"), dtype=a.dtype), out)


def nanmax(a, axis=None, dtype=None, keepdims=False):
    """The maximum over `axis` ignoring NaN (NaN where a slice is all NaN)."""
    return _nan_extremum("nanmax", ops.amax, -math.inf, a, axis, dtype, keepdims)


def nanmin(a, axis=None, dtype=None, keepdims=False):
    """The minimum over `axis` ignoring NaN (NaN where a slice is all NaN)."""
    return _nan_extremum("nanmin", ops.amin, math.inf, a, axis, dtype, keepdims)


# ---- cumulative --------------------------------------------------------------------------------


def _cumulative(op: str, scan, a, axis, dtype):
    a = _input(op, a, dtype)
    if a.dtype == mstype.bool_ or (dtype is None and a.dtype in (mstype.int8, mstype.int16, mstype.uint8)):
        a = ops.cast(a, mstype.int32)  # small integers accumulate in Int32, as mindspore.numpy does
    if axis is None:
        return scan(ops.reshape(a, (-1,)), 0)
    return scan(a, normalize_axis(axis, a.ndim, op))


def cumsum(a, axis=None, dtype=None):
    """Running sums along `axis` (None: over the flattened array)."""
    return _cumulative("cumsum", ops.cumsum, a, axis, dtype)


def cumprod(a, axis=None, dtype=None):
    """Running products along `axis` (None: over the flattened array)."""
    return _cumulative("cumprod", ops.cumprod, a, axis, dtype)


def nancumsum(a, axis=None, dtype=None):
    """Running sums along `axis` treating NaN as 0."""
    a = _input("nancumsum", a, dtype)
    return _cumulative("nancumsum", ops.cumsum, _without_nan(a, 0), axis, None)


# ---- counts and positions ----------------------------------------------------------------------


def count_nonzero(x, axis=None, keepdims=False):
    """The number of nonzero elements over `axis` (Int32)."""
    x = _input("count_nonzero", x)
    nonzero = ops.cast(x != 0, mstype.int32)
    return ops.sum(nonzero, _axes("count_nonzero", x, axis), keepdims, dtype=mstype.int32)


def sometrue(a, axis=None, keepdims=False):
    """Whether any element over `axis` is nonzero."""
    a = _input("sometrue", a)
    return ops.any(a != 0, _axes("sometrue", a, axis), keepdims)


def _arg(op: str, reduce, a, axis, dtype):
    a = _input(op, a)
    if axis is None:
        return ops.cast(reduce(ops.reshape(a, (-1,)), 0), dtype)
    return ops.cast(reduce(a, normalize_axis(axis, a.ndim, op)), dtype)


def argmax(a, axis=None):
    """The index of the first maximum along `axis` (None: into the flattened array), Int64."""
    return _arg("argmax", ops.argmax, a, axis, mstype.int64)


def argmin(a, axis=None):
    """The index of the first minimum along `axis` (None: into the flattened array), Int32 (as
    mindspore.numpy gives)."""
    return _arg("argmin", ops.argmin, a, axis, mstype.int32)


# ---- norms -------------------------------------------------------------------------------------


def _vector_norm(x, ord, axis, keepdims):
    magnitude = ops.abs(x)
    if ord is None or ord == 2:
        return ops.sqrt(ops.sum(magnitude * magnitude, axis, keepdims))
    if ord == math.inf:
        return ops.amax(magnitude, axis, keepdims)
    if ord == -math.inf:
        return ops.amin(magnitude, axis, keepdims)
    if ord == 0:
        return ops.sum(ops.cast(x != 0, x.dtype), axis, keepdims)
    if isinstance(ord, str):
        raise ValueError(f"For 'norm', the 'ord' {ord!r} is a matrix norm, but a vector norm was asked for.")
    return ops.pow(ops.sum(ops.pow(magnitude, float(ord)), axis, keepdims), 1.0 / ord)


def _matrix_norm(x, ord, axes, keepdims):
    rows, cols = axes
    if ord in (None, "fro"):
        return ops.sqrt(ops.sum(x * x, axes, keepdims))
    if ord in ("nuc", 2, -2):
        planes = ops.moveaxis(x, axes, (-2, -1))
        singular = ops.svd(planes, compute_uv=False)
        out = ops.sum(singular, -1) if ord == "nuc" else (ops.amax if ord == 2 else ops.amin)(singular, -1)
        return ops.expand_dims(ops.expand_dims(out, min(axes)), max(axes)) if keepdims else out
    reductions = {1: (ops.amax, rows, cols), -1: (ops.amin, rows, cols),
                  math.inf: (ops.amax, cols, rows), -math.inf: (ops.amin, cols, rows)}
    if ord not in reductions:
        raise ValueError(f"For 'norm', the 'ord' of a matrix norm must be one of None, 'fro', 'nuc', 1, -1, 2, -2, "
                         f"inf, -inf, but got {ord!r}.")
    extremum, summed, kept = reductions[ord]
    sums = ops.sum(ops.abs(x), (summed,), True)
    out = extremum(sums, (kept,), True)
    return out if keepdims else ops.reshape(out, tuple(s for i, s in enumerate(out.shape) if i not in axes))


def norm(x, ord=None, axis=None, keepdims=False):
    """The vector norm (one axis, or a 1-D `x`) or matrix norm (two axes, or a 2-D `x`) of order `ord`;
    with ord and axis None, the 2-norm of the flattened `x`."""
    x = to_float(_input("norm", x))
    if axis is None and ord is None:  # the 2-norm over every element, whatever the rank
        return _vector_norm(x, None, tuple(range(x.ndim)), keepdims)
    if axis is None:
        if x.ndim not in (1, 2):
            raise ValueError(f"For 'norm', an 'x' of {x.ndim} dimensions needs 'axis' when 'ord' is given.")
        axis = tuple(range(x.ndim))
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    axes = tuple(normalize_axis(a, x.ndim, "norm") for a in axes)
    if len(axes) == 1:
        return _vector_norm(x, ord, axes, keepdims)
    if len(axes) == 2 and axes[0] != axes[1]:
        return _matrix_norm(x, ord, axes, keepdims)
    raise ValueError(f"For 'norm', the 'axis' must name one or two distinct axes, but got {axis!r}.")
