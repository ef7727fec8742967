"""Training steps of LeNet5, ResNet-18 (CIFAR) and a Transformer encoder in spore PyNative,
spore Graph (the whole step under `jit`), PyTorch eager and torch.compile, same run, same
weights: medians of interleaved rounds, ratios to torch eager and to torch.compile, and
the peak memory of a step (median over fresh processes).

Targets (issue 16): PyNative <= 1.05x torch eager on ResNet-18 and the Transformer encoder,
<= 1.15x on LeNet5; Graph <= 0.9x torch eager (<= 0.8x on LeNet5); a step's peak memory
<= torch eager's.

Run: python bench/model_step.py [--models lenet5 resnet18 transformer] [--rounds N]
     python bench/model_step.py --batch 1 8 32 128 [--plot cost.png]   (the cost curve;
     the PNG needs matplotlib: pip install spore[bench])
Models and batches: bench/model_nets.py.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

import torch

sys.path.insert(0, os.path.dirname(__file__))
import model_nets
from lenet_memory import status_kib
from timing import CLOCKS, compare

PYNATIVE_TARGET = {"lenet5": 1.15, "resnet18": 1.05, "transformer": 1.05}
GRAPH_TARGET = {"lenet5": 0.8, "resnet18": 0.9, "transformer": 0.9}
FORMS = ("torch eager", "torch.compile", "spore PyNative", "spore Graph")
# Steps per round: enough that a round of the overhead-bound LeNet5 lasts ~0.1 s.
CALLS = {"lenet5": 20, "resnet18": 1, "transformer": 1}


def step_forms(pair: model_nets.Pair, with_compile: bool) -> dict:
    forms = {"torch eager": pair.torch_step, "torch.compile": pair.torch_compiled_step,
             "spore PyNative": pair.spore_step, "spore Graph": pair.spore_graph_step}
    if not with_compile:
        del forms["torch.compile"]
    return forms


def first_calls(forms: dict) -> dict:
    """Seconds of each form's first call (compilation included), run before the timing."""
    first = {}
    for name, fn in forms.items():
        start = time.perf_counter()
        fn()
        first[name] = time.perf_counter() - start
    return first


