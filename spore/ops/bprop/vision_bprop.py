"""bprops of the primitives in operations/vision_ops.py."""
from __future__ import annotations

from .registry import non_differentiable

# Box selections: their outputs are indices, a mask and the input boxes reordered, as
# MindSpore's, which gives no gradient through them.
non_differentiable("NMSWithMask", "NonMaxSuppressionV3", "NonMaxSuppressionWithOverlaps", "CombinedNonMaxSuppression")
# The random window boundaries of fractional pooling: integers.
non_differentiable("_FractionalPoolingSequence")
