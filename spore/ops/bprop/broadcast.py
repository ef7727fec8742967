"""Bringing a gradient back to its input: undo broadcasting and promotion.

A binary op broadcasts its inputs and promotes their dtypes; the gradient arriving at
its output has the output's shape and dtype, so each input's gradient is summed over
the broadcast axes and cast back to the input's dtype.
"""
from __future__ import annotations

import functools

from ...common.tensor import Tensor
from ..operations import array_ops, reduce_ops


@functools.cache
def _prims():
    return reduce_ops.ReduceSum(keep_dims=False), array_ops.Reshape(), array_ops.Cast()


def sum_to_shape(grad: Tensor, shape: tuple) -> Tensor:
    """Sum `grad` over the axes along which `shape` was broadcast to grad's shape."""
    shape = tuple(shape)
    if tuple(grad.shape) == shape:
        return grad
    reduce_sum, reshape, _ = _prims()
    lead = grad.ndim - len(shape)
    axes = tuple(range(lead)) + tuple(
        lead + i for i, dim in enumerate(shape) if dim == 1 and grad.shape[lead + i] != 1)
    summed = reduce_sum(grad, axes) if axes else grad
    return reshape(summed, shape) if tuple(summed.shape) != shape else summed


def grad_like(x, grad: Tensor):
    """The gradient for input `x`: None for non-Tensor inputs, else `grad` summed to x's
    shape and cast to x's dtype."""
    if not isinstance(x, Tensor):
        return None
    grad = sum_to_shape(grad, x.shape)
    if grad.dtype is not x.dtype:
        grad = _prims()[2](grad, x.dtype)
    return grad


__all__ = ["grad_like", "sum_to_shape"]
