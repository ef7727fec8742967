"""bprops of the state and control primitives (operations/other_ops.py).

Assign, AssignAdd and AssignSub follow MindSpore's PyNative gradients: the gradient
reaching the updated variable flows to the variable itself (as if the op returned it),
and to `value` only where the value is added or subtracted; Assign's `value` gets none.
"""
from __future__ import annotations

from ..function import math_func as F
from .broadcast import grad_like
from .registry import bprop, non_differentiable

# Print writes its inputs and returns None; GetNext reads a data queue; Raise only raises.
non_differentiable("Print", "GetNext", "Raise")


@bprop("Identity")
def _identity(prim, x, out, dout):
    return (dout,)


@bprop("Reshard")
def _reshard(prim, tensor, out, dout):
    return (dout,)


@bprop("CopyWithSlice")
def _copy_with_slice(prim, x, y, out, dout):
    """x then holds y: the gradient reaching it flows to y, none to x's old values."""
    return None, dout


@bprop("Depend")
def _depend(prim, value, expr, out, dout):
    """`expr` only orders side effects. In PyNative mode Depend returns `value` itself and
    nothing is recorded, so this runs only where a graph is differentiated."""
    return dout, None


@bprop("Assign")
def _assign(prim, variable, value, out, dout):
    return dout, None


@bprop("AssignAdd")
def _assign_add(prim, variable, value, out, dout):
    return dout, grad_like(value, dout)


@bprop("AssignSub")
def _assign_sub(prim, variable, value, out, dout):
    return dout, grad_like(value, F.neg(dout))
