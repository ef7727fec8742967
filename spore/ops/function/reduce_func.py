"""Functional API of the reductions (`ops.sum`, `ops.max`, `ops.cumsum`, `ops.norm`, ...)
and the Tensor methods built on them.

A few MindSpore compositions use operators of other families (reshape, cast, expand_dims,
maximum, minimum, where); they are reached through the functional API at call time.
"""
from __future__ import annotations

import builtins
import functools

from ...common import dtype as mstype
from ...common.tensor import Tensor
from .. import function as F
from ..operations import reduce_ops as R
from ..primitive import PRIMITIVES, Primitive
from ..validator import check_bool, check_tensor, check_type

__all__ = [
    "sum", "mean", "prod", "amax", "amin", "max", "min", "all", "any", "argmax", "argmin",
    "cumsum", "cumprod", "logsumexp", "norm", "vector_norm", "matrix_norm", "std", "var",
    "reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "nansum", "nanmean", "aminmax",
    "count_nonzero", "std_mean", "var_mean", "median", "nanmedian", "quantile", "nanquantile",
    "msort", "cummax", "cummin", "logcumsumexp", "diff", "diff_ext", "trapz", "searchsorted",
    "bucketize", "bincount", "histc", "intopk", "logspace",
]


@functools.cache
def primitive(name: str, *attrs) -> Primitive:
    """The Primitive class `name` (of any family) built with `attrs`, once per distinct
    attributes: functions whose call arguments are primitive attributes use this."""
    return PRIMITIVES[name](*attrs)


_sum_ext, _prod_ext = R.SumExt(), R.ProdExt()
_logsumexp, _std, _var = R.LogSumExp(), R.Std(), R.Var()
_vector_norm, _matrix_norm = R.LinalgVectorNorm(), R.MatrixNorm()
_cumsum, _cumprod = R.CumSum(), R.CumProd()


def _all_axes(axis):
    """MindSpore's reductions spell "every axis" as None in functions, () in primitives."""
    return () if axis is None else axis


# ---- sums, means, products ----------------------------------------------------------------
def sum(input, dim=None, keepdim=False, *, dtype=None):
    """The sum over `dim` (int, tuple or list; None: all axes). Integer and Bool inputs
    sum in Int64 unless `dtype` is given; with `dtype` the input is cast first."""
    return _sum_ext(input, dim, keepdim, dtype)


def mean(x, axis=None, keep_dims=False):
    """The mean over `axis` (None: all axes); integer inputs give the truncated integer mean."""
    return primitive("ReduceMean", keep_dims)(x, _all_axes(axis))


def prod(input, axis=None, keep_dims=False, dtype=None):
    """The product over `axis` (None: all axes); integer and Bool inputs multiply in
    Int64 unless `dtype` is given."""
    return _prod_ext(input, axis, keep_dims, dtype)


def all(input, axis=None, keep_dims=False):
    """Whether every element over `axis` (None: all axes) is nonzero; the result is Bool."""
    return primitive("ReduceAll", keep_dims)(input, _all_axes(axis))


def any(input, axis=None, keep_dims=False):
    """Whether some element over `axis` (None: all axes) is nonzero; the result is Bool."""
    return primitive("ReduceAny", keep_dims)(input, _all_axes(axis))


# ---- extrema --------------------------------------------------------------------------
def _initial_and_where(op: str, input, initial, where, compare: str):
    """NumPy's `initial` and `where` reduction arguments applied to `input` before a max
    (compare='maximum') or min (compare='minimum'): every element is compared with
    `initial`, and elements where the mask is False become `initial`."""
    if initial is not None:
        check_type(op, "initial", initial, (int, float, bool))
        initial = mstype.dtype_to_pytype(input.dtype)(initial)
        input = getattr(F, compare)(input, initial)
    if where is not None and where is not True:
        if initial is None:
            raise ValueError(f"For '{op}', an 'initial' value must be given with a 'where' mask.")
        input = F.where(where, input, initial)
    return input


def amax(input, axis=None, keepdims=False, *, initial=None, where=None):
    """The maximum over `axis` (int, tuple or list; None: all axes)."""
    input = _initial_and_where("amax", input, initial, where, "maximum")
    return primitive("ReduceMax", keepdims)(input, _all_axes(axis))


