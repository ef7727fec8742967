"""Options of the vision transforms: Inter (interpolation) and Border (padding mode)."""
from __future__ import annotations

from enum import Enum, IntEnum


class Inter(IntEnum):
    """Interpolation of Resize-like transforms. spore implements NEAREST, BILINEAR
    (alias LINEAR) and BICUBIC (alias CUBIC)."""

    NEAREST = 0
    ANTIALIAS = 1
    BILINEAR = 2
    LINEAR = 2
    BICUBIC = 3
    CUBIC = 3
    AREA = 4
    PILCUBIC = 5


class Border(str, Enum):
    """How padding fills new pixels: with a constant, the edge pixel, or the image
    mirrored without (REFLECT) or with (SYMMETRIC) the edge pixel."""

    CONSTANT = "constant"
    EDGE = "edge"
    REFLECT = "reflect"
    SYMMETRIC = "symmetric"
