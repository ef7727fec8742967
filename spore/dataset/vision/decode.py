"""Decode: encoded image bytes (JPEG, PNG, BMP...) to pixels, with Pillow.

Pillow is optional for spore: it is imported only when an image is decoded, and its
absence is an error only then.
"""
from __future__ import annotations

import io

import numpy as np

from .image_operation import ImageOperation


class Decode(ImageOperation):
    """The image encoded in a 1-D uint8 array (a file's bytes), as an (H, W, 3) uint8 RGB
    array, or a PIL image with `to_pil`."""

    def __init__(self, to_pil: bool = False):
        if not isinstance(to_pil, bool):
            raise TypeError(f"For 'Decode', the 'to_pil' must be a bool, but got {type(to_pil).__name__}.")
        self.to_pil = to_pil

    def _input(self, value) -> np.ndarray:
        if isinstance(value, (bytes, bytearray)):
            return np.frombuffer(value, np.uint8)
        return super()._input(value)

    def _apply(self, data: np.ndarray):
        if data.ndim != 1 or data.dtype != np.uint8:
            raise RuntimeError(f"For 'Decode', the input must be the encoded image as a 1-D uint8 array, but got "
                               f"shape {data.shape} and dtype {data.dtype}.")
        image = decode_rgb(data)
        return image if self.to_pil else np.array(image)  # a writable array, as MindSpore returns

    def _row_path_through(self, following, lists_out: bool):
        # A transform that can take the decoded PIL image (RandomResizedCrop) gets it.
        apply_to_decoded = getattr(following, "_apply_to_decoded", None)
        if self.to_pil or apply_to_decoded is None:
            return None

        def decode_cropped(data):
            if not (isinstance(data, np.ndarray) and data.ndim == 1 and data.dtype == np.uint8):
                return NotImplemented
            return apply_to_decoded(decode_rgb(data))
        return decode_cropped

    def __repr__(self) -> str:
        return f"Decode(to_pil={self.to_pil})"


def decode_rgb(data: np.ndarray):
    """The image encoded in `data` as a decoded RGB PIL image."""
    image_module = pillow()
    try:
        image = image_module.open(io.BytesIO(data.tobytes()))
        # convert copies even an RGB image: only load that one.
        if image.mode == "RGB":
            image.load()
        else:
            image = image.convert("RGB")
    except Exception as e:
        raise RuntimeError(f"For 'Decode', the image could not be decoded ({type(e).__name__}: {e}); the data "
                           f"is not an image format Pillow reads, or is corrupt.") from e
    return image


def pillow():
    """The PIL.Image module, or a RuntimeError saying how to install it."""
    try:
        from PIL import Image
    except ImportError:
        raise RuntimeError("Images need Pillow, which is not installed: install spore's 'vision' extra "
                           "(pip install 'spore[vision]').") from None
    return Image
