"""Linear algebra: MatMul, BatchMatMul, outer products, einsum."""
from __future__ import annotations

__all__ = []
