"""Gradients of PagedAttention (its parts' bprops: MindSpore's kernel has none, spore's
composition gives the attention's), checked numerically in float64."""
import numpy as np
import pytest

from spore.ops import operations as P
from tests.ops.op_testing import OpCase, case_id, rand

from .gradcheck import check_gradients

_TABLES = np.array([[1, 0], [2, 1]], np.int32)
_LENS = np.array([3, 4], np.int32)

GRAD_CASES = [
    OpCase(P.PagedAttention(2, 0.5, 1), (rand(2, 2, 3), rand(3, 2, 1, 3), rand(3, 2, 1, 3), _TABLES, _LENS), None),
    OpCase(P.PagedAttentionMask(2, 0.5, 2), (rand(2, 2, 3), rand(3, 2, 2, 3), rand(3, 2, 2, 2), _TABLES, _LENS,
                                             None, None, rand(2, 2, 1, 4)), None),
]


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_gradient(case):
    check_gradients(case.op, case.inputs)
