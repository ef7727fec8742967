"""Control flow in Graph mode, with gradients: `if` on Tensors and on constants, unrolled
`for` loops, `while` on Tensors, early returns; the Python the parser runs at compile time
(closures, unpacking, dicts, slicing, NumPy); print; Cells in GRAPH_MODE; a training
step; and the program cache. Results are checked against PyNative and hand values."""
import ast
import inspect

import numpy as np
import pytest

import spore as ms
from spore import Parameter, Tensor, nn, ops

from .test_differential import assert_same


def _t(*values, dtype=np.float32):
    return Tensor(np.array(values, dtype))


def _programs(fn) -> list:
    return list(fn.cache.programs.values())


def _kinds(program) -> list:
    return [node.kind for node in program.graph.body.nodes]


def value_and_grad_both(fn, *args, positions=0):
    """value_and_grad of fn in PyNative and inside ms.jit: checked equal, returned."""
    eager = ms.value_and_grad(fn, grad_position=positions)(*args)
    compiled = ms.jit(lambda *xs: ms.value_and_grad(fn, grad_position=positions)(*xs))
    graph = compiled(*args)
    assert len(compiled.cache.programs) == 1
    assert_same(graph, eager)
    return graph


def assert_values(tensor, values):
    np.testing.assert_allclose(tensor.asnumpy(), values, rtol=1e-6)


# ---- if ------------------------------------------------------------------------------------
def square_or_triple(x):
    if x.sum() > 0:
        y = x * x
    else:
        y = -3 * x
    return y.sum()


def test_tensor_if_takes_either_branch_from_one_program():
    compiled = ms.jit(lambda x: ms.value_and_grad(square_or_triple)(x))
    loss, grad = compiled(_t(1.0, 2.0))
    assert_values(loss, 5.0)
    assert_values(grad, [2.0, 4.0])
    loss, grad = compiled(_t(-1.0, -2.0))
    assert_values(loss, 9.0)
    assert_values(grad, [-3.0, -3.0])
    (program,) = _programs(compiled)   # same signature: the branch is chosen at run time
    assert "if" in _kinds(program)


@pytest.mark.parametrize("x", [[1.0, 2.0], [-1.0, -2.0]])
def test_tensor_if_matches_pynative(x):
    value_and_grad_both(square_or_triple, _t(*x))


def test_tensor_if_gradient_reaches_both_inputs():
    def f(x, y):
        if (x * y).sum() > 0:
            z = x * y
        else:
            z = x - y
        return z.sum()
    _, (gx, gy) = value_and_grad_both(f, _t(1.0, 2.0), _t(3.0, 4.0), positions=(0, 1))
    assert_values(gx, [3.0, 4.0])
    assert_values(gy, [1.0, 2.0])
    _, (gx, gy) = value_and_grad_both(f, _t(1.0, 2.0), _t(-3.0, -4.0), positions=(0, 1))
    assert_values(gx, [1.0, 1.0])
    assert_values(gy, [-1.0, -1.0])


def if_elif_else(x):
    s = x.sum()
    if s > 10:
        y = x * 10
    elif s > 0:
        y = x * x
    else:
        y = x * 0
    return y.sum()


@pytest.mark.parametrize(("x", "value", "grad"), [([5.0, 6.0], 110.0, [10.0, 10.0]),
                                                  ([1.0, 2.0], 5.0, [2.0, 4.0]),
                                                  ([-1.0, -2.0], 0.0, [0.0, 0.0])])
def test_if_elif_else(x, value, grad):
    loss, g = value_and_grad_both(if_elif_else, _t(*x))
    assert_values(loss, value)
    assert_values(g, grad)


def test_nested_tensor_ifs_and_boolean_operators():
    def f(x, y):
        s = x.sum()
        if s > 0 and not y.sum() > 0:
            z = x * y
        elif s > 0 or y.sum() > 100:
            z = x + y if y.sum() > 5 else x - y
        else:
            z = x * 3
        return z.sum()
    for x, y in [([1.0, 2.0], [-3.0, -4.0]), ([1.0, 2.0], [3.0, 4.0]), ([1.0, 2.0], [1.0, 1.0]),
                 ([-1.0, -2.0], [3.0, 4.0])]:
        value_and_grad_both(f, _t(*x), _t(*y), positions=(0, 1))