def amin(input, axis=None, keepdims=False, *, initial=None, where=None):
    """The minimum over `axis` (int, tuple or list; None: all axes)."""
    input = _initial_and_where("amin", input, initial, where, "minimum")
    return primitive("ReduceMin", keepdims)(input, _all_axes(axis))


def _extremum_with_index(op: str, reduce: str, with_value: str, compare: str, input, axis, keepdims,
                         initial, where):
    """ops.max / ops.min: the `reduce` primitive over all elements when `axis` is None,
    else the `with_value` primitive (ArgMaxWithValue / ArgMinWithValue) along `axis`."""
    if axis is None:
        # MindSpore reduces every element and reports index 0 whatever the position.
        check_tensor(op, "input", input)
        return primitive(reduce, False)(input, ()), Tensor(0, mstype.int64)
    check_type(op, "axis", axis, int)
    input = _initial_and_where(op, input, initial, where, compare)
    indices, values = primitive(with_value, axis, keepdims)(input)
    return values, indices


def max(input, axis=None, keepdims=False, *, initial=None, where=None):
    """(values, indices) of the maximum along the int `axis`. With axis None: the maximum
    of all elements, and index 0 (as MindSpore returns)."""
    return _extremum_with_index("max", "ReduceMax", "ArgMaxWithValue", "maximum",
                                input, axis, keepdims, initial, where)


def min(input, axis=None, keepdims=False, *, initial=None, where=None):
    """(values, indices) of the minimum along the int `axis`. With axis None: the minimum
    of all elements, and index 0 (as MindSpore returns)."""
    return _extremum_with_index("min", "ReduceMin", "ArgMinWithValue", "minimum",
                                input, axis, keepdims, initial, where)


def _arg_extremum(op: str, prim: str, input, axis, keepdims, output_type):
    """ops.argmax / ops.argmin through the Argmax / Argmin primitive `prim`."""
    check_tensor(op, "input", input)
    if not input.shape:
        return Tensor(0, mstype.int64)
    if axis is None:  # the index into the flattened input
        return primitive(prim, 0, output_type)(F.reshape(input, (-1,)))
    out = primitive(prim, axis, output_type)(input)
    return F.expand_dims(out, axis) if keepdims else out


def argmax(input, dim=None, keepdim=False):
    """Int64 indices of the maxima along `dim` (None: the index into the flattened input;
    `keepdim` is then ignored)."""
    check_bool("argmax", "keepdim", keepdim)
    if isinstance(input, Tensor) and input.dtype is mstype.bool_:
        input = F.cast(input, mstype.int32)
    return _arg_extremum("argmax", "Argmax", input, dim, keepdim, mstype.int64)


def argmin(input, axis=None, keepdims=False):
    """Int32 indices of the minima along `axis` (None: the index into the flattened input;
    `keepdims` is then ignored)."""
    check_bool("argmin", "keepdims", keepdims)
    return _arg_extremum("argmin", "Argmin", input, axis, keepdims, mstype.int32)


# ---- cumulative, logsumexp ----------------------------------------------------------------
def cumsum(x, axis, dtype=None):
    """The cumulative sum along `axis`, of `x` cast to `dtype` first when given."""
    if dtype is not None and x.dtype is not mstype.as_dtype(dtype):
        x = F.cast(x, dtype)
    return _cumsum(x, axis)


def cumprod(input, dim, dtype=None):
    """The cumulative product along `dim`, cast to `dtype` afterwards when given."""
    out = _cumprod(input, dim)
    return out if dtype is None else F.cast(out, dtype)


def logsumexp(input, dim, keepdim=False):
    """log(sum(exp(input))) over `dim` (int, tuple or list; (): all axes), computed stably."""
    return _logsumexp(input, dim, keepdim)


# ---- norms --------------------------------------------------------------------------------
def vector_norm(x, ord=2, axis=None, keepdims=False, *, dtype=None):
    """The vector `ord`-norm over `axis` (None: all elements): (sum |x|^ord)^(1/ord); inf and
    -inf give max and min |x|, 0 the number of nonzero elements."""
    return _vector_norm(x, ord, axis, keepdims, dtype)


