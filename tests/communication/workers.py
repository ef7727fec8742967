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
    if rank == 1:
        grad += sum(dloss(6, outs[s][6]) for s in range(size))
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


if __name__ == "__main__":
    globals()[sys.argv[1]]()
    print("passed")
