"""Functional API of the primitives in operations/conv_ops.py: convolutions, pooling,
adaptive pooling and interpolation (`ops.conv2d`, `ops.max_pool2d`, `ops.interpolate`...).

Primitive attributes often come from call arguments here (a kernel size from the weight's
shape, a pool's padding...): `_cached` builds one Primitive per distinct attribute set.
"""
from __future__ import annotations

import functools
import math

from ...common import dtype as mstype
from .. import function as _F  # the other families' functions, looked up at call time
from ..operations import conv_ops as C
from ..operations import nn_ops
from ..operations.conv_ops import require_tensor as check_tensor
from ..validator import check_bool, check_int, check_string, check_type

__all__ = [
    "conv1d", "conv2d", "conv3d", "conv_transpose2d", "conv3d_transpose",
    "max_pool2d", "max_pool3d", "avg_pool1d", "avg_pool2d", "avg_pool3d",
    "adaptive_avg_pool1d", "adaptive_avg_pool2d", "adaptive_avg_pool3d",
    "adaptive_max_pool1d", "adaptive_max_pool2d", "adaptive_max_pool3d", "adaptive_avg_pool2d_ext",
    "lp_pool1d", "lp_pool2d", "max_unpool1d", "max_unpool2d", "max_unpool3d",
    "fractional_max_pool2d", "fractional_max_pool3d",
    "interpolate", "upsample",
]


def _hashable(value):
    """Lists become tuples so call arguments can key the primitive cache."""
    if isinstance(value, (list, tuple)):
        return tuple(_hashable(v) for v in value)
    return value


@functools.lru_cache(maxsize=256)
def _cached(cls, *args):
    return cls(*args)


def _prim(cls, *args):
    """One shared `cls(*args)` per distinct attribute set."""
    return _cached(cls, *(_hashable(a) for a in args))


_conv_transpose2d = C.ConvTranspose2D()
_adaptive_avg_pool1d = C.AdaptiveAvgPool1D()
_adaptive_max_pool1d = C.AdaptiveMaxPool1D()
_adaptive_max_pool3d = C.AdaptiveMaxPool3D()
_avg_pool1d = C.AvgPool1D()
_avg_pool2d = C.AvgPool2D()


# ---- convolutions --------------------------------------------------------------------------
def _conv_padding(op: str, padding, rank: int):
    """The functional `padding` (an int, or one int per spatial dim padding both sides)
    as the primitives' pad (an int or (begin, end) per dim)."""
    if isinstance(padding, (tuple, list)):
        if len(padding) != rank or not all(isinstance(p, int) for p in padding):
            raise ValueError(f"For '{op}', the 'padding' must be an int or a tuple of {rank} ints, "
                             f"but got {padding}.")
        return tuple(p for pad in padding for p in (pad, pad))
    check_type(op, "padding", padding, int)
    return padding


def _conv(op: str, cls, rank: int, input, weight, bias, stride, pad_mode, padding, dilation,
          groups):
    check_tensor(op, "input", input)
    check_tensor(op, "weight", weight)
    if weight.ndim != rank + 2:
        raise ValueError(f"For '{op}', the weight must be a {rank + 2}-D Tensor, but got shape "
                         f"{weight.shape}.")
    out_channel = weight.shape[0]
    conv = _prim(cls, out_channel, weight.shape[2:], 1, pad_mode, _conv_padding(op, padding, rank),
                 stride, dilation, groups)
    output = conv(input, weight)
    if bias is None:
        return output
    check_tensor(op, "bias", bias)
    if tuple(bias.shape) != (out_channel,):
        raise ValueError(f"For '{op}', the 'bias' must have shape ({out_channel},) for weight shape "
                         f"{weight.shape}, but got {bias.shape}.")
    return _bias_add()(output, bias)


@functools.lru_cache(maxsize=1)
def _bias_add():
    # BiasAdd belongs to the nn family; looked up on first use
    return nn_ops.BiasAdd()


