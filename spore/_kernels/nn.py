"""Kernels of the primitives in ops/operations/nn_ops.py."""
from __future__ import annotations

from .registry import kernel, kernel_factory  # noqa: F401
