"""Reductions: ReduceSum/Mean/Max/Min/Prod/All/Any, Argmax/Argmin and their WithValue
forms, cumulative sums, products, extrema and logsumexp, logsumexp, norms, standard
deviation and variance, medians; and the counting ops: search in sorted sequences,
bucketing, bincount, histograms, in-top-k.

Besides MindSpore's public primitives, this module declares the internal 2.x primitives
that MindSpore's functional API is built on (`SumExt` behind `ops.sum`, `ProdExt` behind
`ops.prod`, `LogSumExp`, `Std`, `Var`, `LinalgVectorNorm`, `MatrixNorm`). MindSpore keeps
those in `ops.auto_generate`, out of the `ops` namespace, so they are not in `__all__`.
"""
from __future__ import annotations

import math

from ...common import dtype as mstype
from ...common.tensor import Tensor
from ..primitive import Primitive, TensorSpec
from ..validator import (
    check_axes,
    check_axis,
    check_bool,
    check_dtype,
    check_int,
    check_positive_int,
    check_tensor,
    check_type,
)

__all__ = [
    "ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin", "ReduceProd", "ReduceAll", "ReduceAny",
    "Argmax", "Argmin", "ArgMaxWithValue", "ArgMinWithValue", "CumSum", "CumProd",
    "LpNorm", "ReduceStd", "Median", "Cummax", "Cummin", "CumulativeLogsumexp", "EuclideanNorm",
    "SearchSorted", "Bucketize", "Bincount", "Histogram", "HistogramFixedWidth", "InTopK", "LogSpace",
    "CountNonZero", "Quantile",
]

# Dtype families the reductions accept.
ALL_TYPES = mstype.all_types
NUMBER_TYPES = mstype.number_type                                  # everything but Bool
REAL_TYPES = tuple(t for t in NUMBER_TYPES if not t.is_complex)    # ordered, for max / argmax
FLOAT_TYPES = mstype.float_type


# ---- shared rules ------------------------------------------------------------------------
def axis_value(axis):
    """An axis given as a Tensor (MindSpore accepts one for compatibility) as Python ints."""
    return axis.tolist() if isinstance(axis, Tensor) else axis


def reduce_axes(op: str, x, axis, arg: str = "axis") -> tuple[int, ...]:
    """The non-negative axes of `x` that `axis` (int, tuple, list or Tensor) names;
    an empty `axis` names all of them."""
    axes = check_axes(op, axis_value(axis), len(x.shape), arg)
    return axes or tuple(range(len(x.shape)))


def reduced_shape(shape, axes, keep_dims: bool) -> tuple[int, ...]:
    """`shape` with `axes` removed, or set to 1 when `keep_dims`."""
    if keep_dims:
        return tuple(1 if i in axes else d for i, d in enumerate(shape))
    return tuple(d for i, d in enumerate(shape) if i not in axes)


def int_or_ints(op: str, arg: str, value) -> tuple[int, ...]:
    """An attribute given as an int or a tuple / list of ints, as a tuple."""
    if isinstance(value, (tuple, list)):
        for v in value:
            check_type(op, arg, v, int)
        return tuple(value)
    check_type(op, arg, value, (int, tuple, list))
    return (value,)


def check_input(op: str, x, allowed, arg: str = "x") -> None:
    """`x` is a tensor (not a NumPy array) whose dtype is one of `allowed`."""
    check_tensor(op, arg, x)
    if not isinstance(x.dtype, mstype.Number):
        raise TypeError(f"For '{op}', the '{arg}' must be a Tensor, but got {type(x).__name__}.")
    check_dtype(op, arg, x.dtype, allowed)


def sum_dtype(dtype: mstype.Number) -> mstype.Number:
    """The dtype of a 2.x sum or product: integers and Bool accumulate in Int64."""
    return mstype.int64 if dtype.kind <= mstype.Number.KIND_INT else dtype


def is_empty_axis(axis) -> bool:
    """Whether `axis` is (), [] or an empty Tensor: "all axes" for a reduction."""
    axis = axis_value(axis)
    return isinstance(axis, (tuple, list)) and not axis


