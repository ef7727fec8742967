"""ROC, auc, BleuScore, CosineSimilarity, the surface distances and OcclusionSensitivity,
against values computed by hand (worked out in the comments) and NumPy formulas."""
import math

import numpy as np
import pytest

from spore import Tensor, nn
from spore.train import (
    ROC,
    BleuScore,
    CosineSimilarity,
    HausdorffDistance,
    MeanSurfaceDistance,
    OcclusionSensitivity,
    RootMeanSquareDistance,
    auc,
    get_metric_fn,
    names,
)


def test_roc_binary():
    # Scores from the highest: 0.55 (label 1), 0.28 (0), 0.15 (2 = positive), 0.05 (3).
    metric = ROC(pos_label=2)
    metric.update(Tensor(np.array([0.28, 0.55, 0.15, 0.05])), Tensor(np.array([0, 1, 2, 3])))
    fpr, tpr, thresholds = metric.eval()
    assert np.allclose(fpr, [0, 1 / 3, 2 / 3, 2 / 3, 1]) and np.allclose(tpr, [0, 0, 0, 1, 1])
    assert np.allclose(thresholds, [1.55, 0.55, 0.28, 0.15, 0.05])


def test_roc_per_class():
    x = np.array([[0.28, 0.55, 0.15, 0.05], [0.10, 0.20, 0.05, 0.05], [0.20, 0.05, 0.15, 0.05],
                  [0.05, 0.05, 0.05, 0.75]])
    metric = ROC(class_num=4)
    metric.update(x, np.array([0, 1, 2, 3]))
    fpr, tpr, thresholds = metric.eval()
    # Class 0 scores from the highest: 0.28 (sample 0, positive), 0.20, 0.10, 0.05.
    assert np.allclose(fpr[0], [0, 0, 1 / 3, 2 / 3, 1]) and np.allclose(tpr[0], [0, 1, 1, 1, 1])
    assert np.allclose(thresholds[0], [1.28, 0.28, 0.2, 0.1, 0.05])
    # Class 3: 0.75 (positive) then three tied 0.05: one threshold for the tie.
    assert np.allclose(fpr[3], [0, 0, 1]) and np.allclose(tpr[3], [0, 1, 1])
    assert np.allclose(thresholds[3], [1.75, 0.75, 0.05])


def test_roc_errors():
    with pytest.raises(TypeError):
        ROC(class_num=1.5)
    with pytest.raises(RuntimeError):
        ROC().eval()
    with pytest.raises(ValueError, match="pos_label"):
        ROC(class_num=2, pos_label=1).update(np.ones((3, 2)), np.array([0, 1, 0]))
    with pytest.raises(ValueError, match="class_num"):
        ROC(class_num=3).update(np.ones((3, 2)), np.array([0, 1, 0]))
    metric = ROC()
    metric.update(np.array([0.1, 0.2]), np.array([1, 1]))
    with pytest.raises(ValueError, match="no negative"):
        metric.eval()


def test_auc():
    assert auc(np.array([0.0, 1.0]), np.array([0.0, 1.0])) == 0.5
    assert auc(np.array([1.0, 0.0]), np.array([1.0, 0.0])) == 0.5, "decreasing x"
    assert auc(np.array([1.0, 0.0, 0.5]), np.array([1.0, 0.0, 0.5]), reorder=True) == 0.5
    # The 3x3 example: binary ROC of label 2 over 9 scores, then the trapezoids.
    metric = ROC(pos_label=2)
    metric.update(np.array([[3, 0, 1], [1, 3, 0], [1, 0, 2]]), np.array([[0, 2, 1], [1, 2, 1], [0, 0, 1]]))
    fpr, tpr, _ = metric.eval()
    assert math.isclose(auc(fpr, tpr), 0.5357142857142857)
    with pytest.raises(ValueError):
        auc(np.array([0.0, 1.0, 0.5]), np.array([0.0, 1.0, 0.5]))
    with pytest.raises(TypeError):
        auc([0, 1], [0, 1])
    with pytest.raises(ValueError):
        auc(np.array([0.0]), np.array([0.0]))


