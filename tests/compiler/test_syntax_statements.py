"""MindSpore's static-graph statements under spore's `jit`: augmented assignment on
subscripts and attributes, `with` on jit_class objects, `assert`, `raise`, `global`,
loops with break / continue, data-dependent if / while / for over Tensors with
gradients, nested functions, closures and recursion, `super()` in a Cell; and the
statements MindSpore 2.7.1 refuses (`try`, `del`, `nonlocal`, `for / while ... else`),
refused with its exception type at the user's line. Expected values were observed on
MindSpore 2.7.1 (GRAPH_MODE / @jit) running the same programs."""
import inspect

import numpy as np
import pytest

import spore as ms
from spore import Parameter, Tensor, nn
from spore.compiler.builder import GraphError

X = Tensor(np.array([1.0, 2.0, 3.0], np.float32))


def assert_values(tensor, values):
    np.testing.assert_allclose(tensor.asnumpy(), values, rtol=1e-6)


def assert_points_at(error, fn, marker: str):
    lines, first = inspect.getsourcelines(fn)
    (index,) = [i for i, line in enumerate(lines) if marker in line]
    assert f"{__file__}:{first + index}" in str(error)


@ms.jit_class
class Scale:
    """A context manager for `with` in graphs: entering gives its factor."""

    def __init__(self, factor):
        self.factor = factor

    def __enter__(self):
        return self.factor

    def __exit__(self, *exc):
        return None


def test_augmented_assignment_on_subscripts():
    @ms.jit
    def f(x):
        y = [x, x + 1]
        y[0] += 1
        y[1] *= 2
        d = {"a": x}
        d["a"] -= 1
        return y, d
    y, d = f(X)
    assert isinstance(y, list) and isinstance(d, dict)
    assert_values(y[0], [2, 3, 4])
    assert_values(y[1], [4, 6, 8])
    assert_values(d["a"], [0, 1, 2])


def test_parameter_and_attribute_assignment(graph_mode):
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.p = Parameter(Tensor(np.ones(3, np.float32)), name="p")

        def construct(self, x):
            self.p += x              # a Parameter attribute set in the graph takes the value
            self.p = self.p * 2
            return self.p + 1

    class Counter(nn.Cell):
        def __init__(self):
            super().__init__()
            self.count = 0

        def construct(self, x):
            self.count += 1          # a Python attribute: set when the graph is compiled
            return x + self.count
    net = Net()
    assert_values(net(X), [5, 7, 9])
    assert_values(net.p.value(), [4, 6, 8])
    counter = Counter()
    assert_values(counter(X), [2, 3, 4])
    assert counter.count == 1


def test_with_on_a_jit_class_object():
    scale = Scale(3)

    @ms.jit
    def f(x):
        with scale as k, scale:
            y = x * k
        return y
    assert_values(f(X), [3, 6, 9])


def test_return_on_a_tensor_condition_inside_with():
    scale = Scale(2)

    @ms.jit
    def f(x):
        with scale as k:
            y = x * k
            if y.sum() > 0:
                return y
        return x
    assert_values(f(X), [2, 4, 6])
    assert_values(f(-X), [-1, -2, -3])


def test_with_on_other_objects_is_a_type_error():
    def f(x):
        with open(__file__) as source:  # <- here
            source.read()
        return x
    with pytest.raises(TypeError, match="jit_class") as raised:
        ms.jit(f)(X)
    assert_points_at(raised.value, f, "# <- here")


def test_assert_and_raise_at_compile_time():
    @ms.jit
    def checked(x):
        assert x.shape == (4,), "bad shape"
        return x

    @ms.jit
    def raises(x):
        raise ValueError("boom")
    with pytest.raises(AssertionError, match="bad shape"):
        checked(X)
    with pytest.raises(ValueError, match="boom"):
        raises(X)


_G = 5


