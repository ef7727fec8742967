"""Neural-network primitives: normalization, activations, losses, dropout, bias add, embedding lookup.

Dtypes: where MindSpore's CPU kernels take only float16 / float32, spore also takes
float64, so that gradients can be checked in double precision.
"""
from __future__ import annotations

from ...common import dtype as mstype
from ...common.tensor import Tensor
from ..primitive import Primitive, TensorSpec
from ..validator import (
    broadcast_shapes,
    check_axis,
    check_bool,
    check_dtype,
    check_float_range,
    check_positive_int,
    check_rank,
    check_string,
    check_tensor,
    check_type,
)

__all__ = [
    # normalization
    "BatchNorm", "LayerNorm", "GroupNorm",
    # activations
    "Softmax", "LogSoftmax", "ReLU", "ReLU6", "GeLU", "FastGeLU", "SiLU", "Elu", "LeakyReLU",
    "HSwish", "HSigmoid", "Mish", "Softplus", "SeLU", "CeLU", "HShrink", "SoftShrink", "PReLU",
    # bias, dropout, embedding
    "BiasAdd", "Dropout", "Dropout2D", "Dropout3D", "EmbeddingLookup",
    # losses
    "SoftmaxCrossEntropyWithLogits", "SparseSoftmaxCrossEntropyWithLogits", "NLLLoss",
    "BinaryCrossEntropy", "BCEWithLogitsLoss", "KLDivLoss", "SmoothL1Loss", "L2Loss",
    "TripletMarginLoss",
    # decoding
    "CTCGreedyDecoder",
    # gradients (the fused backward kernels of the bprops)
    "ReluGrad", "SoftmaxGrad", "LogSoftmaxGrad", "BatchNormGrad", "LayerNormGrad",
    "SoftmaxCrossEntropyWithLogitsGrad",
    "NLLLossGrad",
]

_FLOATS = (mstype.float16, mstype.float32, mstype.float64, mstype.bfloat16)
_INTS = (mstype.int8, mstype.int16, mstype.int32, mstype.int64, mstype.uint8)
_REALS = _INTS + _FLOATS
_INDEX_DTYPES = (mstype.int32, mstype.int64)
_REDUCTIONS = ("none", "mean", "sum")


# ---- shared rules -------------------------------------------------------------------------
def _typed_tensor(op: str, arg: str, value, allowed=_FLOATS) -> None:
    """`value` is a Tensor whose dtype is one of `allowed`."""
    check_tensor(op, arg, value)
    check_dtype(op, arg, value.dtype, allowed)


def _same_dtype(op: str, names: tuple, values: tuple) -> None:
    first = values[0].dtype
    for name, value in zip(names[1:], values[1:]):
        if value.dtype is not first:
            raise TypeError(f"For '{op}', the dtype of '{name}' must be the same as '{names[0]}' "
                            f"({first}), but got {value.dtype}.")


def _same_shape(op: str, names: tuple, values: tuple) -> None:
    first = tuple(values[0].shape)
    for name, value in zip(names[1:], values[1:]):
        if tuple(value.shape) != first:
            raise ValueError(f"For '{op}', the shape of '{name}' must be the same as '{names[0]}' "
                             f"{first}, but got {tuple(value.shape)}.")


def _broadcasts_to(op: str, arg: str, value, shape: tuple) -> None:
    """An optional tensor input (weight-like) that broadcasts to `shape` without growing it."""
    if value is None:
        return
    _typed_tensor(op, arg, value)
    if broadcast_shapes(op, value.shape, shape, names=(arg, "input")) != tuple(shape):
        raise ValueError(f"For '{op}', the shape of '{arg}' must broadcast to {tuple(shape)}, but got "
                         f"{tuple(value.shape)}.")


def _reduction(op: str, reduction, allowed=_REDUCTIONS) -> str:
    return check_string(op, "reduction", reduction, allowed)


def _loss_spec(shape: tuple, dtype, reduction: str) -> TensorSpec:
    """A loss: elementwise for reduction 'none', a scalar otherwise."""
    return TensorSpec(shape if reduction == "none" else (), dtype)


def _number(op: str, arg: str, value) -> float:
    """A float attribute (MindSpore also takes an int and stores it as a float)."""
    return float(check_type(op, arg, value, (int, float)))


# ---- normalization ------------------------------------------------------------------------
def _check_batch_norm(op: str, data_format: str, input_x, names: tuple, params: tuple,
                      x_name: str = "input_x") -> None:
    """BatchNorm's rules: `input_x` is a float Tensor of rank 2 to 4; the `params` are 1-D
    float Tensors of one dtype, each of the size of the channel axis."""
    _typed_tensor(op, x_name, input_x)
    check_rank(op, x_name, input_x.shape, (2, 3, 4))
    for name, value in zip(names, params):
        _typed_tensor(op, name, value)
        check_rank(op, name, value.shape, 1)
    _same_dtype(op, names, params)
    channels = input_x.shape[-1 if data_format == "NHWC" else 1]
    for name, value in zip(names, params):
        if value.shape[0] != channels:
            raise ValueError(f"For '{op}', the size of '{name}' must equal the number of channels "
                             f"of '{x_name}' ({channels}), but got {value.shape[0]}.")


