"""Loss Cells against NumPy float64 references, for every reduction: the regression losses,
the softmax / cross-entropy family (class indices and probabilities, class weights,
ignore_index, label smoothing), the binary cross entropies, KL divergence and the
embedding / ranking losses. Also LossBase.get_loss with weights, the dtypes the losses
keep, the seed tutorial's two losses, and argument errors."""
import numpy as np
import pytest

import spore as ms
from spore import Parameter, Tensor
from spore.nn import loss as L

RNG = np.random.default_rng(0)
REDUCTIONS = ["mean", "sum", "none"]


def rand(*shape, dtype=np.float32):
    return RNG.standard_normal(shape).astype(dtype)


def reduce(loss, reduction):
    return {"mean": np.mean, "sum": np.sum, "none": lambda v: v}[reduction](loss)


def check(got, want, rtol=1e-5, atol=1e-6):
    np.testing.assert_allclose(got.asnumpy(), want, rtol=rtol, atol=atol)


def log_softmax(x, axis):
    x = x.astype(np.float64)
    shifted = x - x.max(axis, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(axis, keepdims=True))


X, Y = rand(4, 5), rand(4, 5)
X64, Y64 = X.astype(np.float64), Y.astype(np.float64)


# ---- regression losses --------------------------------------------------------------------------
@pytest.mark.parametrize("reduction", REDUCTIONS)
def test_l1_mse_mae(reduction):
    check(L.L1Loss(reduction)(Tensor(X), Tensor(Y)), reduce(np.abs(X64 - Y64), reduction))
    check(L.MSELoss(reduction)(Tensor(X), Tensor(Y)), reduce((X64 - Y64) ** 2, reduction))
    check(L.MAELoss(reduction)(Tensor(X), Tensor(Y)), reduce(np.abs(X64 - Y64), reduction))


def test_rmse():
    check(L.RMSELoss()(Tensor(X), Tensor(Y)), np.sqrt(np.mean((X64 - Y64) ** 2)))


@pytest.mark.parametrize("reduction", REDUCTIONS)
def test_smooth_l1(reduction):
    beta = 0.5
    d = np.abs(X64 - Y64)
    want = np.where(d < beta, 0.5 * d * d / beta, d - 0.5 * beta)
    check(L.SmoothL1Loss(beta, reduction)(Tensor(X), Tensor(Y)), reduce(want, reduction))


def test_smooth_l1_defaults_to_no_reduction():
    d = np.abs(X64 - Y64)
    check(L.SmoothL1Loss()(Tensor(X), Tensor(Y)), np.where(d < 1, 0.5 * d * d, d - 0.5))


@pytest.mark.parametrize("reduction", REDUCTIONS)
def test_huber(reduction):
    delta = 0.7
    d = np.abs(X64 - Y64)
    want = np.where(d < delta, 0.5 * d * d, delta * (d - 0.5 * delta))
    check(L.HuberLoss(reduction, delta)(Tensor(X), Tensor(Y)), reduce(want, reduction))


def test_mse_of_squeezed_logits_and_a_scalar_target():
    """The seed tutorial: nn.MSELoss() of a Dense output squeezed to 0-d against a 0-d label."""
    logits = Tensor(np.array([[20.0]], np.float32)).squeeze()
    out = L.MSELoss()(logits, Tensor(19.0, ms.float32))
    assert out.shape == () and out.dtype == ms.float32
    assert out.asnumpy() == 1.0


def test_mse_broadcasts():
    out = L.MSELoss("none")(Tensor(np.ones((3, 1), np.float32)), Tensor(np.arange(4, dtype=np.float32)))
    check(out, (1.0 - np.arange(4.0)[None, :].repeat(3, 0)) ** 2)


@pytest.mark.parametrize("dtype, ms_dtype", [(np.float16, ms.float16), (np.int32, ms.int32)])
def test_get_loss_keeps_the_input_dtype(dtype, ms_dtype):
    out = L.MSELoss()(Tensor(np.full((2, 2), 3, dtype)), Tensor(np.ones((2, 2), dtype)))
    assert out.dtype == ms_dtype
    assert out.asnumpy() == 4


class WeightedLoss(L.LossBase):
    def __init__(self, weights, reduction="mean"):
        super().__init__(reduction)
        self.weights = weights

    def construct(self, logits, labels):
        return self.get_loss(logits - labels, self.weights)


@pytest.mark.parametrize("reduction", REDUCTIONS)
def test_get_loss_with_weights(reduction):
    weights = np.array([1.0, 2.0, 3.0, 4.0, 5.0], np.float32)
    check(WeightedLoss(Tensor(weights), reduction)(Tensor(X), Tensor(Y)), reduce(weights * (X64 - Y64), reduction))
    check(WeightedLoss(0.5, reduction)(Tensor(X), Tensor(Y)), reduce(0.5 * (X64 - Y64), reduction))


