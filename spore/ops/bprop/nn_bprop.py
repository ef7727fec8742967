"""bprops of the neural-network primitives (operations/nn_ops.py).

MindSpore's conventions, checked against MindSpore 2.7:

- By-product outputs carry no gradient: the statistics the normalizations return beside
  y, Dropout's mask, SoftmaxCrossEntropyWithLogits' `backprop`, NLLLoss' `total_weight`.
  Gradients arriving there are ignored.
- Data inputs take none (their gradient is zeros): labels and indices, the class and
  sample weights of the losses, BatchNorm's mean and variance (in both modes),
  SoftmaxCrossEntropyWithLogits' and KLDivLoss' labels. BinaryCrossEntropy,
  BCEWithLogitsLoss and SmoothL1Loss differentiate their labels / target too.
- At kinks the derivative is MindSpore's: ReLU's is 0 at 0, ReLU6's 1 at 6, HSwish's
  follows the middle piece at -3 and 3, HSigmoid's is 0 there, LeakyReLU's at 0 is the
  mean of its two slopes (MindSpore's leaky_relu is a maximum, which splits ties).

The ops of a training step go through one fused gradient primitive each (ReluGrad,
SoftmaxGrad, LogSoftmaxGrad, BatchNormGrad, SoftmaxCrossEntropyWithLogitsGrad,
NLLLossGrad, SparseSoftmaxCrossEntropyWithLogits with is_grad); their own bprops give the
second derivatives. The other activations and losses compose their derivatives from
elementwise ops, which makes them differentiable to any order. Normalizations recompute
their statistics from x rather than reading the saved ones, so that a second derivative
sees how the statistics depend on x.
"""
from __future__ import annotations

import functools
import math

from ...common import dtype as mstype
from .. import function as F
from .. import interpreter
from ..operations import array_ops, nn_ops, reduce_ops, selection_ops
from .broadcast import grad_like, sum_to_shape
from .registry import bprop, non_differentiable

_relu_grad = nn_ops.ReluGrad()
_sum = reduce_ops.ReduceSum()
_sum_keep = reduce_ops.ReduceSum(keep_dims=True)
_mean_keep = reduce_ops.ReduceMean(keep_dims=True)
_scatter_nd = selection_ops.ScatterNd()
_expand_dims = array_ops.ExpandDims()
_reshape = array_ops.Reshape()
_HALF = (mstype.float16, mstype.bfloat16)


@functools.lru_cache(maxsize=256)
def _prim(cls, *attrs):
    """The Primitive `cls(*attrs)`, built once per distinct attributes."""
    return cls(*attrs)


def _split(rest: tuple):
    """The optional inputs a primitive was called with, then its out and dout."""
    return rest[:-2], rest[-2], rest[-1]


def _optional(inputs: tuple, count: int) -> tuple:
    """`inputs` padded with None to `count` entries."""
    return inputs + (None,) * (count - len(inputs))


def _mask(condition, like):
    """A bool condition as 1 / 0 in the dtype of `like`."""
    return F.cast(condition, like.dtype)


# ---- activations ----------------------------------------------------------------------------
def _activation(name: str):
    """Register the bprop dx = dout * f'(x) of the activation `name`, from its derivative
    `f'(prim, x, out)`; an integer x gets the product truncated (MindSpore's HSwish)."""
    def register(derivative):
        def activation_bprop(prim, x, out, dout):
            return (grad_like(x, dout * derivative(prim, x, out)),)
        bprop(name)(activation_bprop)
        return derivative
    return register


@bprop("ReLU")
def _relu(prim, x, out, dout):
    return (_relu_grad(dout, out),)


@bprop("ReluGrad")
def _relu_grad_bprop(prim, y_backprop, x, out, dout):
    """Linear in y_backprop; piecewise constant (zero derivative) in x."""
    return _relu_grad(dout, x), None


@bprop("ReLU6")
def _relu6(prim, x, out, dout):
    """dout on (0, 6], 0 elsewhere (out > 0 exactly where x > 0)."""
    return (F.select(x > 6, 0, _relu_grad(dout, out)),)


@_activation("GeLU")
def _gelu(prim, x, out):
    """GeLU(x) = x / 2 * (1 + t), t = tanh(u), u = c (x + 0.044715 x^3), c = sqrt(2 / pi):
    the derivative is (1 + t) / 2 + x / 2 * (1 - t^2) * c * (1 + 3 * 0.044715 x^2)."""
    c = math.sqrt(2 / math.pi)
    square = x * x
    t = F.tanh(x * (square * 0.044715 + 1) * c)
    return (t + 1) * 0.5 + x * (1 - t * t) * (square * (3 * 0.044715 * c) + c) * 0.5


