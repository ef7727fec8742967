"""Kernels of the primitives in ops/operations/nn_ops.py.

Normalizations and losses compute half-precision inputs (float16, bfloat16) in float32
and cast the results back. Where torch would accept input the primitive rejects (a wrong
dtype, rank or size that still broadcasts), the kernel fails (`_require`), so that the
primitive's `infer` raises MindSpore's error instead of a result being returned.
"""
from __future__ import annotations

import math

import torch
import torch.nn.functional as F

from . import rng
from .elementwise import sigmoid
from .registry import kernel, kernel_factory
from .tensor_data import in_torch_dtype

_HALF = (torch.float16, torch.bfloat16)
_INDEX_DTYPES = (torch.int32, torch.int64)


def _work(t: torch.Tensor) -> torch.Tensor:
    """`t` in the precision a reduction over it should use (float32 for half types)."""
    return t.float() if t.dtype in _HALF else t


_REDUCERS = {"none": lambda t: t, "mean": torch.mean, "sum": torch.sum}


def _require(condition: bool) -> None:
    """Fail on input torch would accept but the primitive does not (infer explains)."""
    if not condition:
        raise ValueError("input rejected by the primitive's rules")


# ---- normalization ------------------------------------------------------------------------
@kernel_factory("BatchNorm")
def batch_norm(prim):
    eps, momentum = prim.epsilon, prim.momentum
    training, channels_last = prim.is_training, prim.data_format == "NHWC"

    def channels_back(y):
        return y.movedim(1, -1) if channels_last else y

    def kernel(x, scale, bias, mean, variance):
        _require(x.is_floating_point() and 2 <= x.ndim <= 4
                 and scale.dtype == bias.dtype == mean.dtype == variance.dtype
                 and scale.shape == bias.shape == mean.shape == variance.shape
                 == (x.shape[-1 if channels_last else 1],))
        xc = x.movedim(-1, 1) if channels_last else x          # (N, C, ...)
        # torch takes half-precision input with float32 parameters, and computes in float32.
        work = torch.float32 if x.dtype in _HALF else x.dtype
        weight, shift = scale.to(work), bias.to(work)
        if not training:
            y = torch.native_batch_norm(xc, weight, shift, mean.to(work), variance.to(work), False, momentum, eps)[0]
            return channels_back(y), mean, variance, mean, variance, mean, variance
        # torch updates the moving statistics in place, so it gets copies: inputs are never written.
        new_mean, new_var = mean.to(work, copy=True), variance.to(work, copy=True)
        y, batch_mean, inv_std = torch.native_batch_norm(xc, weight, shift, new_mean, new_var, True, momentum, eps)
        batch_mean, batch_var = batch_mean.to(scale.dtype), (inv_std.pow(-2) - eps).to(scale.dtype)
        return (channels_back(y), batch_mean, batch_var, batch_mean, batch_var,
                new_mean.to(mean.dtype), new_var.to(variance.dtype))
    return kernel


@kernel_factory("LayerNorm")
def layer_norm(prim):
    norm_axis, params_axis, eps = prim.begin_norm_axis, prim.begin_params_axis, prim.epsilon

    def kernel(x, gamma=None, beta=None):
        _require(-1 <= norm_axis < x.ndim and -1 <= params_axis < x.ndim)
        begin, params_begin = norm_axis % x.ndim, params_axis % x.ndim
        work = _work(x)
        gamma = None if gamma is None else gamma.to(work.dtype)
        beta = None if beta is None else beta.to(work.dtype)
        if params_begin == begin:
            y, mean, rstd = torch.native_layer_norm(work, work.shape[begin:], gamma, beta, eps)
        else:
            # gamma / beta span other axes than the normalized ones: apply them by broadcasting.
            y, mean, rstd = torch.native_layer_norm(work, work.shape[begin:], None, None, eps)
            if gamma is not None:
                y = y * gamma
            if beta is not None:
                y = y + beta
        variance = rstd.pow(-2) - eps
        return y.to(x.dtype), mean.float(), variance.float()
    return kernel


