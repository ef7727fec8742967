"""MindSpore's LeNet5 checkpoints load into spore's LeNet5 (the seed tutorial's network)
and reproduce the logits MindSpore computed, in both checkpoint formats."""
import sys
from pathlib import Path

import numpy as np
import pytest

import spore as ms
from spore.__main__ import install_alias

INTEROP = Path(__file__).resolve().parents[3] / "shared" / "interop"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _lenet5_class():
    """The demo's LeNet5 (MindSpore code: its `import mindspore` resolves to spore)."""
    install_alias()
    sys.path.insert(0, str(EXAMPLES))
    try:
        from lenet_digits import LeNet5
    finally:
        sys.path.remove(str(EXAMPLES))
    return LeNet5


LeNet5 = _lenet5_class()
pytestmark = pytest.mark.skipif(not INTEROP.is_dir(), reason="shared/interop is not beside the repository")


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
