"""batch after map joins the columns of map's task results (engine/blocks.py): the batches
are the rows stacked, whatever the batch size against the task size, and when columns do
not join (shapes or dtypes differ between tasks) the rows are stacked as before."""
import numpy as np
import pytest

import spore.dataset as ds

from .helpers import rows

IMAGES = np.arange(100 * 6, dtype=np.uint8).reshape(100, 2, 3)
LABELS = np.arange(100, dtype=np.int32)


def _expected(batch_size, drop_remainder, transform):
    out = []
    for start in range(0, 100, batch_size):
        stop = min(start + batch_size, 100)
        if drop_remainder and stop - start < batch_size:
            break
        out.append((np.stack([transform(image) for image in IMAGES[start:stop]]), LABELS[start:stop]))
    return out


@pytest.mark.parametrize("batch_size", [1, 5, 32, 50, 64, 100, 128])
@pytest.mark.parametrize("drop_remainder", [False, True])
@pytest.mark.parametrize("workers, processes", [(1, False), (2, True)])
def test_batches_of_mapped_rows(batch_size, drop_remainder, workers, processes):
    def double(image):
        return image.astype(np.int16) * 2
    data = ds.NumpySlicesDataset({"image": IMAGES, "label": LABELS}, shuffle=False)
    data = data.map(double, input_columns="image", num_parallel_workers=workers, python_multiprocessing=processes)
    got = rows(data.batch(batch_size, drop_remainder=drop_remainder))
    want = _expected(batch_size, drop_remainder, double)
    assert len(got) == len(want)
    for (image, label), (want_image, want_label) in zip(got, want):
        assert image.dtype == np.int16 and label.dtype == np.int32
        np.testing.assert_array_equal(image, want_image)
        np.testing.assert_array_equal(label, want_label)


def test_columns_that_differ_between_tasks_are_stacked_row_by_row():
    # The dtype changes at row 40 (the second task): the batch of rows 32..63 mixes both,
    # which stacking promotes to the wider type, as it does row by row.
    data = ds.NumpySlicesDataset({"x": np.arange(100, dtype=np.int32)}, shuffle=False)
    data = data.map(lambda x: x.astype(np.int64) if x >= 40 else x, input_columns="x").batch(64)
    first, second = rows(data)
    assert first[0].dtype == np.int64 and second[0].dtype == np.int64
    np.testing.assert_array_equal(np.concatenate([first[0], second[0]]), np.arange(100))
    # Shapes that differ within a batch are the usual error.
    data = ds.NumpySlicesDataset({"x": np.arange(100, dtype=np.int32)}, shuffle=False)
    data = data.map(lambda x: np.zeros(2 if x >= 40 else 1), input_columns="x").batch(64)
    with pytest.raises(RuntimeError, match=r"cannot stack column 'x': row 0 of the batch has shape \(1,\) "
                                           r"but row 40 has shape \(2,\)"):
        rows(data)
