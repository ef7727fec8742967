"""The gradient of a jit function against the same gradient of the plain function: one
LeNet5 forward + loss, differentiated with value_and_grad from Python (PyNative), at
batch 1, 8 and 32, with torch eager's forward + backward in the same rounds.

grad(jit_fn) runs the forward and the backward as compiled programs (the tape records
the compiled call as one node); grad(fn) runs them op by op.
Target (issue 11): grad(jit_fn) at least 1.5x faster than grad(fn) on the LeNet5 step.
Run: python bench/grad_of_jit.py [--rounds N]
"""
from __future__ import annotations

import argparse
import os
import sys

import numpy as np
import torch

import spore as ms
from spore import nn
from spore.__main__ import install_alias

install_alias()
sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "examples"))
from lenet_digits import LeNet5  # noqa: E402
from lenet_step import torch_step  # noqa: E402
from timing import compare, report  # noqa: E402

SPEEDUP = 1.5


def spore_grads(batch: int, rng):
    net = LeNet5()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")

    def forward(x, y):
        return loss_fn(net(x), y)

    weights = net.trainable_params()
    plain = ms.value_and_grad(forward, None, weights)
    compiled = ms.value_and_grad(ms.jit(forward), None, weights)
    x = ms.Tensor(rng.standard_normal((batch, 1, 32, 32)).astype(np.float32))
    y = ms.Tensor(rng.integers(0, 10, batch).astype(np.int32))
    return (lambda: plain(x, y)), (lambda: compiled(x, y)), net


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--calls", type=int, default=20)
    args = parser.parse_args()
    torch.set_num_threads(1)
    ok = True
    for batch in (1, 8, 32):
        rng = np.random.default_rng(batch)
        plain, compiled, net = spore_grads(batch, rng)
        forms = {"grad(fn)": plain, "grad(jit(fn))": compiled, "torch eager (+SGD step)": torch_step(batch, rng, net)}
        results = compare(forms, "grad(fn)", args.calls, args.rounds, warmup=5)
        report(f"LeNet5 forward + gradient, batch {batch}, median of {args.rounds} rounds", results, "grad(fn)", {})
        speedup = 1 / results["grad(jit(fn))"][1]
        met = speedup >= SPEEDUP
        print(f"  grad(jit(fn)) is {speedup:.2f}x faster than grad(fn) (target >= {SPEEDUP}): "
              f"{'ok' if met else 'MISSED'}")
        ok &= met
    print("target met" if ok else "target MISSED")
    return 0


if __name__ == "__main__":
    sys.exit(main())
