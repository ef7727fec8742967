"""Transforms of pixel values and layout: Rescale, Normalize, HWC2CHW, ToTensor.

All are elementwise or a transpose, so they apply to a stack of images at once
(`batchable`); the stack's axis 0 is the image index.
"""
from __future__ import annotations

import numbers

import numpy as np

from .. import checks
from ..transforms.transforms import to_numpy_dtype
from .image_operation import ImageOperation, check_image


class Rescale(ImageOperation):
    """pixel * rescale + shift, as float32, rounded once (as MindSpore's fused multiply-add)."""

    batchable = True

    def __init__(self, rescale: float, shift: float):
        self.rescale = checks.check_number("Rescale", "rescale", rescale)
        self.shift = checks.check_number("Rescale", "shift", shift)
        self._scale = np.float32(self.rescale)
        self._offset = np.float32(self.shift)

    def _check(self, shape: tuple, dtype: np.dtype) -> None:
        """Any shape: Rescale is elementwise."""

    def _apply_batch(self, images: np.ndarray) -> np.ndarray:
        if self._offset == 0:  # a float32 product is rounded once already
            return np.multiply(images, self._scale, dtype=np.float32)
        # The float32 operands' product is exact in float64, so the sum is rounded once
        # more, like a float32 fused multiply-add.
        out = np.multiply(images, float(self._scale), dtype=np.float64)
        out += float(self._offset)
        return out.astype(np.float32)

    def __repr__(self) -> str:
        return f"Rescale(rescale={self.rescale}, shift={self.shift})"


class Normalize(ImageOperation):
    """(pixel - mean) / std per channel, as float32. `mean` and `std` have one value per
    channel (or one for all); the channel axis is last (`is_hwc`) or first."""

    batchable = True

    def __init__(self, mean, std, is_hwc: bool = True):
        self.mean = _per_channel("mean", mean, 0.0, 255.0, low_open=False)
        self.std = _per_channel("std", std, 0.0, 255.0, low_open=True)
        if len(self.mean) != len(self.std):
            raise ValueError(f"For 'Normalize', the 'mean' and 'std' must have the same length, but got "
                             f"{len(self.mean)} and {len(self.std)}.")
        self.is_hwc = checks.check_bool("Normalize", "is_hwc", is_hwc)

    def _check(self, shape: tuple, dtype: np.dtype) -> None:
        check_image("Normalize", shape)
        channels = 1 if len(shape) == 2 else shape[-1] if self.is_hwc else shape[0]
        if len(self.mean) not in (1, channels):
            raise RuntimeError(f"For 'Normalize', the image has {channels} channel(s) (shape {tuple(shape)}), "
                               f"but 'mean' and 'std' have {len(self.mean)} values.")

    def _apply_batch(self, images: np.ndarray) -> np.ndarray:
        shape = (-1,) if self.is_hwc or images.ndim == 3 else (-1, 1, 1)
        mean = np.asarray(self.mean, np.float32).reshape(shape)
        std = np.asarray(self.std, np.float32).reshape(shape)
        out = np.subtract(images, mean, dtype=np.float32)
        out /= std
        return out

    def _apply_batch_through(self, following, images: np.ndarray):
        # Normalized straight into CHW order: one pass, and rows that batch contiguously.
        if type(following) is not HWC2CHW or images.ndim != 4 or not self.is_hwc:
            return NotImplemented
        out = np.empty((images.shape[0], images.shape[3], *images.shape[1:3]), np.float32)
        hwc = out.transpose(0, 2, 3, 1)
        np.subtract(images, np.asarray(self.mean, np.float32), out=hwc, dtype=np.float32)
        hwc /= np.asarray(self.std, np.float32)
        return out

    def __repr__(self) -> str:
        return f"Normalize(mean={self.mean}, std={self.std}, is_hwc={self.is_hwc})"


class HWC2CHW(ImageOperation):
    """An (H, W, C) image as (C, H, W); an (H, W) image unchanged."""

    batchable = True

    def _apply_batch(self, images: np.ndarray) -> np.ndarray:
        return images.transpose(0, 3, 1, 2) if images.ndim == 4 else images


class ToTensor(ImageOperation):
    """An (H, W, C) image (or (H, W), as one channel) as (C, H, W) of `output_type`, pixel
    values divided by 255."""

    batchable = True

    def __init__(self, output_type=np.float32):
        self.output_type = to_numpy_dtype("ToTensor", "output_type", output_type)

    def _apply_batch(self, images: np.ndarray) -> np.ndarray:
        if images.ndim == 3:
            images = images[:, None]
        else:
            images = images.transpose(0, 3, 1, 2)
        # Computed in float32 whatever the output type, as MindSpore does.
        out = images.astype(np.float32) * np.float32(1 / 255)
        return out.astype(self.output_type, copy=False)

    def __repr__(self) -> str:
        return f"ToTensor(output_type={self.output_type})"


def _per_channel(name: str, values, low: float, high: float, low_open: bool) -> list[float]:
    if isinstance(values, numbers.Real):
        values = [values]
    if not isinstance(values, (list, tuple)) or not values:
        raise TypeError(f"For 'Normalize', the '{name}' must be a number or a non-empty list of numbers, but got "
                        f"{values!r}.")
    return [checks.check_number("Normalize", f"{name}[{i}]", v, low, high, low_open) for i, v in enumerate(values)]
