"""nb001 cells 07-09: the tutorial's LeNet5, gradients taken by a GradOperation inside a
Cell's construct (GradWrap), and one Momentum step, run in PyNative mode."""
import numpy as np

import spore as ms
from spore import nn, ops
from spore.common.initializer import Normal


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
        x = self.relu(self.fc1(self.flatten(x)))
        return self.fc3(self.relu(self.fc2(x)))


class GradWrap(nn.Cell):
    def __init__(self, network):
        super().__init__(auto_prefix=False)
        self.network = network
        self.weights = ms.ParameterTuple(filter(lambda x: x.requires_grad, network.get_parameters()))

    def construct(self, x, label):
        return ops.GradOperation(get_by_list=True)(self.network, self.weights)(x, label)


def test_grad_wrap_and_momentum_step_as_in_the_tutorial():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    net = LeNet5()
    params = list(filter(lambda x: x.requires_grad, net.get_parameters()))
    optimizer = nn.Momentum(params, 0.1, 0.9)
    criterion = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    train_network = GradWrap(nn.WithLossCell(net, criterion))
    train_network.set_train()
    input_data = ms.Tensor(np.ones([32, 1, 32, 32]).astype(np.float32) * 0.01)
    label = ms.Tensor(np.ones([32]).astype(np.int32))

    loss = criterion(net(input_data), label)
    grads = train_network(input_data, label)
    before = [p.asnumpy().copy() for p in params]
    assert optimizer(grads)

    np.testing.assert_allclose(loss.asnumpy(), 2.3025854, rtol=2e-6)  # ln 10: near-zero logits
    assert [g.shape for g in grads] == [p.shape for p in params]
    for p, old, g in zip(params, before, grads):  # first Momentum step: p -= lr * grad
        np.testing.assert_allclose(p.asnumpy(), old - 0.1 * g.asnumpy(), rtol=1e-5, atol=1e-7)
    assert any(np.abs(g.asnumpy()).max() > 0 for g in grads)
