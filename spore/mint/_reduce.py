"""mint's reductions, sorts and scans: PyTorch's `dim` / `keepdim` / `correction` spelling over
the ops functions; indices come as Int64 as in PyTorch."""
from __future__ import annotations

from spore import ops
from spore.common import dtype as mstype
from spore.common.tensor import Tensor


def _as_int64(indices):
    return ops.cast(indices, mstype.int64)


def _all_dims(dim):
    """PyTorch spells 'every dim' as None or ()."""
    return dim is None or (isinstance(dim, (tuple, list)) and len(dim) == 0)


def all(input, dim=None, keepdim=False):
    """Whether every element (over dim, all by default) is true, a Bool Tensor."""
    return ops.all(input, None if _all_dims(dim) else dim, keepdim)


def any(input, dim=None, keepdim=False):
    """Whether some element (over dim, all by default) is true, a Bool Tensor."""
    return ops.any(input, None if _all_dims(dim) else dim, keepdim)


def amax(input, dim=(), keepdim=False):
    """The largest values over dim (every dim by default)."""
    return ops.amax(input, None if _all_dims(dim) else dim, keepdim)


def amin(input, dim=(), keepdim=False):
    """The smallest values over dim (every dim by default)."""
    return ops.amin(input, None if _all_dims(dim) else dim, keepdim)


def argmin(input, dim=None, keepdim=False):
    """Int64 index of the smallest value over dim (of the flattened input when dim is None)."""
    return _as_int64(ops.argmin(input, dim, keepdim))


def _reduce_with_indices(name, reduce, reduce_all, args, kwargs):
    """max / min overloads: (input) -> value; (input, dim, keepdim=False) -> (values, indices);
    (input, other) -> the elementwise extreme."""
    if len(args) + len(kwargs) > 3:
        raise TypeError(f"For '{name}', expected at most 3 arguments, but got {len(args) + len(kwargs)}.")
    input = kwargs.pop('input') if 'input' in kwargs else args[0]
    rest = args[1:] if 'input' not in kwargs else args
    if 'other' in kwargs or (rest and isinstance(rest[0], Tensor)):
        other = kwargs.pop('other') if 'other' in kwargs else rest[0]
        return (ops.maximum if name == 'max' else ops.minimum)(input, other)
    dim = kwargs.pop('dim') if 'dim' in kwargs else (rest[0] if rest else None)
    keepdim = kwargs.pop('keepdim') if 'keepdim' in kwargs else (rest[1] if len(rest) > 1 else False)
    if kwargs:
        raise TypeError(f"For '{name}', got unexpected keyword arguments {sorted(kwargs)}.")
    if dim is None:
        return reduce_all(input)
    values, indices = reduce(input, dim, keepdim)
    return values, _as_int64(indices)


def max(*args, **kwargs):
    """max(input) -> the largest element; max(input, dim, keepdim=False) -> (values, Int64 indices);
    max(input, other) -> the elementwise maximum."""
    return _reduce_with_indices('max', ops.max, ops.amax, args, dict(kwargs))


def min(*args, **kwargs):
    """min(input) -> the smallest element; min(input, dim, keepdim=False) -> (values, Int64 indices);
    min(input, other) -> the elementwise minimum."""
    return _reduce_with_indices('min', ops.min, ops.amin, args, dict(kwargs))


def mean(input, dim=None, keepdim=False, *, dtype=None):
    """Mean over dim (all by default); dtype casts input first."""
    if dtype is not None:
        input = ops.cast(input, dtype)
    return ops.mean(input, None if _all_dims(dim) else dim, keepdim)


def prod(input, dim=None, keepdim=False, *, dtype=None):
    """Product over dim (all by default); dtype casts input first."""
    return ops.prod(input, dim, keepdim, dtype)


def nansum(input, dim=None, keepdim=False, *, dtype=None):
    """Sum over dim (all by default) counting NaN as zero."""
    return ops.nansum(input, None if _all_dims(dim) else dim, keepdim, dtype=dtype)


