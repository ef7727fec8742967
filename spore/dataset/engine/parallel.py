"""Ordered, bounded parallel application of a function to a stream of tasks.

`ordered_map(fn, tasks, workers, processes)` yields `fn(task)` for each task, in task
order, running up to `workers` calls at once on threads or on forked processes.

Tasks are dealt to the workers in turn, and each worker answers its tasks in the order
it got them, so reading the answers in the same rotation restores the task order with
no reordering buffer. At most TASKS_PER_WORKER tasks per worker are in flight: the task
stream is pulled only as results are consumed, so memory stays flat however long the
stream is.

Threads suit transforms that spend their time in NumPy on large arrays (which releases
the GIL) or in I/O; processes suit Python-heavy transforms. As Python-heavy tasks can run
several times slower on threads than on one thread, stretches of tasks run on the
threads or on the consumer's own thread, whichever has shown the higher throughput
(thread_choice.py); results and their order are the same either way.

Process workers are forked, so `fn` (often holding user lambdas, which cannot be
pickled) reaches them by inheritance; only tasks and results travel, through pipes
(array results through shared memory, result_slots.py), which is why callers put many
rows in one task. Each worker talks to the consumer over its own queue and pipe,
without the broker threads of concurrent.futures, whose hand-offs cost more than a
small task.
"""
from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import pickle
import queue
import threading
import time
import traceback
from collections import deque
from collections.abc import Iterable, Iterator
from typing import Callable, TypeVar

from .result_slots import ResultSlots
from .thread_choice import PROBE, ThreadChoice

T = TypeVar("T")
R = TypeVar("R")

TASKS_PER_WORKER = 2
ROWS_PER_TASK = 32
"""The rows of one task: enough to amortize a task's hand-off (and pipe traffic to
processes), few enough to keep the rows in flight few."""

PIPE_BYTES = 1 << 20
_STOP = None


def ordered_map(fn: Callable[[T], R], tasks: Iterable[T], workers: int, processes: bool,
                choice: ThreadChoice | None = None) -> Iterator[R]:
    """fn over tasks, results in task order; serial when workers <= 1. Threads run only the
    stretches of tasks that `choice` (a fresh one if None) gives them (thread_choice.py);
    the consumer's thread runs the others."""
    if workers <= 1:
        for task in tasks:
            yield fn(task)
        return
    if not processes:
        yield from _threads_or_consumer(fn, iter(tasks), workers, choice or ThreadChoice())
        return
    if "fork" not in multiprocessing.get_all_start_methods():
        raise RuntimeError("python_multiprocessing=True needs the 'fork' start method, which this platform "
                           "lacks; use python_multiprocessing=False (threads).")
    pool = []
    try:
        pool.extend(_ProcessWorker(fn) for _ in range(workers))
        yield from _dealt(pool, tasks)
    finally:
        for worker in pool:
            worker.close()


def _threads_or_consumer(fn: Callable[[T], R], tasks: Iterator[T], workers: int, choice: ThreadChoice) -> Iterator[R]:
    pool = []  # started at the first stretch on threads
    try:
        while True:
            threads, size = choice.next_stretch()
            stretch = itertools.islice(tasks, size)
            if threads and not pool:
                pool.extend(_ThreadWorker(fn) for _ in range(workers))
            start, cpu_start = time.perf_counter(), time.process_time()
            done = 0
            for result in _dealt(pool, stretch) if threads else map(fn, stretch):
                yield result
                done += 1
            if done >= min(size, PROBE):  # the end of the tasks may cut a stretch short
                choice.record(threads, done, time.perf_counter() - start, time.process_time() - cpu_start)
            if done < size:
                return
    finally:
        for worker in pool:
            worker.close()


def _dealt(pool: list, tasks: Iterable[T]) -> Iterator:
    """The answers of the pool's workers to `tasks`, in task order, all of them."""
    in_flight: deque = deque()
    for worker, task in zip(itertools.cycle(pool), tasks):
        worker.put(task)
        in_flight.append(worker)
        if len(in_flight) >= TASKS_PER_WORKER * len(pool):
            yield in_flight.popleft().get()
    while in_flight:
        yield in_flight.popleft().get()


