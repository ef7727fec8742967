"""ConfusionMatrix (counts of true class against predicted class) and
ConfusionMatrixMetric (the rates computed from true/false positives/negatives:
sensitivity, precision, F1 score, ...)."""
from __future__ import annotations

import numpy as np

from ...ops.validator import check_bool, check_type
from .metric import Metric, check_samples, rearrange_inputs

__all__ = ["ConfusionMatrix", "ConfusionMatrixMetric"]

_NORMALIZE = ("no_norm", "target", "prediction", "all")


class ConfusionMatrix(Metric):
    """ConfusionMatrix(num_classes, normalize='no_norm', threshold=0.5)

    `update(y_pred, y)`: y holds class indices (N, ...); y_pred holds scores
    (N, C, ...) (the prediction is their argmax), class indices, or probabilities of the
    same shape as y (the prediction is 1 where they reach `threshold`). `eval()` gives the
    (num_classes, num_classes) matrix, row = true class, column = predicted class,
    divided by its row sums ('target'), column sums ('prediction') or total ('all'),
    0/0 giving 0.
    """

    def __init__(self, num_classes: int, normalize: str = "no_norm", threshold: float = 0.5):
        super().__init__()
        self.num_classes = check_type("ConfusionMatrix", "num_classes", num_classes, int)
        if normalize not in _NORMALIZE:
            raise ValueError(f"For 'ConfusionMatrix', the 'normalize' must be one of {list(_NORMALIZE)}, but got "
                             f"{normalize!r}.")
        self.normalize = normalize
        self.threshold = check_type("ConfusionMatrix", "threshold", threshold, float)
        self.clear()

    def clear(self):
        self.confusion_matrix = np.zeros((self.num_classes, self.num_classes))
        self._is_update = False

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._prediction_and_label(inputs)
        if y_pred.ndim == y.ndim + 1:
            y_pred = y_pred.argmax(axis=1)
        elif y_pred.ndim != y.ndim:
            raise ValueError(f"For 'ConfusionMatrix.update', the predicted value (inputs[0]) must have the "
                             f"dimensions of the true value (inputs[1]) or one more, but got {y_pred.ndim} and "
                             f"{y.ndim}.")
        elif np.issubdtype(y_pred.dtype, np.floating):
            y_pred = (y_pred >= self.threshold).astype(int)
        cells = y.reshape(-1).astype(int) * self.num_classes + y_pred.reshape(-1).astype(int)
        counts = np.bincount(cells, minlength=self.num_classes ** 2)
        self.confusion_matrix += counts.reshape(self.num_classes, self.num_classes)
        self._is_update = True

    def eval(self) -> np.ndarray:
        if not self._is_update:
            raise RuntimeError("For 'ConfusionMatrix', call 'update' before 'eval'.")
        matrix = self.confusion_matrix.astype(float)
        if self.normalize == "no_norm":
            return matrix
        totals = {"target": matrix.sum(axis=1, keepdims=True),
                  "prediction": matrix.sum(axis=0, keepdims=True),
                  "all": matrix.sum()}[self.normalize]
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.nan_to_num(matrix / totals, nan=0.0)


# Each metric from the counts (tp, fp, tn, fn): (numerator, denominator).
def _ratio(tp, fp, tn, fn, metric: str):
    p, n = tp + fn, fp + tn
    with np.errstate(invalid="ignore", divide="ignore"):
        tpr, tnr, ppv, npv = tp / p, tn / n, tp / (tp + fp), tn / (tn + fn)
    formulas = {
        "tpr": lambda: (tp, p),
        "tnr": lambda: (tn, n),
        "ppv": lambda: (tp, tp + fp),
        "npv": lambda: (tn, tn + fn),
        "fnr": lambda: (fn, p),
        "fpr": lambda: (fp, n),
        "fdr": lambda: (fp, fp + tp),
        "for": lambda: (fn, fn + tn),
        "pt": lambda: (np.sqrt(tpr * (1.0 - tnr)) + tnr - 1.0, tpr + tnr - 1.0),
        "ts": lambda: (tp, tp + fn + fp),
        "acc": lambda: (tp + tn, p + n),
        "ba": lambda: (tpr + tnr, np.full_like(tp, 2.0)),
        "f1": lambda: (2.0 * tp, 2.0 * tp + fn + fp),
        "mcc": lambda: (tp * tn - fp * fn, np.sqrt((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn))),
        "fm": lambda: (np.sqrt(ppv * tpr), np.ones_like(tp)),
        "bm": lambda: (tpr + tnr - 1.0, np.ones_like(tp)),
        "mk": lambda: (ppv + npv - 1.0, np.ones_like(tp)),
    }
    numerator, denominator = formulas[metric]()
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(denominator != 0, numerator / denominator, np.nan)


