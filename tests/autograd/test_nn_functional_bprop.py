"""Gradients of the nn functions of `ops` composed of other primitives: numerical checks
in float64 (the compositions differentiate through their parts' bprops)."""
import numpy as np
import pytest

import spore as ms
from spore import ops
from tests.ops.op_testing import OpCase, case_id, rand

from .gradcheck import check_gradients

F64 = np.float64


def _away(x, kinks, gap=0.05):
    """x with every value closer than `gap` to a kink moved 2 * gap away from it."""
    x = np.array(x, F64)
    for kink in kinks:
        x[np.abs(x - kink) < gap] = kink + 2 * gap
    return x


def _x(*shape, kinks=(), low=-3.0, high=3.0):
    return (_away(rand(*shape, dtype=F64, low=low, high=high), kinks),)


_INDICES = ms.Tensor(np.array([[0, 4], [2, 2]], np.int32))

GRAD_CASES = [
    OpCase(ops.softsign, _x(3, 4, kinks=(0,)), None),
    OpCase(ops.logsigmoid, _x(3, 4), None),
    OpCase(ops.hardtanh, _x(3, 4, kinks=(-1, 1)), None),
    OpCase(lambda x: ops.threshold(x, 0.3, 2.0), _x(3, 4, kinks=(0.3,)), None),
    OpCase(lambda x: ops.softmin(x, 0), _x(3, 4), None),
    OpCase(ops.glu, _x(2, 4), None),
    OpCase(lambda x: ops.swiglu(x, 0), _x(4, 3), None),
    OpCase(ops.tanhshrink, _x(3, 4), None),
    OpCase(lambda x, g: ops.rms_norm(x, g)[0], (rand(2, 3, 4, dtype=F64), rand(4, dtype=F64)), None),
    OpCase(lambda a, b, g: ops.add_rms_norm(a, b, g), (rand(2, 4, dtype=F64), rand(2, 4, dtype=F64),
                                                      rand(4, dtype=F64)), None),
    OpCase(lambda a, b, g, c: ops.add_layer_norm(a, b, g, c)[0],
           (rand(2, 3, dtype=F64), rand(2, 3, dtype=F64), rand(3, dtype=F64), rand(3, dtype=F64)), None),
    OpCase(lambda x: ops.renorm(x, 2, 0, 1.0), _x(3, 4), None),
    OpCase(lambda x: ops.renorm(x, 1, 1, 1.5), _x(3, 4, kinks=(0,)), None),
    OpCase(lambda x: ops.lrn(x, 1, 1.5, 0.5, 0.75), _x(1, 4, 2, 2), None),
    OpCase(ops.cosine_similarity, (rand(3, 4, dtype=F64), rand(3, 4, dtype=F64)), None),
    OpCase(lambda w: ops.embedding(_INDICES, w), (rand(5, 3, dtype=F64),), None),
    OpCase(lambda x: ops.pixel_shuffle(x, 2), _x(1, 8, 2, 3), None),
    OpCase(lambda x: ops.pixel_unshuffle(x, 2), _x(1, 2, 4, 2), None),
    OpCase(lambda x: ops.channel_shuffle(x, 2), _x(1, 4, 2, 1), None),
    OpCase(ops.bidense, (rand(2, 3, dtype=F64), rand(2, 4, dtype=F64), rand(2, 3, 4, dtype=F64),
                         rand(2, dtype=F64)), None),
    OpCase(lambda x, c, s: ops.rotary_position_embedding(x, c, s, 1),
           (rand(1, 2, 3, 4, dtype=F64), rand(1, 1, 3, 4, dtype=F64), rand(1, 1, 3, 4, dtype=F64)), None),
    OpCase(ops.rotary_position_embedding,
           (rand(1, 2, 3, 4, dtype=F64), rand(1, 2, 3, 4, dtype=F64), rand(1, 2, 3, 4, dtype=F64)), None),
]


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_gradient(case):
    check_gradients(case.op, case.inputs)