def check_nonempty_reduction(op: str, shape, axes) -> None:
    """Max and min have no identity: reducing a zero-size axis is an error."""
    if any(shape[a] == 0 for a in axes):
        raise ValueError(f"For '{op}', cannot reduce over a zero-size axis of an input with shape "
                         f"{tuple(shape)}: the operation has no identity.")


# ---- ReduceXxx(keep_dims)(x, axis) -----------------------------------------------------
class _Reduce(Primitive):
    """A reduction over `axis` (int, tuple or list; () means all axes) of one tensor.

    Subclasses set `input_types` (the dtypes accepted) and may override `output_dtype`."""

    input_types = ALL_TYPES

    def __init__(self, keep_dims: bool = False):
        super().__init__()
        self.add_prim_attr("keep_dims", check_bool(self.name, "keep_dims", keep_dims))

    def output_dtype(self, dtype: mstype.Number) -> mstype.Number:
        return dtype

    def infer(self, x, axis=()):
        check_input(self.name, x, self.input_types)
        axes = reduce_axes(self.name, x, axis)
        return TensorSpec(reduced_shape(x.shape, axes, self.keep_dims), self.output_dtype(x.dtype))


class ReduceSum(_Reduce):
    """Sum over `axis`; the result keeps the input dtype (a Bool sum is a logical or).

    With `skip_mode=True` an empty `axis` returns the input unchanged instead of summing
    all elements."""

    def __init__(self, keep_dims: bool = False, skip_mode: bool = False):
        super().__init__(keep_dims)
        self.add_prim_attr("skip_mode", check_bool(self.name, "skip_mode", skip_mode))

    def infer(self, x, axis=()):
        if self.skip_mode and is_empty_axis(axis):
            check_input(self.name, x, self.input_types)
            return TensorSpec(x.shape, x.dtype)
        return super().infer(x, axis)


class ReduceMean(_Reduce):
    """Mean over `axis`. Integer inputs give integer means, truncated toward zero."""

    input_types = NUMBER_TYPES


class _ReduceExtremum(_Reduce):
    input_types = REAL_TYPES

    def infer(self, x, axis=()):
        spec = super().infer(x, axis)
        check_nonempty_reduction(self.name, x.shape, reduce_axes(self.name, x, axis))
        return spec


class ReduceMax(_ReduceExtremum):
    """Maximum over `axis` (NaN propagates)."""


class ReduceMin(_ReduceExtremum):
    """Minimum over `axis` (NaN propagates)."""


class ReduceProd(_Reduce):
    """Product over `axis`; the result keeps the input dtype (a Bool product is a logical and)."""


class ReduceAll(_Reduce):
    """Logical and over `axis` of the elements' truth values; the result is Bool."""

    def output_dtype(self, dtype):
        return mstype.bool_


class ReduceAny(_Reduce):
    """Logical or over `axis` of the elements' truth values; the result is Bool."""

    def output_dtype(self, dtype):
        return mstype.bool_


# ---- internal 2.x reductions: SumExt / ProdExt -------------------------------------------
class _ReduceExt(Primitive):
    """`(input, dim=None, keepdim=False, dtype=None)`: integer and Bool inputs accumulate
    in Int64 unless `dtype` says otherwise; with `dtype` the input is cast first."""

    def infer(self, input, dim=None, keepdim=False, dtype=None):
        check_input(self.name, input, ALL_TYPES, "input")
        axes = reduce_axes(self.name, input, () if dim is None else dim, "dim")
        check_bool(self.name, "keepdim", keepdim)
        out = sum_dtype(input.dtype) if dtype is None else mstype.as_dtype(dtype)
        return TensorSpec(reduced_shape(input.shape, axes, keepdim), out)


class SumExt(_ReduceExt):
    """Sum over `dim` (None: all axes): the primitive behind `ops.sum`."""


class ProdExt(_ReduceExt):
    """Product over `dim` (None: all axes): the primitive behind `ops.prod`."""


