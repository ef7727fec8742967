"""Cell: backward pre-hooks, attributes set before super().__init__(), and MindSpore's
recorded settings (scope, prefixes, pipeline stage, shard, jit config, comm fusion,
mixed precision type, instance bookkeeping). Expected values were checked against
MindSpore 2.7.1."""
import gc

import numpy as np
import pytest

import spore as ms
from spore import Parameter, Tensor, nn
from spore.common.api import JitConfig


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(2, 2, weight_init="ones", bias_init="zeros")

    def construct(self, x):
        return self.fc(x) * 2


X = Tensor(np.array([[1.0, 2.0]], np.float32))


def test_backward_pre_hook_sees_and_replaces_the_output_gradient():
    n = Net()
    seen = []

    def pre_hook(cell, grad_output):
        seen.append((cell, [g.asnumpy().tolist() for g in grad_output]))
        return (grad_output[0] * 10,)

    handle = n.register_backward_pre_hook(pre_hook)
    assert n.enable_backward_hook
    np.testing.assert_array_equal(ms.grad(n)(X).asnumpy(), [[40.0, 40.0]])
    assert seen == [(n, [[[1.0, 1.0]]])]
    handle.remove()
    np.testing.assert_array_equal(ms.grad(n)(X).asnumpy(), [[4.0, 4.0]])
    assert not n.enable_backward_hook
    with pytest.raises(TypeError, match="hook_fn"):
        n.register_backward_pre_hook(1)


def test_backward_pre_hook_runs_before_backward_hooks():
    n = Net()
    order = []
    n.register_backward_pre_hook(lambda cell, grad: order.append("pre"))
    n.register_backward_hook(lambda cell_id, grad_in, grad_out: order.append("hook"))
    ms.grad(n)(X)
    assert order == ["pre", "hook"]


def test_bad_backward_pre_hook_result():
    n = Net()
    n.register_backward_pre_hook(lambda cell, grad: (grad[0], grad[0]))
    with pytest.raises(TypeError, match="backward pre hook"):
        ms.grad(n)(X)


def test_plain_attributes_before_super_init():
    class Early(nn.Cell):
        def __init__(self):
            self.scale = 3.0
            super().__init__()
            self.w = Parameter(Tensor([2.0]))

        def construct(self, x):
            return x * self.w * self.scale

    np.testing.assert_array_equal(Early()(Tensor([1.0])).asnumpy(), [6.0])

    class TooEarly(nn.Cell):
        def __init__(self):
            self.w = Parameter(Tensor([2.0]))
            super().__init__()

    with pytest.raises(AttributeError, match=r"super\(\)\.__init__\(\) must be called"):
        TooEarly()


def test_scope_and_prefixes():
    n = Net()
    assert n.get_scope() is None
    n.generate_scope()
    assert n.fc.get_scope() == "Default/fc-Dense" and n.get_scope() is None
    assert n.param_prefix == ""
    n.update_cell_prefix()
    assert n.fc.param_prefix == "fc"
    n.update_cell_type("quant")
    assert n.cell_type == "quant"


def test_pipeline_stage():
    n = Net()
    assert n.pipeline_stage == 0
    n.pipeline_stage = 2
    assert n.pipeline_stage == 2
    with pytest.raises(ValueError, match="less than 0"):
        n.pipeline_stage = -1
    with pytest.raises(TypeError, match="pipeline_stage"):
        n.pipeline_stage = "a"


def test_parallel_settings_are_recorded():
    n = Net()
    n.set_comm_fusion(3)
    assert n.fc.weight.comm_fusion == 3 and n.fc.bias.comm_fusion == 3
    assert n.set_broadcast_flag() is n and n.get_flags()["broadcast_flag"]
    n.set_data_parallel()
    assert n.fc.get_flags()["data_parallel"]
    assert n.shard(((1, 1),)) is n
    with pytest.raises(TypeError, match="in_strategy"):
        n.shard([1])
    assert list(n.parameters_broadcast_dict()) == ["fc.weight", "fc.bias"]
    assert n.parameter_layout_dict == {} and n.parallel_parameter_name_list == ()
    with pytest.raises(TypeError, match="parallel_parameter_merge_net_dict"):
        n.parallel_parameter_merge_net_dict = []


