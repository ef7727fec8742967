"""Pooling layers: MaxPool1d/2d/3d, AvgPool1d/2d/3d, the adaptive
AdaptiveAvgPool1d/2d/3d, AdaptiveMaxPool1d/2d/3d, the PyTorch-style AvgPool1d/2d/3dExt and
MaxPool2dExt, the power-average LPPool1d/2d, the unpooling MaxUnpool1d/2d/3d and the
fractional FractionalMaxPool2d/3d.

The layers call the pooling primitives of ops/operations/conv_ops.py the way MindSpore's
do, so the same arguments give the same results:

- pad_mode is 'valid', 'same' or 'pad', in any case (stored upper case). 'same' and
  'valid' are TensorFlow's modes (see conv_ops); 'pad' pads `padding` elements at both
  ends of each spatial dim and is the only mode that takes padding, dilation,
  return_indices and ceil_mode (max pools) or padding, ceil_mode, count_include_pad
  and divisor_override (average pools) other than their defaults;
- the 1-D layers pool a height-1 (or depth- and height-1) input;
- every layer also takes an unbatched input (no N axis).
"""
from __future__ import annotations

from ...common import dtype as mstype
from ...common.tensor import Tensor
from ...ops.function import array_func as F
from ...ops.function import conv_func
from ...ops.operations import conv_ops as C
from ...ops.validator import check_bool, check_int, check_string, check_type
from ..cell import Cell

__all__ = [
    "MaxPool1d", "MaxPool2d", "MaxPool3d", "AvgPool1d", "AvgPool2d", "AvgPool3d",
    "AdaptiveAvgPool1d", "AdaptiveAvgPool2d", "AdaptiveAvgPool3d",
    "AdaptiveMaxPool1d", "AdaptiveMaxPool2d", "AdaptiveMaxPool3d",
    "AvgPool1dExt", "AvgPool2dExt", "AvgPool3dExt", "MaxPool2dExt", "LPPool1d", "LPPool2d",
    "MaxUnpool1d", "MaxUnpool2d", "MaxUnpool3d", "FractionalMaxPool2d", "FractionalMaxPool3d",
]


# ---- argument rules ------------------------------------------------------------------------
def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _window_arg(cell: str, arg: str, value):
    """kernel_size / stride: a positive int or a tuple of positive ints (a 1-tuple gives
    its int), kept as given for the repr."""
    check_type(cell, arg, value, (int, tuple))
    values = (value,) if _is_int(value) else value
    if not values or not all(_is_int(v) and v > 0 for v in values):
        raise ValueError(f"For '{cell}', the '{arg}' must be a positive int or a tuple of positive "
                         f"ints, but got {value}.")
    return values[0] if len(values) == 1 else value


def _spatial(cell: str, arg: str, value, rank: int) -> tuple:
    """An int or a tuple of `rank` ints (as `_window_arg` returns them) as a tuple."""
    if _is_int(value):
        return (value,) * rank
    if len(value) != rank:
        raise ValueError(f"For '{cell}', the '{arg}' must be an int or a tuple of {rank} ints, but got "
                         f"{value}.")
    return tuple(value)


def _per_dim(cell: str, arg: str, value, rank: int, minimum: int) -> tuple:
    """padding / dilation: an int, or a tuple or list of 1 or `rank` ints, each at least
    `minimum`; one value per spatial dim."""
    check_type(cell, arg, value, (int, tuple, list))
    values = (value,) if _is_int(value) else tuple(value)
    if len(values) not in (1, rank) or not all(_is_int(v) for v in values):
        raise ValueError(f"For '{cell}', the '{arg}' must be an int or a tuple of 1 or {rank} ints, "
                         f"but got {value}.")
    if any(v < minimum for v in values):
        raise ValueError(f"For '{cell}', every value of '{arg}' must be at least {minimum}, but got "
                         f"{value}.")
    return values * rank if len(values) == 1 else values


def _both_ends(padding: tuple) -> tuple:
    """Per-dim padding as (begin, end) pairs, flattened."""
    return tuple(p for pad in padding for p in (pad, pad))


