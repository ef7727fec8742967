"""nn.Cell: construct / __call__, registration and naming of sub-Cells and Parameters."""
import numpy as np
import pytest

import spore as ms
from spore import Parameter, Tensor, nn, ops


class Scale(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor([2.0]), name="weight")
        self.b = Parameter(Tensor([0.5]))

    def construct(self, x):
        return ops.add(ops.mul(x, self.w), self.b)


class Outer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.k = Parameter(Tensor([1.0]))
        self.inner = Scale()
        self.frozen = Parameter(Tensor([3.0]), requires_grad=False)

    def construct(self, x):
        return self.inner(x) * self.k


def test_call_runs_construct():
    out = Scale()(Tensor([1.0, 2.0]))
    np.testing.assert_allclose(out.asnumpy(), [2.5, 4.5])


def test_parameters_named_by_attribute_path():
    # As in MindSpore, assigning a sub-Cell renames its Parameters to their attribute
    # paths, explicit names included ('weight' becomes 'inner.w').
    assert [p.name for p in Scale().get_parameters()] == ["weight", "b"]
    net = Outer()
    assert [p.name for p in net.get_parameters()] == ["k", "frozen", "inner.w", "inner.b"]
    assert [n for n, _ in net.parameters_and_names()] == ["k", "frozen", "inner.w", "inner.b"]
    assert [p.name for p in net.trainable_params()] == ["k", "inner.w", "inner.b"]
    assert [p.name for p in net.untrainable_params()] == ["frozen"]
    assert list(net.parameters_dict()) == ["k", "frozen", "inner.w", "inner.b"]


def test_nested_prefixes_accumulate():
    class Top(nn.Cell):
        def __init__(self):
            super().__init__()
            self.outer = Outer()
    assert "outer.inner.w" in [p.name for p in Top().get_parameters()]


def test_auto_prefix_false_keeps_child_names():
    class Wrapper(nn.Cell):
        def __init__(self, net):
            super().__init__(auto_prefix=False)
            self.net = net
    assert [p.name for p in Wrapper(Scale()).get_parameters()] == ["weight", "b"]


def test_cells_and_names():
    net = Outer()
    assert [n for n, _ in net.cells_and_names()] == ["", "inner"]
    assert list(net.name_cells()) == ["inner"]


def test_shared_parameters_listed_once():
    class Shared(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = Scale()
            self.b = self.a
    assert len(list(Shared().get_parameters())) == 2


def test_set_train_and_phase():
    net = Outer()
    assert net.phase == "train" and not net.training  # MindSpore's initial state
    net.set_train()
    assert net.phase == "train" and net.inner.training
    net.set_train(False)
    assert net.phase == "predict" and not net.inner.training


def test_assigning_a_tensor_to_a_parameter_attribute_sets_its_data():
    net = Scale()
    net.w = Tensor([5.0])
    assert isinstance(net.w, Parameter) and net.w.name == "weight"
    np.testing.assert_array_equal(net.w.asnumpy(), [5.0])


def test_reassigning_and_deleting_attributes():
    net = Outer()
    net.inner = None
    assert [p.name for p in net.get_parameters()] == ["k", "frozen"]
    del net.k
    assert [p.name for p in net.get_parameters()] == ["frozen"]


def test_super_init_required():
    class Broken(nn.Cell):
        def __init__(self):
            self.w = Parameter(Tensor([1.0]))
    with pytest.raises(AttributeError, match="super"):
        Broken()


def test_construct_required():
    with pytest.raises(AttributeError, match="construct"):
        nn.Cell()(Tensor([1.0]))


def test_repr_lists_children():
    assert repr(Scale()) == "Scale()"
    assert repr(Outer()) == "Outer(\n  (inner): Scale()\n)"


def test_parameter_dtype_kept():
    class IntParam(nn.Cell):
        def __init__(self):
            super().__init__()
            self.steps = Parameter(Tensor(0, ms.int32), requires_grad=False)
    assert IntParam().steps.dtype is ms.int32