@_activation("FastGeLU")
def _fast_gelu(prim, x, out):
    """x * sigmoid(a x), a = 1.702: the derivative is s + a x s (1 - s), s = sigmoid(a x)."""
    s = F.sigmoid(x * 1.702)
    return s + x * s * (1 - s) * 1.702


@_activation("SiLU")
def _silu(prim, x, out):
    """x * sigmoid(x): the derivative is s (1 + x (1 - s)), s = sigmoid(x)."""
    s = F.sigmoid(x)
    return s * (x * (1 - s) + 1)


@_activation("Mish")
def _mish(prim, x, out):
    """x * tanh(softplus(x)): the derivative is t + x (1 - t^2) sigmoid(x), t = tanh(softplus(x))."""
    t = F.tanh(F.softplus(x))
    return t + x * (1 - t * t) * F.sigmoid(x)


@_activation("Softplus")
def _softplus(prim, x, out):
    return F.sigmoid(x)


@_activation("Elu")
def _elu(prim, x, out):
    """1 for x > 0, else alpha * exp(x) = out + alpha (bounded where x > 0, unlike exp)."""
    return F.select(x > 0, 1, out + prim.alpha)


@_activation("CeLU")
def _celu(prim, x, out):
    """1 for x > 0, else exp(x / alpha) = out / alpha + 1."""
    return F.select(x > 0, 1, out * (1 / prim.alpha) + 1)


_SELU_ALPHA, _SELU_SCALE = 1.6732632423543772, 1.0507009873554805


@_activation("SeLU")
def _selu(prim, x, out):
    """scale for x >= 0 (MindSpore's at 0), else scale * alpha * exp(x) = out + scale * alpha."""
    return F.select(x >= 0, _SELU_SCALE, out + _SELU_SCALE * _SELU_ALPHA)


@_activation("LeakyReLU")
def _leaky_relu(prim, x, out):
    """1 for x > 0, alpha for x < 0, their mean at 0: (1 + alpha) / 2 + (1 - alpha) / 2 * sign(x)."""
    alpha = prim.alpha
    return F.sign(x) * ((1 - alpha) / 2) + (1 + alpha) / 2


@_activation("HSwish")
def _hswish(prim, x, out):
    """x * relu6(x + 3) / 6: 0 below -3, 1 above 3, (2 x + 3) / 6 on [-3, 3]."""
    return F.select(x > 3, 1, F.select(x < -3, 0, x / 3 + 0.5))


@_activation("HSigmoid")
def _hsigmoid(prim, x, out):
    """relu6(x + 3) / 6: 1 / 6 on (-3, 3), 0 elsewhere."""
    return _mask(F.abs(x) < 3, x) / 6


@_activation("HShrink")
@_activation("SoftShrink")
def _shrink(prim, x, out):
    """1 where |x| > lambd, 0 elsewhere."""
    return _mask(F.abs(x) > prim.lambd, x)


@bprop("PReLU")
def _prelu(prim, x, weight, out, dout):
    """dx = dout where x > 0, weight * dout elsewhere (weight at 0, as MindSpore); dweight
    sums dout * x over the elements where x <= 0, per channel (axis 1)."""
    slope_shape = (weight.shape[0],) + (1,) * (x.ndim - 2) if x.ndim >= 2 else ()
    slope = _reshape(weight, slope_shape)
    positive = x > 0
    dx = F.select(positive, dout, dout * slope)
    dweight = F.select(positive, 0, dout * x)
    return dx, _reshape(sum_to_shape(dweight, slope_shape), weight.shape)


@bprop("Softmax")
def _softmax(prim, x, out, dout):
    return (_prim(nn_ops.SoftmaxGrad, prim.axis)(out, dout),)


@bprop("SoftmaxGrad")
def _softmax_grad(prim, y, dy, out, dout):
    """out = y * (dy - sum(y * dy)) along the axis: symmetric in dy, so its gradient there is
    SoftmaxGrad(y, dout); with respect to y it is dy * (dout - sum(dout * y)) - dout * sum(y * dy)."""
    axis = prim.axis
    return (dy * (dout - _sum_keep(dout * y, axis)) - dout * _sum_keep(y * dy, axis),
            prim(y, dout))


