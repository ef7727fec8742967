"""Colour transforms with fixed parameters: AdjustBrightness, AdjustContrast,
AdjustSaturation, AdjustHue, AdjustGamma, AdjustSharpness, AutoContrast, Equalize,
Invert, Posterize, Solarize, ConvertColor, RgbToHsv, HsvToRgb.

Inputs are uint8 (H, W) or (H, W, C) images as MindSpore's kernels take them; each
result equals MindSpore 2.7.1's pixel for pixel (OpenCV's rounding: results of float
arithmetic are rounded to nearest and saturated to 0..255). The functions below the
classes are what the random colour transforms and the augmentation policies call.
"""
from __future__ import annotations

import numbers

import numpy as np

from .. import checks
from .color_space import hsv_float_to_rgb, rgb_to_gray, rgb_to_hsv_float
from .image_operation import ImageOperation, check_image
from .utils import ConvertMode


def _enhance(image, kind: str, factor: float):
    """A PIL image through Pillow's ImageEnhance.<kind> (MindSpore's PIL implementation)."""
    from PIL import ImageEnhance
    return getattr(ImageEnhance, kind)(image).enhance(factor)


FACTOR_MAX = 16777216  # MindSpore's bound on adjustment factors (2 ** 24)


class AdjustBrightness(ImageOperation):
    """Every pixel times `brightness_factor` (0 black, 1 unchanged)."""

    returns_pil = True

    def __init__(self, brightness_factor: float):
        self.brightness_factor = check_factor("AdjustBrightness", "brightness_factor", brightness_factor)

    def _apply_pil(self, image):
        return _enhance(image, "Brightness", self.brightness_factor)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        check_image("AdjustBrightness", image.shape)
        return adjust_brightness(image, self.brightness_factor)


class AdjustContrast(ImageOperation):
    """Each pixel moved towards (factor < 1) or away from (factor > 1) the image's mean
    gray level. RGB images only."""

    returns_pil = True

    def __init__(self, contrast_factor: float):
        self.contrast_factor = check_factor("AdjustContrast", "contrast_factor", contrast_factor)

    def _apply_pil(self, image):
        return _enhance(image, "Contrast", self.contrast_factor)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        return adjust_contrast(check_rgb_uint8("AdjustContrast", image), self.contrast_factor)


class AdjustSaturation(ImageOperation):
    """Each pixel moved towards (factor < 1) or away from (factor > 1) its own gray level.
    RGB images only."""

    returns_pil = True

    def __init__(self, saturation_factor: float):
        self.saturation_factor = check_factor("AdjustSaturation", "saturation_factor", saturation_factor)

    def _apply_pil(self, image):
        return _enhance(image, "Color", self.saturation_factor)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        return adjust_saturation(check_rgb_uint8("AdjustSaturation", image), self.saturation_factor)


class AdjustHue(ImageOperation):
    """The hue turned by `hue_factor` of a full turn, in [-0.5, 0.5]. RGB uint8 images only.
    Computed through byte HSV as MindSpore does, so the result equals MindSpore's (even
    with hue_factor 0 an image can change by the rounding)."""

    returns_pil = True

    def __init__(self, hue_factor: float):
        self.hue_factor = checks.check_number("AdjustHue", "hue_factor", hue_factor, -0.5, 0.5)

    def _apply_pil(self, image):
        if image.mode in ("L", "1", "I", "F"):
            return image.copy()  # no hue to shift
        if image.mode != "RGB":
            return None
        # hue shifted on Pillow's 0..255 hue scale, wrapping around, as MindSpore's Pillow path does
        hue, saturation, value = image.convert("HSV").split()
        shift = int(self.hue_factor * 255)
        hue = hue.point([(v + shift) % 256 for v in range(256)])
        from PIL import Image
        return Image.merge("HSV", (hue, saturation, value)).convert("RGB")

    def _apply(self, image: np.ndarray) -> np.ndarray:
        return adjust_hue(check_rgb_uint8("AdjustHue", image), self.hue_factor)


