"""The Cell API beyond the basics (test_cell_basic.py): registration rules, MindSpore's
Parameter naming, traversal, modes and flags, to_float, repr. Expected names, flags and
reprs were checked against MindSpore 2.7."""
import copy

import numpy as np
import pytest

import spore as ms
from spore import Parameter, ParameterTuple, Tensor, nn, ops


class Scale(nn.Cell):
    def __init__(self, value=2.0):
        super().__init__()
        self.w = Parameter(Tensor([value]))

    def construct(self, x):
        return x * self.w


class Pair(nn.Cell):
    def __init__(self):
        super().__init__()
        self.k = Parameter(Tensor([1.0]))
        self.inner = Scale()

    def construct(self, x):
        return self.inner(x) * self.k


class Wrapper(nn.Cell):
    def __init__(self, net):
        super().__init__(auto_prefix=False)
        self.net = net

    def construct(self, x):
        return self.net(x)


def names(cell):
    return [p.name for p in cell.get_parameters()]


# ---- registration and names -------------------------------------------------------------------
def test_parameter_tuple_attribute_registers_its_parameters():
    class Holder(nn.Cell):
        def __init__(self):
            super().__init__()
            self.params = ParameterTuple([Parameter(Tensor(1.0), name="x"), Parameter(Tensor(2.0)),
                                          Parameter(Tensor(3.0))])
            self.plain = [Parameter(Tensor(4.0), name="listed")]   # a list is not registered

        def construct(self, x):
            return x

    holder = Holder()
    assert isinstance(holder.params, ParameterTuple)
    assert names(holder) == ["x", "Parameter$1", "Parameter$2"]

    class Outer(nn.Cell):
        def __init__(self):
            super().__init__()
            self.holder = Holder()

    assert names(Outer()) == ["holder.x", "holder.Parameter$1", "holder.Parameter$2"]


def test_parameter_tuple_with_repeated_names():
    class Holder(nn.Cell):
        def __init__(self):
            super().__init__()
            self.params = ParameterTuple([Parameter(Tensor(1.0), name="x"), Parameter(Tensor(2.0), name="x")])

    with pytest.raises(ValueError, match="'x'"):
        Holder()