@bprop("LogSoftmax")
def _log_softmax(prim, x, out, dout):
    return (_prim(nn_ops.LogSoftmaxGrad, prim.axis)(out, dout),)


@bprop("LogSoftmaxGrad")
def _log_softmax_grad(prim, y, dy, out, dout):
    """out = dy - exp(y) * sum(dy) along the axis: with respect to dy the gradient is
    dout - sum(dout * exp(y)), with respect to y it is -dout * exp(y) * sum(dy)."""
    axis, p = prim.axis, F.exp(y)
    return -(dout * p * _sum_keep(dy, axis)), dout - _sum_keep(dout * p, axis)


# ---- bias, dropout, embedding ---------------------------------------------------------------
def _channel_axis(data_format: str) -> int:
    return -1 if data_format == "NHWC" else 1


@bprop("BiasAdd")
def _bias_add(prim, x, bias, out, dout):
    channel = _channel_axis(prim.data_format) % x.ndim
    return dout, _sum(dout, tuple(a for a in range(x.ndim) if a != channel))


@bprop("Dropout")
def _dropout(prim, x, out, dout):
    """dout * mask / keep_prob (the mask output carries no gradient)."""
    return (dout[0] * out[1] * (1 / prim.keep_prob),)


@bprop("Dropout2D", "Dropout3D")
def _channel_dropout(prim, x, out, dout):
    """dout / keep_prob on the kept channels (the mask output carries no gradient)."""
    scale = 1 / prim.keep_prob if prim.keep_prob > 0 else 0.0
    return (grad_like(x, F.select(out[1], dout[0] * scale, 0)),)


@bprop("EmbeddingLookup")
def _embedding_lookup(prim, params, indices, offset, out, dout):
    """Each looked-up row's gradient is added to row indices - offset of params; rows
    looked up out of range (zeros in the output) send theirs nowhere."""
    rows = params.shape[0]
    index = indices - offset
    inside = (index >= 0) & (index < rows)
    if params.ndim == 2:
        dout = F.select(_expand_dims(inside, -1), dout, 0)
    else:
        dout = F.select(inside, dout, 0)
    index = _expand_dims(F.select(inside, index, 0), -1)
    return _scatter_nd(index, dout, params.shape), None, None


# ---- normalization ----------------------------------------------------------------------------
def _working(x):
    """x in the precision normalizations compute in (float32 for half types)."""
    return F.cast(x, mstype.float32) if x.dtype in _HALF else x


def _normalized(x, axes: tuple, eps: float):
    """(x - mean) * rstd over `axes`, and rstd = 1 / sqrt(var + eps) (biased variance),
    the statistics kept as size-1 axes."""
    centered = x - _mean_keep(x, axes)
    rstd = F.rsqrt(_mean_keep(centered * centered, axes) + eps)
    return centered * rstd, rstd


def _projected(v, xhat, axes: tuple):
    """v - mean(v) - xhat * mean(v * xhat) over `axes`: the gradient with respect to x of
    xhat = (x - mean) * rstd, given the gradient v reaching xhat, is rstd times this."""
    return v - _mean_keep(v, axes) - xhat * _mean_keep(v * xhat, axes)


@bprop("LayerNorm")
def _layer_norm(prim, x, *rest):
    """y = xhat * gamma + beta, xhat normalized over the axes from begin_norm_axis: dgamma
    and dbeta sum over the axes before begin_params_axis."""
    params, out, dout = _split(rest)
    gamma, beta = _optional(params, 2)
    if gamma is not None and not interpreter.STACK and x.dtype != mstype.float64:
        # Nothing records this bprop (no higher-order gradient, no graph being built): the
        # fused kernel from the saved statistics, as PyTorch's. (They are float32: a float64
        # input keeps the gradient recomputed in its own precision.)
        grad = _prim(nn_ops.LayerNormGrad, prim.begin_norm_axis, prim.begin_params_axis, prim.epsilon)
        dx, dgamma, dbeta = grad(x, dout[0], out[2], out[1], gamma)
        return (dx, dgamma, None if beta is None else dbeta)[:1 + len(params)]
    dy = _working(dout[0])
    axes = tuple(range(prim.begin_norm_axis % x.ndim, x.ndim))
    xhat, rstd = _normalized(_working(x), axes, prim.epsilon)
    dxhat = dy if gamma is None else dy * _working(gamma)
    grads = (grad_like(x, rstd * _projected(dxhat, xhat, axes)),
             None if gamma is None else grad_like(gamma, dy * xhat),
             None if beta is None else grad_like(beta, dy))
    builder = interpreter.graph_builder
    if (beta is not None and gamma is not None and x.dtype != mstype.float64 and builder is not None
            and interpreter.STACK[-1] is builder):
        # A graph differentiates the composed gradient further if it must, and runs the
        # fused kernel instead where nothing does.
        grad = _prim(nn_ops.LayerNormGrad, prim.begin_norm_axis, prim.begin_params_axis, prim.epsilon)
        builder.offer_fused(grad, (x, dout[0], out[2], out[1], gamma), grads)
    return grads[:1 + len(params)]


