"""Graph mode's errors: what it can not compile raises an error that names the user's
file and line and shows the line's source ("The code (Graph mode): FILE:LINE\\n
SOURCE"); shape errors surface at compile time at the user's line; a failed compile
leaves nothing in the cache."""
import inspect

import numpy as np
import pytest

import spore as ms
from spore import Tensor, nn, ops
from spore.compiler.builder import GraphError

X = Tensor(np.ones((2, 3), np.float32))
_GLOBAL = 0


def assert_points_at(error: BaseException, fn, marker: str) -> None:
    """The message ends with this file, the line of `fn` holding `marker` and that line's
    source."""
    lines, first = inspect.getsourcelines(fn)
    (index,) = [i for i, line in enumerate(lines) if marker in line]
    where = f"The code (Graph mode): {__file__}:{first + index}\n    {lines[index].strip()}"
    assert str(error).endswith(where), f"{str(error)!r} does not end with {where!r}"


# ---- unsupported constructs --------------------------------------------------------------------
def uses_try(x):
    try:  # <- here
        y = x + 1
    except ValueError:
        y = x
    return y


def uses_del(x):
    y = x * 2
    del y  # <- here
    return x


def defines_a_class(x):
    class Local:  # <- here
        pass
    return x


def yields(x):
    yield x  # <- here


def returns_from_a_tensor_while(x):
    while x.sum() < 100:  # <- here
        x = x * 2
        if x.sum() > 50:
            x = x + 1
            if x.sum() > 60:
                return x
    return x


def tensor_range_bound(x, n):
    for i in range(n):  # <- here
        x = x + i
    return x


def computed_range_bound(x):
    for _ in range((x.sum() > 0).astype(ms.int32) + 1):  # <- here
        x = x + 1
    return x


def tensor_dict_key(x):
    table = {x: 1}  # <- here
    return table


def returns_from_an_inner_loop(x):
    for i in range(2):
        for j in range(2):
            if x.sum() > i + j:  # <- here
                return x
    return x * 2


def branches_disagree_on_shape(x):
    if x.sum() > 0:  # <- here
        y = x
    else:
        y = x.sum()
    return y


def tensor_slice_bound(x):
    n = (x.sum() > 0).astype(ms.int32)
    return x[:n]  # <- here


UNSUPPORTED = [
    (uses_try, (X,), "The statement 'Try' is not supported in Graph mode"),
    (uses_del, (X,), "The statement 'Delete' is not supported in Graph mode"),
    (defines_a_class, (X,), "The statement 'ClassDef' is not supported in Graph mode"),
    (yields, (X,), "The expression 'Yield' is not supported in Graph mode"),
    (returns_from_a_tensor_while, (X,), "'return' inside a 'while' loop on a Tensor is not supported"),
    (tensor_range_bound, (X, Tensor(3, ms.int32)), "not known when the graph is compiled"),
    (computed_range_bound, (X,), "not known when the graph is compiled"),
    (tensor_dict_key, (X,), "A dict key must be a constant in Graph mode, not a Tensor"),
    (returns_from_an_inner_loop, (X,), "'return' inside an 'if' on a Tensor in a loop is supported only in a 'for' "
     "loop at the top level"),
    (branches_disagree_on_shape, (X,), "'y' has shape (2, 3) and dtype Float32 in one branch of an 'if' on a "
                                       "Tensor, but shape () and dtype Float32 in the other"),
    (tensor_slice_bound, (X,), "A slice bound must be a constant in Graph mode"),
]


@pytest.mark.parametrize(("fn", "args", "message"), UNSUPPORTED, ids=[case[0].__name__ for case in UNSUPPORTED])
def test_unsupported_construct_names_the_line(fn, args, message):
    compiled = ms.jit(fn)
    with pytest.raises(GraphError) as raised:
        compiled(*args)
    assert message in str(raised.value)
    assert_points_at(raised.value, fn, "# <- here")
    assert compiled.cache.programs == {}


def test_graph_errors_are_runtime_errors():
    assert issubclass(GraphError, RuntimeError)


class NormalizesOnOneBranch(nn.Cell):
    def __init__(self):
        super().__init__()
        self.norm = nn.BatchNorm1d(3)

    def construct(self, x):
        if x.sum() > 0:
            x = self.norm(x)
        return (x * x).sum()