class BatchNorm(Primitive):
    """BatchNorm(is_training=False, epsilon=1e-5, momentum=0.1, data_format="NCHW")
    (input_x, scale, bias, mean, variance) -> (y, batch_mean, batch_variance,
    reserve_space_1, reserve_space_2)

    `input_x` is (N, C), (N, C, L) or (N, C, H, W) (channels last with "NHWC"); the other
    inputs are (C,) and share one dtype. y = (x - mean) / sqrt(var + epsilon) * scale + bias.

    Training: the batch statistics normalize (variance biased), and the moving statistics
    are updated as a side effect: `mean` and `variance` are rebound to
    (1 - momentum) * moving + momentum * batch, with the unbiased batch variance. Outputs
    1 to 4 are the batch mean and (biased) variance, twice. Inference: `mean` and
    `variance` normalize, and outputs 1 to 4 are those inputs. (MindSpore's CPU kernel
    leaves outputs 1 and 2 unspecified.)

    The kernel returns seven results: the five outputs, then the new moving mean and
    variance, which (in training) the declared states `mean` and `variance` become.
    """

    def __init__(self, is_training=False, epsilon=1e-5, momentum=0.1, data_format="NCHW"):
        super().__init__()
        self.add_prim_attr("is_training", check_bool(self.name, "is_training", is_training))
        self.add_prim_attr("epsilon", check_float_range(self.name, "epsilon", epsilon, 0.0, 1.0,
                                                        include_min=False))
        self.add_prim_attr("momentum", check_float_range(self.name, "momentum", momentum, 0.0, 1.0))
        self.add_prim_attr("data_format", check_string(self.name, "data_format", data_format,
                                                       ("NCHW", "NHWC")))

    def infer(self, input_x, scale, bias, mean, variance):
        _check_batch_norm(self.name, self.data_format, input_x,
                          ("scale", "bias", "mean", "variance"), (scale, bias, mean, variance))
        stats = TensorSpec(scale.shape, scale.dtype)
        return TensorSpec(input_x.shape, input_x.dtype), stats, stats, stats, stats

    output_results = (0, 1, 2, 3, 4)
    state_results = (5, 6)

    @property
    def side_effect(self) -> bool:
        """Training updates the moving statistics."""
        return self.is_training

    @property
    def state_positions(self) -> tuple:
        return (3, 4) if self.is_training else ()


def _layer_norm_axis(op: str, arg: str, axis: int, rank: int) -> int:
    """MindSpore's LayerNorm axes lie in [-1, rank); returned non-negative."""
    if not -1 <= axis < rank:
        raise ValueError(f"For '{op}', the '{arg}' must be in range [-1, {rank}), but got {axis}.")
    return axis % rank


class LayerNorm(Primitive):
    """LayerNorm(begin_norm_axis=1, begin_params_axis=1, epsilon=1e-7)(input_x, gamma, beta)
    -> (y, mean, variance)

    Normalizes over the axes from `begin_norm_axis` on; `gamma` and `beta` have the shape
    input_x.shape[begin_params_axis:]. mean and variance keep the leading axes and have
    size 1 on the normalized ones; they are float32 whatever the input dtype. (MindSpore
    documents the third output as rstd, but its CPU kernel returns the variance, as here.)
    `gamma` / `beta` may be None here (no scale / shift), for `ops.layer_norm`.
    """

    def __init__(self, begin_norm_axis=1, begin_params_axis=1, epsilon=1e-7):
        super().__init__()
        self.add_prim_attr("begin_norm_axis", check_type(self.name, "begin_norm_axis", begin_norm_axis, int))
        self.add_prim_attr("begin_params_axis",
                           check_type(self.name, "begin_params_axis", begin_params_axis, int))
        self.add_prim_attr("epsilon", _number(self.name, "epsilon", epsilon))

    def infer(self, input_x, gamma=None, beta=None):
        op = self.name
        _typed_tensor(op, "input_x", input_x)
        rank = len(input_x.shape)
        if rank == 0:
            raise ValueError(f"For '{op}', the 'input_x' must have at least 1 dimension, but got a 0-d Tensor.")
        norm_axis = _layer_norm_axis(op, "begin_norm_axis", self.begin_norm_axis, rank)
        params_axis = _layer_norm_axis(op, "begin_params_axis", self.begin_params_axis, rank)
        params_shape = tuple(input_x.shape[params_axis:])
        for name, value in (("gamma", gamma), ("beta", beta)):
            if value is None:
                continue
            _typed_tensor(op, name, value)
            if tuple(value.shape) != params_shape:
                raise ValueError(f"For '{op}', the shape of '{name}' must be input_x.shape[begin_params_axis:] "
                                 f"{params_shape}, but got {tuple(value.shape)}.")
        stats = TensorSpec(tuple(input_x.shape[:norm_axis]) + (1,) * (rank - norm_axis), mstype.float32)
        return TensorSpec(input_x.shape, input_x.dtype), stats, stats


