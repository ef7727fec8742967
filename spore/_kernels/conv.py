"""Kernels of the primitives in ops/operations/conv_ops.py: convolutions and their
gradients, pooling, adaptive pooling and resizing.

The window geometry (padding modes, output sizes) belongs to the primitive: kernels ask
`prim.window` for the padding of each input and only turn it into torch calls. torch pads
symmetrically, so asymmetric padding ('same' with an odd total, explicit (begin, end)
pads, ceil-mode tails) is applied with `F.pad` first.
"""
from __future__ import annotations

import math
import weakref

import torch
import torch.nn.functional as F

from .pool_layout import pooled
from .pool_nan import FLOAT32_LOWEST, Windows, adaptive_positions, needs_rules, regular_positions
from .registry import kernel, kernel_factory
from .tensor_data import torch_dtype

_CONV = {1: F.conv1d, 2: F.conv2d, 3: F.conv3d}
_CONV_TRANSPOSE = {1: F.conv_transpose1d, 2: F.conv_transpose2d, 3: F.conv_transpose3d}
_MAX_POOL = {1: F.max_pool1d, 2: F.max_pool2d, 3: F.max_pool3d}
_AVG_POOL = {2: F.avg_pool2d, 3: F.avg_pool3d}
_ADAPTIVE_AVG = {1: F.adaptive_avg_pool1d, 2: F.adaptive_avg_pool2d, 3: F.adaptive_avg_pool3d}
_ADAPTIVE_MAX = {1: F.adaptive_max_pool1d, 2: F.adaptive_max_pool2d, 3: F.adaptive_max_pool3d}
_HALF = (torch.float16, torch.bfloat16)


def _ints(value) -> tuple:
    """A shape-like argument (an int sequence or a 1-D integer tensor) as ints."""
    if isinstance(value, torch.Tensor):
        return tuple(value.reshape(-1).tolist())
    return tuple(int(v) for v in value)


def _torch_pad(padding) -> list:
    """Per-dim (begin, end) pairs, first spatial dim first, in F.pad's order (last dim
    first)."""
    return [p for pair in reversed(padding) for p in pair]


def _symmetric(padding) -> tuple | None:
    """The per-dim padding if every dim pads both sides alike, else None."""
    if all(begin == end for begin, end in padding):
        return tuple(begin for begin, _ in padding)
    return None


def _crop(t: torch.Tensor, padding) -> torch.Tensor:
    """t without `padding` on its trailing spatial dims."""
    index = [slice(None)] * (t.dim() - len(padding))
    index += [slice(begin, t.shape[i - len(padding)] - end) for i, (begin, end) in enumerate(padding)]
    return t[tuple(index)]


# ---- convolutions --------------------------------------------------------------------------
# oneDNN's convolutions (torch's CPU default) cost tens of microseconds of setup per call:
# below about a million multiply-adds (two for the gradients) torch's own unfold + GEMM
# kernels are 1.2-4x faster (float32, one thread, LeNet5's convolutions at batch 1-8:
# bench/small_convolutions.py), and slower above. Their sums come in another order,
# within float32's rounding.
_SMALL_CONVOLUTION_MACS = 1 << 20
_SMALL_GRADIENT_MACS = 2 << 20
_SMALL_FORWARD = torch.ops.aten._slow_conv2d_forward.default
_SMALL_BACKWARD = torch.ops.aten._slow_conv2d_backward.output_mask


def is_small_convolution(batch: int, w_shape, out_spatial, window, groups: int,
                         limit: int = _SMALL_CONVOLUTION_MACS) -> bool:
    """Whether a float32 2-D convolution (symmetric padding) by a weight of w_shape runs
    on torch's unfold + GEMM kernels on the CPU."""
    return (groups == 1 and window.dilation == (1, 1)
            and batch * math.prod(w_shape) * math.prod(out_spatial) <= limit)


def _is_small(x: torch.Tensor, w_shape, out_spatial, window, groups: int, limit: int = _SMALL_CONVOLUTION_MACS):
    return (x.dim() == 4 and x.dtype == torch.float32 and x.device.type == "cpu"
            and is_small_convolution(x.shape[0], w_shape, out_spatial, window, groups, limit))


