"""`mindspore.mint.nn`: PyTorch-style neural-network API. This package holds `functional`;
the layer Cells are not part of spore yet."""
from __future__ import annotations

from . import functional

__all__ = ['functional']
