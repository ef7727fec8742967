"""Functions over Python values that MindSpore exports beside the Tensor ops and its graph
compiler uses for them: scalar_*, tuple_*, list_*, bool_*, string_*, make_*, typeof, ..."""
from __future__ import annotations

__all__: list[str] = []

TENSOR_METHODS: dict = {}
"""Tensor methods this family provides (installed by tensor_methods.py)."""
