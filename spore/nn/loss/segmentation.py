"""Losses for imbalanced classes and segmentation: the Dice losses (overlap of a
prediction and a label) and the focal loss (cross entropy down-weighing easy samples)."""
from __future__ import annotations

from ... import ops
from ...common import dtype as mstype
from ...common.tensor import Tensor
from ...ops.validator import check_dtype, check_type
from ..cell import Cell
from ..layer.activation import get_activation
from .loss import LossBase, _check_tensor

__all__ = ["DiceLoss", "MultiClassDiceLoss", "FocalLoss"]

_DICE_ACTIVATIONS = ("softmax", "logsoftmax", "relu", "relu6", "tanh", "sigmoid")


def _check_same_shape(name: str, logits, label) -> None:
    if logits.shape != label.shape:
        raise ValueError(f"For '{name}', the 'labels' must have the shape of 'logits' {logits.shape}, but got "
                         f"{label.shape}.")


class DiceLoss(LossBase):
    """DiceLoss(smooth=1e-05): 1 - 2 |X.Y| / (|X|^2 + |Y|^2 + smooth), X and Y the
    flattened logits and label (one shape, not UInt8); a scalar."""

    def __init__(self, smooth=1e-5):
        super().__init__()
        check_type(self.cls_name, "smooth", smooth, float)
        if smooth <= 0:
            raise ValueError(f"For '{self.cls_name}', the 'smooth' must be a positive float, but got {smooth}.")
        self.smooth = smooth

    def construct(self, logits, label):
        _check_tensor(self.cls_name, "logits", logits)
        _check_tensor(self.cls_name, "labels", label)
        _check_same_shape(self.cls_name, logits, label)
        for arg, value in (("logits", logits), ("labels", label)):
            if value.dtype == mstype.uint8:
                raise TypeError(f"For '{self.cls_name}', the dtype of '{arg}' can not be uint8.")
        x, y = ops.reshape(logits, (-1,)), ops.reshape(label, (-1,))
        intersection = ops.sum(x * y)
        union = ops.sum(x * x) + ops.sum(y * y)
        return 1 - 2 * intersection / (union + self.smooth)


class MultiClassDiceLoss(LossBase):
    """MultiClassDiceLoss(weights=None, ignore_indiex=None, activation='softmax')

    The Dice loss of each class (axis 1) of activation(logits) against the one-hot
    `label` (one shape, at least 2-D), averaged over the classes. `weights` (C, k)
    weighs class i's loss by row i (the result then has shape (k,)); the class
    `ignore_indiex` is left out of the sum (still counted by the average). `activation`
    is one of 'softmax', 'logsoftmax', 'relu', 'relu6', 'tanh', 'sigmoid', a Cell, or None.
    """

    def __init__(self, weights=None, ignore_indiex=None, activation="softmax"):
        super().__init__()
        self.binarydiceloss = DiceLoss(smooth=1e-5)
        if weights is not None:
            check_type(self.cls_name, "weights", weights, Tensor)
            if weights.ndim != 2:
                raise ValueError(f"For '{self.cls_name}', the dimension of 'weights' must be 2, but got "
                                 f"{weights.ndim}.")
        if ignore_indiex is not None:
            check_type(self.cls_name, "ignore_indiex", ignore_indiex, int)
        if isinstance(activation, str) and activation not in _DICE_ACTIVATIONS:
            raise ValueError(f"For '{self.cls_name}', the 'activation' must be in {list(_DICE_ACTIVATIONS)}, but got "
                             f"{activation}.")
        self.weights = weights
        self.ignore_indiex = ignore_indiex
        self.activation = get_activation(activation) if isinstance(activation, str) else activation
        if self.activation is not None and not isinstance(self.activation, Cell):
            raise TypeError(f"For '{self.cls_name}', the 'activation' must be str or Cell, but got "
                            f"{type(self.activation)}.")

    def construct(self, logits, label):
        _check_tensor(self.cls_name, "logits", logits)
        _check_tensor(self.cls_name, "labels", label)
        _check_same_shape(self.cls_name, logits, label)
        if logits.ndim < 2:
            raise ValueError(f"For '{self.cls_name}', the 'logits' must have at least 2 dimensions, but got "
                             f"{logits.ndim}.")
        classes = label.shape[1]
        if self.weights is not None and self.weights.shape[0] != classes:
            raise ValueError(f"For '{self.cls_name}', the 'weights' must have a row per class ({classes}), but got "
                             f"{self.weights.shape[0]}.")
        if self.activation is not None:
            logits = self.activation(logits)
        total = 0
        for i in range(classes):
            if i != self.ignore_indiex:
                dice = self.binarydiceloss(logits[:, i], label[:, i])
                total = total + (dice if self.weights is None else dice * self.weights[i])
        return total / classes


