"""Gradients of the neural-network primitives: numerical checks in float64 (activations,
normalizations, losses and their fused gradient primitives), MindSpore's values at kinks
and for labels / statistics, dropout against its recorded mask, and second-order checks."""
import numpy as np
import pytest

import spore as ms
from spore import ops
from tests.ops.op_testing import OpCase, case_id, rand

from .gradcheck import check_gradients, check_second_order

F64 = np.float64


def _away(x, kinks, gap=0.05):
    """x with every value closer than `gap` to a kink moved 2 * gap away from it."""
    x = np.array(x, F64)
    for kink in kinks:
        near = np.abs(x - kink) < gap
        x[near] = kink + 2 * gap
    return x


def _act(*shape, kinks=(0.0,), low=-4.0, high=4.0):
    return (_away(rand(*shape, dtype=F64, low=low, high=high), kinks),)


def _t(array):
    return ms.Tensor(np.asarray(array))


def _first(op, *constants):
    """op's first output as a function of its leading inputs, `constants` appended (for
    by-product outputs and inputs that take no gradient)."""
    tensors = tuple(_t(c) if isinstance(c, np.ndarray) else c for c in constants)
    return lambda *args: op(*args, *tensors)[0]


def _with(op, *constants):
    """op as a function of its leading inputs, `constants` appended."""
    tensors = tuple(_t(c) if isinstance(c, np.ndarray) else c for c in constants)
    return lambda *args: op(*args, *tensors)


def _probabilities(*shape):
    p = rand(*shape, dtype=F64, low=0.05, high=1)
    return p / p.sum(-1, keepdims=True)


def _labels(n, classes):
    return rand(n, dtype=np.int32, low=0, high=classes)


_SMOOTH = ("GeLU", "FastGeLU", "SiLU", "Mish", "Softplus")
_PIECEWISE = {"ReLU": (0,), "ReLU6": (0, 6), "Elu": (0,), "SeLU": (0,), "HSwish": (-3, 3), "HSigmoid": (-3, 3)}

# ---- activations --------------------------------------------------------------------------
GRAD_CASES = []
for _name in _SMOOTH:
    GRAD_CASES += [OpCase(getattr(ops, _name)(), _act(2, 3, 4), None), OpCase(getattr(ops, _name)(), _act(), None)]
for _name, _kinks in _PIECEWISE.items():
    GRAD_CASES += [OpCase(getattr(ops, _name)(), _act(2, 3, 4, kinks=_kinks, low=-7, high=7), None),
                   OpCase(getattr(ops, _name)(), _act(5, kinks=_kinks), None)]
for _alpha in (1.0, 2.0, 0.5):
    GRAD_CASES.append(OpCase(ops.CeLU(_alpha), _act(3, 4), None))
for _alpha in (0.2, 1.5, -0.5):
    GRAD_CASES.append(OpCase(ops.LeakyReLU(_alpha), _act(3, 4), None))
for _lambd in (0.5, 1.0):
    GRAD_CASES += [OpCase(ops.HShrink(_lambd), _act(3, 4, kinks=(_lambd, -_lambd)), None),
                   OpCase(ops.SoftShrink(_lambd), _act(3, 4, kinks=(_lambd, -_lambd)), None)]
GRAD_CASES += [
    OpCase(ops.PReLU(), (_act(2, 3, 4)[0], rand(3, dtype=F64)), None),
    OpCase(ops.PReLU(), (_act(2, 3, 2, 2)[0], rand(1, dtype=F64)), None),
    OpCase(ops.PReLU(), (_act(4, 2)[0], rand(2, dtype=F64)), None),
    OpCase(ops.PReLU(), (_act(5)[0], rand(1, dtype=F64)), None),
    OpCase(ops.PReLU(), (np.array(-1.5), rand(1, dtype=F64)), None),
    OpCase(ops.ReluGrad(), (rand(2, 3, dtype=F64), _act(2, 3)[0]), None),
]
for _axis in (-1, 0, 1):
    GRAD_CASES += [
        OpCase(ops.Softmax(_axis), (rand(2, 3, 4, dtype=F64, low=-3, high=3),), None),
        OpCase(ops.LogSoftmax(_axis), (rand(2, 3, 4, dtype=F64, low=-3, high=3),), None),
        OpCase(ops.SoftmaxGrad(_axis), (_probabilities(2, 3, 4), rand(2, 3, 4, dtype=F64)), None),
        OpCase(ops.LogSoftmaxGrad(_axis), (np.log(_probabilities(2, 3, 4)), rand(2, 3, 4, dtype=F64)), None),
    ]

