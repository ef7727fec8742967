"""Affine and perspective warps of one image, sampled as OpenCV's warpAffine /
warpPerspective do (MindSpore's CPU kernels call them): each output pixel maps back to
a source position; NEAREST takes the pixel at the rounded position, BILINEAR blends the
four neighbours with the position quantized to 1/32 pixel. Positions outside the image
take `fill` (one value or one per channel).
"""
from __future__ import annotations

import numpy as np

from .utils import Inter

_AB_BITS = 10  # OpenCV's fixed point for affine source positions
_AB_ONE = 1 << _AB_BITS
_INTER_BITS = 5  # sub-pixel resolution of bilinear sampling: 1/32


def invert_affine(matrix: np.ndarray) -> np.ndarray:
    """The 2x3 affine map undoing `matrix` (2x3)."""
    square = np.vstack([matrix, [0.0, 0.0, 1.0]])
    return np.linalg.inv(square)[:2]


def warp_affine(image: np.ndarray, inverse: np.ndarray, size: tuple[int, int], interpolation: Inter,
                fill) -> np.ndarray:
    """`image` (H, W[, C]) sampled at inverse @ (x, y, 1) for every output pixel of `size`
    (height, width). Positions are in OpenCV's 10-bit fixed point, the x and the y terms
    rounded apart."""
    ys, xs = np.arange(size[0], dtype=np.float64)[:, None], np.arange(size[1], dtype=np.float64)[None, :]
    fixed_x = np.rint(inverse[0, 0] * xs * _AB_ONE) + np.rint((inverse[0, 1] * ys + inverse[0, 2]) * _AB_ONE)
    fixed_y = np.rint(inverse[1, 0] * xs * _AB_ONE) + np.rint((inverse[1, 1] * ys + inverse[1, 2]) * _AB_ONE)
    if interpolation == Inter.NEAREST:
        return _nearest(image, _shift(fixed_y, _AB_BITS), _shift(fixed_x, _AB_BITS), fill)
    bits = _AB_BITS - _INTER_BITS
    return _bilinear(image, _shift(fixed_y, bits), _shift(fixed_x, bits), fill)


def warp_perspective(image: np.ndarray, inverse: np.ndarray, size: tuple[int, int], interpolation: Inter,
                     fill) -> np.ndarray:
    """`image` sampled through the 3x3 homography `inverse` (output to source)."""
    ys, xs = np.indices(size, dtype=np.float64)
    w = inverse[2, 0] * xs + inverse[2, 1] * ys + inverse[2, 2]
    w = np.where(w == 0, 0.0, 1.0 / np.where(w == 0, 1.0, w))
    src_x = (inverse[0, 0] * xs + inverse[0, 1] * ys + inverse[0, 2]) * w
    src_y = (inverse[1, 0] * xs + inverse[1, 1] * ys + inverse[1, 2]) * w
    if interpolation == Inter.NEAREST:
        return _nearest(image, np.rint(src_y).astype(np.int64), np.rint(src_x).astype(np.int64), fill)
    steps = 1 << _INTER_BITS
    row, col = np.rint(src_y * steps).astype(np.int64), np.rint(src_x * steps).astype(np.int64)
    if interpolation == Inter.BICUBIC:
        return _bicubic(image, row, col, fill)
    return _bilinear(image, row, col, fill)


def perspective_matrix(start_points, end_points) -> np.ndarray:
    """The 3x3 homography taking the 4 `start_points` (x, y) to the 4 `end_points`."""
    rows, rhs = [], []
    for (x, y), (u, v) in zip(start_points, end_points):
        rows.append([x, y, 1, 0, 0, 0, -x * u, -y * u])
        rows.append([0, 0, 0, x, y, 1, -x * v, -y * v])
        rhs += [u, v]
    solution = np.linalg.solve(np.asarray(rows, np.float64), np.asarray(rhs, np.float64))
    return np.append(solution, 1.0).reshape(3, 3)


def _shift(fixed: np.ndarray, bits: int) -> np.ndarray:
    """Fixed-point values rounded to `bits` fewer fraction bits."""
    return (fixed.astype(np.int64) + (1 << (bits - 1))) >> bits


def _nearest(image: np.ndarray, row: np.ndarray, col: np.ndarray, fill) -> np.ndarray:
    planes, fill_pixel = _planes(image, fill)
    return _result(image, _gather(planes, row, col, fill_pixel))


def _bilinear(image: np.ndarray, row: np.ndarray, col: np.ndarray, fill) -> np.ndarray:
    """Positions in 1/32 pixel."""
    planes, fill_pixel = _planes(image, fill)
    steps = 1 << _INTER_BITS
    top, left = row >> _INTER_BITS, col >> _INTER_BITS
    fy, fx = ((row & (steps - 1)) / steps)[..., None], ((col & (steps - 1)) / steps)[..., None]
    out = (_gather(planes, top, left, fill_pixel) * (1 - fx) * (1 - fy)
           + _gather(planes, top, left + 1, fill_pixel) * fx * (1 - fy)
           + _gather(planes, top + 1, left, fill_pixel) * (1 - fx) * fy
           + _gather(planes, top + 1, left + 1, fill_pixel) * fx * fy)
    return _result(image, out)


def _bicubic(image: np.ndarray, row: np.ndarray, col: np.ndarray, fill) -> np.ndarray:
    """Positions in 1/32 pixel; OpenCV's cubic kernel (a = -0.75) over 4 x 4 neighbours."""
    planes, fill_pixel = _planes(image, fill)
    steps = 1 << _INTER_BITS
    top, left = row >> _INTER_BITS, col >> _INTER_BITS
    row_weights = _cubic_weights((row & (steps - 1)) / steps)
    col_weights = _cubic_weights((col & (steps - 1)) / steps)
    out = 0.0
    for i in range(4):
        for j in range(4):
            weight = (row_weights[i] * col_weights[j])[..., None]
            out = out + _gather(planes, top + i - 1, left + j - 1, fill_pixel) * weight
    return _result(image, out)


def _cubic_weights(x: np.ndarray) -> list[np.ndarray]:
    a = -0.75
    w0 = ((a * (x + 1) - 5 * a) * (x + 1) + 8 * a) * (x + 1) - 4 * a
    w1 = ((a + 2) * x - (a + 3)) * x * x + 1
    w2 = ((a + 2) * (1 - x) - (a + 3)) * (1 - x) * (1 - x) + 1
    return [w0, w1, w2, 1 - w0 - w1 - w2]


def _planes(image: np.ndarray, fill) -> tuple[np.ndarray, np.ndarray]:
    planes = image[..., None] if image.ndim == 2 else image
    return planes, np.broadcast_to(np.asarray(fill, np.float64), (planes.shape[2],))


def _result(image: np.ndarray, out: np.ndarray) -> np.ndarray:
    if image.dtype.kind in "iu":
        info = np.iinfo(image.dtype)
        out = np.clip(np.rint(out), info.min, info.max)
    out = out.astype(image.dtype)
    return out[..., 0] if image.ndim == 2 else out


def _gather(planes: np.ndarray, row: np.ndarray, col: np.ndarray, fill_pixel: np.ndarray) -> np.ndarray:
    height, width = planes.shape[:2]
    inside = (row >= 0) & (row < height) & (col >= 0) & (col < width)
    values = planes[np.clip(row, 0, height - 1), np.clip(col, 0, width - 1)].astype(np.float64)
    return np.where(inside[..., None], values, fill_pixel)
