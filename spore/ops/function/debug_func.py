"""Functional API of the primitives in operations/debug_ops.py."""
from __future__ import annotations

from ..operations.debug_ops import StopGradient

__all__ = ["stop_gradient"]

_stop_gradient = StopGradient()


def stop_gradient(value):
    """`value` unchanged, with no gradient flowing back through it (Tensors inside
    tuples and lists included)."""
    if isinstance(value, (tuple, list)):
        return type(value)(stop_gradient(v) for v in value)
    return _stop_gradient(value)

