"""A ResNet-like network parsed as MindSpore 2.7.1 parses it: its node tables, printed by
MindSpore 2.7.1 for the same source, are reproduced exactly."""
import pathlib
import re

from spore import nn
from spore.rewrite import SymbolTree


class ResidualBlock(nn.Cell):
    expansion = 4
    def __init__(self, in_channel, out_channel, stride=1, down_sample=False):
        super().__init__()
        channel = out_channel // self.expansion
        self.conv1 = nn.Conv2d(in_channel, channel, 1)
        self.bn1 = nn.BatchNorm2d(channel)
        self.conv2 = nn.Conv2d(channel, channel, 3, stride=stride)
        self.bn2 = nn.BatchNorm2d(channel)
        self.conv3 = nn.Conv2d(channel, out_channel, 1)
        self.bn3 = nn.BatchNorm2d(out_channel)
        self.relu = nn.ReLU()
        self.down_sample = down_sample
        self.down_sample_layer = nn.SequentialCell([nn.Conv2d(in_channel, out_channel, 1, stride=stride),
                                                  nn.BatchNorm2d(out_channel)])

    def construct(self, x):
        identity = x
        out = self.conv1(x)
        out = self.bn1(out)
        out = self.relu(out)
        out = self.conv2(out)
        out = self.bn2(out)
        out = self.relu(out)
        out = self.bn3(self.conv3(out))
        if self.down_sample:
            identity = self.down_sample_layer(identity)
        out = out + identity
        out = self.relu(out)
        return out

class ResNetTail(nn.Cell):
    def __init__(self):
        super().__init__()
        self.layer = nn.SequentialCell([ResidualBlock(8, 16, down_sample=True), ResidualBlock(16, 16)])
        self.pool = nn.AvgPool2d(2)
        self.flatten = nn.Flatten()
        self.fc = nn.Dense(16, 10)
    def construct(self, x):
        x = self.layer(x)
        x = self.pool(x)
        x = self.flatten(x)
        x = self.fc(x)
        return x


# What print_node_tabulate(all_nodes=True) printed in MindSpore 2.7.1 (with the `tabulate`
# package) for the same network.
MINDSPORE_TABLES = (pathlib.Path(__file__).parent / "mindspore_resnet_tables.txt").read_text()


def canonical_class_names(text: str) -> str:
    """Rewritten classes are numbered per process: number them from this text's first."""
    seen: dict = {}

    def rename(match):
        stem = match.group(1)
        names = seen.setdefault(stem, {})
        if match.group(0) not in names:
            names[match.group(0)] = stem if not names else f"{stem}_{len(names)}"
        return names[match.group(0)]

    return re.sub(r"\b(\w+?Opt)(_[0-9]+)?\b", rename, text)


def test_resnet_tables_as_mindspore_prints_them(capsys):
    SymbolTree.create(ResNetTail()).print_node_tabulate(all_nodes=True)
    assert canonical_class_names(capsys.readouterr().out) == MINDSPORE_TABLES + "\n"


def test_resnet_rewritten_network_runs():
    import numpy as np

    import spore as ms

    net = ResNetTail()
    x = ms.Tensor(np.linspace(-1, 1, 2 * 8 * 2 * 2, dtype=np.float32).reshape(2, 8, 2, 2))
    new = SymbolTree.create(net).get_network()
    np.testing.assert_allclose(new(x).asnumpy(), net(x).asnumpy(), rtol=1e-5, atol=1e-6)
