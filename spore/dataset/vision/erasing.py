"""Transforms that overwrite or blend regions: Erase, CutOut, RandomErasing, MixUp,
MixUpBatch, CutMixBatch."""
from __future__ import annotations

import math
import numbers

import numpy as np

from .. import checks, random_streams
from .image_operation import ImageOperation, check_image
from .utils import ImageBatchFormat


class Erase(ImageOperation):
    """The (height, width) region at (top, left) of an (H, W, C) image set to `value` (one
    value, or one per RGB channel)."""

    def __init__(self, top: int, left: int, height: int, width: int, value=0, inplace: bool = False):
        self.top = checks.check_int("Erase", "top", top)
        self.left = checks.check_int("Erase", "left", left)
        self.height = checks.check_int("Erase", "height", height, 1)
        self.width = checks.check_int("Erase", "width", width, 1)
        self.value = _value("Erase", value)
        self.inplace = checks.check_bool("Erase", "inplace", inplace)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        if image.ndim != 3:
            raise RuntimeError(f"For 'Erase', the image must have shape (H, W, C), but got shape {image.shape}.")
        out = image if self.inplace else image.copy()
        out[self.top:self.top + self.height, self.left:self.left + self.width] = self.value
        return out


class CutOut(ImageOperation):
    """`num_patches` square patches of side `length`, at random positions (each inside the
    image), set to 0. The channel axis is last with `is_hwc`, else first."""

    def __init__(self, length: int, num_patches: int = 1, is_hwc: bool = True):
        self.length = checks.check_int("CutOut", "length", length, 1)
        self.num_patches = checks.check_int("CutOut", "num_patches", num_patches, 1)
        self.is_hwc = checks.check_bool("CutOut", "is_hwc", is_hwc)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        check_image("CutOut", image.shape)
        hwc = image if self.is_hwc or image.ndim == 2 else image.transpose(1, 2, 0)
        height, width = hwc.shape[:2]
        if self.length > height or self.length > width:
            raise RuntimeError(f"For 'CutOut', the patch length {self.length} is larger than the image size "
                               f"{(height, width)}.")
        out = hwc.copy()
        rng = random_streams.current()
        for _ in range(self.num_patches):
            top = int(rng.integers(0, height - self.length + 1))
            left = int(rng.integers(0, width - self.length + 1))
            out[top:top + self.length, left:left + self.length] = 0
        return out if self.is_hwc or image.ndim == 2 else out.transpose(2, 0, 1)


class RandomErasing(ImageOperation):
    """With probability `prob`, a random rectangle of a (C, H, W) image set to `value`
    (numbers, one or one per channel, or "random" for normal noise). The rectangle covers a
    fraction of the area drawn from `scale`, with an aspect ratio drawn log-uniformly from
    `ratio`; after `max_attempts` rectangles that do not fit, nothing is erased."""

    def __init__(self, prob: float = 0.5, scale=(0.02, 0.33), ratio=(0.3, 3.3), value=0, inplace: bool = False,
                 max_attempts: int = 10):
        self.prob = checks.check_number("RandomErasing", "prob", prob, 0.0, 1.0)
        self.scale = _pair_range("scale", scale, 0.0)
        self.ratio = _pair_range("ratio", ratio, 0.0)
        if value != "random":
            value = _value("RandomErasing", value)
        self.value = value
        self.inplace = checks.check_bool("RandomErasing", "inplace", inplace)
        self.max_attempts = checks.check_int("RandomErasing", "max_attempts", max_attempts, 1)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        if image.ndim != 3:
            raise RuntimeError(f"For 'RandomErasing', the image must have shape (C, H, W), but got shape "
                               f"{image.shape}.")
        rng = random_streams.current()
        if rng.random() >= self.prob:
            return image
        channels, height, width = image.shape
        area = height * width
        log_low, log_high = math.log(self.ratio[0]), math.log(self.ratio[1])
        for _ in range(self.max_attempts):
            target = area * (self.scale[0] + (self.scale[1] - self.scale[0]) * rng.random())
            aspect = math.exp(log_low + (log_high - log_low) * rng.random())
            h, w = round(math.sqrt(target * aspect)), round(math.sqrt(target / aspect))
            if 0 < h < height and 0 < w < width:
                top, left = int(rng.integers(0, height - h + 1)), int(rng.integers(0, width - w + 1))
                out = image if self.inplace else image.copy()
                if self.value == "random":
                    out[:, top:top + h, left:left + w] = rng.standard_normal((channels, h, w))
                else:
                    out[:, top:top + h, left:left + w] = np.asarray(self.value).reshape(-1, 1, 1)
                return out
        return image


class MixUpBatch(ImageOperation):
    """A batch of images (N, H, W, C) or (N, C, H, W) and one-hot labels (N, ..., classes)
    mixed with the same batch in a random order, by a weight drawn from Beta(alpha, alpha):
    lam * x + (1 - lam) * x[perm], for images and labels alike."""

    def __init__(self, alpha: float = 1.0):
        self.alpha = checks.check_number("MixUpBatch", "alpha", alpha, 0.0, None, low_open=True)

    def __call__(self, *inputs):
        images, labels = _batch_inputs("MixUpBatch", inputs)
        rng = random_streams.current()
        lam = float(rng.beta(self.alpha, self.alpha))
        order = rng.permutation(len(images))
        mixed = lam * images.astype(np.float64) + (1 - lam) * images[order].astype(np.float64)
        if images.dtype.kind in "iu":
            mixed = np.rint(mixed)
        mixed_labels = lam * labels.astype(np.float64) + (1 - lam) * labels[order].astype(np.float64)
        return mixed.astype(images.dtype), mixed_labels.astype(np.float32)


