"""Image resizing in NumPy, following OpenCV's cv::resize (which MindSpore's CPU Resize
uses) so results match MindSpore's.

Images come stacked: (N, H, W) or (N, H, W, C). Output pixel x samples the input at
(x + 0.5) * in / out - 0.5 (pixel centres aligned). Bilinear on uint8 reproduces
OpenCV's fixed-point arithmetic (11-bit weights, horizontal pass first): results equal
MindSpore's for most pixels and are off by 1 for a few near the borders of enlarged
images. Nearest is exact. Bicubic (a = -0.75, edge pixels replicated) is computed in
floating point and may differ from OpenCV's fixed point by 1.
"""
from __future__ import annotations

import functools

import numpy as np

from .utils import Inter

_BITS = 11
_ONE = 1 << _BITS
# Up to this input width the horizontal bilinear pass is a matrix product (its cost grows
# with the width, the tap-by-tap pass's does not).
_PRODUCT_WIDTH = 64


def resize(images: np.ndarray, height: int, width: int, interpolation: Inter) -> np.ndarray:
    """`images` (N, H, W[, C]) resized to (N, height, width[, C]), same dtype."""
    if interpolation == Inter.NEAREST:
        rows = _nearest_taps(images.shape[1], height)
        cols = _nearest_taps(images.shape[2], width)
        return images[:, rows][:, :, cols]
    if interpolation == Inter.BILINEAR:
        if images.dtype == np.uint8:
            return _bilinear_uint8(images, height, width)
        return _separable(images, _linear_taps(images.shape[1], height), _linear_taps(images.shape[2], width))
    if interpolation == Inter.BICUBIC:
        return _separable(images, _cubic_taps(images.shape[1], height), _cubic_taps(images.shape[2], width))
    raise ValueError(f"Resize: interpolation {Inter(interpolation).name} is not supported; use NEAREST, "
                     f"BILINEAR or BICUBIC.")


def _source_coords(n_in: int, n_out: int) -> np.ndarray:
    # OpenCV computes the scale as 1 / (out / in) in double, the coordinate in float.
    scale = 1.0 / (n_out / n_in)
    return ((np.arange(n_out) + 0.5) * scale - 0.5).astype(np.float32)


def _cached(taps):
    """Taps depend only on the two sizes: compute each pair once (read-only arrays)."""
    @functools.lru_cache(maxsize=512)
    def cached(n_in: int, n_out: int):
        arrays = taps(n_in, n_out)
        for array in arrays if isinstance(arrays, tuple) else (arrays,):
            array.setflags(write=False)
        return arrays
    return cached


@_cached
def _nearest_taps(n_in: int, n_out: int) -> np.ndarray:
    scale = 1.0 / (n_out / n_in)
    return np.minimum(np.floor(np.arange(n_out) * scale).astype(np.int64), n_in - 1)


@_cached
def _linear_taps(n_in: int, n_out: int) -> tuple[np.ndarray, np.ndarray]:
    """(indices, weights), each (n_out, 2): the two input pixels of each output pixel."""
    coords = _source_coords(n_in, n_out)
    first = np.floor(coords).astype(np.int64)
    frac = coords - first.astype(np.float32)
    # Beyond either edge the edge pixel is used alone.
    outside = (first < 0) | (first >= n_in - 1)
    frac[outside] = 0
    first = np.clip(first, 0, n_in - 1)
    indices = np.stack([first, np.minimum(first + 1, n_in - 1)], axis=1)
    weights = np.stack([np.float32(1) - frac, frac], axis=1)
    return indices, weights


@_cached
def _fixed_linear_taps(n_in: int, n_out: int) -> tuple[np.ndarray, np.ndarray]:
    """Linear taps with OpenCV's integer weights (summing to 2048)."""
    indices, weights = _linear_taps(n_in, n_out)
    return indices, np.rint(weights * _ONE).astype(np.int32)


@_cached
def _cubic_taps(n_in: int, n_out: int, a: float = -0.75) -> tuple[np.ndarray, np.ndarray]:
    """(indices, weights), each (n_out, 4)."""
    coords = _source_coords(n_in, n_out).astype(np.float64)
    first = np.floor(coords).astype(np.int64)
    offsets = np.arange(-1, 3)
    d = np.abs((coords - first)[:, None] - offsets)
    weights = np.where(d <= 1, ((a + 2) * d - (a + 3)) * d * d + 1,
                       np.where(d < 2, ((a * d - 5 * a) * d + 8 * a) * d - 4 * a, 0.0))
    indices = np.clip(first[:, None] + offsets, 0, n_in - 1)
    return indices, weights


