"""Transforms of an image with its bounding boxes: ResizeWithBBox, RandomResizeWithBBox,
RandomHorizontalFlipWithBBox, RandomVerticalFlipWithBBox, RandomCropWithBBox,
RandomResizedCropWithBBox, BoundingBoxAugment.

Boxes are a float32 (N, 4 or more) array of rows (x_min, y_min, width, height, ...) in
pixels; extra columns (labels...) ride along unchanged. Each transform takes and returns
(image, boxes).
"""
from __future__ import annotations

import numpy as np

from .. import checks, random_streams
from .geometry import RandomCrop, RandomResizedCrop, _interpolation, _pair, _size, output_size, pad
from .image_operation import ImageOperation, check_image
from .interpolation import resize
from .utils import Border, Inter


class _BoxOperation(ImageOperation):
    def __call__(self, *inputs):
        if len(inputs) != 2:
            raise TypeError(f"For '{type(self).__name__}', 2 inputs (image, bboxes) are expected, but got "
                            f"{len(inputs)}.")
        image = self._input(inputs[0])
        check_image(type(self).__name__, image.shape)
        boxes = check_boxes(type(self).__name__, inputs[1], image.shape)
        return self._apply_boxes(image, boxes.copy())

    def _apply_boxes(self, image: np.ndarray, boxes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        raise NotImplementedError


class ResizeWithBBox(_BoxOperation):
    """Resize (same arguments), the boxes scaled with the image."""

    def __init__(self, size, interpolation: Inter = Inter.LINEAR):
        self.size = _size("ResizeWithBBox", size, allow_int=True)
        self.interpolation = _interpolation("ResizeWithBBox", interpolation)

    def _apply_boxes(self, image, boxes):
        return resize_with_boxes(image, boxes, output_size(self.size, *image.shape[:2]), self.interpolation)


class RandomResizeWithBBox(_BoxOperation):
    """ResizeWithBBox with an interpolation drawn among NEAREST, BILINEAR and BICUBIC."""

    _CHOICES = (Inter.NEAREST, Inter.BILINEAR, Inter.BICUBIC)

    def __init__(self, size):
        self.size = _size("RandomResizeWithBBox", size, allow_int=True)

    def _apply_boxes(self, image, boxes):
        interpolation = self._CHOICES[int(random_streams.current().integers(len(self._CHOICES)))]
        return resize_with_boxes(image, boxes, output_size(self.size, *image.shape[:2]), interpolation)


class RandomHorizontalFlipWithBBox(_BoxOperation):
    """The image and its boxes mirrored left-right with probability `prob`."""

    def __init__(self, prob: float = 0.5):
        self.prob = checks.check_number("RandomHorizontalFlipWithBBox", "prob", prob, 0.0, 1.0)

    def _apply_boxes(self, image, boxes):
        if random_streams.current().random() >= self.prob:
            return image, boxes
        boxes[:, 0] = image.shape[1] - boxes[:, 0] - boxes[:, 2]
        return image[:, ::-1].copy(), boxes


class RandomVerticalFlipWithBBox(_BoxOperation):
    """The image and its boxes mirrored top-bottom with probability `prob`."""

    def __init__(self, prob: float = 0.5):
        self.prob = checks.check_number("RandomVerticalFlipWithBBox", "prob", prob, 0.0, 1.0)

    def _apply_boxes(self, image, boxes):
        if random_streams.current().random() >= self.prob:
            return image, boxes
        boxes[:, 1] = image.shape[0] - boxes[:, 1] - boxes[:, 3]
        return image[::-1].copy(), boxes


class RandomCropWithBBox(_BoxOperation):
    """RandomCrop (same arguments); the boxes moved with the crop, cut to it, and those
    left outside it dropped."""

    def __init__(self, size, padding=None, pad_if_needed: bool = False, fill_value=0,
                 padding_mode: Border = Border.CONSTANT):
        self._crop = RandomCrop(size, padding, pad_if_needed, fill_value, padding_mode)

    def _apply_boxes(self, image, boxes):
        crop = self._crop
        images = image[None]
        offset_x = offset_y = 0
        if crop.padding is not None:
            images = pad(images, crop.padding, crop.fill_value, crop.padding_mode)
            offset_x, offset_y = crop.padding[0], crop.padding[1]
        height, width = _pair(crop.size)
        if crop.pad_if_needed:
            grow_h, grow_w = max(height - images.shape[1], 0), max(width - images.shape[2], 0)
            if grow_h or grow_w:
                images = pad(images, (grow_w, grow_h, grow_w, grow_h), crop.fill_value, crop.padding_mode)
                offset_x, offset_y = offset_x + grow_w, offset_y + grow_h
        if height > images.shape[1] or width > images.shape[2]:
            raise RuntimeError(f"For 'RandomCropWithBBox', the crop size ({height}, {width}) is larger than the "
                               f"(padded) image ({images.shape[1]}, {images.shape[2]}).")
        for_top, for_left = random_streams.current().random(2)
        top = int(for_top * (images.shape[1] - height + 1))
        left = int(for_left * (images.shape[2] - width + 1))
        boxes[:, 0] += offset_x
        boxes[:, 1] += offset_y
        return images[0, top:top + height, left:left + width].copy(), crop_boxes(boxes, top, left, height, width)


class RandomResizedCropWithBBox(_BoxOperation):
    """RandomResizedCrop (same arguments); the boxes cut to the region, those outside it
    dropped, and the rest scaled with the resize."""

    def __init__(self, size, scale=(0.08, 1.0), ratio=(3 / 4, 4 / 3), interpolation: Inter = Inter.BILINEAR,
                 max_attempts: int = 10):
        self._crop = RandomResizedCrop(size, scale, ratio, interpolation, max_attempts)

    def _apply_boxes(self, image, boxes):
        top, left, height, width = self._crop._region(image.shape[0], image.shape[1], random_streams.current())
        kept = crop_boxes(boxes, top, left, height, width)
        crop = image[top:top + height, left:left + width]
        return resize_with_boxes(crop, kept, _pair(self._crop.size), self._crop.interpolation)


class BoundingBoxAugment(_BoxOperation):
    """`transform` (an image transform) applied to the region of each box with
    probability `ratio`, the boxes unchanged."""

    def __init__(self, transform, ratio: float = 0.3):
        if not callable(transform):
            raise TypeError(f"For 'BoundingBoxAugment', the 'transform' must be a transform, but got "
                            f"{type(transform).__name__}.")
        self.transform = transform
        self.ratio = checks.check_number("BoundingBoxAugment", "ratio", ratio, 0.0, 1.0)

    def _apply_boxes(self, image, boxes):
        out = image.copy()
        rng = random_streams.current()
        for x, y, w, h in boxes[:, :4].astype(np.int64):
            if w <= 0 or h <= 0 or rng.random() >= self.ratio:
                continue
            region = np.asarray(self.transform(out[y:y + h, x:x + w].copy()))
            if region.shape != out[y:y + h, x:x + w].shape:
                raise RuntimeError(f"For 'BoundingBoxAugment', the transform must keep the region's shape "
                                   f"{out[y:y + h, x:x + w].shape}, but returned {region.shape}.")
            out[y:y + h, x:x + w] = region
        return out, boxes


def resize_with_boxes(image: np.ndarray, boxes: np.ndarray, size: tuple[int, int], interpolation: Inter):
    height, width = size
    boxes[:, [0, 2]] *= np.float32(width / image.shape[1])
    boxes[:, [1, 3]] *= np.float32(height / image.shape[0])
    return resize(image[None], height, width, interpolation)[0], boxes


def crop_boxes(boxes: np.ndarray, top: int, left: int, height: int, width: int) -> np.ndarray:
    """Boxes in the coordinates of the crop, cut to it; those without area in it dropped."""
    x0 = np.clip(boxes[:, 0] - left, 0, width)
    y0 = np.clip(boxes[:, 1] - top, 0, height)
    x1 = np.clip(boxes[:, 0] + boxes[:, 2] - left, 0, width)
    y1 = np.clip(boxes[:, 1] + boxes[:, 3] - top, 0, height)
    out = boxes.copy()
    out[:, 0], out[:, 1], out[:, 2], out[:, 3] = x0, y0, x1 - x0, y1 - y0
    return out[(out[:, 2] > 0) & (out[:, 3] > 0)]


def check_boxes(op: str, boxes, image_shape: tuple) -> np.ndarray:
    if not isinstance(boxes, np.ndarray):
        raise TypeError(f"For '{op}', the bboxes must be a NumPy array, but got {type(boxes).__name__}.")
    if boxes.dtype != np.float32 or boxes.ndim != 2 or boxes.shape[1] < 4:
        raise RuntimeError(f"For '{op}', the bboxes must be float32 of shape (N, 4 or more) holding (x, y, width, "
                           f"height, ...), but got dtype {boxes.dtype} and shape {boxes.shape}.")
    height, width = image_shape[:2]
    if boxes.size and ((boxes[:, :4] < 0).any() or (boxes[:, 0] + boxes[:, 2] > width).any()
                       or (boxes[:, 1] + boxes[:, 3] > height).any()):
        raise RuntimeError(f"For '{op}', the bounding boxes must lie within the image of width {width} and height "
                           f"{height}.")
    return boxes

