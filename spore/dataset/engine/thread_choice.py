"""Whether a parallel operator's next tasks run on its worker threads or on the consumer's
own thread, chosen by the throughput each way has shown.

Worker threads pay only when the tasks spend much of their time outside the GIL (NumPy
or Pillow on large arrays, file reads). Tasks that are mostly Python calls on small
arrays gain nothing from threads, and can lose a lot: NumPy lets go of the GIL for every
operation on more than a few hundred elements, and when other threads are waiting for it,
each such release hands the GIL to one of them, costing a pair of thread switches for a
microsecond of work. Once the waiting threads are awake on other cores the hand-offs
feed themselves, and 4 threads run such tasks several times slower than one thread does.
Where that happens depends on the machine and its load, so it is measured, not guessed.

Both ways are timed on a short stretch of tasks (threads first: with few tasks, the
workers asked for do the work), the faster is kept for a longer stretch, then the other
is timed again on a short one. The long stretch grows while the choice holds, so probing
the slower way costs a shrinking share of the tasks, and a change of the tasks or of the
machine's load is still noticed.

Threads must be faster in wall time by a margin, and must not spend much more CPU time
per task than the consumer's thread alone: the hand-offs burn CPU time, which other
processes on the machine barely disturb, whereas on a busy machine wall times vary from
stretch to stretch by more than the margin.
"""
from __future__ import annotations

PROBE = 16
"""Tasks in a stretch that times the way not chosen: enough for the workers to fill up
and drain, few enough that probing threads that convoy costs little."""
LONGEST = 64 * PROBE
GROWTH = 4
"""The chosen way's stretch starts at PROBE tasks and grows GROWTH-fold each time a
probe confirms the choice, up to LONGEST: once settled, the other way is timed on about
1 task in 65."""
GAIN = 1.2
"""How much faster threads must run to be chosen: with tasks that hold the GIL they run
at best as fast as the consumer's thread alone, and on a noisy machine may look a little
faster by chance."""
CPU_SLACK = 1.5
"""How much more CPU time per task threads may spend and still be chosen: the same work
costs the same CPU time on any thread, give or take the switches between them."""


class ThreadChoice:
    """The schedule of stretches: `next_stretch()` says how the next tasks run and how
    many; `record()` takes the times a full stretch took."""

    def __init__(self):
        # Threads or not: the latest (wall seconds, CPU seconds) per task.
        self._per_task: dict[bool, tuple[float, float]] = {}
        self._threads = True  # the way chosen (first: the one timed first)
        self._hold = PROBE  # the length of the chosen way's next stretch
        self._probing = True  # whether the next stretch times the way not chosen

    def next_stretch(self) -> tuple[bool, int]:
        """(whether on worker threads, how many tasks)."""
        if True not in self._per_task:
            return True, PROBE
        if False not in self._per_task:
            return False, PROBE
        if self._probing:
            return not self._threads, PROBE
        return self._threads, self._hold

    def record(self, threads: bool, tasks: int, seconds: float, cpu_seconds: float) -> None:
        """A stretch of `tasks` tasks (fewer than asked when the tasks ran out) took
        `seconds` and this process `cpu_seconds`, counted from its first task to the
        consumer asking for the task after its last."""
        self._per_task[threads] = (seconds / tasks, cpu_seconds / tasks)
        if len(self._per_task) < 2:
            return
        (thread_wall, thread_cpu), (own_wall, own_cpu) = self._per_task[True], self._per_task[False]
        faster = own_wall > GAIN * thread_wall and thread_cpu < CPU_SLACK * own_cpu
        if faster != self._threads:
            self._threads, self._hold = faster, PROBE
            self._probing = False
        elif self._probing:  # the probe confirmed the choice: hold it longer
            self._hold = min(self._hold * GROWTH, LONGEST)
            self._probing = False
        else:
            self._probing = True
