"""MindSpore's documented parameter groups with ASGD, AdaFactor, LazyAdam, ProximalAdagrad
and Rprop: convolution weights with gradient centralization, another rate for the rest,
the network's parameter order; a small convolutional classifier trained for 4 steps by
TrainOneStepCell in both modes, the losses and a bias against MindSpore 2.7.1's."""
import numpy as np
import pytest

import spore as ms
from spore import Tensor, nn


class ConvNet(nn.Cell):
    def __init__(self):
        super().__init__()
        weight = np.sin(np.arange(144)).reshape(16, 1, 3, 3).astype(np.float32) * 0.3
        self.conv1 = nn.Conv2d(1, 16, 3, pad_mode="valid", weight_init=Tensor(weight))
        self.relu = nn.ReLU()
        self.flatten = nn.Flatten()
        weight = np.cos(np.arange(2560)).reshape(10, 256).astype(np.float32) * 0.05
        self.fc1 = nn.Dense(16 * 4 * 4, 10, weight_init=Tensor(weight), bias_init="zeros")

    def construct(self, x):
        return self.fc1(self.flatten(self.relu(self.conv1(x))))


def groups(net):
    conv = [p for p in net.trainable_params() if "conv" in p.name]
    rest = [p for p in net.trainable_params() if "conv" not in p.name]
    return [{"params": conv, "grad_centralization": True}, {"params": rest, "lr": 0.01},
            {"order_params": net.trainable_params()}]


BUILDERS = {
    "ASGD": lambda net: nn.ASGD(groups(net), learning_rate=0.1),
    "AdaFactor": lambda net: nn.AdaFactor([{"params": net.trainable_params()[:1]},
                                           {"params": net.trainable_params()[1:]}],
                                          learning_rate=0.1, relative_step=False),
    "LazyAdam": lambda net: nn.LazyAdam(groups(net), learning_rate=0.1),
    "ProximalAdagrad": lambda net: nn.ProximalAdagrad(groups(net), learning_rate=0.1),
    "Rprop": lambda net: nn.Rprop(groups(net), learning_rate=0.1),
}

# (losses of the 4 steps, fc1.bias after them), recorded from MindSpore 2.7.1.
MINDSPORE = {
    "ASGD": ([2.520291, 2.381971, 2.251332, 2.125737],
             [-0.003362, 0.006667, 0.004978, 0.004467, 0.006526, -0.003078, -0.004929, -0.004957, -0.003142,
              -0.00317]),
    "AdaFactor": ([2.520291, 2.465278, 2.362664, 2.220017],
                  [-9e-05, 9e-05, 8.9e-05, 9e-05, 9e-05, -9e-05, -9e-05, -8.9e-05, -9e-05, -9e-05]),
    "LazyAdam": ([2.520291, 1.226249, 0.371783, 0.060927],
                 [-0.035411, 0.034691, 0.036792, 0.033938, 0.036114, -0.036378, -0.035283, -0.034318, -0.035659,
                  -0.036428]),
    "ProximalAdagrad": ([2.520291, 2.13661, 1.826858, 1.557889],
                        [-0.009347, 0.015361, 0.012692, 0.012015, 0.015502, -0.008816, -0.012571, -0.012214,
                         -0.008894, -0.009042]),
    "Rprop": ([2.520291, 1.226116, 0.272027, 0.01187],
              [-0.05368, 0.0364, 0.05368, 0.0364, 0.05368, -0.05368, -0.05368, -0.05368, -0.05368, -0.05368]),
}


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE], ids=["pynative", "graph"])
@pytest.mark.parametrize("name", list(BUILDERS))
def test_documented_groups_match_mindspore(name, mode):
    data = Tensor(np.random.default_rng(0).standard_normal((4, 1, 6, 6)).astype(np.float32))
    label = Tensor(np.array([1, 2, 3, 4], np.int32))
    ms.set_context(mode=mode)
    try:
        net = ConvNet()
        loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        step = nn.TrainOneStepCell(nn.WithLossCell(net, loss), BUILDERS[name](net))
        losses = [float(step(data, label).asnumpy()) for _ in range(4)]
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    want_losses, want_bias = MINDSPORE[name]
    np.testing.assert_allclose(losses, want_losses, rtol=1e-4, atol=2e-6)
    np.testing.assert_allclose(net.fc1.bias.asnumpy(), want_bias, rtol=1e-4, atol=2e-6)
