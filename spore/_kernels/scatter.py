"""Kernels of scatter, segment and index-update operators:
scatter_*, tensor_scatter_*, scatter_nd_*, unsorted_segment_*, index_add, index_fill, ....

Every scatter is one reduction of rows: the updated tensor seen as (rows, *rest), a 1-D
tensor of row numbers and updates of shape (len(rows), *rest). Index vectors into the
first N axes (the *_nd ops and tensor_scatter_*) become row numbers of the tensor viewed
as (prod(shape[:N]), *shape[N:]); axis-0 indices (scatter_*) already are row numbers.
"""
from __future__ import annotations

import math

import torch

from .registry import kernel, kernel_factory


def _rows_of_vectors(indices: torch.Tensor, shape: tuple) -> torch.Tensor:
    """The row numbers, in a tensor of `shape` viewed as (prod(shape[:N]), ...), of the
    index vectors on the last axis (depth N) of `indices`, flattened."""
    depth = indices.shape[-1]
    strides = [math.prod(shape[k + 1:depth]) for k in range(depth)]
    weights = torch.tensor(strides, dtype=torch.int64, device=indices.device)
    return (indices.reshape(-1, depth).long() * weights).sum(-1)


def _check_rows(rows: torch.Tensor, count: int) -> None:
    if rows.numel() and (rows.min() < 0 or rows.max() >= count):
        raise IndexError(f"a row index is out of range [0, {count})")


def _reduce_into(base: torch.Tensor, rows: torch.Tensor, updates: torch.Tensor, how: str,
                 include_self: bool = True) -> torch.Tensor:
    """base with updates[k] reduced ('prod', 'amax', 'amin') into row rows[k], base's own
    values included unless `include_self` is False (then rows no update reaches keep them)."""
    index = rows.reshape((-1,) + (1,) * (updates.dim() - 1)).expand_as(updates)
    return base.scatter_reduce(0, index, updates, how, include_self=include_self)


def reduce_rows(base: torch.Tensor, rows: torch.Tensor, updates: torch.Tensor, how: str) -> torch.Tensor:
    """A copy of `base` (rows, *rest) with updates[k] combined into row rows[k] by `how`:
    'update' writes, 'add' / 'sub' / 'mul' / 'div' accumulate, 'max' / 'min' keep the
    extreme (repeated rows combine every update)."""
    _check_rows(rows, base.shape[0])
    updates = updates.to(base.dtype)
    if how == "update":
        return base.index_put((rows,), updates)
    if how in ("add", "sub"):
        return base.index_add(0, rows, -updates if how == "sub" else updates)
    if how == "mul":
        return _reduce_into(base, rows, updates, "prod")
    if how in ("max", "min"):
        return _reduce_into(base, rows, updates, "amax" if how == "max" else "amin")
    # Dividing by each update in turn is dividing by their product.
    divisor = _reduce_into(torch.ones_like(base), rows, updates, "prod")
    if base.is_floating_point() or base.is_complex():
        return base / divisor
    return torch.div(base, divisor, rounding_mode="trunc")


def scatter_vectors(base, indices, updates, how: str):
    """`base` with `updates` combined at the index vectors of `indices` (tensor_scatter_*
    and scatter_nd_*)."""
    depth = indices.shape[-1]
    rows = _rows_of_vectors(indices, tuple(base.shape))
    flat = base.reshape((math.prod(base.shape[:depth]),) + tuple(base.shape[depth:]))
    out = reduce_rows(flat, rows, updates.reshape((rows.numel(),) + tuple(base.shape[depth:])), how)
    return out.reshape(base.shape)


def scatter_rows(base, indices, updates, how: str):
    """`base` with `updates` combined into its rows (axis 0) at `indices` (scatter_*)."""
    rows = indices.reshape(-1).long()
    return reduce_rows(base, rows, updates.reshape((rows.numel(),) + tuple(base.shape[1:])), how)


# ---- tensor_scatter_*: new tensors ---------------------------------------------------------------
def _tensor_scatter(how: str):
    return lambda x, indices, updates: scatter_vectors(x, indices, updates, how)


for _name, _how in (("TensorScatterSub", "sub"), ("TensorScatterMul", "mul"), ("TensorScatterDiv", "div"),
                    ("TensorScatterMax", "max"), ("TensorScatterMin", "min")):
    kernel(_name)(_tensor_scatter(_how))


@kernel_factory("TensorScatterElements")
def tensor_scatter_elements(prim):
    axis, reduction = prim.axis, prim.reduction

    def scatter_elements(x, indices, updates):
        index = indices.long()
        index = torch.where(index < 0, index + x.shape[axis], index)
        if reduction == "add":
            return x.scatter_add(axis, index, updates.to(x.dtype))
        return x.scatter(axis, index, updates.to(x.dtype))
    return scatter_elements


# ---- scatter_* and scatter_nd_*: updates of a variable -------------------------------------------
_VARIABLE_SCATTERS = {"Add": "add", "Sub": "sub", "Mul": "mul", "Div": "div", "Max": "max", "Min": "min",
                      "Update": "update"}

for _suffix, _how in _VARIABLE_SCATTERS.items():
    kernel(f"Scatter{_suffix}")(lambda x, indices, updates, how=_how: scatter_rows(x, indices, updates, how))
    kernel(f"ScatterNd{_suffix}")(lambda x, indices, updates, how=_how: scatter_vectors(x, indices, updates, how))


