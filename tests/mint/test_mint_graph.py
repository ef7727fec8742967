"""mint's adapters compile: a sample run under `ms.jit` gives the PyNative results, and a Cell
built of mint.nn layers runs as a graph."""
from __future__ import annotations

import numpy as np
import pytest

import spore as ms
from spore import mint
from spore.mint import nn
from spore.mint.nn import functional as F

X = np.array([[3., 1., 2.], [0., 5., 4.]], np.float32)

FUNCTIONS = [
    lambda a: mint.add(a, a, alpha=2),
    lambda a: mint.max(a, 1),
    lambda a: mint.max(a),
    lambda a: mint.sort(a, dim=0),
    lambda a: mint.std(a, 1),
    lambda a: mint.select(a, 1, -1),
    lambda a: mint.cat((a, a), dim=1),
    lambda a: mint.kthvalue(a, 2, 1),
    lambda a: mint.transpose(a, 0, 1),
    lambda a: mint.norm(a),
    lambda a: mint.where(a > 1, a, 0.),
    lambda a: F.softmax(a, dim=0),
    lambda a: F.elu(a, alpha=0.5),
    lambda a: F.normalize(a),
    lambda a: F.kl_div(a, a, reduction='batchmean'),
]


def _leaves(value):
    return value if isinstance(value, tuple) else (value,)


@pytest.mark.parametrize("fn", FUNCTIONS)
def test_graph_matches_pynative(fn):
    x = ms.Tensor(X)
    for graph, eager in zip(_leaves(ms.jit(fn)(x)), _leaves(fn(x))):
        np.testing.assert_allclose(graph.asnumpy(), eager.asnumpy(), rtol=1e-6)


class _Block(ms.nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 2, 3, padding=1)
        self.norm = nn.BatchNorm2d(2)
        self.act = nn.ReLU6()
        self.pad = nn.ZeroPad2d(1)

    def construct(self, x):
        return self.pad(self.act(self.norm(self.conv(x))))


def test_cell_of_mint_layers_compiles():
    block = _Block()
    block.set_train(False)
    image = ms.Tensor(np.random.default_rng(0).standard_normal((1, 1, 4, 4)).astype(np.float32))
    np.testing.assert_allclose(ms.jit(block.construct)(image).asnumpy(), block(image).asnumpy(), rtol=1e-5,
                               atol=1e-6)


@pytest.mark.parametrize("sample", [
    lambda a: a + mint.rand(2, 3),
    lambda a: a + mint.randn(2, 3),
    lambda a: mint.normal(a, 1.0),
    lambda a: mint.multinomial(a, 2),
    lambda a: mint.randperm(4),
    lambda a: mint.randint(0, 3, (2,)),
    lambda a: mint.randint_like(a, 3),
    lambda a: F.dropout(a, 0.5),
])
def test_random_functions_compile(sample):
    x = ms.Tensor(np.ones((2, 3), np.float32))
    assert ms.jit(sample)(x).shape == sample(x).shape
