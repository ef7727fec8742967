"""Margin (hinge) losses: hinge embedding, soft margin, multi-class and multi-label
margins, and the triplet loss with any distance."""
from __future__ import annotations

from ... import ops
from ...ops.validator import check_bool, check_string, check_type
from .loss import LossBase, _check_tensor

__all__ = [
    "HingeEmbeddingLoss", "SoftMarginLoss", "MultiMarginLoss", "MultilabelMarginLoss", "MultiLabelSoftMarginLoss",
    "TripletMarginWithDistanceLoss",
]


class HingeEmbeddingLoss(LossBase):
    """HingeEmbeddingLoss(margin=1.0, reduction='mean'): logits where labels is 1,
    max(0, margin - logits) where it is -1; see `ops.hinge_embedding_loss`."""

    def __init__(self, margin=1.0, reduction="mean"):
        super().__init__()
        self.margin = check_type(self.cls_name, "margin", margin, (float, int))
        self.reduction = check_string(self.cls_name, "reduction", reduction, ("none", "sum", "mean"),
                                      case_sensitive=True)

    def construct(self, logits, labels):
        return ops.hinge_embedding_loss(logits, labels, self.margin, self.reduction)


class SoftMarginLoss(LossBase):
    """SoftMarginLoss(reduction='mean'): log(1 + exp(-labels * logits)), reduced; see
    `ops.soft_margin_loss` (which checks `reduction` when the loss is computed)."""

    def __init__(self, reduction="mean"):
        super().__init__()
        self.reduction = reduction

    def construct(self, logits, labels):
        return ops.soft_margin_loss(logits, labels, self.reduction)


class MultiMarginLoss(LossBase):
    """MultiMarginLoss(p=1, margin=1.0, reduction='mean', weight=None)

    The multi-class hinge loss of the scores `x` (N, C) for the classes `target` (N,)
    Int64, see `ops.MultiMarginLoss`. The class weights (C,) are the constructor's
    `weight` if given, else the call's, else ones.
    """

    def __init__(self, p=1, margin=1.0, reduction="mean", weight=None):
        super().__init__()
        self.multi_margin_loss = ops.MultiMarginLoss(p, margin, reduction)
        self.weight = weight

    def construct(self, x, target, weight=None):
        _check_tensor(self.cls_name, "x", x)
        _check_tensor(self.cls_name, "target", target)
        if self.weight is not None:
            weight = self.weight
        if weight is None:
            return self.multi_margin_loss(x, target)
        _check_tensor(self.cls_name, "weight", weight)
        return self.multi_margin_loss(x, target, weight)


class MultilabelMarginLoss(LossBase):
    """MultilabelMarginLoss(reduction='mean'): the multi-label hinge loss of the scores `x`
    ((C,) or (N, C)) for the class lists `target` (Int32, ended by -1); see
    `ops.MultilabelMarginLoss`."""

    def __init__(self, reduction="mean"):
        super().__init__()
        self.multilabel_margin_loss = ops.MultilabelMarginLoss(reduction)

    def construct(self, x, target):
        return self.multilabel_margin_loss(x, target)[0]


class MultiLabelSoftMarginLoss(LossBase):
    """MultiLabelSoftMarginLoss(weight=None, reduction='mean'): the binary cross entropy
    of sigmoid(x) against the 0 / 1 `target` per class, weighed by `weight` and averaged
    over the classes; see `ops.multilabel_soft_margin_loss`."""

    def __init__(self, weight=None, reduction="mean"):
        super().__init__(reduction)
        self.weight = weight

    def construct(self, x, target):
        return ops.multilabel_soft_margin_loss(x, target, self.weight, self.reduction)


def _pairwise_distance(x, y):
    """The Euclidean distance of x and y along axis 1 (the feature axis of (N, D))."""
    difference = ops.abs(x - y)
    if difference.ndim == 0:
        raise ValueError("For 'pairwise_distance' in 'TripletMarginWithDistanceLoss', the inputs must have at least "
                         "one dimension, but got 0.")
    return ops.LpNorm(axis=1, p=2)(difference)


class TripletMarginWithDistanceLoss(LossBase):
    """TripletMarginWithDistanceLoss(distance_function=None, swap=False, reduction='mean', margin=1.0)

    max(d(x, positive) - d(x, negative) + margin, 0), d the `distance_function` of two
    Tensors (default: the Euclidean distance along axis 1). With `swap`, d(positive,
    negative) replaces d(x, negative) where it is smaller. Reduced in Float32 (see
    LossBase.get_loss).
    """

    def __init__(self, distance_function=None, swap=False, reduction="mean", margin=1.0):
        super().__init__(reduction)
        check_type(self.cls_name, "margin", margin, float)
        self.swap = check_bool(self.cls_name, "swap", swap)
        self.margin = margin
        self.distance_function = _pairwise_distance if distance_function is None else distance_function

    def construct(self, x, positive, negative):
        for arg, value in (("x", x), ("positive", positive), ("negative", negative)):
            _check_tensor(self.cls_name, arg, value)
        to_positive = self.distance_function(x, positive)
        to_negative = self.distance_function(x, negative)
        if self.swap:
            to_negative = ops.minimum(to_negative, self.distance_function(positive, negative))
        loss = ops.relu(to_positive - to_negative + self.margin)
        return self.get_loss(loss)
