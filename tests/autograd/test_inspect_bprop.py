"""Gradients of InsertGradientOf and DumpGradient: numerically where they are the
derivative (an identity hook), and with a function of the gradient in both modes."""
import os
import tempfile

import numpy as np
import pytest

import spore as ms
from spore import Tensor, ops
from tests.ops.op_testing import OpCase, case_id, ramp

from .gradcheck import check_gradients

GRAD_CASES = [
    OpCase(ops.InsertGradientOf(lambda d: d), (ramp(2, 3),), None),
    OpCase(ops.DumpGradient(), (os.path.join(tempfile.mkdtemp(), "d.npy"), ramp(4), "in"), None),
]


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_gradient(case):
    check_gradients(case.op, case.inputs)


_A, _B = Tensor(np.array([1.0], np.float32)), Tensor(np.array([0.2], np.float32))


def _clip(dx):
    result = dx
    if result > _A:
        result = _A
    if result < _B:
        result = _B
    return result


@pytest.mark.parametrize("compiled", [False, True], ids=["pynative", "graph"])
def test_insert_gradient_of_applies_the_function(compiled):
    clip = ops.InsertGradientOf(_clip)

    def product(x, y):
        return clip(x) * clip(y)

    fn = ms.jit(product) if compiled else product
    dx, dy = ms.grad(fn, grad_position=(0, 1))(Tensor(np.array([1.1], np.float32)),
                                               Tensor(np.array([0.1], np.float32)))
    np.testing.assert_allclose(dx.asnumpy(), [0.2], rtol=1e-6)   # dout 0.1, clipped up to 0.2
    np.testing.assert_allclose(dy.asnumpy(), [1.0], rtol=1e-6)   # dout 1.1, clipped down to 1.0


@pytest.mark.parametrize("compiled", [False, True], ids=["pynative", "graph"])
def test_dump_gradient_saves_the_arriving_gradient(compiled, tmp_path):
    path = str(tmp_path / "x_dout.npy")
    dump = ops.DumpGradient()

    def f(x, y):
        return dump(path, x, "out") * y

    fn = ms.jit(f) if compiled else f
    dx, dy = ms.grad(fn, grad_position=(0, 1))(Tensor(1.0, ms.float32), Tensor(2.0, ms.float32))
    assert (float(dx), float(dy)) == (2.0, 1.0)
    np.testing.assert_array_equal(np.load(path), np.array(2.0, np.float32))