def conv1d(input, weight, bias=None, stride=1, pad_mode="valid", padding=0, dilation=1, groups=1):
    """The 1-D convolution of input (N, C_in, L) with weight (C_out, C_in / groups, K),
    plus bias (C_out,) if given. pad_mode 'valid', 'same' or 'pad' (padding an int or
    (p,), on both sides)."""
    return _conv("conv1d", C.Conv1D, 1, input, weight, bias, stride, pad_mode, padding, dilation,
                 groups)


def conv2d(input, weight, bias=None, stride=1, pad_mode="valid", padding=0, dilation=1, groups=1):
    """The 2-D convolution of input (N, C_in, H, W) with weight (C_out, C_in / groups, kh,
    kw), plus bias (C_out,) if given. With pad_mode 'pad', padding is an int or (ph, pw),
    on both sides of each dim."""
    return _conv("conv2d", C.Conv2D, 2, input, weight, bias, stride, pad_mode, padding, dilation,
                 groups)


def conv3d(input, weight, bias=None, stride=1, pad_mode="valid", padding=0, dilation=1, groups=1):
    """The 3-D convolution of input (N, C_in, D, H, W) with weight
    (C_out, C_in / groups, kd, kh, kw), plus bias (C_out,) if given. With pad_mode 'pad',
    padding is an int or (pd, ph, pw), on both sides of each dim."""
    return _conv("conv3d", C.Conv3D, 3, input, weight, bias, stride, pad_mode, padding, dilation,
                 groups)


def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1):
    """The 2-D transposed convolution of input (N, C_in, H, W) or (C_in, H, W) with weight
    (C_in, C_out / groups, kh, kw), plus bias (C_out,) if given; output size per dim
    (in - 1) * stride - 2 * padding + dilation * (k - 1) + output_padding + 1."""
    return _conv_transpose2d(input, weight, bias, _hashable(stride), _hashable(padding),
                             _hashable(output_padding), groups, _hashable(dilation))


def conv3d_transpose(inputs, weight, pad_mode="valid", padding=0, stride=1, dilation=1, group=1,
                     output_padding=0):
    """The 3-D transposed convolution of inputs (N, C_in, D, H, W) with weight
    (C_in, C_out / group, kd, kh, kw): Conv3DTranspose with attributes from the shapes."""
    for name, value in (("inputs", inputs), ("weight", weight)):
        check_tensor("conv3d_transpose", name, value)
        if value.ndim != 5:
            raise ValueError(f"For 'conv3d_transpose', the '{name}' must be a 5-D Tensor, but got "
                             f"shape {value.shape}.")
    conv = _prim(C.Conv3DTranspose, inputs.shape[1], weight.shape[1] * group, weight.shape[2:], 1,
                 pad_mode, padding, stride, dilation, group, output_padding)
    return conv(inputs, weight)


# ---- pooling -------------------------------------------------------------------------------
def max_pool2d(x, kernel_size, stride=None, padding=0, dilation=1, return_indices=False,
               ceil_mode=False):
    """The 2-D max pool of x (N, C, H, W) with symmetric padding (at most half the
    kernel); with return_indices, also each maximum's int64 position in its flattened
    (H, W) plane."""
    pool = _prim(C.MaxPoolWithArgmaxV2, kernel_size, stride if stride is not None else kernel_size,
                 padding, dilation, ceil_mode)
    output, indices = pool(x)
    return (output, indices) if return_indices else output


def max_pool2d_ext(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
                   return_indices=False):
    """mint's max_pool2d: max_pool2d with torch's NaN rule (a NaN in a window wins), which
    MindSpore's CPU 2-D arg-max pool does not follow (pool_nan.py); MindSpore 2.7.1 has
    no CPU kernel for mint's. Pooled as a unit depth by the 3-D arg-max pool, as
    nn.MaxPool2d's padded pools are."""
    stride = kernel_size if stride is None else stride
    pool = _prim(C.MaxPool3DWithArgmax, _with_unit_depth(kernel_size), _with_unit_depth(stride),
                 _with_unit_depth(padding, 0), _with_unit_depth(dilation), ceil_mode)
    output, indices = (_F.squeeze(t, 2) for t in pool(_F.expand_dims(input, 2)))
    return (output, indices) if return_indices else output


