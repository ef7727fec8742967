"""Tensor methods that are not operators: layout queries, copies and conversions, `new_*`
constructors, `select` / `resize` / `itemset` / `sum_to_size`, hooks, bookkeeping flags
and the module-level `tensor` / `from_numpy` / `is_tensor`."""
import numpy as np
import pytest

import spore as ms
from spore import Tensor
from spore.common.initializer import One

X = np.arange(6, dtype=np.float32).reshape(2, 3)


def test_layout_queries():
    x = Tensor(X)
    assert x.stride() == [3, 1] and x.stride(0) == 3 and x.stride(-1) == 1
    assert x.storage_offset() == 0 and x.is_contiguous()
    assert x.ndimension() == 2 and x.device == "CPU"
    assert isinstance(x.data_ptr(), int) and not x.is_pinned()
    with pytest.raises(IndexError, match="'dim'"):
        x.stride(2)
    with pytest.raises(TypeError, match="'dim'"):
        x.stride("0")


def test_transposed_views_and_contiguous():
    x = Tensor(X)
    np.testing.assert_array_equal(x.mT.asnumpy(), X.T)
    np.testing.assert_array_equal(Tensor(np.zeros((4, 2, 3))).mT.shape, (4, 3, 2))
    t = x.mT
    c = t.contiguous()
    assert c.is_contiguous()
    np.testing.assert_array_equal(c.asnumpy(), X.T)
    assert x.contiguous() is x
    with pytest.raises(ValueError, match="Tensor.mT"):
        Tensor([1.0, 2.0]).mT


def test_dtype_queries_and_conversions():
    x = Tensor(X)
    assert x.is_floating_point() and x.is_signed() and not x.is_complex()
    assert not Tensor(np.array([1], np.uint8)).is_signed()
    assert not Tensor([1, 2]).is_floating_point()
    assert x.byte().dtype is ms.uint8 and x.short().dtype is ms.int16
    assert x.type() == "Float32" and Tensor([1, 2]).type() == "Int64"
    assert x.type(ms.int32).dtype is ms.int32
    assert x.type_as(Tensor(np.array([1], np.int8))).dtype is ms.int8
    with pytest.raises(TypeError, match="'other'"):
        x.type_as(1)


def test_clone_is_a_copy_with_gradients():
    x = Tensor(X)
    c = x.clone()
    c[0, 0] = 9.0
    assert x.asnumpy()[0, 0] == 0.0
    grad = ms.grad(lambda a: (a.clone() * a).sum())(Tensor(X.astype(np.float64)))
    np.testing.assert_allclose(grad.asnumpy(), 2 * X)


def test_new_constructors():
    x = Tensor(X)
    full = x.new_full((2,), 3)
    assert full.dtype is ms.float32 and full.asnumpy().tolist() == [3.0, 3.0]
    assert x.new_ones(2).asnumpy().tolist() == [1.0, 1.0]
    zeros = x.new_zeros((1, 2), dtype=ms.int32)
    assert zeros.dtype is ms.int32 and zeros.shape == (1, 2)
    assert x.new_empty([3]).shape == (3,)
    with pytest.raises(TypeError, match="'size'"):
        x.new_ones("2")


def test_select():
    x = Tensor(X)
    np.testing.assert_array_equal(x.select(1, 2).asnumpy(), X[:, 2])
    np.testing.assert_array_equal(x.select(0, -1).asnumpy(), X[-1])
    with pytest.raises(IndexError, match="'index'"):
        x.select(1, 3)
    with pytest.raises(IndexError, match="'dim'"):
        x.select(2, 0)
    grad = ms.grad(lambda a: a.select(1, 0).sum())(Tensor(X))
    np.testing.assert_array_equal(grad.asnumpy(), [[1, 0, 0], [1, 0, 0]])


def test_resize_cuts_or_pads_with_zeros():
    x = Tensor(X)
    np.testing.assert_array_equal(x.resize(3, 2).asnumpy(), X.reshape(3, 2))
    np.testing.assert_array_equal(x.resize((1,)).asnumpy(), [0.0])
    np.testing.assert_array_equal(x.resize(2, 4).asnumpy(), [[0, 1, 2, 3], [4, 5, 0, 0]])
    assert x.shape == (2, 3)
    with pytest.raises(ValueError, match="negative"):
        x.resize(-1)


