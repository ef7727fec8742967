"""State and control primitives: Assign, AssignAdd, Depend, Identity, Print, GetNext."""
from __future__ import annotations

__all__ = []
