"""Gradient-ready listeners (autograd/grad_ready.py): during a PyNative backward pass each
watched Parameter is announced once, when the last recorded op using it has run its
bprop, with its final gradient (its Tensor hooks applied); the gradients returned are
unchanged."""
import numpy as np

import spore as ms
from spore import ops
from spore.autograd import grad_ready


def test_each_parameter_is_announced_once_when_its_gradient_is_final():
    first = ms.Parameter(ms.Tensor(np.array([1.0, 2.0])), name="first")
    second = ms.Parameter(ms.Tensor(np.array([3.0, -1.0])), name="second")
    unused = ms.Parameter(ms.Tensor(np.array([5.0])), name="unused")
    first.register_hook(lambda g: g * 2)

    def loss(x):
        hidden = ops.sin(x * first)
        return (hidden * second).sum() + (hidden * first).sum()     # first is used twice

    announced = []
    with grad_ready.listening([first, second, unused], lambda p, g: announced.append((p.name, g.asnumpy()))):
        grads = ms.grad(loss, None, (first, second, unused))(ms.Tensor(np.array([0.5, -0.5])))
    x, w1, w2 = np.array([0.5, -0.5]), np.array([1.0, 2.0]), np.array([3.0, -1.0])
    expected_first = 2 * (np.cos(x * w1) * x * (w2 + w1) + np.sin(x * w1))    # hook: doubled
    # second is final as soon as its product ran; first only after sin's input gradient reached it
    assert [name for name, _ in announced] == ["second", "first"]
    np.testing.assert_allclose(announced[0][1], np.sin(x * w1))
    np.testing.assert_allclose(announced[1][1], expected_first)
    np.testing.assert_allclose(grads[0].asnumpy(), expected_first)     # the hook ran once
    np.testing.assert_allclose(grads[2].asnumpy(), [0.0])
    assert not grad_ready.LISTENERS


def test_no_listener_no_announcement():
    w = ms.Parameter(ms.Tensor(np.array([2.0])), name="w")
    grad = ms.grad(lambda x: (x * w).sum(), None, (w,))(ms.Tensor(np.array([3.0])))
    assert grad[0].asnumpy().tolist() == [3.0]
