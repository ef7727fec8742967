"""bprops of the convolution, pooling and resizing primitives (operations/conv_ops.py).

Convolutions. For one set of attributes, a convolution and its two gradient primitives
are adjoints of one another: for x, w and an output-shaped d,

    <conv(x, w), d> = <x, input_grad(d, w)> = <w, filter_grad(d, x)>

so the gradient of each of the three, with respect to either tensor operand, is one of
the other two: conv -> (input_grad, filter_grad); input_grad(d, w) with incoming g ->
(conv(g, w), filter_grad(d, g)); filter_grad(d, x) with incoming g -> (conv(x, g),
input_grad(d, g)). Transposed convolutions are input gradients. Gradients of any order
stay within these three primitives.

Pooling and resizing. Each op's gradient is its dedicated gradient primitive. Average
pools, adaptive average pools and resizes are linear, so the gradient of their gradient
primitive is the op itself. Max pools are linear in the values they select: the gradient
of a max pool's gradient with respect to its `grad` reads that input at the selected
positions (MaxPoolGradGrad, or a gather at the argmax the pool returned), and with
respect to x it is zero almost everywhere (the selection is piecewise constant), as in
MindSpore. Gradients of argmax outputs, sizes and shapes are None.
"""
from __future__ import annotations

import functools
from typing import Callable, NamedTuple

from .. import interpreter
from ..function import array_func
from ..function.conv_func import _prim as shared_prim
from ..operations import conv_ops as C
from ..operations import reduce_ops, selection_ops
from .registry import bprop, input_needs_grad, non_differentiable

_gather_d = selection_ops.GatherD()
_slice = selection_ops.Slice()
_reduce_sum = reduce_ops.ReduceSum()
_avg_pool1d, _avg_pool2d = C.AvgPool1D(), C.AvgPool2D()
_avg_pool1d_grad, _avg_pool2d_grad = C.AvgPool1DGrad(), C.AvgPool2DGrad()


def _split(rest: tuple):
    """A variadic primitive's optional inputs, and its out and dout (the last two)."""
    return rest[:-2], rest[-2], rest[-1]


def _nones(inputs) -> tuple:
    return (None,) * len(inputs)


# ---- convolutions --------------------------------------------------------------------------
class _ConvOps(NamedTuple):
    """One convolution's three primitives, called with the 1-D / 2-D argument order."""

    conv: Callable         # (x, w) -> y
    input_grad: Callable   # (d, w, x_shape) -> dx
    filter_grad: Callable  # (d, x, w_shape) -> dw
    gradients: Callable    # (d, x, w) -> (dx, dw), both from one kernel call


_CONV_CLASSES = {
    1: (C.Conv1D, C.Conv1DBackpropInput, C.Conv1DBackpropFilter),
    2: (C.Conv2D, C.Conv2DBackpropInput, C.Conv2DBackpropFilter),
    3: (C.Conv3D, C.Conv3DBackpropInput, C.Conv3DBackpropFilter),
}


@functools.lru_cache(maxsize=256)
def _conv_ops(rank: int, out_channel: int, kernel: tuple, pad_mode: str, pad: tuple, stride: tuple,
              dilation: tuple, group: int) -> _ConvOps:
    attrs = {"pad_mode": pad_mode, "pad": pad, "stride": stride, "dilation": dilation, "group": group}
    conv, input_grad, filter_grad = (cls(out_channel, kernel, **attrs) for cls in _CONV_CLASSES[rank])
    gradients = C._ConvGradients(conv)
    if rank == 3:  # MindSpore's 3-D gradients take the weight / the input first
        return _ConvOps(conv, lambda d, w, shape: input_grad(w, d, shape),
                        lambda d, x, shape: filter_grad(x, d, shape), gradients)
    return _ConvOps(conv, input_grad, filter_grad, gradients)


def _ops_of(prim, w_shape, pad=None) -> _ConvOps:
    """The convolution primitives of prim's attributes for a weight of w_shape (its
    out_channel and kernel come from the weight; the pad may be overridden)."""
    return _conv_ops(len(w_shape) - 2, w_shape[0], tuple(w_shape[2:]), prim.pad_mode,
                     prim.pad if pad is None else pad, prim.stride, prim.dilation, prim.group)


