"""ROC: the receiver operating characteristic curve (false and true positive rates at
every distinct score), for binary scores or one curve per class."""
from __future__ import annotations

import numpy as np

from ...ops.validator import check_type
from .metric import Metric, rearrange_inputs

__all__ = ["ROC"]


def binary_curve(scores: np.ndarray, labels: np.ndarray, pos_label) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(false positives, true positives, threshold) counted at each distinct score,
    scores taken from the highest down: a sample counts once its score >= threshold."""
    order = np.argsort(-scores, kind="quicksort")
    scores, positive = scores[order], (labels[order] == pos_label).astype(np.int64)
    last_of_each_score = np.append(np.nonzero(np.diff(scores))[0], scores.shape[0] - 1)
    true_positives = np.cumsum(positive)[last_of_each_score]
    false_positives = last_of_each_score + 1 - true_positives
    return false_positives, true_positives, scores[last_of_each_score]


class ROC(Metric):
    """ROC(class_num=None, pos_label=None)

    `update(y_pred, y)` keeps the latest batch (it does not accumulate). Binary case:
    y_pred and y of one shape (scores and labels; positives are `pos_label`, 1 by
    default). Multi-class case: y_pred (N, C) scores and y (N,) class indices, with
    `class_num` = C. `eval()` gives (fpr, tpr, thresholds): NumPy arrays, or lists of
    one array per class. The first threshold is the highest score + 1 (no sample
    predicted positive).
    """

    def __init__(self, class_num: int | None = None, pos_label: int | None = None):
        super().__init__()
        self.class_num = class_num if class_num is None else check_type("ROC", "class_num", class_num, int)
        self.pos_label = pos_label if pos_label is None else check_type("ROC", "pos_label", pos_label, int)
        self.clear()

    def clear(self):
        self.y_pred = 0
        self.y = 0
        self._is_update = False

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._prediction_and_label(inputs)
        self.y_pred, self.y, self.class_num, self.pos_label = _curve_inputs(y_pred, y, self.class_num,
                                                                            self.pos_label)
        self._is_update = True

    def eval(self):
        if not self._is_update:
            raise RuntimeError("For 'ROC', please call the 'update' method before calling 'eval' method.")
        y_pred, y = np.squeeze(self.y_pred), np.squeeze(self.y)
        if self.class_num == 1:
            return _binary_roc(y_pred, y, self.pos_label)
        curves = [_binary_roc(y_pred[:, c], y, c) for c in range(self.class_num)]
        return [c[0] for c in curves], [c[1] for c in curves], [c[2] for c in curves]


def _curve_inputs(y_pred: np.ndarray, y: np.ndarray, class_num, pos_label):
    """(scores, labels, class_num, pos_label), flattened: binary when y_pred and y have
    one rank, else per-class scores (N, C)."""
    if y_pred.ndim == y.ndim:
        if class_num is not None and class_num != 1:
            raise ValueError(f"For 'ROC', when predicted value (inputs[0]) and true value (inputs[1]) have the "
                             f"same rank, the 'class_num' must be 1, but got {class_num}.")
        return y_pred.reshape(-1), y.reshape(-1), 1, 1 if pos_label is None else pos_label
    if y_pred.ndim == y.ndim + 1:
        if pos_label is not None:
            raise ValueError(f"For 'ROC', when the predicted value (inputs[0]) has one more dimension than the "
                             f"true value (inputs[1]), the 'pos_label' must be None, but got {pos_label}.")
        if class_num != y_pred.shape[1]:
            raise ValueError(f"For 'ROC', the 'class_num' must equal the number of classes of the predicted value "
                             f"(inputs[0]), {y_pred.shape[1]}, but got {class_num}.")
        return np.moveaxis(y_pred, 1, -1).reshape(-1, class_num), y.reshape(-1), class_num, None
    raise ValueError(f"For 'ROC', the predicted value (inputs[0]) must have the rank of the true value "
                     f"(inputs[1]) or one more, but got ranks {y_pred.ndim} and {y.ndim}.")


def _binary_roc(scores: np.ndarray, labels: np.ndarray, pos_label):
    false_positives, true_positives, thresholds = binary_curve(scores, labels, pos_label)
    false_positives = np.concatenate([[0], false_positives])
    true_positives = np.concatenate([[0], true_positives])
    thresholds = np.concatenate([[thresholds[0] + 1], thresholds])
    if false_positives[-1] <= 0:
        raise ValueError("For 'ROC.eval', there is no negative sample in the true value, the false positive "
                         "rate is meaningless.")
    if true_positives[-1] <= 0:
        raise ValueError("For 'ROC.eval', there is no positive sample in the true value, the true positive "
                         "rate is meaningless.")
    return false_positives / false_positives[-1], true_positives / true_positives[-1], thresholds
