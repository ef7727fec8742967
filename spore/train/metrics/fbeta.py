"""Fbeta and F1: the weighted harmonic mean of precision and recall, per class."""
from __future__ import annotations

import sys

from ...ops.validator import check_bool
from .metric import Metric, check_samples, class_counts, labels_as_indices, rearrange_inputs

__all__ = ["Fbeta", "F1"]


class Fbeta(Metric):
    """Fbeta(beta)

    Per class, (1 + beta^2) * TP / ((1 + beta^2) * TP + beta^2 * FN + FP), with TP, FN
    and FP counted over every update: y_pred are scores (N, C), the prediction is their
    argmax; y are class indices (N,) or one-hot (N, C). `beta` > 0 weighs recall beta
    times as much as precision.
    """

    def __init__(self, beta):
        super().__init__()
        if not beta > 0:
            raise ValueError(f"For '{type(self).__name__}', the 'beta' must be greater than 0, but got {beta}.")
        self.eps = sys.float_info.min
        self.beta = beta
        self.clear()

    def clear(self):
        self._true_positives = 0
        self._actual_positives = 0
        self._positives = 0
        self._class_num = 0

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._prediction_and_label(inputs)
        predicted, actual, true_positives = class_counts(self, y_pred, labels_as_indices(y_pred, y))
        self._true_positives += true_positives
        self._positives += predicted
        self._actual_positives += actual

    def eval(self, average: bool = False):
        """The per-class scores (a NumPy array), or with `average` their mean (a float)."""
        check_bool(type(self).__name__, "average", average)
        check_samples(self, self._class_num)
        beta2 = self.beta ** 2
        scores = ((1.0 + beta2) * self._true_positives
                  / (beta2 * self._actual_positives + self._positives + self.eps))
        return float(scores.mean()) if average else scores


class F1(Fbeta):
    """F1(): Fbeta with beta 1, the harmonic mean of precision and recall."""

    def __init__(self):
        super().__init__(1.0)