def _with_unit_depth(value, depth=1):
    """A 2-D pool's per-dim int or (h, w) argument as (depth, h, w) (other values as
    they are, for the primitive to reject)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return (depth, value, value)
    return (depth,) + tuple(value) if isinstance(value, (tuple, list)) else value


def max_pool3d(x, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    """The 3-D max pool of x (N, C, D, H, W) with symmetric padding; with return_indices,
    also each maximum's int64 position in its flattened (D, H, W) volume."""
    pool = _prim(C.MaxPool3DWithArgmax, kernel_size, stride if stride is not None else kernel_size,
                 padding, dilation, ceil_mode)
    output, indices = pool(x)
    return (output, indices) if return_indices else output


def avg_pool1d(input_x, kernel_size=1, stride=1, padding=0, ceil_mode=False,
               count_include_pad=True):
    """The 1-D average pool of input_x (N, C, L); padding (an int or (p,)) on both sides."""
    check_tensor("avg_pool1d", "input_x", input_x)
    return _avg_pool1d(input_x, _hashable(kernel_size), _hashable(stride), _hashable(padding),
                       ceil_mode, count_include_pad)


def avg_pool2d(input_x, kernel_size=1, stride=1, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=0):
    """The 2-D average pool of input_x (N, C, H, W); padding an int (all sides) or
    (top, bottom, left, right); divisor_override, if non-zero, replaces the window size."""
    check_tensor("avg_pool2d", "input_x", input_x)
    if isinstance(padding, (tuple, list)) and len(padding) != 4:
        raise ValueError(f"For 'avg_pool2d', the 'padding' must be an int or a tuple of 4 ints, "
                         f"but got {padding}.")
    return _avg_pool2d(input_x, _hashable(kernel_size), _hashable(stride), _hashable(padding),
                       ceil_mode, count_include_pad, divisor_override)


def avg_pool3d(input_x, kernel_size=1, stride=1, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=0):
    """The 3-D average pool of input_x (N, C, D, H, W); padding an int or (head, tail,
    top, bottom, left, right)."""
    check_tensor("avg_pool3d", "input_x", input_x)
    pool = _prim(C.AvgPool3D, kernel_size, stride, "pad", padding, ceil_mode, count_include_pad,
                 divisor_override)
    return pool(input_x)


# ---- adaptive pooling ----------------------------------------------------------------------
def _check_divisible_1d(op: str, input, output_size) -> None:
    """MindSpore's 1-D adaptive pools take inputs (N, C, L) with L a multiple of
    output_size."""
    check_tensor(op, "input", input)
    check_int(op, "output_size", output_size, minimum=1)
    if input.ndim != 3:
        raise ValueError(f"For '{op}', the input must be 3-D, but got shape {input.shape}.")
    length = input.shape[2]
    if length < output_size or length % output_size:
        raise ValueError(f"For '{op}', the input's last dimension must be a multiple of "
                         f"output_size {output_size}, but got {length}.")


def adaptive_avg_pool1d(input, output_size):
    """The adaptive average pool of input (N, C, L) to length output_size, which must
    divide L."""
    _check_divisible_1d("adaptive_avg_pool1d", input, output_size)
    return _adaptive_avg_pool1d(input, output_size)


def adaptive_max_pool1d(input, output_size):
    """The adaptive max pool of input (N, C, L) to length output_size, which must divide
    L."""
    _check_divisible_1d("adaptive_max_pool1d", input, output_size)
    if input.dtype not in (mstype.float16, mstype.float32):
        raise TypeError(f"For adaptive_max_pool1d, the input dtype must be float16 or float32, but got {input.dtype}.")
    return _adaptive_max_pool1d(input, output_size)[0]


def adaptive_avg_pool2d(input, output_size):
    """The adaptive average pool of input (N, C, H, W) or (C, H, W); output_size an int
    or (h, w), None keeping that dim."""
    return _prim(C.AdaptiveAvgPool2D, output_size)(input)


def adaptive_avg_pool3d(input, output_size):
    """The adaptive average pool of input (N, C, D, H, W) or (C, D, H, W); output_size an
    int or (d, h, w), None keeping that dim."""
    return _prim(C.AdaptiveAvgPool3D, output_size)(input)


