"""grad of a jit function differentiates the compiled program: the tape records one node
for the call, whose bprop is the compiled gradient. The gradients are those of the same
function run op by op; programs with side effects or random ops run op by op."""
import numpy as np

import spore as ms
from spore import Parameter, Tensor, nn, ops
from spore.compiler.compiled_gradients import _CompiledCall, _gradient_programs

W = Parameter(Tensor(np.array([[0.5, -1.0], [2.0, 0.25], [-0.75, 1.5]])), name="w")
X = Tensor(np.array([[1.0, 2.0, -1.0], [0.5, -0.5, 3.0]]))


def loss(x):
    return (ops.tanh(ops.matmul(x, W)) ** 2).sum()


def test_inputs_and_weights_match_the_op_by_op_gradient():
    eager = ms.value_and_grad(loss, grad_position=0, weights=[W])(X)
    compiled = ms.value_and_grad(ms.jit(loss), grad_position=0, weights=[W])(X)
    np.testing.assert_allclose(compiled[0].asnumpy(), eager[0].asnumpy(), rtol=1e-12)
    np.testing.assert_allclose(compiled[1][0].asnumpy(), eager[1][0].asnumpy(), rtol=1e-12)
    np.testing.assert_allclose(compiled[1][1][0].asnumpy(), eager[1][1][0].asnumpy(), rtol=1e-12)


def test_the_call_is_recorded_as_one_compiled_node(monkeypatch):
    calls = _counting_bprops(monkeypatch)
    jitted = ms.jit(loss)
    ms.grad(lambda x: jitted(x))(X)   # called on the tape of a Python function
    assert calls == ["loss"]


def _counting_bprops(monkeypatch) -> list:
    calls = []
    original = _CompiledCall.bprop

    def counting(self, *args):
        calls.append(self.name)
        return original(self, *args)

    monkeypatch.setattr(_CompiledCall, "bprop", counting)
    return calls


def test_from_outside_every_transformation_no_tape_records_the_call(monkeypatch):
    """value_and_grad of the jit function itself runs its forward and backward programs
    one after the other: the same values as the call recorded on a tape."""
    calls = _counting_bprops(monkeypatch)
    jitted = ms.jit(loss)
    direct = ms.value_and_grad(jitted, grad_position=0, weights=[W])(X)
    assert calls == []
    taped = ms.value_and_grad(lambda x: jitted(x), grad_position=0, weights=[W])(X)
    assert calls == ["loss"]
    np.testing.assert_array_equal(direct[0].asnumpy(), taped[0].asnumpy())
    np.testing.assert_array_equal(direct[1][0].asnumpy(), taped[1][0].asnumpy())
    np.testing.assert_array_equal(direct[1][1][0].asnumpy(), taped[1][1][0].asnumpy())
    eager = ms.value_and_grad(loss, grad_position=0, weights=[W])(X)
    np.testing.assert_allclose(direct[1][1][0].asnumpy(), eager[1][1][0].asnumpy(), rtol=1e-12)


def test_a_weight_the_program_does_not_read_gets_zeros_without_a_tape(monkeypatch):
    calls = _counting_bprops(monkeypatch)
    unread = Parameter(Tensor(np.array([1.0, -2.0])), name="unread")
    _, (dx, (dw, du)) = ms.value_and_grad(ms.jit(loss), grad_position=0, weights=[W, unread])(X)
    assert calls == []
    np.testing.assert_array_equal(du.asnumpy(), np.zeros(2))
    np.testing.assert_allclose(dx.asnumpy(), ms.grad(loss)(X).asnumpy(), rtol=1e-12)


def test_a_hooked_input_or_one_differentiated_twice_takes_the_tape(monkeypatch):
    """Hooks and gradients that add up are the tape's: the call is recorded there."""
    calls = _counting_bprops(monkeypatch)
    x = Tensor(X.asnumpy())
    x.register_hook(lambda g: g * 2)
    hooked = ms.grad(ms.jit(loss))(x)
    np.testing.assert_allclose(hooked.asnumpy(), 2 * ms.grad(loss)(X).asnumpy(), rtol=1e-12)
    assert calls == ["loss"]

    def twice(a, b):
        return (ops.tanh(ops.matmul(a, W)) * ops.matmul(b, W)).sum()

    both = ms.grad(ms.jit(twice), grad_position=(0, 1))(X, X)
    expected = ms.grad(twice, grad_position=(0, 1))(X, X)
    np.testing.assert_allclose(both[0].asnumpy(), expected[0].asnumpy(), rtol=1e-12)
    np.testing.assert_allclose(both[1].asnumpy(), expected[1].asnumpy(), rtol=1e-12)


def test_second_order_through_a_compiled_call():
    def first(x):
        return ms.grad(ms.jit(loss))(x).sum()

    def first_eager(x):
        return ms.grad(loss)(x).sum()

    np.testing.assert_allclose(ms.grad(first)(X).asnumpy(), ms.grad(first_eager)(X).asnumpy(), rtol=1e-10)


