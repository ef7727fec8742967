"""Primitives that gather, scatter, slice, select and sort elements, and the Tensor indexing primitives."""
from __future__ import annotations

__all__ = []
