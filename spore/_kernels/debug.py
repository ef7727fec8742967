"""Kernels of the primitives in ops/operations/debug_ops.py: identities (their work
happens in backward)."""
from __future__ import annotations

from .registry import kernel


@kernel("HookBackward")
def hook_backward(*inputs):
    return inputs[0] if len(inputs) == 1 else inputs


@kernel("StopGradient")
def stop_gradient(x):
    return x
