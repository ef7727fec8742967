"""DiceLoss, MultiClassDiceLoss, FocalLoss (nn/loss/segmentation.py) and
SampledSoftmaxLoss (nn/loss/sampled.py): NumPy float64 references and MindSpore 2.7.1's
values, Graph mode, gradients, bad arguments."""
import numpy as np
import pytest

import spore as ms
from spore import Tensor, nn

RNG = np.random.default_rng(11)
REDUCTIONS = ["mean", "sum", "none"]
_REDUCE = {"mean": np.mean, "sum": np.sum, "none": lambda v: v}


def check(got, want, rtol=1e-5, atol=1e-6):
    np.testing.assert_allclose(got.asnumpy(), want, rtol=rtol, atol=atol)


def in_graph(cell, *args):
    return ms.jit(lambda *xs: cell(*xs))(*args)


def _dice(x, y, smooth=1e-5):
    x, y = x.astype(np.float64).ravel(), y.astype(np.float64).ravel()
    return 1 - 2 * (x * y).sum() / ((x * x).sum() + (y * y).sum() + smooth)


LOGITS = np.array([[0.2, 0.5, 0.7], [0.3, 0.1, 0.5], [0.9, 0.6, 0.3]], np.float32)
ONE_HOT = np.array([[0, 1, 0], [1, 0, 0], [0, 0, 1]], np.float32)


# ---- DiceLoss -----------------------------------------------------------------------------------
def test_dice():
    x, y = RNG.uniform(0, 1, (2, 3, 4)).astype(np.float32), (RNG.uniform(0, 1, (2, 3, 4)) > 0.5).astype(np.float32)
    check(nn.DiceLoss()(Tensor(x), Tensor(y)), _dice(x, y))
    check(in_graph(nn.DiceLoss(0.5), Tensor(x), Tensor(y)), _dice(x, y, 0.5))


def test_dice_of_mindspore():
    x = Tensor(np.array([[0.2, 0.5], [0.3, 0.1], [0.9, 0.6]], np.float32))
    y = Tensor(np.array([[0, 1], [1, 0], [0, 1]], np.float32))
    check(nn.DiceLoss()(x, y), 0.385966)
    ints = nn.DiceLoss()(Tensor(np.array([[2, 5], [3, 1]], np.int32)), Tensor(np.array([[0, 1], [1, 0]], np.int32)))
    assert ints.dtype == ms.float32
    check(ints, 0.609756)


def test_dice_gradient():
    """d/dx of 1 - 2 x.y / (x.x + y.y + s) = -2 y / D + 4 (x.y) x / D^2."""
    x, y = RNG.uniform(0, 1, (3, 4)), (RNG.uniform(0, 1, (3, 4)) > 0.5) * 1.0
    d = (x * x).sum() + (y * y).sum() + 1e-5
    grad = ms.grad(lambda v: nn.DiceLoss()(v, Tensor(y)))(Tensor(x))
    check(grad, -2 * y / d + 4 * (x * y).sum() * x / d ** 2)


# ---- MultiClassDiceLoss -------------------------------------------------------------------------
def _softmax(x, axis):
    e = np.exp(x - x.max(axis, keepdims=True))
    return e / e.sum(axis, keepdims=True)


def _multi_class_dice(x, y, weights=None, ignore=None):
    total = 0
    for i in range(y.shape[1]):
        if i != ignore:
            dice = _dice(x[:, i], y[:, i])
            total = total + (dice if weights is None else dice * weights[i])
    return total / y.shape[1]


@pytest.mark.parametrize("activation, apply", [
    ("softmax", lambda x: _softmax(x, -1)), ("sigmoid", lambda x: 1 / (1 + np.exp(-x))), ("tanh", np.tanh),
    ("relu", lambda x: np.maximum(x, 0)), (None, lambda x: x)])
def test_multi_class_dice(activation, apply):
    x, y = RNG.standard_normal((4, 3, 5)), (RNG.uniform(0, 1, (4, 3, 5)) > 0.5) * 1.0
    loss = nn.MultiClassDiceLoss(activation=activation)
    want = _multi_class_dice(apply(x), y)
    check(loss(Tensor(x, ms.float32), Tensor(y, ms.float32)), want, rtol=1e-4)
    check(in_graph(loss, Tensor(x, ms.float32), Tensor(y, ms.float32)), want, rtol=1e-4)


