"""Functional API of the reductions (`ops.sum`, `ops.max`, `ops.cumsum`, `ops.norm`, ...)
and the Tensor methods built on them.

A few MindSpore compositions use operators of other families (reshape, cast, expand_dims,
maximum, minimum, where); they are reached through the functional API at call time.
"""
from __future__ import annotations

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


TENSOR_METHODS = {
    "sum": _tensor_sum, "mean": _tensor_mean, "prod": _tensor_prod,
    "max": _extremum_method("ArgMaxWithValue", max, amax),
    "min": _extremum_method("ArgMinWithValue", min, amin),
    "amax": amax, "amin": amin, "all": _tensor_all, "any": _tensor_any,
    "argmax": _tensor_argmax, "argmin": _tensor_argmin,
    "cumsum": _tensor_cumsum, "cumprod": cumprod, "logsumexp": logsumexp, "norm": norm,
    "std": _tensor_std, "var": _tensor_var,
}
"""Tensor methods and operators this family provides (installed by tensor_methods.py)."""
