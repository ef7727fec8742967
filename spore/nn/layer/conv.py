"""Convolution layers: Conv1d, Conv2d, Conv3d and the transposed Conv1dTranspose,
Conv2dTranspose, Conv3dTranspose.

Each holds a `weight` Parameter, and a `bias` with has_bias, and calls the convolution
primitives of ops/operations/conv_ops.py. As in MindSpore:

- a convolution's weight is (C_out, C_in / group, *kernel_size), a transposed
  convolution's (C_in, C_out / group, *kernel_size);
- the 1-D layers are 2-D convolutions of a height-1 input, so their weight is
  (C_out, C_in / group, 1, K) (checkpoints interchange with MindSpore's) and their
  attributes read kernel_size=(1, K), padding=(0, 0, p, p);
- the default weight_init is 'normal' (N(0, 0.01^2)) and bias_init 'zeros', as in the
  MindSpore releases of the seed tutorials (their LeNet5 prints a loss of ln 10 from
  these); None selects MindSpore 2.3+'s defaults: HeUniform(negative_slope=sqrt(5)),
  i.e. U(-1/sqrt(fan_in), 1/sqrt(fan_in)) with fan_in = weight.shape[1] *
  prod(kernel_size), and a bias U(-1/sqrt(fan_in), 1/sqrt(fan_in)).

pad_mode is 'same' (output ceil(in / stride), the odd padding element at the end),
'valid' (no padding) or 'pad' (explicit `padding`), in lower case as MindSpore requires.
"""
from __future__ import annotations

import math

import numpy as np

from ...common import dtype as mstype
from ...common.initializer import HeUniform, Uniform, initializer
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ...ops.operations import array_ops as A
from ...ops.operations import conv_ops as C
from ...ops.operations import nn_ops as N
from ...ops.validator import check_bool, check_positive_int, check_string, check_type
from ..cell import Cell

__all__ = ["Conv1d", "Conv2d", "Conv3d", "Conv1dTranspose", "Conv2dTranspose", "Conv3dTranspose"]

_PAD_MODES = ("same", "valid", "pad")
_LAYOUTS = {3: "(N, C_in, L)", 4: "(N, C_in, H, W)", 5: "(N, C_in, D, H, W)"}


# ---- argument rules ------------------------------------------------------------------------
def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _window_arg(cell: str, arg: str, value, rank: int) -> tuple:
    """kernel_size / stride / dilation: an int or a tuple of `rank` ints, each >= 1."""
    if _is_int(value):
        value = (value,) * rank
    elif not (isinstance(value, tuple) and all(_is_int(v) for v in value)):
        raise TypeError(f"For '{cell}', the '{arg}' must be an int or a tuple of {rank} ints, but got "
                        f"{value!r}.")
    if len(value) != rank:
        raise ValueError(f"For '{cell}', the '{arg}' must be an int or a tuple of {rank} ints, but got "
                         f"{value}.")
    if any(v < 1 for v in value):
        raise ValueError(f"For '{cell}', every value of '{arg}' must be a positive int, but got {value}.")
    return value


def _padding_arg(cell: str, padding, rank: int, pad_mode: str):
    """An int, or a tuple of 2 * rank ints ((begin, end) per spatial dim), each >= 0; all
    zero unless pad_mode is 'pad'. Returned as given."""
    values = (padding,) if _is_int(padding) else padding
    if not (isinstance(values, tuple) and all(_is_int(v) for v in values)):
        raise TypeError(f"For '{cell}', the 'padding' must be an int or a tuple of {2 * rank} ints, but "
                        f"got {padding!r}.")
    if isinstance(padding, tuple) and len(padding) != 2 * rank:
        raise ValueError(f"For '{cell}', the 'padding' must be an int or a tuple of {2 * rank} ints, but "
                         f"got {padding}.")
    if any(v < 0 for v in values):
        raise ValueError(f"For '{cell}', the 'padding' must be non-negative, but got {padding}.")
    if pad_mode != "pad" and any(values):
        raise ValueError(f"For '{cell}', the 'padding' must be 0 when 'pad_mode' is not 'pad', but got "
                         f"padding {padding} and pad_mode '{pad_mode}'.")
    return padding


def _pad_pairs(padding, rank: int) -> tuple:
    """The (begin, end) padding of each spatial dim."""
    pads = (padding,) * (2 * rank) if _is_int(padding) else padding
    return tuple(zip(pads[0::2], pads[1::2]))