class AdjustGamma(ImageOperation):
    """uint8 pixels mapped to 255 * gain * (pixel / 255) ** gamma; float pixels (taken on
    [0, 1]) to (gain * pixel) ** gamma clipped to [0, 1]."""

    returns_pil = True

    def __init__(self, gamma: float, gain: float = 1.0):
        self.gamma = check_factor("AdjustGamma", "gamma", gamma)
        self.gain = checks.check_number("AdjustGamma", "gain", gain)

    def _apply_pil(self, image):
        if image.mode not in ("L", "RGB"):
            return None
        # a lookup table of the scaled power curve, truncated, as MindSpore's Pillow path builds it
        table = [min(255, int((256 - 1e-3) * self.gain * (v / 255) ** self.gamma)) for v in range(256)]
        return image.point(table * len(image.getbands()))

    def _apply(self, image: np.ndarray) -> np.ndarray:
        check_image("AdjustGamma", image.shape)
        if image.dtype == np.uint8:
            levels = np.arange(256, dtype=np.float64) / 255.0
            return _lookup(image, 255.0 * self.gain * levels ** self.gamma)
        if image.dtype.kind != "f":
            raise RuntimeError(f"For 'AdjustGamma', the image must be uint8 or float, but got {image.dtype}.")
        scaled = np.maximum(image * image.dtype.type(self.gain), 0)
        return np.clip(scaled ** image.dtype.type(self.gamma), 0, 1).astype(image.dtype)


class AdjustSharpness(ImageOperation):
    """The image blended with its smoothed self (3x3 kernel of ones with 5 at the centre,
    over 13; border pixels are not smoothed): 0 gives the smoothed image, 1 the original,
    above 1 sharpens."""

    def __init__(self, sharpness_factor: float):
        self.sharpness_factor = check_factor("AdjustSharpness", "sharpness_factor", sharpness_factor)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        return adjust_sharpness(check_uint8("AdjustSharpness", image), self.sharpness_factor)


class AutoContrast(ImageOperation):
    """Each channel stretched so its darkest level becomes 0 and its brightest 255, after
    dropping `cutoff` percent of the pixels at each end of its histogram and ignoring the
    levels in `ignore`."""

    returns_pil = True

    def __init__(self, cutoff: float = 0.0, ignore=None):
        self.cutoff = check_cutoff("AutoContrast", cutoff)
        self.ignore = check_ignore("AutoContrast", ignore)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        return auto_contrast(check_uint8("AutoContrast", image), self.cutoff, self.ignore)


class Equalize(ImageOperation):
    """Each channel's histogram equalized (levels spread so they are used about equally)."""

    returns_pil = True

    def _apply_pil(self, image):
        from PIL import ImageOps
        return ImageOps.equalize(image)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        return equalize(check_uint8("Equalize", image))


class Invert(ImageOperation):
    """255 - pixel."""

    returns_pil = True

    def _apply(self, image: np.ndarray) -> np.ndarray:
        check_image("Invert", image.shape)
        return invert(image)


class Posterize(ImageOperation):
    """Each uint8 pixel keeps its `bits` highest bits (0 to 8)."""

    def __init__(self, bits: int):
        self.bits = checks.check_int("Posterize", "bits", bits, 0, 8)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        return posterize(check_uint8("Posterize", image), self.bits)


class Solarize(ImageOperation):
    """Pixels within [min, max] of `threshold` inverted (one number: [threshold, 255])."""

    def __init__(self, threshold):
        self.threshold = check_threshold("Solarize", threshold)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        check_image("Solarize", image.shape)
        return solarize(image, self.threshold)


# Per mode: channels in, and the channel order out of (R, G, B, A) read from the input
# (None: an opaque alpha added; "gray": the luma of the named order).
_CONVERSIONS = {
    0: (3, (0, 1, 2, None)), 1: (4, (0, 1, 2)), 2: (3, (2, 1, 0, None)), 3: (4, (2, 1, 0)),
    4: (3, (2, 1, 0)), 5: (4, (2, 1, 0, 3)), 6: (3, "gray_bgr"), 7: (3, "gray_rgb"),
    8: (1, (0, 0, 0)), 9: (1, (0, 0, 0, None)), 10: (4, "gray_bgr"), 11: (4, "gray_rgb"),
}


