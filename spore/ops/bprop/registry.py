"""The bprop table: primitive name -> the function giving its input gradients.

A bprop is written with spore ops, so running it while a tape records yields gradients
of gradients. Its signature is `bprop(prim, *inputs, out, dout) -> tuple`, one entry per
input (None for inputs that take no gradient, such as axes or shapes): `out` is what
the primitive returned and `dout` the gradient arriving at it (a tuple for multi-output
primitives). Primitives whose outputs carry no gradient (comparisons, argmax, random
sampling, shape queries) are declared with `non_differentiable`, never left out by
accident: tests check every registered primitive is in exactly one of the two tables.
"""
from __future__ import annotations

from typing import Callable

BPROPS: dict[str, Callable] = {}
NON_DIFFERENTIABLE: set[str] = set()


def bprop(*names: str) -> Callable[[Callable], Callable]:
    """Register `fn` as the bprop of the primitives `names`."""
    def register(fn: Callable) -> Callable:
        for name in names:
            if name in BPROPS or name in NON_DIFFERENTIABLE:
                raise RuntimeError(f"bprop for '{name}' is registered twice")
            BPROPS[name] = fn
        return fn
    return register


def non_differentiable(*names: str) -> None:
    """Declare that the outputs of these primitives carry no gradient."""
    for name in names:
        if name in BPROPS or name in NON_DIFFERENTIABLE:
            raise RuntimeError(f"'{name}' is declared twice in the bprop table")
        NON_DIFFERENTIABLE.add(name)


_needed_inputs: tuple | None = None


def input_needs_grad(index: int) -> bool:
    """Whether the bprop running now must compute the gradient of input `index`.

    The tape says no for inputs it does not follow (a network's data, say), so a bprop
    may skip that work and return None there; outside a tape's backward it is always
    True."""
    return _needed_inputs is None or _needed_inputs[index]


def set_needed_inputs(needed: tuple | None) -> tuple | None:
    """Declare which inputs the next bprop call needs gradients for; returns the previous
    declaration (the tape restores it after the call)."""
    global _needed_inputs
    previous, _needed_inputs = _needed_inputs, needed
    return previous