def _check_data_format(cell: str, data_format, expected: str) -> str:
    check_type(cell, "data_format", data_format, str)
    if data_format != expected:
        raise ValueError(f"For '{cell}', the 'data_format' must be '{expected}' (MindSpore supports "
                         f"'NHWC' on GPU only), but got '{data_format}'.")
    return data_format


def _output_padding_arg(cell: str, output_padding, rank: int, stride: tuple, dilation: tuple,
                        pad_mode: str) -> tuple:
    """An int or a tuple of `rank` ints, each in [0, max(stride, dilation)) of its dim;
    non-zero only with pad_mode 'pad'."""
    values = (output_padding,) * rank if _is_int(output_padding) else output_padding
    if not (isinstance(values, tuple) and all(_is_int(v) for v in values)):
        raise TypeError(f"For '{cell}', the 'output_padding' must be an int or a tuple of {rank} ints, "
                        f"but got {output_padding!r}.")
    if len(values) != rank:
        raise ValueError(f"For '{cell}', the 'output_padding' must be an int or a tuple of {rank} ints, "
                         f"but got {output_padding}.")
    if any(not 0 <= v < max(s, d) for v, s, d in zip(values, stride, dilation)):
        raise ValueError(f"For '{cell}', each 'output_padding' must be in [0, max(stride, dilation)) of "
                         f"its dim, but got output_padding {output_padding}, stride {stride} and "
                         f"dilation {dilation}.")
    if pad_mode != "pad" and any(values):
        raise ValueError(f"For '{cell}', the 'output_padding' must be 0 when 'pad_mode' is not 'pad', "
                         f"but got output_padding {output_padding} and pad_mode '{pad_mode}'.")
    return values


def _one_dim_int(cell: str, arg: str, value, minimum: int = 1) -> int:
    """The 1-D layers' kernel_size, stride, dilation (>= 1) and padding (>= 0): ints."""
    check_type(cell, arg, value, int)
    if value < minimum:
        raise ValueError(f"For '{cell}', the '{arg}' must be at least {minimum}, but got {value}.")
    return value


def _height_one_weight(cell: str, weight_init):
    """A 1-D layer's weight_init given as a 3-D Tensor (C, C', K), reshaped to the
    layer's (C, C', 1, K) weight; other initializers pass unchanged."""
    if not isinstance(weight_init, Tensor):
        return weight_init
    if weight_init.ndim != 3:
        raise ValueError(f"For '{cell}', a Tensor 'weight_init' must be 3-D, but got shape "
                         f"{weight_init.shape}.")
    return Tensor(np.expand_dims(weight_init.asnumpy(), 2), weight_init.dtype)


def _transposed_size(size: int, kernel: int, stride: int, dilation: int, pads: tuple,
                     pad_mode: str) -> int:
    """The output size of a transposed convolution along one dim: the input size of the
    convolution it reverses."""
    extent = (kernel - 1) * dilation + 1
    if pad_mode == "pad":
        return (size - 1) * stride + extent - sum(pads)
    if pad_mode == "same":
        return size * stride
    return size * stride + max(extent - stride, 0)