def _check_pad_only(cell: str, pad_mode: str, **options) -> None:
    """Options other than their defaults (given as flags) need pad_mode 'pad'."""
    changed = [name for name, is_set in options.items() if is_set]
    if changed and pad_mode != "PAD":
        raise ValueError(f"For '{cell}', the {', '.join(repr(n) for n in changed)} can only differ from "
                         f"the default when 'pad_mode' is 'pad', but got pad_mode '{pad_mode}'.")


def _check_divisor(cell: str, divisor_override) -> int:
    """None (the window size divides) or a positive int; returned as the primitives'
    divisor_override (0 for none)."""
    if divisor_override is None:
        return 0
    check_type(cell, "divisor_override", divisor_override, int)
    if divisor_override <= 0:
        raise ValueError(f"For '{cell}', the 'divisor_override' must be > 0, but got {divisor_override}.")
    return divisor_override


def _squeeze_each(output, axis):
    """Squeeze `axis` out of a pool's output, or out of both its values and indices."""
    if isinstance(output, tuple):
        return tuple(F.squeeze(o, axis) for o in output)
    return F.squeeze(output, axis)


# ---- windowed pools ------------------------------------------------------------------------
class _PoolNd(Cell):
    """The shared arguments, batching and repr of the windowed pools.

    Subclasses implement `_pool(x)` on a batched input of `rank` + 2 dims."""

    rank = 2

    def __init__(self, kernel_size, stride, pad_mode, data_format="NCHW"):
        super().__init__()
        name = self.cls_name
        check_type(name, "pad_mode", pad_mode, str)
        self.pad_mode = check_string(name, "pad_mode", pad_mode, ("VALID", "SAME", "PAD"))
        check_type(name, "data_format", data_format, str)
        if data_format != "NCHW":
            raise ValueError(f"For '{name}', the 'data_format' must be 'NCHW' (MindSpore supports 'NHWC' "
                             f"on GPU only), but got '{data_format}'.")
        self.format = data_format
        self.kernel_size = _window_arg(name, "kernel_size", kernel_size)
        self.stride = _window_arg(name, "stride", stride)

    def construct(self, x):
        if not isinstance(x, Tensor):
            raise TypeError(f"For '{self.cls_name}', the input must be a Tensor, but got "
                            f"{type(x).__name__}.")
        rank = len(x.shape)
        if rank == self.rank + 2:
            return self._pool(x)
        if rank == self.rank + 1:
            return _squeeze_each(self._pool(F.expand_dims(x, 0)), 0)
        raise ValueError(f"For '{self.cls_name}', the input must be {self.rank + 1}-D or "
                         f"{self.rank + 2}-D, but got shape {x.shape}.")

    def _pool(self, x):
        raise NotImplementedError

    def extend_repr(self) -> str:
        return f"kernel_size={self.kernel_size}, stride={self.stride}, pad_mode={self.pad_mode}"


class MaxPool2d(_PoolNd):
    """MaxPool2d(kernel_size=1, stride=1, pad_mode='valid', padding=0, dilation=1,
    return_indices=False, ceil_mode=False, data_format='NCHW')

    The maximum of each window of x (N, C, H_in, W_in) or (C, H_in, W_in): output
    (N, C, H_out, W_out), H_out = ceil(H_in / stride) ('same'),
    ceil((H_in - kh + 1) / stride) ('valid'),
    floor((H_in + 2 * padding - dilation * (kh - 1) - 1) / stride) + 1 ('pad'; ceil with
    ceil_mode). kernel_size and stride are an int or (h, w); padding (at most half the
    kernel) and dilation an int or (h, w). With return_indices, also the int64 position of
    each maximum in its flattened (H_in, W_in) plane.
    """

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, dilation=1,
                 return_indices=False, ceil_mode=False, data_format="NCHW"):
        super().__init__(kernel_size, stride, pad_mode, data_format)
        name = self.cls_name
        self.return_indices = check_bool(name, "return_indices", return_indices)
        check_bool(name, "ceil_mode", ceil_mode)
        kernel = _spatial(name, "kernel_size", self.kernel_size, 2)
        stride = _spatial(name, "stride", self.stride, 2)
        padding = _per_dim(name, "padding", padding, 2, minimum=0)
        dilation = _per_dim(name, "dilation", dilation, 2, minimum=1)
        self.use_pad = self.pad_mode == "PAD"
        _check_pad_only(name, self.pad_mode, padding=any(padding), dilation=dilation != (1, 1),
                        return_indices=return_indices, ceil_mode=ceil_mode)
        if self.use_pad:
            # MindSpore pools a unit depth with the 3-D primitive, whose NaN rule is torch's
            self.padding = padding
            self.max_pool = C.MaxPool3DWithArgmax((1,) + kernel, (1,) + stride, (0,) + padding,
                                                  (1,) + dilation, ceil_mode)
        else:
            self.max_pool = C.MaxPool(kernel, stride, self.pad_mode)

    def _pool(self, x):
        if not self.use_pad:
            return self.max_pool(x)
        output, indices = _squeeze_each(self.max_pool(F.expand_dims(x, 2)), 2)
        return (output, indices) if self.return_indices else output


