"""Where a training step's time goes: one model's step in spore PyNative, spore Graph and
PyTorch eager, under torch.profiler (ATen time and calls per op family) and cProfile
(Python time per spore module).

ATen time is the self time of every aten:: op and of the mkldnn:: ops torch registers
beside them (the oneDNN linear layers of spore's Graph mode): the kernels and their C++
dispatch; the rest of the step's wall time is framework time (Python: Primitive calls,
the tape, the Cells, the optimizer's loop). Families whose calls or time exceed torch eager's are costs
spore has and PyTorch does not (extra copies, casts, unfused ops).

Run: python bench/profile_step.py [--model resnet18] [--batch N] [--steps 3] [--top 15]
"""
from __future__ import annotations

import argparse
import collections
import cProfile
import os
import pstats
import sys
import time

import torch
from torch.profiler import ProfilerActivity, profile

sys.path.insert(0, os.path.dirname(__file__))
import model_nets

# aten op name fragments -> family, first match wins.
FAMILIES = (
    ("_foreach", "optimizer (_foreach)"),
    ("convolution", "convolution"), ("conv2d", "convolution"),
    ("batch_norm", "batch_norm"), ("layer_norm", "layer_norm"),
    ("softmax", "softmax / cross-entropy"), ("nll_loss", "softmax / cross-entropy"),
    ("cross_entropy", "softmax / cross-entropy"),
    ("mm", "matmul"), ("linear", "matmul"), ("matmul", "matmul"), ("baddbmm", "matmul"),
    ("scaled_dot_product", "attention"),
    ("pool", "pooling"),
    ("copy_", "copies / casts"), ("clone", "copies / casts"), ("contiguous", "copies / casts"),
    ("_to_copy", "copies / casts"), ("aten::to", "copies / casts"), ("cat", "copies / casts"),
    ("empty", "allocation"), ("zeros", "allocation"), ("fill_", "allocation"), ("ones", "allocation"),
    ("full", "allocation"),
    ("view", "views"), ("reshape", "views"), ("transpose", "views"), ("permute", "views"),
    ("expand", "views"), ("as_strided", "views"), ("squeeze", "views"), ("select", "views"),
    ("slice", "views"), ("t", "views"), ("unflatten", "views"), ("split", "views"), ("chunk", "views"),
    ("sum", "reductions"), ("mean", "reductions"), ("max", "reductions"), ("var", "reductions"),
)


_KERNEL_NAMESPACES = ("aten::", "mkldnn::")


def family(op_name: str) -> str:
    short = op_name.split("::", 1)[-1]
    for fragment, name in FAMILIES:
        if fragment == "t" and short not in ("t", "t_"):
            continue
        if fragment in (op_name if fragment.startswith("aten::") else short):
            return name
    return "elementwise / other"


def aten_profile(step, steps: int) -> tuple[float, dict]:
    """(wall seconds per step, {family: [calls per step, ATen seconds per step]})."""
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        start = time.perf_counter()
        for _ in range(steps):
            step()
        wall = (time.perf_counter() - start) / steps
    families: dict = collections.defaultdict(lambda: [0.0, 0.0])
    for event in prof.key_averages():
        if not event.key.startswith(_KERNEL_NAMESPACES):
            continue
        entry = families[family(event.key)]
        entry[0] += event.count / steps
        entry[1] += event.self_cpu_time_total / 1e6 / steps
    return wall, dict(families)


def python_profile(step, steps: int, top: int) -> list[tuple[str, float]]:
    """The spore (or torch Python) modules with the most Python self time per step."""
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(steps):
        step()
    profiler.disable()
    by_module: dict = collections.Counter()
    for (filename, _, _), (_, _, tottime, _, _) in pstats.Stats(profiler).stats.items():
        by_module[_module_of(filename)] += tottime / steps
    return by_module.most_common(top)


def _module_of(filename: str) -> str:
    for root in ("spore", "torch"):
        marker = os.sep + root + os.sep
        if marker in filename:
            return root + os.sep + filename.split(marker, 1)[1]
    return "(builtins: C functions incl. torch ops)" if filename == "~" else os.path.basename(filename)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", choices=model_nets.MODELS, default="resnet18")
    parser.add_argument("--batch", type=int)
    parser.add_argument("--steps", type=int, default=3)
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()
    torch.set_num_threads(1)
    batch = args.batch or model_nets.DEFAULT_BATCH[args.model]
    pair = model_nets.make(args.model, batch)
    steps = {"torch eager": pair.torch_step, "spore PyNative": pair.spore_step, "spore Graph": pair.spore_graph_step}
    profiles = {}
    for name, step in steps.items():
        for _ in range(2):
            step()      # compile / warm up
        profiles[name] = aten_profile(step, args.steps)

    print(f"{args.model}, batch {batch}: per training step (mean of {args.steps})")
    print(f"  {'':<26}" + "".join(f"{name:>28}" for name in steps))
    print(f"  {'wall':<26}" + "".join(f"{w * 1e3:>26.1f}ms" for w, _ in profiles.values()))
    aten = {name: sum(t for _, t in fams.values()) for name, (_, fams) in profiles.items()}
    print(f"  {'ATen (kernels + dispatch)':<26}" + "".join(f"{aten[n] * 1e3:>26.1f}ms" for n in steps))
    print(f"  {'framework (rest)':<26}" + "".join(f"{(w - aten[n]) * 1e3:>26.1f}ms"
                                                  for n, (w, _) in profiles.items()))
    print("  per op family: calls, ATen ms")
    names = sorted({f for _, fams in profiles.values() for f in fams},
                   key=lambda f: -max(fams.get(f, (0, 0))[1] for _, fams in profiles.values()))
    for fam in names:
        cells = []
        for _, fams in profiles.values():
            calls, seconds = fams.get(fam, (0, 0.0))
            cells.append(f"{calls:>12.0f} calls {seconds * 1e3:>8.1f}ms")
        print(f"  {fam:<26}" + "".join(f"{c:>28}" for c in cells))

    for name in ("spore PyNative", "spore Graph"):
        print(f"\n{name}: Python self time per step by module (cProfile; its own overhead inflates it)")
        for module, seconds in python_profile(steps[name], args.steps, args.top):
            print(f"  {seconds * 1e3:>8.2f}ms  {module}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
