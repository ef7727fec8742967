"""Metrics against hand-computed values and against MindSpore 2.7.1's results on random
data (recorded), accumulation over updates, set_indexes, the registry of names, the 1.x
paths (nn.Accuracy, nn.metrics) and MindSpore's errors for misuse."""
import numpy as np
import pytest

import spore as ms
from spore import Tensor, nn
from spore.train import (
    F1,
    MAE,
    MSE,
    Accuracy,
    ConfusionMatrix,
    ConfusionMatrixMetric,
    Dice,
    Fbeta,
    Loss,
    Metric,
    Perplexity,
    Precision,
    Recall,
    Top1CategoricalAccuracy,
    Top5CategoricalAccuracy,
    TopKCategoricalAccuracy,
    get_metric_fn,
    names,
    rearrange_inputs,
)
from spore.train.metrics.registry import get_metrics

# Scores of 4 samples over 3 classes (predicted classes 1, 2, 0, 2) and their labels.
SCORES = np.array([[0.2, 0.5, 0.3], [0.1, 0.2, 0.7], [0.6, 0.3, 0.1], [0.3, 0.3, 0.4]], np.float32)
LABELS = np.array([1, 2, 1, 2], np.int32)
ONE_HOT = np.eye(3, dtype=np.float32)[LABELS]
ML_PRED = np.array([[1, 0, 1], [0, 1, 1]], np.float32)
ML_TRUE = np.array([[1, 0, 1], [0, 0, 1]], np.float32)


def updated(metric, *batches):
    for batch in batches:
        metric.update(*batch)
    return metric


# ---- hand-computed ----------------------------------------------------------------------
@pytest.mark.parametrize("labels", [LABELS, ONE_HOT, Tensor(LABELS), LABELS.tolist()])
def test_accuracy_classification(labels):
    assert Accuracy().__call__(Tensor(SCORES), labels) == 0.75
    assert isinstance(Accuracy()(SCORES, labels), float)


def test_accuracy_accumulates_over_updates_and_clears():
    metric = updated(Accuracy(), (SCORES[:2], LABELS[:2]), (SCORES[2:], LABELS[2:]))
    assert metric.eval() == 0.75
    metric.clear()
    metric.update(SCORES[:1], LABELS[:1])
    assert metric.eval() == 1.0


def test_accuracy_multilabel_needs_all_labels_right():
    assert Accuracy("multilabel")(ML_PRED, ML_TRUE) == 0.5


def test_accuracy_of_segmentation_scores_counts_every_position():
    scores = np.zeros((1, 2, 2), np.float32)      # (N, C, positions)
    scores[0, 1, 0] = 1.0                          # position 0 -> class 1, position 1 -> class 0
    assert Accuracy()(scores, np.array([[1, 1]])) == 0.5


def test_precision_and_recall_per_class():
    np.testing.assert_allclose(Precision()(SCORES, LABELS), [0, 1, 1])
    np.testing.assert_allclose(Recall()(SCORES, ONE_HOT), [0, 0.5, 1])
    metric = updated(Precision(), (SCORES, LABELS))
    assert metric.eval(average=True) == pytest.approx(2 / 3)
    assert updated(Recall(), (SCORES, LABELS)).eval(True) == pytest.approx(0.5)


def test_precision_and_recall_multilabel_are_per_sample():
    np.testing.assert_allclose(Precision("multilabel")(ML_PRED, ML_TRUE), [1, 0.5])
    np.testing.assert_allclose(Recall("multilabel")(ML_PRED, ML_TRUE), [1, 1])
    metric = updated(Precision("multilabel"), (ML_PRED, ML_TRUE), (ML_PRED[:1], ML_TRUE[:1]))
    np.testing.assert_allclose(metric.eval(), [1, 0.5, 1])
    assert metric.eval(average=True) == pytest.approx(2.5 / 3)