def test_itemset_returns_a_copy():
    x = Tensor(X)
    np.testing.assert_array_equal(x.itemset(1, 9.0).asnumpy(), [[0, 9, 2], [3, 4, 5]])
    np.testing.assert_array_equal(x.itemset((1, 1), 7).asnumpy(), [[0, 1, 2], [3, 7, 5]])
    np.testing.assert_array_equal(Tensor([2.0]).itemset(5.0).asnumpy(), [5.0])
    np.testing.assert_array_equal(x.asnumpy(), X)
    with pytest.raises(IndexError):
        x.itemset(6, 1.0)
    with pytest.raises(ValueError, match="index"):
        x.itemset(1.0)


def test_sum_to_size():
    x = Tensor(X)
    np.testing.assert_array_equal(x.sum_to_size(1, 3).asnumpy(), X.sum(0, keepdims=True))
    np.testing.assert_array_equal(x.sum_to_size((2, 1)).asnumpy(), X.sum(1, keepdims=True))
    np.testing.assert_array_equal(x.sum_to_size(3).asnumpy(), X.sum(0))
    with pytest.raises(ValueError, match="expandable"):
        x.sum_to_size(2, 2)


def test_argmax_and_argmin_with_value():
    x = Tensor(np.array([[1.0, 5.0, 2.0], [7.0, 0.0, 3.0]], np.float32))
    values, indices = x.argmax_with_value()
    np.testing.assert_array_equal(values.asnumpy(), [7, 5, 3])
    np.testing.assert_array_equal(indices.asnumpy(), [1, 0, 1])
    values, indices = x.argmin_with_value(axis=1, keep_dims=True)
    np.testing.assert_array_equal(values.asnumpy(), [[1], [0]])
    np.testing.assert_array_equal(indices.asnumpy(), [[0], [1]])


def test_data_value_and_move_to():
    x = Tensor(X)
    assert x.data is x and x.value() is x
    x.data = Tensor([1.0])
    assert x.shape == (1,)
    with pytest.raises(TypeError, match="'value'"):
        x.data = 3
    y = Tensor(X)
    moved = y.move_to("CPU")
    assert moved is not y
    np.testing.assert_array_equal(moved.asnumpy(), X)
    with pytest.raises(ValueError, match="'to'"):
        y.move_to("TPU")


def test_bytes_round_trip_and_set_dtype():
    x = Tensor(X)
    raw = x.get_bytes()
    assert raw == X.tobytes()
    back = Tensor.convert_bytes_to_tensor(raw, (3, 2), ms.float32)
    np.testing.assert_array_equal(back.asnumpy(), X.reshape(3, 2))
    with pytest.raises(ValueError, match="fill"):
        Tensor.convert_bytes_to_tensor(raw, (4,), ms.float32)
    assert x.set_dtype(ms.int32) is ms.int32
    assert x.dtype is ms.int32
    y = Tensor([1.0])
    assert y.assign_value_cpp(Tensor([2, 3])) is y and y.dtype is ms.int64


def test_bookkeeping_flags():
    x = Tensor(X)
    assert x.init is None and x.init_finished and not x.is_init() and not x.init_flag
    x.set_init_flag(True)
    assert x.init_flag
    assert not x.const_arg and x.set_const_arg(True) is x and x.const_arg
    assert Tensor(X, const_arg=True).const_arg
    with pytest.raises(TypeError, match="const_arg"):
        x.set_const_arg(1)
    assert x.param_info is None and x.symbolic_shape is None and not x.virtual_flag
    assert x.parent_tensor_ is None and x.index_of_parent_ is None
    assert x.data_sync() is None and x.wait_pipeline() is None and x.flush_from_cache() is None
    deferred = Tensor(shape=(2,), dtype=ms.float32, init=One())
    assert isinstance(deferred.init, One)