_METRIC_ALIASES = {
    "tpr": ("sensitivity", "recall", "hit_rate", "true_positive_rate"),
    "tnr": ("specificity", "selectivity", "true_negative_rate"),
    "ppv": ("precision", "positive_predictive_value"),
    "npv": ("negative_predictive_value",),
    "fnr": ("miss_rate", "false_negative_rate"),
    "fpr": ("fall_out", "false_positive_rate"),
    "fdr": ("false_discovery_rate",),
    "for": ("false_omission_rate",),
    "pt": ("prevalence_threshold",),
    "ts": ("threat_score", "critical_success_index", "csi"),
    "acc": ("accuracy",),
    "ba": ("balanced_accuracy",),
    "f1": ("f1_score",),
    "mcc": ("matthews_correlation_coefficient",),
    "fm": ("fowlkes_mallows_index",),
    "bm": ("informedness", "bookmaker_informedness"),
    "mk": ("markedness", "deltap"),
}
_METRIC_OF_NAME = {alias: key for key, aliases in _METRIC_ALIASES.items() for alias in aliases + (key,)}
_DECREASE = ("none", "mean", "sum", "mean_batch", "sum_batch", "mean_channel", "sum_channel")


def _metric_key(name: str) -> str:
    key = _METRIC_OF_NAME.get(name.replace(" ", "_").lower())
    if key is None:
        raise NotImplementedError(f"For 'ConfusionMatrixMetric', the metric {name!r} is not implemented; choose one "
                                  f"of {sorted(_METRIC_OF_NAME)}.")
    return key


def _counts(y_pred: np.ndarray, y: np.ndarray, skip_channel: bool) -> np.ndarray:
    """(batch, class, 4): tp, fp, tn, fn of each sample and class, for binarized one-hot
    y_pred and y of shape (batch, class, ...)."""
    if not skip_channel:
        # MindSpore's rule, whose name says the opposite: the first channel is dropped
        # when skip_channel is False.
        y_pred = y_pred[:, 1:] if y_pred.shape[1] > 1 else y_pred
        y = y[:, 1:] if y.shape[1] > 1 else y
    if y_pred.shape != y.shape:
        raise ValueError(f"For 'ConfusionMatrixMetric.update', the predicted value (inputs[0]) and the true value "
                         f"(inputs[1]) must have the same shape, but got {y_pred.shape} and {y.shape}.")
    batch, classes = y_pred.shape[:2]
    y_pred = y_pred.astype(float).reshape(batch, classes, -1)
    y = y.astype(float).reshape(batch, classes, -1)
    tp = ((y_pred + y) == 2).sum(axis=2).astype(float)
    tn = ((y_pred + y) == 0).sum(axis=2).astype(float)
    positives = y.sum(axis=2)
    negatives = y.shape[-1] - positives
    return np.stack([tp, negatives - tn, tn, positives - tp], axis=-1)


def _reduce(scores: np.ndarray, decrease: str) -> tuple[np.ndarray, np.ndarray]:
    """(batch, class) scores reduced as `decrease` says, NaNs left out: (result, how many
    values counted)."""
    valid = ~np.isnan(scores)
    scores = np.where(valid, scores, 0.0)
    valid = valid.astype(float)
    if decrease == "none":
        return scores, valid

    def mean(total, count):
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(count > 0, total / count, 0.0)

    if decrease == "mean":
        per_sample_count = valid.sum(axis=1)
        per_sample = mean(scores.sum(axis=1), per_sample_count)
        samples = (per_sample_count > 0).astype(float).sum(axis=0)
        return mean(per_sample.sum(axis=0), samples), samples
    if decrease == "sum":
        return scores.sum(axis=(0, 1)), valid.sum(axis=(0, 1))
    axis = 0 if decrease.endswith("batch") else 1
    count = valid.sum(axis=axis)
    total = scores.sum(axis=axis)
    return (mean(total, count) if decrease.startswith("mean") else total), count