class MaxPool1d(_PoolNd):
    """MaxPool1d(kernel_size=1, stride=1, pad_mode='valid', padding=0, dilation=1,
    return_indices=False, ceil_mode=False)

    The maximum of each window of x (N, C, L_in) or (C, L_in): output (N, C, L_out),
    L_out as H_out of MaxPool2d. kernel_size and stride are ints; padding and dilation an
    int or (p,). With return_indices, also the int64 position of each maximum in L_in.
    """

    rank = 1

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, dilation=1,
                 return_indices=False, ceil_mode=False):
        super().__init__(kernel_size, stride, pad_mode)
        name = self.cls_name
        check_int(name, "kernel_size", kernel_size, minimum=1)
        check_int(name, "stride", stride, minimum=1)
        self.return_indices = check_bool(name, "return_indices", return_indices)
        check_bool(name, "ceil_mode", ceil_mode)
        padding = _per_dim(name, "padding", padding, 1, minimum=0)
        dilation = _per_dim(name, "dilation", dilation, 1, minimum=1)
        self.use_pad = self.pad_mode == "PAD"
        _check_pad_only(name, self.pad_mode, padding=any(padding), dilation=dilation != (1,),
                        return_indices=return_indices, ceil_mode=ceil_mode)
        if self.use_pad:
            # MindSpore pools a unit depth and height with the 3-D primitive (torch's NaN rule)
            self.padding = (0,) + padding
            self.max_pool = C.MaxPool3DWithArgmax((1, 1, kernel_size), (1, 1, stride), (0,) + self.padding,
                                                  (1, 1) + dilation, ceil_mode)
        else:
            self.max_pool = C.MaxPool((1, kernel_size), (1, stride), self.pad_mode)
        # MindSpore's attribute values (they show in the repr)
        lead = (1, 1) if self.use_pad else (1,)
        self.kernel_size, self.stride = lead + (kernel_size,), lead + (stride,)

    def _pool(self, x):
        if not self.use_pad:
            return F.squeeze(self.max_pool(F.expand_dims(x, 2)), 2)
        output, indices = _squeeze_each(_squeeze_each(self.max_pool(F.expand_dims(F.expand_dims(x, 2), 2)), 2), 2)
        return (output, indices) if self.return_indices else output