def matrix_norm(A, ord="fro", axis=(-2, -1), keepdims=False, *, dtype=None):
    """The matrix `ord`-norm over the two axes `axis`: 'fro', 'nuc', 1, -1, 2, -2, inf, -inf."""
    return _matrix_norm(A, ord, axis, keepdims, dtype)


def _norm_axes(A, ord, dim) -> tuple | None:
    """The axes ops.norm reduces, or None for the 2-norm of all elements (what `ord` None
    means with `dim` None, and also 'fro' of a matrix or 2 of a vector)."""
    if dim is None:
        if ord is None or (ord == "fro" and A.ndim == 2) or (ord == 2 and A.ndim == 1):
            return None
        return tuple(range(A.ndim))
    if isinstance(dim, int) and not isinstance(dim, bool):
        return (dim,)
    if not isinstance(dim, tuple):
        raise TypeError(f"For 'norm', the 'dim' must be an int or a tuple of ints, but got {type(dim).__name__}.")
    return dim


def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None):
    """NumPy's linalg.norm: a vector norm over one axis of `dim`, a matrix norm over two;
    ord None is the 2-norm of vectors and the Frobenius norm of matrices (and, with dim
    None, the 2-norm of all elements whatever the rank)."""
    check_tensor("norm", "A", A)
    axes = _norm_axes(A, ord, dim)
    if axes is None:
        return _vector_norm(A, 2, None, keepdim, dtype)
    if len(axes) == 1:
        if isinstance(ord, str):
            raise TypeError(f"For 'norm', the 'ord' of a vector norm must be a number, but got '{ord}'.")
        return _vector_norm(A, 2 if ord is None else ord, axes, keepdim, dtype)
    if len(axes) == 2:
        if ord not in (None,) + R.MATRIX_ORDS:
            raise ValueError(f"For 'norm', the 'ord' of a matrix norm must be one of "
                             f"{[None, *R.MATRIX_ORDS]}, but got {ord!r}.")
        return _matrix_norm(A, "fro" if ord is None else ord, axes, keepdim, dtype)
    raise ValueError(f"For 'norm', the norm is over 1 or 2 axes, but got axes {axes} for an input of "
                     f"shape {A.shape}.")


# ---- moments ------------------------------------------------------------------------------
def _check_moment_args(op: str, ddof, keepdims) -> int:
    check_type(op, "ddof", ddof, (int, bool))
    check_bool(op, "keepdims", keepdims)
    return int(ddof)


def std(input, axis=None, ddof=0, keepdims=False):
    """The standard deviation over `axis` (None: all axes), dividing by N - ddof."""
    return _std(input, axis, _check_moment_args("std", ddof, keepdims), keepdims)


def var(input, axis=None, ddof=0, keepdims=False):
    """The variance over `axis` (None: all axes), dividing by N - ddof."""
    return _var(input, axis, _check_moment_args("var", ddof, keepdims), keepdims)


# ---- MindSpore 1.x reduction functions ------------------------------------------------------
def reduce_sum(x, axis=()):
    """ReduceSum over `axis` (() means all axes): the sum in x's dtype."""
    return primitive("ReduceSum", False)(x, axis)


def reduce_mean(x, axis=()):
    """ReduceMean over `axis` (() means all axes)."""
    return primitive("ReduceMean", False)(x, axis)


def reduce_max(x, axis=()):
    """ReduceMax over `axis` (() means all axes)."""
    return primitive("ReduceMax", False)(x, axis)


def reduce_min(x, axis=()):
    """ReduceMin over `axis` (() means all axes)."""
    return primitive("ReduceMin", False)(x, axis)


# ---- NaN-ignoring reductions ----------------------------------------------------------------
def _without_nan(input, fill):
    """`input` with its NaNs replaced by `fill` (integers have none)."""
    if not input.dtype.is_floating_point:
        return input
    return F.masked_fill(input, F.isnan(input), fill)


def nansum(input, axis=None, keepdims=False, *, dtype=None):
    """The sum over `axis` (None: all axes) counting NaN as 0, in input's dtype, or in
    `dtype` (the input is cast first)."""
    check_tensor("nansum", "input", input)
    check_bool("nansum", "keepdims", keepdims)
    if dtype is not None:
        input = F.cast(input, dtype)
    return primitive("ReduceSum", keepdims)(_without_nan(input, 0.0), _all_axes(axis))


