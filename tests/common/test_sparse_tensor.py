"""COOTensor, CSRTensor, RowTensor, SparseTensor: construction checks, parts, printing and
methods, against values MindSpore 2.7.1 prints."""
import numpy as np
import pytest

import spore as ms
from spore import COOTensor, CSRTensor, RowTensor, SparseTensor, Tensor


def _coo(values=(1.0, 2.0), dtype=ms.float32, index_dtype=ms.int32):
    return COOTensor(Tensor([[0, 1], [1, 2]], index_dtype), Tensor(list(values), dtype), (3, 4))


def _csr(values=(1.0, 2.0)):
    return CSRTensor(Tensor([0, 1, 2], ms.int32), Tensor([0, 1], ms.int32), Tensor(list(values), ms.float32), (2, 4))


def test_coo_parts_and_sizes():
    x = COOTensor(Tensor([[0, 1], [1, 2]], ms.int32), Tensor([1, 2], ms.float64), (3, 4))
    assert x.shape == (3, 4) and x.dtype == ms.float64 and x.size == 2 and x.itemsize == 8 and x.ndim == 2
    indices, values, shape = x.to_tuple()
    np.testing.assert_array_equal(indices.asnumpy(), [[0, 1], [1, 2]])
    np.testing.assert_array_equal(values.asnumpy(), [1, 2])
    assert shape == (3, 4)
    copy = COOTensor(coo_tensor=x)
    assert copy.indices is x.indices and copy.shape == x.shape


def test_coo_repr_as_mindspore():
    assert repr(_coo()) == (
        "COOTensor(shape=[3, 4], dtype=Float32, indices=Tensor(shape=[2, 2], dtype=Int32, value=\n"
        "[[0 1]\n [1 2]]), values=Tensor(shape=[2], dtype=Float32, value=[ 1.00000000e+00  2.00000000e+00]))")
    assert str(_coo()) == repr(_coo())


def test_sparse_tensor_is_a_coo_tensor_printed_as_one():
    x = SparseTensor(Tensor([[0, 1], [1, 2]]), Tensor([1, 2], ms.float32), (3, 4))
    assert isinstance(x, COOTensor)
    assert repr(x).startswith("COOTensor(shape=[3, 4], dtype=Float32, indices=Tensor(shape=[2, 2], dtype=Int64")


def test_csr_parts_and_repr():
    x = _csr()
    assert x.shape == (2, 4) and x.dtype == ms.float32 and x.size == 2 and x.ndim == 2
    assert len(x.to_tuple()) == 4 and x.to_tuple()[3] == (2, 4)
    assert repr(x) == (
        "CSRTensor(shape=[2, 4], dtype=Float32, indptr=Tensor(shape=[3], dtype=Int32, value=[0 1 2]), "
        "indices=Tensor(shape=[2], dtype=Int32, value=[0 1]), "
        "values=Tensor(shape=[2], dtype=Float32, value=[ 1.00000000e+00  2.00000000e+00]))")
    assert CSRTensor(csr_tensor=x).indptr is x.indptr


def test_row_tensor():
    x = RowTensor(Tensor([0]), Tensor([[1, 2]], ms.float32), (3, 2))
    assert x.dense_shape == (3, 2)
    np.testing.assert_array_equal(x.values.asnumpy(), [[1, 2]])
    assert repr(x) == (
        "RowTensor(shape=[3, 2], dtype=Float32, indices=Tensor(shape=[1], dtype=Int64, value=[0]), "
        "values=Tensor(shape=[1, 2], dtype=Float32, value=\n[[ 1.00000000e+00  2.00000000e+00]]))")
    assert RowTensor(row_tensor=x).dense_shape == (3, 2)