class MaxPool3d(_PoolNd):
    """MaxPool3d(kernel_size=1, stride=1, pad_mode='valid', padding=0, dilation=1,
    return_indices=False, ceil_mode=False)

    The maximum of each window of x (N, C, D_in, H_in, W_in) or (C, D_in, H_in, W_in):
    output (N, C, D_out, H_out, W_out), each size as H_out of MaxPool2d. kernel_size,
    stride, padding and dilation are an int or (d, h, w). dilation and return_indices
    (the int64 position of each maximum in the flattened (D_in, H_in, W_in) volume) need
    pad_mode 'pad'.
    """

    rank = 3

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, dilation=1,
                 return_indices=False, ceil_mode=False):
        super().__init__(kernel_size, stride, pad_mode)
        name = self.cls_name
        self.return_indices = check_bool(name, "return_indices", return_indices)
        check_bool(name, "ceil_mode", ceil_mode)
        kernel = _spatial(name, "kernel_size", self.kernel_size, 3)
        stride = _spatial(name, "stride", self.stride, 3)
        padding = _per_dim(name, "padding", padding, 3, minimum=0)
        dilation = _per_dim(name, "dilation", dilation, 3, minimum=1)
        _check_pad_only(name, self.pad_mode, padding=any(padding), dilation=dilation != (1, 1, 1),
                        return_indices=return_indices, ceil_mode=ceil_mode)
        # only the arg-max primitive dilates and gives indices
        self.with_argmax = dilation != (1, 1, 1) or return_indices
        if self.with_argmax:
            self.max_pool = C.MaxPool3DWithArgmax(kernel, stride, padding, dilation, ceil_mode)
        else:
            self.max_pool = C.MaxPool3D(kernel, stride, self.pad_mode, _both_ends(padding),
                                        True if ceil_mode else None)

    def _pool(self, x):
        if not self.with_argmax:
            return self.max_pool(x)
        output, indices = self.max_pool(x)
        return (output, indices) if self.return_indices else output


class AvgPool2d(_PoolNd):
    """AvgPool2d(kernel_size=1, stride=1, pad_mode='valid', padding=0, ceil_mode=False,
    count_include_pad=True, divisor_override=None, data_format='NCHW')

    The mean of each window of x (N, C, H_in, W_in) or (C, H_in, W_in): output
    (N, C, H_out, W_out), sizes as MaxPool2d's. kernel_size and stride are an int or
    (h, w), padding an int or (h, w). The divisor is divisor_override if given, else the
    number of window elements inside the input, or with count_include_pad inside the
    padded input. As in MindSpore, 'same' padding counts only when another option
    (ceil_mode, count_include_pad, divisor_override) takes the AvgPool3D path.
    """

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, ceil_mode=False,
                 count_include_pad=True, divisor_override=None, data_format="NCHW"):
        super().__init__(kernel_size, stride, pad_mode, data_format)
        name = self.cls_name
        check_bool(name, "ceil_mode", ceil_mode)
        check_bool(name, "count_include_pad", count_include_pad)
        divisor = _check_divisor(name, divisor_override)
        kernel = _spatial(name, "kernel_size", self.kernel_size, 2)
        stride = _spatial(name, "stride", self.stride, 2)
        padding = _per_dim(name, "padding", padding, 2, minimum=0)
        _check_pad_only(name, self.pad_mode, padding=any(padding))
        # the plain primitive has no options: the others pool a depth-1 volume
        self.is_expand = (self.pad_mode == "PAD" or any(padding) or ceil_mode or not count_include_pad
                          or divisor_override is not None)
        if self.is_expand:
            self.avg_pool = C.AvgPool3D((1,) + kernel, (1,) + stride, self.pad_mode,
                                        (0, 0) + _both_ends(padding), ceil_mode, count_include_pad,
                                        divisor)
        else:
            self.avg_pool = C.AvgPool(kernel, stride, self.pad_mode)

    def _pool(self, x):
        if self.is_expand:
            return F.squeeze(self.avg_pool(F.expand_dims(x, 2)), 2)
        return self.avg_pool(x)