class MixUp(ImageOperation):
    """Images and one-hot labels mixed with `batch_size` weights lam drawn from
    Beta(alpha, alpha), broadcast as (batch_size, 1, 1, 1) over the images and
    (batch_size, 1) over the labels: with `is_single`, with the first `batch_size` samples
    shifted by one (the first moved last); otherwise with the previous call's mixed result
    (the first call returns the inputs broadcast, as float64)."""

    def __init__(self, batch_size: int, alpha: float, is_single: bool = True):
        self.batch_size = checks.check_int("MixUp", "batch_size", batch_size, 1)
        self.alpha = checks.check_number("MixUp", "alpha", alpha, 0.0, None, low_open=True)
        self.is_single = checks.check_bool("MixUp", "is_single", is_single)
        self._previous = None

    def __call__(self, *inputs):
        if len(inputs) != 2:
            raise TypeError(f"For 'MixUp', 2 inputs (images, labels) are expected, but got {len(inputs)}.")
        images, labels = (np.asarray(v, np.float64) for v in inputs)
        lam = random_streams.current().beta(self.alpha, self.alpha, self.batch_size)
        if self.is_single:
            shifted = list(range(1, self.batch_size)) + [0]
            try:
                other_images, other_labels = images[shifted], labels[shifted]
            except IndexError:
                raise RuntimeError(f"For 'MixUp', the batch of {len(images)} samples is smaller than 'batch_size' "
                                   f"= {self.batch_size}.") from None
        elif self._previous is None:
            lam = np.ones(self.batch_size)
            other_images, other_labels = images, labels
        else:
            other_images, other_labels = self._previous
        lam_images, lam_labels = lam.reshape(-1, 1, 1, 1), lam.reshape(-1, 1)
        mixed = lam_images * images + (1 - lam_images) * other_images
        mixed_labels = lam_labels * labels + (1 - lam_labels) * other_labels
        if not self.is_single:
            self._previous = (mixed, mixed_labels)
        return mixed, mixed_labels


class CutMixBatch(ImageOperation):
    """With probability `prob` per image, a random box of the image replaced by the same
    box of another image of the batch; box area 1 - lam of the image with lam drawn from
    Beta(alpha, alpha), and the labels mixed by the fraction of the image kept."""

    def __init__(self, image_batch_format: ImageBatchFormat, alpha: float = 1.0, prob: float = 1.0):
        if not isinstance(image_batch_format, ImageBatchFormat):
            raise TypeError(f"For 'CutMixBatch', the 'image_batch_format' must be an ImageBatchFormat, but got "
                            f"{image_batch_format!r}.")
        self.image_batch_format = image_batch_format
        self.alpha = checks.check_number("CutMixBatch", "alpha", alpha, 0.0, None, low_open=True)
        self.prob = checks.check_number("CutMixBatch", "prob", prob, 0.0, 1.0)

    def __call__(self, *inputs):
        images, labels = _batch_inputs("CutMixBatch", inputs)
        nhwc = images if self.image_batch_format == ImageBatchFormat.NHWC else images.transpose(0, 2, 3, 1)
        out, out_labels = nhwc.copy(), labels.astype(np.float32)
        height, width = nhwc.shape[1:3]
        rng = random_streams.current()
        order = rng.permutation(len(images))
        for i in range(len(images)):
            if rng.random() >= self.prob:
                continue
            lam = float(rng.beta(self.alpha, self.alpha))
            cut_h, cut_w = int(height * math.sqrt(1 - lam)), int(width * math.sqrt(1 - lam))
            cy, cx = int(rng.integers(0, height)), int(rng.integers(0, width))
            top, bottom = max(cy - cut_h // 2, 0), min(cy + cut_h // 2, height)
            left, right = max(cx - cut_w // 2, 0), min(cx + cut_w // 2, width)
            out[i, top:bottom, left:right] = nhwc[order[i], top:bottom, left:right]
            kept = 1 - (bottom - top) * (right - left) / (height * width)
            out_labels[i] = kept * labels[i] + (1 - kept) * labels[order[i]]
        result = out if self.image_batch_format == ImageBatchFormat.NHWC else out.transpose(0, 3, 1, 2)
        return result, out_labels


def _batch_inputs(op: str, inputs: tuple) -> tuple[np.ndarray, np.ndarray]:
    if len(inputs) != 2:
        raise TypeError(f"For '{op}', 2 inputs (images, labels) are expected, but got {len(inputs)}.")
    images, labels = (np.asarray(v) for v in inputs)
    if images.ndim != 4:
        raise RuntimeError(f"For '{op}', the images must be a batch of shape (N, H, W, C) or (N, C, H, W), but got "
                           f"shape {images.shape}.")
    if labels.ndim < 2 or labels.shape[0] != images.shape[0]:
        raise RuntimeError(f"For '{op}', the labels must be one-hot of shape (N, ..., classes) for the "
                           f"{images.shape[0]} images, but got shape {labels.shape}. Apply OneHot and batch first.")
    return images, labels


def _value(op: str, value):
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        return checks.check_number(op, "value", value, 0, 255)
    if isinstance(value, (list, tuple)) and len(value) in (1, 3):
        return tuple(checks.check_number(op, "value", v, 0, 255) for v in value)
    raise TypeError(f"For '{op}', the 'value' must be a number or a sequence of 3 numbers, but got {value!r}.")


def _pair_range(name: str, value, low: float) -> tuple[float, float]:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise TypeError(f"For 'RandomErasing', the '{name}' must be a (min, max) pair, but got {value!r}.")
    first, second = (checks.check_number("RandomErasing", name, v, low) for v in value)
    if first > second:
        raise ValueError(f"For 'RandomErasing', the '{name}' must be in order (min, max), but got {value!r}.")
    return first, second
