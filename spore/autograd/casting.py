"""Mixed-precision casting as an interpreter: inside a Cell set to a compute dtype
(`Cell.to_float`, auto mixed precision), the floating-point Tensor inputs of every
primitive call are cast to that dtype first.

The casts are primitive calls made below the caster, so a tape records them (gradients
reach the Parameters in their own dtype) and a graph gets Cast nodes. A Cell inside
another one with its own dtype replaces the outer dtype rather than stacking on it: the
outer casters stand aside while the inner one is in effect.
"""
from __future__ import annotations

import contextlib

from ..common.tensor import Tensor
from ..ops import interpreter
from ..ops.operations.array_ops import Cast

_CAST = Cast()


class PrecisionCaster(interpreter.Interpreter):
    """Casts the floating-point Tensor inputs of each call to `dtype`."""

    def __init__(self, dtype):
        self.dtype = dtype
        self.active = True

    def process(self, prim, args: tuple):
        if self.active and type(prim) is not Cast:
            args = tuple(self._cast(a) for a in args)
        return prim(*args)

    def _cast(self, value):
        if isinstance(value, Tensor):
            dtype = value.dtype
            if dtype is not self.dtype and dtype.is_floating_point:
                return _CAST(value, self.dtype)
            return value
        if type(value) in (tuple, list):
            return type(value)(self._cast(v) for v in value)
        return value


@contextlib.contextmanager
def casting(dtype):
    """Every primitive call inside casts its float inputs to `dtype` (outer casters stand
    aside meanwhile)."""
    outer = [c for c in interpreter.all_of(PrecisionCaster) if c.active]
    for caster in outer:
        caster.active = False
    try:
        with interpreter.interpreting(PrecisionCaster(dtype)):
            yield
    finally:
        for caster in outer:
            caster.active = True
