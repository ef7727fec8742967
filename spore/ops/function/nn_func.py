"""Functional API of the primitives in operations/nn_ops.py: activations, normalizations,
dropout and losses (`ops.relu`, `ops.batch_norm`, `ops.cross_entropy`, ...).

Where MindSpore's function is a composite (gelu's erf form, l1 / mse / huber losses,
cross_entropy with probabilities, ...), so is this one; it then also uses other
families' functions, reached through the `function` package at call time.
"""
from __future__ import annotations

import math

from ...common import dtype as mstype
from ...common import seed as _seed
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from .. import function as _F  # the other families' functions, looked up at call time
from ..operations import nn_ops as N
from ..validator import check_bool, check_float_range, check_positive_int, check_string, check_type
from . import _mindspore_paths
from ._args import FLOATS, check_is_tensor, check_reduction, check_tensor_dtype, reduce_loss
from ._cached_primitive import cached_primitive as _prim
from .inplace import rebind

__all__ = [
    # activations
    "softmax", "log_softmax", "relu", "relu6", "gelu", "fast_gelu", "silu", "elu", "leaky_relu",
    "hardswish", "hardsigmoid", "mish", "softplus", "selu", "celu", "hardshrink", "softshrink",
    "soft_shrink", "prelu", "bias_add", "softsign", "logsigmoid", "hardtanh", "threshold", "softmin", "glu",
    "swiglu", "tanhshrink", "rrelu", "gumbel_softmax",
    # normalization
    "batch_norm", "layer_norm", "group_norm", "rms_norm", "add_rms_norm", "add_layer_norm", "renorm", "lrn",
    # similarity, embedding, rearrangements
    "cosine_similarity", "embedding", "pixel_shuffle", "pixel_unshuffle", "channel_shuffle", "bidense",
    "rotary_position_embedding",
    # dropout
    "dropout", "dropout1d", "dropout2d", "dropout3d",
    # losses
    "cross_entropy", "nll_loss", "binary_cross_entropy", "binary_cross_entropy_with_logits",
    "kl_div", "l1_loss", "mse_loss", "smooth_l1_loss", "huber_loss", "cosine_embedding_loss",
    "margin_ranking_loss", "triplet_margin_loss",
]


_relu, _relu6, _gelu, _fast_gelu, _silu = N.ReLU(), N.ReLU6(), N.GeLU(), N.FastGeLU(), N.SiLU()
_hswish, _hsigmoid, _mish, _softplus, _selu = N.HSwish(), N.HSigmoid(), N.Mish(), N.Softplus(), N.SeLU()
_prelu, _bias_add, _group_norm = N.PReLU(), N.BiasAdd(), N.GroupNorm()


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
    check_is_tensor("gelu", "input", input)
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
    check_is_tensor("leaky_relu", "input", input)
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


# ---- activations composed of other ops -----------------------------------------------------
def soft_shrink(input, lambd=0.5):
    """`softshrink` under MindSpore's other name."""
    return softshrink(input, lambd)


def softsign(x):
    """x / (1 + |x|)."""
    check_tensor_dtype("softsign", "x", x)
    return x / (_F.abs(x) + 1)


def logsigmoid(x):
    """log(sigmoid(x)), computed as -softplus(-x) so it stays finite for large |x|."""
    check_tensor_dtype("logsigmoid", "x", x)
    return -_softplus(-x)


def hardtanh(input, min_val=-1.0, max_val=1.0):
    """input clipped to [min_val, max_val] (max_val wins where min_val > max_val); an
    integer input stays integer."""
    check_is_tensor("hardtanh", "input", input)
    check_type("hardtanh", "min_val", min_val, (int, float))
    check_type("hardtanh", "max_val", max_val, (int, float))
    if not input.dtype.is_floating_point:
        min_val, max_val = math.ceil(min_val), math.floor(max_val)
    return _F.minimum(_F.maximum(input, _F.scalar_to_tensor(min_val, input.dtype)),
                      _F.scalar_to_tensor(max_val, input.dtype))


def threshold(input, thr, value):
    """input where input > thr, `value` elsewhere; the result keeps input's dtype."""
    check_is_tensor("threshold", "input", input)
    check_type("threshold", "thr", thr, (int, float))
    check_type("threshold", "value", value, (int, float))
    return _F.select(input > thr, input, _F.fill(input.dtype, input.shape, value))


