"""Gradients of RmsNorm and LogSoftmaxExt (their parts' bprops), checked numerically in float64."""
import pytest

from spore.ops import operations as P
from tests.ops.op_testing import OpCase, case_id, rand

from .gradcheck import check_gradients

GRAD_CASES = [
    OpCase(P.RmsNorm(), (rand(2, 3), rand(3)), None),
    OpCase(P.RmsNorm(1e-2), (rand(2, 2, 3), rand(2, 3)), None),
    OpCase(P.LogSoftmaxExt(), (rand(2, 4), 0), None),
    OpCase(P.LogSoftmaxExt(), (rand(3, 2),), None),
]


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_gradient(case):
    check_gradients(case.op, case.inputs)