# ---- index of the extremum ----------------------------------------------------------------
class _ArgReduce(Primitive):
    """The index of the extremum along `axis`, as `output_type` (Int32 or Int64)."""

    def __init__(self, axis: int = -1, output_type=mstype.int32):
        super().__init__()
        self.add_prim_attr("axis", check_type(self.name, "axis", axis, int))
        if output_type not in (mstype.int32, mstype.int64):
            raise TypeError(f"For '{self.name}', the 'output_type' must be Int32 or Int64, "
                            f"but got {output_type}.")
        self.add_prim_attr("output_type", output_type)

    def infer(self, x):
        check_input(self.name, x, REAL_TYPES)
        axis = check_axis(self.name, self.axis, len(x.shape))
        check_nonempty_reduction(self.name, x.shape, (axis,) if x.shape else ())
        return TensorSpec(reduced_shape(x.shape, (axis,), False), self.output_type)


class Argmax(_ArgReduce):
    """Index of the maximum along `axis` (the first one on ties)."""


class Argmin(_ArgReduce):
    """Index of the minimum along `axis` (the first one on ties)."""


class _ArgReduceWithValue(Primitive):
    """(index, value) of the extremum along `axis`; the index is Int64."""

    def __init__(self, axis: int = 0, keep_dims: bool = False):
        super().__init__()
        self.add_prim_attr("axis", check_type(self.name, "axis", axis, int))
        self.add_prim_attr("keep_dims", check_bool(self.name, "keep_dims", keep_dims))

    def infer(self, x):
        check_input(self.name, x, REAL_TYPES)
        axis = check_axis(self.name, self.axis, len(x.shape))
        axes = (axis,) if x.shape else ()
        check_nonempty_reduction(self.name, x.shape, axes)
        shape = reduced_shape(x.shape, axes, self.keep_dims)
        return TensorSpec(shape, mstype.int64), TensorSpec(shape, x.dtype)


class ArgMaxWithValue(_ArgReduceWithValue):
    """(index, value) of the maximum along `axis`."""


class ArgMinWithValue(_ArgReduceWithValue):
    """(index, value) of the minimum along `axis`."""


# ---- cumulative ---------------------------------------------------------------------------
class _Scan(Primitive):
    """A cumulative reduction along `axis` (an int call input) of a tensor of rank >= 1.

    `exclusive` shifts the result by one (element i combines elements before i only);
    `reverse` scans from the end."""

    def __init__(self, exclusive: bool = False, reverse: bool = False):
        super().__init__()
        self.add_prim_attr("exclusive", check_bool(self.name, "exclusive", exclusive))
        self.add_prim_attr("reverse", check_bool(self.name, "reverse", reverse))

    def infer(self, x, axis):
        check_input(self.name, x, NUMBER_TYPES)
        if not x.shape:
            raise ValueError(f"For '{self.name}', the rank of 'x' must be greater than 0, but got 0.")
        check_axis(self.name, axis, len(x.shape))
        return TensorSpec(x.shape, x.dtype)


class CumSum(_Scan):
    """Cumulative sum along `axis`."""


class CumProd(_Scan):
    """Cumulative product along `axis`."""


# ---- logsumexp, moments -------------------------------------------------------------------
class LogSumExp(Primitive):
    """`(input, dim, keepdim=False)`: log(sum(exp(input))) over `dim` (() means all axes),
    computed stably. The primitive behind `ops.logsumexp`."""

    def infer(self, input, dim, keepdim=False):
        check_input(self.name, input, FLOAT_TYPES, "input")
        axes = reduce_axes(self.name, input, dim, "dim")
        check_bool(self.name, "keepdim", keepdim)
        return TensorSpec(reduced_shape(input.shape, axes, keepdim), input.dtype)


class ReduceStd(Primitive):
    """(std, mean) over `axis` (() means all axes); `unbiased` divides by N - 1."""

    def __init__(self, axis=(), unbiased: bool = True, keep_dims: bool = False):
        super().__init__()
        self.add_prim_attr("axis", int_or_ints(self.name, "axis", axis))
        self.add_prim_attr("unbiased", check_bool(self.name, "unbiased", unbiased))
        self.add_prim_attr("keep_dims", check_bool(self.name, "keep_dims", keep_dims))

    def infer(self, x):
        check_input(self.name, x, FLOAT_TYPES)
        axes = reduce_axes(self.name, x, self.axis)
        spec = TensorSpec(reduced_shape(x.shape, axes, self.keep_dims), x.dtype)
        return spec, spec


