"""`mindspore.mint.nn.functional`: PyTorch-style neural-network functions over spore's ops.
Functions whose semantics equal an ops function are that function; the others adapt argument
names and defaults (`dim`, `stride=None` meaning the kernel size, string `padding`, `inplace`)."""
from __future__ import annotations

from spore import ops
from spore.common import dtype as mstype
from spore.common.tensor import Tensor
from spore.ops.function import conv_func
from spore.ops.function.inplace import rebind

from .._array import flatten
from .._reduce import _as_int64

__all__ = [
    'adaptive_avg_pool1d', 'adaptive_avg_pool2d', 'adaptive_avg_pool3d', 'adaptive_max_pool1d',
    'adaptive_max_pool2d', 'avg_pool1d', 'avg_pool2d', 'avg_pool3d', 'batch_norm', 'binary_cross_entropy',
    'binary_cross_entropy_with_logits', 'conv1d', 'conv2d', 'conv3d', 'conv_transpose2d', 'cross_entropy',
    'dropout', 'dropout2d', 'elu', 'elu_', 'embedding', 'flatten', 'fold', 'gelu', 'glu', 'grid_sample', 'group_norm',
    'hardtanh', 'hardtanh_', 'interpolate', 'kl_div', 'layer_norm', 'leaky_relu', 'linear', 'log_softmax',
    'logsigmoid', 'max_pool2d', 'max_unpool2d', 'mse_loss', 'nll_loss', 'normalize', 'one_hot', 'pad',
    'pixel_shuffle', 'prelu', 'relu', 'relu6', 'relu_', 'sigmoid', 'sigmoid_', 'silu', 'soft_margin_loss',
    'softmax', 'tanh', 'threshold', 'threshold_', 'unfold', 'upsample',
]

adaptive_avg_pool1d = ops.adaptive_avg_pool1d
adaptive_avg_pool2d = ops.adaptive_avg_pool2d
adaptive_avg_pool3d = ops.adaptive_avg_pool3d
adaptive_max_pool2d = ops.adaptive_max_pool2d
conv_transpose2d = ops.conv_transpose2d
cross_entropy = ops.cross_entropy
embedding = ops.embedding
unfold = ops.unfold
grid_sample = ops.grid_sample
group_norm = ops.group_norm
layer_norm = ops.layer_norm
mse_loss = ops.mse_loss
pixel_shuffle = ops.pixel_shuffle
prelu = ops.prelu
relu = ops.relu
sigmoid = ops.sigmoid
soft_margin_loss = ops.soft_margin_loss
tanh = ops.tanh


def _maybe_inplace(input, result, inplace):
    return rebind(input, result) if inplace else result


def adaptive_max_pool1d(input, output_size, return_indices=False):
    """Adaptive max pooling of (N, C, L) or (C, L) to length output_size; with return_indices,
    also the Int64 positions of the maxima."""
    values, indices = ops.adaptive_max_pool2d(ops.unsqueeze(input, -2), (1, output_size), True)
    values = ops.squeeze(values, -2)
    return (values, _as_int64(ops.squeeze(indices, -2))) if return_indices else values


def avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
    """Average pooling of (N, C, L); stride defaults to kernel_size."""
    return ops.avg_pool1d(input, kernel_size, kernel_size if stride is None else stride, padding, ceil_mode,
                          count_include_pad)


def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=None):
    """Average pooling of (N, C, H, W); stride defaults to kernel_size."""
    return ops.avg_pool2d(input, kernel_size, kernel_size if stride is None else stride, padding, ceil_mode,
                          count_include_pad, 0 if divisor_override is None else divisor_override)


def avg_pool3d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=None):
    """Average pooling of (N, C, D, H, W); stride defaults to kernel_size."""
    return ops.avg_pool3d(input, kernel_size, kernel_size if stride is None else stride, padding, ceil_mode,
                          count_include_pad, 0 if divisor_override is None else divisor_override)


def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    """Max pooling of (N, C, H, W); stride defaults to kernel_size."""
    return conv_func.max_pool2d_ext(input, kernel_size, stride, padding, dilation, ceil_mode, return_indices)


def max_unpool2d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    """The inverse of max_pool2d: input (N, C, H, W) placed at indices (positions in each output
    plane) of a zero output; stride defaults to kernel_size."""
    return ops.max_unpool2d(input, indices, kernel_size, stride, padding, output_size)


def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1, eps=1e-05):
    """Batch normalization of (N, C, ...) over every dim but C; weight / bias default to ones / zeros.
    A 5-D input is normalized as (N, C, D, H * W): the per-channel statistics are the same."""
    channels = input.shape[1]
    weight = ops.ones((channels,), input.dtype) if weight is None else weight
    bias = ops.zeros((channels,), input.dtype) if bias is None else bias
    if input.ndim == 5:
        folded = ops.reshape(input, input.shape[:3] + (-1,))
        out = ops.batch_norm(folded, running_mean, running_var, weight, bias, training, momentum, eps)
        return ops.reshape(out, input.shape)
    return ops.batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps)