class GroupNorm(Primitive):
    """GroupNorm()(input, num_groups, weight=None, bias=None, eps=1e-5) -> (y, mean, rstd)

    MindSpore's primitive behind `ops.group_norm` (its arguments are inputs, not
    attributes). `input` is (N, C, *); the C channels form `num_groups` groups, each
    normalized over its channels and the spatial axes, then scaled by `weight` and shifted
    by `bias` ((C,) each). mean and rstd = 1 / sqrt(var + eps) are (N, num_groups).
    """

    def infer(self, input, num_groups, weight=None, bias=None, eps=1e-5):
        op = self.name
        _typed_tensor(op, "input", input)
        if len(input.shape) < 2:
            raise ValueError(f"For '{op}', the 'input' must have at least 2 dimensions (N, C, ...), but got "
                             f"shape {tuple(input.shape)}.")
        check_positive_int(op, "num_groups", num_groups)
        _number(op, "eps", eps)
        channels = input.shape[1]
        if channels % num_groups:
            raise ValueError(f"For '{op}', the number of channels ({channels}) must be divisible by "
                             f"'num_groups', but got {num_groups}.")
        for name, value in (("weight", weight), ("bias", bias)):
            if value is None:
                continue
            _typed_tensor(op, name, value)
            if tuple(value.shape) != (channels,):
                raise ValueError(f"For '{op}', the shape of '{name}' must be ({channels},), but got "
                                 f"{tuple(value.shape)}.")
        stats = TensorSpec((input.shape[0], num_groups), input.dtype)
        return TensorSpec(input.shape, input.dtype), stats, stats


# ---- activations --------------------------------------------------------------------------
class _Activation(Primitive):
    """An elementwise activation of one Tensor: same shape and dtype out."""

    dtypes = _FLOATS

    def infer(self, x):
        _typed_tensor(self.name, "x", x, self.dtypes)
        return TensorSpec(x.shape, x.dtype)


def _softmax_axis(op: str, axis) -> int:
    """An int, or a tuple / list holding one int (MindSpore's CPU kernels take one axis)."""
    if isinstance(axis, (tuple, list)):
        if len(axis) != 1:
            raise ValueError(f"For '{op}', the 'axis' must be an int or a tuple of one int, but got {axis}.")
        axis = axis[0]
    return check_type(op, "axis", axis, int)


class _SoftmaxLike(_Activation):
    def __init__(self, axis=-1):
        super().__init__()
        self.add_prim_attr("axis", _softmax_axis(self.name, axis))

    def infer(self, x):
        spec = super().infer(x)
        check_axis(self.name, self.axis, len(x.shape))
        return spec


class Softmax(_SoftmaxLike):
    """Softmax(axis=-1)(x): exp(x) / sum(exp(x)) along `axis`."""


class LogSoftmax(_SoftmaxLike):
    """LogSoftmax(axis=-1)(logits): log(softmax(logits)) along `axis`, computed stably."""


class ReLU(_Activation):
    """ReLU()(input): max(input, 0); integer inputs too."""

    dtypes = _REALS


class ReLU6(_Activation):
    """ReLU6()(x): min(max(x, 0), 6)."""

    dtypes = _REALS


class GeLU(_Activation):
    """GeLU()(x): the tanh approximation 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3)))
    (what MindSpore's primitive computes; `ops.gelu(approximate='none')` gives the erf form)."""


class FastGeLU(_Activation):
    """FastGeLU()(x): x / (1 + exp(-1.702 |x|)) * exp(0.851 (x - |x|)), i.e. x * sigmoid(1.702 x)."""


class SiLU(_Activation):
    """SiLU()(input): x * sigmoid(x)."""


class HSwish(_Activation):
    """HSwish()(x): x * relu6(x + 3) / 6; integer inputs are computed in float and truncated."""

    dtypes = _REALS


class HSigmoid(_Activation):
    """HSigmoid()(x): relu6(x + 3) / 6; integer inputs are computed in float and truncated."""

    dtypes = _REALS


class Mish(_Activation):
    """Mish()(x): x * tanh(softplus(x))."""


class Softplus(_Activation):
    """Softplus()(x): log(1 + exp(x))."""


class SeLU(_Activation):
    """SeLU()(input_x): scale * (max(0, x) + min(0, alpha * (exp(x) - 1))) with
    scale = 1.0507..., alpha = 1.6732... (MindSpore also takes int8 / int32, not spore)."""


class Elu(_Activation):
    """Elu(alpha=1.0)(input_x): x for x > 0, alpha * (exp(x) - 1) otherwise. MindSpore
    supports alpha = 1.0 only."""

    def __init__(self, alpha=1.0):
        super().__init__()
        alpha = _number(self.name, "alpha", alpha)
        if alpha != 1.0:
            raise ValueError(f"For '{self.name}', the 'alpha' must be 1.0, but got {alpha}.")
        self.add_prim_attr("alpha", alpha)


class LeakyReLU(_Activation):
    """LeakyReLU(alpha=0.2)(input): x for x > 0, alpha * x otherwise. (MindSpore 2.7 has no
    such public primitive: `ops.leaky_relu` is built on it here.)"""

    def __init__(self, alpha=0.2):
        super().__init__()
        self.add_prim_attr("alpha", _number(self.name, "alpha", alpha))


class CeLU(_Activation):
    """CeLU(alpha=1.0)(x): max(0, x) + min(0, alpha * (exp(x / alpha) - 1)); alpha != 0."""

    def __init__(self, alpha=1.0):
        super().__init__()
        alpha = _number(self.name, "alpha", alpha)
        if alpha == 0:
            raise ValueError(f"For '{self.name}', the 'alpha' must not be 0, but got {alpha}.")
        self.add_prim_attr("alpha", alpha)


