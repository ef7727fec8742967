"""Parameter and ParameterTuple."""
import numpy as np
import pytest

import spore as ms
from spore import Parameter, ParameterTuple, Tensor
from spore.common.initializer import initializer


def test_parameter_basics():
    p = Parameter(Tensor([1.0, 2.0]), name="w")
    assert p.name == "w" and p.requires_grad and p.data is p
    assert repr(p) == "Parameter (name=w, shape=(2,), dtype=Float32, requires_grad=True)"
    assert isinstance(p, Tensor)


def test_default_names_are_unique():
    a, b = Parameter(Tensor([1.0])), Parameter(Tensor([1.0]))
    assert a.name != b.name and a.name.startswith("Parameter")


@pytest.mark.parametrize("value, dtype", [(1.0, ms.float32), (3, ms.int32), (np.ones(2), ms.float64)])
def test_parameter_from_python_values(value, dtype):
    assert Parameter(value).dtype is dtype


def test_parameter_from_initializer_is_materialized():
    p = Parameter(initializer("ones", [2, 3], ms.float32), name="p")
    p.init_data()
    np.testing.assert_array_equal(p.asnumpy(), np.ones((2, 3), np.float32))


def test_set_data_replaces_values():
    p = Parameter(Tensor([1.0, 2.0]), name="w")
    p.set_data(Tensor([5.0, 6.0]))
    np.testing.assert_array_equal(p.asnumpy(), [5.0, 6.0])
    p.set_data(Tensor([1, 2]))  # int data into a float Parameter is cast
    assert p.dtype is ms.float32


def test_set_data_checks_shape_and_dtype():
    p = Parameter(Tensor([1.0, 2.0]), name="w")
    with pytest.raises(ValueError, match="'w'.*shape"):
        p.set_data(Tensor([1.0, 2.0, 3.0]))
    q = Parameter(Tensor([1, 2], ms.int32), name="q")
    with pytest.raises(TypeError, match="'q'"):
        q.set_data(Tensor([1.5, 2.5]))


def test_clone_copies_data_and_flags():
    p = Parameter(Tensor([1.0, 2.0]), name="w", requires_grad=False)
    c = p.clone()
    assert c.name == "w" and not c.requires_grad
    p.set_data(Tensor([3.0, 4.0]))
    np.testing.assert_array_equal(c.asnumpy(), [1.0, 2.0])


def test_parameter_arithmetic_gives_tensors():
    p = Parameter(Tensor([1.0, 2.0]), name="w")
    out = p + 1
    assert type(out) is Tensor
    np.testing.assert_array_equal(out.asnumpy(), [2.0, 3.0])


def test_parameter_tuple():
    a, b = Parameter(Tensor([1.0]), name="a"), Parameter(Tensor([2.0]), name="b")
    pt = ParameterTuple([a, b])
    assert len(pt) == 2 and pt[0] is a
    assert [p.name for p in pt.clone("m")] == ["m.a", "m.b"]
    with pytest.raises(TypeError, match="ParameterTuple"):
        ParameterTuple([a, Tensor([1.0])])


def test_bad_name():
    with pytest.raises(ValueError, match="name"):
        Parameter(Tensor([1.0]), name=3)
