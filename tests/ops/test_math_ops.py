"""Elementwise math primitives: forward against NumPy, infer, and bad input."""
import numpy as np
import pytest

import spore as ms
from spore import ops

from .op_testing import ErrorCase, OpCase, case_id, rand, run_case, run_error_case

CASES = [
    OpCase(ops.Add(), (rand(2, 3), rand(2, 3)), np.add),
    OpCase(ops.Add(), (rand(4, 1, 3), rand(5, 1)), np.add),
    OpCase(ops.Add(), (rand(3, dtype=np.int32), rand(3, dtype=np.int32)), np.add),
    OpCase(ops.Add(), (rand(2, 2, dtype=np.float64), 1.5), np.add),
    OpCase(ops.add, (rand(3), rand(3)), np.add, prim="Add"),
    OpCase(ops.Sub(), (rand(2, 3), rand(3)), np.subtract),
    OpCase(ops.Sub(), (rand(3, dtype=np.int64), rand(3, dtype=np.int64)), np.subtract),
    OpCase(ops.sub, (rand(3, dtype=np.float16), rand(3, dtype=np.float16)), np.subtract, rtol=1e-3, prim="Sub"),
    OpCase(ops.Mul(), (rand(2, 3), rand(2, 1)), np.multiply),
    OpCase(ops.Mul(), (rand(4, dtype=np.int32), 3), lambda x, y: x * np.int32(y)),
    OpCase(ops.mul, (rand(3, dtype=np.float64), rand(3, dtype=np.float64)), np.multiply, prim="Mul"),
]

ERROR_CASES = [
    ErrorCase(ops.Add(), (rand(2), rand(3)), ValueError, "For 'Add'.*broadcast"),
    ErrorCase(ops.Add(), (rand(2), "a"), TypeError, "For 'Add', the 'y' must be a Tensor or a number"),
    ErrorCase(ops.Sub(), (rand(2, 3), rand(4, 3)), ValueError, "For 'Sub'"),
    ErrorCase(ops.Mul(), ([1, 2], rand(2)), TypeError, "For 'Mul', the 'x'"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)


def test_promotion_follows_mindspore():
    i32 = ms.Tensor([1, 2], ms.int32)
    assert (i32 + 1.5).dtype == ms.float32
    assert (ms.Tensor([1.0], ms.float16) + ms.Tensor([1.0], ms.float32)).dtype == ms.float32
    assert (ms.Tensor([1], ms.uint8) + ms.Tensor([1], ms.int8)).dtype == ms.int16
    assert (ms.Tensor([True]) + 1).dtype == ms.int64
    assert (ms.Tensor([1.0], ms.float16) + 1.5).dtype == ms.float16
