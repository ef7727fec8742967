"""Gradients of the loss primitives (operations/loss_ops.py): numerical checks in float64."""
import numpy as np
import pytest

import spore as ms
from spore import ops
from tests.ops.op_testing import OpCase, case_id, rand

from .gradcheck import check_gradients

F64 = np.float64


def _t(array):
    return ms.Tensor(np.asarray(array))


_SIGNS = np.array([[1.0, -1.0, 1.0], [-1.0, -1.0, 1.0]])
_CLASSES = _t(np.array([2, 0, 1], np.int64))
_MULTI = _t(np.array([[3, 0, -1, 1], [1, 2, 3, -1], [0, 1, 2, 3]], np.int32))
_TARGETS, _INPUT_LENGTHS = _t(np.array([[1, 2, 2], [3, 1, 0]], np.int32)), _t(np.array([5, 4], np.int32))
_TARGET_LENGTHS = _t(np.array([3, 2], np.int32))
_INDICES, _VALUES = _t(np.array([[0, 0], [0, 1], [1, 0]], np.int64)), _t(np.array([1, 1, 0], np.int32))
_SEQ = _t(np.array([5, 3], np.int32))


def _scores(*shape):
    """Scores whose margins stay away from the hinges' kinks."""
    return rand(*shape, dtype=F64, low=-0.3, high=0.3)


GRAD_CASES = []
for _reduction in ("none", "mean", "sum"):
    GRAD_CASES += [
        OpCase(ops.SoftMarginLoss(_reduction), (rand(2, 3, dtype=F64), _SIGNS * rand(2, 3, dtype=F64, low=0.5)),
               None),
        OpCase(ops.MultiMarginLoss(1, 1.0, _reduction), (_scores(3, 4), _CLASSES, rand(4, dtype=F64)), None),
        OpCase(ops.MultiMarginLoss(2, 0.2, _reduction), (_scores(3, 4), _CLASSES), None),
        OpCase(lambda x, r=_reduction: ops.MultilabelMarginLoss(r)(x, _MULTI)[0], (_scores(3, 4),), None,
               prim="MultilabelMarginLoss"),
        OpCase(lambda x, r=_reduction: ops.MultilabelMarginLoss(r)(x, _MULTI[1])[0], (_scores(4),), None,
               prim="MultilabelMarginLoss"),
    ]
GRAD_CASES += [
    OpCase(ops.SigmoidCrossEntropyWithLogits(), (rand(2, 3, dtype=F64, low=-3, high=3),
                                                 rand(2, 3, dtype=F64, low=0, high=1)), None),
    OpCase(ops.MultiMarginLoss(2, 1.0), (_scores(3, 4), _CLASSES, rand(4, dtype=F64)), None),
    # log-probabilities taken as free inputs: the gradient is -posterior, not normalized away
    OpCase(lambda lp: ops.CTCLossV2()(lp, _TARGETS, _INPUT_LENGTHS, _TARGET_LENGTHS)[0],
           (rand(5, 2, 4, dtype=F64, low=-2, high=0),), None, prim="CTCLossV2"),
    OpCase(lambda lp: ops.CTCLossV2(3, "none", True)(lp, _TARGETS - 1 + (_TARGETS == 0) * 3, _INPUT_LENGTHS,
                                                     _TARGET_LENGTHS)[0],
           (rand(5, 2, 4, dtype=F64, low=-2, high=0),), None, prim="CTCLossV2"),
    OpCase(lambda lp: ops.CTCLossV2()(lp, _t(np.array([[1, 2, 0, 0], [3, 0, 0, 0]], np.int32)), _INPUT_LENGTHS,
                                      _t(np.array([2, 1], np.int32)))[0],
           (rand(5, 2, 4, dtype=F64, low=-2, high=0),), None, prim="CTCLossV2"),
    OpCase(lambda x: ops.CTCLoss()(x, _INDICES, _VALUES, _SEQ)[0], (rand(5, 2, 3, dtype=F64, low=-2, high=2),), None,
           prim="CTCLoss"),
    OpCase(lambda x: ops.CTCLoss(True, False)(x, _INDICES, _VALUES, _SEQ)[0],
           (rand(5, 2, 3, dtype=F64, low=-2, high=2),), None, prim="CTCLoss"),
    OpCase(lambda acts: ops.RNNTLoss(1)(acts, _t(np.array([[2, 3, 0], [3, 0, 0]], np.int32)),
                                        _t(np.array([4, 3], np.int32)), _t(np.array([3, 1], np.int32)))[0],
           (rand(2, 4, 4, 5, dtype=F64, low=-2, high=2),), None, prim="RNNTLoss"),
]


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_gradient(case):
    check_gradients(case.op, case.inputs)


def test_ctc_loss_v2_gradient_after_log_softmax_is_softmax_minus_posterior():
    """Through a log-softmax, the gradient for the logits sums to zero over the classes at
    each counted step, as MindSpore's (which folds the softmax in) does."""
    logits = ms.Tensor(rand(5, 2, 4, dtype=F64))
    grad = ms.grad(lambda x: ops.CTCLossV2()(ops.log_softmax(x, 2), _TARGETS, _INPUT_LENGTHS,
                                             _TARGET_LENGTHS)[0].sum())(logits).asnumpy()
    np.testing.assert_allclose(grad.sum(-1), 0, atol=1e-12)
    assert np.all(grad[4, 1] == 0)
