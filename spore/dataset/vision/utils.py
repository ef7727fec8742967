"""Options of the vision transforms (Inter, Border, ConvertMode, SliceMode,
ImageBatchFormat, ImageReadMode, AutoAugmentPolicy) and
the image utilities: image size and channels, reading and writing files, JPEG / PNG
encoding (with Pillow)."""
from __future__ import annotations

import io
import os
from enum import Enum, IntEnum

import numpy as np

from .. import checks
from .color_space import rgb_to_gray
from .decode import pillow
from .image_operation import _is_pil_image
from .video import VideoDecoder as VideoDecoder  # MindSpore's vision.utils holds the video readers too
from .video import read_video as read_video
from .video import read_video_timestamps as read_video_timestamps


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


class ImageReadMode(IntEnum):
    """How read_image decodes: keeping the file's channels, to one gray channel, or to RGB."""

    UNCHANGED = 0
    GRAYSCALE = 1
    COLOR = 2


class AutoAugmentPolicy(str, Enum):
    """The data set whose learned AutoAugment policy to apply."""

    IMAGENET = "imagenet"
    CIFAR10 = "cifar10"
    SVHN = "svhn"


class ConvertMode(IntEnum):
    """Colour conversions of ConvertColor, named as OpenCV's."""

    COLOR_BGR2BGRA = 0
    COLOR_RGB2RGBA = 0
    COLOR_BGRA2BGR = 1
    COLOR_RGBA2RGB = 1
    COLOR_BGR2RGBA = 2
    COLOR_RGB2BGRA = 2
    COLOR_RGBA2BGR = 3
    COLOR_BGRA2RGB = 3
    COLOR_BGR2RGB = 4
    COLOR_RGB2BGR = 4
    COLOR_BGRA2RGBA = 5
    COLOR_RGBA2BGRA = 5
    COLOR_BGR2GRAY = 6
    COLOR_RGB2GRAY = 7
    COLOR_GRAY2BGR = 8
    COLOR_GRAY2RGB = 8
    COLOR_GRAY2BGRA = 9
    COLOR_GRAY2RGBA = 9
    COLOR_BGRA2GRAY = 10
    COLOR_RGBA2GRAY = 11

class SliceMode(IntEnum):
    """What SlicePatches does with the rest of an image that does not divide evenly:
    pad it to a whole patch, or drop it."""

    PAD = 0
    DROP = 1

class ImageBatchFormat(IntEnum):
    """Layout of an image batch: (N, H, W, C) or (N, C, H, W)."""

    NHWC = 0
    NCHW = 1


def get_image_num_channels(image) -> int:
    """The channels of an (H, W) / (H, W, C) array or of a PIL image."""
    if _is_pil_image(image):
        return len(image.getbands())
    array = _image_array("get_image_num_channels", image)
    return 1 if array.ndim == 2 else int(array.shape[2])


def get_image_size(image) -> list[int]:
    """[height, width] of an (H, W) / (H, W, C) array or of a PIL image."""
    if _is_pil_image(image):
        return [image.size[1], image.size[0]]
    array = _image_array("get_image_size", image)
    return [int(array.shape[0]), int(array.shape[1])]


def read_file(filename) -> np.ndarray:
    """The bytes of a file as a 1-D uint8 array."""
    with open(_existing_file("read_file", filename), "rb") as f:
        return np.frombuffer(f.read(), np.uint8).copy()


def write_file(filename, data) -> None:
    """A 1-D uint8 array written to a file as its bytes."""
    array = _uint8_array("write_file", "data", data, dims=(1,))
    with open(_path("write_file", filename), "wb") as f:
        f.write(array.tobytes())