@kernel("GroupNorm")
def group_norm(input, num_groups, weight=None, bias=None, eps=1e-5):
    n, channels = input.shape[:2]
    work = _work(input)
    weight = None if weight is None else weight.to(work.dtype)
    bias = None if bias is None else bias.to(work.dtype)
    y, mean, rstd = torch.native_group_norm(work, weight, bias, n, channels, math.prod(input.shape[2:]),
                                            num_groups, eps)
    return y.to(input.dtype), mean.to(input.dtype), rstd.to(input.dtype)


# ---- activations --------------------------------------------------------------------------
kernel("ReLU")(torch.relu)
kernel("Mish")(F.mish)
kernel("Softplus")(F.softplus)
kernel("SeLU")(F.selu)


@kernel("ReLU6")
def relu6(x):
    _require(x.dtype != torch.bool)
    return torch.clamp(x, 0, 6)


@kernel("GeLU")
def gelu(x):
    return F.gelu(x, approximate="tanh")


@kernel("FastGeLU")
def fast_gelu(x):
    _require(x.is_floating_point())
    return x * torch.sigmoid(1.702 * x)


def _float_activation(fn):
    """`fn` applied to integer inputs through float32, truncated back (MindSpore's HSwish
    and HSigmoid take integers)."""
    def kernel(x):
        if x.is_floating_point():
            return fn(x)
        _require(x.dtype != torch.bool)
        return fn(x.float()).to(x.dtype)
    return kernel


@kernel("SiLU")
def silu(x):
    """x * sigmoid(x); float16 as MindSpore's CPU kernel computes it: in float16, each step
    rounded (see `sigmoid`)."""
    if x.dtype == torch.float16:
        return x * sigmoid(x)
    return F.silu(x)


def softmax(x, axis: int):
    """exp(x - max) / sum along `axis`; float16 as MindSpore's CPU kernel computes it: the
    exponentials rounded to float16, summed in float32, the quotient rounded."""
    if x.dtype == torch.float16:
        exponentials = torch.exp(x - x.amax(axis, keepdim=True))
        return exponentials / exponentials.sum(axis, keepdim=True)
    return torch.softmax(x, axis)


kernel("HSwish")(_float_activation(F.hardswish))
kernel("HSigmoid")(_float_activation(F.hardsigmoid))


def _with_attribute(compute, attribute: str):
    """A kernel factory for compute(x, <the primitive's attribute>)."""
    def factory(prim):
        value = getattr(prim, attribute)
        return lambda x: compute(x, value)
    return factory


kernel_factory("Elu")(_with_attribute(F.elu, "alpha"))
kernel_factory("LeakyReLU")(_with_attribute(F.leaky_relu, "alpha"))
kernel_factory("CeLU")(_with_attribute(F.celu, "alpha"))
kernel_factory("HShrink")(_with_attribute(F.hardshrink, "lambd"))
kernel_factory("SoftShrink")(_with_attribute(F.softshrink, "lambd"))
kernel_factory("Softmax")(_with_attribute(softmax, "axis"))
kernel_factory("LogSoftmax")(_with_attribute(torch.log_softmax, "axis"))


@kernel("PReLU")
def prelu(x, weight):
    _require(weight.dtype == x.dtype and weight.ndim == 1)
    return F.prelu(x, weight)


# ---- bias, dropout, embedding -------------------------------------------------------------
@kernel_factory("BiasAdd")
def bias_add(prim):
    channel_axis = -1 if prim.data_format == "NHWC" else 1
    ranks = (5,) if prim.data_format == "NCDHW" else (2, 3, 4, 5)

    def kernel(x, bias):
        _require(bias.dtype == x.dtype != torch.bool and bias.ndim == 1 and x.ndim in ranks
                 and bias.shape[0] == x.shape[channel_axis])
        if channel_axis == -1:
            return x + bias
        return x + bias.view((-1,) + (1,) * (x.ndim - 2))
    return kernel


def _generator(seed0: int = 0, seed1: int = 0) -> torch.Generator | None:
    """The stream of one dropout instance, built once with its kernel."""
    return rng.generator_for(rng.op_seeds(seed0, seed1))


@kernel_factory("Dropout")
def dropout(prim):
    keep_prob, gen = prim.keep_prob, _generator(prim.Seed0, prim.Seed1)
    scale = 1.0 / keep_prob

    def kernel(x):
        _require(x.is_floating_point())
        mask = (torch.rand(x.shape, generator=gen, device=x.device) < keep_prob).to(x.dtype)
        return x * mask * scale, mask
    return kernel


