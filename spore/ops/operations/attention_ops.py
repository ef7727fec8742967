"""Primitives of attention and mixture-of-experts operators: flash / prompt / incremental attention, MoE routing and token permutation."""
from __future__ import annotations

__all__: list[str] = []
