"""Perplexity: exp of the mean negative log-probability of the labels."""
from __future__ import annotations

import math

import numpy as np

from ...ops.validator import check_type
from .metric import Metric, check_samples, rearrange_inputs

__all__ = ["Perplexity"]


class Perplexity(Metric):
    """Perplexity(ignore_label=None)

    `update(preds, labels)`: preds are probabilities (..., C), labels class indices with
    one entry per row of preds. Labels equal to `ignore_label` are not counted.
    Probabilities are clipped below at 1e-10 before the log.
    """

    def __init__(self, ignore_label: int | None = None):
        super().__init__()
        if ignore_label is not None:
            check_type("Perplexity", "ignore_label", ignore_label, int)
        self.ignore_label = ignore_label
        self.clear()

    def clear(self):
        self._sum_metric = 0.0
        self._num_inst = 0

    @rearrange_inputs
    def update(self, *inputs):
        if len(inputs) != 2:
            raise ValueError(f"For 'Perplexity.update', it needs 2 inputs (predicted value, label), but got "
                             f"{len(inputs)}.")
        preds, labels = self._convert_data(inputs[0]), self._convert_data(inputs[1])
        if labels.size * preds.shape[-1] != preds.size:
            raise RuntimeError(f"For 'Perplexity.update', the label (inputs[1]) must have one entry per row of the "
                               f"predicted value (inputs[0]), but got predicted value shape {preds.shape} and label "
                               f"shape {labels.shape}.")
        labels = labels.reshape(-1)
        probabilities = preds.reshape(-1, preds.shape[-1])[np.arange(labels.size), labels.astype(int)]
        if self.ignore_label is not None:
            kept = labels != self.ignore_label
            probabilities = probabilities[kept]
        self._sum_metric -= float(np.log(np.maximum(1e-10, probabilities)).sum())
        self._num_inst += probabilities.size

    def eval(self) -> float:
        check_samples(self, self._num_inst)
        return math.exp(self._sum_metric / self._num_inst)
