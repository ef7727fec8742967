"""MindSpore's generated and per-family module paths (`ops.auto_generate`,
`ops.functional_overload`, `ops.function.{math,array,nn}_func`) hold spore's own objects:
the `*_ext` / `*_view` names are the mint functions with mint semantics. Expected values
from MindSpore 2.7.1's documentation examples."""
import numpy as np
import pytest

import spore as ms
from spore import Tensor, mint, ops
from spore.mint.nn import functional as F
from spore.ops.function import array_func, math_func, nn_func


def test_ext_names_are_the_mint_functions():
    assert ops.auto_generate.flatten_ext is mint.flatten
    assert ops.auto_generate.transpose_ext_view is mint.transpose
    assert ops.auto_generate.bmm_ext is mint.bmm
    assert ops.auto_generate.narrow is mint.narrow
    assert ops.auto_generate.select_ext_view is mint.select
    assert math_func.amax_ext is mint.amax and math_func.amin_ext is mint.amin
    assert array_func.gather_ext is mint.gather
    assert nn_func.softmax_ext is F.softmax and nn_func.glu_ext is F.glu
    assert ops.functional_overload.any is mint.any


def test_primitive_classes_and_ops_functions_resolve_by_name():
    assert ops.auto_generate.Add is ops.Add
    assert ops.auto_generate.abs is ops.abs
    assert math_func.cumsum is ops.cumsum
    assert "flatten_ext" in dir(ops.auto_generate)


def test_unknown_name_raises_attribute_error():
    with pytest.raises(AttributeError, match="auto_generate"):
        ops.auto_generate.not_an_op
    with pytest.raises(AttributeError, match="math_func"):
        math_func.not_an_op


def test_ext_semantics_are_mint_semantics():
    x = Tensor(np.arange(1, 10, dtype=np.float32).reshape(3, 3))
    assert math_func.amax_ext(x, 1, keepdim=True).shape == (3, 1)
    np.testing.assert_array_equal(math_func.amax_ext(x).asnumpy(), 9.0)
    ones = Tensor(np.ones((2, 3, 4), np.float32))
    assert ops.auto_generate.transpose_ext_view(ones, 0, 2).shape == (4, 3, 2)
    index = Tensor(np.array([[0, 0], [1, 1]]), ms.int32)
    np.testing.assert_allclose(array_func.gather_ext(x, 1, index).asnumpy(), [[1, 1], [5, 5]])
    flags = ms.tensor([[True, False], [False, False]])
    np.testing.assert_array_equal(ops.functional_overload.any(flags, dim=1).asnumpy(), [True, False])
    glu = nn_func.glu_ext(Tensor([[0.1, 0.2, 0.3, 0.4], [0.5, 0.6, 0.7, 0.8]]))
    np.testing.assert_allclose(glu.asnumpy(), [[0.05744425, 0.11973753], [0.33409387, 0.41398472]], rtol=1e-6)
