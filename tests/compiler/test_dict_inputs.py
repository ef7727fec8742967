"""Tensors held in a dict argument are graph inputs, as tuple-held ones: a second call with
other values (same shapes) runs the same graph on the new values instead of the first ones."""
import numpy as np

import spore as ms
from spore import Tensor, nn


class ScaleAndShift(nn.Cell):
    def construct(self, x, params):
        return x * params['scale'] + params['shift'][0]


def test_cell_reads_each_calls_dict_values(graph_mode):
    net = ScaleAndShift()
    x = Tensor(np.float32(1.0))
    first = net(x, {'scale': Tensor(np.float32(2.0)), 'shift': (Tensor(np.float32(1.0)),)})
    second = net(x, {'scale': Tensor(np.float32(3.0)), 'shift': (Tensor(np.float32(5.0)),)})
    assert float(first.asnumpy()) == 3.0
    assert float(second.asnumpy()) == 8.0


def test_jit_function_reads_each_calls_dict_values():
    @ms.jit
    def add_from_dict(x, values):
        return x + values['k']

    x = Tensor(np.float32(1.0))
    assert float(add_from_dict(x, {'k': Tensor(np.float32(2.0))}).asnumpy()) == 3.0
    assert float(add_from_dict(x, {'k': Tensor(np.float32(7.0))}).asnumpy()) == 8.0


def test_key_order_of_the_dict_picks_the_values_by_key():
    @ms.jit
    def difference(values):
        return values['a'] - values['b']

    one, ten = Tensor(np.float32(1.0)), Tensor(np.float32(10.0))
    assert float(difference({'a': ten, 'b': one}).asnumpy()) == 9.0
    assert float(difference({'b': one, 'a': ten}).asnumpy()) == 9.0


def test_gradient_through_a_cell_with_a_dict_argument(graph_mode):
    net = ScaleAndShift()
    x = Tensor(np.float32(1.0))
    grad = ms.grad(net)(x, {'scale': Tensor(np.float32(3.0)), 'shift': (Tensor(np.float32(5.0)),)})
    assert float(grad.asnumpy()) == 3.0
