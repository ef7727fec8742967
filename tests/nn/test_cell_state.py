"""Cell buffers and state dicts: register_buffer / buffers / named_buffers / get_buffer,
state_dict / load_state_dict with their hooks and extra state. Expected keys, orders and
messages were checked against MindSpore 2.7.1."""
from collections import OrderedDict

import numpy as np
import pytest

import spore as ms
from spore import Parameter, Tensor, nn


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(2, 2, weight_init="ones", bias_init="zeros")
        self.register_buffer("running", Tensor(np.array([1.0, 2.0], np.float32)))
        self.register_buffer("tmp", Tensor(np.array([3.0], np.float32)), persistent=False)

    def construct(self, x):
        return self.fc(x) + self.running


def test_buffers_are_attributes_listed_in_order():
    n = Net()
    assert [name for name, _ in n.named_buffers()] == ["running", "tmp"]
    assert [b.shape for b in n.buffers()] == [(2,), (1,)]
    assert n.get_buffer("running") is n.running
    assert [name for name, _ in n.named_buffers(prefix="p")] == ["p.running", "p.tmp"]
    np.testing.assert_array_equal(n(Tensor(np.array([[1.0, 1.0]], np.float32))).asnumpy(), [[3.0, 4.0]])


def test_buffers_of_children_and_duplicates():
    class Outer(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = Net()
            self.b = self.a

    o = Outer()
    assert [name for name, _ in o.named_buffers()] == ["a.running", "a.tmp"]
    assert [name for name, _ in o.named_buffers(recurse=False)] == []
    assert o.get_buffer("a.tmp") is o.a.tmp
    assert list(o.state_dict()) == ["a.running", "a.fc.weight", "a.fc.bias", "b.running", "b.fc.weight",
                                    "b.fc.bias"]


def test_buffer_assignment_none_and_deletion():
    n = Net()
    n.running = Tensor(np.zeros(2, np.float32))
    np.testing.assert_array_equal(n.get_buffer("running").asnumpy(), [0.0, 0.0])
    n.register_buffer("empty", None)
    assert n.empty is None and "empty" not in dict(n.named_buffers())
    del n.running
    assert [name for name, _ in n.named_buffers()] == ["tmp"]
    with pytest.raises(TypeError, match="'tmp'"):
        n.tmp = [1.0]


@pytest.mark.parametrize("name, tensor, error, match", [
    ("fc", Tensor([1.0]), KeyError, "already has an attribute 'fc'"),
    ("a.b", Tensor([1.0]), KeyError, "can not contain '.'"),
    ("", Tensor([1.0]), KeyError, "empty"),
    ("bb", [1.0], TypeError, "must be a Tensor or None"),
    (1, Tensor([1.0]), TypeError, "must be a str"),
])
def test_register_buffer_errors(name, tensor, error, match):
    with pytest.raises(error, match=match):
        Net().register_buffer(name, tensor)


def test_get_buffer_errors():
    n = Net()
    with pytest.raises(AttributeError, match="no attribute 'x'"):
        n.get_buffer("fc.x")
    with pytest.raises(AttributeError, match="not a buffer"):
        n.get_buffer("fc")


def test_state_dict_holds_the_parameters_and_persistent_buffers():
    n = Net()
    sd = n.state_dict()
    assert isinstance(sd, OrderedDict)
    assert list(sd) == ["running", "fc.weight", "fc.bias"]
    assert sd["fc.weight"] is n.fc.weight and sd["running"] is n.running
    assert list(n.state_dict(prefix="m.")) == ["m.running", "m.fc.weight", "m.fc.bias"]


def test_load_state_dict_copies_values():
    n = Net()
    result = n.load_state_dict({"fc.weight": Tensor(np.full((2, 2), 2.0, np.float32)),
                                "fc.bias": Tensor(np.array([5, 5], np.int32)),
                                "running": Tensor(np.array([7.0, 7.0], np.float32)),
                                "extra": Tensor(1.0)}, strict=False)
    assert result.missing_keys == [] and result.unexpected_keys == ["extra"]
    np.testing.assert_array_equal(n.fc.weight.asnumpy(), np.full((2, 2), 2.0))
    assert n.fc.bias.dtype is ms.float32
    np.testing.assert_array_equal(n.fc.bias.asnumpy(), [5.0, 5.0])
    np.testing.assert_array_equal(n.running.asnumpy(), [7.0, 7.0])
    assert repr(n.load_state_dict(n.state_dict())) == "<All keys matched successfully>"


def test_load_state_dict_errors():
    n = Net()
    with pytest.raises(RuntimeError, match='Missing key\\(s\\) in state_dict: "running", "fc.bias"'):
        n.load_state_dict({"fc.weight": Tensor(np.ones((2, 2), np.float32))})
    with pytest.raises(RuntimeError, match="size mismatch for fc.weight"):
        n.load_state_dict({"fc.weight": Tensor(np.ones((3, 2), np.float32)), "fc.bias": Tensor([5.0, 5.0]),
                           "running": Tensor([7.0, 7.0])}, strict=False)
    with pytest.raises(RuntimeError, match='Unexpected key\\(s\\) in state_dict: "x"'):
        n.load_state_dict({**n.state_dict(), "x": Tensor(1.0)})
    with pytest.raises(TypeError, match="Mapping"):
        n.load_state_dict([1])


def test_state_dict_hooks():
    n = Net()
    calls = []
    n.register_state_dict_pre_hook(lambda cell, prefix, keep_vars: calls.append(("pre", prefix, keep_vars)))
    handle = n.register_state_dict_post_hook(lambda cell, sd, prefix, meta: calls.append(("post", list(sd))))
    n.state_dict()
    assert calls == [("pre", "", False), ("post", ["running", "fc.weight", "fc.bias"])]
    handle.remove()
    calls.clear()
    n.register_load_state_dict_pre_hook(lambda *args: calls.append(("load_pre", len(args), args[2])))
    n.register_load_state_dict_post_hook(lambda cell, keys: calls.append(("load_post", repr(keys))))
    n.load_state_dict(n.state_dict())
    assert calls == [("pre", "", False), ("load_pre", 8, ""), ("load_post", "<All keys matched successfully>")]
    with pytest.raises(TypeError, match="'hook'"):
        n.register_state_dict_pre_hook(1)


def test_extra_state():
    class WithExtra(nn.Cell):
        def __init__(self):
            super().__init__()
            self.s = 3
            self.w = Parameter(Tensor([1.0]))

        def get_extra_state(self):
            return {"s": self.s}

        def set_extra_state(self, state):
            self.s = state["s"]

    cell = WithExtra()
    assert list(cell.state_dict()) == ["w", "_extra_state"] and cell.state_dict()["_extra_state"] == {"s": 3}
    cell.load_state_dict({"w": Tensor([2.0]), "_extra_state": {"s": 9}})
    assert cell.s == 9 and cell.w.asnumpy().tolist() == [2.0]
    with pytest.raises(RuntimeError, match="get_extra_state"):
        Net().get_extra_state()


def test_buffers_in_graph_mode():
    n = Net()
    x = Tensor(np.array([[1.0, 1.0]], np.float32))
    out = ms.jit(lambda v: n(v))(x)
    np.testing.assert_array_equal(out.asnumpy(), [[3.0, 4.0]])
