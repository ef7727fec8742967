"""Tensor: construction, metadata, host data, printing (str and MindSpore's repr)."""
import copy
import pickle

import numpy as np
import pytest

import spore as ms
from spore import Tensor
from spore.common.initializer import Normal, initializer


@pytest.mark.parametrize("data, dtype", [
    (1, ms.int64), (1.0, ms.float32), (True, ms.bool_), ([1, 2], ms.int64), ([1, 2.5], ms.float32),
    ([[True, False]], ms.bool_), (np.array([1, 2], np.int32), ms.int32),
    (np.array([1.0]), ms.float64), (np.float16(1.5), ms.float16), ((1, 2), ms.int64), (1 + 2j, ms.complex64),
])
def test_default_dtypes(data, dtype):
    assert Tensor(data).dtype is dtype


def test_explicit_dtype_and_copy_semantics():
    a = np.array([1.0, 2.0], np.float32)
    t = Tensor(a, ms.float16)
    assert t.dtype is ms.float16
    b = Tensor(a)
    a[0] = 9
    assert b.asnumpy()[0] == 1.0, "construction copies the NumPy data"
    assert Tensor(1, ms.float32).dtype is ms.float32
    assert Tensor(Tensor([1, 2]), ms.float32).dtype is ms.float32


@pytest.mark.parametrize("data", [[1 + 2j, 3], 2.5 + 3j, np.array([1.5 - 2j, 3j], np.complex64)])
@pytest.mark.parametrize("dtype", [ms.int32, ms.float32])
def test_complex_data_asked_for_as_real_dtype_keeps_the_real_part(data, dtype):
    t = Tensor(data, dtype)
    assert t.dtype is dtype
    np.testing.assert_array_equal(t.asnumpy(), np.real(np.asarray(data)).astype(ms.dtype_to_nptype(dtype)))


def test_from_list_of_tensors():
    t = Tensor([Tensor(1.0), Tensor(2.0)])
    assert t.shape == (2,) and t.dtype is ms.float32


def test_shape_only_gives_zeros():
    t = Tensor(shape=(2, 3), dtype=ms.float32)
    np.testing.assert_array_equal(t.asnumpy(), np.zeros((2, 3), np.float32))


@pytest.mark.parametrize("bad", [None, "abc", {1: 2}, object()])
def test_bad_input_data(bad):
    with pytest.raises(TypeError, match="For 'Tensor'"):
        Tensor(bad)


def test_metadata():
    t = Tensor(np.zeros((2, 3), np.float32))
    assert (t.shape, t.ndim, t.size, t.itemsize, t.nbytes) == ((2, 3), 2, 6, 4, 24)
    assert t.strides == (12, 4)
    assert t.dim() == 2 and t.numel() == 6 and len(t) == 2
    assert Tensor([1], ms.float64).itemsize == 8


def test_host_conversions():
    t = Tensor([[1.5, 2.0]])
    assert t.tolist() == [[1.5, 2.0]]
    assert Tensor([5]).item() == 5
    assert float(Tensor([2.5])) == 2.5 and int(Tensor(3)) == 3
    assert bool(Tensor([1])) is True
    np.testing.assert_array_equal(np.asarray(t), t.asnumpy())
    view = t.asnumpy()
    view[0, 0] = 7
    assert t.asnumpy()[0, 0] == 7, "asnumpy shares memory, as in MindSpore"


def test_host_conversion_errors():
    with pytest.raises(ValueError):
        Tensor([1, 2]).item()
    with pytest.raises(ValueError):
        bool(Tensor([1, 2]))
    with pytest.raises(TypeError):
        len(Tensor(1))


def test_bfloat16_reads_back_as_float32():
    t = Tensor([1.5, -2.0], ms.bfloat16)
    assert t.dtype is ms.bfloat16
    np.testing.assert_array_equal(t.asnumpy(), np.array([1.5, -2.0], np.float32))


def test_deferred_initialization():
    ms.set_seed(1)
    t = initializer(Normal(0.02), [3, 4], ms.float32)
    assert t.has_init and t.shape == (3, 4) and t.dtype is ms.float32
    t.init_data()
    assert not t.has_init and 0 < np.std(t.asnumpy()) < 0.1


