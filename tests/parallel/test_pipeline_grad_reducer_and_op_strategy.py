"""nn.PipelineGradReducer on one stage and parallel.set_op_strategy_config: values,
exceptions and messages observed on MindSpore 2.7.1 (CPU) written in."""
import os

import numpy as np
import pytest

import spore as ms
from spore import nn
from spore.parallel import auto_parallel_context


@pytest.fixture
def parameters():
    net = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
    return nn.Momentum(net.trainable_params(), 0.1, 0.9).parameters


GRADS = (ms.Tensor(np.array([[1.0, 2.0]], np.float32)), ms.Tensor(np.array([3.0], np.float32)))


def values(tensors):
    return [t.asnumpy().tolist() for t in tensors]


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_one_stage_gives_the_accumulated_gradients_and_clears_them(mode, parameters):
    ms.set_context(mode=mode)
    try:
        reducer = nn.PipelineGradReducer(parameters)
        assert [(p.name, p.shape) for p in reducer.get_parameters()] == [
            ("accu_grads.weight", (1, 2)), ("accu_grads.bias", (1,)), ("scale_sense", ())]
        assert reducer.opt_shard is False
        # Nothing accumulates without a pipeline: MindSpore 2.7.1 gives zeros, whatever grads are.
        assert values(reducer(GRADS)) == [[[0.0, 0.0]], [0.0]]
        reducer.accu_grads[0].set_data(ms.Tensor(np.array([[4.0, 6.0]], np.float32)))
        assert values(reducer(GRADS)) == [[[4.0, 6.0]], [0.0]]
        assert values(reducer.accu_grads) == [[[0.0, 0.0]], [0.0]]
        # With the optimizer sharded, the gradients given, divided by scale_sense.
        assert values(nn.PipelineGradReducer(parameters, scale_sense=2.0, opt_shard=True)(GRADS)) == [
            [[0.5, 1.0]], [1.5]]
        assert values(nn.PipelineGradReducer(parameters, opt_shard=1)(GRADS)) == [[[1.0, 2.0]], [3.0]]
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_opt_shard_defaults_to_the_parallel_optimizer_setting(parameters):
    ms.set_auto_parallel_context(enable_parallel_optimizer=True)
    try:
        assert nn.PipelineGradReducer(parameters).opt_shard is True
    finally:
        ms.reset_auto_parallel_context()


def test_pipeline_grad_reducer_errors(parameters):
    with pytest.raises(AttributeError, match="'list' object has no attribute 'clone'"):
        nn.PipelineGradReducer(list(parameters))
    with pytest.raises(TypeError):
        nn.PipelineGradReducer(parameters, scale_sense="a")


def test_set_op_strategy_config_records_the_file(tmp_path):
    path = str(tmp_path / "new" / "strategy.json")
    try:
        assert ms.parallel.set_op_strategy_config("SAVE", path) is None
        assert os.path.isdir(tmp_path / "new") and not os.path.exists(path)   # nothing written on one stage
        ms.parallel.set_op_strategy_config("LOAD", str(tmp_path / "missing.json"))     # not read either
        assert auto_parallel_context.op_strategy_config() == {"SAVE": path, "LOAD": str(tmp_path / "missing.json")}
    finally:
        ms.reset_auto_parallel_context()
    assert auto_parallel_context.op_strategy_config() == {}


@pytest.mark.parametrize("args, error, message", [
    ((), KeyError, "File path must be an absolute path"),
    (("SAVE", "s.json"), KeyError, "File path must be an absolute path"),
    (("SAVE", "/tmp/strategy.txt"), KeyError, "File type must be .json"),
    (("SAVE", "/tmp/"), KeyError, "File type must be .json"),
    (("X", "/tmp/s.json"), KeyError, "Type must be 'SAVE' or 'LOAD'"),
    (("save", "/tmp/s.json"), KeyError, "Type must be 'SAVE' or 'LOAD'"),
    ((1, "/tmp/s.json"), KeyError, "Type must be 'SAVE' or 'LOAD'"),
    (("SAVE", 3), TypeError, "expected str, bytes or os.PathLike object, not int"),
    (("SAVE", "/etc/s.json"), PermissionError, "Writing to system directory '/etc' is not allowed"),
])
def test_set_op_strategy_config_errors(args, error, message):
    with pytest.raises(error, match=message):
        ms.parallel.set_op_strategy_config(*args)