def test_variable_bound_in_one_tensor_branch_only():
    def f(x):
        y = x
        if x.sum() > 0:
            doubled = x * 2
            y = doubled + 1
        return y.sum()
    loss, grad = value_and_grad_both(f, _t(1.0, 2.0))
    assert_values(loss, 8.0)
    assert_values(grad, [2.0, 2.0])
    loss, grad = value_and_grad_both(f, _t(-1.0, -2.0))
    assert_values(loss, -3.0)
    assert_values(grad, [1.0, 1.0])


def test_constant_if_is_chosen_at_compile_time():
    @ms.jit
    def f(x, mode):
        if mode == "square":
            return x * x
        elif len(mode) > 3:
            return x + 100
        return x - 1
    x = _t(3.0)
    assert_values(f(x, "square"), [9.0])
    assert_values(f(x, "square"), [9.0])
    assert len(f.cache.programs) == 1
    assert_values(f(x, "shift"), [103.0])
    assert_values(f(x, "neg"), [2.0])
    programs = _programs(f)
    assert len(programs) == 3   # a new Python argument compiles again
    for program in programs:    # one branch each: no `if` left
        assert "if" not in _kinds(program)


def test_constant_condition_from_shapes_and_attributes():
    @ms.jit
    def f(x):
        if x.ndim == 2 and x.shape[1] > 2:
            return x.sum(axis=1)
        return x * 2
    assert_values(f(Tensor(np.ones((2, 3), np.float32))), [3.0, 3.0])
    assert_values(f(_t(1.0, 2.0)), [2.0, 4.0])
    assert len(f.cache.programs) == 2


# ---- early return ----------------------------------------------------------------------------
def early_return(x):
    if x.sum() > 0:
        return (x * x).sum()
    y = x * 5
    return y.sum()


@pytest.mark.parametrize(("x", "value", "grad"), [([1.0, 2.0], 5.0, [2.0, 4.0]),
                                                  ([-1.0, -2.0], -15.0, [5.0, 5.0])])
def test_early_return_in_a_tensor_if(x, value, grad):
    loss, g = value_and_grad_both(early_return, _t(*x))
    assert_values(loss, value)
    assert_values(g, grad)


def test_several_early_returns_and_tuples():
    def f(x):
        if x.sum() > 10:
            return (x * 10).sum(), x
        if x.sum() > 0:
            return (x * x).sum(), x * 2
        return x.sum(), x * 0
    compiled = ms.jit(f)
    for x, first in [([5.0, 6.0], 110.0), ([1.0, 2.0], 5.0), ([-1.0, -2.0], -3.0)]:
        assert_same(compiled(_t(*x)), f(_t(*x)))
        assert_values(compiled(_t(*x))[0], first)
        value_and_grad_both(lambda t: f(t)[0], _t(*x))
    assert len(compiled.cache.programs) == 1


# ---- for ---------------------------------------------------------------------------------------
def test_for_over_range_zip_enumerate_and_tuples():
    def f(x, a, b, c):
        ws = (a, b, c)
        total = x * 0
        for i in range(3):
            total = total + x * i                 # 3x
        for u, v in zip(ws, ws[1:]):
            total = total + u * v                 # ab + bc
        for i, w in enumerate(ws):
            total = total + w * x * (i + 1)       # (a + 2b + 3c) x
        for scale in (0.5, 2.0):
            total = total + x * scale             # 2.5x
        return total.sum()
    x, a, b, c = _t(1.0, 2.0), _t(1.0, -1.0), _t(2.0, 0.5), _t(3.0, 4.0)
    _, (gx, ga, gb, gc) = value_and_grad_both(f, x, a, b, c, positions=(0, 1, 2, 3))
    xa, aa, ba, ca = (t.asnumpy() for t in (x, a, b, c))
    assert_values(gx, 3 + aa + 2 * ba + 3 * ca + 2.5)
    assert_values(ga, ba + xa)
    assert_values(gb, aa + ca + 2 * xa)
    assert_values(gc, ba + 3 * xa)


def test_for_over_a_tensor_rows_and_nested_loops():
    def f(m):
        total = m[0] * 0
        for row in m:
            for k in range(1, 3):
                total = total + row * k           # 3 * sum of the rows
        return (total * total).sum()
    m = Tensor(np.arange(6, dtype=np.float32).reshape(3, 2))
    loss, grad = value_and_grad_both(f, m)
    column = 3 * m.asnumpy().sum(axis=0)
    assert_values(loss, (column ** 2).sum())
    assert_values(grad, np.broadcast_to(6 * column, (3, 2)))


