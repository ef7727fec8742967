"""Tensor methods that accept their argument under MindSpore's two keyword names."""
import numpy as np
import pytest

import spore as ms
from spore import Tensor

ROW = Tensor([1.0, 2.0, 3.0])
TARGET = Tensor(np.ones((2, 3), np.float32))
EXPANDED = [[1.0, 2.0, 3.0], [1.0, 2.0, 3.0]]


@pytest.mark.parametrize("call", [
    lambda: ROW.expand_as(TARGET), lambda: ROW.expand_as(other=TARGET), lambda: ROW.expand_as(x=TARGET)])
def test_expand_as_other_or_x(call):
    np.testing.assert_array_equal(call().asnumpy(), EXPANDED)


def test_remainder_other_or_divisor():
    x = Tensor(np.array([-4.0, 5.0, 6.0], np.float16))
    y = Tensor(np.array([3.0, 2.0, 3.0], np.float16))
    for result in (x.remainder(y), x.remainder(other=y), x.remainder(divisor=y)):
        assert result.dtype is ms.float16
        np.testing.assert_array_equal(result.asnumpy(), [2.0, 1.0, 0.0])
    np.testing.assert_array_equal(x.remainder(divisor=3).asnumpy(), [2.0, 2.0, 0.0])


@pytest.mark.parametrize("call, match", [
    (lambda: ROW.expand_as(), "exactly one of 'other' and 'x' must be given, but got neither"),
    (lambda: ROW.expand_as(TARGET, x=TARGET), "exactly one of 'other' and 'x' must be given, but got both"),
    (lambda: ROW.remainder(), "exactly one of 'other' and 'divisor' must be given, but got neither"),
    (lambda: ROW.remainder(ROW, divisor=ROW), "exactly one of 'other' and 'divisor' must be given, but got both"),
])
def test_neither_or_both_is_a_type_error(call, match):
    with pytest.raises(TypeError, match=match):
        call()


def test_expand_as_checks_its_argument():
    with pytest.raises(TypeError, match="For 'expand_as', the 'other' must be a Tensor"):
        ROW.expand_as(x=[1, 2, 3])
