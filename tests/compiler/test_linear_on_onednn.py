"""Graph mode runs large float32 linear layers, and the input gradients their bprops emit,
on oneDNN's inner-product kernel, a ReLU that alone reads a layer's output applied by the
product (linear_layers.py): the step's loss, gradients and updated weights are those of
float64 torch, small or non-float32 products keep their kernels, and a linear layer's
output that is read elsewhere too is not replaced by its ReLU."""
import numpy as np
import pytest
import torch

import spore as ms
from spore import Tensor, nn, ops
from spore._kernels import onednn_linear

pytestmark = pytest.mark.skipif(not onednn_linear.available(), reason="torch built without oneDNN")

RNG = np.random.default_rng(5)
BATCH, D_IN, HIDDEN, D_OUT = 128, 256, 512, 256      # 128 * 256 * 512 multiply-adds: oneDNN's
X = RNG.standard_normal((BATCH, D_IN)).astype(np.float32)
W1 = (RNG.standard_normal((HIDDEN, D_IN)) / 16).astype(np.float32)
B1 = RNG.standard_normal(HIDDEN).astype(np.float32)
W2 = (RNG.standard_normal((D_OUT, HIDDEN)) / 22).astype(np.float32)
B2 = RNG.standard_normal(D_OUT).astype(np.float32)


class Mlp(nn.Cell):
    def __init__(self, d_in=D_IN, hidden=HIDDEN, d_out=D_OUT):
        super().__init__()
        self.dense1 = nn.Dense(d_in, hidden)
        self.dense2 = nn.Dense(hidden, d_out)
        for param, value in ((self.dense1.weight, W1), (self.dense1.bias, B1), (self.dense2.weight, W2),
                             (self.dense2.bias, B2)):
            param.set_data(Tensor(value[tuple(slice(0, n) for n in param.shape)]))

    def construct(self, x):
        return (self.dense2(ops.relu(self.dense1(x))) ** 2).mean()


def torch_reference(x, w1=W1, b1=B1, w2=W2, b2=B2):
    """(loss, dx, dW1, db1, dW2, db2) in float64."""
    x, w1, b1, w2, b2 = (torch.tensor(a, dtype=torch.float64, requires_grad=True) for a in (x, w1, b1, w2, b2))
    loss = (torch.relu(x @ w1.T + b1) @ w2.T + b2).pow(2).mean()
    loss.backward()
    return [loss.item()] + [t.grad.numpy() for t in (x, w1, b1, w2, b2)]


def close(actual, expected):
    """float32 sums of a few hundred terms against float64: relative to the largest."""
    np.testing.assert_allclose(actual, expected, rtol=1e-4, atol=1e-5 * np.abs(expected).max())


def _executed(fn) -> list:
    (program,) = fn.cache.programs.values()
    return [n.prim.name for n in program.graph.body.nodes if n.kind == "apply"]


def test_gradients_of_a_compiled_mlp_match_float64_and_run_on_onednn():
    net = Mlp()
    grad_fn = ms.jit(ms.value_and_grad(net, 0, net.trainable_params()))
    loss, (dx, (dw1, db1, dw2, db2)) = grad_fn(Tensor(X))
    expected = torch_reference(X)
    close(loss.asnumpy(), expected[0])
    for actual, reference in zip((dx, dw1, db1, dw2, db2), expected[1:]):
        close(actual.asnumpy(), reference)
    executed = _executed(grad_fn)
    assert "Dense+ReLU[onednn]" in executed                 # the hidden layer and its activation
    assert "Dense[onednn]" in executed
    assert executed.count("MatMulExt[onednn]") == 2         # both input gradients
    assert "ReLU" not in executed


def test_a_compiled_training_step_updates_as_float64_sgd():
    net = Mlp()
    optimizer = nn.SGD(net.trainable_params(), learning_rate=0.1)
    grad_fn = ms.value_and_grad(net, None, optimizer.parameters)

    def step(x):
        loss, grads = grad_fn(x)
        optimizer(grads)
        return loss

    compiled = ms.jit(step)
    loss = compiled(Tensor(X))
    expected = torch_reference(X)
    close(loss.asnumpy(), expected[0])
    for param, start, grad in zip(net.trainable_params(), (W1, B1, W2, B2), expected[2:]):
        close(param.asnumpy(), start - 0.1 * grad)


def test_small_products_keep_their_kernels():
    net = Mlp(16, 32, 8)
    grad_fn = ms.jit(ms.value_and_grad(net, 0, net.trainable_params()))
    loss, (dx, _) = grad_fn(Tensor(X[:4, :16]))
    expected = torch_reference(X[:4, :16], W1[:32, :16], B1[:32], W2[:8, :32], B2[:8])
    close(loss.asnumpy(), expected[0])
    close(dx.asnumpy(), expected[1])
    assert not any("onednn" in name for name in _executed(grad_fn))


def test_float64_products_keep_their_kernels():
    dense = ops.Dense()

    @ms.jit
    def f(x, w):
        return dense(x, w)

    x, w = RNG.standard_normal((BATCH, D_IN)), RNG.standard_normal((HIDDEN, D_IN))
    np.testing.assert_allclose(f(Tensor(x), Tensor(w)).asnumpy(), x @ w.T, rtol=1e-12)
    assert _executed(f) == ["Dense"]


def test_a_linear_output_read_besides_its_relu_is_kept():
    dense = ops.Dense()

    @ms.jit
    def f(x, w, b):
        y = dense(x, w, b)
        return ops.relu(y), y

    relu, y = f(Tensor(X), Tensor(W1), Tensor(B1))
    expected = X.astype(np.float64) @ W1.T.astype(np.float64) + B1
    close(y.asnumpy(), expected)
    close(relu.asnumpy(), np.maximum(expected, 0))
    assert _executed(f) == ["Dense[onednn]", "ReLU"]


def test_matmul_without_a_transposed_left_operand_runs_on_onednn():
    @ms.jit
    def f(a, b, c):
        return ops.matmul(a, b), ops.MatMul(transpose_b=True)(a, c), ops.MatMul(transpose_a=True)(a, a)

    a, b, c = X.astype(np.float64), W1.T.copy(), W1
    ab, ac, ata = f(Tensor(X), Tensor(b), Tensor(c))
    close(ab.asnumpy(), a @ b)
    close(ac.asnumpy(), a @ c.T)
    close(ata.asnumpy(), a.T @ a)
    executed = _executed(f)
    assert "MatMulExt[onednn]" in executed and "MatMul[onednn]" in executed
    assert executed[-1] == "MatMul"     # the transposed left operand (a weight gradient's form)


def test_a_vector_through_a_large_dense_keeps_its_kernel():
    dense = ops.Dense()

    @ms.jit
    def f(x, w):
        return dense(x, w)

    w = RNG.standard_normal((4096, 2048)).astype(np.float32)     # 8M multiply-adds, but x is 1-D
    x = RNG.standard_normal(2048).astype(np.float32)
    close(f(Tensor(x), Tensor(w)).asnumpy(), w.astype(np.float64) @ x)
    assert _executed(f) == ["Dense"]
