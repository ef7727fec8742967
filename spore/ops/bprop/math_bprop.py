"""bprops of the elementwise math primitives (operations/math_ops.py)."""
from __future__ import annotations

from ..function import math_func as F
from .broadcast import grad_like
from .registry import bprop


@bprop("Add")
def _add(prim, x, y, out, dout):
    return grad_like(x, dout), grad_like(y, dout)


@bprop("Sub")
def _sub(prim, x, y, out, dout):
    return grad_like(x, dout), grad_like(y, F.neg(dout))


@bprop("Mul")
def _mul(prim, x, y, out, dout):
    return grad_like(x, F.mul(dout, y)), grad_like(y, F.mul(dout, x))
