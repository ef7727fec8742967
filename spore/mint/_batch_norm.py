"""mint's batch-norm statistics functions (the pieces of a synchronized batch norm), composed of
reductions over every dim of (N, C, ...) but the channel dim 1."""
from __future__ import annotations

from spore import ops


def _channel_view(x, ndim):
    """A (C,) vector shaped (1, C, 1, ...) to broadcast against an ndim-D input."""
    return ops.reshape(x, (1, -1) + (1,) * (ndim - 2))


def batch_norm_stats(input, eps):
    """(mean, invstd) per channel of input (N, C, ...): invstd = 1 / sqrt(biased variance + eps)."""
    dims = (0,) + tuple(range(2, input.ndim))
    variance, mean = ops.var_mean(input, dims, 0)
    return mean, ops.rsqrt(ops.add(variance, eps))


def batch_norm_elemt(input, weight=None, bias=None, mean=None, invstd=None, eps=1e-05):
    """(input - mean) * invstd * weight + bias per channel of input (N, C, ...)."""
    if mean is None or invstd is None:
        raise TypeError("For 'batch_norm_elemt', 'mean' and 'invstd' must be Tensors, but got None.")
    out = ops.mul(ops.sub(input, _channel_view(mean, input.ndim)), _channel_view(invstd, input.ndim))
    if weight is not None:
        out = ops.mul(out, _channel_view(weight, input.ndim))
    if bias is not None:
        out = ops.add(out, _channel_view(bias, input.ndim))
    return out


def batch_norm_gather_stats_with_counts(input, mean, invstd, running_mean=None, running_var=None, momentum=0.1,
                                        eps=1e-05, counts=None):
    """Combines per-group statistics mean (G, C), invstd (G, C) of counts (G,) elements into the
    global (mean, invstd) per channel; running_mean / running_var (C,) are updated in place with
    momentum (running_var takes the unbiased variance)."""
    if counts is None:
        raise TypeError("For 'batch_norm_gather_stats_with_counts', 'counts' must be a Tensor, but got None.")
    counts = ops.reshape(ops.cast(counts, mean.dtype), (-1, 1))
    total = ops.sum(counts)
    global_mean = ops.div(ops.sum(ops.mul(mean, counts), 0), total)
    group_var = ops.sub(ops.reciprocal(ops.square(invstd)), eps)
    spread = ops.add(group_var, ops.square(ops.sub(mean, global_mean)))
    global_var = ops.div(ops.sum(ops.mul(spread, counts), 0), total)
    if running_mean is not None:
        running_mean.assign_value(ops.add(ops.mul(running_mean, 1 - momentum), ops.mul(global_mean, momentum)))
    if running_var is not None:
        unbiased = ops.mul(global_var, ops.div(total, ops.sub(total, 1)))
        running_var.assign_value(ops.add(ops.mul(running_var, 1 - momentum), ops.mul(unbiased, momentum)))
    return global_mean, ops.rsqrt(ops.add(global_var, eps))
