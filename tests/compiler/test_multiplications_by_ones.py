"""Graph mode drops a Mul by a OnesLike that leaves the other factor as it is (the
sensitivity 1 a gradient starts from, which a loss's bprop multiplies in): the results
are those of the NumPy formulas, and products that broadcast, change the dtype or are
returned stay. (The loss sensitivity's case: test_fused_cross_entropy.py.)"""
import numpy as np

import spore as ms
from spore import Tensor, ops

RNG = np.random.default_rng(5)
X = RNG.standard_normal((6, 5)).astype(np.float32)


def body_primitives(compiled) -> list:
    (program,) = compiled.cache.programs.values()
    return [type(n.prim).__name__ for n in program.graph.body.nodes if n.kind == "apply"]


def test_an_inner_product_by_ones_is_dropped():
    compiled = ms.jit(lambda x: ops.exp(ops.mul(ops.ones_like(x), x * 2)))
    np.testing.assert_allclose(compiled(Tensor(X)).asnumpy(), np.exp(X.astype(np.float64) * 2), rtol=1e-6)
    assert body_primitives(compiled) == ["Mul", "Exp"]   # x * 2 stays


def test_a_broadcasting_product_stays():
    column = X[:, :1]
    compiled = ms.jit(lambda c, x: ops.exp(c * ops.ones_like(x)))
    out = compiled(Tensor(column), Tensor(X)).asnumpy()
    assert out.shape == X.shape
    np.testing.assert_allclose(out, np.exp(np.broadcast_to(column, X.shape).astype(np.float64)), rtol=1e-6)
    assert "OnesLike" in body_primitives(compiled)


def test_a_product_that_changes_the_dtype_stays():
    ints = np.arange(30, dtype=np.int32).reshape(6, 5)
    compiled = ms.jit(lambda i, x: ops.exp(i * ops.ones_like(x)))
    out = compiled(Tensor(ints), Tensor(X))
    assert out.dtype == ms.float32
    np.testing.assert_allclose(out.asnumpy(), np.exp(ints.astype(np.float64)), rtol=1e-6)


def test_a_returned_product_is_a_tensor_of_its_own():
    compiled = ms.jit(lambda x: (x + 1, (x + 1) * ops.ones_like(x)))
    y, product = compiled(Tensor(X))
    np.testing.assert_allclose(product.asnumpy(), X + 1, rtol=1e-6)
    assert product._t.data_ptr() != y._t.data_ptr()
