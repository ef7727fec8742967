"""bprops of the reductions (operations/reduce_ops.py).

A reduction over some axes sends each output's gradient back to every element it read:
`dout` is reshaped to the keep-dims shape (where the reduction dropped those axes) and
broadcast to the input's shape, then weighted by d out / d x for that reduction. The
integer axes, flags and dtypes the primitives take as call inputs get no gradient.
"""
from __future__ import annotations

import functools
import math

from ...common import dtype as mstype
from ...common.tensor import Tensor
from .. import function as F
from ..function.reduce_func import primitive
from ..operations import reduce_ops
from .linalg_bprop import singular_vectors_product
from .registry import bprop, non_differentiable

# Boolean and index results carry no gradient.
non_differentiable("ReduceAll", "ReduceAny", "Argmax", "Argmin", "SearchSorted", "Bucketize", "Histogram",
                   "HistogramFixedWidth", "InTopK", "LogSpace", "CountNonZero")

_sum_keep = reduce_ops.ReduceSum(keep_dims=True)
_mean_keep = reduce_ops.ReduceMean(keep_dims=True)


# ---- axes and shapes ------------------------------------------------------------------------
@functools.lru_cache(maxsize=1024)
def _normalized_axes(ndim: int, axis) -> tuple[int, ...]:
    if isinstance(axis, int):
        axis = (axis,)
    if not axis:
        return tuple(range(ndim))
    return tuple(sorted({a % ndim for a in axis})) if ndim else ()


def reduced_axes(x: Tensor, axis) -> tuple[int, ...]:
    """The sorted non-negative axes of `x` that a reduction's `axis` names (an int, a
    sequence or a Tensor; empty or None means all axes)."""
    if axis is None:
        axis = ()
    elif isinstance(axis, Tensor):
        axis = axis.tolist()
    if isinstance(axis, list):
        axis = tuple(axis)
    return _normalized_axes(x.ndim, axis)


def _keep_dims_shape(shape: tuple, axes: tuple) -> tuple:
    return tuple(1 if i in axes else d for i, d in enumerate(shape))


def _count(shape: tuple, axes: tuple) -> int:
    """How many elements each output of a reduction over `axes` reads."""
    return math.prod(shape[a] for a in axes)


def with_kept_dims(t: Tensor, shape: tuple, axes: tuple, keep_dims: bool) -> Tensor:
    """A reduction's output (or its gradient) with the reduced axes of `shape` present as
    size 1, so that it broadcasts against the input."""
    return t if keep_dims else F.reshape(t, _keep_dims_shape(shape, axes))


def unreduce(dout: Tensor, shape: tuple, axes: tuple, keep_dims: bool) -> Tensor:
    """The gradient of a sum over `axes` of an input of `shape`: `dout` broadcast back."""
    if tuple(dout.shape) == shape:
        return dout
    # Broadcasting prepends axes, so leading reduced axes need no reshape.
    if not keep_dims and axes != tuple(range(len(axes))):
        dout = F.reshape(dout, _keep_dims_shape(shape, axes))
    return F.broadcast_to(dout, shape)


def _cast(t: Tensor, dtype) -> Tensor:
    return t if t.dtype is dtype else F.cast(t, dtype)


def _float_cast(grad: Tensor, x: Tensor) -> Tensor:
    """A norm's gradient for `x`: in x's dtype when x is floating point; integer inputs
    keep the norm's floating dtype (as MindSpore returns them)."""
    return _cast(grad, x.dtype) if x.dtype.is_floating_point else grad


def optional_inputs(*defaults):
    """Adapt `fn(prim, x, *call_inputs, out, dout) -> dx` to a primitive whose trailing
    non-tensor inputs (axes, flags, dtypes) may be omitted at the call: `fn` always sees
    all of them (`defaults` fill in the omitted ones), and the bprop returns None for
    each input given."""
    def adapt(fn):
        @functools.wraps(fn)
        def run(prim, x, *rest):
            given = rest[:-2]
            dx = fn(prim, x, *given, *defaults[len(given):], rest[-2], rest[-1])
            return (dx,) + (None,) * len(given)
        return run
    return adapt


# ---- sums and means -------------------------------------------------------------------------
@bprop("ReduceSum")
@optional_inputs(())
def _reduce_sum(prim, x, axis, out, dout):
    if prim.skip_mode and reduce_ops.is_empty_axis(axis):
        return dout
    return unreduce(dout, x.shape, reduced_axes(x, axis), prim.keep_dims)


