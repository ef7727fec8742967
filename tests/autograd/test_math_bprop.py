"""Numerical gradient checks of the elementwise math bprops (float64, broadcasting)."""
import pytest

from spore import ops
from tests.ops.op_testing import OpCase, case_id, rand

from .gradcheck import check_gradients

GRAD_CASES = [
    OpCase(ops.Add(), (rand(2, 3), rand(2, 3)), None),
    OpCase(ops.Add(), (rand(4, 1, 3), rand(5, 1)), None),
    OpCase(ops.Add(), (rand(3), 2.0), None),
    OpCase(ops.Sub(), (rand(2, 3), rand(3)), None),
    OpCase(ops.Sub(), (1.5, rand(2, 2)), None),
    OpCase(ops.Mul(), (rand(2, 3), rand(2, 1)), None),
    OpCase(ops.Mul(), (rand(1), rand(3, 2)), None),
]

CHECKED_ELSEWHERE = {"HookBackward": "tests/autograd/test_hooks.py"}


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_gradient(case):
    check_gradients(case.op, case.inputs)
