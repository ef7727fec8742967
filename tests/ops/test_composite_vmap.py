"""vmap and _Vmap: per-sample functions over batches, against NumPy loops; gradients and
Graph mode."""
import numpy as np
import pytest

import spore as ms
from spore import Tensor
from spore.ops.composite import _Vmap, vmap

X = np.arange(6, dtype=np.float32).reshape(2, 3)
Y = np.array([1.0, 2.0, 3.0], np.float32)


def _product_and_sum(a, b):
    return a * b, a.sum()


def test_batch_axes_and_shared_arguments():
    prod, total = vmap(_product_and_sum, (0, None))(Tensor(X), Tensor(Y))
    assert np.allclose(prod.asnumpy(), X * Y) and np.allclose(total.asnumpy(), X.sum(axis=1))
    prod, total = _Vmap()(_product_and_sum, (1, None))(Tensor(X), Tensor(np.array([1.0, 2.0], np.float32)))
    assert np.allclose(prod.asnumpy(), X.T * [1, 2]) and np.allclose(total.asnumpy(), X.sum(axis=0))
    prod, _ = vmap(_product_and_sum, (-1, None))(Tensor(X), Tensor(np.array([1.0, 2.0], np.float32)))
    assert np.allclose(prod.asnumpy(), X.T * [1, 2])


def test_out_axes():
    prod, total = vmap(_product_and_sum, (0, None), (1, 0))(Tensor(X), Tensor(Y))
    assert np.allclose(prod.asnumpy(), (X * Y).T) and np.allclose(total.asnumpy(), X.sum(axis=1))

    def batched_and_shared(a, b):
        return a * 2, b * 2
    doubled, shared = vmap(batched_and_shared, (0, None), (0, None))(Tensor(X), Tensor(Y))
    assert np.allclose(doubled.asnumpy(), X * 2) and np.allclose(shared.asnumpy(), Y * 2)
    # As in MindSpore 2.7.1: a single None is refused; a number fn returns is broadcast.
    with pytest.raises(RuntimeError, match="cannot be a single None"):
        vmap(batched_and_shared, (0, None), None)(Tensor(X), Tensor(Y))
    assert vmap(lambda a: (a, 3))(Tensor(X))[1].asnumpy().tolist() == [3] * X.shape[0]


def test_nested_in_axes():
    def add_pair(pair):
        return pair[0] + pair[1]
    out = vmap(add_pair, ((0, None),))((Tensor(X), Tensor(Y)))
    assert np.allclose(out.asnumpy(), X + Y)


def test_gradient_and_graph_mode():
    def loss(a):
        return vmap(lambda row: (row * row).sum(), 0)(a).sum()
    assert np.allclose(ms.grad(loss)(Tensor(X)).asnumpy(), 2 * X)
    assert np.allclose(ms.jit(ms.grad(loss))(Tensor(X)).asnumpy(), 2 * X)
    prod, _ = ms.jit(lambda a, b: vmap(_product_and_sum, (0, None))(a, b))(Tensor(X), Tensor(Y))
    assert np.allclose(prod.asnumpy(), X * Y)


@pytest.mark.parametrize("in_axes, args, message", [
    ((0, 0), (X, Y), "axis_size"),
    (None, (X, Y), "single None"),
    ((2, None), (X, Y), "out of bounds"),
    ((0, None, 0), (X, Y), "size must be equal"),
    (0.5, (X, Y), "Int or None"),
])
def test_errors(in_axes, args, message):
    with pytest.raises(RuntimeError, match=message):
        vmap(_product_and_sum, in_axes)(*(Tensor(a) for a in args))


def test_out_axis_out_of_bounds_and_bad_fn():
    with pytest.raises(RuntimeError, match="out of bounds"):
        vmap(_product_and_sum, (0, None), 1)(Tensor(X), Tensor(Y))
    with pytest.raises(TypeError):
        vmap(3)
