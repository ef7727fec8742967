"""Random colour transforms: each draws its parameters from the pipeline's random stream
(`random_streams.current()`) and applies the arithmetic of color.py."""
from __future__ import annotations

import numbers

import numpy as np

from .. import checks, random_streams
from .color import (
    FACTOR_MAX,
    adjust_brightness,
    adjust_contrast,
    adjust_hue,
    adjust_saturation,
    adjust_sharpness,
    auto_contrast,
    check_cutoff,
    check_factor,
    check_ignore,
    check_rgb_uint8,
    check_uint8,
    equalize,
    invert,
    posterize,
    solarize,
)
from .image_operation import ImageOperation, check_image


class RandomColorAdjust(ImageOperation):
    """Brightness, contrast, saturation and hue adjusted, in that order, by factors drawn
    uniformly from their ranges. Each of brightness, contrast, saturation is a (min, max)
    factor range or a number f for (max(0, 1 - f), 1 + f); hue a range within
    [-0.5, 0.5] or a number h in [0, 0.5] for (-h, h)."""

    returns_pil = True

    def __init__(self, brightness=(1, 1), contrast=(1, 1), saturation=(1, 1), hue=(0, 0)):
        self.brightness = _factor_range("RandomColorAdjust", "brightness", brightness)
        self.contrast = _factor_range("RandomColorAdjust", "contrast", contrast)
        self.saturation = _factor_range("RandomColorAdjust", "saturation", saturation)
        self.hue = _hue_range(hue)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        check_rgb_uint8("RandomColorAdjust", image)
        rng = random_streams.current()
        for (low, high), identity, adjust in ((self.brightness, 1.0, adjust_brightness),
                                              (self.contrast, 1.0, adjust_contrast),
                                              (self.saturation, 1.0, adjust_saturation),
                                              (self.hue, 0.0, adjust_hue)):
            if (low, high) != (identity, identity):
                image = adjust(image, low + (high - low) * rng.random())
        return image


class RandomColor(ImageOperation):
    """Saturation adjusted by a factor drawn uniformly from `degrees` (0 gray, 1 unchanged)."""

    returns_pil = True

    def __init__(self, degrees=(0.1, 1.9)):
        self.degrees = _ordered_range("RandomColor", "degrees", degrees)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        check_rgb_uint8("RandomColor", image)
        return adjust_saturation(image, _uniform(self.degrees))


class RandomSharpness(ImageOperation):
    """AdjustSharpness by a factor drawn uniformly from `degrees`."""

    returns_pil = True

    def __init__(self, degrees=(0.1, 1.9)):
        self.degrees = _ordered_range("RandomSharpness", "degrees", degrees)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        return adjust_sharpness(check_uint8("RandomSharpness", image), _uniform(self.degrees))


class RandomAdjustSharpness(ImageOperation):
    """AdjustSharpness(`degree`) with probability `prob`."""

    returns_pil = True

    def __init__(self, degree: float, prob: float = 0.5):
        self.degree = check_factor("RandomAdjustSharpness", "degree", degree)
        self.prob = checks.check_number("RandomAdjustSharpness", "prob", prob, 0.0, 1.0)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        check_uint8("RandomAdjustSharpness", image)
        return adjust_sharpness(image, self.degree) if _happens(self.prob) else image


class RandomAutoContrast(ImageOperation):
    """AutoContrast(`cutoff`, `ignore`) with probability `prob`."""

    returns_pil = True

    def __init__(self, cutoff: float = 0.0, ignore=None, prob: float = 0.5):
        self.cutoff = check_cutoff("RandomAutoContrast", cutoff)
        self.ignore = check_ignore("RandomAutoContrast", ignore)
        self.prob = checks.check_number("RandomAutoContrast", "prob", prob, 0.0, 1.0)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        check_uint8("RandomAutoContrast", image)
        return auto_contrast(image, self.cutoff, self.ignore) if _happens(self.prob) else image


class RandomEqualize(ImageOperation):
    """Equalize with probability `prob`."""

    returns_pil = True

    def __init__(self, prob: float = 0.5):
        self.prob = checks.check_number("RandomEqualize", "prob", prob, 0.0, 1.0)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        check_uint8("RandomEqualize", image)
        return equalize(image) if _happens(self.prob) else image


class RandomInvert(ImageOperation):
    """Invert with probability `prob`."""

    returns_pil = True

    def __init__(self, prob: float = 0.5):
        self.prob = checks.check_number("RandomInvert", "prob", prob, 0.0, 1.0)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        check_image("RandomInvert", image.shape)
        return invert(image) if _happens(self.prob) else image