def _conv2d_factory(prim, padding):
    """Conv2D with a symmetric padding known in advance: small convolutions on torch's
    unfold + GEMM kernels, the others on oneDNN."""
    window, groups = prim.window, prim.group
    stride, dilation = window.stride, window.dilation

    def run(x, w):
        out = [(n + 2 * p - k) // s + 1 for n, p, k, s in zip(x.shape[2:], padding, w.shape[2:], stride)]
        if w.dtype == torch.float32 and _is_small(x, w.shape, out, window, groups):
            return _SMALL_FORWARD(x, w, w.shape[2:], None, stride, padding)
        return F.conv2d(x, w, None, stride, padding, dilation, groups)
    return run


def _per_dim(value, rank: int) -> list:
    return [value] * rank if isinstance(value, int) else list(value)


def _conv_backward(dout, x, w, stride, padding, dilation, groups, mask):
    """aten's convolution backward for the gradients `mask` selects (input, weight, bias).
    The operand whose gradient is not asked for is only read for its shape: callers pass a
    `placeholder` of it (torch.nn.grad's wrappers pass a broadcast one-element tensor, which
    oneDNN first copies into a full-size contiguous tensor: a copy per call)."""
    rank = dout.dim() - 2
    return torch.ops.aten.convolution_backward(
        dout, x, w, None, _per_dim(stride, rank), _per_dim(padding, rank), _per_dim(dilation, rank),
        False, [0] * rank, groups, mask)


def _placeholder(like: torch.Tensor, shape) -> torch.Tensor:
    """An uninitialized contiguous tensor of `shape`: an operand read only for its shape."""
    return like.new_empty(tuple(shape))


def _conv_input_grad(shape, w, dout, stride, padding, dilation, groups):
    return _conv_backward(dout, _placeholder(dout, shape), w, stride, padding, dilation, groups,
                          (True, False, False))[0]


def _conv_weight_grad(x, shape, dout, stride, padding, dilation, groups):
    return _conv_backward(dout, x, _placeholder(dout, shape), stride, padding, dilation, groups,
                          (False, True, False))[1]


def _conv_factory(prim):
    """Conv1D / Conv2D / Conv3D: (x, weight) -> output."""
    conv, window, groups = _CONV[prim.rank], prim.window, prim.group
    stride, dilation = window.stride, window.dilation
    fixed = window.fixed_padding()
    padding = None if fixed is None else _symmetric(fixed)
    if padding is not None:
        if prim.rank == 2:
            return _conv2d_factory(prim, padding)
        return lambda x, w: conv(x, w, None, stride, padding, dilation, groups)

    def run(x, w):
        padding = window.declared_padding(x.shape[2:])
        symmetric = _symmetric(padding)
        if symmetric is not None:
            return conv(x, w, None, stride, symmetric, dilation, groups)
        return conv(F.pad(x, _torch_pad(padding)), w, None, stride, 0, dilation, groups)
    return run


for _name in ("Conv1D", "Conv2D", "Conv3D"):
    kernel_factory(_name)(_conv_factory)


def _input_gradient(prim, dout, w, shape):
    """The gradient of prim's convolution with respect to an input of `shape`."""
    window, groups = prim.window, prim.group
    input_grad = _conv_input_grad
    padding = window.declared_padding(shape[2:])
    symmetric = _symmetric(padding)
    if symmetric is not None:
        return input_grad(shape, w, dout, window.stride, symmetric, window.dilation, groups)
    padded = shape[:2] + tuple(n + begin + end for n, (begin, end) in zip(shape[2:], padding))
    grad = input_grad(padded, w, dout, window.stride, 0, window.dilation, groups)
    return _crop(grad, padding)


def _conv_input_grad_factory(prim):
    """ConvNDBackpropInput / ConvNDTranspose: (dout, weight, input_size) -> dx."""
    return lambda dout, w, input_size: _input_gradient(prim, dout, w, _ints(input_size))


for _name in ("Conv1DBackpropInput", "Conv1DTranspose", "Conv2DBackpropInput", "Conv2DTranspose"):
    kernel_factory(_name)(_conv_input_grad_factory)


@kernel_factory("Conv3DBackpropInput")
def _conv3d_input_grad_factory(prim):
    return lambda w, dout, input_size: _input_gradient(prim, dout, w, _ints(input_size))


@kernel_factory("Conv3DTranspose")
def _conv3d_transpose_factory(prim):
    def run(dout, w):
        shape = (dout.shape[0], w.shape[1] * prim.group) + prim.input_sizes(dout.shape[2:])
        return _input_gradient(prim, dout, w, shape)
    return run


@kernel("ConvTranspose2D")
def conv_transpose2d(x, w, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return F.conv_transpose2d(x, w, bias, stride, padding, output_padding, groups, dilation)


# oneDNN's float32 weight gradient (torch's CPU kernel) of a convolution wider than 1x1
# accumulates over the batch in one float32 chain: its error grows with the batch (relative
# 4e-6 at batch 32, 1e-5 at 128, where MindSpore's is 4e-7; bench/grad_accuracy.py
# --kernels). Folded into the channels (a view: sample n becomes channel group n of one
# sample, the groups multiplied by the batch), each sample's gradient comes out separately
# and torch's reduction sums them: 6e-7 (3x3) and 9e-7 (depthwise) against MindSpore's 4e-7
# and 3e-7, from 4e-6 and 6e-6 in one chain. oneDNN's grouped kernel is as fast as the plain
# one only for depthwise or wide groups and a small folded weight (measured for 2-D
# convolutions: bench/conv_weight_grad.py); other convolutions keep the one chain.
# Folding pays while the per-sample weight gradients stay small against the input: at most
# this share of x's size (depthwise kernels on small images, 8x8 and less, were slower).
_MIN_GROUP_CHANNELS = 16
_MAX_FOLDED_WEIGHT_SHARE = 0.5
_MAX_FOLDED_DEPTHWISE_SHARE = 1 / 16


def _fold_batch(x: torch.Tensor, weight_shape, groups: int) -> bool:
    """Whether x's weight gradient is computed with its batch folded into the channels."""
    if x.dtype != torch.float32 or x.device.type != "cpu" or x.dim() != 4 or math.prod(weight_shape[2:]) == 1:
        return False
    group_channels = x.shape[1] // groups
    depthwise = group_channels == 1 and weight_shape[0] == groups
    folded_weight = x.shape[0] * math.prod(weight_shape)
    if depthwise:
        return folded_weight <= _MAX_FOLDED_DEPTHWISE_SHARE * x.numel()
    return group_channels >= _MIN_GROUP_CHANNELS and folded_weight <= _MAX_FOLDED_WEIGHT_SHARE * x.numel()


def _weight_gradient(prim, dout, x, shape):
    """The gradient of prim's convolution of x with respect to a weight of `shape`."""
    window, groups = prim.window, prim.group
    weight_grad = _conv_weight_grad
    padding = window.declared_padding(x.shape[2:])
    symmetric = _symmetric(padding)
    if symmetric is None:
        x, symmetric = F.pad(x, _torch_pad(padding)), (0,) * len(padding)
    if prim.rank == 2 and dout.dtype == torch.float32 and _is_small(x, shape, dout.shape[2:], window, groups,
                                                                    _SMALL_GRADIENT_MACS):
        return _SMALL_BACKWARD(dout.contiguous(), x.contiguous(), dout.new_empty(shape), shape[2:], window.stride,
                               symmetric, (False, True, False))[1]
    if not _fold_batch(x, shape, groups):
        return weight_grad(x, shape, dout, window.stride, symmetric, window.dilation, groups)
    batch = x.shape[0]
    per_sample = weight_grad(x.reshape(1, -1, *x.shape[2:]), (batch * shape[0],) + tuple(shape[1:]),
                             dout.reshape(1, -1, *dout.shape[2:]), window.stride, symmetric, window.dilation,
                             groups * batch)
    return per_sample.reshape(batch, *shape).sum(0)


def _conv_weight_grad_factory(prim):
    """Conv1DBackpropFilter / Conv2DBackpropFilter: (dout, x, filter_size) -> dw."""
    return lambda dout, x, filter_size: _weight_gradient(prim, dout, x, _ints(filter_size))


for _name in ("Conv1DBackpropFilter", "Conv2DBackpropFilter"):
    kernel_factory(_name)(_conv_weight_grad_factory)


@kernel_factory("Conv3DBackpropFilter")
def _conv3d_weight_grad_factory(prim):
    return lambda x, dout, w_size: _weight_gradient(prim, dout, x, _ints(w_size))


def input_and_weight_gradient(input_prim, weight_prim):
    """(dout, x, w) -> (dx, dw) for an input-gradient and a weight-gradient primitive of
    the same convolution, in one torch call when the padding is symmetric (Graph mode
    fuses the pair that a convolution's bprop emits)."""
    window, groups, rank = input_prim.window, input_prim.group, input_prim.rank

    def run(dout, x, w):
        symmetric = _symmetric(window.declared_padding(x.shape[2:]))
        if symmetric is None or _fold_batch(x, w.shape, groups):
            return (_input_gradient(input_prim, dout, w, tuple(x.shape)),
                    _weight_gradient(weight_prim, dout, x, tuple(w.shape)))
        if rank == 2 and w.dtype == dout.dtype == torch.float32 and _is_small(x, w.shape, dout.shape[2:], window,
                                                                            groups, _SMALL_GRADIENT_MACS):
            dx, dw, _ = _SMALL_BACKWARD(dout.contiguous(), x.contiguous(), w.contiguous(), w.shape[2:], window.stride,
                                        symmetric, (True, True, False))
            return dx, dw
        dx, dw, _ = _conv_backward(dout, x, w, window.stride, symmetric, window.dilation, groups, (True, True, False))
        return dx, dw
    return run


@kernel_factory("_ConvGradients")
def _conv_gradients_factory(prim):
    """(dout, x, w) -> (dx, dw) of prim's convolution (PyNative's bprop asks for both at once)."""
    return input_and_weight_gradient(prim, prim)


# ---- max pooling ---------------------------------------------------------------------------
def _lowest(dtype: torch.dtype):
    """The padding value that never wins a max."""
    return -math.inf if dtype.is_floating_point else torch.iinfo(dtype).min


def _torch_padding(window, padding) -> tuple | None:
    """The padding torch's pools can apply themselves (symmetric, at most half the
    kernel), or None."""
    symmetric = None if padding is None else _symmetric(padding)
    if symmetric is None or any(2 * p > k for p, k in zip(symmetric, window.kernel)):
        return None
    return symmetric


def _torch_window_geometry(window, spatial) -> tuple | None:
    """(padding, ceil_mode) with which torch's pools slide the same windows over an input
    of `spatial` sizes as `window` does, or None. torch pads symmetrically, but leaves
    out what lies beyond the input, as max-pool padding that never wins would (and an
    average's divisor when it leaves out padding): so an end padding other than the begin
    one is fine when torch's floor or ceil output sizes are the declared ones ('same'
    padding (0, 1) of a 3x3/2 pool on 112 is padding 0 in ceil mode). Pads at most half
    the kernel, as torch's."""
    declared = window.declared_padding(spatial)
    padding = _torch_padding(window, declared)
    if padding is not None:
        return padding, window.ceil_mode
    begins = tuple(begin for begin, _ in declared)
    if any(2 * p > k for p, k in zip(begins, window.kernel)):
        return None
    sizes = window.output_sizes(spatial)
    for ceil_mode in (False, True):
        symmetric = window._replace(pad_mode="pad", pads=tuple(p for b in begins for p in (b, b)),
                                    ceil_mode=ceil_mode)
        if symmetric.output_sizes(spatial) == sizes:
            return begins, ceil_mode
    return None


def max_pool(x: torch.Tensor, window, return_indices: bool = False):
    """The max pool of x's trailing spatial dims; with return_indices, also each
    maximum's position in the flattened spatial dims of the unpadded input."""
    rank = len(window.kernel)
    pool, spatial = _MAX_POOL[rank], x.shape[-rank:]
    geometry = _torch_window_geometry(window, spatial)
    if geometry is not None:
        padding, ceil_mode = geometry
        return pooled(pool, x, (window.kernel, window.stride, padding, window.dilation, ceil_mode, return_indices),
                      return_indices)
    applied = window.applied_padding(spatial)
    padded = F.pad(x, _torch_pad(applied), value=_lowest(x.dtype))
    result = pooled(pool, padded, (window.kernel, window.stride, 0, window.dilation, False, return_indices),
                    return_indices)
    if not return_indices:
        return result
    out, indices = result
    return out, _unpadded_indices(indices, padded.shape[-rank:], spatial, applied)


def _unpadded_indices(indices, padded_sizes, sizes, padding):
    """Flat positions in the padded spatial dims as flat positions in the unpadded ones."""
    remainder, flat, stride = indices, torch.zeros_like(indices), 1
    for i in reversed(range(len(sizes))):
        coord = remainder % padded_sizes[i] - padding[i][0]
        remainder = remainder // padded_sizes[i]
        flat = flat + coord * stride
        stride *= sizes[i]
    return flat


def max_pool_kernel(window, return_indices: bool = False):
    """max_pool for one window, with torch's own padding settled once when the window
    allows it whatever the input."""
    padding = _torch_padding(window, window.fixed_padding())
    if padding is None:
        return lambda x: max_pool(x, window, return_indices)
    pool = _MAX_POOL[len(window.kernel)]
    options = (window.kernel, window.stride, padding, window.dilation, window.ceil_mode, return_indices)
    return lambda x: pooled(pool, x, options, return_indices)


# Where each max-pool output's maxima came from, kept while the output lives, so that its
# gradient (MaxPoolGrad on the same output) need not run the pool a second time. Keyed by
# identity: tensors compare elementwise, so they can not be dictionary keys themselves.
# With (ruled) or without MindSpore's NaN rules (pool_nan.py), which torch's pool
# backward does not follow.
_argmax_of_output: dict[int, tuple] = {}


def _remember_argmax(out: torch.Tensor, window, argmax: torch.Tensor, ruled: bool) -> None:
    key = id(out)
    forget = weakref.ref(out, lambda _, key=key: _argmax_of_output.pop(key, None))
    _argmax_of_output[key] = (forget, window, argmax, ruled)


def _remembered_argmax(out: torch.Tensor, window):
    """(argmax, ruled) remembered for out, or None."""
    entry = _argmax_of_output.get(id(out))
    if entry is None or entry[0]() is not out or entry[1] != window:
        return None
    return entry[2:]


def _max_pool_windows(x: torch.Tensor, window) -> Windows:
    return Windows(x, regular_positions(window, x.shape[-len(window.kernel):]))


def _grad_argmax(pool, x: torch.Tensor, window) -> tuple:
    """(MaxPoolGrad's argmax, whether by MindSpore's NaN rules) for x: torch's,
    unless its output has a window those rules change."""
    out, argmax = pool(x)
    if needs_rules(out):
        return _max_pool_windows(x, window).grad_positions(), True
    return argmax, False


@kernel_factory("MaxPool")
@kernel_factory("MaxPool3D")
def _max_pool_factory(prim):
    window, pool = prim.window, max_pool_kernel(prim.window, return_indices=True)
    one_row = len(window.kernel) == 2 and window.kernel[0] == 1

    def run(x):
        if one_row and x.shape[-2] == 1:
            out = _row_max_pool(x, window)
            if out is not None:
                return _max_pool_windows(x, window).last_nan_max() if needs_rules(out) else out
        out, argmax = pool(x)  # as fast as the pool alone on the CPU
        ruled = needs_rules(out)
        if ruled:
            windows = _max_pool_windows(x, window)
            out, argmax = windows.last_nan_max(), windows.grad_positions()
        _remember_argmax(out, window, argmax, ruled)
        return out
    return run


def _row_max_pool(x: torch.Tensor, window):
    """The max pool of x (N, C, 1, L) by a one-row window (nn.MaxPool1d's), or None if
    torch can not slide its windows. torch's 1-D pool without indices has a vectorized
    kernel (0.34 ms for [8, 64, 2000] 3/2, 24x faster than the 2-D pool with indices on
    row-major input, 10x than on channels-last); the indices a gradient needs are found
    again then (MaxPoolGrad), as for any output not remembered."""
    geometry = _torch_window_geometry(window, x.shape[-2:])
    if geometry is None:
        return None
    padding, ceil_mode = geometry
    return F.max_pool1d(x.squeeze(-2), window.kernel[1], window.stride[1], padding[1], window.dilation[1],
                        ceil_mode).unsqueeze(-2)


@kernel_factory("MaxPoolWithArgmax")
def _max_pool_with_argmax_factory(prim):
    window = prim.window
    pool = max_pool_kernel(window, return_indices=True)

    def run(x):
        out, indices = pool(x)
        if needs_rules(out, -math.inf):
            out, indices = _max_pool_windows(x, window).first_wins()
        # MindSpore counts positions over (C, H, W) of each sample
        plane = x.shape[2] * x.shape[3]
        channel = torch.arange(x.shape[1], device=x.device).reshape(1, -1, 1, 1)
        return out, (indices + channel * plane).to(torch.int32)
    return run


@kernel_factory("MaxPoolWithArgmaxV2")
def _max_pool_with_argmax_v2_factory(prim):
    window = prim.window
    pool = max_pool_kernel(window, return_indices=True)
    index_type = torch_dtype(prim.argmax_type)

    def run(x):
        out, indices = pool(x)
        if needs_rules(out, None):
            out, indices = _max_pool_windows(x, window).argmax_v2()
        return out, indices.to(index_type)
    return run


@kernel_factory("MaxPool3DWithArgmax")
def _max_pool3d_with_argmax_factory(prim):
    """torch's pool and NaN rule (MindSpore's CPU kernel has them). nn.MaxPool2d pools
    through it over a unit depth (kernel, stride and dilation 1 there, no padding),
    which the 2-D pool skips, in the layout pooled() picks (4.4 ms for [8, 64, 56, 56]
    3x3/2 against 12.8 for torch's 3-D pool); nn.MaxPool1d over a unit depth and height,
    pooled as one-row planes (1.3 ms for [8, 64, 1792] 3/2 against 7.4 for torch's 1-D
    pool with indices, its 2-D pool on row-major planes)."""
    window = prim.window
    pool = max_pool_kernel(window, return_indices=True)
    plane_pool = max_pool_kernel(_without_depth(window), return_indices=True) if _unit_depth(window) else None
    index_type = torch_dtype(prim.argmax_type)

    def run(x):
        if plane_pool is not None and x.shape[2] == 1:
            out, indices = plane_pool(x[:, :, 0])
        else:
            out, indices = pool(x)
        shape = x.shape[:2] + tuple(window.output_sizes(x.shape[2:]))
        return out.reshape(shape), indices.to(index_type).reshape(shape)
    return run


def _unit_depth(window) -> bool:
    """Whether a 3-D window is one element deep, without padding there."""
    return window.kernel[0] == window.dilation[0] == 1 and window.pads[:2] == (0, 0)


def _without_depth(window):
    """A 3-D window over its height and width only."""
    return window._replace(kernel=window.kernel[1:], stride=window.stride[1:], dilation=window.dilation[1:],
                           pads=window.pads[2:])


# ---- average pooling -----------------------------------------------------------------------
def avg_pool(x: torch.Tensor, window, count_include_pad: bool, divisor_override: int = 0):
    """The average pool of x's trailing spatial dims. The divisor is divisor_override if
    non-zero, else the window clipped to the padded input (count_include_pad) or to the
    input."""
    rank = len(window.kernel)
    if rank == 1:
        return avg_pool(x.unsqueeze(-2), _with_unit_dim(window), count_include_pad,
                        divisor_override).squeeze(-2)
    if rank == 3 and x.dtype in _HALF:  # torch's CPU avg_pool3d has no half kernels
        return avg_pool(x.float(), window, count_include_pad, divisor_override).to(x.dtype)
    pool, spatial = _AVG_POOL[rank], x.shape[-rank:]
    declared = window.declared_padding(spatial)
    geometry = _torch_avg_geometry(window, spatial, count_include_pad, divisor_override)
    if geometry is not None:
        padding, ceil_mode = geometry
        return pool(x, window.kernel, window.stride, padding, ceil_mode, count_include_pad, divisor_override or None)
    padded = F.pad(x, _torch_pad(window.applied_padding(spatial)))
    sums = pool(padded, window.kernel, window.stride, 0, False, True, 1)
    if divisor_override:
        return sums / divisor_override
    return sums / _window_counts(window, spatial, declared, sums.shape[-rank:], count_include_pad,
                                 sums.dtype, x.device)


def _torch_avg_geometry(window, spatial, count_include_pad: bool, divisor_override: int) -> tuple | None:
    """(padding, ceil_mode) with which torch's average pool gives window's averages over
    an input of `spatial` sizes, or None: its symmetric padding, or any torch slides the
    same windows with (_torch_window_geometry) when the divisor does not count padding."""
    if count_include_pad and not divisor_override:
        padding = _torch_padding(window, window.declared_padding(spatial))
        return None if padding is None else (padding, window.ceil_mode)
    return _torch_window_geometry(window, spatial)


def _with_unit_dim(window):
    """A 1-D window as a 2-D one over a leading unit dim."""
    return window._replace(kernel=(1,) + window.kernel, stride=(1,) + window.stride,
                           dilation=(1,) + window.dilation, pads=(0, 0) + window.pads)


def _window_counts(window, spatial, declared, out_sizes, count_include_pad, dtype, device):
    """How many elements each window averages over, broadcastable to the output."""
    counts = None
    rank = len(spatial)
    for axis, (n, k, s, (begin, end), m) in enumerate(zip(spatial, window.kernel, window.stride,
                                                          declared, out_sizes)):
        low, high = (-begin, n + end) if count_include_pad else (0, n)
        start = torch.arange(m, device=device) * s - begin
        count = (start + k).clamp(max=high) - start.clamp(min=low)
        count = count.reshape((m,) + (1,) * (rank - 1 - axis))
        counts = count if counts is None else counts * count
    return counts.to(dtype)


def avg_pool_kernel(window, count_include_pad: bool, divisor_override: int = 0):
    """avg_pool for one window, with torch's own padding settled once when the window
    allows it whatever the input."""
    rank = len(window.kernel)
    padding = _torch_padding(window, window.fixed_padding())
    if padding is None or rank == 1:
        return lambda x: avg_pool(x, window, count_include_pad, divisor_override)
    pool = _AVG_POOL[rank]
    options = (window.kernel, window.stride, padding, window.ceil_mode, count_include_pad,
               divisor_override or None)
    if rank == 3:  # torch's CPU avg_pool3d has no half kernels
        return lambda x: pool(x.float(), *options).to(x.dtype) if x.dtype in _HALF else pool(x, *options)
    return lambda x: pool(x, *options)


@kernel_factory("AvgPool")
@kernel_factory("AvgPool3D")
def _avg_pool_factory(prim):
    return avg_pool_kernel(prim.window, prim.count_include_pad, prim.divisor_override)


def _functional_avg_pool_factory(prim):
    """AvgPool1D / AvgPool2D: the options are call arguments."""
    def run(x, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
            divisor_override=None):
        window, divisor = prim.geometry(kernel_size, stride, padding, ceil_mode, count_include_pad,
                                        divisor_override)
        return avg_pool(x, window, count_include_pad, divisor)
    return run


kernel_factory("AvgPool1D")(_functional_avg_pool_factory)
kernel_factory("AvgPool2D")(_functional_avg_pool_factory)


# ---- pooling gradients ---------------------------------------------------------------------
def scatter_to_argmax(shape, grad, argmax, dims: int):
    """A zero tensor of `shape` with each element of grad added at the position argmax
    gives it, positions counting over the flattened trailing `dims` dims."""
    lead = tuple(shape[:len(shape) - dims])
    flat = lead + (-1,)
    dx = grad.new_zeros(lead + (math.prod(shape[len(lead):]),))
    return dx.scatter_add_(len(lead), argmax.reshape(flat).long(), grad.reshape(flat)).reshape(shape)


def gather_at_argmax(values, argmax, dims: int):
    """values read at the positions argmax gives (the transpose of scatter_to_argmax):
    argmax's shape, positions counting over the flattened trailing `dims` dims of values."""
    lead = tuple(argmax.shape[:argmax.dim() - dims])
    flat = lead + (-1,)
    return values.reshape(flat).gather(len(lead), argmax.reshape(flat).long()).reshape(argmax.shape)


def _max_pool_grad_factory(prim):
    """MaxPoolGrad / MaxPool3DGrad: (x, origin_output, grad) -> dx, grad routed to the
    position of each window's maximum: by torch's own pool backward when torch pooled
    with its own padding (it keeps the input's layout: channels-last stays so), else
    by a scatter."""
    window, rank = prim.window, prim.rank
    pool = max_pool_kernel(window, return_indices=True)
    backward = _MAX_POOL_BACKWARD[rank]
    fixed = _torch_padding(window, window.fixed_padding())
    fixed = None if fixed is None else (fixed, window.ceil_mode)

    def run(x, origin_output, grad):
        remembered = _remembered_argmax(origin_output, window)
        argmax, ruled = remembered if remembered is not None else _grad_argmax(pool, x, window)
        if ruled:
            return _scatter_kept(x.shape, grad, argmax, rank)
        geometry = fixed if fixed is not None else _torch_window_geometry(window, x.shape[-rank:])
        if geometry is not None and grad.dtype == x.dtype and argmax.dtype == torch.int64:
            padding, ceil_mode = geometry
            return backward(grad, x, window.kernel, window.stride, padding, window.dilation, ceil_mode, argmax)
        return scatter_to_argmax(x.shape, grad, argmax, rank)
    return run


_MAX_POOL_BACKWARD = {2: torch.ops.aten.max_pool2d_with_indices_backward.default,
                      3: torch.ops.aten.max_pool3d_with_indices_backward.default}


kernel_factory("MaxPoolGrad")(_max_pool_grad_factory)
kernel_factory("MaxPool3DGrad")(_max_pool_grad_factory)


def avg_pool_grad(shape, grad, window, count_include_pad: bool, divisor_override: int = 0):
    """The gradient of avg_pool with respect to an input of `shape`: each output's
    gradient over its divisor, spread over its window (a depthwise transposed
    convolution with a kernel of ones), the padding cut off."""
    rank = len(window.kernel)
    spatial = tuple(shape[2:])
    declared = window.declared_padding(spatial)
    geometry = _torch_avg_geometry(window, spatial, count_include_pad, divisor_override)
    if geometry is not None and rank in _AVG_POOL_BACKWARD and _torch_avg_backward_pays(shape, grad, window):
        padding, ceil_mode = geometry
        return _AVG_POOL_BACKWARD[rank](grad, grad.new_empty(shape), window.kernel, window.stride, padding,
                                        ceil_mode, count_include_pad, divisor_override or None)
    divisor = divisor_override or _window_counts(window, spatial, declared, grad.shape[2:],
                                                 count_include_pad, grad.dtype, grad.device)
    ones = grad.new_ones((shape[1], 1) + tuple(window.kernel))
    spread = _CONV_TRANSPOSE[rank](grad / divisor, ones, None, window.stride, groups=shape[1])
    # keep [begin, begin + n) of the padded extent; F.pad crops with negative widths
    widths = [(-begin, n + begin - m) for n, (begin, _), m in zip(spatial, declared, spread.shape[2:])]
    return F.pad(spread, _torch_pad(widths))


_AVG_POOL_BACKWARD = {2: torch.ops.aten.avg_pool2d_backward.default, 3: torch.ops.aten.avg_pool3d_backward.default}


def _torch_avg_backward_pays(shape, grad, window) -> bool:
    """Whether torch's own average-pool backward is the faster one and gives the same
    bits: windows that do not overlap (each input takes at most one output's gradient
    over its divisor, however summed), float64 (no oneDNN transposed convolution, 2-7x
    slower) or float32 with fewer than 32 channels (oneDNN's depthwise kernels are slow
    there: 0.47 vs 0.27 ms at LeNet5's [32, 6, 28, 28]); with more, torch's row-major
    scalar loop is the slower one (2.9 vs 2.1 ms at [8, 64, 56, 56])."""
    if any(s < k for s, k in zip(window.stride, window.kernel)) or grad.device.type != "cpu":
        return False
    return grad.dtype == torch.float64 or (grad.dtype == torch.float32 and shape[1] < 32)


@kernel_factory("AvgPoolGrad")
def _avg_pool_grad_factory(prim):
    window, include, divisor = prim.window, prim.count_include_pad, prim.divisor_override
    return lambda x, origin_output, grad: avg_pool_grad(x.shape, grad, window, include, divisor)


@kernel_factory("AvgPool3DGrad")
def _avg_pool3d_grad_factory(prim):
    window, include, divisor = prim.window, prim.count_include_pad, prim.divisor_override
    return lambda shape, grad: avg_pool_grad(_ints(shape), grad, window, include, divisor)


# ---- adaptive pooling ----------------------------------------------------------------------
def _adaptive_size(x, output_size, rank: int) -> tuple:
    if isinstance(output_size, int):
        output_size = (output_size,) * rank
    elif isinstance(output_size, torch.Tensor):
        output_size = output_size.reshape(-1).tolist()
    spatial = x.shape[-rank:]
    return tuple(n if m is None else int(m) for n, m in zip(spatial, output_size))


def _adaptive_avg_factory(prim):
    pool, rank = _ADAPTIVE_AVG[prim.rank], prim.rank
    if "output_size" in prim.attrs:
        return lambda x: pool(x, _adaptive_size(x, prim.output_size, rank))
    return lambda x, output_size: pool(x, _adaptive_size(x, output_size, rank))


def _adaptive_max_factory(prim):
    """AdaptiveMaxPool2D / 3D: MindSpore's CPU NaN rule is MaxPoolWithArgmax's; spore's
    AdaptiveMaxPool1D stands for MindSpore's 1-D adaptive pools, MaxPool over windows of
    the same size, whose rules (values, and gradient positions) it follows.
    pool_nan.py has the rules."""
    pool, rank = _ADAPTIVE_MAX[prim.rank], prim.rank
    index_type = torch_dtype(prim.argmax_type)

    def run(x, output_size=None):
        size = _adaptive_size(x, prim.output_size if output_size is None else output_size, rank)
        out, indices = pool(x, size, return_indices=True)
        if needs_rules(out, FLOAT32_LOWEST if rank == 1 else -math.inf):
            windows = Windows(x, adaptive_positions(x.shape[-rank:], size))
            out, indices = windows.first_wins() if rank > 1 else (windows.last_nan_max(), windows.grad_positions())
        return out, indices.to(index_type)
    return run


for _name in ("AdaptiveAvgPool1D", "AdaptiveAvgPool2D", "AdaptiveAvgPool3D"):
    kernel_factory(_name)(_adaptive_avg_factory)
for _name in ("AdaptiveMaxPool1D", "AdaptiveMaxPool2D", "AdaptiveMaxPool3D"):
    kernel_factory(_name)(_adaptive_max_factory)


# ---- resizing ------------------------------------------------------------------------------
# Resizing is separable: each spatial dim is resampled in turn with index_select. Source
# coordinates are computed in float32, as TensorFlow / MindSpore do, so that rounding at
# exact pixel boundaries matches theirs.

def _source_coords(in_size: int, out_size: int, mode: str, device, shift: float = 0.5):
    """The source coordinate of each output index: 'align_corners' maps the corner pixels
    onto each other, 'half_pixel' maps pixel centres ((dst + 0.5) * in / out - shift),
    'asymmetric' is dst * in / out."""
    dst = torch.arange(out_size, dtype=torch.float32, device=device)
    if mode == "align_corners":
        return dst * ((in_size - 1) / (out_size - 1) if out_size > 1 else 0.0)
    ratio = torch.tensor(in_size / out_size, dtype=torch.float32)
    if mode == "half_pixel":
        return (dst + 0.5) * ratio - shift
    return dst * ratio


def _coordinate_mode(align_corners: bool, half_pixel_centers: bool) -> str:
    if align_corners:
        return "align_corners"
    return "half_pixel" if half_pixel_centers else "asymmetric"


def _along(weights: torch.Tensor, dim: int, ndim: int) -> torch.Tensor:
    """Per-index weights shaped to broadcast along `dim` of an ndim-dim tensor."""
    return weights.reshape((-1,) + (1,) * (ndim - 1 - dim))


# Each resampling rule gives its taps: for an axis resized from in_size to out_size, a
# few (index, weight) pairs of out_size-long tensors, output i reading input index[i]
# with weight[i] (None: weight 1). The resize sums the taps it reads; its gradient is
# the transposed map, which adds each output's gradient back to the inputs it read.

def _nearest_taps(in_size, out_size, mode, device):
    """TensorFlow's nearest neighbour: round the corner-aligned coordinate, floor the
    others (half-pixel centres without the -0.5 shift)."""
    src = _source_coords(in_size, out_size, mode, device, shift=0.0)
    index = torch.floor(src + 0.5) if mode == "align_corners" else torch.floor(src)
    return ((index.long().clamp(max=in_size - 1), None),)


def _linear_taps(in_size, out_size, mode, device):
    src = _source_coords(in_size, out_size, mode, device).clamp(min=0)
    low = src.floor().clamp(max=in_size - 1)
    frac = src - low
    low = low.long()
    return (low, 1 - frac), ((low + 1).clamp(max=in_size - 1), frac)


def _cubic_taps(in_size, out_size, mode, device):
    """TensorFlow's bicubic resampling: the Keys kernel with a = -0.5 for half-pixel
    centres (taps outside the image get no weight, the rest are renormalized) and
    a = -0.75 otherwise (edge pixels repeat)."""
    src = _source_coords(in_size, out_size, mode, device)
    base = src.floor()
    # TensorFlow (and MindSpore) read the weights from a 1024-entry table, so the
    # fractional offset is rounded to a multiple of 1/1024
    t = torch.round((src - base) * 1024) / 1024
    a = -0.5 if mode == "half_pixel" else -0.75
    distances = (t + 1, t, 1 - t, 2 - t)
    weights = [_keys_cubic(d, a) for d in distances]
    taps = [base.long() + offset for offset in (-1, 0, 1, 2)]
    if mode == "half_pixel":
        weights = [torch.where((tap >= 0) & (tap < in_size), w, 0.0) for tap, w in zip(taps, weights)]
        total = sum(weights)
        weights = [w / total for w in weights]
    return tuple((tap.clamp(0, in_size - 1), w) for tap, w in zip(taps, weights))


def _keys_cubic(distance: torch.Tensor, a: float) -> torch.Tensor:
    """The Keys cubic convolution kernel at |distance| < 2."""
    d = distance.abs()
    near = ((a + 2) * d - (a + 3)) * d * d + 1
    far = ((a * d - 5 * a) * d + 8 * a) * d - 4 * a
    return torch.where(d <= 1, near, far)


def _resample_axis(x, dim, out_size, taps_fn, mode):
    result = None
    for index, weight in taps_fn(x.shape[dim], out_size, mode, x.device):
        term = x.index_select(dim, index)
        if weight is not None:
            term = term * _along(weight.to(x.dtype), dim, x.dim())
        result = term if result is None else result + term
    return result


def _resample_axis_transposed(grad, dim, in_size, taps_fn, mode):
    """The gradient of _resample_axis with respect to an axis of in_size."""
    shape = list(grad.shape)
    shape[dim] = in_size
    dx = grad.new_zeros(shape)
    for index, weight in taps_fn(in_size, grad.shape[dim], mode, grad.device):
        term = grad if weight is None else grad * _along(weight.to(grad.dtype), dim, grad.dim())
        dx.index_add_(dim, index, term)
    return dx


def _resample(x, sizes, taps_fn, mode):
    """x with its trailing len(sizes) dims resampled to `sizes`; half precision is
    computed in float32."""
    if x.dtype in _HALF and taps_fn is not _nearest_taps:
        return _resample(x.float(), sizes, taps_fn, mode).to(x.dtype)
    first = x.dim() - len(sizes)
    for offset, size in enumerate(sizes):
        x = _resample_axis(x, first + offset, size, taps_fn, mode)
    return x


def _resample_transposed(grad, sizes, taps_fn, mode):
    """The gradient of _resample with respect to an input of trailing sizes `sizes`;
    half precision is accumulated in float32."""
    if grad.dtype in _HALF:
        return _resample_transposed(grad.float(), sizes, taps_fn, mode).to(grad.dtype)
    first = grad.dim() - len(sizes)
    for offset, size in enumerate(sizes):
        grad = _resample_axis_transposed(grad, first + offset, size, taps_fn, mode)
    return grad


def _resize_mode(prim) -> str:
    """The coordinate rule of a resize primitive (or of its gradient)."""
    mode = prim.attrs.get("coordinate_transformation_mode")
    return mode or _coordinate_mode(prim.align_corners, prim.half_pixel_centers)


def _image_resize_factory(taps_fn):
    """A factory for the TensorFlow-style resizes, size an attribute or an input."""
    def factory(prim):
        mode = _resize_mode(prim)
        if "size" in prim.attrs:
            size = prim.size
            return lambda x: _resample(x, size, taps_fn, mode)
        return lambda x, size: _resample(x, _ints(size), taps_fn, mode)
    return factory


for _name, _taps_fn in (("ResizeNearestNeighbor", _nearest_taps),
                        ("ResizeNearestNeighborV2", _nearest_taps),
                        ("ResizeBilinear", _linear_taps), ("ResizeBilinearV2", _linear_taps),
                        ("ResizeBicubic", _cubic_taps), ("ResizeLinear1D", _linear_taps)):
    kernel_factory(_name)(_image_resize_factory(_taps_fn))


def _scales(scales) -> tuple | None:
    return None if scales is None else tuple(float(s) for s in scales)


def _upsample_factory(torch_mode):
    """UpsampleNearest3D / UpsampleTrilinear3D: torch's own interpolation."""
    def factory(prim):
        align_corners = prim.attrs.get("align_corners")

        def run(x, output_size=None, scales=None):
            size = None if output_size is None else _ints(output_size)
            return F.interpolate(x, size, _scales(scales), torch_mode, align_corners)
        return run
    return factory


kernel_factory("UpsampleNearest3D")(_upsample_factory("nearest"))
kernel_factory("UpsampleTrilinear3D")(_upsample_factory("trilinear"))


# ---- gradient helpers ----------------------------------------------------------------------
def _max_pool_grad_grad_factory(prim):
    """MaxPoolGradGrad / MaxPool3DGradGrad: (x, origin_output, grad) -> grad read where
    MaxPoolGrad sends each window's gradient (zero where nowhere)."""
    window, rank = prim.window, prim.rank
    pool = max_pool_kernel(window, return_indices=True)

    def run(x, origin_output, grad):
        argmax, ruled = _grad_argmax(pool, x, window)
        if not ruled:
            return gather_at_argmax(grad, argmax, rank)
        kept = argmax >= 0
        return torch.where(kept, gather_at_argmax(grad, argmax.clamp(min=0), rank), 0)
    return run


kernel_factory("MaxPoolGradGrad")(_max_pool_grad_grad_factory)
kernel_factory("MaxPool3DGradGrad")(_max_pool_grad_grad_factory)


def _scatter_kept(shape, grad, argmax, dims: int):
    """scatter_to_argmax, leaving out the gradients whose position lies outside the
    plane (MaxPoolWithArgmaxV2's and MaxPoolGrad's rules for windows without a maximum,
    pool_nan.py), as MindSpore does."""
    kept = (argmax >= 0) & (argmax < math.prod(shape[len(shape) - dims:]))
    return scatter_to_argmax(shape, torch.where(kept, grad, 0), torch.where(kept, argmax, 0), dims)


def _argmax_pool_grad_factory(prim):
    """MaxPoolGradWithArgmax / MaxPool3DGradWithArgmax: (x, grad, argmax) -> dx."""
    dims = prim.index_dims
    return lambda x, grad, argmax: scatter_to_argmax(x.shape, grad, argmax, dims)


@kernel_factory("MaxPoolGradWithArgmaxV2")
def _argmax_v2_pool_grad_factory(prim):
    """MaxPoolGradWithArgmaxV2: as _argmax_pool_grad_factory, but MaxPoolWithArgmaxV2's
    positions may lie outside the plane."""
    dims = prim.index_dims
    return lambda x, grad, argmax: _scatter_kept(x.shape, grad, argmax, dims)


def _adaptive_max_grad_factory(prim):
    """AdaptiveMaxPool1DGrad / 2DGrad / 3DGrad: (y_grad, x, argmax) -> dx."""
    rank = prim.rank
    return lambda y_grad, x, argmax: scatter_to_argmax(x.shape, y_grad, argmax, rank)


for _name in ("MaxPoolGradWithArgmax", "MaxPool3DGradWithArgmax"):
    kernel_factory(_name)(_argmax_pool_grad_factory)
for _name in ("AdaptiveMaxPool1DGrad", "AdaptiveMaxPool2DGrad", "AdaptiveMaxPool3DGrad"):
    kernel_factory(_name)(_adaptive_max_grad_factory)


_ADAPTIVE_AVG_GRAD = {2: torch.ops.aten._adaptive_avg_pool2d_backward,
                      3: torch.ops.aten._adaptive_avg_pool3d_backward}


def adaptive_avg_pool_grad(grad, shape, rank: int):
    """The gradient of the adaptive average pool of an input of `shape` (its trailing
    `rank` dims pooled); 1-D pools are 2-D pools over a unit dim."""
    if rank == 1:
        unit = tuple(shape[:-1]) + (1, shape[-1])
        return adaptive_avg_pool_grad(grad.unsqueeze(-2), unit, 2).squeeze(-2)
    # torch reads only the shape of its `self` argument
    return _ADAPTIVE_AVG_GRAD[rank](grad, grad.new_empty(shape))


def _adaptive_avg_grad_factory(prim):
    """AdaptiveAvgPool1DGrad / 2DGrad / 3DGrad: (input_grad, orig_input_shape) -> dx."""
    rank = prim.rank
    return lambda grad, shape: adaptive_avg_pool_grad(grad, _ints(shape), rank)


for _name in ("AdaptiveAvgPool1DGrad", "AdaptiveAvgPool2DGrad", "AdaptiveAvgPool3DGrad"):
    kernel_factory(_name)(_adaptive_avg_grad_factory)


def _functional_avg_pool_grad_factory(prim):
    """AvgPool1DGrad / AvgPool2DGrad: (grad, image, *AvgPool1D / AvgPool2D options) -> dx."""
    rank = prim.rank

    def run(grad, image, kernel_size, stride=None, padding=0, ceil_mode=False,
            count_include_pad=True, divisor_override=None):
        window, divisor = prim.geometry(kernel_size, stride, padding, ceil_mode, count_include_pad,
                                        divisor_override)
        shape = tuple(image.shape)
        if tuple(grad.shape) != shape[:-rank] + window.output_sizes(shape[-rank:]):
            raise ValueError("grad does not match the pool's output")  # infer explains
        if len(shape) == rank + 1:  # unbatched
            return avg_pool_grad((1,) + shape, grad.unsqueeze(0), window, count_include_pad,
                                 divisor).squeeze(0)
        return avg_pool_grad(shape, grad, window, count_include_pad, divisor)
    return run


kernel_factory("AvgPool1DGrad")(_functional_avg_pool_grad_factory)
kernel_factory("AvgPool2DGrad")(_functional_avg_pool_grad_factory)


def _positive(sizes: tuple) -> tuple:
    if min(sizes) <= 0:
        raise ValueError("sizes must be positive")  # infer explains
    return sizes


def _image_resize_grad_factory(taps_fn, takes_size: bool):
    """ResizeNearestNeighbor(V2)Grad (grads, size) and ResizeBilinearGrad /
    ResizeBicubicGrad / ResizeLinear1DGrad (grads, image): the transposed resampling."""
    def factory(prim):
        mode = _resize_mode(prim)
        if takes_size:
            return lambda grads, size: _resample_transposed(grads, _positive(_ints(size)), taps_fn, mode)
        return lambda grads, image: _resample_transposed(grads, image.shape[2:], taps_fn, mode)
    return factory


for _name, _taps_fn, _takes_size in (("ResizeNearestNeighborGrad", _nearest_taps, True),
                                     ("ResizeNearestNeighborV2Grad", _nearest_taps, True),
                                     ("ResizeBilinearGrad", _linear_taps, False),
                                     ("ResizeBicubicGrad", _cubic_taps, False),
                                     ("ResizeLinear1DGrad", _linear_taps, False)):
    kernel_factory(_name)(_image_resize_grad_factory(_taps_fn, _takes_size))


def _check_upsampled(dy, shape, output_size, scales) -> None:
    """dy is the gradient of the output upsampled from `shape` (infer explains a mismatch)."""
    if output_size is not None:
        sizes = _ints(output_size)
    else:
        sizes = tuple(int(n * s) for n, s in zip(shape[2:], scales))
    if tuple(dy.shape) != shape[:2] + sizes:
        raise ValueError("dy does not match the upsampled shape")


@kernel("UpsampleNearest3DGrad")
def upsample_nearest3d_grad(dy, input_size, output_size=None, scales=None):
    """Each output's gradient added to the input element it copied. Which element that is
    comes from torch's forward itself, run on the flat positions: torch's backward kernel
    ignores the scales when an output size equals the input's, where the forward does
    not."""
    shape = _ints(input_size)
    _check_upsampled(dy, shape, output_size, scales)
    spatial = shape[2:]
    positions = torch.arange(math.prod(spatial), dtype=torch.float64, device=dy.device)
    scale = _scales(scales)
    size = tuple(dy.shape[2:]) if scale is None else None
    source = F.interpolate(positions.reshape((1, 1) + spatial), size, scale, "nearest").reshape(-1).long()
    flat = dy.reshape(tuple(dy.shape[:2]) + (-1,))
    if flat.dtype in _HALF:
        flat = flat.float()
    dx = flat.new_zeros(tuple(dy.shape[:2]) + (positions.numel(),)).index_add_(2, source, flat)
    return dx.reshape(shape).to(dy.dtype)


@kernel_factory("UpsampleTrilinear3DGrad")
def _upsample_trilinear3d_grad_factory(prim):
    """torch's own backward kernel, given the sizes and scales the forward used."""
    align_corners = prim.align_corners

    def run(dy, input_size, output_size=None, scales=None):
        shape = _ints(input_size)
        _check_upsampled(dy, shape, output_size, scales)
        scale = _scales(scales) or (None,) * 3
        return torch.ops.aten.upsample_trilinear3d_backward(dy, dy.shape[2:], shape, align_corners, *scale)
    return run
