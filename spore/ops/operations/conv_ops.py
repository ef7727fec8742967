"""Convolution, pooling and resizing primitives: convolutions and their transposes,
max / average / adaptive pooling, image resizing.

Every op here slides a window over the trailing 1, 2 or 3 spatial dims of an
(N, C, *spatial) tensor. Their shared geometry (padding modes, output sizes) lives in
`Window`; kernels ask the primitive's `window` for the padding of a given input, so the
rules are written once, here.

Padding modes, as MindSpore defines them:

- 'valid': no padding; windows that do not fit are dropped.
- 'same': output size ceil(in / stride); the total padding is split with the extra
  element at the end (bottom / right), as TensorFlow does.
- 'pad': explicit (begin, end) padding per spatial dim.
"""
from __future__ import annotations

from typing import NamedTuple

from ...common import dtype as mstype
from ..primitive import Primitive, TensorSpec
from ..validator import (
    check_bool,
    check_dtype,
    check_int,
    check_int_tuple,
    check_positive_int,
    check_rank,
    check_same_dtype,
    check_string,
    check_tensor,
    check_type,
)

__all__ = [
    "Conv1D", "Conv2D", "Conv3D",
    "Conv1DBackpropInput", "Conv1DTranspose", "Conv2DBackpropInput", "Conv2DTranspose",
    "Conv3DBackpropInput", "Conv3DTranspose", "ConvTranspose2D",
    "Conv1DBackpropFilter", "Conv2DBackpropFilter", "Conv3DBackpropFilter",
    "MaxPool", "AvgPool", "MaxPool3D", "AvgPool3D", "AvgPool1D", "AvgPool2D",
    "MaxPoolWithArgmax", "MaxPoolWithArgmaxV2", "MaxPool3DWithArgmax",
    "MaxPoolGrad", "AvgPoolGrad", "MaxPool3DGrad", "AvgPool3DGrad",
    "AdaptiveAvgPool1D", "AdaptiveAvgPool2D", "AdaptiveAvgPool3D",
    "AdaptiveMaxPool1D", "AdaptiveMaxPool2D", "AdaptiveMaxPool3D",
    "ResizeNearestNeighbor", "ResizeNearestNeighborV2", "ResizeBilinear", "ResizeBilinearV2",
    "ResizeBicubic", "ResizeLinear1D", "UpsampleNearest3D", "UpsampleTrilinear3D",
    # gradient helpers
    "MaxPoolGradGrad", "MaxPool3DGradGrad",
    "MaxPoolGradWithArgmax", "MaxPoolGradWithArgmaxV2", "MaxPool3DGradWithArgmax",
    "AdaptiveMaxPool1DGrad", "AdaptiveMaxPool2DGrad", "AdaptiveMaxPool3DGrad",
    "AdaptiveAvgPool1DGrad", "AdaptiveAvgPool2DGrad", "AdaptiveAvgPool3DGrad",
    "AvgPool1DGrad", "AvgPool2DGrad",
    "ResizeNearestNeighborGrad", "ResizeNearestNeighborV2Grad", "ResizeBilinearGrad",
    "ResizeBicubicGrad", "ResizeLinear1DGrad", "UpsampleNearest3DGrad", "UpsampleTrilinear3DGrad",
]

FLOAT_TYPES = (mstype.float16, mstype.float32, mstype.float64, mstype.bfloat16)
REAL_TYPES = FLOAT_TYPES + mstype.int_type + mstype.uint_type
INDEX_TYPES = (mstype.int32, mstype.int64)
_LAYOUTS = {1: "NCL", 2: "NCHW", 3: "NCDHW"}


# ---- geometry ------------------------------------------------------------------------------
class Window(NamedTuple):
    """A window sliding over the trailing spatial dims: per-dim kernel, stride and
    dilation, the padding mode, the explicit (begin, end) pads of mode 'pad' (flattened),
    and whether a partial last window counts (ceil_mode)."""

    kernel: tuple
    stride: tuple
    dilation: tuple
    pad_mode: str = "valid"
    pads: tuple = ()
    ceil_mode: bool = False

    def declared_padding(self, sizes) -> tuple:
        """(begin, end) padding of each spatial dim of an input of spatial `sizes`;
        'same_end' pads as 'same' does, all at the end."""
        if self.pad_mode in ("same", "same_end"):
            padding = tuple(_same_padding(n, k, s, d) for n, k, s, d in
                            zip(sizes, self.kernel, self.stride, self.dilation))
            return padding if self.pad_mode == "same" else tuple((0, begin + end) for begin, end in padding)
        if self.pad_mode == "pad":
            return tuple(zip(self.pads[0::2], self.pads[1::2]))
        return ((0, 0),) * len(sizes)

    def fixed_padding(self) -> tuple | None:
        """The padding when it does not depend on the input ('valid', 'pad'), else None."""
        return None if self.pad_mode in ("same", "same_end") else self.declared_padding((0,) * len(self.kernel))

    def output_sizes(self, sizes) -> tuple:
        return tuple(_output_size(n, k, s, d, begin, end, self.ceil_mode) for n, k, s, d, (begin, end) in
                     zip(sizes, self.kernel, self.stride, self.dilation, self.declared_padding(sizes)))

    def applied_padding(self, sizes) -> tuple:
        """The padding to apply before an unpadded, floor-mode window pass gives exactly
        `output_sizes`: the declared begin, and an end that covers the last window
        (more than declared in ceil mode, never negative)."""
        result = []
        for n, k, s, d, (begin, _), out in zip(sizes, self.kernel, self.stride, self.dilation,
                                             self.declared_padding(sizes), self.output_sizes(sizes)):
            needed = (out - 1) * s + _extent(k, d)
            result.append((begin, max(needed - n - begin, 0)))
        return tuple(result)


def _extent(kernel: int, dilation: int) -> int:
    """The span of a dilated kernel."""
    return (kernel - 1) * dilation + 1


