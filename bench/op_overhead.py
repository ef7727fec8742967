"""Per-op overhead in PyNative mode: `x + y`, `ops.add(x, y)` and `ops.Add()(x, y)` on
32x32 float32 tensors against torch.add on the same data, in the same run.

Target (issue 2): each form within 2.5x of torch.add.
Run: python bench/op_overhead.py [--rounds N]
"""
from __future__ import annotations

import argparse
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(__file__))
from timing import compare, report

import spore as ms
from spore import ops

TARGET = 2.5


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--calls", type=int, default=5000)
    args = parser.parse_args()
    torch.set_num_threads(1)

    data = np.random.default_rng(0).random((2, 32, 32), dtype=np.float32)
    x, y = ms.Tensor(data[0]), ms.Tensor(data[1])
    tx, ty = torch.from_numpy(data[0].copy()), torch.from_numpy(data[1].copy())
    add = ops.Add()
    forms = {
        "torch.add(x, y)": lambda: torch.add(tx, ty),
        "x + y": lambda: x + y,
        "ops.add(x, y)": lambda: ops.add(x, y),
        "ops.Add()(x, y)": lambda: add(x, y),
    }
    results = compare(forms, "torch.add(x, y)", args.calls, args.rounds)
    ok = report(f"op overhead, 32x32 float32, median of {args.rounds} interleaved rounds",
                results, "torch", {name: TARGET for name in forms if not name.startswith("torch")})
    print("target met" if ok else "target MISSED")
    return 0


if __name__ == "__main__":
    sys.exit(main())
