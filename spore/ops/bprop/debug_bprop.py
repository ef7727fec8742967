"""bprops of HookBackward and StopGradient (operations/debug_ops.py)."""
from __future__ import annotations

from ...common.tensor import Tensor
from .registry import bprop, non_differentiable

non_differentiable("StopGradient")


@bprop("HookBackward")
def _hook_backward(prim, *inputs_out_dout):
    """Show the hook the gradient arriving here (always as a tuple) and pass on what it
    returns instead, if anything."""
    inputs, dout = inputs_out_dout[:-2], inputs_out_dout[-1]
    grads = tuple(dout) if isinstance(dout, tuple) else (dout,)
    replaced = prim.hook_fn(grads)
    if replaced is None:
        return grads
    replaced = tuple(replaced) if isinstance(replaced, (tuple, list)) else (replaced,)
    if len(replaced) != len(inputs) or not all(isinstance(g, Tensor) for g in replaced):
        raise TypeError(f"For 'HookBackward', the hook function must return None or {len(inputs)} "
                        f"Tensor(s) replacing the gradient, but got {replaced!r}.")
    return replaced
