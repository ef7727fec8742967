"""Worker scenarios run by launch.spawn, one process per rank: `python workers.py NAME`.

Each rank builds its input from its rank, runs the collectives, and checks the result
against NumPy computed over every rank's input. A failed check exits non-zero."""
from __future__ import annotations

import sys

import numpy as np

import spore as ms
from spore import Tensor, nn, ops
from spore.communication import (
    GlobalComm,
    create_group,
    destroy_group,
    get_group_rank_from_world_rank,
    get_group_size,
    get_local_rank,
    get_local_rank_size,
    get_rank,
    get_world_rank_from_group_rank,
    init,
    release,
)


def data(rank: int, shape=(4, 3), dtype=np.float64) -> np.ndarray:
    """Rank `rank`'s input: distinct per rank and per element, no ties."""
    return (np.arange(np.prod(shape)).reshape(shape) * 0.1 * (rank + 1) + 0.3 * rank + 0.2).astype(dtype)


def close(actual, expected, what: str) -> None:
    actual = actual.asnumpy() if hasattr(actual, "asnumpy") else np.asarray(actual)
    if actual.shape != np.shape(expected) or not np.allclose(actual, expected, rtol=1e-10, atol=1e-10):
        raise AssertionError(f"rank {get_rank()}: {what}: got\n{actual}\nexpected\n{expected}")


# ---- the same computations, in PyNative and compiled --------------------------------
ALL_REDUCE = {op: ops.AllReduce(op) for op in ("sum", "max", "min", "prod")}
ALL_GATHER = ops.AllGather()
REDUCE_SCATTER = ops.ReduceScatter()
BROADCAST = ops.Broadcast(1)


def collectives(x):
    return (ALL_REDUCE["sum"](x), ALL_REDUCE["max"](x), ALL_REDUCE["min"](x), ALL_REDUCE["prod"](x),
            ALL_GATHER(x), REDUCE_SCATTER(x), BROADCAST((x,))[0])


def weighted_loss(x):
    """A scalar reaching x through every collective, with rank-independent weights so
    the gradient is checkable: sum_k w_k * collective_k(x)."""
    outs = collectives(x)
    return sum(((o * (k + 1.0)) * ops.cos(o)).sum() for k, o in enumerate(outs))


compiled_collectives = ms.jit(collectives)
compiled_loss_grad = ms.jit(ms.grad(weighted_loss))


class CollectivesNet(nn.Cell):
    def construct(self, x):
        return collectives(x)


def expected_collectives(size: int, rank: int):
    xs = np.stack([data(r) for r in range(size)])
    rows = xs.shape[1] // size
    return (xs.sum(0), xs.max(0), xs.min(0), xs.prod(0), np.concatenate(xs, 0),
            xs.sum(0)[rank * rows:(rank + 1) * rows], xs[1])


def expected_gradient(size: int, rank: int) -> np.ndarray:
    """d/dx_rank of sum over ranks s of weighted_loss on rank s (the gradient each rank
    computes is its part of the global loss's gradient, as MindSpore's bprops define)."""
    xs = np.stack([data(r) for r in range(size)])
    outs = [expected_collectives(size, s) for s in range(size)]

    def dloss(k, o):
        return (k + 1.0) * (np.cos(o) - o * np.sin(o))

    me = xs[rank]
    grad = np.zeros_like(me)
    grad += sum(dloss(0, outs[s][0]) for s in range(size))
    for k, extreme in ((1, xs.max(0)), (2, xs.min(0))):
        grad += sum(dloss(k, outs[s][k]) for s in range(size)) * (me == extreme)
    grad += sum(dloss(3, outs[s][3]) for s in range(size)) * xs.prod(0) / me
    grad += sum(dloss(4, outs[s][4])[rank * me.shape[0]:(rank + 1) * me.shape[0]] for s in range(size))
    grad += np.concatenate([dloss(5, outs[s][5]) for s in range(size)], 0)
    grad += dloss(6, outs[rank][6])     # MindSpore's Broadcast bprop: each rank's own gradient
    return grad