def nanmean(input, axis=None, keepdims=False, *, dtype=None):
    """The mean over `axis` (None: all axes) of the elements that are not NaN (NaN where
    all are); float inputs only."""
    check_tensor("nanmean", "input", input)
    if not input.dtype.is_floating_point:
        raise TypeError(f"For 'nanmean', the 'input' must be a Tensor of a floating point dtype, "
                        f"but got {input.dtype}.")
    if dtype is not None:
        input = F.cast(input, dtype)
    axis = _all_axes(axis)
    total = nansum(input, axis, keepdims)
    count = primitive("ReduceSum", keepdims)(F.cast(F.logical_not(F.isnan(input)), input.dtype), axis)
    return F.div(total, count)


# ---- extrema, counts, moments -----------------------------------------------------------------
def aminmax(input, *, axis=0, keepdims=False):
    """(minimum, maximum) over the int `axis` (None: all elements)."""
    check_tensor("aminmax", "input", input)
    check_bool("aminmax", "keepdims", keepdims)
    if axis is not None:
        check_type("aminmax", "axis", axis, int)
    axes = () if axis is None or not input.shape else axis
    if axis is None and keepdims:
        axes = tuple(range(input.ndim))
    return primitive("ReduceMin", keepdims)(input, axes), primitive("ReduceMax", keepdims)(input, axes)


def count_nonzero(x, axis=(), keep_dims=False, dtype=mstype.int32):
    """The number of nonzero elements over `axis` (() means all axes), as `dtype`."""
    check_tensor("count_nonzero", "x", x)
    if x.dtype is mstype.bool_:
        raise TypeError("For 'count_nonzero', the 'x' must be a Tensor of a number dtype, but got Bool.")
    check_bool("count_nonzero", "keep_dims", keep_dims)
    nonzero = F.cast(F.not_equal(x, 0), dtype)
    return primitive("ReduceSum", keep_dims)(nonzero, _all_axes(axis))


def std_mean(input, axis=None, ddof=0, keepdims=False):
    """(standard deviation, mean) over `axis` (None: all axes); the deviation divides by
    N - ddof."""
    return std(input, axis, ddof, keepdims), mean(input, axis, keepdims)


def var_mean(input, axis=None, ddof=0, keepdims=False):
    """(variance, mean) over `axis` (None: all axes); the variance divides by N - ddof."""
    return var(input, axis, ddof, keepdims), mean(input, axis, keepdims)


# ---- order statistics -------------------------------------------------------------------------
def median(input, axis=-1, keepdims=False):
    """(values, Int64 indices) of the lower median along `axis` (NaN propagates)."""
    return primitive("Median", False, axis, keepdims, False)(input)


def nanmedian(input, axis=-1, keepdims=False):
    """(values, Int64 indices) of the lower median along `axis` of the elements that are
    not NaN."""
    return primitive("Median", False, axis, keepdims, True)(input)


def _check_quantile_args(op: str, input, q, axis, keepdims):
    """The q of ops.quantile as a Tensor of input's dtype, after MindSpore's checks."""
    check_tensor(op, "input", input)
    if input.dtype not in (mstype.float32, mstype.float64):
        raise TypeError(f"For '{op}', the 'input' must be a Tensor of Float32 or Float64, but got {input.dtype}.")
    check_bool(op, "keepdims", keepdims)
    if axis is not None:
        check_type(op, "axis", axis, int)
    if isinstance(q, float):
        values = [q]
        q = Tensor(q, input.dtype)
    elif isinstance(q, Tensor):
        if q.dtype is not input.dtype:
            raise TypeError(f"For '{op}', the 'q' must have the dtype of 'input' ({input.dtype}), but got {q.dtype}.")
        if q.ndim > 1:
            raise ValueError(f"For '{op}', the 'q' must be a scalar or a 1-D Tensor, but got {q.ndim} dimensions.")
        # q's values are checked when known (always in PyNative; in a graph, for constants).
        values = q.asnumpy().reshape(-1).tolist() if q._t is not None else []
    else:
        raise TypeError(f"For '{op}', the type of 'q' must be float or Tensor, but got {type(q).__name__}.")
    if builtins.any(not 0 <= v <= 1 for v in values):
        raise ValueError(f"For '{op}', the 'q' must be in the range [0, 1], but got {q}.")
    return q