@pytest.mark.parametrize("tensor, text", [
    (Tensor(2.0), "Tensor(shape=[], dtype=Float32, value= 2)"),
    (Tensor(0.5), "Tensor(shape=[], dtype=Float32, value= 0.5)"),
    (Tensor(-2.0), "Tensor(shape=[], dtype=Float32, value= -2)"),
    (Tensor(1234567.0), "Tensor(shape=[], dtype=Float32, value= 1.23457e+06)"),
    (Tensor(3), "Tensor(shape=[], dtype=Int64, value= 3)"),
    (Tensor(True), "Tensor(shape=[], dtype=Bool, value= True)"),
    (Tensor([2.0]), "Tensor(shape=[1], dtype=Float32, value= [ 2.00000000e+00])"),
    (Tensor([-1.5, 2.0]), "Tensor(shape=[2], dtype=Float32, value= [-1.50000000e+00,  2.00000000e+00])"),
    (Tensor([[4.0, 6, 8]]),
     "Tensor(shape=[1, 3], dtype=Float32, value=\n[[ 4.00000000e+00,  6.00000000e+00,  8.00000000e+00]])"),
    (Tensor([-1, 20, 3]), "Tensor(shape=[3], dtype=Int64, value= [-1, 20,  3])"),
    (Tensor([[-1, 20], [3, 4]], ms.int32), "Tensor(shape=[2, 2], dtype=Int32, value=\n[[-1, 20],\n [ 3,  4]])"),
    (Tensor([True, False]), "Tensor(shape=[2], dtype=Bool, value= [ True, False])"),
    (Tensor([1.5, -2], ms.float16), "Tensor(shape=[2], dtype=Float16, value= [ 1.5000e+00, -2.0000e+00])"),
    (Tensor([1.5, 1e-300], ms.float64),
     "Tensor(shape=[2], dtype=Float64, value= [ 1.50000000e+00, 1.00000000e-300])"),
    (Tensor([np.nan, np.inf, -np.inf]),
     "Tensor(shape=[3], dtype=Float32, value= [            nan,             inf,            -inf])"),
    (Tensor(np.ones((1, 2, 1, 1), np.float32)),
     "Tensor(shape=[1, 2, 1, 1], dtype=Float32, value=\n[[[[ 1.00000000e+00]],\n  [[ 1.00000000e+00]]]])"),
    (Tensor(np.zeros((0, 3), np.float32)), "Tensor(shape=[0, 3], dtype=Float32, value=\n)"),
    (Tensor([], ms.float32), "Tensor(shape=[0], dtype=Float32, value= )"),
    (Tensor([1.5], ms.bfloat16), "Tensor(shape=[1], dtype=BFloat16, value= [1.5])"),
    (Tensor(1 + 2j), "Tensor(shape=[], dtype=Complex64, value= 1+2j)"),
])
def test_repr_matches_mindspore(tensor, text):
    assert repr(tensor) == text


def test_repr_of_large_tensors_is_summarized():
    text = repr(Tensor(np.arange(2000, dtype=np.float32)))
    assert text == ("Tensor(shape=[2000], dtype=Float32, value= [ 0.00000000e+00,  1.00000000e+00,  "
                    "2.00000000e+00 ...  1.99700000e+03,  1.99800000e+03,  1.99900000e+03])")


def test_repr_of_3d_tensor_nests_like_mindspore():
    text = repr(Tensor(np.arange(8).reshape(2, 2, 2).astype(np.float32)))
    assert text.splitlines()[1:] == [
        "[[[ 0.00000000e+00,  1.00000000e+00],",
        "  [ 2.00000000e+00,  3.00000000e+00]],",
        " [[ 4.00000000e+00,  5.00000000e+00],",
        "  [ 6.00000000e+00,  7.00000000e+00]]])",
    ]


@pytest.mark.parametrize("tensor, text", [
    (Tensor([4.0, 10, 18]), "[ 4. 10. 18.]"), (Tensor(2.0), "2.0"), (Tensor([[1, 2], [3, 4]]), "[[1 2]\n [3 4]]"),
    (Tensor(True), "True"), (Tensor(1 + 2j), "(1+2j)"),
])
def test_str_is_numpy_style(tensor, text):
    assert str(tensor) == text


def test_containers_print_reprs():
    assert str((Tensor([1, 2]), Tensor(1.0))) == (
        "(Tensor(shape=[2], dtype=Int64, value= [1, 2]), Tensor(shape=[], dtype=Float32, value= 1))")


def test_pickle_and_deepcopy_roundtrip():
    t = Tensor([1.0, 2.0], ms.float16)
    for copied in (pickle.loads(pickle.dumps(t)), copy.deepcopy(t)):
        assert copied.dtype is ms.float16
        np.testing.assert_array_equal(copied.asnumpy(), t.asnumpy())


def test_tensors_are_hashable_by_identity():
    a, b = Tensor(1), Tensor(1)
    assert len({a, b}) == 2