def read_image(filename, mode: ImageReadMode = ImageReadMode.UNCHANGED) -> np.ndarray:
    """A JPEG / PNG / BMP... file decoded to (H, W, C) uint8: its own channels with
    UNCHANGED, (H, W, 1) with GRAYSCALE, (H, W, 3) RGB with COLOR."""
    if not isinstance(mode, ImageReadMode):
        raise TypeError(f"For 'read_image', the 'mode' must be an ImageReadMode, but got {mode!r}.")
    path = _existing_file("read_image", filename)
    image_module = pillow()
    try:
        image = image_module.open(path)
        image.load()
    except Exception as e:
        raise RuntimeError(f"For 'read_image', the file {path} could not be decoded ({type(e).__name__}: {e}).") from e
    if mode == ImageReadMode.COLOR or (mode == ImageReadMode.UNCHANGED and image.mode not in ("L", "RGB", "RGBA")):
        image = image.convert("RGB")
    if mode == ImageReadMode.GRAYSCALE:
        rgb = np.asarray(image.convert("RGB"))
        return rgb_to_gray(rgb)[:, :, None]
    array = np.array(image)
    return array[:, :, None] if array.ndim == 2 else array


def encode_jpeg(image, quality: int = 75) -> np.ndarray:
    """An (H, W) / (H, W, 1 or 3) uint8 RGB image as JPEG bytes (1-D uint8 array)."""
    quality = checks.check_int("encode_jpeg", "quality", quality, 1, 100)
    return _encode("encode_jpeg", image, "JPEG", quality=quality)


def encode_png(image, compression_level: int = 6) -> np.ndarray:
    """An (H, W) / (H, W, 1 or 3) uint8 RGB image as PNG bytes (1-D uint8 array)."""
    level = checks.check_int("encode_png", "compression_level", compression_level, 0, 9)
    return _encode("encode_png", image, "PNG", compress_level=level)


def write_jpeg(filename, image, quality: int = 75) -> None:
    """encode_jpeg's bytes written to a file."""
    write_file(filename, encode_jpeg(image, quality))


def write_png(filename, image, compression_level: int = 6) -> None:
    """encode_png's bytes written to a file."""
    write_file(filename, encode_png(image, compression_level))


def _encode(op: str, image, image_format: str, **options) -> np.ndarray:
    array = _uint8_array(op, "image", image, dims=(2, 3))
    if array.ndim == 3:
        if array.shape[2] not in (1, 3):
            raise RuntimeError(f"For '{op}', the image must have 1 or 3 channels, but got shape {array.shape}.")
        if array.shape[2] == 1:
            array = array[:, :, 0]
    buffer = io.BytesIO()
    pillow().fromarray(np.ascontiguousarray(array)).save(buffer, format=image_format, **options)
    return np.frombuffer(buffer.getvalue(), np.uint8).copy()


def _image_array(op: str, image) -> np.ndarray:
    if not isinstance(image, np.ndarray):
        raise TypeError(f"For '{op}', the image must be a NumPy array or a PIL image, but got {type(image).__name__}.")
    if image.ndim not in (2, 3):
        raise ValueError(f"For '{op}', the image must have shape (H, W) or (H, W, C), but got shape {image.shape}.")
    return image


def _uint8_array(op: str, name: str, value, dims: tuple) -> np.ndarray:
    array = value.asnumpy() if hasattr(value, "asnumpy") else value
    if not isinstance(array, np.ndarray):
        raise TypeError(f"For '{op}', the '{name}' must be a NumPy array or a Tensor, but got {type(value).__name__}.")
    if array.dtype != np.uint8 or array.ndim not in dims:
        raise RuntimeError(f"For '{op}', the '{name}' must be a uint8 array of {' or '.join(map(str, dims))} "
                           f"dimension(s), but got dtype {array.dtype} and shape {array.shape}.")
    return array


def _path(op: str, filename) -> str:
    if not isinstance(filename, (str, os.PathLike)):
        raise TypeError(f"For '{op}', the 'filename' must be a str, but got {type(filename).__name__}.")
    return os.fspath(filename)


def _existing_file(op: str, filename) -> str:
    path = _path(op, filename)
    if not os.path.isfile(path):
        raise RuntimeError(f"For '{op}', the file {path} does not exist or is not a file.")
    return path