# ---- layers ----------------------------------------------------------------------------------
class _Conv(Cell):
    """The arguments, Parameters, input check and repr shared by the convolution layers.

    `rank` is the number of spatial dims of the underlying primitive (2 for the 1-D
    layers); subclasses pass kernel_size, stride and dilation as ints or `rank`-tuples.
    """

    rank = 2
    transposed = False

    def __init__(self, in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation,
                 group, has_bias, weight_init, bias_init, data_format, dtype):
        super().__init__()
        name, rank = self.cls_name, self.rank
        self.in_channels = check_positive_int(name, "in_channels", in_channels)
        self.out_channels = check_positive_int(name, "out_channels", out_channels)
        self.kernel_size = _window_arg(name, "kernel_size", kernel_size, rank)
        self.stride = _window_arg(name, "stride", stride, rank)
        self.pad_mode = check_string(name, "pad_mode", pad_mode, _PAD_MODES, case_sensitive=True)
        self.padding = _padding_arg(name, padding, rank, self.pad_mode)
        self.dilation = _window_arg(name, "dilation", dilation, rank)
        self.group = check_positive_int(name, "group", group)
        if in_channels % group or out_channels % group:
            raise ValueError(f"For '{name}', the 'in_channels' and 'out_channels' must be divisible by "
                             f"'group', but got in_channels {in_channels}, out_channels {out_channels} "
                             f"and group {group}.")
        self.has_bias = check_bool(name, "has_bias", has_bias)
        self.data_format = data_format
        channels = (in_channels, out_channels // group) if self.transposed else \
            (out_channels, in_channels // group)
        shape = channels + self.kernel_size
        self.weight_init = HeUniform(math.sqrt(5)) if weight_init is None else weight_init
        self.weight = Parameter(initializer(self.weight_init, shape, dtype=dtype), name="weight")
        self.bias_init = bias_init
        self.bias = None
        if has_bias:
            if bias_init is None:
                fan_in = shape[1] * math.prod(shape[2:])
                self.bias_init = Uniform(1 / math.sqrt(fan_in))
            self.bias = Parameter(initializer(self.bias_init, (out_channels,), dtype=dtype), name="bias")

    def _check_input(self, x, rank: int) -> None:
        """x is a Tensor of `rank` dims with in_channels channels on axis 1."""
        if not isinstance(x, Tensor):
            raise TypeError(f"For '{self.cls_name}', the input must be a Tensor, but got "
                            f"{type(x).__name__}.")
        shape = x.shape
        if len(shape) != rank:
            raise ValueError(f"For '{self.cls_name}', the input must be a {rank}-D Tensor "
                             f"{_LAYOUTS[rank]}, but got shape {shape}.")
        if shape[1] != self.in_channels:
            raise ValueError(f"For '{self.cls_name}', the input must have {self.in_channels} channels "
                             f"(shape[1]), but got {shape[1]} (input shape {shape}).")

    def _transposed_sizes(self, sizes) -> tuple:
        """The spatial output sizes of a transposed layer for input spatial `sizes`."""
        return tuple(_transposed_size(n, k, s, d, pads, self.pad_mode) for n, k, s, d, pads in
                     zip(sizes, self.kernel_size, self.stride, self.dilation,
                         _pad_pairs(self.padding, self.rank)))

    def extend_repr(self) -> str:
        return (f"input_channels={self.in_channels}, output_channels={self.out_channels}, "
                f"kernel_size={self.kernel_size}, stride={self.stride}, pad_mode={self.pad_mode}, "
                f"padding={self.padding}, dilation={self.dilation}, group={self.group}, "
                f"has_bias={self.has_bias}, weight_init={self.weight_init}, "
                f"bias_init={self.bias_init}, format={self.data_format}")


class Conv2d(_Conv):
    """Conv2d(in_channels, out_channels, kernel_size, stride=1, pad_mode='same', padding=0,
    dilation=1, group=1, has_bias=False, weight_init='normal', bias_init='zeros',
    data_format='NCHW', dtype=mstype.float32)

    2-D cross-correlation of x (N, C_in, H_in, W_in) with weight
    (C_out, C_in / group, kh, kw), plus bias (C_out,): output (N, C_out, H_out, W_out),
    H_out = ceil(H_in / stride) ('same'),
    floor((H_in - dilation * (kh - 1) - 1) / stride) + 1 ('valid'),
    floor((H_in + top + bottom - dilation * (kh - 1) - 1) / stride) + 1 ('pad'); W alike.
    kernel_size, stride and dilation are an int or (h, w); padding an int or
    (top, bottom, left, right).
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same", padding=0,
                 dilation=1, group=1, has_bias=False, weight_init='normal', bias_init='zeros',
                 data_format="NCHW", dtype=mstype.float32):
        _check_data_format(self.cls_name, data_format, "NCHW")
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation,
                         group, has_bias, weight_init, bias_init, data_format, dtype)
        self.conv2d = C.Conv2D(out_channel=self.out_channels, kernel_size=self.kernel_size, mode=1,
                               pad_mode=self.pad_mode, pad=self.padding, stride=self.stride,
                               dilation=self.dilation, group=self.group)
        self.bias_add = N.BiasAdd()

    def construct(self, x):
        self._check_input(x, 4)
        output = self.conv2d(x, self.weight)
        if self.has_bias:
            output = self.bias_add(output, self.bias)
        return output


class Conv1d(_Conv):
    """Conv1d(in_channels, out_channels, kernel_size, stride=1, pad_mode='same', padding=0,
    dilation=1, group=1, has_bias=False, weight_init='normal', bias_init='zeros',
    dtype=mstype.float32)

    1-D cross-correlation of x (N, C_in, L_in): output (N, C_out, L_out), L_out as H_out
    of Conv2d. kernel_size, stride, padding (both ends) and dilation are ints. The weight
    is (C_out, C_in / group, 1, kernel_size); a Tensor weight_init may be 3-D.
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same", padding=0,
                 dilation=1, group=1, has_bias=False, weight_init='normal', bias_init='zeros',
                 dtype=mstype.float32):
        name = self.cls_name
        kernel_size = _one_dim_int(name, "kernel_size", kernel_size)
        stride = _one_dim_int(name, "stride", stride)
        padding = _one_dim_int(name, "padding", padding, minimum=0)
        dilation = _one_dim_int(name, "dilation", dilation)
        super().__init__(in_channels, out_channels, (1, kernel_size), (1, stride), pad_mode,
                         (0, 0, padding, padding), (1, dilation), group, has_bias,
                         _height_one_weight(name, weight_init), bias_init, "NCHW", dtype)
        self.conv2d = C.Conv2D(out_channel=self.out_channels, kernel_size=self.kernel_size, mode=1,
                               pad_mode=self.pad_mode, pad=self.padding, stride=self.stride,
                               dilation=self.dilation, group=self.group)
        self.bias_add = N.BiasAdd()
        self.expand_dims = A.ExpandDims()
        self.squeeze = A.Squeeze(2)

    def construct(self, x):
        self._check_input(x, 3)
        output = self.conv2d(self.expand_dims(x, 2), self.weight)
        if self.has_bias:
            output = self.bias_add(output, self.bias)
        return self.squeeze(output)


class Conv3d(_Conv):
    """Conv3d(in_channels, out_channels, kernel_size, stride=1, pad_mode='same', padding=0,
    dilation=1, group=1, has_bias=False, weight_init='normal', bias_init='zeros',
    data_format='NCDHW', dtype=mstype.float32)

    3-D cross-correlation of x (N, C_in, D_in, H_in, W_in) with weight
    (C_out, C_in / group, kd, kh, kw): output (N, C_out, D_out, H_out, W_out), each size
    as H_out of Conv2d. kernel_size, stride and dilation are an int or (d, h, w); padding
    an int or (head, tail, top, bottom, left, right).
    """

    rank = 3

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same", padding=0,
                 dilation=1, group=1, has_bias=False, weight_init='normal', bias_init='zeros',
                 data_format="NCDHW", dtype=mstype.float32):
        _check_data_format(self.cls_name, data_format, "NCDHW")
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation,
                         group, has_bias, weight_init, bias_init, data_format, dtype)
        self.conv3d = C.Conv3D(out_channel=self.out_channels, kernel_size=self.kernel_size, mode=1,
                               pad_mode=self.pad_mode, pad=self.padding, stride=self.stride,
                               dilation=self.dilation, group=self.group)
        self.bias_add = N.BiasAdd()

    def construct(self, x):
        self._check_input(x, 5)
        output = self.conv3d(x, self.weight)
        if self.has_bias:
            output = self.bias_add(output, self.bias)
        return output