def core():
    init()
    size, rank = get_group_size(), get_rank()
    assert GlobalComm.INITED and GlobalComm.BACKEND == "mccl", (GlobalComm.INITED, GlobalComm.BACKEND)
    assert get_local_rank() == rank and get_local_rank_size() == size
    x = Tensor(data(rank))
    expected = expected_collectives(size, rank)
    for label, run in (("pynative", collectives), ("jit", compiled_collectives)):
        for name, out, want in zip(("sum", "max", "min", "prod", "gather", "scatter", "broadcast"), run(x), expected):
            close(out, want, f"{label} {name}")
    close(ms.grad(weighted_loss)(x), expected_gradient(size, rank), "pynative gradient")
    close(compiled_loss_grad(x), expected_gradient(size, rank), "jit gradient")
    ms.set_context(mode=ms.GRAPH_MODE)
    for name, out, want in zip(("sum", "max", "min", "prod", "gather", "scatter", "broadcast"),
                               CollectivesNet()(x), expected):
        close(out, want, f"graph-mode cell {name}")
    ms.set_context(mode=ms.PYNATIVE_MODE)
    groups(size, rank)
    release()
    assert not GlobalComm.INITED and get_group_size() == 1


def groups(size: int, rank: int):
    """A group of the odd world ranks (and rank 0 when alone): its collectives involve only them."""
    members = [r for r in range(size) if r % 2 == 1] or [0]
    create_group("odd", members)
    if rank in members:
        assert get_group_size("odd") == len(members)
        assert get_rank("odd") == members.index(rank)
        assert get_group_rank_from_world_rank(rank, "odd") == members.index(rank)
        assert get_world_rank_from_group_rank("odd", 0) == members[0]
        out = ops.AllReduce(group="odd")(Tensor(data(rank)))
        close(out, sum(data(r) for r in members), "group all_reduce")
    destroy_group("odd")