def test_fbeta_and_f1():
    np.testing.assert_allclose(F1()(SCORES, LABELS), [0, 2 / 3, 1])
    np.testing.assert_allclose(Fbeta(2)(SCORES, ONE_HOT), [0, 5 / 9, 1])
    assert updated(F1(), (SCORES, LABELS)).eval(average=True) == pytest.approx(5 / 9)


def test_mae_mse_divide_by_samples():
    y_pred = np.array([[1, 2], [3, 4]], np.float32)
    y = np.array([[1.5, 2], [2, 5]], np.float32)
    assert MAE()(y_pred, y) == pytest.approx(1.25)
    assert MSE()(Tensor(y_pred), Tensor(y)) == pytest.approx(1.125)
    assert updated(MAE(), (y_pred, y), (y_pred[:1], y[:1])).eval() == pytest.approx(3.0 / 3)


def test_loss_is_the_mean_of_the_updates():
    metric = updated(Loss(), (Tensor(np.float32(0.5)),), (np.array([1.0, 3.0], np.float32),))
    assert metric.eval() == pytest.approx(1.25)


def test_top_k():
    scores = np.array([[0.1, 0.5, 0.4], [0.6, 0.3, 0.1], [0.2, 0.2, 0.6]], np.float32)
    labels = np.array([2, 1, 0])
    assert Top1CategoricalAccuracy()(scores, labels) == 0.0
    # Equal scores rank the lower class first: the third sample's top 2 are classes 2 and 0.
    assert TopKCategoricalAccuracy(2)(scores, labels) == 1.0
    assert TopKCategoricalAccuracy(1)(scores, np.eye(3)[[1, 0, 2]]) == 1.0
    assert Top5CategoricalAccuracy().k == 5


def test_confusion_matrix_and_normalizations():
    scores = np.array([[0.1, 0.8, 0.1], [0.7, 0.2, 0.1], [0.1, 0.1, 0.8], [0.1, 0.8, 0.1]])
    labels = np.array([2, 1, 0, 1])
    expected = np.zeros((3, 3))
    expected[2, 1] = expected[1, 0] = expected[0, 2] = expected[1, 1] = 1
    np.testing.assert_array_equal(ConfusionMatrix(3)(scores, labels), expected)
    np.testing.assert_allclose(ConfusionMatrix(3, "target")(scores, labels)[1], [0.5, 0.5, 0])
    np.testing.assert_allclose(ConfusionMatrix(3, "prediction")(scores, labels)[:, 1], [0, 0.5, 0.5])
    np.testing.assert_allclose(ConfusionMatrix(3, "all")(scores, labels), expected / 4)
    # Probabilities of the same shape as the labels are thresholded.
    np.testing.assert_array_equal(ConfusionMatrix(2, threshold=0.3)(np.array([0.2, 0.5, 0.9, 0.1]),
                                                                    np.array([0, 1, 0, 1])), [[1, 1], [1, 1]])


def test_normalized_confusion_matrix_gives_zero_for_empty_rows():
    matrix = ConfusionMatrix(3, "target")(np.array([0, 1]), np.array([0, 1]))
    np.testing.assert_array_equal(matrix, np.diag([1.0, 1.0, 0.0]))


def test_confusion_matrix_metric_from_counts():
    y_pred = np.array([[1, 0], [0, 1]], np.float32)
    y = np.array([[1, 0], [1, 0]], np.float32)     # totals: tp 1, fp 1, tn 1, fn 1
    for name in ("sensitivity", "precision", "accuracy", "f1 score", "specificity"):
        np.testing.assert_allclose(ConfusionMatrixMetric(metric_name=name)(y_pred, y), [0.5])
    np.testing.assert_allclose(ConfusionMatrixMetric(metric_name="mcc")(y_pred, y), [0.0])