class Conv2dTranspose(_Conv):
    """Conv2dTranspose(in_channels, out_channels, kernel_size, stride=1, pad_mode='same',
    padding=0, output_padding=0, dilation=1, group=1, has_bias=False, weight_init='normal',
    bias_init='zeros', dtype=mstype.float32)

    The transposed 2-D convolution (the gradient of Conv2d with respect to its input) of
    x (N, C_in, H_in, W_in) with weight (C_in, C_out / group, kh, kw): output
    (N, C_out, H_out, W_out) with H_out = H_in * stride ('same'),
    H_in * stride + max(dilation * (kh - 1) + 1 - stride, 0) ('valid'),
    (H_in - 1) * stride + dilation * (kh - 1) + 1 - top - bottom ('pad'); W alike.
    output_padding (an int or (h, w), only with 'pad') then appends that many zero rows
    and columns at the bottom and right, after the bias (as MindSpore does).
    """

    transposed = True

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same", padding=0,
                 output_padding=0, dilation=1, group=1, has_bias=False, weight_init='normal',
                 bias_init='zeros', dtype=mstype.float32):
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation,
                         group, has_bias, weight_init, bias_init, "NCHW", dtype)
        extra = _output_padding_arg(self.cls_name, output_padding, 2, self.stride, self.dilation,
                                    self.pad_mode)
        self.output_padding = output_padding
        self.conv2d_transpose = C.Conv2DTranspose(out_channel=self.in_channels,
                                                  kernel_size=self.kernel_size, pad_mode=self.pad_mode,
                                                  pad=self.padding, stride=self.stride,
                                                  dilation=self.dilation, group=self.group)
        self.bias_add = N.BiasAdd()
        self.pad = A.Pad(((0, 0), (0, 0), (0, extra[0]), (0, extra[1]))) if any(extra) else None

    def construct(self, x):
        self._check_input(x, 4)
        out_shape = (x.shape[0], self.out_channels) + self._transposed_sizes(x.shape[2:])
        output = self.conv2d_transpose(x, self.weight, out_shape)
        if self.has_bias:
            output = self.bias_add(output, self.bias)
        if self.pad is not None:
            output = self.pad(output)
        return output