@bprop("Conv1D", "Conv2D", "Conv3D")
def _conv(prim, x, w, out, dout):
    ops = _ops_of(prim, w.shape)
    if input_needs_grad(0) and input_needs_grad(1) and not interpreter.STACK:
        # Nothing records this bprop (no higher-order gradient, no graph being built): one call.
        return ops.gradients(dout, x, w)
    dx = ops.input_grad(dout, w, x.shape) if input_needs_grad(0) else None  # none for a network's data
    return dx, ops.filter_grad(dout, x, w.shape) if input_needs_grad(1) else None


non_differentiable("_ConvGradients")   # the bprop above uses it only where nothing differentiates it


@bprop("Conv1DBackpropInput", "Conv1DTranspose", "Conv2DBackpropInput", "Conv2DTranspose")
def _conv_input_grad(prim, d, w, input_size, out, dout):
    ops = _ops_of(prim, w.shape)
    return ops.conv(dout, w), ops.filter_grad(d, dout, w.shape), None


@bprop("Conv3DBackpropInput")
def _conv3d_input_grad(prim, w, d, input_size, out, dout):
    ops = _ops_of(prim, w.shape)
    return ops.filter_grad(d, dout, w.shape), ops.conv(dout, w), None


@bprop("Conv1DBackpropFilter", "Conv2DBackpropFilter")
def _conv_filter_grad(prim, d, x, filter_size, out, dout):
    ops = _ops_of(prim, out.shape)
    return ops.conv(x, dout), ops.input_grad(d, dout, x.shape), None


@bprop("Conv3DBackpropFilter")
def _conv3d_filter_grad(prim, x, d, w_size, out, dout):
    ops = _ops_of(prim, out.shape)
    return ops.input_grad(d, dout, x.shape), ops.conv(x, dout), None


