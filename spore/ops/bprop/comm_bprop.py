"""bprops of the collective primitives (operations/comm_ops.py), themselves collectives.

Each is the transpose of its forward communication, so every rank must run the backward
as it ran the forward: the gradient of AllReduce(sum) is AllReduce(sum), of AllGather a
ReduceScatter(sum), of ReduceScatter(sum) an AllGather, of AlltoAll the AlltoAll back; Broadcast
passes each rank's gradient to its own input, as MindSpore 2.7.1 does.

Point-to-point transfers reverse: the gradient of a Send is received from the rank it
sent to, the gradient of a Receive is sent back to the rank it came from (MindSpore's
bprops of Send and Receive, same tag, over `group_back`); NeighborExchange,
NeighborExchangeV2 and BatchISendIRecv run their exchange backwards. These bprops run in
every backward pass that recorded their op (Primitive.peer_backward), so the peer's
matching transfer always finds them.
"""
from __future__ import annotations

from ..function import array_func as A
from ..function import math_func as F
from ..operations import comm_ops as C
from .registry import bprop, non_differentiable

non_differentiable("Barrier")


@bprop("AllReduce")
def _all_reduce(prim, x, out, dout):
    """sum: every rank's x reaches every rank's out. max / min: x reaches out where it is
    the extreme. prod: out / x per element (x nonzero)."""
    total = C.AllReduce(C.ReduceOp.SUM, prim.group)
    if prim.op == C.ReduceOp.SUM:
        return (total(dout),)
    if prim.op == C.ReduceOp.PROD:
        return (F.div(total(F.mul(dout, out)), x),)
    return (F.mul(total(dout), A.cast(F.equal(x, out), dout.dtype)),)


@bprop("AllGather")
def _all_gather(prim, x, out, dout):
    return (C.ReduceScatter(C.ReduceOp.SUM, prim.group)(dout),)


@bprop("ReduceScatter")
def _reduce_scatter(prim, x, out, dout):
    if prim.op != C.ReduceOp.SUM:
        raise RuntimeError(f"For '{prim.name}', the gradient is defined for op 'sum' only, but got '{prim.op}'.")
    return (C.AllGather(prim.group)(dout),)


@bprop("Broadcast")
def _broadcast(prim, inputs, out, dout):
    """MindSpore 2.7.1's: each rank's gradient passes through to its own input (observed
    with msrun on CPU: rank r gets its own dout, not the sum of the ranks' on the root)."""
    return (tuple(dout),)


@bprop("AllGatherV")
def _all_gather_v(prim, x, output_split_sizes, out, dout):
    part = C.ReduceScatterV(C.ReduceOp.SUM, prim.group)(dout, output_split_sizes)
    return A.reshape(part, x.shape), None


@bprop("ReduceScatterV")
def _reduce_scatter_v(prim, x, input_split_sizes, out, dout):
    if prim.op != C.ReduceOp.SUM:
        raise RuntimeError(f"For '{prim.name}', the gradient is defined for op 'sum' only, but got '{prim.op}'.")
    return A.reshape(C.AllGatherV(prim.group)(dout, input_split_sizes), x.shape), None


@bprop("AlltoAll")
def _all_to_all(prim, x, out, dout):
    return (C.AlltoAll(prim.split_count, prim.concat_dim, prim.split_dim, prim.group)(dout),)


@bprop("AlltoAllV")
def _all_to_all_v(prim, x, send_numel_list, recv_numel_list, out, dout):
    back = C.AlltoAllV(prim.group, prim.block_size)(dout, recv_numel_list, send_numel_list)
    return A.reshape(back, x.shape), None, None


@bprop("Reduce")
def _reduce(prim, x, out, dout):
    """Every rank's x reaches the destination's out: each gets the destination's dout."""
    if prim.op != C.ReduceOp.SUM:
        raise RuntimeError(f"For '{prim.name}', the gradient is defined for op 'sum' only, but got '{prim.op}'.")
    return C.Broadcast(prim.dest_rank, prim.group)((dout,))


@bprop("CollectiveGather")
def _collective_gather(prim, x, out, dout):
    return (C.CollectiveScatter(prim.dest_rank, prim.group)(dout),)


@bprop("CollectiveScatter")
def _collective_scatter(prim, x, out, dout):
    return (C.CollectiveGather(prim.src_rank, prim.group)(dout),)


@bprop("NeighborExchange")
def _neighbor_exchange(prim, inputs, out, dout):
    """The exchange run backwards: each gradient goes back to the rank its value came from."""
    back = C.NeighborExchange(prim.recv_rank_ids, prim.send_rank_ids, prim.send_shapes, prim.recv_shapes,
                              inputs[0].dtype, prim.group)
    return (back(tuple(dout)),)


@bprop("Send")
def _send(prim, x, out, dout):
    """x reached the destination's Receive: its gradient comes back from there."""
    return (C.Receive(prim.sr_tag, prim.dest_rank, list(x.shape), x.dtype, prim.group_back)(),)


@bprop("Receive")
def _receive(prim, *inputs_out_dout):
    """The gradient of what arrived goes back to its sender; a virtual input gets zeros."""
    *inputs, _, dout = inputs_out_dout
    C.Send(prim.sr_tag, prim.src_rank, prim.group_back)(dout)
    return tuple(A.zeros_like(x) for x in inputs)


@bprop("NeighborExchangeV2")
def _neighbor_exchange_v2(prim, x, out, dout):
    back = C.NeighborExchangeV2Grad(prim.recv_rank_ids, prim.recv_lens, prim.send_rank_ids, prim.send_lens,
                                    prim.data_format, prim.group)
    return (back(dout),)


@bprop("NeighborExchangeV2Grad")
def _neighbor_exchange_v2_grad(prim, dy, out, dout):
    """The gradient's own gradient is the forward exchange again (both are linear)."""
    forward = C.NeighborExchangeV2(prim.recv_rank_ids, prim.recv_lens, prim.send_rank_ids, prim.send_lens,
                                   prim.data_format, prim.group)
    return (forward(dout),)


@bprop("BatchISendIRecv")
def _batch_isend_irecv(prim, inputs, out, dout):
    """Each isend becomes an irecv of its input's gradient from the same rank, each irecv
    an isend of its output's gradient back (the isends' placeholder outputs carry none)."""
    back_types = tuple("irecv" if op == "isend" else "isend" for op in prim.op_types)
    back = C.BatchISendIRecv(back_types, prim.remote_ranks, tuple(list(x.shape) for x in inputs),
                             tuple(x.dtype for x in inputs), prim.group)
    received = back(tuple(d for op, d in zip(prim.op_types, dout) if op == "irecv"))
    return (tuple(r for op, r in zip(back_types, received) if op == "irecv"),)