def family():
    """The rest of the family, and comm_func, on 2 ranks."""
    from spore.communication import comm_func
    init()
    size, rank = get_group_size(), get_rank()
    peer = 1 - rank
    xs = [data(r) for r in range(size)]
    x = Tensor(xs[rank])
    close(ops.AlltoAll(size, 0, 1)(x), np.concatenate([xs[r][rank * 2:(rank + 1) * 2] for r in range(size)], 1),
          "AlltoAll")
    close(ops.Reduce(1)(x), sum(xs) if rank == 1 else np.zeros_like(xs[0]), "Reduce")
    close(ops.CollectiveGather(0)(x), np.concatenate(xs) if rank == 0 else np.zeros((8, 3)), "CollectiveGather")
    close(ops.CollectiveScatter(1)(x), xs[1][rank * 2:(rank + 1) * 2], "CollectiveScatter")
    uneven = Tensor(np.arange(rank + 2, dtype=np.float64))
    close(ops.AllGatherV()(uneven, [2, 3]), np.concatenate([np.arange(2), np.arange(3)]), "AllGatherV")
    close(ops.ReduceScatterV()(x, [5, 7]), sum(xs).reshape(-1)[[slice(0, 5), slice(5, 12)][rank]], "ReduceScatterV")
    sent = [3, 9] if rank == 0 else [4, 8]
    received = [3, 4] if rank == 0 else [9, 8]
    expected = np.concatenate([xs[0].reshape(-1)[:3], xs[1].reshape(-1)[:4]] if rank == 0 else
                              [xs[0].reshape(-1)[3:], xs[1].reshape(-1)[4:]])
    close(ops.AlltoAllV()(x, sent, received), expected, "AlltoAllV")
    if rank == 0:
        ops.Send(7, 1)(x)
        got = ops.Receive(8, 1, [4, 3], ms.float64)()
    else:
        got = ops.Receive(7, 0, [4, 3], ms.float64)()
        ops.Send(8, 0)(x)
    close(got, xs[peer], "Send / Receive")
    out, = ops.NeighborExchange([peer], [peer], ([4, 3],), ([4, 3],), ms.float64)((x,))
    close(out, xs[peer], "NeighborExchange")
    placeholder, out = ops.BatchISendIRecv(("isend", "irecv"), (peer, peer), ([4, 3],), (ms.float64,))((x,))
    close(out, xs[peer], "BatchISendIRecv")
    assert placeholder.shape == () and placeholder.dtype == ms.float64 and placeholder.asnumpy() == 0, placeholder
    matrix = [1, 3, 2, 2]          # rank i sends matrix[2 * i + j] elements to rank j
    expected = [xs[0].reshape(-1)[:1], xs[1].reshape(-1)[:2]] if rank == 0 else \
        [xs[0].reshape(-1)[1:4], xs[1].reshape(-1)[2:4]]
    close(ops.AlltoAllVC()(Tensor(xs[rank].reshape(-1)[:4]), matrix), np.concatenate(expected), "AlltoAllVC")
    out = Tensor(np.zeros((3 if rank == 0 else 5, 3)))
    comm_func.all_to_all_v_c(out, x, matrix)
    expected = [xs[0][:1], xs[1][:2]] if rank == 0 else [xs[0][1:4], xs[1][2:4]]
    close(out, np.concatenate(expected), "all_to_all_v_c")
    image = Tensor(xs[rank].reshape(1, 1, 4, 3))
    # Rank 0 is above rank 1: each sends its facing border row and receives the other's.
    sends = [-1, -1, -1, -1, 1, -1, -1, -1] if rank == 0 else [0, -1, -1, -1, -1, -1, -1, -1]
    lens = [0, 1, 0, 0] if rank == 0 else [1, 0, 0, 0]
    halo = ops.NeighborExchangeV2(sends, lens, sends, lens, "NCHW")(image)
    expected = np.concatenate([xs[0], xs[1][:1]]) if rank == 0 else np.concatenate([xs[0][-1:], xs[1]])
    close(halo, expected.reshape(1, 1, 5, 3), "NeighborExchangeV2")
    ops.Barrier()()
    total, handle = comm_func.all_reduce(x, async_op=True)
    handle.wait()
    close(total, sum(xs), "comm_func.all_reduce")
    close(comm_func.all_gather_into_tensor(x)[0], np.concatenate(xs), "comm_func.all_gather_into_tensor")
    close(comm_func.reduce_scatter_tensor(x)[0], sum(xs)[rank * 2:(rank + 1) * 2], "comm_func.reduce_scatter_tensor")
    close(comm_func.broadcast(x, 1), xs[1], "comm_func.broadcast")
    if rank == 0:
        comm_func.send(x, 1)
    else:
        close(comm_func.recv(Tensor(np.zeros((4, 3))), 0), xs[0], "comm_func.send / recv")
    _, received = comm_func.batch_isend_irecv([comm_func.P2POp("isend", x, peer),
                                               comm_func.P2POp("irecv", Tensor(np.zeros((4, 3))), peer)])
    close(received, xs[peer], "comm_func.batch_isend_irecv")
    outs, _ = comm_func.all_to_all_with_output_shape([(2, 3), (2, 3)], [x[:2], x[2:]])
    close(outs[peer], xs[peer][2 * rank:2 * rank + 2], "comm_func.all_to_all_with_output_shape")
    comm_func.barrier()
    gradients(size, rank, xs)
    release()


def _all_to_all_loss(x):
    return (ops.AlltoAll(2, 0, 1)(x) * ops.sin(ops.AlltoAll(2, 0, 1)(x))).sum()


def _gather_scatter_loss(x):
    gathered = ops.CollectiveGather(0)(x)
    return (ops.CollectiveScatter(0)(gathered * gathered) * 3.0).sum() + (ops.Reduce(1)(x) * 2.0).sum()


def _neighbor_loss(x):
    peer = 1 - get_rank()
    received, = ops.NeighborExchange([peer], [peer], ([4, 3],), ([4, 3],), ms.float64)((ops.sin(x),))
    return (received * (get_rank() + 1.0)).sum()