def test_dice_and_perplexity():
    y_pred = np.array([[0.5, 1.0], [0.0, 1.0]])
    y = np.array([[1.0, 1.0], [0.0, 0.0]])
    # 2 * 1.5 / (2.25 + 2 + smooth), summed over the update, divided by its 2 samples.
    assert Dice()(y_pred, y) == pytest.approx(3 / (4.25 + 1e-5) / 2)
    probabilities = np.array([[0.5, 0.5], [0.25, 0.75]])
    assert Perplexity()(probabilities, np.array([0, 1])) == pytest.approx(1 / np.sqrt(0.375))
    assert Perplexity(ignore_label=1)(probabilities, np.array([0, 1])) == pytest.approx(2.0)


# ---- MindSpore 2.7.1 on random data -----------------------------------------------------
def _random_inputs():
    """The draws of the recording script, in its order."""
    rng = np.random.RandomState(3)
    scores = rng.rand(12, 4).astype(np.float32)
    labels = rng.randint(0, 4, 12)
    ml_pred = (rng.rand(6, 5) > 0.5).astype(np.float32)
    ml_true = (rng.rand(6, 5) > 0.5).astype(np.float32)
    rng.rand(4, 3, 5), rng.randint(0, 3, (4, 5))
    a, b = rng.randn(6, 3).astype(np.float32), rng.randn(6, 3).astype(np.float32)
    scores8, labels8 = rng.rand(10, 8), rng.randint(0, 8, 10)
    seg_pred = (rng.rand(3, 2, 4, 4) > 0.5).astype(np.float32)
    seg_true = (rng.rand(3, 2, 4, 4) > 0.5).astype(np.float32)
    probs = rng.rand(6, 5)
    probs /= probs.sum(1, keepdims=True)
    return dict(scores=scores, labels=labels, one_hot=np.eye(4)[labels], ml_pred=ml_pred, ml_true=ml_true, a=a, b=b,
                scores8=scores8, labels8=labels8, seg_pred=seg_pred, seg_true=seg_true, probs=probs,
                prob_labels=rng.randint(0, 5, 6))


R = _random_inputs()
SPLIT_CLASSIFICATION = ((R["scores"][:7], R["labels"][:7]), (R["scores"][7:], R["one_hot"][7:]))
SPLIT_MULTILABEL = ((R["ml_pred"][:3], R["ml_true"][:3]), (R["ml_pred"][3:], R["ml_true"][3:]))


@pytest.mark.parametrize("metric, batches, average, expected", [
    (Accuracy(), SPLIT_CLASSIFICATION, None, 0.333333),
    (Precision(), SPLIT_CLASSIFICATION, False, [0.5, 0.285714, 0.0, 1.0]),
    (Precision(), SPLIT_CLASSIFICATION, True, 0.446429),
    (Recall(), SPLIT_CLASSIFICATION, False, [0.25, 0.4, 0.0, 0.5]),
    (Recall(), SPLIT_CLASSIFICATION, True, 0.2875),
    (Accuracy("multilabel"), SPLIT_MULTILABEL, None, 0.0),
    (Precision("multilabel"), SPLIT_MULTILABEL, False, [0.666667, 0.666667, 1.0, 0.666667, 1.0, 0.0]),
    (Precision("multilabel"), SPLIT_MULTILABEL, True, 0.666667),
    (Recall("multilabel"), SPLIT_MULTILABEL, False, [0.5, 0.5, 0.25, 0.666667, 0.333333, 0.0]),
    (Recall("multilabel"), SPLIT_MULTILABEL, True, 0.375),
    (Fbeta(0.5), ((R["scores"], R["labels"]), (R["scores"][:5], R["one_hot"][:5])), False,
     [0.384615, 0.319149, 0.0, 0.833333]),
    (Fbeta(2), ((R["scores"], R["labels"]), (R["scores"][:5], R["one_hot"][:5])), True, 0.294391),
    (MAE(), ((R["a"], R["b"]), (R["a"][:2], R["b"][:2].reshape(-1))), None, 3.025698),
    (MSE(), ((R["a"], R["b"]), (R["a"][:2], R["b"][:2].reshape(-1))), None, 5.963468),
    (TopKCategoricalAccuracy(2), ((R["scores"], R["labels"]), (R["scores"][:4], R["one_hot"][:4])), None, 0.6875),
    (Top5CategoricalAccuracy(), ((R["scores8"], R["labels8"]),), None, 0.7),
    (ConfusionMatrix(4), ((R["scores"], R["labels"]), (np.array([0, 1, 1]), np.array([0, 1, 2]))), None,
     [[2, 3, 0, 0], [1, 3, 2, 0], [0, 2, 0, 0], [0, 1, 0, 1]]),
    (Dice(), ((R["scores"], R["one_hot"]), (R["scores"][:3], R["one_hot"][:3])), None, 0.076243),
    (Perplexity(), ((R["probs"], R["prob_labels"]), (R["probs"][:2], R["prob_labels"][:2])), None, 5.663142),
    (Perplexity(ignore_label=int(R["prob_labels"][0])), ((R["probs"], R["prob_labels"]),), None, 4.722169),
])
def test_matches_mindspore(metric, batches, average, expected):
    updated(metric, *batches)
    result = metric.eval() if average is None else metric.eval(average=average)
    np.testing.assert_allclose(result, expected, atol=1e-6)