def _quantile(op: str, input, q, axis, keepdims, ignore_nan: bool):
    q = _check_quantile_args(op, input, q, axis, keepdims)
    return primitive("Quantile", axis, keepdims, ignore_nan)(input, q)


def quantile(input, q, axis=None, keepdims=False):
    """The q-th quantiles (q a float or a 0-d / 1-D Tensor in [0, 1]) along `axis` (None:
    of all elements), linearly interpolated; a slice holding NaN gives NaN. A 1-D q adds
    a leading axis of its length."""
    return _quantile("quantile", input, q, axis, keepdims, False)


def nanquantile(input, q, axis=None, keepdims=False):
    """quantile of the elements that are not NaN (NaN for a slice of NaNs only)."""
    return _quantile("nanquantile", input, q, axis, keepdims, True)


def msort(input):
    """input sorted along its first axis (ascending)."""
    check_tensor("msort", "input", input)
    return F.sort(input, 0)[0]


# ---- cumulative extrema and logsumexp ---------------------------------------------------------
def cummax(input, axis):
    """(values, Int64 indices) of the running maximum along `axis`."""
    return primitive("Cummax", axis)(input)


def cummin(input, axis):
    """(values, Int32 indices) of the running minimum along `axis`."""
    return primitive("Cummin", axis)(input)


def logcumsumexp(input, axis):
    """log(cumsum(exp(input))) along `axis`, computed stably."""
    return primitive("CumulativeLogsumexp", False, False)(input, axis)


# ---- differences and integration ------------------------------------------------------------
def _difference(input, axis: int):
    """input[1:] - input[:-1] along `axis` (for Bool, whether neighbours differ)."""
    n = input.shape[axis]
    later = F.narrow(input, axis, 1, builtins.max(n - 1, 0)) if n > 1 else F.narrow(input, axis, 0, 0)
    earlier = F.narrow(input, axis, 0, builtins.max(n - 1, 0))
    if input.dtype is mstype.bool_:
        return F.not_equal(later, earlier)
    return F.sub(later, earlier)


def _diff(op: str, input, n, axis, prepend, append):
    check_tensor(op, "input", input)
    check_type(op, "n", n, int)
    check_type(op, "axis", axis, int)
    if not input.shape:
        raise ValueError(f"For '{op}', the 'input' must have at least 1 dimension, but got a 0-d Tensor.")
    axis = axis % input.ndim
    parts = [t for t in (prepend, input, append) if t is not None]
    out = F.concat(parts, axis) if len(parts) > 1 else input
    for _ in range(n):
        if out.shape[axis] == 0:
            break
        out = _difference(out, axis)
    return out


def diff(x, n=1, axis=-1, prepend=None, append=None):
    """The first difference along `axis` (x[i + 1] - x[i]) of x with `prepend` / `append`
    joined at its ends; MindSpore computes only n = 1."""
    check_type("diff", "n", n, int)
    if n != 1:
        raise RuntimeError(f"For 'diff', 'n' must be 1, but got {n}.")
    return _diff("diff", x, n, axis, prepend, append)


def diff_ext(input, n=1, dim=-1, prepend=None, append=None):
    """The n-th difference along `dim` of input with `prepend` / `append` joined at its ends."""
    return _diff("diff_ext", input, n, dim, prepend, append)