def test_multi_class_dice_weights_and_ignored_class():
    weights = RNG.uniform(0.5, 2, (3, 2))
    loss = nn.MultiClassDiceLoss(Tensor(weights, ms.float32), 1, activation=None)
    check(loss(Tensor(LOGITS), Tensor(ONE_HOT)), _multi_class_dice(LOGITS, ONE_HOT, weights, 1))


def test_multi_class_dice_of_mindspore():
    check(nn.MultiClassDiceLoss()(Tensor(LOGITS), Tensor(ONE_HOT)), 0.549581)
    check(nn.MultiClassDiceLoss(activation=nn.Tanh())(Tensor(LOGITS), Tensor(ONE_HOT)), 0.560857)
    check(nn.MultiClassDiceLoss(activation="logsoftmax")(Tensor(LOGITS), Tensor(ONE_HOT)), 1.49747)
    weights = Tensor(np.array([[1.0, 2], [2, 3], [3, 4]], np.float32))
    check(nn.MultiClassDiceLoss(weights, activation=None)(Tensor(LOGITS), Tensor(ONE_HOT)), [1.1575205, 1.7393793])


# ---- FocalLoss ----------------------------------------------------------------------------------
def _log_softmax(x, axis):
    return np.log(_softmax(x.astype(np.float64), axis))


def _focal_by_index(x, labels, gamma, weight):
    """x (N, C, ...), labels (N, 1, ...) class indices: per sample the mean over positions of
    -weight[y] (1 - p_y)^gamma log p_y."""
    log_p = np.take_along_axis(_log_softmax(x, 1), labels.astype(np.int64), 1)[:, 0]
    w = np.ones(x.shape[1]) if weight is None else weight
    loss = -((1 - np.exp(log_p)) ** gamma) * log_p * w[labels[:, 0].astype(np.int64)]
    return loss.reshape(len(x), -1).mean(1)


def _focal_by_class(x, targets, gamma, weight):
    """targets (N, C, ...) weighing each class's term; averaged over the positions."""
    log_p = _log_softmax(x, 1)
    w = np.ones(x.shape[1]) if weight is None else weight
    loss = -((1 - np.exp(log_p)) ** gamma) * targets * log_p * w.reshape((1, -1) + (1,) * (x.ndim - 2))
    return loss.reshape(x.shape[0], x.shape[1], -1).mean(-1)


@pytest.mark.parametrize("reduction", REDUCTIONS)
@pytest.mark.parametrize("shape", [(4, 3), (2, 3, 5), (2, 3, 2, 2)])
@pytest.mark.parametrize("weighted", [False, True])
def test_focal(reduction, shape, weighted):
    x = RNG.standard_normal(shape).astype(np.float32)
    labels = RNG.integers(0, 3, (shape[0], 1) + shape[2:]).astype(np.int32)
    targets = RNG.uniform(0, 1, shape).astype(np.float32)
    weight = RNG.uniform(0.5, 2, 3) if weighted else None
    loss = nn.FocalLoss(None if weight is None else Tensor(weight, ms.float32), 1.5, reduction)
    check(loss(Tensor(x), Tensor(labels)), _REDUCE[reduction](_focal_by_index(x, labels, 1.5, weight)))
    check(loss(Tensor(x), Tensor(targets)), _REDUCE[reduction](_focal_by_class(x, targets, 1.5, weight)))
    check(in_graph(loss, Tensor(x), Tensor(labels)), _REDUCE[reduction](_focal_by_index(x, labels, 1.5, weight)))


def test_focal_of_mindspore():
    x = Tensor(np.array([[0.8, 1.4], [0.5, 0.9], [1.2, 0.9]], np.float32))
    labels = Tensor(np.array([[1], [1], [0]], np.int32))
    check(nn.FocalLoss(weight=Tensor([1.0, 2.0], ms.float32))(x, labels), 0.125165)
    check(nn.FocalLoss(reduction="none")(x, Tensor(np.zeros((3, 1), np.int64))), [0.4324993, 0.3272468, 0.1003929])


def test_focal_gradient():
    """For two classes and index labels, d/dz of -(1 - p)^g log p with p = sigmoid(z_y - z_o)."""
    x, labels = RNG.standard_normal((4, 2)), np.array([[0], [1], [1], [0]])
    grad = ms.grad(lambda v: nn.FocalLoss(gamma=2.0, reduction="sum")(v, Tensor(labels, ms.int32)))(
        Tensor(x, ms.float32)).asnumpy()
    y = labels[:, 0]
    p = _softmax(x, 1)[np.arange(4), y]
    d_dp = 2 * (1 - p) * np.log(p) - (1 - p) ** 2 / p                          # d loss / d p
    d_dzy = d_dp * p * (1 - p)                                                   # p = sigmoid(z_y - z_other)
    want = np.zeros((4, 2))
    want[np.arange(4), y] = d_dzy
    want[np.arange(4), 1 - y] = -d_dzy
    np.testing.assert_allclose(grad, want, rtol=1e-4, atol=1e-6)


