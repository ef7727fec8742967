"""Networks the rewrite tests parse (module-level: SymbolTree reads their source)."""
import numpy as np

import spore as ms
from spore import nn, ops

SCALE = 3.0


def double(a, b=2):
    return a * b


class SubNet(nn.Cell):
    """A user Cell called by the others: parsed as a sub-tree."""

    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 4, weight_init="normal")
        self.relu = nn.ReLU()

    def construct(self, x):
        return self.relu(self.dense(x))


class MyNet(nn.Cell):
    """One statement of each kind the parser models."""

    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 4, weight_init="normal")
        self.relu = nn.ReLU()
        self.sub = SubNet()
        self.seq = nn.SequentialCell([nn.ReLU(), nn.Dense(4, 4, weight_init="normal")])
        self.add = ops.Add()

    def construct(self, x, y=1.0):
        x = self.dense(x)
        x = self.relu(x)
        z = x + 1
        x = self.add(x, z)
        x = ops.abs(x)
        x = self.sub(x)
        x = self.seq(x)
        a, b = x, z  # noqa: F841 (a tuple assignment is one of the statements parsed)
        return a


class SimpleNet(nn.Cell):
    """Dense then ReLU, with a fixed weight."""

    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 4, weight_init="ones", bias_init="zeros")
        self.relu = nn.ReLU()

    def construct(self, x):
        x = self.dense(x)
        x = self.relu(x)
        return x


class FlowNet(nn.Cell):
    """Nested calls, a branch on an attribute, a loop over a CellList, a tuple returned."""

    def __init__(self, flag=True):
        super().__init__()
        self.dense = nn.Dense(4, 4, weight_init="normal")
        self.relu = nn.ReLU()
        self.blocks = nn.CellList([nn.Tanh(), nn.Sigmoid()])
        self.flag = flag

    def construct(self, x):
        x = self.relu(self.dense(x))
        y = double(x, b=SCALE)
        if self.flag:
            x = self.relu(x)
        else:
            x = x * 2
        for block in self.blocks:
            x = block(x)
        x = x * SCALE + np.pi
        return self.relu(x), y


def inputs(*shape):
    """A fixed float32 input of `shape`."""
    return ms.Tensor(np.linspace(-1.0, 1.0, int(np.prod(shape)), dtype=np.float32).reshape(shape))


def assert_close(actual, expected):
    """Float32 results against their references (random weights put some near zero)."""
    np.testing.assert_allclose(actual, expected, rtol=1e-5, atol=1e-6)
