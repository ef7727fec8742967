"""Functional API of the primitives in operations/nn_ops.py: activations, normalizations,
dropout and losses (`ops.relu`, `ops.batch_norm`, `ops.cross_entropy`, ...).

Where MindSpore's function is a composite (gelu's erf form, l1 / mse / huber losses,
cross_entropy with probabilities, ...), so is this one; it then also uses other
families' functions, reached through the `function` package at call time.
"""
from __future__ import annotations

import functools
import math

from ...common import dtype as mstype
from ...common import seed as _seed
from ...common.tensor import Tensor
from .. import function as _F  # the other families' functions, looked up at call time
from ..operations import nn_ops as N
from ..validator import check_bool, check_float_range, check_string, check_type

__all__ = [
    # activations
    "softmax", "log_softmax", "relu", "relu6", "gelu", "fast_gelu", "silu", "elu", "leaky_relu",
    "hardswish", "hardsigmoid", "mish", "softplus", "selu", "celu", "hardshrink", "softshrink",
    "prelu", "bias_add",
    # normalization
    "batch_norm", "layer_norm", "group_norm",
    # dropout
    "dropout", "dropout1d", "dropout2d", "dropout3d",
    # losses
    "cross_entropy", "nll_loss", "binary_cross_entropy", "binary_cross_entropy_with_logits",
    "kl_div", "l1_loss", "mse_loss", "smooth_l1_loss", "huber_loss", "cosine_embedding_loss",
    "margin_ranking_loss", "triplet_margin_loss",
]

_REDUCTIONS = ("none", "mean", "sum")

_relu, _relu6, _gelu, _fast_gelu, _silu = N.ReLU(), N.ReLU6(), N.GeLU(), N.FastGeLU(), N.SiLU()
_hswish, _hsigmoid, _mish, _softplus, _selu = N.HSwish(), N.HSigmoid(), N.Mish(), N.Softplus(), N.SeLU()
_prelu, _bias_add, _group_norm = N.PReLU(), N.BiasAdd(), N.GroupNorm()


@functools.lru_cache(maxsize=256, typed=True)
def _prim(cls, *attrs):
    """The Primitive `cls(*attrs)`, built once per distinct attributes."""
    return cls(*attrs)


def _check_tensor(fn: str, arg: str, value) -> None:
    if not isinstance(value, Tensor):
        raise TypeError(f"For '{fn}', the '{arg}' must be a Tensor, but got {type(value).__name__}.")


def _check_reduction(fn: str, reduction) -> str:
    return check_string(fn, "reduction", reduction, _REDUCTIONS, case_sensitive=True)


def _reduce(loss, reduction: str):
    """An elementwise loss reduced as `reduction` says ('none', 'mean' or 'sum')."""
    if reduction == "mean":
        return _F.mean(loss)
    if reduction == "sum":
        return _F.sum(loss)
    return loss


# ---- activations --------------------------------------------------------------------------
def softmax(input, axis=-1, *, dtype=None):
    """exp(input) / sum(exp(input)) along `axis`; with `dtype`, `input` is cast first."""
    check_type("softmax", "axis", axis, int)
    if dtype is not None:
        input = _F.cast(input, dtype)
    return _prim(N.Softmax, axis)(input)


def log_softmax(logits, axis=-1):
    """log(softmax(logits)) along `axis`."""
    return _prim(N.LogSoftmax, axis)(logits)


def relu(input, inplace=False):
    """max(input, 0); with `inplace`, `input` is rebound to the result and returned."""
    out = _relu(input)
    if inplace:
        input._t = out._t
        return input
    return out


def relu6(x):
    """min(max(x, 0), 6)."""
    return _relu6(x)


def gelu(input, approximate="none"):
    """GELU: 0.5 * x * (1 + erf(x / sqrt(2))), or its tanh approximation with
    approximate='tanh'."""
    if approximate not in ("none", "tanh"):
        raise ValueError(f"For 'gelu', the 'approximate' must be 'none' or 'tanh', but got {approximate!r}.")
    _check_tensor("gelu", "input", input)
    if not input.dtype.is_floating_point:
        raise TypeError(f"For 'gelu', the dtype of 'input' must be float16, float32 or float64, but got "
                        f"{input.dtype}.")
    if approximate == "tanh":
        return _gelu(input)
    return input * 0.5 * (_F.erf(input * (1 / math.sqrt(2))) + 1)