def adaptive_max_pool2d(input, output_size, return_indices=False):
    """The adaptive max pool of input (N, C, H, W) or (C, H, W); with return_indices,
    also each maximum's int64 position in its flattened (H, W) plane."""
    check_bool("adaptive_max_pool2d", "return_indices", return_indices)
    if isinstance(output_size, int):
        output_size = (output_size, output_size)
    output, indices = _prim(C.AdaptiveMaxPool2D, output_size)(input)
    return (output, indices) if return_indices else output


def adaptive_max_pool3d(input, output_size, return_indices=False):
    """The adaptive max pool of input (N, C, D, H, W) or (C, D, H, W); with
    return_indices, also each maximum's int32 position in its flattened volume."""
    check_bool("adaptive_max_pool3d", "return_indices", return_indices)
    if isinstance(output_size, int):
        output_size = (output_size,) * 3
    output, indices = _adaptive_max_pool3d(input, _hashable(output_size))
    return (output, indices) if return_indices else output


def adaptive_avg_pool2d_ext(input, output_size):
    """`adaptive_avg_pool2d` under the name of MindSpore's Ascend kernel."""
    return adaptive_avg_pool2d(input, output_size)


# ---- power-average and unpooling -----------------------------------------------------------
def _lp_pool(op: str, pool, x, norm_type, kernel_size, stride, ceil_mode, window: int):
    """(sum of x^p over each window)^(1/p), computed as the average pool of x^p times the
    window size (so a window cut by ceil_mode counts only its elements, as MindSpore's)."""
    check_tensor(op, "x", x)
    if isinstance(norm_type, bool) or not isinstance(norm_type, (int, float)):
        raise TypeError(f"For '{op}', the 'norm_type' must be an int or a float, but got "
                        f"{type(norm_type).__name__}.")
    if norm_type == 0:
        raise ValueError(f"For '{op}', the value of 'norm_type' can not be 0.")
    if not x.dtype.is_floating_point:
        x = _F.cast(x, mstype.float32)
    pooled = pool(_F.pow(x, norm_type), kernel_size, stride if stride is not None else kernel_size,
                  0, ceil_mode)
    return _F.pow(pooled * window, 1.0 / norm_type)


def lp_pool1d(x, norm_type, kernel_size, stride=None, ceil_mode=False):
    """The power-average pool of x (N, C, L) or (C, L): (sum of x^p over each window of
    `kernel_size`)^(1/p), p = norm_type; stride defaults to kernel_size."""
    check_tensor("lp_pool1d", "x", x)
    check_type("lp_pool1d", "kernel_size", kernel_size, int)
    if x.ndim not in (2, 3):
        raise ValueError(f"For 'lp_pool1d', the 'x' must be 2-D or 3-D, but got {x.ndim}-D.")
    batched = x if x.ndim == 3 else _F.expand_dims(x, 0)
    out = _lp_pool("lp_pool1d", avg_pool1d, batched, norm_type, kernel_size, stride, ceil_mode, kernel_size)
    return out if x.ndim == 3 else out[0]


def lp_pool2d(x, norm_type, kernel_size, stride=None, ceil_mode=False):
    """The power-average pool of x (N, C, H, W): (sum of x^p over each window)^(1/p),
    p = norm_type; kernel_size an int or (kh, kw); stride defaults to kernel_size."""
    check_tensor("lp_pool2d", "x", x)
    if x.ndim != 4:
        raise ValueError(f"For 'lp_pool2d', the 'x' must be 4-D, but got {x.ndim}-D.")
    kh, kw = kernel_size if isinstance(kernel_size, (tuple, list)) else (kernel_size, kernel_size)
    return _lp_pool("lp_pool2d", avg_pool2d, x, norm_type, kernel_size, stride, ceil_mode, kh * kw)


