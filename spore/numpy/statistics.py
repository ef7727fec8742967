"""mindspore.numpy's statistics and signal functions: histograms and `bincount`, covariance
and correlation coefficients, 1-D correlation and convolution, numerical `gradient`, `trapz`,
`interp` and `unwrap`. Counts come from comparison masks, so weights get gradients and the
output shapes depend only on the arguments (except `bincount` without `length`)."""
from __future__ import annotations

import math
import numbers

import numpy as onp

from .. import ops
from ..common import dtype as mstype
from ..common.tensor import Tensor
from .array_creations import diagonal, histogram_bin_edges
from .dtypes import result_type
from .selection import searchsorted
from .utils import cast, check_int, host_values, normalize_axis, to_float, to_tensor

__all__ = [
    "bincount", "histogram", "histogram2d", "histogramdd", "cov", "corrcoef", "correlate", "convolve",
    "gradient", "trapz", "interp", "unwrap",
]


def bincount(x, weights=None, minlength=0, length=None):
    """The number of occurrences (or summed `weights`) of each value 0..N-1 in the non-negative ints
    `x`; N is `length`, else max(x) + 1 (at least `minlength`, read from the values)."""
    x = to_tensor(x, None, "bincount", "x")
    if x.ndim != 1 or x.dtype not in mstype.int_type + mstype.uint_type:
        raise TypeError(f"For 'bincount', the 'x' must be a 1-D array of ints, but got a {x.ndim}-D {x.dtype} array.")
    minlength = check_int(minlength, "bincount", "minlength")
    if minlength < 0:
        raise ValueError(f"For 'bincount', the 'minlength' must be non-negative, but got {minlength}.")
    if length is None:
        values = host_values(x, "bincount", "x")
        if values.size and values.min() < 0:
            raise ValueError("For 'bincount', the 'x' must hold non-negative ints.")
        length = max(minlength, int(values.max()) + 1 if values.size else 0)
    length = check_int(length, "bincount", "length")
    hits = ops.cast(ops.expand_dims(x, 1) == ops.arange(0, length, 1).astype(x.dtype), mstype.float32)
    if weights is None:
        return ops.sum(hits, 0)
    weights = to_float(to_tensor(weights, None, "bincount", "weights"))
    if tuple(weights.shape) != tuple(x.shape):
        raise ValueError(f"For 'bincount', the 'weights' must have the shape of 'x' {tuple(x.shape)}, but got "
                         f"{tuple(weights.shape)}.")
    return ops.sum(cast(hits, weights.dtype) * ops.expand_dims(weights, 1), 0)


def _bin_masks(values, edges):
    """(N, bins) Float32 masks of which bin each value falls in: [e_i, e_i+1), the last bin closed."""
    values, edges = ops.expand_dims(to_float(values), 1), to_float(edges)
    above = values >= edges[:-1]
    below = ops.concat((values < edges[1:-1], values <= edges[-1:]), 1)
    return ops.cast(above & below, mstype.float32)


def histogram(a, bins=10, range=None, weights=None, density=False):
    """(counts per bin, bin edges) of the flattened `a`; `weights` are summed instead of counts, and
    `density` scales the counts to a probability density."""
    a = ops.reshape(to_tensor(a, None, "histogram"), (-1,))
    if weights is not None:
        weights = ops.reshape(to_float(to_tensor(weights, None, "histogram", "weights")), (-1,))
        if weights.shape != a.shape:
            raise ValueError("For 'histogram', the 'weights' must have the shape of 'a'.")
    edges = histogram_bin_edges(a, bins, range)
    hist, edges_list = _histogram_nd([a], [edges], weights, density)
    return hist, edges_list[0]


def _histogram_nd(columns, edges, weights, density):
    """The joint histogram of the 1-D `columns` over the per-dimension `edges`."""
    joint = None
    for d, (column, edge) in enumerate(zip(columns, edges)):
        masks = _bin_masks(column, edge)
        shape = (masks.shape[0],) + tuple(masks.shape[1] if i == d else 1 for i in range(len(columns)))
        masks = ops.reshape(masks, shape)
        joint = masks if joint is None else joint * masks
    if weights is not None:
        joint = cast(joint, weights.dtype) * ops.reshape(weights, (-1,) + (1,) * len(columns))
    hist = ops.sum(joint, 0)
    if density:
        volume = None
        for d, edge in enumerate(edges):
            width = ops.reshape(to_float(edge[1:] - edge[:-1]), tuple(-1 if i == d else 1 for i in range(len(edges))))
            volume = width if volume is None else volume * width
        hist = hist / ops.sum(hist) / cast(volume, hist.dtype)
    return hist, edges


