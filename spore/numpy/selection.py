"""mindspore.numpy's indexing and selection: `take`, `take_along_axis`, `choose`, `select`,
`where`, `piecewise`, sorted search (`searchsorted`, `digitize`), flat / multi-index
conversion, the set functions, and applying a function along or over axes."""
from __future__ import annotations

import numbers

import numpy as onp

from .. import ops
from ..common import dtype as mstype
from ..common.tensor import Tensor
from .dtypes import result_type
from .utils import cast, check_int, host_values, normalize_axis, to_tensor

__all__ = [
    "take", "take_along_axis", "choose", "select", "where", "piecewise", "argwhere",
    "searchsorted", "digitize", "unravel_index", "ravel_multi_index",
    "unique", "intersect1d", "setdiff1d", "apply_along_axis", "apply_over_axes",
]


def _index_mode(op: str, indices: Tensor, size: int, mode: str) -> Tensor:
    """Out-of-range `indices` into an axis of `size` clipped to it or wrapped around it."""
    if mode == "clip":
        return ops.clip(indices, 0, size - 1)
    if mode == "wrap":
        return ops.remainder(indices, size)
    raise ValueError(f"For '{op}', the 'mode' must be 'clip' or 'wrap', but got {mode!r}.")


def _int_indices(op: str, indices, name: str = "indices") -> Tensor:
    indices = to_tensor(indices, None, op, name)
    if indices.dtype not in mstype.int_type + mstype.uint_type:
        raise TypeError(f"For '{op}', the '{name}' must hold integers, but got {indices.dtype}.")
    return indices


def take(a, indices, axis=None, mode="clip"):
    """The elements of `a` at `indices` along `axis` (None: of the flattened `a`); out-of-range indices
    are clipped (after counting negative ones from the end) or wrapped by `mode`."""
    a = to_tensor(a, None, "take")
    indices = _int_indices("take", indices)
    if axis is None:
        a, axis = ops.reshape(a, (-1,)), 0
    axis = normalize_axis(axis, a.ndim, "take")
    if mode == "clip":  # mindspore.numpy counts a negative index from the end before clipping
        indices = ops.where(indices < 0, indices + a.shape[axis], indices)
    return ops.gather(a, _index_mode("take", indices, a.shape[axis], mode), axis)


def take_along_axis(arr, indices, axis):
    """The elements of `arr` at `indices` along `axis` (the other axes broadcast); axis None means
    the flattened `arr`."""
    arr = to_tensor(arr, None, "take_along_axis", "arr")
    indices = _int_indices("take_along_axis", indices)
    if axis is None:
        arr, axis = ops.reshape(arr, (-1,)), 0
    if indices.ndim != arr.ndim:
        raise ValueError(f"For 'take_along_axis', the 'indices' and 'arr' must have the same number of dimensions, "
                         f"but got {indices.ndim} and {arr.ndim}.")
    axis = normalize_axis(axis, arr.ndim, "take_along_axis")
    shape = tuple(onp.broadcast_shapes(*(tuple(s for i, s in enumerate(t.shape) if i != axis) for t in (arr, indices))))
    arr = ops.broadcast_to(arr, shape[:axis] + (arr.shape[axis],) + shape[axis:])
    indices = ops.broadcast_to(indices, shape[:axis] + (indices.shape[axis],) + shape[axis:])
    return ops.gather_elements(arr, axis, ops.cast(indices, mstype.int64))


def choose(a, choices, mode="clip"):
    """out[i] = choices[a[i]][i]: an index array picks among arrays (all broadcast together)."""
    a = _int_indices("choose", a, "a")
    choices = [to_tensor(c, None, "choose", "choices") for c in (choices if isinstance(choices, (list, tuple))
                                                                  else ops.unstack(to_tensor(choices), 0))]
    common = result_type(*choices)
    shape = tuple(onp.broadcast_shapes(tuple(a.shape), *(tuple(c.shape) for c in choices)))
    stacked = ops.stack([ops.broadcast_to(cast(c, common), shape) for c in choices])
    picks = _index_mode("choose", ops.broadcast_to(a, shape), len(choices), mode)
    return ops.gather_elements(stacked, 0, ops.expand_dims(ops.cast(picks, mstype.int64), 0))[0]


def select(condlist, choicelist, default=0):
    """Where condlist[i] first holds, choicelist[i]; `default` where none holds."""
    if len(condlist) != len(choicelist):
        raise ValueError(f"For 'select', the 'condlist' and 'choicelist' must have the same length, but got "
                         f"{len(condlist)} and {len(choicelist)}.")
    if not len(condlist):
        raise ValueError("For 'select', the 'condlist' must not be empty.")
    conditions = [cast(to_tensor(c, None, "select", "condlist"), mstype.bool_) for c in condlist]
    choices = [to_tensor(c, None, "select", "choicelist") for c in choicelist]
    common = result_type(*choices)
    out = cast(to_tensor(default, None, "select", "default"), common)
    for condition, choice in zip(reversed(conditions), reversed(choices)):
        out = ops.where(condition, cast(choice, common), out)
    return out