@bprop("GroupNorm")
def _group_norm(prim, x, num_groups, *rest):
    """Each of the num_groups groups of channels is normalized over its channels and the
    spatial axes, then scaled and shifted per channel."""
    params, _, dout = _split(rest)
    weight, bias, eps = _optional(params, 3)
    eps = 1e-5 if eps is None else eps
    dy = _working(dout[0])
    grouped = (x.shape[0], num_groups, -1)
    xhat, rstd = _normalized(_reshape(_working(x), grouped), (2,), eps)
    channel = (1, x.shape[1]) + (1,) * (x.ndim - 2)
    dxhat = dy if weight is None else dy * _reshape(_working(weight), channel)
    dx = rstd * _projected(_reshape(dxhat, grouped), xhat, (2,))
    others = tuple(a for a in range(x.ndim) if a != 1)
    grads = (grad_like(x, _reshape(dx, x.shape)), None,
             None if weight is None else grad_like(weight, _sum(dy * _reshape(xhat, x.shape), others)),
             None if bias is None else grad_like(bias, _sum(dy, others)), None)
    return grads[:2 + len(params)]


@bprop("BatchNorm")
def _batch_norm(prim, x, scale, bias, mean, variance, out, dout):
    """Training differentiates through the batch statistics (outputs 3 and 4), inference
    through the given mean and variance; the statistics inputs get no gradient."""
    saved = (out[3], out[4]) if prim.is_training else (mean, variance)
    grad = _prim(nn_ops.BatchNormGrad, prim.is_training, prim.epsilon, prim.data_format)
    dx, dscale, dbias = grad(dout[0], x, scale, *saved)
    return dx, dscale, dbias, None, None


def _per_channel(data_format: str, ndim: int):
    """(the axes a BatchNorm reduces over, a function reshaping a (C,) tensor to broadcast
    along the channel axis of a rank-ndim input)."""
    channel = _channel_axis(data_format) % ndim
    axes = tuple(a for a in range(ndim) if a != channel)
    shape = tuple(-1 if a == channel else 1 for a in range(ndim))
    return axes, lambda t: _reshape(t, shape)


def _channel_grad(param, grad):
    """The gradient of a (C,) input from its per-channel values held broadcastable."""
    return grad_like(param, _reshape(grad, param.shape))


@bprop("BatchNormGrad")
def _batch_norm_grad(prim, dy, x, scale, mean, variance, out, dout):
    """BatchNormGrad outputs, per channel over its m elements, with xhat = (x - mean) * r,
    r = 1 / sqrt(variance + epsilon):

        dx = scale * r * P(dy)      (training; P(v) = v - mean(v) - xhat * mean(v * xhat))
        dx = scale * r * dy         (inference)
        dscale = sum(dy * xhat),  dbias = sum(dy)

    Given the gradients (a, b, c) reaching (dx, dscale, dbias), in training the mean and
    variance are x's own batch statistics, so the gradient with respect to x is total
    (and none goes to them): with S = sum(a * P(dy)), A = sum(a * xhat), D = sum(dy * xhat),

        d/d dy    = scale * r * P(a) + b * xhat + c
        d/d scale = r * S
        d/d x     = r * (b * P(dy) - scale * r / m * (xhat * S + D * P(a) + A * P(dy)))

    In inference they are independent inputs: d/d dy = scale * r * a + b * xhat + c,
    d/d scale = r * sum(a * dy), d/d x = b * r * dy, d/d mean = -b * r * sum(dy),
    d/d variance = -r^2 / 2 * (scale * r * sum(a * dy) + b * D).
    """
    a, b, c = dout
    axes, per_channel = _per_channel(prim.data_format, x.ndim)
    dy_w, x_w, a = _working(dy), _working(x), _working(a)
    gamma, b, c = per_channel(scale), per_channel(b), per_channel(c)
    r = per_channel(F.rsqrt(variance + prim.epsilon))
    xhat = (x_w - per_channel(mean)) * r
    d_dxhat = dy_w * xhat
    if prim.is_training:
        p_dy = _projected(dy_w, xhat, axes)
        p_a = _projected(a, xhat, axes)
        s = _sum_keep(a * p_dy, axes)
        moments = (xhat * s + _sum_keep(d_dxhat, axes) * p_a + _sum_keep(a * xhat, axes) * p_dy)
        count = math.prod(x.shape[i] for i in axes)
        return (grad_like(dy, gamma * r * p_a + b * xhat + c),
                grad_like(x, r * (b * p_dy - gamma * r * (1 / count) * moments)),
                _channel_grad(scale, r * s), None, None)
    a_dy = _sum_keep(a * dy_w, axes)
    return (grad_like(dy, gamma * r * a + b * xhat + c), grad_like(x, b * r * dy_w),
            _channel_grad(scale, r * a_dy), _channel_grad(mean, -(b * r * _sum_keep(dy_w, axes))),
            _channel_grad(variance, r * r * -0.5 * (gamma * r * a_dy + b * _sum_keep(d_dxhat, axes))))