class _Moment(Primitive):
    """`(input, dim=None, correction=1, keepdim=False)` over `dim` (None or (): all axes);
    the sum of squared deviations is divided by N - correction."""

    def infer(self, input, dim=None, correction=1, keepdim=False):
        check_input(self.name, input, FLOAT_TYPES, "input")
        axes = reduce_axes(self.name, input, () if dim is None else dim, "dim")
        check_type(self.name, "correction", correction, (int, bool))
        check_bool(self.name, "keepdim", keepdim)
        return TensorSpec(reduced_shape(input.shape, axes, keepdim), input.dtype)


class Std(_Moment):
    """Standard deviation: the primitive behind `ops.std`."""


class Var(_Moment):
    """Variance: the primitive behind `ops.var`."""


# ---- norms --------------------------------------------------------------------------------
def norm_dtype(op: str, x, dtype) -> mstype.Number:
    """The dtype a norm is computed and returned in: `dtype`, or the input's floating
    dtype (integer inputs give Float32)."""
    if dtype is not None:
        dtype = mstype.as_dtype(dtype)
        check_dtype(op, "dtype", dtype, FLOAT_TYPES)
        return dtype
    check_dtype(op, "input", x.dtype, NUMBER_TYPES)
    if x.dtype.is_complex:
        return mstype.float64 if x.dtype is mstype.complex128 else mstype.float32
    return x.dtype if x.dtype.is_floating_point else mstype.float32


class LpNorm(Primitive):
    """max(||x||_p, epsilon) over `axis`, for an integer p >= 0 (p = 0 counts the nonzero
    elements)."""

    def __init__(self, axis, p: int = 2, keep_dims: bool = False, epsilon: float = 1e-12):
        super().__init__()
        axis = int_or_ints(self.name, "axis", axis)
        if not axis:
            raise ValueError(f"For '{self.name}', the 'axis' must name at least one axis, but got ().")
        self.add_prim_attr("axis", axis)
        self.add_prim_attr("p", check_int(self.name, "p", p, minimum=0))
        self.add_prim_attr("keep_dims", check_bool(self.name, "keep_dims", keep_dims))
        self.add_prim_attr("epsilon", float(check_type(self.name, "epsilon", epsilon, float)))

    def infer(self, input):
        check_input(self.name, input, FLOAT_TYPES, "input")
        axes = reduce_axes(self.name, input, self.axis)
        return TensorSpec(reduced_shape(input.shape, axes, self.keep_dims), input.dtype)


class LinalgVectorNorm(Primitive):
    """`(x, ord=2, dim=None, keepdim=False, dtype=None)`: the vector `ord`-norm over `dim`
    (None: all axes): sum(|x|^ord)^(1/ord); ord inf / -inf take max / min |x|, ord 0
    counts nonzero elements."""

    def infer(self, x, ord=2, dim=None, keepdim=False, dtype=None):
        check_tensor(self.name, "x", x)
        out = norm_dtype(self.name, x, dtype)
        check_type(self.name, "ord", ord, (int, float))
        axes = reduce_axes(self.name, x, () if dim is None else dim, "dim")
        check_bool(self.name, "keepdim", keepdim)
        return TensorSpec(reduced_shape(x.shape, axes, keepdim), out)


MATRIX_ORDS = ("fro", "nuc", 1, -1, 2, -2, math.inf, -math.inf)


class MatrixNorm(Primitive):
    """`(A, ord='fro', dim=(-2, -1), keepdim=False, dtype=None)`: the matrix `ord`-norm over
    the two axes `dim`: 'fro' (Frobenius), 'nuc' (sum of singular values), 2 / -2 (largest /
    smallest singular value), 1 / -1 (max / min column abs sum), inf / -inf (row sums)."""

    def infer(self, A, ord="fro", dim=(-2, -1), keepdim=False, dtype=None):
        check_tensor(self.name, "A", A)
        out = norm_dtype(self.name, A, dtype)
        if ord not in MATRIX_ORDS:
            raise ValueError(f"For '{self.name}', the 'ord' must be one of {list(MATRIX_ORDS)}, but got {ord!r}.")
        if not (isinstance(dim, (tuple, list)) and len(dim) == 2):
            raise ValueError(f"For '{self.name}', the 'dim' must be a tuple of two axes, but got {dim!r}.")
        if len(A.shape) < 2:
            raise ValueError(f"For '{self.name}', the input must have at least 2 dimensions, but got "
                             f"shape {tuple(A.shape)}.")
        axes = check_axes(self.name, dim, len(A.shape), "dim")
        check_bool(self.name, "keepdim", keepdim)
        return TensorSpec(reduced_shape(A.shape, axes, keepdim), out)


