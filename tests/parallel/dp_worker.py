"""Data-parallel training runs: the same few SGD steps through `Model.train` and through a
custom step with `DistributedGradReducer`, in PyNative and Graph mode, float64 and float32.

Under msrun (`python -m spore.msrun ... dp_worker.py OUT_DIR`) each rank trains on its shard
of every global batch and saves the final parameters in OUT_DIR/rank_<r>.npz; `train_all(1, 0)`
in one process on whole global batches is the reference they must equal.
"""
from __future__ import annotations

import sys

import numpy as np

import spore as ms
from spore import mint, nn
from spore.dataset import NumpySlicesDataset
from spore.nn.wrap import grad_reducer
from spore.nn.wrap.grad_reducer import broadcast_parameters

STEPS = 3
GLOBAL_BATCH = 8
COMBINATIONS = [(mode, path, dtype) for mode in ("pynative", "graph") for path in ("model", "reducer")
                for dtype in ("float64", "float32")]


def data(dtype):
    rng = np.random.default_rng(7)
    x = rng.standard_normal((STEPS * GLOBAL_BATCH, 4)).astype(dtype)
    y = rng.standard_normal((STEPS * GLOBAL_BATCH, 2)).astype(dtype)
    return x, y


def network(dtype, rank):
    rng = np.random.default_rng(3)
    # Ranks other than 0 start elsewhere: parameter_broadcast must give them rank 0's values.
    offset = 0.5 * rank
    net = nn.SequentialCell([
        nn.Dense(4, 8, weight_init=ms.Tensor(rng.standard_normal((8, 4)).astype(dtype) + offset),
                 bias_init=ms.Tensor(rng.standard_normal(8).astype(dtype))),
        nn.Tanh(),
        nn.Dense(8, 2, weight_init=ms.Tensor(rng.standard_normal((2, 8)).astype(dtype)),
                 bias_init=ms.Tensor(rng.standard_normal(2).astype(dtype))),
    ])
    return net


def train(mode, path, dtype, size, rank):
    ms.set_context(mode=ms.GRAPH_MODE if mode == "graph" else ms.PYNATIVE_MODE)
    net = network(dtype, rank)
    loss_fn = nn.MSELoss()
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
    x, y = data(dtype)
    local = GLOBAL_BATCH // size
    if path == "model":
        dataset = NumpySlicesDataset((x, y), column_names=["x", "y"], shuffle=False, num_shards=size,
                                     shard_id=rank).batch(local)
        ms.Model(net, loss_fn, optimizer).train(1, dataset, dataset_sink_mode=False)
    else:
        if size > 1:
            broadcast_parameters(net.get_parameters())
        reducer = nn.DistributedGradReducer(optimizer.parameters, mean=True, degree=size)
        grad_fn = ms.value_and_grad(nn.WithLossCell(net, loss_fn), None, optimizer.parameters)

        def step(xb, yb):
            loss, grads = grad_fn(xb, yb)
            grads = reducer(grads)
            optimizer(grads)
            return loss

        if mode == "graph":
            step = ms.jit(step)
        for s in range(STEPS):
            rows = slice(s * GLOBAL_BATCH + rank * local, s * GLOBAL_BATCH + (rank + 1) * local)
            step(ms.Tensor(x[rows]), ms.Tensor(y[rows]))
        print("all-reduce calls per step", reducer.allreduce_calls, flush=True)
    return {f"{mode}/{path}/{dtype}/{p.name}": p.asnumpy() for p in net.trainable_params()}


