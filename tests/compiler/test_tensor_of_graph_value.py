"""`Tensor(x)` / `tensor(x.asnumpy(), dtype)` on a value computed in a graph: the value
itself, cast to dtype (MindSpore's `tensor` doc example); NumPy use of it raises."""
import numpy as np
import pytest

import spore as ms
from spore import Tensor, jit, tensor
from spore.compiler.builder import GraphError


def test_tensor_of_asnumpy_is_the_value_cast():
    @jit
    def func(x):
        return tensor(x.asnumpy(), dtype=ms.float32)

    y = func(tensor([1, 2, 3]))
    assert y.dtype is ms.float32
    np.testing.assert_array_equal(y.asnumpy(), [1.0, 2.0, 3.0])


def test_tensor_class_of_a_graph_value_keeps_its_dtype():
    @jit
    def func(x):
        return Tensor(x * 2) + 1

    y = func(Tensor(np.array([1, 2], np.int32)))
    assert y.dtype is ms.int32
    np.testing.assert_array_equal(y.asnumpy(), [3, 5])


def test_numpy_on_a_graph_value_raises():
    @jit
    def func(x):
        return Tensor(np.sum(x.asnumpy()))

    with pytest.raises(GraphError, match="not known when the graph is compiled"):
        func(Tensor([1.0, 2.0]))


def test_shape_with_a_graph_value_raises():
    @jit
    def func(x):
        return Tensor(x, ms.float32, (2,))

    with pytest.raises(GraphError, match="takes no 'shape' or 'init'"):
        func(Tensor([1.0, 2.0]))


def test_a_graph_numpy_value_is_returned_as_an_array():
    @jit
    def func(x):
        return x.asnumpy(), {"doubled": (x * 2).asnumpy()}

    array, named = func(Tensor([1.0, 2.0]))   # MindSpore 2.7.1 (JIT Fallback): NumPy arrays
    assert isinstance(array, np.ndarray) and isinstance(named["doubled"], np.ndarray)
    np.testing.assert_array_equal(array, [1.0, 2.0])
    np.testing.assert_array_equal(named["doubled"], [2.0, 4.0])