def gradients(size: int, rank: int, xs):
    """AlltoAll's gradient is the AlltoAll back; CollectiveGather's a scatter; Reduce's a broadcast."""
    x = Tensor(xs[rank])
    for label, transform in (("pynative", lambda f: f), ("jit", ms.jit)):
        grad = transform(ms.grad(_all_to_all_loss))(x)
        moved = [np.concatenate([xs[r][s * 2:(s + 1) * 2] for r in range(size)], 1) for s in range(size)]
        back = [np.cos(m) * m + np.sin(m) for m in moved]     # d/dm of m * sin(m), on each rank s
        expected = np.concatenate([back[s][:, rank * 3:(rank + 1) * 3] for s in range(size)], 0)
        close(grad, expected, f"{label} AlltoAll gradient")
        grad = transform(ms.grad(_gather_scatter_loss))(x)
        close(grad, 6.0 * xs[rank] + 2.0, f"{label} CollectiveGather / Scatter / Reduce gradient")
        grad = transform(ms.grad(_neighbor_loss))(x)
        peer = 1 - rank
        close(grad, np.cos(xs[rank]) * (peer + 1.0), f"{label} NeighborExchange gradient")


def point_to_point_gradients():
    """Send / Receive, BatchISendIRecv, NeighborExchangeV2 and the uneven collectives
    (AllGatherV, ReduceScatterV, AlltoAllV) on 2 ranks: each rank's gradient of its own
    loss, where the bprops carry gradients between the ranks, against NumPy."""
    init()
    size, rank = get_group_size(), get_rank()
    xs = [data(r) for r in range(size)]
    x = Tensor(xs[rank])
    for label, transform in (("pynative", lambda f: f), ("jit", ms.jit)):
        close(transform(ms.grad(_send_receive_loss))(x), _send_receive_gradient(xs, rank), f"{label} Send / Receive")
        close(transform(ms.grad(_batch_loss))(x), _batch_gradient(xs, rank), f"{label} BatchISendIRecv")
        close(transform(ms.grad(_halo_loss))(Tensor(xs[rank].reshape(1, 1, 4, 3))), _halo_gradient(xs, rank),
              f"{label} NeighborExchangeV2")
        for name, (loss, inputs, expected) in _uneven_cases(xs, rank).items():
            close(transform(ms.grad(loss))(Tensor(inputs)), expected, f"{label} {name}")
    release()


def _send_receive_loss(x):
    """Rank 0 sends sin(x) to rank 1 and receives rank 1's x * x; the losses weigh what
    arrived by the receiver's own x (Depend keeps each Send, as in MindSpore's example)."""
    if get_rank() == 0:
        sent = ops.Send(7, 1)(ops.sin(x))
        received = ops.Receive(8, 1, [4, 3], ms.float64)()
        return ops.depend(received * x, sent).sum()
    received = ops.Receive(7, 0, [4, 3], ms.float64)()
    sent = ops.Send(8, 0)(x * x)
    return ops.depend(received * x * 2.0, sent).sum()


def _send_receive_gradient(xs, rank):
    x0, x1 = xs
    return x1 * x1 + 2.0 * np.cos(x0) * x1 if rank == 0 else 2.0 * np.sin(x0) + 2.0 * x0 * x1


def _batch_loss(x):
    """Each rank sends sin(x) to the other and receives its peer's (in opposite orders)."""
    rank = get_rank()
    op_types = ("isend", "irecv") if rank == 0 else ("irecv", "isend")
    outs = ops.BatchISendIRecv(op_types, (1 - rank, 1 - rank), ([4, 3],), (ms.float64,))((ops.sin(x),))
    return (outs[op_types.index("irecv")] * x * (rank + 1.0)).sum()


def _batch_gradient(xs, rank):
    peer = 1 - rank
    return np.sin(xs[peer]) * (rank + 1.0) + np.cos(xs[rank]) * xs[peer] * (peer + 1.0)


