"""`raise` and `assert` in compiled code: on constants they fail the compilation (or
not), under a Tensor condition or on a Tensor they run with the graph, and the branch
that raised never yields its values. Expected behaviour observed on MindSpore 2.7.1."""
# The formatting styles are what the tests are about.
# ruff: noqa: UP031, UP032
import numpy as np
import pytest

import spore as ms
from spore import Tensor, nn

X = Tensor(np.array([1.0, -2.0, 3.0], np.float32))


class Checked(nn.Cell):
    def construct(self, x, y):
        if x <= y:
            raise ValueError("x should be greater than y.")
        else:
            x += 1
        return x


def test_raise_under_a_tensor_condition_runs_with_the_graph(graph_mode):
    net = Checked()
    assert int(net(Tensor(2), Tensor(1))) == 3
    with pytest.raises(ValueError, match="x should be greater than y") as raised:
        net(Tensor(-2), Tensor(-1))
    assert "test_syntax_raise.py" in str(raised.value)   # the user's line


def test_formatted_messages_of_constants():
    @ms.jit
    def fstring(x):
        n = x.shape[0]
        if n > 2:
            raise ValueError(f"too long: {n} items")
        return x

    @ms.jit
    def percent(x):
        if x.shape[0] > 2:
            raise TypeError("bad %d and %s" % (x.shape[0], "z"))
        return x

    @ms.jit
    def formatted(x):
        if x.shape[0] > 2:
            raise IndexError("bad {} {}".format(x.shape[0], x.ndim))
        return x
    for fn, error, message in ((fstring, ValueError, "too long: 3 items"), (percent, TypeError, "bad 3 and z"),
                               (formatted, IndexError, "bad 3 1")):
        with pytest.raises(error, match=message):
            fn(X)


def test_assert_on_constants_and_on_tensors():
    @ms.jit
    def on_shape(x):
        assert x.shape[0] == 2, "needs 2"
        return x

    @ms.jit
    def on_value(x):
        assert x[0] > 5, "x[0] must exceed 5"
        return x

    @ms.jit
    def holds(x):
        assert x[0] > 0
        return x + 1
    with pytest.raises(AssertionError, match="needs 2"):
        on_shape(X)
    with pytest.raises(AssertionError, match="x.0. must exceed 5"):
        on_value(X)
    assert holds(X).asnumpy().tolist() == [2.0, -1.0, 4.0]


def checked_square_sum(x):
    if x.sum() > 10:
        raise ValueError("too big")
    y = x * x
    assert y.sum() < 100, "sum too large"
    return y.sum()


def positive_double(x):
    if x.sum() > 0:
        return x * 2
    raise ValueError("negative")


def raises_in_else(x):
    if x.sum() > 0:
        y = x + 1
    else:
        raise RuntimeError("neg")
    return y


def test_paths_that_raise_compile_and_differentiate():
    assert float(ms.jit(checked_square_sum)(X)) == 14.0
    np.testing.assert_allclose(ms.jit(ms.grad(checked_square_sum))(X).asnumpy(), [2, -4, 6])
    with pytest.raises(ValueError, match="too big"):
        ms.jit(checked_square_sum)(X * 10)
    np.testing.assert_allclose(ms.jit(positive_double)(X).asnumpy(), [2, -4, 6])
    with pytest.raises(ValueError, match="negative"):
        ms.jit(positive_double)(-X * 3)
    np.testing.assert_allclose(ms.jit(raises_in_else)(X).asnumpy(), [2, -1, 4])
    np.testing.assert_allclose(ms.jit(ms.grad(raises_in_else))(X).asnumpy(), [1, 1, 1])
    with pytest.raises(RuntimeError, match="neg"):
        ms.jit(raises_in_else)(-X * 3)


def test_refused_statements_are_runtime_errors():
    @ms.jit
    def tries(x):
        try:
            y = x + 1
        except ValueError:
            y = x
        return y

    @ms.jit
    def deletes(x):
        a = [1, 2, 3]
        del a[1]
        return x * len(a)
    for fn, statement in ((tries, "Try"), (deletes, "Delete")):
        with pytest.raises(RuntimeError, match=f"'{statement}'"):
            fn(X)
