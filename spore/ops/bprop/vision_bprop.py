"""bprops of the primitives in operations/vision_ops.py."""
from __future__ import annotations
