"""PKSampler, and the OBS entry points without Huawei's `obs` SDK. Expected behaviour
observed on MindSpore 2.7.1: an ImageFolderDataset of classes a (3 files), b (1),
c (4) with PKSampler(2) gives 6 rows, labels [0, 0, 1, 1, 2, 2], each class's rows
drawn with replacement (class b's one row twice); shuffle=True keeps each class's rows
together, in a random class order."""
import os

import numpy as np
import pytest

import spore.dataset as ds
from spore.dataset import config as ds_config

CLASS_SIZES = {"a": 3, "b": 1, "c": 4}


@pytest.fixture
def folder(tmp_path):
    number = 0
    for name, count in CLASS_SIZES.items():
        os.makedirs(tmp_path / name)
        for i in range(count):
            (tmp_path / name / f"{i}.bin").write_bytes(bytes([number]))
            number += 1
    return str(tmp_path)


def rows(folder, sampler):
    dataset = ds.ImageFolderDataset(folder, sampler=sampler)
    got = [(int(image[0]), int(label)) for image, label in dataset.create_tuple_iterator(output_numpy=True)]
    return dataset.get_dataset_size(), got


FILES_OF_LABEL = {0: {0, 1, 2}, 1: {3}, 2: {4, 5, 6, 7}}


def test_pk_sampler_takes_num_val_rows_of_each_class_in_label_order(folder):
    size, got = rows(folder, ds.PKSampler(2))
    assert size == 6 and [label for _, label in got] == [0, 0, 1, 1, 2, 2]
    assert all(file in FILES_OF_LABEL[label] for file, label in got)
    size, got = rows(folder, ds.PKSampler(5))
    assert size == 15 and [label for _, label in got] == [0] * 5 + [1] * 5 + [2] * 5
    assert [file for file, label in got if label == 1] == [3] * 5


@pytest.fixture
def restore_seed(monkeypatch):
    """Whether a seed was set, and which, as before the test."""
    for name in ("_seed", "_seed_owner", "_seed_version"):
        monkeypatch.setattr(ds_config, name, getattr(ds_config, name))


def test_pk_sampler_num_samples_and_shuffle(folder, restore_seed):
    size, got = rows(folder, ds.PKSampler(2, num_samples=3))
    assert size == 3 and [label for _, label in got] == [0, 0, 1]
    orders = set()
    for seed in range(8):  # a seed set earlier in the process would repeat one order
        ds.config.set_seed(seed)
        orders.add(tuple(label for _, label in rows(folder, ds.PKSampler(2, shuffle=True))[1]))
    assert all(sorted(order) == [0, 0, 1, 1, 2, 2] and order[0::2] == order[1::2] for order in orders)
    assert len(orders) > 1


def test_pk_sampler_class_column_read_from_the_rows(folder):
    # "image" is not a label ImageFolder knows without reading: its rows are read for it
    size, got = rows(folder, ds.PKSampler(1, class_column="image"))
    assert size == 8 and [file for file, _ in got] == list(range(8))
    with pytest.raises(RuntimeError, match="'no_such' is not a column of ImageFolderDataset"):
        rows(folder, ds.PKSampler(1, class_column="no_such"))


@pytest.mark.parametrize("kwargs, error, message", [
    (dict(num_val=2.0), TypeError, "num_val must be integer but was: 2.0."),
    (dict(num_val=2, shuffle=1), TypeError, "shuffle must be a boolean value but was: 1."),
    (dict(num_val=2, num_samples=-1), ValueError, "num_samples exceeds the boundary between 0 and "
                                                  "9223372036854775807"),
    (dict(num_val=2, class_column=1), TypeError, "class_column must be a str value but was: 1."),
    (dict(num_val=2, num_class=2), NotImplementedError, "Not supported to specify num_class for PKSampler."),
])
def test_pk_sampler_argument_errors(kwargs, error, message):
    with pytest.raises(error, match=message.replace("(", r"\(")):
        ds.PKSampler(**kwargs)


def test_pk_sampler_refused_by_numpy_slices_and_generator():
    with pytest.raises(ValueError, match="GeneratorDataset doesn't support PKSampler."):
        ds.NumpySlicesDataset(np.arange(4), sampler=ds.PKSampler(2))
    with pytest.raises(ValueError, match="GeneratorDataset doesn't support PKSampler."):
        ds.GeneratorDataset([(1,), (2,)], ["x"], sampler=ds.PKSampler(2))


def test_obs_entry_points_need_the_obs_sdk():
    try:
        import obs  # noqa: F401
        pytest.skip("Huawei's obs SDK is installed here")
    except ImportError:
        pass
    with pytest.raises(ValueError, match="server should be a str that starts with http:// or https://, but got b."):
        ds.OBSMindDataset(["a"], "b", "ak", "sk", "path")
    with pytest.raises(TypeError, match="Argument ak"):
        ds.OBSMindDataset(["a"], "https://x", 1, "sk", "path")
    with pytest.raises(ModuleNotFoundError, match="No module named 'obs'"):
        ds.OBSMindDataset(["a"], "https://x", "ak", "sk", "path")
    with pytest.raises(ModuleNotFoundError, match="No module named 'obs'"):
        ds.sync_wait_for_dataset(0, 1, 0)


def test_text_platform_is_the_standard_module():
    import platform

    import spore.dataset.text as text
    assert text.platform is platform
