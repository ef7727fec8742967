"""Parallel map and batch: identical rows to serial runs (random transforms included),
bounded read-ahead, errors from workers, early stops."""
import os
import threading

import numpy as np
import pytest

import spore.dataset as ds
import spore.dataset.vision as V
from spore.dataset.engine import parallel, result_slots

from .helpers import rows

IMAGES = np.random.default_rng(0).integers(0, 256, (150, 12, 10, 3), dtype=np.uint8)


def pipeline(workers, multiprocessing, extra=()):
    ops = [V.RandomCrop(8), V.RandomHorizontalFlip(), V.Rescale(1 / 255, 0), *extra, V.HWC2CHW()]
    data = ds.NumpySlicesDataset({"image": IMAGES, "label": np.arange(150)})
    return data.map(ops, "image", num_parallel_workers=workers, python_multiprocessing=multiprocessing).batch(32)


def same(first, second):
    return len(first) == len(second) and all(
        all(np.array_equal(a, b) for a, b in zip(x, y)) for x, y in zip(first, second))


@pytest.mark.parametrize("multiprocessing", [False, True])
def test_parallel_map_equals_serial(multiprocessing):
    ds.config.set_seed(7)
    serial = rows(pipeline(1, False, extra=[lambda x: x * 2]))
    ds.config.set_seed(7)
    parallel_rows = rows(pipeline(4, multiprocessing, extra=[lambda x: x * 2]))
    assert same(serial, parallel_rows)
    assert sorted(np.concatenate([r[1] for r in serial]).tolist()) == list(range(150))


def test_python_functions_run_in_worker_processes():
    data = ds.NumpySlicesDataset(np.arange(40), shuffle=False)
    pids = rows(data.map(lambda x: np.array(os.getpid()), num_parallel_workers=2, python_multiprocessing=True))
    assert os.getpid() not in {p[0].item() for p in pids}


def test_default_workers_come_from_config():
    ds.config.set_num_parallel_workers(3)
    threads = set()

    def record(x):
        threads.add((threading.get_ident(), threading.current_thread().name))
        return x

    rows(ds.NumpySlicesDataset(np.arange(200), shuffle=False).map(record))
    assert len(threads) == 3 and all(name == "spore-dataset-worker" for _, name in threads)


def test_read_ahead_is_bounded():
    pulled = []

    def source():
        for i in range(10_000):
            pulled.append(i)
            yield np.array(i)

    iterator = ds.GeneratorDataset(source, ["x"]).map(lambda x: x, num_parallel_workers=4).create_tuple_iterator(
        output_numpy=True)
    first = [next(iterator)[0].item() for _ in range(10)]
    assert first == list(range(10))
    limit = (parallel.TASKS_PER_WORKER * 4 + 1) * parallel.ROWS_PER_TASK
    assert len(pulled) <= limit
    iterator.stop()


@pytest.mark.parametrize("multiprocessing", [False, True])
def test_worker_errors_reach_the_consumer(multiprocessing):
    def fail_on_77(x):
        if x == 77:
            raise ValueError("seventy-seven")
        return x

    data = ds.NumpySlicesDataset(np.arange(100), shuffle=False).map(fail_on_77, num_parallel_workers=2,
                                                                    python_multiprocessing=multiprocessing)
    with pytest.raises(RuntimeError, match="fail_on_77 failed on row 77 .*ValueError: seventy-seven"):
        rows(data)


def test_a_dying_worker_process_is_reported():
    data = ds.NumpySlicesDataset(np.arange(100), shuffle=False).map(lambda x: os._exit(3), num_parallel_workers=2,
                                                                    python_multiprocessing=True)
    with pytest.raises(RuntimeError, match="worker process .* exited unexpectedly, exit code 3"):
        rows(data)


def test_leaving_an_epoch_early_releases_the_workers():
    def workers():
        return [t for t in threading.enumerate() if t.name == "spore-dataset-worker"]

    data = ds.NumpySlicesDataset(np.arange(1000), shuffle=False).map(lambda x: x, num_parallel_workers=3)
    for row in data:
        if row[0].asnumpy() == 5:
            break
    assert workers() == []
    iterator = data.create_tuple_iterator()
    next(iterator)
    assert len(workers()) == 3
    iterator.stop()
    assert workers() == []


def test_parallel_batch_with_per_batch_map():
    def scale(x, info):
        return [v * info.get_batch_num() for v in x]

    data = ds.NumpySlicesDataset(np.arange(100), ["x"], shuffle=False)
    serial = rows(data.batch(8, per_batch_map=scale))
    for multiprocessing in (False, True):
        assert same(rows(data.batch(8, num_parallel_workers=3, per_batch_map=scale,
                                    python_multiprocessing=multiprocessing)), serial)


@pytest.mark.parametrize("slot_bytes", [1 << 20, 100])
def test_worker_process_results_through_shared_slots_or_the_pipe(monkeypatch, slot_bytes):
    # 100 bytes: every stacked result is too large for a slot and goes through the pipe.
    monkeypatch.setattr(result_slots, "SLOT_BYTES", slot_bytes)
    images = np.random.default_rng(2).integers(0, 256, (300, 6, 5, 3), dtype=np.uint8)
    data = ds.NumpySlicesDataset({"image": images}, shuffle=False).map(
        [V.Rescale(1 / 255, 0), lambda x: x[::-1]], "image", num_parallel_workers=3, python_multiprocessing=True)
    got = rows(data.batch(50))
    want = (images.astype(np.float32) * np.float32(1 / 255))[:, ::-1]
    np.testing.assert_array_equal(np.concatenate([batch[0] for batch in got]), want)