def test_break_and_continue_in_unrolled_loops():
    def f(x):
        total = x * 0
        for i in range(10):
            if i % 2 == 1:
                continue
            if i > 6:
                break
            total = total + x ** 2 * i            # i = 0, 2, 4, 6
        for _ in range(2):
            total = total + x
        return total.sum()
    loss, grad = value_and_grad_both(f, _t(1.0, 2.0))
    assert_values(loss, 12 * 5 + 2 * 3)
    assert_values(grad, [24 * 1.0 + 2, 24 * 2.0 + 2])


def test_tensor_if_inside_a_loop():
    def f(x):
        acc = x * 0
        for i in range(3):
            if (x * i).sum() > 2:
                acc = acc + x * x
            else:
                acc = acc - x
        return acc.sum()
    loss, grad = value_and_grad_both(f, _t(1.0, 2.0))
    assert_values(loss, 7.0)                      # i = 0: -x; i = 1, 2: +x^2
    assert_values(grad, [3.0, 7.0])


# ---- while -------------------------------------------------------------------------------------
def power_eight(x):
    i = Tensor(0, ms.int32)
    while i < 3:
        x = x * x
        i = i + 1
    return x


@pytest.mark.parametrize("start", [0, 1, 3, 5])
def test_while_on_a_tensor_condition(start):
    @ms.jit
    def f(x, i):
        while i < 3:
            x = x * 2
            i = i + 1
        return x, i
    x, i = f(_t(1.0, 3.0), Tensor(start, ms.int32))
    times = max(3 - start, 0)
    assert_values(x, [2.0 ** times, 3 * 2.0 ** times])
    assert int(i.asnumpy()) == max(start, 3)
    assert len(f.cache.programs) == 1
    assert "while" in _kinds(_programs(f)[0])


def test_while_forward_matches_pynative():
    assert_same(ms.jit(power_eight)(_t(1.5, -0.5)), power_eight(_t(1.5, -0.5)))


def test_gradient_through_a_tensor_while():
    x = _t(1.5, -0.5)
    loss, grad = value_and_grad_both(lambda t: power_eight(t).sum(), x)
    assert_values(loss, (x.asnumpy() ** 8).sum())
    assert_values(grad, 8 * x.asnumpy() ** 7)


def test_gradient_through_a_while_reaches_a_value_the_loop_reads():
    def f(x, w):
        i = Tensor(0, ms.int32)
        while i < 2:
            x = x * w
            i = i + 1
        return x.sum()
    _, (gx, gw) = value_and_grad_both(f, _t(1.0, 2.0), _t(3.0, 4.0), positions=(0, 1))
    assert_values(gx, [9.0, 16.0])                # x w^2
    assert_values(gw, [6.0, 16.0])


# ---- Python run at compile time ----------------------------------------------------------------
def test_lambdas_closures_and_nested_defs():
    scale = 3.0

    def f(x):
        square = lambda t: t * t  # noqa: E731 - a lambda is what is tested

        def affine(t, shift=1.0, *, factor=scale):
            return t * factor + shift

        def twice(g):
            return lambda t: g(g(t))
        return twice(affine)(square(x)).sum()    # 3 (3 x^2 + 1) + 1
    loss, grad = value_and_grad_both(f, _t(1.0, 2.0))
    assert_values(loss, (9 * 1 + 4) + (9 * 4 + 4))
    assert_values(grad, [18.0, 36.0])


ADD_ONE, TRIPLE = (lambda t: t + 1), (lambda t: t * 3)   # two lambdas on one line
LAMBDAS_IN_A_LIST = [
    (lambda t: t - 1, (2.0,
                       3.0)), (lambda t, k=2: (lambda u: u * k)(t) + 0.5, ()),
]


def test_a_lambda_is_told_from_others_on_its_line():
    x = _t(1.0, 2.0)
    assert_values(ms.jit(TRIPLE)(x), [3.0, 6.0])
    assert_values(ms.jit(ADD_ONE)(x), [2.0, 3.0])
    assert_values(ms.jit(LAMBDAS_IN_A_LIST[0][0])(x), [0.0, 1.0])   # inside a multi-line expression
    assert_values(ms.jit(LAMBDAS_IN_A_LIST[1][0])(x), [2.5, 4.5])   # one lambda inside another