# ---- SampledSoftmaxLoss -------------------------------------------------------------------------
WEIGHTS, BIASES, INPUTS = RNG.standard_normal((7, 5)), RNG.standard_normal(7), RNG.standard_normal((3, 5))


def _sampled_softmax(labels, sampled, true_expected, sampled_expected):
    """The cross entropy of softmax over [true classes, sampled classes] logits less log Q."""
    true_logits = np.einsum("nd,nkd->nk", INPUTS, WEIGHTS[labels]) + BIASES[labels] - np.log(true_expected)
    sampled_logits = INPUTS @ WEIGHTS[sampled].T + BIASES[sampled] - np.log(sampled_expected)
    logits = np.concatenate((true_logits, sampled_logits), 1)
    log_p = logits - np.log(np.exp(logits).sum(1, keepdims=True))
    return -(log_p[:, :labels.shape[1]] / labels.shape[1]).sum(1)


@pytest.mark.parametrize("num_true", [1, 2])
def test_sampled_softmax_with_given_samples(num_true):
    labels = np.array([[0, 1], [1, 2], [2, 3]])[:, :num_true]
    sampled, true_expected, sampled_expected = np.array([3, 5, 6]), np.full((3, num_true), 0.4), np.full(3, 0.4)
    values = (Tensor(sampled, ms.int32), Tensor(true_expected, ms.float32), Tensor(sampled_expected, ms.float32))
    loss = nn.SampledSoftmaxLoss(3, 7, num_true, values, reduction="mean")       # the loss is not reduced
    args = (Tensor(WEIGHTS, ms.float32), Tensor(BIASES, ms.float32), Tensor(labels), Tensor(INPUTS, ms.float32))
    want = _sampled_softmax(labels, sampled, true_expected, sampled_expected)
    check(loss(*args), want, rtol=1e-5)
    check(in_graph(loss, *args), want, rtol=1e-5)


def test_sampled_softmax_draws_distinct_classes():
    loss = nn.SampledSoftmaxLoss(4, 7, seed=1)
    got = loss(Tensor(WEIGHTS, ms.float32), Tensor(BIASES, ms.float32), Tensor(np.array([0, 1, 2]), ms.int32),
               Tensor(INPUTS, ms.float32))
    assert got.shape == (3,) and np.all(np.isfinite(got.asnumpy())) and np.all(got.asnumpy() > 0)


# ---- bad arguments ------------------------------------------------------------------------------
_X2, _Y2 = Tensor(LOGITS[:, :2]), Tensor(np.array([[1], [1], [0]], np.int32))


