"""Gradients of the losses composed of other primitives (loss_func.py): numerical checks
in float64."""
import numpy as np
import pytest

import spore as ms
from spore import ops
from tests.ops.op_testing import OpCase, case_id, rand

from .gradcheck import check_gradients

F64 = np.float64


def _t(array):
    return ms.Tensor(np.asarray(array))


def _log_probs(steps, batch, classes):
    logits = rand(steps, batch, classes, dtype=F64, low=-2, high=2)
    return logits - np.log(np.exp(logits).sum(-1, keepdims=True))


_SIGNS = _t(np.array([[1.0, -1.0, 1.0], [-1.0, -1.0, 1.0]]))
_LABELS = _t(np.array([[1.0, 0.0, 1.0], [0.0, 0.0, 1.0]]))
_CLASSES = _t(np.array([2, 0, 1], np.int64))
_MULTI = _t(np.array([[3, 0, -1, 1], [1, 2, 3, -1], [0, 1, 2, 3]], np.int32))
_TARGETS, _INPUT_LENGTHS = _t(np.array([[1, 2, 2], [3, 1, 0]], np.int32)), _t(np.array([5, 4], np.int32))
_TARGET_LENGTHS = _t(np.array([3, 2], np.int32))

GRAD_CASES = [
    OpCase(lambda x, y, v: ops.gaussian_nll_loss(x, y, v, True), (rand(2, 3, dtype=F64), rand(2, 3, dtype=F64),
                                                                  rand(2, 3, dtype=F64, low=0.2, high=2)), None),
    OpCase(lambda x: ops.hinge_embedding_loss(x, _SIGNS, 0.5, "sum"), (rand(2, 3, dtype=F64, low=-0.4, high=0.4),),
           None),
    OpCase(lambda x: ops.soft_margin_loss(x, _SIGNS), (rand(2, 3, dtype=F64),), None),
    OpCase(lambda x, y: ops.mse_loss_ext(x, y, "none"), (rand(2, 3, dtype=F64), rand(3, dtype=F64)), None),
    OpCase(lambda x, w: ops.multi_margin_loss(x, _CLASSES, 2, 1, w), (rand(3, 4, dtype=F64, low=-0.3, high=0.3),
                                                                      rand(4, dtype=F64)), None),
    OpCase(lambda x: ops.multilabel_margin_loss(x, _MULTI, "none"), (rand(3, 4, dtype=F64, low=-0.3, high=0.3),),
           None),
    OpCase(lambda x, w: ops.multilabel_soft_margin_loss(x, _LABELS, w), (rand(2, 3, dtype=F64),
                                                                           rand(3, dtype=F64)), None),
    OpCase(lambda lp: ops.ctc_loss(lp, _TARGETS, _INPUT_LENGTHS, _TARGET_LENGTHS)[0], (_log_probs(5, 2, 4),), None),
    OpCase(lambda lp: ops.ctc_loss(lp, _TARGETS, _INPUT_LENGTHS, _TARGET_LENGTHS, 3, "none")[0],
           (_log_probs(5, 2, 4),), None),
]


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_gradient(case):
    check_gradients(case.op, case.inputs)
