"""Kernels of the elementwise math primitives (math_ops.py)."""
from __future__ import annotations

from .registry import kernel


@kernel("Add")
def add(x, y):
    return x + y


@kernel("Sub")
def sub(x, y):
    return x - y


@kernel("Mul")
def mul(x, y):
    return x * y