class HShrink(_Activation):
    """HShrink(lambd=0.5)(input): x where |x| > lambd, 0 elsewhere."""

    def __init__(self, lambd=0.5):
        super().__init__()
        self.add_prim_attr("lambd", _number(self.name, "lambd", lambd))


class SoftShrink(_Activation):
    """SoftShrink(lambd=0.5)(input): x - lambd above lambd, x + lambd below -lambd, 0
    between; lambd >= 0."""

    def __init__(self, lambd=0.5):
        super().__init__()
        lambd = _number(self.name, "lambd", lambd)
        if lambd < 0:
            raise ValueError(f"For '{self.name}', the 'lambd' must be no less than 0, but got {lambd}.")
        self.add_prim_attr("lambd", lambd)


class PReLU(Primitive):
    """PReLU()(x, weight): x for x > 0, weight * x otherwise, with one slope per channel
    (axis 1; a 0-d or 1-d `x` has one channel). `weight` is 1-D, of size 1 or C."""

    def infer(self, x, weight):
        op = self.name
        _typed_tensor(op, "x", x)
        _typed_tensor(op, "weight", weight)
        _same_dtype(op, ("x", "weight"), (x, weight))
        check_rank(op, "weight", weight.shape, 1)
        channels = x.shape[1] if len(x.shape) >= 2 else 1
        if weight.shape[0] not in (1, channels):
            raise ValueError(f"For '{op}', the size of 'weight' must be 1 or the number of channels "
                             f"({channels}), but got {weight.shape[0]}.")
        return TensorSpec(x.shape, x.dtype)


# ---- bias, dropout, embedding -------------------------------------------------------------
class BiasAdd(Primitive):
    """BiasAdd(data_format="NCHW")(input_x, bias): adds the (C,) `bias` along the channel
    axis of `input_x` (axis 1, or the last axis for "NHWC"); `input_x` has rank 2 to 5
    ("NCDHW": rank 5)."""

    def __init__(self, data_format="NCHW"):
        super().__init__()
        self.add_prim_attr("data_format", check_string(self.name, "data_format", data_format,
                                                       ("NCHW", "NHWC", "NCDHW")))

    def infer(self, input_x, bias):
        op = self.name
        _typed_tensor(op, "input_x", input_x, _REALS)
        _typed_tensor(op, "bias", bias, _REALS)
        _same_dtype(op, ("input_x", "bias"), (input_x, bias))
        check_rank(op, "input_x", input_x.shape, (5,) if self.data_format == "NCDHW" else (2, 3, 4, 5))
        check_rank(op, "bias", bias.shape, 1)
        channels = input_x.shape[-1 if self.data_format == "NHWC" else 1]
        if bias.shape[0] != channels:
            raise ValueError(f"For '{op}', the size of 'bias' must equal the number of channels of 'input_x' "
                             f"({channels}), but got {bias.shape[0]}.")
        return TensorSpec(input_x.shape, input_x.dtype)


class Dropout(Primitive):
    """Dropout(keep_prob=0.5, Seed0=0, Seed1=0)(x) -> (output, mask)

    Keeps each element with probability `keep_prob` (in (0, 1]), scaling kept ones by
    1 / keep_prob. mask has x's shape and dtype and holds 1 where kept, 0 elsewhere.
    Seed0 / Seed1 seed this instance's stream (see `spore.common.seed`).
    """

    pure = False

    def __init__(self, keep_prob=0.5, Seed0=0, Seed1=0):
        super().__init__()
        self.add_prim_attr("keep_prob", check_float_range(self.name, "keep_prob", keep_prob, 0.0, 1.0,
                                                          include_min=False))
        self.add_prim_attr("Seed0", check_type(self.name, "Seed0", Seed0, int))
        self.add_prim_attr("Seed1", check_type(self.name, "Seed1", Seed1, int))

    def infer(self, x):
        _typed_tensor(self.name, "x", x)
        spec = TensorSpec(x.shape, x.dtype)
        return spec, spec


class _ChannelDropout(Primitive):
    """Zeroes whole channels: each (n, c) slice of the input is kept with probability
    `keep_prob` (in [0, 1]) and scaled by 1 / keep_prob, or zeroed. mask is Bool with the
    input's shape."""

    pure = False

    rank = 4

    def __init__(self, keep_prob=0.5):
        super().__init__()
        check_type(self.name, "keep_prob", keep_prob, float)
        self.add_prim_attr("keep_prob", check_float_range(self.name, "keep_prob", keep_prob, 0.0, 1.0))

    def infer(self, input):
        _typed_tensor(self.name, "input", input, _REALS)
        check_rank(self.name, "input", input.shape, self.rank)
        return TensorSpec(input.shape, input.dtype), TensorSpec(input.shape, mstype.bool_)


class Dropout2D(_ChannelDropout):
    """Dropout2D(keep_prob=0.5)(input) -> (output, mask) for (N, C, H, W) input."""


class Dropout3D(_ChannelDropout):
    """Dropout3D(keep_prob=0.5)(input) -> (output, mask) for (N, C, D, H, W) input."""

    rank = 5


