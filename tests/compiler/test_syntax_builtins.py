"""Python built-in functions in spore's `jit`, as MindSpore's static graphs give them:
`map` / `zip` / `enumerate` / `range` / `filter` and dict views are sequences, the
reductions and comparisons take Tensors, conversions, introspection, `partial`, and
`print`, which prints as MindSpore's compiled graphs do. Expected values were observed
on MindSpore 2.7.1 running the same functions under @jit."""
# The built-ins are called as users write them, not as a linter would rewrite them.
# ruff: noqa: B009, C405, C406, C409, C410, C417, SIM905, UP003, UP032
from functools import partial

import numpy as np
import pytest

import spore as ms
from spore import Tensor, ops

X = Tensor(np.array([1.0, -2.0, 3.0], np.float32))


def assert_values(tensor, values):
    np.testing.assert_allclose(tensor.asnumpy(), values, rtol=1e-6)


def test_lazy_builtins_are_sequences():
    @ms.jit
    def f():
        return (map(lambda v: v + 1, (1, 2, 3)), map(lambda v: v * 2, [1, 2]), zip((1, 2), (3, 4)),
                filter(lambda v: v > 1, (1, 2, 3)), range(4), range(1, 5, 2), enumerate((5, 6), 3))
    assert f() == ((2, 3, 4), [2, 4], ((1, 3), (2, 4)), [2, 3], (0, 1, 2, 3), (1, 3), ((3, 5), (4, 6)))


def test_lazy_builtins_index_and_measure():
    @ms.jit
    def f():
        pairs = zip((1, 2), (3, 4))
        return len(pairs), pairs[0], range(5)[1], len(range(4)), map(lambda t: t + 1, (1, 2))[1]
    assert f() == (2, (1, 3), 1, 4, 3)


def test_zip_and_enumerate_over_a_tensor():
    @ms.jit
    def f(x):
        return zip(x, (1, 2, 3)), enumerate(x)
    pairs, numbered = f(X)
    assert [p[1] for p in pairs] == [1, 2, 3] and [n[0] for n in numbered] == [0, 1, 2]
    assert_values(ops.stack([p[0] for p in pairs]), [1, -2, 3])
    assert_values(ops.stack([n[1] for n in numbered]), [1, -2, 3])


def test_dict_views():
    @ms.jit
    def f():
        d = {"a": 1}
        return d.get("a"), d.get("b", 2), d.keys(), d.items(), d.values(), "a" in d
    assert f() == (1, 2, ("a",), [("a", 1)], (1,), True)


def test_conversions():
    @ms.jit
    def f():
        return (int(3.7), int("12"), int(Tensor(2.5)), float(3), float("1.5"), bool(0), bool([1]), bool(None),
                str(1), str((1, 2)), tuple([1, 2]), list((1, 2)), dict(a=1), dict([("b", 2)]))
    assert f() == (3, 12, 2, 3.0, 1.5, False, True, False, "1", "(1, 2)", (1, 2), [1, 2], {"a": 1},
                              {"b": 2})


def test_scalar_conversions_of_graph_tensors():
    @ms.jit
    def f(s, i):
        return int(s) * Tensor(np.array([1, 2])), float(i) * 2, bool(s), int(s) * Tensor(2.0)
    ints, doubled, truth, product = f(Tensor(2.5), Tensor(3))
    assert_values(ints, [2, 4])
    assert (type(doubled), doubled, type(truth), truth) == (float, 6.0, bool, True)
    assert_values(product, 4.0)
    assert product.dtype == ms.float32


def test_tuple_and_list_of_a_tensor():
    @ms.jit
    def f(x):
        return tuple(x), list(x)
    items, listed = f(X)
    assert isinstance(items, tuple) and isinstance(listed, list)
    assert [float(v) for v in items] == [1, -2, 3] == [float(v) for v in listed]


def test_len_isinstance_type_and_attributes():
    class Holder:
        a = 1
    holder = Holder()

    @ms.jit
    def f(x):
        return (len(x), len((1, 2)), len({"a": 1}), len("abc"), isinstance(x, Tensor), isinstance(1, int),
                isinstance((1,), (list, tuple)), isinstance(x, ms.Parameter), type(1), type(x),
                getattr(holder, "a"), getattr(holder, "b", 5), getattr(x, "shape"), hasattr(holder, "a"),
                hasattr(x, "foo"), callable(len), callable(1))
    assert f(X) == (3, 2, 1, 3, True, True, True, False, int, Tensor, 1, 5, (3,), True, False, True, False)


def test_numbers():
    @ms.jit
    def f(x):
        return (abs(-1), abs(x), round(2.567, 2), round(2.5), round(x), pow(2, 3), pow(x, 2), divmod(7, 2),
                sum((1, 2)), sum((1, 2), 10), sum(x), sum([x, x]))
    (one, absolute, r1, r2, rounded, eight, squared, dm, s1, s2, total, doubled) = f(X)
    assert (one, r1, r2, eight, dm, s1, s2) == (1, 2.57, 2, 8, (3, 1), 3, 13)
    assert_values(absolute, [1, 2, 3])
    assert_values(rounded, [1, -2, 3])
    assert_values(squared, [1, 4, 9])
    assert_values(total, 2)
    assert_values(doubled, [2, -4, 6])