# ---- bias, embedding ----------------------------------------------------------------------
GRAD_CASES += [
    OpCase(ops.BiasAdd(), (rand(4, 3, dtype=F64), rand(3, dtype=F64)), None),
    OpCase(ops.BiasAdd(), (rand(2, 3, 2, 2, dtype=F64), rand(3, dtype=F64)), None),
    OpCase(ops.BiasAdd(), (rand(2, 3, 2, 1, 2, dtype=F64), rand(3, dtype=F64)), None),
    OpCase(ops.BiasAdd("NHWC"), (rand(2, 2, 2, 3, dtype=F64), rand(3, dtype=F64)), None),
    OpCase(ops.BiasAdd("NCDHW"), (rand(1, 2, 2, 2, 2, dtype=F64), rand(2, dtype=F64)), None),
    # repeated rows accumulate; indices outside the table after the offset send nothing
    OpCase(ops.EmbeddingLookup(), (rand(5, 3, dtype=F64), np.array([[0, 4], [2, 2], [6, 3]], np.int32), 1), None),
    OpCase(ops.EmbeddingLookup(), (rand(4, dtype=F64), np.array([3, -1, 0, 3], np.int64), 0), None),
    OpCase(ops.EmbeddingLookup(), (rand(4, 2, dtype=F64), np.array([1, 2], np.int32), np.array(1, np.int32)), None),
]

# ---- normalization ------------------------------------------------------------------------
_MEAN, _VAR = rand(3, dtype=F64), rand(3, dtype=F64, low=0.5, high=2)


def _bn(shape, channels=3):
    return rand(*shape, dtype=F64), rand(channels, dtype=F64, low=0.5, high=2), rand(channels, dtype=F64)


def _bn_grad_with_batch_statistics(data_format="NCHW"):
    """BatchNormGrad in training, fed the batch statistics of x as BatchNorm computes them."""
    grad, norm = ops.BatchNormGrad(True, 1e-5, data_format), ops.BatchNorm(True, 1e-5, 0.1, data_format)

    def run(dy, x, scale):
        channels = scale.shape
        stats = norm(x, scale, scale, _t(np.zeros(channels)), _t(np.ones(channels)))[3:]
        return grad(dy, x, scale, *stats)
    return run


for _training in (True, False):
    for _shape in [(6, 3), (4, 3, 2), (3, 3, 2, 2)]:
        GRAD_CASES.append(OpCase(_first(ops.BatchNorm(_training), _MEAN, _VAR), _bn(_shape), None, prim="BatchNorm"))
    GRAD_CASES.append(OpCase(_first(ops.BatchNorm(_training, 1e-3, 0.1, "NHWC"), _MEAN, _VAR),
                             _bn((3, 2, 2, 3)), None, prim="BatchNorm"))
# BatchNormGrad: in inference every input is independent; in training the statistics are x's.
for _shape, _format in [((6, 3), "NCHW"), ((3, 3, 2, 2), "NCHW"), ((3, 2, 2, 3), "NHWC")]:
    GRAD_CASES += [
        OpCase(ops.BatchNormGrad(False, 1e-3, _format), (rand(*_shape, dtype=F64), rand(*_shape, dtype=F64),
                                                         rand(3, dtype=F64), _MEAN, _VAR), None),
        OpCase(_bn_grad_with_batch_statistics(_format), (rand(*_shape, dtype=F64), rand(*_shape, dtype=F64),
                                                         rand(3, dtype=F64, low=0.5, high=2)),
               None, prim="BatchNormGrad"),
    ]

_LN = (2, 3, 4)
for _norm_axis, _params_axis in [(1, 1), (-1, -1), (2, 1), (1, 2), (0, 0)]:
    _params = _LN[_params_axis % 3:]
    GRAD_CASES.append(OpCase(_first(ops.LayerNorm(_norm_axis, _params_axis, 1e-5)),
                             (rand(*_LN, dtype=F64), rand(*_params, dtype=F64), rand(*_params, dtype=F64)),
                             None, prim="LayerNorm"))
