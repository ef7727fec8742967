"""bprops of the user-defined operators (operations/custom_ops.py): the user's own."""
from __future__ import annotations

from ..interpreter import call_function
from .registry import bprop


@bprop("Custom")
def _custom(prim, *inputs_out_dout):
    """The `bprop(*inputs, out, dout)` given to Custom (in a graph, compiled into it)."""
    if prim.bprop is None:
        raise RuntimeError(f"Illegal primitive {prim.name}'s bprop not defined: give 'Custom' a 'bprop' function "
                           f"to take gradients through it.")
    grads = call_function(prim.bprop, *inputs_out_dout)
    return tuple(grads) if isinstance(grads, (tuple, list)) else (grads,)


@bprop("PyFunc")
def _py_func(prim, input_x, out, dout):
    raise RuntimeError(f"Illegal primitive {prim.name}'s bprop not defined: 'PyFunc' is not differentiable.")
