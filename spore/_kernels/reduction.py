"""Kernels of the primitives in ops/operations/reduce_ops.py.

A kernel that meets a dtype MindSpore rejects but torch would accept raises at once; the
Primitive then runs `infer`, which raises MindSpore's error for it.
"""
from __future__ import annotations

import operator

import torch

from . import dtype as mstype
from .registry import kernel, kernel_factory
from .tensor_data import TORCH_OF


def _dims(axis):
    """A reduction axis (int, sequence or tensor) as torch's `dim`: None for all axes."""
    if isinstance(axis, torch.Tensor):
        axis = axis.tolist()
    if isinstance(axis, int):
        return axis
    return tuple(axis) or None


def _optional_dims(dim):
    """The `dim` of the 2.x primitives, where None also means all axes."""
    return None if dim is None else _dims(dim)


def _torch_dtype(dtype):
    return None if dtype is None else TORCH_OF[mstype.as_dtype(dtype)]


def _unsupported(x: torch.Tensor):
    raise TypeError(f"unsupported input dtype {x.dtype}")


def _as_float(x: torch.Tensor, dtype) -> torch.Tensor:
    """`x` in `dtype`, or integer / Bool `x` in float32 (norms are floating point)."""
    if dtype is not None:
        return x.to(_torch_dtype(dtype))
    return x if x.is_floating_point() or x.is_complex() else x.to(torch.float32)


def _prod(x: torch.Tensor, dim, keepdim: bool, dtype) -> torch.Tensor:
    """torch.prod over `dim` (None, an int or several axes); torch reduces one axis at a time."""
    if dim is None:
        out = torch.prod(x, dtype=dtype)
        return out.reshape((1,) * x.dim()) if keepdim else out
    if isinstance(dim, int):
        return torch.prod(x, dim, keepdim=keepdim, dtype=dtype)
    ndim = max(x.dim(), 1)
    if len(set(dim)) != len(dim) or not all(-ndim <= d < ndim for d in dim):
        raise IndexError(f"invalid dims {dim} for a tensor of rank {x.dim()}")
    out = x
    for d in sorted((d % ndim for d in dim), reverse=True):
        out = torch.prod(out, d, keepdim=True, dtype=dtype)
    return out if keepdim else out.squeeze(dim)


# ---- ReduceXxx(keep_dims)(x, axis) -----------------------------------------------------
@kernel_factory("ReduceSum")
def reduce_sum(prim):
    keep, skip = prim.keep_dims, prim.skip_mode

    def run(x, axis=()):
        dim = _dims(axis)
        if dim is None and skip:
            return x
        if x.dtype is torch.bool:  # MindSpore's Bool sum saturates at True
            return torch.any(x, dim=dim, keepdim=keep)
        return torch.sum(x, dim=dim, keepdim=keep, dtype=x.dtype)
    return run


@kernel_factory("ReduceMean")
def reduce_mean(prim):
    keep = prim.keep_dims

    def run(x, axis=()):
        dim = _dims(axis)
        if x.is_floating_point() or x.is_complex():
            return torch.mean(x, dim=dim, keepdim=keep)
        if x.dtype is torch.bool:
            _unsupported(x)
        # MindSpore sums integers in their own dtype and truncates the quotient.
        total = torch.sum(x, dim=dim, keepdim=keep, dtype=x.dtype)
        count = x.numel() // max(total.numel(), 1)
        return torch.div(total, count, rounding_mode="trunc")
    return run


def _extremum(fn):
    def factory(prim):
        keep = prim.keep_dims

        def run(x, axis=()):
            if x.dtype is torch.bool:
                _unsupported(x)
            dim = _dims(axis)
            return fn(x, dim=() if dim is None else dim, keepdim=keep)
        return run
    return factory


kernel_factory("ReduceMax")(_extremum(torch.amax))
kernel_factory("ReduceMin")(_extremum(torch.amin))


@kernel_factory("ReduceProd")
def reduce_prod(prim):
    keep = prim.keep_dims

    def run(x, axis=()):
        if x.dtype is torch.bool:  # MindSpore's Bool product is a logical and
            return torch.all(x, dim=_dims(axis), keepdim=keep)
        return _prod(x, _dims(axis), keep, x.dtype)
    return run


def _logical(fn):
    def factory(prim):
        keep = prim.keep_dims

        def run(x, axis=()):
            if x.dtype is not torch.bool:
                x = x != 0
            return fn(x, dim=_dims(axis), keepdim=keep)
        return run
    return factory


kernel_factory("ReduceAll")(_logical(torch.all))
kernel_factory("ReduceAny")(_logical(torch.any))


@kernel("SumExt")
def sum_ext(input, dim=None, keepdim=False, dtype=None):
    return torch.sum(input, dim=_optional_dims(dim), keepdim=keepdim, dtype=_torch_dtype(dtype))


@kernel("ProdExt")
def prod_ext(input, dim=None, keepdim=False, dtype=None):
    return _prod(input, _optional_dims(dim), keepdim, _torch_dtype(dtype))