def fast_gelu(x):
    """x * sigmoid(1.702 * x)."""
    return _fast_gelu(x)


def silu(input):
    """input * sigmoid(input)."""
    return _silu(input)


def elu(input_x, alpha=1.0):
    """x for x > 0, alpha * (exp(x) - 1) otherwise (MindSpore supports alpha = 1.0 only)."""
    return _prim(N.Elu, alpha)(input_x)


def leaky_relu(input, alpha=0.2):
    """input for input > 0, alpha * input otherwise."""
    _check_tensor("leaky_relu", "input", input)
    return _prim(N.LeakyReLU, alpha)(input)


def hardswish(input):
    """input * relu6(input + 3) / 6."""
    return _hswish(input)


def hardsigmoid(input):
    """relu6(input + 3) / 6."""
    return _hsigmoid(input)


def mish(x):
    """x * tanh(softplus(x))."""
    return _mish(x)


def softplus(input, beta=1, threshold=20):
    """log(1 + exp(beta * input)) / beta, and `input` itself where beta * input > threshold."""
    check_type("softplus", "beta", beta, (int, float))
    check_type("softplus", "threshold", threshold, (int, float))
    if beta == 0:
        raise ValueError("For 'softplus', the 'beta' must not be 0, but got 0.")
    if beta == 1 and threshold == 20:
        return _softplus(input)            # the primitive's kernel has exactly these settings
    scaled = input * beta
    return _F.select(scaled > threshold, input, _softplus(scaled) * (1 / beta))


def selu(input_x):
    """scale * (max(0, x) + min(0, alpha * (exp(x) - 1))), scale = 1.0507..., alpha = 1.6732...."""
    return _selu(input_x)


def celu(x, alpha=1.0):
    """max(0, x) + min(0, alpha * (exp(x / alpha) - 1))."""
    return _prim(N.CeLU, alpha)(x)


def hardshrink(input, lambd=0.5):
    """input where |input| > lambd, 0 elsewhere."""
    return _prim(N.HShrink, lambd)(input)


def softshrink(input, lambd=0.5):
    """input - lambd above lambd, input + lambd below -lambd, 0 between."""
    return _prim(N.SoftShrink, lambd)(input)


def prelu(input, weight):
    """input for input > 0, weight * input otherwise, one slope per channel (axis 1)."""
    return _prelu(input, weight)


def bias_add(input_x, bias):
    """input_x + bias along axis 1 (the channels of NCHW-style data)."""
    return _bias_add(input_x, bias)


# ---- normalization ------------------------------------------------------------------------
def batch_norm(input_x, running_mean, running_var, weight, bias, training=False, momentum=0.1, eps=1e-5):
    """Batch normalization over axis 1; in training, `running_mean` / `running_var` are
    updated (see `ops.BatchNorm`)."""
    op = _prim(N.BatchNorm, training, eps, momentum)
    return op(input_x, weight, bias, running_mean, running_var)[0]


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5):
    """Normalizes over the trailing axes `normalized_shape` (an int or a tuple / list),
    then scales by `weight` and shifts by `bias` (both of that shape; None: 1 and 0)."""
    _check_tensor("layer_norm", "input", input)
    if isinstance(normalized_shape, int) and not isinstance(normalized_shape, bool):
        normalized_shape = (normalized_shape,)
    check_type("layer_norm", "normalized_shape", normalized_shape, (tuple, list))
    count = len(normalized_shape)
    if not 0 < count <= input.ndim or tuple(input.shape[-count:]) != tuple(normalized_shape):
        raise ValueError(f"For 'layer_norm', the 'normalized_shape' must be the trailing dimensions of "
                         f"'input' {input.shape}, but got {tuple(normalized_shape)}.")
    begin = input.ndim - count
    return _prim(N.LayerNorm, begin, begin, eps)(input, weight, bias)[0]


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-5):
    """Group normalization: the channels (axis 1) form `num_groups` groups, each normalized
    over its channels and the spatial axes, then scaled by `weight` and shifted by `bias`."""
    return _group_norm(input, num_groups, weight, bias, eps)[0]


