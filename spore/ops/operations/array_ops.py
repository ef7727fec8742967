"""Array primitives that reshape, combine, create and cast tensors."""
from __future__ import annotations

__all__ = []
