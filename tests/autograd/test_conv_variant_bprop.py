"""Gradients of DepthwiseConv2dNative (its parts' bprops), checked numerically in float64.
(DeformableOffsets takes Float16 / Float32 only, as in MindSpore: deformable_conv2d's
gradient checks cover the sampling it shares.)"""
import pytest

from spore.ops import operations as P
from tests.ops.op_testing import OpCase, case_id, rand

from .gradcheck import check_gradients

GRAD_CASES = [
    OpCase(P.DepthwiseConv2dNative(2, 2), (rand(1, 2, 3, 3), rand(2, 2, 2, 2)), None),
    OpCase(P.DepthwiseConv2dNative(1, 3, pad_mode="same", stride=2), (rand(1, 3, 4, 4), rand(1, 3, 3, 3)), None),
]


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_gradient(case):
    check_gradients(case.op, case.inputs)