def test_a_lambda_starting_its_statement_is_parsed_from_that_statement_alone():
    """Not from its whole file, whose syntax tree a first call would build and drop."""
    from spore.compiler import parser

    def f(x):
        scaled = ms.jit(lambda t: t * 2 + 1)
        return scaled(x)
    lam = next(c for c in f.__code__.co_consts if inspect.iscode(c))
    tree = parser._lambda_statement(inspect.findsource(lam)[0], lam)
    assert len(tree.body) == 1 and len(list(ast.walk(tree))) < 25
    node = parser._find_lambda(tree, lam, "<lambda>")    # found at its place in the file
    assert isinstance(node, ast.Lambda) and node.lineno == lam.co_firstlineno
    assert_values(f(_t(1.0, 2.0)), [3.0, 5.0])
    assert parser._lambda_statement(inspect.findsource(LAMBDAS_IN_A_LIST[1][0].__code__)[0],
                                    LAMBDAS_IN_A_LIST[1][0].__code__) is None    # its statement starts above


def test_unpacking_augmented_assignment_dicts_and_slices():
    def f(x):
        first, (middle, rest) = x[0], (x[1:3], x[3:])
        table = {"a": middle * 2, "b": rest, 3: first}
        head, *tail = (1.0, 2.0, 3.0)
        *_, last_row = x.reshape(2, 2)
        y = table["a"].sum() + table[3] * head
        y += table["b"].sum()
        y *= sum(tail)
        y -= x[::-1][0]
        return y, x[..., 1:2], x[None, :2], last_row
    x = _t(1.0, 2.0, 3.0, 4.0)
    assert_same(ms.jit(f)(x), f(x))
    value_and_grad_both(lambda t: f(t)[0], x)


def test_isinstance_len_and_python_values_of_constants():
    @ms.jit
    def f(x, pair, n):
        assert isinstance(pair, tuple) and len(pair) == 2, "a pair"
        total = x * 0
        if isinstance(n, int) and n > len(x.shape):
            total = total + x * n
        for k in [v for v in pair if v > 0]:
            total = total + k
        return total, len(pair), x.shape, str(n)
    total, size, shape, text = f(_t(1.0, 2.0), (1.0, -2.0), 3)
    assert_values(total, [4.0, 7.0])
    assert (size, shape, text) == (2, (2,), "3")
    with pytest.raises(AssertionError, match="a pair"):
        f(_t(1.0), (1.0, 2.0, 3.0), 3)


def test_numpy_on_constants_is_jit_fallback():
    @ms.jit
    def f(x):
        table = np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)   # runs at compile time
        norm = float(np.sqrt((table ** 2).sum()))
        return ops.matmul(x, Tensor(table)) / norm + Tensor(np.arange(2, dtype=np.float32))
    x = _t(1.0, 1.0)
    expected = (np.array([1.0, 1.0]) @ np.array([[1.0, 2.0], [3.0, 4.0]])) / np.sqrt(30.0) + [0.0, 1.0]
    assert_values(f(x), expected)
    assert_values(ms.grad(lambda t: f(t).sum())(x), np.array([3.0, 7.0]) / np.sqrt(30.0))


_MODULE_MASK = Tensor(np.array([1, 0], np.int32))


def test_comparing_a_module_level_tensor_is_element_wise():
    """A constant Tensor compared in a graph gives an element-wise mask, not a truth value."""
    x = _t(1.0, 2.0)
    assert_values(ms.jit(lambda t: ops.where(_MODULE_MASK > 0, t, t * 2))(x), [1.0, 4.0])
    with pytest.raises(ValueError, match="truth value"):  # a chain needs each link's truth value
        ms.jit(lambda t: ops.where(0 <= _MODULE_MASK < 1, t, -t))(x)


class _ScaleByAttributeAndBuffer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.scale = Tensor(np.array([1.0, 2.0], np.float32))
        self.register_buffer("shift", Tensor(np.array([10.0, 20.0], np.float32)))

    def construct(self, x):
        return x * self.scale + self.shift


