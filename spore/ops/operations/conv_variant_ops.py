"""Convolution variants composed of other primitives: DepthwiseConv2dNative (a grouped
Conv2D) and DeformableOffsets (the sampling stage of deformable convolution). Gradients,
Graph mode and vmap see the parts (`compose` runs `infer` first, so bad input fails with
this op's name)."""
from __future__ import annotations

from ...common import dtype as mstype
from ..function import array_func, attention_func
from ..primitive import Primitive, TensorSpec
from ..validator import check_dtype, check_positive_int, check_string, check_tensor, check_type
from .conv_ops import Conv2D, _Conv

__all__ = ["DeformableOffsets", "DepthwiseConv2dNative"]


def _check_4d(op: str, arg: str, value, allowed) -> None:
    check_tensor(op, arg, value)
    check_dtype(op, arg, value.dtype, allowed)
    if len(value.shape) != 4:
        raise ValueError(f"For '{op}', the rank of '{arg}' must be 4, but got {len(value.shape)}.")


class DepthwiseConv2dNative(_Conv):
    """DepthwiseConv2dNative(channel_multiplier, kernel_size, mode=3, pad_mode='valid', pad=0,
    stride=1, dilation=1, group=1)(x, weight): each input channel convolved with its own
    `channel_multiplier` kernels. x (N, C, H, W), weight (channel_multiplier, C, kh, kw);
    output (N, C * channel_multiplier, H_out, W_out), channel c * channel_multiplier + k
    from weight[k, c]. MindSpore 2.7.1 deprecates it and has no CPU kernel for it; this is
    its documented (1.x) computation, a Conv2D with group C."""

    def __init__(self, channel_multiplier, kernel_size, mode=3, pad_mode='valid', pad=0, stride=1, dilation=1,
                 group=1):
        super().__init__()
        check_positive_int(self.name, "channel_multiplier", channel_multiplier)
        check_type(self.name, "mode", mode, int)
        if mode != 3:
            raise ValueError(f"For '{self.name}', the 'mode' must be 3, but got {mode}.")
        self._init_conv(channel_multiplier, kernel_size, 1, pad_mode, pad, stride, dilation, 1, "NCHW")
        self.add_prim_attrs(channel_multiplier=channel_multiplier, mode=mode,
                            group=check_positive_int(self.name, "group", group))

    def infer(self, x, w):
        _check_4d(self.name, "x", x, (mstype.float16, mstype.float32, mstype.float64))
        _check_4d(self.name, "weight", w, (mstype.float16, mstype.float32, mstype.float64))
        if w.dtype is not x.dtype:
            raise TypeError(f"For '{self.name}', the dtype of 'weight' must be the same as 'x' ({x.dtype}), "
                            f"but got {w.dtype}.")
        expected = (self.channel_multiplier, x.shape[1]) + self.kernel_size
        if tuple(w.shape) != expected:
            raise ValueError(f"For '{self.name}', the shape of 'weight' must be {list(expected)}, "
                             f"but got {list(w.shape)}.")
        return TensorSpec(self._conv(x.shape[1]).infer(x, self._grouped_shape(w)).shape, x.dtype)

    @staticmethod
    def _grouped_shape(w):
        multiplier, channels, kh, kw = w.shape
        return TensorSpec((channels * multiplier, 1, kh, kw), w.dtype)

    def _conv(self, channels: int) -> Conv2D:
        return Conv2D(channels * self.channel_multiplier, self.kernel_size, 1, self.pad_mode, self.pad,
                      self.stride, self.dilation, channels)

    def compose(self, x, w):
        self.infer(x, w)
        grouped = array_func.reshape(array_func.transpose(w, (1, 0, 2, 3)), self._grouped_shape(w).shape)
        return self._conv(x.shape[1])(x, grouped)


def _int_tuple(op: str, arg: str, value, length: int) -> tuple:
    check_type(op, arg, value, tuple)
    if len(value) != length or not all(type(v) is int for v in value):
        raise ValueError(f"For '{op}', the '{arg}' must be a tuple of {length} ints, but got {value}.")
    return value