SEGMENTATION = ((R["seg_pred"], R["seg_true"]), (R["seg_pred"][:1], R["seg_true"][:1]))


@pytest.mark.parametrize("kwargs, expected", [
    (dict(metric_name="sensitivity"), [0.558824]),
    (dict(metric_name="sensitivity", skip_channel=False), [0.555556]),
    (dict(metric_name="precision"), [0.584615]),
    (dict(metric_name="accuracy", skip_channel=False), [0.5625]),
    (dict(metric_name="f1 score"), [0.571429]),
    (dict(metric_name="matthews correlation coefficient"), [0.108624]),
    (dict(metric_name="markedness", skip_channel=False), [0.125]),
    (dict(metric_name="sensitivity", calculation_method=True), 0.565873),
    (dict(metric_name="f1 score", calculation_method=True, skip_channel=False), 0.590278),
])
def test_confusion_matrix_metric_matches_mindspore(kwargs, expected):
    np.testing.assert_allclose(updated(ConfusionMatrixMetric(**kwargs), *SEGMENTATION).eval(), expected, atol=1e-6)


def test_confusion_matrix_metric_sum_decrease_matches_mindspore():
    metric = ConfusionMatrixMetric(metric_name="accuracy", calculation_method=True, decrease="sum")
    metric.update(R["seg_pred"], R["seg_true"])
    metric.update(R["seg_pred"][:2], R["seg_true"][:2])
    assert metric.eval() == pytest.approx(2.875)


# ---- indexes, registry, paths -----------------------------------------------------------
def test_set_indexes_picks_and_orders_the_inputs():
    metric = Accuracy().set_indexes([2, 0])
    metric.update(LABELS, "ignored", SCORES)
    assert metric.eval() == 0.75


def test_custom_metric_with_rearrange_inputs():
    class Second(Metric):
        def clear(self):
            self.seen = []

        @rearrange_inputs
        def update(self, *inputs):
            self.seen.append(inputs)

        def eval(self):
            return self.seen

    metric = Second().set_indexes([1])
    metric.clear()
    metric.update("a", "b", "c")
    assert metric.eval() == [("b",)]
    with pytest.raises(TypeError):
        Metric()


def test_names_and_get_metric_fn():
    assert names() == sorted(names())
    assert {"accuracy", "acc", "loss", "precision", "recall", "F1", "mae", "mse", "top_1_accuracy"} <= set(names())
    assert isinstance(get_metric_fn("acc"), Accuracy)
    assert get_metric_fn("precision", eval_type="multilabel")._type == "multilabel"
    assert get_metric_fn("topk", 3).k == 3
    with pytest.raises(KeyError, match="nope"):
        get_metric_fn("nope")


