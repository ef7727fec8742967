"""Container return values as MindSpore 2.7.1 has them: SequentialCell.append and
CellList.append / insert return None, CellList.extend returns the list."""
from spore import nn


def test_container_mutators_return_what_mindspore_returns():
    seq = nn.SequentialCell([nn.ReLU()])
    assert seq.append(nn.ReLU()) is None and len(seq) == 2
    cells = nn.CellList([nn.ReLU()])
    assert cells.append(nn.ReLU()) is None and cells.insert(0, nn.ReLU()) is None
    assert cells.extend([nn.ReLU()]) is cells and len(cells) == 4
    named = nn.CellDict({"a": nn.ReLU()})
    assert named.update({"b": nn.ReLU()}) is None and type(named.pop("b")) is nn.ReLU and named.clear() is None
