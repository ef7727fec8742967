"""Where a spore Graph training step's time goes, kernel by kernel, against torch eager's
ATen ops: thread CPU time per step measured around each call, in the step.

spore Graph: each kernel the compiled Program calls (its `k...` globals) is wrapped with a
timer. torch eager: each ATen op is timed by a dispatch mode. Unlike torch.profiler, which
inflates memory-bound kernels several-fold on a loaded machine, the timers cost about a
microsecond per call, and the kernels run with the caches the step leaves them. --shapes
splits each kernel by its operands' shapes (and layouts: `nc` and the strides when not
contiguous).

Run: python bench/kernel_times.py [--model transformer] [--steps 5] [--shapes] [--top 30]
"""
from __future__ import annotations

import argparse
import collections
import os
import sys
import time

import torch
from torch.utils._python_dispatch import TorchDispatchMode

sys.path.insert(0, os.path.dirname(__file__))
import model_nets

CLOCK = time.thread_time


def describe(arg) -> str:
    if isinstance(arg, torch.Tensor):
        layout = "" if arg.is_contiguous() else f"nc{tuple(arg.stride())}"
        return f"{tuple(arg.shape)}{layout}"
    if isinstance(arg, (tuple, list)):
        return "[" + ",".join(describe(a) for a in arg) + "]"
    return "."


class Totals:
    """Seconds and calls by key, over the steps timed."""

    def __init__(self, shapes: bool):
        self.shapes = shapes
        self.seconds: dict = collections.defaultdict(float)
        self.calls: dict = collections.Counter()

    def add(self, name: str, args, seconds: float) -> None:
        key = f"{name} {' '.join(describe(a) for a in args)}" if self.shapes else name
        self.seconds[key] += seconds
        self.calls[key] += 1

    def clear(self) -> None:
        self.seconds.clear()
        self.calls.clear()


def time_graph_kernels(pair, totals: Totals) -> None:
    """Wraps the kernels of the Graph step's Program with timers feeding `totals`."""
    pair.spore_graph_step()    # compiles
    (program,) = pair.spore_jit.cache.programs.values()
    for name, kernel in list(program._globals.items()):
        if name.startswith("k") and callable(kernel) and not isinstance(kernel, type):
            label = f"{getattr(kernel, '__module__', '').rsplit('.', 1)[-1]}." \
                    f"{getattr(kernel, '__qualname__', '?').split('.')[0]}"
            program._globals[name] = _timed(label, kernel, totals)


def _timed(label: str, kernel, totals: Totals):
    def timed(*args, **kwargs):
        start = CLOCK()
        result = kernel(*args, **kwargs)
        totals.add(label, args, CLOCK() - start)
        return result
    return timed


class AtenTimer(TorchDispatchMode):
    def __init__(self, totals: Totals):
        super().__init__()
        self.totals = totals

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        start = CLOCK()
        result = func(*args, **(kwargs or {}))
        self.totals.add(func.overloadpacket.__name__, args, CLOCK() - start)
        return result


def measure(step, totals: Totals, steps: int, mode=None) -> float:
    """Seconds per step (timers included); `totals` then holds these steps only."""
    for _ in range(2):
        step() if mode is None else _in(mode, step)
    totals.clear()
    start = CLOCK()
    for _ in range(steps):
        step() if mode is None else _in(mode, step)
    return (CLOCK() - start) / steps


def _in(mode, step):
    with mode:
        return step()


def report(title: str, per_step: float, totals: Totals, steps: int, top: int) -> None:
    timed = sum(totals.seconds.values()) / steps
    print(f"{title}: {per_step * 1e3:.1f} ms per step, {timed * 1e3:.1f} ms in kernels")
    ranked = sorted(totals.seconds.items(), key=lambda item: -item[1])
    for key, seconds in ranked[:top]:
        calls = totals.calls[key] // steps
        print(f"  {seconds / steps * 1e3:8.2f} ms {calls:5d} calls {seconds / steps / per_step:6.1%}  {key}")
    rest = sum(s for _, s in ranked[top:]) / steps
    if rest:
        print(f"  {rest * 1e3:8.2f} ms in the other {len(ranked) - top}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", choices=model_nets.MODELS, default="transformer")
    parser.add_argument("--batch", type=int)
    parser.add_argument("--steps", type=int, default=5)
    parser.add_argument("--shapes", action="store_true", help="one line per kernel and operand shapes")
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--no-torch", action="store_true", help="the spore Graph step only")
    args = parser.parse_args()
    torch.set_num_threads(1)
    pair = model_nets.make(args.model, args.batch or model_nets.DEFAULT_BATCH[args.model])
    graph = Totals(args.shapes)
    time_graph_kernels(pair, graph)
    report("spore Graph", measure(pair.spore_graph_step, graph, args.steps), graph, args.steps, args.top)
    if not args.no_torch:
        eager = Totals(args.shapes)
        per_step = measure(pair.torch_step, eager, args.steps, AtenTimer(eager))
        report("\ntorch eager (ATen ops)", per_step, eager, args.steps, args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