def trapz(y, x=None, *, dx=1.0, dim=-1):
    """The integral of y along `dim` by the trapezoidal rule, with sample points `x` (a
    Tensor like y, or 1-D along dim) or spacing `dx`; integer y is integrated in Float32."""
    check_tensor("trapz", "y", y)
    check_type("trapz", "dim", dim, int)
    if not y.dtype.is_floating_point:
        y = F.cast(y, mstype.float32)
    dim = dim % builtins.max(y.ndim, 1)
    n = y.shape[dim]
    sums = F.add(F.narrow(y, dim, 1, n - 1), F.narrow(y, dim, 0, n - 1))
    if x is None:
        check_type("trapz", "dx", dx, (int, float))
        return F.mul(primitive("ReduceSum", False)(sums, dim), dx / 2)
    check_tensor("trapz", "x", x)
    if x.ndim == 1 and x.shape[0] != n:
        raise ValueError(f"For 'trapz', a 1-D 'x' must have the length of 'y' along dim ({n}), but got {x.shape[0]}.")
    x = F.cast(x, y.dtype)
    if x.ndim == 1:
        x = F.reshape(x, (n,) + (1,) * (y.ndim - dim - 1))
        spacing = _difference(x, 0)
    else:
        spacing = _difference(x, dim)
    return F.mul(primitive("ReduceSum", False)(F.mul(sums, spacing), dim), 0.5)


# ---- searching and counting -------------------------------------------------------------------
def searchsorted(sorted_sequence, values, *, out_int32=False, right=False, side=None, sorter=None):
    """For each value, the index at which inserting it keeps its row of `sorted_sequence`
    sorted: the first such index, or the last with `right` or side='right'."""
    check_bool("searchsorted", "out_int32", out_int32)
    check_bool("searchsorted", "right", right)
    if side is not None:
        if side not in ("left", "right"):
            raise ValueError(f"For 'searchsorted', the 'side' must be 'left' or 'right', but got {side!r}.")
        if right and side == "left":
            raise ValueError("For 'searchsorted', the 'side' and 'right' must not be opposites, but got "
                             "side='left' and right=True.")
        right = side == "right"
    dtype = mstype.int32 if out_int32 else mstype.int64
    prim = primitive("SearchSorted", dtype, right)
    return prim(sorted_sequence, values) if sorter is None else prim(sorted_sequence, values, sorter)


def bucketize(input, boundaries, *, right=False):
    """For each element x, the Int32 index of its bucket in the sorted list `boundaries`:
    boundaries[i-1] < x <= boundaries[i], or boundaries[i-1] <= x < boundaries[i] with
    `right`."""
    check_bool("bucketize", "right", right)
    check_type("bucketize", "boundaries", boundaries, list)
    for i, b in enumerate(boundaries):
        check_type("bucketize", f"boundaries[{i}]", b, (int, float))
    if right:
        return primitive("Bucketize", tuple(float(b) for b in boundaries))(input)
    check_tensor("bucketize", "input", input)
    if not input.dtype.is_floating_point:  # compare integers with the float boundaries exactly
        input = F.cast(input, mstype.float64)
    return primitive("SearchSorted", mstype.int32, False)(Tensor(boundaries, input.dtype), input)


def bincount(input, weights=None, minlength=0):
    """out[i] = the number of elements of the 1-D non-negative integer `input` equal to i
    (or the sum of their `weights`), as Float32, for i < max(input) + 1 and < minlength."""
    check_tensor("bincount", "input", input)
    if input.ndim != 1:
        raise ValueError(f"For 'bincount', the 'input' must be a 1-D Tensor, but got {input.ndim} dimensions.")
    check_type("bincount", "minlength", minlength, int)
    if minlength < 0:
        raise ValueError(f"For 'bincount', the 'minlength' must be non-negative, but got {minlength}.")
    array = F.cast(input, mstype.int32)
    largest = int(array.asnumpy().max()) if input.shape[0] else -1
    size = builtins.max(minlength, largest + 1)
    if weights is None:
        weights = F.ones(input.shape, mstype.float32)
    else:
        check_tensor("bincount", "weights", weights)
        weights = F.cast(weights, mstype.float32)
    return primitive("Bincount")(array, Tensor(size, mstype.int32), weights)


def histc(input, bins=100, min=0.0, max=0.0):
    """Counts of the elements in `bins` equal-width bins over [min, max] (min = max: the
    data's range), in input's dtype."""
    return primitive("Histogram", bins, min, max)(input)


def intopk(x1, x2, k):
    """Whether, for each row of the 2-D scores x1, the score of class x2[i] is among the
    k largest."""
    return primitive("InTopK", k)(x1, x2)