@pytest.mark.parametrize("build, error, match", [
    (lambda: COOTensor(Tensor([[0, 1]]), Tensor([1.0]), [3, 4]), TypeError, "'shape' must be tuple"),
    (lambda: COOTensor([[0, 1]], Tensor([1.0]), (3, 4)), TypeError, "'indices' must be Tensor"),
    (lambda: COOTensor(Tensor([[0, 1]]), [1.0], (3, 4)), TypeError, "'values' must be Tensor"),
    (lambda: COOTensor(Tensor([[0, 1]]), Tensor([1.0]), (3,)), ValueError, "length of 'shape'"),
    (lambda: COOTensor(Tensor([[0.0, 1.0]]), Tensor([1.0]), (3, 4)), TypeError, "int16, int32, int64"),
    (lambda: COOTensor(Tensor([[0, 1]]), Tensor([1.0, 2.0]), (3, 4)), ValueError, "indices.shape\\[0\\]"),
    (lambda: COOTensor(Tensor([[0, 1]]), Tensor([1.0]), (3, -4)), ValueError, "must be positive"),
    (lambda: COOTensor(Tensor([0, 1]), Tensor([1.0, 2.0]), (3, 4)), ValueError, "2-dimensional"),
    (lambda: COOTensor(Tensor([[0, 0], [0, 0]]), Tensor([1.0, 2.0]), (1, 1)), ValueError, "too small"),
    (lambda: COOTensor(), TypeError, "'indices' must be Tensor"),
    (lambda: CSRTensor(Tensor([0, 1], ms.int32), Tensor([0, 1], ms.int32), Tensor([1.0, 2.0]), (2, 4)),
     ValueError, "length \\(1 \\+ shape\\[0\\]\\)"),
    (lambda: CSRTensor(Tensor([0.0, 1.0, 2.0]), Tensor([0, 1], ms.int32), Tensor([1.0, 2.0]), (2, 4)),
     TypeError, "indptr must have int16 or int32 or int64"),
    (lambda: CSRTensor(Tensor([0, 1, 2], ms.int32), Tensor([0, 1], ms.int32), Tensor([1.0, 2.0]), (2, 4, 3)),
     ValueError, "dimension of 'values'"),
    (lambda: RowTensor([0], Tensor([[1.0]]), (3, 1)), TypeError, "'indices' must be Tensor"),
])
def test_construction_errors(build, error, match):
    with pytest.raises(error, match=match):
        build()


def test_coo_to_dense_astype_abs_and_coalesce():
    x = COOTensor(Tensor([[0, 1], [1, 0], [2, 2]], ms.int32), Tensor([1, -5, -4], ms.float32), (3, 3))
    np.testing.assert_array_equal(x.to_dense().asnumpy(), [[0, 1, 0], [-5, 0, 0], [0, 0, -4]])
    assert x.astype(ms.float64).dtype == ms.float64 and isinstance(x.astype(ms.int32), COOTensor)
    np.testing.assert_array_equal(x.abs().values.asnumpy(), [1, 5, 4])
    y = COOTensor(Tensor([[0, 1], [0, 1], [1, 2]], ms.int64), Tensor([1, 5, 4], ms.float32), (3, 3)).coalesce()
    np.testing.assert_array_equal(y.indices.asnumpy(), [[0, 1], [1, 2]])
    np.testing.assert_array_equal(y.values.asnumpy(), [6, 4])


def test_coo_operators():
    x = _coo()
    dense = Tensor(np.arange(1, 13, dtype=np.float32).reshape(3, 4))
    np.testing.assert_allclose((x * dense).values.asnumpy(), [2, 14])
    np.testing.assert_allclose((x / dense).values.asnumpy(), [0.5, 2 / 7], rtol=1e-6)
    np.testing.assert_allclose((x + dense).asnumpy(), x.to_dense().asnumpy() + dense.asnumpy())
    np.testing.assert_allclose((x + x).values.asnumpy(), [2, 4])
    np.testing.assert_allclose((x - x).values.asnumpy(), [0, 0])
    np.testing.assert_allclose((-x).values.asnumpy(), [-1, -2])
    with pytest.raises(TypeError, match="COOTensor or a Tensor"):
        x + 2


def test_coo_add_method_keeps_sorted_positions():
    a = COOTensor(Tensor([[0, 1], [1, 2]], ms.int64), Tensor([1, 2], ms.int32), (3, 4))
    b = COOTensor(Tensor([[0, 0], [1, 1]], ms.int64), Tensor([3, 4], ms.int32), (3, 4))
    out = a.add(b, Tensor(0, ms.int32))
    np.testing.assert_array_equal(out.indices.asnumpy(), [[0, 0], [0, 1], [1, 1], [1, 2]])
    np.testing.assert_array_equal(out.values.asnumpy(), [3, 1, 4, 2])
    assert out.indices.dtype == ms.int64 and out.dtype == ms.int32


