"""DropoutDoMask's bprop, checked numerically in float64 (the mask and keep_prob fixed: as in
MindSpore, they take no gradient)."""
import numpy as np
import pytest

from spore.ops import operations as P
from tests.ops.op_testing import OpCase, case_id, rand

from .gradcheck import check_gradients

_MASK = np.packbits(np.random.default_rng(0).random(128) < 0.6, bitorder="little")

GRAD_CASES = [
    OpCase(P.DropoutDoMask(), (rand(3, 4), _MASK, 0.6), None),
]


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_gradient(case):
    check_gradients(case.op, case.inputs)