@bprop("SumExt")
@optional_inputs(None, False, None)
def _sum_ext(prim, input, dim, keepdim, dtype, out, dout):
    return unreduce(_cast(dout, input.dtype), input.shape, reduced_axes(input, dim), keepdim)


def _mean_grad(x: Tensor, axes: tuple, keep_dims: bool, dout: Tensor) -> Tensor:
    """d mean / dx = 1 / N for the N elements each output averages (integer inputs get
    the truncated quotient, as MindSpore gives)."""
    scaled = F.mul(dout, 1 / max(_count(x.shape, axes), 1))
    return unreduce(_cast(scaled, x.dtype), x.shape, axes, keep_dims)


@bprop("ReduceMean")
@optional_inputs(())
def _reduce_mean(prim, x, axis, out, dout):
    return _mean_grad(x, reduced_axes(x, axis), prim.keep_dims, dout)


# ---- extrema ----------------------------------------------------------------------------------
@bprop("ReduceMax", "ReduceMin")
@optional_inputs(())
def _reduce_extremum(prim, x, axis, out, dout):
    """MindSpore shares dout equally among the elements equal to the extremum (ties split)."""
    axes = reduced_axes(x, axis)
    out = with_kept_dims(out, x.shape, axes, prim.keep_dims)
    dout = with_kept_dims(dout, x.shape, axes, prim.keep_dims)
    hits = _cast(F.equal(x, out), dout.dtype)
    return _cast(F.mul(hits, F.div(dout, _sum_keep(hits, axes))), x.dtype)


@functools.lru_cache(maxsize=32)
def _one_and_zero(dtype: mstype.Number) -> tuple[Tensor, Tensor]:
    return Tensor(1, dtype), Tensor(0, dtype)


def scatter_along(values: Tensor, index: Tensor, axis: int, depth: int) -> Tensor:
    """A tensor with a new axis `axis` of size `depth` that holds `values` at position
    `index` (same shape as `values`) along it, zeros elsewhere."""
    one, zero = _one_and_zero(values.dtype)
    return F.mul(F.one_hot(index, depth, one, zero, axis), F.expand_dims(values, axis))


@bprop("ArgMaxWithValue", "ArgMinWithValue")
def _arg_with_value(prim, x, out, dout):
    """The value's gradient goes to the position the index names (the first extremum)."""
    index, dvalue = out[0], dout[1]
    if x.ndim == 0:
        return (dvalue,)
    axis = prim.axis % x.ndim
    if prim.keep_dims:
        shape = index.shape[:axis] + index.shape[axis + 1:]
        index, dvalue = F.reshape(index, shape), F.reshape(dvalue, shape)
    return (scatter_along(dvalue, index, axis, x.shape[axis]),)


@functools.lru_cache(maxsize=64)
def _inverse_permutation(perm: tuple) -> tuple:
    return tuple(sorted(range(len(perm)), key=perm.__getitem__))


def _along_last_axis(fn, x: Tensor, axes: tuple) -> Tensor:
    """`fn` (a shape-preserving map over the last axis) applied to `x` with the `axes`
    flattened into one last axis, in row-major order, and the result laid out as `x`."""
    rest = tuple(i for i in range(x.ndim) if i not in axes)
    perm = rest + axes
    moved = x if perm == tuple(range(x.ndim)) else F.transpose(x, perm)
    flat = F.reshape(moved, tuple(x.shape[i] for i in rest) + (-1,))
    result = F.reshape(fn(flat), moved.shape)
    return result if moved is x else F.transpose(result, _inverse_permutation(perm))


def first_extremum_mask(x: Tensor, axes: tuple, largest: bool) -> Tensor:
    """1 at the first (row-major) maximum (`largest`) or minimum of `x` over `axes`, 0
    elsewhere: where the inf-norms send their gradient."""
    arg = "Argmax" if largest else "Argmin"
    one, zero = _one_and_zero(x.dtype)

    def mark(t: Tensor, axis: int) -> Tensor:
        return F.one_hot(primitive(arg, axis, mstype.int64)(t), t.shape[axis], one, zero, axis)

    if len(axes) == 1:
        return mark(x, axes[0])
    return _along_last_axis(lambda flat: mark(flat, flat.ndim - 1), x, axes)


# ---- products -------------------------------------------------------------------------------
def _product_of_others(x: Tensor, axes: tuple) -> Tensor:
    """For each element, the product of the other elements of its slice over `axes`:
    the exclusive cumulative products from both ends multiplied, which stays exact when
    the slice holds zeros (unlike out / x)."""
    def along(t: Tensor, axis: int) -> Tensor:
        return F.mul(primitive("CumProd", True, False)(t, axis), primitive("CumProd", True, True)(t, axis))

    if len(axes) == 1:
        return along(x, axes[0])
    return _along_last_axis(lambda flat: along(flat, flat.ndim - 1), x, axes)