class EmbeddingLookup(Primitive):
    """EmbeddingLookup()(input_params, input_indices, offset): the rows
    input_params[input_indices - offset]; indices outside [0, rows) give zero rows.

    `input_params` is 1-D or 2-D; the output has shape indices.shape + params.shape[1:].
    """

    def infer(self, input_params, input_indices, offset):
        op = self.name
        _typed_tensor(op, "input_params", input_params, _REALS)
        check_rank(op, "input_params", input_params.shape, (1, 2))
        _typed_tensor(op, "input_indices", input_indices, _INDEX_DTYPES)
        if not input_indices.shape:
            raise ValueError(f"For '{op}', the 'input_indices' must have at least 1 dimension, but got a "
                             f"0-d Tensor.")
        if hasattr(offset, "dtype"):
            check_dtype(op, "offset", offset.dtype, _INDEX_DTYPES)
            check_rank(op, "offset", offset.shape, 0)
        else:
            check_type(op, "offset", offset, int)
        return TensorSpec(tuple(input_indices.shape) + tuple(input_params.shape[1:]), input_params.dtype)


# ---- losses -------------------------------------------------------------------------------
class SoftmaxCrossEntropyWithLogits(Primitive):
    """SoftmaxCrossEntropyWithLogits()(logits, labels) -> (loss, backprop)

    `logits` and `labels` are (N, C) of one dtype, `labels` a distribution per row.
    loss (N,) = -sum(labels * log_softmax(logits), 1); backprop = softmax(logits) - labels.
    """

    def infer(self, logits, labels):
        op = self.name
        _typed_tensor(op, "logits", logits)
        _typed_tensor(op, "labels", labels)
        _same_dtype(op, ("logits", "labels"), (logits, labels))
        check_rank(op, "logits", logits.shape, 2)
        _same_shape(op, ("logits", "labels"), (logits, labels))
        return TensorSpec(logits.shape[:1], logits.dtype), TensorSpec(logits.shape, logits.dtype)


class SparseSoftmaxCrossEntropyWithLogits(Primitive):
    """SparseSoftmaxCrossEntropyWithLogits(is_grad=False)(logits, labels)

    `logits` is (..., C), `labels` int32 / int64 class indices of shape logits.shape[:-1].
    Gives the mean cross entropy (a scalar), or with is_grad its gradient with respect
    to the logits: (softmax(logits) - one_hot(labels)) / number of samples.
    """

    def __init__(self, is_grad=False):
        super().__init__()
        self.add_prim_attr("is_grad", check_bool(self.name, "is_grad", is_grad))

    def infer(self, logits, labels):
        op = self.name
        _typed_tensor(op, "logits", logits)
        _typed_tensor(op, "labels", labels, _INDEX_DTYPES)
        if len(logits.shape) < 2:
            raise ValueError(f"For '{op}', the 'logits' must have at least 2 dimensions, but got shape "
                             f"{tuple(logits.shape)}.")
        if tuple(labels.shape) != tuple(logits.shape[:-1]):
            raise ValueError(f"For '{op}', the shape of 'labels' must be logits.shape[:-1] "
                             f"{tuple(logits.shape[:-1])}, but got {tuple(labels.shape)}.")
        return TensorSpec(logits.shape if self.is_grad else (), logits.dtype)


class NLLLoss(Primitive):
    """NLLLoss(reduction="mean", ignore_index=-100)(logits, labels, weight) -> (loss, total_weight)

    `logits` (N, C) holds log-probabilities, `labels` (N,) int32 / int64 class indices,
    `weight` (C,) class weights. Each sample loses -weight[label] * logits[n, label];
    samples labelled `ignore_index` count for nothing. total_weight sums the weights of
    the counted samples; 'mean' divides the summed loss by it. `weight` may be None here
    (all ones), for `ops.nll_loss`.
    """

    def __init__(self, reduction="mean", ignore_index=-100):
        super().__init__()
        self.add_prim_attr("reduction", _reduction(self.name, reduction))
        self.add_prim_attr("ignore_index", check_type(self.name, "ignore_index", ignore_index, int))

    def infer(self, logits, labels, weight=None):
        op = self.name
        _typed_tensor(op, "logits", logits)
        _typed_tensor(op, "labels", labels, _INDEX_DTYPES)
        check_rank(op, "logits", logits.shape, 2)
        check_rank(op, "labels", labels.shape, 1)
        if labels.shape[0] != logits.shape[0]:
            raise ValueError(f"For '{op}', the size of 'labels' must equal the batch size of 'logits' "
                             f"({logits.shape[0]}), but got {labels.shape[0]}.")
        if weight is not None:
            self._check_weight(logits, weight)
        return _loss_spec(labels.shape, logits.dtype, self.reduction), TensorSpec((), logits.dtype)

    def _check_weight(self, logits, weight):
        op = self.name
        _typed_tensor(op, "weight", weight)
        check_rank(op, "weight", weight.shape, 1)
        if weight.shape[0] != logits.shape[1]:
            raise ValueError(f"For '{op}', the size of 'weight' must equal the number of classes "
                             f"({logits.shape[1]}), but got {weight.shape[0]}.")


class BinaryCrossEntropy(Primitive):
    """BinaryCrossEntropy(reduction="mean")(logits, labels, weight=None)

    `logits` are probabilities; loss = -weight * (labels * log(logits) + (1 - labels) *
    log(1 - logits)), the logarithms clamped below at log(1e-12). `weight` broadcasts to
    the logits' shape.
    """

    def __init__(self, reduction="mean"):
        super().__init__()
        self.add_prim_attr("reduction", _reduction(self.name, reduction))

    def infer(self, logits, labels, weight=None):
        op = self.name
        _typed_tensor(op, "logits", logits)
        _typed_tensor(op, "labels", labels)
        _same_dtype(op, ("logits", "labels"), (logits, labels))
        _same_shape(op, ("logits", "labels"), (logits, labels))
        _broadcasts_to(op, "weight", weight, logits.shape)
        return _loss_spec(logits.shape, logits.dtype, self.reduction)


