"""Colour-space arithmetic shared by the colour transforms, as OpenCV computes it for
uint8 images (MindSpore's CPU kernels call OpenCV): RGB to gray with 14-bit fixed-point
weights; and RGB <-> HSV in floating point.

Images are (..., 3) RGB arrays; the results keep every leading axis.
"""
from __future__ import annotations

import numpy as np

_GRAY_SHIFT = 14
_GRAY_WEIGHTS = (4899, 9617, 1868)  # 0.299, 0.587, 0.114 in 14-bit fixed point


def rgb_to_gray(rgb: np.ndarray) -> np.ndarray:
    """(..., 3) uint8 RGB to (...) uint8 luma, rounded as OpenCV's fixed point."""
    r, g, b = (rgb[..., i].astype(np.int32) for i in range(3))
    red, green, blue = _GRAY_WEIGHTS
    return ((r * red + g * green + b * blue + (1 << (_GRAY_SHIFT - 1))) >> _GRAY_SHIFT).astype(np.uint8)


# For each sector of the hue circle: which of (v, p, q, t) below is red, green, blue.
_SECTORS = np.array([[0, 3, 1], [2, 0, 1], [1, 0, 3], [1, 2, 0], [3, 1, 0], [0, 1, 2]])


def rgb_to_hsv_float(rgb: np.ndarray) -> np.ndarray:
    """(..., 3) RGB of any dtype to float64 HSV, each of hue and saturation in [0, 1] and
    value in the input's units (Python's colorsys, vectorized)."""
    rgb = rgb.astype(np.float64)
    r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    high, low = rgb.max(axis=-1), rgb.min(axis=-1)
    span = high - low
    safe_span = np.where(span == 0, 1.0, span)
    saturation = np.where(high == 0, 0.0, span / np.where(high == 0, 1.0, high))
    rc, gc, bc = ((high - c) / safe_span for c in (r, g, b))
    hue = np.where(r == high, bc - gc, np.where(g == high, 2.0 + rc - bc, 4.0 + gc - rc))
    hue = np.where(span == 0, 0.0, (hue / 6.0) % 1.0)
    return np.stack([hue, saturation, high], axis=-1)


def hsv_float_to_rgb(hsv: np.ndarray) -> np.ndarray:
    """The inverse of `rgb_to_hsv_float` (float64)."""
    hsv = hsv.astype(np.float64)
    h, s, v = hsv[..., 0], hsv[..., 1], hsv[..., 2]
    sector = np.floor(h * 6.0)
    f = h * 6.0 - sector
    sector = sector.astype(np.int64) % 6
    table = np.stack([v, v * (1.0 - s), v * (1.0 - s * f), v * (1.0 - s * (1.0 - f))], axis=-1)
    rgb = np.take_along_axis(table, _SECTORS[sector], axis=-1)
    return np.where((s == 0)[..., None], v[..., None], rgb)