def histogramdd(sample, bins=10, range=None, weights=None, density=False):
    """The D-dimensional histogram of N points (an (N, D) array, or D arrays of N): (counts, list of
    the D edge arrays). `bins` and `range` may be given per dimension."""
    if isinstance(sample, (list, tuple)):
        columns = [ops.reshape(to_tensor(s, None, "histogramdd", "sample"), (-1,)) for s in sample]
    else:
        sample = to_tensor(sample, None, "histogramdd", "sample")
        if sample.ndim != 2:
            raise ValueError(f"For 'histogramdd', the 'sample' must be 2-D (N, D), but got {sample.ndim}-D.")
        columns = list(ops.unstack(sample, 1))
    dims = len(columns)
    per_dim_bins = [bins] * dims if isinstance(bins, numbers.Integral) else list(bins)
    ranges = [None] * dims if range is None else list(range)
    if len(per_dim_bins) != dims or len(ranges) != dims:
        raise ValueError(f"For 'histogramdd', the 'bins' and 'range' must have one entry per dimension ({dims}).")
    edges = [cast(histogram_bin_edges(c, b, r), mstype.float32) for c, b, r in zip(columns, per_dim_bins, ranges)]
    if weights is not None:
        weights = ops.reshape(to_float(to_tensor(weights, None, "histogramdd", "weights")), (-1,))
    return _histogram_nd(columns, edges, weights, density)


def histogram2d(x, y, bins=10, range=None, weights=None, density=False):
    """The 2-D histogram of the points (x, y): (counts, x edges, y edges)."""
    x, y = to_tensor(x, None, "histogram2d", "x"), to_tensor(y, None, "histogram2d", "y")
    if x.ndim != 1 or tuple(x.shape) != tuple(y.shape):
        raise ValueError("For 'histogram2d', the 'x' and 'y' must be 1-D of one length.")
    if not isinstance(bins, numbers.Integral) and len(bins) != 2:
        bins = [bins, bins]  # one edge array shared by both dimensions
    hist, (x_edges, y_edges) = histogramdd((x, y), bins, range, weights, density)
    return hist, x_edges, y_edges


# ---- covariance ------------------------------------------------------------------------------


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, dtype=None):
    """The covariance matrix of the variables in the rows (columns unless `rowvar`) of `m` (and `y`),
    normalized by N - ddof (ddof: 0 with `bias`, else 1), with frequency and analytic weights."""
    x = to_float(to_tensor(m, None, "cov", "m"))
    if x.ndim > 2:
        raise ValueError(f"For 'cov', the 'm' must have at most 2 dimensions, but got {x.ndim}.")
    x = ops.reshape(x, (1, -1)) if x.ndim < 2 else x
    if not rowvar and x.shape[0] != 1:
        x = ops.transpose(x, (1, 0))
    if y is not None:
        other = to_float(to_tensor(y, None, "cov", "y"))
        other = ops.reshape(other, (1, -1)) if other.ndim < 2 else other
        if not rowvar and other.shape[0] != 1:
            other = ops.transpose(other, (1, 0))
        x = ops.concat((x, cast(other, x.dtype)), 0)
    x = cast(x, dtype) if dtype is not None else x
    ddof = (0 if bias else 1) if ddof is None else check_int(ddof, "cov", "ddof")
    weights = {}
    for w, name in ((fweights, "fweights"), (aweights, "aweights")):
        if w is not None:
            w = to_tensor(w, None, "cov", name)
            if w.ndim != 1 or w.shape[0] != x.shape[1]:
                raise ValueError(f"For 'cov', the '{name}' must be 1-D with one weight per observation "
                                 f"({x.shape[1]}).")
            weights[name] = w if name == "fweights" else cast(w, x.dtype)
    out = ops.cov(x, correction=ddof, **weights)
    return ops.reshape(out, ()) if out.shape == (1, 1) else out


