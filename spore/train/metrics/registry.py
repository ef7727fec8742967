"""Metrics by name: what `Model(metrics={'accuracy', 'loss'})` and `get_metric_fn`
accept."""
from __future__ import annotations

from .accuracy import Accuracy
from .confusion_matrix import ConfusionMatrix, ConfusionMatrixMetric
from .dice import Dice
from .error import MAE, MSE
from .fbeta import F1
from .loss import Loss
from .metric import Metric
from .perplexity import Perplexity
from .rates import Precision, Recall
from .topk import Top1CategoricalAccuracy, Top5CategoricalAccuracy, TopKCategoricalAccuracy

__all__ = ["names", "get_metric_fn"]

_METRICS = {
    "accuracy": Accuracy,
    "acc": Accuracy,
    "precision": Precision,
    "recall": Recall,
    "F1": F1,
    "dice": Dice,
    "topk": TopKCategoricalAccuracy,
    "top_1_accuracy": Top1CategoricalAccuracy,
    "top_5_accuracy": Top5CategoricalAccuracy,
    "mae": MAE,
    "mse": MSE,
    "loss": Loss,
    "perplexity": Perplexity,
    "confusion_matrix": ConfusionMatrix,
    "confusion_matrix_metric": ConfusionMatrixMetric,
}
# MindSpore's other metric names, which spore does not implement yet.
_NOT_IMPLEMENTED = ("auc", "bleu_score", "cosine_similarity", "hausdorff_distance", "mean_surface_distance",
                    "occlusion_sensitivity", "roc", "root_mean_square_distance")


def names() -> list:
    """The metric names get_metric_fn accepts, sorted."""
    return sorted(_METRICS)


def get_metric_fn(name: str, *args, **kwargs) -> Metric:
    """A new instance of the metric called `name` (see `names()`), built with `args` and
    `kwargs`."""
    if name in _NOT_IMPLEMENTED:
        raise NotImplementedError(f"For 'get_metric_fn', the metric '{name}' is not implemented by spore; "
                                  f"available: {names()}.")
    if name not in _METRICS:
        raise KeyError(f"For 'get_metric_fn', the metric {name!r} is not supported; available: {names()}.")
    return _METRICS[name](*args, **kwargs)


def get_metrics(metrics) -> dict | None:
    """Model's `metrics` as {name: Metric}: a dict of them as it is, a set of names with a
    new metric each, None as None."""
    if metrics is None:
        return None
    if isinstance(metrics, dict):
        for name, metric in metrics.items():
            if not isinstance(name, str) or not isinstance(metric, Metric):
                raise TypeError(f"For 'get_metrics', a dict 'metrics' must map str to Metric, but got "
                                f"{type(name).__name__} {name!r}: {type(metric).__name__}.")
        return metrics
    if isinstance(metrics, set):
        return {name: get_metric_fn(name) for name in metrics}
    raise TypeError(f"For 'get_metrics', the 'metrics' must be None, a dict or a set, but got "
                    f"{type(metrics).__name__}.")
