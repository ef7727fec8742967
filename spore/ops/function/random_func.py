"""Functional API of the primitives in operations/random_ops.py."""
from __future__ import annotations

__all__ = []

TENSOR_METHODS = {}
"""Tensor methods and operators this family provides (installed by tensor_methods.py)."""
