"""Gradients of the composed nn Primitives (their parts' bprops), checked numerically in float64."""
import pytest

from spore.ops import operations as P
from tests.ops.op_testing import OpCase, case_id, rand

from .gradcheck import check_gradients

GRAD_CASES = [
    OpCase(P.Gelu(), (rand(2, 3, low=-3, high=3),), None),
    OpCase(P.FastGelu(), (rand(2, 3, low=-3, high=3),), None),
    OpCase(P.Softsign(), (rand(2, 3, low=-3, high=3),), None),
    OpCase(P.GLU(axis=0), (rand(4, 3),), None),
    OpCase(P.L2Normalize(axis=1), (rand(2, 3),), None),
    OpCase(P.L2Normalize(axis=0, epsilon=0.5), (rand(3, 2, low=-0.3, high=0.3),), None),
    OpCase(P.Renorm(p=2, dim=0, maxnorm=0.5), (rand(3, 4),), None),
    OpCase(P.NuclearNorm(), (rand(3, 4),), None),
    OpCase(P.NuclearNorm(dim=[1, 2], keepdim=True), (rand(2, 3, 2),), None),
]


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_gradient(case):
    check_gradients(case.op, case.inputs)
