"""The Ascend-only primitives (GeSwitch, Merge, the NPU float-status ops, MoveTo, Pull,
Push, ApplyRotaryPosEmb) and functions (speed_fusion_attention, moe_distribute_*) raise on
the CPU as in MindSpore 2.7.1, after checking their inputs."""
import numpy as np
import pytest

import spore as ms
from spore import Tensor, ops

from .op_testing import ErrorCase, case_id, ramp, run_error_case

CASES = []

UNSUPPORTED_ON_CPU = dict.fromkeys(
    ("GeSwitch", "Merge", "NPUAllocFloatStatus", "NPUGetFloatStatus", "NPUClearFloatStatus", "MoveTo", "Pull", "Push",
     "ApplyRotaryPosEmb"),
    "MindSpore 2.7.1 has no CPU kernel for it (Ascend only)")

ERROR_CASES = [
    ErrorCase(ops.GeSwitch(), (ramp(2), np.array(True)), NotImplementedError, "no implementation in PyNative"),
    ErrorCase(ops.GeSwitch(), ("x", np.array(True)), TypeError, "'data' must be a Tensor or a Number"),
    ErrorCase(ops.GeSwitch(), (ramp(2), True), TypeError, "'pred' must be a Tensor"),
    ErrorCase(ops.Merge(), ((ramp(2), ramp(2)),), NotImplementedError, "no implementation in PyNative"),
    ErrorCase(ops.Merge(), (ramp(2),), TypeError, "'inputs' must be a tuple or list"),
    ErrorCase(ops.NPUAllocFloatStatus(), (), RuntimeError, r"Unsupported op \[NPUAllocFloatStatus\] on CPU"),
    ErrorCase(ops.NPUGetFloatStatus(), (np.zeros(8, np.float32),), RuntimeError, "Unsupported op"),
    ErrorCase(ops.NPUGetFloatStatus(), (3,), TypeError, "'x' must be a Tensor"),
    ErrorCase(ops.NPUClearFloatStatus(), (np.zeros(8, np.float32),), RuntimeError, "Unsupported op"),
    ErrorCase(ops.NPUClearFloatStatus(), (None,), TypeError, "'x' must be a Tensor"),
    # MindSpore 2.7.1 selects no CPU kernel for MoveTo even to "CPU", nor for Pull / Push.
    ErrorCase(ops.MoveTo(), (ramp(3), "CPU"), RuntimeError, r"Unsupported op \[MoveTo\] on CPU"),
    ErrorCase(ops.MoveTo(), ([1, 2, 3], "Ascend"), RuntimeError, r"Unsupported op \[MoveTo\] on CPU"),
    ErrorCase(ops.MoveTo(), ("x", "CPU"), TypeError, "For 'MoveTo', the 'input' must be a Tensor, list or tuple"),
    ErrorCase(ops.Pull(), (np.array(1, np.int32), ramp(3)), RuntimeError, r"Unsupported op \[Pull\] on CPU"),
    ErrorCase(ops.Push(), ((ramp(3),), ((3,),)), RuntimeError, r"Unsupported op \[Push\] on CPU"),
    ErrorCase(ops.ApplyRotaryPosEmb(), (ramp(1, 1, 4), ramp(1, 1, 4), ramp(1, 4), ramp(1, 4), np.zeros(1, np.int32)),
              RuntimeError, "The kernel ApplyRotaryPosEmb unregistered"),
    ErrorCase(ops.ApplyRotaryPosEmb(), ([1], ramp(1, 1, 4), ramp(1, 4), ramp(1, 4), np.zeros(1, np.int32)), TypeError,
              "For 'ApplyRotaryPosEmb', the 'query' must be a Tensor"),
]

QKV = Tensor(np.ones((1, 2, 4, 16), np.float16))
EXPERT_IDS = Tensor(np.zeros((2, 1), np.int32))


def test_ascend_only_functions_raise_on_cpu():
    with pytest.raises(RuntimeError, match="The kernel SpeedFusionAttention unregistered"):
        ops.speed_fusion_attention(QKV, QKV, QKV, 2, "BNSD")
    with pytest.raises(ValueError, match="For 'SpeedFusionAttention', the 'input_layout' must be one of"):
        ops.speed_fusion_attention(QKV, QKV, QKV, 2, "XYZ")
    with pytest.raises(TypeError, match="For 'SpeedFusionAttention', the 'query' must be a Tensor"):
        ops.speed_fusion_attention([1], QKV, QKV, 2, "BNSD")
    tokens = Tensor(np.ones((2, 32), np.float16))
    with pytest.raises(RuntimeError, match=r"'MoeDistributeDispatch' only support \[ascend910b, ascend910_93\]"):
        ops.moe_distribute_dispatch(tokens, EXPERT_IDS, 1, 0, 1)
    with pytest.raises(TypeError, match="For 'MoeDistributeDispatch', the 'x' must be a Tensor"):
        ops.moe_distribute_dispatch([1], EXPERT_IDS, 1, 0, 1)
    counts, scales = Tensor(np.zeros(1, np.int32)), Tensor(np.ones((2, 1), np.float32))
    with pytest.raises(RuntimeError, match="'MoeDistributeCombine' only support"):
        ops.moe_distribute_combine(tokens, EXPERT_IDS, Tensor(np.zeros(2, np.int32)), counts, scales, 1, 0, 1)
    with pytest.raises(TypeError, match="For 'MoeDistributeCombine', the 'ep_world_size' must be an int"):
        ops.moe_distribute_combine(tokens, EXPERT_IDS, Tensor(np.zeros(2, np.int32)), counts, scales, 1.0, 0, 1)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)


def test_in_a_graph_they_are_unsupported_ops():
    @ms.jit
    def switch(x):
        return ops.geswitch(x, x.sum() > 0)

    with pytest.raises(RuntimeError, match=r"Unsupported op \[GeSwitch\] on CPU"):
        switch(Tensor(np.ones(2, np.float32)))
    assert ops.merge is ops.functional.merge and isinstance(ops.merge, ops.Merge)
