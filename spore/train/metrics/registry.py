"""Metrics by name: what `Model(metrics={'accuracy', 'loss'})` and `get_metric_fn`
accept."""
from __future__ import annotations

from .accuracy import Accuracy
from .area_under_curve import auc
from .bleu_score import BleuScore
from .confusion_matrix import ConfusionMatrix, ConfusionMatrixMetric
from .cosine_similarity import CosineSimilarity
from .dice import Dice
from .error import MAE, MSE
from .fbeta import F1
from .loss import Loss
from .metric import Metric
from .occlusion_sensitivity import OcclusionSensitivity
from .perplexity import Perplexity
from .rates import Precision, Recall
from .roc import ROC
from .surface_distance import HausdorffDistance, MeanSurfaceDistance, RootMeanSquareDistance
from .topk import Top1CategoricalAccuracy, Top5CategoricalAccuracy, TopKCategoricalAccuracy

__all__ = ["names", "get_metric_fn"]

_METRICS = {
    "accuracy": Accuracy,
    "acc": Accuracy,
    "precision": Precision,
    "recall": Recall,
    "F1": F1,
    "dice": Dice,
    "roc": ROC,
    "auc": auc,
    "bleu_score": BleuScore,
    "cosine_similarity": CosineSimilarity,
    "occlusion_sensitivity": OcclusionSensitivity,
    "hausdorff_distance": HausdorffDistance,
    "mean_surface_distance": MeanSurfaceDistance,
    "root_mean_square_distance": RootMeanSquareDistance,
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


def names() -> list:
    """The metric names get_metric_fn accepts, sorted."""
    return sorted(_METRICS)


def get_metric_fn(name: str, *args, **kwargs) -> Metric:
    """A new instance of the metric called `name` (see `names()`), built with `args` and
    `kwargs` ('auc' is a function: it is called with them)."""
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
