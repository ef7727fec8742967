"""Primitives of the loss functions that need a kernel of their own (CTC, margin losses,
sigmoid cross-entropy, ...); losses composed of other primitives live in
function/loss_func.py."""
from __future__ import annotations

__all__: list[str] = []
