"""Functional forms of the primitives in operations/control_flow_ops.py."""
from __future__ import annotations

from ..operations.control_flow_ops import Partial

__all__ = ["partial"]

partial = Partial()
"""`ops.partial(func, *args)`: `func` with its first arguments bound (a Partial instance,
as in MindSpore)."""
