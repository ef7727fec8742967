"""bprops of operations/box_ops.py: none, as in MindSpore (RotatedIou has no gradient there)."""
from __future__ import annotations

from .registry import non_differentiable

non_differentiable("RotatedIou")