def _per_axis(op: str, arg: str, value, rank: int) -> tuple:
    values = tuple(value) if isinstance(value, (tuple, list)) else (value,) * rank
    if len(values) != rank:
        raise ValueError(f"For '{op}', the '{arg}' must be an int or {rank} ints, but got {value}.")
    for v in values:
        check_int(op, arg, v, minimum=0 if arg == "padding" else 1)
    return values


def _unpooled_size(op: str, spatial: tuple, kernel: tuple, stride: tuple, padding: tuple, output_size) -> tuple:
    """The unpooled spatial shape: (in - 1) * stride - 2 * padding + kernel per axis, or
    the last axes of `output_size`, which must lie within a stride of that."""
    default = tuple((n - 1) * s - 2 * p + k for n, s, p, k in zip(spatial, stride, padding, kernel))
    if output_size is None:
        return default
    check_type(op, "output_size", output_size, (tuple, list))
    wanted = tuple(output_size)[-len(spatial):]
    for i, (w, d, s) in enumerate(zip(wanted, default, stride)):
        if not d - s < w < d + s:
            raise ValueError(f"For '{op}', the 'output_size' {tuple(output_size)} must lie within a stride of "
                             f"the default output size {default}, but got {w} on spatial axis {i}.")
    return wanted


def _max_unpool(op: str, rank: int, x, indices, kernel_size, stride, padding, output_size):
    """Puts each value of the max-pooled `x` back at the position `indices` gives in its
    flattened unpooled plane; zeros elsewhere."""
    check_tensor(op, "x", x)
    check_tensor(op, "indices", indices)
    if indices.dtype not in (mstype.int32, mstype.int64):
        raise TypeError(f"For '{op}', the dtype of 'indices' must be int32 or int64, but got {indices.dtype}.")
    if x.ndim not in (rank + 1, rank + 2):
        raise ValueError(f"For '{op}', the 'x' must be {rank + 1}-D or {rank + 2}-D, but got {x.ndim}-D.")
    if tuple(indices.shape) != tuple(x.shape):
        raise ValueError(f"For '{op}', the shape of 'indices' must be the shape of 'x' {x.shape}, but got "
                         f"{indices.shape}.")
    kernel = _per_axis(op, "kernel_size", kernel_size, rank)
    strides = kernel if stride is None else _per_axis(op, "stride", stride, rank)
    pads = _per_axis(op, "padding", padding, rank)
    lead, spatial = tuple(x.shape[:-rank]), tuple(x.shape[-rank:])
    out_spatial = _unpooled_size(op, spatial, kernel, strides, pads, output_size)
    values = _F.reshape(x, lead + (-1,))
    positions = _F.cast(_F.reshape(indices, lead + (-1,)), mstype.int64)
    plane = _F.zeros(lead + (math.prod(out_spatial),), x.dtype)
    out = _F.tensor_scatter_elements(plane, positions, values, len(lead))
    return _F.reshape(out, lead + out_spatial)


def max_unpool1d(x, indices, kernel_size, stride=None, padding=0, output_size=None):
    """The inverse of max_pool1d: x and indices (N, C, L_in) or (C, L_in) -> (N, C, L_out),
    L_out = (L_in - 1) * stride - 2 * padding + kernel_size unless output_size says."""
    return _max_unpool("max_unpool1d", 1, x, indices, kernel_size, stride, padding, output_size)


def max_unpool2d(x, indices, kernel_size, stride=None, padding=0, output_size=None):
    """The inverse of max_pool2d: x and indices (N, C, H_in, W_in) or (C, H_in, W_in),
    indices into each flattened (H_out, W_out) plane; sizes as max_unpool1d's per axis."""
    return _max_unpool("max_unpool2d", 2, x, indices, kernel_size, stride, padding, output_size)


def max_unpool3d(x, indices, kernel_size, stride=None, padding=0, output_size=None):
    """The inverse of max_pool3d: x and indices (N, C, D, H, W) or (C, D, H, W), indices
    into each flattened output volume; sizes as max_unpool1d's per axis."""
    return _max_unpool("max_unpool3d", 3, x, indices, kernel_size, stride, padding, output_size)


