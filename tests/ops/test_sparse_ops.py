"""The sparse functional API (ops.coo_*, ops.csr_*, conversions, coalesce) against NumPy,
the errors it raises, and gradients through the values of a sparse tensor.

These functions take and give COOTensor / CSRTensor, which Graph mode does not compile:
they are plain tests here, not CASES (test_differential compiles every CASE)."""
import math

import numpy as np
import pytest

import spore as ms
from spore import COOTensor, CSRTensor, RowTensor, Tensor, ops

_VALUES = np.array([-1.0, 2.0], np.float32)

_DENSE_OF = {
    "abs": np.abs, "acos": np.arccos, "acosh": np.arccosh, "asin": np.arcsin, "asinh": np.arcsinh,
    "atan": np.arctan, "atanh": np.arctanh, "ceil": np.ceil, "cos": np.cos, "cosh": np.cosh, "exp": np.exp,
    "expm1": np.expm1, "floor": np.floor, "inv": lambda v: 1 / v, "isfinite": np.isfinite, "isinf": np.isinf,
    "isnan": np.isnan, "log": np.log, "log1p": np.log1p, "neg": np.negative, "relu": lambda v: np.maximum(v, 0),
    "relu6": lambda v: np.clip(v, 0, 6), "round": np.round, "sigmoid": lambda v: 1 / (1 + np.exp(-v)),
    "sin": np.sin, "sinh": np.sinh, "softsign": lambda v: v / (1 + np.abs(v)), "sqrt": np.sqrt,
    "square": np.square, "tan": np.tan, "tanh": np.tanh,
}


def _coo(values=_VALUES):
    return COOTensor(Tensor([[0, 1], [1, 2]], ms.int64), Tensor(values), (3, 4))


def _csr(values=_VALUES):
    return CSRTensor(Tensor([0, 1, 2], ms.int32), Tensor([0, 1], ms.int32), Tensor(values), (2, 4))


@pytest.mark.parametrize("name", sorted(_DENSE_OF))
@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_unary_functions_map_the_values(name):
    want = _DENSE_OF[name](_VALUES.astype(np.float64))
    for kind, build in (("coo", _coo), ("csr", _csr)):
        x = build()
        out = getattr(ops, f"{kind}_{name}")(x)
        assert type(out) is type(x) and out.shape == x.shape
        np.testing.assert_array_equal(out.indices.asnumpy(), x.indices.asnumpy())
        np.testing.assert_allclose(out.values.asnumpy().astype(np.float64), want, rtol=1e-6, equal_nan=True)


@pytest.mark.parametrize("fn, arg_type", [(ops.coo_abs, "COOTensor"), (ops.csr_sin, "CSRTensor")])
def test_unary_functions_want_their_sparse_type(fn, arg_type):
    with pytest.raises(TypeError, match=f"the 'x' must be a {arg_type}, but got Tensor"):
        fn(Tensor([1.0]))


def test_coo2csr_and_csr2coo():
    np.testing.assert_array_equal(ops.coo2csr(Tensor([0, 0, 2], ms.int32), 3).asnumpy(), [0, 2, 2, 3])
    np.testing.assert_array_equal(ops.csr2coo(Tensor([0, 2, 2, 3], ms.int32), 3).asnumpy(), [0, 0, 2])


def test_coo_add_thresh_drops_small_sums_only():
    a = COOTensor(Tensor([[0, 1], [1, 2]], ms.int64), Tensor([1.0, 2.0]), (3, 4))
    b = COOTensor(Tensor([[0, 1], [2, 2]], ms.int64), Tensor([-1.0, 0.5]), (3, 4))
    # (0, 1) sums to 0 and goes below the threshold; (2, 2) is b's alone and stays (as in MindSpore)
    out = ops.coo_add(a, b, Tensor(0.6, ms.float32))
    np.testing.assert_array_equal(out.indices.asnumpy(), [[1, 2], [2, 2]])
    np.testing.assert_allclose(out.values.asnumpy(), [2.0, 0.5])
    kept = ops.coo_add(a, b, Tensor(0.0, ms.float32))
    np.testing.assert_allclose(kept.values.asnumpy(), [0.0, 2.0, 0.5])
    with pytest.raises(ValueError, match="shapes of 'x1' and 'x2'"):
        ops.coo_add(a, COOTensor(a.indices, a.values, (4, 4)), Tensor(0.0))


def test_coo_concat():
    a = COOTensor(Tensor([[0, 1], [1, 2]], ms.int64), Tensor([1, 2], ms.int32), (3, 4))
    b = COOTensor(Tensor([[0, 0], [1, 1]], ms.int64), Tensor([3, 4], ms.int32), (3, 4))
    out = ops.coo_concat((a, b), 1)
    assert out.shape == (3, 8)
    np.testing.assert_array_equal(out.indices.asnumpy(), [[0, 1], [0, 4], [1, 2], [1, 5]])
    np.testing.assert_array_equal(out.values.asnumpy(), [1, 3, 2, 4])
    np.testing.assert_array_equal(ops.coo_concat((a, b), 0).to_dense().asnumpy(),
                                  np.concatenate([a.to_dense().asnumpy(), b.to_dense().asnumpy()]))
    with pytest.raises(ValueError, match="'concat_dim' must be in"):
        ops.coo_concat((a, b), 2)