class FocalLoss(LossBase):
    """FocalLoss(weight=None, gamma=2.0, reduction='mean')

    The focal loss -(1 - p)^gamma * log(p) of the class probabilities p = softmax(logits)
    along axis 1, for `logits` (N, C, ...) (2-D to 4-D, C > 1) and `labels` either class
    indices (N, 1, ...) or per-class targets (N, C, ...) (Int32, Int64, Float16 or
    Float32), which then weigh each class's term. `weight` (C,) weighs the classes. Each
    sample's loss is averaged over the classes (index labels: over the positions), then
    reduced in Float32 (see LossBase.get_loss).
    """

    def __init__(self, weight=None, gamma=2.0, reduction="mean"):
        super().__init__(reduction)
        self.gamma = check_type(self.cls_name, "gamma", gamma, float)
        if weight is not None and not isinstance(weight, Tensor):
            raise TypeError(f"For '{self.cls_name}', the type of 'weight' must be a Tensor, but got "
                            f"{type(weight).__name__}.")
        if isinstance(weight, Tensor) and weight.ndim != 1:
            raise ValueError(f"For '{self.cls_name}', the dimension of 'weight' must be 1, but got {weight.ndim}.")
        self.weight = weight

    def _check_inputs(self, logits, labels) -> None:
        name = self.cls_name
        for arg, value in (("logits", logits), ("labels", labels)):
            if not 2 <= value.ndim <= 4:
                raise ValueError(f"For '{name}', the dimension of '{arg}' must be in [2, 4], but got {value.ndim}.")
        if logits.ndim != labels.ndim:
            raise ValueError(f"For '{name}', the 'logits' and 'labels' must have one dimension, but got "
                             f"{logits.ndim} and {labels.ndim}.")
        if logits.shape[1] == 1:
            raise ValueError(f"For '{name}', the 'logits'.shape[1] cannot be one, but got {logits.shape[1]}.")
        if labels.shape[1] not in (1, logits.shape[1]):
            raise ValueError(f"For '{name}', the 'labels'.shape[1] must be one or 'logits'.shape[1] "
                             f"({logits.shape[1]}), but got {labels.shape[1]}.")
        check_dtype(name, "labels", labels.dtype, (mstype.int32, mstype.int64, mstype.float16, mstype.float32))

    def construct(self, logits, labels):
        _check_tensor(self.cls_name, "logits", logits)
        _check_tensor(self.cls_name, "labels", labels)
        self._check_inputs(logits, labels)
        by_index = labels.shape[1] == 1
        # (N, C, positions)
        logits = ops.reshape(logits, (logits.shape[0], logits.shape[1], -1))
        targets = ops.reshape(labels, (labels.shape[0], labels.shape[1], -1))
        log_p = ops.log_softmax(logits, 1)
        weight = None
        if self.weight is not None:
            weight = ops.broadcast_to(ops.reshape(self.weight, (1, -1, 1)), log_p.shape)
        if by_index:
            index = ops.cast(targets, mstype.int32)
            log_p = ops.squeeze(ops.gather_elements(log_p, 1, index), 1)
            if weight is not None:
                weight = ops.squeeze(ops.gather_elements(weight, 1, index), 1)
        p = ops.exp(log_p)
        if weight is not None:
            log_p = log_p * weight
        modulation = ops.pows(1 - p, self.gamma)
        if by_index:
            loss = ops.mean(-(modulation * log_p), 1)
        else:
            loss = ops.mean(-(modulation * targets * log_p), -1)
        return self.get_loss(loss)
