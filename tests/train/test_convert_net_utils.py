"""ConvertNetUtils.convert_to_thor_net: observed on MindSpore 2.7.1 with the network below —
every Dense, Conv2d and Embedding (also inside a SequentialCell) becomes its Thor layer in
place, the Parameters keep their names and values, the statistics are named after the
layer's path, and the call returns None."""
import numpy as np
import pytest

import spore as ms
from spore import nn
from spore.train import ConvertNetUtils

MINDSPORE_PARAMETER_NAMES = [
    'c1.weight', 'c1.a_normalizer', 'c1.g_normalizer', 'c1.matrix_a_cov', 'c1.matrix_g_cov', 'c2.weight', 'c2.bias',
    'c2.a_normalizer', 'c2.g_normalizer', 'c2.matrix_a_cov', 'c2.matrix_g_cov', 'd.weight', 'd.bias', 'd.matrix_a',
    'd.matrix_g', 'd2.weight', 'd2.bias', 'd2.matrix_a', 'd2.matrix_g', 'e.embedding_table', 'e.matrix_a',
    'e.matrix_g', 'seq.0.weight', 'seq.0.bias', 'seq.0.matrix_a', 'seq.0.matrix_g']


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(3, 4, 3)
        self.c2 = nn.Conv2d(4, 5, 3, has_bias=True)
        self.d = nn.Dense(5, 6, activation="relu")
        self.d2 = nn.Dense(6, 1001)
        self.e = nn.Embedding(10, 3)
        self.seq = nn.SequentialCell([nn.Dense(2, 3), nn.ReLU()])

    def construct(self, image, features):
        return self.c2(self.c1(image)), self.d(features), self.seq(features[:, :2])


def test_layers_become_thor_layers_in_place_with_their_parameters():
    net = Net()
    image = ms.Tensor(np.random.default_rng(0).normal(size=(2, 3, 8, 8)).astype(np.float32))
    features = ms.Tensor(np.random.default_rng(1).normal(size=(2, 5)).astype(np.float32))
    before = [out.asnumpy() for out in net(image, features)]
    weight = net.d.weight

    assert ConvertNetUtils().convert_to_thor_net(net) is None
    kinds = {name: type(cell).__name__ for name, cell in net.cells_and_names()}
    assert [kinds[n] for n in ("c1", "c2", "d", "d2", "e", "seq.0", "seq.1")] == [
        "Conv2dThor", "Conv2dThor", "DenseThor", "DenseThor", "EmbeddingThor", "DenseThor", "ReLU"]
    assert [p.name for p in net.get_parameters()] == MINDSPORE_PARAMETER_NAMES
    assert net.d.weight is weight
    for got, want in zip(net(image, features), before):
        np.testing.assert_allclose(got.asnumpy(), want, rtol=1e-6, atol=1e-6)


def test_a_converted_network_is_left_as_it_is():
    net = Net()
    ConvertNetUtils().convert_to_thor_net(net)
    layer = net.d
    ConvertNetUtils().convert_to_thor_net(net)
    assert net.d is layer


def test_only_a_cell_converts():
    with pytest.raises(AttributeError, match="'net' must be a Cell"):
        ConvertNetUtils().convert_to_thor_net("net")
