"""Neural-network primitives: normalization, activations, losses, dropout, bias add, embedding lookup."""
from __future__ import annotations

__all__ = []
