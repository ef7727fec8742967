"""HookBackward and StopGradient in forward (their backward is tested in tests/autograd)."""
import numpy as np
import pytest

from spore import ops

from .op_testing import ErrorCase, OpCase, case_id, rand, run_case, run_error_case

CASES = [
    OpCase(ops.HookBackward(lambda grad: None), (rand(2, 3),), lambda x: x),
    OpCase(ops.HookBackward(print), (rand(4, dtype=np.float64),), lambda x: x),
    OpCase(ops.StopGradient(), (rand(3, 2),), lambda x: x),
    OpCase(ops.StopGradient(), (rand(3, dtype=np.int32),), lambda x: x),
]

ERROR_CASES = [
    ErrorCase(lambda: ops.HookBackward("not a function"), (), TypeError, "For 'HookBackward', the 'hook_fn'",
              prim="HookBackward"),
]

NO_ERROR_CASES = {"StopGradient": "stop_gradient passes any value through, as in MindSpore"}


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)