def test_global_assignments_stay_out_of_the_module():
    @ms.jit
    def f(x):
        global _G
        _G = 6
        return x + _G
    assert_values(f(X), [6, 7, 8])   # MindSpore reads the module's value, and leaves it as it is
    assert _G == 5


def test_loops_with_break_and_continue_over_python_values():
    @ms.jit
    def f(x):
        s = 0
        for i, v in enumerate((1, 2, 3)):
            if i == 0:
                continue
            s += i * v
        for a, b in zip([1, 2], [3, 4]):
            if a > 1:
                break
            s += a * b
        i = 0
        while i < 3:
            i += 1
        return x + s + i
    assert_values(f(X), [15, 16, 17])


def test_data_dependent_control_flow_with_gradients():
    def loss(x):
        y = x
        for _ in range(2):
            if y.sum() > 5:
                y = y * 0.5
            else:
                y = y * 3
        i = Tensor(0)
        while i < 3:
            y = y + x
            i = i + 1
        return y.sum()
    assert_values(ms.jit(loss)(X), 27.0)
    assert_values(ms.jit(ms.grad(loss))(X), [4.5, 4.5, 4.5])
    assert_values(ms.grad(ms.jit(loss))(X), [4.5, 4.5, 4.5])


def test_break_and_continue_on_tensor_conditions_in_a_for_loop():
    @ms.jit
    def f(x):
        y = x
        n = 0
        for i in range(6):
            if i % 2 == 1:
                continue
            y = y * 2
            n = n + 1
            if y.sum() > 20:
                y = y - 1
                break
            if y[0] > 100:
                continue
            y = y + 0.5
        return y, n
    y, n = f(X)
    assert_values(y, [4, 8, 12])
    assert int(n) == 2           # MindSpore: the int 2, a scalar computed when the graph runs

    def loss(x):
        y = x
        for _ in range(5):
            y = y * 2
            if y.sum() > 20:
                break
        return y.sum()
    assert_values(ms.jit(ms.grad(loss))(X), [4, 4, 4])
    assert_values(ms.grad(ms.jit(loss))(X), [4, 4, 4])


def test_jumps_with_else_in_a_for_loop():
    def returns(x):
        for i in range(3):
            if x.sum() > 10 + i:
                return x
            else:
                x = x + 1
        return x * 2

    def breaks(x):
        y = x
        for _ in range(5):
            if y.sum() > 15:
                break
            else:
                y = y + 1
            y = y * 1.5
        return y
    assert_values(ms.jit(returns)(X), [8, 10, 12])
    assert_values(ms.jit(returns)(X * 10), [10, 20, 30])
    assert_values(ms.jit(breaks)(X), [6, 8.25, 10.5])


def test_break_and_continue_in_a_while_on_a_tensor():
    @ms.jit
    def breaks(x):
        i = Tensor(0)
        while i < 10:
            x = x * 2
            if x.sum() > 50:
                break
            i = i + 1
        return x, i

    @ms.jit
    def continues(x):
        i = x.sum() * 0
        n = 0
        while i < 10:
            i = i + 1
            if i % 2 == 1:
                continue
            x = x * 2
            n = n + 1
            if x.sum() > 50:
                break
        return x, i, n

    def loss(x):
        i = Tensor(0)
        while i < 10:
            x = x * 2
            if x.sum() > 50:
                break
            i = i + 1
        return x.sum()
    x, i = breaks(X)
    assert_values(x, [16, 32, 48])
    assert int(i) == 3
    x, i, n = continues(X)
    assert_values(x, [16, 32, 48])
    assert (float(i), int(n)) == (8.0, 4)
    assert_values(ms.jit(ms.grad(loss))(X), [16, 16, 16])