def _channel_dropout(rank: int):
    """The kernel factory of Dropout2D / Dropout3D (inputs of `rank` dimensions)."""
    def factory(prim):
        keep_prob, gen = prim.keep_prob, _generator()
        scale = 1.0 / keep_prob if keep_prob > 0 else 0.0

        def kernel(x):
            _require(x.ndim == rank and x.dtype != torch.bool)
            keep = torch.rand(x.shape[:2], generator=gen, device=x.device) < keep_prob
            keep = keep.view(keep.shape + (1,) * (rank - 2))
            factor = keep.to(x.dtype if x.is_floating_point() else torch.float32) * scale
            out = (x * factor).to(x.dtype)
            return out, keep.expand(x.shape).contiguous()
        return kernel
    return factory


kernel_factory("Dropout2D")(_channel_dropout(4))
kernel_factory("Dropout3D")(_channel_dropout(5))


def _int_offset(offset) -> int:
    """EmbeddingLookup's offset: an int, or a 0-d int32 / int64 tensor."""
    if isinstance(offset, torch.Tensor):
        _require(offset.dtype in _INDEX_DTYPES and offset.ndim == 0)
    else:
        _require(isinstance(offset, int))
    return int(offset)


@kernel("EmbeddingLookup")
def embedding_lookup(input_params, input_indices, offset):
    _require(input_indices.dtype in _INDEX_DTYPES and input_indices.ndim > 0 and input_params.ndim in (1, 2))
    rows = input_params.shape[0]
    index = input_indices.long() - _int_offset(offset)
    inside = (index >= 0) & (index < rows)
    picked = input_params[index.clamp(0, max(rows - 1, 0))]
    inside = inside.view(inside.shape + (1,) * (input_params.ndim - 1))
    return torch.where(inside, picked, picked.new_zeros(()))


# ---- losses -------------------------------------------------------------------------------
@kernel("SoftmaxCrossEntropyWithLogits")
def softmax_cross_entropy_with_logits(logits, labels):
    _require(labels.dtype == logits.dtype and labels.shape == logits.shape and logits.ndim == 2)
    work, target = _work(logits), _work(labels)
    log_p = torch.log_softmax(work, 1)
    loss = -(target * log_p).sum(1)
    backprop = log_p.exp() - target
    return loss.to(logits.dtype), backprop.to(logits.dtype)


# The sparse cross entropy and its gradient run ATen's nll_loss kernels and log-softmax
# backward, the ones PyTorch's cross entropy runs: fewer kernels than gather / neg and exp /
# full / scatter_add / div, and less machine code to page in (a step's first call maps the
# code of every kernel it runs: a LeNet5 step now maps 15.4 MiB of libtorch_cpu, not 16.2).
# The loss is the mean of nll_loss's per-row values: bit for bit what gather + mean gave.
_NLL_FORWARD = torch.ops.aten.nll_loss_forward.default
_NLL_BACKWARD = torch.ops.aten.nll_loss_backward.default
_LOG_SOFTMAX_BACKWARD = torch.ops.aten._log_softmax_backward_data.default
_NONE, _MEAN = 0, 1             # ATen's reduction codes
_NO_IGNORED_CLASS = -(2 ** 63)  # nll_loss skips labels equal to its ignore_index: none here


@kernel_factory("SparseSoftmaxCrossEntropyWithLogits")
def sparse_softmax_cross_entropy_with_logits(prim):
    is_grad = prim.is_grad

    def kernel(logits, labels):
        log_p, index = _log_softmax_and_index(logits, labels)
        if is_grad:
            return _sparse_cross_entropy_gradient(log_p, index, logits)
        return _sparse_cross_entropy(log_p, index, logits.dtype)
    return kernel


def sparse_softmax_cross_entropy_and_gradient(logits, labels):
    """(mean cross entropy, its gradient with respect to logits) from one log-softmax:
    SparseSoftmaxCrossEntropyWithLogits and its is_grad twin on the same inputs (Graph
    mode fuses the pair a training step computes)."""
    log_p, index = _log_softmax_and_index(logits, labels)
    return _sparse_cross_entropy(log_p, index, logits.dtype), _sparse_cross_entropy_gradient(log_p, index, logits)


