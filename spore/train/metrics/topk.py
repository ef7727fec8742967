"""Top-k categorical accuracy: a sample is correct when its label is among its k best
scores."""
from __future__ import annotations

import numpy as np

from ...ops.validator import check_positive_int
from .metric import Metric, check_samples, labels_as_indices, rearrange_inputs

__all__ = ["TopKCategoricalAccuracy", "Top1CategoricalAccuracy", "Top5CategoricalAccuracy"]


class TopKCategoricalAccuracy(Metric):
    """TopKCategoricalAccuracy(k)

    y_pred are scores (N, C); y class indices (N,) or one-hot (N, C). Among equal
    scores, the lower class index ranks first.
    """

    def __init__(self, k: int):
        super().__init__()
        self.k = check_positive_int(type(self).__name__, "k", k)
        self.clear()

    def clear(self):
        self._correct_num = 0
        self._samples_num = 0

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._prediction_and_label(inputs)
        y = labels_as_indices(y_pred, y)
        best = np.argsort(-y_pred, axis=1, kind="stable")[:, :self.k]
        correct = (best == y.reshape(-1, 1)).any(axis=1)
        self._correct_num += int(correct.sum())
        self._samples_num += correct.shape[0]

    def eval(self) -> float:
        check_samples(self, self._samples_num)
        return self._correct_num / self._samples_num


class Top1CategoricalAccuracy(TopKCategoricalAccuracy):
    """Top1CategoricalAccuracy(): TopKCategoricalAccuracy with k 1."""

    def __init__(self):
        super().__init__(1)


class Top5CategoricalAccuracy(TopKCategoricalAccuracy):
    """Top5CategoricalAccuracy(): TopKCategoricalAccuracy with k 5."""

    def __init__(self):
        super().__init__(5)