def _separable(images: np.ndarray, row_taps, col_taps) -> np.ndarray:
    """Resize along W, then H, by weighted sums of taps, in float32 (float64 for float64)."""
    work = np.float64 if images.dtype == np.float64 else np.float32
    x = images.astype(work, copy=False)
    x = _weighted_sum(x, col_taps, axis=2, dtype=work)
    x = _weighted_sum(x, row_taps, axis=1, dtype=work)
    if images.dtype.kind in "iu":
        info = np.iinfo(images.dtype)
        return np.clip(np.rint(x), info.min, info.max).astype(images.dtype)
    return x.astype(images.dtype, copy=False)


def _weighted_sum(x: np.ndarray, taps, axis: int, dtype) -> np.ndarray:
    indices, weights = taps
    shape = [1] * x.ndim
    shape[axis] = indices.shape[0]
    total = None
    for k in range(indices.shape[1]):
        term = np.take(x, indices[:, k], axis=axis) * weights[:, k].astype(dtype).reshape(shape)
        total = term if total is None else total + term
    return total


def _bilinear_uint8(images: np.ndarray, height: int, width: int) -> np.ndarray:
    """OpenCV's INTER_LINEAR for 8-bit images: integer weights summing to 2048, a
    horizontal pass into int32 rows, then a vertical pass rounded as its SIMD path does."""
    x = images[..., None] if images.ndim == 3 else images
    if x.shape[2] <= _PRODUCT_WIDTH:
        # (N, H, C, width): the horizontal pass as one float32 matrix product over every
        # row of every channel; exact, as every product and sum is an integer below 2**24.
        n, h_in, w_in, channels = x.shape
        planes = x.transpose(0, 1, 3, 2).astype(np.float32, order="C").reshape(-1, w_in)
        h = (planes @ _column_matrix(w_in, width).T).astype(np.int32).reshape(n, h_in, channels, width)
    else:  # (N, H, width, C)
        cols, _ = _fixed_linear_taps(x.shape[2], width)
        left_w, right_w = _column_weights(x.shape[2], width, x.shape[3:])
        wide = x.astype(np.int32)
        h = np.take(wide, cols[:, 0], axis=2)
        h *= left_w
        right = np.take(wide, cols[:, 1], axis=2)
        right *= right_w
        h += right
    h >>= 4
    rows, row_w = _row_taps(x.shape[1], height)
    both = np.take(h, rows, axis=1)  # the top taps of every output row, then the bottom ones
    both *= row_w
    both >>= 16
    out = both[:, :height]
    out += both[:, height:]
    out += 2
    out >>= 2
    # Every term is non-negative: only the upper bound needs saturating.
    np.minimum(out, 255, out=out)
    if x.shape[2] <= _PRODUCT_WIDTH:
        out = out.transpose(0, 1, 3, 2)
    out = out.astype(np.uint8, order="C")
    return out[..., 0] if images.ndim == 3 else out


@functools.lru_cache(maxsize=512)
def _column_weights(n_in: int, n_out: int, channels: tuple) -> tuple[np.ndarray, np.ndarray]:
    """The fixed-point weights of each output column's two taps, repeated for each channel:
    multiplying by a (W, C) array runs NumPy's inner loop along W * C, not along C alone."""
    _, weights = _fixed_linear_taps(n_in, n_out)
    shape = (n_out, *channels)
    expanded = tuple(np.ascontiguousarray(np.broadcast_to(weights[:, k].reshape(-1, *(1,) * len(channels)), shape))
                     for k in range(2))
    for array in expanded:
        array.setflags(write=False)
    return expanded


@functools.lru_cache(maxsize=512)
def _column_matrix(n_in: int, n_out: int) -> np.ndarray:
    """(n_out, n_in): each output column's fixed-point weights at its taps' positions."""
    cols, weights = _fixed_linear_taps(n_in, n_out)
    matrix = np.zeros((n_out, n_in), np.float32)
    for k in range(2):
        np.add.at(matrix, (np.arange(n_out), cols[:, k]), weights[:, k])
    matrix.setflags(write=False)
    return matrix


@functools.lru_cache(maxsize=512)
def _row_taps(n_in: int, n_out: int) -> tuple[np.ndarray, np.ndarray]:
    """The top taps of each output row followed by the bottom taps (2 * n_out), and
    their fixed-point weights shaped to multiply (N, 2 * n_out, ...) rows."""
    rows, weights = _fixed_linear_taps(n_in, n_out)
    taps = np.concatenate([rows[:, 0], rows[:, 1]])
    w = np.concatenate([weights[:, 0], weights[:, 1]]).reshape(1, -1, 1, 1)
    taps.setflags(write=False)
    w.setflags(write=False)
    return taps, w