def test_coalesce():
    indices, values, shape = ops.coalesce(Tensor([[0, 0, 1], [1, 1, 2]], ms.int64), Tensor([1.0, 5.0, 4.0]),
                                          Tensor([3, 3], ms.int64))
    np.testing.assert_array_equal(indices.asnumpy(), [[0, 1], [1, 2]])
    np.testing.assert_array_equal(values.asnumpy(), [6, 4])
    np.testing.assert_array_equal(shape.asnumpy(), [3, 3])
    with pytest.raises(TypeError, match="dtype of 'x_indices' must be one of \\[Int64\\]"):
        ops.coalesce(Tensor([[0], [1]], ms.int32), Tensor([1.0]), Tensor([3, 3], ms.int64))


def test_csr_arithmetic_against_dense():
    a = CSRTensor(Tensor([0, 2, 3], ms.int32), Tensor([0, 3, 1], ms.int32), Tensor([1.0, 2.0, 3.0]), (2, 4))
    b = CSRTensor(Tensor([0, 1, 2], ms.int32), Tensor([3, 2], ms.int32), Tensor([5.0, 7.0]), (2, 4))
    dense_a, dense_b = a.to_dense().asnumpy(), b.to_dense().asnumpy()
    out = ops.csr_add(a, b, Tensor(2.0), Tensor(-1.0))
    np.testing.assert_allclose(ops.csr_to_dense(out).asnumpy(), 2 * dense_a - dense_b)
    np.testing.assert_array_equal(out.indptr.asnumpy(), [0, 2, 4])
    y = np.arange(1, 9, dtype=np.float32).reshape(2, 4)
    np.testing.assert_allclose(ops.csr_mul(a, Tensor(y)).to_dense().asnumpy(), dense_a * y)
    np.testing.assert_allclose(ops.csr_div(a, Tensor(y)).to_dense().asnumpy(), dense_a / y, rtol=1e-6)
    row = np.arange(1, 5, dtype=np.float32)
    np.testing.assert_allclose(ops.csr_mul(a, Tensor(row)).to_dense().asnumpy(), dense_a * row)
    vector = np.arange(4, dtype=np.float32).reshape(4, 1)
    np.testing.assert_allclose(ops.csr_mv(a, Tensor(vector)).asnumpy(), dense_a @ vector)
    np.testing.assert_allclose(ops.csr_reduce_sum(a, 1).asnumpy(), dense_a.sum(1, keepdims=True))
    product = ops.csr_mm(a, b, trans_b=True)
    assert isinstance(product, CSRTensor)
    np.testing.assert_allclose(product.to_dense().asnumpy(), dense_a @ dense_b.T)
    gathered = ops.csr_gather(a.indptr, a.indices, Tensor(y), (2, 4))
    np.testing.assert_allclose(gathered.asnumpy(), [1, 4, 6])


def test_csr_errors():
    a = _csr()
    with pytest.raises(ValueError, match="'axis' must be 1 or -1"):
        ops.csr_reduce_sum(a, 0)
    with pytest.raises(ValueError, match="dense operand must be 2-D with 4 rows"):
        ops.csr_mv(a, Tensor(np.ones((3, 1), np.float32)))
    with pytest.raises(TypeError, match="'csr_tensor' must be a CSRTensor"):
        ops.csr_to_dense(Tensor([1.0]))
    with pytest.raises(ValueError, match="only a 2-D Tensor"):
        ops.dense_to_sparse_csr(Tensor(np.ones((2, 2, 2), np.float32)))


def test_csr_softmax_is_per_row_over_stored_values():
    logits = CSRTensor(Tensor([0, 4, 6], ms.int32), Tensor([0, 2, 3, 4, 3, 4], ms.int32),
                       Tensor([1.0, 2.0, 3.0, 4.0, 1.0, 2.0]), (2, 6))
    out = ops.csr_softmax(logits, ms.float32)
    first = np.exp([1.0, 2.0, 3.0, 4.0]) / np.exp([1.0, 2.0, 3.0, 4.0]).sum()
    second = np.exp([1.0, 2.0]) / np.exp([1.0, 2.0]).sum()
    np.testing.assert_allclose(out.values.asnumpy(), np.concatenate([first, second]), rtol=1e-6)
    np.testing.assert_array_equal(out.indices.asnumpy(), logits.indices.asnumpy())


