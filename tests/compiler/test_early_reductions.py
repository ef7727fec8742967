"""Graph mode runs a ReduceSum / ReduceMean right after the node making its input
(early_reductions.py): a layer's bias gradient before its gradient products; the values
are the float64 references'."""
import numpy as np
import torch

import spore as ms
from spore import Tensor, nn, ops

RNG = np.random.default_rng(34)


class TwoLayers(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense1 = nn.Dense(24, 40)
        self.dense2 = nn.Dense(40, 8)

    def construct(self, x):
        return (ops.tanh(self.dense2(ops.tanh(self.dense1(x)))) ** 2).mean()


def float64_gradients(net, x):
    params = [torch.tensor(p.asnumpy(), dtype=torch.float64, requires_grad=True) for p in net.trainable_params()]
    w1, b1, w2, b2 = params
    loss = torch.tanh(torch.tanh(torch.tensor(x, dtype=torch.float64) @ w1.T + b1) @ w2.T + b2).pow(2).mean()
    loss.backward()
    return [p.grad.numpy() for p in params]


def test_bias_gradients_follow_the_gradient_they_sum_and_match_float64():
    net = TwoLayers()
    x = RNG.standard_normal((32, 24)).astype(np.float32)
    compiled = ms.jit(ms.grad(net, None, net.trainable_params()))
    grads = compiled(Tensor(x))
    for actual, expected in zip(grads, float64_gradients(net, x)):
        np.testing.assert_allclose(actual.asnumpy(), expected, rtol=1e-4, atol=1e-6)
    (program,) = compiled.cache.programs.values()
    body = program.graph.body.nodes
    sums = [i for i, node in enumerate(body) if node.kind == "apply" and type(node.prim).__name__ == "ReduceSum"]
    assert len(sums) >= 2                   # the two bias gradients
    for i in sums:
        source = body[i].inputs[0]
        previous = body[:i]
        while previous[-1].kind == "apply" and type(previous[-1].prim).__name__ == "ReduceSum":
            previous = previous[:-1]        # sums of the same input follow each other
        assert source in previous[-1].outputs