GRAD_CASES.append(OpCase(_first(ops.LayerNorm(1, 1, 1e-5)), (rand(3, 5, dtype=F64),), None, prim="LayerNorm"))

GRAD_CASES += [
    OpCase(lambda x, w, b: ops.GroupNorm()(x, 2, w, b, 1e-5)[0],
           (rand(2, 4, 3, dtype=F64), rand(4, dtype=F64), rand(4, dtype=F64)), None, prim="GroupNorm"),
    OpCase(lambda x, w, b: ops.GroupNorm()(x, 3, w, b)[0],
           (rand(2, 6, 2, 2, dtype=F64), rand(6, dtype=F64), rand(6, dtype=F64)), None, prim="GroupNorm"),
    OpCase(lambda x: ops.GroupNorm()(x, 1)[0], (rand(3, 4, dtype=F64),), None, prim="GroupNorm"),
]

# ---- losses -------------------------------------------------------------------------------
_LOGITS = rand(4, 5, dtype=F64, low=-3, high=3)
_PROBS = _probabilities(4, 5)
_CLASS_WEIGHT = rand(5, dtype=F64, low=0.1, high=2)
_TARGETS = np.array([1, 0, 4, 2], np.int32)

GRAD_CASES += [
    OpCase(_first(ops.SoftmaxCrossEntropyWithLogits(), _PROBS), (_LOGITS,), None,
           prim="SoftmaxCrossEntropyWithLogits"),
    OpCase(ops.SoftmaxCrossEntropyWithLogitsGrad(), (_LOGITS, _PROBS, rand(4, dtype=F64)), None),
    OpCase(ops.SparseSoftmaxCrossEntropyWithLogits(), (_LOGITS, _TARGETS), None),
    OpCase(ops.SparseSoftmaxCrossEntropyWithLogits(), (rand(2, 3, 4, dtype=F64), _labels(6, 4).reshape(2, 3)),
           None),
    OpCase(ops.SparseSoftmaxCrossEntropyWithLogits(True), (_LOGITS, _TARGETS), None),
]
for _reduction in ("mean", "sum", "none"):
    _loss_grad = rand(*(() if _reduction != "none" else (4,)), dtype=F64)
    GRAD_CASES += [
        OpCase(_first(ops.NLLLoss(_reduction), _TARGETS, _CLASS_WEIGHT), (_LOGITS,), None, prim="NLLLoss"),
        OpCase(_first(ops.NLLLoss(_reduction, 0), _TARGETS), (_LOGITS,), None, prim="NLLLoss"),
        OpCase(_with(ops.NLLLossGrad(_reduction, 4), _TARGETS, _CLASS_WEIGHT, np.array(1.7)),
               (_LOGITS, _loss_grad), None, prim="NLLLossGrad"),
        OpCase(_with(ops.BinaryCrossEntropy(_reduction), rand(2, 3, dtype=F64, low=0, high=2)),
               (rand(2, 3, dtype=F64, low=0.05, high=0.95), rand(2, 3, dtype=F64, low=0, high=1)), None,
               prim="BinaryCrossEntropy"),
        OpCase(_with(ops.BinaryCrossEntropy(_reduction), rand(3, dtype=F64, low=0, high=2)),
               (rand(2, 3, dtype=F64, low=0.05, high=0.95), rand(2, 3, dtype=F64, low=0, high=1)), None,
               prim="BinaryCrossEntropy"),
        OpCase(ops.BinaryCrossEntropy(_reduction),
               (rand(4, dtype=F64, low=0.05, high=0.95), rand(4, dtype=F64, low=0, high=1)), None),
        OpCase(_with(ops.BCEWithLogitsLoss(_reduction), rand(3, 4, dtype=F64, low=0, high=2),
                     rand(4, dtype=F64, low=0, high=3)),
               (rand(3, 4, dtype=F64, low=-4, high=4), rand(3, 4, dtype=F64, low=0, high=1)), None,
               prim="BCEWithLogitsLoss"),
        OpCase(_with(ops.BCEWithLogitsLoss(_reduction), None, None),
               (rand(3, 4, dtype=F64, low=-4, high=4), rand(3, 4, dtype=F64, low=0, high=1)), None,
               prim="BCEWithLogitsLoss"),
        OpCase(_with(ops.KLDivLoss(_reduction), _PROBS), (np.log(_probabilities(4, 5)),), None, prim="KLDivLoss"),
        OpCase(ops.SmoothL1Loss(0.5, _reduction), (_away(rand(3, 4, dtype=F64, low=-2, high=2), (0.5, -0.5)),
                                                   np.zeros((3, 4))), None),
        OpCase(_with(ops.TripletMarginLoss(reduction=_reduction), np.array(0.5, np.float32)),
               (rand(5, 3, dtype=F64), rand(5, 3, dtype=F64), rand(5, 3, dtype=F64)), None,
               prim="TripletMarginLoss"),
    ]
