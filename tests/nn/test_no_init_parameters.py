"""nn.no_init_parameters: Parameters made inside it keep their initializer until
init_parameters_data() (or their first use) creates their data, as in MindSpore 2.7.1."""
import numpy as np

import spore as ms
from spore import nn
from spore.common.initializer import One


def _ones_parameter(name):
    return ms.Parameter(ms.Tensor(shape=(2,), dtype=ms.float32, init=One()), name=name)


def test_parameters_made_inside_wait_for_their_data():
    with nn.no_init_parameters():
        net = nn.Dense(2, 3)
        alone = _ones_parameter("alone")
    assert net.weight.has_init and alone.has_init
    net.init_parameters_data()
    assert not net.weight.has_init and net.weight.shape == (3, 2)
    assert alone.has_init  # not in the network: still waiting
    np.testing.assert_array_equal(alone.init_data().asnumpy(), [1.0, 1.0])
    assert not alone.has_init


def test_parameters_made_after_the_block_get_their_data_at_once():
    with nn.no_init_parameters():
        pass
    assert not _ones_parameter("after").has_init
