"""Memory layouts the graph compiler may choose for its intermediate values.

Channels-last (NHWC strides on an NCHW-shaped tensor): torch's CPU max pooling is 2-5x
faster on it than on NCHW at LeNet / ResNet sizes, oneDNN's convolutions and their
gradients are as fast or faster, and elementwise ops keep the layout of their inputs. A
convolution given channels-last input returns channels-last output, so one conversion
at a graph's first convolution lays out the whole chain after it. The layout is only in
the strides: values are the same, and anything leaving a program is made dense again.
"""
from __future__ import annotations

import torch

_CHANNELS_LAST = torch.channels_last


def channels_last(t: torch.Tensor) -> torch.Tensor:
    """t (N, C, H, W) with channels-last strides. With one channel both layouts are the
    same memory and torch keeps NCHW strides, which would leave its convolution's output
    NCHW: then the channels-last strides are put on a view of the same memory."""
    _, c, h, w = t.shape
    if c != 1:
        return t.contiguous(memory_format=_CHANNELS_LAST)
    t = t.contiguous()
    return t.as_strided(t.shape, (h * w, 1, w, 1), t.storage_offset())


def on_channels_last_input(convolution):
    """A convolution kernel (x, w, ...) run on channels-last x, so that its output and
    what is computed from it come out channels-last."""
    return lambda x, w, *rest: convolution(channels_last(x), w, *rest)


def filter_gradient_on_channels_last(gradient, returns_input_gradient: bool):
    """A convolution's weight-gradient kernel (dout, x, ...) -> dw, or with
    `returns_input_gradient` (dout, x, ...) -> (dx, dw), given x channels-last like the
    dout it comes with (oneDNN otherwise converts dout back to NCHW first); dw comes out
    dense, as weights are."""
    if returns_input_gradient:
        def both(dout, x, *rest):
            dx, dw = gradient(dout, channels_last(x), *rest)
            return dx, dense(dw)
        return both
    return lambda dout, x, *rest: dense(gradient(dout, channels_last(x), *rest))


def pool_gradient_on_channels_last(gradient):
    """A max-pool gradient kernel (x, out, dout) -> dx given dout channels-last like the x
    it comes with. torch's pool backward works in the layout of dout: an NCHW dout (one
    reshaped from a flattened gradient) makes it copy x's indices and dx to NCHW and dx
    back, three copies of which this one of dout is the smallest."""
    return lambda x, out, dout: gradient(x, out, channels_last(dout))


def dense(t):
    """t with row-major (NCHW-contiguous) strides: the layout values have outside a
    program. Anything else (constants, None) passes as it is."""
    if isinstance(t, torch.Tensor) and not t.is_contiguous():
        return t.contiguous()
    return t
