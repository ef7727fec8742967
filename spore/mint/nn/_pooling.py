"""mint.nn's pooling, padding, resizing and patch layers: Cells over mint.nn.functional."""
from __future__ import annotations

from spore import nn
from spore.nn.cell import Cell

from . import functional as F

AdaptiveMaxPool2d = nn.AdaptiveMaxPool2d


class _AdaptivePool(Cell):
    def __init__(self, output_size):
        super().__init__()
        self.output_size = output_size


class AdaptiveAvgPool1d(_AdaptivePool):
    """AdaptiveAvgPool1d(output_size): (N, C, L) -> (N, C, output_size) by averaging."""

    def construct(self, input):
        return F.adaptive_avg_pool1d(input, self.output_size)


class AdaptiveAvgPool2d(_AdaptivePool):
    """AdaptiveAvgPool2d(output_size): (N, C, H, W) -> (N, C, *output_size) by averaging."""

    def construct(self, input):
        return F.adaptive_avg_pool2d(input, self.output_size)


class AdaptiveAvgPool3d(_AdaptivePool):
    """AdaptiveAvgPool3d(output_size): (N, C, D, H, W) -> (N, C, *output_size) by averaging."""

    def construct(self, input):
        return F.adaptive_avg_pool3d(input, self.output_size)


class AdaptiveMaxPool1d(Cell):
    """AdaptiveMaxPool1d(output_size, return_indices=False): (N, C, L) -> (N, C, output_size)."""

    def __init__(self, output_size, return_indices=False):
        super().__init__()
        self.output_size, self.return_indices = output_size, return_indices

    def construct(self, input):
        return F.adaptive_max_pool1d(input, self.output_size, self.return_indices)


class _AvgPool(Cell):
    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
        super().__init__()
        self.kernel_size, self.stride, self.padding = kernel_size, stride, padding
        self.ceil_mode, self.count_include_pad = ceil_mode, count_include_pad


class AvgPool1d(_AvgPool):
    """AvgPool1d(kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True)."""

    def construct(self, input):
        return F.avg_pool1d(input, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                            self.count_include_pad)


class AvgPool2d(_AvgPool):
    """AvgPool2d(kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
    divisor_override=None)."""

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
                 divisor_override=None):
        super().__init__(kernel_size, stride, padding, ceil_mode, count_include_pad)
        self.divisor_override = divisor_override

    def construct(self, input):
        return F.avg_pool2d(input, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                            self.count_include_pad, self.divisor_override)


class AvgPool3d(AvgPool2d):
    """AvgPool3d(kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
    divisor_override=None)."""

    def construct(self, input):
        return F.avg_pool3d(input, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                            self.count_include_pad, self.divisor_override)


class MaxUnpool2d(Cell):
    """MaxUnpool2d(kernel_size, stride=None, padding=0): the inverse of max_pool2d; construct(input,
    indices, output_size=None)."""

    def __init__(self, kernel_size, stride=None, padding=0):
        super().__init__()
        self.kernel_size, self.stride, self.padding = kernel_size, stride, padding

    def construct(self, input, indices, output_size=None):
        return F.max_unpool2d(input, indices, self.kernel_size, self.stride, self.padding, output_size)


def _pad_tuple(owner, padding, dims):
    """An int pads every side of the last `dims` dims; a tuple lists (left, right, ...) pads."""
    if isinstance(padding, int) and not isinstance(padding, bool):
        return (padding,) * (2 * dims)
    if isinstance(padding, (tuple, list)) and len(padding) == 2 * dims and all(
            isinstance(p, int) and not isinstance(p, bool) for p in padding):
        return tuple(padding)
    raise TypeError(f"For '{owner}', the 'padding' must be an int or a tuple of {2 * dims} ints, but got {padding}.")


class _Pad(Cell):
    """Pads the last `dims` dims of the input in `mode`; subclasses set dims and mode."""
    dims, mode = 1, 'constant'

    def __init__(self, padding):
        super().__init__()
        self.padding = _pad_tuple(self.cls_name, padding, self.dims)
        self.value = None

    def construct(self, input):
        return F.pad(input, self.padding, self.mode, self.value)


class _ConstantPad(_Pad):
    def __init__(self, padding, value):
        super().__init__(padding)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError(f"For '{self.cls_name}', the 'value' must be a number, but got {type(value).__name__}.")
        self.value = value


class _ZeroPad(_Pad):
    def __init__(self, padding):
        super().__init__(padding)
        self.value = 0


class ConstantPad1d(_ConstantPad):
    """ConstantPad1d(padding, value): pads the last dim with value."""


class ConstantPad2d(_ConstantPad):
    """ConstantPad2d(padding, value): pads the last 2 dims with value."""
    dims = 2


class ConstantPad3d(_ConstantPad):
    """ConstantPad3d(padding, value): pads the last 3 dims with value."""
    dims = 3


class ZeroPad1d(_ZeroPad):
    """ZeroPad1d(padding): pads the last dim with zeros."""


class ZeroPad2d(_ZeroPad):
    """ZeroPad2d(padding): pads the last 2 dims with zeros."""
    dims = 2


class ZeroPad3d(_ZeroPad):
    """ZeroPad3d(padding): pads the last 3 dims with zeros."""
    dims = 3


class ReflectionPad1d(_Pad):
    """ReflectionPad1d(padding): pads the last dim by reflection (edge not repeated)."""
    mode = 'reflect'


class ReflectionPad2d(_Pad):
    """ReflectionPad2d(padding): pads the last 2 dims by reflection."""
    dims, mode = 2, 'reflect'


class ReflectionPad3d(_Pad):
    """ReflectionPad3d(padding): pads the last 3 dims by reflection."""
    dims, mode = 3, 'reflect'


class ReplicationPad1d(_Pad):
    """ReplicationPad1d(padding): pads the last dim by repeating the edge."""
    mode = 'replicate'


class ReplicationPad2d(_Pad):
    """ReplicationPad2d(padding): pads the last 2 dims by repeating the edge."""
    dims, mode = 2, 'replicate'


class ReplicationPad3d(_Pad):
    """ReplicationPad3d(padding): pads the last 3 dims by repeating the edge."""
    dims, mode = 3, 'replicate'