def test_weight_gradient_of_a_side_effect_inside_a_tensor_if():
    """BatchNorm in training updates its moving statistics (its declared states) inside an
    `if` on a Tensor; its scale and bias are read like any weight, so their gradients
    leave the branch: the same as in PyNative mode."""
    x = Tensor(np.arange(12, dtype=np.float32).reshape(4, 3))
    results = []
    for compiled in (False, True):
        net = NormalizesOnOneBranch()
        net.set_train(True)
        with_weights = ms.value_and_grad(net, grad_position=0, weights=net.trainable_params())
        loss, (dx, dweights) = (ms.jit(with_weights) if compiled else with_weights)(x)
        results.append((loss.asnumpy(), dx.asnumpy(), [g.asnumpy() for g in dweights],
                        net.norm.moving_mean.asnumpy()))
    (loss, dx, dw, mean), (graph_loss, graph_dx, graph_dw, graph_mean) = results
    np.testing.assert_allclose(graph_loss, loss, rtol=1e-5)
    np.testing.assert_allclose(graph_dx, dx, rtol=1e-4, atol=1e-5)
    for g, w in zip(graph_dw, dw):
        np.testing.assert_allclose(g, w, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(graph_mean, mean, rtol=1e-5)


# ---- shape errors at compile time --------------------------------------------------------------
def multiplies_incompatible(x):
    y = x + 1
    return ops.matmul(y, x)  # <- here


def test_shape_mismatch_names_the_op_and_the_line():
    with pytest.raises(ValueError, match=r"For 'MatMul\w*', the contracted dimensions must be equal") as raised:
        ms.jit(multiplies_incompatible)(X)
    assert_points_at(raised.value, multiplies_incompatible, "# <- here")


def calls_a_helper(x):
    y = x * 2
    return multiplies_incompatible(y)


def test_the_innermost_user_line_is_named():
    with pytest.raises(ValueError, match="MatMul") as raised:
        ms.jit(calls_a_helper)(X)
    assert_points_at(raised.value, multiplies_incompatible, "# <- here")
    assert str(raised.value).count("The code (Graph mode)") == 1


class BadCell(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 2)

    def construct(self, x):
        x = x * 2
        return self.dense(x)  # <- here


def test_error_in_a_cell_construct_in_graph_mode(graph_mode):
    with pytest.raises(ValueError, match="For 'Dense'") as raised:
        BadCell()(X)
    assert_points_at(raised.value, BadCell.construct, "# <- here")


def test_broadcast_mismatch_is_found_before_running(capsys):
    @ms.jit
    def f(x, y):
        print("ran")   # a graph's print runs with the graph: never, here
        return x + y  # <- here
    with pytest.raises(ValueError, match="For 'Add'") as raised:
        f(X, Tensor(np.ones((4,), np.float32)))
    assert_points_at(raised.value, f.__wrapped__, "# <- here")
    assert capsys.readouterr().out == ""


# ---- values of graph Tensors -------------------------------------------------------------------
def reads_a_graph_value(x):
    y = x * 2
    return y.asnumpy() + 1  # <- here


def converts_a_graph_value(x):
    return tuple(range(int(x.sum())))  # <- here


@pytest.mark.parametrize("fn", [reads_a_graph_value, converts_a_graph_value])
def test_the_value_of_a_graph_tensor_is_not_known(fn):
    with pytest.raises(GraphError, match=r"not known when the graph is compiled; only its shape and dtype are") \
            as raised:
        ms.jit(fn)(X)
    assert "asnumpy()" in str(raised.value)
    assert_points_at(raised.value, fn, "# <- here")


# ---- the cache after a failed compile ----------------------------------------------------------
def test_a_failed_compile_caches_nothing():
    compiled = ms.jit(multiplies_incompatible)
    for _ in range(2):   # the second call compiles again, and fails again
        with pytest.raises(ValueError) as raised:
            compiled(X)
        assert_points_at(raised.value, multiplies_incompatible, "# <- here")
        assert compiled.cache.programs == {}
    square = Tensor(np.full((3, 3), 2.0, np.float32))
    np.testing.assert_allclose(compiled(square).asnumpy(), np.full((3, 3), 18.0))
    assert len(compiled.cache.programs) == 1
    with pytest.raises(ValueError, match="contracted dimensions"):
        compiled(X)
    assert len(compiled.cache.programs) == 1


def test_a_failed_cell_compile_caches_nothing(graph_mode):
    net = BadCell()
    for _ in range(2):
        with pytest.raises(ValueError, match="For 'Dense', the last dimension of the input must be 4"):
            net(X)
        assert net._graph_cache.programs == {}
    assert net(Tensor(np.ones((2, 4), np.float32))).shape == (2, 2)
    assert len(net._graph_cache.programs) == 1
