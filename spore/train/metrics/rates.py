"""Precision and Recall: true positives over predicted positives, and over actual
positives.

For 'classification' the rates are per class (class indices or one-hot labels, the
prediction being the argmax of the scores), accumulated over every update. For
'multilabel' (0/1 predictions and labels of shape (N, C)) they are per sample: one rate
for each sample of every update, in order. `eval(average=True)` gives their mean.
"""
from __future__ import annotations

import sys

import numpy as np

from ...ops.validator import check_bool
from .metric import EvaluationBase, check_class_num, check_samples, class_counts, rearrange_inputs

__all__ = ["Precision", "Recall"]

# Added to every denominator so that a class (or sample) without any positive rates 0.
_EPS = sys.float_info.min


class _TruePositiveRate(EvaluationBase):
    """True positives over the denominator a subclass picks (`_denominator`)."""

    def __init__(self, eval_type: str = "classification"):
        super().__init__(eval_type)
        self.eps = _EPS
        self.clear()

    def clear(self):
        self._class_num = 0
        # classification: per-class counts; multilabel: per-sample rates of each update.
        self._true_positives = 0
        self._denominators = 0
        self._sample_rates: list[np.ndarray] = []

    @staticmethod
    def _denominator(predicted: np.ndarray, actual: np.ndarray) -> np.ndarray:
        raise NotImplementedError

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._classification_inputs(inputs)
        if self._type == "classification":
            predicted, actual, true_positives = class_counts(self, y_pred, y)
            self._true_positives += true_positives
            self._denominators += self._denominator(predicted, actual)
        else:
            class_num = check_class_num(self, y_pred)
            # Columns are samples (and positions): each column's rate is one sample's.
            y_pred = y_pred.swapaxes(1, 0).reshape(class_num, -1)
            y = y.swapaxes(1, 0).reshape(class_num, -1)
            true_positives = (y * y_pred).sum(axis=0, dtype=np.float64)
            denominator = self._denominator(y_pred.sum(axis=0, dtype=np.float64), y.sum(axis=0, dtype=np.float64))
            self._sample_rates.append(true_positives / (denominator + self.eps))

    def eval(self, average: bool = False):
        """The rates (a NumPy array), or with `average` their mean (a float)."""
        check_samples(self, self._class_num)
        check_bool(type(self).__name__, "average", average)
        if self._type == "classification":
            rates = self._true_positives / (self._denominators + self.eps)
        else:
            rates = np.concatenate(self._sample_rates)
        return float(rates.mean()) if average else rates


class Precision(_TruePositiveRate):
    """Precision(eval_type='classification')

    True positives over predicted positives, per class or per sample (see the module).
    """

    @staticmethod
    def _denominator(predicted, actual):
        return predicted


class Recall(_TruePositiveRate):
    """Recall(eval_type='classification')

    True positives over actual positives, per class or per sample (see the module).
    """

    @staticmethod
    def _denominator(predicted, actual):
        return actual
