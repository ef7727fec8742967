"""SequentialCell, CellList and CellDict: construction, indexing, editing, Parameter names
(as MindSpore 2.7 names them, checked against it) and errors."""
from collections import OrderedDict

import numpy as np
import pytest

from spore import Parameter, Tensor, nn


class Scale(nn.Cell):
    """x * w, with one Parameter `w` (so names are easy to read)."""

    def __init__(self, value=2.0):
        super().__init__()
        self.w = Parameter(Tensor([value]))

    def construct(self, x):
        return x * self.w


class AddOne(nn.Cell):
    def construct(self, x):
        return x + 1


def names(cell):
    return [p.name for p in cell.get_parameters()]


def dense():
    return nn.Dense(2, 2)


# ---- SequentialCell -------------------------------------------------------------------------
def test_sequential_runs_cells_in_order():
    seq = nn.SequentialCell([Scale(3.0), AddOne()])
    np.testing.assert_allclose(seq(Tensor([1.0, 2.0])).asnumpy(), [4.0, 7.0])
    seq = nn.SequentialCell(AddOne(), Scale(3.0))
    np.testing.assert_allclose(seq(Tensor([1.0])).asnumpy(), [6.0])


def test_empty_sequential_is_identity_and_false():
    seq = nn.SequentialCell()
    x = Tensor([1.0])
    assert seq(x) is x and not seq and len(seq) == 0


def test_sequential_forms_and_names():
    assert names(nn.SequentialCell([dense(), nn.ReLU(), dense()])) == ["0.weight", "0.bias", "2.weight", "2.bias"]
    assert names(nn.SequentialCell(dense())) == ["0.weight", "0.bias"]
    named = nn.SequentialCell(OrderedDict([("conv", dense()), ("act", nn.ReLU())]))
    assert names(named) == ["conv.weight", "conv.bias"]
    assert list(named.name_cells()) == ["conv", "act"]


def test_sequential_as_attribute_prefixes_names():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.seq = nn.SequentialCell([dense(), nn.ReLU(), dense()])

        def construct(self, x):
            return self.seq(x)

    net = Net()
    assert names(net) == ["seq.0.weight", "seq.0.bias", "seq.2.weight", "seq.2.bias"]
    assert [n for n, _ in net.cells_and_names()] == ["", "seq", "seq.0", "seq.1", "seq.2"]


def test_sequential_indexing():
    a, b, c = Scale(), AddOne(), Scale()
    seq = nn.SequentialCell([a, b, c])
    assert seq[0] is a and seq[-1] is c and list(seq) == [a, b, c]
    part = seq[1:]
    assert isinstance(part, nn.SequentialCell) and list(part.name_cells()) == ["1", "2"]
    assert list(part) == [b, c]
    with pytest.raises(IndexError, match="SequentialCell"):
        seq[3]
    with pytest.raises(TypeError, match="index"):
        seq["0"]


def test_sequential_append_setitem_delitem():
    seq = nn.SequentialCell([Scale(), Scale()])
    seq.append(Scale())
    assert names(seq) == ["0.w", "1.w", "2.w"]
    replacement = Scale(5.0)
    seq[1] = replacement
    assert seq[1] is replacement and names(seq) == ["0.w", "1.w", "2.w"]
    del seq[0]
    assert list(seq.name_cells()) == ["0", "1"] and names(seq) == ["0.w", "1.w"]
    del seq[0:1]
    assert list(seq.name_cells()) == ["0"] and names(seq) == ["0.w"]


def test_deleting_from_a_named_sequential_keeps_names():
    seq = nn.SequentialCell(OrderedDict([("a", Scale()), ("b", AddOne()), ("c", Scale())]))
    seq.append(Scale())
    assert list(seq.name_cells()) == ["a", "b", "c", "3"]
    del seq[0]
    # MindSpore renumbers only the positional members.
    assert list(seq.name_cells()) == ["b", "c", "2"]
    assert names(seq) == ["c.w", "2.w"]


def test_sequential_errors():
    with pytest.raises(TypeError, match="args"):
        nn.SequentialCell(3)
    with pytest.raises(TypeError, match="Cell"):
        nn.SequentialCell([3])
    with pytest.raises(TypeError, match="Cell"):
        nn.SequentialCell().append(3)


def test_set_grad_reaches_members():
    seq = nn.SequentialCell([Scale()])
    seq.set_grad()
    assert seq.requires_grad and seq[0].requires_grad


