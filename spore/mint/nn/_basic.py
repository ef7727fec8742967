"""mint.nn's shape and resizing layers: Cells over mint.nn.functional, or spore.nn's equal layers."""
from __future__ import annotations

from spore import nn
from spore.nn.cell import Cell

from . import functional as F

Identity = nn.Identity
Linear = nn.Linear
Flatten = nn.Flatten


class Fold(Cell):
    """Fold(output_size, kernel_size, dilation=1, padding=0, stride=1): sums sliding-window columns
    (N, C * prod(kernel_size), L) back into images (N, C, *output_size)."""

    def __init__(self, output_size, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__()
        self.output_size, self.kernel_size = output_size, kernel_size
        self.dilation, self.padding, self.stride = dilation, padding, stride

    def construct(self, input):
        return F.fold(input, self.output_size, self.kernel_size, self.dilation, self.padding, self.stride)


class Unfold(Cell):
    """Unfold(kernel_size, dilation=1, padding=0, stride=1): extracts sliding windows of (N, C, H, W)
    as columns (N, C * prod(kernel_size), L)."""

    def __init__(self, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__()
        self.kernel_size, self.dilation, self.padding, self.stride = kernel_size, dilation, padding, stride

    def construct(self, input):
        return F.unfold(input, self.kernel_size, self.dilation, self.padding, self.stride)


class PixelShuffle(Cell):
    """PixelShuffle(upscale_factor): (*, C * r * r, H, W) -> (*, C, H * r, W * r)."""

    def __init__(self, upscale_factor):
        super().__init__()
        if isinstance(upscale_factor, bool) or not isinstance(upscale_factor, int) or upscale_factor < 1:
            raise ValueError(f"For 'PixelShuffle', the 'upscale_factor' must be a positive int, but got "
                             f"{upscale_factor}.")
        self.upscale_factor = upscale_factor

    def construct(self, input):
        return F.pixel_shuffle(input, self.upscale_factor)


class Upsample(Cell):
    """Upsample(size=None, scale_factor=None, mode='nearest', align_corners=None,
    recompute_scale_factor=None): mint.nn.functional.interpolate as a layer."""

    def __init__(self, size=None, scale_factor=None, mode='nearest', align_corners=None,
                 recompute_scale_factor=None):
        super().__init__()
        self.size, self.scale_factor, self.mode = size, scale_factor, mode
        self.align_corners, self.recompute_scale_factor = align_corners, recompute_scale_factor

    def construct(self, input):
        return F.interpolate(input, self.size, self.scale_factor, self.mode, self.align_corners,
                             self.recompute_scale_factor)


class UpsamplingNearest2d(Upsample):
    """UpsamplingNearest2d(size=None, scale_factor=None): nearest-neighbour resize of (N, C, H, W)."""

    def __init__(self, size=None, scale_factor=None):
        super().__init__(size, scale_factor, 'nearest')


class UpsamplingBilinear2d(Upsample):
    """UpsamplingBilinear2d(size=None, scale_factor=None): bilinear resize of (N, C, H, W) with
    align_corners=True."""

    def __init__(self, size=None, scale_factor=None):
        super().__init__(size, scale_factor, 'bilinear', True)
