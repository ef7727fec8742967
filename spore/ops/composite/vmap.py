"""vmap: a function of one sample applied to a batch, by running it on each sample's
slice of the batched arguments and stacking the results.

The function runs once per sample, so gradients flow through the slices and the stack
(Graph mode unrolls the loop at compile time), at the cost of batch-size calls."""
from __future__ import annotations

from typing import Callable

from ...common.tensor import Tensor
from ..function import array_func

__all__ = ["vmap", "_Vmap"]


def _check_axis(axis, what: str) -> None:
    if axis is not None and (isinstance(axis, bool) or not isinstance(axis, int)):
        raise RuntimeError(f"The axis in vmap`s '{what}' can only be of type Int or None, but got "
                           f"{type(axis).__name__} {axis!r}.")


def _normalized(axis: int, ndim: int, what: str) -> int:
    if not -ndim <= axis < ndim:
        raise RuntimeError(f"The axis: {axis} in '{what}' is out of bounds for array of dimension [{-ndim},{ndim}).")
    return axis % ndim


def _pairs(value, axes, what: str):
    """(Tensor leaf, its axis) over `value`, `axes` being an int / None for all of it or a
    nest matching its tuples and lists."""
    if isinstance(axes, (tuple, list)):
        if not isinstance(value, (tuple, list)) or len(value) != len(axes):
            raise RuntimeError(f"The structure of vmap`s '{what}' {axes} does not match its value.")
        for v, a in zip(value, axes):
            yield from _pairs(v, a, what)
        return
    _check_axis(axes, what)
    if isinstance(value, (tuple, list)):
        for v in value:
            yield from _pairs(v, axes, what)
    elif isinstance(value, Tensor):
        yield value, axes


def _take(value, axes, index: int):
    """Sample `index` of `value`: each Tensor leaf with an axis indexed along it."""
    if isinstance(value, (tuple, list)):
        per_item = axes if isinstance(axes, (tuple, list)) else [axes] * len(value)
        return type(value)(_take(v, a, index) for v, a in zip(value, per_item))
    if isinstance(value, Tensor) and axes is not None:
        axis = _normalized(axes, value.ndim, "in_axes")
        return value[(slice(None),) * axis + (index,)]
    return value


def _stack(results: list, axes):
    """The per-sample results joined: Tensors stacked along their out axis (None: the
    first sample's value), tuples and lists leaf by leaf."""
    first = results[0]
    if isinstance(first, (tuple, list)):
        if isinstance(axes, (tuple, list)) and len(axes) != len(first):
            raise RuntimeError(f"The size of vmap`s 'out_axes' {len(axes)} must equal the number of outputs "
                               f"{len(first)}.")
        per_item = axes if isinstance(axes, (tuple, list)) else [axes] * len(first)
        return type(first)(_stack([r[i] for r in results], a) for i, a in enumerate(per_item))
    _check_axis(axes, "out_axes")
    if axes is None or not isinstance(first, Tensor):
        return first
    return array_func.stack(results, _normalized(axes, first.ndim + 1, "out_axes"))


def vmap(fn: Callable, in_axes=0, out_axes=0) -> Callable:
    """`fn` over a batch: `in_axes` (an int, None, or a nest matching the arguments) says
    which axis of each argument is the batch (None: the argument is shared); `out_axes`
    where the batch goes in each output (None: the output is not batched)."""
    if not callable(fn):
        raise TypeError(f"For 'vmap', the 'fn' must be callable, but got {type(fn).__name__}.")
    if in_axes is None:
        raise RuntimeError("The 'in_axes' of 'vmap' cannot be a single None while 'fn' is not a 'CellList'.")

    def batched(*args):
        if isinstance(in_axes, (tuple, list)) and len(in_axes) != len(args):
            raise RuntimeError(f"When vmap`s 'in_axes' is a tuple or list, and its size must be equal to the number "
                               f"of arguments of 'fn': {len(args)}, but got size: {len(in_axes)}.")
        axes = tuple(in_axes) if isinstance(in_axes, (tuple, list)) else (in_axes,) * len(args)
        sizes = [t.shape[_normalized(a, t.ndim, "in_axes")] for t, a in _pairs(args, axes, "in_axes")
                 if a is not None]
        if not sizes:
            raise RuntimeError("For 'vmap', at least one argument must be a Tensor with a batch axis in 'in_axes'.")
        for size in sizes[1:]:
            if size != sizes[0]:
                raise RuntimeError(f"The 'axis_size' of each argument in the scope of 'vmap' should be equal, but got "
                                   f"{sizes[0]} and {size}.")
        results = [fn(*_take(args, axes, i)) for i in range(sizes[0])]
        return _stack(results, out_axes)

    return batched


class _Vmap:
    """_Vmap()(fn, in_axes=0, out_axes=0): the transformation behind vmap."""

    def __call__(self, fn: Callable, in_axes=0, out_axes=0) -> Callable:
        return vmap(fn, in_axes, out_axes)
