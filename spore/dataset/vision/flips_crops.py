"""Flips and fixed crops: HorizontalFlip, VerticalFlip, RandomVerticalFlip, Crop,
ResizedCrop, PadToSize, FiveCrop, TenCrop, SlicePatches, RandomResize,
RandomCropDecodeResize.

Images are (H, W) or (H, W, C) arrays.
"""
from __future__ import annotations

import numpy as np

from .. import checks, random_streams
from .decode import Decode
from .geometry import RandomResizedCrop, Resize, _fill, _interpolation, _pair, _size, output_size, pad
from .image_operation import ImageOperation, _is_pil_image, check_image, to_pil
from .interpolation import resize
from .utils import Border, Inter, SliceMode


class HorizontalFlip(ImageOperation):
    """The image mirrored left-right."""

    batchable = True

    def _apply_batch(self, images: np.ndarray) -> np.ndarray:
        return images[:, :, ::-1].copy()


class VerticalFlip(ImageOperation):
    """The image mirrored top-bottom."""

    batchable = True

    def _apply_batch(self, images: np.ndarray) -> np.ndarray:
        return images[:, ::-1].copy()


class RandomVerticalFlip(ImageOperation):
    """The image mirrored top-bottom with probability `prob`."""

    returns_pil = True

    def __init__(self, prob: float = 0.5):
        self.prob = checks.check_number("RandomVerticalFlip", "prob", prob, 0.0, 1.0)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        check_image("RandomVerticalFlip", image.shape)
        if random_streams.current().random() < self.prob:
            return image[::-1].copy()
        return image


class Crop(ImageOperation):
    """The (height, width) region (`size`, an int for a square) whose top-left pixel is
    `coordinates` (top, left)."""

    batchable = True

    def __init__(self, coordinates, size):
        self.coordinates = _coordinates("Crop", coordinates)
        self.size = _size("Crop", size, allow_int=True)

    def _check(self, shape: tuple, dtype: np.dtype) -> None:
        check_image("Crop", shape)
        top, left = self.coordinates
        height, width = _pair(self.size)
        if top + height > shape[0] or left + width > shape[1]:
            raise RuntimeError(f"For 'Crop', the region at (top, left) = {self.coordinates} of size "
                               f"{(height, width)} exceeds the image of size {tuple(shape[:2])}.")

    def _apply_batch(self, images: np.ndarray) -> np.ndarray:
        top, left = self.coordinates
        height, width = _pair(self.size)
        return images[:, top:top + height, left:left + width]


class ResizedCrop(ImageOperation):
    """The region (top, left, height, width) resized to `size` (as Resize's)."""

    def __init__(self, top: int, left: int, height: int, width: int, size, interpolation: Inter = Inter.BILINEAR):
        self.top = checks.check_int("ResizedCrop", "top", top)
        self.left = checks.check_int("ResizedCrop", "left", left)
        self.height = checks.check_int("ResizedCrop", "height", height, 1)
        self.width = checks.check_int("ResizedCrop", "width", width, 1)
        self.size = _size("ResizedCrop", size, allow_int=True)
        self.interpolation = _interpolation("ResizedCrop", interpolation)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        check_image("ResizedCrop", image.shape)
        if self.top + self.height > image.shape[0] or self.left + self.width > image.shape[1]:
            raise RuntimeError(f"For 'ResizedCrop', the region (top, left, height, width) = "
                               f"{(self.top, self.left, self.height, self.width)} exceeds the image of size "
                               f"{image.shape[:2]}.")
        crop = image[None, self.top:self.top + self.height, self.left:self.left + self.width]
        return resize(crop, *output_size(self.size, self.height, self.width), self.interpolation)[0]