class ConfusionMatrixMetric(Metric):
    """ConfusionMatrixMetric(skip_channel=True, metric_name='sensitivity',
    calculation_method=False, decrease='mean')

    `update(y_pred, y)`: binarized one-hot predictions and labels of shape (N, C, ...).
    `metric_name` names the rate (sensitivity/recall/tpr, specificity, precision, negative
    predictive value, miss rate, fall out, false discovery rate, false omission rate,
    prevalence threshold, threat score, accuracy, balanced accuracy, f1 score, matthews
    correlation coefficient, fowlkes mallows index, informedness, markedness).

    Without `calculation_method`, tp/fp/tn/fn are summed over everything and `eval()`
    gives the rate of the totals (an array of one value). With it, each update computes
    the rate per sample and class, reduces it with `decrease` ('mean', 'sum',
    'mean_batch', ...; NaNs left out), and `eval()` averages the reduced values over the
    updates, weighted by how many values each counted. (MindSpore computes only 'mean'
    and 'sum' this way, on inputs of 3 or more dimensions.)
    """

    def __init__(self, skip_channel: bool = True, metric_name: str = "sensitivity",
                 calculation_method: bool = False, decrease: str = "mean"):
        super().__init__()
        name = "ConfusionMatrixMetric"
        self.skip_channel = check_bool(name, "skip_channel", skip_channel)
        self.metric_name = check_type(name, "metric_name", metric_name, str)
        self._metric = _metric_key(metric_name)
        self.calculation_method = check_bool(name, "calculation_method", calculation_method)
        check_type(name, "decrease", decrease, str)
        if decrease not in _DECREASE:
            raise ValueError(f"For '{name}', the 'decrease' must be one of {list(_DECREASE)}, but got {decrease!r}.")
        self.decrease = decrease
        self.clear()

    def clear(self):
        self._updates = 0
        self._totals = np.zeros(4)            # tp, fp, tn, fn without calculation_method
        self._weighted_scores = None          # with it: sum of score * counted, and of counted
        self._counted = None

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._prediction_and_label(inputs)
        if not np.all(y.astype(np.uint8) == y):
            raise ValueError("For 'ConfusionMatrixMetric.update', the true value (inputs[1]) must be binarized "
                             "(0 or 1).")
        if y_pred.ndim < 2:
            raise ValueError(f"For 'ConfusionMatrixMetric.update', the predicted value (inputs[0]) must have at "
                             f"least 2 dimensions, but got {y_pred.ndim}.")
        counts = _counts(y_pred, y, self.skip_channel)
        self._updates += 1
        if not self.calculation_method:
            self._totals += counts.reshape(-1, 4).sum(axis=0)
            return
        score, counted = _reduce(_ratio(*np.moveaxis(counts, -1, 0), self._metric), self.decrease)
        if self._weighted_scores is None:
            self._weighted_scores, self._counted = score * counted, counted
        elif np.shape(score) != np.shape(self._weighted_scores):
            raise ValueError(f"For 'ConfusionMatrixMetric.update', decrease '{self.decrease}' gave a result of shape "
                             f"{np.shape(score)}, but earlier updates gave {np.shape(self._weighted_scores)}.")
        else:
            self._weighted_scores = self._weighted_scores + score * counted
            self._counted = self._counted + counted

    def eval(self):
        """The rate: without calculation_method an array of one value; with it a float
        (an array for the decreases that keep an axis)."""
        check_samples(self, self._updates)
        if not self.calculation_method:
            return _ratio(*self._totals.reshape(4, 1), self._metric)
        with np.errstate(invalid="ignore", divide="ignore"):
            result = self._weighted_scores / self._counted
        return float(result) if np.ndim(result) == 0 else result
