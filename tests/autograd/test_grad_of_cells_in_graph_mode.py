"""A gradient taken from Python in GRAPH_MODE of a Cell (which, called from Python,
would run its compiled program): the same gradients as in PyNative, not zeros."""
import numpy as np
import pytest

import spore as ms
from spore import Parameter, Tensor, nn, ops
from spore.ops import GradOperation


class Scale(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor([3.0]), name="w")

    def construct(self, x):
        return x * x * self.w


X = Tensor([1.0, 2.0])


@pytest.fixture(params=["pynative", "graph"])
def mode(request, restore_mode):
    ms.set_context(mode=ms.GRAPH_MODE if request.param == "graph" else ms.PYNATIVE_MODE)


@pytest.fixture
def restore_mode():
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


def test_grad_of_a_cell(mode):
    np.testing.assert_allclose(ops.grad(Scale())(X).asnumpy(), [6.0, 12.0])


def test_value_and_grad_with_weights(mode):
    net = Scale()
    value, (gx, gw) = ms.value_and_grad(net, 0, net.trainable_params())(X)
    np.testing.assert_allclose(value.asnumpy(), [3.0, 12.0])
    np.testing.assert_allclose(gx.asnumpy(), [6.0, 12.0])
    np.testing.assert_allclose(gw[0].asnumpy(), [5.0])


def test_grad_operation_of_a_cell(mode):
    np.testing.assert_allclose(GradOperation()(Scale())(X).asnumpy(), [6.0, 12.0])


def test_the_cell_runs_compiled_inside_and_outside_the_gradient(restore_mode):
    """Under a gradient taken from Python the Cell's compiled program is one tape node
    (its gradient program compiled too); outside, the same program cache serves."""
    ms.set_context(mode=ms.GRAPH_MODE)
    net = Scale()
    np.testing.assert_allclose(ops.grad(net)(X).asnumpy(), [6.0, 12.0])
    assert "_graph_cache" in net.__dict__
    np.testing.assert_allclose(net(X).asnumpy(), [3.0, 12.0])
