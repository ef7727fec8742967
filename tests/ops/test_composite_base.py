"""MultitypeFuncGraph, HyperMap, Map and the composite helpers, in PyNative and Graph mode
(expected values from MindSpore 2.7.1's behaviour, computed by hand)."""
import numpy as np
import pytest

import spore as ms
import spore.ops.composite as C
from spore import Tensor, ops
from spore.ops.function import builtin_func as F


def _t(values):
    return Tensor(np.array(values, np.float32))


def _np(value):
    return value.asnumpy() if isinstance(value, Tensor) else value


add = C.MultitypeFuncGraph("add")


@add.register("Number", "Number")
def _add_numbers(x, y):
    return ("numbers", x + y)


@add.register("Tensor", "Tensor")
def _add_tensors(x, y):
    return ("tensors", x + y)


@add.register("Tuple", "Tuple")
def _add_tuples(x, y):
    return ("tuples", x + y)


@add.register("Int", "Int")
def _add_ints(x, y):
    return ("ints", x + y)


def test_multitype_dispatch_on_argument_types():
    assert add(1, 2.5) == ("numbers", 3.5)
    assert add(True, 2) == ("numbers", 3)
    assert add(1, 2) == ("ints", 3), "an exact type name wins over Number"
    assert add((1,), (2,)) == ("tuples", (1, 2))
    kind, value = add(_t([1, 2]), _t([3, 4]))
    assert kind == "tensors" and np.allclose(value.asnumpy(), [4, 6])
    kind, _ = add(ms.Parameter(_t([1, 2]), name="w"), _t([3, 4]))
    assert kind == "tensors", "a Parameter is a Tensor"


def test_multitype_other_type_names():
    graph = C.MultitypeFuncGraph("kinds")
    for name in ("List", "String", "None", "Bool", "Int", "Float", "Dictionary", "Function", "Slice"):
        graph.register(name)(lambda x, name=name: name)
    assert [graph(v) for v in ([1], "a", None, True, 3, 3.0, {}, len, slice(1))] == [
        "List", "String", "None", "Bool", "Int", "Float", "Dictionary", "Function", "Slice"]


def test_multitype_errors():
    with pytest.raises(ValueError, match="cannot find fn match"):
        add([1], [2])
    with pytest.raises(ValueError, match="cannot find fn match"):
        add(_t([1]), 1)
    with pytest.raises(RuntimeError, match="unsupported type name"):
        add.register("Foo")
    with pytest.raises(TypeError):
        C.MultitypeFuncGraph(3)


square = C.MultitypeFuncGraph("square")


@square.register("Tensor")
def _square_tensor(x):
    return x * 2


@square.register("Number")
def _square_number(x):
    return x * 3


def test_hypermap_maps_leaves_of_nests():
    out = C.HyperMap()(square, (_t([1, 2]), (1, _t([3]))))
    assert np.allclose(out[0].asnumpy(), [2, 4]) and out[1][0] == 3 and np.allclose(out[1][1].asnumpy(), [6])
    out = C.HyperMap(square)([_t([1]), 2])
    assert isinstance(out, tuple) and out[1] == 6, "lists map to tuples"
    assert np.allclose(C.HyperMap(square)(_t([1, 2])).asnumpy(), [2, 4])
    assert C.HyperMap(square)(2) == 6


def test_hypermap_zips_to_shortest_and_broadcasts_non_sequences():
    out = C.HyperMap(add)((1, 2), (10,))
    assert out == (("ints", 11),)
    out = C.HyperMap()(F.partial(add, 5), (1, 2))
    assert out == (("ints", 6), ("ints", 7))
    assert C.HyperMap(square, reverse=True)((1, 2)) == (3, 6)


def test_hypermap_errors():
    with pytest.raises(TypeError):
        C.HyperMap(3)
    with pytest.raises(TypeError):
        C.HyperMap()((1, 2))


def test_map_one_level():
    assert C.Map()(square, (1, 2)) == (3, 6)
    with pytest.raises(ValueError, match="cannot find fn match"):
        C.Map(square)((_t([1]), (1, 2)))
    rows = C.Map(square)(_t([1, 2]))
    assert [float(r.asnumpy()) for r in rows] == [2.0, 4.0], "a Tensor maps along its first axis"
    with pytest.raises(TypeError):
        C.Map(square)(3)