def _prod_grad(x: Tensor, axes: tuple, keep_dims: bool, dout: Tensor) -> Tensor:
    dout = unreduce(dout, x.shape, axes, keep_dims)
    return F.mul(dout, _product_of_others(x, axes)) if axes else dout


@bprop("ReduceProd")
@optional_inputs(())
def _reduce_prod(prim, x, axis, out, dout):
    return _prod_grad(x, reduced_axes(x, axis), prim.keep_dims, dout)


@bprop("ProdExt")
@optional_inputs(None, False, None)
def _prod_ext(prim, input, dim, keepdim, dtype, out, dout):
    """The product is taken in the output dtype (the input is cast first)."""
    grad = _prod_grad(_cast(input, out.dtype), reduced_axes(input, dim), keepdim, dout)
    return _cast(grad, input.dtype)


# ---- cumulative -----------------------------------------------------------------------------
def _reverse_cumsum(prim, t: Tensor, axis: int) -> Tensor:
    """The sum, for each position, of `t` over the positions whose scan reads it: a
    cumulative sum in the scan's opposite direction (with the same exclusivity)."""
    return primitive("CumSum", prim.exclusive, not prim.reverse)(t, axis)


@bprop("CumSum")
def _cumsum(prim, x, axis, out, dout):
    return _reverse_cumsum(prim, dout, axis), None


@bprop("CumProd")
def _cumprod(prim, x, axis, out, dout):
    """d out_j / d x_i = out_j / x_i for each output that multiplies x_i. MindSpore's rule,
    kept for its values: it gives NaN at zeros of x, where the true gradient is finite."""
    return F.div(_reverse_cumsum(prim, F.mul(dout, out), axis), x), None


# ---- logsumexp and moments ------------------------------------------------------------------
@bprop("LogSumExp")
@optional_inputs((), False)
def _logsumexp(prim, input, dim, keepdim, out, dout):
    """d logsumexp / dx = exp(x - logsumexp) (the softmax over the reduced axes)."""
    axes = reduced_axes(input, dim)
    out = with_kept_dims(out, input.shape, axes, keepdim)
    dout = with_kept_dims(dout, input.shape, axes, keepdim)
    return F.mul(F.exp(F.sub(input, out)), dout)


def _reciprocal(n: int) -> float:
    return 1 / n if n else math.inf


def _centered(x: Tensor, axes: tuple, scale: Tensor) -> Tensor:
    """(x - mean(x over axes)) * scale: d var / dx = 2 (x - mean) / (N - correction)."""
    return F.mul(F.sub(x, _mean_keep(x, axes)), scale)


def _std_grad(x: Tensor, axes: tuple, correction: int, std: Tensor, dstd: Tensor) -> Tensor:
    """d std / dx = (x - mean) / ((N - correction) std); `std`, `dstd` in keep-dims shape."""
    n = _count(x.shape, axes)
    return _centered(x, axes, F.mul(F.div(dstd, std), _reciprocal(n - correction)))


@bprop("Var")
@optional_inputs(None, 1, False)
def _var(prim, input, dim, correction, keepdim, out, dout):
    axes = reduced_axes(input, dim)
    dout = with_kept_dims(dout, input.shape, axes, keepdim)
    n = _count(input.shape, axes)
    return _centered(input, axes, F.mul(dout, 2 * _reciprocal(n - correction)))


@bprop("Std")
@optional_inputs(None, 1, False)
def _std(prim, input, dim, correction, keepdim, out, dout):
    axes = reduced_axes(input, dim)
    out, dout = (with_kept_dims(t, input.shape, axes, keepdim) for t in (out, dout))
    return _std_grad(input, axes, correction, out, dout)


@bprop("ReduceStd")
def _reduce_std(prim, x, out, dout):
    """Both outputs, the standard deviation and the mean, depend on x."""
    axes = reduced_axes(x, prim.axis)
    std, dstd, dmean = (with_kept_dims(t, x.shape, axes, prim.keep_dims) for t in (out[0], *dout))
    from_std = _std_grad(x, axes, int(prim.unbiased), std, dstd)
    return (F.add(from_std, _mean_grad(x, axes, True, dmean)),)


