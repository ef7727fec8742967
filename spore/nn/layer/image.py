"""Image layers (`mindspore.nn.layer.image` and its neighbours): sub-pixel and channel
shuffles (PixelShuffle, PixelUnshuffle, ChannelShuffle), crops (CentralCrop), finite differences (ImageGradients),
image-quality measures (PSNR, SSIM, MSSSIM), patch extraction (Unfold) and local
response normalization (LRN). Images are NCHW.

The quality measures compute in float32, as MindSpore's do: float images are taken as
they are, integer images scaled to [0, 1] by their dtype's maximum (max_val likewise).
"""
from __future__ import annotations

import numpy as np

from ... import ops
from ...common import dtype as mstype
from ...common.tensor import Tensor
from ...ops.validator import check_float_range, check_type
from ..cell import Cell

__all__ = ["PixelShuffle", "PixelUnshuffle", "ChannelShuffle", "CentralCrop", "ImageGradients", "PSNR", "SSIM",
           "MSSSIM", "Unfold", "LRN"]


# ---- rearrangements and crops --------------------------------------------------------------
class PixelShuffle(Cell):
    """PixelShuffle(upscale_factor): (*, C * r^2, H, W) -> (*, C, H * r, W * r), each group
    of r^2 channels becoming an r x r block of pixels (r = upscale_factor)."""

    def __init__(self, upscale_factor):
        super().__init__()
        self.upscale_factor = upscale_factor

    def construct(self, input):
        return ops.pixel_shuffle(input, self.upscale_factor)


class PixelUnshuffle(Cell):
    """PixelUnshuffle(downscale_factor): (*, C, H * r, W * r) -> (*, C * r^2, H, W), the
    inverse of PixelShuffle (r = downscale_factor)."""

    def __init__(self, downscale_factor):
        super().__init__()
        self.downscale_factor = downscale_factor

    def construct(self, input):
        return ops.pixel_unshuffle(input, self.downscale_factor)


