"""Tensor methods that are not operators of their own: in-place updates (`add_`, `zero_`,
`copy_`...), `new_*` constructors, views and conversions, over the ops of the families."""
from __future__ import annotations

__all__: list[str] = []

TENSOR_METHODS: dict = {}
"""Tensor methods this family provides (installed by tensor_methods.py)."""