def softmin(x, axis=-1, *, dtype=None):
    """softmax(-x) along `axis`; with `dtype`, `x` is cast first."""
    check_is_tensor("softmin", "x", x)
    return softmax(-x, axis, dtype=dtype)


def _halves(fn: str, x, axis):
    """The two halves of `x` along `axis` (its size there must be even)."""
    check_tensor_dtype(fn, "x" if fn == "glu" else "input", x)
    check_type(fn, "axis" if fn == "glu" else "dim", axis, int)
    if not -x.ndim <= axis < max(x.ndim, 1):
        raise ValueError(f"For '{fn}', the axis must be in range [{-x.ndim}, {x.ndim}), but got {axis}.")
    size = x.shape[axis]
    if size % 2:
        raise ValueError(f"For '{fn}', the size of 'x' along axis {axis} must be even, but got {size}.")
    return _F.split(x, size // 2, axis)


def glu(x, axis=-1):
    """Gated linear unit: with a, b the two halves of `x` along `axis`, a * sigmoid(b)."""
    first, second = _halves("glu", x, axis)
    return first * _F.sigmoid(second)


def swiglu(input, dim=-1):
    """With a, b the two halves of `input` along `dim`: silu(a) * b."""
    first, second = _halves("swiglu", input, dim)
    return _silu(first) * second


def tanhshrink(input):
    """input - tanh(input); an integer input gives float32."""
    check_is_tensor("tanhshrink", "input", input)
    if input.dtype is mstype.bool_:
        raise TypeError("For 'tanhshrink', the dtype of 'input' must be a number type, but got Bool.")
    if not input.dtype.is_floating_point:
        input = _F.cast(input, mstype.float32)
    return input - _F.tanh(input)


def rrelu(input, lower=1.0 / 8, upper=1.0 / 3):
    """input where input >= 0, a * input elsewhere with a drawn uniformly from [lower, upper]
    for every element; an integer input stays integer (the product truncated)."""
    check_is_tensor("rrelu", "input", input)
    for arg, value in (("lower", lower), ("upper", upper)):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError(f"For 'rrelu', '{arg}' must be an int or a float, but got {type(value)}.")
    if upper < lower:
        raise ValueError(f"For 'rrelu', the value of 'upper' must be greater than or equal to 'lower', but got "
                         f"upper: {upper}, lower: {lower}.")
    values = input if input.dtype.is_floating_point else _F.cast(input, mstype.float32)
    slopes = _F.rand_like(values) * (upper - lower) + lower
    out = _F.select(values >= 0, values, values * slopes)
    return out if out.dtype is input.dtype else _F.cast(out, input.dtype)


def gumbel_softmax(logits, tau=1.0, hard=False, dim=-1):
    """softmax((logits + g) / tau) along `dim`, g Gumbel(0, 1) noise; with `hard`, the
    one-hot of its argmax in the forward pass and the soft values' gradient."""
    fn = "gumbel_softmax"
    if not isinstance(logits, Tensor):
        raise TypeError(f"For '{fn}', the 'logits' must be a Tensor, but got {type(logits).__name__}.")
    if logits.dtype not in (mstype.float16, mstype.float32):
        raise TypeError(f"For '{fn}', the 'logits' should be one of [mindspore.float16, mindspore.float32], "
                        f"but got '{logits.dtype}'.")
    check_type(fn, "tau", tau, float)
    if tau <= 0:
        raise ValueError(f"For '{fn}', the 'tau' must be float and must > 0, but got '{tau}'.")
    check_bool(fn, "hard", hard)
    check_type(fn, "dim", dim, int)
    if not -logits.ndim <= dim < logits.ndim:
        raise ValueError(f"For '{fn}', the 'dim' must be in range of [{-logits.ndim}, {logits.ndim}), but got {dim}.")
    uniform = _F.rand_like(logits)
    gumbel = -_F.log(-_F.log(uniform + 1e-20) + 1e-20)
    soft = softmax((logits + gumbel) / tau, dim)
    if not hard:
        return soft
    one_hot = _F.one_hot(_F.argmax(soft, dim), logits.shape[dim], 1.0, 0.0, dim)
    one_hot = _F.cast(one_hot, soft.dtype)
    return one_hot - _F.stop_gradient(soft) + soft


# ---- normalization ------------------------------------------------------------------------
def batch_norm(input_x, running_mean, running_var, weight, bias, training=False, momentum=0.1, eps=1e-5):
    """Batch normalization over axis 1; in training, `running_mean` / `running_var` are
    updated (see `ops.BatchNorm`)."""
    op = _prim(N.BatchNorm, training, eps, momentum)
    return op(input_x, weight, bias, running_mean, running_var)[0]


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5):
    """Normalizes over the trailing axes `normalized_shape` (an int or a tuple / list),
    then scales by `weight` and shifts by `bias` (both of that shape; None: 1 and 0)."""
    check_is_tensor("layer_norm", "input", input)
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