# ---- dropout ------------------------------------------------------------------------------
# The dropout functions draw from the Primitive `seed.function_op` gives them: one per
# function, seed and probability between two `set_seed` calls, so successive calls continue
# one stream and the same calls after the same `set_seed` repeat (MindSpore's seed rules).
def dropout(input, p=0.5, training=True, seed=None):
    """Zeroes each element with probability `p` (in [0, 1)) and scales the others by
    1 / (1 - p); identity when not `training`."""
    check_bool("dropout", "training", training)
    if not training:
        return input
    keep_prob = 1 - check_type("dropout", "p", p, (int, float))
    op = _seed.function_op("dropout", seed, lambda seed1, seed2: N.Dropout(keep_prob, seed1, seed2), keep_prob)
    return op(input)[0]


def _keep_probability(fn: str, p, training) -> float:
    """1 - p, for the channel dropouts; `p` a float in [0, 1]."""
    check_bool(fn, "training", training)
    check_type(fn, "p", p, float)
    return 1.0 - check_float_range(fn, "p", p, 0.0, 1.0)


def _channel_dropout_op(fn: str, cls, keep_prob: float):
    """The Dropout2D / Dropout3D instance function `fn` draws from (they take no seeds)."""
    return _seed.function_op(fn, None, lambda seed1, seed2: cls(keep_prob), keep_prob)


def dropout1d(input, p=0.5, training=True):
    """Zeroes whole channels of (N, C, L) or (C, L) input with probability `p`, scaling the
    others by 1 / (1 - p)."""
    keep_prob = _keep_probability("dropout1d", p, training)
    _check_tensor("dropout1d", "input", input)
    if input.ndim not in (2, 3):
        raise ValueError(f"For 'dropout1d', the 'input' must be 2-D or 3-D, but got {input.ndim}-D.")
    if not training:
        return input
    # Dropout2D on the input seen as (N, C, L, 1).
    as_4d = (1,) * (3 - input.ndim) + tuple(input.shape) + (1,)
    out = _channel_dropout_op("dropout1d", N.Dropout2D, keep_prob)(_F.reshape(input, as_4d))[0]
    return _F.reshape(out, input.shape)


def dropout2d(input, p=0.5, training=True):
    """Zeroes whole channels of (N, C, H, W) input with probability `p`, scaling the others
    by 1 / (1 - p)."""
    keep_prob = _keep_probability("dropout2d", p, training)
    return _channel_dropout_op("dropout2d", N.Dropout2D, keep_prob)(input)[0] if training else input


def dropout3d(input, p=0.5, training=True):
    """Zeroes whole channels of (N, C, D, H, W) input with probability `p`, scaling the
    others by 1 / (1 - p)."""
    keep_prob = _keep_probability("dropout3d", p, training)
    return _channel_dropout_op("dropout3d", N.Dropout3D, keep_prob)(input)[0] if training else input


# ---- losses -------------------------------------------------------------------------------
def _check_label_smoothing(fn: str, label_smoothing) -> float:
    return check_float_range(fn, "label_smoothing", label_smoothing, 0.0, 1.0)


def nll_loss(inputs, target, weight=None, ignore_index=-100, reduction="mean", label_smoothing=0.0):
    """Negative log-likelihood of the class indices `target` under the log-probabilities
    `inputs`: (C,), (N, C) or (N, C, d1, ...), classes on axis 1 (axis 0 for 1-D input),
    `target` of the shape without that axis. `weight` (C,) weighs classes; samples whose
    target is `ignore_index` count for nothing; 'mean' divides by the counted weight. With
    `label_smoothing` e, the loss is (1 - e) * nll + e / C * (the loss against every class).
    """
    _check_tensor("nll_loss", "inputs", inputs)
    _check_tensor("nll_loss", "target", target)
    reduction = _check_reduction("nll_loss", reduction)
    label_smoothing = _check_label_smoothing("nll_loss", label_smoothing)
    class_axis = 0 if inputs.ndim == 1 else 1
    if inputs.ndim == 0 or target.shape != inputs.shape[:class_axis] + inputs.shape[class_axis + 1:]:
        raise ValueError(f"For 'nll_loss', the shape of 'target' must be the shape of 'inputs' {inputs.shape} "
                         f"without the class axis, but got {target.shape}.")
    classes = inputs.shape[class_axis]
    # The primitive takes (samples, C) and (samples,): put the classes last and flatten the rest.
    rows, labels = inputs, target
    if inputs.ndim != 2:
        moved = _F.movedim(inputs, 1, -1) if inputs.ndim > 2 else inputs
        rows, labels = _F.reshape(moved, (-1, classes)), _F.reshape(target, (-1,))
    loss, total_weight = _prim(N.NLLLoss, reduction, ignore_index)(rows, labels, weight)
    if label_smoothing:
        smooth = _smoothing_loss(rows, labels, weight, ignore_index, reduction, total_weight)
        loss = loss * (1 - label_smoothing) + smooth * (label_smoothing / classes)
    if reduction == "none" and inputs.ndim != 2:
        loss = _F.reshape(loss, target.shape)
    return loss