class EuclideanNorm(Primitive):
    """EuclideanNorm(keep_dims=False)(x, axes): sqrt(sum(x**2)) over `axes` (an int, a
    tuple or list, or a 1-D int Tensor); integer inputs keep their dtype."""

    def __init__(self, keep_dims: bool = False):
        super().__init__()
        self.add_prim_attr("keep_dims", check_bool(self.name, "keep_dims", keep_dims))

    def infer(self, x, axes):
        check_input(self.name, x, REAL_TYPES)
        reduced = check_axes(self.name, axis_value(axes), len(x.shape), "axes")
        return TensorSpec(reduced_shape(x.shape, reduced, self.keep_dims), x.dtype)


# ---- medians ------------------------------------------------------------------------------
MEDIAN_TYPES = (mstype.int16, mstype.int32, mstype.int64, mstype.float32, mstype.float64)


class Median(Primitive):
    """Median(global_median=False, axis=0, keep_dims=False, ignore_nan=False)(x):
    (values, Int64 indices) of the lower median along `axis` (the element at sorted
    position (n - 1) // 2); NaN propagates unless `ignore_nan`. With `global_median`
    the median of all elements, a 0-d tensor, with index 0."""

    def __init__(self, global_median: bool = False, axis: int = 0, keep_dims: bool = False,
                 ignore_nan: bool = False):
        super().__init__()
        self.add_prim_attr("global_median", check_bool(self.name, "global_median", global_median))
        self.add_prim_attr("axis", check_type(self.name, "axis", axis, int))
        self.add_prim_attr("keep_dims", check_bool(self.name, "keep_dims", keep_dims))
        self.add_prim_attr("ignore_nan", check_bool(self.name, "ignore_nan", ignore_nan))

    def infer(self, x):
        check_input(self.name, x, MEDIAN_TYPES)
        if self.global_median:
            check_nonempty_reduction(self.name, x.shape, tuple(range(len(x.shape))))
            spec = TensorSpec((), x.dtype)
            return spec, TensorSpec((), mstype.int64)
        axis = check_axis(self.name, self.axis, len(x.shape))
        axes = (axis,) if x.shape else ()
        check_nonempty_reduction(self.name, x.shape, axes)
        shape = reduced_shape(x.shape, axes, self.keep_dims)
        return TensorSpec(shape, x.dtype), TensorSpec(shape, mstype.int64)


class Quantile(Primitive):
    """Quantile(dim=None, keep_dims=False, ignore_nan=False)(input, q): the q-quantiles
    (q a 0-d or 1-D Tensor of input's dtype, in [0, 1]) along `dim` (None: of all
    elements), interpolated linearly between the two nearest order statistics. A slice
    holding NaN gives NaN, unless `ignore_nan` (then only a slice of NaNs does). Output
    shape: q's shape followed by the reduced shape."""

    def __init__(self, dim=None, keep_dims: bool = False, ignore_nan: bool = False):
        super().__init__()
        if dim is not None:
            check_type(self.name, "dim", dim, int)
        self.add_prim_attr("dim", dim)
        self.add_prim_attr("keep_dims", check_bool(self.name, "keep_dims", keep_dims))
        self.add_prim_attr("ignore_nan", check_bool(self.name, "ignore_nan", ignore_nan))

    def infer(self, input, q):
        check_input(self.name, input, (mstype.float32, mstype.float64), "input")
        check_input(self.name, q, (input.dtype,), "q")
        if len(q.shape) > 1:
            raise ValueError(f"For '{self.name}', the 'q' must be a 0-d or 1-D Tensor, but got shape {q.shape}.")
        if self.dim is None:
            reduced = (1,) * len(input.shape) if self.keep_dims else ()
        else:
            axis = check_axis(self.name, self.dim, len(input.shape), "dim")
            reduced = reduced_shape(input.shape, (axis,) if input.shape else (), self.keep_dims)
        return TensorSpec(tuple(q.shape) + reduced, input.dtype)


