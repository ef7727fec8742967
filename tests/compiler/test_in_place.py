"""Graph mode writes an Add's or a ReluGrad's result over an input that dies there
(in_place.py): the values and gradients are the NumPy / float64 references', and an input
still read afterwards (directly or through a view), returned, a graph input or a
Parameter's data is never written."""
import numpy as np
import torch

import spore as ms
from spore import Tensor, nn, ops

RNG = np.random.default_rng(21)


def executed(compiled) -> list:
    (program,) = compiled.cache.programs.values()
    return [n.prim.name for n in program.graph.body.nodes if n.kind == "apply"]


class Residual(nn.Cell):
    """x + W2 relu(W1 x + b1) + b2, then a sum of squares."""

    def __init__(self, width=32, hidden=64):
        super().__init__()
        self.dense1 = nn.Dense(width, hidden)
        self.dense2 = nn.Dense(hidden, width)

    def construct(self, x):
        return ((x + self.dense2(ops.relu(self.dense1(x)))) ** 2).sum()


def float64_reference(net, x):
    """(loss, dx, dW1, db1, dW2, db2) in float64 torch."""
    params = [torch.tensor(p.asnumpy(), dtype=torch.float64, requires_grad=True) for p in net.trainable_params()]
    w1, b1, w2, b2 = params
    tx = torch.tensor(x, dtype=torch.float64, requires_grad=True)
    loss = (tx + torch.relu(tx @ w1.T + b1) @ w2.T + b2).pow(2).sum()
    loss.backward()
    return [loss.item(), tx.grad.numpy()] + [p.grad.numpy() for p in params]


def test_a_residual_block_gradient_matches_float64_with_its_additions_and_relu_gradient_in_place():
    net = Residual()
    x = RNG.standard_normal((16, 32)).astype(np.float32)
    grad_fn = ms.jit(ms.value_and_grad(net, 0, net.trainable_params()))
    loss, (dx, weight_grads) = grad_fn(Tensor(x))
    expected = float64_reference(net, x)
    np.testing.assert_allclose(loss.asnumpy(), expected[0], rtol=1e-5)
    for actual, reference in zip((dx,) + tuple(weight_grads), expected[1:]):
        np.testing.assert_allclose(actual.asnumpy(), reference, rtol=1e-4, atol=1e-4 * np.abs(reference).max())
    names = executed(grad_fn)
    assert "ReluGrad[in place]" in names
    assert "Add[in place]" in names
    assert "Add" not in names and "ReluGrad" not in names


def test_graph_inputs_parameters_and_returned_values_are_not_written():
    weight = ms.Parameter(Tensor(np.full((4, 4), 2.0, np.float32)), name="w")
    x_np = RNG.standard_normal((4, 4)).astype(np.float32)
    x = Tensor(x_np)

    def f(x):
        doubled = x * 2.0
        total = doubled + x              # doubled is returned: it must keep its values
        return doubled, total + weight   # total dies here, weight is a Parameter

    compiled = ms.jit(f)
    doubled, result = compiled(x)
    np.testing.assert_array_equal(doubled.asnumpy(), x_np * 2)
    np.testing.assert_array_equal(result.asnumpy(), x_np * 2 + x_np + 2)
    np.testing.assert_array_equal(x.asnumpy(), x_np)
    np.testing.assert_array_equal(weight.asnumpy(), np.full((4, 4), 2.0, np.float32))
    assert executed(compiled).count("Add[in place]") == 1     # only `total + weight`, over total


def test_an_input_read_later_through_a_view_is_not_written():
    x_np = RNG.standard_normal((4, 6)).astype(np.float32)

    def f(x):
        product = x * 3.0
        flat = ops.reshape(product, (24,))       # a view of product's storage
        total = product + x                      # product's last direct read, not its storage's
        return total, flat * 1.5

    compiled = ms.jit(f)
    total, scaled = compiled(Tensor(x_np))
    np.testing.assert_allclose(total.asnumpy(), x_np * 4, rtol=1e-6)
    np.testing.assert_allclose(scaled.asnumpy(), (x_np * 3).reshape(24) * 1.5, rtol=1e-6)
    assert "Add" in executed(compiled)


def test_broadcasting_additions_keep_their_kernel():
    x_np = RNG.standard_normal((4, 6)).astype(np.float32)
    b_np = RNG.standard_normal(6).astype(np.float32)
    compiled = ms.jit(lambda x, b: (x * 2.0) + b)
    np.testing.assert_allclose(compiled(Tensor(x_np), Tensor(b_np)).asnumpy(), x_np * 2 + b_np, rtol=1e-6)
    # (4, 6) + (6,): an operand is broadcast
    assert executed(compiled).count("Add[in place]") == 0
