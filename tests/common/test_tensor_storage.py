"""Tensor.untyped_storage / Tensor.storage (the Tensor's memory as shared, untyped bytes) and
Tensor.index (advanced indexing by a tuple of index Tensors). Byte sizes, the bit-pattern
copy and the size-mismatch error were checked against MindSpore 2.7.1 on CPU."""
import numpy as np
import pytest

import spore as ms
from spore import Parameter, Tensor
from spore.common.storage import StoragePy


def arange(n, dtype=np.float32):
    return Tensor(np.arange(n, dtype=dtype))


def test_storage_sizes_are_in_bytes():
    s = arange(6).untyped_storage()
    assert isinstance(s, StoragePy)
    assert (s.size(), s.nbytes(), len(s), s.element_size()) == (24, 24, 24, 1)
    assert Tensor(np.float64(1.0)).untyped_storage().size() == 8


def test_storage_is_the_tensors_memory():
    t = arange(6)
    assert t.untyped_storage().data_ptr() == t.data_ptr()
    assert t.storage().data_ptr() == t.data_ptr()
    view = t[1:]
    assert view.untyped_storage().data_ptr() == t.data_ptr()
    assert view.untyped_storage().size() == 24


def test_parameter_has_the_storage_of_its_data():
    p = Parameter(Tensor(np.ones(3, np.float32)), name="p")
    assert p.untyped_storage().size() == 12
    assert p.untyped_storage().data_ptr() == p.data_ptr()


def test_copy_writes_bytes_into_the_tensor():
    t = arange(6)
    s = t.untyped_storage()
    assert s.copy_(Tensor(np.full(6, 2.5, np.float32)).untyped_storage()) is s
    np.testing.assert_array_equal(t.asnumpy(), np.full(6, 2.5, np.float32))


def test_copy_keeps_bit_patterns_across_dtypes():
    t = arange(6)
    t.untyped_storage().copy_(arange(6, np.int32).untyped_storage())
    np.testing.assert_array_equal(t.asnumpy(), np.arange(6, dtype=np.int32).view(np.float32))


def test_copy_shows_in_views():
    t = arange(4)
    view = t[2:]
    t.untyped_storage().copy_(Tensor(np.zeros(4, np.float32)).untyped_storage())
    np.testing.assert_array_equal(view.asnumpy(), [0.0, 0.0])


def test_resize_to_zero_and_back_frees_and_restores():
    t = arange(6)
    s = t.untyped_storage()
    assert s.resize_(0) is s
    assert s.size() == 0 and t.untyped_storage().size() == 0
    s.resize_(24)
    s.copy_(Tensor(np.ones(6, np.float32)).untyped_storage())
    assert t.shape == (6,)
    np.testing.assert_array_equal(t.asnumpy(), np.ones(6, np.float32))


def test_resize_keeps_the_leading_bytes():
    t = arange(6)
    t.untyped_storage().resize_(48)
    assert t.untyped_storage().size() == 48
    np.testing.assert_array_equal(t.asnumpy(), np.arange(6, dtype=np.float32))


def test_resize_after_asnumpy_moves_the_tensor():
    # The array shares the old memory; the Tensor moves to new memory it can resize.
    t = arange(6)
    host = t.asnumpy()
    t.untyped_storage().resize_(0)
    assert t.untyped_storage().size() == 0
    np.testing.assert_array_equal(host, np.arange(6, dtype=np.float32))
    t.untyped_storage().resize_(24)
    t.untyped_storage().copy_(Tensor(np.full(6, 7.0, np.float32)).untyped_storage())
    np.testing.assert_array_equal(t.asnumpy(), np.full(6, 7.0, np.float32))


def test_storage_errors():
    s = arange(6).untyped_storage()
    with pytest.raises(RuntimeError, match="sizes must match, but self was 24 bytes and src was 12 bytes"):
        s.copy_(arange(3).untyped_storage())
    with pytest.raises(TypeError, match="'src' must be a StoragePy"):
        s.copy_(arange(6))
    with pytest.raises(RuntimeError, match="'size' must be an int, but got float"):
        s.resize_(2.0)
    with pytest.raises(ValueError, match="non-negative"):
        s.resize_(-1)


def test_index_by_a_tuple_of_index_tensors():
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    t = Tensor(x)
    rows, cols = np.array([1, 0]), np.array([2, 2])
    np.testing.assert_array_equal(t.index((Tensor(rows),)).asnumpy(), x[rows])
    np.testing.assert_array_equal(t.index([Tensor(rows), Tensor(cols)]).asnumpy(), x[rows, cols])
    np.testing.assert_array_equal(t.index((Tensor([True, False]),)).asnumpy(), x[[True, False]])


def test_index_errors():
    t = arange(6)
    with pytest.raises(TypeError, match="'indices' must be a tuple of Tensors, but got Tensor"):
        t.index(Tensor([1]))
    with pytest.raises(TypeError, match="but got tuple holding int"):
        t.index((1,))
    with pytest.raises(IndexError):
        t.index((Tensor([9]),))


def test_index_compiles():
    @ms.jit
    def pick(x, rows):
        return x.index((rows,))

    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    np.testing.assert_array_equal(pick(Tensor(x), Tensor([1, 0])).asnumpy(), x[[1, 0]])
