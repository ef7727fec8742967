"""Python numbers computed when a graph runs: `int()`, `float()`, `bool()` and `.item()` of
Tensors computed in the graph, arithmetic on them, Python numbers chosen by Tensor
conditions or carried by loops on Tensors. MindSpore 2.7.1 returns them to the caller as
Python int / float / bool; the expected values and types were observed on it under @jit."""
import numpy as np

import spore as ms
from spore import Tensor, ops

X = Tensor(np.array([1.1, 2.0, -3.0], np.float32))


def typed(values):
    """Each output with its Python type (Tensors by their dtype and values)."""
    return [(type(v).__name__, v) if not isinstance(v, Tensor) else (str(v.dtype), v.asnumpy().tolist())
            for v in values]


def test_conversions_and_item_give_python_numbers():
    @ms.jit
    def f(x):
        return x[0].item(), int(x[2]), float(x[1]), bool(x[0] > 1), x.astype(ms.int32)[1].item(), len(x)
    assert typed(f(X)) == [("float", 1.100000023841858), ("int", -3), ("float", 2.0), ("bool", True),
                           ("int", 2), ("int", 3)]


def test_arithmetic_follows_python_types_in_single_precision():
    @ms.jit
    def f(x):
        n = int(x[2])
        return n // 2, n % 2, n / 2, -n, int(x[1]) ** 2, float(x[0]) * 0.1, n + 1, n == -3, float(x[0]) > 1
    assert typed(f(X)) == [("int", -2), ("int", 1), ("float", -1.5), ("int", 3), ("int", 4),
                           ("float", 0.11000000685453415), ("int", -2), ("bool", True), ("bool", True)]


def test_with_a_tensor_a_number_keeps_the_tensor_dtype():
    @ms.jit
    def f(x):
        n = int(x[1])
        return x.astype(ms.float16) * float(x[1]), x.astype(ms.int32) * n, x.astype(ms.int32) * float(x[1]), n * x
    half, ints, floats, scaled = f(X)
    assert (half.dtype, ints.dtype, floats.dtype, scaled.dtype) == (ms.float16, ms.int32, ms.float32, ms.float32)
    assert ints.asnumpy().tolist() == [2, 4, -6]
    np.testing.assert_allclose(scaled.asnumpy(), [2.2, 4.0, -6.0], rtol=1e-6)


def test_a_tensor_condition_choosing_python_numbers_gives_a_number():
    @ms.jit
    def assigned(x):
        y = 1.0
        if x[0] > 1:
            y = 2.5
        return y, y * 2

    @ms.jit
    def returned(x):
        if x[0] > 1:
            return 2
        return 3
    assert typed(assigned(X)) == [("float", 2.5), ("float", 5.0)]
    assert typed((returned(X), returned(-X))) == [("int", 2), ("int", 3)]


def test_loops_carry_python_numbers():
    @ms.jit
    def counted(x):
        i = 0
        while x[i] > 0:
            i = i + 1
        return i

    @ms.jit
    def summed(x):
        s = 0
        for v in x:
            s = s + float(v)
        return s
    assert typed((counted(X), summed(X))) == [("int", 2), ("float", 0.09999990463256836)]


def test_logic_and_extrema_of_numbers():
    @ms.jit
    def f(x):
        return bool(x[0]) and True, max(int(x[0]), int(x[1])), max(float(x[1]), 1)
    assert typed(f(X)) == [("bool", True), ("int", 2), ("float", 2.0)]


def test_tensor_of_a_number_is_a_tensor():
    @ms.jit
    def f(x):
        return Tensor(int(x[1])), ops.full((2,), int(x[1])), x * x[0].item()
    scalar, full, scaled = f(X)
    assert typed((scalar, full)) == [("Int64", 2), ("Int64", [2, 2])]
    np.testing.assert_allclose(scaled.asnumpy(), [1.21, 2.2, -3.3], rtol=1e-6)


def test_mutable_numbers_and_tuples_mixing_them():
    @ms.jit
    def f(a, b):
        return a + b, a * b, a < b

    @ms.jit
    def g(x):
        return x.shape[0] * 2, x[0].item(), int(x[2]), x
    assert typed(f(ms.mutable(2), ms.mutable(3))) == [("int", 5), ("int", 6), ("bool", True)]
    assert typed(f(ms.mutable(2.5), ms.mutable(3.0))) == [("float", 5.5), ("float", 7.5), ("bool", True)]
    assert typed(g(X)[:3]) == [("int", 6), ("float", 1.100000023841858), ("int", -3)]


def test_no_gradient_flows_through_numbers_or_stop_gradient():
    def by_item(x):
        return x * x[0].item()

    def by_float(x):
        return x * float(x[0])

    def stopped(x):
        return (x * ops.stop_gradient(x)).sum()
    for fn in (by_item, by_float):
        np.testing.assert_allclose(ms.jit(ms.grad(fn))(X).asnumpy(), [1.1, 1.1, 1.1], rtol=1e-6)
    np.testing.assert_allclose(ms.jit(ms.grad(stopped))(X).asnumpy(), [1.1, 2.0, -3.0])


def test_logic_on_numbers_and_numpy_scalars():
    @ms.jit
    def f(x):
        b = bool(x[0] > 0)
        pair = (int(x[2]), 2)
        total = np.sum(np.array([1, 2, 3])) * 2
        return not b, b or False, pair[0] + pair[1], max(pair), x * total, total
    flipped, either, added, largest, scaled, total = f(X)
    assert typed((flipped, either, added, largest, total)) == [("bool", False), ("bool", True), ("int", -1),
                                                               ("int", 2), ("int", 12)]
    np.testing.assert_allclose(scaled.asnumpy(), [13.2, 24.0, -36.0], rtol=1e-6)
