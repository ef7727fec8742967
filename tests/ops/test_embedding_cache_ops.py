"""The embedding-cache primitives MapUniform and SubAndFilter, against NumPy and the values
MindSpore 2.7.1 prints."""
import numpy as np
import pytest

import spore as ms
from spore import Tensor, ops

from .op_testing import ErrorCase, OpCase, case_id, rand, run_case, run_error_case


def map_uniform(keys, per_group_size, group_num):
    """key % group_num * per_group_size + key // group_num, with C's truncated division."""
    size, groups = int(per_group_size), int(group_num)
    return (np.fmod(keys, groups) * size + np.trunc(keys / groups).astype(keys.dtype)).astype(keys.dtype)


def sub_and_filter(keys, max_num, offset):
    shifted = keys.reshape(-1) - int(offset)
    kept = np.flatnonzero((shifted >= 0) & (shifted < int(max_num)))
    return shifted[kept], kept.astype(keys.dtype)


KEYS = np.array([1, 3, 5, 8, 9, 16], np.int32)

CASES = [
    # MindSpore's documentation example: [0, 4, 1, 5, 2, 6, 3, 7].
    OpCase(ops.MapUniform(), (np.arange(8, dtype=np.int64), 4, 2), map_uniform),
    OpCase(ops.MapUniform(), (np.arange(8, dtype=np.int32).reshape(2, 4), 4, 2), map_uniform),
    OpCase(ops.MapUniform(), (rand(3, 5, dtype=np.int32, low=0, high=30), 10, 3), map_uniform),
    OpCase(ops.MapUniform(), (np.array([-3, 0, 1, 7], np.int32), np.array(4, np.int32), np.array(2, np.int64)),
           map_uniform),
    # MindSpore's documentation example: ([0, 3, 4], [2, 3, 4]).
    OpCase(ops.SubAndFilter(), (KEYS, 10, 5), sub_and_filter),
    OpCase(ops.SubAndFilter(), (KEYS.astype(np.int64).reshape(2, 3), 10, 5), sub_and_filter),
    OpCase(ops.SubAndFilter(), (rand(20, dtype=np.int64, low=-10, high=40), 12, -3), sub_and_filter),
    OpCase(ops.SubAndFilter(), (KEYS, 0, 1), sub_and_filter),
    OpCase(ops.SubAndFilter(), (np.array(3, np.int32), np.array(5, np.int32), np.array(1, np.int32)), sub_and_filter),
]

ERROR_CASES = [
    ErrorCase(ops.MapUniform(), (np.arange(4, dtype=np.float32), 4, 2), TypeError,
              "For 'MapUniform', the dtype of 'input'"),
    ErrorCase(ops.MapUniform(), (np.arange(4, dtype=np.int8), 4, 2), TypeError, "the dtype of 'input'"),
    ErrorCase(ops.MapUniform(), ([1, 2], 4, 2), TypeError, "For 'MapUniform', the 'input' must be a Tensor"),
    ErrorCase(ops.MapUniform(), (np.arange(4, dtype=np.int32), 4.0, 2), TypeError, "the 'per_group_size' must be"),
    ErrorCase(ops.MapUniform(), (np.arange(4, dtype=np.int32), 4, 0), RuntimeError,
              "the 'group_num' must be greater than 0, but got 0"),
    # Observed on MindSpore 2.7.1: 9 maps to 8, beyond the 4 * 2 slots.
    ErrorCase(ops.MapUniform(), (np.array([7, 9], np.int32), 4, 2), RuntimeError,
              "all elements in output must be less than 8, but got 8"),
    ErrorCase(ops.SubAndFilter(), (KEYS.astype(np.float32), 10, 5), TypeError,
              "For 'SubAndFilter', the dtype of 'input_x'"),
    ErrorCase(ops.SubAndFilter(), (KEYS, 10.0, 5), TypeError, "For 'SubAndFilter', the 'max_num' must be"),
    ErrorCase(ops.SubAndFilter(), (KEYS, 10, np.array(1.0, np.float32)), TypeError, "the dtype of 'offset'"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)


def test_the_documentation_examples():
    assert ops.MapUniform()(Tensor(np.arange(8)), 4, 2).asnumpy().tolist() == [0, 4, 1, 5, 2, 6, 3, 7]
    res, idx = ops.SubAndFilter()(Tensor(KEYS), 10, 5)
    assert res.asnumpy().tolist() == [0, 3, 4] and idx.asnumpy().tolist() == [2, 3, 4]
    assert res.dtype == idx.dtype == ms.int32