def test_max_min_of_tensors():
    @ms.jit
    def f(x):
        return max(1, 3), max((4, 2)), max(x), min(x), min(1, 2, 0), max(x[0], x[1]), min([3, 1])
    m1, m2, top, bottom, m3, pairwise, m4 = f(X)
    assert (m1, m2, m3, m4) == (3, 4, 0, 1)
    assert_values(top, 3)
    assert_values(bottom, -2)
    assert_values(pairwise, 1)


def test_max_of_tensors_with_several_elements_is_ambiguous():
    def pairwise(x):
        return max(x, x * 2)

    def rows(m):
        return max(m)
    with pytest.raises(ValueError, match="ambiguous"):          # MindSpore 2.7.1: ValueError
        ms.jit(pairwise)(X)
    with pytest.raises(ValueError, match="ambiguous"):
        ms.jit(rows)(Tensor(np.ones((2, 2), np.float32)))


def test_all_and_any():
    @ms.jit
    def f(x):
        return all((1, 0)), any((0, 0)), all(x), any(x > 2), all(x > 0)
    a, b, c, d, e = f(X)
    assert (a, b) == (False, False)
    assert (bool(c), bool(d), bool(e)) == (True, True, False)   # MindSpore gives Python bools here


def test_sequences_and_strings():
    @ms.jit
    def f():
        return (sorted([3, 1, 2]), sorted((3, 1), reverse=True), [1, 2, 3].index(2), (1, 2, 2).count(2),
                "a,b".split(","), "ab".upper(), "x{}".format(1), "ab" * 2, (1, 2) + (3,), (1, 2, 3)[::-1],
                [1, 2] + [3], chr(65), ord("A"), hex(16), set([1, 2]), 2 in (1, 2))
    assert f() == ([1, 2, 3], [3, 1], 1, 2, ["a", "b"], "AB", "x1", "abab", (1, 2, 3), (3, 2, 1), [1, 2, 3], "A",
                   65, "0x10", {1, 2}, True)


def test_partial_of_a_user_function():
    def add(a, b):
        return a + b

    @ms.jit
    def f(x):
        return partial(add, 1)(x)
    assert_values(f(X), [2, -1, 4])


def test_print_shows_values_as_graphs_do(capfd):
    @ms.jit
    def f(a, b, c, m):
        print(a, b, c)
        print("sum", a.sum(), m.shape, (1, (2, 3)), 2.5, True, None)
        print(m)
        return a
    f(Tensor(np.array([1, 10, -3], np.int32)), Tensor(np.array([True, False])),
      Tensor(np.array([np.inf, 0.1, -4.0], np.float32)), Tensor(np.arange(4, dtype=np.float16).reshape(2, 2)))
    assert capfd.readouterr().out == (
        "Tensor(shape=[3], dtype=Int32, value=[ 1 10 -3])\n"
        "Tensor(shape=[2], dtype=Bool, value=[ True False])\n"
        "Tensor(shape=[3], dtype=Float32, value=[            inf  1.00000001e-01 -4.00000000e+00])\n"
        "sum\n8\n(2, 2)\n1\n2\n3\n2.5\n1\nNone\n"
        "Tensor(shape=[2, 2], dtype=Float16, value=\n[[ 0.0000e+00  1.0000e+00]\n [ 2.0000e+00  3.0000e+00]])\n")


def test_print_of_an_f_string_of_graph_tensors(capfd):
    @ms.jit
    def f(x):
        print(f"value {x}")
        print(f"{x}", "a", f"s={x.sum()} n={1}")
        return x
    f(Tensor(np.array([1.0, 2.0], np.float32)))
    assert capfd.readouterr().out == "value [1. 2.]\n[1. 2.] a s=3.0 n=1\n"   # one line, as Python prints


def test_print_of_str_and_format_of_graph_tensors(capfd):
    @ms.jit
    def f(x):
        print("loss: " + str(x.sum()))
        print(str(x), "end")
        print("v={} w={:.1f} {k}".format(x, 2.0, k="z"))
        return x
    f(Tensor(np.array([1.0, 2.0], np.float32)))
    assert capfd.readouterr().out == "loss: 3.0\n[1. 2.] end\nv=[1. 2.] w=2.0 z\n"


def test_print_summarizes_large_tensors(capfd):
    def show(x):
        print(x)
        return x
    ms.jit(show)(Tensor(np.arange(3000, dtype=np.float32)))
    assert capfd.readouterr().out == (
        "Tensor(shape=[3000], dtype=Float32, value=[ 0.00000000e+00  1.00000000e+00  2.00000000e+00 ...  "
        "2.99700000e+03  2.99800000e+03  2.99900000e+03])\n")