def _smoothing_loss(rows, labels, weight, ignore_index, reduction, total_weight):
    """The label-smoothing term of nll_loss: minus the (class-weighted) sum of each counted
    sample's log-probabilities, reduced as the main term is."""
    weighted = rows if weight is None else rows * weight
    per_sample = -_F.sum(weighted, 1) * (labels != ignore_index)
    if reduction == "none":
        return per_sample
    total = _F.sum(per_sample)
    return total / total_weight if reduction == "mean" else total


def cross_entropy(input, target, weight=None, ignore_index=-100, reduction="mean", label_smoothing=0.0):
    """Cross entropy between the logits `input` ((C,), (N, C) or (N, C, d1, ...), classes on
    axis 1) and `target`: class indices (int; see `nll_loss` for `weight`, `ignore_index`
    and `label_smoothing`) or class probabilities (float, the shape of `input`).
    """
    _check_tensor("cross_entropy", "input", input)
    _check_tensor("cross_entropy", "target", target)
    reduction = _check_reduction("cross_entropy", reduction)
    label_smoothing = _check_label_smoothing("cross_entropy", label_smoothing)
    class_axis = 0 if input.ndim == 1 else 1
    log_p = log_softmax(input, class_axis)
    if not target.dtype.is_floating_point:
        return nll_loss(log_p, target, weight, ignore_index, reduction, label_smoothing)
    return _soft_cross_entropy(log_p, target, class_axis, weight, reduction, label_smoothing)