GRAD_CASES += [
    OpCase(_with(ops.KLDivLoss("batchmean"), _PROBS), (np.log(_probabilities(4, 5)),), None, prim="KLDivLoss"),
    OpCase(ops.SmoothL1Loss(2.0, "sum"), (rand(6, dtype=F64, low=-4, high=4), rand(6, dtype=F64)), None),
    OpCase(ops.L2Loss(), (rand(3, 4, dtype=F64),), None),
    OpCase(ops.L2Loss(), (np.array(1.5),), None),
    OpCase(_with(ops.TripletMarginLoss(p=1, swap=True, eps=1e-3), np.array(0.8, np.float32)),
           (rand(6, 3, dtype=F64), rand(6, 3, dtype=F64), rand(6, 3, dtype=F64)), None, prim="TripletMarginLoss"),
    OpCase(_with(ops.TripletMarginLoss(p=3, swap=True, reduction="sum"), np.array(1.0, np.float32)),
           (rand(6, 3, dtype=F64), rand(6, 3, dtype=F64), rand(6, 3, dtype=F64)), None, prim="TripletMarginLoss"),
]

CHECKED_ELSEWHERE = {
    "Dropout": "test_dropout_gradient_is_the_recorded_mask_over_keep_prob (random: checked analytically)",
    "Dropout2D": "test_dropout_gradient_is_the_recorded_mask_over_keep_prob (random: checked analytically)",
    "Dropout3D": "test_dropout_gradient_is_the_recorded_mask_over_keep_prob (random: checked analytically)",
}
CHECKED_ELSEWHERE_IN_GRAPH_MODE = dict.fromkeys(
    CHECKED_ELSEWHERE, "test_dropout_gradient_is_the_recorded_mask_over_keep_prob[graph]")


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_gradient(case):
    check_gradients(case.op, case.inputs)


# The functional API over these primitives (composites included).
FUNCTIONAL_CASES = [
    OpCase(lambda x: ops.cross_entropy(x, _t(_TARGETS)), (_LOGITS,), None),
    OpCase(lambda x: ops.cross_entropy(x, _t(_TARGETS), _t(_CLASS_WEIGHT), 2, "sum", 0.1), (_LOGITS,), None),
    OpCase(lambda x: ops.cross_entropy(x, _t(_PROBS), label_smoothing=0.2), (_LOGITS,), None),
    OpCase(_with(ops.nll_loss, _labels(6, 4).reshape(2, 3)), (rand(2, 4, 3, dtype=F64),), None),
    OpCase(ops.gelu, _act(3, 4), None),
    OpCase(lambda x: ops.softplus(x, 2, 3), _act(3, 4), None),
    OpCase(lambda x: ops.layer_norm(x, (4,)), (rand(2, 3, 4, dtype=F64),), None),
    OpCase(lambda x, w, b: ops.batch_norm(x, _t(_MEAN), _t(_VAR), w, b, True), _bn((4, 3)), None),
    OpCase(lambda x: ops.dropout(x, 0.0), (rand(3, 4, dtype=F64),), None),
]


@pytest.mark.parametrize("case", FUNCTIONAL_CASES, ids=case_id)
def test_functional_gradient(case):
    check_gradients(case.op, case.inputs)


