"""Distributed-training settings (auto-parallel context, parameter-server context,
strategy-search options), Layout and shard."""
import numpy as np
import pytest

import spore as ms
from spore import nn, parallel
from spore.parallel import Layout


@pytest.fixture(autouse=True)
def reset_settings():
    yield
    ms.reset_auto_parallel_context()
    ms.reset_algo_parameters()
    ms.context.reset_ps_context()


def test_auto_parallel_defaults():
    assert ms.get_auto_parallel_context("parallel_mode") == "stand_alone"
    assert ms.get_auto_parallel_context("dataset_strategy") == "data_parallel"
    assert ms.get_auto_parallel_context("device_num") == 1
    assert ms.get_auto_parallel_context("gradients_mean") is False
    assert ms.get_auto_parallel_context("all_reduce_fusion_config") == []
    assert ms.get_auto_parallel_context("optimizer_weight_shard_size") == -1
    assert ms.get_auto_parallel_context("pipeline_scheduler") == "1f1b"


def test_auto_parallel_set_get_reset():
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True, device_num=8,
                                 all_reduce_fusion_config=[20, 35])
    assert ms.get_auto_parallel_context("parallel_mode") == "data_parallel"
    assert ms.get_auto_parallel_context("gradients_mean") is True
    assert ms.get_auto_parallel_context("device_num") == 8
    assert ms.get_auto_parallel_context("all_reduce_fusion_config") == [20, 35]
    ms.reset_auto_parallel_context()
    assert ms.get_auto_parallel_context("parallel_mode") == "stand_alone"
    assert ms.get_auto_parallel_context("device_num") == 1


def test_auto_parallel_derived_settings():
    ms.set_auto_parallel_context(dataset_strategy="full_batch")
    assert ms.get_auto_parallel_context("full_batch") is True
    assert ms.get_auto_parallel_context("full_batch_is_set") is True
    ms.set_auto_parallel_context(dataset_strategy=((1, 8), (1, 8)))
    assert ms.get_auto_parallel_context("dataset_strategy") == [[1, 8], [1, 8]]
    ms.set_auto_parallel_context(search_mode="sharding_propagation")
    assert ms.get_auto_parallel_context("auto_parallel_search_mode") == "sharding_propagation"
    ms.set_auto_parallel_context(pipeline_config={"pipeline_interleave": True, "pipeline_scheduler": "gpipe"})
    assert ms.get_auto_parallel_context("pipeline_interleave") is True
    assert ms.get_auto_parallel_context("pipeline_scheduler") == "gpipe"


def test_auto_parallel_values_are_copies():
    ms.get_auto_parallel_context("comm_fusion")["openstate"] = False
    assert ms.get_auto_parallel_context("comm_fusion")["openstate"] is True


@pytest.mark.parametrize("kwargs, error, match", [
    (dict(foo=1), ValueError, "foo is not recognized"),
    (dict(parallel_mode="bad"), ValueError, "parallel_mode"),
    (dict(device_num=0), ValueError, "device_num"),
    (dict(device_num="a"), TypeError, "device_num"),
    (dict(global_rank=4096), ValueError, "global_rank"),
    (dict(gradients_mean=1), TypeError, "gradients_mean"),
    (dict(pipeline_stages=0), ValueError, "pipeline_stages"),
    (dict(search_mode="bad"), ValueError, "search_mode"),
    (dict(dataset_strategy="bad"), ValueError, "dataset_strategy"),
    (dict(dataset_strategy=1), TypeError, "dataset_strategy"),
    (dict(grad_accumulation_step=0), ValueError, "grad_accumulation_step"),
    (dict(all_reduce_fusion_config=[3, 1]), ValueError, "ascending"),
    (dict(all_reduce_fusion_config="a"), TypeError, "all_reduce_fusion_config"),
    (dict(comm_fusion=1), TypeError, "comm_fusion"),
])
def test_auto_parallel_rejects(kwargs, error, match):
    with pytest.raises(error, match=match):
        ms.set_auto_parallel_context(**kwargs)


def test_auto_parallel_checks_all_before_applying():
    with pytest.raises(TypeError):
        ms.set_auto_parallel_context(device_num=4, gradients_mean=1)
    assert ms.get_auto_parallel_context("device_num") == 1


def test_auto_parallel_get_rejects_unknown_and_write_only_keys():
    for key in ("foo", "pipeline_config"):
        with pytest.raises(ValueError, match="not recognized"):
            ms.get_auto_parallel_context(key)


def test_ps_context():
    assert ms.get_ps_context("enable_ps") is False
    assert ms.get_ps_context("scheduler_port") == 6667
    ms.set_ps_context(enable_ps=True, enable_ssl=True, client_password="", server_password="")
    assert ms.get_ps_context("enable_ps") is True
    with pytest.raises(TypeError, match="enable_ps"):
        ms.set_ps_context(enable_ps=1)
    with pytest.raises(ValueError, match="not recognized"):
        ms.set_ps_context(foo=1)
    with pytest.raises(ValueError, match="not recognized"):
        ms.get_ps_context("client_password")


