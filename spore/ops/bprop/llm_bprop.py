"""bprops of operations/llm_ops.py (RmsNorm and LogSoftmaxExt are compositions and need none)."""
from __future__ import annotations

from .registry import non_differentiable

# An in-place selection of mixture-of-experts scores: MindSpore gives it no gradient.
non_differentiable("GroupTopk")
