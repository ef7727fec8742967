"""Primitive classes of image and pooling operations (unpooling, fractional pooling,
patch extraction, sampling grids, crops, bounding boxes, colour spaces, LRN,
non-maximum suppression).

Most of them are compositions of other primitives, as `ops`' functional forms of the
same operations are: such a class (a `_Composed` Primitive) holds its attributes and,
called, runs its `compose`, so the parts' kernels compute it and the parts' bprops give
its gradient, in PyNative and Graph mode alike; it has no kernel or bprop of its own.
The sequential non-maximum suppressions are Primitives with kernels of their own.
`operations/image_ops.py` is MindSpore's module path for some of them, an alias.
"""
from __future__ import annotations

import itertools
import math

import numpy as np

from ...common import dtype as mstype
from ...common.tensor import Tensor
from ..function import (
    array_func,
    conv_func,
    debug_func,
    linalg_func,
    math_func,
    nn_func,
    random_func,
    reduce_func,
    selection_func,
    vision_func,
)
from ..primitive import Primitive, TensorSpec
from ..validator import check_dtype, check_same_dtype, check_string, check_tensor, check_type
from .selection_ops import _known

__all__ = ["LRN", "ExtractImagePatches", "Im2Col", "Col2Im", "MaxUnpool2D", "MaxUnpool3D",
           "FractionalMaxPoolWithFixedKsize", "FractionalMaxPool3DWithFixedKsize", "AffineGrid", "GridSampler2D",
           "GridSampler3D", "CropAndResize", "IOU", "BoundingBoxEncode", "BoundingBoxDecode", "CheckValid",
           "RGBToHSV", "HSVToRGB", "AdjustHue", "AdjustSaturation", "NMSWithMask", "NonMaxSuppressionV3",
           "NonMaxSuppressionWithOverlaps", "CombinedNonMaxSuppression", "ExtractGlimpse", "ScaleAndTranslate",
           "SampleDistortedBoundingBoxV2",
           "ROIAlign", "ExtractVolumePatches", "Dilation2D", "ResizeArea",
           "FractionalMaxPool", "FractionalAvgPool", "ChannelShuffle"]

_FLOAT16_32 = (mstype.float16, mstype.float32)
_FLOATS = (mstype.float16, mstype.float32, mstype.float64)


class _Composed(Primitive):
    """A Primitive computed from other primitives by its `compose(*inputs)` (see the
    module docstring). Subclasses set their attributes in `__init__` through
    `add_prim_attr` and define `compose`; this base adds the input checks they share."""

    def infer(self, *inputs):
        """The specs of what `compose` gives: the composition is what defines them (and
        checks the inputs), so it is run rather than restated."""
        outputs = self.compose(*inputs)
        if isinstance(outputs, tuple):
            return tuple(TensorSpec(o.shape, o.dtype) for o in outputs)
        return TensorSpec(outputs.shape, outputs.dtype)

    def _check_tensor(self, arg: str, value, allowed=None) -> None:
        if not isinstance(value, Tensor):
            raise TypeError(f"For '{self.name}', the '{arg}' must be a Tensor, but got {type(value).__name__}.")
        if allowed is not None and value.dtype not in allowed:
            names = ", ".join(str(d) for d in allowed)
            raise TypeError(f"For '{self.name}', the dtype of '{arg}' must be one of {names}, but got "
                            f"{value.dtype}.")

    def _check_rank(self, arg: str, value, *ranks: int) -> None:
        if value.ndim not in ranks:
            expected = " or ".join(str(r) for r in ranks)
            raise ValueError(f"For '{self.name}', the '{arg}' must be {expected}-D, but got {value.ndim}-D.")

    def __repr__(self) -> str:
        # MindSpore shows string attributes unquoted
        args = ", ".join(f"{k}={v}" for k, v in self.attrs.items())
        return f"Prim[{self.name}]" + (f"<{args}>" if args else "")


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int_sequence(op: str, arg: str, value, lengths: tuple, minimum: int) -> tuple:
    """An int (repeated) or a tuple / list of ints of one of `lengths`, each >= minimum."""
    values = (value,) * lengths[0] if _is_int(value) else value
    if not isinstance(values, (tuple, list)) or not all(_is_int(v) for v in values):
        raise TypeError(f"For '{op}', the '{arg}' must be an int or a tuple of ints, but got {value!r}.")
    if len(values) not in lengths:
        raise ValueError(f"For '{op}', the '{arg}' must have {' or '.join(map(str, lengths))} elements, but got "
                         f"{value}.")
    if any(v < minimum for v in values):
        raise ValueError(f"For '{op}', every element of '{arg}' must be at least {minimum}, but got {value}.")
    return tuple(values)


# ---- normalization and patches -------------------------------------------------------------
class LRN(_Composed):
    """LRN(depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region='ACROSS_CHANNELS'):
    x (N, C, H, W), float16 or float32, divided by (bias + alpha * the sum of x^2 over
    channels c - depth_radius .. c + depth_radius)^beta."""

    def __init__(self, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region="ACROSS_CHANNELS"):
        super().__init__()
        check_type(self.name, "depth_radius", depth_radius, int)
        if depth_radius < 0:
            raise ValueError(f"For '{self.name}', the 'depth_radius' must be >= 0, but got {depth_radius}.")
        for arg, value in (("bias", bias), ("alpha", alpha), ("beta", beta)):
            check_type(self.name, arg, value, float)
        check_type(self.name, "norm_region", norm_region, str)
        check_string(self.name, "norm_region", norm_region, ("ACROSS_CHANNELS",), case_sensitive=True)
        for arg, value in (("depth_radius", depth_radius), ("bias", bias), ("alpha", alpha), ("beta", beta),
                           ("norm_region", norm_region)):
            self.add_prim_attr(arg, value)

    def compose(self, x):
        self._check_tensor("x", x, _FLOAT16_32)
        self._check_rank("x", x, 4)
        return nn_func.lrn(x, self.depth_radius, self.bias, self.alpha, self.beta, self.norm_region)


def _nchw_window(op: str, arg: str, value) -> tuple:
    """ksizes / strides / rates of the NCHW patch primitives: (row, col), given as 2 ints
    or as (1, 1, row, col)."""
    if not isinstance(value, (tuple, list)):
        raise TypeError(f"For '{op}', the '{arg}' must be a tuple or list of ints, but got {type(value).__name__}.")
    values = _int_sequence(op, arg, value, (2, 4), 1)
    return values[2:] if len(values) == 4 else values