def chunks(items: Iterable[T], size: int = ROWS_PER_TASK) -> Iterator[list[T]]:
    """`items` in consecutive lists of `size` (the last one shorter)."""
    items = iter(items)
    while True:
        chunk = list(itertools.islice(items, size))
        if not chunk:
            return
        yield chunk


class _ThreadWorker:
    def __init__(self, fn: Callable):
        self._tasks: queue.SimpleQueue = queue.SimpleQueue()
        self._results: queue.SimpleQueue = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._serve, args=(fn,), name="spore-dataset-worker", daemon=True)
        self._thread.start()

    def _serve(self, fn: Callable) -> None:
        while (task := self._tasks.get()) is not _STOP:
            try:
                self._results.put((True, fn(task)))
            except BaseException as e:  # noqa: BLE001 - handed to the consumer, which raises it
                self._results.put((False, e))

    def put(self, task) -> None:
        self._tasks.put(task)

    def get(self):
        ok, value = self._results.get()
        if not ok:
            raise value
        return value

    def close(self) -> None:
        self._tasks.put(_STOP)
        self._thread.join()


class _ProcessWorker:
    def __init__(self, fn: Callable):
        context = multiprocessing.get_context("fork")
        # A Queue sends from a feeder thread: putting a large task never blocks the
        # consumer while the worker is itself blocked sending a result.
        self._tasks = context.Queue()
        self._results, results_end = context.Pipe(duplex=False)
        self._slots = ResultSlots(TASKS_PER_WORKER)
        self._process = context.Process(target=_serve_process, args=(fn, self._tasks, results_end, self._slots),
                                        daemon=True, name="spore-dataset-worker")
        _widen(results_end)
        self._process.start()
        results_end.close()  # the worker holds the writing end now

    def put(self, task) -> None:
        self._tasks.put(task)

    def get(self):
        try:
            ok, value, remote_traceback = self._results.recv()
        except EOFError:
            self._process.join(1)
            raise RuntimeError(f"A dataset worker process (pid {self._process.pid}) exited unexpectedly, exit code "
                               f"{self._process.exitcode}.") from None
        if not ok:
            raise value from _WorkerProcessError(remote_traceback)
        return self._slots.unpacked(value)

    def close(self) -> None:
        self._tasks.put(_STOP)
        try:
            while True:  # answers to tasks nobody waits for any more, until the worker exits
                self._results.recv()
        except EOFError:
            pass
        self._process.join()
        self._results.close()
        self._slots.close()
        self._tasks.close()
        if self._process.exitcode == 0:
            self._tasks.join_thread()
        else:  # a dead worker may leave the task pipe full: do not wait to flush it
            self._tasks.cancel_join_thread()


def _widen(connection) -> None:
    """Let the pipe behind `connection` hold several results: a worker whose result does
    not fit waits, idle, until the consumer reads it, and the consumer reads the workers
    in turn (Linux; the default 64 KiB holds less than one task of small images)."""
    with contextlib.suppress(ImportError, AttributeError, OSError):  # not Linux, or over its limit
        import fcntl  # Unix only
        fcntl.fcntl(connection.fileno(), fcntl.F_SETPIPE_SZ, PIPE_BYTES)


def _serve_process(fn: Callable, tasks, results, slots: ResultSlots) -> None:
    while (task := tasks.get()) is not _STOP:
        try:
            reply = (True, slots.packed(fn(task)), None)
        except BaseException as e:  # noqa: BLE001 - sent to the consumer, which raises it
            reply = (False, _picklable(e), "".join(traceback.format_exception(type(e), e, e.__traceback__)))
        try:
            results.send(reply)
        except (BrokenPipeError, OSError):
            return


def _picklable(error: BaseException) -> BaseException:
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:  # noqa: BLE001 - any failure to round-trip means: send a plain copy
        return RuntimeError(f"{type(error).__name__}: {error}")
    return error


class _WorkerProcessError(Exception):
    """The traceback of an exception raised in a worker process, shown as its cause."""

    def __init__(self, text: str):
        super().__init__(text)
        self.text = text

    def __str__(self) -> str:
        return f"\n\nIn the worker process:\n{self.text}"