class ChannelShuffle(Cell):
    """ChannelShuffle(groups): x (N, C, *rest) with its C = groups * k channels
    interleaved: channel g * k + i moves to i * groups + g (dims 0 and 1 are taken as N
    and C whatever the rank)."""

    def __init__(self, groups):
        super().__init__()
        check_type(self.cls_name, "groups", groups, int)
        if groups < 1:
            raise ValueError(f"For '{self.cls_name}', the 'groups' must be larger than 0, but got {groups}.")
        self.groups = groups

    def construct(self, x):
        shape = x.shape
        if len(shape) < 2 or shape[1] % self.groups:
            raise ValueError(f"For '{self.cls_name}', the input must have at least 2 dimensions and a dimension 1 "
                             f"divisible by groups {self.groups}, but got shape {shape}.")
        grouped = ops.reshape(x, (shape[0], self.groups, shape[1] // self.groups, -1))
        return ops.reshape(ops.transpose(grouped, (0, 2, 1, 3)), shape)


class CentralCrop(Cell):
    """CentralCrop(central_fraction): the central region of images (C, H, W) or
    (N, C, H, W), central_fraction in (0, 1] of each side: int((H - H * fraction) / 2)
    rows go from the top and as many from the bottom (columns likewise)."""

    def __init__(self, central_fraction):
        super().__init__()
        check_type(self.cls_name, "central_fraction", central_fraction, float)
        check_float_range(self.cls_name, "central_fraction", central_fraction, 0.0, 1.0, include_min=False)
        self.central_fraction = central_fraction

    def construct(self, image):
        shape = image.shape
        if len(shape) not in (3, 4):
            raise ValueError(f"For '{self.cls_name}', the 'image' must be 3-D or 4-D, but got shape {shape}.")
        if self.central_fraction == 1.0:
            return image
        height, width = shape[-2], shape[-1]
        top = int((height - height * self.central_fraction) / 2)
        left = int((width - width * self.central_fraction) / 2)
        return image[..., top:height - top, left:width - left]


class ImageGradients(Cell):
    """ImageGradients(): the forward differences (dy, dx) of images (N, C, H, W), each of
    the input's shape and dtype: dy[..., i, :] = image[..., i + 1, :] - image[..., i, :],
    dx along the width likewise; the last row (column) is 0."""

    def construct(self, images):
        if images.ndim != 4:
            raise ValueError(f"For '{self.cls_name}', the dimension of 'images' must be 4d, but got "
                             f"{images.ndim}.")
        batch, channels, height, width = images.shape
        last_row = ops.zeros((batch, channels, 1, width), images.dtype)
        last_column = ops.zeros((batch, channels, height, 1), images.dtype)
        dy = ops.concat((images[:, :, 1:, :] - images[:, :, :-1, :], last_row), 2)
        dx = ops.concat((images[:, :, :, 1:] - images[:, :, :, :-1], last_column), 3)
        return dy, dx


# ---- image quality -------------------------------------------------------------------------
def _check_max_val(cell: str, max_val):
    check_type(cell, "max_val", max_val, (int, float))
    if max_val <= 0:
        raise ValueError(f"For '{cell}', the 'max_val' must be greater than 0, but got {max_val}.")
    return max_val


def _check_image_pair(cell: str, img1, img2, allowed=None) -> None:
    """img1 and img2: 4-D Tensors of one shape and dtype (one of `allowed`, if given)."""
    for arg, img in (("img1", img1), ("img2", img2)):
        if not isinstance(img, Tensor):
            raise TypeError(f"For '{cell}', the '{arg}' must be a Tensor, but got {type(img).__name__}.")
        if img.ndim != 4:
            raise ValueError(f"For '{cell}', the dimension of '{arg}' must be 4d, but got {img.ndim}.")
    if allowed is not None and img1.dtype not in allowed:
        names = ", ".join(str(d) for d in allowed)
        raise TypeError(f"For '{cell}', the 'img1' must be one of [{names}], but got {img1.dtype}.")
    if img1.dtype != img2.dtype:
        raise TypeError(f"For '{cell}', the dtype of 'img2' must be the dtype of 'img1' {img1.dtype}, but got "
                        f"{img2.dtype}.")
    if img1.shape != img2.shape:
        raise ValueError(f"For '{cell}', the shape of 'img2' must be the shape of 'img1' {img1.shape}, but got "
                         f"{img2.shape}.")


def _dtype_range(dtype) -> float:
    """The largest value of an integer dtype (its images span [0, that]); 1.0 for floats."""
    if dtype.is_floating_point:
        return 1.0
    return float(np.iinfo(mstype.dtype_to_nptype(dtype)).max)


def _as_unit_float32(img, value_range: float):
    """img in float32, scaled to [0, 1] when its dtype spans more than that."""
    img = ops.cast(img, mstype.float32)
    return img / value_range if value_range > 1.0 else img


def _scaled_max(max_val, value_range: float) -> float:
    return max_val / value_range if value_range > 1.0 else float(max_val)


class PSNR(Cell):
    """PSNR(max_val=1.0): the peak signal-to-noise ratio of each pair of images (N, C, H,
    W): 10 * log10(max_val^2 / mean((img1 - img2)^2)). Float32 (N,)."""

    def __init__(self, max_val=1.0):
        super().__init__()
        self.max_val = _check_max_val(self.cls_name, max_val)

    def construct(self, img1, img2):
        _check_image_pair(self.cls_name, img1, img2)
        value_range = _dtype_range(img1.dtype)
        max_val = _scaled_max(self.max_val, value_range)
        difference = _as_unit_float32(img1, value_range) - _as_unit_float32(img2, value_range)
        mse = ops.mean(ops.square(difference), (-3, -2, -1))
        return 10 * ops.log(max_val * max_val / mse) / float(np.log(10.0))


def _gaussian_window(size: int, sigma: float) -> Tensor:
    """The normalized (1, 1, size, size) Gaussian filter on the offsets
    floor(-size / 2) + 1 .. floor(size / 2) (MindSpore's grid, off-centre for even sizes)."""
    offsets = np.arange(-size // 2 + 1, size // 2 + 1, dtype=np.float32)
    squares = offsets[:, None] ** 2 + offsets[None, :] ** 2
    window = np.exp(-squares / np.float32(2 * sigma ** 2))
    return Tensor((window / window.sum()).reshape(1, 1, size, size).astype(np.float32))


class _StructuralSimilarity(Cell):
    """The filter and constants SSIM and MSSSIM share, and their per-scale measure."""

    def __init__(self, max_val, filter_size, filter_sigma, k1, k2):
        super().__init__()
        name = self.cls_name
        self.max_val = _check_max_val(name, max_val)
        check_type(name, "filter_size", filter_size, int)
        if filter_size < 1:
            raise ValueError(f"For '{name}', the 'filter_size' must be at least 1, but got {filter_size}.")
        check_type(name, "filter_sigma", filter_sigma, float)
        if filter_sigma <= 0:
            raise ValueError(f"For '{name}', the 'filter_sigma' must be positive, but got {filter_sigma}.")
        check_type(name, "k1", k1, float)
        check_type(name, "k2", k2, float)
        self.filter_size, self.filter_sigma, self.k1, self.k2 = filter_size, filter_sigma, k1, k2
        self.window = _gaussian_window(filter_size, filter_sigma)

    def _blur(self, img):
        """Each channel of img (N, C, H, W) filtered by the window ('valid' padding)."""
        batch, channels, height, width = img.shape
        planes = ops.reshape(img, (batch * channels, 1, height, width))
        blurred = ops.conv2d(planes, self.window)
        return ops.reshape(blurred, (batch, channels) + tuple(blurred.shape[2:]))

    def _similarity(self, img1, img2, c1: float, c2: float):
        """(ssim, cs) of each channel, (N, C): the means over the image of the local
        structural similarity and of its contrast-structure factor."""
        mu1, mu2 = self._blur(img1), self._blur(img2)
        mu1_mu2 = mu1 * mu2
        mu_squares = mu1 * mu1 + mu2 * mu2
        variances = self._blur(img1 * img1) + self._blur(img2 * img2) - mu_squares
        covariance = self._blur(img1 * img2) - mu1_mu2
        contrast_structure = (2 * covariance + c2) / (variances + c2)
        ssim = (2 * mu1_mu2 + c1) / (mu_squares + c1) * contrast_structure
        return ops.mean(ssim, (2, 3)), ops.mean(contrast_structure, (2, 3))

    def _prepare(self, img1, img2):
        """Both images in float32 (integers scaled to [0, 1]) and the constants c1, c2."""
        value_range = _dtype_range(img1.dtype)
        max_val = _scaled_max(self.max_val, value_range)
        c1, c2 = (self.k1 * max_val) ** 2, (self.k2 * max_val) ** 2
        return _as_unit_float32(img1, value_range), _as_unit_float32(img2, value_range), c1, c2


class SSIM(_StructuralSimilarity):
    """SSIM(max_val=1.0, filter_size=11, filter_sigma=1.5, k1=0.01, k2=0.03): the
    structural similarity of each pair of images (N, C, H, W), float32 or float16 with H
    and W at least filter_size: the mean over channels and positions of
    (2 mu1 mu2 + c1)(2 sigma12 + c2) / ((mu1^2 + mu2^2 + c1)(sigma1^2 + sigma2^2 + c2)),
    local statistics under a Gaussian filter, c = (k * max_val)^2. Float32 (N,)."""

    def __init__(self, max_val=1.0, filter_size=11, filter_sigma=1.5, k1=0.01, k2=0.03):
        super().__init__(max_val, filter_size, filter_sigma, k1, k2)

    def construct(self, img1, img2):
        name = self.cls_name
        _check_image_pair(name, img1, img2, (mstype.float32, mstype.float16))
        for axis in (2, 3):
            if img1.shape[axis] < self.filter_size:
                raise ValueError(f"For '{name}', the img1 shape[{axis}] must be at least filter_size "
                                 f"{self.filter_size}, but got {img1.shape[axis]}.")
        img1, img2, c1, c2 = self._prepare(img1, img2)
        ssim, _ = self._similarity(img1, img2, c1, c2)
        return ops.mean(ssim, -1)


class MSSSIM(_StructuralSimilarity):
    """MSSSIM(max_val=1.0, power_factors=(0.0448, 0.2856, 0.3001, 0.2363, 0.1333),
    filter_size=11, filter_sigma=1.5, k1=0.01, k2=0.03): multi-scale structural similarity
    of each pair of images (N, C, H, W) (float64, float32, float16 or uint8): at each of
    len(power_factors) scales (halved by 2 x 2 average pooling) SSIM's contrast-structure
    factor, at the last scale SSIM itself, each clipped at 0, raised to its power factor
    and multiplied; the mean over channels. Float32 (N,)."""

    def __init__(self, max_val=1.0, power_factors=(0.0448, 0.2856, 0.3001, 0.2363, 0.1333), filter_size=11,
                 filter_sigma=1.5, k1=0.01, k2=0.03):
        super().__init__(max_val, filter_size, filter_sigma, k1, k2)
        check_type(self.cls_name, "power_factors", power_factors, (tuple, list))
        self.power_factors = tuple(float(p) for p in power_factors)
        self.weights = Tensor(np.array(self.power_factors, np.float32))

    def construct(self, img1, img2):
        _check_image_pair(self.cls_name, img1, img2,
                          (mstype.float64, mstype.float32, mstype.float16, mstype.uint8))
        img1, img2, c1, c2 = self._prepare(img1, img2)
        factors = []
        for level in range(len(self.power_factors)):
            ssim, contrast_structure = self._similarity(img1, img2, c1, c2)
            last = level == len(self.power_factors) - 1
            factors.append(ops.relu(ssim if last else contrast_structure))
            if not last:
                img1, img2 = ops.avg_pool2d(img1, 2, 2), ops.avg_pool2d(img2, 2, 2)
        weighted = ops.pow(ops.stack(factors, -1), self.weights)
        return ops.mean(ops.prod(weighted, -1), -1)


# ---- patches and normalization -------------------------------------------------------------
def _patch_arg(cell: str, arg: str, value) -> tuple:
    """ksizes / strides / rates: [1, row, col, 1] as a tuple or list of ints."""
    check_type(cell, f"{arg}s", value, (tuple, list))
    if len(value) != 4 or value[0] != 1 or value[3] != 1:
        raise ValueError(f"For '{cell}', the format of '{arg}s' must be [1, {arg}_row, {arg}_col, 1], but got "
                         f"{value}.")
    rows, cols = value[1], value[2]
    if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in (rows, cols)):
        raise ValueError(f"For '{cell}', the {arg}_row and {arg}_col in '{arg}s' must be positive ints, but got "
                         f"{rows} and {cols}.")
    return tuple(value)


class Unfold(Cell):
    """Unfold(ksizes, strides, rates, padding='valid'): the patches of images (N, C, H, W)
    as channels: output (N, kh * kw * C, out_h, out_w), each patch's values ordered by row,
    column, then channel. ksizes, strides and rates are [1, row, col, 1]; padding 'valid'
    (patches inside the image) or 'same' (out = ceil(in / stride), zero padding split as
    evenly as possible, the extra at the end)."""

    def __init__(self, ksizes, strides, rates, padding="valid"):
        super().__init__()
        name = self.cls_name
        ksizes, strides, rates = (_patch_arg(name, arg, value)
                                  for arg, value in (("ksize", ksizes), ("stride", strides), ("rate", rates)))
        self.extract_image_patches = ops.ExtractImagePatches(ksizes[1:3], strides[1:3], rates[1:3], padding)

    def construct(self, input_x):
        return self.extract_image_patches(input_x)


class LRN(Cell):
    """LRN(depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region='ACROSS_CHANNELS'):
    local response normalization of input_x (N, C, H, W), float16 or float32:
    x / (bias + alpha * sum of x^2 over channels c - depth_radius .. c + depth_radius)^beta."""

    def __init__(self, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region="ACROSS_CHANNELS"):
        super().__init__()
        self.lrn = ops.LRN(depth_radius, bias, alpha, beta, norm_region)

    def construct(self, input_x):
        return self.lrn(input_x)