def _sliding_windows(op: str, x, kernel: tuple, strides: tuple, rates: tuple, padding: str, fill: float = 0.0):
    """The windows of x (N, C, *spatial) as (N, K, C, *out), K = prod(kernel) offsets in
    row-major order: offset o of window w reads x[..., w * stride + o * rate] per spatial
    dim. 'VALID' keeps the windows inside x, out = (in - (k - 1) * rate - 1) // stride + 1;
    'SAME' gives out = ceil(in / stride), padding with `fill` split evenly (the extra one
    at the end)."""
    spatial = tuple(x.shape[2:])
    pads, sizes = [], []
    for size, k, stride, rate in zip(spatial, kernel, strides, rates):
        extent = (k - 1) * rate + 1
        if padding == "VALID":
            out, total = (size - extent) // stride + 1, 0
        else:
            out = -(-size // stride)
            total = max((out - 1) * stride + extent - size, 0)
        if out <= 0:
            raise ValueError(f"For '{op}', windows of size {kernel} and rates {rates} do not fit in the input's "
                             f"spatial shape {spatial}.")
        pads.append((total // 2, total - total // 2))
        sizes.append(out)
    if any(p for pair in pads for p in pair):
        # pad lists the last dim first
        x = array_func.pad(x, tuple(p for pair in reversed(pads) for p in pair), value=fill)
    windows = []
    for offsets in itertools.product(*(range(k) for k in kernel)):
        index = tuple(slice(o * r, o * r + (n - 1) * s + 1, s) for o, r, n, s in zip(offsets, rates, sizes, strides))
        windows.append(x[(slice(None), slice(None)) + index])
    return array_func.stack(tuple(windows), 1)


class ExtractImagePatches(_Composed):
    """ExtractImagePatches(ksizes, strides, rates, padding='VALID'): the kh x kw patches of
    x (N, C, H, W), each sampled every `rates` pixels, at every `strides` step, as
    channels: output (N, kh * kw * C, out_h, out_w), a patch's values ordered by row,
    column, then channel. ksizes, strides and rates are (row, col) or (1, 1, row, col);
    padding 'VALID' or 'SAME' (zeros; sizes as `_sliding_windows`)."""

    def __init__(self, ksizes, strides, rates, padding="VALID"):
        super().__init__()
        self.add_prim_attr("ksizes", _nchw_window(self.name, "ksizes", ksizes))
        self.add_prim_attr("strides", _nchw_window(self.name, "strides", strides))
        self.add_prim_attr("rates", _nchw_window(self.name, "rates", rates))
        self.add_prim_attr("padding", check_string(self.name, "padding", padding, ("SAME", "VALID")))

    def compose(self, input_x):
        self._check_tensor("input_x", input_x)
        self._check_rank("input_x", input_x, 4)
        windows = _sliding_windows(self.name, input_x, self.ksizes, self.strides, self.rates, self.padding)
        return array_func.reshape(windows, (input_x.shape[0], -1) + tuple(windows.shape[3:]))


class ExtractVolumePatches(_Composed):
    """ExtractVolumePatches(kernel_size, strides, padding): the kd x kh x kw patches of x
    (N, C, D, H, W) at every `strides` step as channels: output
    (N, kd * kh * kw * C, out_d, out_h, out_w), a patch's values ordered by depth, row,
    column, then channel. kernel_size and strides are an int, (d, h, w) or
    (1, 1, d, h, w); padding 'VALID' or 'SAME' (zeros; sizes as `_sliding_windows`)."""

    def __init__(self, kernel_size, strides, padding):
        super().__init__()
        for arg, value in (("kernel_size", kernel_size), ("strides", strides)):
            values = _int_sequence(self.name, arg, value, (3, 5), 1)
            if len(values) == 5 and values[:2] != (1, 1):
                raise ValueError(f"For '{self.name}', the first two elements of '{arg}' must be 1, but got {value}.")
            self.add_prim_attr(arg, (1, 1) + values[-3:])
        self.add_prim_attr("padding", check_string(self.name, "padding", padding, ("SAME", "VALID")))

    def compose(self, x):
        self._check_tensor("x", x)
        self._check_rank("x", x, 5)
        windows = _sliding_windows(self.name, x, self.kernel_size[2:], self.strides[2:], (1, 1, 1), self.padding)
        return array_func.reshape(windows, (x.shape[0], -1) + tuple(windows.shape[3:]))


class Dilation2D(_Composed):
    """Dilation2D(stride, dilation, pad_mode='SAME', data_format='NCHW')(x, filter): the
    greyscale dilation of x (N, C, H, W) by filter (C, kh, kw): out[n, c, i, j] = the
    maximum over the window offsets (a, b) of x[n, c, i * sh + a * rh, j * sw + b * rw]
    + filter[c, a, b]. stride and dilation are an int, (h, w) or (1, 1, h, w); pad_mode
    'SAME' (the padding never wins the maximum) or 'VALID' (sizes as
    `_sliding_windows`)."""

    def __init__(self, stride, dilation, pad_mode="SAME", data_format="NCHW"):
        super().__init__()
        for arg, value in (("stride", stride), ("dilation", dilation)):
            values = _int_sequence(self.name, arg, value, (2, 4), 1)
            self.add_prim_attr(arg, (1, 1) + values[-2:])
        self.add_prim_attr("pad_mode", check_string(self.name, "pad_mode", pad_mode, ("SAME", "VALID")))
        self.add_prim_attr("data_format", check_string(self.name, "data_format", data_format, ("NCHW",),
                                                       case_sensitive=True))

    def compose(self, x, filter):
        self._check_tensor("x", x, _FLOATS)
        self._check_tensor("filter", filter, _FLOATS)
        self._check_rank("x", x, 4)
        self._check_rank("filter", filter, 3)
        if filter.dtype != x.dtype:
            raise TypeError(f"For '{self.name}', the dtype of 'filter' must be the dtype of 'x' {x.dtype}, but got "
                            f"{filter.dtype}.")
        if filter.shape[0] != x.shape[1]:
            raise ValueError(f"For '{self.name}', the 'filter' must have the {x.shape[1]} channels of 'x', but got "
                             f"shape {filter.shape}.")
        kernel = tuple(filter.shape[1:])
        windows = _sliding_windows(self.name, x, kernel, self.stride[2:], self.dilation[2:], self.pad_mode,
                                   float("-inf"))
        weights = array_func.reshape(array_func.transpose(array_func.reshape(filter, (filter.shape[0], -1)), (1, 0)),
                                     (1, -1, filter.shape[0], 1, 1))
        return reduce_func.amax(windows + weights, 1)


class Im2Col(_Composed):
    """Im2Col(ksizes, strides=1, dilations=1, pads=0): the sliding kh x kw windows of x
    (N, C, H, W): output (N, C, kh * kw, L), L windows in row-major order. ksizes,
    strides and dilations are an int or (h, w); pads an int or (ph, pw), on both sides."""

    def __init__(self, ksizes, strides=1, dilations=1, pads=0):
        super().__init__()
        for arg, value, minimum in (("ksizes", ksizes, 1), ("strides", strides, 1), ("dilations", dilations, 1),
                                    ("pads", pads, 0)):
            values = _int_sequence(self.name, arg, value, (2, 1) if arg == "pads" else (2,), minimum)
            self.add_prim_attr(arg, values * 2 if len(values) == 1 else values)

    def compose(self, x):
        self._check_tensor("x", x)
        self._check_rank("x", x, 4)
        batch, channels = x.shape[:2]
        columns = array_func.unfold(x, self.ksizes, self.dilations, self.pads, self.strides)
        return array_func.reshape(columns, (batch, channels, self.ksizes[0] * self.ksizes[1], -1))


class Col2Im(_Composed):
    """Col2Im(kernel_size, dilation=1, padding=0, stride=1)(x, output_size): sums
    sliding-window columns x (N, C, kh * kw, L) back into images (N, C, H, W), H and W
    the values of the int Tensor output_size; the adjoint of Im2Col."""

    def __init__(self, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__()
        for arg, value, minimum in (("kernel_size", kernel_size, 1), ("dilation", dilation, 1),
                                    ("padding", padding, 0), ("stride", stride, 1)):
            values = _int_sequence(self.name, arg, value, (2, 1), minimum)
            self.add_prim_attr(arg, values * 2 if len(values) == 1 else values)

    def compose(self, x, output_size):
        return vision_func.col2im(x, output_size, self.kernel_size, self.dilation, self.padding, self.stride)


# ---- unpooling and fractional pooling ------------------------------------------------------
class _MaxUnpoolND(_Composed):
    """MaxUnpool2D / 3D: x and argmax of one shape, each value placed at its argmax in
    the flattened unpooled plane (volume), zeros elsewhere. Attributes in MindSpore's
    (1, 1, *spatial) form; strides 0 means ksize; unpooled size per dim (in - 1) * stride
    - 2 * pad + ksize unless output_shape (the whole output shape) says."""

    rank = 2
    formats = ("NCHW", "NHWC")

    def __init__(self, ksize, strides=0, pads=0, output_shape=(), data_format="NCHW"):
        super().__init__()
        rank = self.rank
        kernel = self._spatial_attr("ksize", ksize, 1)
        stride = kernel if strides == 0 else self._spatial_attr("strides", strides, 1)
        pad = self._spatial_attr("pads", pads, 0)
        for arg, values in (("ksize", kernel), ("strides", stride), ("pads", pad)):
            self.add_prim_attr(arg, (1, 1) + values)
        check_type(self.name, "output_shape", output_shape, (tuple, list))
        if len(output_shape) not in (0, rank + 2):
            raise ValueError(f"For '{self.name}', the 'output_shape' must be empty or have {rank + 2} elements, but "
                             f"got {output_shape}.")
        self.add_prim_attr("output_shape", tuple(output_shape))
        self.add_prim_attr("data_format", check_string(self.name, "data_format", data_format, self.formats,
                                                       case_sensitive=True))

    def _spatial_attr(self, arg: str, value, minimum: int) -> tuple:
        if not (_is_int(value) or isinstance(value, tuple)):
            raise TypeError(f"For '{self.name}', the '{arg}' must be an int or a tuple, but got "
                            f"{type(value).__name__}.")
        values = _int_sequence(self.name, arg, value, (self.rank, self.rank + 2), minimum)
        return values[2:] if len(values) == self.rank + 2 else values

    def compose(self, x, argmax):
        self._check_tensor("x", x)
        self._check_tensor("argmax", argmax, (mstype.int32, mstype.int64))
        self._check_rank("x", x, self.rank + 2)
        if argmax.shape != x.shape:
            raise ValueError(f"For '{self.name}', the shape of 'argmax' must be the shape of 'x' {x.shape}, but got "
                             f"{argmax.shape}.")
        channels_last = self.data_format != self.formats[0]
        if channels_last:
            to_first = (0, self.rank + 1) + tuple(range(1, self.rank + 1))
            x, argmax = array_func.transpose(x, to_first), array_func.transpose(argmax, to_first)
        output_size = self.output_shape or None
        if output_size is not None and channels_last:
            output_size = (output_size[0], output_size[-1]) + tuple(output_size[1:-1])
        unpool = conv_func.max_unpool2d if self.rank == 2 else conv_func.max_unpool3d
        out = unpool(x, argmax, self.ksize[2:], self.strides[2:], self.pads[2:], output_size)
        if channels_last:
            out = array_func.transpose(out, (0,) + tuple(range(2, self.rank + 2)) + (1,))
        return out


class MaxUnpool2D(_MaxUnpoolND):
    """MaxUnpool2D(ksize, strides=0, pads=0, output_shape=(), data_format='NCHW')(x,
    argmax): x and argmax (N, C, H_in, W_in) (NHWC with data_format 'NHWC') to
    (N, C, H_out, W_out). See _MaxUnpoolND."""


class MaxUnpool3D(_MaxUnpoolND):
    """MaxUnpool3D(ksize, strides=0, pads=0, output_shape=(), data_format='NCDHW')(x,
    argmax): x and argmax (N, C, D_in, H_in, W_in) (NDHWC with 'NDHWC') to
    (N, C, D_out, H_out, W_out). See _MaxUnpoolND."""

    rank = 3
    formats = ("NCDHW", "NDHWC")

    def __init__(self, ksize, strides=0, pads=0, output_shape=(), data_format="NCDHW"):
        super().__init__(ksize, strides, pads, output_shape, data_format)


class _FractionalMaxPoolFixedKsize(_Composed):
    """Fractional max pooling with windows of ksize to output_shape, placed by
    random_samples (N, C, rank) in [0, 1) (see ops.fractional_max_pool2d): the pooled
    values and the int64 position of each in its flattened input plane (volume)."""

    rank = 2
    data_formats = ("NCHW",)

    def __init__(self, ksize, output_shape, data_format="NCHW"):
        super().__init__()
        self.add_prim_attr("ksize", _int_sequence(self.name, "ksize", ksize, (self.rank,), 1))
        self.add_prim_attr("output_shape", _int_sequence(self.name, "output_shape", output_shape, (self.rank,), 1))
        self.add_prim_attr("data_format", check_string(self.name, "data_format", data_format, self.data_formats,
                                                       case_sensitive=True))

    def compose(self, input_x, random_samples):
        self._check_tensor("input_x", input_x)
        self._check_tensor("random_samples", random_samples, (mstype.float16, mstype.float32, mstype.float64))
        # the 3-D pool also takes an unbatched (C, D, H, W) input
        self._check_rank("input_x", input_x, *((4,) if self.rank == 2 else (4, 5)))
        pool = conv_func.fractional_max_pool2d if self.rank == 2 else conv_func.fractional_max_pool3d
        return pool(input_x, self.ksize, self.output_shape, None, True, random_samples)


class FractionalMaxPoolWithFixedKsize(_FractionalMaxPoolFixedKsize):
    """FractionalMaxPoolWithFixedKsize(ksize, output_shape, data_format='NCHW')(input_x,
    random_samples): input_x (N, C, H, W), random_samples (N, C, 2) -> (y, argmax), both
    (N, C, *output_shape). See _FractionalMaxPoolFixedKsize."""


class FractionalMaxPool3DWithFixedKsize(_FractionalMaxPoolFixedKsize):
    """FractionalMaxPool3DWithFixedKsize(ksize, output_shape, data_format='NCDHW')(x,
    random_samples): x (N, C, D, H, W) or (C, D, H, W), random_samples (N, C, 3) ->
    (y, argmax), both (N, C, *output_shape) (or (C, *output_shape)). See
    _FractionalMaxPoolFixedKsize."""

    rank = 3
    data_formats = ("NCDHW",)

    def __init__(self, ksize, output_shape, data_format="NCDHW"):
        super().__init__(ksize, output_shape, data_format)


# ---- sampling grids and crops --------------------------------------------------------------
class AffineGrid(_Composed):
    """AffineGrid(align_corners=False)(theta, output_size): the sampling grid of the affine
    maps theta (N, 2, 3) for output_size (N, C, H, W), (N, H, W, 2); or (N, 3, 4) and
    (N, C, D, H, W), (N, D, H, W, 3). See ops.affine_grid."""

    def __init__(self, align_corners=False):
        super().__init__()
        self.add_prim_attr("align_corners", check_type(self.name, "align_corners", align_corners, bool))

    def compose(self, theta, output_size):
        return vision_func.affine_grid(theta, output_size, self.align_corners)


class GridSampler2D(_Composed):
    """GridSampler2D(interpolation_mode='bilinear', padding_mode='zeros',
    align_corners=False)(input_x, grid): input_x (N, C, H, W) sampled at grid
    (N, H_out, W_out, 2), output (N, C, H_out, W_out). See ops.grid_sample."""

    rank = 2

    def __init__(self, interpolation_mode="bilinear", padding_mode="zeros", align_corners=False):
        super().__init__()
        self.add_prim_attr("interpolation_mode", check_string(self.name, "interpolation_mode", interpolation_mode,
                                                              ("bilinear", "nearest"), case_sensitive=True))
        self.add_prim_attr("padding_mode", check_string(self.name, "padding_mode", padding_mode,
                                                        ("zeros", "border", "reflection"), case_sensitive=True))
        self.add_prim_attr("align_corners", check_type(self.name, "align_corners", align_corners, bool))

    def compose(self, input_x, grid):
        self._check_tensor("input_x", input_x)
        self._check_rank("input_x", input_x, self.rank + 2)
        return vision_func.grid_sample(input_x, grid, self.interpolation_mode, self.padding_mode, self.align_corners)


class GridSampler3D(GridSampler2D):
    """GridSampler3D(interpolation_mode='bilinear', padding_mode='zeros',
    align_corners=False)(input_x, grid): input_x (N, C, D, H, W) sampled at grid
    (N, D_out, H_out, W_out, 3), output (N, C, D_out, H_out, W_out), trilinearly or from
    the nearest voxel. See ops.grid_sample."""

    rank = 3


class CropAndResize(_Composed):
    """CropAndResize(method='bilinear', extrapolation_value=0.0)(x, boxes, box_index,
    crop_size): crops of the images x (batch, H, W, C) in the normalized boxes (N, 4),
    resampled to crop_size, (N, crop_h, crop_w, C) float32. 'bilinear_v2' is
    'bilinear'. See ops.crop_and_resize."""

    def __init__(self, method="bilinear", extrapolation_value=0.0):
        super().__init__()
        self.add_prim_attr("method", check_string(self.name, "method", method, ("bilinear", "nearest", "bilinear_v2"),
                                                  case_sensitive=True))
        self.add_prim_attr("extrapolation_value", check_type(self.name, "extrapolation_value", extrapolation_value,
                                                             float))

    def compose(self, x, boxes, box_index, crop_size):
        method = "bilinear" if self.method == "bilinear_v2" else self.method
        return vision_func.crop_and_resize(x, boxes, box_index, crop_size, method, self.extrapolation_value)


# ---- bounding boxes ------------------------------------------------------------------------
class IOU(_Composed):
    """IOU(mode='iou')(anchor_boxes, gt_boxes): the overlap (M, N) of M gt_boxes with N
    anchor_boxes, over the union ('iou') or over the gt box ('iof'). See ops.iou."""

    def __init__(self, mode="iou"):
        super().__init__()
        if mode not in ("iou", "iof"):
            raise KeyError(f"For '{self.name}', only 'iou' or 'iof' are supported, but got 'mode': {mode}.")
        self.add_prim_attr("mode", mode)

    def compose(self, anchor_boxes, gt_boxes):
        return vision_func.iou(anchor_boxes, gt_boxes, self.mode)


def _float_quad(op: str, arg: str, value) -> tuple:
    check_type(op, arg, value, (tuple, list))
    if len(value) != 4 or not all(isinstance(v, float) for v in value):
        raise ValueError(f"For '{op}', the '{arg}' must be 4 floats, but got {value}.")
    return tuple(value)


class BoundingBoxEncode(_Composed):
    """BoundingBoxEncode(means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0))(anchor_box,
    groundtruth_box): the deltas (N, 4) taking each anchor box to its ground-truth box.
    See ops.bounding_box_encode."""

    def __init__(self, means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0)):
        super().__init__()
        self.add_prim_attr("means", _float_quad(self.name, "means", means))
        self.add_prim_attr("stds", _float_quad(self.name, "stds", stds))

    def compose(self, anchor_box, groundtruth_box):
        return vision_func.bounding_box_encode(anchor_box, groundtruth_box, self.means, self.stds)


class BoundingBoxDecode(_Composed):
    """BoundingBoxDecode(max_shape, means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0),
    wh_ratio_clip=0.016)(anchor_box, deltas): the boxes (N, 4) the deltas make of the
    anchor boxes, clipped to the image max_shape (height, width). See
    ops.bounding_box_decode."""

    def __init__(self, max_shape, means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0), wh_ratio_clip=0.016):
        super().__init__()
        check_type(self.name, "max_shape", max_shape, tuple)
        self.add_prim_attr("max_shape", max_shape)
        self.add_prim_attr("means", _float_quad(self.name, "means", means))
        self.add_prim_attr("stds", _float_quad(self.name, "stds", stds))
        self.add_prim_attr("wh_ratio_clip", check_type(self.name, "wh_ratio_clip", wh_ratio_clip, float))

    def compose(self, anchor_box, deltas):
        return vision_func.bounding_box_decode(anchor_box, deltas, self.max_shape, self.means, self.stds,
                                               self.wh_ratio_clip)


class CheckValid(_Composed):
    """CheckValid()(bboxes, img_metas): whether each box (N, 4) lies inside the image
    img_metas = (height, width, ratio), bool (N,). See ops.check_valid."""

    def compose(self, bboxes, img_metas):
        return vision_func.check_valid(bboxes, img_metas)


# ---- colour spaces -------------------------------------------------------------------------

def _rgb_to_hsv(images):
    """(..., 3) RGB -> HSV, all in [0, 1]: V the largest channel, S its spread over V
    (0 for black), H the hue angle over 360 degrees (0 for greys)."""
    red, green, blue = array_func.unstack(images, -1)
    value = math_func.maximum(math_func.maximum(red, green), blue)
    spread = value - math_func.minimum(math_func.minimum(red, green), blue)
    ones = array_func.ones_like(value)
    saturation = spread / selection_func.select(value > 0, value, ones)
    coloured = spread > 0
    safe_spread = selection_func.select(coloured, spread, ones)
    sector = selection_func.select(value == red, (green - blue) / safe_spread,
                                   selection_func.select(value == green, 2 + (blue - red) / safe_spread,
                                                         4 + (red - green) / safe_spread))
    hue = sector / 6
    hue = selection_func.select(coloured, hue - math_func.floor(hue), array_func.zeros_like(hue))
    return array_func.stack((hue, saturation, value), -1)


def _hsv_to_rgb(hsv):
    """(..., 3) HSV -> RGB: channel n (5 red, 3 green, 1 blue) is V - V * S *
    clip(min(k, 4 - k), 0, 1) with k = (n + 6 H) mod 6."""
    hue, saturation, value = array_func.unstack(hsv, -1)
    chroma = value * saturation
    channels = []
    for offset in (5, 3, 1):
        k = hue * 6 + offset
        k = k - math_func.floor(k / 6) * 6
        channels.append(value - chroma * math_func.clamp(math_func.minimum(k, 4 - k), 0.0, 1.0))
    return array_func.stack(tuple(channels), -1)


class _ColourOp(_Composed):
    """The colour primitives: float images whose last dim holds 3 channels. Float16
    images are converted in float32 (as MindSpore's kernels do), the result cast back."""

    image_ranks: tuple = ()
    """The ranks the image may have (empty: any rank from 1)."""

    def _check_images(self, arg: str, images) -> None:
        self._check_tensor(arg, images, _FLOATS)
        if self.image_ranks:
            self._check_rank(arg, images, *self.image_ranks)
        if images.ndim < 1 or images.shape[-1] != 3:
            raise ValueError(f"For '{self.name}', the last dimension of '{arg}' must be 3, but got shape "
                             f"{images.shape}.")

    def _scalar(self, arg: str, value):
        """A 0-D float Tensor, as a Tensor of the dtype the conversion computes in."""
        self._check_tensor(arg, value, _FLOATS)
        if value.ndim != 0:
            raise ValueError(f"For '{self.name}', the '{arg}' must be a 0-D Tensor, but got shape {value.shape}.")
        return value if value.dtype is mstype.float64 else array_func.cast(value, mstype.float32)

    @staticmethod
    def _in_float32(convert, images, *args):
        """convert(images, *args), float16 images computed in float32."""
        if images.dtype is not mstype.float16:
            return convert(images, *args)
        return array_func.cast(convert(array_func.cast(images, mstype.float32), *args), mstype.float16)


class RGBToHSV(_ColourOp):
    """RGBToHSV()(images): RGB images (..., 3) in [0, 1] as HSV (hue, saturation, value),
    each in [0, 1]; float16, float32 or float64."""

    def compose(self, images):
        self._check_images("images", images)
        return self._in_float32(_rgb_to_hsv, images)


class HSVToRGB(_ColourOp):
    """HSVToRGB()(x): HSV images (N, H, W, 3) in [0, 1] as RGB; float16, float32 or
    float64."""

    image_ranks = (4,)

    def compose(self, x):
        self._check_images("x", x)
        return self._in_float32(_hsv_to_rgb, x)


class AdjustHue(_ColourOp):
    """AdjustHue()(image, delta): RGB images (..., H, W, 3) with their hue turned by the
    0-D delta (a fraction of the circle), saturation and value kept."""

    def compose(self, image, delta):
        self._check_images("image", image)
        if image.ndim < 3:
            raise ValueError(f"For '{self.name}', the 'image' must be at least 3-D, but got {image.ndim}-D.")
        return self._in_float32(self._turn_hue, image, self._scalar("delta", delta))

    @staticmethod
    def _turn_hue(image, delta):
        hue, saturation, value = array_func.unstack(_rgb_to_hsv(image), -1)
        hue = hue + array_func.cast(delta, image.dtype)
        return _hsv_to_rgb(array_func.stack((hue - math_func.floor(hue), saturation, value), -1))


class AdjustSaturation(_ColourOp):
    """AdjustSaturation()(image, scale): RGB images (..., H, W, 3) with their saturation
    multiplied by the 0-D scale (clipped to [0, 1]), hue and value kept."""

    def compose(self, image, scale):
        self._check_images("image", image)
        if image.ndim < 3:
            raise ValueError(f"For '{self.name}', the 'image' must be at least 3-D, but got {image.ndim}-D.")
        return self._in_float32(self._scale_saturation, image, self._scalar("scale", scale))

    @staticmethod
    def _scale_saturation(image, scale):
        hue, saturation, value = array_func.unstack(_rgb_to_hsv(image), -1)
        saturation = math_func.clamp(saturation * array_func.cast(scale, image.dtype), 0.0, 1.0)
        return _hsv_to_rgb(array_func.stack((hue, saturation, value), -1))


# ---- non-maximum suppression (kernels of their own) ----------------------------------------
class NMSWithMask(Primitive):
    """NMSWithMask(iou_threshold=0.5)(bboxes) -> (output_boxes, output_idx, selected_mask):
    bboxes (N, 5), rows (x1, y1, x2, y2, score), float16 or float32, sorted by descending
    score (stable); output_idx the Int32 positions 0 .. N - 1 of that order; the Bool mask
    of the boxes greedy suppression keeps (a box goes when its IoU with a kept,
    better-scoring one exceeds iou_threshold)."""

    def __init__(self, iou_threshold=0.5):
        super().__init__()
        check_type(self.name, "iou_threshold", iou_threshold, float)
        self.add_prim_attr("iou_threshold", iou_threshold)

    def check(self, bboxes):
        self.infer(bboxes)

    def infer(self, bboxes):
        check_tensor(self.name, "bboxes", bboxes)
        check_dtype(self.name, "bboxes", bboxes.dtype, _FLOAT16_32)
        if len(bboxes.shape) != 2 or bboxes.shape[1] != 5:
            raise ValueError(f"For '{self.name}', the 'bboxes' must have shape (N, 5), but got {bboxes.shape}.")
        count = bboxes.shape[0]
        if count == 0:
            raise ValueError(f"For '{self.name}', the 'bboxes' must hold at least one box, but got shape "
                             f"{bboxes.shape}.")
        return (TensorSpec((count, 5), bboxes.dtype), TensorSpec((count,), mstype.int32),
                TensorSpec((count,), mstype.bool_))


class _NonMaxSuppression(Primitive):
    """Greedy suppression over `candidates` (N,) scored by `scores` (N,): the Int32
    indices (M,) kept, best score first. Boxes scoring at most score_threshold are
    dropped, a box goes when its overlap with a kept one exceeds the threshold, and at
    most max_output_size (negative: 0) are kept. The thresholds and max_output_size are
    0-D Tensors (or, where `numbers_allowed`, Python numbers)."""

    numbers_allowed = False
    candidates = "boxes"
    threshold = "iou_threshold"

    def check(self, *inputs):
        self.infer(*inputs)

    def infer(self, candidates, scores, max_output_size, threshold, score_threshold):
        op = self.name
        for arg, value in ((self.candidates, candidates), ("scores", scores)):
            check_tensor(op, arg, value)
            check_dtype(op, arg, value.dtype, _FLOAT16_32)
        check_same_dtype(op, (self.candidates, "scores"), (candidates.dtype, scores.dtype))
        self._check_candidates(candidates)
        if len(scores.shape) != 1 or scores.shape[0] != candidates.shape[0]:
            raise ValueError(f"For '{op}', the 'scores' must have shape ({candidates.shape[0]},), but got "
                             f"{scores.shape}.")
        self._check_scalar("max_output_size", max_output_size, (mstype.int32, mstype.int64), int)
        threshold_dtypes = [self._check_scalar(arg, value, _FLOAT16_32, (int, float))
                            for arg, value in ((self.threshold, threshold), ("score_threshold", score_threshold))]
        if None not in threshold_dtypes and threshold_dtypes[0] != threshold_dtypes[1]:
            raise TypeError(f"For '{op}', the dtypes of '{self.threshold}' and 'score_threshold' must be the same, "
                            f"but got {threshold_dtypes[0]} and {threshold_dtypes[1]}.")
        return TensorSpec((-1,), mstype.int32)

    def _check_scalar(self, arg: str, value, dtypes, python_types):
        """A 0-D Tensor of `dtypes` (its dtype returned) or, if allowed, a Python number
        (None returned)."""
        if isinstance(value, Tensor) or not self.numbers_allowed:
            check_tensor(self.name, arg, value)
            check_dtype(self.name, arg, value.dtype, dtypes)
            if len(value.shape) != 0:
                raise ValueError(f"For '{self.name}', the '{arg}' must be a 0-D Tensor, but got shape {value.shape}.")
            return value.dtype
        check_type(self.name, arg, value, python_types)
        return None


class NonMaxSuppressionV3(_NonMaxSuppression):
    """NonMaxSuppressionV3()(boxes, scores, max_output_size, iou_threshold,
    score_threshold): greedy suppression (see _NonMaxSuppression) of boxes (N, 4), each
    any two opposite corners (y1, x1, y2, x2), by their IoU. boxes and scores are float16
    or float32 of one dtype; the other three 0-D Tensors or Python numbers."""

    numbers_allowed = True

    def _check_candidates(self, boxes) -> None:
        if len(boxes.shape) != 2 or boxes.shape[1] != 4:
            raise ValueError(f"For '{self.name}', the 'boxes' must have shape (num_boxes, 4), but got {boxes.shape}.")


class NonMaxSuppressionWithOverlaps(_NonMaxSuppression):
    """NonMaxSuppressionWithOverlaps()(overlaps, scores, max_output_size,
    overlap_threshold, score_threshold): greedy suppression (see _NonMaxSuppression) by
    the given overlaps (N, N): a candidate i goes when overlaps[i, k] exceeds
    overlap_threshold for a kept k. overlaps and scores are float16 or float32 of one
    dtype; the other three 0-D Tensors."""

    candidates = "overlaps"
    threshold = "overlap_threshold"

    def _check_candidates(self, overlaps) -> None:
        if len(overlaps.shape) != 2 or overlaps.shape[0] != overlaps.shape[1]:
            raise ValueError(f"For '{self.name}', the 'overlaps' must be a square matrix, but got shape "
                             f"{overlaps.shape}.")


class CombinedNonMaxSuppression(Primitive):
    """CombinedNonMaxSuppression(pad_per_class=False, clip_boxes=True)(boxes, scores,
    max_output_size_per_class, max_total_size, iou_threshold, score_threshold) ->
    (nmsed_boxes, nmsed_scores, nmsed_classes, valid_detections): per image and class,
    greedy suppression (see _NonMaxSuppression) of boxes (batch, num_boxes, q, 4), q 1
    (shared by the classes) or num_classes, scored by scores (batch, num_boxes,
    num_classes), at most max_output_size_per_class each; then the best max_total_size of
    an image's selections (min(max_total_size, max_output_size_per_class * num_classes)
    with pad_per_class), boxes clipped to [0, 1] with clip_boxes, zero-padded. Float32
    (batch, total, 4), (batch, total), (batch, total) and Int32 (batch,) counts. The
    scalars are 0-D Tensors (int32 sizes, float32 thresholds)."""

    def __init__(self, pad_per_class=False, clip_boxes=True):
        super().__init__()
        self.add_prim_attr("pad_per_class", check_type(self.name, "pad_per_class", pad_per_class, bool))
        self.add_prim_attr("clip_boxes", check_type(self.name, "clip_boxes", clip_boxes, bool))

    def check(self, *inputs):
        self.infer(*inputs)

    def infer(self, boxes, scores, max_output_size_per_class, max_total_size, iou_threshold, score_threshold):
        op = self.name
        for arg, value, dtypes in (("boxes", boxes, (mstype.float32,)), ("scores", scores, (mstype.float32,)),
                                   ("max_output_size_per_class", max_output_size_per_class, (mstype.int32,)),
                                   ("max_total_size", max_total_size, (mstype.int32,)),
                                   ("iou_threshold", iou_threshold, (mstype.float32,)),
                                   ("score_threshold", score_threshold, (mstype.float32,))):
            check_tensor(op, arg, value)
            check_dtype(op, arg, value.dtype, dtypes)
            if arg not in ("boxes", "scores") and len(value.shape) != 0:
                raise ValueError(f"For '{op}', the '{arg}' must be a 0-D Tensor, but got shape {value.shape}.")
        if len(boxes.shape) != 4 or boxes.shape[3] != 4:
            raise ValueError(f"For '{op}', the 'boxes' must have shape (batch, num_boxes, q, 4), but got "
                             f"{boxes.shape}.")
        batch, count, q = boxes.shape[:3]
        if len(scores.shape) != 3 or tuple(scores.shape[:2]) != (batch, count):
            raise ValueError(f"For '{op}', the 'scores' must have shape ({batch}, {count}, num_classes), but got "
                             f"{scores.shape}.")
        classes = scores.shape[2]
        if q not in (1, classes):
            raise ValueError(f"For '{op}', the third dimension of 'boxes' must be 1 or num_classes {classes}, but "
                             f"got {q}.")
        total = _known_value(max_total_size)
        per_class = _known_value(max_output_size_per_class)
        if (total is not None and total <= 0) or (per_class is not None and per_class <= 0):
            raise ValueError(f"For '{op}', the 'max_total_size' and 'max_output_size_per_class' must be positive, "
                             f"but got {total} and {per_class}.")
        size = -1 if total is None else total
        if self.pad_per_class and total is not None:
            size = -1 if per_class is None else min(total, per_class * classes)
        return (TensorSpec((batch, size, 4), mstype.float32), TensorSpec((batch, size), mstype.float32),
                TensorSpec((batch, size), mstype.float32), TensorSpec((batch,), mstype.int32))


def _known_value(value):
    """A 0-D Tensor's value when it is known (PyNative), else None (Graph mode)."""
    known = _known(value)
    return None if known is None else known.item()


class ExtractGlimpse(_Composed):
    """ExtractGlimpse(centered=True, normalized=True, uniform_noise=True, noise='uniform')
    (x, size, offsets): a glimpse of size = (h, w) (an int32 Tensor of 2 values) from each
    image x (batch, H, W, C) (float32): its top-left corner at the offset (y, x) of
    offsets (batch, 2) less half the glimpse, truncated to whole pixels; offsets scaled
    by the image size when normalized, taken from the image centre (halved) when
    centered. Positions outside the image read noise as MindSpore's CPU kernel draws it:
    uniform on [-1, 1) ('uniform', or uniform_noise), normal with mean 10 and standard
    deviation 0.5 ('gaussian'), or 0 ('zero')."""

    def __init__(self, centered=True, normalized=True, uniform_noise=True, noise="uniform"):
        super().__init__()
        for arg, value in (("centered", centered), ("normalized", normalized), ("uniform_noise", uniform_noise)):
            self.add_prim_attr(arg, check_type(self.name, arg, value, bool))
        self.add_prim_attr("noise", check_string(self.name, "noise", noise, ("uniform", "gaussian", "zero"),
                                                 case_sensitive=True))
        if uniform_noise and noise != "uniform":
            raise ValueError(f"For '{self.name}', the value of 'noise' must be uniform when uniform_noise is True, "
                             f"but got {noise}.")

    def compose(self, x, size, offsets):
        self._check_tensor("x", x, (mstype.float32,))
        self._check_tensor("size", size, (mstype.int32,))
        self._check_tensor("offsets", offsets, (mstype.float32,))
        self._check_rank("x", x, 4)
        batch, height, width, channels = x.shape
        if size.shape != (2,):
            raise ValueError(f"For '{self.name}', the 'size' must have shape (2,), but got {size.shape}.")
        if offsets.shape != (batch, 2):
            raise ValueError(f"For '{self.name}', the 'offsets' must have shape ({batch}, 2), but got {offsets.shape}.")
        glimpse_h, glimpse_w = size.tolist()
        if glimpse_h <= 0 or glimpse_w <= 0:
            raise ValueError(f"For '{self.name}', the values of 'size' must be positive, but got "
                             f"{[glimpse_h, glimpse_w]}.")
        rows, rows_in = self._positions(offsets[:, 0], height, glimpse_h)
        cols, cols_in = self._positions(offsets[:, 1], width, glimpse_w)
        flat = array_func.reshape(array_func.expand_dims(rows, 2) * width + array_func.expand_dims(cols, 1),
                                  (batch, -1, 1))
        picked = selection_func.gather_elements(array_func.reshape(x, (batch, height * width, channels)), 1,
                                                array_func.broadcast_to(flat, (batch, flat.shape[1], channels)))
        glimpse = array_func.reshape(picked, (batch, glimpse_h, glimpse_w, channels))
        inside = math_func.logical_and(array_func.reshape(rows_in, (batch, glimpse_h, 1, 1)),
                                       array_func.reshape(cols_in, (batch, 1, glimpse_w, 1)))
        return selection_func.select(array_func.broadcast_to(inside, glimpse.shape), glimpse,
                                     self._noise(glimpse.shape))

    def _positions(self, offset, size: int, glimpse: int):
        """The image rows (columns) each glimpse row (column) reads, clipped into the
        image (batch, glimpse), and whether they lie inside it."""
        if self.normalized:
            offset = offset * size
        if self.centered:
            offset = offset / 2 + size / 2
        start = array_func.cast(offset - glimpse / 2, mstype.int64)        # truncated toward zero
        steps = array_func.arange(glimpse, dtype=mstype.int64)
        positions = array_func.expand_dims(start, 1) + array_func.expand_dims(steps, 0)
        inside = math_func.logical_and(positions >= 0, positions < size)
        return math_func.clamp(positions, 0, size - 1), inside

    def _noise(self, shape):
        if self.noise == "zero":
            return array_func.zeros(shape, mstype.float32)
        if self.noise == "gaussian":
            return random_func.randn(*shape) * 0.5 + 10
        return random_func.rand(*shape) * 2 - 1


def _float_pair(op: str, arg: str, value, low_open: float, high: float | None) -> tuple:
    """Two increasing floats, both above low_open (and at most `high`)."""
    check_type(op, arg, value, (list, tuple))
    if not all(isinstance(v, float) for v in value):
        raise TypeError(f"For '{op}', the '{arg}' must hold floats, but got {value}.")
    if len(value) != 2:
        raise ValueError(f"For '{op}', the '{arg}' must have 2 elements, but got {len(value)}.")
    if min(value) <= low_open or (high is not None and max(value) > high):
        bounds = f"({low_open}, {high}]" if high is not None else f"greater than {low_open}"
        raise ValueError(f"For '{op}', the values of '{arg}' must be {bounds}, but got {value}.")
    if value[1] <= value[0]:
        raise ValueError(f"For '{op}', the second value of '{arg}' must be greater than the first, but got {value}.")
    return tuple(value)


class SampleDistortedBoundingBoxV2(Primitive):
    """SampleDistortedBoundingBoxV2(seed=0, seed2=0, aspect_ratio_range=(0.75, 1.33),
    area_range=(0.05, 1.0), max_attempts=100, use_image_if_no_bounding_boxes=False)
    (image_size, bounding_boxes, min_object_covered) -> (begin, size, bboxes): a random
    crop of an image of image_size (height, width, channels): up to max_attempts crops of
    a random aspect ratio (width / height) in aspect_ratio_range and area within
    area_range of the image are drawn until one covers at least min_object_covered of
    some box of bounding_boxes (batch, N, 4), rows (y_min, x_min, y_max, x_max) in
    [0, 1]; else the whole image. Seeds not both 0 give the same crop at every call (as
    MindSpore's kernel). begin (y, x, 0) and size (height, width, -1; 255 for
    uint8) in image_size's dtype, bboxes the crop normalized, float32 (1, 1, 4)."""

    pure = False

    def __init__(self, seed=0, seed2=0, aspect_ratio_range=(0.75, 1.33), area_range=(0.05, 1.0), max_attempts=100,
                 use_image_if_no_bounding_boxes=False):
        super().__init__()
        op = self.name
        for arg, value in (("seed", seed), ("seed2", seed2)):
            self.add_prim_attr(arg, check_type(op, arg, value, int))
        self.add_prim_attr("aspect_ratio_range", _float_pair(op, "aspect_ratio_range", aspect_ratio_range, 0.0, None))
        self.add_prim_attr("area_range", _float_pair(op, "area_range", area_range, 0.0, 1.0))
        check_type(op, "max_attempts", max_attempts, int)
        if max_attempts <= 0:
            raise ValueError(f"For '{op}', the 'max_attempts' must be a positive int, but got {max_attempts}.")
        self.add_prim_attr("max_attempts", max_attempts)
        self.add_prim_attr("use_image_if_no_bounding_boxes", check_type(
            op, "use_image_if_no_bounding_boxes", use_image_if_no_bounding_boxes, bool))

    def check(self, image_size, bounding_boxes, min_object_covered):
        self.infer(image_size, bounding_boxes, min_object_covered)
        op = self.name
        if min(image_size.tolist()) <= 0:
            raise RuntimeError(f"For '{op}', the values of 'image_size' must be positive, but got "
                               f"{image_size.tolist()}.")
        boxes = bounding_boxes.asnumpy().reshape(-1, 4)
        if boxes.size and (boxes.min() < 0 or boxes.max() > 1):
            raise RuntimeError(f"For '{op}', the values of 'bounding_boxes' must be in range [0.0, 1.0].")
        if (boxes[:, 2] < boxes[:, 0]).any() or (boxes[:, 3] < boxes[:, 1]).any():
            raise RuntimeError(f"For '{op}', each box of 'bounding_boxes' must have y_min <= y_max and "
                               f"x_min <= x_max.")
        covered = min_object_covered.tolist()[0]
        if not 0.0 <= covered <= 1.0:
            raise RuntimeError(f"For '{op}', the 'min_object_covered' must be in range [0.0, 1.0], but got {covered}.")

    def infer(self, image_size, bounding_boxes, min_object_covered):
        op = self.name
        check_tensor(op, "image_size", image_size)
        check_dtype(op, "image_size", image_size.dtype, (mstype.uint8, mstype.int8, mstype.int16, mstype.int32,
                                                           mstype.int64))
        if tuple(image_size.shape) != (3,):
            raise ValueError(f"For '{op}', the 'image_size' must be 1-D with 3 elements, but got shape "
                             f"{image_size.shape}.")
        check_tensor(op, "bounding_boxes", bounding_boxes)
        check_dtype(op, "bounding_boxes", bounding_boxes.dtype, (mstype.float32,))
        if len(bounding_boxes.shape) != 3 or bounding_boxes.shape[2] != 4:
            raise ValueError(f"For '{op}', the 'bounding_boxes' must have shape (batch, N, 4), but got "
                             f"{bounding_boxes.shape}.")
        if 0 in bounding_boxes.shape[:2] and not self.use_image_if_no_bounding_boxes:
            raise ValueError(f"For '{op}', no bounding boxes are given and 'use_image_if_no_bounding_boxes' is "
                             f"False.")
        check_tensor(op, "min_object_covered", min_object_covered)
        check_dtype(op, "min_object_covered", min_object_covered.dtype, (mstype.float32,))
        if math.prod(min_object_covered.shape) != 1:
            raise ValueError(f"For '{op}', the 'min_object_covered' must hold 1 element, but got shape "
                             f"{min_object_covered.shape}.")
        return (TensorSpec((3,), image_size.dtype), TensorSpec((3,), image_size.dtype),
                TensorSpec((1, 1, 4), mstype.float32))


# ---- region pooling and resizing -----------------------------------------------------------
def _bilinear_reads(size: int, coords):
    """The two pixel rows (or columns) a sample at `coords` reads along an axis of `size`
    pixels, the second one's weight, and whether the sample counts: samples beyond a
    pixel outside the axis read nothing; the others are clipped into it."""
    inside = math_func.logical_and(coords >= -1.0, coords <= float(size))
    clipped = math_func.clamp(coords, 0.0, size - 1.0)
    low = math_func.floor(clipped)
    high = math_func.clamp(low + 1, 0.0, size - 1.0)
    return array_func.cast(low, mstype.int64), array_func.cast(high, mstype.int64), clipped - low, inside


class ROIAlign(_Composed):
    """ROIAlign(pooled_height, pooled_width, spatial_scale, sample_num=2, roi_end_mode=1)
    (features, rois): the features (N, C, H, W) averaged over each of pooled_height x
    pooled_width bins of each region rois[n] = (batch index, x1, y1, x2, y2) (image
    coordinates, scaled by spatial_scale): each bin the mean of sample_num x sample_num
    bilinear samples at its sub-bin centres (sample_num <= 0: ceil(bin size) samples per
    axis, read from the rois' values). roi_end_mode 1 takes x2 + 1 and y2 + 1 as the ends,
    0 takes x2 and y2 with regions at least 1 x 1. Output (n_rois, C, pooled_height,
    pooled_width); the rois get no gradient, as in MindSpore."""

    def __init__(self, pooled_height, pooled_width, spatial_scale, sample_num=2, roi_end_mode=1):
        super().__init__()
        for arg, value in (("pooled_height", pooled_height), ("pooled_width", pooled_width),
                           ("sample_num", sample_num), ("roi_end_mode", roi_end_mode)):
            self.add_prim_attr(arg, check_type(self.name, arg, value, int))
        if pooled_height <= 0 or pooled_width <= 0:
            raise ValueError(f"For '{self.name}', the 'pooled_height' and 'pooled_width' must be positive, but got "
                             f"{pooled_height} and {pooled_width}.")
        self.add_prim_attr("spatial_scale", check_type(self.name, "spatial_scale", spatial_scale, float))
        if roi_end_mode not in (0, 1):
            raise ValueError(f"For '{self.name}', the 'roi_end_mode' must be in range of [0, 1], but got "
                             f"{roi_end_mode}.")

    def compose(self, features, rois):
        self._check_tensor("features", features, _FLOATS)
        self._check_tensor("rois", rois, _FLOATS)
        self._check_rank("features", features, 4)
        if rois.ndim != 2 or rois.shape[1] != 5:
            raise ValueError(f"For '{self.name}', the 'rois' must have shape (n_rois, 5), but got {rois.shape}.")
        rois = array_func.cast(debug_func.stop_gradient(rois), features.dtype)
        if self.sample_num > 0:
            return self._align(features, rois, (self.sample_num, self.sample_num))
        # adaptive sampling: the sample counts, part of the shapes, come from the rois' values
        bins = (self.pooled_height, self.pooled_width)
        pooled = []
        for n, row in enumerate(rois.asnumpy().tolist()):
            counts = tuple(max(math.ceil(size / bins_), 1) for size, bins_ in zip(self._region(row), bins))
            pooled.append(self._align(features, rois[n:n + 1], counts))
        return array_func.concat(tuple(pooled), 0)

    def _region(self, row) -> tuple:
        """The (height, width) of a roi row's region, as `_align` computes them."""
        scale, end = self.spatial_scale, self.spatial_scale if self.roi_end_mode == 1 else 0.0
        minimum = 1.0 if self.roi_end_mode == 0 else 0.0
        return (max(row[4] * scale + end - row[2] * scale, minimum),
                max(row[3] * scale + end - row[1] * scale, minimum))

    def _align(self, features, rois, samples: tuple):
        """ROIAlign of `rois` with `samples` = (per bin row, per bin column)."""
        _, channels, height, width = features.shape
        scale, end = self.spatial_scale, self.spatial_scale if self.roi_end_mode == 1 else 0.0
        minimum = 1.0 if self.roi_end_mode == 0 else 0.0
        x1, y1 = rois[:, 1] * scale, rois[:, 2] * scale
        region_w = math_func.clamp(rois[:, 3] * scale + end - x1, minimum)
        region_h = math_func.clamp(rois[:, 4] * scale + end - y1, minimum)
        axes = []
        for start, extent, bins, count in ((y1, region_h, self.pooled_height, samples[0]),
                                           (x1, region_w, self.pooled_width, samples[1])):
            # sample k of bin i sits at (i + (k + 0.5) / count) bin sizes from the start
            offsets = array_func.cast(array_func.arange(bins * count), features.dtype)
            whole = math_func.floor(offsets / count)
            offsets = whole + (offsets - whole * count + 0.5) / count
            coords = (array_func.expand_dims(start, 1)
                      + array_func.expand_dims(extent / bins, 1) * array_func.expand_dims(offsets, 0))
            axes.append(_bilinear_reads(height if not axes else width, coords))
        (top, bottom, dy, rows_in), (left, right, dx, cols_in) = axes
        planes = selection_func.gather(array_func.reshape(features, features.shape[:2] + (-1,)),
                                       array_func.cast(rois[:, 0], mstype.int64), 0)                   # (n, C, H * W)
        count = rois.shape[0]

        def read(rows, cols):
            flat = array_func.reshape(array_func.expand_dims(rows, 2) * width + array_func.expand_dims(cols, 1),
                                      (count, 1, -1))
            return selection_func.gather_elements(planes, 2,
                                                  array_func.broadcast_to(flat, (count, channels, flat.shape[2])))

        def outer(a, b):
            return array_func.reshape(array_func.expand_dims(a, 2) * array_func.expand_dims(b, 1), (count, 1, -1))

        dy, dx = array_func.cast(dy, features.dtype), array_func.cast(dx, features.dtype)
        valid = outer(array_func.cast(rows_in, features.dtype), array_func.cast(cols_in, features.dtype))
        value = (read(top, left) * outer(1 - dy, 1 - dx) + read(top, right) * outer(1 - dy, dx)
                 + read(bottom, left) * outer(dy, 1 - dx) + read(bottom, right) * outer(dy, dx)) * valid
        value = array_func.reshape(value, (count, channels, self.pooled_height, samples[0],
                                           self.pooled_width, samples[1]))
        return reduce_func.mean(value, (3, 5))


def _area_weights(size: int, out: int, align_corners: bool):
    """(out, size) weights of area resizing along one axis: output i averages the input
    span [i * scale, (i + 1) * scale), scale = size / out ((size - 1) / (out - 1) with
    align_corners), each input pixel weighted by its overlap with the span (pixels past
    the end counted as the last one)."""
    scale = (size - 1) / (out - 1) if align_corners and out > 1 else size / out
    weights = [[0.0] * size for _ in range(out)]
    for i in range(out):
        start, end = i * scale, (i + 1) * scale
        for pixel in range(math.floor(start), math.ceil(end)):
            overlap = min(pixel + 1, end) - max(pixel, start)
            weights[i][min(pixel, size - 1)] += overlap / scale
    return Tensor(weights, mstype.float32)


class ResizeArea(_Composed):
    """ResizeArea(align_corners=False)(images, size): images (N, H, W, C) resized to
    size = (new_height, new_width) (an int32 Tensor of 2 values) by area averaging: each
    output pixel the overlap-weighted mean of the input pixels its span covers (see
    `_area_weights`). Float32 output."""

    def __init__(self, align_corners=False):
        super().__init__()
        self.add_prim_attr("align_corners", check_type(self.name, "align_corners", align_corners, bool))

    def compose(self, images, size):
        self._check_tensor("images", images, _FLOATS + (mstype.int8, mstype.int16, mstype.int32, mstype.int64,
                                                        mstype.uint8, mstype.uint16))
        self._check_rank("images", images, 4)
        self._check_tensor("size", size, (mstype.int32,))
        if size.shape != (2,):
            raise ValueError(f"For '{self.name}', the 'size' must have shape (2,), but got {size.shape}.")
        new_size = size.tolist()
        if min(new_size) <= 0:
            raise ValueError(f"For '{self.name}', the values of 'size' must be positive, but got {new_size}.")
        _, height, width, _ = images.shape
        rows = _area_weights(height, new_size[0], self.align_corners)
        columns = _area_weights(width, new_size[1], self.align_corners)
        planes = array_func.transpose(array_func.cast(images, mstype.float32), (0, 3, 1, 2))
        resized = linalg_func.matmul(linalg_func.matmul(rows, planes), array_func.transpose(columns, (1, 0)))
        return array_func.transpose(resized, (0, 2, 3, 1))


# ---- fractional pooling --------------------------------------------------------------------
class _FractionalPoolingSequence(Primitive):
    """_FractionalPoolingSequence(pseudo_random, seed, seed2)(input_length,
    output_length): the Int64 window boundaries (output_length + 1,) from 0 to
    input_length of fractional pooling, windows of input_length // output_length or one
    more element: placed at random, or pseudo-randomly (Graham's ceil(alpha * (i + u)))."""

    pure = False

    def __init__(self, pseudo_random=False, seed=0, seed2=0):
        super().__init__()
        self.add_prim_attrs(pseudo_random=pseudo_random, seed=seed, seed2=seed2)

    def infer(self, input_length, output_length):
        return TensorSpec((output_length + 1,), mstype.int64)


def _window_positions(bounds, input_length: int, output_length: int, overlapping: bool):
    """The input positions (out, longest window) each window of `bounds` reads, its last
    one repeated past its end, and which of them are its own (Bool, same shape)."""
    longest = -(-input_length // output_length) + int(overlapping)
    starts = array_func.expand_dims(bounds[:-1], 1)
    ends = array_func.expand_dims(math_func.clamp(bounds[1:] + int(overlapping), max=input_length), 1)
    positions = starts + array_func.expand_dims(array_func.arange(longest, dtype=mstype.int64), 0)
    return math_func.minimum(positions, ends - 1), positions < ends


class _FractionalPool(_Composed):
    """FractionalMaxPool / FractionalAvgPool(pooling_ratio, pseudo_random=False,
    overlapping=False, deterministic=False, seed=0, seed2=0)(x) -> (y,
    row_pooling_sequence, col_pooling_sequence): x (N, H, W, C) pooled over windows
    between random boundaries (see _FractionalPoolingSequence) to (N, floor(H / rh),
    floor(W / rw), C), pooling_ratio = [1.0, rh, rw, 1.0]; with overlapping a window also
    reads the next one's first element. The boundaries come from the seeded stream of
    seed and seed2 (deterministic or not)."""

    dtypes = (mstype.float32, mstype.float64, mstype.int32, mstype.int64)

    def __init__(self, pooling_ratio, pseudo_random=False, overlapping=False, deterministic=False, seed=0,
                 seed2=0):
        super().__init__()
        check_type(self.name, "pooling_ratio", pooling_ratio, list)
        if len(pooling_ratio) != 4 or not all(isinstance(r, float) for r in pooling_ratio):
            raise ValueError(f"For '{self.name}', the 'pooling_ratio' must be 4 floats, but got {pooling_ratio}.")
        self.add_prim_attr("pooling_ratio", pooling_ratio)
        for arg, value in (("pseudo_random", pseudo_random), ("overlapping", overlapping),
                           ("deterministic", deterministic)):
            self.add_prim_attr(arg, check_type(self.name, arg, value, bool))
        for arg, value in (("seed", seed), ("seed2", seed2)):
            self.add_prim_attr(arg, check_type(self.name, arg, value, int))
        self._sequence = _FractionalPoolingSequence(pseudo_random, seed, seed2)

    def compose(self, x):
        self._check_tensor("x", x, self.dtypes)
        self._check_rank("x", x, 4)
        ratio = self.pooling_ratio
        if ratio[0] != 1.0 or ratio[3] != 1.0 or min(ratio[1:3]) < 1.0:
            raise ValueError(f"For '{self.name}', the 'pooling_ratio' must be [1.0, rh, rw, 1.0] with rh and rw at "
                             f"least 1, but got {ratio}.")
        batch, height, width, channels = x.shape
        out_h, out_w = int(height / ratio[1]), int(width / ratio[2])
        if out_h <= 0 or out_w <= 0:
            raise ValueError(f"For '{self.name}', the output of pooling_ratio {ratio} over the input's (H, W) = "
                             f"({height}, {width}) would be empty.")
        rows_bounds = self._sequence(height, out_h)
        cols_bounds = self._sequence(width, out_w)
        rows, rows_own = _window_positions(rows_bounds, height, out_h, self.overlapping)
        cols, cols_own = _window_positions(cols_bounds, width, out_w, self.overlapping)
        windows = selection_func.gather(selection_func.gather(x, array_func.reshape(rows, (-1,)), 1),
                                        array_func.reshape(cols, (-1,)), 2)
        windows = array_func.reshape(windows, (batch, out_h, rows.shape[1], out_w, cols.shape[1], channels))
        own = math_func.logical_and(array_func.reshape(rows_own, (out_h, -1, 1, 1, 1)),
                                    array_func.reshape(cols_own, (1, 1, out_w, -1, 1)))
        return self._reduce(windows, own, x.dtype), rows_bounds, cols_bounds


class FractionalMaxPool(_FractionalPool):
    """FractionalMaxPool: the maximum of each window. See _FractionalPool."""

    @staticmethod
    def _reduce(windows, own, dtype):
        # positions past a window's end repeat its last element: they never change the maximum
        return reduce_func.amax(windows, (2, 4))


class FractionalAvgPool(_FractionalPool):
    """FractionalAvgPool: the mean of each window (truncated for integer x). See
    _FractionalPool."""

    @staticmethod
    def _reduce(windows, own, dtype):
        weights = array_func.cast(own, mstype.float64 if dtype in (mstype.float64, mstype.int64) else mstype.float32)
        total = reduce_func.sum(array_func.cast(windows, weights.dtype) * weights, (2, 4))
        return array_func.cast(total / reduce_func.sum(weights, (1, 3)), dtype)



# ---- channels ------------------------------------------------------------------------------
class ChannelShuffle(_Composed):
    """ChannelShuffle(group)(x): x (N, C, *spatial), at least 4-D, C = group * k, with
    channel g * k + i moved to i * group + g. See ops.channel_shuffle."""

    def __init__(self, group):
        super().__init__()
        check_type(self.name, "group", group, int)
        if group <= 0:
            raise ValueError(f"For '{self.name}', the 'group' must be positive, but got {group}.")
        self.add_prim_attr("group", group)

    def compose(self, x):
        self._check_tensor("x", x)
        if x.ndim < 4:
            raise TypeError(f"For '{self.name}', the 'x' must have more than 3 dimensions, but got {x.ndim}.")
        return nn_func.channel_shuffle(x, self.group)



# ---- scale and translate -------------------------------------------------------------------
def _lanczos(radius: float):
    def weight(x: float) -> float:
        if x > radius:
            return 0.0
        if x < 1e-6:
            return 1.0
        return radius * math.sin(math.pi * x) * math.sin(math.pi * x / radius) / (math.pi * math.pi * x * x)
    return weight, radius


def _cubic(x: float, a: float, b: float, c: float, d: float, e: float, f: float, g: float) -> float:
    """A piecewise cubic of |x|: a x^3 + b x^2 + 1 on [0, 1) (scaled by g), c x^3 + d x^2 + e x
    + f on [1, 2), 0 beyond."""
    if x >= 2.0:
        return 0.0
    if x >= 1.0:
        return ((c * x + d) * x + e) * x + f
    return (a * x + b) * x * x + g


# name: (weight of a distance >= 0, radius); gaussian with sigma 0.5, keyscubic with
# a = -0.5, mitchellcubic with b = c = 1/3 (the Keys and Mitchell-Netravali filters)
_RESAMPLING_KERNELS = {
    "lanczos1": _lanczos(1.0), "lanczos3": _lanczos(3.0), "lanczos5": _lanczos(5.0),
    "gaussian": (lambda x: math.exp(-2.0 * x * x) if x < 1.5 else 0.0, 1.5),
    "box": (lambda x: 1.0 if x < 0.5 else (0.5 if x == 0.5 else 0.0), 1.0),
    "triangle": (lambda x: 1.0 - x if x < 1.0 else 0.0, 1.0),
    "keyscubic": (lambda x: _cubic(x, 1.5, -2.5, -0.5, 2.5, -4.0, 2.0, 1.0), 2.0),
    "mitchellcubic": (lambda x: _cubic(x, 7 / 6, -2.0, -7 / 18, 2.0, -10 / 3, 16 / 9, 8 / 9), 2.0),
}


def _resampling_weights(kernel: str, antialias: bool, size: int, out: int, scale: float, translation: float):
    """(out, size) weights of scale-and-translate resampling along one axis: output i
    samples the input at (i + 0.5 - translation) / scale, reading the pixels within the
    kernel's radius (widened by 1 / scale when shrinking with antialias), weights
    normalized to sum 1; samples outside the input read nothing. Positions are computed
    in float32, as MindSpore's kernel does (the box kernel's value at exactly 0.5
    depends on it)."""
    weight, radius = _RESAMPLING_KERNELS[kernel]
    f32 = np.float32
    inv_scale = f32(1.0) / f32(scale)
    inv_translate = -inv_scale * f32(translation)
    kernel_scale = max(inv_scale, f32(1.0)) if antialias else f32(1.0)
    weights = np.zeros((out, size), np.float32)
    for i in range(out):
        sample = (f32(i) + f32(0.5)) * inv_scale + inv_translate
        if sample < 0 or sample > size:
            continue
        first = min(max(math.ceil(sample - f32(radius) * kernel_scale - f32(0.5)), 0), size - 1)
        last = min(max(math.floor(sample + f32(radius) * kernel_scale - f32(0.5)), 0), size - 1)
        row = np.array([weight(float(abs((f32(source) + f32(0.5) - sample) / kernel_scale)))
                        for source in range(first, last + 1)], np.float32)
        total = row.sum()
        weights[i, first:last + 1] = row / total if abs(total) >= 1000 * np.finfo(np.float32).tiny else row
    return Tensor(weights)


class ScaleAndTranslate(_Composed):
    """ScaleAndTranslate(kernel_type='lanczos3', antialias=True)(images, size, scale,
    translation): images (batch, H, W, C) resampled to size = (new_h, new_w), output pixel
    (i, j) sampling the input at ((i, j) + 0.5 - translation) / scale with the kernel
    (lanczos1/3/5, gaussian, box, triangle, keyscubic, mitchellcubic; see
    `_resampling_weights`). size is an int32 Tensor, scale and translation float32
    Tensors, of 2 values each (height, width). Float32 output."""

    def __init__(self, kernel_type="lanczos3", antialias=True):
        super().__init__()
        self.add_prim_attr("kernel_type", check_string(self.name, "kernel_type", kernel_type,
                                                       tuple(_RESAMPLING_KERNELS), case_sensitive=True))
        self.add_prim_attr("antialias", check_type(self.name, "antialias", antialias, bool))

    def compose(self, images, size, scale, translation):
        self._check_tensor("images", images, _FLOATS + (mstype.int8, mstype.uint8, mstype.int16, mstype.int32,
                                                        mstype.int64))
        self._check_rank("images", images, 4)
        for arg, value, dtype in (("size", size, mstype.int32), ("scale", scale, mstype.float32),
                                  ("translation", translation, mstype.float32)):
            self._check_tensor(arg, value, (dtype,))
            if value.shape != (2,):
                raise ValueError(f"For '{self.name}', the '{arg}' must have shape (2,), but got {value.shape}.")
        new_size, scales, shifts = size.tolist(), scale.tolist(), translation.tolist()
        if min(new_size) <= 0:
            raise ValueError(f"For '{self.name}', the values of 'size' must be positive, but got {new_size}.")
        if min(scales) <= 0:
            raise ValueError(f"For '{self.name}', the values of 'scale' must be positive, but got {scales}.")
        rows, columns = (_resampling_weights(self.kernel_type, self.antialias, images.shape[axis + 1], new_size[axis],
                                             scales[axis], shifts[axis]) for axis in (0, 1))
        planes = array_func.transpose(array_func.cast(images, mstype.float32), (0, 3, 1, 2))
        resized = linalg_func.matmul(linalg_func.matmul(rows, planes), array_func.transpose(columns, (1, 0)))
        return array_func.transpose(resized, (0, 2, 3, 1))