class AvgPool1d(_PoolNd):
    """AvgPool1d(kernel_size=1, stride=1, pad_mode='valid', padding=0, ceil_mode=False,
    count_include_pad=True)

    The mean of each window of x (N, C, L_in) or (C, L_in): output (N, C, L_out), sizes
    as MaxPool1d's. kernel_size and stride are ints, padding an int or (p,); the divisor
    as AvgPool2d's.

    As in MindSpore, without padding options an input whose length fits exactly one
    window (kernel_size <= L_in < kernel_size + stride) gives that one window's mean,
    also with pad_mode 'same'.
    """

    rank = 1

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, ceil_mode=False,
                 count_include_pad=True):
        super().__init__(kernel_size, stride, pad_mode)
        name = self.cls_name
        check_int(name, "kernel_size", kernel_size, minimum=1)
        check_int(name, "stride", stride, minimum=1)
        check_bool(name, "ceil_mode", ceil_mode)
        check_bool(name, "count_include_pad", count_include_pad)
        padding = _per_dim(name, "padding", padding, 1, minimum=0)
        _check_pad_only(name, self.pad_mode, padding=any(padding))
        self.is_expand_3d = (self.pad_mode == "PAD" or any(padding) or ceil_mode
                             or not count_include_pad)
        self.one_window = None
        if self.is_expand_3d:
            self.avg_pool = C.AvgPool3D((1, 1, kernel_size), (1, 1, stride), self.pad_mode,
                                        (0, 0, 0, 0) + _both_ends(padding), ceil_mode,
                                        count_include_pad)
        else:
            # MindSpore's attribute values (they show in the repr)
            self.kernel_size, self.stride = (1, kernel_size), (1, stride)
            self.avg_pool = C.AvgPool(self.kernel_size, self.stride, self.pad_mode)
            if self.pad_mode == "SAME":
                self.one_window = C.AvgPool(self.kernel_size, self.stride, "VALID")

    def _pool(self, x):
        if self.is_expand_3d:
            return F.squeeze(self.avg_pool(F.expand_dims(F.expand_dims(x, 2), 2)), (2, 3))
        pool = self.avg_pool
        kernel, stride = self.kernel_size[1], self.stride[1]
        if self.one_window is not None and kernel <= x.shape[2] < kernel + stride:
            pool = self.one_window
        return F.squeeze(pool(F.expand_dims(x, 2)), 2)


class AvgPool3d(_PoolNd):
    """AvgPool3d(kernel_size=1, stride=1, pad_mode='valid', padding=0, ceil_mode=False,
    count_include_pad=True, divisor_override=None)

    The mean of each window of x (N, C, D_in, H_in, W_in) or (C, D_in, H_in, W_in):
    output (N, C, D_out, H_out, W_out), sizes as MaxPool3d's. kernel_size, stride and
    padding are an int or (d, h, w). The divisor is divisor_override if given, else the
    number of window elements inside the input, or with count_include_pad (the default)
    inside the padded input, 'same' padding included.
    """

    rank = 3

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, ceil_mode=False,
                 count_include_pad=True, divisor_override=None):
        super().__init__(kernel_size, stride, pad_mode)
        name = self.cls_name
        check_bool(name, "ceil_mode", ceil_mode)
        check_bool(name, "count_include_pad", count_include_pad)
        divisor = _check_divisor(name, divisor_override)
        padding = _per_dim(name, "padding", padding, 3, minimum=0)
        _check_pad_only(name, self.pad_mode, padding=any(padding))
        self.avg_pool = C.AvgPool3D(_spatial(name, "kernel_size", self.kernel_size, 3),
                                    _spatial(name, "stride", self.stride, 3), self.pad_mode,
                                    _both_ends(padding), ceil_mode, count_include_pad, divisor)

    def _pool(self, x):
        return self.avg_pool(x)


# ---- adaptive pools ------------------------------------------------------------------------
class _AdaptivePool1d(Cell):
    """An adaptive 1-D pool as MindSpore has it: x (N, C, L_in) with L_in a multiple of
    output_size, pooled in windows of L_in / output_size to (N, C, output_size)."""

    def __init__(self, output_size):
        super().__init__()
        self.output_size = check_int(self.cls_name, "output_size", output_size, minimum=1)

    def construct(self, input):
        name = self.cls_name
        if not isinstance(input, Tensor):
            raise TypeError(f"For '{name}', the input must be a Tensor, but got {type(input).__name__}.")
        shape = input.shape
        if len(shape) != 3:
            raise ValueError(f"For '{name}', the input must be 3-D (N, C, L), but got shape {shape}.")
        if shape[2] < self.output_size or shape[2] % self.output_size:
            raise ValueError(f"For '{name}', the input's last dimension must be a multiple of "
                             f"output_size {self.output_size}, but got {shape[2]}.")
        return self._pool(input)

    def _pool(self, x):
        raise NotImplementedError


