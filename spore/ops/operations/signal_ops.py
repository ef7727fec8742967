"""Primitives of signal processing: FFTs, window functions, STFT."""
from __future__ import annotations

__all__: list[str] = []
