"""Hooks and custom bprops in PyNative mode, with the seed tutorial's semantics."""
import numpy as np
import pytest

import spore as ms
from spore import Parameter, Tensor, nn, ops
from spore.ops import GradOperation

GRAD_ALL = GradOperation(get_all=True)


class Relu(nn.Cell):
    def construct(self, x):
        return ops.maximum(x, 0.0)


class AddThenRelu(nn.Cell):
    def __init__(self):
        super().__init__()
        self.relu = Relu()

    def construct(self, x, y):
        return self.relu(x + y)


def ones():
    return Tensor(np.ones([1], np.float32))


def values(grads):
    return [g.asnumpy().tolist() for g in grads]


def test_hook_backward_sees_and_prints_the_gradient(capsys):
    hook = ops.HookBackward(lambda grad: print("hook_fn print grad_out:", grad))

    def hook_test(x, y):
        z = x * y
        z = hook(z)
        return z * y

    output = GRAD_ALL(hook_test)(Tensor(1, ms.float32), Tensor(2, ms.float32))
    assert capsys.readouterr().out == (
        "hook_fn print grad_out: (Tensor(shape=[], dtype=Float32, value= 2),)\n")
    assert values(output) == [4.0, 4.0]


def test_hook_backward_can_replace_the_gradient():
    hook = ops.HookBackward(lambda grad: (grad[0] * 10,))
    assert values(GRAD_ALL(lambda x: hook(x * 2))(Tensor([1.0]))) == [[20.0]]


def test_hook_backward_in_graph_mode_passes_the_gradient_without_calling_the_hook(capsys):
    """As MindSpore 2.7.1 does in Graph mode: the gradient goes through, the hook is not called."""
    hook = ops.HookBackward(lambda grad: print("hook called", grad))
    assert values(ms.jit(GRAD_ALL(lambda x: hook(x * 2)))(Tensor([1.0, 3.0]))) == [[2.0, 2.0]]
    assert capsys.readouterr().out == ""


def test_hook_backward_wrong_return():
    hook = ops.HookBackward(lambda grad: "nope")
    with pytest.raises(TypeError, match="HookBackward"):
        GRAD_ALL(lambda x: hook(x * 2))(Tensor([1.0]))


def test_forward_pre_hook_sees_inputs_and_handle_removes_it(capsys):
    net = AddThenRelu()
    handle = net.relu.register_forward_pre_hook(lambda cell_id, inputs: print("forward inputs:", inputs))
    assert str(net(ones(), ones())) == "[2.]"
    assert values(GRAD_ALL(net)(ones(), ones())) == [[1.0], [1.0]]
    printed = "forward inputs: (Tensor(shape=[1], dtype=Float32, value= [ 2.00000000e+00]),)"
    assert capsys.readouterr().out.count(printed) == 2
    handle.remove()
    net(ones(), ones())
    assert capsys.readouterr().out == ""


def test_forward_pre_hook_returning_a_new_tensor_cuts_the_gradient():
    net = AddThenRelu()
    net.relu.register_forward_pre_hook(lambda cell_id, inputs: Tensor(np.ones([1], np.float32)))
    assert values(GRAD_ALL(net)(ones(), ones())) == [[0.0], [0.0]]


def test_forward_hook_replaces_outputs():
    net = AddThenRelu()
    handle = net.relu.register_forward_hook(lambda cell_id, inputs, outputs: outputs + outputs)
    assert values(GRAD_ALL(net)(ones(), ones())) == [[2.0], [2.0]]
    handle.remove()
    assert values(GRAD_ALL(net)(ones(), ones())) == [[1.0], [1.0]]


def test_backward_hook_sees_the_cells_own_computation(capsys):
    net = AddThenRelu()
    net.relu.register_forward_hook(lambda cell_id, inputs, outputs: outputs + outputs)
    seen = []
    net.relu.register_backward_hook(lambda cell_id, grad_input, grad_output: seen.append(
        (values(grad_input), values(grad_output))))
    assert values(GRAD_ALL(net)(ones(), ones())) == [[2.0], [2.0]]
    assert seen == [([[2.0]], [[2.0]])]


def test_backward_hook_grad_input_is_at_the_output():
    class Scale(nn.Cell):
        def construct(self, x):
            return x * 3

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.scale = Scale()

        def construct(self, x):
            return self.scale(x) * 5

    net = Net()
    seen = []
    handle = net.scale.register_backward_hook(lambda c, gi, go: seen.append((values(gi), values(go))))
    assert values(GRAD_ALL(net)(Tensor([1.0]))) == [[15.0]]
    assert seen == [([[5.0]], [[15.0]])]
    assert isinstance(handle.handle_id, int)


def test_backward_hook_can_replace_grad_output():
    net = AddThenRelu()
    net.relu.register_backward_hook(lambda c, gi, go: (go[0] * 0,))
    assert values(GRAD_ALL(net)(ones(), ones())) == [[0.0], [0.0]]


def test_backward_hook_wrong_return():
    net = AddThenRelu()
    net.relu.register_backward_hook(lambda c, gi, go: (go[0], go[0]))
    with pytest.raises(TypeError, match="backward hook"):
        GRAD_ALL(net)(ones(), ones())


def test_hooks_must_be_callable():
    with pytest.raises(TypeError, match="hook_fn"):
        Relu().register_forward_hook(3)


def test_custom_bprop():
    class Net(nn.Cell):
        def construct(self, x, y):
            return x * y * y

        def bprop(self, x, y, out, dout):
            return x + y, x * y

    output = GRAD_ALL(Net())(Tensor(1, ms.float32), Tensor(2, ms.float32))
    assert values(output) == [3.0, 2.0]


def test_custom_bprop_with_internal_params():
    class NetWithParam(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = Parameter(Tensor(np.array([2.0], np.float32)), name="weight")
            self.internal_params = [self.w]

        def construct(self, x):
            return self.w * x

        def bprop(self, *args):
            return (self.w * args[-1],), {self.w: args[0] * args[-1]}

    net = NetWithParam()
    gx, (gw,) = ms.grad(net, grad_position=0, weights=net.trainable_params())(Tensor([3.0]))
    assert values([gx, gw]) == [[2.0], [3.0]]


def test_custom_bprop_wrong_count():
    class Net(nn.Cell):
        def construct(self, x, y):
            return x * y

        def bprop(self, x, y, out, dout):
            return (dout,)

    with pytest.raises(ValueError, match="one gradient per input"):
        GRAD_ALL(Net())(Tensor([1.0]), Tensor([2.0]))


def test_tensor_register_hook():
    seen = []

    def fn(x):
        y = x * 2
        y.register_hook(lambda g: seen.append(g.asnumpy().tolist()))
        return y * 3

    assert values([ms.grad(fn)(Tensor([1.0]))]) == [[6.0]]
    assert seen == [[3.0]]


def test_tensor_hook_on_an_input_can_replace_its_gradient():
    x = Tensor([1.0])
    handle = x.register_hook(lambda g: g * 0 + 7)
    assert values([ms.grad(lambda t: t * 5)(x)]) == [[7.0]]
    handle.remove()
    assert values([ms.grad(lambda t: t * 5)(x)]) == [[5.0]]