def _soft_cross_entropy(log_p, target, class_axis, weight, reduction, label_smoothing):
    """Cross entropy against class probabilities: -sum(weight * target * log_p) over the
    classes; 'mean' divides the total by the number of samples."""
    if target.shape != log_p.shape:
        raise ValueError(f"For 'cross_entropy', probability targets must have the shape of 'input' "
                         f"{log_p.shape}, but got {target.shape}.")
    classes = log_p.shape[class_axis]
    if label_smoothing:
        target = target * (1 - label_smoothing) + label_smoothing / classes
    if weight is not None:
        # Class weights along the class axis: (C, 1, ..., 1) for (N, C, d1, ...).
        target = target * _F.reshape(weight, (classes,) + (1,) * (log_p.ndim - class_axis - 1))
    per_sample = -_F.sum(log_p * target, class_axis)
    if reduction == "none":
        return per_sample
    total = _F.sum(per_sample)
    return total / (log_p.size // classes) if reduction == "mean" else total


def binary_cross_entropy(logits, labels, weight=None, reduction="mean"):
    """-weight * (labels * log(logits) + (1 - labels) * log(1 - logits)), `logits` being
    probabilities."""
    return _prim(N.BinaryCrossEntropy, reduction)(logits, labels, weight)


def binary_cross_entropy_with_logits(input, target, weight=None, pos_weight=None, reduction="mean"):
    """Binary cross entropy on sigmoid(input), computed stably; `pos_weight` weighs the
    positive term."""
    return _prim(N.BCEWithLogitsLoss, reduction)(input, target, weight, pos_weight)


def kl_div(logits, labels, reduction="mean"):
    """Kullback-Leibler divergence labels * (log(labels) - logits), `logits` being
    log-probabilities; reduction 'none', 'mean', 'batchmean' or 'sum'."""
    if not isinstance(reduction, str):
        raise ValueError(f"For 'kl_div', the 'reduction' must be 'none', 'mean', 'batchmean' or 'sum', "
                         f"but got {reduction!r}.")
    return _prim(N.KLDivLoss, reduction)(logits, labels)


def _check_pair(fn: str, input, target) -> None:
    _check_tensor(fn, "input", input)
    _check_tensor(fn, "target", target)


def l1_loss(input, target, reduction="mean"):
    """|input - target|, reduced; the inputs broadcast."""
    _check_pair("l1_loss", input, target)
    reduction = _check_reduction("l1_loss", reduction)
    return _reduce(_F.abs(input - target), reduction)


def mse_loss(input, target, reduction="mean"):
    """(input - target) ** 2, reduced; the inputs broadcast."""
    _check_pair("mse_loss", input, target)
    reduction = _check_reduction("mse_loss", reduction)
    return _reduce(_F.square(input - target), reduction)


def smooth_l1_loss(input, target, beta=1.0, reduction="none"):
    """With d = |input - target|: 0.5 * d^2 / beta where d < beta, d - 0.5 * beta elsewhere;
    beta = 0 gives the L1 loss."""
    if beta == 0:
        return l1_loss(input, target, reduction)
    return _prim(N.SmoothL1Loss, beta, reduction)(input, target)


def huber_loss(input, target, reduction="mean", delta=1.0):
    """With d = |input - target|: 0.5 * d^2 where d < delta, delta * (d - 0.5 * delta)
    elsewhere; delta > 0. The inputs broadcast."""
    _check_pair("huber_loss", input, target)
    reduction = _check_reduction("huber_loss", reduction)
    check_type("huber_loss", "delta", delta, (int, float))
    if delta <= 0:
        raise ValueError(f"For 'huber_loss', the 'delta' must be greater than 0, but got {delta}.")
    distance = _F.abs(input - target)
    loss = _F.select(distance < delta, _F.square(distance) * 0.5, (distance - 0.5 * delta) * delta)
    return _reduce(loss, reduction)


def cosine_embedding_loss(input1, input2, target, margin=0.0, reduction="mean"):
    """With cos the cosine similarity of `input1` and `input2` along axis 1: 1 - cos where
    target is 1, max(0, cos - margin) where it is -1, 0 elsewhere. `target` has the inputs'
    shape without axis 1; margin in [-1, 1]."""
    fn = "cosine_embedding_loss"
    for arg, value in (("input1", input1), ("input2", input2), ("target", target)):
        _check_tensor(fn, arg, value)
    reduction = _check_reduction(fn, reduction)
    margin = check_float_range(fn, "margin", margin, -1.0, 1.0)
    if input1.dtype is not input2.dtype:
        raise TypeError(f"For '{fn}', the dtype of 'input2' must be the same as 'input1' ({input1.dtype}), "
                        f"but got {input2.dtype}.")
    if input1.ndim < 2 or target.shape != input1.shape[:1] + input1.shape[2:]:
        raise ValueError(f"For '{fn}', the shape of 'target' must be the shape of 'input1' {input1.shape} "
                         f"without axis 1, but got {target.shape}.")
    if not input1.dtype.is_floating_point:
        input1, input2 = _F.cast(input1, mstype.float32), _F.cast(input2, mstype.float32)
    cosine = _F.sum(input1 * input2, 1) / _F.sqrt(_F.sum(_F.square(input1), 1) * _F.sum(_F.square(input2), 1))
    loss = (1 - cosine) * (target == 1) + relu(cosine - margin) * (target == -1)
    return _reduce(loss, reduction)


def margin_ranking_loss(input1, input2, target, margin=0.0, reduction="mean"):
    """max(0, -target * (input1 - input2) + margin), `target` holding 1 or -1; the three
    inputs share one dtype."""
    fn = "margin_ranking_loss"
    check_type(fn, "margin", margin, float)
    for arg, value in (("input1", input1), ("input2", input2), ("target", target)):
        _check_tensor(fn, arg, value)
    reduction = _check_reduction(fn, reduction)
    for arg, value in (("input2", input2), ("target", target)):
        if value.dtype is not input1.dtype:
            raise TypeError(f"For '{fn}', the dtype of '{arg}' must be the same as 'input1' ({input1.dtype}), "
                            f"but got {value.dtype}.")
    return _reduce(relu(-target * (input1 - input2) + margin), reduction)


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-6, swap=False, reduction="mean"):
    """max(d(anchor, positive) - d(anchor, negative) + margin, 0) per sample, d the p-norm
    distance along axis 1 (see `ops.TripletMarginLoss`)."""
    if not isinstance(margin, Tensor):
        check_type("triplet_margin_loss", "margin", margin, (int, float))
        margin = Tensor(float(margin), mstype.float32)
    return _prim(N.TripletMarginLoss, p, swap, eps, reduction)(anchor, positive, negative, margin)


def _tensor_softmax(self, axis, dtype=None):
    return softmax(self, axis, dtype=dtype)


TENSOR_METHODS = {"softmax": _tensor_softmax}
"""Tensor methods and operators this family provides (installed by tensor_methods.py)."""