def _log_softmax_and_index(logits, labels):
    """The log-softmax over the last axis and the labels, as (rows, classes) and (rows,)."""
    _require(labels.dtype in _INDEX_DTYPES and logits.ndim >= 2 and labels.shape == logits.shape[:-1])
    log_p = _work(logits).log_softmax(-1)
    return log_p.reshape(-1, log_p.shape[-1]), labels.reshape(-1).long()


def _sparse_cross_entropy(log_p, index, dtype):
    return in_torch_dtype(_mean_of_rows(_NLL_FORWARD(log_p, index, None, _NONE, _NO_IGNORED_CLASS)[0]), dtype)


def _mean_of_rows(losses):
    """losses.mean() of a vector of per-row losses. torch's CPU mean is the sum divided by
    the count; for a power-of-two count (batch sizes usually are) the sum times the count's
    reciprocal, which is exact, rounds to the same bits, and runs on the sum and multiply
    kernels a training step has already run, not on mean's own and the division's, whose
    machine code a first call pages in (4 blocks of libtorch_cpu.so, 256 KiB of a LeNet5
    step's peak memory)."""
    rows = losses.numel()
    if rows & (rows - 1) or not rows or losses.dtype not in _FLOAT_SUMS:
        return losses.mean()
    return torch.sum(losses, dim=0, dtype=losses.dtype).mul_(1.0 / rows)


_FLOAT_SUMS = (torch.float32, torch.float64)   # summed in their own precision (halves are not)


def _sparse_cross_entropy_gradient(log_p, index, logits):
    """(softmax - one-hot(labels)) / rows, in the logits' shape and dtype."""
    rows = torch.scalar_tensor(index.numel(), dtype=log_p.dtype)
    grad = _NLL_BACKWARD(rows.new_ones(()), log_p, index, None, _MEAN, _NO_IGNORED_CLASS, rows)
    return in_torch_dtype(_LOG_SOFTMAX_BACKWARD(grad, log_p, 1, log_p.dtype).reshape(logits.shape), logits.dtype)


_TORCH_REDUCTIONS = {"none": 0, "mean": 1, "sum": 2}


@kernel_factory("NLLLoss")
def nll_loss(prim):
    reduction, ignore_index = prim.reduction, prim.ignore_index
    torch_reduction = _TORCH_REDUCTIONS[reduction]

    def kernel(logits, labels, weight=None):
        _require(logits.ndim == 2 and labels.dtype in _INDEX_DTYPES and labels.shape == logits.shape[:1])
        index = labels.long()
        weight = None if weight is None else weight.to(logits.dtype)
        loss, total_weight = torch.ops.aten.nll_loss_forward(logits, index, weight, torch_reduction, ignore_index)
        if reduction == "none":  # aten leaves total_weight at 0 without a reduction
            kept = index != ignore_index
            total_weight = (kept.to(logits.dtype) if weight is None
                            else weight[index.masked_fill(~kept, 0)].masked_fill(~kept, 0)).sum()
        return loss, total_weight
    return kernel


_LOG_EPS = 1e-12


@kernel_factory("BinaryCrossEntropy")
def binary_cross_entropy(prim):
    reduce = _REDUCERS[prim.reduction]

    def kernel(logits, labels, weight=None):
        _require(logits.is_floating_point() and labels.dtype == logits.dtype and labels.shape == logits.shape)
        p, y = _work(logits), _work(labels)
        loss = -(y * p.clamp_min(_LOG_EPS).log() + (1 - y) * (1 - p).clamp_min(_LOG_EPS).log())
        if weight is not None:
            loss = loss * weight.to(p.dtype)
        return reduce(loss).to(logits.dtype)
    return kernel


@kernel_factory("BCEWithLogitsLoss")
def bce_with_logits_loss(prim):
    reduction = prim.reduction

    def kernel(logits, label, weight=None, pos_weight=None):
        _require(label.dtype == logits.dtype and label.shape == logits.shape)
        x = _work(logits)
        weight = None if weight is None else weight.to(x.dtype)
        pos_weight = None if pos_weight is None else pos_weight.to(x.dtype)
        loss = F.binary_cross_entropy_with_logits(x, _work(label), weight, reduction=reduction,
                                                  pos_weight=pos_weight)
        return loss.to(logits.dtype)
    return kernel