def sync_batch_norm(size, rank):
    """SyncBatchNorm (BatchNorm2d in one process) on this rank's rows of a global batch: the
    output, the input's gradient, the group's summed gamma/beta gradients, the moving statistics."""
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.default_rng(11)
    x, weights = rng.standard_normal((2, 8, 3, 2, 2))
    rows = slice(rank * 8 // size, (rank + 1) * 8 // size)
    bn = (nn.SyncBatchNorm if size > 1 else nn.BatchNorm2d)(3, momentum=0.8, dtype=ms.float64)
    bn.gamma.set_data(ms.Tensor(np.array([1.5, 0.5, -1.0])))
    bn.set_train()

    def weighted(xb):
        y = bn(xb)
        return (y * ms.Tensor(weights[rows])).sum(), y

    (_, y), (dx, affine_grads) = ms.value_and_grad(weighted, 0, bn.trainable_params(), has_aux=True)(
        ms.Tensor(x[rows]))
    dgamma, dbeta = nn.DistributedGradReducer(bn.trainable_params(), mean=False, degree=size)(affine_grads)
    mint_bn = (mint.nn.SyncBatchNorm if size > 1 else mint.nn.BatchNorm2d)(3, dtype=ms.float64)
    mint_bn.set_train()
    mint_y = mint_bn(ms.Tensor(x[rows]))
    return {"syncbn/mint_y": mint_y.asnumpy(), "syncbn/mint_running_var": mint_bn.running_var.asnumpy(),
            "syncbn/y": y.asnumpy(), "syncbn/dx": dx.asnumpy(), "syncbn/dgamma": dgamma.asnumpy(),
            "syncbn/dbeta": dbeta.asnumpy(), "syncbn/moving_mean": bn.moving_mean.asnumpy(),
            "syncbn/moving_variance": bn.moving_variance.asnumpy()}


OVERLAP_BUCKET_BYTES = 64
"""Small enough to split the network's gradients into several buckets (one bucket is not
overlapped: see DistributedGradReducer.overlapping)."""


def overlap(size, rank):
    """TrainOneStepCell in PyNative with the gradient all-reduces started during the backward
    pass and with them made after: the same parameters, bit for bit."""
    default_bucket_bytes, grad_reducer.BUCKET_BYTES = grad_reducer.BUCKET_BYTES, OVERLAP_BUCKET_BYTES
    try:
        return _train_overlapped_or_not(size, rank)
    finally:
        grad_reducer.BUCKET_BYTES = default_bucket_bytes


def _train_overlapped_or_not(size, rank):
    ms.set_context(mode=ms.PYNATIVE_MODE)
    x, y = data("float32")
    local = GLOBAL_BATCH // size
    results = {}
    for overlapped in (True, False):
        net = network("float32", 0)
        step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()),
                                   nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9))
        step.overlaps_reduction = overlapped
        for s in range(STEPS):
            rows = slice(s * GLOBAL_BATCH + rank * local, s * GLOBAL_BATCH + (rank + 1) * local)
            step(ms.Tensor(x[rows]), ms.Tensor(y[rows]))
        label = "on" if overlapped else "off"
        results[f"overlap/{label}/calls"] = np.array(step.grad_reducer.overlapped_calls)
        results["overlap/buckets"] = np.array(step.grad_reducer.allreduce_calls)
        results.update({f"overlap/{label}/{p.name}": p.asnumpy() for p in net.trainable_params()})
    return results


def train_all(size, rank):
    results = {}
    for combination in COMBINATIONS:
        results.update(train(*combination, size, rank))
    return results


if __name__ == "__main__":
    from spore.communication import get_group_size, get_rank, init

    init()
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True,
                                 parameter_broadcast=True)
    results = train_all(get_group_size(), get_rank())
    rank = get_rank()
    dense = nn.Dense(2, 2, weight_init=ms.Tensor(np.full((2, 2), float(rank + 1))),
                     bias_init=ms.Tensor(np.full(2, float(rank + 1))))
    try:
        ms.parameter_broadcast(dense, {"weight": None}, cur_rank=rank + 1)
    except ValueError as error:
        print("cur_rank checked:", error, flush=True)
    ms.parallel.parameter_broadcast(dense, {"weight": None}, cur_rank=rank)
    results["broadcast/weight"], results["broadcast/bias"] = dense.weight.asnumpy(), dense.bias.asnumpy()
    results.update(sync_batch_norm(get_group_size(), rank))
    results.update(overlap(get_group_size(), rank))
    np.savez(f"{sys.argv[1]}/rank_{rank}.npz", **results)
