"""What a training step's peak memory (bench/model_step.py) is made of: the resident memory
that three steps add, per kind of mapping, for torch eager, spore PyNative and spore Graph.

model_step.py measures the peak resident memory of a step's first three calls beyond what
the process held before them. On LeNet5 most of it is not data: it is the machine code of
libtorch_cpu.so that the first call of each ATen kernel pages in (the library is mapped
whole, its pages become resident as they run), so a step that runs other kernels than
PyTorch's maps other code. The rest is the C heap (tensor data, im2col buffers), anonymous
mappings (Python's object arenas, large buffers) and libtorch_python.so (the bindings called).
Each form runs in a fresh process, `--runs` times; medians in KiB.
Run: python bench/step_memory_map.py [--model lenet5] [--batch 32] [--runs 3]
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
FORMS = ("torch eager", "spore PyNative", "spore Graph")
KINDS = ("libtorch_cpu.so", "libtorch_python.so", "other files", "[heap]", "anonymous")


def resident_kib() -> collections.Counter:
    """Resident KiB per kind of mapping, from /proc/self/smaps."""
    kib: collections.Counter = collections.Counter()
    kind = "anonymous"
    with open("/proc/self/smaps") as smaps:
        for line in smaps:
            fields = line.split()
            if fields[0] == "Rss:":
                kib[kind] += int(fields[1])
            elif not fields[0].endswith(":"):      # a mapping's header: address range, ..., path
                path = fields[5] if len(fields) > 5 else ""
                name = os.path.basename(path)
                kind = name if name in KINDS else "[heap]" if path == "[heap]" else \
                    "other files" if path.startswith("/") else "anonymous"
    return kib


def _child(model: str, form: str, batch: int) -> dict:
    import model_nets
    import torch
    from model_step import step_forms

    torch.set_num_threads(1)
    step = step_forms(model_nets.make(model, batch), with_compile=False)[form]
    before = resident_kib()
    for _ in range(3):
        step()
    after = resident_kib()
    return {kind: after[kind] - before[kind] for kind in KINDS}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="lenet5")
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(_child(args.model, args.child, args.batch)))
        return 0
    print(f"{args.model}, batch {args.batch}: resident KiB that 3 steps add, median of {args.runs} fresh processes")
    print(f"  {'form':<16}" + "".join(f"{kind:>20}" for kind in KINDS) + f"{'total':>10}")
    for form in FORMS:
        runs = []
        for _ in range(args.runs):
            out = subprocess.run([sys.executable, __file__, "--model", args.model, "--batch", str(args.batch),
                                  "--child", form], check=True, capture_output=True, text=True).stdout
            runs.append(json.loads(out.strip().splitlines()[-1]))
        medians = {kind: statistics.median(run[kind] for run in runs) for kind in KINDS}
        total = statistics.median(sum(run.values()) for run in runs)
        print(f"  {form:<16}" + "".join(f"{medians[kind]:>20.0f}" for kind in KINDS) + f"{total:>10.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