class RandomPosterize(ImageOperation):
    """Posterize to a number of bits drawn uniformly from `bits` ((min, max) in [1, 8],
    or one int)."""

    def __init__(self, bits=(8, 8)):
        values = [bits] if isinstance(bits, numbers.Integral) else bits
        if not isinstance(values, (list, tuple)) or len(values) not in (1, 2):
            raise TypeError(f"For 'RandomPosterize', the 'bits' must be an int or a (min, max) pair, but got {bits!r}.")
        values = [checks.check_int("RandomPosterize", "bits", b, 1, 8) for b in values]
        if values[0] > values[-1]:
            raise ValueError(f"For 'RandomPosterize', the 'bits' must be in order (min, max), but got {bits!r}.")
        self.bits = (values[0], values[-1])

    def _apply(self, image: np.ndarray) -> np.ndarray:
        check_uint8("RandomPosterize", image)
        low, high = self.bits
        return posterize(image, int(random_streams.current().integers(low, high + 1)))


class RandomSolarize(ImageOperation):
    """Solarize between two thresholds drawn uniformly (as ints) from `threshold`
    ((min, max) in [0, 255]), taken in increasing order."""

    def __init__(self, threshold=(0, 255)):
        if not isinstance(threshold, (list, tuple)) or len(threshold) != 2:
            raise TypeError(f"For 'RandomSolarize', the 'threshold' must be a (min, max) pair, but got "
                            f"{threshold!r}.")
        low, high = (checks.check_int("RandomSolarize", "threshold", t, 0, 255) for t in threshold)
        if low > high:
            raise ValueError(f"For 'RandomSolarize', the 'threshold' must be in order (min, max), but got "
                             f"{threshold!r}.")
        self.threshold = (low, high)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        check_image("RandomSolarize", image.shape)
        low, high = self.threshold
        first, second = random_streams.current().integers(low, high + 1, 2)
        return solarize(image, (min(first, second), max(first, second)))


def _happens(prob: float) -> bool:
    return bool(random_streams.current().random() < prob)


def _uniform(bounds: tuple[float, float]) -> float:
    low, high = bounds
    return low + (high - low) * float(random_streams.current().random())


def _ordered_range(op: str, name: str, value) -> tuple[float, float]:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise TypeError(f"For '{op}', the '{name}' must be a (min, max) pair, but got {value!r}.")
    low, high = (checks.check_number(op, name, v, 0, FACTOR_MAX) for v in value)
    if low > high:
        raise ValueError(f"For '{op}', the '{name}' must be in order (min, max), but got {value!r}.")
    return low, high


def _factor_range(op: str, name: str, value) -> tuple[float, float]:
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        spread = checks.check_number(op, name, value, 0, FACTOR_MAX)
        return max(0.0, 1.0 - spread), 1.0 + spread
    return _ordered_range(op, name, value)


def _hue_range(hue) -> tuple[float, float]:
    if isinstance(hue, numbers.Real) and not isinstance(hue, bool):
        spread = checks.check_number("RandomColorAdjust", "hue", hue, 0, 0.5)
        return -spread, spread
    if not isinstance(hue, (list, tuple)) or len(hue) != 2:
        raise TypeError(f"For 'RandomColorAdjust', the 'hue' must be a number or a (min, max) pair, but got {hue!r}.")
    low, high = (checks.check_number("RandomColorAdjust", "hue", h, -0.5, 0.5) for h in hue)
    if low > high:
        raise ValueError(f"For 'RandomColorAdjust', the 'hue' must be in order (min, max), but got {hue!r}.")
    return low, high


# AlexNet's PCA of ImageNet RGB pixels (0..255): eigenvalues and eigenvectors (columns).
_PCA_EIGENVALUES = np.array([55.46, 4.794, 1.148])
_PCA_EIGENVECTORS = np.array([[-0.5675, 0.7192, 0.4009],
                              [-0.5808, -0.0045, -0.8140],
                              [-0.5836, -0.6948, 0.4203]])


class RandomLighting(ImageOperation):
    """AlexNet's lighting noise: one RGB offset per image, the PCA eigenvectors weighted by
    their eigenvalues times normal draws of standard deviation `alpha`, added to every
    pixel (uint8 results rounded and saturated)."""

    def __init__(self, alpha: float = 0.05):
        self.alpha = checks.check_number("RandomLighting", "alpha", alpha, 0, FACTOR_MAX)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        check_image("RandomLighting", image.shape)
        if image.ndim != 3 or image.shape[2] != 3:
            raise RuntimeError(f"For 'RandomLighting', the image must be RGB of shape (H, W, 3), but got shape "
                               f"{image.shape}.")
        weights = random_streams.current().normal(0.0, self.alpha, 3) if self.alpha else np.zeros(3)
        offset = _PCA_EIGENVECTORS @ (weights * _PCA_EIGENVALUES)
        out = image + offset
        if image.dtype == np.uint8:
            return np.clip(np.rint(out), 0, 255).astype(np.uint8)
        return out.astype(image.dtype)