# ---- fractional max pooling ----------------------------------------------------------------
def _fractional_output_size(op: str, spatial: tuple, kernel: tuple, output_size, output_ratio) -> tuple:
    if output_size is None and output_ratio is None:
        raise ValueError(f"For '{op}', 'output_size' and 'output_ratio' can not both be None.")
    if output_size is not None:
        sizes = _per_axis(op, "output_size", output_size, len(spatial))
    else:
        ratios = tuple(output_ratio) if isinstance(output_ratio, (tuple, list)) else (output_ratio,) * len(spatial)
        if len(ratios) != len(spatial):
            raise ValueError(f"For '{op}', the 'output_ratio' must be a float or {len(spatial)} floats, but got "
                             f"{output_ratio}.")
        for i, ratio in enumerate(ratios):
            check_type(op, f"output_ratio[{i}]", ratio, float)
            if not 0 < ratio < 1:
                raise ValueError(f"For '{op}', the 'output_ratio[{i}]' must be in range of (0.0, 1.0), but got "
                                 f"{ratio}.")
        sizes = tuple(int(n * r) for n, r in zip(spatial, ratios))
    for n, k, o in zip(spatial, kernel, sizes):
        if k + o - 1 > n:
            raise ValueError(f"For '{op}', the kernel size {kernel} plus the output size {sizes} less 1 must not "
                             f"exceed the input size {spatial}.")
    return sizes


def _window_starts(samples, size: int, out: int, kernel: int):
    """(B, out) start positions of the pooling windows along an axis: with alpha =
    (size - kernel) / (out - 1), window i starts at floor((i + u) * alpha) - floor(u * alpha)
    for the sample u of each row of `samples` (B,), the last at size - kernel."""
    last = _F.full((samples.shape[0], 1), size - kernel, dtype=mstype.int64)
    if out == 1:
        return last
    alpha = (size - kernel) / (out - 1)
    steps = _F.expand_dims(_F.cast(_F.arange(out - 1), samples.dtype), 0)
    u = _F.expand_dims(samples, 1)
    starts = _F.floor((steps + u) * alpha) - _F.floor(u * alpha)
    return _F.concat((_F.cast(starts, mstype.int64), last), 1)


def _fractional_max_pool(op: str, rank: int, input, kernel_size, output_size, output_ratio, return_indices,
                         random_samples):
    """Max over windows of size `kernel_size` whose starts advance by pseudo-random steps
    (Graham's fractional max pooling): `random_samples` (N, C, rank) in [0, 1) place them,
    drawn uniformly when None; the last sample axis is the width's for 2-D input (w, h),
    the depth's first for 3-D (d, h, w). With return_indices, also each maximum's int64
    position in its flattened input plane."""
    check_tensor(op, "input", input)
    check_bool(op, "return_indices", return_indices)
    if input.ndim not in (rank + 1, rank + 2):
        raise ValueError(f"For '{op}', the 'input' must be {rank + 1}-D or {rank + 2}-D, but got {input.ndim}-D.")
    batched = input if input.ndim == rank + 2 else _F.expand_dims(input, 0)
    batch, channels, *spatial = batched.shape
    spatial = tuple(spatial)
    kernel = _per_axis(op, "kernel_size", kernel_size, rank)
    sizes = _fractional_output_size(op, spatial, kernel, output_size, output_ratio)
    if random_samples is None:
        random_samples = _F.rand(batch, channels, rank)
    check_tensor(op, "_random_samples", random_samples)
    if tuple(random_samples.shape) != (batch, channels, rank):
        raise ValueError(f"For '{op}', the shape of '_random_samples' must be {(batch, channels, rank)}, but got "
                         f"{random_samples.shape}.")
    samples = _F.reshape(random_samples, (batch * channels, rank))
    sample_axis = (1, 0) if rank == 2 else (0, 1, 2)          # which sample places each spatial axis
    flat = None
    for d in range(rank):
        starts = _window_starts(samples[:, sample_axis[d]], spatial[d], sizes[d], kernel[d])
        positions = _F.expand_dims(starts, 2) + _F.reshape(_F.arange(kernel[d], dtype=mstype.int64), (1, 1, -1))
        shape = [batch * channels] + [1] * (2 * rank)
        shape[1 + d], shape[1 + rank + d] = sizes[d], kernel[d]
        term = _F.reshape(positions * math.prod(spatial[d + 1:]), tuple(shape))
        flat = term if flat is None else flat + term
    windows = math.prod(kernel)
    flat = _F.reshape(_F.broadcast_to(flat, (batch * channels,) + sizes + kernel), (batch * channels, -1))
    values = _F.gather_elements(_F.reshape(batched, (batch * channels, -1)), 1, flat)
    values = _F.reshape(values, (batch * channels, -1, windows))
    values, best = _fractional_maxima(values, rank)
    out_shape = ((batch, channels) if input.ndim == rank + 2 else (channels,)) + sizes
    output = _F.reshape(_F.gather_elements(values, 2, best), out_shape)
    if not return_indices:
        return output
    indices = _F.gather_elements(_F.reshape(flat, (batch * channels, -1, windows)), 2, best)
    return output, _F.reshape(indices, out_shape)


