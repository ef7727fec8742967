"""The settings MindSpore keeps on a Parameter, checked as MindSpore 2.7.1 checks them,
and Parameter's copy / clone / set_dtype / requires_grad_."""
import numpy as np
import pytest

import spore as ms
from spore import Parameter, Tensor


def _param():
    return Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="w")


def test_defaults():
    p = _param()
    assert (p.key, p.sliced, p.comm_fusion, p.cache_enable, p.cache_shape) == (-1, False, 1, False, [])
    assert p.parallel_optimizer and not p.parallel_optimizer_comm_recompute and not p.layerwise_parallel
    assert p.requires_grad and p.inited_param is None


def test_setting_flags():
    p = _param()
    p.comm_fusion = 3
    p.key = 5
    p.sliced = True
    p.cache_enable = True
    p.cache_shape = (2, 3)
    p.parallel_optimizer_comm_recompute = True
    p.add_pipeline_stage(2)
    assert (p.comm_fusion, p.key, p.sliced, p.cache_enable, p.cache_shape) == (3, 5, True, True, [2, 3])
    assert p.parallel_optimizer_comm_recompute and p.pipeline_stages == [2]


@pytest.mark.parametrize("attr, value", [
    ("comm_fusion", "a"), ("key", "a"), ("cache_enable", 1), ("parallel_optimizer", 1),
    ("parallel_optimizer_comm_recompute", 1), ("layerwise_parallel", 1), ("requires_grad", 1),
])
def test_bad_flag_values_raise_type_error(attr, value):
    with pytest.raises(TypeError, match=attr):
        setattr(_param(), attr, value)


@pytest.mark.parametrize("kwargs", [{"requires_grad": 1}, {"layerwise_parallel": 1}, {"parallel_optimizer": 1}])
def test_bad_constructor_flags(kwargs):
    with pytest.raises(TypeError, match=next(iter(kwargs))):
        Parameter(Tensor([1.0]), **kwargs)


@pytest.mark.parametrize("stage", ["a", -1, True])
def test_bad_pipeline_stage(stage):
    with pytest.raises(TypeError, match="stage"):
        _param().add_pipeline_stage(stage)


def test_requires_grad_():
    p = _param()
    assert p.requires_grad_(False) is None and not p.requires_grad
    p.requires_grad_()
    assert p.requires_grad


def test_clone_copy_and_set_dtype():
    p = _param()
    p.comm_fusion = 4
    p.sliced = True
    c = p.clone()
    assert c.name == "w" and c is not p and c.comm_fusion == 4 and not c.sliced
    copy = p.copy()
    assert isinstance(copy, Parameter) and copy.name == "w"
    copy.set_data(Tensor(np.array([5.0, 6.0], np.float32)))
    np.testing.assert_array_equal(p.asnumpy(), [1.0, 2.0])
    assert p.set_dtype(ms.float16) is p and p.dtype is ms.float16
    np.testing.assert_array_equal(p.asnumpy(), np.array([1.0, 2.0], np.float16))


def test_param_info_describes_the_parameter():
    p = _param()
    info = p.param_info
    assert info is p.param_info
    assert (info.name, info.requires_grad, info.layerwise_parallel, info.parallel_optimizer, info.key) == \
        ("w", True, False, True, -1)
    info.requires_grad = False
    assert not p.requires_grad
    q = Parameter(Tensor([2.0]), name="q")
    q.set_param_info(info)
    assert q.name == "w" and not q.requires_grad
    with pytest.raises(TypeError, match="param_info"):
        q.set_param_info(1)
    with pytest.raises(AttributeError):
        info.shape
    t = Tensor([1.0])
    assert t.param_info is None
    t.set_param_info(info)
    assert t.param_info is info


def test_value_is_a_tensor_of_the_current_values():
    p = _param()
    v = p.value()
    assert type(v) is Tensor
    np.testing.assert_array_equal(v.asnumpy(), [1.0, 2.0])
    grad = ms.grad(lambda x: (x * p.value()).sum())(Tensor(np.ones(2, np.float32)))
    np.testing.assert_array_equal(grad.asnumpy(), [1.0, 2.0])
