"""`mutable` tuples as inputs of a gradient: a tuple / list of Tensors gets a tuple of
gradients, in PyNative and in Graph mode (MindSpore's `mutable` doc example)."""
import numpy as np
import pytest

import spore as ms
from spore import Tensor, mutable, nn, ops
from spore.ops import GradOperation

A = np.array([[0.5, 0.6, 0.4], [1.2, 1.3, 1.1]], np.float32)
B = np.array([[0.01, 0.3, 1.1], [0.1, 0.2, 1.3], [2.1, 1.2, 3.3]], np.float32)
# d sum(A @ B) / dA = ones @ B.T, d sum(A @ B) / dB = A.T @ ones
GRAD_A = np.ones((2, 3), np.float32) @ B.T
GRAD_B = A.T @ np.ones((2, 3), np.float32)


class MatMulOfPair(nn.Cell):
    def __init__(self):
        super().__init__()
        self.matmul = ops.MatMul()

    def construct(self, z):
        x = z[0]
        y = z[1]
        return self.matmul(x, y)


class GradOfPair(nn.Cell):
    def __init__(self, net, get_all=False):
        super().__init__()
        self.net = net
        self.grad_op = GradOperation(get_all=get_all)

    def construct(self, z):
        return self.grad_op(self.net)(z)


def pair():
    return mutable((Tensor(A), Tensor(B)))


def assert_pair_grads(grads):
    assert isinstance(grads, tuple) and len(grads) == 2
    np.testing.assert_allclose(grads[0].asnumpy(), GRAD_A, rtol=1e-6)
    np.testing.assert_allclose(grads[1].asnumpy(), GRAD_B, rtol=1e-6)


@pytest.mark.parametrize("mode", ["pynative", "graph"])
def test_gradient_of_a_tuple_input_is_a_tuple(mode, restore_mode):
    ms.set_context(mode=ms.GRAPH_MODE if mode == "graph" else ms.PYNATIVE_MODE)
    assert_pair_grads(GradOfPair(MatMulOfPair())(pair()))


@pytest.mark.parametrize("mode", ["pynative", "graph"])
def test_get_all_wraps_the_tuple_gradient(mode, restore_mode):
    ms.set_context(mode=ms.GRAPH_MODE if mode == "graph" else ms.PYNATIVE_MODE)
    (grads,) = GradOfPair(MatMulOfPair(), get_all=True)(pair())
    assert_pair_grads(grads)


def test_grad_positions_mix_tuples_and_tensors():
    def fn(z, scale, n):
        return ops.matmul(z[0], z[2]) * scale * n

    grads = ms.grad(fn, grad_position=(0, 1, 2))([Tensor(A), 3, Tensor(B)], Tensor(2.0), 1)
    (grad_a, grad_b), grad_scale = grads
    np.testing.assert_allclose(grad_a.asnumpy(), 2 * GRAD_A, rtol=1e-6)
    np.testing.assert_allclose(grad_b.asnumpy(), 2 * GRAD_B, rtol=1e-6)
    np.testing.assert_allclose(grad_scale.asnumpy(), (A @ B).sum(), rtol=1e-6)


def test_grad_with_ids_names_the_tuple_position():
    position, (grad_a, grad_b) = ms.grad(lambda z: (z[0] * z[1]).sum(), grad_position=(0,), return_ids=True)(
        (Tensor([2.0]), Tensor([5.0])))
    assert position == 0
    np.testing.assert_allclose(grad_a.asnumpy(), [5.0])
    np.testing.assert_allclose(grad_b.asnumpy(), [2.0])