def test_coo_to_csr_sorts_rows():
    x = COOTensor(Tensor([[2, 0], [0, 3], [0, 1]], ms.int32), Tensor([3.0, 2.0, 1.0]), (3, 4))
    csr = x.to_csr()
    np.testing.assert_array_equal(csr.indptr.asnumpy(), [0, 2, 2, 3])
    np.testing.assert_array_equal(csr.indices.asnumpy(), [1, 3, 0])
    np.testing.assert_array_equal(csr.values.asnumpy(), [1, 2, 3])
    np.testing.assert_array_equal(csr.to_dense().asnumpy(), x.to_dense().asnumpy())


def test_csr_methods():
    x = _csr((2.0, 1.0))
    np.testing.assert_array_equal(x.to_dense().asnumpy(), [[2, 0, 0, 0], [0, 1, 0, 0]])
    coo = x.to_coo()
    assert isinstance(coo, COOTensor)
    np.testing.assert_array_equal(coo.indices.asnumpy(), [[0, 0], [1, 1]])
    assert x.astype(ms.float64).dtype == ms.float64
    np.testing.assert_array_equal(_csr((-1.0, -2.0)).abs().values.asnumpy(), [1, 2])
    matrix = np.arange(12, dtype=np.float32).reshape(4, 3)
    np.testing.assert_allclose(x.mm(Tensor(matrix)).asnumpy(), x.to_dense().asnumpy() @ matrix)
    vector = np.arange(4, dtype=np.float32).reshape(4, 1)
    np.testing.assert_allclose(x.mv(Tensor(vector)).asnumpy(), x.to_dense().asnumpy() @ vector)
    np.testing.assert_allclose(x.sum(1).asnumpy(), [[2], [1]])
    out = x.add(_csr(), Tensor(1.0), Tensor(1.0))
    np.testing.assert_allclose(out.values.asnumpy(), [3, 3])


def test_csr_operators():
    a = _csr()
    b = CSRTensor(Tensor([0, 1, 2], ms.int32), Tensor([1, 1], ms.int32), Tensor([1.0, 2.0]), (2, 4))
    diff = a - b
    np.testing.assert_array_equal(diff.indptr.asnumpy(), [0, 2, 3])
    np.testing.assert_array_equal(diff.indices.asnumpy(), [0, 1, 1])
    np.testing.assert_array_equal(diff.values.asnumpy(), [1, -1, 0])
    np.testing.assert_allclose((a + a).values.asnumpy(), [2, 4])
    np.testing.assert_allclose((-a).values.asnumpy(), [-1, -2])
    dense = Tensor(np.arange(1, 9, dtype=np.float32).reshape(2, 4))
    np.testing.assert_allclose((a * dense).values.asnumpy(), [1, 12])
    np.testing.assert_allclose((a / dense).values.asnumpy(), [1, 2 / 6], rtol=1e-6)
    with pytest.raises(TypeError, match="must be a CSRTensor"):
        a + dense


def test_n_dimensional_csr_to_dense():
    x = CSRTensor(Tensor([0, 1, 2], ms.int32), Tensor([0, 1], ms.int32), Tensor([[1.0, 2.0], [3.0, 4.0]]), (2, 4, 2))
    want = np.zeros((2, 4, 2), np.float32)
    want[0, 0], want[1, 1] = [1, 2], [3, 4]
    np.testing.assert_array_equal(x.to_dense().asnumpy(), want)
    with pytest.raises(ValueError, match="only a 2-D CSRTensor"):
        x.to_coo()


def test_tensor_to_coo_and_to_csr():
    dense = np.array([[1, 0], [-5, 0]], np.float32)
    coo = Tensor(dense).to_coo()
    np.testing.assert_array_equal(coo.indices.asnumpy(), [[0, 0], [1, 0]])
    np.testing.assert_array_equal(coo.values.asnumpy(), [1, -5])
    csr = Tensor(dense).to_csr()
    np.testing.assert_array_equal(csr.indptr.asnumpy(), [0, 1, 2])
    np.testing.assert_array_equal(csr.to_dense().asnumpy(), dense)