def test_algo_parameters():
    assert ms.get_algo_parameters("fully_use_devices") is False
    assert ms.get_algo_parameters("tensor_slice_align_size") == 16
    ms.set_algo_parameters(tensor_slice_align_size=32, algo_approxi_epsilon=0.5)
    assert ms.get_algo_parameters("tensor_slice_align_size") == 32
    assert ms.get_algo_parameters("algo_approxi_epsilon") == 0.5
    ms.reset_algo_parameters()
    assert ms.get_algo_parameters("tensor_slice_align_size") == 16


@pytest.mark.parametrize("kwargs, error", [
    (dict(fully_use_devices=1), TypeError), (dict(tensor_slice_align_size=0), ValueError),
    (dict(tensor_slice_align_size=1025), ValueError), (dict(algo_approxi_epsilon=0.0), ValueError),
    (dict(algo_approxi_epsilon=2.0), ValueError), (dict(foo=1), ValueError),
])
def test_algo_parameters_reject(kwargs, error):
    with pytest.raises(error):
        ms.set_algo_parameters(**kwargs)


def test_layout_tensor_maps():
    layout = Layout((2, 2, 2), ("dp", "sp", "mp"))
    assert layout("dp", "mp").to_dict() == {
        "device_matrix": (2, 2, 2), "tensor_map": (2, 0), "interleaved_parallel": False,
        "alias_name": ("dp", "sp", "mp"), "rank_list": [0, 1, 2, 3, 4, 5, 6, 7]}
    assert layout("dp", "None").to_dict()["tensor_map"] == (2, -1)
    assert layout(("dp", "sp"), "mp").to_dict()["tensor_map"] == ((2, 1), 0)
    interleaved = Layout((2, 2, 2), ("dp", "sp", "interleaved_parallel"))
    assert interleaved(("dp", "interleaved_parallel"), "sp").to_dict()["interleaved_parallel"] is True
    assert Layout((2, 4), ("a", "b"), rank_list=list(range(8, 16)))("a", "b").to_dict()["rank_list"] == list(
        range(8, 16))


@pytest.mark.parametrize("args, error, match", [
    (((2, 2), ("a",)), ValueError, "length"),
    (((2, 2), ("a", "a")), ValueError, "different"),
    (((2, "x"), ("a", "b")), TypeError, "int type"),
    (([2, 2], ("a", "b")), TypeError, "tuple type"),
    (((2, 2), ("a", "None")), ValueError, "'None'"),
    (((2, 2), ("a", 1)), TypeError, "str type"),
])
def test_layout_rejects(args, error, match):
    with pytest.raises(error, match=match):
        Layout(*args)


def test_layout_call_rejects():
    layout = Layout((2, 2), ("dp", "mp"))
    with pytest.raises(ValueError, match="more than one"):
        layout("dp", "dp")
    with pytest.raises(ValueError, match="not found"):
        layout("x")
    with pytest.raises(ValueError, match="tensor_map of layout is None"):
        layout.to_dict()


def test_shard_function_computes_as_is():
    sharded = ms.shard(lambda x: x * 2, in_strategy=((1,),))
    np.testing.assert_allclose(sharded(ms.Tensor([1.0, 2.0])).asnumpy(), [2.0, 4.0])
    assert sharded.shard_strategy["in_strategy"] == ((1,),)


def test_shard_cell_records_and_returns_it():
    net = nn.Dense(2, 2)
    assert ms.shard(net, in_strategy=((1, 1),)) is net
    assert net(ms.Tensor(np.ones((1, 2), np.float32))).shape == (1, 2)


def test_shard_rejects():
    with pytest.raises(TypeError, match="in_strategy"):
        ms.shard(lambda x: x, in_strategy=1)
    with pytest.raises(TypeError, match="parameter_plan"):
        ms.shard(lambda x: x, in_strategy=((1,),), parameter_plan=1)



def test_merge_sliced_parameter_is_the_checkpoint_tools_one():
    from spore import parallel
    from spore.train import checkpoint_tools
    assert parallel.merge_sliced_parameter is checkpoint_tools.merge_sliced_parameter
    assert ms.merge_sliced_parameter is checkpoint_tools.merge_sliced_parameter


def test_parallel_holds_the_checkpoint_tools_of_spore_train():
    from spore.train import checkpoint_transform, pipeline_checkpoints, unified_safetensors

    assert parallel.transform_checkpoints is checkpoint_transform.transform_checkpoints
    assert parallel.convert_checkpoints is checkpoint_transform.transform_checkpoints
    assert parallel.rank_list_for_convert is checkpoint_transform.rank_list_for_transform
    assert parallel.load_segmented_checkpoints is pipeline_checkpoints.load_segmented_checkpoints
    assert parallel.unified_safetensors is unified_safetensors.unified_safetensors
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        parallel.nothing_here