@pytest.mark.parametrize("build, error, match", [
    (lambda: nn.DiceLoss(smooth=1), TypeError, "For 'DiceLoss', the 'smooth'"),
    (lambda: nn.DiceLoss(smooth=0.0), ValueError, "For 'DiceLoss', the 'smooth' must be a positive float"),
    (lambda: nn.DiceLoss()(Tensor(LOGITS), Tensor(ONE_HOT[0])), ValueError, "For 'DiceLoss', the 'labels' must"),
    (lambda: nn.DiceLoss()(Tensor(LOGITS, ms.uint8), Tensor(ONE_HOT)), TypeError, "can not be uint8"),
    (lambda: nn.DiceLoss()([1.0], Tensor(ONE_HOT)), TypeError, "For 'DiceLoss', the 'logits' must be a Tensor"),
    (lambda: nn.MultiClassDiceLoss(activation="gelu"), ValueError, "For 'MultiClassDiceLoss', the 'activation'"),
    (lambda: nn.MultiClassDiceLoss(activation=3), TypeError, "For 'MultiClassDiceLoss', the 'activation' must be str"),
    (lambda: nn.MultiClassDiceLoss(weights=Tensor(np.ones(3, np.float32))), ValueError,
     "For 'MultiClassDiceLoss', the dimension of 'weights' must be 2"),
    (lambda: nn.MultiClassDiceLoss(weights=[1.0]), TypeError, "For 'MultiClassDiceLoss', the 'weights'"),
    (lambda: nn.MultiClassDiceLoss(ignore_indiex=1.0), TypeError, "For 'MultiClassDiceLoss', the 'ignore_indiex'"),
    (lambda: nn.MultiClassDiceLoss()(Tensor(LOGITS[0]), Tensor(ONE_HOT[0])), ValueError,
     "For 'MultiClassDiceLoss', the 'logits' must have at least 2 dimensions"),
    (lambda: nn.MultiClassDiceLoss(weights=Tensor(np.ones((2, 1), np.float32)))(Tensor(LOGITS), Tensor(ONE_HOT)),
     ValueError, "For 'MultiClassDiceLoss', the 'weights' must have a row per class"),
    (lambda: nn.FocalLoss(gamma=2), TypeError, "For 'FocalLoss', the 'gamma'"),
    (lambda: nn.FocalLoss(weight=[1.0, 2.0]), TypeError, "For 'FocalLoss', the type of 'weight' must be a Tensor"),
    (lambda: nn.FocalLoss(weight=Tensor(np.ones((2, 2), np.float32))), ValueError,
     "For 'FocalLoss', the dimension of 'weight' must be 1"),
    (lambda: nn.FocalLoss(reduction="x"), ValueError, "For 'FocalLoss', the 'reduction'"),
    (lambda: nn.FocalLoss()(Tensor(LOGITS[0]), _Y2), ValueError, "For 'FocalLoss', the dimension of 'logits'"),
    (lambda: nn.FocalLoss()(Tensor(LOGITS[:, :1]), _Y2), ValueError, "'logits'.shape\\[1\\] cannot be one"),
    (lambda: nn.FocalLoss()(_X2, Tensor(np.zeros((3, 3), np.int32))), ValueError, "'labels'.shape\\[1\\] must be one"),
    (lambda: nn.FocalLoss()(_X2, Tensor(np.zeros((3, 1)))), TypeError, "For 'FocalLoss', the dtype of 'labels'"),
    (lambda: nn.SampledSoftmaxLoss(8, 7), ValueError, "For 'SampledSoftmaxLoss', the 'num_sampled' must be smaller"),
    (lambda: nn.SampledSoftmaxLoss(3, 7, num_true=0), ValueError, "For 'SampledSoftmaxLoss', the 'num_true' must be"),
    (lambda: nn.SampledSoftmaxLoss(3, 7, seed=-1), ValueError, "For 'SampledSoftmaxLoss', the 'seed'"),
    (lambda: nn.SampledSoftmaxLoss(1, 7, num_true=8), ValueError, "For 'SampledSoftmaxLoss', the 'num_true' must be "
     "smaller"),
    (lambda: nn.SampledSoftmaxLoss(3, 7, sampled_values=3), TypeError, "For 'SampledSoftmaxLoss', the type of "
     "'sampled_values'"),
    (lambda: nn.SampledSoftmaxLoss(3, 7, sampled_values=(1, 2)), ValueError, "the length of 'sampled_values'"),
    (lambda: nn.SampledSoftmaxLoss(3, 7, reduction="x"), ValueError, "For 'SampledSoftmaxLoss', the 'reduction'"),
    (lambda: nn.SampledSoftmaxLoss(3, 7)(Tensor(WEIGHTS), Tensor(BIASES), Tensor(np.zeros(3)), Tensor(INPUTS)),
     TypeError, "For 'SampledSoftmaxLoss', the dtype of 'labels'"),
])
def test_bad_arguments(build, error, match):
    with pytest.raises(error, match=match):
        build()


def test_sampled_softmax_loss_with_given_samples_matches_mindspore():
    """MindSpore 2.7.1's documentation example, with the candidates its sampler drew there
    passed as `sampled_values` (the draw itself comes from MindSpore's own random stream)."""
    rng = np.random.RandomState(1)
    weights = Tensor(rng.randint(0, 9, [7, 10]), ms.float32)
    biases = Tensor(rng.randint(0, 9, [7]), ms.float32)
    logits = Tensor(rng.randint(0, 9, [3, 10]), ms.float32)
    sampled = (Tensor(np.array([6, 4, 5, 3]), ms.int64), Tensor(np.full((3, 1), 0.884456694, np.float32)),
               Tensor(np.full((4,), 0.884456694, np.float32)))
    loss = nn.SampledSoftmaxLoss(num_sampled=4, num_classes=7, num_true=1, sampled_values=sampled)
    np.testing.assert_allclose(loss(weights, biases, Tensor([0, 1, 2]), logits).asnumpy(),
                               [4.6051689e+01, 1.4000047e+01, 6.1392784e-06], rtol=1e-5, atol=1e-6)
