"""The seed tutorials' gradient examples (nb002: grad / value_and_grad, loss scaling;
nb000 cell 12: a backward hook on BatchNorm2d; nb003: Dropout2d's custom bprop), with
the values they print."""
import numpy as np
import pytest

import spore as ms
from spore import nn, ops
from spore.amp import StaticLossScaler, all_finite
from spore.ops import GradOperation


class Net(nn.Cell):
    def __init__(self, in_channel, out_channel):
        super().__init__()
        self.fc = nn.Dense(in_channel, out_channel, has_bias=False)
        self.loss = nn.MSELoss()

    def construct(self, x, y):
        logits = self.fc(x).squeeze()
        loss = self.loss(logits, y)
        return loss, logits


@pytest.fixture
def net():
    net = Net(3, 1)
    net.fc.weight.set_data(ms.Tensor([[2, 3, 4]], ms.float32))
    return net


X = ms.Tensor([[1, 2, 3]], ms.float32)
Y = ms.Tensor(19, ms.float32)
GRAD_X, GRAD_Y, GRAD_W = [[4.0, 6.0, 8.0]], -2.0, [[2.0, 4.0, 6.0]]


def values(t):
    return t.asnumpy().tolist()


def test_forward_and_names(net):
    assert [p.name for p in net.trainable_params()] == ["fc.weight"]
    loss, logits = net(X, Y)
    assert (float(loss), float(logits)) == (1.0, 20.0)


@pytest.mark.parametrize("grad_position, weights, expected", [
    (0, None, GRAD_X),
    (1, None, GRAD_Y),
    ((0, 1), None, (GRAD_X, GRAD_Y)),
    (None, "params", (GRAD_W,)),
    (0, "params", (GRAD_X, (GRAD_W,))),
    ((0, 1), "params", ((GRAD_X, GRAD_Y), (GRAD_W,))),
])
def test_grad_table(net, grad_position, weights, expected):
    weights = net.trainable_params() if weights == "params" else None
    grad, aux = ms.grad(net, grad_position=grad_position, weights=weights, has_aux=True)(X, Y)
    assert _structure(grad) == expected
    assert len(aux) == 1 and float(aux[0]) == 20.0


def _structure(value):
    if isinstance(value, tuple):
        return tuple(_structure(v) for v in value)
    return values(value)


def test_without_aux_all_outputs_are_differentiated(net):
    assert values(ms.grad(net, grad_position=0)(X, Y)) == [[6.0, 9.0, 12.0]]


def test_value_and_grad(net):
    (loss, logits), grads = ms.value_and_grad(net, (0, 1), net.trainable_params(), has_aux=True)(X, Y)
    assert (float(loss), float(logits)) == (1.0, 20.0)
    assert _structure(grads) == ((GRAD_X, GRAD_Y), (GRAD_W,))


def test_static_loss_scaling(net, capsys):
    scaler = StaticLossScaler(1024.0)

    def forward_fn(x, y):
        loss, logits = net(x, y)
        return scaler.scale(loss), logits

    (loss, _), grads = ms.value_and_grad(forward_fn, None, net.trainable_params(), has_aux=True)(X, Y)
    assert float(loss) == 1024.0 and values(grads[0]) == [[2048.0, 4096.0, 6144.0]]
    grads = scaler.unscale(grads)
    assert values(grads[0]) == GRAD_W
    print(all_finite(grads))
    assert capsys.readouterr().out == "True\n"
    clipped = ops.clip_by_global_norm(grads)
    np.testing.assert_allclose(np.linalg.norm(values(clipped[0])), 1.0, rtol=1e-6)


def test_backward_hook_on_batch_norm_prints_the_tutorial_values():
    class HookedNet(nn.Cell):
        def __init__(self, seen):
            super().__init__()
            self.conv = nn.Conv2d(1, 2, kernel_size=2, stride=1, padding=0, weight_init="ones", pad_mode="valid")
            self.bn = nn.BatchNorm2d(2, momentum=0.99, eps=0.00001, gamma_init="ones")
            self.handle = self.bn.register_backward_hook(lambda c, gi, go: seen.append((gi, go)))
            self.relu = nn.ReLU()

        def construct(self, x):
            return self.relu(self.bn(self.conv(x)))

    seen = []
    net = HookedNet(seen)
    (grad,) = GradOperation(get_all=True)(net)(ms.Tensor(np.ones([1, 1, 2, 2], np.float32)))
    (grad_input,), (grad_output,) = seen[0]
    np.testing.assert_allclose(grad_input.asnumpy(), np.ones((1, 2, 1, 1)))
    np.testing.assert_allclose(grad_output.asnumpy(), np.full((1, 2, 1, 1), 9.99994993e-01), rtol=1e-6)
    np.testing.assert_allclose(grad.asnumpy(), np.full((1, 1, 2, 2), 1.99998999e+00), rtol=1e-6)
    net.handle.remove()
    (again,) = GradOperation(get_all=True)(net)(ms.Tensor(np.ones([1, 1, 2, 2], np.float32)))
    assert len(seen) == 1
    np.testing.assert_allclose(again.asnumpy(), grad.asnumpy())


def test_dropout2d_custom_bprop():
    class Dropout2d(nn.Cell):
        def __init__(self, keep_prob):
            super().__init__()
            self.keep_prob = keep_prob
            self.dropout2d = ops.Dropout2D(keep_prob)

        def construct(self, x):
            return self.dropout2d(x)

        def bprop(self, x, out, dout):
            _, mask = out
            dy, _ = dout
            if self.keep_prob != 0:
                dy = dy * (1 / self.keep_prob)
            dy = mask.astype(ms.float32) * dy
            return (dy.astype(x.dtype),)

    dropout_2d = Dropout2d(0.8)
    x = ms.Tensor(np.ones((2, 3, 4, 4), np.float32))
    out, mask = dropout_2d(x)
    assert (out.shape, mask.shape, mask.dtype) == ((2, 3, 4, 4), (2, 3, 4, 4), ms.bool_)
    g = ms.grad(lambda t: dropout_2d(t)[0].sum())(x).asnumpy().reshape(2, 3, -1)
    assert np.all(np.isclose(g, 1 / 0.8) | (g == 0))
    assert np.all(g.max(-1) == g.min(-1))
