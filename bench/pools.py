"""spore's 2-D max pools (nn.MaxPool2d, PyNative and Graph mode; --pool avg / max1d / max3d:
nn.AvgPool2d / MaxPool1d / MaxPool3d) against torch eager's F.max_pool2d (F.avg_pool2d ...): ResNet stems (3x3/2,
'pad' 1 and 'same'), VGG (2x2/2 at 224 and 14), CIFAR and LeNet5 sizes; forward, and forward + backward (the gradient of
sum(pool(x) * dout)). Prints milliseconds per call and ratios to torch eager, medians
over interleaved rounds of this process's CPU time, one thread (the machine is shared).
Compare two versions of spore by running this from each with PYTHONPATH and comparing
the ratios (torch's times are the yardstick within each run).
Run: python bench/pools.py [--pool max|avg|max1d|max3d] [--batches 1 8 32] [--dtypes float32 float64] [--rounds N]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F

import spore as ms
from spore import Tensor, nn

# name: (channels, size, kernel, stride, torch padding, spore pad_mode)
CASES = {
    "ResNet stem 112 3x3/2 p1": (64, 112, 3, 2, 1, "pad"),
    "ResNet stem 112 3x3/2 same": (64, 112, 3, 2, 1, "same"),
    "ResNet 56 3x3/2 p1": (64, 56, 3, 2, 1, "pad"),
    "VGG 224 2x2/2": (64, 224, 2, 2, 0, "valid"),
    "VGG 14 2x2/2 (512ch)": (512, 14, 2, 2, 0, "valid"),
    "CIFAR 32 2x2/2 (64ch)": (64, 32, 2, 2, 0, "valid"),
    "LeNet5 pool1 28 (6ch)": (6, 28, 2, 2, 0, "valid"),
    "LeNet5 pool2 10 (16ch)": (16, 10, 2, 2, 0, "valid"),
}
MAX_ELEMENTS = 1 << 25   # larger inputs (VGG 224 at batch 32: 100M elements) are left out


POOLS = {"max": (nn.MaxPool2d, F.max_pool2d), "avg": (nn.AvgPool2d, F.avg_pool2d),
         "max1d": (nn.MaxPool1d, F.max_pool1d), "max3d": (nn.MaxPool3d, F.max_pool3d)}


def input_shape(kind: str, batch: int, channels: int, size: int) -> tuple:
    """The 2-D cases' (N, C, size, size); 1-D pools take rows of size * 16, 3-D pools
    volumes of depth 4."""
    if kind == "max1d":
        return (batch, channels, size * 16)
    if kind == "max3d":
        return (batch, channels, 4, size, size)
    return (batch, channels, size, size)


def spore_pool(cell, kernel, stride, padding, pad_mode):
    if pad_mode == "pad":
        return cell(kernel, stride, pad_mode="pad", padding=padding)
    return cell(kernel, stride, pad_mode=pad_mode)


def forms(x_np, dout_np, case, kind):
    kernel, stride, padding, pad_mode = case[2:]
    cell, torch_pool = POOLS[kind]
    pool = spore_pool(cell, kernel, stride, padding, pad_mode)
    x, dout = Tensor(x_np), Tensor(dout_np)
    tx, tdout = torch.from_numpy(x_np), torch.from_numpy(dout_np)

    def loss(t):
        return (pool(t) * dout).sum()
    graph_forward, graph_gradient = ms.jit(lambda t: pool(t)), ms.grad(ms.jit(loss))
    gradient = ms.grad(loss)

    def torch_gradient():
        leaf = tx.detach().requires_grad_()
        (torch_pool(leaf, kernel, stride, padding) * tdout).sum().backward()
        return leaf.grad
    return {
        "torch fwd": lambda: torch_pool(tx, kernel, stride, padding),
        "spore fwd": lambda: pool(x),
        "spore graph fwd": lambda: graph_forward(x),
        "torch fwd+bwd": torch_gradient,
        "spore fwd+bwd": lambda: gradient(x),
        "spore graph fwd+bwd": lambda: graph_gradient(x),
    }


def cpu_time(fn, calls: int) -> float:
    start = time.thread_time()
    for _ in range(calls):
        fn()
    return (time.thread_time() - start) / calls


def measure(timed: dict, rounds: int) -> dict:
    """{form: (median ms, median ratio to the torch form of the same pass)}."""
    for fn in timed.values():
        fn()
    calls = max(1, int(0.02 / max(cpu_time(timed["torch fwd+bwd"], 1), 1e-6)))
    times = {k: [] for k in timed}
    for _ in range(rounds):
        for k, fn in timed.items():
            times[k].append(cpu_time(fn, calls))
    result = {}
    for k, samples in times.items():
        base = times["torch fwd+bwd" if "bwd" in k else "torch fwd"]
        result[k] = (statistics.median(samples) * 1e3, statistics.median(s / b for s, b in zip(samples, base)))
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batches", type=int, nargs="+", default=[1, 8, 32])
    parser.add_argument("--dtypes", nargs="+", default=["float32", "float64"])
    parser.add_argument("--cases", nargs="+", default=list(CASES), help="names from CASES")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--pool", choices=list(POOLS), default="max")
    args = parser.parse_args()
    torch.set_num_threads(1)
    rng = np.random.default_rng(0)
    names = ("spore fwd", "spore graph fwd", "spore fwd+bwd", "spore graph fwd+bwd")
    print(f"{'case':<28}{'N':>3} {'dtype':<8}{'torch fwd ms':>13}{'torch f+b ms':>13}"
          + "".join(f"{n + ' x':>22}" for n in names))
    for name in args.cases:
        case = CASES[name]
        channels, size = case[:2]
        for dtype in args.dtypes:
            for batch in args.batches:
                shape = input_shape(args.pool, batch, channels, size)
                if np.prod(shape) > MAX_ELEMENTS:
                    continue
                x = np.maximum(rng.standard_normal(shape), 0).astype(dtype)   # ReLU'd: ties
                out_shape = tuple(POOLS[args.pool][1](torch.from_numpy(x[:1]), *case[2:5]).shape[1:])
                dout = rng.standard_normal((batch,) + out_shape).astype(dtype)
                r = measure(forms(x, dout, case, args.pool), args.rounds)
                print(f"{name:<28}{batch:>3} {dtype:<8}{r['torch fwd'][0]:>13.3f}{r['torch fwd+bwd'][0]:>13.3f}"
                      + "".join(f"{r[n][1]:>22.2f}" for n in names), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
