"""The margin losses of nn (nn/loss/margin.py) and L1LossExt: NumPy float64 references and
MindSpore 2.7.1's values, every reduction, Graph mode, gradients, bad arguments."""
import numpy as np
import pytest

import spore as ms
from spore import Tensor, nn, ops

RNG = np.random.default_rng(5)
REDUCTIONS = ["mean", "sum", "none"]
_REDUCE = {"mean": np.mean, "sum": np.sum, "none": lambda v: v}


def check(got, want, rtol=1e-5, atol=1e-6):
    np.testing.assert_allclose(got.asnumpy(), want, rtol=rtol, atol=atol)


def in_graph(cell, *args):
    return ms.jit(lambda *xs: cell(*xs))(*args)


X = np.array([[0.3, -0.7, 1.2], [0.5, 0.5, -2.0]], np.float32)
SIGNS = np.array([[1.0, -1, 1], [-1, 1, 1]], np.float32)
X64 = X.astype(np.float64)


@pytest.mark.parametrize("reduction", REDUCTIONS)
def test_hinge_embedding(reduction):
    want = np.where(SIGNS == 1, X64, np.maximum(0.5 - X64, 0))
    loss = nn.HingeEmbeddingLoss(0.5, reduction)
    check(loss(Tensor(X), Tensor(SIGNS)), _REDUCE[reduction](want))
    check(in_graph(loss, Tensor(X), Tensor(SIGNS)), _REDUCE[reduction](want))
    check(nn.HingeEmbeddingLoss()(Tensor(X), Tensor(SIGNS)), 0.36666667)        # MindSpore's value


@pytest.mark.parametrize("reduction", REDUCTIONS)
def test_soft_margin(reduction):
    loss = nn.SoftMarginLoss(reduction)
    check(loss(Tensor(X), Tensor(SIGNS)), _REDUCE[reduction](np.log1p(np.exp(-SIGNS * X64))))
    check(in_graph(loss, Tensor(X), Tensor(SIGNS)), _REDUCE[reduction](np.log1p(np.exp(-SIGNS * X64))))


def _multi_margin(x, y, p, margin, weight):
    loss = np.zeros(len(x))
    for n, (row, label) in enumerate(zip(x.astype(np.float64), y)):
        hinge = np.maximum(margin - row[label] + row, 0) ** p
        loss[n] = (hinge.sum() - hinge[label]) * weight[label] / row.size
    return loss


@pytest.mark.parametrize("reduction", REDUCTIONS)
@pytest.mark.parametrize("p, margin", [(1, 1.0), (2, 0.5)])
def test_multi_margin(reduction, p, margin):
    x, y, w = RNG.standard_normal((4, 5)).astype(np.float32), np.array([1, 0, 4, 2]), RNG.uniform(0.5, 2, 5)
    loss = nn.MultiMarginLoss(p, margin, reduction)
    want = _multi_margin(x, y, p, margin, np.ones(5))
    check(loss(Tensor(x), Tensor(y)), _REDUCE[reduction](want))
    check(in_graph(loss, Tensor(x), Tensor(y)), _REDUCE[reduction](want))
    want = _multi_margin(x, y, p, margin, w)
    check(loss(Tensor(x), Tensor(y), Tensor(w, ms.float32)), _REDUCE[reduction](want))


def test_multi_margin_weights_of_mindspore():
    """The constructor's weight wins over the call's (MindSpore's values)."""
    y = Tensor(np.array([1, 2], np.int64))
    weight, call_weight = Tensor(np.array([1.0, 2, 3], np.float32)), Tensor(np.array([5.0, 5, 5], np.float32))
    check(nn.MultiMarginLoss()(Tensor(X), y), 1.9833333)
    check(nn.MultiMarginLoss(weight=weight)(Tensor(X), y, call_weight), 5.133333)
    check(nn.MultiMarginLoss()(Tensor(X), y, call_weight), 9.916667)


def _multilabel_margin(x, y):
    loss = np.zeros(len(x))
    for n, (row, labels) in enumerate(zip(x.astype(np.float64), y)):
        listed = list(labels[:list(labels).index(-1)] if -1 in labels else labels)
        others = [i for i in range(row.size) if i not in listed]
        loss[n] = sum(max(0.0, 1 - row[j] + row[i]) for j in listed for i in others) / row.size
    return loss


@pytest.mark.parametrize("reduction", REDUCTIONS)
def test_multilabel_margin(reduction):
    x, y = RNG.standard_normal((3, 4)).astype(np.float32), np.array([[3, 0, -1, 1], [1, 2, 3, 0], [2, -1, 0, 0]])
    loss = nn.MultilabelMarginLoss(reduction)
    want = _REDUCE[reduction](_multilabel_margin(x, y))
    check(loss(Tensor(x), Tensor(y, ms.int32)), want)
    check(in_graph(loss, Tensor(x), Tensor(y, ms.int32)), want)


@pytest.mark.parametrize("reduction", REDUCTIONS)
def test_multilabel_soft_margin(reduction):
    target, weight = (SIGNS > 0).astype(np.float32), np.array([1.0, 2, 3], np.float32)
    want = -(target * -np.logaddexp(0, -X64) + (1 - target) * -np.logaddexp(0, X64)) * weight
    loss = nn.MultiLabelSoftMarginLoss(Tensor(weight), reduction)
    check(loss(Tensor(X), Tensor(target)), _REDUCE[reduction](want.mean(-1)))
    check(in_graph(loss, Tensor(X), Tensor(target)), _REDUCE[reduction](want.mean(-1)))
    if reduction == "mean":
        check(loss(Tensor(X), Tensor(target)), 1.7422651)                      # MindSpore's value