class PadToSize(ImageOperation):
    """The image padded to `size` (height, width): placed at `offset` (top, left), or
    centred (the extra pixel at the bottom / right) when None."""

    def __init__(self, size, offset=None, fill_value=0, padding_mode: Border = Border.CONSTANT):
        self.size = _size("PadToSize", size, allow_int=True)
        self.offset = None if offset is None else _offset(offset)
        self.fill_value = _fill("PadToSize", fill_value)
        if not isinstance(padding_mode, Border):
            raise TypeError(f"For 'PadToSize', the 'padding_mode' must be a Border, but got {padding_mode!r}.")
        self.padding_mode = padding_mode

    def _apply(self, image: np.ndarray) -> np.ndarray:
        check_image("PadToSize", image.shape)
        height, width = _pair(self.size)
        grow_h, grow_w = height - image.shape[0], width - image.shape[1]
        if grow_h < 0 or grow_w < 0:
            raise RuntimeError(f"For 'PadToSize', the target size {(height, width)} must not be smaller than the "
                               f"image size {image.shape[:2]}.")
        top, left = (grow_h // 2, grow_w // 2) if self.offset is None else self.offset
        if top > grow_h or left > grow_w:
            raise RuntimeError(f"For 'PadToSize', the offset {(top, left)} leaves no room for the image of size "
                               f"{image.shape[:2]} in {(height, width)}.")
        return pad(image[None], (left, top, grow_w - left, grow_h - top), self.fill_value, self.padding_mode)[0]


class FiveCrop(ImageOperation):
    """The four corner crops and the centre crop of `size` (an int for a square), as a
    tuple (top-left, top-right, bottom-left, bottom-right, centre)."""

    def __init__(self, size):
        self.size = _size("FiveCrop", size, allow_int=True)

    def __call__(self, *inputs):
        if len(inputs) != 1:
            raise TypeError(f"For 'FiveCrop', exactly 1 input is expected, but got {len(inputs)}.")
        return _like_input(inputs[0], five_crops("FiveCrop", self._input(inputs[0]), _pair(self.size)))


class TenCrop(ImageOperation):
    """FiveCrop's five crops, then the same five of the image flipped left-right (or
    top-bottom with `use_vertical_flip`)."""

    def __init__(self, size, use_vertical_flip: bool = False):
        self.size = _size("TenCrop", size, allow_int=True)
        self.use_vertical_flip = checks.check_bool("TenCrop", "use_vertical_flip", use_vertical_flip)

    def __call__(self, *inputs):
        if len(inputs) != 1:
            raise TypeError(f"For 'TenCrop', exactly 1 input is expected, but got {len(inputs)}.")
        image = self._input(inputs[0])
        flipped = image[::-1] if self.use_vertical_flip else image[:, ::-1]
        size = _pair(self.size)
        return _like_input(inputs[0], five_crops("TenCrop", image, size) + five_crops("TenCrop", flipped, size))


def _like_input(original, crops: list[np.ndarray]) -> tuple:
    """The crops as PIL images when the input was one (as MindSpore's Pillow implementation)."""
    return tuple(to_pil(c) for c in crops) if _is_pil_image(original) else tuple(crops)


def five_crops(op: str, image: np.ndarray, size: tuple[int, int]) -> list[np.ndarray]:
    check_image(op, image.shape)
    height, width = size
    rows, cols = image.shape[:2]
    if height > rows or width > cols:
        raise ValueError(f"For '{op}', the crop size {size} is larger than the image size {(rows, cols)}.")
    top, left = round((rows - height) / 2), round((cols - width) / 2)
    corners = [(0, 0), (0, cols - width), (rows - height, 0), (rows - height, cols - width), (top, left)]
    return [image[t:t + height, c:c + width].copy() for t, c in corners]


class SlicePatches(ImageOperation):
    """The image cut into num_height x num_width patches, row by row, as a tuple. When
    the size does not divide, SliceMode.PAD pads the image at the bottom / right with
    `fill_value` to whole patches; SliceMode.DROP drops the remainder."""

    def __init__(self, num_height: int = 1, num_width: int = 1, slice_mode: SliceMode = SliceMode.PAD,
                 fill_value: int = 0):
        self.num_height = checks.check_int("SlicePatches", "num_height", num_height, 1)
        self.num_width = checks.check_int("SlicePatches", "num_width", num_width, 1)
        if not isinstance(slice_mode, SliceMode):
            raise TypeError(f"For 'SlicePatches', the 'slice_mode' must be a SliceMode, but got {slice_mode!r}.")
        self.slice_mode = slice_mode
        self.fill_value = checks.check_int("SlicePatches", "fill_value", fill_value, 0, 255)

    def __call__(self, *inputs):
        if len(inputs) != 1:
            raise TypeError(f"For 'SlicePatches', exactly 1 input is expected, but got {len(inputs)}.")
        image = self._input(inputs[0])
        check_image("SlicePatches", image.shape)
        rows, cols = image.shape[:2]
        if self.slice_mode == SliceMode.PAD:
            height, width = -(-rows // self.num_height), -(-cols // self.num_width)
            grown = pad(image[None], (0, 0, width * self.num_width - cols, height * self.num_height - rows),
                        self.fill_value, Border.CONSTANT)[0]
        else:
            height, width = rows // self.num_height, cols // self.num_width
            grown = image
        return tuple(grown[i * height:(i + 1) * height, j * width:(j + 1) * width].copy()
                     for i in range(self.num_height) for j in range(self.num_width))


class RandomResize(ImageOperation):
    """Resize to `size` with an interpolation drawn at random among NEAREST, BILINEAR
    and BICUBIC."""

    _CHOICES = (Inter.NEAREST, Inter.BILINEAR, Inter.BICUBIC)

    def __init__(self, size):
        self.size = _size("RandomResize", size, allow_int=True)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        interpolation = self._CHOICES[int(random_streams.current().integers(len(self._CHOICES)))]
        return Resize(self.size, interpolation)(image)


class RandomCropDecodeResize(RandomResizedCrop):
    """Decode, then RandomResizedCrop (same arguments): a random region of the encoded
    image resized to `size`."""

    _apply_to_decoded = None  # its input is an encoded image, which Decode must not hand it decoded

    def _input(self, value) -> np.ndarray:
        return Decode()._input(value)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        return super()._apply(Decode()._apply(image))


def _coordinates(op: str, coordinates) -> tuple[int, int]:
    if not isinstance(coordinates, (list, tuple)) or len(coordinates) != 2:
        raise TypeError(f"For '{op}', the 'coordinates' must be a (top, left) pair of ints, but got {coordinates!r}.")
    return tuple(checks.check_int(op, "coordinates", c) for c in coordinates)


def _offset(offset) -> tuple[int, int]:
    if isinstance(offset, int) and not isinstance(offset, bool):
        return (checks.check_int("PadToSize", "offset", offset),) * 2
    if not isinstance(offset, (list, tuple)) or len(offset) != 2:
        raise TypeError(f"For 'PadToSize', the 'offset' must be an int or a (top, left) pair, but got {offset!r}.")
    return tuple(checks.check_int("PadToSize", "offset", o) for o in offset)