class ConvertColor(ImageOperation):
    """The image converted between RGB(A), BGR(A) and gray as `convert_mode` names."""

    def __init__(self, convert_mode: ConvertMode):
        if not isinstance(convert_mode, ConvertMode):
            raise TypeError(f"For 'ConvertColor', the 'convert_mode' must be a ConvertMode, but got "
                            f"{type(convert_mode).__name__}.")
        self.convert_mode = convert_mode

    def _apply(self, image: np.ndarray) -> np.ndarray:
        check_image("ConvertColor", image.shape)
        channels_in, order = _CONVERSIONS[int(self.convert_mode)]
        channels = 1 if image.ndim == 2 else image.shape[2]
        if channels != channels_in:
            raise RuntimeError(f"For 'ConvertColor', the mode {self.convert_mode.name} needs an image of "
                               f"{channels_in} channel(s), but got shape {image.shape}.")
        if isinstance(order, str):
            rgb = image[..., :3] if order == "gray_rgb" else image[..., 2::-1]
            return rgb_to_gray(check_uint8("ConvertColor", rgb))
        plane = image if image.ndim == 3 else image[..., None]
        opaque = np.full(plane.shape[:2], np.iinfo(image.dtype).max if image.dtype.kind in "iu" else 1, image.dtype)
        return np.stack([opaque if i is None else plane[..., i] for i in order], axis=-1)


class RgbToHsv(ImageOperation):
    """An RGB image (CHW, or HWC with `is_hwc`) as float64 HSV: hue and saturation in [0, 1],
    value in the input's units."""

    def __init__(self, is_hwc: bool = False):
        self.is_hwc = checks.check_bool("RgbToHsv", "is_hwc", is_hwc)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        return _in_layout("RgbToHsv", image, self.is_hwc, rgb_to_hsv_float)


class HsvToRgb(ImageOperation):
    """The inverse of RgbToHsv: float64 RGB from an HSV image (CHW, or HWC with `is_hwc`)."""

    def __init__(self, is_hwc: bool = False):
        self.is_hwc = checks.check_bool("HsvToRgb", "is_hwc", is_hwc)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        return _in_layout("HsvToRgb", image, self.is_hwc, hsv_float_to_rgb)


def _in_layout(op: str, image: np.ndarray, is_hwc: bool, convert) -> np.ndarray:
    channel_axis = -1 if is_hwc else 0
    if image.ndim != 3 or image.shape[channel_axis] != 3:
        layout = "(H, W, 3)" if is_hwc else "(3, H, W)"
        raise TypeError(f"For '{op}', the image must be a 3-channel RGB image of shape {layout}, but got shape "
                        f"{image.shape}.")
    hwc = image if is_hwc else image.transpose(1, 2, 0)
    out = convert(hwc)
    return out if is_hwc else out.transpose(2, 0, 1)


# ---- the arithmetic, shared with the random transforms --------------------------------------
def adjust_brightness(image: np.ndarray, factor: float) -> np.ndarray:
    if image.dtype == np.uint8:  # a float32 product, as OpenCV's convertTo
        return _saturate(image.astype(np.float32) * np.float32(factor))
    return (image * image.dtype.type(factor)).astype(image.dtype)


def adjust_contrast(image: np.ndarray, factor: float) -> np.ndarray:
    mean = round(float(rgb_to_gray(image).mean()))
    return _saturate(image * factor + mean * (1.0 - factor))


def adjust_saturation(image: np.ndarray, factor: float) -> np.ndarray:
    gray = rgb_to_gray(image)[..., None].astype(np.float64)
    return _saturate(image * factor + gray * (1.0 - factor))