def _fractional_maxima(values, rank: int):
    """(values, the position of each window's maximum (..., 1)) for windows on the last
    axis, by MindSpore's CPU NaN rules: the 2-D pool's running maximum starts at -inf
    at the first element and takes greater elements (NaN never wins; a window of NaN
    gives -inf), the 3-D pool's takes NaN too (the last NaN wins)."""
    nan = _F.isnan(values)
    if rank == 2:
        values = _F.masked_fill(values, nan, -math.inf)
        return values, _F.argmax(values, -1, keepdim=True)
    numbered = _F.cast(nan, mstype.int32) * _F.arange(1, values.shape[-1] + 1, dtype=mstype.int32)
    return values, _F.select(_F.any(nan, -1, keep_dims=True), _F.argmax(numbered, -1, keepdim=True),
                             _F.argmax(values, -1, keepdim=True))


def fractional_max_pool2d(input, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                          _random_samples=None):
    """Fractional max pooling of input (N, C, H, W) or (C, H, W) to output_size (oh, ow)
    or output_ratio * (H, W), windows of kernel_size; `_random_samples` (N, C, 2), the
    width's sample first. See `_fractional_max_pool`."""
    return _fractional_max_pool("fractional_max_pool2d", 2, input, kernel_size, output_size, output_ratio,
                                return_indices, _random_samples)


def fractional_max_pool3d(input, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                          _random_samples=None):
    """Fractional max pooling of input (N, C, D, H, W) or (C, D, H, W) to output_size
    (od, oh, ow) or output_ratio * (D, H, W); `_random_samples` (N, C, 3) in (d, h, w)
    order. See `_fractional_max_pool`."""
    return _fractional_max_pool("fractional_max_pool3d", 3, input, kernel_size, output_size, output_ratio,
                                return_indices, _random_samples)


# ---- interpolation -------------------------------------------------------------------------
# For each mode: the input ranks it supports and, per rank, whether it takes
# scale_factor and align_corners (MindSpore's rules).
_MODES = {
    "nearest": {3: (), 4: (), 5: ("scale_factor",)},
    "linear": {3: ("align_corners",)},
    "bilinear": {4: ("align_corners",)},
    "bicubic": {4: ("align_corners",)},
    "area": {3: ("scale_factor",), 4: ("scale_factor",), 5: ("scale_factor",)},
    "nearest-exact": {3: (), 4: ()},
    "trilinear": {5: ("align_corners", "scale_factor")},
}


def _per_dim(op: str, arg: str, value, count: int, kind) -> tuple:
    """A number or a sequence of `count` numbers of `kind`, each positive."""
    values = tuple(value) if isinstance(value, (tuple, list)) else (value,) * count
    if len(values) != count:
        raise ValueError(f"For '{op}', the '{arg}' must have {count} elements for this input, "
                         f"but got {value}.")
    for v in values:
        check_type(op, arg, v, kind)
        if v <= 0:
            raise ValueError(f"For '{op}', the '{arg}' must be positive, but got {value}.")
    return values


