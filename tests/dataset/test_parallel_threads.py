"""Worker threads that give way to the consumer's thread: stretches of tasks run on the
threads or on the consumer's thread as thread_choice.py decides, with the same results
in the same order, and the same errors, either way."""
import threading

import numpy as np
import pytest

import spore.dataset as ds
import spore.dataset.vision as V
from spore.dataset.engine import parallel, thread_choice
from spore.dataset.engine.thread_choice import GROWTH, LONGEST, PROBE, ThreadChoice

from .helpers import rows

ROWS = 40 * parallel.ROWS_PER_TASK + 7  # past the first few stretches, the last task short
IMAGES = np.random.default_rng(1).integers(0, 256, (ROWS, 9, 7, 1), dtype=np.uint8)


class Scripted:
    """A choice that gives fixed stretches and keeps what was recorded."""

    def __init__(self, stretches):
        self.stretches = list(stretches)
        self.recorded = []

    def next_stretch(self):
        return self.stretches.pop(0) if self.stretches else (False, 1000)

    def record(self, threads, tasks, seconds, cpu_seconds):
        self.recorded.append((threads, tasks))


def where_each_task_ran(choice, tasks=20, workers=3):
    def task(k):
        return k, threading.current_thread()
    return list(parallel.ordered_map(task, range(tasks), workers, False, choice))


def test_stretches_run_on_the_threads_or_the_consumer_in_task_order():
    script = [(True, PROBE), (False, PROBE), (True, PROBE)]
    choice = Scripted(script)
    results = where_each_task_ran(choice, tasks=3 * PROBE + 5)
    assert [k for k, _ in results] == list(range(3 * PROBE + 5))
    consumer = threading.current_thread()
    on_threads = [thread is not consumer for _, thread in results]
    assert on_threads == [True] * PROBE + [False] * PROBE + [True] * PROBE + [False] * 5
    assert {thread.name for _, thread in results if thread is not consumer} == {"spore-dataset-worker"}
    # Full stretches are timed; so is a cut-short one of at least PROBE tasks, not a shorter one.
    assert choice.recorded == script


def test_the_choice_starts_on_threads_then_times_the_consumer():
    choice = ThreadChoice()
    assert choice.next_stretch() == (True, PROBE)
    choice.record(True, PROBE, 1.0, 1.0)
    assert choice.next_stretch() == (False, PROBE)


def timed(choice, threads, wall, cpu):
    """Record a stretch of whatever length the choice asked for, at these times per task."""
    asked_threads, tasks = choice.next_stretch()
    assert asked_threads == threads
    choice.record(threads, tasks, wall * tasks, cpu * tasks)
    return tasks


def test_threads_that_burn_cpu_in_hand_offs_give_way_and_probes_grow_rarer():
    choice = ThreadChoice()
    timed(choice, True, wall=1.0, cpu=3.0)  # a convoy: no faster, far more CPU
    timed(choice, False, wall=1.0, cpu=1.0)
    holds = []
    for _ in range(6):
        holds.append(timed(choice, False, wall=1.0, cpu=1.0))
        assert timed(choice, True, wall=1.0, cpu=3.0) == PROBE
    assert holds == [PROBE, PROBE * GROWTH, PROBE * GROWTH ** 2, LONGEST, LONGEST, LONGEST]


def test_threads_faster_at_the_same_cpu_per_task_are_kept():
    choice = ThreadChoice()
    timed(choice, True, wall=0.5, cpu=1.0)
    timed(choice, False, wall=1.0, cpu=1.0)
    assert timed(choice, True, wall=0.5, cpu=1.0) == PROBE * GROWTH
    assert timed(choice, False, wall=1.0, cpu=1.0) == PROBE
    # The threads turn slow (the machine got busy): the consumer's thread takes over.
    timed(choice, True, wall=1.0, cpu=1.0)
    assert choice.next_stretch() == (False, PROBE)


@pytest.mark.parametrize("margin", [0.9, 1.0, thread_choice.GAIN * 0.99])
def test_threads_no_faster_than_the_margin_give_way(margin):
    choice = ThreadChoice()
    timed(choice, True, wall=1.0 / margin, cpu=1.0)
    timed(choice, False, wall=1.0, cpu=1.0)
    assert choice.next_stretch() == (False, PROBE)


def augmenting(workers, multiprocessing):
    ops = [V.RandomResizedCrop(6, scale=(0.5, 1.0)), V.RandomHorizontalFlip(), lambda x: x.astype(np.int32) * 3,
           V.HWC2CHW()]
    data = ds.NumpySlicesDataset({"image": IMAGES, "label": np.arange(ROWS)}, shuffle=False)
    return data.map(ops, "image", num_parallel_workers=workers, python_multiprocessing=multiprocessing).batch(
        10, drop_remainder=False)


@pytest.mark.parametrize("multiprocessing", [False, True])
def test_any_worker_count_gives_the_serial_rows_in_order_epoch_after_epoch(multiprocessing):
    ds.config.set_seed(11)
    serial = augmenting(1, False)
    expected = [rows(serial) for _ in range(2)]
    for workers in (2, 3, 4, 8):
        ds.config.set_seed(11)
        data = augmenting(workers, multiprocessing)
        for epoch in range(2):  # the second epoch goes on with the first one's choice
            got = rows(data)
            assert len(got) == len(expected[epoch])
            for row, want in zip(got, expected[epoch]):
                np.testing.assert_array_equal(row[0], want[0])
                np.testing.assert_array_equal(row[1], want[1])
    labels = np.concatenate([row[1] for row in expected[0]])
    np.testing.assert_array_equal(labels, np.arange(ROWS))


@pytest.mark.parametrize("failing_row", [5, 40, PROBE * parallel.ROWS_PER_TASK + 3, ROWS - 1])
def test_a_failing_row_raises_the_same_error_on_a_thread_or_the_consumer(failing_row):
    def fail_once(x):
        if x == failing_row:
            raise ValueError(f"bad row {failing_row}")
        return x

    def worker_threads():
        return [t for t in threading.enumerate() if t.name == "spore-dataset-worker"]

    data = ds.NumpySlicesDataset(np.arange(ROWS), shuffle=False).map(fail_once, num_parallel_workers=4)
    message = f"fail_once failed on row {failing_row} .*ValueError: bad row {failing_row}"
    for _ in range(2):  # the first stretch runs on threads, later ones wherever the choice says
        with pytest.raises(RuntimeError, match=message):
            rows(data)
        assert worker_threads() == []


def test_an_error_on_a_worker_thread_reaches_the_consumer_with_its_message():
    def fail_on_third_task(k):
        if k == 2:
            raise KeyError("third")
        return k

    results = parallel.ordered_map(fail_on_third_task, range(10), 2, False, Scripted([(True, 10)]))
    assert [next(results), next(results)] == [0, 1]
    with pytest.raises(KeyError, match="third"):
        next(results)