def time_model(model: str, batch: int, rounds: int, with_compile: bool, clock: str = "wall") -> dict:
    forms = step_forms(model_nets.make(model, batch), with_compile)
    first = first_calls(forms)
    calls = max(1, CALLS[model] * 32 // max(batch, 1)) if model == "lenet5" else CALLS[model]
    results = compare(forms, "torch eager", calls, rounds, warmup=2, clock=clock)
    return {name: {"seconds": seconds, "to_eager": ratio, "first_call": first[name]}
            for name, (seconds, ratio) in results.items()}


# ---- peak memory: each form in a fresh process -----------------------------------------------


def _child_memory(model: str, form: str, batch: int) -> dict:
    """Peak resident memory of three steps beyond what the process held before them (the
    model, its weights and the batch built; the first call's compilation included)."""
    torch.set_num_threads(1)
    fn = step_forms(model_nets.make(model, batch), with_compile=True)[form]
    before = status_kib("VmRSS")
    with open("/proc/self/clear_refs", "w") as refs:    # restarts VmHWM at the current RSS
        refs.write("5")
    for _ in range(3):
        fn()
    return {"peak_kib": status_kib("VmHWM") - before}


def peak_memory(model: str, batch: int, forms, runs: int) -> dict:
    """Each form's median peak over `runs` fresh processes, the forms interleaved: one
    process's peak varies by up to 20% with where the heap's large buffers land (address
    randomisation), in torch eager as in spore."""
    samples: dict = {form: [] for form in forms}
    for _ in range(runs):
        for form in forms:
            out = subprocess.run([sys.executable, __file__, "--child-memory", model, form, "--batch", str(batch)],
                                 check=True, capture_output=True, text=True)
            samples[form].append(json.loads(out.stdout.strip().splitlines()[-1])["peak_kib"] / 1024)
    return {form: statistics.median(peaks) for form, peaks in samples.items()}


# ---- reports ---------------------------------------------------------------------------------
def report(model: str, batch: int, rounds: int, results: dict, peaks: dict | None) -> bool:
    print(f"{model}, batch {batch}, training step, median of {rounds} interleaved rounds")
    compiled = results.get("torch.compile")
    print(f"  {'form':<16}{'median':>11}{'/ eager':>9}{'/ compile':>11}{'first call':>12}"
          f"{'peak MiB':>10}  target")
    ok = True
    for name, r in results.items():
        to_compiled = f"{r['seconds'] / compiled['seconds']:.2f}" if compiled else "-"
        peak = f"{peaks[name]:.0f}" if peaks else "-"
        target = None
        if batch == model_nets.DEFAULT_BATCH[model]:    # the targets are for these batches
            target = {"spore PyNative": PYNATIVE_TARGET, "spore Graph": GRAPH_TARGET}.get(name, {}).get(model)
        verdict = ""
        if target is not None:
            met = r["to_eager"] <= target
            ok &= met
            verdict = f"<= {target:g} {'ok' if met else 'MISSED'}"
        print(f"  {name:<16}{r['seconds'] * 1e3:>9.2f}ms{r['to_eager']:>9.2f}{to_compiled:>11}"
              f"{r['first_call']:>11.2f}s{peak:>10}  {verdict}")
    if peaks:
        for name in ("spore PyNative", "spore Graph"):
            if name in peaks:
                met = peaks[name] <= peaks["torch eager"]
                ok &= met
                print(f"  {name} peak memory / torch eager {peaks[name] / max(peaks['torch eager'], 1e-9):.2f} "
                      f"(target <= 1): {'ok' if met else 'MISSED'}")
    return ok


def plot(curves: dict, path: str) -> None:
    """Milliseconds per sample against batch size, one panel per model, one line per form."""
    try:
        import matplotlib
    except ImportError:
        print(f"matplotlib is not installed (pip install spore[bench]): no plot written to {path}")
        return
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import matplotlib.ticker

    fig, axes = plt.subplots(1, len(curves), figsize=(5 * len(curves), 4), squeeze=False)
    for ax, (model, by_batch) in zip(axes[0], curves.items()):
        batches = sorted(by_batch)
        for form in by_batch[batches[0]]:
            ax.plot(batches, [by_batch[b][form]["seconds"] * 1e3 / b for b in batches], marker="o", label=form)
        ax.set(xscale="log", yscale="log", xlabel="batch", ylabel="ms per sample (training step)", title=model)
        ax.set_xticks(batches, [str(b) for b in batches], minor=False)
        ax.xaxis.set_minor_locator(matplotlib.ticker.NullLocator())
        ax.grid(True, which="both", alpha=0.3)
        ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    print(f"cost curve written to {path}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", nargs="+", choices=model_nets.MODELS, default=list(model_nets.MODELS))
    parser.add_argument("--batch", nargs="+", type=int, help="batch sizes (default: each model's own); "
                        "more than one is the sweep, plotted to --plot")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--no-compile", action="store_true", help="leave torch.compile out (its compile is slow)")
    parser.add_argument("--no-memory", action="store_true", help="skip the peak-memory subprocesses")
    parser.add_argument("--memory-runs", type=int, default=3, help="fresh processes per form for the peak memory")
    parser.add_argument("--plot", default="model_step_cost.png")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--clock", choices=CLOCKS, default="wall",
                        help="cpu: this process's CPU time, steadier on a crowded machine (one thread)")
    parser.add_argument("--child-memory", nargs=2, metavar=("MODEL", "FORM"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child_memory:
        print(json.dumps(_child_memory(*args.child_memory, args.batch[0])))
        return 0
    torch.set_num_threads(args.threads)
    sweep = args.batch is not None and len(args.batch) > 1
    ok, curves = True, {}
    for model in args.models:
        for batch in args.batch or [model_nets.DEFAULT_BATCH[model]]:
            results = time_model(model, batch, args.rounds, not args.no_compile, args.clock)
            peaks = None if args.no_memory or sweep else peak_memory(model, batch, results, args.memory_runs)
            ok &= report(model, batch, args.rounds, results, peaks)
            curves.setdefault(model, {})[batch] = results
    if sweep:
        plot(curves, args.plot)
    print("targets met" if ok else "targets MISSED")
    return 0


if __name__ == "__main__":
    sys.exit(main())
