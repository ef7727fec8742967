"""`break`, `continue` and `return` under nested `if`s on Tensors inside `for` and `while`
loops, compiled and differentiated. Expected values and gradients were observed on
MindSpore 2.7.1 under @jit (they equal PyNative's)."""
# The nesting is what the tests are about.
# ruff: noqa: SIM102
import numpy as np
import pytest

import spore as ms
from spore import Tensor

X = Tensor(np.array([1.0, -2.0, 3.0, 4.0, -5.0], np.float32))


def nested_break(x):
    s = x[0] * 0
    for v in x:
        if v > 0:
            if v > 3:
                break
            s = s + v
        else:
            s = s - v * 2
    return s


def nested_continue(x):
    s = x[0] * 0
    for v in x:
        if v < 2:
            if v < 0:
                continue
            s = s + 10
        s = s + v
    return s


def nested_return(x):
    s = x[0] * 0
    for v in x:
        s = s + v
        if v > 0:
            if s > 5:
                return s * 100
    return s


def three_deep(x):
    s = x[0] * 0
    for v in x:
        if v > -10:
            if v < 10:
                if v > 3.5:
                    break
        s = s + v
    return s


def break_after_statements(x):
    s = x[0] * 0
    for v in x:
        if v > 0:
            s = s + 1
            if v > 2:
                s = s * 10
                break
            s = s + v
    return s


def break_in_else(x):
    s = x[0] * 0
    for v in x:
        if v > 0:
            s = s + v
        else:
            if v < -3:
                break
            s = s * v
    return s


def tensor_while(x):
    i = Tensor(0)
    s = x[0] * 0
    while i < 5:
        if x[i] > 0:
            if s > 3:
                break
            s = s + x[i] * x[i]
        i = i + 1
    return s


def python_while(x):
    i = 0
    s = x[0] * 0
    while i < 5:
        if x[i] < 0:
            if s > 3:
                break
            s = s - x[i]
        else:
            s = s + x[i] * 2
        i += 1
    return s


def tensor_while_continue(x):
    i = Tensor(0)
    s = x[0] * 0
    while i < 5:
        i = i + 1
        if x[i - 1] < 0:
            if x[i - 1] < -3:
                continue
            s = s + 100
        s = s + x[i - 1]
    return s


CASES = [
    (nested_break, 8.0, [1, -2, 1, 0, 0]),
    (nested_continue, 18.0, [1, 0, 1, 1, 0]),
    (nested_return, 600.0, [100, 100, 100, 100, 0]),
    (three_deep, 2.0, [1, 1, 1, 0, 0]),
    (break_after_statements, 30.0, [10, 0, 0, 0, 0]),
    (break_in_else, 5.0, [-2, 1, 1, 1, 0]),
    (tensor_while, 10.0, [2, 0, 6, 0, 0]),
    (python_while, 18.0, [2, -1, 2, 2, 0]),
    (tensor_while_continue, 106.0, None),
]


@pytest.mark.parametrize(("fn", "value", "gradient"), CASES, ids=[case[0].__name__ for case in CASES])
def test_nested_jumps_compile_and_differentiate(fn, value, gradient):
    assert float(ms.jit(fn)(X)) == value
    if gradient is not None:
        np.testing.assert_allclose(ms.jit(ms.grad(fn))(X).asnumpy(), gradient)


def test_python_numbers_carried_past_a_tensor_break():
    @ms.jit
    def f(x):
        i = 0
        while i < 5:
            if x[i] > 3:
                break
            i += 1
        return i
    result = f(X)
    assert (type(result), result) == (int, 3)


def test_range_with_a_bound_computed_in_the_graph_is_a_loop():
    @ms.jit
    def backwards(x):
        s = x[0] * 0
        for i in range(int(x[2]) - 1, -1, -1):
            s = s + x[i] * i
        return s

    @ms.jit
    def skipping(x):
        s = x[0] * 0
        n = 0
        for i in range(1, int(x[2])):
            if x[i] < 0:
                continue
            s = s + x[i] * x[i]
            n = n + i
        return s, n
    y = Tensor(np.array([1.0, -2.0, 3.0], np.float32))
    assert float(backwards(y)) == 4.0
    total, count = skipping(y)
    assert (float(total), type(count), count) == (9.0, int, 2)
