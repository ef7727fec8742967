"""AdaSum across processes, one process per rank: `python adasum_worker.py SCENARIO`.

The NumPy reference below simulates every rank of MindSpore's AdaSum (recursive halving,
dot products summed over each step's group, then doubling back) with nodes of one rank;
each process checks its own result against it. A failed check exits non-zero."""
from __future__ import annotations

import math
import sys

import numpy as np

import spore as ms
from spore import Tensor, nn
from spore.communication import get_group_size, get_rank, init, release
from spore.nn.optim import adasum

SHAPES = [(4, 3), (1, 5), (1, 1), (5,)]
"""Split along the first axis, along the second, not at all (averaged), an odd length."""

EPS = 1e-12


def values(rank: int) -> list[np.ndarray]:
    rng = np.random.default_rng(100 + rank)
    return [rng.standard_normal(shape) + 0.5 for shape in SHAPES]


def _halves(shape):
    for axis, length in enumerate(shape):
        if length > 1:
            left = list(shape)
            left[axis] = length // 2
            return int(np.prod(left)), True
    return int(np.prod(shape)), False


def reference(per_rank: list[list[np.ndarray]]) -> list[list[np.ndarray]]:
    """Every rank's AdaSum result (nodes of one rank, a power-of-2 number of ranks)."""
    n = len(per_rank)
    pieces = [[v.reshape(-1).astype(np.float64) for v in vals] for vals in per_rank]
    shapes = [[list(s) for s in SHAPES] for _ in range(n)]
    history = []
    for step in range(int(math.log2(n))):
        distance, size = 2 ** step, 2 ** (step + 1)
        keeps_right = [(r // distance) % 2 == 0 for r in range(n)]
        partner = [r + distance if keeps_right[r] else r - distance for r in range(n)]
        splits = [[_halves(shape) for shape in shapes[r]] for r in range(n)]
        history.append((keeps_right, partner, splits))
        new = [[None] * len(SHAPES) for _ in range(n)]
        for i in range(len(SHAPES)):
            local, received, terms = {}, {}, {}
            for r in range(n):
                left, splits_here = splits[r][i]
                if not splits_here:
                    continue
                mine, theirs = pieces[r][i], pieces[partner[r]][i]
                local[r] = mine[left:] if keeps_right[r] else mine[:left]
                received[r] = theirs[left:] if keeps_right[r] else theirs[:left]
                scale = local[r].max() + EPS
                ls, rs = local[r] / scale, received[r] / scale
                norms = (ls @ ls + EPS, rs @ rs + EPS)
                # (dot, |first|^2, |second|^2): the first vector is the right-keeping rank's
                terms[r] = (ls @ rs + EPS, *(norms if keeps_right[r] else norms[::-1]))
            for r in range(n):
                group = range(r // size * size, r // size * size + size)
                if not splits[r][i][1]:
                    new[r][i] = sum(pieces[g][i] for g in group) / size
                    continue
                dot, first, second = (sum(terms[g][k] for g in group) for k in range(3))
                w1, w2 = 1 - dot / (2 * first), 1 - dot / (2 * second)
                new[r][i] = w1 * local[r] + w2 * received[r] if keeps_right[r] else \
                    w1 * received[r] + w2 * local[r]
        pieces = new
        for r in range(n):
            shapes[r] = [_next_shape(shape, keeps_right[r]) for shape in shapes[r]]
    for keeps_right, partner, splits in reversed(history):
        pieces = [[_joined(pieces[r][i], pieces[partner[r]][i], keeps_right[r]) if splits[r][i][1] else pieces[r][i]
                   for i in range(len(SHAPES))] for r in range(n)]
    return [[p.reshape(shape) for p, shape in zip(vals, SHAPES)] for vals in pieces]


def _joined(mine, theirs, keeps_right):
    return np.concatenate((theirs, mine) if keeps_right else (mine, theirs))


def _next_shape(shape, keeps_right):
    for axis, length in enumerate(shape):
        if length > 1:
            shape = list(shape)
            shape[axis] = length - length // 2 if keeps_right else length // 2
            return shape
    return shape


def close(actual, expected, what: str, tolerance=1e-10) -> None:
    actual = actual.asnumpy() if hasattr(actual, "asnumpy") else np.asarray(actual)
    if actual.shape != np.shape(expected) or not np.allclose(actual, expected, rtol=tolerance, atol=tolerance):
        raise AssertionError(f"rank {get_rank()}: {what}: got\n{actual}\nexpected\n{expected}")


def engine():
    """The combination itself, on every rank of 2 or 4, against the reference."""
    init()
    size, rank = get_group_size(), get_rank()
    params = [ms.Parameter(Tensor(np.zeros(s)), name=f"p{i}") for i, s in enumerate(SHAPES)]
    combined = adasum._AdaSum(rank, 1, size, params, make_groups=True)(tuple(Tensor(v) for v in values(rank)))
    for i, (got, want) in enumerate(zip(combined, reference([values(r) for r in range(size)])[rank])):
        close(got, want, f"tensor {i}")
    if size == 2:
        textbook_pair(rank)
    release()


def textbook_pair(rank):
    """Where both ranks' kept halves have the same largest value, the per-rank scaling
    cancels and 2 ranks give the paper's AdaSum(g0, g1) exactly (up to eps)."""
    g = [np.array([1.0, -2.0, 0.5, 3.0]), np.array([3.0, 0.25, -1.0, 2.0])]   # max(g0[2:]) = max(g1[:2]) = 3
    param = [ms.Parameter(Tensor(np.zeros(4)), name="g")]
    combined, = adasum._AdaSum(rank, 1, 2, param, make_groups=False)((Tensor(g[rank]),))
    dot = g[0] @ g[1]
    expected = (1 - dot / (2 * g[0] @ g[0])) * g[0] + (1 - dot / (2 * g[1] @ g[1])) * g[1]
    close(combined, expected, "AdaSum(g0, g1)", tolerance=1e-9)


def wrappers():
    """Both wrapper Cells on 2 ranks, their nodes made of one rank (MindSpore's 8 per node
    and 16 ranks at least would need 16 processes): SGD steps against the reference."""
    init()
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL)
    adasum.DEVICES_PER_NODE = 1
    adasum._check_parallel_context = get_group_size
    size, rank = get_group_size(), get_rank()
    grads = values(rank)
    start = [np.full(s, 0.25) for s in SHAPES]
    learning_rate = 0.5   # exact in float32, the dtype of the optimizer's learning rate
    combined = reference([values(r) for r in range(size)])[rank]
    deltas = reference([[learning_rate * g for g in values(r)] for r in range(size)])[rank]
    for cls, expected in ((nn.AdaSumByGradWrapCell, [s - learning_rate * c for s, c in zip(start, combined)]),
                          (nn.AdaSumByDeltaWeightWrapCell, [s - d for s, d in zip(start, deltas)])):
        params = [ms.Parameter(Tensor(s.copy()), name=f"w{i}") for i, s in enumerate(start)]
        cell = cls(nn.SGD(params, learning_rate=learning_rate))
        cell(tuple(Tensor(g) for g in grads))
        for i, (param, want) in enumerate(zip(params, expected)):
            close(param, want, f"{cls.__name__} parameter {i}")
    release()


if __name__ == "__main__":
    globals()[sys.argv[1]]()
    print("passed")