def median(input, dim=None, keepdim=False):
    """median(input) -> the lower median of all elements; median(input, dim, keepdim=False) ->
    (values, Int64 indices) along dim."""
    if dim is None:
        values, _ = ops.median(ops.reshape(input, (-1,)), 0, False)
        return values
    values, indices = ops.median(input, dim, keepdim)
    return values, _as_int64(indices)


def kthvalue(input, k, dim=-1, keepdim=False):
    """The k-th smallest element along dim (k counts from 1): (values, Int64 indices)."""
    if not isinstance(k, int) or isinstance(k, bool):
        raise TypeError(f"For 'kthvalue', 'k' must be an int, but got {type(k).__name__}.")
    size = input.shape[dim] if input.ndim else 1
    if not 1 <= k <= size:
        raise ValueError(f"For 'kthvalue', 'k' must be in [1, {size}], but got {k}.")
    values, indices = ops.sort(input, dim)
    values, indices = ops.narrow(values, dim, k - 1, 1), ops.narrow(indices, dim, k - 1, 1)
    if not keepdim:
        values, indices = ops.squeeze(values, dim), ops.squeeze(indices, dim)
    return values, _as_int64(indices)


def _check_correction(name, correction):
    if not isinstance(correction, int) or isinstance(correction, bool):
        raise TypeError(f"For '{name}', 'correction' must be an int, but got {type(correction).__name__}.")


def std(input, dim=None, *, correction=1, keepdim=False):
    """Standard deviation over dim, dividing by N - correction."""
    _check_correction('std', correction)
    return ops.std(input, dim, correction, keepdim)


def var(input, dim=None, *, correction=1, keepdim=False):
    """Variance over dim, dividing by N - correction."""
    _check_correction('var', correction)
    return ops.var(input, dim, correction, keepdim)


def std_mean(input, dim=None, *, correction=1, keepdim=False):
    """(standard deviation, mean) over dim."""
    _check_correction('std_mean', correction)
    return ops.std_mean(input, dim, correction, keepdim)


def var_mean(input, dim=None, *, correction=1, keepdim=False):
    """(variance, mean) over dim."""
    _check_correction('var_mean', correction)
    return ops.var_mean(input, dim, correction, keepdim)


def count_nonzero(input, dim=None):
    """Int64 count of nonzero elements over dim (all by default)."""
    return ops.count_nonzero(input, () if dim is None else dim, False, mstype.int64)


def sort(input, *, dim=-1, descending=False, stable=False):
    """(sorted values, Int64 indices) along dim; the sort is always stable here."""
    values, indices = ops.sort(input, dim, descending)
    return values, _as_int64(indices)


def argsort(input, dim=-1, descending=False, stable=False):
    """Int64 indices that sort input along dim (a stable sort)."""
    return _as_int64(ops.argsort(input, dim, descending))


def topk(input, k, dim=-1, largest=True, sorted=True):
    """The k largest (or smallest) elements along dim: (values, Int64 indices)."""
    values, indices = ops.topk(input, k, dim, largest, sorted)
    return values, _as_int64(indices)


def cummax(input, dim):
    """Running maximum along dim: (values, Int64 indices)."""
    values, indices = ops.cummax(input, dim)
    return values, _as_int64(indices)


def cummin(input, dim):
    """Running minimum along dim: (values, Int64 indices)."""
    values, indices = ops.cummin(input, dim)
    return values, _as_int64(indices)


def cumsum(input, dim, dtype=None):
    """Running sum along dim; dtype casts input first."""
    return ops.cumsum(input, dim, dtype)


def logsumexp(input, dim, keepdim=False):
    """log(sum(exp(input))) over dim, computed stably; integer and Bool inputs give Float32."""
    if isinstance(input, Tensor) and input.dtype not in mstype.float_type:
        input = ops.cast(input, mstype.float32)
    return ops.logsumexp(input, dim, keepdim)


def bincount(input, weights=None, minlength=0):
    """Occurrences of each value 0..max(input) (at least minlength bins) in the non-negative 1-D
    integer input: Int64 counts, or sums of weights when given."""
    if weights is not None:
        return ops.bincount(input, weights, minlength)
    unit_weights = ops.ones(input.shape, mstype.float64) if isinstance(input, Tensor) else None
    return ops.cast(ops.bincount(input, unit_weights, minlength), mstype.int64)