def logspace(start, end, steps, base=10, *, dtype=mstype.float32):
    """`steps` values base ** t for t evenly spaced from `start` to `end` inclusive (numbers
    or 0-d float Tensors), as `dtype` (see ops.LogSpace)."""
    bounds = [b if isinstance(b, Tensor) else Tensor(float(check_type("logspace", arg, b, (int, float))),
                                                     mstype.float32)
              for arg, b in (("start", start), ("end", end))]
    return primitive("LogSpace", steps, base, dtype)(*bounds)


# ---- Tensor methods -------------------------------------------------------------------------
# MindSpore 2.7's Tensor methods accept both MindSpore's argument names (axis, keepdims)
# and PyTorch's (dim, keepdim); `_either` picks whichever was passed.
def _either(value, alias):
    return value if alias is None else alias


def _tensor_sum(self, axis=None, dtype=None, keepdims=False, initial=None, *, dim=None, keepdim=None):
    if isinstance(dtype, bool):  # x.sum(dim, keepdim): the PyTorch-style overload
        dtype, keepdims = None, dtype
    out = sum(self, _either(axis, dim), _either(keepdims, keepdim), dtype=dtype)
    return out if initial is None else F.add(out, initial)


def _tensor_mean(self, axis=None, keep_dims=False, *, dim=None, keepdim=None):
    return mean(self, _either(axis, dim), _either(keep_dims, keepdim))


def _tensor_prod(self, axis=None, keep_dims=False, dtype=None, *, dim=None, keepdim=None):
    return prod(self, _either(axis, dim), _either(keep_dims, keepdim), dtype)


def _tensor_all(self, axis=None, keep_dims=False, *, dim=None, keepdim=None):
    return all(self, _either(axis, dim), _either(keep_dims, keepdim))


def _tensor_any(self, axis=None, keep_dims=False, *, dim=None, keepdim=None):
    return any(self, _either(axis, dim), _either(keep_dims, keepdim))


def _tensor_argmax(self, axis=None, keepdims=False, *, dim=None, keepdim=None):
    return argmax(self, _either(axis, dim), _either(keepdims, keepdim))


def _tensor_argmin(self, axis=None, keepdims=False, *, dim=None, keepdim=None):
    return argmin(self, _either(axis, dim), _either(keepdims, keepdim))


def _extremum_method(with_value: str, values_fn, reduce_fn):
    """Tensor.max / Tensor.min. MindSpore 2.7 has two overloads: max(dim, keepdim=False)
    returns (values, indices) and is chosen for an int first argument given without
    MindSpore's keywords, or for `dim=`; otherwise max(axis=None, keepdims=False, *,
    initial=None, where=True, return_indices=False) returns the values alone unless
    `return_indices`."""

    def by_dim(self, dim, keepdim=False):
        indices, values = primitive(with_value, dim, keepdim)(self)
        return values, indices

    def by_axis(self, axis=None, keepdims=False, *, initial=None, where=True, return_indices=False):
        if isinstance(axis, (tuple, list)):
            return reduce_fn(self, axis, keepdims, initial=initial, where=where)
        values, indices = values_fn(self, axis, keepdims, initial=initial, where=where)
        return (values, indices) if return_indices else values

    def method(self, *args, **kwargs):
        if "dim" in kwargs or (args and type(args[0]) is int and set(kwargs) <= {"keepdim"}):
            return by_dim(self, *args, **kwargs)
        return by_axis(self, *args, **kwargs)

    return method


def _tensor_cumsum(self, axis=None, dtype=None, *, dim=None):
    """Tensor.cumsum: axis None scans the flattened tensor; integers narrower than 32 bits
    and Bool accumulate in Int32 (MindSpore's rule), and the result is cast to `dtype`."""
    axis = _either(axis, dim)
    x = self
    if x.dtype in (mstype.bool_, mstype.int8, mstype.int16, mstype.uint8):
        x = F.cast(x, mstype.int32)
    if axis is None:
        x, axis = F.reshape(x, (-1,)), 0
    out = _cumsum(x, axis)
    return out if dtype is None or out.dtype is mstype.as_dtype(dtype) else F.cast(out, dtype)


def _tensor_std(self, axis=None, ddof=0, keepdims=False, *, dim=None, correction=None, keepdim=None):
    return std(self, _either(axis, dim), _either(ddof, correction), _either(keepdims, keepdim))


