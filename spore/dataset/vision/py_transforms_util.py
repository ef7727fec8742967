"""`mindspore.dataset.vision.py_transforms_util`: MindSpore's functional forms of the
Python vision transforms, `f(img, *parameters)`, each the transform that owns the
behaviour applied to `img` (a PIL image stays a PIL image where the transform keeps it)."""
from __future__ import annotations

import numpy as np

from .image_operation import _is_pil_image
from .image_operation import to_pil as _as_pil
from .transforms import (
    HWC2CHW,
    AdjustBrightness,
    AdjustContrast,
    AdjustGamma,
    AdjustHue,
    AdjustSaturation,
    AutoContrast,
    CenterCrop,
    Crop,
    Decode,
    Equalize,
    FiveCrop,
    Grayscale,
    HorizontalFlip,
    HsvToRgb,
    Invert,
    LinearTransformation,
    Normalize,
    NormalizePad,
    Pad,
    RandomColor,
    RandomColorAdjust,
    RandomCrop,
    RandomHorizontalFlip,
    RandomLighting,
    RandomResizedCrop,
    RandomRotation,
    RandomSharpness,
    RandomVerticalFlip,
    Resize,
    RgbToHsv,
    Rotate,
    TenCrop,
    ToPIL,
    ToTensor,
    ToType,
    UniformAugment,
    VerticalFlip,
)
from .utils import Inter


def is_pil(img) -> bool:
    return _is_pil_image(img)


def hwc_to_chw(img):
    if not isinstance(img, np.ndarray):
        raise TypeError(f"img should be NumPy array. Got {type(img)}.")
    return HWC2CHW()(img)


def to_tensor(img, output_type):
    return ToTensor(output_type)(img)


def to_pil(img):
    return ToPIL()(img)


def to_type(img, output_type):
    return ToType(output_type)(img)


def decode(img):
    """The PIL image (RGB) of an encoded image's bytes."""
    return Decode(to_pil=True)(np.frombuffer(img, np.uint8))


def normalize(img, mean, std, pad_channel=False, dtype="float32"):
    """A (C, H, W) image normalized per channel; with pad_channel, a zero channel added."""
    if pad_channel:
        return NormalizePad(mean, std, dtype, is_hwc=False)(img)
    return Normalize(mean, std, is_hwc=False)(img)


def _like_input(img, result):
    """`result` as a PIL image when `img` is one (these functions keep PIL images PIL)."""
    return _as_pil(result) if _is_pil_image(img) and isinstance(result, np.ndarray) else result


def horizontal_flip(img):
    return _like_input(img, HorizontalFlip()(img))


def vertical_flip(img):
    return _like_input(img, VerticalFlip()(img))


def random_horizontal_flip(img, prob):
    return RandomHorizontalFlip(prob)(img)


def random_vertical_flip(img, prob):
    return RandomVerticalFlip(prob)(img)


def crop(img, top, left, height, width):
    """The (height, width) region at (top, left); a PIL image stays one (cut by Pillow)."""
    if _is_pil_image(img):
        return img.crop((left, top, left + width, top + height))
    return Crop((top, left), (height, width))(img)


def center_crop(img, size):
    """The central `size` region; of a PIL image, placed as MindSpore's Python transform
    places it (offsets rounded half to even) and cut by Pillow."""
    if not _is_pil_image(img):
        return CenterCrop(size)(img)
    height, width = (size, size) if isinstance(size, int) else size
    CenterCrop(size)  # checks `size`
    top, left = round((img.height - height) / 2), round((img.width - width) / 2)
    return crop(img, top, left, height, width)


def resize(img, size, interpolation=Inter.BILINEAR):
    return Resize(size, interpolation)(img)


def random_resize_crop(img, size, scale, ratio, interpolation=Inter.BILINEAR, max_attempts=10):
    return RandomResizedCrop(size, scale, ratio, interpolation, max_attempts)(img)


def random_crop(img, size, padding, pad_if_needed, fill_value, padding_mode):
    return RandomCrop(size, padding, pad_if_needed, fill_value, padding_mode)(img)


def pad(img, padding, fill_value, padding_mode):
    return Pad(padding, fill_value, padding_mode)(img)


def five_crop(img, size):
    return FiveCrop(size)(img)


def ten_crop(img, size, use_vertical_flip=False):
    return TenCrop(size, use_vertical_flip)(img)


def rotate(img, angle, resample, expand, center, fill_value):
    return _like_input(img, Rotate(angle, resample, expand, center, fill_value)(img))


def random_rotation(img, degrees, resample, expand, center, fill_value):
    return RandomRotation(degrees, resample, expand, center, fill_value)(img)


def adjust_brightness(img, brightness_factor):
    return AdjustBrightness(brightness_factor)(img)


def adjust_contrast(img, contrast_factor):
    return AdjustContrast(contrast_factor)(img)


def adjust_saturation(img, saturation_factor):
    return AdjustSaturation(saturation_factor)(img)


def adjust_hue(img, hue_factor):
    return AdjustHue(hue_factor)(img)


def adjust_gamma(img, gamma, gain):
    return AdjustGamma(gamma, gain)(img)


def random_color_adjust(img, brightness, contrast, saturation, hue):
    return RandomColorAdjust(brightness, contrast, saturation, hue)(img)


def random_color(img, degrees):
    return RandomColor(degrees)(img)


def random_sharpness(img, degrees):
    return RandomSharpness(degrees)(img)


def random_lighting(img, alpha):
    return RandomLighting(alpha)(img)


def grayscale(img, num_output_channels):
    return Grayscale(num_output_channels)(img)


def invert_color(img):
    return Invert()(img)


def equalize(img):
    return Equalize()(img)


def auto_contrast(img, cutoff, ignore):
    return AutoContrast(cutoff, ignore)(img)


def rgb_to_hsv(np_rgb_img, is_hwc):
    return RgbToHsv(is_hwc)(np_rgb_img)


def hsv_to_rgb(np_hsv_img, is_hwc):
    return HsvToRgb(is_hwc)(np_hsv_img)


def linear_transform(np_img, transformation_matrix, mean_vector):
    return LinearTransformation(transformation_matrix, mean_vector)(np_img)


def uniform_augment(img, transforms, num_ops):
    return UniformAugment(transforms, num_ops)(img)