# ---- MindSpore's values -------------------------------------------------------------------
def _grad(fn, *args, positions=0):
    return ms.grad(fn, grad_position=positions)(*map(_t, args))


_KINKS = np.array([-3.0, 3.0, -0.5, 0.5, 6.0, 0.0, -1.0, 2.0], np.float32)


@pytest.mark.parametrize("op, expected", [
    (ops.ReLU(), [0, 1, 0, 1, 1, 0, 0, 1]),
    (ops.ReLU6(), [0, 1, 0, 1, 1, 0, 0, 1]),
    (ops.HSwish(), [-0.5, 1.5, 1 / 3, 2 / 3, 1, 0.5, 1 / 6, 7 / 6]),
    (ops.HSigmoid(), [0, 0, 1 / 6, 1 / 6, 0, 1 / 6, 1 / 6, 1 / 6]),
    (ops.HShrink(), [1, 1, 0, 0, 1, 0, 1, 1]),
    (ops.SoftShrink(), [1, 1, 0, 0, 1, 0, 1, 1]),
    (ops.LeakyReLU(0.2), [0.2, 1, 0.2, 1, 1, 0.6, 0.2, 1]),
    (ops.Elu(), [np.exp(-3), 1, np.exp(-0.5), 1, 1, 1, np.exp(-1), 1]),
    (ops.SeLU(), [1.0507 * 1.67326 * np.exp(-3), 1.0507, 1.0507 * 1.67326 * np.exp(-0.5), 1.0507, 1.0507,
                  1.0507, 1.0507 * 1.67326 * np.exp(-1), 1.0507]),
], ids=lambda v: getattr(v, "name", ""))
def test_activation_gradients_at_kinks_are_mindspores(op, expected):
    np.testing.assert_allclose(_grad(op, _KINKS).asnumpy(), expected, rtol=1e-4, atol=1e-6)


def test_prelu_takes_the_weight_at_zero():
    dx, dw = _grad(ops.PReLU(), np.array([0.0, 1.0, -1.0], np.float32), np.array([0.25], np.float32),
                   positions=(0, 1))
    np.testing.assert_allclose(dx.asnumpy(), [0.25, 1, 0.25])
    np.testing.assert_allclose(dw.asnumpy(), [-1.0])


def test_integer_activations_truncate_their_gradients():
    x = np.array([-1, 0, 2], np.int32)
    for op, expected in [(ops.ReLU(), [0, 0, 1]), (ops.HSwish(), [0, 0, 1]), (ops.HSigmoid(), [0, 0, 0])]:
        grad = _grad(op, x)
        assert grad.dtype == ms.int32
        np.testing.assert_array_equal(grad.asnumpy(), expected)


def test_bias_add_integer_gradients():
    dx, db = _grad(ops.BiasAdd(), np.ones((2, 3), np.int32), np.zeros(3, np.int32), positions=(0, 1))
    assert dx.dtype == db.dtype == ms.int32
    np.testing.assert_array_equal(db.asnumpy(), [2, 2, 2])


@pytest.mark.parametrize("training", [True, False])
def test_batch_norm_statistics_take_and_give_no_gradient(training):
    x, scale, bias = _bn((4, 3))
    op = ops.BatchNorm(training)

    def loss(x, scale, bias, mean, variance):
        y, *stats = op(x, scale, bias, mean, variance)
        return y.sum() + sum(s.sum() * (k + 2) for k, s in enumerate(stats))

    def plain(x, scale, bias, mean, variance):
        return op(x, scale, bias, mean, variance)[0].sum()

    inputs = (x, scale, bias, _MEAN.copy(), _VAR.copy())
    with_stats = _grad(loss, *inputs, positions=(0, 1, 2, 3, 4))
    without = _grad(plain, *(a.copy() for a in inputs), positions=(0, 1, 2, 3, 4))
    for got, want in zip(with_stats, without):
        np.testing.assert_allclose(got.asnumpy(), want.asnumpy(), atol=1e-12)
    np.testing.assert_array_equal(with_stats[3].asnumpy(), np.zeros(3))
    np.testing.assert_array_equal(with_stats[4].asnumpy(), np.zeros(3))


