"""bprops of the primitives in operations/vision_ops.py."""
from __future__ import annotations

from .registry import non_differentiable

# Box selections and crops: their outputs are indices, masks, the input boxes reordered
# and integer crop windows, as MindSpore's, which gives no gradient through them.
non_differentiable("NMSWithMask", "NonMaxSuppressionV3", "NonMaxSuppressionWithOverlaps", "CombinedNonMaxSuppression",
                   "SampleDistortedBoundingBoxV2")
# The random window boundaries of fractional pooling: integers.
non_differentiable("_FractionalPoolingSequence")
