"""A compiled training step computes the sparse softmax cross entropy and its gradient
from one log-softmax (passes.prepare_for_execution): the values are those of the
float64 NumPy formulas."""
import numpy as np

import spore as ms
from spore import Parameter, Tensor, nn, ops

RNG = np.random.default_rng(3)
X = RNG.standard_normal((6, 5)).astype(np.float32)
W = RNG.standard_normal((5, 4)).astype(np.float32)
LABELS = np.array([0, 3, 1, 1, 2, 3], np.int32)


def test_loss_and_gradient_match_numpy():
    w = Parameter(Tensor(W), name="w")
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    step = ms.jit(ms.value_and_grad(lambda x, y: loss_fn(ops.matmul(x, w), y), None, [w]))
    loss, (dw,) = step(Tensor(X), Tensor(LABELS))

    logits = X.astype(np.float64) @ W.astype(np.float64)
    p = np.exp(logits - logits.max(1, keepdims=True))
    p /= p.sum(1, keepdims=True)
    onehot = np.eye(4)[LABELS]
    np.testing.assert_allclose(loss.asnumpy(), -np.log(p[np.arange(6), LABELS]).mean(), rtol=1e-5)
    np.testing.assert_allclose(dw.asnumpy(), X.astype(np.float64).T @ ((p - onehot) / 6), rtol=1e-5, atol=1e-6)
    (program,) = step.cache.programs.values()
    fused = [n for n in program.graph.body.nodes if n.kind == "apply" and "+" in n.prim.name]
    assert [n.prim.name for n in fused] == ["SparseSoftmaxCrossEntropyWithLogits+SparseSoftmaxCrossEntropyWithLogits"]
    # the sensitivity 1 is not multiplied into the gradient (pass eliminate_multiplications_by_ones)
    assert not {"Mul", "OnesLike"} & {type(n.prim).__name__ for n in program.graph.body.nodes if n.kind == "apply"}