def test_batch_norm_half_input_keeps_the_parameter_dtype():
    x = rand(4, 3, dtype=np.float16)
    scale, bias = rand(3, low=0.5), rand(3)
    dx, dscale = _grad(lambda x, s, b: ops.BatchNorm(True)(x, s, b, _t(rand(3)), _t(rand(3, low=0.5)))[0],
                       x, scale, bias, positions=(0, 1))
    assert (dx.dtype, dscale.dtype) == (ms.float16, ms.float32)


def test_layer_norm_half_input_computes_in_float32():
    x, gamma, beta = rand(3, 8, dtype=np.float16), rand(8, dtype=np.float16), rand(8, dtype=np.float16)
    grads = _grad(lambda *a: ops.LayerNorm()(*a)[0], x, gamma, beta, positions=(0, 1, 2))
    wide = _grad(lambda *a: ops.LayerNorm()(*a)[0], *(a.astype(np.float32) for a in (x, gamma, beta)),
                 positions=(0, 1, 2))
    for half, full in zip(grads, wide):
        assert half.dtype == ms.float16
        np.testing.assert_allclose(half.asnumpy(), full.asnumpy(), rtol=1e-2, atol=1e-2)


def test_losses_give_labels_and_weights_mindspores_gradients():
    logits, labels = rand(2, 3), _probabilities(2, 3).astype(np.float32)
    _, dlabels = _grad(lambda a, b: ops.SoftmaxCrossEntropyWithLogits()(a, b)[0], logits, labels, positions=(0, 1))
    np.testing.assert_array_equal(dlabels.asnumpy(), np.zeros((2, 3)))
    _, dtargets = _grad(ops.SparseSoftmaxCrossEntropyWithLogits(), logits, np.array([0, 2], np.int32),
                        positions=(0, 1))
    assert dtargets.dtype == ms.int32
    np.testing.assert_array_equal(dtargets.asnumpy(), [0, 0])
    weight = rand(3, low=0.1)
    _, _, dweight = _grad(lambda *a: ops.NLLLoss()(*a)[0], np.log(labels), np.array([0, 2], np.int32), weight,
                          positions=(0, 1, 2))
    np.testing.assert_array_equal(dweight.asnumpy(), np.zeros(3))
    _, dkl = _grad(ops.KLDivLoss("sum"), np.log(labels), labels, positions=(0, 1))
    np.testing.assert_array_equal(dkl.asnumpy(), np.zeros((2, 3)))


def test_loss_gradients_match_mindspore():
    # Values from MindSpore 2.7.1.
    p = np.array([[0.2, 0.7, 1e-14], [0.9, 0.5, 1.0]], np.float32)
    y = np.array([[0.0, 1.0, 0.5], [1.0, 0.3, 0.5]], np.float32)
    dp, dy = _grad(ops.BinaryCrossEntropy("sum"), p, y, positions=(0, 1))
    np.testing.assert_allclose(dp.asnumpy(), [[1.25, -1.4285715, -5e11], [-1.1111112, 0.8, 5e11]], rtol=1e-5)
    np.testing.assert_allclose(dy.asnumpy(), [[1.3862944, -0.8472978, 32.236191], [-2.1972244, 0, -np.inf]],
                               rtol=1e-5)
    x = np.array([[1.7640524, 0.4001572, 0.978738], [2.2408931, 1.867558, -0.9772779]], np.float32)
    dx, dt = _grad(lambda a, b: ops.BCEWithLogitsLoss("none")(a, b, None, _t(np.array([1.5, 0.5, 2.0], np.float32))),
                   x, y, positions=(0, 1))
    sig = 1 / (1 + np.exp(-x.astype(F64)))
    pw = np.array([1.5, 0.5, 2.0])
    np.testing.assert_allclose(dx.asnumpy(), (1 + (pw - 1) * y) * sig - pw * y, rtol=1e-5)
    np.testing.assert_allclose(dt.asnumpy(), np.log(1 - sig) - pw * np.log(sig), rtol=1e-5)