def _check_epsilon(fn: str, epsilon) -> float:
    check_type(fn, "epsilon", epsilon, float)
    return check_float_range(fn, "epsilon", epsilon, 0.0, 1.0, include_min=False)


def _check_norm_params(fn: str, x, params: tuple) -> None:
    """`params` ((name, tensor), ...) are float tensors of x's dtype, the shape of x's
    trailing axes."""
    check_tensor_dtype(fn, "x" if fn == "rms_norm" else "x1", x, FLOATS + (mstype.bfloat16,))
    for name, value in params:
        check_tensor_dtype(fn, name, value, FLOATS + (mstype.bfloat16,))
        if value.dtype is not x.dtype:
            raise TypeError(f"For '{fn}', the dtype of '{name}' must be the same as the input's ({x.dtype}), "
                            f"but got {value.dtype}.")
        if value.ndim > x.ndim or tuple(x.shape[x.ndim - value.ndim:]) != tuple(value.shape):
            raise ValueError(f"For '{fn}', the shape of '{name}' must be the trailing dimensions of the input "
                             f"{x.shape}, but got {value.shape}.")


def rms_norm(x, gamma, epsilon=1e-6):
    """Root-mean-square normalization over the trailing gamma.ndim axes of `x`:
    y = x / sqrt(mean(x^2) + epsilon) * gamma. Returns (y, rstd), rstd = 1 / sqrt(mean(x^2)
    + epsilon) of x's shape with size 1 on the normalized axes, float32 (float64 for a
    float64 x)."""
    epsilon = _check_epsilon("rms_norm", epsilon)
    _check_norm_params("rms_norm", x, (("gamma", gamma),))
    axes = tuple(range(x.ndim - gamma.ndim, x.ndim))
    wide = _F.cast(x, mstype.float32) if x.dtype is not mstype.float64 else x
    rstd = _F.rsqrt(_F.mean(_F.square(wide), axes, True) + epsilon)
    y = _F.cast(wide * rstd, x.dtype) * gamma
    return y, rstd


def add_rms_norm(x1, x2, gamma, epsilon=1e-6):
    """rms_norm of x = x1 + x2; returns (y, rstd, x)."""
    check_is_tensor("add_rms_norm", "x2", x2)
    total = x1 + x2
    y, rstd = rms_norm(total, gamma, epsilon)
    return y, rstd, total


def add_layer_norm(x1, x2, gamma, beta, epsilon=1e-5, additional_output=False):
    """Layer normalization of x = x1 + x2 over the trailing gamma.ndim axes, scaled by
    `gamma` and shifted by `beta`. Returns (y, mean, rstd, x); mean and rstd (float32, or
    float64 for float64 inputs) keep x's leading axes and have size 1 on the normalized ones. (`additional_output`
    asks Ascend's kernel to write x; x is always returned here.)"""
    fn = "add_layer_norm"
    _check_norm_params(fn, x1, (("x2", x2), ("gamma", gamma), ("beta", beta)))
    check_type(fn, "epsilon", epsilon, float)
    check_bool(fn, "additional_output", additional_output)
    if tuple(x2.shape) != tuple(x1.shape):
        raise ValueError(f"For '{fn}', the shape of 'x2' must be the shape of 'x1' {x1.shape}, but got {x2.shape}.")
    total = x1 + x2
    axes = tuple(range(x1.ndim - gamma.ndim, x1.ndim))
    wide = _F.cast(total, mstype.float32) if total.dtype is not mstype.float64 else total
    mean = _F.mean(wide, axes, True)
    centered = wide - mean
    rstd = _F.rsqrt(_F.mean(_F.square(centered), axes, True) + epsilon)
    y = _F.cast(centered * rstd, x1.dtype) * gamma + beta
    return y, mean, rstd, total