def test_loss_base():
    base = L.LossBase("sum")
    assert (base.reduction, base.reduce, base.average) == ("sum", True, False)
    assert base.get_axis(Tensor(X)) == (0, 1)
    with pytest.raises(NotImplementedError):
        base(Tensor(X), Tensor(Y))


# ---- softmax cross entropy ----------------------------------------------------------------------
LABELS = np.array([1, 0, 4, 2], np.int32)
PROBS = RNG.uniform(0, 1, (4, 5)).astype(np.float32)
PROBS /= PROBS.sum(1, keepdims=True)


@pytest.mark.parametrize("reduction", REDUCTIONS)
def test_softmax_cross_entropy_with_logits(reduction):
    logp = log_softmax(X, 1)
    dense = L.SoftmaxCrossEntropyWithLogits(reduction=reduction)(Tensor(X), Tensor(PROBS))
    check(dense, reduce(-(PROBS * logp).sum(1), reduction))
    sparse = L.SoftmaxCrossEntropyWithLogits(sparse=True, reduction=reduction)(Tensor(X), Tensor(LABELS))
    check(sparse, reduce(-logp[np.arange(4), LABELS], reduction))


def test_softmax_cross_entropy_of_uniform_lenet_logits():
    """The seed tutorial: LeNet's first-step logits are uniform, so the loss is log(10)."""
    loss = L.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    out = loss(Tensor(np.zeros((32, 10), np.float32)), Tensor(np.ones(32, np.int32)))
    assert out.shape == () and out.dtype == ms.float32
    np.testing.assert_allclose(out.asnumpy(), 2.3025854, rtol=1e-7)


def test_sparse_softmax_cross_entropy_takes_int64_labels_and_more_axes():
    out = L.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="sum")(Tensor(X), Tensor(LABELS.astype(np.int64)))
    check(out, -log_softmax(X, 1)[np.arange(4), LABELS].sum())
    x3, labels3 = rand(2, 3, 4), np.array([[0, 1, 3], [2, 2, 0]], np.int32)
    out = L.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")(Tensor(x3), Tensor(labels3))
    want = -np.take_along_axis(log_softmax(x3, 2), labels3[..., None], 2).mean()
    check(out, want)


def class_index_cross_entropy(logp, labels, weight, ignore_index, reduction, smoothing):
    """logp (N, C, ...) log-probabilities and labels (N, ...): MindSpore's weighted,
    ignore_index-aware and label-smoothed cross entropy."""
    classes = logp.shape[1]
    logp = np.moveaxis(logp, 1, -1).reshape(-1, classes)
    labels = labels.reshape(-1)
    weight = np.ones(classes) if weight is None else weight.astype(np.float64)
    kept = labels != ignore_index
    safe = np.where(kept, labels, 0)
    nll = -weight[safe] * logp[np.arange(len(labels)), safe] * kept
    smooth = -(logp * weight).sum(1) * kept
    per_sample = (1 - smoothing) * nll + smoothing / classes * smooth
    if reduction == "none":
        return per_sample
    total = per_sample.sum()
    return total / (weight[safe] * kept).sum() if reduction == "mean" else total


@pytest.mark.parametrize("reduction", REDUCTIONS)
@pytest.mark.parametrize("weighted, ignore_index, smoothing", [
    (False, -100, 0.0), (True, -100, 0.0), (True, 2, 0.0), (False, 0, 0.1), (True, 4, 0.3),
])
def test_cross_entropy_with_class_indices(reduction, weighted, ignore_index, smoothing):
    weight = RNG.uniform(0.5, 2.0, 5).astype(np.float32) if weighted else None
    loss = L.CrossEntropyLoss(None if weight is None else Tensor(weight), ignore_index, reduction, smoothing)
    want = class_index_cross_entropy(log_softmax(X, 1), LABELS, weight, ignore_index, reduction, smoothing)
    check(loss(Tensor(X), Tensor(LABELS)), want)


@pytest.mark.parametrize("reduction", REDUCTIONS)
def test_cross_entropy_over_extra_axes(reduction):
    x3 = rand(3, 5, 2)
    labels = np.array([[1, 4], [0, -100], [2, 2]], np.int32)
    weight = RNG.uniform(0.5, 2.0, 5).astype(np.float32)
    out = L.CrossEntropyLoss(Tensor(weight), reduction=reduction, label_smoothing=0.2)(Tensor(x3), Tensor(labels))
    want = class_index_cross_entropy(log_softmax(x3, 1), labels, weight, -100, reduction, 0.2)
    check(out, want.reshape(3, 2) if reduction == "none" else want)