# ---- cumulative extrema and logsumexp -----------------------------------------------------
class _CumulativeExtremum(Primitive):
    """(values, indices) of the running extremum along `axis`; an index names the
    position of the extremum so far (the last one on ties; NaN propagates)."""

    index_dtype = mstype.int64

    def __init__(self, axis: int):
        super().__init__()
        self.add_prim_attr("axis", check_type(self.name, "axis", axis, int))

    def infer(self, input):
        check_input(self.name, input, REAL_TYPES, "input")
        if not input.shape:
            raise ValueError(f"For '{self.name}', the rank of 'input' must be greater than 0, but got 0.")
        check_axis(self.name, self.axis, len(input.shape))
        return TensorSpec(input.shape, input.dtype), TensorSpec(input.shape, self.index_dtype)


class Cummax(_CumulativeExtremum):
    """Cummax(axis)(input): running maxima along `axis` and their Int64 indices."""


class Cummin(_CumulativeExtremum):
    """Cummin(axis)(input): running minima along `axis` and their Int32 indices (the
    index dtype MindSpore gives)."""

    index_dtype = mstype.int32


def int_input(op: str, arg: str, value) -> int:
    """An int given as a Python int or a 0-d integer Tensor (a constant)."""
    if isinstance(value, Tensor) or hasattr(value, "dtype"):
        check_dtype(op, arg, value.dtype, mstype.int_type)
        if value.shape != ():
            raise ValueError(f"For '{op}', the '{arg}' must be a 0-d Tensor, but got shape {value.shape}.")
        if not hasattr(value, "tolist"):
            raise ValueError(f"For '{op}', the '{arg}' must be a constant, but got a value known only at run time.")
        return int(value.tolist())
    return check_type(op, arg, value, int)


class CumulativeLogsumexp(Primitive):
    """CumulativeLogsumexp(exclusive=False, reverse=False)(x, axis): log(cumsum(exp(x)))
    along `axis` (an int or 0-d int Tensor), computed stably. `exclusive` leaves each
    position out of its own sum (the first becomes the dtype's lowest value, as in
    MindSpore); `reverse` scans from the end."""

    def __init__(self, exclusive: bool = False, reverse: bool = False):
        super().__init__()
        self.add_prim_attr("exclusive", check_bool(self.name, "exclusive", exclusive))
        self.add_prim_attr("reverse", check_bool(self.name, "reverse", reverse))

    def infer(self, x, axis):
        check_input(self.name, x, (mstype.float16, mstype.float32, mstype.float64))
        if not x.shape:
            raise ValueError(f"For '{self.name}', the rank of 'x' must be greater than 0, but got 0.")
        check_axis(self.name, int_input(self.name, "axis", axis), len(x.shape))
        return TensorSpec(x.shape, x.dtype)


# ---- searching and counting ---------------------------------------------------------------
SEARCH_TYPES = tuple(t for t in REAL_TYPES if t is not mstype.bfloat16)