def renorm(input, p, axis, maxnorm):
    """Every slice of `input` along `axis` whose p-norm exceeds `maxnorm` scaled down to
    norm `maxnorm` (p an int > 0, maxnorm a float >= 0)."""
    check_tensor_dtype("renorm", "input", input)
    check_type("renorm", "p", p, int)
    check_type("renorm", "maxnorm", maxnorm, float)
    if p <= 0:
        raise ValueError(f"For 'renorm', the 'p' must be a positive int, but got {p}.")
    if maxnorm < 0:
        raise ValueError(f"For 'renorm', the 'maxnorm' must be non-negative, but got {maxnorm}.")
    check_type("renorm", "axis", axis, int)
    if not -input.ndim <= axis < input.ndim:
        raise ValueError(f"For 'renorm', the 'axis' must be in range [{-input.ndim}, {input.ndim}), but got {axis}.")
    others = tuple(i for i in range(input.ndim) if i != axis % input.ndim)
    norms = _F.pow(_F.sum(_F.pow(_F.abs(input), p), others, True), 1.0 / p)
    scale = _F.select(norms > maxnorm, maxnorm / (norms + 1e-7), _F.ones_like(norms))
    return input * scale


def lrn(x, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region="ACROSS_CHANNELS"):
    """Local response normalization of (N, C, H, W) `x` across channels:
    x / (bias + alpha * sum of x^2 over channels c - depth_radius .. c + depth_radius) ^ beta."""
    fn = "lrn"
    check_type(fn, "depth_radius", depth_radius, int)
    if depth_radius < 0:
        raise ValueError(f"For '{fn}', the 'depth_radius' must be int and must >= 0, but got {depth_radius}.")
    for arg, value in (("bias", bias), ("alpha", alpha), ("beta", beta)):
        check_type(fn, arg, value, float)
    check_string(fn, "norm_region", norm_region, ("ACROSS_CHANNELS",), case_sensitive=True)
    check_tensor_dtype(fn, "x", x)
    if x.ndim != 4:
        raise ValueError(f"For '{fn}', the 'x' must be 4-D (N, C, H, W), but got {x.ndim}-D.")
    channels = x.shape[1]
    squares = _F.pad(_F.square(x), (0, 0, 0, 0, depth_radius, depth_radius))
    window = squares[:, 0:channels]
    for offset in range(1, 2 * depth_radius + 1):
        window = window + squares[:, offset:offset + channels]
    return x / _F.pow(window * alpha + bias, beta)


# ---- similarity, embedding, rearrangements ------------------------------------------------
def cosine_similarity(x1, x2, dim=1, eps=1e-08):
    """sum(x1 * x2) / max(|x1| * |x2|, eps) along `dim`; the inputs broadcast."""
    check_tensor_dtype("cosine_similarity", "x1", x1)
    check_tensor_dtype("cosine_similarity", "x2", x2)
    check_type("cosine_similarity", "dim", dim, int)
    check_type("cosine_similarity", "eps", eps, (int, float))
    dot = _F.sum(x1 * x2, dim)
    norms = _F.sqrt(_F.sum(_F.square(x1), dim) * _F.sum(_F.square(x2), dim))
    return dot / _F.clamp(norms, eps)