def test_wrapper_without_auto_prefix_keeps_names_but_its_parent_prefixes_through_it():
    assert names(Wrapper(Pair())) == ["k", "inner.w"]

    class Top(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = Wrapper(Pair())

    assert names(Top()) == ["w.net.k", "w.net.inner.w"]


def test_update_parameters_name():
    net = Pair()
    net.update_parameters_name("top.")
    assert names(net) == ["top.k", "top.inner.w"]
    net.update_parameters_name("own.", recurse=False)
    assert names(net) == ["own.k", "top.inner.w"]
    with pytest.raises(TypeError, match="prefix"):
        net.update_parameters_name(3)


def test_duplicate_names_are_refreshed_on_the_first_call():
    class Twice(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = Scale()
            self.b = Scale()
            self.a.w.name = self.b.w.name = "same"

        def construct(self, x):
            return self.b(self.a(x))

    net = Twice()
    with pytest.raises(ValueError, match="'same'"):
        net.check_names()
    net(Tensor([1.0]))
    assert names(net) == ["a.w", "b.w"]


def test_insert_child_to_cell_keeps_names():
    net = Pair()
    net.insert_child_to_cell("extra", Scale())
    assert names(net) == ["k", "inner.w", "w"]
    assert net.extra is net.name_cells()["extra"]


@pytest.mark.parametrize("call, error, match", [
    (lambda n: n.insert_param_to_cell("a.b", Parameter(Tensor(1.0))), KeyError, "'.'"),
    (lambda n: n.insert_param_to_cell("", Parameter(Tensor(1.0))), KeyError, "param_name"),
    (lambda n: n.insert_param_to_cell("p", Tensor(1.0)), TypeError, "Parameter"),
    (lambda n: n.insert_param_to_cell("inner", Parameter(Tensor(1.0))), KeyError, "'inner'"),
    (lambda n: n.insert_param_to_cell("phase", Parameter(Tensor(1.0))), KeyError, "'phase'"),
    (lambda n: n.insert_child_to_cell(3, Scale()), TypeError, "child_name"),
    (lambda n: n.insert_child_to_cell("a.b", Scale()), KeyError, "'.'"),
    (lambda n: n.insert_child_to_cell("x", 3), TypeError, "child_cell"),
    (lambda n: n.insert_child_to_cell("k", Scale()), KeyError, "'k'"),
    (lambda n: setattr(n, "k", 3), TypeError, "Parameter 'k'"),
    (lambda n: setattr(n, "inner", 3), TypeError, "sub cell 'inner'"),
    (lambda n: setattr(n, "inner", Parameter(Tensor(1.0))), KeyError, "'inner'"),
])
def test_registration_errors(call, error, match):
    with pytest.raises(error, match=match):
        call(Pair())


def test_parameter_and_cell_attributes_can_be_set_to_none():
    net = Pair()
    net.k = None
    net.inner = None
    assert net.k is None and net.inner is None and names(net) == []
    net.inner = Scale()
    assert names(net) == ["inner.w"]


def test_plain_attribute_replaced_by_a_cell():
    class Lazy(nn.Cell):
        def __init__(self):
            super().__init__()
            self.act = None
            self.act = Scale()

    assert names(Lazy()) == ["act.w"]


def test_missing_attribute_error_names_the_cell():
    with pytest.raises(AttributeError, match="'Pair' object has no attribute 'nope'"):
        Pair().nope


def test_parameters_are_created_when_registered_so_set_seed_repeats_networks():
    ms.set_seed(5)
    first = nn.Dense(3, 4)
    ms.set_seed(5)
    second = nn.Dense(3, 4)
    assert not first.weight.has_init
    np.testing.assert_array_equal(first.weight.asnumpy(), second.weight.asnumpy())
    np.testing.assert_array_equal(first.bias.asnumpy(), second.bias.asnumpy())


# ---- traversal --------------------------------------------------------------------------------
def test_traversal():
    net = nn.SequentialCell([Pair(), nn.ReLU()])
    assert [n for n, _ in net.cells_and_names()] == ["", "0", "0.inner", "1"]
    assert [n for n, _ in net.cells_and_names(name_prefix="net")] == ["net", "net.0", "net.0.inner", "net.1"]
    assert [n for n, _ in net.parameters_and_names(name_prefix="net")] == ["net.0.k", "net.0.inner.w"]
    assert list(net[0].parameters_and_names(expand=False)) == [("k", net[0].k)]
    assert list(net.cells()) == [net[0], net[1]]
    assert net.get_sub_cell("0.inner") is net[0].inner and net.get_sub_cell("") is net
    with pytest.raises(AttributeError, match="'nope'"):
        net.get_sub_cell("0.nope")


def test_apply_visits_children_first():
    seen = []
    net = Pair()
    assert net.apply(lambda cell: seen.append(type(cell).__name__)) is net
    assert seen == ["Scale", "Pair"]


def test_apply_can_reinitialize_parameters():
    net = nn.SequentialCell(nn.Dense(2, 2), nn.Dense(2, 2))

    def ones(cell):
        if isinstance(cell, nn.Dense):
            cell.weight.set_data(ms.common.initializer.initializer("ones", cell.weight.shape))

    net.apply(ones)
    np.testing.assert_array_equal(net[1].weight.asnumpy(), np.ones((2, 2)))


def test_deepcopy_gives_independent_parameters():
    net = Pair()
    clone = copy.deepcopy(net)
    assert names(clone) == names(net) and clone.inner.w is not net.inner.w
    clone.inner.w.set_data(Tensor([9.0]))
    assert net.inner.w.asnumpy()[0] == 2.0


# ---- modes and flags --------------------------------------------------------------------------
def test_set_train_sets_training_everywhere_and_phase_on_the_cell():
    net = Pair()
    assert net.set_train() is net
    assert net.training and net.inner.training and net.phase == "train"
    assert net.get_flags() == {"training": True} and net.inner.get_flags() == {"training": True}
    net.set_train(False)
    assert not net.inner.training and net.phase == "predict" and net.inner.phase == "train"


def test_phase_setter():
    net = Pair()
    net.phase = "eval"
    assert net.phase == "eval"
    with pytest.raises(TypeError, match="phase"):
        net.phase = 3


def test_flags():
    net = Pair()
    assert net.add_flags(sink_mode=True) is net
    assert net.sink_mode and net.get_flags() == {"sink_mode": True}
    net.add_flags_recursive(x=1)
    assert net.inner.x == 1
    assert nn.Cell(flags={"a": 1}).get_flags() == {"a": 1}


def test_set_grad_and_cls_name():
    net = Pair()
    assert net.set_grad() is net and net.requires_grad and not net.inner.requires_grad
    assert net.cls_name == "Pair"


def test_set_inputs_and_recompute_are_accepted():
    net = Pair()
    spec = Tensor([1.0])
    net.set_inputs(spec)
    assert net.get_inputs() == (spec,)
    assert net.recompute() is None


# ---- calling ----------------------------------------------------------------------------------
def test_call_passes_keyword_arguments():
    class Affine(nn.Cell):
        def construct(self, x, scale=1.0, *, shift=0.0):
            return x * scale + shift

    out = Affine()(Tensor([1.0]), scale=3.0, shift=1.0)
    np.testing.assert_allclose(out.asnumpy(), [4.0])


def test_construct_with_var_args():
    class Sum(nn.Cell):
        def construct(self, *xs, **named):
            total = xs[0]
            for x in xs[1:] + tuple(named.values()):
                total = total + x
            return total

    np.testing.assert_allclose(Sum()(Tensor([1.0]), Tensor([2.0]), c=Tensor([3.0])).asnumpy(), [6.0])


class Probe(nn.Cell):
    """Records the dtypes its construct sees and returns x + w."""

    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.ones(2, np.float32)))
        self.seen = []

    def construct(self, x, index=None):
        self.seen.append((x.dtype, None if index is None else index.dtype))
        return x + self.w


