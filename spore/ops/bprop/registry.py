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
