"""Convolution, pooling and resizing primitives: convolutions and their transposes,
max / average / adaptive pooling, image resizing."""
from __future__ import annotations

__all__ = []