def test_bleu_score():
    # precisions 7/7, 5/6, 3/5, 1/4; equal lengths so no brevity penalty.
    metric = BleuScore()
    metric.update([["i", "have", "a", "pen", "on", "my", "desk"]],
                  [[["i", "have", "a", "pen", "in", "my", "desk"], ["there", "is", "a", "pen", "on", "the", "desk"]]])
    assert math.isclose(metric.eval(), (1 * 5 / 6 * 3 / 5 * 1 / 4) ** 0.25)
    short = BleuScore(n_gram=1)
    short.update([["a", "b"]], [[["a", "b", "c", "d"]]])
    assert math.isclose(short.eval(), math.exp(1 - 4 / 2)), "brevity penalty exp(1 - r / c)"
    smooth = BleuScore(n_gram=2, smooth=True)
    smooth.update([["a", "b", "c"]], [[["a", "b", "d"]]])
    assert math.isclose(smooth.eval(), math.sqrt((2 + 1) / (3 + 1) * (1 + 1) / (2 + 1)))
    for smoothed in (False, True):
        none = BleuScore(n_gram=2, smooth=smoothed)
        none.update([["a", "b"]], [[["a", "c"]]])
        assert none.eval() == 0.0, "an n-gram order without a match gives 0, smoothed or not"
    with pytest.raises(ValueError):
        BleuScore(n_gram=5)
    with pytest.raises(ValueError):
        BleuScore().update([["a"]], [])
    with pytest.raises(RuntimeError):
        BleuScore().eval()


def test_cosine_similarity():
    data = np.array([[1, 3, 4, 7], [2, 4, 2, 5], [3, 1, 5, 8]], np.float64)
    unit = data / np.sqrt((data ** 2).sum(axis=1, keepdims=True))
    expected = unit @ unit.T
    np.fill_diagonal(expected, 0)
    metric = CosineSimilarity()
    metric.update(data)
    assert np.allclose(metric.eval(), expected) and math.isclose(metric.eval()[0, 1], 0.94025615, rel_tol=1e-7)
    dot = CosineSimilarity(similarity="dot", reduction="sum", zero_diagonal=False)
    dot.update(data)
    assert np.allclose(dot.eval(), (data @ data.T).sum(axis=-1))
    mean = CosineSimilarity(reduction="mean")
    mean.update(data)
    assert np.allclose(mean.eval(), expected.mean(axis=-1))
    with pytest.raises(ValueError):
        CosineSimilarity(similarity="l2")
    with pytest.raises(RuntimeError):
        CosineSimilarity().eval()


_X = np.array([[3, 0, 1], [1, 3, 0], [1, 0, 2]])
_Y = np.array([[0, 2, 1], [1, 2, 1], [0, 0, 1]])
# Label 0: predicted points (0,1), (1,2), (2,1); true points (0,0), (2,0), (2,1). Nothing
# erodes, so the surfaces are the masks. Predicted -> true nearest distances: 1, sqrt 2, 0;
# true -> predicted: 1, 1, 0.


def test_hausdorff_distance():
    metric = HausdorffDistance()
    metric.update(Tensor(_X), Tensor(_Y), 0)
    assert math.isclose(metric.eval(), math.sqrt(2))
    directed = HausdorffDistance(directed=True, distance_metric="taxicab")
    directed.update(_X, _Y, 0)
    assert directed.eval() == 2
    percentile = HausdorffDistance(percentile=50.0, crop=False)
    percentile.update(_X, _Y, 0)
    assert math.isclose(percentile.eval(), 1.0)


def test_mean_and_root_mean_square_surface_distance():
    mean = MeanSurfaceDistance()
    mean.update(Tensor(_X), Tensor(_Y), 0)
    assert math.isclose(mean.eval(), (1 + math.sqrt(2)) / 3)
    symmetric = MeanSurfaceDistance(symmetric=True, distance_metric="chessboard")
    symmetric.update(_X, _Y, 0)
    assert math.isclose(symmetric.eval(), ((1 + 1 + 0) / 3 + (1 + 1 + 0) / 3) / 2)
    rms = RootMeanSquareDistance()
    rms.update(_X, _Y, 0)
    assert math.isclose(rms.eval(), (1 + 2 + 0) / 3)
    rms_symmetric = RootMeanSquareDistance(symmetric=True)
    rms_symmetric.update(_X, _Y, 0)
    assert math.isclose(rms_symmetric.eval(), math.sqrt((1 + 2 / 3) / 2))