def binary_cross_entropy(input, target, weight=None, reduction='mean'):
    """-(target * log(input) + (1 - target) * log(1 - input)), weighted, reduced."""
    return ops.binary_cross_entropy(input, target, weight, reduction)


def binary_cross_entropy_with_logits(input, target, weight=None, reduction='mean', pos_weight=None):
    """Binary cross entropy of sigmoid(input), with per-class pos_weight on the positive term."""
    return ops.binary_cross_entropy_with_logits(input, target, weight, pos_weight, reduction)


def _conv(conv, input, weight, bias, stride, padding, dilation, groups):
    """PyTorch's padding: a number / tuple of explicit pads, or 'same' / 'valid'."""
    if isinstance(padding, str):
        return conv(input, weight, bias, stride, padding, 0, dilation, groups)
    return conv(input, weight, bias, stride, 'pad', padding, dilation, groups)


def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """1-D convolution of (N, C_in, L) with weight (C_out, C_in / groups, K)."""
    return _conv(ops.conv1d, input, weight, bias, stride, padding, dilation, groups)


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """2-D convolution of (N, C_in, H, W) with weight (C_out, C_in / groups, KH, KW)."""
    return _conv(ops.conv2d, input, weight, bias, stride, padding, dilation, groups)


def conv3d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """3-D convolution of (N, C_in, D, H, W) with weight (C_out, C_in / groups, KD, KH, KW)."""
    return _conv(ops.conv3d, input, weight, bias, stride, padding, dilation, groups)


def dropout(input, p=0.5, training=True, inplace=False):
    """Zeroes elements with probability p and scales the rest by 1 / (1 - p) while training."""
    return _maybe_inplace(input, ops.dropout(input, p, training), inplace)


def dropout2d(input, p=0.5, training=True, inplace=False):
    """Zeroes whole channels of (N, C, H, W) with probability p while training."""
    return _maybe_inplace(input, ops.dropout2d(input, p, training), inplace)


def _elu(input, alpha):
    """ops.elu takes only alpha = 1; other alphas scale the negative branch."""
    if alpha == 1.0:
        return ops.elu(input)
    return ops.where(ops.gt(input, 0), input, ops.mul(ops.expm1(ops.minimum(input, 0)), alpha))


def elu(input, alpha=1.0, inplace=False):
    """x if x > 0 else alpha * (exp(x) - 1)."""
    return _maybe_inplace(input, _elu(input, alpha), inplace)


def elu_(input, alpha=1.0):
    """elu computed in place; returns input."""
    return rebind(input, _elu(input, alpha))


def gelu(input, *, approximate='none'):
    """x * Phi(x), exact ('none') or with the tanh approximation ('tanh')."""
    return ops.gelu(input, approximate)


def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1):
    """Sums sliding-window columns (N, C * prod(kernel_size), L), or unbatched (C * prod(kernel_size), L),
    back into images (N, C, *output_size); output_size is an int or a pair."""
    size = (output_size, output_size) if isinstance(output_size, int) else tuple(output_size)
    batched = input if input.ndim == 3 else ops.unsqueeze(input, 0)
    out = ops.fold(batched, Tensor(size, mstype.int32), kernel_size, dilation, padding, stride)
    return out if input.ndim == 3 else ops.squeeze(out, 0)


def glu(input, dim=-1):
    """Gated linear unit: a * sigmoid(b) for the halves a, b of input along dim."""
    return ops.glu(input, dim)


def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    """input clamped to [min_val, max_val]."""
    return _maybe_inplace(input, ops.hardtanh(input, min_val, max_val), inplace)


def hardtanh_(input, min_val=-1, max_val=1):
    """hardtanh computed in place; returns input."""
    return rebind(input, ops.hardtanh(input, min_val, max_val))


def kl_div(input, target, reduction='mean', log_target=False):
    """Pointwise KL divergence target * (log(target) - input) with input log-probabilities (target
    given as log-probabilities when log_target); reduced by 'none' / 'sum' / 'mean' (over elements) /
    'batchmean' (sum divided by the batch size)."""
    if reduction not in ('none', 'sum', 'mean', 'batchmean'):
        raise ValueError(f"For 'kl_div', 'reduction' must be one of 'none', 'sum', 'mean', 'batchmean', "
                         f"but got {reduction!r}.")
    if log_target:
        pointwise = ops.mul(ops.exp(target), ops.sub(target, input))
    else:
        pointwise = ops.sub(ops.xlogy(target, target), ops.mul(target, input))
    if reduction == 'none':
        return pointwise
    if reduction == 'mean':
        return ops.mean(pointwise)
    total = ops.sum(pointwise)
    return ops.div(total, input.shape[0]) if reduction == 'batchmean' and input.ndim else total


