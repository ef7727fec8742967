"""Geometric transforms: Resize, CenterCrop, Pad, and the random RandomCrop,
RandomResizedCrop, RandomHorizontalFlip.

Images are (H, W) or (H, W, C). The deterministic transforms work on stacks of images
(axis 0 the image, axes 1 and 2 height and width); the random ones draw their choices
per image from `random_streams.current()`.
"""
from __future__ import annotations

import math
import numbers

import numpy as np

from .. import checks, random_streams
from .image_operation import ImageOperation, _is_pil_image, check_image
from .interpolation import resize
from .utils import Border, Inter

_SUPPORTED_INTER = (Inter.NEAREST, Inter.BILINEAR, Inter.BICUBIC)
_PIL_FILTERS = {Inter.NEAREST: 0, Inter.BILINEAR: 2, Inter.BICUBIC: 3}  # PIL.Image.Resampling values


class Resize(ImageOperation):
    """The image resized to `size`: (height, width), or an int for the shorter side (the
    longer one scaled to keep the aspect ratio, rounded down). A PIL image is resized by
    Pillow and comes back as a PIL image, as MindSpore does."""

    batchable = True

    def __call__(self, *inputs):
        if len(inputs) == 1 and _is_pil_image(inputs[0]):
            image = inputs[0]
            height, width = output_size(self.size, image.size[1], image.size[0])
            return image.resize((width, height), _PIL_FILTERS[self.interpolation])
        return super().__call__(*inputs)

    def __init__(self, size, interpolation: Inter = Inter.BILINEAR):
        self.size = _size("Resize", size, allow_int=True)
        self.interpolation = _interpolation("Resize", interpolation)

    def _apply_batch(self, images: np.ndarray) -> np.ndarray:
        height, width = output_size(self.size, images.shape[1], images.shape[2])
        return resize(images, height, width, self.interpolation)

    def __repr__(self) -> str:
        return f"Resize(size={self.size}, interpolation={self.interpolation.name})"