def test_a_compiled_cell_keeps_the_tensor_attributes_and_buffers_it_was_compiled_with(graph_mode):
    """As in MindSpore 2.7.1: only Parameters are read at each call; a plain Tensor attribute or a
    buffer is a constant of the compiled graph, so changing it later does not change the output."""
    net = _ScaleByAttributeAndBuffer()
    x = _t(1.0, 1.0)
    assert_values(net(x), [11.0, 22.0])
    net.scale = Tensor(np.array([3.0, 4.0], np.float32))
    net.load_state_dict({"shift": Tensor(np.array([0.0, 0.0], np.float32))})
    assert_values(net(x), [11.0, 22.0])


@pytest.mark.xfail(strict=True, raises=TypeError, reason="a NumPy array as an operand of a Tensor operator: "
                   "PyNative hands it to the kernel as it is, Graph mode runs the primitive's infer first, "
                   "which accepts only Tensors and numbers (an ops-level infer / kernel mismatch; PyNative's "
                   "result dtypes for such operands also differ from Tensor(array)'s)")
def test_numpy_array_as_an_operand():
    x = _t(1.0, 2.0)
    assert_same(ms.jit(lambda t: t + np.array([1.0, 2.0], np.float32))(x), x + np.array([1.0, 2.0], np.float32))


def test_print_in_a_graph(capsys):
    @ms.jit
    def f(x):
        y = x * 2
        print("y:", y)
        print(x.shape)
        return y + 1
    for values in ([1.0, 2.0], [3.0, 4.0]):   # printed when the graph runs, not when it compiles
        assert_values(f(_t(*values)), [2 * v + 1 for v in values])
        y = 2 * np.array(values)
        # as MindSpore 2.7.1's graphs print: no commas, and a shape as (2)
        assert capsys.readouterr().out == (f"y:\nTensor(shape=[2], dtype=Float32, value=[ {y[0]:.8e}  "
                                           f"{y[1]:.8e}])\n(2)\n")
    assert len(f.cache.programs) == 1


# ---- Cells -------------------------------------------------------------------------------------
class Block(nn.Cell):
    def __init__(self, scale, use_relu):
        super().__init__()
        self.dense = nn.Dense(3, 2)
        self.relu = nn.ReLU()
        self.scale = scale
        self.use_relu = use_relu

    def construct(self, x):
        y = self.dense(x) * self.scale
        if self.use_relu:                          # a constant: self's attribute
            y = self.relu(y)
        return y


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.blocks = nn.CellList([Block(2.0, True), Block(0.5, False)])
        self.head = nn.Dense(2, 1)
        self.w = Parameter(Tensor(np.array([1.5], np.float32)), name="w")
        self.names = ("first", "second")

    def construct(self, x):
        outs = {}
        for name, block in zip(self.names, self.blocks):
            outs[name] = block(x)
        y = self.head(outs["first"] + outs["second"]) * self.w
        if y.sum() > 0:
            y = y * 2
        return y


class Loss(nn.Cell):
    def __init__(self, net):
        super().__init__()
        self.net = net
        self.weights = ms.ParameterTuple(net.trainable_params())
        self.grad = ops.GradOperation(get_all=True, get_by_list=True)

    def construct(self, x):
        return self.grad(lambda t: (self.net(t) ** 2).sum(), self.weights)(x)


def test_cell_in_graph_mode_with_sub_cells_and_attributes(restore_mode):
    net = Net()
    x = Tensor(np.random.default_rng(0).standard_normal((4, 3)).astype(np.float32))
    eager_out, eager_grads = net(x), Loss(net)(x)
    ms.set_context(mode=ms.GRAPH_MODE)
    loss = Loss(net)
    graph_out, graph_grads = net(x), loss(x)
    graph_grads_again = loss(x)
    ms.set_context(mode=ms.PYNATIVE_MODE)
    assert_same(graph_out, eager_out)
    assert_same(graph_grads, eager_grads)
    assert_same(graph_grads_again, eager_grads)
    assert len(eager_grads[1]) == 7               # 3 Dense layers' weights and biases, and w
    assert len(net._graph_cache.programs) == 1
    assert len(loss._graph_cache.programs) == 1


def test_set_train_compiles_again(graph_mode):
    net = nn.SequentialCell([nn.Dense(3, 3), nn.Dropout(p=0.9)])
    x = Tensor(np.ones((64, 3), np.float32))
    net.set_train(False)
    expected = net(x).asnumpy()
    net.set_train(True)
    dropped = net(x).asnumpy()
    assert (dropped == 0).mean() > 0.5            # Dropout only in training
    net.set_train(False)
    np.testing.assert_array_equal(net(x).asnumpy(), expected)
    assert len(net._graph_cache.programs) == 2