def corrcoef(x, y=None, rowvar=True, dtype=None):
    """The Pearson correlation coefficients of the variables (cov normalized by the standard deviations),
    clipped to [-1, 1]."""
    c = cov(x, y, rowvar, dtype=dtype)
    if c.ndim == 0:
        return c / c
    d = ops.sqrt(diagonal(c))
    out = c / ops.expand_dims(d, 1) / ops.expand_dims(d, 0)
    return ops.clip(out, -1.0, 1.0)


# ---- correlation and convolution -------------------------------------------------------------


def _sliding(op: str, a, v, mode: str):
    """out[k] = sum_n a_padded[n + k] * v[n] for 1-D a (the longer) and v, padded for `mode`."""
    if mode not in ("valid", "same", "full"):
        raise ValueError(f"For '{op}', the 'mode' must be 'valid', 'same' or 'full', but got {mode!r}.")
    n = v.shape[0]
    before, after = {"valid": (0, 0), "same": (n // 2, n - 1 - n // 2), "full": (n - 1, n - 1)}[mode]
    padded = ops.concat((ops.zeros((before,), a.dtype), a, ops.zeros((after,), a.dtype)), 0)
    count = padded.shape[0] - n + 1
    windows = ops.gather(padded, Tensor(onp.arange(count)[:, None] + onp.arange(n)[None, :]), 0)
    return ops.sum(windows * v, 1, dtype=a.dtype)


def _signals(op: str, a, v):
    a, v = to_tensor(a, None, op, "a"), to_tensor(v, None, op, "v")
    if a.ndim != 1 or v.ndim != 1 or not a.shape[0] or not v.shape[0]:
        raise ValueError(f"For '{op}', the 'a' and 'v' must be non-empty 1-D arrays.")
    common = result_type(a, v)
    return cast(a, common), cast(v, common)


def correlate(a, v, mode="valid"):
    """The cross-correlation of the 1-D sequences: out[k] = sum_n a[n + k] * v[n]."""
    a, v = _signals("correlate", a, v)
    a, v = to_float(a), to_float(v)
    if v.shape[0] > a.shape[0]:
        return ops.flip(_sliding("correlate", v, a, mode), (0,))
    return _sliding("correlate", a, v, mode)


def convolve(a, v, mode="full"):
    """The discrete linear convolution of the 1-D sequences."""
    a, v = _signals("convolve", a, v)
    if v.shape[0] > a.shape[0]:
        a, v = v, a
    return _sliding("convolve", a, ops.flip(v, (0,)), mode)


# ---- calculus --------------------------------------------------------------------------------


def _slice(x, axis: int, start, stop):
    index = [slice(None)] * x.ndim
    index[axis] = slice(start, stop)
    return x[tuple(index)]


def _gradient_along(f, axis: int, spacing):
    """Central differences inside, one-sided at both ends, for a scalar step or 1-D coordinates."""
    if f.shape[axis] < 2:
        raise ValueError("For 'gradient', each differentiated axis must have at least 2 elements.")
    first = (_slice(f, axis, 1, 2) - _slice(f, axis, 0, 1))
    last = (_slice(f, axis, -1, None) - _slice(f, axis, -2, -1))
    if not isinstance(spacing, Tensor) or spacing.ndim == 0:
        step = spacing
        interior = (_slice(f, axis, 2, None) - _slice(f, axis, None, -2)) / (2 * step)
        return ops.concat((first / step, interior, last / step), axis)
    coords = to_float(spacing)
    if coords.ndim != 1 or coords.shape[0] != f.shape[axis]:
        raise ValueError("For 'gradient', coordinate spacings must be 1-D with the length of their axis.")
    h = ops.reshape(coords[1:] - coords[:-1], tuple(-1 if i == axis else 1 for i in range(f.ndim)))
    h_before, h_after = _slice(h, axis, None, -1), _slice(h, axis, 1, None)
    interior = (h_before * h_before * _slice(f, axis, 2, None)
                + (h_after * h_after - h_before * h_before) * _slice(f, axis, 1, -1)
                - h_after * h_after * _slice(f, axis, None, -2)) / (h_before * h_after * (h_before + h_after))
    return ops.concat((first / _slice(h, axis, 0, 1), interior, last / _slice(h, axis, -1, None)), axis)


def gradient(f, *varargs, axis=None, edge_order=1):
    """The gradient of the sampled `f`: second-order central differences inside, first-order at the
    ends. `varargs` give one spacing (scalar or coordinates) for all axes or one per axis. One axis
    gives a Tensor, several a list."""
    if edge_order != 1:
        raise ValueError(f"For 'gradient', only 'edge_order' 1 is supported, but got {edge_order}.")
    f = to_float(to_tensor(f, None, "gradient", "f"))
    axes = tuple(range(f.ndim)) if axis is None else \
        tuple(normalize_axis(i, f.ndim, "gradient") for i in (axis if isinstance(axis, (list, tuple)) else (axis,)))
    if not varargs:
        spacings = [1.0] * len(axes)
    elif len(varargs) == 1:
        spacings = list(varargs) * len(axes)
    elif len(varargs) == len(axes):
        spacings = list(varargs)
    else:
        raise TypeError(f"For 'gradient', give one spacing or one per axis ({len(axes)}), but got {len(varargs)}.")
    spacings = [s if isinstance(s, numbers.Real) else to_tensor(s, None, "gradient", "varargs") for s in spacings]
    out = [_gradient_along(f, a, s) for a, s in zip(axes, spacings)]
    return out[0] if len(out) == 1 else out


def trapz(y, x=None, dx=1.0, axis=-1):
    """The integral of `y` along `axis` by the trapezoidal rule, at sample points `x` or spacing `dx`."""
    y = to_float(to_tensor(y, None, "trapz", "y"))
    axis = normalize_axis(axis, y.ndim, "trapz")
    if x is None:
        return ops.trapz(y, dx=dx, dim=axis)
    return ops.trapz(y, cast(to_tensor(x, None, "trapz", "x"), y.dtype), dim=axis)


def interp(x, xp, fp, left=None, right=None):
    """Piecewise-linear interpolation at `x` of the points (xp, fp), xp increasing; `left` / `right`
    (default fp[0] / fp[-1]) outside [xp[0], xp[-1]]."""
    x = to_float(to_tensor(x, None, "interp", "x"))
    xp, fp = cast(to_tensor(xp, None, "interp", "xp"), x.dtype), cast(to_tensor(fp, None, "interp", "fp"), x.dtype)
    if xp.ndim != 1 or fp.ndim != 1 or xp.shape != fp.shape or not xp.shape[0]:
        raise ValueError("For 'interp', the 'xp' and 'fp' must be non-empty 1-D arrays of one length.")
    if xp.shape[0] == 1:
        inside = ops.broadcast_to(fp[0], tuple(x.shape))
    else:
        index = ops.clip(ops.cast(searchsorted(xp, x, "right"), mstype.int64) - 1, 0, xp.shape[0] - 2)
        x0, x1 = ops.gather(xp, index, 0), ops.gather(xp, index + 1, 0)
        y0, y1 = ops.gather(fp, index, 0), ops.gather(fp, index + 1, 0)
        inside = y0 + (x - x0) * (y1 - y0) / (x1 - x0)
    low = fp[0] if left is None else left
    high = fp[-1] if right is None else right
    out = ops.where(x < xp[0], ops.zeros_like(x) + low, inside)
    return ops.where(x > xp[-1], ops.zeros_like(x) + high, out)


def unwrap(p, discont=math.pi, axis=-1):
    """The phases `p` with jumps larger than `discont` along `axis` replaced by their 2*pi complement."""
    p = to_float(to_tensor(p, None, "unwrap", "p"))
    axis = normalize_axis(axis, p.ndim, "unwrap")
    if p.shape[axis] < 2:
        return p
    jumps = _slice(p, axis, 1, None) - _slice(p, axis, None, -1)
    wrapped = ops.remainder(jumps + math.pi, 2 * math.pi) - math.pi
    wrapped = ops.where((wrapped == -math.pi) & (jumps > 0), ops.zeros_like(wrapped) + math.pi, wrapped)
    correction = ops.where(ops.abs(jumps) < discont, ops.zeros_like(jumps), wrapped - jumps)
    return ops.concat((_slice(p, axis, 0, 1), _slice(p, axis, 1, None) + ops.cumsum(correction, axis)), axis)