def test_jit_config_boost_and_bprop_debug():
    n = Net()
    assert n.jit_config_dict == {}
    n.set_jit_config(JitConfig(jit_level="O1"))
    assert n.jit_config_dict["jit_level"] == "O1"
    n.set_jit_config(JitConfig(jit_level="O0"))
    assert n.jit_config_dict["jit_level"] == "O1"
    assert n.set_boost("less_bn") is n and n.fc.get_flags()["less_bn"]
    with pytest.raises(ValueError, match="boost_type"):
        n.set_boost("fast")
    assert not n.bprop_debug
    n.bprop_debug = True
    assert n.bprop_debug
    with pytest.raises(TypeError, match="bprop_debug"):
        n.bprop_debug = 1


def test_mixed_precision_type():
    n = Net()
    assert n.get_mixed_precision_type() is None
    n.set_mixed_precision_type(ms.float16)
    assert n.get_mixed_precision_type() is ms.float16
    assert n(X).dtype is ms.float16
    with pytest.raises(ValueError, match="mixed_type"):
        n.set_mixed_precision_type(ms.int32)


def test_cast_inputs_run_construct_and_compile_and_run():
    n = Net()
    cast = n.cast_inputs((Tensor([1.0]), Tensor(np.array([1], np.int32)), 3, (Tensor([2.0]),)), ms.float16)
    assert cast[0].dtype is ms.float16 and cast[1].dtype is ms.int32 and cast[2] == 3
    assert cast[3][0].dtype is ms.float16
    np.testing.assert_array_equal(n.run_construct((X,), {}).asnumpy(), [[6.0, 6.0]])
    assert not n.compiled
    np.testing.assert_array_equal(n.compile_and_run(X).asnumpy(), [[6.0, 6.0]])
    assert n.compiled


def test_instance_bookkeeping():
    gc.collect()
    before = nn.Cell.total_instance_count
    n = Net()
    assert nn.Cell.total_instance_count == before + 2
    assert nn.Cell.global_cells[n][0] is Net
    assert Net().create_time > n.create_time
    del n
    gc.collect()
    assert nn.Cell.total_instance_count == before
    assert "_params" in nn.Cell.IGNORE_LIST and nn.Cell.T_destination.__name__ == "T_destination"
    assert isinstance(Net().compile_cache, set) and Net().phase_cache == {} and Net().compile_phase is None
    assert Net().exist_names == set() and Net().exist_objs == set() and Net().cell_init_args is None


def test_offload_is_recorded():
    n = Net()
    assert n.offload() is None and n._offload_prefetch == "Auto"
    n.offload(backward_prefetch=3)
    assert n._offload_prefetch == 3
    with pytest.raises(ValueError, match="backward_prefetch"):
        n.offload(backward_prefetch="x")


class Scaled(nn.Cell):
    def construct(self, x, y=1.0):
        return x * y


def test_forward_hooks_with_kwargs():
    n = Scaled()
    seen = []
    n.register_forward_pre_hook(lambda cell_id, args, kwargs: (args, {"y": kwargs["y"] * 10}), with_kwargs=True)
    n.register_forward_hook(lambda cell_id, args, kwargs, out: seen.append(kwargs["y"].asnumpy().tolist()) or out + 1,
                            with_kwargs=True)
    out = n(Tensor([1.0]), y=Tensor([2.0]))
    np.testing.assert_array_equal(out.asnumpy(), [21.0])
    assert seen == [[20.0]]


def test_forward_hook_with_kwargs_errors():
    n = Scaled()
    with pytest.raises(TypeError, match="with_kwargs"):
        n.register_forward_hook(lambda *a: None, with_kwargs=1)
    n.register_forward_pre_hook(lambda cell_id, args, kwargs: args, with_kwargs=True)
    with pytest.raises(TypeError, match=r"tuple \(args, kwargs\)"):
        n(Tensor([1.0]))
