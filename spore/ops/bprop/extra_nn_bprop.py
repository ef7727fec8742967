"""bprops of operations/extra_nn_ops.py (its composed Primitives need none)."""
from __future__ import annotations

from .registry import non_differentiable

# A mask over log-probabilities during beam search: MindSpore gives it no gradient.
non_differentiable("NoRepeatNGram")