@kernel_factory("KLDivLoss")
def kl_div_loss(prim):
    batch_mean = prim.reduction == "batchmean"
    reduce = _REDUCERS["sum" if batch_mean else prim.reduction]

    def kernel(logits, labels):
        _require(logits.is_floating_point() and labels.dtype == logits.dtype and labels.shape == logits.shape)
        # MindSpore counts nothing where labels <= 0 (torch's xlogy would give NaN below 0).
        loss = reduce(torch.where(labels > 0, labels * (labels.log() - logits), 0.0))
        return loss / logits.shape[0] if batch_mean and logits.ndim else loss
    return kernel


@kernel_factory("SmoothL1Loss")
def smooth_l1_loss(prim):
    beta, reduction = prim.beta, prim.reduction

    def kernel(prediction, target):
        _require(target.dtype == prediction.dtype and target.shape == prediction.shape)
        return F.smooth_l1_loss(prediction, target, reduction=reduction, beta=beta)
    return kernel


@kernel("L2Loss")
def l2_loss(input_x):
    _require(input_x.is_floating_point())
    return input_x.square().sum() * 0.5


@kernel_factory("TripletMarginLoss")
def triplet_margin_loss(prim):
    p, swap, eps, reduction = prim.p, prim.swap, prim.eps, prim.reduction

    def kernel(x, positive, negative, margin):
        _require(x.ndim == 2 and margin.dtype == torch.float32 and margin.ndim == 0)
        return F.triplet_margin_loss(x, positive, negative, margin=float(margin), p=p, eps=eps, swap=swap,
                                     reduction=reduction)
    return kernel


# ---- gradients ----------------------------------------------------------------------------
@kernel("ReluGrad")
def relu_grad(y_backprop, x):
    _require(y_backprop.dtype == x.dtype and y_backprop.shape == x.shape)
    return torch.ops.aten.threshold_backward(y_backprop, x, 0)


def _softmax_grad_factory(backward):
    """The kernel factory of SoftmaxGrad / LogSoftmaxGrad: `backward(dy, y, axis, dtype)`."""
    def factory(prim):
        axis = prim.axis

        def kernel(y, dy):
            _require(dy.dtype == y.dtype and dy.shape == y.shape)
            return backward(dy, y, axis, y.dtype)
        return kernel
    return factory


kernel_factory("SoftmaxGrad")(_softmax_grad_factory(torch._softmax_backward_data))
kernel_factory("LogSoftmaxGrad")(_softmax_grad_factory(torch._log_softmax_backward_data))


@kernel_factory("BatchNormGrad")
def batch_norm_grad(prim):
    eps, training, channels_last = prim.epsilon, prim.is_training, prim.data_format == "NHWC"

    def kernel(dout, x, scale, saved_mean, saved_variance):
        _require(x.is_floating_point() and 2 <= x.ndim <= 4 and dout.dtype == x.dtype and dout.shape == x.shape
                 and scale.dtype == saved_mean.dtype == saved_variance.dtype
                 and scale.shape == saved_mean.shape == saved_variance.shape
                 == (x.shape[-1 if channels_last else 1],))
        if channels_last:
            dout, x = dout.movedim(-1, 1), x.movedim(-1, 1)
        work = torch.float32 if x.dtype in _HALF else x.dtype
        mean, variance = saved_mean.to(work), saved_variance.to(work)
        if training:        # torch takes the batch statistics as mean and 1 / std
            stats = (None, None, mean, (variance + eps).rsqrt())
        else:
            stats = (mean, variance, None, None)
        dx, dscale, dbias = torch.ops.aten.native_batch_norm_backward(
            dout, x, scale.to(work), *stats, training, eps, [True, True, True])
        if channels_last:
            dx = dx.movedim(1, -1)
        return dx, dscale.to(scale.dtype), dbias.to(scale.dtype)
    return kernel


