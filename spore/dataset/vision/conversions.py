"""Type, layout and filtering transforms: ToType, ToNumpy, ToPIL, NormalizePad,
LinearTransformation, GaussianBlur, Grayscale, RandomGrayscale."""
from __future__ import annotations

import numbers

import numpy as np

from .. import checks, random_streams
from ..transforms.transforms import to_numpy_dtype
from .decode import pillow
from .image_operation import ImageOperation, _is_pil_image, check_image, to_pil
from .pixels import _per_channel


class ToType(ImageOperation):
    """The image converted to `data_type` (a MindSpore or NumPy dtype)."""

    batchable = True

    def __init__(self, data_type):
        self.data_type = to_numpy_dtype("ToType", "data_type", data_type)

    def _check(self, shape: tuple, dtype: np.dtype) -> None:
        """Any shape."""

    def _apply_batch(self, images: np.ndarray) -> np.ndarray:
        return images.astype(self.data_type)


class ToNumpy(ImageOperation):
    """A PIL image (or an array, or a list of arrays) as a NumPy array."""

    def _input(self, value) -> np.ndarray:
        return np.asarray(value)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        return np.array(image)


class ToPIL(ImageOperation):
    """A uint8 (H, W) or (H, W, 1 / 3 / 4) array as a PIL image; a PIL image unchanged."""

    def __call__(self, *inputs):
        if len(inputs) != 1:
            raise TypeError(f"For 'ToPIL', exactly 1 input is expected, but got {len(inputs)}.")
        if _is_pil_image(inputs[0]):
            return inputs[0]
        image = self._input(inputs[0])
        check_image("ToPIL", image.shape)
        if image.ndim == 3 and image.shape[2] not in (1, 3, 4):
            raise TypeError(f"For 'ToPIL', the image must have 1, 3 or 4 channels, but got shape {image.shape}.")
        pillow()
        return to_pil(image)


class NormalizePad(ImageOperation):
    """Normalize (per-channel (pixel - mean) / std) with a fourth channel of zeros added,
    as `dtype` ("float32" or "float16"); channels last with `is_hwc`, else first."""

    def __init__(self, mean, std, dtype: str = "float32", is_hwc: bool = True):
        self.mean = _per_channel("mean", mean, 0.0, 255.0, low_open=False)
        self.std = _per_channel("std", std, 0.0, 255.0, low_open=True)
        if len(self.mean) != 3 or len(self.std) != 3:
            raise ValueError(f"For 'NormalizePad', the 'mean' and 'std' must have 3 values each, but got "
                             f"{len(self.mean)} and {len(self.std)}.")
        if dtype not in ("float32", "float16"):
            raise ValueError(f"For 'NormalizePad', the 'dtype' must be 'float32' or 'float16', but got {dtype!r}.")
        self.dtype = dtype
        self.is_hwc = checks.check_bool("NormalizePad", "is_hwc", is_hwc)

    def _apply(self, image: np.ndarray) -> np.ndarray:
        axis = -1 if self.is_hwc else 0
        if image.ndim != 3 or image.shape[axis] != 3:
            layout = "(H, W, 3)" if self.is_hwc else "(3, H, W)"
            raise RuntimeError(f"For 'NormalizePad', the image must have shape {layout}, but got shape {image.shape}.")
        shape = (-1,) if self.is_hwc else (-1, 1, 1)
        normalized = (image.astype(np.float32) - np.float32(self.mean).reshape(shape)) / np.float32(
            self.std).reshape(shape)
        padding = np.zeros_like(np.take(normalized, [0], axis=axis))
        return np.concatenate([normalized, padding], axis=axis).astype(self.dtype)


class LinearTransformation(ImageOperation):
    """A (C, H, W) image flattened, centred by `mean_vector` (D = C*H*W values), multiplied
    by `transformation_matrix` (D, D) and reshaped back."""

    def __init__(self, transformation_matrix, mean_vector):
        matrix, mean = np.asarray(transformation_matrix), np.asarray(mean_vector)
        if matrix.ndim != 2 or matrix.shape[0] != matrix.shape[1]:
            raise ValueError(f"For 'LinearTransformation', the 'transformation_matrix' must be square, but got shape "
                             f"{matrix.shape}.")
        if mean.shape != (matrix.shape[0],):
            raise ValueError(f"For 'LinearTransformation', the 'mean_vector' must have {matrix.shape[0]} values, but "
                             f"got shape {mean.shape}.")
        self.transformation_matrix, self.mean_vector = matrix, mean

    def _apply(self, image: np.ndarray) -> np.ndarray:
        if image.size != self.mean_vector.size:
            raise ValueError(f"For 'LinearTransformation', the image has {image.size} values, but the matrix is for "
                             f"{self.mean_vector.size}.")
        flat = image.reshape(1, -1) - self.mean_vector
        return np.dot(flat, self.transformation_matrix).reshape(image.shape)