class BCEWithLogitsLoss(Primitive):
    """BCEWithLogitsLoss(reduction="mean")(logits, label, weight, pos_weight)

    loss = -weight * (pos_weight * label * log(sigmoid(logits)) + (1 - label) *
    log(1 - sigmoid(logits))), computed stably; `weight` and `pos_weight` (either may be
    None) broadcast to the logits' shape.
    """

    def __init__(self, reduction="mean"):
        super().__init__()
        self.add_prim_attr("reduction", _reduction(self.name, reduction))

    def infer(self, logits, label, weight=None, pos_weight=None):
        op = self.name
        _typed_tensor(op, "logits", logits)
        _typed_tensor(op, "label", label)
        _same_dtype(op, ("logits", "label"), (logits, label))
        _same_shape(op, ("logits", "label"), (logits, label))
        _broadcasts_to(op, "weight", weight, logits.shape)
        _broadcasts_to(op, "pos_weight", pos_weight, logits.shape)
        return _loss_spec(logits.shape, logits.dtype, self.reduction)


class KLDivLoss(Primitive):
    """KLDivLoss(reduction="mean")(logits, labels)

    `logits` are log-probabilities; the pointwise loss is labels * (log(labels) - logits)
    where labels > 0, else 0. 'mean' averages over all elements, 'batchmean' divides the
    sum by the batch size (axis 0).
    """

    def __init__(self, reduction="mean"):
        super().__init__()
        self.add_prim_attr("reduction", _reduction(self.name, reduction, _REDUCTIONS + ("batchmean",)))

    def infer(self, logits, labels):
        op = self.name
        _typed_tensor(op, "logits", logits)
        _typed_tensor(op, "labels", labels)
        _same_dtype(op, ("logits", "labels"), (logits, labels))
        _same_shape(op, ("logits", "labels"), (logits, labels))
        return _loss_spec(logits.shape, logits.dtype, self.reduction)


class SmoothL1Loss(Primitive):
    """SmoothL1Loss(beta=1.0, reduction="none")(prediction, target)

    With d = |prediction - target|: 0.5 * d^2 / beta where d < beta, d - 0.5 * beta
    elsewhere; beta > 0.
    """

    def __init__(self, beta=1.0, reduction="none"):
        super().__init__()
        beta = _number(self.name, "beta", beta)
        if beta <= 0:
            raise ValueError(f"For '{self.name}', the 'beta' must be greater than 0, but got {beta}.")
        self.add_prim_attr("beta", beta)
        self.add_prim_attr("reduction", _reduction(self.name, reduction))

    def infer(self, prediction, target):
        op = self.name
        _typed_tensor(op, "prediction", prediction)
        _typed_tensor(op, "target", target)
        _same_dtype(op, ("prediction", "target"), (prediction, target))
        _same_shape(op, ("prediction", "target"), (prediction, target))
        return _loss_spec(prediction.shape, prediction.dtype, self.reduction)


class L2Loss(Primitive):
    """L2Loss()(input_x): sum(input_x ** 2) / 2, a scalar."""

    def infer(self, input_x):
        _typed_tensor(self.name, "input_x", input_x)
        return TensorSpec((), input_x.dtype)


class TripletMarginLoss(Primitive):
    """TripletMarginLoss(p=2, swap=False, eps=1e-6, reduction="mean")(x, positive, negative, margin)

    `x`, `positive` and `negative` are (N, D) of one dtype, `margin` a 0-d float32 Tensor.
    Each sample loses max(d(x, positive) - d(x, negative) + margin, 0), where
    d(a, b) = ||a - b + eps||_p along D; with `swap`, d(x, negative) is replaced by
    d(positive, negative) where that is smaller.
    """

    def __init__(self, p=2, swap=False, eps=1e-6, reduction="mean"):
        super().__init__()
        self.add_prim_attr("p", check_type(self.name, "p", p, int))
        self.add_prim_attr("swap", check_bool(self.name, "swap", swap))
        self.add_prim_attr("eps", check_type(self.name, "eps", eps, float))
        self.add_prim_attr("reduction", _reduction(self.name, reduction))

    def infer(self, x, positive, negative, margin):
        op = self.name
        names, inputs = ("x", "positive", "negative"), (x, positive, negative)
        for name, value in zip(names, inputs):
            _typed_tensor(op, name, value)
        _same_dtype(op, names, inputs)
        check_rank(op, "x", x.shape, 2)
        _same_shape(op, names, inputs)
        _typed_tensor(op, "margin", margin, (mstype.float32,))
        check_rank(op, "margin", margin.shape, 0)
        return _loss_spec(x.shape[:1], x.dtype, self.reduction)