def adjust_hue(image: np.ndarray, factor: float) -> np.ndarray:
    """Through byte HSV as MindSpore computes it (checked equal on a grid of colours): hue
    as 256 steps of a turn, saturation and value 0-255, all rounded; the hue turned by
    int(factor * 255) steps, wrapping as a byte; back to RGB reading the hue as 255 steps
    of a turn (OpenCV's full-range HSV reads the hue back on another scale than it wrote)."""
    hue, saturation, value = _rgb_to_byte_hsv(image.astype(np.int64))
    hue = (hue + int(factor * 255)) % 256
    return _byte_hsv_to_rgb(hue * (6.0 / 255.0), saturation / 255.0, value / 255.0)


_FIXED_ONE = 1 << 12
"""Fixed-point unit of the byte HSV arithmetic: divisions become products by rounded reciprocals."""


def _rgb_to_byte_hsv(rgb: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    red, green, blue = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    value = rgb.max(axis=-1)
    spread = value - rgb.min(axis=-1)
    saturation_scale = np.rint((255 * _FIXED_ONE) / np.maximum(value, 1)).astype(np.int64) * (value > 0)
    saturation = (spread * saturation_scale + _FIXED_ONE // 2) >> 12
    hue_scale = np.rint((256 * _FIXED_ONE) / (6.0 * np.maximum(spread, 1))).astype(np.int64) * (spread > 0)
    red_max = value == red
    green_max = (value == green) & ~red_max
    sector_offset = np.where(red_max, green - blue,
                             np.where(green_max, blue - red + 2 * spread, red - green + 4 * spread))
    hue = (sector_offset * hue_scale + _FIXED_ONE // 2) >> 12
    return np.where(hue < 0, hue + 256, hue), saturation, value


def _byte_hsv_to_rgb(hue_sixths: np.ndarray, saturation: np.ndarray, value: np.ndarray) -> np.ndarray:
    """uint8 RGB from hue in sixths of a turn and saturation, value in [0, 1]."""
    hue_sixths = np.mod(hue_sixths, 6.0)
    sector = np.floor(hue_sixths).astype(np.int64) % 6
    fraction = hue_sixths - np.floor(hue_sixths)
    levels = np.stack([value, value * (1 - saturation), value * (1 - saturation * fraction),
                       value * (1 - saturation * (1 - fraction))], axis=-1)
    # which of the four levels red, green and blue take in each sixth of the hue circle
    level_of_channel = np.array([[0, 3, 1], [2, 0, 1], [1, 0, 3], [1, 2, 0], [3, 1, 0], [0, 1, 2]])
    rgb = np.take_along_axis(levels, level_of_channel[sector], axis=-1)
    return np.clip(np.rint(rgb * 255.0), 0, 255).astype(np.uint8)


def adjust_sharpness(image: np.ndarray, factor: float) -> np.ndarray:
    blurred = image.astype(np.float64)
    if image.shape[0] > 2 and image.shape[1] > 2:
        f = blurred.copy()
        window = sum(f[1 + dy:f.shape[0] - 1 + dy, 1 + dx:f.shape[1] - 1 + dx]
                     for dy in (-1, 0, 1) for dx in (-1, 0, 1))
        blurred[1:-1, 1:-1] = np.rint((window + 4 * f[1:-1, 1:-1]) / 13.0)
    return _saturate(blurred * (1.0 - factor) + image * factor)


def auto_contrast(image: np.ndarray, cutoff: float, ignore: list[int]) -> np.ndarray:
    planes = image[..., None] if image.ndim == 2 else image
    out = np.empty_like(planes)
    for c in range(planes.shape[2]):
        histogram = np.bincount(planes[..., c].ravel(), minlength=256)
        histogram[ignore] = 0
        lut = np.arange(256, dtype=np.float64)
        low, high = _histogram_range(histogram, cutoff)
        if high > low:
            scale = 255.0 / (high - low)
            lut = np.clip((lut - low) * scale, 0, 255).astype(np.int64).astype(np.float64)
        out[..., c] = lut.astype(np.uint8)[planes[..., c]]
    return out.reshape(image.shape)


def _histogram_range(histogram: np.ndarray, cutoff: float) -> tuple[int, int]:
    """The lowest and highest used levels after removing `cutoff` percent at each end."""
    histogram = histogram.copy()
    if cutoff:
        total = histogram.sum()
        for levels in (range(256), range(255, -1, -1)):
            cut = int(total * cutoff / 100)
            for level in levels:
                if cut <= 0:
                    break
                taken = min(cut, histogram[level])
                histogram[level] -= taken
                cut -= taken
    used = np.flatnonzero(histogram)
    return (int(used[0]), int(used[-1])) if used.size else (0, 0)


def equalize(image: np.ndarray) -> np.ndarray:
    planes = image[..., None] if image.ndim == 2 else image
    out = np.empty_like(planes)
    for c in range(planes.shape[2]):
        histogram = np.bincount(planes[..., c].ravel(), minlength=256)
        darkest = int(np.flatnonzero(histogram)[0])
        rest = histogram.sum() - histogram[darkest]
        if rest == 0:  # one level only: it stays
            out[..., c] = planes[..., c]
            continue
        # OpenCV's equalizeHist: the cumulative count above the darkest level, scaled in float32.
        cumulative = np.cumsum(histogram) - histogram[darkest]
        lut = _saturate(cumulative.astype(np.float32) * np.float32(255 / rest))
        lut[:darkest] = 0
        out[..., c] = lut[planes[..., c]]
    return out.reshape(image.shape)


def invert(image: np.ndarray) -> np.ndarray:
    return (255 - image).astype(image.dtype)


def posterize(image: np.ndarray, bits: int) -> np.ndarray:
    return image & np.uint8((0xFF << (8 - bits)) & 0xFF)


def solarize(image: np.ndarray, threshold: tuple[float, float]) -> np.ndarray:
    low, high = threshold
    inside = (image >= low) & (image <= high)
    return np.where(inside, 255 - image, image).astype(image.dtype)


def _saturate(values: np.ndarray) -> np.ndarray:
    return np.clip(np.rint(values), 0, 255).astype(np.uint8)


def _lookup(image: np.ndarray, table: np.ndarray) -> np.ndarray:
    return _saturate(table)[image]


# ---- argument and input checks --------------------------------------------------------------
def check_factor(op: str, name: str, value) -> float:
    return checks.check_number(op, name, value, 0, FACTOR_MAX)


def check_cutoff(op: str, cutoff) -> float:
    value = checks.check_number(op, "cutoff", cutoff)
    if not 0 <= value < 50:
        raise ValueError(f"For '{op}', the 'cutoff' must be in [0, 50), but got {cutoff}.")
    return value


def check_ignore(op: str, ignore) -> list[int]:
    if ignore is None:
        return []
    values = [ignore] if isinstance(ignore, numbers.Integral) else ignore
    if not isinstance(values, (list, tuple)):
        raise TypeError(f"For '{op}', the 'ignore' must be an int or a list of ints, but got {type(ignore).__name__}.")
    return [checks.check_int(op, "ignore", v, 0, 255) for v in values]


def check_threshold(op: str, threshold) -> tuple[float, float]:
    values = (threshold,) if isinstance(threshold, numbers.Real) and not isinstance(threshold, bool) else threshold
    if not isinstance(values, (list, tuple)) or len(values) not in (1, 2):
        raise TypeError(f"For '{op}', the 'threshold' must be a number or a (min, max) pair, but got {threshold!r}.")
    bounds = [checks.check_number(op, "threshold", v, 0, 255) for v in values]
    if len(bounds) == 1:
        bounds.append(255.0)
    if bounds[0] > bounds[1]:
        raise ValueError(f"For '{op}', the 'threshold' must be in order (min, max), but got {threshold!r}.")
    return bounds[0], bounds[1]


def check_uint8(op: str, image: np.ndarray) -> np.ndarray:
    check_image(op, image.shape)
    if image.dtype != np.uint8:
        raise RuntimeError(f"For '{op}', the image must be uint8, but got dtype {image.dtype}.")
    return image


def check_rgb_uint8(op: str, image: np.ndarray) -> np.ndarray:
    check_uint8(op, image)
    if image.ndim != 3 or image.shape[2] != 3:
        raise RuntimeError(f"For '{op}', the image must be RGB of shape (H, W, 3), but got shape {image.shape}.")
    return image