class DeformableOffsets(Primitive):
    """DeformableOffsets(strides, pads, ksize, dilations=(1, 1, 1, 1), data_format='NCHW',
    deformable_groups=1, modulated=True)(x, offsets): the samples deformable convolution
    multiplies with its kernel. x (N, C, H, W); offsets (N, 3 * deformable_groups * kh * kw,
    H_out, W_out): the x offsets, then the y offsets, then the masks, each indexed by
    deformable group then kernel position. Output (N, C, H_out * kh, W_out * kw): the kh x kw
    block of output pixel (i, j) holds x bilinearly sampled (zero outside) at its kernel
    positions moved by the offsets, times the masks. strides, dilations (1, 1, sh, sw); pads
    (top, bottom, left, right); ksize (kh, kw). Float16 or Float32, as in MindSpore."""

    def __init__(self, strides, pads, ksize, dilations=(1, 1, 1, 1), data_format='NCHW', deformable_groups=1,
                 modulated=True):
        super().__init__()
        op = self.name
        strides, pads = _int_tuple(op, "strides", strides, 4), _int_tuple(op, "pads", pads, 4)
        ksize, dilations = _int_tuple(op, "ksize", ksize, 2), _int_tuple(op, "dilations", dilations, 4)
        if min(ksize) <= 0 or min(strides) <= 0 or min(dilations) <= 0 or min(pads) < 0:
            raise ValueError(f"For '{op}', 'ksize', 'strides' and 'dilations' must be positive and 'pads' "
                             f"non-negative, but got {ksize}, {strides}, {dilations} and {pads}.")
        check_string(op, "data_format", data_format, ("NCHW",), case_sensitive=True)
        check_positive_int(op, "deformable_groups", deformable_groups)
        check_type(op, "modulated", modulated, bool)
        if not modulated:
            raise ValueError(f"For '{op}', the 'modulated' must be True, but got False.")
        self.add_prim_attrs(strides=strides, pads=pads, ksize=ksize, dilations=dilations, data_format=data_format,
                            deformable_groups=deformable_groups, modulated=modulated)

    def _out_size(self, height: int, width: int) -> tuple:
        (kh, kw), pads = self.ksize, self.pads
        out_h = (height + pads[0] + pads[1] - (kh - 1) * self.dilations[2] - 1) // self.strides[2] + 1
        out_w = (width + pads[2] + pads[3] - (kw - 1) * self.dilations[3] - 1) // self.strides[3] + 1
        return out_h, out_w

    def infer(self, x, offsets):
        for arg, value in (("x", x), ("offsets", offsets)):
            _check_4d(self.name, arg, value, (mstype.float16, mstype.float32))
        if offsets.dtype is not x.dtype:
            raise TypeError(f"For '{self.name}', the dtype of 'offsets' must be the same as 'x' ({x.dtype}), "
                            f"but got {offsets.dtype}.")
        batch, channels, height, width = x.shape
        if channels % self.deformable_groups:
            raise ValueError(f"For '{self.name}', the channels of 'x' ({channels}) must be divisible by "
                             f"'deformable_groups' ({self.deformable_groups}).")
        out_h, out_w = self._out_size(height, width)
        if out_h <= 0 or out_w <= 0:
            raise ValueError(f"For '{self.name}', the output size computed from 'x' {list(x.shape)} must be "
                             f"positive, but got ({out_h}, {out_w}).")
        kh, kw = self.ksize
        expected = (batch, 3 * self.deformable_groups * kh * kw, out_h, out_w)
        if tuple(offsets.shape) != expected:
            raise ValueError(f"For '{self.name}', the shape of 'offsets' must be {list(expected)}, "
                             f"but got {list(offsets.shape)}.")
        return TensorSpec((batch, channels, out_h * kh, out_w * kw), x.dtype)

    def compose(self, x, offsets):
        spec = self.infer(x, offsets)
        batch, channels = x.shape[:2]
        (kh, kw), (out_h, out_w) = self.ksize, self._out_size(*x.shape[2:])
        samples = attention_func.deformable_samples(x, offsets, self.ksize, self.strides[2:], self.pads,
                                                    self.dilations[2:], self.deformable_groups, (out_h, out_w))
        blocks = array_func.reshape(samples, (batch, channels, kh, kw, out_h, out_w))
        return array_func.reshape(array_func.transpose(blocks, (0, 1, 4, 2, 5, 3)), spec.shape)