# ---- index of the extremum ----------------------------------------------------------------
def _arg_reduce(fn):
    def factory(prim):
        axis, out_dtype = prim.axis, TORCH_OF[prim.output_type]

        def run(x):
            if x.dtype is torch.bool:
                _unsupported(x)
            return fn(x, dim=axis).to(out_dtype)
        return run
    return factory


kernel_factory("Argmax")(_arg_reduce(torch.argmax))
kernel_factory("Argmin")(_arg_reduce(torch.argmin))


def _arg_reduce_with_value(fn):
    def factory(prim):
        axis, keep = prim.axis, prim.keep_dims

        def run(x):
            if x.dtype is torch.bool:
                _unsupported(x)
            values, indices = fn(x, dim=axis, keepdim=keep)
            return indices, values
        return run
    return factory


kernel_factory("ArgMaxWithValue")(_arg_reduce_with_value(torch.max))
kernel_factory("ArgMinWithValue")(_arg_reduce_with_value(torch.min))


# ---- cumulative ---------------------------------------------------------------------------
def _shift(out: torch.Tensor, axis: int, identity) -> torch.Tensor:
    """`out` moved one step along `axis`, `identity` filling the first position."""
    n = out.shape[axis]
    if n == 0:
        return out
    head = torch.full_like(out.narrow(axis, 0, 1), identity)
    return torch.cat((head, out.narrow(axis, 0, n - 1)), dim=axis)


def _scan(fn, identity):
    def factory(prim):
        exclusive, reverse = prim.exclusive, prim.reverse

        def run(x, axis):
            if x.dim() == 0 or x.dtype is torch.bool:
                _unsupported(x)
            if reverse:
                x = x.flip(axis)
            out = fn(x, axis, dtype=x.dtype)
            if exclusive:
                out = _shift(out, axis, identity)
            return out.flip(axis) if reverse else out
        return run
    return factory


kernel_factory("CumSum")(_scan(torch.cumsum, 0))
kernel_factory("CumProd")(_scan(torch.cumprod, 1))


# ---- logsumexp, moments -------------------------------------------------------------------
@kernel("LogSumExp")
def log_sum_exp(input, dim, keepdim=False):
    if not input.is_floating_point():
        _unsupported(input)
    dims = _dims(dim)
    if dims is None:  # torch wants the axes spelled out; a 0-d tensor has axis 0 only
        dims = tuple(range(input.dim())) or 0
    return torch.logsumexp(input, dim=dims, keepdim=keepdim)


@kernel_factory("ReduceStd")
def reduce_std(prim):
    dim, correction, keep = prim.axis or None, int(prim.unbiased), prim.keep_dims

    def run(x):
        return tuple(torch.std_mean(x, dim=dim, correction=correction, keepdim=keep))
    return run


@kernel("Std")
def std(input, dim=None, correction=1, keepdim=False):
    return torch.std(input, dim=_optional_dims(dim), correction=correction, keepdim=keepdim)


@kernel("Var")
def var(input, dim=None, correction=1, keepdim=False):
    return torch.var(input, dim=_optional_dims(dim), correction=correction, keepdim=keepdim)


# ---- norms --------------------------------------------------------------------------------
@kernel_factory("LpNorm")
def lp_norm(prim):
    dim, p, keep, eps = prim.axis, prim.p, prim.keep_dims, prim.epsilon

    def run(input):
        if not input.is_floating_point():
            _unsupported(input)
        if p == 0:
            out = (input != 0).sum(dim=dim, keepdim=keep, dtype=input.dtype)
        else:
            out = torch.linalg.vector_norm(input, ord=p, dim=dim, keepdim=keep)
        return out.clamp_min(eps)
    return run


@kernel("LinalgVectorNorm")
def linalg_vector_norm(x, ord=2, dim=None, keepdim=False, dtype=None):
    return torch.linalg.vector_norm(_as_float(x, dtype), ord=ord, dim=_optional_dims(dim), keepdim=keepdim)


@kernel("MatrixNorm")
def matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False, dtype=None):
    return torch.linalg.matrix_norm(_as_float(A, dtype), ord=ord, dim=tuple(dim), keepdim=keepdim)



@kernel_factory("EuclideanNorm")
def euclidean_norm(prim):
    keep = prim.keep_dims

    def run(x, axes):
        dims = _dims(axes) or ()
        if x.is_floating_point():
            return torch.linalg.vector_norm(x, 2, dim=dims, keepdim=keep)
        if x.dtype is torch.bool:
            _unsupported(x)
        # Integers: the square root of the integer sum of squares, truncated as MindSpore does.
        squares = torch.sum(x * x, dim=dims, keepdim=keep, dtype=torch.float64)
        return torch.sqrt(squares).to(x.dtype)
    return run


# ---- medians ------------------------------------------------------------------------------
@kernel_factory("Median")
def median(prim):
    whole, axis, keep, ignore_nan = prim.global_median, prim.axis, prim.keep_dims, prim.ignore_nan
    fn = torch.nanmedian if ignore_nan else torch.median

    def run(x):
        if whole:
            return fn(x), torch.zeros((), dtype=torch.int64, device=x.device)
        values, indices = fn(x, dim=axis, keepdim=keep)
        return values, indices
    return run


