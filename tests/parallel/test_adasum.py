"""nn.AdaSumByGradWrapCell / AdaSumByDeltaWeightWrapCell: MindSpore 2.7.1's conditions
(observed on the oracle: the exception types and messages) in one process, and the
combination across 2 and 4 processes against a NumPy simulation of every rank."""
import numpy as np
import pytest

import spore as ms
from spore import nn
from tests.communication.launch import assert_all_passed, spawn

from .launching import ROOT

WORKER = ROOT / "tests" / "parallel" / "adasum_worker.py"
WRAPPERS = (nn.AdaSumByGradWrapCell, nn.AdaSumByDeltaWeightWrapCell)


@pytest.fixture
def optimizer():
    net = nn.Dense(3, 2)
    yield nn.Momentum(net.trainable_params(), 0.1, 0.9)
    ms.reset_auto_parallel_context()


@pytest.mark.parametrize("cls", WRAPPERS)
@pytest.mark.parametrize("context, message", [
    ({}, "Stand alone mode is not supported to apply adasum."),
    ({"parallel_mode": "data_parallel"}, "The device_num must be at least 16 and must be the power of 2"),
    ({"parallel_mode": "data_parallel", "device_num": 16}, "Distributed Communication has not been inited"),
    ({"parallel_mode": "semi_auto_parallel", "device_num": 24}, "must be at least 16 and must be the power of 2"),
    ({"parallel_mode": "semi_auto_parallel", "device_num": 8}, "must be at least 16 and must be the power of 2"),
    ({"parallel_mode": "semi_auto_parallel", "device_num": 32, "enable_parallel_optimizer": True},
     "Currently, the optimizer shard is not supported with applying adasum."),
    ({"parallel_mode": "semi_auto_parallel", "device_num": 32, "pipeline_stages": 2},
     "Currently, the pipeline parallel is not supported with applying adasum."),
])
def test_the_conditions_of_mindspore(cls, context, message, optimizer):
    ms.set_auto_parallel_context(**context)
    with pytest.raises(RuntimeError, match=message):
        cls(optimizer)


@pytest.mark.parametrize("cls", WRAPPERS)
def test_construction_in_auto_parallel_with_16_or_more_ranks(cls, optimizer):
    ms.set_auto_parallel_context(parallel_mode="semi_auto_parallel", device_num=16)
    with pytest.raises(TypeError, match="the type of 'optimizer' should be 'Optimizer', but got type 'Dense'"):
        cls(nn.Dense(3, 2))
    ms.set_auto_parallel_context(parallel_mode="auto_parallel", device_num=32)
    cell = cls(optimizer)
    assert [p.name for p in cell.get_parameters()] == ["weight", "bias", "sync_tensor", "global_step",
                                                       "learning_rate", "momentum", "moments.weight",
                                                       "moments.bias"]
    assert cell.sync_tensor.asnumpy() == np.int32(0) and cell.sync_tensor.dtype == ms.int32
    # One process can not hold the 32 ranks: the first transfer names the missing partner.
    with pytest.raises(ValueError, match="For 'Send', the 'dest_rank' must be in \\[0, 1\\)"):
        cell(tuple(ms.ops.ones_like(p) for p in optimizer.parameters))


@pytest.mark.parametrize("size", [2, 4])
def test_the_combination_across_processes_equals_the_simulation(size):
    assert_all_passed(spawn("engine", size, timeout=40 * size, script=WORKER))


def test_both_wrappers_update_the_weights_across_2_processes():
    assert_all_passed(spawn("wrappers", 2, timeout=80, script=WORKER))


def test_a_parameter_that_halves_unevenly_is_refused_before_any_communication():
    """Length 3 on 4 nodes: one half (1) stops splitting where the other (2) splits on, and
    the ranks' collectives would not match (MindSpore waits for ever)."""
    from spore.nn.optim import adasum
    param = ms.Parameter(ms.Tensor(np.zeros(3)), name="odd")
    with pytest.raises(ValueError, match="the Parameter 'odd' of shape \\(3,\\) halves unevenly: at step 1"):
        adasum._AdaSum(0, 1, 4, [param], make_groups=False)
    adasum._AdaSum(0, 1, 2, [param], make_groups=False)
