"""Loss: the mean of the losses passed to update."""
from __future__ import annotations

from .metric import Metric, check_samples, rearrange_inputs

__all__ = ["Loss"]


class Loss(Metric):
    """Loss(): each `update(loss)` adds one value, the mean of `loss` (0-D or 1-D);
    `eval()` is the mean of those values."""

    def __init__(self):
        super().__init__()
        self.clear()

    def clear(self):
        self._sum_loss = 0.0
        self._total_num = 0

    @rearrange_inputs
    def update(self, *inputs):
        if len(inputs) != 1:
            raise ValueError(f"For 'Loss.update', it needs 1 input (loss), but got {len(inputs)}.")
        loss = self._convert_data(inputs[0])
        if loss.ndim > 1:
            raise ValueError(f"For 'Loss.update', the loss must have 0 or 1 dimension, but got {loss.ndim}.")
        # A Python float accumulates in float64, whatever the loss's dtype.
        self._sum_loss += float(loss.mean())
        self._total_num += 1

    def eval(self) -> float:
        check_samples(self, self._total_num, "the number of updates")
        return self._sum_loss / self._total_num
