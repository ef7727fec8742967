"""Python work per training step, counted deterministically: the bytecode instructions and
Python calls one step of a model executes (spore PyNative and PyTorch eager), per function.

Timings on a shared machine swing by tens of percent; these counts do not, so they show
what a change to a hot path (Primitive calls, the tape, Cells, the optimizer) saves even
when the clock cannot. They leave out the C side (kernels, torch's dispatch), which
callgrind counts.

Run: python bench/python_opcodes.py [--model lenet5] [--batch N] [--top 30]
"""
from __future__ import annotations

import argparse
import collections
import gc
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(__file__))
import model_nets


def count(step) -> tuple[collections.Counter, collections.Counter]:
    """({(file, function): bytecode instructions}, {(file, function): calls}) of one step()."""
    opcodes: collections.Counter = collections.Counter()
    calls: collections.Counter = collections.Counter()

    def tracer(frame, event, arg):
        key = (_short(frame.f_code.co_filename), frame.f_code.co_name)
        if event == "call":
            frame.f_trace_opcodes = True
            calls[key] += 1
        elif event == "opcode":
            opcodes[key] += 1
        return tracer

    gc.collect()
    sys.settrace(tracer)
    try:
        step()
    finally:
        sys.settrace(None)
    return opcodes, calls


def _short(filename: str) -> str:
    for root in ("spore", "torch"):
        marker = os.sep + root + os.sep
        if marker in filename:
            return root + os.sep + filename.split(marker, 1)[1]
    return os.path.basename(filename)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", choices=model_nets.MODELS, default="lenet5")
    parser.add_argument("--batch", type=int)
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args()
    torch.set_num_threads(1)
    batch = args.batch or model_nets.DEFAULT_BATCH[args.model]
    pair = model_nets.make(args.model, batch)
    for name, step in (("torch eager", pair.torch_step), ("spore PyNative", pair.spore_step)):
        for _ in range(3):
            step()      # warm up: caches, plans, first-call work
        opcodes, calls = count(step)
        print(f"{name}: {sum(opcodes.values())} bytecode instructions, {sum(calls.values())} Python calls "
              f"per {args.model} step (batch {batch})")
        by_file: collections.Counter = collections.Counter()
        for (filename, _), n in opcodes.items():
            by_file[filename] += n
        for filename, n in by_file.most_common(args.top // 3):
            print(f"  {n:>7}  {filename}")
        print("  by function: instructions, calls")
        for (filename, function), n in opcodes.most_common(args.top):
            print(f"  {n:>7} {calls[filename, function]:>6}  {filename}:{function}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