def leaky_relu(input, negative_slope=0.01):
    """x if x > 0 else negative_slope * x."""
    return ops.leaky_relu(input, negative_slope)


def linear(input, weight, bias=None):
    """input @ weight.T + bias; input (*, in), weight (out, in), bias (out,)."""
    return ops.dense(input, weight, bias)


def _softmax_input(name, input, dim, dtype):
    if dim is not None and (isinstance(dim, bool) or not isinstance(dim, int)):
        raise TypeError(f"For '{name}', 'dim' must be an int, but got {type(dim).__name__}.")
    return (input if dtype is None else ops.cast(input, dtype)), (-1 if dim is None else dim)


def softmax(input, dim=None, dtype=None):
    """exp(x) / sum(exp(x)) along dim (the last by default); dtype casts input first."""
    input, dim = _softmax_input('softmax', input, dim, dtype)
    return ops.softmax(input, dim)


def log_softmax(input, dim=None, *, dtype=None):
    """log(softmax(x)) along dim (the last by default); dtype casts input first. The
    LogSoftmaxExt primitive, as in MindSpore."""
    return ops.LogSoftmaxExt()(input, dim, dtype)


def logsigmoid(input):
    """log(sigmoid(x))."""
    return ops.logsigmoid(input)


def nll_loss(input, target, weight=None, ignore_index=-100, reduction='mean'):
    """Negative log-likelihood of class log-probabilities input (N, C, ...) at target (N, ...)."""
    return ops.nll_loss(input, target, weight, ignore_index, reduction)


def normalize(input, p=2.0, dim=1, eps=1e-12):
    """input / max(||input||_p along dim, eps)."""
    norms = ops.vector_norm(input, p, dim, True)
    return ops.div(input, ops.clamp(norms, eps))


def one_hot(tensor, num_classes=-1):
    """Int64 one-hot encoding of an integer tensor along a new last dim of size num_classes
    (max(tensor) + 1 when -1)."""
    if not isinstance(tensor, Tensor):
        raise TypeError(f"For 'one_hot', 'tensor' must be a Tensor, but got {type(tensor).__name__}.")
    if num_classes == -1:
        num_classes = int(ops.amax(tensor)) + 1 if tensor.size else 0
    on_value, off_value = Tensor(1, mstype.int64), Tensor(0, mstype.int64)
    return ops.one_hot(tensor, num_classes, on_value, off_value)


def pad(input, pad, mode='constant', value=None):
    """Pads the last len(pad) / 2 dims: pad = (left, right, top, bottom, ...), from the last dim back."""
    return ops.pad(input, pad, mode, value)


def relu6(input, inplace=False):
    """min(max(x, 0), 6)."""
    return _maybe_inplace(input, ops.relu6(input), inplace)


def relu_(input):
    """relu computed in place; returns input."""
    return rebind(input, ops.relu(input))


def sigmoid_(input):
    """sigmoid computed in place; returns input."""
    return rebind(input, ops.sigmoid(input))


def silu(input, inplace=False):
    """x * sigmoid(x)."""
    return _maybe_inplace(input, ops.silu(input), inplace)


def threshold(input, threshold, value, inplace=False):
    """x if x > threshold else value."""
    return _maybe_inplace(input, ops.threshold(input, threshold, value), inplace)


def threshold_(input, threshold, value):
    """threshold computed in place; returns input."""
    return rebind(input, ops.threshold(input, threshold, value))


def interpolate(input, size=None, scale_factor=None, mode='nearest', align_corners=None,
                recompute_scale_factor=None):
    """Resizes the spatial dims of input (N, C, *spatial) to size, or by scale_factor.
    A scale_factor must give whole output sizes unless recompute_scale_factor is True: then the
    scale-based and size-based sampling grids coincide, and ops' size-based resize is exact."""
    if scale_factor is not None and size is None and not recompute_scale_factor:
        spatial = input.shape[2:]
        scales = scale_factor if isinstance(scale_factor, (tuple, list)) else (scale_factor,) * len(spatial)
        if any(float(n * s) != int(n * s) for n, s in zip(spatial, scales)):
            raise ValueError(f"For 'interpolate', 'scale_factor' {scale_factor} gives a fractional output size "
                             f"for spatial size {spatial}; give 'size' or recompute_scale_factor=True.")
        recompute_scale_factor = True
    return ops.interpolate(input, size, scale_factor, mode, align_corners, recompute_scale_factor)


def upsample(input, size=None, scale_factor=None, mode='nearest', align_corners=None):
    """Resizes input to size or by scale_factor: interpolate without recompute_scale_factor."""
    return interpolate(input, size, scale_factor, mode, align_corners)