# ---- norms ------------------------------------------------------------------------------------
def p_norm_grad(x: Tensor, p: float, norm: Tensor, dout: Tensor) -> Tensor:
    """d ||x||_p / dx = sign(x) |x|^(p-1) / ||x||_p^(p-1), for a finite p (0 for p = 0);
    `norm` and `dout` in keep-dims shape. At zero norms this is MindSpore's 0 / 0 = NaN."""
    if p == 0:
        return F.zeros_like(x)
    if p == 1:
        return F.mul(F.sign(x), dout)
    if p == 2:
        return F.mul(x, F.div(dout, norm))
    return F.mul(F.mul(F.sign(x), F.pow(F.abs(x), p - 1)), F.div(dout, F.pow(norm, p - 1)))


def inf_norm_grad(x: Tensor, axes: tuple, largest: bool, dout: Tensor) -> Tensor:
    """The gradient of max |x| (`largest`) or min |x| over `axes`: sign(x) dout at the
    first extremum of |x| (MindSpore does not split ties here)."""
    return F.mul(F.mul(F.sign(x), first_extremum_mask(F.abs(x), axes, largest)), dout)


@bprop("LpNorm")
def _lp_norm(prim, input, out, dout):
    """MindSpore's rule uses the clamped output: below epsilon, the gradient is x / epsilon."""
    axes = reduced_axes(input, prim.axis)
    out, dout = (with_kept_dims(t, input.shape, axes, prim.keep_dims) for t in (out, dout))
    return (p_norm_grad(input, prim.p, out, dout),)


@bprop("LinalgVectorNorm")
@optional_inputs(2, None, False, None)
def _vector_norm(prim, x, ord, dim, keepdim, dtype, out, dout):
    axes = reduced_axes(x, dim)
    out, dout = (with_kept_dims(t, x.shape, axes, keepdim) for t in (out, dout))
    x_ = _cast(x, out.dtype)
    if math.isinf(ord):
        grad = inf_norm_grad(x_, axes, ord > 0, dout)
    else:
        grad = p_norm_grad(x_, ord, out, dout)
    return _float_cast(grad, x)


@functools.lru_cache(maxsize=32)
def _unit_vector(k: int, index: int, dtype: mstype.Number) -> Tensor:
    return Tensor([1 if i == index % k else 0 for i in range(k)], dtype)


def _singular_norm_grad(A: Tensor, ord, rows: int, cols: int, dout: Tensor) -> Tensor:
    """'nuc' = sum(s), 2 = max(s), -2 = min(s) of the singular values s of the matrices
    over (rows, cols): d s_i / dA = u_i v_i^T. `dout` in keep-dims shape."""
    perm = tuple(i for i in range(A.ndim) if i not in (rows, cols)) + (rows, cols)
    moved = perm != tuple(range(A.ndim))
    if moved:
        A, dout = F.transpose(A, perm), F.transpose(dout, perm)
    s, u, v = primitive("Svd", False, True)(A)
    if ord != "nuc":
        dout = F.mul(dout, _unit_vector(s.shape[-1], 0 if ord == 2 else -1, dout.dtype))
    grad = singular_vectors_product(u, dout, v)
    return F.transpose(grad, _inverse_permutation(perm)) if moved else grad


@bprop("MatrixNorm")
@optional_inputs("fro", (-2, -1), False, None)
def _matrix_norm(prim, A, ord, dim, keepdim, dtype, out, dout):
    """'fro' is the 2-norm of the elements; 1 / -1 (inf / -inf) take the largest /
    smallest column (row) sum of |A|, whose elements get sign(A) dout; 'nuc', 2 and -2
    are functions of the singular values."""
    axes = reduced_axes(A, dim)
    rows, cols = (a % A.ndim for a in dim)
    out, dout = (with_kept_dims(t, A.shape, axes, keepdim) for t in (out, dout))
    A_ = _cast(A, out.dtype)
    if ord == "fro":
        grad = p_norm_grad(A_, 2, out, dout)
    elif ord in ("nuc", 2, -2):
        grad = _singular_norm_grad(A_, ord, rows, cols, dout)
    else:
        summed, picked = (rows, cols) if abs(ord) == 1 else (cols, rows)
        line_sums = _sum_keep(F.abs(A_), summed)
        grad = F.mul(F.mul(F.sign(A_), first_extremum_mask(line_sums, (picked,), ord > 0)), dout)
    return _float_cast(grad, A)


@bprop("EuclideanNorm")
def _euclidean_norm(prim, x, axes, out, dout):
    """d ||x|| / dx = x / ||x|| (NaN where the norm is 0, as MindSpore gives)."""
    reduced = reduced_axes(x, axes)
    out, dout = (with_kept_dims(t, x.shape, reduced, prim.keep_dims) for t in (out, dout))
    return p_norm_grad(x, 2, out, dout), None


