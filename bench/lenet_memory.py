"""Resident memory of LeNet5 training (value_and_grad + Momentum, batch 32) over 2,000
steps, spore PyNative against the same script in PyTorch eager.

Each framework trains in a fresh subprocess (so neither sees the other's allocations)
that reports its resident memory every 100 steps and its peak. Targets (issue 4): after
warm-up the resident memory stays flat (growth under 5% from step 200 to the end), and
spore's peak is within 1.3x of torch's.
Run: python bench/lenet_memory.py [--steps N]
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

import numpy as np

PEAK_TARGET = 1.3
GROWTH_LIMIT = 0.05
WARMUP_STEPS = 200
SAMPLE_EVERY = 100
BATCH = 32


def status_kib(field: str) -> int:
    """A memory field of /proc/self/status (VmRSS: now, VmHWM: peak), in KiB."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise RuntimeError(f"/proc/self/status has no {field}")


def _train(framework: str, steps: int) -> dict:
    import torch

    torch.set_num_threads(1)
    sys.path.insert(0, os.path.dirname(__file__))
    from lenet_step import spore_step, torch_step

    rng = np.random.default_rng(0)
    step, net = spore_step(BATCH, rng)
    if framework == "torch":
        step = torch_step(BATCH, rng, net)
    samples = []
    for i in range(1, steps + 1):
        step()
        if i % SAMPLE_EVERY == 0:
            samples.append((i, status_kib("VmRSS")))
    return {"samples": samples, "peak_kib": status_kib("VmHWM")}


def _run_child(framework: str, steps: int) -> dict:
    out = subprocess.run([sys.executable, __file__, "--child", framework, "--steps", str(steps)],
                         check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def _growth(samples: list) -> float:
    after_warmup = [rss for step, rss in samples if step >= WARMUP_STEPS]
    return after_warmup[-1] / after_warmup[0] - 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=2000)
    parser.add_argument("--child", choices=("spore", "torch"))
    args = parser.parse_args()
    if args.child:
        print(json.dumps(_train(args.child, args.steps)))
        return 0
    results = {name: _run_child(name, args.steps) for name in ("torch", "spore")}
    print(f"LeNet5 training, batch {BATCH}, {args.steps} steps, resident memory")
    print(f"  {'form':<12}{'at step ' + str(WARMUP_STEPS):>16}{'at the end':>14}{'growth':>10}{'peak':>12}")
    for name, result in results.items():
        samples = dict(result["samples"])
        print(f"  {name:<12}{samples[WARMUP_STEPS] / 1024:>13.1f}MiB{result['samples'][-1][1] / 1024:>11.1f}MiB"
              f"{_growth(result['samples']):>+10.1%}{result['peak_kib'] / 1024:>9.1f}MiB")
    peak_ratio = results["spore"]["peak_kib"] / results["torch"]["peak_kib"]
    growth = _growth(results["spore"]["samples"])
    flat, peak_ok = growth < GROWTH_LIMIT, peak_ratio <= PEAK_TARGET
    print(f"  spore growth after warm-up {growth:+.1%} (limit {GROWTH_LIMIT:.0%}): {'ok' if flat else 'MISSED'}")
    print(f"  peak ratio spore/torch {peak_ratio:.2f} (target <= {PEAK_TARGET}): {'ok' if peak_ok else 'MISSED'}")
    print("target met" if flat and peak_ok else "target MISSED")
    return 0


if __name__ == "__main__":
    sys.exit(main())