def test_to_float_casts_the_inputs_of_every_operator():
    net = Probe().to_float(ms.float16)
    out = net(Tensor(np.ones(2, np.float32)), Tensor([1], ms.int32))
    # construct sees the caller's values; the operators inside compute in float16.
    assert net.seen == [(ms.float32, ms.int32)]
    assert out.dtype is ms.float16 and net.w.dtype is ms.float32
    assert net.get_flags() == {"fp16": True, "fp32": False, "bf16": False}
    assert Probe().to_float(ms.bfloat16)(Tensor(np.ones(2, np.float64))).dtype is ms.bfloat16


def test_to_float_reaches_children_and_can_be_overridden_inside():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = Probe()
            self.b = Probe()

        def construct(self, x):
            return self.a(x), self.b(x)

    net = Net().to_float(ms.float16)
    net.b.to_float(ms.float32)
    a, b = net(Tensor(np.ones(2, np.float32)))
    assert a.dtype is ms.float16 and b.dtype is ms.float32
    assert net.b.get_flags()["fp32"] and net.a.get_flags()["fp16"]
    # Outside the Cell nothing is cast.
    assert (Tensor(np.ones(2, np.float32)) + Tensor(np.ones(2, np.float32))).dtype is ms.float32


def test_to_float_keeps_gradients_flowing_to_float32_parameters():
    dense = nn.Dense(3, 2).to_float(ms.float16)
    x = Tensor(np.ones((4, 3), np.float32))
    grads = ms.grad(lambda x: ops.sum(dense(x)), grad_position=None, weights=dense.trainable_params())(x)
    assert [g.dtype for g in grads] == [ms.float32, ms.float32]
    np.testing.assert_allclose(grads[0].asnumpy(), np.full((2, 3), 4.0))
    np.testing.assert_allclose(grads[1].asnumpy(), np.full((2,), 4.0))


def test_to_float_rejects_other_types():
    with pytest.raises(ValueError, match="dst_type"):
        Probe().to_float(ms.float64)


# ---- printing ---------------------------------------------------------------------------------
def test_repr_formats():
    class Settings(nn.Cell):
        def extend_repr(self):
            return "x=1\ny=2"

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = nn.ReLU()
            self.b = None                     # a plain attribute: not shown
            self.c = nn.Dense(2, 2)
            self.d = nn.SequentialCell([nn.Dense(2, 3, has_bias=False)])

        def extend_repr(self):
            return "x=1"

    net = Net()
    net.c = None                              # a cleared child: shown as None
    assert repr(Settings()) == "Settings(\n  x=1\n  y=2\n)"
    assert repr(net) == (
        "Net(\n"
        "  x=1\n"
        "  (a): ReLU()\n"
        "  (c): None\n"
        "  (d): SequentialCell(\n"
        "    (0): Dense(input_channels=2, output_channels=3)\n"
        "  )\n"
        ")")