@pytest.mark.parametrize("reduction", REDUCTIONS)
def test_cross_entropy_with_probabilities(reduction):
    weight = RNG.uniform(0.5, 2.0, 5).astype(np.float32)
    out = L.CrossEntropyLoss(Tensor(weight), reduction=reduction, label_smoothing=0.1)(Tensor(X), Tensor(PROBS))
    target = PROBS * 0.9 + 0.1 / 5
    per_sample = -(log_softmax(X, 1) * target * weight).sum(1)
    check(out, reduce(per_sample, reduction))


@pytest.mark.parametrize("reduction", REDUCTIONS)
def test_nll_loss(reduction):
    logp = log_softmax(X, 1)
    weight = RNG.uniform(0.5, 2.0, 5).astype(np.float32)
    out = L.NLLLoss(Tensor(weight), ignore_index=0, reduction=reduction)(Tensor(logp.astype(np.float32)),
                                                                         Tensor(LABELS))
    check(out, class_index_cross_entropy(logp, LABELS, weight, 0, reduction, 0.0))


# ---- binary cross entropy and KL divergence ---------------------------------------------------------
P01 = RNG.uniform(0.05, 0.95, (4, 5)).astype(np.float32)
T01 = (RNG.uniform(size=(4, 5)) > 0.5).astype(np.float32)


@pytest.mark.parametrize("reduction", REDUCTIONS)
def test_bce(reduction):
    weight = RNG.uniform(0.5, 2.0, (4, 5)).astype(np.float32)
    p, t = P01.astype(np.float64), T01.astype(np.float64)
    want = -weight * (t * np.log(p) + (1 - t) * np.log(1 - p))
    check(L.BCELoss(Tensor(weight), reduction)(Tensor(P01), Tensor(T01)), reduce(want, reduction))
    check(L.BCELoss(reduction=reduction)(Tensor(P01), Tensor(T01)), reduce(want / weight, reduction))


@pytest.mark.parametrize("reduction", REDUCTIONS)
def test_bce_with_logits(reduction):
    weight = RNG.uniform(0.5, 2.0, 5).astype(np.float32)
    pos_weight = RNG.uniform(0.5, 2.0, 5).astype(np.float32)
    sig = 1 / (1 + np.exp(-X64))
    want = -weight * (pos_weight * T01 * np.log(sig) + (1 - T01) * np.log(1 - sig))
    out = L.BCEWithLogitsLoss(reduction, Tensor(weight), Tensor(pos_weight))(Tensor(X), Tensor(T01))
    check(out, reduce(want, reduction))


@pytest.mark.parametrize("reduction", ["mean", "sum", "none", "batchmean"])
def test_kl_div(reduction):
    target = PROBS[::-1].copy()
    pointwise = target * (np.log(target.astype(np.float64)) - log_softmax(X, 1))
    want = pointwise.sum() / 4 if reduction == "batchmean" else reduce(pointwise, reduction)
    check(L.KLDivLoss(reduction)(Tensor(log_softmax(X, 1).astype(np.float32)), Tensor(target)), want)


# ---- embedding and ranking losses ---------------------------------------------------------------------
@pytest.mark.parametrize("reduction", REDUCTIONS)
def test_cosine_embedding(reduction):
    target = np.array([1, -1, 1, -1], np.float32)
    cos = (X64 * Y64).sum(1) / np.sqrt((X64 ** 2).sum(1) * (Y64 ** 2).sum(1))
    want = np.where(target == 1, 1 - cos, np.maximum(cos - 0.2, 0))
    check(L.CosineEmbeddingLoss(0.2, reduction)(Tensor(X), Tensor(Y), Tensor(target)), reduce(want, reduction))


@pytest.mark.parametrize("reduction", REDUCTIONS)
def test_margin_ranking(reduction):
    target = np.sign(Y)
    want = np.maximum(0, -target * (X64 - Y64) + 0.3)
    check(L.MarginRankingLoss(0.3, reduction)(Tensor(X), Tensor(Y), Tensor(target)), reduce(want, reduction))


@pytest.mark.parametrize("reduction", REDUCTIONS)
def test_triplet_margin(reduction):
    anchor, positive, negative = rand(4, 6), rand(4, 6), rand(4, 6)

    def distance(a, b):
        return np.sqrt(((a.astype(np.float64) - b + 1e-6) ** 2).sum(1))

    def want(margin):
        return reduce(np.maximum(distance(anchor, positive) - distance(anchor, negative) + margin, 0), reduction)

    tensors = Tensor(anchor), Tensor(positive), Tensor(negative)
    check(L.TripletMarginLoss(reduction=reduction)(*tensors), want(1.0), rtol=1e-5, atol=1e-5)
    check(L.TripletMarginLoss(reduction=reduction, margin=2.0)(*tensors, margin=0.5), want(2.0), rtol=1e-5,
          atol=1e-5)