class AdaptiveAvgPool1d(_AdaptivePool1d):
    """AdaptiveAvgPool1d(output_size): x (N, C, L_in) to (N, C, output_size), each output
    the mean of its L_in / output_size inputs (L_in must be a multiple of output_size)."""

    def __init__(self, output_size):
        super().__init__(output_size)
        self.adaptive_avg_pool = C.AdaptiveAvgPool1D()

    def _pool(self, x):
        return self.adaptive_avg_pool(x, self.output_size)


class AdaptiveMaxPool1d(_AdaptivePool1d):
    """AdaptiveMaxPool1d(output_size): x (N, C, L_in) to (N, C, output_size), each output
    the maximum of its L_in / output_size inputs (L_in must be a multiple of
    output_size)."""

    def __init__(self, output_size):
        super().__init__(output_size)
        self.adaptive_max_pool = C.AdaptiveMaxPool1D()

    def _pool(self, x):
        if x.dtype not in (mstype.float16, mstype.float32):
            raise TypeError(f"For {self.cls_name}, the x_dtype must be float16 or float32, but got {x.dtype}.")
        return self.adaptive_max_pool(x, self.output_size)[0]


class AdaptiveAvgPool2d(Cell):
    """AdaptiveAvgPool2d(output_size): x (N, C, H_in, W_in) or (C, H_in, W_in) to
    (N, C, H_out, W_out); output_size is an int or (H_out, W_out), None keeping the input's
    size. Output cell i of a dim of size n averages inputs [floor(i * n / m),
    ceil((i + 1) * n / m))."""

    def __init__(self, output_size):
        super().__init__()
        self.adaptive_avgpool2d = C.AdaptiveAvgPool2D(output_size)

    def construct(self, input):
        return self.adaptive_avgpool2d(input)


class AdaptiveAvgPool3d(Cell):
    """AdaptiveAvgPool3d(output_size): x (N, C, D_in, H_in, W_in) or (C, D_in, H_in, W_in)
    to (N, C, D_out, H_out, W_out); output_size is an int or (D_out, H_out, W_out), None
    keeping the input's size; windows as AdaptiveAvgPool2d's."""

    def __init__(self, output_size):
        super().__init__()
        self.adaptive_avg_pool3d = C.AdaptiveAvgPool3D(output_size)

    def construct(self, input):
        return self.adaptive_avg_pool3d(input)


class AdaptiveMaxPool2d(Cell):
    """AdaptiveMaxPool2d(output_size, return_indices=False): x (N, C, H_in, W_in) or
    (C, H_in, W_in) to (N, C, H_out, W_out), windows as AdaptiveAvgPool2d's; output_size
    is an int or (H_out, W_out), None keeping the input's size. With return_indices, also
    the int64 position of each maximum in its flattened (H_in, W_in) plane."""

    def __init__(self, output_size, return_indices=False):
        super().__init__()
        self.output_size = output_size
        self.return_indices = check_bool(self.cls_name, "return_indices", return_indices)
        size = (output_size, output_size) if _is_int(output_size) else output_size
        self.adaptive_max_pool2d = C.AdaptiveMaxPool2D(size)

    def construct(self, input):
        output, indices = self.adaptive_max_pool2d(input)
        return (output, indices) if self.return_indices else output


class AdaptiveMaxPool3d(Cell):
    """AdaptiveMaxPool3d(output_size, return_indices=False): x (N, C, D_in, H_in, W_in)
    or (C, D_in, H_in, W_in) to (N, C, D_out, H_out, W_out), windows as
    AdaptiveAvgPool2d's; output_size is an int or (D_out, H_out, W_out). With
    return_indices, also the int32 position of each maximum in its flattened volume."""

    def __init__(self, output_size, return_indices=False):
        super().__init__()
        if isinstance(output_size, list):
            output_size = tuple(output_size)
        self.output_size = _spatial(self.cls_name, "output_size", _window_arg(
            self.cls_name, "output_size", output_size), 3)
        self.return_indices = check_bool(self.cls_name, "return_indices", return_indices)
        self.adaptive_max_pool3d = C.AdaptiveMaxPool3D()

    def construct(self, input):
        output, indices = self.adaptive_max_pool3d(input, self.output_size)
        return (output, indices) if self.return_indices else output


