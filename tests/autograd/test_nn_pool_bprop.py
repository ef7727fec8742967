"""Gradients of the pooling functions composed of other primitives: numerical checks in
float64."""
import numpy as np
import pytest

import spore as ms
from spore import ops
from tests.ops.op_testing import OpCase, case_id, rand

from .gradcheck import check_gradients

F64 = np.float64

_INDICES1 = ms.Tensor(np.array([[[1, 2, 5], [0, 4, 6]]], np.int64))
_INDICES2 = ms.Tensor(np.array([[[[0, 3], [9, 14]]]], np.int32))

_SAMPLES = ms.Tensor(np.array([[[0.3, 0.8], [0.6, 0.1]]]))

GRAD_CASES = [
    OpCase(lambda x: ops.lp_pool2d(x, 2, 2), (rand(1, 2, 4, 4, dtype=F64, low=0.2, high=2),), None),
    OpCase(lambda x: ops.lp_pool2d(x, 3, (2, 3), 1, True), (rand(1, 1, 3, 5, dtype=F64, low=0.2, high=2),), None),
    OpCase(lambda x: ops.lp_pool1d(x, 1.5, 3, 2), (rand(2, 2, 7, dtype=F64, low=0.2, high=2),), None),
    OpCase(lambda x: ops.max_unpool1d(x, _INDICES1, 2, output_size=(7,)), (rand(1, 2, 3, dtype=F64),), None),
    OpCase(lambda x: ops.max_unpool2d(x, _INDICES2, 2), (rand(1, 1, 2, 2, dtype=F64),), None),
    OpCase(lambda x: ops.adaptive_avg_pool2d_ext(x, (2, 1)), (rand(1, 2, 4, 3, dtype=F64),), None),
    OpCase(lambda x: ops.fractional_max_pool2d(x, 2, (2, 3), _random_samples=_SAMPLES), (rand(1, 2, 5, 5, dtype=F64),),
           None),
]


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_gradient(case):
    check_gradients(case.op, case.inputs)
