"""Graph mode runs convolution chains that feed a max pool channels-last (passes.py,
lay_out_channels_last) when its convolutions are too large for torch's unfold + GEMM
kernels: the values and gradients are those of the NCHW computation (here torch's
autograd in float64), and what leaves a program is row-major."""
import numpy as np
import pytest
import torch

import spore as ms
from spore import Tensor, nn, ops

RNG = np.random.default_rng(7)
X = RNG.standard_normal((16, 8, 30, 30)).astype(np.float32)
W1 = (RNG.standard_normal((16, 8, 3, 3)) * 0.2).astype(np.float32)
W2 = (RNG.standard_normal((16, 16, 3, 3)) * 0.2).astype(np.float32)
HEAD = RNG.standard_normal((16 * 6 * 6,)).astype(np.float32)


class Net(nn.Cell):
    def __init__(self, channels_in: int = 8):
        super().__init__()
        self.conv1 = nn.Conv2d(channels_in, 16, 3, pad_mode="valid", has_bias=False)
        self.conv2 = nn.Conv2d(16, 16, 3, pad_mode="valid", has_bias=False)
        self.conv1.weight.set_data(Tensor(W1[:, :channels_in]))
        self.conv2.weight.set_data(Tensor(W2))
        self.pool = nn.MaxPool2d(2, 2)
        self.head = Tensor(HEAD)

    def construct(self, x):
        y = self.pool(ops.relu(self.conv1(x)))
        y = self.pool(ops.relu(self.conv2(y)))
        return (ops.flatten(y) * self.head).sum()


def torch_reference(x, channels_in: int = 8):
    """(loss, dx, dW1, dW2) in float64."""
    x = torch.tensor(x, dtype=torch.float64, requires_grad=True)
    w1 = torch.tensor(W1[:, :channels_in], dtype=torch.float64, requires_grad=True)
    w2 = torch.tensor(W2, dtype=torch.float64, requires_grad=True)
    F = torch.nn.functional
    y = F.max_pool2d(torch.relu(F.conv2d(x, w1)), 2, 2)
    y = F.max_pool2d(torch.relu(F.conv2d(y, w2)), 2, 2)
    loss = (y.flatten(1) * torch.tensor(HEAD, dtype=torch.float64)).sum()
    loss.backward()
    return loss.item(), x.grad.numpy(), w1.grad.numpy(), w2.grad.numpy()


def close(actual, expected):
    """float32 sums of a few thousand terms against float64: relative to the largest."""
    np.testing.assert_allclose(actual, expected, rtol=1e-4, atol=1e-5 * np.abs(expected).max())


@pytest.mark.parametrize("channels_in", [8, 1])  # one channel: both layouts share the memory
def test_gradient_of_a_compiled_function_matches_the_nchw_reference(channels_in):
    net = Net(channels_in)
    x = X[:, :channels_in]
    grad_fn = ms.value_and_grad(ms.jit(net), grad_position=0, weights=net.trainable_params())
    loss, (dx, (dw1, dw2)) = grad_fn(Tensor(x))
    ref = torch_reference(x, channels_in)
    close(loss.asnumpy(), ref[0])
    for actual, expected in zip((dx, dw1, dw2), ref[1:]):
        close(actual.asnumpy(), expected)
        assert actual._t.is_contiguous()


def test_a_compiled_training_step_matches_and_keeps_parameters_row_major():
    net = Net()
    optimizer = nn.SGD(net.trainable_params(), learning_rate=0.1)
    grad_fn = ms.value_and_grad(net, None, optimizer.parameters)

    def step(x):
        loss, grads = grad_fn(x)
        optimizer(grads)
        return loss, grads

    compiled = ms.jit(step)
    loss, (dw1, dw2) = compiled(Tensor(X))
    ref = torch_reference(X)
    close(loss.asnumpy(), ref[0])
    close(dw1.asnumpy(), ref[2])
    close(dw2.asnumpy(), ref[3])
    close(net.conv1.weight.asnumpy(), W1 - 0.1 * ref[2])
    close(net.conv2.weight.asnumpy(), W2 - 0.1 * ref[3])
    assert all(p._t.is_contiguous() for p in net.trainable_params())
    (program,) = compiled.cache.programs.values()
    assert program.graph.relaid, "the convolutions were not laid out channels-last"


def test_a_convolution_without_pooling_keeps_its_layout():
    conv = nn.Conv2d(8, 16, 3, has_bias=False)
    compiled = ms.jit(lambda x: ops.relu(conv(x)))
    out = compiled(Tensor(X))
    (program,) = compiled.cache.programs.values()
    assert not program.graph.relaid
    assert out._t.is_contiguous()


def test_small_convolutions_keep_their_layout():
    net = Net()
    compiled = ms.jit(net)
    compiled(Tensor(X[:1]))
    (program,) = compiled.cache.programs.values()
    assert not program.graph.relaid


class FewChannels(nn.Cell):
    """LeNet5's convolutions: 6 channels after the first (its max pool then runs on the
    planes folded into channels), a flattened 16-channel pool (whose gradient arrives
    row-major from the flattening)."""

    def __init__(self, w1, w2, head):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, 5, pad_mode="valid", has_bias=False)
        self.conv2 = nn.Conv2d(6, 16, 5, pad_mode="valid", has_bias=False)
        self.conv1.weight.set_data(Tensor(w1))
        self.conv2.weight.set_data(Tensor(w2))
        self.pool = nn.MaxPool2d(2, 2)
        self.head = Tensor(head)

    def construct(self, x):
        y = self.pool(ops.relu(self.conv1(x)))
        y = self.pool(ops.relu(self.conv2(y)))
        return (ops.flatten(y) * self.head).sum()


def test_few_channels_gradient_matches_the_nchw_reference():
    x = RNG.standard_normal((32, 1, 32, 32)).astype(np.float32)
    w1 = (RNG.standard_normal((6, 1, 5, 5)) * 0.3).astype(np.float32)
    w2 = (RNG.standard_normal((16, 6, 5, 5)) * 0.2).astype(np.float32)
    head = RNG.standard_normal((16 * 5 * 5,)).astype(np.float32)
    net = FewChannels(w1, w2, head)
    compiled = ms.jit(ms.value_and_grad(net, grad_position=0, weights=net.trainable_params()))
    loss, (dx, (dw1, dw2)) = compiled(Tensor(x))

    F = torch.nn.functional
    tx, tw1, tw2 = (torch.tensor(a, dtype=torch.float64, requires_grad=True) for a in (x, w1, w2))
    y = F.max_pool2d(torch.relu(F.conv2d(tx, tw1)), 2, 2)
    y = F.max_pool2d(torch.relu(F.conv2d(y, tw2)), 2, 2)
    expected = (y.flatten(1) * torch.tensor(head, dtype=torch.float64)).sum()
    expected.backward()
    close(loss.asnumpy(), expected.item())
    for actual, reference in zip((dx, dw1, dw2), (tx, tw1, tw2)):
        close(actual.asnumpy(), reference.grad.numpy())
        assert actual._t.is_contiguous()
    (program,) = compiled.cache.programs.values()
    assert program.graph.relaid, "the convolutions were not laid out channels-last"