def _distance(a, b):
    return np.sqrt(((a - b) ** 2).sum(1))


@pytest.mark.parametrize("reduction", REDUCTIONS)
@pytest.mark.parametrize("swap", [False, True])
def test_triplet_margin_with_distance(reduction, swap):
    x, positive, negative = (RNG.standard_normal((4, 3)) for _ in range(3))
    to_negative = _distance(x, negative)
    if swap:
        to_negative = np.minimum(to_negative, _distance(positive, negative))
    want = _REDUCE[reduction](np.maximum(_distance(x, positive) - to_negative + 0.5, 0))
    loss = nn.TripletMarginWithDistanceLoss(swap=swap, reduction=reduction, margin=0.5)
    args = tuple(Tensor(v, ms.float32) for v in (x, positive, negative))
    check(loss(*args), want)
    check(in_graph(loss, *args), want)


def test_triplet_margin_with_distance_of_mindspore():
    x = Tensor(np.array([[0.3, 0.7], [0.5, 0.5]], np.float32))
    positive = Tensor(np.array([[0.4, 0.6], [0.4, 0.6]], np.float32))
    negative = Tensor(np.array([[0.2, 0.9], [0.3, 0.7]], np.float32))
    check(nn.TripletMarginWithDistanceLoss()(x, positive, negative), 0.888197)
    check(nn.TripletMarginWithDistanceLoss(swap=True, reduction="none", margin=0.5)(x, positive, negative),
          [0.41781455, 0.5])
    manhattan = nn.TripletMarginWithDistanceLoss(distance_function=lambda a, b: ops.abs(a - b).sum(-1),
                                                 reduction="sum")
    check(manhattan(x, positive, negative), 1.7)


def test_triplet_margin_with_distance_gradient():
    """d/dx of max(|x - p| - |x - n| + margin, 0) = (x - p) / |x - p| - (x - n) / |x - n| where positive."""
    x, positive, negative = (RNG.standard_normal((4, 3)) for _ in range(3))
    active = _distance(x, positive) - _distance(x, negative) + 2.0 > 0
    want = ((x - positive) / _distance(x, positive)[:, None] - (x - negative) / _distance(x, negative)[:, None])
    want = want * active[:, None] / 4
    loss = nn.TripletMarginWithDistanceLoss(margin=2.0)
    grad = ms.grad(lambda v: loss(v, Tensor(positive, ms.float32), Tensor(negative, ms.float32)))(
        Tensor(x, ms.float32))
    check(grad, want, rtol=1e-4, atol=1e-6)


@pytest.mark.parametrize("reduction", REDUCTIONS)
def test_l1_loss_ext(reduction):
    loss = nn.L1LossExt(reduction)
    check(loss(Tensor(X), Tensor(SIGNS[0])), _REDUCE[reduction](np.abs(X64 - SIGNS[0])))
    check(in_graph(loss, Tensor(X), Tensor(SIGNS)), _REDUCE[reduction](np.abs(X64 - SIGNS)))


@pytest.mark.parametrize("build, error, match", [
    (lambda: nn.HingeEmbeddingLoss("a"), TypeError, "For 'HingeEmbeddingLoss', the 'margin'"),
    (lambda: nn.HingeEmbeddingLoss(reduction="a"), ValueError, "For 'HingeEmbeddingLoss', the 'reduction'"),
    (lambda: nn.SoftMarginLoss("a")(Tensor(X), Tensor(SIGNS)), ValueError, "For 'soft_margin_loss', the 'reduction'"),
    (lambda: nn.MultiMarginLoss(margin=1), TypeError, "For 'MultiMarginLoss', the 'margin'"),
    (lambda: nn.MultiMarginLoss(p=3), ValueError, "For 'MultiMarginLoss', the 'p' must be 1 or 2"),
    (lambda: nn.MultiMarginLoss()([1.0], Tensor(np.array([1, 2]))), TypeError,
     "For 'MultiMarginLoss', the 'x' must be a Tensor"),
    (lambda: nn.MultilabelMarginLoss("a"), ValueError, "For 'MultilabelMarginLoss', the 'reduction'"),
    (lambda: nn.MultiLabelSoftMarginLoss(reduction="a"), ValueError, "For 'MultiLabelSoftMarginLoss', the 'reduction'"),
    (lambda: nn.TripletMarginWithDistanceLoss(margin=1), TypeError,
     "For 'TripletMarginWithDistanceLoss', the 'margin'"),
    (lambda: nn.TripletMarginWithDistanceLoss(swap=1), TypeError, "For 'TripletMarginWithDistanceLoss', the 'swap'"),
    (lambda: nn.TripletMarginWithDistanceLoss(reduction="a"), ValueError,
     "For 'TripletMarginWithDistanceLoss', the 'reduction'"),
    (lambda: nn.TripletMarginWithDistanceLoss()([1.0], Tensor(X), Tensor(X)), TypeError,
     "For 'TripletMarginWithDistanceLoss', the 'x' must be a Tensor"),
    (lambda: nn.TripletMarginWithDistanceLoss()(Tensor(X[0, 0]), Tensor(X[0, 0]), Tensor(X[0, 0])), ValueError,
     "For 'pairwise_distance' in 'TripletMarginWithDistanceLoss'"),
    (lambda: nn.L1LossExt("a"), ValueError, "For 'L1LossExt', the 'reduction'"),
])
def test_bad_arguments(build, error, match):
    with pytest.raises(error, match=match):
        build()