def _tensor_var(self, axis=None, ddof=0, keepdims=False, *, dim=None, correction=None, keepdim=None):
    return var(self, _either(axis, dim), _either(ddof, correction), _either(keepdims, keepdim))


def _tensor_count_nonzero(self, axis=(), keep_dims=False, dtype=mstype.int32, *, dim=None):
    """Tensor.count_nonzero: MindSpore's (axis, keep_dims, dtype) or PyTorch's dim."""
    return count_nonzero(self, _all_axes(_either(axis, dim)), keep_dims, dtype)


def _tensor_nansum(self, axis=None, keepdims=False, *, dtype=None, dim=None, keepdim=None):
    return nansum(self, _either(axis, dim), _either(keepdims, keepdim), dtype=dtype)


def _tensor_median(self, axis=-1, keepdims=False, *, dim=None, keepdim=None):
    return median(self, _either(axis, dim), _either(keepdims, keepdim))


def _tensor_searchsorted(self, v, side="left", sorter=None):
    """Tensor.searchsorted gives Int32 indices (MindSpore's method, unlike the function)."""
    return searchsorted(self, v, out_int32=True, side=side, sorter=sorter)


def _tensor_kthvalue(self, k, dim=-1, keepdim=False):
    """(values, Int64 indices) of the k-th smallest element along `dim` (k from 1)."""
    check_tensor("kthvalue", "input", self)
    check_type("kthvalue", "k", k, int)
    check_type("kthvalue", "dim", dim, int)
    check_bool("kthvalue", "keepdim", keepdim)
    x, dim = (F.reshape(self, (1,)), 0) if not self.shape else (self, dim)
    size = x.shape[dim]
    if not 1 <= k <= size:
        raise ValueError(f"For 'kthvalue', the 'k' must be in range [1, {size}], but got {k}.")
    values, indices = F.sort(x, dim)
    values, indices = F.narrow(values, dim, k - 1, 1), F.cast(F.narrow(indices, dim, k - 1, 1), mstype.int64)
    if keepdim and self.shape:
        return values, indices
    shape = tuple(self.shape[:dim % x.ndim]) + tuple(self.shape[dim % x.ndim + 1:]) if self.shape else ()
    return F.reshape(values, shape), F.reshape(indices, shape)


def _tensor_ptp(self, axis=None, keepdims=False):
    """The range (maximum - minimum) over `axis` (None: all elements)."""
    check_bool("ptp", "keepdims", keepdims)
    axes = _all_axes(axis)
    return F.sub(primitive("ReduceMax", keepdims)(self, axes), primitive("ReduceMin", keepdims)(self, axes))


def _tensor_histc(self, bins=100, min=0, max=0):
    return histc(self, bins, float(min), float(max))


def _tensor_bincount(self, weights=None, minlength=0):
    return bincount(self, weights, minlength)


TENSOR_METHODS = {
    "sum": _tensor_sum, "mean": _tensor_mean, "prod": _tensor_prod,
    "max": _extremum_method("ArgMaxWithValue", max, amax),
    "min": _extremum_method("ArgMinWithValue", min, amin),
    "amax": amax, "amin": amin, "all": _tensor_all, "any": _tensor_any,
    "argmax": _tensor_argmax, "argmin": _tensor_argmin,
    "cumsum": _tensor_cumsum, "cumprod": cumprod, "logsumexp": logsumexp, "norm": norm,
    "std": _tensor_std, "var": _tensor_var,
    "aminmax": aminmax, "bincount": _tensor_bincount, "count_nonzero": _tensor_count_nonzero,
    "cummax": cummax, "cummin": cummin, "diff": diff, "histc": _tensor_histc, "kthvalue": _tensor_kthvalue,
    "logcumsumexp": logcumsumexp, "median": _tensor_median, "msort": msort, "nanmean": nanmean,
    "nanmedian": nanmedian, "nanquantile": nanquantile, "nansum": _tensor_nansum, "quantile": quantile,
    "searchsorted": _tensor_searchsorted, "ptp": _tensor_ptp,
}
"""Tensor methods and operators this family provides (installed by tensor_methods.py)."""
