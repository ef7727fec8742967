"""Gradients of the composed recurrent Primitives (their parts' bprops), checked numerically
in float64."""
import pytest

from spore.ops import operations as P
from tests.ops.op_testing import OpCase, case_id, rand

from .gradcheck import check_gradients

GRAD_CASES = [
    OpCase(P.LSTM(2, 2, 1, True, True, 0.0), (rand(2, 1, 2), rand(2, 1, 2), rand(2, 1, 2),
                                              rand(96, 1, 1)), None),
    OpCase(P.LSTM(2, 2, 2, False, False, 0.0), (rand(2, 2, 2), rand(2, 2, 2), rand(2, 2, 2),
                                                rand(64, 1, 1)), None),
    OpCase(P.DynamicRNN(forget_bias=0.5), (rand(2, 2, 3), rand(5, 8), rand(8), None,
                                           rand(1, 2, 2), rand(1, 2, 2)), None),
    OpCase(P.BasicLSTMCell(), (rand(2, 2), rand(2, 3), rand(2, 3), rand(5, 12), rand(12)), None),
    OpCase(P.DynamicGRUV2(), (rand(2, 2, 3), rand(3, 6), rand(2, 6), rand(6),
                              rand(6), None, rand(2, 2)), None),
    OpCase(P.DynamicGRUV2(gate_order="zrh", reset_after=False),
           (rand(2, 1, 2), rand(2, 6), rand(2, 6), None, rand(6), None,
            rand(1, 2)), None),
]


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_gradient(case):
    check_gradients(case.op, case.inputs)
