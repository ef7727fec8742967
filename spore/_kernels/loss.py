"""Kernels of the loss primitives (operations/loss_ops.py)."""
from __future__ import annotations
