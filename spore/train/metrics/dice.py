"""Dice: the overlap of prediction and truth, 2|A.B| / (|A|^2 + |B|^2)."""
from __future__ import annotations

import numpy as np

from ...ops.validator import check_type
from .metric import Metric, check_samples, rearrange_inputs

__all__ = ["Dice"]


class Dice(Metric):
    """Dice(smooth=1e-5)

    Each update computes 2 * sum(y_pred * y) / (sum(y_pred^2) + sum(y^2) + smooth) over
    the whole batch; `eval()` is the sum of these coefficients over the number of
    samples (first axis) of all updates, as MindSpore computes it.
    """

    def __init__(self, smooth: float = 1e-5):
        super().__init__()
        check_type("Dice", "smooth", smooth, float)
        if smooth <= 0:
            raise ValueError(f"For 'Dice', the 'smooth' must be greater than 0, but got {smooth}.")
        self.smooth = smooth
        self.clear()

    def clear(self):
        self._dice_coeff_sum = 0.0
        self._samples_num = 0

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._prediction_and_label(inputs)
        if y_pred.shape != y.shape:
            raise ValueError(f"For 'Dice.update', the predicted value (inputs[0]) and the true value (inputs[1]) "
                             f"must have the same shape, but got {y_pred.shape} and {y.shape}.")
        self._samples_num += y.shape[0]
        y_pred, y = y_pred.reshape(-1), y.reshape(-1)
        intersection = float(np.dot(y_pred, y))
        union = float(np.dot(y_pred, y_pred) + np.dot(y, y))
        self._dice_coeff_sum += 2 * intersection / (union + self.smooth)

    def eval(self) -> float:
        check_samples(self, self._samples_num)
        return self._dice_coeff_sum / self._samples_num
