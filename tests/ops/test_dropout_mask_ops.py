"""DropoutGenMask and DropoutDoMask: the bit layout against NumPy's packbits, the mask's
statistics and seeding, and bad input."""
import numpy as np
import pytest

import spore as ms
from spore.ops import operations as P

from .op_testing import ErrorCase, OpCase, case_id, rand, run_case, run_error_case


def _full_mask(shape, keep_prob):
    """keep_prob 1: every element's bit set, the padding to 128 bits clear."""
    count = int(np.prod(shape))
    bits = np.zeros((count + 127) // 128 * 128, np.uint8)
    bits[:count] = 1
    return np.packbits(bits, bitorder="little")


def _do_mask(x, mask, keep_prob):
    bits = np.unpackbits(mask, bitorder="little")[:x.size].reshape(x.shape)
    return (x.astype(np.float64) * bits / float(keep_prob)).astype(x.dtype)


def _random_mask(count, seed):
    return np.packbits(np.random.default_rng(seed).random((count + 127) // 128 * 128) < 0.5, bitorder="little")


_KEEP = np.array(0.8, np.float32)

CASES = [
    OpCase(P.DropoutGenMask(), ((2, 4, 5), np.array(1.0, np.float32)), _full_mask),
    OpCase(P.DropoutGenMask(1, 2), ((130,), np.array(1.0, np.float32)), _full_mask),
    OpCase(P.DropoutGenMask(), ((0,), np.array(0.5, np.float32)), _full_mask),
    OpCase(P.DropoutDoMask(), (rand(2, 4, 5), _random_mask(40, 0), _KEEP), _do_mask),
    OpCase(P.DropoutDoMask(), (rand(130, dtype=np.float64), _random_mask(130, 1), np.array(0.5, np.float64)),
           _do_mask),
    OpCase(P.DropoutDoMask(), (rand(3, 3, dtype=np.float16), _random_mask(9, 2), 0.25), _do_mask, rtol=1e-3),
]


def test_gen_mask_statistics_and_seeds():
    keep = ms.Tensor(0.3, ms.float32)
    mask = P.DropoutGenMask(3, 4)((100, 50), keep).asnumpy()
    bits = np.unpackbits(mask, bitorder="little")
    assert mask.shape == (640,) and not bits[5000:].any()
    assert abs(bits[:5000].mean() - 0.3) < 0.03
    again = P.DropoutGenMask(3, 4)((100, 50), keep).asnumpy()
    np.testing.assert_array_equal(mask, again)


def test_gen_then_do_mask_is_dropout():
    x = ms.Tensor(np.ones((4, 64), np.float32))
    keep = ms.Tensor(0.5, ms.float32)
    out = P.DropoutDoMask()(x, P.DropoutGenMask(7, 7)((4, 64), keep), keep).asnumpy()
    assert set(np.unique(out)) <= {0.0, 2.0} and 0.3 < (out > 0).mean() < 0.7


_MASK = _random_mask(6, 3)
_X = rand(2, 3)

ERROR_CASES = [
    ErrorCase(lambda: P.DropoutGenMask(1.5), (), TypeError, "DropoutGenMask.*'Seed0'"),
    ErrorCase(P.DropoutGenMask(), ([2, 3], _KEEP), TypeError, "DropoutGenMask.*'shape'.*tuple"),
    ErrorCase(P.DropoutGenMask(), ((2, -3), _KEEP), TypeError, "DropoutGenMask.*'shape'"),
    ErrorCase(P.DropoutGenMask(), ((2, 3), np.array(0, np.int32)), TypeError, "DropoutGenMask.*'keep_prob'"),
    ErrorCase(P.DropoutGenMask(), ((2, 3), np.array(1.5, np.float32)), ValueError,
              "DropoutGenMask.*'keep_prob'.*\\(0, 1\\]"),
    ErrorCase(P.DropoutGenMask(), ((2, 3), np.array([0.5], np.float32)), ValueError, "DropoutGenMask.*0-d"),
    ErrorCase(P.DropoutDoMask(), (_X.astype(np.int32), _MASK, _KEEP), TypeError, "DropoutDoMask.*'input_x'"),
    ErrorCase(P.DropoutDoMask(), (_X, _MASK.astype(np.int32), _KEEP), TypeError, "DropoutDoMask.*'mask'"),
    ErrorCase(P.DropoutDoMask(), (rand(20, 10), _MASK, _KEEP), ValueError, "DropoutDoMask.*'mask'.*25 bytes"),
    ErrorCase(P.DropoutDoMask(), (_X, _MASK, 0.0), ValueError, "DropoutDoMask.*'keep_prob'"),
    ErrorCase(P.DropoutDoMask(), (_X, _MASK, 1), TypeError, "DropoutDoMask.*'keep_prob' must be a Tensor"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)