def test_return_on_a_tensor_condition_in_a_for_loop():
    def f(x):
        y = x
        for i in range(4):
            y = y * 2
            if y.sum() > 20:
                return y, i
            if y[0] > 100:
                y = y + 1
                return -y, 0
        return y + 100, 7
    y, i = ms.jit(f)(X)
    assert_values(y, [4, 8, 12])
    assert int(i) == 1                 # MindSpore: the int 1, a scalar computed when the graph runs
    y, i = ms.jit(f)(X * 0.01)
    assert_values(y, [100.16, 100.32, 100.48])
    assert int(i) == 7

    def loss(x):
        for _ in range(4):
            x = x * 2
            if x.sum() > 20:
                return x.sum()
        return -x.sum()
    assert_values(ms.jit(ms.grad(loss))(X), [4, 4, 4])
    assert_values(ms.jit(ms.grad(loss))(X * 0.01), [-16, -16, -16])
    assert_values(ms.jit(loss)(X * 0.01), -0.96)


def test_python_numbers_set_in_the_branches_of_a_tensor_if():
    @ms.jit
    def f(x, c):
        n = 0
        if c > 0:
            n = 1
        k = 1.0 if c > 0 else 2.5
        return x * n, x * k

    @ms.jit
    def mixed(x, c):
        n = 0
        if c > 0:
            n = 1.5
        return x * n, n
    for c, n, k in ((1.0, 1, 1.0), (-1.0, 0, 2.5)):
        by_n, by_k = f(X, Tensor(c))
        assert_values(by_n, [n * 1, n * 2, n * 3])
        assert_values(by_k, [k * 1, k * 2, k * 3])
    with pytest.raises(TypeError, match="Cannot join"):   # MindSpore 2.7.1: TypeError, Int64 and Float32
        mixed(X, Tensor(1.0))


def test_a_python_number_carried_through_a_tensor_while():
    @ms.jit
    def f(x):
        i = 0
        while x[i] < 2:
            i += 1
        return i
    assert int(f(X)) == 1        # MindSpore: the int 1, a scalar computed when the graph runs


def test_nested_functions_closures_and_recursion():
    @ms.jit
    def f(x):
        def fact(n):
            return 1 if n <= 1 else n * fact(n - 1)

        def inner(a, b=2):
            return a * b + x
        k = 3
        return inner(x), (lambda t: t + k)(x), x * fact(4)
    a, b, c = f(X)
    assert_values(a, [3, 6, 9])
    assert_values(b, [4, 5, 6])
    assert_values(c, [24, 48, 72])


def test_super_in_a_cell(graph_mode):
    class Base(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = 2.0

        def construct(self, x):
            return x * self.w

        def helper(self, x):
            return x + 1

    class Net(Base):
        def construct(self, x):
            return super(Net, self).helper(super().construct(x))  # noqa: UP008 - both forms

    class Wider(nn.Dense):
        def construct(self, x):
            return super().construct(x) * 2
    assert_values(Net()(X), [3, 5, 7])
    wider = Wider(3, 1, weight_init="ones", bias_init="zeros")
    assert_values(wider(X.reshape(1, 3)), [[12]])


def refuses_nonlocal(x):
    a = 1

    def inner():
        nonlocal a  # <- here
        a = 2
    inner()
    return x + a


def refuses_for_else(x):
    for _ in range(2):  # <- here
        x = x + 1
    else:
        x = x * 100
    return x


def refuses_while_else(x):
    i = 0
    while i < 3:  # <- here
        i += 1
    else:
        x = x + 1
    return x


# ('try' and 'del': test_errors.py)
REFUSED = [(refuses_nonlocal, "'Nonlocal'"), (refuses_for_else, "'for...else...'"),
           (refuses_while_else, "'while...else...'")]


@pytest.mark.parametrize(("fn", "what"), REFUSED, ids=[fn.__name__ for fn, _ in REFUSED])
def test_statements_mindspore_refuses(fn, what):
    with pytest.raises(RuntimeError, match=what) as raised:   # MindSpore 2.7.1: RuntimeError
        ms.jit(fn)(X)
    assert isinstance(raised.value, GraphError)
    assert_points_at(raised.value, fn, "# <- here")