@kernel_factory("Quantile")
def quantile(prim):
    dim, keep = prim.dim, prim.keep_dims
    fn = torch.nanquantile if prim.ignore_nan else torch.quantile

    def run(input, q):
        if q.dtype is not input.dtype or not input.is_floating_point() or input.dtype is torch.float16:
            _unsupported(input)
        return fn(input, q, dim=dim, keepdim=keep)
    return run


# ---- cumulative extrema and logsumexp -----------------------------------------------------
def _cumulative_extremum(fn):
    def factory(prim):
        axis, index_dtype = prim.axis, TORCH_OF[prim.index_dtype]

        def run(input):
            if input.dim() == 0 or input.dtype is torch.bool:
                _unsupported(input)
            values, indices = fn(input, axis)
            return values, indices.to(index_dtype)
        return run
    return factory


kernel_factory("Cummax")(_cumulative_extremum(torch.cummax))
kernel_factory("Cummin")(_cumulative_extremum(torch.cummin))


@kernel_factory("CumulativeLogsumexp")
def cumulative_logsumexp(prim):
    exclusive, reverse = prim.exclusive, prim.reverse

    def run(x, axis):
        if not x.is_floating_point() or x.dim() == 0:
            _unsupported(x)
        axis = operator.index(axis)
        if reverse:
            x = x.flip(axis)
        out = torch.logcumsumexp(x, axis)
        if exclusive:
            out = _shift(out, axis, torch.finfo(x.dtype).min)
        return out.flip(axis) if reverse else out
    return run


# ---- searching and counting ---------------------------------------------------------------
@kernel_factory("SearchSorted")
def search_sorted(prim):
    out_int32, right = prim.dtype is mstype.int32, prim.right

    def run(sorted_sequence, values, sorter=None):
        if sorted_sequence.dtype is not values.dtype or sorted_sequence.dtype is torch.bool:
            _unsupported(values)
        return torch.searchsorted(sorted_sequence, values, out_int32=out_int32, right=right, sorter=sorter)
    return run


@kernel_factory("Bucketize")
def bucketize(prim):
    boundaries = prim.boundaries

    def run(input):
        if input.dtype not in (torch.int32, torch.int64, torch.float16, torch.float32, torch.float64):
            _unsupported(input)
        edges = torch.tensor(boundaries, dtype=input.dtype if input.is_floating_point() else torch.float64,
                             device=input.device)
        return torch.bucketize(input, edges, out_int32=True, right=True)
    return run


@kernel("Bincount")
def bincount(array, size, weights):
    if array.dtype is not torch.int32:
        _unsupported(array)
    size = int(size)
    # Elements outside [0, size) are not counted: they go to an extra bin, dropped below.
    kept = torch.where((array >= 0) & (array < size), array, size).reshape(-1).long()
    if weights.numel() == 0:
        weights = torch.ones_like(array, dtype=weights.dtype)
    out = torch.zeros(size + 1, dtype=weights.dtype, device=array.device)
    return out.index_add_(0, kept, weights.reshape(-1))[:size]


@kernel_factory("CountNonZero")
def count_nonzero(prim):
    dims = prim.dims

    def run(x):
        return torch.count_nonzero(x, dim=None if dims is None else _dims(dims))
    return run


@kernel_factory("Histogram")
def histogram(prim):
    bins, lo, hi = prim.bins, prim.min, prim.max

    def run(x):
        if x.dtype not in (torch.float16, torch.float32, torch.int32):
            _unsupported(x)
        values = x.float()
        low, high = lo, hi
        if low == high and values.numel():  # the range of the data
            low, high = values.min().item(), values.max().item()
        return torch.histc(values, bins=bins, min=low, max=high).to(x.dtype)
    return run


@kernel_factory("HistogramFixedWidth")
def histogram_fixed_width(prim):
    nbins = prim.nbins

    def run(x, range):
        low, high = range.double()
        position = (x.double() - low) / (high - low) * nbins
        bins = position.floor().clamp(0, nbins - 1).long().reshape(-1)
        return torch.bincount(bins, minlength=nbins).to(torch.int32)
    return run


@kernel_factory("InTopK")
def in_top_k(prim):
    k = prim.k

    def run(x1, x2):
        if x1.dtype not in (torch.float16, torch.float32) or x1.dim() != 2 or x2.shape != x1.shape[:1]:
            _unsupported(x1)
        target = x1.gather(1, x2.long().unsqueeze(1))
        beaten_by = (x1 > target).sum(dim=1)
        return beaten_by < k
    return run


@kernel_factory("LogSpace")
def log_space(prim):
    steps, base, dtype = prim.steps, prim.base, TORCH_OF[prim.dtype]

    def run(start, end):
        values = torch.logspace(float(start), float(end), steps, base, dtype=torch.float64, device=start.device)
        return values.to(dtype)
    return run