def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False):
    """The rows of `weight` (num_embeddings, dim) at the integer indices `input`: shape
    input.shape + (dim,). The row `padding_idx` gets no gradient; with `max_norm`, each
    looked-up row whose `norm_type`-norm exceeds it is renormalized in `weight` itself
    first; `scale_grad_by_freq` divides each row's gradient by its count in `input`."""
    fn = "embedding"
    check_is_tensor(fn, "input", input)
    check_is_tensor(fn, "weight", weight)
    if input.dtype.is_floating_point or input.dtype is mstype.bool_:
        raise TypeError(f"For '{fn}', the dtype of 'input' must be an integer type, but got {input.dtype}.")
    if weight.ndim != 2:
        raise ValueError(f"For '{fn}', the 'weight' must be 2-D, but got {weight.ndim}-D.")
    rows = weight.shape[0]
    if padding_idx is not None:
        check_type(fn, "padding_idx", padding_idx, int)
        if not -rows <= padding_idx < rows:
            raise ValueError(f"For '{fn}', the 'padding_idx' must be in [{-rows}, {rows}), but got {padding_idx}.")
    check_bool(fn, "scale_grad_by_freq", scale_grad_by_freq)
    flat = _F.reshape(input, (-1,))
    if max_norm is not None:
        check_type(fn, "max_norm", max_norm, (int, float))
        _renorm_rows(weight, flat, float(max_norm), float(norm_type))
    table = weight
    if padding_idx is not None:
        is_padding = _F.reshape(_F.arange(rows) == padding_idx % rows, (rows, 1))
        table = _F.select(_F.broadcast_to(is_padding, weight.shape), _F.stop_gradient(weight), weight)
    looked_up = _F.gather(table, flat, 0)
    if scale_grad_by_freq:
        counts = _F.gather(_row_counts(flat, rows, weight.dtype), flat, 0)
        share = _F.reshape(1 / counts, (-1, 1))
        looked_up = looked_up * share + _F.stop_gradient(looked_up * (1 - share))
    return _F.reshape(looked_up, tuple(input.shape) + (weight.shape[1],))


def _row_counts(indices, rows: int, dtype):
    """How often each of `rows` row numbers occurs in the 1-D `indices` (a sum of one-hots:
    its shape does not depend on the values, so it compiles)."""
    return _F.sum(_F.one_hot(indices, rows, 1.0, 0.0), 0).astype(dtype)


def _renorm_rows(weight, indices, max_norm: float, norm_type: float) -> None:
    """Rescales in place the rows of `weight` at `indices` whose norm exceeds `max_norm`."""
    used = _row_counts(indices, weight.shape[0], weight.dtype) > 0
    norms = _F.pow(_F.sum(_F.pow(_F.abs(weight), norm_type), 1, True), 1.0 / norm_type)
    too_long = _F.logical_and(_F.reshape(used, (-1, 1)), norms > max_norm)
    scale = _F.select(too_long, max_norm / (norms + 1e-7), _F.ones_like(norms))
    renormed = _F.stop_gradient(weight * scale)
    if isinstance(weight, Parameter):
        _F.assign(weight, renormed)  # an Assign, which Graph mode records as the Parameter's update
    else:
        rebind(weight, renormed)


def _check_shuffle(fn: str, input, factor_name: str, factor) -> None:
    check_is_tensor(fn, "input", input)
    if isinstance(factor, bool) or not isinstance(factor, int):
        raise TypeError(f"For '{fn}', the '{factor_name}' must be int, but got {type(factor).__name__}.")
    if factor <= 0:
        raise ValueError(f"For '{fn}', the '{factor_name}' must be positive, but got {factor}.")
    if input.ndim < 3:
        raise ValueError(f"For '{fn}', the dimension of 'input' must be at least 3, but got {input.ndim}.")


