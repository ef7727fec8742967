"""mint.optim is experimental.optim's classes, and a model of mint.nn layers trains with them."""
from __future__ import annotations

import numpy as np
import pytest

import spore as ms
from spore import mint
from spore.experimental import optim as experimental_optim
from spore.mint import nn


@pytest.mark.parametrize("name", ["Adam", "AdamW", "SGD"])
def test_optimizers_are_the_experimental_classes(name):
    assert getattr(mint.optim, name) is getattr(experimental_optim, name)


class _Model(ms.nn.Cell):
    def __init__(self):
        super().__init__()
        self.hidden = nn.Linear(3, 8)
        self.act = nn.GELU()
        self.out = nn.Linear(8, 1)

    def construct(self, x):
        return self.out(self.act(self.hidden(x)))


@pytest.mark.parametrize("make_optimizer", [lambda p: mint.optim.SGD(p, lr=0.05, momentum=0.9),
                                            lambda p: mint.optim.Adam(p, lr=0.02)])
def test_mint_layers_train(make_optimizer):
    ms.set_seed(0)
    rng = np.random.default_rng(0)
    inputs = rng.standard_normal((32, 3)).astype(np.float32)
    x, y = ms.Tensor(inputs), ms.Tensor(inputs @ np.array([[1.], [-2.], [0.5]], np.float32))
    model, loss_fn = _Model(), nn.MSELoss()
    optimizer = make_optimizer(model.trainable_params())
    grad_fn = ms.value_and_grad(lambda a, b: loss_fn(model(a), b), None, optimizer.parameters)
    losses = []
    for _ in range(30):
        loss, grads = grad_fn(x, y)
        optimizer(grads)
        losses.append(float(loss.asnumpy()))
    assert losses[-1] < 0.5 * losses[0]
