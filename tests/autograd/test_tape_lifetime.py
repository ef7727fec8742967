"""Nothing a training step records outlives the step: no open tape, no marks left on
Parameters, no growth in live Tensors or in the kernels' per-output caches."""
import gc

import numpy as np

import spore as ms
from spore import nn
from spore._kernels import conv as conv_kernels
from spore.ops import interpreter


class SmallNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 4, 3, pad_mode="valid")
        self.bn = nn.BatchNorm2d(4)
        self.pool = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()
        self.fc = nn.Dense(4 * 3 * 3, 5)

    def construct(self, x):
        return self.fc(self.flatten(self.pool(nn.ReLU()(self.bn(self.conv(x))))))


def _live_tensors() -> int:
    gc.collect()
    return sum(1 for obj in gc.get_objects() if type(obj) in (ms.Tensor, ms.Parameter))


def test_training_steps_leave_nothing_behind():
    net = SmallNet()
    net.set_train()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=0.01, momentum=0.9)
    grad_fn = ms.value_and_grad(lambda x, y: loss_fn(net(x), y), None, optimizer.parameters)
    rng = np.random.default_rng(0)
    x = ms.Tensor(rng.standard_normal((8, 1, 8, 8)).astype(np.float32))
    y = ms.Tensor(rng.integers(0, 5, 8).astype(np.int32))

    def step():
        loss, grads = grad_fn(x, y)
        optimizer(grads)

    for _ in range(3):
        step()
    tensors, argmaxes = _live_tensors(), len(conv_kernels._argmax_of_output)
    for _ in range(20):
        step()
    assert not interpreter.STACK
    assert all(p._node is None for p in net.get_parameters())
    assert _live_tensors() == tensors
    assert len(conv_kernels._argmax_of_output) == argmaxes