# ---- PyTorch-style pools -------------------------------------------------------------------
class _AvgPoolExt(Cell):
    """The arguments of the PyTorch-style average pools: stride None means kernel_size."""

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
                 divisor_override=None):
        super().__init__()
        self.kernel_size, self.stride, self.padding = kernel_size, stride, padding
        self.ceil_mode, self.count_include_pad = ceil_mode, count_include_pad
        self.divisor_override = divisor_override

    def _stride(self):
        return self.kernel_size if self.stride is None else self.stride

    def _divisor(self) -> int:
        return 0 if self.divisor_override is None else self.divisor_override


class AvgPool1dExt(_AvgPoolExt):
    """AvgPool1dExt(kernel_size, stride=None, padding=0, ceil_mode=False,
    count_include_pad=True): the mean of each window of input (N, C, L_in), output
    (N, C, L_out), L_out = floor((L_in + 2 * padding - kernel_size) / stride) + 1 (ceil with
    ceil_mode); count_include_pad counts the padding in the divisor."""

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
        super().__init__(kernel_size, stride, padding, ceil_mode, count_include_pad)

    def construct(self, input):
        return conv_func.avg_pool1d(input, self.kernel_size, self._stride(), self.padding, self.ceil_mode,
                                    self.count_include_pad)


class AvgPool2dExt(_AvgPoolExt):
    """AvgPool2dExt(kernel_size, stride=None, padding=0, ceil_mode=False,
    count_include_pad=True, divisor_override=None): the mean of each window of input
    (N, C, H_in, W_in), sizes per dim as AvgPool1dExt's; divisor_override, if given,
    divides instead of the window size."""

    def construct(self, input):
        return conv_func.avg_pool2d(input, self.kernel_size, self._stride(), self.padding, self.ceil_mode,
                                    self.count_include_pad, self._divisor())


class AvgPool3dExt(_AvgPoolExt):
    """AvgPool3dExt(kernel_size, stride=None, padding=0, ceil_mode=False,
    count_include_pad=True, divisor_override=None): the mean of each window of input
    (N, C, D_in, H_in, W_in), sizes per dim as AvgPool1dExt's."""

    def construct(self, input):
        return conv_func.avg_pool3d(input, self.kernel_size, self._stride(), self.padding, self.ceil_mode,
                                    self.count_include_pad, self._divisor())