def pixel_shuffle(input, upscale_factor):
    """(*, C * r^2, H, W) -> (*, C, H * r, W * r), r = upscale_factor: each group of r^2
    channels becomes an r x r block of pixels."""
    _check_shuffle("pixel_shuffle", input, "upscale_factor", upscale_factor)
    *lead, channels, height, width = input.shape
    r = upscale_factor
    if channels % (r * r):
        raise ValueError(f"For 'pixel_shuffle', the size of the third to last dimension ({channels}) must be "
                         f"divisible by upscale_factor squared ({r * r}).")
    lead = tuple(lead)
    blocks = _F.reshape(input, lead + (channels // (r * r), r, r, height, width))
    k = len(lead)
    order = tuple(range(k)) + (k, k + 3, k + 1, k + 4, k + 2)
    return _F.reshape(_F.transpose(blocks, order), lead + (channels // (r * r), height * r, width * r))


def pixel_unshuffle(input, downscale_factor):
    """(*, C, H * r, W * r) -> (*, C * r^2, H, W), r = downscale_factor: the inverse of
    pixel_shuffle."""
    _check_shuffle("pixel_unshuffle", input, "downscale_factor", downscale_factor)
    *lead, channels, height, width = input.shape
    r = downscale_factor
    if height % r or width % r:
        raise ValueError(f"For 'pixel_unshuffle', the last 2 dimensions ({height}, {width}) must be divisible "
                         f"by downscale_factor ({r}).")
    lead = tuple(lead)
    blocks = _F.reshape(input, lead + (channels, height // r, r, width // r, r))
    k = len(lead)
    order = tuple(range(k)) + (k, k + 2, k + 4, k + 1, k + 3)
    return _F.reshape(_F.transpose(blocks, order), lead + (channels * r * r, height // r, width // r))


def channel_shuffle(x, groups):
    """(N, C, *spatial) with C = groups * k: channel g * k + i moves to i * groups + g
    (the groups interleaved); x has at least 4 dimensions."""
    check_is_tensor("channel_shuffle", "x", x)
    check_positive_int("channel_shuffle", "groups", groups)
    if x.ndim < 4:
        raise TypeError(f"For 'channel_shuffle', the 'x' must have at least 4 dimensions, but got {x.ndim}.")
    batch, channels, *spatial = x.shape
    if channels % groups:
        raise ValueError(f"For 'channel_shuffle', the number of channels ({channels}) must be divisible by "
                         f"groups ({groups}).")
    grouped = _F.reshape(x, (batch, groups, channels // groups) + tuple(spatial))
    return _F.reshape(_F.swapaxes(grouped, 1, 2), x.shape)


def bidense(input1, input2, weight, bias=None):
    """The bilinear map y[..., o] = sum_ij input1[..., i] * weight[o, i, j] * input2[..., j]
    (+ bias[o]): input1 (..., I), input2 (..., J) with the same leading shape, weight
    (O, I, J), bias (O,)."""
    fn = "bidense"
    for arg, value in (("input1", input1), ("input2", input2), ("weight", weight)):
        check_is_tensor(fn, arg, value)
    if weight.ndim != 3 or input1.ndim == 0 or input2.ndim == 0:
        raise ValueError(f"For '{fn}', the 'weight' must be 3-D and the inputs at least 1-D, but got weight "
                         f"{weight.shape}, input1 {input1.shape} and input2 {input2.shape}.")
    outputs, rows, cols = weight.shape
    if input1.shape[-1] != rows or input2.shape[-1] != cols or input1.shape[:-1] != input2.shape[:-1]:
        raise ValueError(f"For '{fn}', the inputs must be (..., {rows}) and (..., {cols}) with the same leading "
                         f"shape, but got {input1.shape} and {input2.shape}.")
    lead = tuple(input1.shape[:-1])
    left = _F.reshape(input1, (-1, rows))
    # (B, I) @ (I, O * J) -> (B, O, J), then contracted with input2 over J.
    mixed = _F.matmul(left, _F.reshape(_F.transpose(weight, (1, 0, 2)), (rows, outputs * cols)))
    out = _F.sum(_F.reshape(mixed, (-1, outputs, cols)) * _F.reshape(input2, (-1, 1, cols)), -1)
    if bias is not None:
        check_is_tensor(fn, "bias", bias)
        out = out + bias
    return _F.reshape(out, lead + (outputs,))


def rotary_position_embedding(x, cos, sin, mode=0):
    """Rotary position embedding of the 4-D `x` (last axis D even): x * cos + r(x) * sin,
    r rotating pairs of features: (x[i], x[i + D/2]) -> (-x[i + D/2], x[i]) with mode 0
    (rotate half), (x[2k], x[2k + 1]) -> (-x[2k + 1], x[2k]) with mode 1 (interleaved).
    `cos` and `sin` (4-D, x's dtype) broadcast to x."""
    fn = "rotary_position_embedding"
    check_tensor_dtype(fn, "x", x, FLOATS + (mstype.bfloat16,))
    for arg, value in (("cos", cos), ("sin", sin)):
        check_is_tensor(fn, arg, value)
        if value.dtype is not x.dtype:
            raise TypeError(f"For '{fn}', the dtype of '{arg}' must be the dtype of 'x' ({x.dtype}), but got "
                            f"{value.dtype}.")
    if isinstance(mode, bool) or not isinstance(mode, int):
        raise TypeError(f"For '{fn}', the 'mode' must be int, but got {type(mode).__name__}.")
    if mode not in (0, 1):
        raise ValueError(f"For '{fn}', the 'mode' must be 0 (rotate half) or 1 (interleaved), but got {mode}.")
    if x.ndim != 4 or x.shape[-1] % 2:
        raise ValueError(f"For '{fn}', the 'x' must be 4-D with an even last dimension, but got shape {x.shape}.")
    if mode == 0:
        first, second = _F.split(x, x.shape[-1] // 2, -1)
        rotated = _F.concat((-second, first), -1)
    else:
        pairs = _F.reshape(x, tuple(x.shape[:-1]) + (-1, 2))
        rotated = _F.reshape(_F.stack((-pairs[..., 1], pairs[..., 0]), -1), x.shape)
    return x * cos + rotated * sin


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
    check_is_tensor("dropout1d", "input", input)
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
    check_is_tensor("nll_loss", "inputs", inputs)
    check_is_tensor("nll_loss", "target", target)
    reduction = check_reduction("nll_loss", reduction)
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
    check_is_tensor("cross_entropy", "input", input)
    check_is_tensor("cross_entropy", "target", target)
    reduction = check_reduction("cross_entropy", reduction)
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
    check_is_tensor(fn, "input", input)
    check_is_tensor(fn, "target", target)


def l1_loss(input, target, reduction="mean"):
    """|input - target|, reduced; the inputs broadcast."""
    _check_pair("l1_loss", input, target)
    reduction = check_reduction("l1_loss", reduction)
    return reduce_loss(_F.abs(input - target), reduction)


def mse_loss(input, target, reduction="mean"):
    """(input - target) ** 2, reduced; the inputs broadcast."""
    _check_pair("mse_loss", input, target)
    reduction = check_reduction("mse_loss", reduction)
    return reduce_loss(_F.square(input - target), reduction)


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
    reduction = check_reduction("huber_loss", reduction)
    check_type("huber_loss", "delta", delta, (int, float))
    if delta <= 0:
        raise ValueError(f"For 'huber_loss', the 'delta' must be greater than 0, but got {delta}.")
    distance = _F.abs(input - target)
    loss = _F.select(distance < delta, _F.square(distance) * 0.5, (distance - 0.5 * delta) * delta)
    return reduce_loss(loss, reduction)


def cosine_embedding_loss(input1, input2, target, margin=0.0, reduction="mean"):
    """With cos the cosine similarity of `input1` and `input2` along axis 1: 1 - cos where
    target is 1, max(0, cos - margin) where it is -1, 0 elsewhere. `target` has the inputs'
    shape without axis 1; margin in [-1, 1]."""
    fn = "cosine_embedding_loss"
    for arg, value in (("input1", input1), ("input2", input2), ("target", target)):
        check_is_tensor(fn, arg, value)
    reduction = check_reduction(fn, reduction)
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
    return reduce_loss(loss, reduction)


def margin_ranking_loss(input1, input2, target, margin=0.0, reduction="mean"):
    """max(0, -target * (input1 - input2) + margin), `target` holding 1 or -1; the three
    inputs share one dtype."""
    fn = "margin_ranking_loss"
    check_type(fn, "margin", margin, float)
    for arg, value in (("input1", input1), ("input2", input2), ("target", target)):
        check_is_tensor(fn, arg, value)
    reduction = check_reduction(fn, reduction)
    for arg, value in (("input2", input2), ("target", target)):
        if value.dtype is not input1.dtype:
            raise TypeError(f"For '{fn}', the dtype of '{arg}' must be the same as 'input1' ({input1.dtype}), "
                            f"but got {value.dtype}.")
    return reduce_loss(relu(-target * (input1 - input2) + margin), reduction)


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-6, swap=False, reduction="mean"):
    """max(d(anchor, positive) - d(anchor, negative) + margin, 0) per sample, d the p-norm
    distance along axis 1 (see `ops.TripletMarginLoss`)."""
    if not isinstance(margin, Tensor):
        check_type("triplet_margin_loss", "margin", margin, (int, float))
        margin = Tensor(float(margin), mstype.float32)
    return _prim(N.TripletMarginLoss, p, swap, eps, reduction)(anchor, positive, negative, margin)


def _tensor_softmax(self, axis, dtype=None):
    return softmax(self, axis, dtype=dtype)


TENSOR_METHODS = {"softmax": _tensor_softmax, "hardshrink": hardshrink, "soft_shrink": soft_shrink, "renorm": renorm}
"""Tensor methods and operators this family provides (installed by tensor_methods.py)."""


# MindSpore keeps more names at this path (its `*_ext` mint functions, ops spore defines in other
# family files): resolved in their owners when asked for.
__getattr__ = _mindspore_paths.module_getattr(__name__, "nn_func")