def _same_padding(size: int, kernel: int, stride: int, dilation: int) -> tuple:
    out = -(-size // stride)
    total = max((out - 1) * stride + _extent(kernel, dilation) - size, 0)
    return total // 2, total - total // 2


def _output_size(size, kernel, stride, dilation, begin, end, ceil_mode) -> int:
    span = size + begin + end - _extent(kernel, dilation)
    if span < 0:
        return 0
    if not ceil_mode:
        return span // stride + 1
    out = -(-span // stride) + 1
    # the last window must start inside the input or its leading padding
    return out - 1 if (out - 1) * stride >= size + begin else out


# ---- argument rules ------------------------------------------------------------------------
def _pad_mode(op: str, value) -> str:
    """A convolution padding mode in any case, returned lower case."""
    return check_string(op, "pad_mode", value, ("valid", "same", "pad")).lower()


def _explicit_pads(op: str, arg: str, pad, rank: int, pad_mode: str) -> tuple:
    """An int or a tuple of (begin, end) per spatial dim, flattened; all zero unless
    pad_mode is 'pad'."""
    check_type(op, arg, pad, (int, tuple, list))
    pads = (pad,) * (2 * rank) if isinstance(pad, int) else tuple(pad)
    if len(pads) != 2 * rank:
        raise ValueError(f"For '{op}', the '{arg}' must be an int or a tuple of {2 * rank} ints, "
                         f"but got {pad}.")
    for item in pads:
        check_int(op, arg, item, minimum=0)
    if pad_mode != "pad" and any(pads):
        raise ValueError(f"For '{op}', the '{arg}' must be zero when 'pad_mode' is not 'pad', "
                         f"but got '{arg}' {pad} and 'pad_mode' '{pad_mode}'.")
    return pads


def _check_data_format(op: str, value, rank: int) -> str:
    expected = _LAYOUTS[rank]
    check_type(op, "data_format", value, str)
    if value != expected:
        raise ValueError(f"For '{op}', the 'data_format' must be '{expected}' (other layouts are "
                         f"only supported on GPU in MindSpore), but got '{value}'.")
    return value


def _check_mode(op: str, mode) -> int:
    check_type(op, "mode", mode, int)
    if mode != 1:
        raise ValueError(f"For '{op}', the 'mode' must be 1, but got {mode}.")
    return mode


def require_tensor(op: str, arg: str, value) -> None:
    """`value` is a Tensor or an abstract tensor with a MindSpore dtype (check_tensor
    alone lets NumPy arrays through)."""
    check_tensor(op, arg, value)
    if not isinstance(value.dtype, mstype.Type):
        raise TypeError(f"For '{op}', the '{arg}' must be a Tensor, but got {type(value).__name__}.")


def _check_input(op: str, arg: str, value, rank: int, dtypes) -> None:
    """`value` is a tensor of `rank` dims whose dtype is one of `dtypes`."""
    require_tensor(op, arg, value)
    check_rank(op, arg, value.shape, rank)
    check_dtype(op, arg, value.dtype, dtypes)


def _has_length(value, length: int) -> bool:
    """value is a sequence or 1-D tensor of `length` elements (a cheap test of `check`)."""
    if hasattr(value, "shape"):
        return len(value.shape) == 1 and value.shape[0] == length
    return isinstance(value, (tuple, list)) and len(value) == length


def _has_rank(x, rank: int) -> bool:
    """x is a tensor of `rank` dims (the cheap test of `check`: `infer` explains)."""
    shape = getattr(x, "shape", None)
    return shape is not None and len(shape) == rank


def _check_output(op: str, shape, out_sizes) -> None:
    if any(n <= 0 for n in out_sizes):
        raise ValueError(f"For '{op}', the output shape must be positive, but got spatial output "
                         f"sizes {tuple(out_sizes)} for input shape {tuple(shape)}; the window "
                         f"is larger than the (padded) input.")


def _int_values(op: str, arg: str, value, length: int | None = None) -> tuple:
    """A shape-like argument given as an int sequence or a 1-D integer Tensor."""
    if hasattr(value, "asnumpy"):
        check_dtype(op, arg, value.dtype, INDEX_TYPES)
        value = value.asnumpy().reshape(-1).tolist()
    if not isinstance(value, (tuple, list)) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise TypeError(f"For '{op}', the '{arg}' must be a tuple, list or Tensor of ints, "
                        f"but got {value!r}.")
    if length is not None and len(value) != length:
        raise ValueError(f"For '{op}', the '{arg}' must have {length} elements, but got {len(value)}.")
    return tuple(value)


# ---- convolutions --------------------------------------------------------------------------
class _Conv(Primitive):
    """ConvND(out_channel, kernel_size, ...)(x, weight): cross-correlation of x
    (N, C_in, *spatial) with weight (C_out, C_in / group, *kernel_size)."""

    rank = 2

    def _init_conv(self, out_channel, kernel_size, mode, pad_mode, pad, stride, dilation, group,
                   data_format) -> None:
        op, rank = self.name, self.rank
        check_positive_int(op, "out_channel", out_channel)
        kernel = check_int_tuple(op, "kernel_size", kernel_size, rank)
        strides = check_int_tuple(op, "stride", stride, rank, allow_longer=True)
        dilations = check_int_tuple(op, "dilation", dilation, rank, allow_longer=True)
        pad_mode = _pad_mode(op, pad_mode)
        pads = _explicit_pads(op, "pad", pad, rank, pad_mode)
        check_positive_int(op, "group", group)
        if out_channel % group:
            raise ValueError(f"For '{op}', the 'out_channel' must be divisible by 'group', but got "
                             f"out_channel {out_channel} and group {group}.")
        self.add_prim_attrs(out_channel=out_channel, kernel_size=kernel, mode=_check_mode(op, mode),
                            pad_mode=pad_mode, pad=pads, stride=strides, dilation=dilations,
                            group=group, groups=group,
                            data_format=_check_data_format(op, data_format, rank))
        self.window = Window(kernel, strides, dilations, pad_mode, pads)

    def check(self, x, w):
        # torch takes the kernel size and channel count from the weight itself, convolves
        # unbatched inputs and integer tensors too
        try:
            x_shape, w_shape = x.shape, w.shape
            ok = (len(x_shape) == len(w_shape) == self.rank + 2 and w_shape[0] == self.out_channel
                  and w_shape[2:] == self.kernel_size and x.dtype in FLOAT_TYPES)
        except AttributeError:
            ok = False
        if not ok:
            self.infer(x, w)

    def infer(self, x, w):
        op, rank = self.name, self.rank + 2
        _check_input(op, "x", x, rank, FLOAT_TYPES)
        _check_input(op, "weight", w, rank, FLOAT_TYPES)
        check_same_dtype(op, ("x", "weight"), (x.dtype, w.dtype))
        if w.shape[0] != self.out_channel:
            raise ValueError(f"For '{op}', the weight's output channels (shape[0]) must equal "
                             f"'out_channel' {self.out_channel}, but got weight shape {w.shape}.")
        if tuple(w.shape[2:]) != self.kernel_size:
            raise ValueError(f"For '{op}', the weight's spatial shape must equal 'kernel_size' "
                             f"{self.kernel_size}, but got weight shape {w.shape}.")
        if x.shape[1] != w.shape[1] * self.group:
            raise ValueError(f"For '{op}', the input channels of 'x' ({x.shape[1]}) must equal the "
                             f"weight's shape[1] ({w.shape[1]}) times 'group' ({self.group}); "
                             f"got x shape {x.shape} and weight shape {w.shape}.")
        out = self.window.output_sizes(x.shape[2:])
        _check_output(op, x.shape, out)
        return TensorSpec((x.shape[0], self.out_channel) + out, x.dtype)


class Conv1D(_Conv):
    """Conv1D(out_channel, kernel_size, ...)(x, weight): x (N, C_in, L), weight
    (C_out, C_in / group, K); pad is an int or (left, right). spore's own primitive,
    with Conv2D's attribute scheme (MindSpore only has the functional ops.conv1d)."""

    rank = 1

    def __init__(self, out_channel, kernel_size, mode=1, pad_mode="valid", pad=0, stride=1,
                 dilation=1, group=1, data_format="NCL"):
        super().__init__()
        self._init_conv(out_channel, kernel_size, mode, pad_mode, pad, stride, dilation, group,
                        data_format)


class Conv2D(_Conv):
    """Conv2D(out_channel, kernel_size, ...)(x, weight): x (N, C_in, H, W), weight
    (C_out, C_in / group, kh, kw); pad is an int or (top, bottom, left, right); stride
    and dilation an int, (h, w) or (1, 1, h, w)."""

    def __init__(self, out_channel, kernel_size, mode=1, pad_mode="valid", pad=0, stride=1,
                 dilation=1, group=1, data_format="NCHW"):
        super().__init__()
        self._init_conv(out_channel, kernel_size, mode, pad_mode, pad, stride, dilation, group,
                        data_format)


class Conv3D(_Conv):
    """Conv3D(out_channel, kernel_size, ...)(x, weight): x (N, C_in, D, H, W), weight
    (C_out, C_in / group, kd, kh, kw); pad is an int or (head, tail, top, bottom, left,
    right)."""

    rank = 3

    def __init__(self, out_channel, kernel_size, mode=1, pad_mode="valid", pad=0, stride=1,
                 dilation=1, group=1, data_format="NCDHW"):
        super().__init__()
        self._init_conv(out_channel, kernel_size, mode, pad_mode, pad, stride, dilation, group,
                        data_format)


def _check_conv_gradient(op: str, dout, x_shape, w_shape, window: Window, group: int) -> None:
    """`dout` is the output gradient of a convolution of an input of `x_shape` with a
    weight of `w_shape`."""
    if len(x_shape) != len(w_shape):
        raise ValueError(f"For '{op}', the input size must have {len(w_shape)} elements like the "
                         f"weight's shape, but got {tuple(x_shape)}.")
    if x_shape[1] != w_shape[1] * group:
        raise ValueError(f"For '{op}', the input channels ({x_shape[1]}) must equal the weight's "
                         f"shape[1] ({w_shape[1]}) times 'group' ({group}).")
    expected = (x_shape[0], w_shape[0]) + window.output_sizes(x_shape[2:])
    if tuple(dout.shape) != expected:
        raise ValueError(f"For '{op}', the shape of 'dout' must be {expected} for input shape "
                         f"{tuple(x_shape)} and weight shape {tuple(w_shape)}, but got "
                         f"{tuple(dout.shape)}.")


class _ConvGradients(Primitive):
    """Both gradients of a convolution `conv` (a Conv1D / Conv2D / Conv3D) in one kernel
    call: (dout, x, weight) -> (dx, dweight), the results of its input and filter gradient
    primitives. The convolution's bprop uses it when nothing differentiates the bprop
    further (it has no gradient of its own); aten computes both from one call."""

    def __init__(self, conv: _Conv):
        super().__init__()
        self.window, self.group, self.rank = conv.window, conv.group, conv.rank

    def infer(self, dout, x, w):
        return TensorSpec(x.shape, x.dtype), TensorSpec(w.shape, w.dtype)


class _ConvBackpropInput(_Conv):
    """The gradient of ConvND with respect to its input, also the transposed
    convolution: (dout, weight, input_size) -> a tensor of shape input_size."""

    def __init__(self, out_channel, kernel_size, pad_mode="valid", pad=0, pad_list=None, mode=1,
                 stride=1, dilation=1, group=1, data_format="NCHW"):
        super().__init__()
        self._init_conv(out_channel, kernel_size, mode, pad_mode, pad, stride, dilation, group,
                        data_format)
        self.add_prim_attr("pad_list", pad_list)

    check = None

    def infer(self, dout, w, input_size):
        op, rank = self.name, self.rank + 2
        _check_input(op, "dout", dout, rank, FLOAT_TYPES)
        _check_input(op, "weight", w, rank, FLOAT_TYPES)
        check_same_dtype(op, ("dout", "weight"), (dout.dtype, w.dtype))
        shape = _int_values(op, "input_size", input_size)
        _check_conv_gradient(op, dout, shape, w.shape, self.window, self.group)
        return TensorSpec(shape, dout.dtype)


class Conv1DBackpropInput(_ConvBackpropInput):
    """Conv1DBackpropInput(out_channel, kernel_size, ...)(dout, weight, input_size):
    the gradient of Conv1D with respect to x (spore's own, as Conv1D)."""

    rank = 1

    def __init__(self, out_channel, kernel_size, pad_mode="valid", pad=0, pad_list=None, mode=1,
                 stride=1, dilation=1, group=1, data_format="NCL"):
        super().__init__(out_channel, kernel_size, pad_mode, pad, pad_list, mode, stride, dilation,
                         group, data_format)


class Conv1DTranspose(Conv1DBackpropInput):
    """The 1-D transposed convolution: Conv1DBackpropInput under its transpose name."""


class Conv2DBackpropInput(_ConvBackpropInput):
    """Conv2DBackpropInput(out_channel, kernel_size, ...)(dout, weight, input_size): the
    gradient of Conv2D with respect to x, a tensor of shape input_size (N, C_in, H, W)."""


class Conv2DTranspose(Conv2DBackpropInput):
    """The 2-D transposed convolution: Conv2DBackpropInput under its transpose name."""


class Conv3DBackpropInput(_ConvBackpropInput):
    """Conv3DBackpropInput(out_channel, kernel_size, ...)(weight, dout, input_size): the
    gradient of Conv3D with respect to x. Note MindSpore's argument order: weight first."""

    rank = 3

    def __init__(self, out_channel, kernel_size, mode=1, pad_mode="valid", pad=0, stride=1,
                 dilation=1, group=1, data_format="NCDHW"):
        super().__init__(out_channel, kernel_size, pad_mode, pad, None, mode, stride, dilation,
                         group, data_format)

    def infer(self, w, dout, input_size):
        return super().infer(dout, w, input_size)


class Conv3DTranspose(_Conv):
    """Conv3DTranspose(in_channel, out_channel, kernel_size, ...)(dout, weight): the 3-D
    transposed convolution of dout (N, C_in, D, H, W) with weight
    (C_in, C_out / group, kd, kh, kw); as in MindSpore, the output has
    weight.shape[1] * group channels whatever out_channel says. The output size per dim is
    'pad': (in - 1) * stride - begin - end + dilation * (k - 1) + output_padding + 1,
    'same': in * stride, 'valid': in * stride + max(dilation * (k - 1) + 1 - stride, 0)."""

    rank = 3

    def __init__(self, in_channel, out_channel, kernel_size, mode=1, pad_mode="valid", pad=0,
                 stride=1, dilation=1, group=1, output_padding=0, data_format="NCDHW"):
        super().__init__()
        op = self.name
        check_positive_int(op, "in_channel", in_channel)
        self._init_conv(out_channel, kernel_size, mode, pad_mode, pad, stride, dilation, group,
                        data_format)
        extra = check_int_tuple(op, "output_padding", output_padding, 3, minimum=0, allow_longer=True)
        if self.pad_mode != "pad" and any(extra):
            raise ValueError(f"For '{op}', the 'output_padding' must be zero when 'pad_mode' is "
                             f"not 'pad', but got {output_padding}.")
        for value, s, d in zip(extra, self.stride, self.dilation):
            if value >= max(s, d):
                raise ValueError(f"For '{op}', each 'output_padding' must be smaller than its "
                                 f"stride or dilation, but got output_padding {extra}, stride "
                                 f"{self.stride} and dilation {self.dilation}.")
        self.add_prim_attrs(in_channel=in_channel, output_padding=extra)

    check = None

    def input_sizes(self, sizes) -> tuple:
        """The spatial sizes of the convolution input whose gradient this op computes."""
        result = []
        pads = zip(self.pad[0::2], self.pad[1::2])
        for n, k, s, d, (begin, end), extra in zip(sizes, self.kernel_size, self.stride,
                                                   self.dilation, pads, self.output_padding):
            if self.pad_mode == "pad":
                result.append((n - 1) * s - begin - end + _extent(k, d) + extra)
            elif self.pad_mode == "same":
                result.append(n * s)
            else:
                result.append(n * s + max(_extent(k, d) - s, 0))
        return tuple(result)

    def infer(self, dout, w):
        op = self.name
        _check_input(op, "dout", dout, 5, FLOAT_TYPES)
        _check_input(op, "weight", w, 5, FLOAT_TYPES)
        check_same_dtype(op, ("dout", "weight"), (dout.dtype, w.dtype))
        if dout.shape[1] != w.shape[0]:
            raise ValueError(f"For '{op}', the weight's shape[0] must equal the channels of "
                             f"'dout', but got dout shape {dout.shape} and weight shape {w.shape}.")
        if tuple(w.shape[2:]) != self.kernel_size:
            raise ValueError(f"For '{op}', the weight's spatial shape must equal 'kernel_size' "
                             f"{self.kernel_size}, but got weight shape {w.shape}.")
        out = self.input_sizes(dout.shape[2:])
        _check_output(op, dout.shape, out)
        return TensorSpec((dout.shape[0], w.shape[1] * self.group) + out, dout.dtype)


class ConvTranspose2D(Primitive):
    """ConvTranspose2D()(input, weight, bias, stride, padding, output_padding, groups,
    dilation): the 2-D transposed convolution with symmetric padding, as
    ops.conv_transpose2d computes it. input (N, C_in, H, W) or (C_in, H, W), weight
    (C_in, C_out / groups, kh, kw), bias (C_out,) or None; the output size per dim is
    (in - 1) * stride - 2 * padding + dilation * (k - 1) + output_padding + 1."""

    def __init__(self):
        super().__init__()

    def infer(self, x, w, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
        op = self.name
        _check_input(op, "input", x, (3, 4), FLOAT_TYPES)
        _check_input(op, "weight", w, 4, FLOAT_TYPES)
        check_same_dtype(op, ("input", "weight"), (x.dtype, w.dtype))
        strides = check_int_tuple(op, "stride", stride, 2)
        pads = check_int_tuple(op, "padding", padding, 2, minimum=0)
        extra = check_int_tuple(op, "output_padding", output_padding, 2, minimum=0)
        dilations = check_int_tuple(op, "dilation", dilation, 2)
        check_positive_int(op, "groups", groups)
        if x.shape[-3] != w.shape[0]:
            raise ValueError(f"For '{op}', the input channels ({x.shape[-3]}) must equal the "
                             f"weight's shape[0], but got weight shape {w.shape}.")
        channels = w.shape[1] * groups
        if bias is not None:
            _check_input(op, "bias", bias, 1, (x.dtype,))
            if bias.shape[0] != channels:
                raise ValueError(f"For '{op}', the bias must have {channels} elements, but got "
                                 f"shape {bias.shape}.")
        out = tuple((n - 1) * s - 2 * p + _extent(k, d) + e for n, k, s, p, d, e in
                    zip(x.shape[-2:], w.shape[2:], strides, pads, dilations, extra))
        _check_output(op, x.shape, out)
        return TensorSpec(x.shape[:-3] + (channels,) + out, x.dtype)


class _ConvBackpropFilter(_Conv):
    """The gradient of ConvND with respect to its weight: a tensor of shape filter_size
    (C_out, C_in / group, *kernel_size)."""

    def __init__(self, out_channel, kernel_size, pad_mode="valid", pad=0, pad_list=(0, 0, 0, 0),
                 mode=1, stride=(1, 1), dilation=(1, 1, 1, 1), group=1, data_format="NCHW"):
        super().__init__()
        self._init_conv(out_channel, kernel_size, mode, pad_mode, pad, stride, dilation, group,
                        data_format)
        self.add_prim_attr("pad_list", pad_list)

    check = None

    def infer(self, dout, x, filter_size):
        op, rank = self.name, self.rank + 2
        _check_input(op, "dout", dout, rank, FLOAT_TYPES)
        _check_input(op, "x", x, rank, FLOAT_TYPES)
        check_same_dtype(op, ("dout", "x"), (dout.dtype, x.dtype))
        shape = _int_values(op, "filter_size", filter_size)
        _check_conv_gradient(op, dout, x.shape, shape, self.window, self.group)
        return TensorSpec(shape, x.dtype)


class Conv1DBackpropFilter(_ConvBackpropFilter):
    """Conv1DBackpropFilter(out_channel, kernel_size, ...)(dout, x, filter_size): the
    gradient of Conv1D with respect to its weight (spore's own, as Conv1D)."""

    rank = 1

    def __init__(self, out_channel, kernel_size, pad_mode="valid", pad=0, pad_list=(0, 0),
                 mode=1, stride=1, dilation=1, group=1, data_format="NCL"):
        super().__init__(out_channel, kernel_size, pad_mode, pad, pad_list, mode, stride, dilation,
                         group, data_format)


class Conv2DBackpropFilter(_ConvBackpropFilter):
    """Conv2DBackpropFilter(out_channel, kernel_size, ...)(dout, x, filter_size): the
    gradient of Conv2D with respect to its weight."""


class Conv3DBackpropFilter(_ConvBackpropFilter):
    """Conv3DBackpropFilter(out_channel, kernel_size, ...)(x, dout, w_size): the gradient
    of Conv3D with respect to its weight. Note MindSpore's argument order: x first."""

    rank = 3

    def __init__(self, out_channel, kernel_size, mode=1, pad_mode="valid", pad=0,
                 stride=(1, 1, 1, 1, 1), dilation=(1, 1, 1, 1, 1), group=1, data_format="NCDHW"):
        super().__init__(out_channel, kernel_size, pad_mode, pad, None, mode, stride, dilation,
                         group, data_format)

    def infer(self, x, dout, w_size):
        return super().infer(dout, x, w_size)


# ---- pooling -------------------------------------------------------------------------------
class _Pool(Primitive):
    """A max or average pool over the trailing `rank` dims of an (N, C, *spatial) tensor:
    one output (or output and argmax) of shape (N, C, *window.output_sizes(spatial))."""

    rank = 2
    dtypes = FLOAT_TYPES

    def _set_window(self, kernel, stride, dilation=1, pad_mode="valid", pads=(), ceil_mode=False):
        self.window = Window(kernel, stride, (dilation,) * self.rank if isinstance(dilation, int)
                             else dilation, pad_mode, pads, bool(ceil_mode))

    def check(self, x):
        # torch pools unbatched inputs too
        if not _has_rank(x, self.rank + 2):
            self.infer(x)

    def output_spec(self, x) -> TensorSpec:
        _check_input(self.name, "x", x, self.rank + 2, self.dtypes)
        out = self.window.output_sizes(x.shape[2:])
        _check_output(self.name, x.shape, out)
        return TensorSpec(tuple(x.shape[:2]) + out, x.dtype)

    def infer(self, x):
        return self.output_spec(x)


class _Pool2D(_Pool):
    """MaxPool / AvgPool: kernel_size and strides an int or (h, w); pad_mode 'VALID' or
    'SAME' in any case."""

    def __init__(self, kernel_size=1, strides=1, pad_mode="valid", data_format="NCHW"):
        super().__init__()
        op = self.name
        kernel = check_int_tuple(op, "kernel_size", kernel_size, 2)
        stride = check_int_tuple(op, "strides", strides, 2)
        mode = check_string(op, "pad_mode", pad_mode, ("VALID", "SAME"))
        self.add_prim_attrs(kernel_size=kernel, strides=stride, pad_mode=mode,
                            data_format=_check_data_format(op, data_format, 2))
        self._set_window(kernel, stride, pad_mode=mode.lower())


class MaxPool(_Pool2D):
    """MaxPool(kernel_size=1, strides=1, pad_mode='valid')(x): the maximum of each window
    of x (N, C, H, W); 'same' pads with -inf."""

    dtypes = REAL_TYPES


class AvgPool(_Pool2D):
    """AvgPool(kernel_size=1, strides=1, pad_mode='valid')(x): the mean of each window of x
    (N, C, H, W); with 'same', the mean of the window's elements inside the input."""

    count_include_pad = False
    divisor_override = 0


class MaxPool3D(_Pool):
    """MaxPool3D(kernel_size=1, strides=1, pad_mode='VALID', pad_list=0, ceil_mode=None)(x)
    on x (N, C, D, H, W); pad_list is an int or (head, tail, top, bottom, left, right),
    ceil_mode is only allowed with 'pad'."""

    rank = 3
    dtypes = REAL_TYPES

    def __init__(self, kernel_size=1, strides=1, pad_mode="VALID", pad_list=0, ceil_mode=None,
                 data_format="NCDHW"):
        super().__init__()
        op = self.name
        kernel = check_int_tuple(op, "kernel_size", kernel_size, 3)
        stride = check_int_tuple(op, "strides", strides, 3)
        mode = check_string(op, "pad_mode", pad_mode, ("VALID", "SAME", "PAD"))
        pads = _explicit_pads(op, "pad_list", pad_list, 3, mode.lower())
        if ceil_mode is not None:
            check_bool(op, "ceil_mode", ceil_mode)
            if mode != "PAD":
                raise ValueError(f"For '{op}', the 'ceil_mode' must be None when 'pad_mode' is "
                                 f"'{mode}', but got {ceil_mode}.")
        self.add_prim_attrs(kernel_size=kernel, strides=stride, pad_mode=mode, pad_list=pads,
                            ceil_mode=ceil_mode, data_format=_check_data_format(op, data_format, 3))
        self._set_window(kernel, stride, pad_mode=mode.lower(), pads=pads, ceil_mode=ceil_mode)


class AvgPool3D(_Pool):
    """AvgPool3D(kernel_size=1, strides=1, pad_mode='valid', pad=0, ceil_mode=False,
    count_include_pad=True, divisor_override=0)(x) on x (N, C, D, H, W). The divisor is
    divisor_override if non-zero, else the window's size clipped to the padded input
    (count_include_pad) or to the input itself."""

    rank = 3

    def __init__(self, kernel_size=1, strides=1, pad_mode="valid", pad=0, ceil_mode=False,
                 count_include_pad=True, divisor_override=0, data_format="NCDHW"):
        super().__init__()
        op = self.name
        kernel = check_int_tuple(op, "kernel_size", kernel_size, 3)
        stride = check_int_tuple(op, "strides", strides, 3)
        mode = check_string(op, "pad_mode", pad_mode, ("VALID", "SAME", "PAD"))
        pads = _explicit_pads(op, "pad", pad, 3, mode.lower())
        _check_avg_options(op, ceil_mode, count_include_pad, divisor_override)
        _check_pads_fit(op, "pad", pads, kernel)
        self.add_prim_attrs(kernel_size=kernel, strides=stride, pad_mode=mode, pad=pads,
                            ceil_mode=ceil_mode, count_include_pad=count_include_pad,
                            divisor_override=divisor_override,
                            data_format=_check_data_format(op, data_format, 3))
        self._set_window(kernel, stride, pad_mode=mode.lower(), pads=pads, ceil_mode=ceil_mode)


def _check_avg_options(op: str, ceil_mode, count_include_pad, divisor_override) -> None:
    check_bool(op, "ceil_mode", ceil_mode)
    check_bool(op, "count_include_pad", count_include_pad)
    check_int(op, "divisor_override", divisor_override, minimum=0)


class _FunctionalAvgPool(_Pool):
    """An average pool whose options are call arguments (MindSpore's generated
    AvgPool1D / AvgPool2D, PyTorch-style), on batched or unbatched inputs."""

    def __init__(self):
        super().__init__()

    check = None

    def geometry(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
                 divisor_override=None):
        """The Window and divisor_override (0: none) of one call's arguments."""
        op, rank = self.name, self.rank
        kernel = check_int_tuple(op, "kernel_size", kernel_size, rank)
        strides = kernel if stride is None else check_int_tuple(op, "stride", stride, rank)
        pads = _symmetric_or_explicit_pads(op, "padding", padding, rank)
        divisor = divisor_override or 0
        _check_avg_options(op, ceil_mode, count_include_pad, divisor)
        _check_pads_fit(op, "padding", pads, kernel)
        return Window(kernel, strides, (1,) * rank, "pad", pads, ceil_mode), divisor

    def infer(self, x, kernel_size, stride=None, padding=0, ceil_mode=False,
              count_include_pad=True, divisor_override=None):
        op = self.name
        window, _ = self.geometry(kernel_size, stride, padding, ceil_mode, count_include_pad,
                                  divisor_override)
        _check_input(op, "input", x, (self.rank + 1, self.rank + 2), self.dtypes)
        out = window.output_sizes(x.shape[-self.rank:])
        _check_output(op, x.shape, out)
        return TensorSpec(tuple(x.shape[:-self.rank]) + out, x.dtype)


def _symmetric_or_explicit_pads(op: str, arg: str, padding, rank: int) -> tuple:
    """An int, a padding per spatial dim (both sides), or (begin, end) per spatial dim;
    returned flattened as (begin, end) pairs."""
    if isinstance(padding, (tuple, list)) and len(padding) == 2 * rank and rank > 1:
        return _explicit_pads(op, arg, padding, rank, "pad")
    pads = check_int_tuple(op, arg, padding, rank, minimum=0)
    return tuple(p for pad in pads for p in (pad, pad))


def _check_pads_fit(op: str, arg: str, pads, kernel) -> None:
    """The padding of each dim is at most its kernel size (at most half on each side
    when symmetric), so every window holds an input element."""
    if any(begin + end > k for begin, end, k in zip(pads[0::2], pads[1::2], kernel)):
        raise ValueError(f"For '{op}', the '{arg}' of each dim must not exceed its kernel size, "
                         f"but got {arg} {pads} and kernel size {kernel}.")


class AvgPool1D(_FunctionalAvgPool):
    """AvgPool1D()(input, kernel_size, stride=None, padding=0, ceil_mode=False,
    count_include_pad=True): the 1-D average pool of input (N, C, L) or (C, L)."""

    rank = 1


class AvgPool2D(_FunctionalAvgPool):
    """AvgPool2D()(input, kernel_size, stride=None, padding=0, ceil_mode=False,
    count_include_pad=True, divisor_override=None): the 2-D average pool of input
    (N, C, H, W) or (C, H, W). padding is an int, (h, w), or (top, bottom, left, right)
    (the last is spore's extension, for ops.avg_pool2d)."""


class _PoolGrad(_Pool):
    """The gradient of a pool with respect to its input: (x, origin_output, grad) -> dx of
    x's shape and dtype. A max pool's gradient goes to each window's maximum, an average
    pool's is spread evenly over the window (sums where windows overlap)."""

    def check(self, x, origin_output, grad):
        # the kernels trust grad to match the pool's output
        try:
            ok = (len(x.shape) == self.rank + 2 and grad.dtype is x.dtype
                  and grad.shape == x.shape[:2] + self.window.output_sizes(x.shape[2:]))
        except AttributeError:
            ok = False
        if not ok:
            self.infer(x, origin_output, grad)

    def infer(self, x, origin_output, grad):
        spec = self.output_spec(x)
        _check_pool_grad(self.name, grad, spec)
        return TensorSpec(x.shape, x.dtype)


def _check_pool_grad(op: str, grad, spec: TensorSpec) -> None:
    """grad is the gradient of a pool output described by spec."""
    _check_like(op, "grad", grad, spec, "x", "the pool's output shape")


def _check_like(op: str, arg: str, value, spec: TensorSpec, ref: str, what: str) -> None:
    """`value` is a tensor of spec's shape (`what` it is) and of the dtype of `ref`."""
    require_tensor(op, arg, value)
    check_same_dtype(op, (ref, arg), (spec.dtype, value.dtype))
    if tuple(value.shape) != spec.shape:
        raise ValueError(f"For '{op}', the shape of '{arg}' must be {what} {spec.shape}, but got "
                         f"{tuple(value.shape)}.")


class MaxPoolGrad(_PoolGrad, MaxPool):
    """MaxPoolGrad(kernel_size=1, strides=1, pad_mode='VALID')(x, origin_output, grad):
    the gradient of MaxPool with respect to x."""

    dtypes = FLOAT_TYPES


class AvgPoolGrad(_PoolGrad, AvgPool):
    """AvgPoolGrad(kernel_size=1, strides=1, pad_mode='VALID')(x, origin_output, grad):
    the gradient of AvgPool with respect to x."""


class MaxPool3DGrad(_PoolGrad, MaxPool3D):
    """MaxPool3DGrad(kernel_size=1, strides=1, pad_mode='VALID', pad_list=0)(x,
    origin_output, grad): the gradient of MaxPool3D with respect to x. spore also takes
    MaxPool3D's ceil_mode (MindSpore's has none), so every MaxPool3D has its gradient."""

    dtypes = FLOAT_TYPES

    def __init__(self, kernel_size=(1, 1, 1, 1, 1), strides=(1, 1, 1, 1, 1), pad_mode="VALID",
                 pad_list=0, data_format="NCDHW", ceil_mode=None):
        super().__init__(_spatial(kernel_size, 3), _spatial(strides, 3), pad_mode, pad_list,
                         ceil_mode, data_format)


class AvgPool3DGrad(AvgPool3D):
    """AvgPool3DGrad(kernel_size=1, strides=1, pads=0, ceil_mode=False,
    count_include_pad=True, divisor_override=0, pad_mode='pad')(origin_input_shape, grad):
    the gradient of AvgPool3D with respect to its input, of shape origin_input_shape."""

    def __init__(self, kernel_size=1, strides=1, pads=0, ceil_mode=False, count_include_pad=True,
                 divisor_override=0, data_format="NCDHW", pad_mode="pad"):
        super().__init__(_spatial(kernel_size, 3), _spatial(strides, 3), pad_mode, pads, ceil_mode,
                         count_include_pad, divisor_override, data_format)

    def check(self, origin_input_shape, grad):
        self.infer(origin_input_shape, grad)

    def infer(self, origin_input_shape, grad):
        op = self.name
        shape = _int_values(op, "origin_input_shape", origin_input_shape, 5)
        require_tensor(op, "grad", grad)
        out = self.window.output_sizes(shape[2:])
        _check_pool_grad(op, grad, TensorSpec(shape[:2] + out, grad.dtype))
        return TensorSpec(shape, grad.dtype)


def _spatial(value, rank: int):
    """A (1, 1, *spatial) attribute as its spatial part (ints pass as they are)."""
    if isinstance(value, (tuple, list)) and len(value) == rank + 2:
        return tuple(value[2:])
    return value


class MaxPoolWithArgmax(_Pool2D):
    """MaxPoolWithArgmax(kernel_size=1, strides=1, pad_mode='valid')(x) -> (output,
    argmax): MaxPool and the int32 position of each maximum in its sample, counted over
    the flattened (C, H, W) of x."""

    dtypes = REAL_TYPES

    def __init__(self, kernel_size=1, strides=1, pad_mode="valid", data_format="NCHW"):
        super().__init__(kernel_size, strides, pad_mode, data_format)
        if self.window.pad_mode == "same":  # MindSpore's CPU kernel pads only the end
            self.window = self.window._replace(pad_mode="same_end")

    def infer(self, x):
        spec = self.output_spec(x)
        return spec, TensorSpec(spec.shape, mstype.int32)


class _MaxPoolWithArgmaxND(_Pool):
    """A max pool with symmetric padding, dilation and ceil_mode that also returns the
    position of each maximum in the flattened spatial dims of its (N, C) plane."""

    dtypes = REAL_TYPES

    def _init_argmax_pool(self, names, kernel_size, strides, pads, dilation, ceil_mode,
                          argmax_type) -> None:
        op, rank = self.name, self.rank
        kernel = check_int_tuple(op, names[0], kernel_size, rank, allow_longer=True)
        stride = kernel if strides is None else check_int_tuple(op, names[1], strides, rank,
                                                                 allow_longer=True)
        padding = check_int_tuple(op, names[2], pads, rank, minimum=0, allow_longer=True)
        dilations = check_int_tuple(op, "dilation", dilation, rank, allow_longer=True)
        check_bool(op, "ceil_mode", ceil_mode)
        if argmax_type not in INDEX_TYPES:
            raise ValueError(f"For '{op}', the 'argmax_type' must be mindspore.int32 or "
                             f"mindspore.int64, but got {argmax_type}.")
        flat = tuple(p for pad in padding for p in (pad, pad))
        _check_pads_fit(op, names[2], flat, kernel)
        self.add_prim_attrs(**{names[0]: kernel, names[1]: stride, names[2]: padding},
                            dilation=dilations, ceil_mode=ceil_mode, argmax_type=argmax_type)
        self._set_window(kernel, stride, dilations, "pad", flat, ceil_mode)

    def infer(self, x):
        spec = self.output_spec(x)
        return spec, TensorSpec(spec.shape, self.argmax_type)


class MaxPoolWithArgmaxV2(_MaxPoolWithArgmaxND):
    """MaxPoolWithArgmaxV2(kernel_size, strides=None, pads=0, dilation=(1, 1),
    ceil_mode=False, argmax_type=mindspore.int64)(x) -> (output, argmax) on x
    (N, C, H, W); argmax counts over the flattened (H, W) of each plane."""

    def __init__(self, kernel_size, strides=None, pads=0, dilation=(1, 1), ceil_mode=False,
                 argmax_type=mstype.int64):
        super().__init__()
        self._init_argmax_pool(("kernel_size", "strides", "pads"), kernel_size, strides, pads,
                               dilation, ceil_mode, argmax_type)


class MaxPool3DWithArgmax(_MaxPoolWithArgmaxND):
    """MaxPool3DWithArgmax(ksize, strides, pads, dilation=(1, 1, 1), ceil_mode=False,
    data_format='NCDHW', argmax_type=mindspore.int64)(x) -> (output, argmax) on x
    (N, C, D, H, W); argmax counts over the flattened (D, H, W) of each plane."""

    rank = 3

    def __init__(self, ksize, strides, pads, dilation=(1, 1, 1), ceil_mode=False,
                 data_format="NCDHW", argmax_type=mstype.int64):
        super().__init__()
        self._init_argmax_pool(("ksize", "strides", "pads"), ksize, strides, pads, dilation,
                               ceil_mode, argmax_type)
        self.add_prim_attr("data_format", _check_data_format(self.name, data_format, 3))


# ---- adaptive pooling ----------------------------------------------------------------------
def _adaptive_output_size(op: str, output_size, rank: int) -> tuple:
    """An int, or a tuple, list or 1-D int Tensor of `rank` entries, each a non-negative
    int (or None: keep the input's size)."""
    if hasattr(output_size, "asnumpy"):
        output_size = _int_values(op, "output_size", output_size)
    if isinstance(output_size, int) and not isinstance(output_size, bool):
        output_size = (output_size,) * rank
    check_type(op, "output_size", output_size, (int, tuple, list))
    output_size = tuple(output_size)
    if len(output_size) != rank:
        raise ValueError(f"For '{op}', the 'output_size' must have {rank} elements, but got "
                         f"{output_size}.")
    for value in output_size:
        if value is not None:
            check_int(op, "output_size", value, minimum=0)
    return output_size


class _AdaptivePool(Primitive):
    """An adaptive pool over the trailing `rank` dims: output cell i spans input
    [floor(i * n / m), ceil((i + 1) * n / m)) of each dim."""

    rank = 2
    argmax_type = None

    def resolved_size(self, x, output_size) -> tuple:
        """The output spatial sizes for x, None entries replaced by the input's size."""
        spatial = x.shape[-self.rank:]
        return tuple(n if m is None else m for n, m in zip(spatial, output_size))

    def spec(self, x, output_size, ranks):
        _check_input(self.name, "x", x, ranks, FLOAT_TYPES)
        out = tuple(x.shape[:-self.rank]) + self.resolved_size(x, output_size)
        values = TensorSpec(out, x.dtype)
        return values if self.argmax_type is None else (values, TensorSpec(out, self.argmax_type))


class _AdaptivePoolWithSize(_AdaptivePool):
    """AdaptiveXPoolND(output_size)(x): output_size an int or a tuple (None keeps a dim)."""

    def __init__(self, output_size):
        super().__init__()
        self.add_prim_attr("output_size", _adaptive_output_size(self.name, output_size, self.rank))

    def infer(self, x):
        return self.spec(x, self.output_size, (self.rank + 1, self.rank + 2))


class _AdaptivePoolOfInput(_AdaptivePool):
    """AdaptiveXPoolND()(input, output_size): the output size is a call argument."""

    def __init__(self):
        super().__init__()

    def check(self, x, output_size):
        # the kernel pairs output_size with the trailing dims of x
        if not (isinstance(output_size, int) or _has_length(output_size, self.rank)):
            self.infer(x, output_size)

    def infer(self, x, output_size):
        size = _adaptive_output_size(self.name, output_size, self.rank)
        return self.spec(x, size, (self.rank + 1, self.rank + 2))


class AdaptiveAvgPool1D(_AdaptivePoolOfInput):
    """AdaptiveAvgPool1D()(input, output_size): input (N, C, L) or (C, L)."""

    rank = 1


class AdaptiveMaxPool1D(_AdaptivePoolOfInput):
    """AdaptiveMaxPool1D()(input, output_size) -> (output, argmax int64): input (N, C, L)
    or (C, L)."""

    rank = 1
    argmax_type = mstype.int64


class AdaptiveAvgPool2D(_AdaptivePoolWithSize):
    """AdaptiveAvgPool2D(output_size)(x): x (N, C, H, W) or (C, H, W)."""


class AdaptiveMaxPool2D(_AdaptivePoolWithSize):
    """AdaptiveMaxPool2D(output_size)(x) -> (output, argmax int64): x (N, C, H, W) or
    (C, H, W); argmax counts over the flattened (H, W) of each plane."""

    argmax_type = mstype.int64

    def __init__(self, output_size):
        if isinstance(output_size, int) and not isinstance(output_size, bool):
            raise TypeError(f"For '{type(self).__name__}', the 'output_size' must be a tuple or "
                            f"list of ints, but got int.")
        super().__init__(output_size)


class AdaptiveAvgPool3D(_AdaptivePoolWithSize):
    """AdaptiveAvgPool3D(output_size)(x): x (N, C, D, H, W) or (C, D, H, W)."""

    rank = 3


class AdaptiveMaxPool3D(_AdaptivePoolOfInput):
    """AdaptiveMaxPool3D()(x, output_size) -> (output, argmax int32): x (N, C, D, H, W)
    or (C, D, H, W); output_size a tuple or 1-D int Tensor of 3 values."""

    rank = 3
    argmax_type = mstype.int32


# ---- resizing ------------------------------------------------------------------------------
def _check_corner_options(op: str, align_corners, half_pixel_centers) -> None:
    check_bool(op, "align_corners", align_corners)
    check_bool(op, "half_pixel_centers", half_pixel_centers)
    if align_corners and half_pixel_centers:
        raise ValueError(f"For '{op}', the 'half_pixel_centers' must be False when "
                         f"'align_corners' is True, but got True.")


def _is_size(size, length: int) -> bool:
    """size has `length` elements and is no float Tensor (the cheap test of `check`)."""
    return _has_length(size, length) and getattr(size, "dtype", mstype.int64) in INDEX_TYPES


def _resize_spec(op: str, x, size, rank: int, dtypes, arg: str = "x") -> TensorSpec:
    _check_input(op, arg, x, rank + 2, dtypes)
    size = _int_values(op, "size", size, rank)
    if any(n <= 0 for n in size):
        raise ValueError(f"For '{op}', the 'size' must be positive, but got {size}.")
    return TensorSpec(tuple(x.shape[:2]) + size, x.dtype)


class _ImageResize(Primitive):
    """A TensorFlow-style image resize of x (N, C, H, W) to size (new_h, new_w). Source
    coordinates: align_corners maps corner pixels onto corner pixels; half_pixel_centers
    samples at pixel centres; otherwise dst * in / out."""

    dtypes = FLOAT_TYPES
    data_arg = "x"

    def _init_corners(self, align_corners, half_pixel_centers) -> None:
        _check_corner_options(self.name, align_corners, half_pixel_centers)
        self.add_prim_attrs(align_corners=align_corners, half_pixel_centers=half_pixel_centers)


class _ImageResizeOfSize(_ImageResize):
    """(size, align_corners=False, half_pixel_centers=False)(x): size is an attribute."""

    def __init__(self, size, align_corners=False, half_pixel_centers=False):
        super().__init__()
        op = self.name
        check_type(op, "size", size, (tuple, list))
        size = _int_values(op, "size", size, 2)
        self.add_prim_attr("size", size)
        self._init_corners(align_corners, half_pixel_centers)

    def check(self, x):
        # the kernel resamples the trailing dims of any tensor, of any dtype
        if not (_has_rank(x, 4) and x.dtype in self.dtypes):
            self.infer(x)

    def infer(self, x):
        return _resize_spec(self.name, x, self.size, 2, self.dtypes)


class _ImageResizeOfInput(_ImageResize):
    """(align_corners=False, half_pixel_centers=False)(x, size): size is an input."""

    def __init__(self, align_corners=False, half_pixel_centers=False):
        super().__init__()
        self._init_corners(align_corners, half_pixel_centers)

    def check(self, x, size):
        if not (_has_rank(x, 4) and x.dtype in self.dtypes and _is_size(size, 2)):
            self.infer(x, size)

    def infer(self, x, size):
        return _resize_spec(self.name, x, size, 2, self.dtypes, self.data_arg)


class ResizeNearestNeighbor(_ImageResizeOfSize):
    """ResizeNearestNeighbor(size, align_corners=False, half_pixel_centers=False)(x):
    nearest-neighbour resize of x (N, C, H, W)."""

    dtypes = REAL_TYPES


class ResizeNearestNeighborV2(_ImageResizeOfInput):
    """ResizeNearestNeighborV2(align_corners=False, half_pixel_centers=False)(x, size).
    spore also takes x (N, C, W) with size (new_w,), for ops.interpolate's 3-D nearest
    modes."""

    dtypes = REAL_TYPES

    def check(self, x, size):
        if not ((_has_rank(x, 4) or _has_rank(x, 3)) and x.dtype in self.dtypes
                and _is_size(size, len(x.shape) - 2)):
            self.infer(x, size)

    def infer(self, x, size):
        check_tensor(self.name, self.data_arg, x)
        return _resize_spec(self.name, x, size, 1 if len(x.shape) == 3 else 2, self.dtypes,
                            self.data_arg)


class ResizeBilinear(_ImageResizeOfSize):
    """ResizeBilinear(size, align_corners=False, half_pixel_centers=False)(x): bilinear
    resize of x (N, C, H, W) (MindSpore 1.x)."""


class ResizeBilinearV2(_ImageResizeOfInput):
    """ResizeBilinearV2(align_corners=False, half_pixel_centers=False)(x, size)."""


class ResizeBicubic(_ImageResizeOfInput):
    """ResizeBicubic(align_corners=False, half_pixel_centers=False)(x, size): bicubic
    resize with TensorFlow's Keys kernel (a = -0.5 with half_pixel_centers, else -0.75);
    with half_pixel_centers, taps outside the image get no weight."""


class ResizeLinear1D(Primitive):
    """ResizeLinear1D(coordinate_transformation_mode='align_corners')(x, size): linear
    resize of x (N, C, W) to width size[0]; modes 'align_corners', 'half_pixel' and
    'asymmetric'."""

    def __init__(self, coordinate_transformation_mode="align_corners"):
        super().__init__()
        mode = check_string(self.name, "coordinate_transformation_mode",
                            coordinate_transformation_mode,
                            ("align_corners", "half_pixel", "asymmetric"), case_sensitive=True)
        self.add_prim_attr("coordinate_transformation_mode", mode)

    def check(self, x, size):
        if not (_has_rank(x, 3) and x.dtype in FLOAT_TYPES and _is_size(size, 1)):
            self.infer(x, size)

    def infer(self, x, size):
        return _resize_spec(self.name, x, size, 1, FLOAT_TYPES)


class _Upsample3D(Primitive):
    """PyTorch-style 3-D upsampling of x (N, C, D, H, W): (x, output_size=None,
    scales=None), exactly one of them given. With scales, the output is
    floor(in * scale) and source coordinates use 1 / scale."""

    dtypes = FLOAT_TYPES

    def output_sizes(self, x, output_size, scales) -> tuple:
        op = self.name
        if (output_size is None) == (scales is None):
            raise ValueError(f"For '{op}', exactly one of 'output_size' and 'scales' must be "
                             f"given, but got output_size {output_size} and scales {scales}.")
        if output_size is not None:
            return _int_values(op, "output_size", output_size, 3)
        check_type(op, "scales", scales, (tuple, list))
        if len(scales) != 3 or not all(isinstance(s, (int, float)) and s > 0 for s in scales):
            raise ValueError(f"For '{op}', the 'scales' must be 3 positive numbers, but got {scales}.")
        return tuple(int(n * s) for n, s in zip(x.shape[2:], scales))

    def infer(self, x, output_size=None, scales=None):
        _check_input(self.name, "x", x, 5, self.dtypes)
        out = self.output_sizes(x, output_size, scales)
        _check_output(self.name, x.shape, out)
        return TensorSpec(tuple(x.shape[:2]) + out, x.dtype)


class UpsampleNearest3D(_Upsample3D):
    """UpsampleNearest3D()(x, output_size=None, scales=None): source index
    floor(dst * in / out) (or floor(dst / scale))."""

    def __init__(self):
        super().__init__()


class UpsampleTrilinear3D(_Upsample3D):
    """UpsampleTrilinear3D(align_corners=False)(x, output_size=None, scales=None)."""

    def __init__(self, align_corners=False):
        super().__init__()
        self.add_prim_attr("align_corners", check_bool(self.name, "align_corners", align_corners))


# ---- gradient helpers ----------------------------------------------------------------------
# The gradients of the primitives above that no primitive above computes, and the
# gradients of the gradient primitives (second order); ops/bprop/conv_bprop.py uses them.
class _PoolGradGrad(_Pool):
    """The gradient of a max pool's gradient with respect to its `grad`: (x,
    origin_output, grad) -> grad (of x's shape) read at the maximum of each window of x,
    of the pool's output shape."""

    def check(self, x, origin_output, grad):
        # the kernel gathers from grad with positions in x
        try:
            ok = len(x.shape) == self.rank + 2 and grad.shape == x.shape and grad.dtype is x.dtype
        except AttributeError:
            ok = False
        if not ok:
            self.infer(x, origin_output, grad)

    def infer(self, x, origin_output, grad):
        spec = self.output_spec(x)
        _check_like(self.name, "grad", grad, TensorSpec(x.shape, x.dtype), "x", "the shape of 'x'")
        return spec


class MaxPoolGradGrad(_PoolGradGrad, MaxPoolGrad):
    """MaxPoolGradGrad(kernel_size=1, strides=1, pad_mode='VALID')(x, origin_output,
    grad): the gradient of MaxPoolGrad with respect to its grad."""


class MaxPool3DGradGrad(_PoolGradGrad, MaxPool3DGrad):
    """MaxPool3DGradGrad(kernel_size=1, strides=1, pad_mode='VALID', pad_list=0,
    data_format='NCDHW', ceil_mode=None)(x, origin_output, grad): the gradient of
    MaxPool3DGrad with respect to its grad; MaxPool3DGrad's attributes (MindSpore's
    MaxPool3DGradGrad has no pad_list)."""


def _check_argmax(op: str, argmax, shape) -> None:
    """argmax holds an int32 / int64 position for each element of a gradient of `shape`."""
    require_tensor(op, "argmax", argmax)
    check_dtype(op, "argmax", argmax.dtype, INDEX_TYPES)
    if tuple(argmax.shape) != tuple(shape):
        raise ValueError(f"For '{op}', the shape of 'argmax' must be the gradient's shape "
                         f"{tuple(shape)}, but got {tuple(argmax.shape)}.")


class _ArgmaxPoolGrad(_Pool):
    """The gradient of a max pool that returned the positions of its maxima: (x, grad,
    argmax) -> dx of x's shape, each grad summed into the position argmax gives it. A
    position counts over the flattened trailing `index_dims` dims of x."""

    dtypes = FLOAT_TYPES

    @property
    def index_dims(self) -> int:
        return self.rank

    def check(self, x, grad, argmax):
        # the kernel scatters any grad whose size matches argmax's
        try:
            expected = x.shape[:2] + self.window.output_sizes(x.shape[2:])
            ok = (len(x.shape) == self.rank + 2 and grad.dtype is x.dtype and argmax.dtype in INDEX_TYPES
                  and grad.shape == argmax.shape == expected)
        except AttributeError:
            ok = False
        if not ok:
            self.infer(x, grad, argmax)

    def infer(self, x, grad, argmax):
        spec = self.output_spec(x)
        _check_pool_grad(self.name, grad, spec)
        _check_argmax(self.name, argmax, spec.shape)
        return TensorSpec(x.shape, x.dtype)


class MaxPoolGradWithArgmax(_ArgmaxPoolGrad, MaxPoolWithArgmax):
    """MaxPoolGradWithArgmax(kernel_size=1, strides=1, pad_mode='valid')(x, grad, argmax):
    the gradient of MaxPoolWithArgmax, whose argmax counts over the flattened (C, H, W)
    of each sample."""

    index_dims = 3


class MaxPoolGradWithArgmaxV2(_ArgmaxPoolGrad, MaxPoolWithArgmaxV2):
    """MaxPoolGradWithArgmaxV2(kernel_size, strides=None, pads=0, dilation=(1, 1),
    ceil_mode=False, argmax_type=mindspore.int64)(x, grad, argmax): the gradient of
    MaxPoolWithArgmaxV2."""


class MaxPool3DGradWithArgmax(_ArgmaxPoolGrad, MaxPool3DWithArgmax):
    """MaxPool3DGradWithArgmax(ksize, strides, pads, dilation=(1, 1, 1), ceil_mode=False,
    data_format='NCDHW')(x, grads, argmax): the gradient of MaxPool3DWithArgmax."""


class _AdaptiveMaxPoolGrad(_AdaptivePool):
    """The gradient of an adaptive max pool: (y_grad, x, argmax) -> dx of x's shape,
    y_grad summed into the positions argmax gives in the flattened spatial dims of x."""

    def __init__(self):
        super().__init__()

    def check(self, y_grad, x, argmax):
        # the kernel scatters any y_grad whose size matches argmax's
        try:
            rank = self.rank
            ok = (y_grad.shape == argmax.shape and y_grad.dtype is x.dtype and argmax.dtype in INDEX_TYPES
                  and len(y_grad.shape) == len(x.shape) in (rank + 1, rank + 2)
                  and y_grad.shape[:-rank] == x.shape[:-rank])
        except AttributeError:
            ok = False
        if not ok:
            self.infer(y_grad, x, argmax)

    def infer(self, y_grad, x, argmax):
        op, rank = self.name, self.rank
        _check_input(op, "x", x, (rank + 1, rank + 2), FLOAT_TYPES)
        require_tensor(op, "y_grad", y_grad)
        check_same_dtype(op, ("x", "y_grad"), (x.dtype, y_grad.dtype))
        if len(y_grad.shape) != len(x.shape) or tuple(y_grad.shape[:-rank]) != tuple(x.shape[:-rank]):
            raise ValueError(f"For '{op}', the 'y_grad' must have the leading dims of 'x' "
                             f"{tuple(x.shape[:-rank])} and {rank} spatial dims, but got shape "
                             f"{tuple(y_grad.shape)}.")
        _check_argmax(op, argmax, y_grad.shape)
        return TensorSpec(x.shape, x.dtype)


class AdaptiveMaxPool1DGrad(_AdaptiveMaxPoolGrad):
    """AdaptiveMaxPool1DGrad()(y_grad, x, argmax): the gradient of AdaptiveMaxPool1D
    (spore's own, as AdaptiveMaxPool2DGrad)."""

    rank = 1


class AdaptiveMaxPool2DGrad(_AdaptiveMaxPoolGrad):
    """AdaptiveMaxPool2DGrad()(y_grad, x, argmax): the gradient of AdaptiveMaxPool2D."""


class AdaptiveMaxPool3DGrad(_AdaptiveMaxPoolGrad):
    """AdaptiveMaxPool3DGrad()(input_grad, x, argmax): the gradient of AdaptiveMaxPool3D."""

    rank = 3


class _AdaptiveAvgPoolGrad(_AdaptivePool):
    """The gradient of an adaptive average pool: (input_grad, orig_input_shape) -> a
    tensor of that shape, each output's gradient spread evenly over its cell (sums where
    cells overlap)."""

    def __init__(self):
        super().__init__()

    def check(self, input_grad, orig_input_shape):
        # torch reads the spatial sizes only
        try:
            rank = self.rank
            ok = (isinstance(orig_input_shape, tuple) and len(orig_input_shape) == len(input_grad.shape)
                  and orig_input_shape[:-rank] == input_grad.shape[:-rank])
        except AttributeError:
            ok = False
        if not ok:
            self.infer(input_grad, orig_input_shape)

    def infer(self, input_grad, orig_input_shape):
        op, rank = self.name, self.rank
        _check_input(op, "input_grad", input_grad, (rank + 1, rank + 2), FLOAT_TYPES)
        shape = _int_values(op, "orig_input_shape", orig_input_shape, len(input_grad.shape))
        if shape[:-rank] != tuple(input_grad.shape[:-rank]) or any(n <= 0 for n in shape[-rank:]):
            raise ValueError(f"For '{op}', the 'orig_input_shape' must have the leading dims of "
                             f"'input_grad' {tuple(input_grad.shape[:-rank])} and positive spatial "
                             f"sizes, but got {shape}.")
        return TensorSpec(shape, input_grad.dtype)


class AdaptiveAvgPool1DGrad(_AdaptiveAvgPoolGrad):
    """AdaptiveAvgPool1DGrad()(input_grad, orig_input_shape): the gradient of
    AdaptiveAvgPool1D (spore's own, as AdaptiveAvgPool2DGrad)."""

    rank = 1


class AdaptiveAvgPool2DGrad(_AdaptiveAvgPoolGrad):
    """AdaptiveAvgPool2DGrad()(input_grad, orig_input_shape): the gradient of
    AdaptiveAvgPool2D."""


class AdaptiveAvgPool3DGrad(_AdaptiveAvgPoolGrad):
    """AdaptiveAvgPool3DGrad()(y_grad, orig_input_shape): the gradient of
    AdaptiveAvgPool3D."""

    rank = 3


class _FunctionalAvgPoolGrad(_FunctionalAvgPool):
    """The gradient of AvgPool1D / AvgPool2D: (grad, image, kernel_size, stride=None,
    padding=0, ceil_mode=False, count_include_pad=True, divisor_override=None) -> the
    gradient with respect to image, each output's gradient over its divisor spread over
    its window."""

    def infer(self, grad, image, kernel_size, stride=None, padding=0, ceil_mode=False,
              count_include_pad=True, divisor_override=None):
        spec = super().infer(image, kernel_size, stride, padding, ceil_mode, count_include_pad,
                             divisor_override)
        _check_like(self.name, "grad", grad, spec, "image", "the pool's output shape")
        return TensorSpec(image.shape, image.dtype)


class AvgPool1DGrad(_FunctionalAvgPoolGrad):
    """AvgPool1DGrad()(grad, image, kernel_size, stride=None, padding=0, ceil_mode=False,
    count_include_pad=True): the gradient of AvgPool1D (spore's own, as AvgPool2DGrad)."""

    rank = 1


class AvgPool2DGrad(_FunctionalAvgPoolGrad):
    """AvgPool2DGrad()(grad, image, kernel_size, stride=None, padding=0, ceil_mode=False,
    count_include_pad=True, divisor_override=None): the gradient of AvgPool2D."""


class ResizeNearestNeighborGrad(_ImageResizeOfInput):
    """ResizeNearestNeighborGrad(align_corners=False, half_pixel_centers=False)(grads,
    size): the gradient of ResizeNearestNeighbor with respect to an image of spatial
    size (h, w): each output's gradient added to the pixel it copied."""

    dtypes = REAL_TYPES
    data_arg = "grads"


class ResizeNearestNeighborV2Grad(ResizeNearestNeighborV2):
    """ResizeNearestNeighborV2Grad(align_corners=False, half_pixel_centers=False)(grads,
    size): the gradient of ResizeNearestNeighborV2 (grads (N, C, h, w) with size (H, W),
    or (N, C, w) with size (W,))."""

    data_arg = "grads"


def _is_resize_grad(grads, image, rank: int) -> bool:
    """The cheap test of `check`: the kernel resamples grads into any image shape."""
    try:
        return (len(grads.shape) == len(image.shape) == rank + 2 and grads.dtype is image.dtype
                and grads.shape[:2] == image.shape[:2])
    except AttributeError:
        return False


def _resize_grad_spec(op: str, grads, image, rank: int, image_arg: str) -> TensorSpec:
    """grads is the gradient of a resize of `image` (N, C, *spatial) to any size."""
    _check_input(op, "grads", grads, rank + 2, FLOAT_TYPES)
    _check_input(op, image_arg, image, rank + 2, FLOAT_TYPES)
    check_same_dtype(op, (image_arg, "grads"), (image.dtype, grads.dtype))
    if tuple(grads.shape[:2]) != tuple(image.shape[:2]):
        raise ValueError(f"For '{op}', the 'grads' and '{image_arg}' must have the same batch and "
                         f"channel sizes, but got shapes {tuple(grads.shape)} and "
                         f"{tuple(image.shape)}.")
    return TensorSpec(image.shape, image.dtype)


class _ImageResizeGrad(_ImageResize):
    """(align_corners=False, half_pixel_centers=False)(grads, image): the gradient of a
    resize with respect to its input image (N, C, H, W), the transposed resampling: each
    output's gradient added to the pixels it read, with the weights it read them with."""

    def __init__(self, align_corners=False, half_pixel_centers=False):
        super().__init__()
        self._init_corners(align_corners, half_pixel_centers)

    def check(self, grads, image):
        if not _is_resize_grad(grads, image, 2):
            self.infer(grads, image)

    def infer(self, grads, image):
        return _resize_grad_spec(self.name, grads, image, 2, "image")


class ResizeBilinearGrad(_ImageResizeGrad):
    """ResizeBilinearGrad(align_corners=False, half_pixel_centers=False)(grads, image):
    the gradient of ResizeBilinear / ResizeBilinearV2."""


class ResizeBicubicGrad(_ImageResizeGrad):
    """ResizeBicubicGrad(align_corners=False, half_pixel_centers=False)(grads, image):
    the gradient of ResizeBicubic."""


class ResizeLinear1DGrad(ResizeLinear1D):
    """ResizeLinear1DGrad(coordinate_transformation_mode='align_corners')(grads, x): the
    gradient of ResizeLinear1D with respect to x (N, C, W)."""

    def check(self, grads, x):
        if not _is_resize_grad(grads, x, 1):
            self.infer(grads, x)

    def infer(self, grads, x):
        return _resize_grad_spec(self.name, grads, x, 1, "x")


class _Upsample3DGrad(_Upsample3D):
    """The gradient of a 3-D upsampling: (dy, input_size, output_size=None, scales=None)
    -> the gradient with respect to an input of shape input_size, dy being the gradient
    of the output the same output_size / scales gave."""

    def infer(self, dy, input_size, output_size=None, scales=None):
        op = self.name
        _check_input(op, "dy", dy, 5, self.dtypes)
        shape = _int_values(op, "input_size", input_size, 5)
        expected = shape[:2] + self.output_sizes(TensorSpec(shape, dy.dtype), output_size, scales)
        if tuple(dy.shape) != expected:
            raise ValueError(f"For '{op}', the shape of 'dy' must be the upsampled shape "
                             f"{expected}, but got {tuple(dy.shape)}.")
        return TensorSpec(shape, dy.dtype)


class UpsampleNearest3DGrad(_Upsample3DGrad, UpsampleNearest3D):
    """UpsampleNearest3DGrad()(dy, input_size, output_size=None, scales=None): the
    gradient of UpsampleNearest3D."""


class UpsampleTrilinear3DGrad(_Upsample3DGrad, UpsampleTrilinear3D):
    """UpsampleTrilinear3DGrad(align_corners=False)(dy, input_size, output_size=None,
    scales=None): the gradient of UpsampleTrilinear3D."""