def test_get_metrics():
    assert get_metrics(None) is None
    metrics = get_metrics({"accuracy", "loss"})
    assert isinstance(metrics["accuracy"], Accuracy) and isinstance(metrics["loss"], Loss)
    mine = {"acc": Accuracy()}
    assert get_metrics(mine) is mine
    with pytest.raises(TypeError, match="dict or a set"):
        get_metrics(["accuracy"])
    with pytest.raises(TypeError, match="must map str to Metric"):
        get_metrics({"acc": 3})


def test_mindspore_paths():
    assert nn.Accuracy is Accuracy and nn.metrics.F1 is F1 and ms.Accuracy is Accuracy
    assert ms.train.names() == names() and ms.nn.metrics.get_metric_fn is get_metric_fn


# ---- errors -----------------------------------------------------------------------------
@pytest.mark.parametrize("metric", [
    Accuracy(), Precision(), Recall(), F1(), MAE(), MSE(), Loss(), Top1CategoricalAccuracy(), Dice(), Perplexity(),
    ConfusionMatrix(2), ConfusionMatrixMetric(),
])
def test_eval_before_update_raises_runtime_error(metric):
    with pytest.raises(RuntimeError):
        metric.eval()


@pytest.mark.parametrize("metric", [Accuracy(), Precision(), Recall(), F1(), MAE(), MSE(), Top1CategoricalAccuracy(),
                                    Dice(), Perplexity(), ConfusionMatrix(2), ConfusionMatrixMetric()])
def test_update_needs_two_inputs(metric):
    with pytest.raises(ValueError, match="2 inputs"):
        metric.update(SCORES)


def test_argument_and_input_errors():
    with pytest.raises(TypeError, match="eval_type"):
        Accuracy("regression")
    with pytest.raises(TypeError, match="Tensor, a list or a numpy.ndarray"):
        Accuracy().update((1, 2), (1, 2))
    with pytest.raises(ValueError, match="shape"):
        Accuracy().update(SCORES, LABELS[:3])
    with pytest.raises(ValueError, match="0 or 1"):
        Precision("multilabel").update(SCORES, SCORES)
    with pytest.raises(ValueError, match="number of classes"):
        updated(Recall(), (SCORES, LABELS), (SCORES[:, :2], LABELS % 2))
    with pytest.raises(ValueError, match="class 3"):
        Precision().update(SCORES, np.array([0, 1, 2, 3]))
    with pytest.raises(TypeError, match="average"):
        updated(Precision(), (SCORES, LABELS)).eval(average=1)
    with pytest.raises(ValueError, match="beta"):
        Fbeta(0)
    with pytest.raises(ValueError, match="1 input"):
        Loss().update(1, 2)
    with pytest.raises(ValueError, match="0 or 1 dimension"):
        Loss().update(np.ones((2, 2)))
    with pytest.raises(TypeError, match="'k'"):
        TopKCategoricalAccuracy(1.0)
    with pytest.raises(ValueError, match="'k'"):
        TopKCategoricalAccuracy(0)
    with pytest.raises(TypeError, match="threshold"):
        ConfusionMatrix(2, threshold=1)
    with pytest.raises(ValueError, match="normalize"):
        ConfusionMatrix(2, "rows")
    with pytest.raises(NotImplementedError, match="nope"):
        ConfusionMatrixMetric(metric_name="nope")
    with pytest.raises(ValueError, match="decrease"):
        ConfusionMatrixMetric(decrease="median")
    with pytest.raises(ValueError, match="same shape"):
        Dice().update(SCORES, LABELS)
    with pytest.raises(TypeError, match="smooth"):
        Dice(1)
    with pytest.raises(RuntimeError, match="one entry per row"):
        Perplexity().update(SCORES, LABELS[:2])
    with pytest.raises(ValueError, match="list of ints"):
        Accuracy().set_indexes((0, 1))
