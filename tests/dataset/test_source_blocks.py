"""Sources that hold their columns as arrays hand map and batch blocks of rows (engine/blocks.py):
the rows, batches and random draws are those of the same data read row by row (a
generator source), for any sampler, worker count and column kind."""
import numpy as np
import pytest

import spore.dataset as ds
import spore.dataset.vision as V
from spore.dataset.engine import parallel

from .helpers import rows

COUNT = 3 * parallel.ROWS_PER_TASK + 11
RNG = np.random.default_rng(5)
IMAGES = RNG.integers(0, 256, (COUNT, 10, 8, 3), dtype=np.uint8)
LABELS = np.arange(COUNT, dtype=np.int32)
WORDS = np.array([f"w{i}" for i in range(COUNT)])


def from_generator(columns, names):
    """The same rows from a source that hands map rows one by one."""
    def generate():
        yield from zip(*columns)
    return ds.GeneratorDataset(generate, names, shuffle=False)


def same_rows(got, want):
    assert len(got) == len(want)
    for row, expected in zip(got, want):
        assert len(row) == len(expected)
        for value, expected_value in zip(row, expected):
            assert value.dtype == expected_value.dtype
            np.testing.assert_array_equal(value, expected_value)


def augment(data, workers=1, processes=False, **kwargs):
    ops = [V.RandomResizedCrop(6, scale=(0.4, 1.0)), V.RandomHorizontalFlip(), V.Rescale(1 / 255, 0), V.HWC2CHW()]
    return data.map(ops, "image", num_parallel_workers=workers, python_multiprocessing=processes, **kwargs)


@pytest.mark.parametrize("workers, processes", [(1, False), (3, False), (4, True)])
@pytest.mark.parametrize("batch_size", [None, 7, 32, 64])
def test_map_over_numpy_slices_equals_map_over_rows(workers, processes, batch_size):
    def read(data):
        ds.config.set_seed(3)
        return rows(data.batch(batch_size) if batch_size else data)

    expected = read(augment(from_generator([IMAGES, LABELS], ["image", "label"])))
    got = read(augment(ds.NumpySlicesDataset({"image": IMAGES, "label": LABELS}, shuffle=False), workers, processes))
    same_rows(got, expected)


def test_a_sampler_picks_the_rows_of_the_blocks():
    data = ds.NumpySlicesDataset({"image": IMAGES, "label": LABELS}, shuffle=True, num_samples=70)
    got = rows(data.map(lambda x: x[:2, :2], "image", num_parallel_workers=2).batch(16))
    labels = np.concatenate([batch[1] for batch in got])
    assert len(labels) == 70 and sorted(labels.tolist()) != labels.tolist()
    np.testing.assert_array_equal(np.concatenate([batch[0] for batch in got]), IMAGES[labels][:, :2, :2])


def test_output_columns_and_kept_columns_come_from_the_block():
    data = ds.NumpySlicesDataset({"label": LABELS, "image": IMAGES, "word": WORDS}, shuffle=False)
    data = data.map(V.HWC2CHW(), "image", ["chw"], num_parallel_workers=2)
    got = rows(data.batch(40))
    assert [len(batch) for batch in got] == [3] * 3
    np.testing.assert_array_equal(np.concatenate([b[0] for b in got]), LABELS)
    np.testing.assert_array_equal(np.concatenate([b[1] for b in got]), IMAGES.transpose(0, 3, 1, 2))
    assert np.concatenate([b[2] for b in got]).tolist() == WORDS.tolist()


def test_ragged_and_scalar_columns_reach_map_as_rows():
    ragged = [np.arange(k % 5 + 1) for k in range(COUNT)]
    data = ds.NumpySlicesDataset({"seq": ragged, "label": LABELS}, shuffle=False)
    got = rows(data.map(lambda s, label: (s.sum() + label,), ["seq", "label"], ["total"], num_parallel_workers=3))
    assert [row[0].item() for row in got] == [int(s.sum()) + k for k, s in enumerate(ragged)]
    scalars = rows(ds.NumpySlicesDataset(LABELS, shuffle=False).map(lambda x: x * 2).batch(50))
    assert [len(batch[0]) for batch in scalars] == [50, 50, COUNT - 100]
    np.testing.assert_array_equal(np.concatenate([batch[0] for batch in scalars]), LABELS * 2)


def test_a_transform_that_writes_into_its_input_leaves_the_source_intact():
    images = IMAGES.copy()

    def scribble(image):
        image[...] = 0
        return image

    rows(ds.NumpySlicesDataset({"image": images}, shuffle=False).map(scribble, num_parallel_workers=2).batch(10))
    np.testing.assert_array_equal(images, IMAGES)
