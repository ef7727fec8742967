"""Functional API of the primitives in operations/attention_ops.py."""
from __future__ import annotations

__all__: list[str] = []

TENSOR_METHODS: dict = {}
"""Tensor methods this family provides (installed by tensor_methods.py)."""
