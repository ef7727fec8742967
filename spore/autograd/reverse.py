"""The reverse-mode engine: one step of backpropagation, shared by the PyNative tape and
by autodiff on the graph IR.

A step takes one recorded call (a primitive, a Cell with its own bprop, a hook node):
the gradients that reached its outputs (None where none did), fills the missing ones
with zeros, calls the bprop with the inputs, the outputs and their gradients, checks
what it returned, and hands back one gradient per input. Both callers then accumulate
the input gradients into their table with `accumulate`. The values may be concrete
Tensors (the tape) or graph values (the compiler): bprops are spore code, so the same
step builds the backward graph when the values are symbolic.
"""
from __future__ import annotations

import functools
from typing import Callable

import numpy as np

from .._kernels import tensor_data
from ..common import dtype as mstype
from ..common.tensor import Tensor, wrap
from ..ops.bprop.registry import BPROPS, NON_DIFFERENTIABLE, set_needed_inputs
from ..ops.function import math_func

OWN = object()
"""The bprop resolved for a class with its own `bprop` method (Cell hook and custom-bprop nodes)."""
_resolved: dict = {}   # primitive class -> OWN, its table bprop, or None (its outputs carry no gradient)


def bprop_of(prim) -> Callable | None:
    """fn(*inputs, out, dout) giving prim's input gradients: its own `bprop` method (Cell
    hook and custom-bprop nodes) or the table's entry bound to it; None when its outputs
    carry no gradient."""
    entry = bprop_entry(prim)
    if entry is OWN:
        return prim.bprop
    return None if entry is None else functools.partial(entry, prim)


def bprop_entry(prim):
    """OWN, the bprop table's function for prim's class (unbound), or None when its outputs
    carry no gradient; resolved once per primitive class. Raises RuntimeError when prim has
    no bprop registered."""
    try:
        return _resolved[type(prim)]
    except KeyError:
        entry = _resolved[type(prim)] = _resolve(prim)
        return entry


def _resolve(prim):
    if getattr(type(prim), "bprop", None) is not None:
        return OWN
    name = type(prim).__name__
    table_entry = BPROPS.get(name)
    if table_entry is not None:
        return table_entry
    if name in NON_DIFFERENTIABLE:
        return None
    raise RuntimeError(f"For '{prim.name}', no bprop is registered, so a gradient can not flow through it.")


def step(prim, bprop: Callable, inputs: tuple, outs: tuple, douts: list, tuple_output: bool,
         needed: tuple) -> tuple | None:
    """The input gradients of one call, from the gradients `douts` at its outputs `outs`
    (None where no gradient arrived); None when no gradient arrived at all (unless the
    bprop talks to peer ranks, which wait for it: then with zeros). `needed` says which
    inputs want a gradient (bprops may skip the others)."""
    if tuple_output:
        if all(d is None for d in douts) and not getattr(prim, "peer_backward", False):
            return None
        out, dout = tuple(outs), tuple(zeros_like(o) if d is None else d for d, o in zip(douts, outs))
    else:
        out, dout = outs[0], douts[0]
        if dout is None:
            if not getattr(prim, "peer_backward", False):
                return None
            dout = zeros_like(out)
    outer = set_needed_inputs(needed)
    try:
        input_grads = bprop(*inputs, out, dout)
    finally:
        set_needed_inputs(outer)
    if not isinstance(input_grads, (tuple, list)) or len(input_grads) != len(inputs):
        got = len(input_grads) if isinstance(input_grads, (tuple, list)) else type(input_grads).__name__
        raise ValueError(f"For '{prim.name}', the bprop must return a tuple of {len(inputs)} gradients "
                         f"(one per input), but got {got}.")
    return input_grads


def accumulate(grads: dict, key, grad) -> None:
    """Add `grad` to the gradient kept for `key`."""
    previous = grads.get(key)
    grads[key] = grad if previous is None else math_func.add(previous, grad)


def zeros_like(value: Tensor) -> Tensor:
    """The gradient of an output nothing differentiated: zeros, made as a constant rather
    than by a primitive call (so no tape records it and no graph computes it)."""
    if value._t is not None:
        return wrap(tensor_data.zeros_like(value._t))
    return Tensor(np.zeros(tuple(value.shape), mstype.dtype_to_nptype(value.dtype)))


def check_cell_bprop_result(cell, grads, args: tuple) -> tuple:
    """A Cell's own bprop returns one gradient per input, each of its input's shape."""
    name = type(cell).__name__
    grads = tuple(grads) if isinstance(grads, (tuple, list)) else (grads,)
    if len(grads) != len(args):
        raise ValueError(f"For '{name}.bprop', one gradient per input ({len(args)}) must be returned, "
                         f"but got {len(grads)}.")
    for i, (g, a) in enumerate(zip(grads, args)):
        if isinstance(a, Tensor) and isinstance(g, Tensor) and tuple(g.shape) != tuple(a.shape):
            raise ValueError(f"For '{name}.bprop', the gradient of input {i} must have shape "
                             f"{tuple(a.shape)}, but got {tuple(g.shape)}.")
    return grads