def test_third_order_through_a_graph_mode_cell():
    """The second-order gradient program has several outputs (the gradients of the input
    and of the first cotangent): its cotangents reach the third order as Tensors."""
    class SinExp(nn.Cell):
        def construct(self, v):
            return ops.exp(ops.sin(v))

    x = Tensor(np.array([1.0, 2.0, -0.5]))
    first = ms.grad(SinExp())
    second = ms.grad(lambda v: first(v).sum())
    third = ms.grad(lambda v: second(v).sum())
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        got = third(x).asnumpy()
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    v = x.asnumpy()
    # d^3/dv^3 exp(sin v) = exp(sin v) (cos^3 v - 3 sin v cos v - cos v)
    expected = np.exp(np.sin(v)) * (np.cos(v) ** 3 - 3 * np.sin(v) * np.cos(v) - np.cos(v))
    np.testing.assert_allclose(got, expected, rtol=1e-12)


def test_side_effects_run_once_op_by_op():
    """BatchNorm in training updates its statistics: the program is not replayed for the
    gradient, so the statistics move once per step, as op by op."""
    def run(compiled: bool):
        bn = nn.BatchNorm1d(2)
        bn.set_train(True)
        def fn(x):
            return bn(x).sum() * 1.0

        grads = ms.grad(ms.jit(fn) if compiled else fn)(Tensor(np.array([[1.0, 2.0], [3.0, 5.0]], np.float32)))
        return grads.asnumpy(), bn.moving_mean.asnumpy()

    (g_eager, mean_eager), (g_jit, mean_jit) = run(False), run(True)
    np.testing.assert_allclose(g_jit, g_eager, rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(mean_jit, mean_eager, rtol=1e-6)


def test_assign_to_a_graph_value_rebinds_it():
    """A declared state that is a value of the graph (not a Parameter) is the new value
    after the update, in the graph as op by op."""
    def fn(x, y):
        ops.assign(x, y)
        return x * 2

    x, y = Tensor(np.ones(3, np.float32)), Tensor(np.full(3, 4.0, np.float32))
    np.testing.assert_array_equal(ms.jit(fn)(x, y).asnumpy(), [8.0, 8.0, 8.0])
    np.testing.assert_array_equal(fn(Tensor(np.ones(3, np.float32)), y).asnumpy(), [8.0, 8.0, 8.0])


def test_graph_mode_cell_under_a_python_gradient_is_one_compiled_node(monkeypatch):
    """In GRAPH_MODE a Cell called from Python while a gradient is taken runs compiled, its
    gradient too; the values are PyNative's."""
    net = nn.Dense(3, 2, weight_init="normal", dtype=ms.float64)
    x = Tensor(np.array([[1.0, -2.0, 0.5]]))

    def forward(t):
        return (net(t) ** 2).sum()

    eager = ms.value_and_grad(forward, grad_position=0, weights=net.trainable_params())(x)
    calls = []
    original = _CompiledCall.bprop
    monkeypatch.setattr(_CompiledCall, "bprop", lambda self, *a: calls.append(self.name) or original(self, *a))
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        graph = ms.value_and_grad(forward, grad_position=0, weights=net.trainable_params())(x)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    assert calls == ["Dense"]
    for got, want in zip([graph[0], graph[1][0], *graph[1][1]], [eager[0], eager[1][0], *eager[1][1]]):
        np.testing.assert_allclose(got.asnumpy(), want.asnumpy(), rtol=1e-12)


def test_the_forward_runs_once_and_the_backward_from_its_residuals():
    """A graph without control flow is cut in two programs: the forward returns what the
    backward needs, so the gradient does not recompute it."""
    compiled = ms.jit(loss)
    ms.grad(compiled)(X)
    program = next(iter(compiled.cache.programs.values()))
    (gradient,) = _gradient_programs[program].values()
    forward, backward = gradient.split
    assert "Tanh" in str(forward.graph) and "Tanh(" not in str(backward.graph)


def test_the_gradient_program_computes_only_what_the_tapes_follow():
    """Gradients with respect to the weights only: the backward program computes no
    gradient for the data (the first convolution's input gradient is not run)."""
    net = nn.Conv2d(1, 2, 3, pad_mode="valid")
    compiled = ms.jit(lambda x: net(x).sum())
    x = ms.Tensor(np.ones((1, 1, 5, 5), np.float32))
    weight_grads = ms.grad(compiled, None, net.trainable_params())(x)
    input_grad = ms.grad(compiled, 0)(x)
    program = next(iter(compiled.cache.programs.values()))
    by_weights, by_input = _gradient_programs[program].values()
    assert "Conv2DBackpropInput" not in str(by_weights.split[1].graph)
    assert "Conv2DBackpropFilter" not in str(by_input.split[1].graph)
    np.testing.assert_allclose(weight_grads[0].asnumpy(), np.full((2, 1, 3, 3), 9.0), rtol=1e-6)
    np.testing.assert_allclose(input_grad.asnumpy(), ms.grad(lambda x: net(x).sum())(x).asnumpy(), rtol=1e-6)