_apply = C.MultitypeFuncGraph("apply")


@_apply.register("Number", "Tensor", "Tensor")
def _apply_sgd(lr, grad, param):
    return param - lr * grad


_hyper_map = C.HyperMap()


def _sgd(grads, params):
    return _hyper_map(F.partial(_apply, 0.5), grads, params)


def test_optimizer_style_update_in_both_modes():
    grads = (_t([1, 1]), _t([2, 2, 2]))
    params = (_t([3, 3]), _t([0, 0, 0]))
    for fn in (_sgd, ms.jit(_sgd)):
        out = fn(grads, params)
        assert np.allclose(out[0].asnumpy(), [2.5, 2.5]) and np.allclose(out[1].asnumpy(), [-1, -1, -1])


class _MapNet(ms.nn.Cell):
    def __init__(self):
        super().__init__()
        self.map = C.Map()
        self.hyper_map = C.HyperMap(square)

    def construct(self, x, y):
        doubled = self.hyper_map((x, (y,)))
        return self.map(_twice_plus, (x, y), (y, x)), doubled


def _twice_plus(a, b):
    return a * 2 + b


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_map_and_hypermap_in_a_cell(mode):
    previous = ms.get_context("mode")
    ms.set_context(mode=mode)
    try:
        mapped, doubled = _MapNet()(_t([1, 2]), _t([10, 20]))
    finally:
        ms.set_context(mode=previous)
    assert np.allclose(mapped[0].asnumpy(), [12, 24]) and np.allclose(mapped[1].asnumpy(), [21, 42])
    assert np.allclose(doubled[0].asnumpy(), [2, 4]) and np.allclose(doubled[1][0].asnumpy(), [20, 40])


def test_gradient_flows_through_hypermap():
    def loss(x):
        return ops.sum(C.HyperMap(square)((x, x))[1])
    assert np.allclose(ms.grad(loss)(_t([1, 2])).asnumpy(), [2, 2])
    assert np.allclose(ms.jit(ms.grad(loss))(_t([1, 2])).asnumpy(), [2, 2])


def test_ones_like_zeros_like_hyper_add():
    t = _t([1, 2])
    assert np.allclose(C.ones_like(t).asnumpy(), [1, 1])
    ones = C.ones_like((t, 3))
    assert np.allclose(ones[0].asnumpy(), [1, 1]) and ones[1] == 1
    assert C.zeros_like(3.5) == 0.0 and isinstance(C.zeros_like(3.5), float)
    zeros = C.zeros_like((t, 2, [t]))
    assert np.allclose(zeros[0].asnumpy(), [0, 0]) and zeros[1] == 0 and np.allclose(zeros[2][0].asnumpy(), 0)
    assert np.allclose(C._ones_like_for_grad(t).asnumpy(), [1, 1])
    assert C.hyper_add(1, 2) == 3
    total = C.hyper_add((t, t), (t, t))
    assert np.allclose(total[1].asnumpy(), [2, 4])
    with pytest.raises(TypeError):
        C.zeros_like("a")


def test_sequence_helpers():
    assert C.tail((1, 2, 3)) == (2, 3) and C.tail([1, 2, 3]) == [2, 3]
    assert C.zip_operation((1, 2), (3, 4, 5)) == ((1, 3), (2, 4))
    assert C.ms_next((1, 2, 3)) == (1, (2, 3))
    assert C.ms_hasnext((1,)) is True and C.ms_hasnext(()) is False
    assert C.iter_converter([1, 2]) == [1, 2] and C.iter_converter({"a": 1}) == ("a",)
    assert [float(v.asnumpy()) for v in C.iter_converter(_t([3, 4]))] == [3.0, 4.0]
    for fn, bad in ((C.tail, ()), (C.ms_next, ())):
        with pytest.raises(ValueError):
            fn(bad)
    for fn in (C.tail, C.zip_operation, C.ms_next, C.ms_hasnext, C.iter_converter):
        with pytest.raises(TypeError):
            fn(3)