def test_triplet_margin_gradient_counts_the_active_samples():
    x, pos, neg = rand(6, 3), rand(6, 3), rand(6, 3)
    op = ops.TripletMarginLoss(reduction="sum")
    margin = np.array(0.3, np.float32)
    dmargin = _grad(op, x, pos, neg, margin, positions=3)
    losses = ops.TripletMarginLoss(reduction="none")(*map(_t, (x, pos, neg, margin))).asnumpy()
    assert dmargin.dtype == ms.float32
    assert float(dmargin.asnumpy()) == np.count_nonzero(losses > 0)


def test_embedding_lookup_indices_take_no_gradient():
    dparams, dindices = _grad(_with(ops.EmbeddingLookup(), 1), np.arange(12, dtype=np.float32).reshape(4, 3),
                              np.array([[1, 5], [3, 3]], np.int32), positions=(0, 1))
    np.testing.assert_array_equal(dparams.asnumpy(), [[1] * 3, [0] * 3, [2] * 3, [0] * 3])
    np.testing.assert_array_equal(dindices.asnumpy(), np.zeros((2, 2)))


# ---- dropout ------------------------------------------------------------------------------
@pytest.mark.parametrize("op, shape", [(ops.Dropout(0.7), (4, 5)), (ops.Dropout2D(0.6), (3, 4, 2, 2)),
                                       (ops.Dropout3D(0.5), (2, 4, 2, 1, 2)), (ops.Dropout2D(0.0), (2, 2, 1, 1))],
                         ids=["Dropout", "Dropout2D", "Dropout3D", "Dropout2D-0"])
@pytest.mark.parametrize("graph", [False, True], ids=["pynative", "graph"])
def test_dropout_gradient_is_the_recorded_mask_over_keep_prob(op, shape, graph):
    """The gradient is dout * mask / keep_prob with the mask of the forward run; the mask
    output carries none."""
    x, weight = rand(*shape, dtype=F64), rand(*shape, dtype=F64)

    def loss(x):
        out, mask = op(x)
        return (out * _t(weight)).sum() + ops.cast(mask, ms.float64).sum(), mask

    gradient = ms.value_and_grad(loss, grad_position=0, has_aux=True)
    (_, mask), grad = (ms.jit(gradient) if graph else gradient)(_t(x))
    scale = 1 / op.keep_prob if op.keep_prob else 0.0
    np.testing.assert_allclose(grad.asnumpy(), weight * mask.asnumpy() * scale)


# ---- second order -------------------------------------------------------------------------
def _squared(fn):
    def run(*args):
        y = fn(*args)
        return y * y
    return run


_SECOND_ORDER_ACTIVATIONS = [ops.ReLU(), ops.GeLU(), ops.FastGeLU(), ops.SiLU(), ops.Mish(), ops.Softplus(),
                             ops.Elu(), ops.CeLU(2.0), ops.SeLU(), ops.HSwish(), ops.LeakyReLU(0.3)]


@pytest.mark.parametrize("op", _SECOND_ORDER_ACTIVATIONS, ids=lambda op: op.name)
def test_activation_second_order(op):
    check_second_order(_squared(op), _act(2, 3, kinks=(0, 3, -3)))


@pytest.mark.parametrize("op", [ops.Softmax(), ops.Softmax(0), ops.LogSoftmax(), ops.LogSoftmax(1)],
                         ids=["softmax", "softmax0", "log_softmax", "log_softmax1"])
def test_softmax_second_order(op):
    check_second_order(_squared(op), (rand(2, 3, 4, dtype=F64),))


def test_prelu_second_order():
    check_second_order(_squared(ops.PReLU()), (_act(2, 3, 2)[0], rand(3, dtype=F64)))


@pytest.mark.parametrize("fn", [
    _first(ops.SoftmaxCrossEntropyWithLogits(), _PROBS),
    _with(ops.SparseSoftmaxCrossEntropyWithLogits(), _TARGETS),
    _with(ops.SparseSoftmaxCrossEntropyWithLogits(True), _TARGETS),
    _first(ops.NLLLoss("mean", 2), _TARGETS, _CLASS_WEIGHT),
    _first(ops.NLLLoss("none"), _TARGETS),
], ids=["softmax_cross_entropy", "sparse", "sparse_is_grad", "nll_mean", "nll_none"])
def test_cross_entropy_second_order(fn):
    check_second_order(_squared(fn), (_LOGITS,))


