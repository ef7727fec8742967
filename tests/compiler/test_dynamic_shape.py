"""Dynamic shapes in Graph mode: Cell.set_inputs, enable_dynamic and jit(dynamic=1)
compile one graph for every shape the declared unknown sizes allow, re-specialize only
where the graph depends on a size's value, and check calls against the declaration
(exception types and messages observed on MindSpore 2.7.1)."""
import numpy as np
import pytest

import spore as ms
from spore import Tensor, nn, ops


class MLP(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense1 = nn.Dense(3, 8)
        self.dense2 = nn.Dense(8, 2)

    def construct(self, x):
        return self.dense2(ops.relu(self.dense1(x)))


def _reference(net, x):
    w1, b1 = net.dense1.weight.asnumpy(), net.dense1.bias.asnumpy()
    w2, b2 = net.dense2.weight.asnumpy(), net.dense2.bias.asnumpy()
    return np.maximum(x @ w1.T + b1, 0) @ w2.T + b2


def test_set_inputs_compiles_once_for_every_batch_size(graph_mode):
    net = MLP()
    net.set_inputs(Tensor(shape=[None, 3], dtype=ms.float32))
    for batch in [2, 7, 1, 16, 3]:
        x = np.random.randn(batch, 3).astype(np.float32)
        np.testing.assert_allclose(net(Tensor(x)).asnumpy(), _reference(net, x), rtol=1e-5, atol=1e-6)
    assert len(net._graph_cache.programs) == 1


def test_get_inputs_reads_the_declaration():
    net = MLP()
    net.set_inputs(Tensor(shape=[None, 3], dtype=ms.float32))
    (declared,) = net.get_inputs()
    assert declared.shape == (-1, 3) and declared.dtype is ms.float32


class ScaleBySize(nn.Cell):
    def construct(self, x):
        return x.sum(axis=0) * x.shape[0]


def test_a_graph_that_uses_a_size_is_compiled_for_each_size(graph_mode):
    net = ScaleBySize()
    net.set_inputs(Tensor(shape=[None, 3], dtype=ms.float32))
    for batch in [2, 5, 2]:
        out = net(Tensor(np.ones((batch, 3), np.float32)))
        np.testing.assert_array_equal(out.asnumpy(), [batch * batch] * 3)
    assert len(net._graph_cache.programs) == 2


class Branches(nn.Cell):
    def construct(self, x):
        if x.shape[0] > 3:
            return x * 2
        return x - 1


def test_python_branches_on_a_size_are_decided_per_range(graph_mode):
    net = Branches()
    net.set_inputs(Tensor(shape=[None], dtype=ms.float32))
    for n, expected in [(2, 0.0), (5, 2.0), (3, 0.0), (9, 2.0), (1, 0.0)]:
        np.testing.assert_array_equal(net(Tensor(np.ones(n, np.float32))).asnumpy(), [expected] * n)
    assert len(net._graph_cache.programs) == 2


def test_reshape_to_a_computed_size(graph_mode):
    class Fold(nn.Cell):
        def construct(self, x):
            return x.reshape(x.shape[0] * 2, -1), ops.reshape(x, (-1, 2))

    net = Fold()
    net.set_inputs(Tensor(shape=[None, 4], dtype=ms.float32))
    for batch in [1, 3]:
        x = np.arange(batch * 4, dtype=np.float32).reshape(batch, 4)
        first, second = net(Tensor(x))
        np.testing.assert_array_equal(first.asnumpy(), x.reshape(batch * 2, -1))
        np.testing.assert_array_equal(second.asnumpy(), x.reshape(-1, 2))


def test_unknown_rank(graph_mode):
    net = ScaleBySize()
    net.set_inputs(Tensor(shape=None, dtype=ms.float32))
    for shape in [(2, 3), (4, 3, 2)]:
        x = np.ones(shape, np.float32)
        np.testing.assert_array_equal(net(Tensor(x)).asnumpy(), x.sum(axis=0) * shape[0])


@pytest.mark.parametrize("x, error, message", [
    (np.ones((5, 4), np.float32), ValueError, "For set_inputs and tuple(list) in set_inputs, the shape of 1th input "
                                              "must be the same as expected, but got expected: 3, and input: 4!"),
    (np.ones((5, 3, 1), np.float32), ValueError, "For set_inputs and tuple(list) in set_inputs, the dims of 1th "
                                                 "input must be the same as expected, but got expected: 2, and "
                                                 "input: 3!"),
    (np.ones((5, 3), np.int32), TypeError, "For set_inputs or tuple(list) in set_inputs, the 1th type should be "
                                           "Tensor[Float32], but got Tensor[Int32]!"),
    (3, TypeError, "For set_inputs or tuple(list) in set_inputs, the 1th should be mutable one, but got static!"),
])
def test_calls_that_the_declaration_does_not_describe(graph_mode, x, error, message):
    net = MLP()
    net.set_inputs(Tensor(shape=[None, 3], dtype=ms.float32))
    with pytest.raises(error) as info:
        net(Tensor(x) if isinstance(x, np.ndarray) else x)
    assert message in str(info.value)


def test_pynative_calls_ignore_the_declaration():
    net = ScaleBySize()
    net.set_inputs(Tensor(shape=[None, 3], dtype=ms.float32))
    np.testing.assert_array_equal(net(Tensor(np.ones((5, 4), np.float32))).asnumpy(), [25.0] * 4)


def test_enable_dynamic_shares_one_graph_and_checks_calls():
    @ms.enable_dynamic(x=Tensor(shape=[None, 2], dtype=ms.float32))
    @ms.jit
    def func(x, scale):
        return ops.exp(x) * scale

    for batch in [4, 1, 9]:
        x = np.random.randn(batch, 2).astype(np.float32)
        np.testing.assert_allclose(func(Tensor(x), 3.0).asnumpy(), np.exp(x) * 3.0, rtol=1e-6)
    assert len(func.cache.programs) == 1
    with pytest.raises(ValueError, match=r"When using decorator enable_dynamic, input tensor shape = \(4, 3\), "
                                         r"dynamic tensor shape = \(-1, 2\), tensor shapes are not the same."):
        func(Tensor(np.ones((4, 3), np.float32)), 3.0)
    with pytest.raises(TypeError, match="input tensor dtype = Int32, dynamic tensor dtype = Float32, tensor dtypes "
                                        "are not the same."):
        func(Tensor(np.ones((4, 2), np.int32)), 3.0)


def test_jit_dynamic_1_makes_the_changed_sizes_dynamic():
    @ms.jit(dynamic=1)
    def func(x):
        return x * 2 + 1

    for batch in [2, 3, 4, 5, 6]:
        x = np.random.randn(batch, 3).astype(np.float32)
        np.testing.assert_allclose(func(Tensor(x)).asnumpy(), x * 2 + 1, rtol=1e-6)
    # the first shape's static graph, then one graph for every batch size
    assert len(func.cache.programs) == 2
    # a call the dynamic sizes do not describe is compiled as it comes
    np.testing.assert_array_equal(func(Tensor(np.ones((2, 5), np.float32))).asnumpy(), np.full((2, 5), 3.0))


def test_without_dynamic_each_shape_compiles():
    @ms.jit
    def func(x):
        return x * 2

    for batch in [2, 3, 4]:
        func(Tensor(np.ones((batch, 3), np.float32)))
    assert len(func.cache.programs) == 3


def test_gradients_through_a_dynamic_cell(graph_mode):
    net = MLP()
    net.set_inputs(Tensor(shape=[None, 3], dtype=ms.float32))
    grad_fn = ms.grad(lambda x: net(x).sum())
    for batch in [2, 5]:
        x = np.random.randn(batch, 3).astype(np.float32)
        w1, b1 = net.dense1.weight.asnumpy(), net.dense1.bias.asnumpy()
        w2 = net.dense2.weight.asnumpy()
        mask = (x @ w1.T + b1 > 0).astype(np.float32)
        expected = (mask * w2.sum(axis=0)) @ w1
        np.testing.assert_allclose(grad_fn(Tensor(x)).asnumpy(), expected, rtol=1e-5, atol=1e-6)


class MeanOverBatch(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(Tensor(np.array([1.0, 2.0, 3.0], np.float32)), name="w")

    def construct(self, x):
        return (x * self.w).mean(axis=0)


def test_gradients_whose_bprop_uses_the_batch_size(graph_mode):
    net = MeanOverBatch()
    net.set_inputs(Tensor(shape=[None, 3], dtype=ms.float32))
    grad_fn = ms.grad(lambda x: net(x).sum(), grad_position=0, weights=net.trainable_params())
    for batch in [2, 5, 2]:
        x = np.random.randn(batch, 3).astype(np.float32)
        dx, (dw,) = grad_fn(Tensor(x))
        np.testing.assert_allclose(dx.asnumpy(), np.tile([1.0, 2.0, 3.0], (batch, 1)) / batch, rtol=1e-6)
        np.testing.assert_allclose(dw.asnumpy(), x.mean(axis=0), rtol=1e-5, atol=1e-6)


def test_a_size_keeps_its_derivation_and_guards_the_decisions_made_on_it():
    import operator

    from spore.compiler import dynamic

    with dynamic.Guarded() as guards:
        size = dynamic.Dim(6, operator.itemgetter(0))
        derived = [size * 2 + 1, size // 4, -size, size ** 2, size % 4]
        assert not guards.guards   # arithmetic decides nothing
        assert [d.expr((9,)) for d in derived] == [19, 2, -9, 81, 1]
        assert abs(3 - size).expr((9,)) == 6   # decided on the sign of 3 - size
        assert guards.hold((9,)) and not guards.hold((2,))
        assert size > 3 and int(size) == 6
    # size > 3 holds for 9, int(size) == 6 does not
    assert guards.hold((6,)) and not guards.hold((9,))


def test_a_returned_shape_is_that_of_each_call():
    @ms.enable_dynamic(x=Tensor(shape=[None, 2], dtype=ms.float32))
    @ms.jit
    def func(x):
        return x + 1, x.shape

    for batch in [3, 4]:
        assert func(Tensor(np.ones((batch, 2), np.float32)))[1] == (batch, 2)