class SearchSorted(Primitive):
    """SearchSorted(dtype=int64, right=False)(sorted_sequence, values, sorter=None): for
    each value, the index at which inserting it keeps its row of `sorted_sequence` sorted
    (the first such index, or the last with `right`). The sequence is 1-D, or has the
    values' leading dimensions; `sorter` (Int64, the sequence's shape) sorts an unsorted
    sequence."""

    def __init__(self, dtype=mstype.int64, right: bool = False):
        super().__init__()
        if dtype not in (mstype.int32, mstype.int64):
            raise TypeError(f"For '{self.name}', the 'dtype' must be Int32 or Int64, but got {dtype}.")
        self.add_prim_attr("dtype", dtype)
        self.add_prim_attr("right", check_bool(self.name, "right", right))

    def infer(self, sorted_sequence, values, sorter=None):
        check_input(self.name, sorted_sequence, SEARCH_TYPES, "sorted_sequence")
        check_input(self.name, values, SEARCH_TYPES, "values")
        if sorted_sequence.dtype is not values.dtype:
            raise TypeError(f"For '{self.name}', the 'values' must have the dtype of 'sorted_sequence' "
                            f"({sorted_sequence.dtype}), but got {values.dtype}.")
        seq, val = tuple(sorted_sequence.shape), tuple(values.shape)
        if not seq:
            raise ValueError(f"For '{self.name}', the 'sorted_sequence' must have at least 1 dimension, "
                             f"but got a 0-d Tensor.")
        if len(seq) != 1 and (len(seq) != len(val) or seq[:-1] != val[:-1]):
            raise ValueError(f"For '{self.name}', the 'sorted_sequence' must be 1-D or have the leading "
                             f"dimensions of 'values', but got shapes {seq} and {val}.")
        if sorter is not None:
            check_input(self.name, sorter, (mstype.int64,), "sorter")
            if tuple(sorter.shape) != seq:
                raise ValueError(f"For '{self.name}', the 'sorter' must have the shape of "
                                 f"'sorted_sequence' {seq}, but got {tuple(sorter.shape)}.")
        return TensorSpec(val, self.dtype)


class Bucketize(Primitive):
    """Bucketize(boundaries)(input): for each element x, the Int32 index i of its bucket in
    the sorted floats `boundaries` (a list or tuple): boundaries[i - 1] <= x < boundaries[i]."""

    def __init__(self, boundaries):
        super().__init__()
        check_type(self.name, "boundaries", boundaries, (list, tuple))
        for i, b in enumerate(boundaries):
            check_type(self.name, f"boundaries[{i}]", b, float)
        self.add_prim_attr("boundaries", list(boundaries))

    def infer(self, input):
        check_input(self.name, input, (mstype.int32, mstype.int64, mstype.float16, mstype.float32,
                                       mstype.float64), "input")
        return TensorSpec(input.shape, mstype.int32)


class Bincount(Primitive):
    """Bincount()(array, size, weights): out[i] is the sum of the weights of the elements
    of the Int32 `array` equal to i, for i < size (a 0-d Int32 Tensor or an int);
    negative elements and elements >= size are not counted. The output has shape
    (size,) and the weights' dtype."""

    def infer(self, array, size, weights):
        check_input(self.name, array, (mstype.int32,), "array")
        count = int_input(self.name, "size", size)
        if count < 0:
            raise ValueError(f"For '{self.name}', the 'size' must be non-negative, but got {count}.")
        check_input(self.name, weights, (mstype.int32, mstype.int64, mstype.float32, mstype.float64), "weights")
        if tuple(weights.shape) not in ((0,), tuple(array.shape)):
            raise ValueError(f"For '{self.name}', the 'weights' must have the shape of 'array' "
                             f"{tuple(array.shape)} (or be empty), but got {tuple(weights.shape)}.")
        return TensorSpec((count,), weights.dtype)


class CountNonZero(Primitive):
    """CountNonZero(dims=None)(x): the Int64 number of nonzero elements over `dims` (an
    int, tuple or list; None: all axes)."""

    def __init__(self, dims=None):
        super().__init__()
        if dims is not None:
            int_or_ints(self.name, "dims", dims)
        self.add_prim_attr("dims", dims)

    def infer(self, x):
        check_input(self.name, x, ALL_TYPES)
        axes = reduce_axes(self.name, x, () if self.dims is None else self.dims, "dims")
        return TensorSpec(reduced_shape(x.shape, axes, False), mstype.int64)


class Histogram(Primitive):
    """Histogram(bins=100, min=0.0, max=0.0)(x): counts of the elements of `x` in `bins`
    equal-width bins over [min, max] (elements outside are ignored; min = max means the
    range of the data), in x's dtype."""

    def __init__(self, bins: int = 100, min: float = 0.0, max: float = 0.0):
        super().__init__()
        self.add_prim_attr("bins", check_positive_int(self.name, "bins", bins))
        lo = float(check_type(self.name, "min", min, (int, float)))
        hi = float(check_type(self.name, "max", max, (int, float)))
        if lo > hi:
            raise ValueError(f"For '{self.name}', the 'min' must be less than or equal to 'max', but got "
                             f"min={lo} and max={hi}.")
        self.add_prim_attrs(min=lo, max=hi)

    def infer(self, x):
        check_input(self.name, x, (mstype.float16, mstype.float32, mstype.int32))
        return TensorSpec((self.bins,), x.dtype)