# ---- losses -----------------------------------------------------------------------------------
def _per_element(dout, reduction: str, count: int):
    """The gradient reaching each element of a loss reduced by `reduction` from the
    gradient `dout` of the result: dout itself ('none'; 'sum' broadcasts it) or divided
    by the `count` of elements ('mean')."""
    return dout * (1 / count) if reduction == "mean" else dout


def _weighted(grad, weight):
    return grad if weight is None else grad * weight


@bprop("SoftmaxCrossEntropyWithLogits")
def _softmax_cross_entropy(prim, logits, labels, out, dout):
    return _prim(nn_ops.SoftmaxCrossEntropyWithLogitsGrad)(logits, labels, dout[0]), None


@bprop("SoftmaxCrossEntropyWithLogitsGrad")
def _softmax_cross_entropy_grad(prim, logits, labels, loss_grad, out, dout):
    """out = (s - labels) * g, s = softmax(logits) along axis 1, g = loss_grad[:, None]:
    the gradients are softmax's with dout * g (logits), -dout * g (labels) and
    sum(dout * (s - labels), 1) (loss_grad)."""
    s = _prim(nn_ops.Softmax, 1)(logits)
    weighted = dout * _expand_dims(loss_grad, 1)
    return (_prim(nn_ops.SoftmaxGrad, 1)(s, weighted), -weighted, _sum(dout * (s - labels), 1))


@bprop("SparseSoftmaxCrossEntropyWithLogits")
def _sparse_softmax_cross_entropy(prim, logits, labels, out, dout):
    """The loss's gradient is the is_grad output, (softmax(logits) - one_hot(labels)) / n,
    whose own gradient is softmax's divided by n."""
    if prim.is_grad:
        s = _prim(nn_ops.Softmax, -1)(logits)
        return _prim(nn_ops.SoftmaxGrad, -1)(s, dout) * (1 / labels.size), None
    return _prim(nn_ops.SparseSoftmaxCrossEntropyWithLogits, True)(logits, labels) * dout, None


@bprop("NLLLoss")
def _nll_loss(prim, logits, labels, *rest):
    params, out, dout = _split(rest)
    weight = params[0] if params else None
    grad = _prim(nn_ops.NLLLossGrad, prim.reduction, prim.ignore_index)
    return (grad(logits, dout[0], labels, weight, out[1]), None) + (None,) * len(params)


@bprop("NLLLossGrad")
def _nll_loss_grad(prim, logits, loss_grad, labels, weight, total_weight, out, dout):
    """The output is linear in loss_grad and reads -weight * dout at the labels' places,
    as NLLLoss does: the gradient with respect to loss_grad is NLLLoss of dout (its sum
    divided by total_weight for 'mean'). It does not depend on the logits' values."""
    mean = prim.reduction == "mean"
    loss = _prim(nn_ops.NLLLoss, "sum" if mean else prim.reduction, prim.ignore_index)(dout, labels, weight)[0]
    return None, loss / total_weight if mean else loss, None, None, None


