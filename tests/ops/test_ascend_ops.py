"""The Ascend-only primitives (GeSwitch, Merge and the NPU float-status ops) raise on the
CPU as in MindSpore 2.7.1, after checking their inputs."""
import numpy as np
import pytest

import spore as ms
from spore import Tensor, ops

from .op_testing import ErrorCase, case_id, ramp, run_error_case

CASES = []

UNSUPPORTED_ON_CPU = dict.fromkeys(
    ("GeSwitch", "Merge", "NPUAllocFloatStatus", "NPUGetFloatStatus", "NPUClearFloatStatus"),
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
]


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