class MaxPool2dExt(Cell):
    """MaxPool2dExt(kernel_size=1, stride=None, padding=0, dilation=1, return_indices=False,
    ceil_mode=False): the maximum of each window of input (N, C, H_in, W_in), output
    (N, C, H_out, W_out), H_out = floor((H_in + 2 * padding - dilation * (kh - 1) - 1) /
    stride) + 1 (ceil with ceil_mode); stride None means kernel_size. With return_indices,
    also the int64 position of each maximum in its flattened (H_in, W_in) plane."""

    def __init__(self, kernel_size=1, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = kernel_size if stride is None else stride
        self.padding, self.dilation = padding, dilation
        self.return_indices, self.ceil_mode = return_indices, ceil_mode

    def construct(self, input):
        return conv_func.max_pool2d_ext(input, self.kernel_size, self.stride, self.padding, self.dilation,
                                        self.ceil_mode, self.return_indices)


# ---- power-average pools -------------------------------------------------------------------
class _LPPool(Cell):
    def __init__(self, norm_type, kernel_size, stride=None, ceil_mode=False):
        super().__init__()
        self.norm_type, self.kernel_size, self.stride, self.ceil_mode = norm_type, kernel_size, stride, ceil_mode


class LPPool1d(_LPPool):
    """LPPool1d(norm_type, kernel_size, stride=None, ceil_mode=False): x (N, C, L_in) or
    (C, L_in) to (sum of x^p over each window)^(1/p), p = norm_type; stride defaults to
    kernel_size, L_out = floor((L_in - kernel_size) / stride) + 1 (ceil with ceil_mode)."""

    def construct(self, x):
        return conv_func.lp_pool1d(x, self.norm_type, self.kernel_size, self.stride, self.ceil_mode)


class LPPool2d(_LPPool):
    """LPPool2d(norm_type, kernel_size, stride=None, ceil_mode=False): x (N, C, H_in, W_in)
    to (sum of x^p over each window)^(1/p), p = norm_type; kernel_size and stride an int
    or (h, w), sizes per dim as LPPool1d's."""

    def construct(self, x):
        return conv_func.lp_pool2d(x, self.norm_type, self.kernel_size, self.stride, self.ceil_mode)


# ---- unpooling -----------------------------------------------------------------------------
class _MaxUnpool(Cell):
    """The inverse of a max pool: each value goes to the position its index gives in the
    flattened unpooled plane (or volume), zeros elsewhere. Unpooled size per dim
    (in - 1) * stride - 2 * padding + kernel_size, or the last dims of output_size (a tuple
    within a stride of that); stride None means kernel_size."""

    unpool = None

    def __init__(self, kernel_size, stride=None, padding=0):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = kernel_size if stride is None else stride
        self.padding = padding

    def construct(self, x, indices, output_size=None):
        if output_size is not None:
            if not isinstance(output_size, tuple):
                raise ValueError(f"For {self.cls_name}, output_size must be tuple, but type "
                                 f"{type(output_size)}.")
            if not output_size:
                raise ValueError(f"For {self.cls_name}, the length of output_size must be positive, but got 0.")
        return type(self).unpool(x, indices, self.kernel_size, self.stride, self.padding, output_size)


class MaxUnpool1d(_MaxUnpool):
    """MaxUnpool1d(kernel_size, stride=None, padding=0): x and indices (N, C, L_in) or
    (C, L_in) to (N, C, L_out) (see _MaxUnpool)."""

    unpool = staticmethod(conv_func.max_unpool1d)


class MaxUnpool2d(_MaxUnpool):
    """MaxUnpool2d(kernel_size, stride=None, padding=0): x and indices (N, C, H_in, W_in)
    or (C, H_in, W_in) to (N, C, H_out, W_out) (see _MaxUnpool)."""

    unpool = staticmethod(conv_func.max_unpool2d)


class MaxUnpool3d(_MaxUnpool):
    """MaxUnpool3d(kernel_size, stride=None, padding=0): x and indices (N, C, D_in, H_in,
    W_in) or (C, D_in, H_in, W_in) to (N, C, D_out, H_out, W_out) (see _MaxUnpool)."""

    unpool = staticmethod(conv_func.max_unpool3d)


# ---- fractional max pools ------------------------------------------------------------------
class _FractionalMaxPool(Cell):
    """Max over kernel_size windows whose starts advance by pseudo-random steps, to
    output_size or output_ratio * the input size; `_random_samples` (N, C, rank) in [0, 1)
    places the windows (drawn per call when None). With return_indices, also the int64
    position of each maximum in its flattened input plane (or volume)."""

    pool = None

    def __init__(self, kernel_size, output_size=None, output_ratio=None, return_indices=False, _random_samples=None):
        super().__init__()
        self.kernel_size, self.output_size, self.output_ratio = kernel_size, output_size, output_ratio
        self.return_indices = return_indices
        self._random_samples = _random_samples

    def construct(self, input):
        return type(self).pool(input, self.kernel_size, self.output_size, self.output_ratio, self.return_indices,
                               self._random_samples)


class FractionalMaxPool2d(_FractionalMaxPool):
    """FractionalMaxPool2d(kernel_size, output_size=None, output_ratio=None,
    return_indices=False, _random_samples=None): input (N, C, H, W) or (C, H, W) pooled to
    (oh, ow); `_random_samples` (N, C, 2), the width's sample first."""

    pool = staticmethod(conv_func.fractional_max_pool2d)


class FractionalMaxPool3d(_FractionalMaxPool):
    """FractionalMaxPool3d(kernel_size, output_size=None, output_ratio=None,
    return_indices=False, _random_samples=None): input (N, C, D, H, W) or (C, D, H, W)
    pooled to (od, oh, ow); `_random_samples` (N, C, 3) in (d, h, w) order."""

    pool = staticmethod(conv_func.fractional_max_pool3d)
