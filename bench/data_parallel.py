"""Data-parallel training throughput: LeNet5 and a small ResNet-style net, on 1, 2 and 4
processes started by msrun (gloo, this machine), DATA_PARALLEL with Model's training step
(TrainOneStepCell with its DistributedGradReducer), PyNative.

Each process trains on its own batch of 32 (weak scaling: the global batch grows with the
processes). Printed per net and process count: samples per second over all processes,
scaling efficiency (samples/s over n times the 1-process samples/s) and the gradient
all-reduces per step (the reducer's buckets). Every worker runs with OMP_NUM_THREADS=1: on a
machine with fewer cores than processes the processes share cores, and the efficiency says
so rather than the all-reduce.
With several buckets, a bucket's all-reduce starts during the backward pass as soon as its
gradients are final (DistributedGradReducer.overlapping; one bucket is reduced after the
backward pass); `--no-overlap` makes every all-reduce after the backward pass, `--bucket-kb`
caps the buckets (more, smaller all-reduces: more to overlap). "overlapped" counts the
all-reduces per step that ran during the backward pass.
Run: python bench/data_parallel.py [--steps N] [--processes 1 2 4] [--no-overlap] [--bucket-kb K]
"""
from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time

import numpy as np

BATCH = 32
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _nets():
    import spore as ms
    from spore import nn, ops
    from spore.__main__ import install_alias

    install_alias()  # the example's LeNet5 is MindSpore code
    sys.path.insert(0, os.path.join(ROOT, "examples"))
    from lenet_digits import LeNet5

    class Block(nn.Cell):
        def __init__(self, channels):
            super().__init__()
            self.conv1 = nn.Conv2d(channels, channels, 3, pad_mode="same")
            self.bn1 = nn.BatchNorm2d(channels)
            self.conv2 = nn.Conv2d(channels, channels, 3, pad_mode="same")
            self.bn2 = nn.BatchNorm2d(channels)
            self.relu = nn.ReLU()

        def construct(self, x):
            return self.relu(x + self.bn2(self.conv2(self.relu(self.bn1(self.conv1(x))))))

    class SmallResNet(nn.Cell):
        def __init__(self, classes=10):
            super().__init__()
            self.stem = nn.Conv2d(1, 16, 3, pad_mode="same")
            self.blocks = nn.SequentialCell([Block(16), Block(16)])
            self.pool = ops.ReduceMean(keep_dims=False)
            self.head = nn.Dense(16, classes)

        def construct(self, x):
            return self.head(self.pool(self.blocks(self.stem(x)), (2, 3)))

    return {"lenet5": (LeNet5, (1, 32, 32)), "resnet": (SmallResNet, (1, 16, 16))}, ms, nn


def worker(net_name: str, steps: int, out: str, overlap: bool, bucket_kb: int | None) -> None:
    nets, ms, nn = _nets()
    from spore.communication import get_group_size, get_rank, init
    from spore.nn.wrap import grad_reducer

    if bucket_kb:
        grad_reducer.BUCKET_BYTES = bucket_kb * 1024

    init()
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True)
    make, shape = nets[net_name]
    ms.set_seed(1)
    net = make()
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss), nn.Momentum(net.trainable_params(), 0.01, 0.9))
    step.overlaps_reduction = overlap
    step.set_train()
    rng = np.random.default_rng(get_rank())
    x = ms.Tensor(rng.standard_normal((BATCH, *shape)).astype(np.float32))
    y = ms.Tensor(rng.integers(0, 10, BATCH).astype(np.int32))
    for _ in range(3):
        step(x, y)
    from spore.communication.comm_func import barrier

    barrier()
    reducer = step.grad_reducer if step.reducer_flag else None
    overlapped_before = reducer.overlapped_calls if reducer else 0
    start = time.perf_counter()
    for _ in range(steps):
        step(x, y).asnumpy()
    barrier()
    elapsed = time.perf_counter() - start
    if get_rank() == 0:
        with open(out, "w") as report:
            json.dump({"samples_per_s": get_group_size() * BATCH * steps / elapsed,
                       "allreduce_calls": reducer.allreduce_calls if reducer else 0,
                       "overlapped": (reducer.overlapped_calls - overlapped_before) / steps if reducer else 0},
                      report)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def measure(net_name: str, processes: int, steps: int, options: list[str]) -> dict:
    with tempfile.TemporaryDirectory() as work:
        out = os.path.join(work, "result.json")
        env = dict(os.environ, OMP_NUM_THREADS="1", PYTHONPATH=os.pathsep.join(
            [ROOT, *filter(None, [os.environ.get("PYTHONPATH")])]))
        command = [sys.executable, "-m", "spore.msrun", f"--worker_num={processes}",
                   f"--local_worker_num={processes}", f"--master_port={_free_port()}", f"--log_dir={work}",
                   "--join=True", "--cluster_time_out=300", os.path.abspath(__file__), "--worker", net_name,
                   "--steps", str(steps), "--out", out, *options]
        done = subprocess.run(command, capture_output=True, text=True, timeout=1800, env=env)
        if done.returncode != 0:
            raise RuntimeError(f"{net_name} on {processes} processes failed:\n{done.stdout}\n{done.stderr}")
        with open(out) as report:
            return json.load(report)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--worker", default=None)
    parser.add_argument("--out", default=None)
    parser.add_argument("--no-overlap", action="store_true")
    parser.add_argument("--bucket-kb", type=int, default=None)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker, args.steps, args.out, not args.no_overlap, args.bucket_kb)
        return 0
    options = (["--no-overlap"] if args.no_overlap else []) + \
        (["--bucket-kb", str(args.bucket_kb)] if args.bucket_kb else [])
    print(f"data-parallel training, batch {BATCH} per process, {args.steps} steps, gloo, "
          f"{os.cpu_count()} CPU cores on this machine, "
          f"{'all-reduce after the backward pass' if args.no_overlap else 'overlap on (with several buckets)'}"
          f"{f', buckets of at most {args.bucket_kb} KB' if args.bucket_kb else ''}")
    print(f"{'net':8} {'processes':>9} {'samples/s':>10} {'efficiency':>10} {'all-reduce/step':>16} "
          f"{'overlapped':>10}")
    for net_name in ("lenet5", "resnet"):
        single = None
        for processes in args.processes:
            result = measure(net_name, processes, args.steps, options)
            single = single or result["samples_per_s"] / processes
            efficiency = result["samples_per_s"] / (processes * single)
            print(f"{net_name:8} {processes:>9} {result['samples_per_s']:>10.1f} {efficiency:>10.2f} "
                  f"{result['allreduce_calls']:>16} {result['overlapped']:>10.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
