"""Python objects in spore's `jit`, as MindSpore's static graphs treat them: lists and
dicts are values (a name, an argument, an attribute or a global read gets its own copy,
which in-place methods change), lists come back as lists and dicts as dicts, strings,
None and slices, jit_class instances (read, called, created, used as context managers),
mutable inputs, Cell attributes, and NumPy run at compile time (JIT Fallback).
Expected values were observed on MindSpore 2.7.1 running the same programs."""
import inspect

import numpy as np
import pytest

import spore as ms
from spore import Tensor, mutable, nn, ops

X = Tensor(np.array([1.0, 2.0, 3.0], np.float32))


def assert_values(tensor, values):
    np.testing.assert_allclose(tensor.asnumpy(), values, rtol=1e-6)


def test_list_and_dict_in_place_methods_act_on_values():
    @ms.jit
    def f(x):
        a = [1, 2]
        b = a
        b.append(3)              # b's own list: a keeps [1, 2]
        a[0] = 10
        d = {"k": 1}
        e = d
        e["z"] = 2
        d.update({"q": 3})
        a.extend([4, 5])
        a.insert(0, 9)
        p = a.pop()
        a.reverse()
        return a, b, d, e, p, x
    a, b, d, e, p, _ = f(X)
    assert (a, b, d, e, p) == ([4, 2, 10, 9], [1, 2, 3], {"k": 1, "q": 3}, {"k": 1, "z": 2}, 5)


_GLOBAL_LIST = [1]


def _append_seven(values):
    values.append(7)
    return 0


def test_arguments_globals_and_nested_items():
    @ms.jit
    def f(x):
        a = [1]
        _append_seven(a)         # the callee changes its own copy
        _GLOBAL_LIST.append(2)   # the graph's copy of the global
        nested = [[1], [2]]
        nested[0].append(5)      # an item of a list is the same list
        d = {"k": [1]}
        d["k"].append(2)
        return a, len(_GLOBAL_LIST), nested, d
    assert f(X) == ([1], 2, [[1, 5], [2]], {"k": [1, 2]})
    assert _GLOBAL_LIST == [1]


def test_input_lists_are_not_changed():
    @ms.jit
    def f(values):
        values.append(5)
        return values
    given = [1, 2]
    assert f(given) == [1, 2, 5]
    assert given == [1, 2]


def test_list_of_tensors_built_in_a_loop_and_returned_as_a_list():
    @ms.jit
    def f(x):
        out = []
        for i in range(3):
            out.append(x * i)
        out[0] = out[0] + 1
        return out, {"first": out[0], "n": len(out)}
    out, info = f(X)
    assert isinstance(out, list) and len(out) == 3
    assert_values(out[0], [1, 1, 1])
    assert_values(out[2], [2, 4, 6])
    assert isinstance(info, dict) and info["n"] == 3
    assert_values(info["first"], [1, 1, 1])


def test_cell_returning_a_list(graph_mode):
    class Net(nn.Cell):
        def construct(self, x):
            return [x, x + 1]
    out = Net()(X)
    assert isinstance(out, list)
    assert_values(out[1], [2, 3, 4])


def test_cell_attribute_lists_are_read_as_values(graph_mode):
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.sizes = [1, 2]

        def construct(self, x):
            self.sizes.append(3)     # changes a copy: MindSpore's graph sees [1, 2] again
            return x + len(self.sizes)
    net = Net()
    assert_values(net(X), [3, 4, 5])
    assert net.sizes == [1, 2]


def test_strings_none_and_slices():
    @ms.jit
    def f(x, y=None):
        s = "abc"
        a = [x, x * 2]
        first, *rest = (1, 2, 3)
        return (s[1], s + "d", f"{s}-{1}", s.replace("a", "z"), "b" in s, y is None, x is not None, first, rest,
                a[::-1][0], x[None, ..., 1:], x[slice(0, 2)], x[Tensor(1)])
    (c, joined, formatted, replaced, has_b, y_none, x_not_none, first, rest, last, expanded, sliced,
     picked) = f(X)
    assert (c, joined, formatted, replaced, has_b, y_none, x_not_none, first, rest) == (
        "b", "abcd", "abc-1", "zbc", True, True, True, 1, [2, 3])
    assert_values(last, [2, 4, 6])
    assert_values(expanded, [[2, 3]])
    assert_values(sliced, [1, 2])
    assert_values(picked, 2)


@ms.jit_class
class _Affine:
    def __init__(self):
        self.offset = Tensor(np.array([10.0, 20.0, 30.0], np.float32))
        self.k = 2

    def __call__(self, t):
        return t * self.k + self.offset


def test_jit_class_instances(graph_mode):
    affine = _Affine()

    @ms.jit
    def f(x):
        created = _Affine()
        return affine(x), affine.k, created(x)

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.affine = _Affine()

        def construct(self, x):
            return self.affine(x)
    out, k, created = f(X)
    assert k == 2
    assert_values(out, [12, 24, 36])
    assert_values(created, [12, 24, 36])
    assert_values(Net()(X), [12, 24, 36])


def test_jit_class_instances_are_created_from_constants():
    def f(x):
        return _Affine.__call__(_Affine(), x), _Scaled(x)
    with pytest.raises(TypeError, match="all arguments must be constants") as raised:   # as in MindSpore 2.7.1
        ms.jit(f)(X)
    lines, first = inspect.getsourcelines(f)
    assert f"{__file__}:{first + 1}" in str(raised.value)


@ms.jit_class
class _Scaled:
    def __init__(self, t):
        self.t = t


def test_mutable_inputs():
    @ms.jit
    def f(values, n):
        return values[0] * n, len(values)
    scaled, count = f(mutable((X, X)), mutable(2))
    assert count == 2
    assert_values(scaled, [2, 4, 6])
    scaled, count = f(mutable([X, X, X]), 3)
    assert count == 3
    assert_values(scaled, [3, 6, 9])


def test_numpy_runs_when_the_graph_compiles():
    @ms.jit
    def f(x):
        a = np.array([1, 2, 3])
        return x + Tensor(np.sum(a) * 2), np.pi
    out, pi = f(X)
    assert pi == np.pi
    assert_values(out, [13, 14, 15])


def test_tensor_attributes_and_gradients_inside_jit():
    @ms.jit
    def f(x):
        return x.shape, x.dtype, x.ndim, x.size, x.shape[0] * 2, ops.grad(lambda t: (t * t).sum())(x)
    shape, dtype, ndim, size, doubled, grad = f(X)
    assert (shape, dtype, ndim, size, doubled) == ((3,), ms.float32, 1, 3, 6)
    assert_values(grad, [2, 4, 6])
