"""Random sampling primitives, repeatable under set_seed."""
from __future__ import annotations

__all__ = []