# ---- argument errors ---------------------------------------------------------------------------------
@pytest.mark.parametrize("cls", [L.L1Loss, L.MSELoss, L.MAELoss, L.SmoothL1Loss, L.HuberLoss, L.CrossEntropyLoss,
                                 L.NLLLoss, L.BCELoss, L.BCEWithLogitsLoss, L.CosineEmbeddingLoss,
                                 L.MarginRankingLoss, L.TripletMarginLoss, L.SoftmaxCrossEntropyWithLogits,
                                 L.KLDivLoss])
@pytest.mark.parametrize("reduction", ["bad", "Mean", None])
def test_bad_reduction(cls, reduction):
    error = TypeError if reduction is None else ValueError
    with pytest.raises(error, match=f"For '{cls.__name__}', the 'reduction' must be"):
        cls(reduction=reduction)


@pytest.mark.parametrize("build, error, match", [
    (lambda: L.SoftmaxCrossEntropyWithLogits(sparse=1), TypeError, "the 'sparse' must be bool"),
    (lambda: L.CrossEntropyLoss(ignore_index=1.0), TypeError, "the 'ignore_index' must be int"),
    (lambda: L.CrossEntropyLoss(label_smoothing=0), TypeError, "the 'label_smoothing' must be float"),
    (lambda: L.CrossEntropyLoss(label_smoothing=1.5), ValueError, "the 'label_smoothing' must be in range"),
    (lambda: L.CrossEntropyLoss(weight=np.ones(5, np.float32)), TypeError, "the 'weight' must be Tensor"),
    (lambda: L.CrossEntropyLoss(weight=Tensor(np.ones(5))), TypeError, "the dtype of 'weight'"),
    (lambda: L.NLLLoss(weight=Tensor(np.ones(5))), TypeError, "For 'NLLLoss', the dtype of 'weight'"),
    (lambda: L.NLLLoss(ignore_index="0"), TypeError, "the 'ignore_index' must be int"),
    (lambda: L.BCEWithLogitsLoss(weight=Parameter(Tensor(np.ones(5, np.float32)), name="w")), TypeError,
     "the 'weight' can not be a Parameter"),
    (lambda: L.BCEWithLogitsLoss(pos_weight=Parameter(Tensor(np.ones(5, np.float32)), name="w")), TypeError,
     "the 'pos_weight' can not be a Parameter"),
    (lambda: L.CosineEmbeddingLoss(margin=0), TypeError, "the 'margin' must be float"),
    (lambda: L.CosineEmbeddingLoss(margin=2.0), ValueError, r"the 'margin' must be in range \[-1.0, 1.0\]"),
])
def test_bad_arguments(build, error, match):
    with pytest.raises(error, match=match):
        build()


@pytest.mark.parametrize("call, error, match", [
    (lambda: L.MSELoss()([1.0], Tensor(X)), TypeError, "For 'MSELoss', the 'logits' must be a Tensor"),
    (lambda: L.MAELoss()(Tensor(X), 1.0), TypeError, "For 'MAELoss', the 'labels' must be a Tensor"),
    (lambda: L.CrossEntropyLoss()(Tensor(X), Tensor(LABELS.astype(np.int64))), TypeError,
     "For 'CrossEntropyLoss', the dtype of 'labels'"),
    (lambda: L.CrossEntropyLoss()(Tensor(X.astype(np.float64)), Tensor(LABELS)), TypeError, "the dtype of 'logits'"),
    (lambda: L.CrossEntropyLoss()(Tensor(X), Tensor(np.ones((4, 5, 2), np.int32))), ValueError, "rank"),
    (lambda: L.CrossEntropyLoss()(Tensor(X), Tensor(np.ones(3, np.int32))), ValueError, "without axis 1"),
    (lambda: L.CrossEntropyLoss()(Tensor(X), Tensor(np.ones((4, 4), np.float32))), ValueError,
     "must have the shape of 'logits'"),
    (lambda: L.SoftmaxCrossEntropyWithLogits(sparse=True)(Tensor(rand(2, 3, 4)), Tensor(np.ones((2, 3), np.int32))),
     ValueError, "SoftmaxCrossEntropyWithLogits"),
    (lambda: L.CosineEmbeddingLoss()(Tensor(X), Tensor(rand(4, 3)), Tensor(np.ones(4, np.float32))), ValueError,
     "one shape"),
    (lambda: L.HuberLoss(delta=0)(Tensor(X), Tensor(Y)), ValueError, "'delta'"),
    (lambda: L.RMSELoss()(Tensor(np.ones(2, np.uint8)), Tensor(np.ones(2, np.uint8))), TypeError, "unsigned"),
])
def test_bad_inputs(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_repr():
    assert repr(L.MSELoss()) == "MSELoss()"
    assert repr(L.SoftmaxCrossEntropyWithLogits(sparse=True)) == "SoftmaxCrossEntropyWithLogits()"