class CenterCrop(ImageOperation):
    """The central (height, width) region (an int: a square). Where the image is smaller
    it is first padded with zeros, evenly (the extra pixel at the top / left)."""

    returns_pil = True

    batchable = True

    def __init__(self, size):
        self.size = _size("CenterCrop", size, allow_int=True)

    def _apply_batch(self, images: np.ndarray) -> np.ndarray:
        height, width = _pair(self.size)
        pad_h, pad_w = max(height - images.shape[1], 0), max(width - images.shape[2], 0)
        if pad_h or pad_w:
            images = pad(images, (pad_w - pad_w // 2, pad_h - pad_h // 2, pad_w // 2, pad_h // 2), 0, Border.CONSTANT)
        top, left = (images.shape[1] - height) // 2, (images.shape[2] - width) // 2
        return images[:, top:top + height, left:left + width]

    def __repr__(self) -> str:
        return f"CenterCrop(size={self.size})"


class Pad(ImageOperation):
    """The image padded by `padding`: an int for every side, (left/right, top/bottom) or
    (left, top, right, bottom). New pixels are `fill_value` (one value, or one per RGB
    channel) with Border.CONSTANT, else copied as `padding_mode` says."""

    returns_pil = True

    batchable = True

    def __init__(self, padding, fill_value=0, padding_mode: Border = Border.CONSTANT):
        self.padding = _padding("Pad", padding)
        self.fill_value = _fill("Pad", fill_value)
        self.padding_mode = _border("Pad", padding_mode)

    def _apply_batch(self, images: np.ndarray) -> np.ndarray:
        return pad(images, self.padding, self.fill_value, self.padding_mode)

    def __repr__(self) -> str:
        return f"Pad(padding={self.padding}, fill_value={self.fill_value}, padding_mode={self.padding_mode.name})"


class RandomCrop(ImageOperation):
    """A (height, width) region at a random position, after padding the image by
    `padding` (as Pad) and, with `pad_if_needed`, up to the crop size."""

    returns_pil = True

    def __init__(self, size, padding=None, pad_if_needed: bool = False, fill_value=0,
                 padding_mode: Border = Border.CONSTANT):
        self.size = _size("RandomCrop", size, allow_int=True)
        self.padding = None if padding is None else _padding("RandomCrop", padding)
        self.pad_if_needed = checks.check_bool("RandomCrop", "pad_if_needed", pad_if_needed)
        self.fill_value = _fill("RandomCrop", fill_value)
        self.padding_mode = _border("RandomCrop", padding_mode)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        check_image("RandomCrop", image.shape)
        images = image[None]
        if self.padding is not None:
            images = pad(images, self.padding, self.fill_value, self.padding_mode)
        height, width = _pair(self.size)
        if self.pad_if_needed:
            grow_h, grow_w = max(height - images.shape[1], 0), max(width - images.shape[2], 0)
            if grow_h or grow_w:
                images = pad(images, (grow_w, grow_h, grow_w, grow_h), self.fill_value, self.padding_mode)
        if height > images.shape[1] or width > images.shape[2]:
            raise RuntimeError(f"For 'RandomCrop', the crop size ({height}, {width}) is larger than the (padded) "
                               f"image ({images.shape[1]}, {images.shape[2]}); pass pad_if_needed=True to pad it.")
        for_top, for_left = random_streams.current().random(2)
        top = int(for_top * (images.shape[1] - height + 1))
        left = int(for_left * (images.shape[2] - width + 1))
        return images[0, top:top + height, left:left + width].copy()

    def __repr__(self) -> str:
        return f"RandomCrop(size={self.size}, padding={self.padding}, pad_if_needed={self.pad_if_needed})"


class RandomResizedCrop(ImageOperation):
    """A random region resized to `size`. The region covers a fraction of the image area
    drawn from `scale` with an aspect ratio (width / height) drawn log-uniformly from
    `ratio`; after `max_attempts` regions that do not fit, the centre region of the
    ratio nearest the image's is used."""

    returns_pil = True

    def __init__(self, size, scale=(0.08, 1.0), ratio=(3 / 4, 4 / 3), interpolation: Inter = Inter.BILINEAR,
                 max_attempts: int = 10):
        self.size = _size("RandomResizedCrop", size, allow_int=True)
        self.scale = _range("RandomResizedCrop", "scale", scale, low=0.0)
        self.ratio = _range("RandomResizedCrop", "ratio", ratio, low=0.0, low_open=True)
        self.interpolation = _interpolation("RandomResizedCrop", interpolation)
        self.max_attempts = checks.check_int("RandomResizedCrop", "max_attempts", max_attempts, 1)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        check_image("RandomResizedCrop", image.shape)
        top, left, height, width = self._region(image.shape[0], image.shape[1], random_streams.current())
        return self._resized(image[top:top + height, left:left + width])

    def _apply_to_decoded(self, image) -> np.ndarray:
        """What _apply gives for the array of a decoded (RGB) PIL image, the region cut out
        before the pixels become an array: only the region is copied."""
        top, left, height, width = self._region(image.height, image.width, random_streams.current())
        return self._resized(np.asarray(image.crop((left, top, left + width, top + height))))

    def _resized(self, crop: np.ndarray) -> np.ndarray:
        return resize(crop[None], *_pair(self.size), self.interpolation)[0]

    def _region(self, height: int, width: int, rng: np.random.Generator) -> tuple[int, int, int, int]:
        area = height * width
        log_low, log_high = math.log(self.ratio[0]), math.log(self.ratio[1])
        low, high = self.scale
        for _ in range(self.max_attempts):
            # Uniform draws from rng.random: one generator call for several numbers is much
            # cheaper than one call each.
            for_area, for_aspect = rng.random(2)
            target = area * (low + (high - low) * for_area)
            aspect = math.exp(log_low + (log_high - log_low) * for_aspect)
            w = round(math.sqrt(target * aspect))
            h = round(math.sqrt(target / aspect))
            if 0 < w <= width and 0 < h <= height:
                for_top, for_left = rng.random(2)
                return int(for_top * (height - h + 1)), int(for_left * (width - w + 1)), h, w
        aspect = width / height
        if aspect < self.ratio[0]:
            w, h = width, round(width / self.ratio[0])
        elif aspect > self.ratio[1]:
            w, h = round(height * self.ratio[1]), height
        else:
            w, h = width, height
        return (height - h) // 2, (width - w) // 2, h, w

    def __repr__(self) -> str:
        return f"RandomResizedCrop(size={self.size}, scale={self.scale}, ratio={self.ratio})"


class RandomHorizontalFlip(ImageOperation):
    """The image mirrored left-right with probability `prob`."""

    returns_pil = True

    def __init__(self, prob: float = 0.5):
        self.prob = checks.check_number("RandomHorizontalFlip", "prob", prob, 0.0, 1.0)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        check_image("RandomHorizontalFlip", image.shape)
        if random_streams.current().random() < self.prob:
            return image[:, ::-1].copy()
        return image

    def __repr__(self) -> str:
        return f"RandomHorizontalFlip(prob={self.prob})"


def output_size(size, height: int, width: int) -> tuple[int, int]:
    """The (height, width) a Resize `size` gives an image of (height, width)."""
    if not isinstance(size, int):
        return size
    if height <= width:
        return size, int(width * size / height)
    return int(height * size / width), size


def pad(images: np.ndarray, padding: tuple, fill_value, mode: Border) -> np.ndarray:
    """Stacked images padded by (left, top, right, bottom)."""
    left, top, right, bottom = padding
    widths = [(0, 0), (top, bottom), (left, right)] + [(0, 0)] * (images.ndim - 3)
    if mode != Border.CONSTANT:
        return np.pad(images, widths, mode=mode.value)
    out = np.empty((images.shape[0], images.shape[1] + top + bottom, images.shape[2] + left + right,
                    *images.shape[3:]), images.dtype)
    fill = np.asarray(fill_value)
    if fill.ndim and images.ndim == 4 and images.shape[3] != fill.size:
        raise RuntimeError(f"Pad: a fill_value of {fill.size} values needs images with {fill.size} channels, "
                           f"but got {images.shape[3]}.")
    out[...] = fill if images.ndim == 4 or not fill.ndim else fill[0]
    out[:, top:top + images.shape[1], left:left + images.shape[2]] = images
    return out


def _pair(size) -> tuple[int, int]:
    return (size, size) if isinstance(size, int) else size


def _size(op: str, size, allow_int: bool):
    if isinstance(size, numbers.Integral) and not isinstance(size, bool) and allow_int:
        return checks.check_int(op, "size", size, 1)
    if isinstance(size, (list, tuple)) and len(size) == 2:
        return tuple(checks.check_int(op, "size", s, 1) for s in size)
    raise TypeError(f"For '{op}', the 'size' must be an int or a (height, width) pair of ints, but got {size!r}.")


def _padding(op: str, padding) -> tuple[int, int, int, int]:
    if isinstance(padding, numbers.Integral) and not isinstance(padding, bool):
        return (checks.check_int(op, "padding", padding),) * 4
    if isinstance(padding, (list, tuple)) and len(padding) in (2, 4):
        values = [checks.check_int(op, "padding", p) for p in padding]
        return tuple(values * 2) if len(values) == 2 else tuple(values)
    raise TypeError(f"For '{op}', the 'padding' must be an int or a sequence of 2 or 4 ints, but got {padding!r}.")


def _fill(op: str, fill_value):
    if isinstance(fill_value, numbers.Integral) and not isinstance(fill_value, bool):
        return checks.check_int(op, "fill_value", fill_value, 0, 255)
    if isinstance(fill_value, (list, tuple)) and len(fill_value) == 3:
        return tuple(checks.check_int(op, "fill_value", v, 0, 255) for v in fill_value)
    raise TypeError(f"For '{op}', the 'fill_value' must be an int or a tuple of 3 ints, but got {fill_value!r}.")


def _border(op: str, mode) -> Border:
    if not isinstance(mode, Border):
        raise TypeError(f"For '{op}', the 'padding_mode' must be a Border, but got {mode!r}.")
    return mode


def _interpolation(op: str, interpolation) -> Inter:
    if not isinstance(interpolation, Inter):
        raise TypeError(f"For '{op}', the 'interpolation' must be an Inter, but got {interpolation!r}.")
    if interpolation not in _SUPPORTED_INTER:
        raise ValueError(f"For '{op}', the interpolation Inter.{interpolation.name} is not supported by spore; "
                         f"use Inter.NEAREST, Inter.BILINEAR or Inter.BICUBIC.")
    return interpolation


def _range(op: str, name: str, value, low: float, low_open: bool = False) -> tuple[float, float]:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise TypeError(f"For '{op}', the '{name}' must be a (min, max) pair, but got {value!r}.")
    first, second = (checks.check_number(op, name, v, low, None, low_open) for v in value)
    if first > second:
        raise ValueError(f"For '{op}', the '{name}' must be (min, max) with min <= max, but got {value!r}.")
    return first, second