@bprop("BinaryCrossEntropy")
def _binary_cross_entropy(prim, logits, labels, *rest):
    """d/dlogits = weight * (p - y) / max(p (1 - p), 1e-12), d/dlabels = weight *
    (log(1 - p) - log(p)) (MindSpore's: clamped quotient, unclamped logarithms)."""
    params, _, dout = _split(rest)
    weight = params[0] if params else None
    p = logits
    scale = _weighted(_per_element(dout, prim.reduction, p.size), weight)
    dlogits = (p - labels) / F.maximum(p * (1 - p), 1e-12) * scale
    dlabels = (F.log(1 - p) - F.log(p)) * scale
    return (dlogits, dlabels) + (None,) * len(params)


@bprop("BCEWithLogitsLoss")
def _bce_with_logits(prim, logits, label, *rest):
    """With s = sigmoid(x) and t = pos_weight * y: d/dx = (1 + t - y) * s - t and
    d/dy = pos_weight * softplus(-x) - softplus(x) (= -x without pos_weight), times weight."""
    params, _, dout = _split(rest)
    weight, pos_weight = _optional(params, 2)
    x, y = logits, label
    scale = _weighted(_per_element(dout, prim.reduction, x.size), weight)
    s = F.sigmoid(x)
    if pos_weight is None:
        dx, dy = s - y, -x
    else:
        t = y * pos_weight
        dx = (t - y + 1) * s - t
        dy = F.softplus(-x) * pos_weight - F.softplus(x)
    return (grad_like(x, dx * scale), grad_like(y, dy * scale)) + (None,) * len(params)


@bprop("KLDivLoss")
def _kl_div(prim, logits, labels, out, dout):
    """-labels per element ('batchmean' divides by the batch size); labels get none."""
    if prim.reduction == "batchmean":
        scale = dout * (1 / logits.shape[0]) if logits.ndim else dout
    else:
        scale = _per_element(dout, prim.reduction, logits.size)
    return -(labels * scale), None


@bprop("SmoothL1Loss")
def _smooth_l1(prim, prediction, target, out, dout):
    """With d = prediction - target: d / beta where |d| < beta, sign(d) elsewhere."""
    d = prediction - target
    grad = F.clamp(d * (1 / prim.beta), -1, 1) * _per_element(dout, prim.reduction, d.size)
    return grad, -grad


@bprop("L2Loss")
def _l2_loss(prim, x, out, dout):
    return (x * dout,)


def _distance_grad(diff, p: int):
    """The gradient of ||diff||_p along axis 1 with respect to diff, sign(diff) *
    (|diff| / ||diff||)^(p-1), and the norm (axis 1 kept)."""
    norm = F.vector_norm(diff, p, 1, True)
    if p == 1:
        return F.sign(diff), norm
    if p == 2:
        return diff / norm, norm
    return F.sign(diff) * F.pow(F.abs(diff) / norm, p - 1), norm


@bprop("TripletMarginLoss")
def _triplet_margin_loss(prim, x, positive, negative, margin, out, dout):
    """loss = max(d(x, pos) - d(x, neg) + margin, 0) per sample, d(a, b) = ||a - b + eps||_p;
    with swap, d(pos, neg) replaces d(x, neg) where it is smaller. Each sample whose loss is
    positive sends its gradient through the two distances it used; margin's sums them."""
    eps, p = prim.eps, prim.p
    u_pos, d_pos = _distance_grad(x - positive + eps, p)
    u_neg, d_neg = _distance_grad(x - negative + eps, p)
    if prim.swap:
        u_swap, d_swap = _distance_grad(positive - negative + eps, p)
        swapped = d_swap < d_neg
        d_neg = F.select(swapped, d_swap, d_neg)
        dx = u_pos - F.select(swapped, 0, u_neg)
        dpos = -(u_pos + F.select(swapped, u_swap, 0))
        dneg = F.select(swapped, u_swap, u_neg)
    else:
        dx, dpos, dneg = u_pos - u_neg, -u_pos, u_neg
    per_sample = _per_element(dout, prim.reduction, x.shape[0])
    if prim.reduction == "none":
        per_sample = _expand_dims(per_sample, 1)
    g = F.select(d_pos - d_neg + margin > 0, per_sample, 0)
    return g * dx, g * dpos, g * dneg, grad_like(margin, _sum(g, ()))


non_differentiable("LayerNormGrad")     # LayerNorm's bprop uses it only where nothing differentiates it
non_differentiable("CTCGreedyDecoder")   # integer labels, and a score of argmax choices
