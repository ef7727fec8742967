"""bprops of the embedding-cache primitives (operations/embedding_cache_ops.py): none, they
map integer keys."""
from __future__ import annotations

from .registry import non_differentiable

non_differentiable("MapUniform", "SubAndFilter")
