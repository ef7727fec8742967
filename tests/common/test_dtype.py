"""dtypes: names, aliases, NumPy conversion, promotion."""
import numpy as np
import pytest

import spore as ms
from spore.common import dtype as mstype


@pytest.mark.parametrize("dtype, name", [
    (ms.float32, "Float32"), (ms.int64, "Int64"), (ms.bool_, "Bool"), (ms.bfloat16, "BFloat16"),
    (ms.uint8, "UInt8"), (ms.complex64, "Complex64"), (ms.float16, "Float16"),
])
def test_dtypes_print_as_mindspore(dtype, name):
    assert str(dtype) == name
    assert repr(ms.float32) == "mindspore.float32"
    assert repr(ms.bool_) == "mindspore.bool"


def test_aliases():
    assert ms.half is ms.float16 and ms.single is ms.float32 and ms.double is ms.float64
    assert ms.intc is ms.int32 and ms.byte is ms.int8 and ms.ubyte is ms.uint8


@pytest.mark.parametrize("spelling", [ms.float32, np.float32, np.dtype("float32"), "float32", "Float32", float])
def test_as_dtype_accepts_every_spelling(spelling):
    assert mstype.as_dtype(spelling) is ms.float32


def test_as_dtype_rejects_unknown():
    with pytest.raises(TypeError, match="not a MindSpore data type"):
        mstype.as_dtype("float31")
    with pytest.raises(TypeError):
        mstype.as_dtype(object())


def test_numpy_and_python_conversion():
    assert ms.dtype_to_nptype(ms.int32) is np.int32
    assert ms.pytype_to_dtype(int) is ms.int64
    assert ms.dtype_to_pytype(ms.float64) is float
    assert ms.dtype_to_pytype(ms.bool_) is bool


@pytest.mark.parametrize("a, b, result", [
    (ms.int32, ms.float32, ms.float32), (ms.float16, ms.float32, ms.float32),
    (ms.int32, ms.int64, ms.int64), (ms.uint8, ms.int8, ms.int16), (ms.uint8, ms.int32, ms.int32),
    (ms.bool_, ms.int8, ms.int8), (ms.float16, ms.bfloat16, ms.float32),
    (ms.float64, ms.complex64, ms.complex128), (ms.float32, ms.complex64, ms.complex64), (ms.bool_, ms.bool_, ms.bool_),
])
def test_tensor_tensor_promotion(a, b, result):
    assert mstype.promote_types(a, b) is result
    assert mstype.promote_types(b, a) is result


@pytest.mark.parametrize("t, scalar, result", [
    (ms.int32, 1.5, ms.float32), (ms.float16, 1.5, ms.float16), (ms.int32, 2, ms.int32),
    (ms.bool_, 1, ms.int64), (ms.uint8, 300, ms.uint8), (ms.float64, 1j, ms.complex128),
])
def test_tensor_scalar_promotion(t, scalar, result):
    assert mstype.promote_with_scalar(t, scalar) is result


def test_dtypes_pickle_to_the_same_object():
    import pickle
    assert pickle.loads(pickle.dumps(ms.float16)) is ms.float16


def test_dtypes_named_like_python_builtins():
    from spore import bool as bool_dtype
    assert bool_dtype is ms.bool is ms.dtype.bool is ms.bool_
    assert ms.int is ms.dtype.int is ms.int32
    assert ms.float is ms.dtype.float is ms.float32
    # the module's own code still sees Python's builtins
    assert ms.pytype_to_dtype(bool) is ms.bool_ and ms.pytype_to_dtype(int) is ms.int64
    with pytest.raises(AttributeError, match="no attribute 'no_such_dtype'"):
        _ = ms.dtype.no_such_dtype
