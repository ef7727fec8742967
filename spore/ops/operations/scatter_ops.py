"""Primitives of scatter, segment and index-update operators:
scatter_*, tensor_scatter_*, scatter_nd_*, unsorted_segment_*, index_add, index_fill, ...."""
from __future__ import annotations

__all__: list[str] = []