def _transposed_geometry(pads, strides, output_padding) -> tuple:
    """For a transposed convolution, the (begin, end) pads (flattened) of the convolution
    it is the input gradient of, and per spatial dim how many trailing elements of its
    output that convolution must not see.

    output_padding p adds p elements at the end that no window reads; over the whole
    output the convolution would have floor(p / stride) windows too many. Its end padding
    is cut by stride * floor(p / stride); what the padding cannot give is cut from the
    output instead (only when p >= stride, which needs dilation > stride)."""
    flat, crop = [], []
    for begin, end, s, extra in zip(pads[0::2], pads[1::2], strides, output_padding):
        excess = s * (extra // s)
        flat += [begin, max(end - excess, 0)]
        crop.append(max(excess - end, 0))
    return tuple(flat), tuple(crop)


def _crop_end(t, crop: tuple):
    """t without the last crop[i] elements of each spatial dim i."""
    if not any(crop):
        return t
    lead = t.shape[:t.ndim - len(crop)]
    size = lead + tuple(n - c for n, c in zip(t.shape[len(lead):], crop))
    return _slice(t, (0,) * t.ndim, size)


@bprop("Conv3DTranspose")
def _conv3d_transpose(prim, d, w, out, dout):
    pad, crop = prim.pad, (0, 0, 0)
    if prim.pad_mode == "pad":
        pad, crop = _transposed_geometry(prim.pad, prim.stride, prim.output_padding)
    ops = _ops_of(prim, w.shape, pad=pad)
    dout = _crop_end(dout, crop)
    return ops.conv(dout, w), ops.filter_grad(d, dout, w.shape)


def _pair(value) -> tuple:
    return (value, value) if isinstance(value, int) else tuple(value)


@bprop("ConvTranspose2D")
def _conv_transpose2d(prim, x, w, *rest):
    """ConvTranspose2D(x, w, bias, stride, padding, output_padding, groups, dilation):
    the input gradient of a 'pad' Conv2D of weight w (x may be unbatched)."""
    options, _, dout = _split(rest)
    bias, stride, padding, output_padding, groups, dilation = options + (None, 1, 0, 0, 1, 1)[len(options):]
    strides = _pair(stride)
    pads = tuple(p for pad in _pair(padding) for p in (pad, pad))
    pads, crop = _transposed_geometry(pads, strides, _pair(output_padding))
    ops = _conv_ops(2, w.shape[0], tuple(w.shape[2:]), "pad", pads, strides, _pair(dilation), groups)
    batched_x, batched_dout = x, _crop_end(dout, crop)
    if x.ndim == 3:
        batched_x = array_func.reshape(x, (1,) + x.shape)
        batched_dout = array_func.reshape(batched_dout, (1,) + batched_dout.shape)
    dx = ops.conv(batched_dout, w)
    dw = ops.filter_grad(batched_x, batched_dout, w.shape)
    if x.ndim == 3:
        dx = array_func.reshape(dx, x.shape)
    if not options:
        return dx, dw
    dbias = None if bias is None else _reduce_sum(dout, tuple(i for i in range(dout.ndim) if i != dout.ndim - 3))
    return (dx, dw, dbias) + _nones(options[1:])


# ---- max pooling ---------------------------------------------------------------------------
def _max_pool_args(prim) -> tuple:
    """The constructor arguments a max pool, its gradient and its gradient's gradient share."""
    if prim.rank == 2:
        return prim.kernel_size, prim.strides, prim.pad_mode
    return prim.kernel_size, prim.strides, prim.pad_mode, prim.pad_list, prim.data_format, prim.ceil_mode


_MAX_POOL_GRADS = {
    C.MaxPool: C.MaxPoolGrad, C.MaxPoolGrad: C.MaxPoolGradGrad, C.MaxPoolGradGrad: C.MaxPoolGrad,
    C.MaxPool3D: C.MaxPool3DGrad, C.MaxPool3DGrad: C.MaxPool3DGradGrad,
    C.MaxPool3DGradGrad: C.MaxPool3DGrad,
}


@bprop("MaxPool", "MaxPool3D")
def _max_pool(prim, x, out, dout):
    return (shared_prim(_MAX_POOL_GRADS[type(prim)], *_max_pool_args(prim))(x, out, dout),)


@bprop("MaxPoolGrad", "MaxPoolGradGrad", "MaxPool3DGrad", "MaxPool3DGradGrad")
def _max_pool_grad(prim, x, origin_output, grad, out, dout):
    """A max pool's gradient and its gradient's gradient are linear in grad, each the
    other's transpose; their gradient for x is zero (almost everywhere)."""
    return None, None, shared_prim(_MAX_POOL_GRADS[type(prim)], *_max_pool_args(prim))(x, origin_output, dout)


def _gather_at(values, argmax, dims: int):
    """values read at the positions argmax gives, positions counting over the flattened
    trailing `dims` dims (the transpose of the argmax gradients' scatter)."""
    lead = argmax.shape[:argmax.ndim - dims]
    flat = lead + (-1,)
    picked = _gather_d(array_func.reshape(values, flat), len(lead), array_func.reshape(argmax, flat))
    return array_func.reshape(picked, argmax.shape)


@bprop("MaxPoolWithArgmax")
def _max_pool_with_argmax(prim, x, out, dout):
    grad = shared_prim(C.MaxPoolGradWithArgmax, prim.kernel_size, prim.strides, prim.pad_mode)
    return (grad(x, dout[0], out[1]),)


@bprop("MaxPoolWithArgmaxV2")
def _max_pool_with_argmax_v2(prim, x, out, dout):
    grad = shared_prim(C.MaxPoolGradWithArgmaxV2, prim.kernel_size, prim.strides, prim.pads,
                       prim.dilation, prim.ceil_mode, prim.argmax_type)
    return (grad(x, dout[0], out[1]),)


@bprop("MaxPool3DWithArgmax")
def _max_pool3d_with_argmax(prim, x, out, dout):
    grad = shared_prim(C.MaxPool3DGradWithArgmax, prim.ksize, prim.strides, prim.pads, prim.dilation,
                       prim.ceil_mode, prim.data_format)
    return (grad(x, dout[0], out[1]),)


@bprop("MaxPoolGradWithArgmax", "MaxPoolGradWithArgmaxV2", "MaxPool3DGradWithArgmax")
def _max_pool_grad_with_argmax(prim, x, grad, argmax, out, dout):
    return None, _gather_at(dout, argmax, prim.index_dims), None


_ADAPTIVE_MAX_GRADS = {C.AdaptiveMaxPool1D: C.AdaptiveMaxPool1DGrad(), C.AdaptiveMaxPool2D: C.AdaptiveMaxPool2DGrad(),
                       C.AdaptiveMaxPool3D: C.AdaptiveMaxPool3DGrad()}


@bprop("AdaptiveMaxPool1D", "AdaptiveMaxPool2D", "AdaptiveMaxPool3D")
def _adaptive_max_pool(prim, x, *rest):
    size, out, dout = _split(rest)
    return (_ADAPTIVE_MAX_GRADS[type(prim)](dout[0], x, out[1]),) + _nones(size)


@bprop("AdaptiveMaxPool1DGrad", "AdaptiveMaxPool2DGrad", "AdaptiveMaxPool3DGrad")
def _adaptive_max_pool_grad(prim, y_grad, x, argmax, out, dout):
    return _gather_at(dout, argmax, prim.rank), None, None


# ---- average pooling -----------------------------------------------------------------------
@bprop("AvgPool")
def _avg_pool(prim, x, out, dout):
    return (shared_prim(C.AvgPoolGrad, prim.kernel_size, prim.strides, prim.pad_mode)(x, out, dout),)


@bprop("AvgPoolGrad")
def _avg_pool_grad(prim, x, origin_output, grad, out, dout):
    return None, None, shared_prim(C.AvgPool, prim.kernel_size, prim.strides, prim.pad_mode)(dout)


def _avg_pool3d_args(prim) -> tuple:
    """AvgPool3D's options, in AvgPool3DGrad's argument order."""
    return (prim.kernel_size, prim.strides, prim.pad, prim.ceil_mode, prim.count_include_pad,
            prim.divisor_override, prim.data_format, prim.pad_mode)


@bprop("AvgPool3D")
def _avg_pool3d(prim, x, out, dout):
    return (shared_prim(C.AvgPool3DGrad, *_avg_pool3d_args(prim))(x.shape, dout),)


@bprop("AvgPool3DGrad")
def _avg_pool3d_grad(prim, origin_input_shape, grad, out, dout):
    kernel, strides, pad, ceil_mode, include, divisor, data_format, pad_mode = _avg_pool3d_args(prim)
    pool = shared_prim(C.AvgPool3D, kernel, strides, pad_mode, pad, ceil_mode, include, divisor, data_format)
    return None, pool(dout)


# each functional average pool and its gradient: (pool, gradient)
_AVG_POOL_ND = {C.AvgPool1D: (_avg_pool1d, _avg_pool1d_grad), C.AvgPool2D: (_avg_pool2d, _avg_pool2d_grad),
                C.AvgPool1DGrad: (_avg_pool1d, _avg_pool1d_grad), C.AvgPool2DGrad: (_avg_pool2d, _avg_pool2d_grad)}


@bprop("AvgPool1D", "AvgPool2D")
def _avg_pool_nd(prim, x, *rest):
    options, _, dout = _split(rest)
    _, grad = _AVG_POOL_ND[type(prim)]
    return (grad(dout, x, *options),) + _nones(options)


@bprop("AvgPool1DGrad", "AvgPool2DGrad")
def _avg_pool_nd_grad(prim, grad, image, *rest):
    options, _, dout = _split(rest)
    pool, _ = _AVG_POOL_ND[type(prim)]
    return (pool(dout, *options), None) + _nones(options)


# ---- adaptive average pooling --------------------------------------------------------------
_ADAPTIVE_AVG_GRADS = {C.AdaptiveAvgPool1D: C.AdaptiveAvgPool1DGrad(), C.AdaptiveAvgPool2D: C.AdaptiveAvgPool2DGrad(),
                       C.AdaptiveAvgPool3D: C.AdaptiveAvgPool3DGrad()}
_adaptive_avg_pool1d = C.AdaptiveAvgPool1D()


@bprop("AdaptiveAvgPool1D", "AdaptiveAvgPool2D", "AdaptiveAvgPool3D")
def _adaptive_avg_pool(prim, x, *rest):
    size, _, dout = _split(rest)
    return (_ADAPTIVE_AVG_GRADS[type(prim)](dout, x.shape),) + _nones(size)


@bprop("AdaptiveAvgPool1DGrad", "AdaptiveAvgPool2DGrad", "AdaptiveAvgPool3DGrad")
def _adaptive_avg_pool_grad(prim, grad, orig_input_shape, out, dout):
    """The adaptive average pool of dout to grad's size."""
    if prim.rank == 1:
        return _adaptive_avg_pool1d(dout, grad.shape[-1]), None
    pool = C.AdaptiveAvgPool2D if prim.rank == 2 else C.AdaptiveAvgPool3D
    return shared_prim(pool, grad.shape[-prim.rank:])(dout), None


# ---- resizing ------------------------------------------------------------------------------
@bprop("ResizeNearestNeighbor", "ResizeNearestNeighborV2")
def _resize_nearest(prim, x, *rest):
    size, _, dout = _split(rest)
    grad_class = C.ResizeNearestNeighborGrad if not size else C.ResizeNearestNeighborV2Grad
    grad = shared_prim(grad_class, prim.align_corners, prim.half_pixel_centers)
    return (grad(dout, x.shape[2:]),) + _nones(size)


@bprop("ResizeNearestNeighborGrad", "ResizeNearestNeighborV2Grad")
def _resize_nearest_grad(prim, grads, size, out, dout):
    resize = shared_prim(C.ResizeNearestNeighborV2, prim.align_corners, prim.half_pixel_centers)
    return resize(dout, grads.shape[2:]), None


_IMAGE_RESIZE_GRADS = {C.ResizeBilinear: C.ResizeBilinearGrad, C.ResizeBilinearV2: C.ResizeBilinearGrad,
                       C.ResizeBicubic: C.ResizeBicubicGrad}


@bprop("ResizeBilinear", "ResizeBilinearV2", "ResizeBicubic")
def _resize_image(prim, x, *rest):
    size, _, dout = _split(rest)
    grad = shared_prim(_IMAGE_RESIZE_GRADS[type(prim)], prim.align_corners, prim.half_pixel_centers)
    return (grad(dout, x),) + _nones(size)


@bprop("ResizeBilinearGrad", "ResizeBicubicGrad")
def _resize_image_grad(prim, grads, image, out, dout):
    resize_class = C.ResizeBilinearV2 if type(prim) is C.ResizeBilinearGrad else C.ResizeBicubic
    resize = shared_prim(resize_class, prim.align_corners, prim.half_pixel_centers)
    return resize(dout, grads.shape[2:]), None


@bprop("ResizeLinear1D")
def _resize_linear1d(prim, x, size, out, dout):
    return shared_prim(C.ResizeLinear1DGrad, prim.coordinate_transformation_mode)(dout, x), None


@bprop("ResizeLinear1DGrad")
def _resize_linear1d_grad(prim, grads, x, out, dout):
    return shared_prim(C.ResizeLinear1D, prim.coordinate_transformation_mode)(dout, grads.shape[2:]), None


def _upsample_args(prim) -> tuple:
    """The constructor arguments an upsampling and its gradient share."""
    return (prim.align_corners,) if "align_corners" in prim.attrs else ()


_UPSAMPLE_PAIRS = {C.UpsampleNearest3D: C.UpsampleNearest3DGrad, C.UpsampleNearest3DGrad: C.UpsampleNearest3D,
                   C.UpsampleTrilinear3D: C.UpsampleTrilinear3DGrad,
                   C.UpsampleTrilinear3DGrad: C.UpsampleTrilinear3D}


@bprop("UpsampleNearest3D", "UpsampleTrilinear3D")
def _upsample(prim, x, *rest):
    sizes, _, dout = _split(rest)
    grad = shared_prim(_UPSAMPLE_PAIRS[type(prim)], *_upsample_args(prim))
    return (grad(dout, x.shape, *sizes),) + _nones(sizes)


@bprop("UpsampleNearest3DGrad", "UpsampleTrilinear3DGrad")
def _upsample_grad(prim, dy, input_size, *rest):
    sizes, _, dout = _split(rest)
    upsample = shared_prim(_UPSAMPLE_PAIRS[type(prim)], *_upsample_args(prim))
    return (upsample(dout, *sizes), None) + _nones(sizes)