def where(condition, x=None, y=None):
    """x where `condition` holds, else y (all three broadcast together)."""
    if x is None or y is None:
        raise TypeError("For 'where', both 'x' and 'y' must be given.")
    condition = cast(to_tensor(condition, None, "where", "condition"), mstype.bool_)
    x, y = to_tensor(x, None, "where", "x"), to_tensor(y, None, "where", "y")
    common = result_type(x, y)
    shape = tuple(onp.broadcast_shapes(tuple(condition.shape), tuple(x.shape), tuple(y.shape)))
    return ops.where(ops.broadcast_to(condition, shape), ops.broadcast_to(cast(x, common), shape),
                     ops.broadcast_to(cast(y, common), shape))


def piecewise(x, condlist, funclist, *args, **kw):
    """funclist[i] (a function of x, or a value) where condlist[i] holds; one extra function gives the
    value where no condition holds (else 0). Later conditions win where several hold."""
    x = to_tensor(x, None, "piecewise", "x")
    if isinstance(condlist, Tensor) and condlist.ndim == x.ndim:
        condlist = [condlist]
    conditions = [cast(to_tensor(c, None, "piecewise", "condlist"), mstype.bool_) for c in condlist]
    if len(funclist) not in (len(conditions), len(conditions) + 1):
        raise ValueError(f"For 'piecewise', the 'funclist' must have {len(conditions)} or {len(conditions) + 1} "
                         f"entries, but got {len(funclist)}.")

    def value(f):
        out = f(x, *args, **kw) if callable(f) else f
        return ops.broadcast_to(to_tensor(out, None, "piecewise", "funclist"), tuple(x.shape))

    values = [value(f) for f in funclist]
    out = values[-1] if len(values) > len(conditions) else ops.zeros(tuple(x.shape), values[0].dtype)
    for condition, v in zip(conditions, values):
        out = ops.where(condition, cast(v, out.dtype), out)
    return out


def argwhere(a):
    """The indices of the nonzero elements of `a`, one row each (N, a.ndim), Int64."""
    return ops.argwhere(to_tensor(a, None, "argwhere"))


# ---- sorted search ---------------------------------------------------------------------------


def searchsorted(a, v, side="left", sorter=None):
    """Where each value of `v` would go in the sorted 1-D `a` to keep it sorted: the first such
    position ('left') or the last ('right'). `sorter` sorts an unsorted `a`. Int32."""
    if side not in ("left", "right"):
        raise ValueError(f"For 'searchsorted', the 'side' must be 'left' or 'right', but got {side!r}.")
    a = to_tensor(a, None, "searchsorted")
    if a.ndim != 1:
        raise ValueError(f"For 'searchsorted', the 'a' must be 1-D, but got {a.ndim}-D.")
    if sorter is not None:
        a = ops.gather(a, ops.cast(_int_indices("searchsorted", sorter, "sorter"), mstype.int64), 0)
    v = to_tensor(v, None, "searchsorted", "v")
    common = result_type(a, v)
    a, v = cast(a, common), cast(v, common)
    return ops.searchsorted(a, v, out_int32=True, side=side)


def digitize(x, bins, right=False):
    """The index of the bin of `bins` (monotonic 1-D) each value of `x` falls in."""
    x, bins = to_tensor(x, None, "digitize", "x"), to_tensor(bins, None, "digitize", "bins")
    if bins.ndim != 1:
        raise ValueError(f"For 'digitize', the 'bins' must be 1-D, but got {bins.ndim}-D.")
    increasing = bins.shape[0] < 2 or bool((bins[-1] >= bins[0]).asnumpy())
    if increasing:
        return searchsorted(bins, x, "left" if right else "right")
    # decreasing bins: search the reversed bins and count from the other end
    return bins.shape[0] - searchsorted(ops.flip(bins, (0,)), x, "left" if right else "right")


# ---- index conversion ------------------------------------------------------------------------


def unravel_index(indices, shape, order="C"):
    """The multi-index (one Int32 Tensor per dimension of `shape`) of flat `indices`."""
    if order not in ("C", "F"):
        raise ValueError(f"For 'unravel_index', the 'order' must be 'C' or 'F', but got {order!r}.")
    indices = cast(_int_indices("unravel_index", indices), mstype.int32)
    shape = (shape,) if isinstance(shape, numbers.Integral) else tuple(shape)
    dims = reversed(list(enumerate(shape))) if order == "C" else enumerate(shape)
    out = [None] * len(shape)
    for axis, size in dims:
        out[axis] = ops.remainder(indices, size)
        indices = ops.floor_divide(indices, size)
    return tuple(out)


