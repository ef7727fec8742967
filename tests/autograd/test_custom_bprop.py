"""Gradients of Custom (its user's bprop) and PyFunc (none, as in MindSpore)."""
import numpy as np
import pytest

import spore as ms
from spore import Tensor, ops
from spore.common import dtype as mstype
from tests.ops.op_testing import OpCase, case_id, ramp

from .gradcheck import check_gradients


def _product(a, b):
    return a * b


def _product_bprop(a, b, out, dout):
    return dout * b, dout * a


def _same(shape, *_):
    return shape


GRAD_CASES = [
    OpCase(ops.Custom(_product, _same, _same, bprop=_product_bprop), (ramp(2, 3), ramp(2, 3)), None),
]

CHECKED_ELSEWHERE = {"PyFunc": "test_py_func_is_not_differentiable below: MindSpore defines no gradient"}
CHECKED_ELSEWHERE_IN_GRAPH_MODE = {"PyFunc": "test_py_func_is_not_differentiable[graph] below"}


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_gradient(case):
    check_gradients(case.op, case.inputs)


@pytest.mark.parametrize("compiled", [False, True], ids=["pynative", "graph"])
def test_custom_bprop_in_both_modes(compiled):
    custom = ops.Custom(_product, _same, _same, bprop=_product_bprop)

    def f(a, b):
        return custom(a, b).sum()

    x, y = Tensor(np.array([1.0, 2.0], np.float32)), Tensor(np.array([3.0, 5.0], np.float32))
    dx, dy = ms.grad(ms.jit(f) if compiled else f, grad_position=(0, 1))(x, y)
    np.testing.assert_allclose(dx.asnumpy(), [3.0, 5.0])
    np.testing.assert_allclose(dy.asnumpy(), [1.0, 2.0])


def test_custom_without_bprop_is_not_differentiable():
    custom = ops.Custom(_product, _same, _same)
    with pytest.raises(RuntimeError, match="Custom's bprop not defined"):
        ms.grad(lambda a: custom(a, a).sum())(Tensor(np.ones(2, np.float32)))


@pytest.mark.parametrize("compiled", [False, True], ids=["pynative", "graph"])
def test_py_func_is_not_differentiable(compiled):
    py_func = ops.PyFunc(_product, [mstype.float32] * 2, [(2,)] * 2, [mstype.float32], [(2,)])

    def f(a):
        return py_func((a, a))[0].sum()

    with pytest.raises(RuntimeError, match="PyFunc's bprop not defined"):
        ms.grad(ms.jit(f) if compiled else f)(Tensor(np.ones(2, np.float32)))