def test_surface_is_the_mask_minus_its_erosion():
    # A filled 3x3 square inside a 5x5 image: its surface is the 8 border points, the centre
    # is inside. The other segmentation is the single point at the centre.
    square = np.zeros((5, 5), np.int32)
    square[1:4, 1:4] = 1
    centre = np.zeros((5, 5), np.int32)
    centre[2, 2] = 1
    metric = MeanSurfaceDistance(distance_metric="euclidean")
    metric.update(square, centre, 1)
    assert math.isclose(metric.eval(), (4 * 1 + 4 * math.sqrt(2)) / 8)
    hausdorff = HausdorffDistance(distance_metric="chessboard", directed=True)
    hausdorff.update(centre, square, 1)
    assert hausdorff.eval() == 1


def test_surface_distance_edge_cases_and_errors():
    empty_prediction = MeanSurfaceDistance()
    empty_prediction.update(np.zeros((3, 3)), np.eye(3), 1)
    assert empty_prediction.eval() == float("inf")
    with pytest.raises(ValueError, match="label index"):
        HausdorffDistance().update(_X, _Y, 7)
    with pytest.raises(TypeError):
        RootMeanSquareDistance().update(_X, _Y, "0")
    with pytest.raises(ValueError):
        MeanSurfaceDistance().update(_X, _Y, "0")
    with pytest.raises(ValueError):
        HausdorffDistance().update(_X, _Y[:2], 0)
    with pytest.raises(ValueError):
        HausdorffDistance(distance_metric="l3")
    with pytest.raises(ValueError):
        HausdorffDistance(percentile=101.0)
    with pytest.raises(RuntimeError):
        RootMeanSquareDistance().eval()


class _Dense(nn.Cell):
    def __init__(self):
        super().__init__()
        w = np.array([[0.1, 0.8, 0.1, 0.1], [1, 1, 1, 1]], np.float32)
        self.dense = nn.Dense(4, 2, weight_init=Tensor(w), bias_init=Tensor(np.array([0.3, 0.6], np.float32)))

    def construct(self, x):
        return self.dense(x)


def test_occlusion_sensitivity():
    # Label 1 scores sum(x) + 0.6 = 1.6. Position p hides [p - 2, p + 2): the inputs
    # hidden sum to 0.3, 0.6, 1.0, 0.9.
    metric = OcclusionSensitivity()
    metric.update(_Dense(), np.array([[0.1, 0.2, 0.3, 0.4]], np.float32), np.array(1, np.int32))
    assert np.allclose(metric.eval(), [0.3, 0.6, 1.0, 0.9], atol=1e-6)
    small_batches = OcclusionSensitivity(margin=1, n_batch=3, b_box=[1, 2])
    small_batches.update(_Dense(), np.array([[0.1, 0.2, 0.3, 0.4]], np.float32), 1)
    assert np.allclose(small_batches.eval(), [0.1 + 0.2, 0.2 + 0.3], atol=1e-6), "[p - 1, p + 1) for p = 1, 2"
    with pytest.raises(RuntimeError):
        OcclusionSensitivity().update(_Dense(), np.ones((2, 4), np.float32), 1)
    with pytest.raises(TypeError):
        OcclusionSensitivity().update(lambda x: x, np.ones((1, 4), np.float32), 1)
    with pytest.raises(ValueError):
        OcclusionSensitivity(b_box=[0]).update(_Dense(), np.ones((1, 4), np.float32), 1)
    with pytest.raises(TypeError):
        OcclusionSensitivity(pad_val=1)


def test_names_and_get_metric_fn():
    assert names() == ['F1', 'acc', 'accuracy', 'auc', 'bleu_score', 'confusion_matrix', 'confusion_matrix_metric',
                       'cosine_similarity', 'dice', 'hausdorff_distance', 'loss', 'mae', 'mean_surface_distance',
                       'mse', 'occlusion_sensitivity', 'perplexity', 'precision', 'recall', 'roc',
                       'root_mean_square_distance', 'top_1_accuracy', 'top_5_accuracy', 'topk']
    assert isinstance(get_metric_fn("roc", pos_label=1), ROC)
    assert get_metric_fn("auc", np.array([0.0, 1.0]), np.array([1.0, 1.0])) == 1.0