def ravel_multi_index(multi_index, dims, mode="clip", order="C"):
    """The flat index of each multi-index (a sequence of index arrays, one per dimension of `dims`);
    out-of-range indices are clipped or wrapped by `mode`. Float32, as mindspore.numpy gives."""
    if order not in ("C", "F"):
        raise ValueError(f"For 'ravel_multi_index', the 'order' must be 'C' or 'F', but got {order!r}.")
    dims = (dims,) if isinstance(dims, numbers.Integral) else tuple(dims)
    if isinstance(multi_index, Tensor):
        multi_index = list(ops.unstack(multi_index, 0))
    if len(multi_index) != len(dims):
        raise ValueError(f"For 'ravel_multi_index', the 'multi_index' must have one index array per dimension "
                         f"({len(dims)}), but got {len(multi_index)}.")
    strides = onp.cumprod((1,) + dims[:0:-1])[::-1] if order == "C" else onp.cumprod((1,) + dims[:-1])
    flat = 0
    for index, size, stride in zip(multi_index, dims, strides):
        index = _index_mode("ravel_multi_index", _int_indices("ravel_multi_index", index, "multi_index"), size, mode)
        flat = flat + ops.cast(index, mstype.float32) * float(stride)
    return flat


# ---- sets ------------------------------------------------------------------------------------


def unique(x, return_inverse=False):
    """The sorted distinct elements of the flattened `x`; with `return_inverse`, also the position of
    each element of `x` among them (Int32)."""
    x = ops.reshape(to_tensor(x, None, "unique", "x"), (-1,))
    distinct, inverse = ops.unique(x)
    values, order = ops.sort(distinct)
    if not return_inverse:
        return values
    rank = ops.argsort(order)  # where each first-seen distinct value lands once sorted
    return values, ops.cast(ops.gather(rank, ops.cast(inverse, mstype.int64), 0), mstype.int32)


def _host_set(op: str, ar1, ar2):
    a, b = to_tensor(ar1, None, op, "ar1"), to_tensor(ar2, None, op, "ar2")
    common = result_type(a, b)
    return host_values(cast(a, common), op, "ar1"), host_values(cast(b, common), op, "ar2"), common


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    """The sorted values in both arrays; with `return_indices`, also their first positions in each
    (flattened) array. The output size depends on the values, so they must be known."""
    a, b, common = _host_set("intersect1d", ar1, ar2)
    found = onp.intersect1d(a, b, assume_unique, return_indices)
    if not return_indices:
        return Tensor(found, common)
    values, first_a, first_b = found
    return Tensor(values, common), Tensor(first_a.astype(onp.int32)), Tensor(first_b.astype(onp.int32))


def setdiff1d(ar1, ar2, assume_unique=False):
    """The sorted distinct values of `ar1` not in `ar2` (the values must be known)."""
    a, b, common = _host_set("setdiff1d", ar1, ar2)
    return Tensor(onp.setdiff1d(a, b, assume_unique), common)


# ---- applying functions ----------------------------------------------------------------------


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    """func1d applied to every 1-D slice of `arr` along `axis`; its output's axes replace that axis."""
    arr = to_tensor(arr, None, "apply_along_axis", "arr")
    axis = normalize_axis(axis, arr.ndim, "apply_along_axis")
    moved = ops.moveaxis(arr, axis, -1)
    batch = tuple(moved.shape[:-1])
    rows = ops.reshape(moved, (-1, moved.shape[-1]))
    results = [to_tensor(func1d(row, *args, **kwargs), None, "apply_along_axis", "func1d")
               for row in ops.unstack(rows, 0)]
    out = ops.reshape(ops.stack(results), batch + tuple(results[0].shape))
    result_axes = tuple(range(len(batch), out.ndim))
    return ops.moveaxis(out, result_axes, tuple(range(axis, axis + len(result_axes)))) if result_axes else out


def apply_over_axes(func, a, axes):
    """func(a, axis) applied for each axis in turn, keeping the reduced axes (as size 1)."""
    a = to_tensor(a, None, "apply_over_axes")
    for axis in (axes,) if isinstance(axes, numbers.Integral) else axes:
        axis = normalize_axis(check_int(axis, "apply_over_axes", "axes"), a.ndim, "apply_over_axes", "axes")
        out = to_tensor(func(a, axis), None, "apply_over_axes", "func")
        if out.ndim == a.ndim - 1:
            out = ops.expand_dims(out, axis)
        elif out.ndim != a.ndim:
            raise ValueError("For 'apply_over_axes', the 'func' must keep the number of dimensions or reduce one.")
        a = out
    return a