class GaussianBlur(ImageOperation):
    """The image smoothed by a Gaussian kernel of `kernel_size` (odd, an int or (x, y)) and
    `sigma` (a number or (x, y); 0: from that kernel size, None: both from the x size), borders
    mirrored without repeating the edge pixel."""

    returns_pil = True

    def __init__(self, kernel_size, sigma=None):
        sizes = [kernel_size] * 2 if isinstance(kernel_size, numbers.Integral) else kernel_size
        if not isinstance(sizes, (list, tuple)) or len(sizes) != 2:
            raise TypeError(f"For 'GaussianBlur', the 'kernel_size' must be an int or a pair of ints, but got "
                            f"{kernel_size!r}.")
        for size in sizes:
            if checks.check_int("GaussianBlur", "kernel_size", size, 1) % 2 == 0:
                raise ValueError(f"For 'GaussianBlur', the 'kernel_size' must be odd, but got {kernel_size!r}.")
        self.kernel_size = tuple(sizes)
        # Without sigma, MindSpore derives both from the first kernel size (as OpenCV would for x).
        if sigma is None:
            sigma = _default_sigma(sizes[0])
        sigmas = [sigma] if isinstance(sigma, numbers.Real) else sigma
        if not isinstance(sigmas, (list, tuple)) or len(sigmas) not in (1, 2):
            raise TypeError(f"For 'GaussianBlur', the 'sigma' must be a number or a pair of numbers, but got "
                            f"{sigma!r}.")
        sigmas = [checks.check_number("GaussianBlur", "sigma", s, 0) for s in sigmas]
        self.sigma = (sigmas[0], sigmas[-1])

    def _apply(self, image: np.ndarray) -> np.ndarray:
        check_image("GaussianBlur", image.shape)
        out = image.astype(np.float64)
        for axis, (size, sigma) in ((1, (self.kernel_size[0], self.sigma[0])),
                                    (0, (self.kernel_size[1], self.sigma[1]))):
            out = _filter_axis(out, _gaussian_kernel(size, sigma), axis)
        if image.dtype.kind in "iu":
            info = np.iinfo(image.dtype)
            out = np.clip(np.rint(out), info.min, info.max)
        return out.astype(image.dtype)


def _default_sigma(size: int) -> float:
    return ((size - 1) * 0.5 - 1) * 0.3 + 0.8


def _gaussian_kernel(size: int, sigma: float) -> np.ndarray:
    if sigma <= 0:
        sigma = _default_sigma(size)
    offsets = np.arange(size) - (size - 1) / 2
    weights = np.exp(-offsets ** 2 / (2 * sigma ** 2))
    return weights / weights.sum()


def _filter_axis(image: np.ndarray, kernel: np.ndarray, axis: int) -> np.ndarray:
    radius = len(kernel) // 2
    widths = [(0, 0)] * image.ndim
    widths[axis] = (radius, radius)
    padded = np.pad(image, widths, mode="reflect")
    length = image.shape[axis]
    return sum(w * np.take(padded, range(i, i + length), axis=axis) for i, w in enumerate(kernel))


class Grayscale(ImageOperation):
    """A PIL image converted to gray ("L"), or to three equal channels (RGB) with
    `num_output_channels` 3. An RGB array (which MindSpore refuses) is converted the same
    way and stays an array: spore's pipelines hand arrays between transforms."""

    def __init__(self, num_output_channels: int = 1):
        if num_output_channels not in (1, 3) or isinstance(num_output_channels, bool):
            raise ValueError(f"For 'Grayscale', the 'num_output_channels' must be 1 or 3, but got "
                             f"{num_output_channels!r}.")
        self.num_output_channels = num_output_channels

    def __call__(self, *inputs):
        return to_grayscale("Grayscale", inputs, self.num_output_channels)


class RandomGrayscale(ImageOperation):
    """A PIL image (or, as Grayscale, an RGB array) converted to gray with probability
    `prob`, keeping its number of channels (1 or 3)."""

    def __init__(self, prob: float = 0.1):
        self.prob = checks.check_number("RandomGrayscale", "prob", prob, 0.0, 1.0)

    def __call__(self, *inputs):
        image = _image_input("RandomGrayscale", inputs)
        if random_streams.current().random() >= self.prob:
            return image
        gray = image.mode == "L" if _is_pil_image(image) else image.ndim == 2 or image.shape[2] == 1
        return to_grayscale("RandomGrayscale", inputs, 1 if gray else 3)


def _image_input(op: str, inputs: tuple):
    if len(inputs) != 1:
        raise TypeError(f"For '{op}', exactly 1 input is expected, but got {len(inputs)}.")
    image = inputs[0]
    if not _is_pil_image(image) and not isinstance(image, np.ndarray):
        raise TypeError(f"For '{op}', the input must be a PIL image or an RGB array, but got "
                        f"{type(image).__name__}.")
    return image


def to_grayscale(op: str, inputs: tuple, channels: int):
    image = _image_input(op, inputs)
    if _is_pil_image(image):
        gray = image.convert("L")
        return gray if channels == 1 else to_pil(np.repeat(np.asarray(gray)[:, :, None], 3, axis=2))
    if image.ndim == 2 or image.shape[2] == 1:
        plane = image.reshape(image.shape[:2])
    elif image.shape[2] == 3 and image.dtype == np.uint8:
        plane = _pil_luma(image)
    else:
        raise RuntimeError(f"For '{op}', the array must be a uint8 RGB image of shape (H, W, 3), but got dtype "
                           f"{image.dtype} and shape {image.shape}.")
    return plane if channels == 1 else np.repeat(plane[:, :, None], 3, axis=2)


def _pil_luma(rgb: np.ndarray) -> np.ndarray:
    """Pillow's "L" conversion: ITU-R 601-2 luma in 16-bit fixed point."""
    r, g, b = (rgb[..., i].astype(np.int64) for i in range(3))
    return ((r * 19595 + g * 38470 + b * 7471 + 0x8000) >> 16).astype(np.uint8)

