"""Loss Cells: LossBase and the losses built on it, with MindSpore 2.7's constructor
arguments and defaults.

Most losses call the functional op of the same name (`ops.cross_entropy`,
`ops.nll_loss`, ...), which checks its inputs; the constructors check their own arguments
(a bad `reduction` fails when the loss is built). LossBase's `get_loss` weighs and reduces
an elementwise loss computed in Float32, as the MSE, MAE and softmax cross-entropy losses
and user-defined losses do.
"""
from __future__ import annotations

from ... import ops
from ...common import dtype as mstype
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ...ops.operations import nn_ops as N
from ...ops.validator import check_bool, check_dtype, check_float_range, check_string, check_type
from ..cell import Cell

__all__ = [
    "LossBase", "L1Loss", "L1LossExt", "MSELoss", "RMSELoss", "MAELoss", "SmoothL1Loss", "HuberLoss",
    "SoftmaxCrossEntropyWithLogits", "CrossEntropyLoss", "NLLLoss", "BCELoss", "BCEWithLogitsLoss", "KLDivLoss",
    "CosineEmbeddingLoss", "MarginRankingLoss", "TripletMarginLoss",
]

_REDUCTIONS = ("mean", "sum", "none")
_WEIGHT_DTYPES = (mstype.float16, mstype.float32)


class LossBase(Cell):
    """LossBase(reduction='mean'): the base of the losses; `reduction` is 'mean', 'sum' or
    'none'. A subclass computes its loss in `construct`, usually reducing an elementwise
    loss with `get_loss`."""

    def __init__(self, reduction="mean"):
        super().__init__()
        self.reduction = _check_reduction(self.cls_name, reduction)
        self.reduce = reduction != "none"
        self.average = reduction == "mean"

    def get_axis(self, x) -> tuple:
        """All the axes of `x`."""
        return tuple(range(x.ndim))

    def get_loss(self, x, weights=1.0):
        """`weights * x` (weights a number or a Tensor broadcasting with x) reduced as the
        reduction says, computed in Float32 and returned in x's dtype."""
        input_dtype = x.dtype
        x = _in_dtype(x, mstype.float32)
        if isinstance(weights, Tensor):
            x = _in_dtype(weights, mstype.float32) * x
        elif weights != 1.0:
            x = x * float(weights)
        if self.reduce:
            x = ops.mean(x, self.get_axis(x)) if self.average else ops.sum(x, self.get_axis(x))
        return _in_dtype(x, input_dtype)

    def construct(self, logits, labels):
        raise NotImplementedError(f"For '{self.cls_name}', the method 'construct' is not defined.")


def _check_reduction(name: str, reduction, allowed=_REDUCTIONS) -> str:
    return check_string(name, "reduction", reduction, allowed, case_sensitive=True)


def _check_tensor(name: str, arg: str, value) -> None:
    if not isinstance(value, Tensor):
        raise TypeError(f"For '{name}', the '{arg}' must be a Tensor, but got {type(value).__name__}.")


def _in_dtype(x, dtype):
    return x if x.dtype is dtype else ops.cast(x, dtype)


def _check_class_weight(name: str, weight) -> None:
    """A class-weight Tensor of Float16 or Float32 (or None)."""
    if weight is not None:
        check_type(name, "weight", weight, Tensor)
        check_dtype(name, "weight", weight.dtype, _WEIGHT_DTYPES)


# ---- regression losses ------------------------------------------------------------------------
class L1Loss(LossBase):
    """L1Loss(reduction='mean'): |logits - labels|, reduced; the inputs broadcast."""

    def construct(self, logits, labels):
        return ops.l1_loss(logits, labels, self.reduction)


class L1LossExt(LossBase):
    """L1LossExt(reduction='mean'): |logits - labels|, reduced; the inputs broadcast (the
    PyTorch-style L1 loss of `mint.nn.functional.l1_loss`)."""

    def construct(self, logits, labels):
        return ops.l1_loss(logits, labels, self.reduction)


class MSELoss(LossBase):
    """MSELoss(reduction='mean'): (logits - labels)^2, reduced; the inputs broadcast."""

    def construct(self, logits, labels):
        _check_tensor(self.cls_name, "logits", logits)
        _check_tensor(self.cls_name, "labels", labels)
        return self.get_loss(ops.square(logits - labels))


class RMSELoss(LossBase):
    """RMSELoss(): the square root of the mean squared error."""

    def __init__(self):
        super().__init__()
        self.MSELoss = MSELoss()

    def construct(self, logits, label):
        for arg, value in (("logits", logits), ("label", label)):
            _check_tensor(self.cls_name, arg, value)
            if value.dtype in mstype.uint_type:
                raise TypeError(f"For '{self.cls_name}', the dtype of '{arg}' can not be unsigned, but got "
                                f"{value.dtype}.")
        return ops.sqrt(self.MSELoss(logits, label))