# ---- decoding -----------------------------------------------------------------------------
def _greedy_label_count(best, lengths, blank: int, merge_repeated: bool) -> int:
    """The number of labels greedy CTC decoding keeps: `best` (T, N) the argmax classes,
    `lengths` (N,) the steps each sample uses."""
    kept = 0
    for sample, length in enumerate(lengths):
        previous = blank
        for step in range(length):
            label = best[step][sample]
            kept += label != blank and not (merge_repeated and label == previous)
            previous = label
    return kept


class CTCGreedyDecoder(Primitive):
    """CTCGreedyDecoder(merge_repeated=True)(inputs, sequence_length) -> (decoded_indices,
    decoded_values, decoded_shape, log_probability)

    Greedy (best path) CTC decoding of the logits `inputs` (T, N, C), the last class the
    blank: per sample n, the argmax class of each of its first sequence_length[n] steps,
    blanks dropped and (with merge_repeated) repeats of the previous step merged. The
    labels form a sparse (N, longest) matrix: decoded_indices (K, 2) int64 (sample,
    position), decoded_values (K,) int64, decoded_shape (2,) int64; log_probability
    (N, 1) is minus the sum of each sample's maximal logits. K depends on the values (-1
    while they are unknown).
    """

    def __init__(self, merge_repeated=True):
        super().__init__()
        self.add_prim_attr("merge_repeated", check_bool(self.name, "merge_repeated", merge_repeated))

    def infer(self, inputs, sequence_length):
        op = self.name
        _typed_tensor(op, "inputs", inputs, (mstype.float32, mstype.float64))
        _typed_tensor(op, "sequence_length", sequence_length, (mstype.int32,))
        check_rank(op, "inputs", inputs.shape, 3)
        steps, batch, classes = inputs.shape
        if tuple(sequence_length.shape) != (batch,):
            raise ValueError(f"For '{op}', the shape of 'sequence_length' must be ({batch},), but got "
                             f"{tuple(sequence_length.shape)}.")
        kept = -1
        if isinstance(inputs, Tensor) and isinstance(sequence_length, Tensor) and not (
                inputs.has_init or sequence_length.has_init):
            lengths = sequence_length.asnumpy().tolist()
            for sample, length in enumerate(lengths):
                if not 0 <= length <= steps:
                    raise ValueError(f"For '{op}', sequence_length[{sample}] must be in [0, {steps}], but got "
                                     f"{length}.")
            kept = _greedy_label_count(inputs.asnumpy().argmax(-1).tolist(), lengths, classes - 1,
                                       self.merge_repeated)
        return (TensorSpec((kept, 2), mstype.int64), TensorSpec((kept,), mstype.int64),
                TensorSpec((2,), mstype.int64), TensorSpec((batch, 1), inputs.dtype))


# ---- gradients ----------------------------------------------------------------------------
# Fused backward kernels the bprops use (ops/bprop/nn_bprop.py), one op where the composed
# formula would take several.
def _same_as(op: str, name: str, value, like_name: str, like) -> None:
    """`value` is a Tensor of the shape and dtype of `like`."""
    check_tensor(op, name, value)
    _same_dtype(op, (like_name, name), (like, value))
    _same_shape(op, (like_name, name), (like, value))


class ReluGrad(Primitive):
    """ReluGrad()(y_backprop, x): `y_backprop` where x > 0, 0 elsewhere (the gradient of
    ReLU; `x` is ReLU's output, positive exactly where its input is)."""

    def infer(self, y_backprop, x):
        _typed_tensor(self.name, "x", x, _REALS)
        _same_as(self.name, "y_backprop", y_backprop, "x", x)
        return TensorSpec(x.shape, x.dtype)


class _SoftmaxGradLike(Primitive):
    """(y, dy) -> dx along `axis`, `y` being the forward op's output."""

    def __init__(self, axis=-1):
        super().__init__()
        self.add_prim_attr("axis", _softmax_axis(self.name, axis))

    def infer(self, y, dy):
        _typed_tensor(self.name, "y", y)
        _same_as(self.name, "dy", dy, "y", y)
        check_axis(self.name, self.axis, len(y.shape))
        return TensorSpec(y.shape, y.dtype)


class SoftmaxGrad(_SoftmaxGradLike):
    """SoftmaxGrad(axis=-1)(y, dy): the gradient of Softmax given its output y,
    y * (dy - sum(y * dy, axis)). (MindSpore's takes the last axis only.)"""


class LogSoftmaxGrad(_SoftmaxGradLike):
    """LogSoftmaxGrad(axis=-1)(logits, grad): the gradient of LogSoftmax given its output
    `logits`, grad - exp(logits) * sum(grad, axis)."""


class BatchNormGrad(Primitive):
    """BatchNormGrad(is_training=False, epsilon=1e-5, data_format="NCHW")(dout, x, scale,
    saved_mean, saved_variance) -> (dx, dscale, dbias): BatchNorm's gradients.

    Training: `saved_mean` / `saved_variance` are x's batch statistics (BatchNorm's outputs
    3 and 4), and dx flows through them. Inference: they are the statistics BatchNorm
    normalized with, dx = dout * scale / sqrt(variance + epsilon). dscale and dbias have
    scale's dtype. (MindSpore's also takes BatchNorm's reserve output, unused here.)
    """

    def __init__(self, is_training=False, epsilon=1e-5, data_format="NCHW"):
        super().__init__()
        self.add_prim_attr("is_training", check_bool(self.name, "is_training", is_training))
        self.add_prim_attr("epsilon", check_float_range(self.name, "epsilon", epsilon, 0.0, 1.0,
                                                        include_min=False))
        self.add_prim_attr("data_format", check_string(self.name, "data_format", data_format,
                                                       ("NCHW", "NHWC")))

    def infer(self, dout, x, scale, saved_mean, saved_variance):
        op = self.name
        _check_batch_norm(op, self.data_format, x, ("scale", "saved_mean", "saved_variance"),
                          (scale, saved_mean, saved_variance), "x")
        _same_as(op, "dout", dout, "x", x)
        params = TensorSpec(scale.shape, scale.dtype)
        return TensorSpec(x.shape, x.dtype), params, params


