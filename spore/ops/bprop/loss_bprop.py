"""bprops of the primitives in operations/loss_ops.py."""
from __future__ import annotations