class MAELoss(LossBase):
    """MAELoss(reduction='mean'): |logits - label|, reduced in Float32 (see get_loss)."""

    def construct(self, logits, label):
        _check_tensor(self.cls_name, "logits", logits)
        _check_tensor(self.cls_name, "labels", label)
        return self.get_loss(ops.abs(logits - label))


class SmoothL1Loss(LossBase):
    """SmoothL1Loss(beta=1.0, reduction='none'): with d = |logits - labels|,
    0.5 * d^2 / beta where d < beta and d - 0.5 * beta elsewhere, reduced."""

    def __init__(self, beta=1.0, reduction="none"):
        super().__init__(reduction)
        self.beta = beta

    def construct(self, logits, labels):
        return ops.smooth_l1_loss(logits, labels, self.beta, self.reduction)


class HuberLoss(LossBase):
    """HuberLoss(reduction='mean', delta=1.0): with d = |logits - labels|, 0.5 * d^2 where
    d < delta and delta * (d - 0.5 * delta) elsewhere, reduced."""

    def __init__(self, reduction="mean", delta=1.0):
        super().__init__(reduction)
        self.delta = delta

    def construct(self, logits, labels):
        return ops.huber_loss(logits, labels, self.reduction, self.delta)


# ---- classification losses ----------------------------------------------------------------------
class SoftmaxCrossEntropyWithLogits(LossBase):
    """SoftmaxCrossEntropyWithLogits(sparse=False, reduction='none')

    The cross entropy of softmax(logits) (N, C) against `labels`: a distribution per row,
    or with `sparse` class indices (N,) (int32 / int64). With sparse and 'mean' the logits
    may have more axes, (..., C), with labels of shape (...).
    """

    def __init__(self, sparse=False, reduction="none"):
        super().__init__(reduction)
        self.sparse = check_bool(self.cls_name, "sparse", sparse)
        self.softmax_cross_entropy = N.SoftmaxCrossEntropyWithLogits()
        self.sparse_softmax_cross_entropy = N.SparseSoftmaxCrossEntropyWithLogits()

    def construct(self, logits, labels):
        _check_tensor(self.cls_name, "logits", logits)
        _check_tensor(self.cls_name, "labels", labels)
        if self.sparse:
            if self.reduction == "mean":
                return self.sparse_softmax_cross_entropy(logits, labels)
            labels = ops.one_hot(labels, logits.shape[-1], 1.0, 0.0)
        return self.get_loss(self.softmax_cross_entropy(logits, labels)[0])


class CrossEntropyLoss(LossBase):
    """CrossEntropyLoss(weight=None, ignore_index=-100, reduction='mean', label_smoothing=0.0)

    The cross entropy of the logits (Float16 / Float32; (C,), (N, C) or (N, C, d1, ...))
    against class indices (Int32, the logits' shape without the class axis) or class
    probabilities (Float16 / Float32, the logits' shape). See `ops.cross_entropy`.
    """

    def __init__(self, weight=None, ignore_index=-100, reduction="mean", label_smoothing=0.0):
        super().__init__(reduction)
        check_type(self.cls_name, "ignore_index", ignore_index, int)
        check_type(self.cls_name, "label_smoothing", label_smoothing, float)
        check_float_range(self.cls_name, "label_smoothing", label_smoothing, 0.0, 1.0)
        _check_class_weight(self.cls_name, weight)
        self.weight = weight
        self.ignore_index = ignore_index
        self.label_smoothing = label_smoothing

    def construct(self, logits, labels):
        _check_tensor(self.cls_name, "logits", logits)
        _check_tensor(self.cls_name, "labels", labels)
        self._check_inputs(logits, labels)
        return ops.cross_entropy(logits, labels, self.weight, self.ignore_index, self.reduction,
                                 self.label_smoothing)

    def _check_inputs(self, logits, labels) -> None:
        name = self.cls_name
        check_dtype(name, "logits", logits.dtype, _WEIGHT_DTYPES)
        if labels.ndim == logits.ndim:
            check_dtype(name, "labels", labels.dtype, _WEIGHT_DTYPES)
            if labels.shape != logits.shape:
                raise ValueError(f"For '{name}', probability 'labels' must have the shape of 'logits' "
                                 f"{logits.shape}, but got {labels.shape}.")
        elif labels.ndim == logits.ndim - 1:
            check_dtype(name, "labels", labels.dtype, (mstype.int32,))
            expected = logits.shape[:1] + logits.shape[2:] if logits.ndim > 1 else ()
            if labels.shape != expected:
                raise ValueError(f"For '{name}', class-index 'labels' must have the shape of 'logits' "
                                 f"{logits.shape} without axis 1, {expected}, but got {labels.shape}.")
        else:
            raise ValueError(f"For '{name}', the 'labels' must have the rank of 'logits' (probabilities) or one "
                             f"less (class indices), but got ranks {labels.ndim} and {logits.ndim}.")


