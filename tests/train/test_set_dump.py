"""set_dump: the marks MindSpore 2.7.1 leaves on Cells and Primitives."""
import pytest

from spore import nn, ops
from spore.common.dump import set_dump


class _Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(2, 2)
        self.relu = nn.ReLU()
        self.add = ops.Add()

    def construct(self, x):
        return self.add(self.relu(self.dense(x)), x)


def test_set_dump_marks_the_cell_and_its_cells():
    net = _Net()
    with pytest.warns(UserWarning, match="not supported by set_dump"):
        set_dump(net)
    assert net.dump is True and net.dense.dump is True and net.relu.dump is True
    assert "dump" not in net.add.attrs  # a Primitive without a mark keeps none, as in MindSpore
    with pytest.warns(UserWarning):
        set_dump(net.dense, False)
    assert net.dense.dump is False and net.dump is True


def test_set_dump_on_a_primitive():
    add = ops.Add()
    with pytest.warns(UserWarning):
        set_dump(add)
    assert add.attrs["dump"] == "true"
    net = _Net()
    net.add = add
    with pytest.warns(UserWarning):
        set_dump(net, False)
    assert add.attrs["dump"] == "false"


@pytest.mark.parametrize("args,message", [((3,), "must be an instance of Cell or Primitive"),
                                          ((nn.ReLU(), 1), "must be bool")])
def test_set_dump_errors(args, message):
    with pytest.raises(ValueError, match=message):
        set_dump(*args)
