"""ImageOperation: the base of the vision transforms, which take images as NumPy arrays
(or PIL images, converted) of shape (H, W) or (H, W, C), as MindSpore lays them out."""
from __future__ import annotations

import sys

import numpy as np

from ..transforms.tensor_operation import TensorOperation


class ImageOperation(TensorOperation):
    returns_pil = False
    """Whether a PIL image comes back as a PIL image (MindSpore's transforms with a Pillow
    implementation); the others return a NumPy array for any input."""

    def _apply_pil(self, image):
        """The result for a PIL image, for transforms whose MindSpore implementation on PIL
        images is Pillow's own (None: the image goes through `_apply` as an array)."""
        return None

    def __call__(self, *inputs):
        if len(inputs) == 1 and _is_pil_image(inputs[0]):
            result = self._apply_pil(inputs[0])
            if result is not None:
                return result
        result = super().__call__(*inputs)
        if self.returns_pil and _is_pil_image(inputs[0]) and isinstance(result, np.ndarray):
            return to_pil(result)
        return result

    def _input(self, value) -> np.ndarray:
        if isinstance(value, np.ndarray):
            return value
        if _is_pil_image(value):
            return np.asarray(value)
        raise TypeError(f"For '{type(self).__name__}', the input must be a NumPy array or a PIL image, "
                        f"but got {type(value).__name__}.")

    def _check(self, shape: tuple, dtype: np.dtype) -> None:
        check_image(type(self).__name__, shape)


def check_image(op: str, shape: tuple) -> None:
    if len(shape) not in (2, 3):
        raise RuntimeError(f"For '{op}', the image must have shape (H, W) or (H, W, C), but got shape "
                           f"{tuple(shape)}. An encoded image needs Decode first.")


def _is_pil_image(value) -> bool:
    # Pillow is optional: an object can only be a PIL image if Pillow was imported.
    image_module = sys.modules.get("PIL.Image")
    return image_module is not None and isinstance(value, image_module.Image)


def to_pil(array: np.ndarray):
    """A uint8 (H, W) or (H, W, 1 / 3 / 4) array as a PIL image (L, RGB or RGBA)."""
    image_module = sys.modules["PIL.Image"]
    if array.ndim == 3 and array.shape[2] == 1:
        array = array[:, :, 0]
    return image_module.fromarray(np.ascontiguousarray(array))