class LayerNormGrad(Primitive):
    """LayerNormGrad(begin_norm_axis=1, begin_params_axis=1, epsilon=1e-12)(x, dy, variance,
    mean, gamma) -> (dx, dgamma, dbeta): LayerNorm's gradients from its saved statistics
    (LayerNorm's outputs 2 and 1) in one fused kernel. `epsilon` is the forward's (MindSpore's
    primitive has no such attribute and assumes 1e-12). dgamma and dbeta have gamma's shape
    and dtype. It has no gradient of its own: LayerNorm's bprop uses it only when nothing
    differentiates the bprop further (otherwise it composes the gradient from elementwise ops).
    """

    def __init__(self, begin_norm_axis=1, begin_params_axis=1, epsilon=1e-12):
        super().__init__()
        self.add_prim_attr("begin_norm_axis", check_type(self.name, "begin_norm_axis", begin_norm_axis, int))
        self.add_prim_attr("begin_params_axis",
                           check_type(self.name, "begin_params_axis", begin_params_axis, int))
        self.add_prim_attr("epsilon", _number(self.name, "epsilon", epsilon))

    def infer(self, x, dy, variance, mean, gamma):
        op = self.name
        _typed_tensor(op, "x", x)
        _same_as(op, "dy", dy, "x", x)
        rank = len(x.shape)
        if rank == 0:
            raise ValueError(f"For '{op}', the 'x' must have at least 1 dimension, but got a 0-d Tensor.")
        norm_axis = _layer_norm_axis(op, "begin_norm_axis", self.begin_norm_axis, rank)
        params_axis = _layer_norm_axis(op, "begin_params_axis", self.begin_params_axis, rank)
        stats_shape = tuple(x.shape[:norm_axis]) + (1,) * (rank - norm_axis)
        for name, value in (("variance", variance), ("mean", mean)):
            _typed_tensor(op, name, value)
            if tuple(value.shape) != stats_shape:
                raise ValueError(f"For '{op}', the shape of '{name}' must be {stats_shape}, but got "
                                 f"{tuple(value.shape)}.")
        _typed_tensor(op, "gamma", gamma)
        if tuple(gamma.shape) != tuple(x.shape[params_axis:]):
            raise ValueError(f"For '{op}', the shape of 'gamma' must be x.shape[begin_params_axis:] "
                             f"{tuple(x.shape[params_axis:])}, but got {tuple(gamma.shape)}.")
        params = TensorSpec(gamma.shape, gamma.dtype)
        return TensorSpec(x.shape, x.dtype), params, params


class SoftmaxCrossEntropyWithLogitsGrad(SoftmaxCrossEntropyWithLogits):
    """SoftmaxCrossEntropyWithLogitsGrad()(logits, labels, loss_grad): the gradient of
    SoftmaxCrossEntropyWithLogits' loss with respect to the logits,
    (softmax(logits) - labels) * loss_grad[:, None]; `loss_grad` is (N,). (spore's own:
    MindSpore's bprop reuses the forward's `backprop` output.)"""

    def infer(self, logits, labels, loss_grad):
        op = self.name
        spec = super().infer(logits, labels)[1]
        _typed_tensor(op, "loss_grad", loss_grad)
        _same_dtype(op, ("logits", "loss_grad"), (logits, loss_grad))
        if tuple(loss_grad.shape) != tuple(logits.shape[:1]):
            raise ValueError(f"For '{op}', the shape of 'loss_grad' must be {tuple(logits.shape[:1])}, but got "
                             f"{tuple(loss_grad.shape)}.")
        return spec


class NLLLossGrad(NLLLoss):
    """NLLLossGrad(reduction="mean", ignore_index=-100)(logits, loss_grad, labels, weight,
    total_weight): the gradient of NLLLoss' loss with respect to the logits, given the
    gradient `loss_grad` of its loss (a scalar, or (N,) for reduction 'none') and its
    `total_weight` output; `weight` may be None (all ones). Row n holds -weight[labels[n]] * loss_grad (divided by
    total_weight for 'mean') at column labels[n], zeros elsewhere and on ignored rows."""

    def infer(self, logits, loss_grad, labels, weight, total_weight):
        op = self.name
        loss_spec, total_spec = super().infer(logits, labels, weight)
        for name, value, spec in (("loss_grad", loss_grad, loss_spec), ("total_weight", total_weight, total_spec)):
            _typed_tensor(op, name, value)
            _same_dtype(op, ("logits", name), (logits, value))
            if tuple(value.shape) != spec.shape:
                raise ValueError(f"For '{op}', the shape of '{name}' must be {spec.shape}, but got "
                                 f"{tuple(value.shape)}.")
        return TensorSpec(logits.shape, logits.dtype)
