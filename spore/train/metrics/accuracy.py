"""Accuracy: the fraction of samples whose prediction matches the label."""
from __future__ import annotations

import numpy as np

from .metric import EvaluationBase, check_class_num, check_samples, rearrange_inputs

__all__ = ["Accuracy"]


class Accuracy(EvaluationBase):
    """Accuracy(eval_type='classification')

    'classification': a sample is correct when the argmax of its scores y_pred (N, C, ...)
    is its label y (class indices (N, ...), or one-hot like y_pred). 'multilabel': a
    sample is correct when all C of its 0/1 predictions equal its labels.
    """

    def __init__(self, eval_type: str = "classification"):
        super().__init__(eval_type)
        self.clear()

    def clear(self):
        self._correct_num = 0
        self._total_num = 0
        self._class_num = 0

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._classification_inputs(inputs)
        class_num = check_class_num(self, y_pred)
        if self._type == "classification":
            correct = (y_pred.argmax(axis=1) == y).reshape(-1)
        else:
            # One row per sample and position, classes last.
            last = y_pred.ndim - 1
            rows_pred = y_pred.swapaxes(1, last).reshape(-1, class_num)
            rows = y.swapaxes(1, last).reshape(-1, class_num)
            correct = np.equal(rows_pred, rows).all(axis=1)
        self._correct_num += int(correct.sum())
        self._total_num += correct.shape[0]

    def eval(self) -> float:
        check_samples(self, self._total_num)
        return self._correct_num / self._total_num
