"""bprops of the primitives in operations/signal_ops.py.

Windows are constants of their length: no gradient.
"""
from __future__ import annotations

from .registry import non_differentiable

non_differentiable("BartlettWindow", "BlackmanWindow", "HammingWindow")
