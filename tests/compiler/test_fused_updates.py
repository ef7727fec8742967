"""A compiled training step updates its Parameters with one multi-tensor call per optimizer
(passes.fuse_parameter_updates): the values are those of the NumPy update rules."""
import numpy as np

import spore as ms
from spore import Parameter, Tensor, nn, ops

RNG = np.random.default_rng(5)
X = RNG.standard_normal((4, 3)).astype(np.float32)
W1 = RNG.standard_normal((3, 5)).astype(np.float32)
W2 = RNG.standard_normal((5, 2)).astype(np.float32)
B2 = RNG.standard_normal((2,)).astype(np.float32)


def _loss_and_gradients(w1, w2, b2):
    """sum((relu(X w1) w2 + b2)^2) and its gradients, in float64."""
    h = X.astype(np.float64) @ w1
    r = np.maximum(h, 0)
    y = r @ w2 + b2
    dy = 2 * y
    dr = dy @ w2.T
    return (y ** 2).sum(), (X.T @ (dr * (h > 0)), r.T @ dy, dy.sum(0))


def _step(optimizer_type, **options):
    params = [Parameter(Tensor(a), name=n) for a, n in ((W1, "w1"), (W2, "w2"), (B2, "b2"))]
    optimizer = optimizer_type(params, **options)

    def loss_fn(x):
        y = ops.matmul(ops.relu(ops.matmul(x, params[0])), params[1]) + params[2]
        return (y * y).sum()
    grad_fn = ms.value_and_grad(loss_fn, None, optimizer.parameters)

    @ms.jit
    def step(x):
        loss, grads = grad_fn(x)
        optimizer(grads)
        return loss
    return step, params


def _fused_updates(step) -> list:
    (program,) = step.cache.programs.values()
    return [n for n in program.graph.body.nodes if n.kind == "effect" and "[x" in n.prim.name]


def test_momentum_updates_match_numpy_in_one_call():
    step, params = _step(nn.Momentum, learning_rate=0.01, momentum=0.9)
    weights = [a.astype(np.float64) for a in (W1, W2, B2)]
    moments = [np.zeros_like(w) for w in weights]
    for _ in range(3):
        loss = step(Tensor(X))
        expected, grads = _loss_and_gradients(*weights)
        np.testing.assert_allclose(loss.asnumpy(), expected, rtol=1e-5)
        moments = [0.9 * m + g for m, g in zip(moments, grads)]
        weights = [w - 0.01 * m for w, m in zip(weights, moments)]
    for param, w in zip(params, weights):
        np.testing.assert_allclose(param.asnumpy(), w, rtol=1e-4, atol=1e-5)
    assert [n.prim.name for n in _fused_updates(step)] == ["ApplyMomentum[x3]"]


def test_adam_updates_match_numpy_in_one_call():
    step, params = _step(nn.Adam, learning_rate=0.01)
    weights = [a.astype(np.float64) for a in (W1, W2, B2)]
    m = [np.zeros_like(w) for w in weights]
    v = [np.zeros_like(w) for w in weights]
    for t in range(1, 4):
        step(Tensor(X))
        _, grads = _loss_and_gradients(*weights)
        m = [0.9 * a + 0.1 * g for a, g in zip(m, grads)]
        v = [0.999 * a + 0.001 * g * g for a, g in zip(v, grads)]
        lr = 0.01 * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
        weights = [w - lr * a / (np.sqrt(b) + 1e-8) for w, a, b in zip(weights, m, v)]
    for param, w in zip(params, weights):
        np.testing.assert_allclose(param.asnumpy(), w, rtol=1e-4, atol=1e-5)
    assert [n.prim.name for n in _fused_updates(step)] == ["Adam[x3]"]
