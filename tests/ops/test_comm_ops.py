"""Collective primitives in one process, before `communication.init()`: the world is this
process alone (group size 1), where each collective is the identity over one rank. Their
behaviour across processes, and their gradients, are checked in tests/communication/.
Point-to-point primitives need a peer: here their declared outputs (`infer`) are checked."""
import numpy as np
import pytest

import spore as ms
from spore import ops

from .op_testing import ErrorCase, OpCase, case_id, rand, run_case, run_error_case

CASES = [
    OpCase(ops.AllReduce(), (rand(2, 3),), lambda x: x),
    OpCase(ops.AllReduce(ops.ReduceOp.MAX), (rand(4, dtype=np.int32, low=-5, high=5),), lambda x: x),
    OpCase(ops.AllReduce("prod"), (rand(3, dtype=np.float64),), lambda x: x),
    OpCase(ops.AllReduce("min"), (rand(3, dtype=np.bool_),), lambda x: x),
    OpCase(ops.AllGather(), (rand(2, 3),), lambda x: x),
    OpCase(ops.AllGatherV(), (rand(2, 3), [6]), lambda x, sizes: x.reshape(-1)),
    OpCase(ops.ReduceScatter(), (rand(4, 2),), lambda x: x),
    OpCase(ops.ReduceScatterV(), (rand(2, 2), [4]), lambda x, sizes: x.reshape(-1)),
    OpCase(ops.Broadcast(0), ((rand(2, 3), rand(4, dtype=np.int64, low=0, high=9)),), lambda xs: xs),
    OpCase(ops.AlltoAll(1, 0, 1), (rand(2, 3),), lambda x: x),
    OpCase(ops.AlltoAllV(), (rand(2, 3), [6], [6]), lambda x, sent, received: x.reshape(-1)),
    OpCase(ops.AlltoAllVC(), (rand(5), [5]), lambda x, matrix: x),
    OpCase(ops.AlltoAllVC(block_size=2, transpose=True), (rand(6), [3]), lambda x, matrix: x),
    OpCase(ops.NeighborExchangeV2([-1] * 8, [0, 0, 0, 0], [-1] * 8, [1, 0, 2, 1], "NCHW"), (rand(1, 2, 3, 3),),
           lambda x: np.pad(x, ((0, 0), (0, 0), (1, 0), (2, 1)))),
    OpCase(ops.Reduce(0), (rand(3, 2),), lambda x: x),
    OpCase(ops.CollectiveGather(0), (rand(2, 2),), lambda x: x),
    OpCase(ops.CollectiveScatter(0), (rand(2, 2),), lambda x: x),
    OpCase(ops.Barrier(), (), lambda: np.zeros((), np.float32)),
    OpCase(lambda x: ops.Send(0, 0).infer(x), (rand(2, 3),), lambda x: ops.TensorSpec((2, 3), ms.float32),
           prim="Send"),
    OpCase(lambda: ops.Receive(0, 0, [2, 3], ms.float64).infer(), (), lambda: ops.TensorSpec((2, 3), ms.float64),
           prim="Receive"),
    OpCase(lambda x: ops.NeighborExchange([0], [0], ([4],), ([2, 3],), ms.float32).infer((x,)), (rand(2, 3),),
           lambda x: (ops.TensorSpec((4,), ms.float32),), prim="NeighborExchange"),
    OpCase(lambda x: ops.BatchISendIRecv(("isend", "irecv"), (0, 0), ([5],), (ms.int32,)).infer((x,)),
           (rand(2),), lambda x: (ops.TensorSpec((), ms.float32), ops.TensorSpec((5,), ms.int32)),
           prim="BatchISendIRecv"),
    # With no neighbours the gradient of the halo exchange is the centre of dy.
    OpCase(ops.NeighborExchangeV2Grad([-1] * 8, [1, 0, 2, 1], [-1] * 8, [0, 0, 0, 0], "NCHW"), (rand(1, 2, 4, 6),),
           lambda dy: dy[:, :, 1:, 2:5]),
]

