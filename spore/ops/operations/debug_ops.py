"""Primitives for looking into gradients: HookBackward, StopGradient."""
from __future__ import annotations

from ...common.tensor import Tensor
from ..primitive import Primitive, TensorSpec
from ..validator import check_tensor

__all__ = ["HookBackward", "StopGradient"]


class HookBackward(Primitive):
    """HookBackward(hook_fn, cell_id="")

    Identity in forward. In backward, `hook_fn(grad)` receives the gradient arriving
    here as a tuple (one entry per input) and may return a replacement. Hooks run in
    PyNative mode only; compiled graphs skip them.
    """

    def __init__(self, hook_fn, cell_id: str = ""):
        super().__init__()
        if not callable(hook_fn):
            raise TypeError(f"For 'HookBackward', the 'hook_fn' must be a function, but got "
                            f"{type(hook_fn).__name__}.")
        self.hook_fn = hook_fn
        self.add_prim_attr("cell_id", cell_id)

    def infer(self, *inputs):
        for i, x in enumerate(inputs):
            check_tensor(self.name, f"input{i}", x)
        return inputs[0] if len(inputs) == 1 else tuple(inputs)


class StopGradient(Primitive):
    """Identity whose output carries no gradient (ops.stop_gradient)."""

    def infer(self, x):
        # a Tensor gets a value of its own (a graph differentiates nothing through it);
        # anything else passes through as it is
        return TensorSpec(x.shape, x.dtype) if isinstance(x, Tensor) else x