def test_hooks_and_remove_hook():
    x = Tensor(np.array([1.0, 2.0], np.float32))
    h1 = x.register_hook(lambda g: g * 2)
    h2 = x.register_hook(lambda g: g * 3)
    assert len(x.hooks()) == 2 and h1.id != h2.id
    Tensor.remove_hook(h1.id)
    assert len(x.hooks()) == 1
    np.testing.assert_array_equal(ms.grad(lambda a: (a * 1).sum())(x).asnumpy(), [3.0, 3.0])
    x.remove_hook(h2.id)
    assert x.hooks() == [] and Tensor([1.0]).hooks() == []
    with pytest.raises(TypeError, match="handle_id"):
        Tensor.remove_hook(h1)


def test_module_level_constructors():
    t = ms.tensor([1, 2])
    assert isinstance(t, Tensor) and t.dtype is ms.int64
    assert ms.tensor([1.0], ms.float16).dtype is ms.float16
    a = np.ones(2)
    assert ms.from_numpy(a).dtype is ms.float64 and Tensor.from_numpy(a).shape == (2,)
    with pytest.raises(TypeError, match="'array'"):
        ms.from_numpy([1, 2])
    assert ms.is_tensor(t) and ms.is_tensor(ms.Parameter(t)) and not ms.is_tensor(a)


def test_conjugate_transposes():
    x = Tensor(np.array([[1, 2], [3, 4]]))
    np.testing.assert_array_equal(x.H.asnumpy(), [[1, 3], [2, 4]])
    c = np.array([[0 + 0j, 1 + 1j], [2 + 2j, 3 + 3j]], np.complex64)
    np.testing.assert_array_equal(Tensor(c).mH.asnumpy(), c.conj().T)
    np.testing.assert_array_equal(Tensor(c).H.asnumpy(), c.conj().T)
    batch = np.arange(24.0).reshape(2, 3, 4)
    np.testing.assert_array_equal(Tensor(batch).mH.asnumpy(), batch.transpose(0, 2, 1))
    with pytest.raises(ValueError, match="2-D"):
        Tensor(batch).H
    with pytest.raises(ValueError, match="Tensor.mH"):
        Tensor([1.0]).mH


def test_select_with_a_condition():
    x = Tensor(np.array([2.0, 3.0], np.float32))
    out = Tensor.select(x, Tensor(np.array([True, False])), Tensor(np.array([1.0, 2.0], np.float32)))
    np.testing.assert_array_equal(out.asnumpy(), [2.0, 2.0])


def test_offload_writes_the_data(tmp_path):
    x = Tensor(X)
    assert x.offload_file_path() == ""
    path = str(tmp_path / "x.data")
    assert x.offload(path) is True and x.offload_file_path() == path
    with open(path, "rb") as f:
        back = Tensor.convert_bytes_to_tensor(f.read(), (2, 3), ms.float32)
    np.testing.assert_array_equal(back.asnumpy(), X)
    np.testing.assert_array_equal(x.asnumpy(), X)
    with pytest.raises(TypeError, match="file_path"):
        x.offload(1)


def test_dlpack_round_trip():
    x = Tensor(X)
    capsule = x.to_dlpack()
    back = Tensor.from_dlpack(capsule)
    assert back.dtype is ms.float32
    np.testing.assert_array_equal(back.asnumpy(), X)
    np.testing.assert_array_equal(Tensor.from_dlpack(np.ones(2)).asnumpy(), [1.0, 1.0])
    with pytest.raises(TypeError, match="'dlpack'"):
        Tensor.from_dlpack(3)


def test_pinned_memory():
    x = Tensor(X)
    assert not x.is_pinned()
    try:
        pinned = x.pin_memory()
    except RuntimeError as e:
        assert "needs a GPU" in str(e)
    else:
        assert pinned.is_pinned()
        np.testing.assert_array_equal(pinned.asnumpy(), X)


def test_ops_is_tensor():
    assert ms.ops.is_tensor(Tensor([1.0])) and not ms.ops.is_tensor([1.0])


def test_requires_grad_delta_seed_and_device_address_as_mindspore():
    t = Tensor(np.ones(2, np.float32))
    assert t.requires_grad_() is None and t.requires_grad_(False) is None
    assert Tensor.delta_seed == 0
    p = ms.Parameter(Tensor(np.ones(2, np.float32)), name="w")
    p.requires_grad_(False)
    assert p.requires_grad is False
    with pytest.raises(RuntimeError, match="only support Ascend"):
        t.set_device_address(0, (2,), ms.float32)
