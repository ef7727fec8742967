"""Kernels of the image and pooling primitives (operations/vision_ops.py)."""
from __future__ import annotations