@kernel_factory("LayerNormGrad")
def layer_norm_grad(prim):
    norm_axis, params_axis, eps = prim.begin_norm_axis, prim.begin_params_axis, prim.epsilon

    def kernel(x, dy, variance, mean, gamma):
        _require(-1 <= norm_axis < x.ndim and -1 <= params_axis < x.ndim and dy.shape == x.shape
                 and dy.dtype == x.dtype and gamma.shape == x.shape[params_axis % x.ndim:])
        begin, params_begin = norm_axis % x.ndim, params_axis % x.ndim
        _require(variance.shape == mean.shape == x.shape[:begin] + (1,) * (x.ndim - begin))
        work, dy_work = _work(x), _work(dy)
        rstd, mean = (variance.to(work.dtype) + eps).rsqrt(), mean.to(work.dtype)
        weight = gamma.to(work.dtype)
        if params_begin == begin:
            # (the bias is read for its shape only: aten computes dbeta only when it is given)
            dx, dgamma, dbeta = torch.ops.aten.native_layer_norm_backward(
                dy_work, work, work.shape[begin:], mean, rstd, weight, weight, [True, True, True])
        else:
            # gamma spans other axes than the normalized ones: it scales dy by broadcasting.
            dx = torch.ops.aten.native_layer_norm_backward(
                dy_work * weight, work, work.shape[begin:], mean, rstd, None, None, [True, False, False])[0]
            leading = tuple(range(params_begin))
            dgamma, dbeta = (dy_work * (work - mean) * rstd).sum(leading), dy_work.sum(leading)
        return dx.to(x.dtype), dgamma.to(gamma.dtype), dbeta.to(gamma.dtype)
    return kernel


@kernel("SoftmaxCrossEntropyWithLogitsGrad")
def softmax_cross_entropy_with_logits_grad(logits, labels, loss_grad):
    _require(labels.dtype == logits.dtype == loss_grad.dtype and labels.shape == logits.shape
             and logits.ndim == 2 and loss_grad.shape == logits.shape[:1])
    grad = (torch.softmax(_work(logits), 1) - _work(labels)) * _work(loss_grad).unsqueeze(1)
    return grad.to(logits.dtype)




@kernel_factory("NLLLossGrad")
def nll_loss_grad(prim):
    reduction, ignore_index = _TORCH_REDUCTIONS[prim.reduction], prim.ignore_index

    def kernel(logits, loss_grad, labels, weight, total_weight):
        _require(logits.ndim == 2 and labels.dtype in _INDEX_DTYPES and labels.shape == logits.shape[:1]
                 and loss_grad.dtype == total_weight.dtype == logits.dtype and total_weight.ndim == 0
                 and loss_grad.shape == (labels.shape if reduction == 0 else ()))
        weight = None if weight is None else weight.to(logits.dtype)
        return torch.ops.aten.nll_loss_backward(loss_grad, logits, labels.long(), weight, reduction, ignore_index,
                                                total_weight)
    return kernel


# ---- decoding -----------------------------------------------------------------------------
@kernel_factory("CTCGreedyDecoder")
def ctc_greedy_decoder(prim):
    merge_repeated = prim.merge_repeated

    def kernel(inputs, sequence_length):
        _require(inputs.dtype in (torch.float32, torch.float64) and sequence_length.dtype == torch.int32
                 and inputs.ndim == 3 and tuple(sequence_length.shape) == (inputs.shape[1],))
        steps, batch, classes = inputs.shape
        lengths = sequence_length.tolist()
        _require(all(0 <= n <= steps for n in lengths))
        best_scores, best = inputs.max(-1)                       # (T, N): first maximum, as argmax
        blank = classes - 1
        indices, values, longest = [], [], 0
        for sample, length in enumerate(lengths):
            previous, position = blank, 0
            for label in best[:length, sample].tolist():
                if label != blank and not (merge_repeated and label == previous):
                    indices.append((sample, position))
                    values.append(label)
                    position += 1
                previous = label
            longest = max(longest, position)
        used = torch.arange(steps).unsqueeze(1) < sequence_length.to(torch.int64).unsqueeze(0)
        log_probability = 0.0 - (best_scores * used).sum(0, keepdim=True).T   # 0 - x: +0.0, not -0.0
        return (torch.tensor(indices, dtype=torch.int64).reshape(-1, 2), torch.tensor(values, dtype=torch.int64),
                torch.tensor([batch, longest], dtype=torch.int64), log_probability)

    return kernel