class Conv1dTranspose(_Conv):
    """Conv1dTranspose(in_channels, out_channels, kernel_size, stride=1, pad_mode='same',
    padding=0, dilation=1, group=1, has_bias=False, weight_init='normal', bias_init='zeros',
    dtype=mstype.float32)

    The transposed 1-D convolution of x (N, C_in, L_in): output (N, C_out, L_out), L_out
    as H_out of Conv2dTranspose. kernel_size, stride, padding (both ends) and dilation
    are ints. The weight is (C_in, C_out / group, 1, kernel_size); a Tensor weight_init
    may be 3-D.
    """

    transposed = True

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same", padding=0,
                 dilation=1, group=1, has_bias=False, weight_init='normal', bias_init='zeros',
                 dtype=mstype.float32):
        name = self.cls_name
        kernel_size = _one_dim_int(name, "kernel_size", kernel_size)
        stride = _one_dim_int(name, "stride", stride)
        padding = _one_dim_int(name, "padding", padding, minimum=0)
        dilation = _one_dim_int(name, "dilation", dilation)
        super().__init__(in_channels, out_channels, (1, kernel_size), (1, stride), pad_mode,
                         (0, 0, padding, padding), (1, dilation), group, has_bias,
                         _height_one_weight(name, weight_init), bias_init, "NCHW", dtype)
        self.conv2d_transpose = C.Conv2DTranspose(out_channel=self.in_channels,
                                                  kernel_size=self.kernel_size, pad_mode=self.pad_mode,
                                                  pad=self.padding, stride=self.stride,
                                                  dilation=self.dilation, group=self.group)
        self.bias_add = N.BiasAdd()
        self.expand_dims = A.ExpandDims()
        self.squeeze = A.Squeeze(2)

    def construct(self, x):
        self._check_input(x, 3)
        x = self.expand_dims(x, 2)
        out_shape = (x.shape[0], self.out_channels) + self._transposed_sizes(x.shape[2:])
        output = self.conv2d_transpose(x, self.weight, out_shape)
        if self.has_bias:
            output = self.bias_add(output, self.bias)
        return self.squeeze(output)


class Conv3dTranspose(_Conv):
    """Conv3dTranspose(in_channels, out_channels, kernel_size, stride=1, pad_mode='same',
    padding=0, dilation=1, group=1, output_padding=0, has_bias=False, weight_init='normal',
    bias_init='zeros', data_format='NCDHW', dtype=mstype.float32)

    The transposed 3-D convolution of x (N, C_in, D_in, H_in, W_in) with weight
    (C_in, C_out / group, kd, kh, kw): output (N, C_out, D_out, H_out, W_out), each size
    as H_out of Conv2dTranspose plus output_padding (an int or (d, h, w), only with 'pad';
    the extra rows are computed like the others, as MindSpore's Conv3DTranspose does).
    padding is an int or (head, tail, top, bottom, left, right).
    """

    rank = 3
    transposed = True

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same", padding=0,
                 dilation=1, group=1, output_padding=0, has_bias=False, weight_init='normal',
                 bias_init='zeros', data_format="NCDHW", dtype=mstype.float32):
        _check_data_format(self.cls_name, data_format, "NCDHW")
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation,
                         group, has_bias, weight_init, bias_init, data_format, dtype)
        self.output_padding = _output_padding_arg(self.cls_name, output_padding, 3, self.stride,
                                                  self.dilation, self.pad_mode)
        self.conv3d_transpose = C.Conv3DTranspose(
            in_channel=self.in_channels, out_channel=self.out_channels, kernel_size=self.kernel_size,
            mode=1, pad_mode=self.pad_mode, pad=self.padding, stride=self.stride,
            dilation=self.dilation, group=self.group, output_padding=self.output_padding)
        self.bias_add = N.BiasAdd()

    def construct(self, x):
        self._check_input(x, 5)
        output = self.conv3d_transpose(x, self.weight)
        if self.has_bias:
            output = self.bias_add(output, self.bias)
        return output
