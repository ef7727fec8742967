"""Gradients of the collective primitives in one process (the world of one rank, before
`communication.init()`), checked numerically. Across 2 and 4 processes, where the
gradient is itself a collective, they are checked in tests/communication/."""
import numpy as np
import pytest

from spore import ops
from tests.ops.op_testing import OpCase, case_id, rand

from .gradcheck import check_gradients

GRAD_CASES = [
    OpCase(ops.AllReduce(), (rand(2, 3),), None),
    OpCase(ops.AllReduce("max"), (rand(3),), None),
    OpCase(ops.AllReduce("min"), (rand(3),), None),
    OpCase(ops.AllReduce("prod"), (rand(2, 2, low=0.5, high=2.0),), None),
    OpCase(ops.AllGather(), (rand(2, 3),), None),
    OpCase(ops.ReduceScatter(), (rand(2, 3),), None),
    OpCase(ops.AllGatherV(), (rand(2, 3), [6]), None),
    OpCase(ops.ReduceScatterV(), (rand(2, 2), [4]), None),
    OpCase(ops.AlltoAll(1, 0, 1), (rand(2, 3),), None),
    OpCase(ops.AlltoAllV(), (rand(2, 3), [6], [6]), None),
    OpCase(ops.Reduce(0), (rand(3),), None),
    OpCase(ops.CollectiveGather(0), (rand(2, 2),), None),
    OpCase(ops.CollectiveScatter(0), (rand(2, 2),), None),
    # Without neighbours the halo exchange pads with zeros and its gradient crops.
    OpCase(ops.NeighborExchangeV2([-1] * 8, [0, 0, 0, 0], [-1] * 8, [1, 0, 2, 1], "NCHW"), (rand(1, 2, 3, 3),),
           None),
    OpCase(ops.NeighborExchangeV2Grad([-1] * 8, [1, 0, 2, 1], [-1] * 8, [0, 0, 0, 0], "NCHW"), (rand(1, 2, 4, 6),),
           None),
]

_ACROSS_PROCESSES = ("tests/communication/test_collectives.py (point_to_point_gradients): needs a peer; its "
                     "gradient travels between 2 processes, checked in PyNative and jit")

CHECKED_ELSEWHERE = {
    "NeighborExchange": "tests/communication/test_collectives.py (family): needs a peer; its gradient, the "
                        "exchange run backwards, is checked across 2 processes in PyNative and jit",
    "Broadcast": "tests/communication/test_collectives.py: its input is a tuple of Tensors; the gradient "
                 "(MindSpore's: each rank's own, passed through) is checked across 2 and 4 processes",
}
CHECKED_ELSEWHERE.update(dict.fromkeys(("Send", "Receive", "BatchISendIRecv"), _ACROSS_PROCESSES))
CHECKED_ELSEWHERE_IN_GRAPH_MODE = {
    **dict.fromkeys(("Send", "Receive", "BatchISendIRecv"), _ACROSS_PROCESSES),
    "NeighborExchange": "tests/communication/test_collectives.py (family): its gradient under jit, across 2 processes",
    "Broadcast": "tests/communication/test_collectives.py (core): its gradient under jit and in a GRAPH_MODE Cell",
}


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_gradient(case):
    check_gradients(case.op, case.inputs)


def test_one_rank_broadcast_passes_the_gradient_through():
    import spore as ms
    x = ms.Tensor(np.array([1.0, 2.0]))
    grad = ms.grad(lambda v: (ops.Broadcast(0)((v,))[0] * 3.0).sum())(x)
    assert grad.asnumpy().tolist() == [3.0, 3.0]
