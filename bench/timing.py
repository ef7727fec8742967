"""Shared timing for the benchmarks: interleaved rounds, medians, ratios.

The machines are shared and noisy, so every form is timed in the same rounds, one after
another, and ratios are taken within a round before the median across rounds.
"""
from __future__ import annotations

import statistics
import time
from typing import Callable

CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}
"""The clocks a benchmark may time with: wall time, or this process's CPU time (which
leaves out the time other processes hold the cores: steadier on a crowded machine for
single-threaded runs, blind to waiting)."""


def time_per_call(fn: Callable[[], object], calls: int, clock: Callable[[], float] = time.perf_counter) -> float:
    start = clock()
    for _ in range(calls):
        fn()
    return (clock() - start) / calls


def compare(forms: dict[str, Callable[[], object]], baseline: str, calls: int, rounds: int,
            warmup: int = 50, clock: str = "wall") -> dict[str, tuple[float, float]]:
    """{name: (median seconds per call, median ratio to `baseline`)} over interleaved rounds,
    timed with one of CLOCKS."""
    for fn in forms.values():
        for _ in range(warmup):
            fn()
    times: dict[str, list[float]] = {name: [] for name in forms}
    ratios: dict[str, list[float]] = {name: [] for name in forms}
    for _ in range(rounds):
        round_times = {name: time_per_call(fn, calls, CLOCKS[clock]) for name, fn in forms.items()}
        for name, t in round_times.items():
            times[name].append(t)
            ratios[name].append(t / round_times[baseline])
    return {name: (statistics.median(times[name]), statistics.median(ratios[name])) for name in forms}


def report(title: str, results: dict[str, tuple[float, float]], baseline: str, targets: dict[str, float]) -> bool:
    """Print a table; True when every form with a target meets it."""
    print(title)
    print(f"  {'form':<28}{'median':>12}{'ratio to ' + baseline:>22}{'target':>10}")
    ok = True
    for name, (seconds, ratio) in results.items():
        target = targets.get(name)
        verdict = ""
        if target is not None:
            met = ratio <= target
            ok &= met
            verdict = f"<= {target:g} {'ok' if met else 'MISSED'}"
        print(f"  {name:<28}{seconds * 1e6:>10.2f}us{ratio:>22.2f}{verdict:>16}")
    return ok