# ---- segments ---------------------------------------------------------------------------------------
def _segment_reduce(how: str):
    """Rows of x (grouped by the leading axes that segment_ids covers) combined per
    segment; ids outside [0, num_segments) are dropped, empty segments hold the
    reduction's identity (0, 1, or the dtype's lowest / highest value)."""
    def segment_kernel(x, segment_ids, num_segments):
        count = int(num_segments.item() if isinstance(num_segments, torch.Tensor) else num_segments)
        ids = segment_ids.reshape(-1).long()
        rows = x.reshape((ids.numel(),) + tuple(x.shape[segment_ids.dim():]))
        kept = (ids >= 0) & (ids < count)
        ids, rows = ids[kept], rows[kept]
        shape = (count,) + tuple(rows.shape[1:])
        if how == "sum":
            return x.new_zeros(shape).index_add(0, ids, rows)
        if how == "prod":
            return _reduce_into(x.new_ones(shape), ids, rows, "prod")
        info = torch.finfo(x.dtype) if x.is_floating_point() else torch.iinfo(x.dtype)
        start = info.min if how == "max" else info.max
        return _reduce_into(x.new_full(shape, start), ids, rows, "amax" if how == "max" else "amin")
    return segment_kernel


for _name, _how in (("UnsortedSegmentSum", "sum"), ("UnsortedSegmentMax", "max"), ("UnsortedSegmentMin", "min"),
                    ("UnsortedSegmentProd", "prod")):
    kernel(_name)(_segment_reduce(_how))


# ---- index updates ------------------------------------------------------------------------------------
@kernel_factory("IndexAdd")
def index_add(prim):
    axis = prim.axis
    return lambda x, indices, y: x.index_add(axis % x.dim(), indices.long(), y.to(x.dtype))


@kernel_factory("InplaceIndexAdd")
def inplace_index_add(prim):
    axis = prim.axis
    return lambda var, indices, updates: var.index_add(axis % var.dim(), indices.long(), updates.to(var.dtype))


@kernel("IndexFill")
def index_fill(x, dim, index, value):
    fill = value.item() if isinstance(value, torch.Tensor) else value
    dim = int(dim.item() if isinstance(dim, torch.Tensor) else dim)
    return x.index_fill(dim, index.reshape(-1).long(), fill)


def _inplace(how: str):
    def inplace_kernel(x, v, indices):
        rows = torch.as_tensor(indices, dtype=torch.int64, device=x.device).reshape(-1)
        return reduce_rows(x, rows, v.reshape((rows.numel(),) + tuple(x.shape[1:])), how)
    return inplace_kernel


@kernel_factory("InplaceAdd")
def inplace_add(prim):
    indices, run = prim.indices, _inplace("add")
    return lambda x, v: run(x, v, indices)


@kernel_factory("InplaceSub")
def inplace_sub(prim):
    indices, run = prim.indices, _inplace("sub")
    return lambda x, v: run(x, v, indices)


@kernel_factory("InplaceUpdate")
def inplace_update(prim):
    indices, run = prim.indices, _inplace("update")
    return lambda x, v: run(x, v, indices)


@kernel("InplaceUpdateV2")
def inplace_update_v2(x, indices, v):
    rows = indices.tolist() if isinstance(indices, torch.Tensor) else indices
    return _inplace("update")(x, v, rows)


@kernel_factory("ScatterAddWithAxis")
def scatter_add_with_axis(prim):
    axis = prim.axis

    def scatter_add(x, indices, updates):
        index = indices.long()
        return x.scatter_add(axis, torch.where(index < 0, index + x.shape[axis], index), updates)
    return scatter_add


kernel("ScatterNonAliasingAdd")(lambda x, indices, updates: scatter_vectors(x, indices, updates, "add"))


@kernel_factory("IndexPut")
def index_put(prim):
    accumulate = bool(prim.accumulate)
    return lambda x1, x2, indices: x1.index_put(tuple(i.long() for i in indices), x2, accumulate=accumulate)


# ---- sorted segments ----------------------------------------------------------------------------------
def _sorted_segment(how: str):
    """Rows of x combined per segment id (sorted, so the segments are max(id) + 1);
    empty segments hold 0, or 1 for products."""
    def segment_kernel(x, segment_ids):
        ids = segment_ids.long()
        count = int(ids.max()) + 1 if ids.numel() else 0
        shape = (count,) + tuple(x.shape[1:])
        if how in ("sum", "mean"):
            total = x.new_zeros(shape).index_add(0, ids, x)
            if how == "sum":
                return total
            sizes = torch.bincount(ids, minlength=count).clamp(min=1)
            return total / sizes.reshape((-1,) + (1,) * (x.dim() - 1)).to(x.dtype)
        if how == "prod":
            return _reduce_into(x.new_ones(shape), ids, x, "prod")
        # Rows no id reaches keep the zeros they start from.
        return _reduce_into(x.new_zeros(shape), ids, x, "amax" if how == "max" else "amin", include_self=False)
    return segment_kernel


for _name, _how in (("SegmentSum", "sum"), ("SegmentMean", "mean"), ("SegmentMax", "max"), ("SegmentMin", "min"),
                    ("SegmentProd", "prod")):
    kernel(_name)(_sorted_segment(_how))


@kernel("SparseSegmentMean")
def sparse_segment_mean(x, indices, segment_ids):
    return _sorted_segment("mean")(x.index_select(0, indices.long()), segment_ids)
