"""bprops of the array primitives (operations/array_ops.py)."""
from __future__ import annotations

from .registry import non_differentiable

# Creation ops and shape queries: their outputs do not depend on input values.
non_differentiable("OnesLike", "ZerosLike", "Zeros", "Ones", "Fill", "Eye", "Range", "LinSpace",
                   "OneHot", "Shape", "Rank", "Size", "DType")
