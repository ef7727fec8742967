"""MindSpore's mixed-precision tutorial step under @jit: auto_mixed_precision O0-O3, a
DynamicLossScaler, `is_finite = amp.all_finite(grads)` then `if is_finite:` unscaling
and applying the gradients (an `if` on a Tensor that rebinds a tuple of Tensors). The
losses and final scales were observed on MindSpore 2.7.1, in PyNative and under @jit
(they agree): with a small scale the steps train, with 2**24 the float16 gradients
overflow and every step is skipped while the scale comes down."""
import numpy as np
import pytest

import spore as ms
from spore import Tensor, amp, nn


class _Net(nn.Cell):
    def __init__(self):
        super().__init__()
        weights = np.random.RandomState(0)
        self.fc1 = nn.Dense(4, 8, weight_init=Tensor(weights.randn(8, 4).astype(np.float32)), bias_init="zeros")
        self.relu = nn.ReLU()
        self.fc2 = nn.Dense(8, 2, weight_init=Tensor(weights.randn(2, 8).astype(np.float32)), bias_init="zeros")

    def construct(self, x):
        return self.fc2(self.relu(self.fc1(x)))


def _train(level: str, use_jit: bool, scale_value: float, steps: int):
    data = np.random.RandomState(1)
    x = Tensor(data.randn(16, 4).astype(np.float32))
    y = Tensor(data.randn(16, 2).astype(np.float32))
    net = amp.auto_mixed_precision(_Net(), level)
    loss_fn = nn.MSELoss()
    opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
    scaler = amp.DynamicLossScaler(scale_value=scale_value, scale_factor=2, scale_window=2)

    def forward(data, label):
        logits = net(data)
        return scaler.scale(loss_fn(logits, label.astype(logits.dtype))), logits
    grad_fn = ms.value_and_grad(forward, None, opt.parameters, has_aux=True)

    def train_step(data, label):
        (loss, _), grads = grad_fn(data, label)
        loss = scaler.unscale(loss)
        is_finite = amp.all_finite(grads)
        if is_finite:
            grads = scaler.unscale(grads)
            opt(grads)
        scaler.adjust(is_finite)
        return loss
    step = ms.jit(train_step) if use_jit else train_step
    losses = [float(step(x, y).astype(ms.float32)) for _ in range(steps)]
    return losses, float(scaler.scale_value.value())


TRAINING = {"O0": [32.305, 14.963, 1.345, 0.8], "O1": [32.293, 14.953, 1.346, 0.8],
            "O2": [32.293, 14.953, 1.346, 0.8], "O3": [32.293, 14.953, 1.346, 0.8]}


@pytest.mark.parametrize("level", sorted(TRAINING))
@pytest.mark.parametrize("use_jit", [False, True], ids=["pynative", "jit"])
def test_dynamic_loss_scaling_trains(level, use_jit):
    losses, scale = _train(level, use_jit, 2 ** 10, 4)
    np.testing.assert_allclose(losses, TRAINING[level], rtol=3e-3)
    assert scale == 4096.0


@pytest.mark.parametrize("level", ["O1", "O2", "O3"])
def test_overflowing_steps_are_skipped_under_jit(level):
    losses, scale = _train(level, True, 2 ** 24, 6)
    np.testing.assert_allclose(losses, [32.293] * 6, rtol=3e-3)
    assert scale == 262144.0                       # 2**24 halved six times


def test_float32_steps_do_not_overflow_under_jit():
    losses, scale = _train("O0", True, 2 ** 24, 6)
    np.testing.assert_allclose(losses, [32.305, 14.963, 1.345, 0.8, 0.606, 0.502], rtol=3e-3)
    assert scale == 134217728.0                    # doubled every second step