def interpolate(input, size=None, scale_factor=None, mode="nearest", align_corners=None,
                recompute_scale_factor=None):
    """Resize input (N, C, *spatial) to `size` or by `scale_factor` (exactly one given).

    Modes: 'nearest' (3-D, 4-D, 5-D), 'nearest-exact' (3-D, 4-D), 'linear' (3-D),
    'bilinear' and 'bicubic' (4-D), 'trilinear' (5-D), 'area' (adaptive average pooling).
    Without align_corners, linear modes sample at pixel centres. scale_factor is only
    accepted where MindSpore does (else use recompute_scale_factor=True, which turns it
    into a size)."""
    op = "interpolate"
    check_tensor(op, "input", input)
    mode = check_string(op, "mode", mode, tuple(_MODES), case_sensitive=True)
    rank = input.ndim
    if rank not in _MODES[mode]:
        raise ValueError(f"For '{op}', mode '{mode}' supports {sorted(_MODES[mode])}-D inputs, "
                         f"but got a {rank}-D input.")
    options = _MODES[mode][rank]
    if (size is None) == (scale_factor is None):
        raise ValueError(f"For '{op}', exactly one of 'size' and 'scale_factor' must be given, "
                         f"but got size {size} and scale_factor {scale_factor}.")
    spatial = input.shape[2:]
    if size is not None:
        size = _per_dim(op, "size", size, rank - 2, int)
    else:
        scale_factor = _per_dim(op, "scale_factor", scale_factor, rank - 2, (int, float))
    if recompute_scale_factor or (mode == "area" and size is None):
        if size is not None:
            raise ValueError(f"For '{op}', 'recompute_scale_factor' must not be True when 'size' "
                             f"is given.")
        size = tuple(math.floor(n * s) for n, s in zip(spatial, scale_factor))
        scale_factor = None
    if scale_factor is not None and "scale_factor" not in options:
        raise ValueError(f"For '{op}', 'scale_factor' cannot be used with mode '{mode}' on a "
                         f"{rank}-D input; give 'size' or recompute_scale_factor=True.")
    if align_corners is not None:
        check_bool(op, "align_corners", align_corners)
        if "align_corners" not in options:
            raise ValueError(f"For '{op}', 'align_corners' cannot be used with mode '{mode}' on "
                             f"a {rank}-D input.")
    return _RESIZE[mode](input, size, scale_factor, bool(align_corners))


def _nearest(x, size, scale_factor, align_corners):
    if x.ndim == 5:
        return _prim(C.UpsampleNearest3D)(x, size, scale_factor)
    return _prim(C.ResizeNearestNeighborV2)(x, size)


def _nearest_exact(x, size, scale_factor, align_corners):
    return _prim(C.ResizeNearestNeighborV2, False, True)(x, size)


def _linear(x, size, scale_factor, align_corners):
    mode = "align_corners" if align_corners else "half_pixel"
    return _prim(C.ResizeLinear1D, mode)(x, size)


def _bilinear(x, size, scale_factor, align_corners):
    return _prim(C.ResizeBilinearV2, align_corners, not align_corners)(x, size)


def _bicubic(x, size, scale_factor, align_corners):
    return _prim(C.ResizeBicubic, align_corners, not align_corners)(x, size)


def _trilinear(x, size, scale_factor, align_corners):
    return _prim(C.UpsampleTrilinear3D, align_corners)(x, size, scale_factor)


def _area(x, size, scale_factor, align_corners):
    if x.ndim == 3:
        return adaptive_avg_pool1d(x, size[0])
    if x.ndim == 4:
        return adaptive_avg_pool2d(x, size)
    return adaptive_avg_pool3d(x, size)


_RESIZE = {"nearest": _nearest, "nearest-exact": _nearest_exact, "linear": _linear,
           "bilinear": _bilinear, "bicubic": _bicubic, "trilinear": _trilinear, "area": _area}


def upsample(input, size=None, scale_factor=None, mode="nearest", align_corners=None,
             recompute_scale_factor=None):
    """Same as interpolate."""
    return interpolate(input, size, scale_factor, mode, align_corners, recompute_scale_factor)


TENSOR_METHODS = {}
"""Tensor methods and operators this family provides (installed by tensor_methods.py)."""
