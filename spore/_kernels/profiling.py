"""Recording the kernels that run, for `spore.profiler.Profiler`: torch's profiler on
the host CPU, reduced to plain records (no torch object leaves this module)."""
from __future__ import annotations

import time
from typing import NamedTuple

from torch.profiler import ProfilerActivity, profile


class KernelEvent(NamedTuple):
    """One kernel call: its name (torch's operator, e.g. 'aten::mm'), when it started
    (microseconds since the epoch), how long it took (microseconds) and on which thread."""

    name: str
    start_us: float
    duration_us: float
    thread: int


class KernelRecorder:
    """start() ... stop() records every top-level kernel call made in between (the calls
    a kernel makes inside itself are part of its time, not events of their own)."""

    def __init__(self, with_stack: bool = False, profile_memory: bool = False):
        self._options = {"with_stack": with_stack, "profile_memory": profile_memory}
        self._profile = None
        self._epoch_us = 0.0
        self.events: list[KernelEvent] = []

    @property
    def running(self) -> bool:
        return self._profile is not None

    def start(self) -> None:
        self._profile = profile(activities=[ProfilerActivity.CPU], **self._options)
        self._epoch_us = time.time_ns() / 1000.0
        self._profile.__enter__()

    def stop(self) -> None:
        recording, self._profile = self._profile, None
        recording.__exit__(None, None, None)
        # torch times events in microseconds from the start of the recording
        self.events += [KernelEvent(e.name, self._epoch_us + e.time_range.start,
                                    e.time_range.end - e.time_range.start, e.thread)
                        for e in recording.events() if e.cpu_parent is None]
