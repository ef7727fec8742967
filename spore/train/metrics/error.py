"""MAE and MSE: the mean absolute and the mean squared error per sample."""
from __future__ import annotations

import numpy as np

from .metric import Metric, check_samples, rearrange_inputs

__all__ = ["MAE", "MSE"]


class _MeanOfErrors(Metric):
    """The sum over all elements of `_error(y_pred - y)`, divided by the number of
    samples (the first axis): y is reshaped to y_pred's shape."""

    def __init__(self):
        super().__init__()
        self.clear()

    def clear(self):
        self._error_sum = 0.0
        self._samples_num = 0

    @staticmethod
    def _error(difference: np.ndarray) -> np.ndarray:
        raise NotImplementedError

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._prediction_and_label(inputs)
        self._error_sum += float(self._error(y_pred - y.reshape(y_pred.shape)).sum())
        self._samples_num += y.shape[0]

    def eval(self) -> float:
        check_samples(self, self._samples_num)
        return self._error_sum / self._samples_num


class MAE(_MeanOfErrors):
    """MAE(): sum(|y_pred - y|) / N over N samples."""

    @staticmethod
    def _error(difference):
        return np.abs(difference)


class MSE(_MeanOfErrors):
    """MSE(): sum((y_pred - y)^2) / N over N samples."""

    @staticmethod
    def _error(difference):
        return np.square(difference)