def test_conversions():
    dense = np.array([[0, 3, 0], [1, 0, 2]], np.float32)
    coo = ops.dense_to_sparse_coo(Tensor(dense))
    np.testing.assert_array_equal(coo.indices.asnumpy(), np.argwhere(dense))
    np.testing.assert_array_equal(coo.values.asnumpy(), dense[dense != 0])
    csr = ops.dense_to_sparse_csr(Tensor(dense))
    np.testing.assert_array_equal(csr.indptr.asnumpy(), [0, 1, 3])
    np.testing.assert_array_equal(csr.indices.asnumpy(), [1, 0, 2])
    np.testing.assert_array_equal(ops.csr_to_dense(csr).asnumpy(), dense)
    np.testing.assert_array_equal(ops.csr_to_coo(csr).indices.asnumpy(), np.argwhere(dense))


def test_make_and_get():
    coo = ops.make_coo_tensor(Tensor([[0, 1]], ms.int64), Tensor([2.0]), (3, 2))
    assert isinstance(coo, COOTensor) and isinstance(ops.make_sparse_tensor(coo.indices, coo.values, (3, 2)),
                                                     COOTensor)
    assert ops.coo_tensor_get_dense_shape(coo) == (3, 2)
    assert ops.coo_tensor_get_indices(coo) is coo.indices and ops.coo_tensor_get_values(coo) is coo.values
    csr = ops.make_csr_tensor(Tensor([0, 1, 1], ms.int32), Tensor([1], ms.int32), Tensor([2.0]), (2, 2))
    assert ops.csr_tensor_get_dense_shape(csr) == (2, 2) and ops.csr_tensor_get_indptr(csr) is csr.indptr
    assert ops.csr_tensor_get_indices(csr) is csr.indices and ops.csr_tensor_get_values(csr) is csr.values
    for make in (ops.make_row_tensor, ops.make_row_tensor_inner):
        row = make(Tensor([0]), Tensor([[1.0, 2.0]]), (3, 2))
        assert isinstance(row, RowTensor) and ops.row_tensor_get_dense_shape(row) == (3, 2)
        assert ops.row_tensor_get_indices(row) is row.indices and ops.row_tensor_get_values(row) is row.values


def test_row_tensor_add():
    row = RowTensor(Tensor([0, 2], ms.int32), Tensor(np.ones((2, 3), np.float32)), (4, 3))
    other = RowTensor(Tensor([2], ms.int32), Tensor(np.full((1, 3), 2.0, np.float32)), (4, 3))
    both = ops.row_tensor_add(row, other)
    assert isinstance(both, RowTensor) and both.dense_shape == (4, 3)
    dense = np.zeros((4, 3), np.float32)
    np.add.at(dense, both.indices.asnumpy(), both.values.asnumpy())
    np.testing.assert_array_equal(dense, [[1, 1, 1], [0, 0, 0], [3, 3, 3], [0, 0, 0]])
    shifted = ops.row_tensor_add(row, Tensor(np.arange(6, dtype=np.float32).reshape(2, 3)))
    np.testing.assert_array_equal(shifted.values.asnumpy(), np.arange(6).reshape(2, 3) + 1)
    assert shifted.indices is row.indices
    with pytest.raises(TypeError, match="For 'RowTensorAdd', input\\[0\\] should be RowTensor, but got Tensor"):
        ops.row_tensor_add(Tensor(np.ones(3, np.float32)), row)
    with pytest.raises(ValueError, match="the dense shapes must be equal"):
        ops.row_tensor_add(row, RowTensor(Tensor([0], ms.int32), Tensor(np.ones((1, 3), np.float32)), (5, 3)))
    with pytest.raises(ValueError, match=r"must have the shape of the values \(2, 3\)"):
        ops.row_tensor_add(row, Tensor(np.ones((4, 3), np.float32)))


def test_gradients_flow_to_the_values():
    """d/dv sum(to_dense(COO(v)) * w) = w at the indices; through csr_mv it is the vector
    entry of each value's column; through csr_softmax it is the softmax Jacobian."""
    w = np.arange(12, dtype=np.float64).reshape(3, 4)

    def through_dense(values):
        return (COOTensor(Tensor([[0, 1], [2, 3]], ms.int64), values, (3, 4)).to_dense() * Tensor(w)).sum()

    grad = ms.grad(through_dense)(Tensor(np.array([1.0, 2.0])))
    np.testing.assert_allclose(grad.asnumpy(), [w[0, 1], w[2, 3]])

    vector = np.array([[1.0], [2.0], [3.0], [4.0]])

    def through_mv(values):
        csr = CSRTensor(Tensor([0, 1, 2], ms.int32), Tensor([2, 3], ms.int32), values, (2, 4))
        return ops.csr_mv(csr, Tensor(vector)).sum()

    np.testing.assert_allclose(ms.grad(through_mv)(Tensor(np.array([1.0, 1.0]))).asnumpy(), [3.0, 4.0])

    def first_softmax(values):
        csr = CSRTensor(Tensor([0, 2], ms.int32), Tensor([0, 1], ms.int32), values, (1, 3))
        return ops.csr_softmax(csr, ms.float64).values[0]

    p = 1 / (1 + math.exp(-1.0))
    grad = ms.grad(first_softmax)(Tensor(np.array([1.0, 0.0]))).asnumpy()
    np.testing.assert_allclose(grad, [p * (1 - p), -p * (1 - p)], rtol=1e-6)
