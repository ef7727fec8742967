"""Reductions: ReduceSum/Mean/Max/Min/Prod/All/Any, Argmax/Argmin and their WithValue
forms, cumulative sums and products, logsumexp, norms."""
from __future__ import annotations

__all__ = []
