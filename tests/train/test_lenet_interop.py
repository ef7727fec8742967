"""MindSpore's LeNet5 checkpoints load into spore's LeNet5 (the seed tutorial's network)
and reproduce the logits MindSpore computed, in both checkpoint formats."""
from pathlib import Path

import numpy as np
import pytest

import spore as ms
from spore import nn
from spore.common.initializer import Normal

INTEROP = Path(__file__).resolve().parents[3] / "shared" / "interop"
pytestmark = pytest.mark.skipif(not INTEROP.is_dir(), reason="shared/interop is not beside the repository")


class LeNet5(nn.Cell):
    def __init__(self, num_class=10, num_channel=1):
        super().__init__()
        self.conv1 = nn.Conv2d(num_channel, 6, 5, pad_mode="valid")
        self.conv2 = nn.Conv2d(6, 16, 5, pad_mode="valid")
        self.fc1 = nn.Dense(16 * 5 * 5, 120, weight_init=Normal(0.02))
        self.fc2 = nn.Dense(120, 84, weight_init=Normal(0.02))
        self.fc3 = nn.Dense(84, num_class, weight_init=Normal(0.02))
        self.relu = nn.ReLU()
        self.max_pool2d = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()

    def construct(self, x):
        x = self.max_pool2d(self.relu(self.conv1(x)))
        x = self.max_pool2d(self.relu(self.conv2(x)))
        x = self.flatten(x)
        x = self.relu(self.fc1(x))
        x = self.relu(self.fc2(x))
        return self.fc3(x)


@pytest.mark.parametrize("name", ["lenet5_mindspore.ckpt", "lenet5_mindspore.safetensors"])
def test_mindspore_checkpoint_reproduces_mindspore_logits(name):
    net = LeNet5()
    fmt = "safetensors" if name.endswith(".safetensors") else "ckpt"
    params = ms.load_checkpoint(str(INTEROP / name), format=fmt)
    not_loaded, unused = ms.load_param_into_net(net, params)
    assert not not_loaded and not unused
    io = np.load(INTEROP / "lenet5_io.npz")
    logits = net(ms.Tensor(io["x"])).asnumpy()
    np.testing.assert_allclose(logits, io["logits"], rtol=1e-5, atol=1e-5)


def test_spore_checkpoint_round_trip_keeps_the_logits(tmp_path):
    net = LeNet5()
    ms.load_param_into_net(net, ms.load_checkpoint(str(INTEROP / "lenet5_mindspore.ckpt")))
    ms.save_checkpoint(net, str(tmp_path / "lenet5.ckpt"))
    again = LeNet5()
    ms.load_param_into_net(again, ms.load_checkpoint(str(tmp_path / "lenet5.ckpt")))
    x = ms.Tensor(np.load(INTEROP / "lenet5_io.npz")["x"])
    np.testing.assert_array_equal(again(x).asnumpy(), net(x).asnumpy())
    assert (tmp_path / "lenet5.ckpt").read_bytes() == (INTEROP / "lenet5_mindspore.ckpt").read_bytes()