class NLLLoss(LossBase):
    """NLLLoss(weight=None, ignore_index=-100, reduction='mean'): the negative
    log-likelihood of class indices under log-probabilities. See `ops.nll_loss`."""

    def __init__(self, weight=None, ignore_index=-100, reduction="mean"):
        super().__init__(reduction)
        check_type(self.cls_name, "ignore_index", ignore_index, int)
        _check_class_weight(self.cls_name, weight)
        self.weight = weight
        self.ignore_index = ignore_index

    def construct(self, logits, labels):
        return ops.nll_loss(logits, labels, self.weight, self.ignore_index, self.reduction)


class BCELoss(LossBase):
    """BCELoss(weight=None, reduction='mean'): the binary cross entropy of probabilities
    `logits` against `labels`, weighed elementwise by `weight`."""

    def __init__(self, weight=None, reduction="mean"):
        super().__init__(reduction)
        self.weight = weight

    def construct(self, logits, labels):
        return ops.binary_cross_entropy(logits, labels, self.weight, self.reduction)


class BCEWithLogitsLoss(LossBase):
    """BCEWithLogitsLoss(reduction='mean', weight=None, pos_weight=None): the binary cross
    entropy of sigmoid(input) against `target`; `weight` weighs each element, `pos_weight`
    the positive term. Neither may be a Parameter."""

    def __init__(self, reduction="mean", weight=None, pos_weight=None):
        super().__init__(reduction)
        for arg, value in (("weight", weight), ("pos_weight", pos_weight)):
            if isinstance(value, Parameter):
                raise TypeError(f"For '{self.cls_name}', the '{arg}' can not be a Parameter.")
        self.weight = weight
        self.pos_weight = pos_weight

    def construct(self, input, target):
        _check_tensor(self.cls_name, "input", input)
        _check_tensor(self.cls_name, "target", target)
        return ops.binary_cross_entropy_with_logits(input, target, self.weight, self.pos_weight, self.reduction)


class KLDivLoss(LossBase):
    """KLDivLoss(reduction='mean'): labels * (log(labels) - logits), `logits` holding
    log-probabilities; reduction 'none', 'mean', 'batchmean' or 'sum'."""

    def __init__(self, reduction="mean"):
        super().__init__()
        self.reduction = _check_reduction(self.cls_name, reduction, ("none", "mean", "batchmean", "sum"))

    def construct(self, logits, labels):
        _check_tensor(self.cls_name, "logits", logits)
        _check_tensor(self.cls_name, "labels", labels)
        return ops.kl_div(logits, labels, self.reduction)


# ---- embedding and ranking losses -----------------------------------------------------------------
class CosineEmbeddingLoss(LossBase):
    """CosineEmbeddingLoss(margin=0.0, reduction='mean'): with cos the cosine similarity of
    the inputs along axis 1, 1 - cos where labels is 1 and max(0, cos - margin) where it is
    -1; margin a float in [-1, 1]."""

    def __init__(self, margin=0.0, reduction="mean"):
        super().__init__(reduction)
        check_type(self.cls_name, "margin", margin, float)
        self.margin = check_float_range(self.cls_name, "margin", margin, -1.0, 1.0)

    def construct(self, logits_x1, logits_x2, labels):
        for arg, value in (("logits_x1", logits_x1), ("logits_x2", logits_x2), ("labels", labels)):
            _check_tensor(self.cls_name, arg, value)
        if logits_x1.shape != logits_x2.shape:
            raise ValueError(f"For '{self.cls_name}', 'logits_x1' and 'logits_x2' must have one shape, but got "
                             f"{logits_x1.shape} and {logits_x2.shape}.")
        return ops.cosine_embedding_loss(logits_x1, logits_x2, labels, self.margin, self.reduction)


class MarginRankingLoss(LossBase):
    """MarginRankingLoss(margin=0.0, reduction='mean'): max(0, -target * (input1 - input2)
    + margin), reduced."""

    def __init__(self, margin=0.0, reduction="mean"):
        super().__init__(reduction)
        self.margin = margin

    def construct(self, input1, input2, target):
        return ops.margin_ranking_loss(input1, input2, target, self.margin, self.reduction)


class TripletMarginLoss(LossBase):
    """TripletMarginLoss(p=2, swap=False, eps=1e-06, reduction='mean', margin=1.0):
    max(d(x, positive) - d(x, negative) + margin, 0), d the p-norm distance. A margin given
    to the constructor (other than 1.0) overrides the one given to the call."""

    def __init__(self, p=2, swap=False, eps=1e-06, reduction="mean", margin=1.0):
        super().__init__(reduction)
        self.p = p
        self.swap = swap
        self.eps = eps
        self.margin = margin

    def construct(self, x, positive, negative, margin=1.0):
        if self.margin != 1.0:
            margin = self.margin
        return ops.triplet_margin_loss(x, positive, negative, margin=margin, p=self.p, eps=self.eps,
                                       swap=self.swap, reduction=self.reduction)