# ---- medians ----------------------------------------------------------------------------------
@bprop("Median")
def _median(prim, x, out, dout):
    """Along an axis, the value's gradient goes to the element the index names; the
    global median shares it equally among the elements equal to the median."""
    dvalue = dout[0]
    if prim.global_median:
        hits = _cast(F.equal(x, out[0]), dvalue.dtype)
        return (F.mul(hits, F.div(dvalue, F.reduce_sum(hits))),)
    if x.ndim == 0:
        return (dvalue,)
    axis, index = prim.axis % x.ndim, out[1]
    if prim.keep_dims:
        index, dvalue = F.squeeze(index, axis), F.squeeze(dvalue, axis)
    return (scatter_along(dvalue, index, axis, x.shape[axis]),)


@bprop("Quantile")
def _quantile(prim, input, q, out, dout):
    """A quantile interpolates between two order statistics, at sorted positions low and
    high = ceil(q (N - 1)) with weights 1 - w and w: dout goes to those two elements of
    the sorted slice, then back through the sort's permutation. Slices whose quantile
    is NaN (undefined) get no gradient."""
    x, axis = (F.reshape(input, (-1,)), 0) if prim.dim is None else (input, prim.dim % max(input.ndim, 1))
    if not x.shape:
        x = F.reshape(x, (1,))
    n = x.shape[axis]
    order = F.sort(x, axis)[1]  # NaN sorts last
    is_nan = F.isnan(x)
    if prim.ignore_nan:
        count = _sum_keep(_cast(F.logical_not(is_nan), x.dtype), axis)
        undefined = F.equal(count, 0.0)
    else:
        count = Tensor(n, x.dtype)
        undefined = primitive("ReduceAny", True)(is_nan, axis)
    qs = F.reshape(q, (-1,) + (1,) * x.ndim)
    position = F.mul(qs, F.maximum(F.sub(count, 1.0), 0.0))
    low = F.floor(position)
    full = (qs.shape[0],) + tuple(x.shape[:axis]) + (1,) + tuple(x.shape[axis + 1:])
    weight = F.broadcast_to(F.sub(position, low), full)
    grad = F.masked_fill(F.reshape(dout, full), F.broadcast_to(F.expand_dims(undefined, 0), full), 0.0)

    def picked(index, share):
        index = F.squeeze(F.broadcast_to(F.cast(index, mstype.int64), full), axis + 1)
        return scatter_along(F.squeeze(F.mul(grad, share), axis + 1), index, axis + 1, n)

    sorted_grad = F.add(picked(low, F.sub(1.0, weight)), picked(F.ceil(position), weight))
    sorted_grad = F.reduce_sum(sorted_grad, 0)
    inverse = F.sort(order, axis)[1]  # where each element went in the sort
    return F.reshape(F.gather_d(sorted_grad, axis, F.cast(inverse, mstype.int64)), input.shape), None


# ---- cumulative extrema and logsumexp ---------------------------------------------------------
@bprop("Cummax", "Cummin")
def _cumulative_extremum(prim, input, out, dout):
    """Each running extremum's gradient goes to the element its index names: one-hot the
    indices along a new axis after `axis` and sum the outputs that picked each element."""
    axis = prim.axis % input.ndim
    picks = scatter_along(dout[0], _cast(out[1], mstype.int64), axis + 1, input.shape[axis])
    return (F.reduce_sum(picks, axis),)


@bprop("CumulativeLogsumexp")
def _cumulative_logsumexp(prim, x, axis, out, dout):
    """d out_j / d x_i = exp(x_i - out_j) for each output j whose sum holds x_i: exp(x_i)
    times the scan, in the opposite direction, of dout_j exp(-out_j)."""
    axis = int(axis)
    scaled = F.mul(dout, F.exp(F.neg(out)))
    return F.mul(F.exp(x), primitive("CumSum", prim.exclusive, not prim.reverse)(scaled, axis)), None


# ---- counting ---------------------------------------------------------------------------------
@bprop("Bincount")
def _bincount(prim, array, size, weights, out, dout):
    """Each weight's gradient is the gradient of the bin its element counts in (0 for an
    element outside the bins)."""
    if weights.shape[0] == 0 or out.shape[0] == 0:
        return None, None, F.zeros_like(weights)
    counted = F.logical_and(F.ge(array, 0), F.lt(array, out.shape[0]))
    index = F.masked_fill(array, F.logical_not(counted), 0)
    picked = F.gather(dout, index, 0)
    return None, None, F.mul(picked, _cast(counted, picked.dtype))