# Rank 0 above and left of rank 1: one row is exchanged vertically, two columns horizontally.
HALOS = {0: (([-1, -1, -1, -1, 1, -1, -1, -1], [0, 1, 0, 0]), ([-1, -1, 1, -1, -1, -1, -1, -1], [0, 0, 0, 2])),
         1: (([0, -1, -1, -1, -1, -1, -1, -1], [1, 0, 0, 0]), ([-1, -1, -1, -1, -1, -1, 0, -1], [0, 0, 2, 0]))}


def _halo_weights(rank, shape):
    return data(rank + 2, shape)


def _halo_loss(x):
    (rows_ids, rows_lens), (cols_ids, cols_lens) = HALOS[get_rank()]
    tall = ops.NeighborExchangeV2(rows_ids, rows_lens, rows_ids, rows_lens, "NCHW")(x)
    wide = ops.NeighborExchangeV2(cols_ids, cols_lens, cols_ids, cols_lens, "NCHW")(ops.sin(x))
    return (tall * Tensor(_halo_weights(get_rank(), (1, 1, 5, 3)))).sum() + \
        (wide * Tensor(_halo_weights(get_rank(), (1, 1, 4, 5)))).sum()


def _halo_gradient(xs, rank):
    tall = [_halo_weights(r, (5, 3)) for r in range(2)]
    wide = [_halo_weights(r, (4, 5)) for r in range(2)]
    if rank == 0:   # rows 0-3 of its tall output are x; its last row went to rank 1's row 0
        rows = tall[0][:4].copy()
        rows[-1] += tall[1][0]
        cols = wide[0][:, :3].copy()
        cols[:, -2:] += wide[1][:, :2]
    else:
        rows = tall[1][1:].copy()
        rows[0] += tall[0][4]
        cols = wide[1][:, 2:].copy()
        cols[:, :2] += wide[0][:, 3:]
    return (rows + np.cos(xs[rank]) * cols).reshape(1, 1, 4, 3)


def _uneven_cases(xs, rank):
    """name -> (loss, this rank's input, its expected gradient). Rank r weighs its output by
    weights(r, n): what a rank's element reaches on each rank, that rank's weight."""
    def weights(r, n):
        return (np.arange(n) + 1.0) * (r + 2.0)

    counts = [5, 7]
    offsets = [0, 5]

    def gather_loss(x):
        out = ops.AllGatherV()(x, counts)
        return (out * Tensor(weights(get_rank(), 12))).sum()

    def scatter_loss(x):
        out = ops.ReduceScatterV()(x, counts)
        return (out * Tensor(weights(get_rank(), counts[get_rank()]))).sum()

    sent = [[5, 7], [4, 8]]      # sent[i][j]: elements rank i sends to rank j

    def all_to_all_loss(x):
        me = get_rank()
        received = [sent[0][me], sent[1][me]]
        out = ops.AlltoAllV()(x, sent[me], received)
        return (out * Tensor(weights(me, sum(received)))).sum()

    # The piece rank `rank` sends to rank j lands on j after the pieces of ranks before `rank`.
    landed = [weights(j, sent[0][j] + sent[1][j])[sum(sent[i][j] for i in range(rank)):][:sent[rank][j]]
              for j in range(2)]
    flat = xs[rank].reshape(-1)
    return {
        "AllGatherV": (gather_loss, flat[:counts[rank]],
                       sum(weights(s, 12) for s in range(2))[offsets[rank]:offsets[rank] + counts[rank]]),
        "ReduceScatterV": (scatter_loss, flat, np.concatenate([weights(s, counts[s]) for s in range(2)])),
        "AlltoAllV": (all_to_all_loss, flat, np.concatenate(landed)),
    }


def alone():
    """Rank 0 of a world of 2 whose peer never comes: init fails within MS_TOPO_TIMEOUT."""
    try:
        init()
    except RuntimeError as error:
        assert "rank 0 of 2" in str(error), error
        return
    raise AssertionError("init returned without its peer")


def peer_dies():
    """Rank 1 exits after init; rank 0's next collective fails instead of hanging."""
    init()
    if get_rank() == 1:
        sys.exit(0)
    try:
        ops.AllReduce()(Tensor(data(0)))
    except RuntimeError as error:
        assert "rank 0 of 2: the communication failed" in str(error), error
        return
    raise AssertionError("the collective returned without its peer")