# ---- CellList -------------------------------------------------------------------------------
class WithLayers(nn.Cell):
    def __init__(self, build):
        super().__init__()
        self.layers = build()

    def construct(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


def test_cell_list_names_and_iteration():
    net = WithLayers(lambda: nn.CellList([Scale(2.0), Scale(3.0)]))
    assert names(net) == ["layers.0.w", "layers.1.w"]
    np.testing.assert_allclose(net(Tensor([1.0])).asnumpy(), [6.0])
    assert len(net.layers) == 2 and net.layers and not nn.CellList()


def test_cell_list_indexing():
    a, b, c = Scale(), AddOne(), Scale()
    cells = nn.CellList([a, b, c])
    assert cells[1] is b and cells[-1] is c
    part = cells[1:]
    assert isinstance(part, nn.CellList) and list(part) == [b, c]
    with pytest.raises(IndexError, match="CellList"):
        cells[3]
    with pytest.raises(TypeError, match="int or slice"):
        cells["1"]


def test_cell_list_editing_keeps_prefixed_names():
    net = WithLayers(lambda: nn.CellList([Scale(), Scale(), Scale()]))
    net.layers.insert(1, Scale())
    assert names(net) == ["layers.0.w", "layers.1.w", "layers.2.w", "layers.3.w"]
    net.layers.append(AddOne())
    net.layers.extend([Scale()])
    net.layers += [Scale()]
    assert names(net)[-2:] == ["layers.5.w", "layers.6.w"]
    del net.layers[0]
    assert names(net) == [f"layers.{i}.w" for i in (0, 1, 2, 4, 5)]
    assert list(net.layers.name_cells()) == [str(i) for i in range(6)]
    net.layers[0] = Scale()
    assert names(net)[0] == "layers.0.w"


def test_appending_to_an_attached_empty_cell_list_names_like_mindspore():
    # An empty container has no names to take a prefix from: MindSpore names the members
    # '0.w', ..., and renames to attribute paths on the first call only if names clash.
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.layers = nn.CellList()
            self.layers.append(Scale())
            self.more = nn.CellList()
            self.more.append(Scale())

        def construct(self, x):
            return self.more[0](self.layers[0](x))

    net = Net()
    assert names(net) == ["0.w", "0.w"]
    net(Tensor([1.0]))
    assert names(net) == ["layers.0.w", "more.0.w"]


def test_cell_list_auto_prefix_false():
    cells = nn.CellList([Scale()], auto_prefix=False)
    cells.append(Scale())
    assert names(cells) == ["w", "w"]


def test_cell_list_is_not_callable():
    with pytest.raises(NotImplementedError):
        nn.CellList([AddOne()])(Tensor([1.0]))


def test_cell_list_errors():
    with pytest.raises(TypeError, match="list"):
        nn.CellList(3)
    with pytest.raises(TypeError, match="Cell"):
        nn.CellList([3])
    with pytest.raises(TypeError, match="CellDict"):
        nn.CellList([nn.CellDict()])
    with pytest.raises(IndexError, match=r"\[-1, 1\]"):
        nn.CellList([AddOne()]).insert(2, AddOne())


# ---- CellDict -------------------------------------------------------------------------------
def test_cell_dict_mapping_api():
    relu, fc = nn.ReLU(), dense()
    cells = nn.CellDict([("act", relu), ("fc", fc)])
    assert list(cells) == ["act", "fc"] and len(cells) == 2 and "fc" in cells
    assert cells["fc"] is fc and list(cells.keys()) == ["act", "fc"] and list(cells.values()) == [relu, fc]
    assert names(cells) == ["fc.weight", "fc.bias"]
    assert cells.pop("act") is relu and list(cells.items()) == [("fc", fc)]
    cells.update({"act2": nn.Tanh()})
    assert list(cells) == ["fc", "act2"]
    del cells["fc"]
    assert list(cells) == ["act2"]
    cells.clear()
    assert len(cells) == 0
    with pytest.raises(KeyError):
        cells["x"]


def test_cell_dict_as_attribute_prefixes_names():
    net = WithLayers(lambda: nn.CellDict({"a": Scale(), "b": Scale()}))
    assert names(net) == ["layers.a.w", "layers.b.w"]
    net.layers["c"] = Scale()
    assert names(net)[-1] == "layers.c.w"


@pytest.mark.parametrize("cells, error, match", [
    ({"a": nn.CellList()}, TypeError, "CellDict, CellList or SequentialCell"),
    ({"a": None}, TypeError, "None"),
    ({"a": 3}, TypeError, "Cell"),
    ({1: nn.ReLU()}, TypeError, "str"),
    ({"a.b": nn.ReLU()}, KeyError, "'.'"),
    ({"": nn.ReLU()}, KeyError, "non-empty"),
    ({"training": nn.ReLU()}, KeyError, "attribute"),
    ({"keys": nn.ReLU()}, KeyError, "attribute"),
    (3, TypeError, "mapping"),
    ([("a",)], ValueError, "pair"),
    ([3], TypeError, "pair"),
])
def test_cell_dict_errors(cells, error, match):
    with pytest.raises(error, match=match):
        nn.CellDict(cells)


def test_container_reprs():
    assert repr(nn.CellList()) == "CellList()"
    assert repr(nn.SequentialCell()) == "SequentialCell()"
    assert repr(nn.CellList([nn.ReLU(), nn.Tanh()])) == "CellList(\n  (0): ReLU()\n  (1): Tanh()\n)"
    assert repr(nn.CellDict({"a": nn.ReLU()})) == "CellDict(\n  (a): ReLU()\n)"
    assert repr(nn.SequentialCell([nn.Dense(2, 3), nn.ReLU()])) == (
        "SequentialCell(\n"
        "  (0): Dense(input_channels=2, output_channels=3, has_bias=True)\n"
        "  (1): ReLU()\n"
        ")")