def test_softmax_cross_entropy_grad_second_order():
    check_second_order(_squared(ops.SoftmaxCrossEntropyWithLogitsGrad()), (_LOGITS, _PROBS, rand(4, dtype=F64)))


@pytest.mark.parametrize("fn, inputs", [
    (_first(ops.BatchNorm(True), _MEAN, _VAR), _bn((4, 3, 2))),
    (_first(ops.BatchNorm(True, 1e-3, 0.1, "NHWC"), _MEAN, _VAR), _bn((3, 2, 3))),
    (_first(ops.BatchNorm(False), _MEAN, _VAR), _bn((4, 3))),
    (_first(ops.LayerNorm(1, 1, 1e-5)), (rand(2, 3, 2, dtype=F64), rand(3, 2, dtype=F64), rand(3, 2, dtype=F64))),
    (lambda x, w, b: ops.GroupNorm()(x, 2, w, b)[0], (rand(2, 4, 2, dtype=F64), rand(4, dtype=F64),
                                                      rand(4, dtype=F64))),
], ids=["batch_norm", "batch_norm_nhwc", "batch_norm_inference", "layer_norm", "group_norm"])
def test_normalization_second_order(fn, inputs):
    check_second_order(_squared(fn), inputs)


def test_batch_norm_grad_inference_second_order():
    check_second_order(_squared(lambda *args: ops.BatchNormGrad()(*args)[0]),
                       (rand(4, 3, dtype=F64), rand(4, 3, dtype=F64), rand(3, dtype=F64), _MEAN, _VAR))


@pytest.mark.parametrize("fn, inputs", [
    (ops.BinaryCrossEntropy("none"), (rand(2, 3, dtype=F64, low=0.1, high=0.9), rand(2, 3, dtype=F64, low=0))),
    (_with(ops.BCEWithLogitsLoss("none"), None, _t(rand(3, dtype=F64, low=0.5))),
     (rand(2, 3, dtype=F64), rand(2, 3, dtype=F64, low=0))),
    (ops.SmoothL1Loss(1.0, "none"), (_away(rand(2, 3, dtype=F64, low=-2, high=2), (1, -1)), np.zeros((2, 3)))),
    (_with(ops.TripletMarginLoss(reduction="none"), np.array(0.5, np.float32)),
     (rand(3, 2, dtype=F64), rand(3, 2, dtype=F64), rand(3, 2, dtype=F64))),
], ids=["bce", "bce_with_logits", "smooth_l1", "triplet"])
def test_loss_second_order(fn, inputs):
    check_second_order(_squared(fn), inputs)


@pytest.mark.parametrize("axes", [(2, 2), (1, 1), (1, 2)])
def test_layer_norm_first_order_float32(axes):
    """A float32 gradient with nothing differentiating it further takes LayerNorm's fused
    gradient kernel: against the closed form in float64."""
    norm_axis, params_axis = axes
    x, w = rand(3, 4, 5, dtype=np.float32), rand(3, 4, 5, dtype=np.float32)
    gamma, beta = rand(*x.shape[params_axis:], dtype=np.float32), rand(*x.shape[params_axis:], dtype=np.float32)
    op = ops.LayerNorm(norm_axis, params_axis, 1e-5)
    grads = ms.grad(lambda a, g, b: (op(a, g, b)[0] * ms.Tensor(w)).sum(), (0, 1, 2))(
        ms.Tensor(x), ms.Tensor(gamma), ms.Tensor(beta))
    axes_normed, leading = tuple(range(norm_axis, 3)), tuple(range(params_axis))
    xw, dy = x.astype(F64), w.astype(F64)
    xhat = (xw - xw.mean(axes_normed, keepdims=True)) / np.sqrt(xw.var(axes_normed, keepdims=True) + 1e-5)
    r = 1 / np.sqrt(xw.var(axes_normed, keepdims=True) + 1e-5)
    g = dy * gamma.astype(F64)
    dx = r * (g - g.mean(axes_normed, keepdims=True) - xhat * (g * xhat).mean(axes_normed, keepdims=True))
    for got, want in zip(grads, (dx, (dy * xhat).sum(leading), dy.sum(leading))):
        np.testing.assert_allclose(got.asnumpy(), want, rtol=1e-4, atol=1e-5)
