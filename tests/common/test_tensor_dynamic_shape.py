"""Tensors that describe dynamic inputs: unknown sizes (None, -1, Symbol) and unknown
rank (shape=None), as `Cell.set_inputs` and `enable_dynamic` take them."""
import numpy as np
import pytest

import spore as ms
from spore import Symbol, Tensor, nn, ops


def test_unknown_rank_is_minus_two():
    t = Tensor(shape=None, dtype=ms.float32)
    assert t.shape == (-2,)
    assert t.dtype is ms.float32
    assert Tensor(dtype=ms.int32).shape == (-2,)


def test_symbols_and_none_are_unknown_sizes():
    t = Tensor(shape=(None, Symbol(divisor=8, remainder=1), -1, 3), dtype=ms.float32)
    assert t.shape == (-1, -1, -1, 3)


def test_a_dynamic_description_holds_no_data():
    with pytest.raises(RuntimeError, match="holds no data"):
        Tensor(shape=None, dtype=ms.float32).asnumpy()


def test_no_data_no_shape_no_dtype_is_a_type_error():
    with pytest.raises(TypeError, match="'input_data' or 'shape' must be given"):
        Tensor()


def test_cell_with_symbolic_inputs_runs_on_each_shape():
    class AbsNet(nn.Cell):
        def construct(self, x):
            return ops.abs(x)

    net = AbsNet()
    s = Symbol(max=32, unique=True)
    net.set_inputs(Tensor(shape=(None, s, s), dtype=ms.float32))
    for shape in [(1, 9, 9), (8, 30, 30)]:
        x = np.random.randn(*shape).astype(np.float32)
        np.testing.assert_allclose(net(Tensor(x)).asnumpy(), np.abs(x))


def test_enable_dynamic_with_unknown_rank():
    @ms.enable_dynamic(y=Tensor(shape=None, dtype=ms.float32))
    @ms.jit
    def func(x, y):
        return x + 1, y + 1

    _, out = func(Tensor([1.0]), Tensor(np.ones((2, 3), np.float32)))
    np.testing.assert_array_equal(out.asnumpy(), np.full((2, 3), 2.0))
