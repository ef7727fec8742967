"""Primitives of image and pooling operations that need a kernel of their own (unpooling,
fractional and LP pooling, patch extraction, sampling grids, crops and ROI pooling, LRN).
`operations/image_ops.py` is MindSpore's module path for some of them, an alias."""
from __future__ import annotations

__all__: list[str] = []