ERROR_CASES = [
    ErrorCase(lambda: ops.AllReduce(op=1), (), TypeError, "For 'AllReduce', the 'op' must be str, but got int",
              prim="AllReduce"),
    ErrorCase(lambda: ops.AllReduce(op="mean"), (), ValueError, "For 'AllReduce', the 'op' must be one of",
              prim="AllReduce"),
    ErrorCase(lambda: ops.AllReduce(group=1), (), TypeError, "the type of 'group' should be 'str'", prim="AllReduce"),
    ErrorCase(ops.AllReduce(), ([1.0],), TypeError, "For 'AllReduce'"),
    ErrorCase(lambda: ops.AllGather(1), (), TypeError, "For 'AllGather', the type of 'group' should be 'str'",
              prim="AllGather"),
    ErrorCase(lambda: ops.AllGather("nowhere"), (), RuntimeError, "The group 'nowhere' does not exist",
              prim="AllGather"),
    ErrorCase(ops.AllGather(), (np.array(1.0, np.float32),), ValueError,
              "For 'AllGather', the 'input_x' must have at least 1"),
    ErrorCase(ops.AllGatherV(), (rand(2, 3), [5]), ValueError, r"'output_split_sizes'\[0\] must be the number"),
    ErrorCase(ops.AllGatherV(), (rand(2, 3), [3, 3]), ValueError, "must have one entry per rank"),
    ErrorCase(lambda: ops.ReduceScatter(op=2), (), TypeError, "For 'ReduceScatter', the 'op' must be str",
              prim="ReduceScatter"),
    ErrorCase(ops.ReduceScatter(), (np.array(1.0, np.float32),), ValueError, "must be divisible by the group size"),
    ErrorCase(ops.ReduceScatterV(), (rand(2, 2), [3]), ValueError, "the sum of 'input_split_sizes' must be"),
    ErrorCase(lambda: ops.Broadcast("a"), (), TypeError, "the type of 'root_rank' should be 'int'", prim="Broadcast"),
    ErrorCase(ops.Broadcast(1), ((rand(2),),), ValueError, r"the 'root_rank' must be in \[0, 1\)"),
    ErrorCase(ops.Broadcast(0), (rand(2),), TypeError, "For 'Broadcast', the 'input_x' must be a tuple"),
    ErrorCase(lambda: ops.AlltoAll(2.0, 0, 0), (), TypeError, "the type of 'split_count' should be 'int'",
              prim="AlltoAll"),
    ErrorCase(ops.AlltoAll(2, 0, 0), (rand(2, 2),), ValueError, "the 'split_count' must be the group size 1"),
    ErrorCase(ops.AlltoAll(1, 3, 0), (rand(2, 2),), ValueError, r"the 'split_dim' must be in \[-2, 2\)"),
    ErrorCase(ops.AlltoAllV(), (rand(2, 3), [5], [6]), ValueError, "the sum of 'send_numel_list' must be"),
    ErrorCase(ops.AlltoAllV(), (rand(2, 3), [6.0], [6]), TypeError, "'send_numel_list' must be a list or tuple"),
    ErrorCase(ops.AlltoAllVC(), (rand(5), [5, 0]), ValueError, "must hold 1 counts"),
    ErrorCase(lambda: ops.AlltoAllVC(transpose=1), (), TypeError, "For 'AlltoAllVC', the 'transpose' must be bool",
              prim="AlltoAllVC"),
    ErrorCase(lambda: ops.NeighborExchangeV2([-1] * 7, [0] * 4, [-1] * 8, [0] * 4, "NCHW"), (), ValueError,
              "the 'send_rank_ids' must have 8 entries", prim="NeighborExchangeV2"),
    ErrorCase(lambda: ops.NeighborExchangeV2([-1] * 8, [0] * 4, [-1] * 8, [0] * 4, "NHWC"), (), ValueError,
              "the 'data_format' must be 'NCHW'", prim="NeighborExchangeV2"),
    ErrorCase(lambda: ops.NeighborExchangeV2([-1] * 8, [0, -1, 0, 0], [-1] * 8, [0] * 4, "NCHW"), (), ValueError,
              "each of 'send_lens' must be an int at least 0", prim="NeighborExchangeV2"),
    ErrorCase(ops.NeighborExchangeV2([-1] * 8, [0] * 4, [-1] * 8, [0] * 4, "NCHW"), (rand(2, 3),), ValueError,
              "must be 4-D"),
    ErrorCase(ops.Reduce(2), (rand(2),), ValueError, r"For 'Reduce', the 'dest_rank' must be in \[0, 1\)"),
    ErrorCase(lambda: ops.Reduce(0, op="avg"), (), ValueError, "For 'Reduce', the 'op' must be one of", prim="Reduce"),
    ErrorCase(ops.CollectiveGather(1), (rand(2),), ValueError, "the 'dest_rank' must be in"),
    ErrorCase(ops.CollectiveScatter(3), (rand(2),), ValueError, "the 'src_rank' must be in"),
    ErrorCase(lambda: ops.Barrier(group=0), (), TypeError, "For 'Barrier', the type of 'group' should be 'str'",
              prim="Barrier"),
    ErrorCase(lambda x: ops.Send(0, 1).infer(x), (rand(2),), ValueError, "For 'Send', the 'dest_rank' must be in",
              prim="Send"),
    ErrorCase(lambda: ops.Send(0, "1"), (), TypeError, "the type of 'dest_rank' should be 'int'", prim="Send"),
    ErrorCase(lambda: ops.Receive(0, 0, 3, ms.float32), (), TypeError, "For 'Receive', the 'shape' must be",
              prim="Receive"),
    ErrorCase(lambda: ops.Receive(0, 0, [3], "float32"), (), TypeError, "For 'Receive', the 'dtype' must be",
              prim="Receive"),
    ErrorCase(lambda x: ops.NeighborExchange([0], [0], ([4],), ([2],), ms.float32).infer((x,)), (rand(3),),
              ValueError, "'send_shapes' entry", prim="NeighborExchange"),
    ErrorCase(lambda: ops.BatchISendIRecv(("isend", "push"), (0, 0)), (), ValueError,
              "each of 'op_types' must be 'isend' or 'irecv'", prim="BatchISendIRecv"),
    ErrorCase(lambda: ops.BatchISendIRecv(("irecv",), (0,)), (), ValueError, "one entry per 'irecv'",
              prim="BatchISendIRecv"),
    ErrorCase(ops.NeighborExchangeV2Grad([-1] * 8, [2, 2, 0, 0], [-1] * 8, [0] * 4, "NCHW"), (rand(1, 1, 3, 3),),
              ValueError, "For 'NeighborExchangeV2Grad', the 'dy' must be 4-D .* with H >= 4"),
    ErrorCase(lambda: ops.NeighborExchangeV2Grad([-1] * 8, [0] * 3, [-1] * 8, [0] * 4, "NCHW"), (), ValueError,
              "the 'send_lens' must have 4 entries", prim="NeighborExchangeV2Grad"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)


def test_a_collective_is_kept_and_ordered_in_a_compiled_graph():
    """A collective on constants is not folded: it runs when the graph runs."""
    @ms.jit
    def twice():
        return ops.AllReduce()(ms.Tensor([1.0, 2.0])) * 2
    assert twice().asnumpy().tolist() == [2.0, 4.0]


def test_fused_matmul_collectives_in_one_process():
    a, b = rand(2, 3), rand(4, 3)
    output, gathered = ops.all_gather_matmul(ms.Tensor(a), ms.Tensor(b), "hccl_world_group", 1, trans_x2=True)
    # rand's values depend on the tests run before: a sum may cancel to near 0 (atol).
    np.testing.assert_allclose(output.asnumpy(), a @ b.T, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(gathered.asnumpy(), a)
    scattered = ops.matmul_reduce_scatter(ms.Tensor(a), ms.Tensor(b.T), "hccl_world_group", 1)
    np.testing.assert_allclose(scattered.asnumpy(), a @ b.T, rtol=1e-5, atol=1e-6)
    with pytest.raises(ValueError, match="For 'all_gather_matmul', the 'world_size' must be the size of group"):
        ops.all_gather_matmul(ms.Tensor(a), ms.Tensor(b), "hccl_world_group", 2)
    with pytest.raises(ValueError, match="the 'comm_turn' supports only 0, but got 1"):
        ops.matmul_reduce_scatter(ms.Tensor(a), ms.Tensor(b.T), "hccl_world_group", 1, comm_turn=1)