def test_augassign():
    assert C.augassign_add(1, 2) == 3 and C.augassign_add([1], [2]) == [1, 2]
    assert C.augassign_sub(5, 2) == 3 and C.augassign_mul((1,), 2) == (1, 1)
    assert C.augassign_div(7, 2) == 3.5 and C.augassign_floordiv(7, 2) == 3 and C.augassign_mod(7, 2) == 1
    assert np.allclose(C.augassign_add(_t([1, 2]), 2).asnumpy(), [3, 4])
    with pytest.raises(ValueError):
        C.augassign_add(None, 1)


def test_add_flags():
    def fn(x):
        return x
    assert C.add_flags(fn, predict=True) is fn and fn._func_graph_flags == {"predict": True}
    C.add_flags(fn, train=False)
    assert fn._func_graph_flags == {"predict": True, "train": False}
    deco = C.add_flags(fast=True)
    assert deco(fn)._func_graph_flags["fast"] is True
    with pytest.raises(TypeError):
        C.add_flags(fn, level=1)


def test_recompute_block_and_env_get():
    assert C.recompute_block(lambda a, b: a + b, 1, 2) == 3
    with pytest.raises(TypeError):
        C.recompute_block(3)
    w = ms.Parameter(_t([1, 2]), name="w")
    env = F.environ_set(F.environ_create(), w, _t([5, 6]))
    assert np.allclose(C.env_get(env, w).asnumpy(), [5, 6])
    other = ms.Parameter(_t([1, 2, 3]), name="other")
    assert np.allclose(C.env_get(env, other).asnumpy(), [0, 0, 0])


def test_reexported_ops():
    x = _t([[1, 2], [3, 4]])
    assert C.matmul(x, x, dtype=ms.float64).dtype == ms.float64
    assert np.allclose(C.matmul(x, x).asnumpy(), np.array([[1, 2], [3, 4]]) @ np.array([[1, 2], [3, 4]]))
    for name in ("dot", "gamma", "laplace", "multinomial", "normal", "poisson", "uniform", "repeat_interleave",
                 "clip_by_value", "batch_dot", "count_nonzero", "cummin", "mm", "repeat_elements", "sequence_mask",
                 "tensor_dot", "vecdot"):
        assert getattr(C, name) is getattr(ops, name)


_sgd_update = C.MultitypeFuncGraph("sgd_update")


@_sgd_update.register("Tensor", "Tensor", "Tensor")
def _sgd_update_tensor(learning_rate, gradient, weight):
    success = True
    return ops.depend(success, ops.assign(weight, weight - learning_rate * gradient))


class _HyperMapSGD(ms.nn.Optimizer):
    """An optimizer written as MindSpore's own are: HyperMap over (gradient, parameter)."""

    def __init__(self, params, learning_rate):
        super().__init__(learning_rate, params)
        self.hyper_map = C.HyperMap()

    def construct(self, gradients):
        return self.hyper_map(F.partial(_sgd_update, self.get_lr()), gradients, self.parameters)


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_optimizer_written_with_hypermap(mode):
    # Two rows x = (1, 1, 1), y = 0, w = (1, 1, 1), b = 0, loss = mean(out^2): d loss / d out = out per
    # row, so d w_j = d b = 2 * out. w, b -> 0.4, -0.6 (out 0.6) -> 0.28, -0.72 (out 0.12) -> 0.256.
    previous = ms.get_context("mode")
    ms.set_context(mode=mode)
    try:
        net = ms.nn.Dense(3, 1, weight_init=Tensor(np.ones((1, 3), np.float32)), bias_init="zeros")
        train = ms.nn.TrainOneStepCell(ms.nn.WithLossCell(net, ms.nn.MSELoss()),
                                       _HyperMapSGD(net.trainable_params(), 0.1))
        for _ in range(3):
            train(_t(np.ones((2, 3))), _t(np.zeros((2, 1))))
    finally:
        ms.set_context(mode=previous)
    assert np.allclose(net.weight.asnumpy(), 0.256)
