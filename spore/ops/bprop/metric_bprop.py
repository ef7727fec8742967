"""bprops of operations/metric_ops.py: none, as in MindSpore (counts and distances of
integer labels and sequences)."""
from __future__ import annotations

from .registry import non_differentiable

non_differentiable("EditDistance", "ConfusionMatrix", "ComputeAccidentalHits")