def ranks():
    """The launcher's variables give each rank its place; one all-reduce joins them."""
    init()
    size, rank = get_group_size(), get_rank()
    assert size == 2 and get_local_rank() == rank, (size, rank, get_local_rank())
    close(ops.AllReduce()(Tensor(data(rank))), data(0) + data(1), "all_reduce")
    release()


def torch_style():
    """mint.distributed (= ops.communication): results written into the given tensors."""
    from spore.mint import distributed as dist
    dist.init_process_group()
    size, rank = dist.get_world_size(), dist.get_rank()
    peer = 1 - rank
    xs = [data(r) for r in range(size)]
    assert dist.is_initialized() and dist.get_backend() == "hccl"
    t = Tensor(xs[rank])
    assert dist.all_reduce(t) is None
    close(t, sum(xs), "all_reduce")
    parts = [Tensor(np.zeros((4, 3))) for _ in range(size)]
    dist.all_gather(parts, Tensor(xs[rank]))
    for r in range(size):
        close(parts[r], xs[r], "all_gather")
    out = Tensor(np.zeros((8, 3)))
    dist.all_gather_into_tensor(out, Tensor(xs[rank]))
    close(out, np.concatenate(xs), "all_gather_into_tensor")
    out = Tensor(np.zeros((2, 3)))
    handle = dist.reduce_scatter_tensor(out, Tensor(xs[rank]), async_op=True)
    handle.wait()
    close(out, sum(xs)[rank * 2:rank * 2 + 2], "reduce_scatter_tensor")
    t = Tensor(xs[rank])
    dist.reduce(t, 1, op="max")
    close(t, np.maximum(*xs) if rank == 1 else xs[rank], "reduce")
    t = Tensor(xs[rank])
    dist.broadcast(t, 1)
    close(t, xs[1], "broadcast")
    t = Tensor(np.zeros((4, 3)))
    if rank == 0:
        dist.send(Tensor(xs[0]), 1)
    else:
        assert dist.recv(t, 0) == 0
        close(t, xs[0], "send / recv")
    t = Tensor(np.zeros((4, 3)))
    for handle in dist.batch_isend_irecv([dist.P2POp(dist.isend, Tensor(xs[rank]), peer),
                                          dist.P2POp(dist.irecv, t, peer)]):
        handle.wait()
    close(t, xs[peer], "batch_isend_irecv")
    out = Tensor(np.zeros((4, 3)))
    dist.all_to_all_single(out, Tensor(xs[rank]))
    close(out, np.concatenate([xs[r][rank * 2:rank * 2 + 2] for r in range(size)]), "all_to_all_single")
    gathered = [Tensor(np.zeros((4, 3))) for _ in range(size)]
    dist.gather(Tensor(xs[rank]), gathered if rank == 0 else None, dst=0)
    if rank == 0:
        close(gathered[1], xs[1], "gather")
    t = Tensor(np.zeros((4, 3)))
    dist.scatter(t, [Tensor(xs[0]), Tensor(xs[1])] if rank == 1 else None, src=1)
    close(t, xs[rank], "scatter")
    objects = [None] * size
    dist.all_gather_object(objects, {"rank": rank})
    assert objects == [{"rank": r} for r in range(size)], objects
    items = ["a", 1] if rank == 0 else [None, None]
    dist.broadcast_object_list(items, src=0)
    assert items == ["a", 1], items
    group = dist.new_group([1])
    if rank == 1:
        assert dist.get_rank(group) == 0 and dist.get_world_size(group) == 1
        assert dist.get_global_rank(group, 0) == 1 and dist.get_group_rank(group, 1) == 0
    else:
        assert dist.get_rank(group) == -1
    dist.barrier()
    dist.destroy_process_group()
    assert not dist.is_initialized()


if __name__ == "__main__":
    globals()[sys.argv[1]]()
    print("passed")
