"""Everyday Python in compiled code, as MindSpore 2.7.1's static graphs run it: augmented
assignment on items and attributes, type checks, formatting, iteration helpers,
comprehensions, dict methods, closures, recursion, jit_class objects, Parameters written
in loops. Expected values were observed on MindSpore 2.7.1 under @jit."""
# The constructs are written as users write them, not as a linter would rewrite them.
# ruff: noqa: C416, C417, E721, SIM102, UP003, UP031, UP032
import numpy as np
import pytest

import spore as ms
from spore import Parameter, Tensor, nn, ops

X = Tensor(np.array([1.0, -2.0, 3.0], np.float32))


def values(tensor):
    return tensor.asnumpy().tolist()


def test_augmented_assignment_on_items_and_parameters(graph_mode):
    @ms.jit
    def f(x):
        a = [x, x * 2]
        a[0] += 1
        a[1] *= x
        d = {"k": x}
        d["k"] -= 3
        return a[0], a[1], d["k"]

    class Accumulating(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = Parameter(Tensor(np.ones(3, np.float32)), name="w")
            self.n = 2

        def construct(self, x):
            self.w += x
            self.w *= 2
            return self.w + self.n
    assert [values(v) for v in f(X)] == [[2, -1, 4], [2, 8, 18], [-2, -5, 0]]
    net = Accumulating()
    assert values(net(X)) == [6, 0, 10]
    assert values(net.w) == [4, -2, 8]


def test_type_checks_and_comparisons():
    @ms.jit
    def f(x):
        return (isinstance(x, Tensor), isinstance((1, 2), tuple), isinstance(x, (int, Tensor)),
                isinstance(2.0, (int, float)), type(3) == int, 0 < x.shape[0] < 5, 2 in (1, 2))
    assert f(X) == (True, True, True, True, True, True, True)


def test_conditional_expression_of_numbers_on_a_tensor_is_a_number():
    @ms.jit
    def f(x):
        return x if x[0] > 0 else -x, 1 if x[1] > 0 else 2
    tensor, number = f(X)
    assert values(tensor) == [1, -2, 3]
    assert (type(number), number) == (int, 2)


def test_formatting_constants_and_printing_tensors(capfd):
    @ms.jit
    def f(x):
        n = x.shape[0]
        print("sum %s" % x.sum())
        print("v {}".format(x[0]))
        return "%d-%s" % (n, "a"), "{}/{:>4}".format(n, "r"), f"n={n}"
    assert f(X) == ("3-a", "3/   r", "n=3")
    assert capfd.readouterr().out == "sum 2.0\nv 1.0\n"


def test_iteration_helpers_and_comprehensions():
    @ms.jit
    def f(x):
        s = 0
        for i, v in enumerate(x):
            s = s + v * i
        t = 0
        for a, b in zip(x, (1, 2, 3)):
            t = t + a * b
        evens = [v * 2 for v in (1, 2, 3, 4) if v % 2 == 0]
        picked = [x[i] + 1 for i in range(3) if i != 1]
        return s, t, map(lambda v: v * 2, (1, 2, 3)), filter(lambda v: v > 1, [1, 2, 3]), evens, picked, {
            k: v for k, v in zip(("a", "b"), (1, 2))}
    s, t, doubled, kept, evens, picked, mapping = f(X)
    assert (float(s), float(t), doubled, kept, evens, mapping) == (4.0, 6.0, (2, 4, 6), [2, 3], [4, 8],
                                                                  {"a": 1, "b": 2})
    assert [float(v) for v in picked] == [2.0, 4.0]


def test_map_over_a_tensor_is_refused():
    @ms.jit
    def f(x):
        return map(lambda v: v * 2, x)
    with pytest.raises(RuntimeError, match="map"):
        f(X)


def test_dict_methods():
    @ms.jit
    def f(x):
        d = {"a": x, "b": 2}
        keys, vals, items = d.keys(), d.values(), d.items()
        found, missing = d.get("b"), d.get("c", 5)
        d.update({"c": 3})
        total = 0
        for k, v in d.items():
            total = total + (v if k != "a" else 0)
        return keys, len(vals), len(items), missing, found, d["c"], "a" in d, total, dict.fromkeys(("a", "b"), 0)
    assert f(X) == (("a", "b"), 2, 2, 5, 2, 3, True, 5, {"a": 0, "b": 0})


def factorial(n):
    if n <= 1:
        return 1
    return n * factorial(n - 1)


def doubled_times(x, n):
    if n == 0:
        return x
    return doubled_times(x * 2, n - 1)


def test_closures_and_recursion_on_constants():
    @ms.jit
    def f(x):
        k = 3

        def inner(y):
            return y * k

        def outer(z):
            def deeper(w):
                return inner(w) + z
            return deeper(z)
        return inner(x), outer(x), x * factorial(4), doubled_times(x, 3)
    assert [values(v) for v in f(X)] == [[3, -6, 9], [4, -8, 12], [24, -48, 72], [8, -16, 24]]


@ms.jit_class
class Affine:
    def __init__(self, scale):
        self.scale = scale
        self.w = Tensor(np.array([1.0, 2.0, 3.0], np.float32))

    def apply(self, x):
        return x * self.scale + self.w

    def __call__(self, x):
        return self.apply(x) - 1


def test_jit_class_objects_and_their_methods():
    outer = Affine(2)

    @ms.jit
    def f(x):
        inner = Affine(3)
        return outer.apply(x), outer(x), inner.apply(x), outer.scale
    applied, called, built, scale = f(X)
    assert (values(applied), values(called), values(built), scale) == ([3, -2, 9], [2, -3, 8], [4, -4, 12], 2)


def test_parameters_written_in_loops(graph_mode):
    class Unrolled(nn.Cell):
        def __init__(self):
            super().__init__()
            self.p = Parameter(Tensor(np.zeros(3, np.float32)), name="p")

        def construct(self, x):
            for i in range(3):
                self.p = self.p + x * i
            ops.assign_add(self.p, x)
            return self.p * 1

    class Looped(nn.Cell):
        def __init__(self):
            super().__init__()
            self.p = Parameter(Tensor(np.zeros(3, np.float32)), name="p")

        def construct(self, x):
            i = Tensor(0)
            while i < 3:
                ops.assign_add(self.p, x)
                i = i + 1
            return self.p * 1
    unrolled = Unrolled()
    assert values(unrolled(X)) == [4, -8, 12]
    assert values(unrolled(X)) == [8, -16, 24]
    assert values(Looped()(X)) == [3, -6, 9]


def test_items_written_under_a_tensor_condition_join_after_it():
    @ms.jit
    def f(x):
        a = [x, x]
        nested = {"k": [x]}
        if x[0] > 0:
            a[0] = x * 2
            nested["k"][0] = x + 1
        return a, nested
    a, nested = f(X)
    assert [values(v) for v in a] == [[2, -4, 6], [1, -2, 3]]
    assert values(nested["k"][0]) == [2, -1, 4]
    a, nested = f(-X)
    assert [values(v) for v in a] == [[-1, 2, -3], [-1, 2, -3]]
    assert values(nested["k"][0]) == [-1, 2, -3]


def test_parameters_written_under_tensor_conditions_and_loops(graph_mode):
    class Branching(nn.Cell):
        def __init__(self):
            super().__init__()
            self.p = Parameter(Tensor(np.zeros(3, np.float32)), name="p")

        def construct(self, x):
            if x[0] > 0:
                self.p += x
            else:
                self.p -= x
            return self.p * 1

    class Stopping(nn.Cell):
        def __init__(self):
            super().__init__()
            self.p = Parameter(Tensor(np.zeros(3, np.float32)), name="p")

        def construct(self, x):
            for v in x:
                if v < 0:
                    if v < -1:
                        break
                self.p += v
            return self.p * 1
    branching = Branching()
    assert values(branching(X)) == [1, -2, 3]
    assert values(branching(-X)) == [2, -4, 6]
    assert values(Stopping()(X)) == [1, 1, 1]