class HistogramFixedWidth(Primitive):
    """HistogramFixedWidth(nbins, dtype='int32')(x, range): Int32 counts of `x` in
    `nbins` equal-width bins over range = [lo, hi] (a 2-element Tensor of x's dtype);
    elements below lo count in the first bin, above hi in the last."""

    def __init__(self, nbins: int, dtype: str = "int32"):
        super().__init__()
        self.add_prim_attr("nbins", check_positive_int(self.name, "nbins", nbins))
        if dtype != "int32":
            raise TypeError(f"For '{self.name}', the 'dtype' must be 'int32', but got {dtype!r}.")
        self.add_prim_attr("dtype", dtype)

    def infer(self, x, range):
        allowed = (mstype.int32, mstype.float16, mstype.float32, mstype.float64)
        check_input(self.name, x, allowed)
        check_input(self.name, range, allowed, "range")
        if range.dtype is not x.dtype or tuple(range.shape) != (2,):
            raise ValueError(f"For '{self.name}', the 'range' must be a Tensor of shape (2,) and the dtype "
                             f"of 'x' ({x.dtype}), but got shape {tuple(range.shape)} and {range.dtype}.")
        return TensorSpec((self.nbins,), mstype.int32)


class InTopK(Primitive):
    """InTopK(k)(x1, x2): for each row i of the 2-D scores `x1`, whether the score of class
    x2[i] is among the `k` largest (fewer than k scores of the row are strictly greater)."""

    def __init__(self, k: int):
        super().__init__()
        self.add_prim_attr("k", check_type(self.name, "k", k, int))

    def infer(self, x1, x2):
        check_input(self.name, x1, (mstype.float16, mstype.float32), "x1")
        check_input(self.name, x2, (mstype.int32, mstype.int64), "x2")
        if len(x1.shape) != 2 or len(x2.shape) != 1 or x1.shape[0] != x2.shape[0]:
            raise ValueError(f"For '{self.name}', the 'x1' must be 2-D and 'x2' 1-D with x1's first "
                             f"dimension, but got shapes {tuple(x1.shape)} and {tuple(x2.shape)}.")
        return TensorSpec(x2.shape, mstype.bool_)


# ---- log-spaced sequences -----------------------------------------------------------------
class LogSpace(Primitive):
    """LogSpace(steps=10, base=10, dtype=float32)(start, end): `steps` values base ** t for
    t evenly spaced from start to end inclusive (0-d float Tensors of one dtype); base is
    an int >= 0. (It lives here, next to the reductions' sibling ops, for want of a
    sequence family of this engineer's.)"""

    def __init__(self, steps: int = 10, base: int = 10, dtype=mstype.float32):
        super().__init__()
        check_type(self.name, "steps", steps, int)
        if steps < 0:
            raise ValueError(f"For '{self.name}', the 'steps' must be non-negative, but got {steps}.")
        check_type(self.name, "base", base, int)
        if base < 0:
            raise ValueError(f"For '{self.name}', the 'base' must be an int >= 0, but got {base}.")
        if dtype not in (mstype.float16, mstype.float32, mstype.float64):
            raise TypeError(f"For '{self.name}', the 'dtype' must be one of [Float16, Float32, Float64], but got "
                            f"{dtype}.")
        self.add_prim_attrs(steps=steps, base=base, dtype=dtype)

    def check(self, start, end):
        self.infer(start, end)

    def infer(self, start, end):
        for arg, value in (("start", start), ("end", end)):
            check_input(self.name, value, (mstype.float16, mstype.float32, mstype.float64), arg)
            if value.shape != ():
                raise ValueError(f"For '{self.name}', the '{arg}' must be a 0-d Tensor, but got shape {value.shape}.")
        if start.dtype is not end.dtype:
            raise TypeError(f"For '{self.name}', the 'start' and 'end' must have one dtype, but got {start.dtype} "
                            f"and {end.dtype}.")
        return TensorSpec((self.steps,), self.dtype)
