"""`mindspore.nn.metrics` of MindSpore 1.x: the metrics, which live in spore.train.metrics
(train builds on nn, so this path resolves them when asked for)."""
from .._path_alias import resolver

METRIC_NAMES = frozenset({
    "Accuracy", "BleuScore", "ConfusionMatrix", "ConfusionMatrixMetric", "CosineSimilarity", "Dice", "F1", "Fbeta",
    "HausdorffDistance", "Loss", "MAE", "MSE", "MeanSurfaceDistance", "Metric", "OcclusionSensitivity", "Perplexity",
    "Precision", "ROC", "Recall", "RootMeanSquareDistance", "Top1CategoricalAccuracy", "Top5CategoricalAccuracy",
    "TopKCategoricalAccuracy", "auc", "get_metric_fn", "names", "rearrange_inputs"
})

__getattr__, __dir__ = resolver(__name__, "spore.train.metrics", METRIC_NAMES)