# ---- a training step ---------------------------------------------------------------------------
def _train(compiled: bool, initial: list, steps: int = 3):
    net = nn.SequentialCell([nn.Dense(4, 8), nn.ReLU(), nn.Dense(8, 2)])
    for param, value in zip(net.trainable_params(), initial or ()):
        param.set_data(Tensor(value))
    loss_fn = nn.MSELoss()
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)

    def forward(x, y):
        return loss_fn(net(x), y)

    grad_fn = ms.value_and_grad(forward, None, optimizer.parameters)

    def train_step(x, y):
        loss, grads = grad_fn(x, y)
        optimizer(grads)
        return loss

    step = ms.jit(train_step) if compiled else train_step
    rng = np.random.default_rng(1)
    x = Tensor(rng.standard_normal((6, 4)).astype(np.float32))
    y = Tensor(rng.standard_normal((6, 2)).astype(np.float32))
    losses = [float(step(x, y).asnumpy()) for _ in range(steps)]
    if compiled:
        assert len(step.cache.programs) == 1
    return losses, [p.asnumpy() for p in net.trainable_params()], [m.asnumpy() for m in optimizer.moments]


def test_training_step_under_jit_matches_pynative():
    initial = [p.asnumpy() for p in nn.SequentialCell([nn.Dense(4, 8), nn.ReLU(), nn.Dense(8, 2)])
               .trainable_params()]
    eager_losses, eager_params, eager_moments = _train(False, initial)
    graph_losses, graph_params, graph_moments = _train(True, initial)
    np.testing.assert_allclose(graph_losses, eager_losses, rtol=1e-6)
    assert graph_losses[2] < graph_losses[0]      # it trains
    for graph, eager in zip(graph_params + graph_moments, eager_params + eager_moments):
        np.testing.assert_allclose(graph, eager, rtol=1e-6, atol=1e-7)


# ---- the cache ---------------------------------------------------------------------------------
def test_same_signature_reuses_the_program():
    @ms.jit
    def f(x, y):
        return x * y + 1
    assert_values(f(_t(1.0, 2.0), _t(3.0, 4.0)), [4.0, 9.0])
    (program,) = _programs(f)
    assert_values(f(_t(5.0, 6.0), _t(-1.0, 0.5)), [-4.0, 4.0])
    assert _programs(f) == [program]


def test_new_shape_or_dtype_compiles_a_new_program():
    @ms.jit
    def f(x):
        return x.sum() * 2
    assert_values(f(_t(1.0, 2.0)), 6.0)
    assert_values(f(_t(1.0, 2.0, 3.0)), 12.0)
    assert len(f.cache.programs) == 2
    ints = _t(1, 2, dtype=np.int32)
    assert_same(f(ints), f.__wrapped__(ints))
    assert len(f.cache.programs) == 3
    f(_t(4.0, 5.0))                               # an earlier signature: no new program
    assert len(f.cache.programs) == 3


def test_ms_function_is_jit():
    assert ms.ms_function is ms.jit

    @ms.ms_function
    def f(x):
        return x + 1
    assert_values(f(_t(1.0)), [2.0])
    assert len(f.cache.programs) == 1


def test_to_float_casts_inside_a_compiled_cell_as_in_pynative():
    ms.set_seed(1)
    net = nn.SequentialCell([nn.Dense(4, 3), nn.ReLU(), nn.Dense(3, 2)])
    net.to_float(ms.float16)
    x = ms.Tensor(np.random.default_rng(0).standard_normal((2, 4)).astype(np.float32))
    grad_fn = ms.value_and_grad(lambda x: net(x).sum(), None, net.trainable_params())
    eager_out, (eager_loss, eager_grads) = net(x), grad_fn(x)
    compiled_out, (compiled_loss, compiled_grads) = ms.jit(net.construct)(x), ms.jit(grad_fn)(x)
    assert compiled_out.dtype is ms.float16
    np.testing.assert_array_equal(compiled_out.asnumpy(), eager_out.asnumpy())
    np.testing.assert_array_equal(compiled_loss.asnumpy(), eager_loss.asnumpy())
    for eager, compiled in zip(eager_grads, compiled_grads):
        assert compiled.dtype is ms.float32
        np.testing.assert_array_equal(compiled.asnumpy(), eager.asnumpy())
