"""Sources: GeneratorDataset (random-access, iterable, callable), NumpySlicesDataset, and
the file sources reading files written here in their real binary formats."""
import os
import struct

import numpy as np
import pytest

import spore.dataset as ds
from spore.dataset.vision import decode as decode_module

from .helpers import column, rows


class RandomAccess:
    def __init__(self, n=5):
        self.n = n

    def __getitem__(self, i):
        return np.array([i, i * 10]), np.float32(i / 2)

    def __len__(self):
        return self.n


class Iterable:
    """Iterable with a length, restarting on every iter()."""

    def __iter__(self):
        return iter([(np.array(i),) for i in range(4)])

    def __len__(self):
        return 4


# ---- GeneratorDataset -----------------------------------------------------------------------
def test_generator_function_columns_shapes_and_dtypes():
    def gen():
        for i in range(3):
            yield np.array([i, i + 1]), i, i * 1.5, True

    data = ds.GeneratorDataset(gen, ["a", "b", "c", "d"])
    assert data.get_col_names() == ["a", "b", "c", "d"]
    assert data.get_dataset_size() == 3
    assert data.output_shapes() == [[2], [], [], []]
    assert data.output_types() == [np.int64, np.int64, np.float64, np.bool_]
    got = rows(data)
    assert [r[0].tolist() for r in got] == [[0, 1], [1, 2], [2, 3]]
    assert [r[2].item() for r in got] == [0.0, 1.5, 3.0]


def test_generator_single_value_is_one_column_and_lists_are_rows():
    assert column(ds.GeneratorDataset(lambda: iter([5, 6]), "x")) == [5, 6]
    data = ds.GeneratorDataset(lambda: iter([[1, 2], [3, 4]]), ["a", "b"])
    assert [[r[0].item(), r[1].item()] for r in rows(data)] == [[1, 2], [3, 4]]


def test_generator_random_access_is_shuffled_by_default_and_sequential_without():
    shuffled = column(ds.GeneratorDataset(RandomAccess(20), ["x", "y"]), 1)
    assert sorted(shuffled) == [i / 2 for i in range(20)] and shuffled != sorted(shuffled)
    data = ds.GeneratorDataset(RandomAccess(), ["x", "y"], shuffle=False)
    assert column(data) == [[i, i * 10] for i in range(5)]
    assert data.output_types() == [np.int64, np.float32]


def test_generator_num_samples_shards_and_sampler():
    assert column(ds.GeneratorDataset(RandomAccess(), ["x", "y"], shuffle=False, num_samples=3), 1) == [0, 0.5, 1]
    shard = ds.GeneratorDataset(RandomAccess(), ["x", "y"], shuffle=False, num_shards=2, shard_id=1)
    assert shard.get_dataset_size() == 3 and column(shard, 1) == [0.5, 1.5, 0.0]
    picked = ds.GeneratorDataset(RandomAccess(), ["x", "y"], sampler=ds.SubsetSampler([4, 0]))
    assert column(picked, 1) == [2.0, 0.0]
    assert column(ds.GeneratorDataset(RandomAccess(), ["x", "y"], sampler=[3, 1]), 1) == [1.5, 0.5]


def test_generator_iterable_source_restarts_every_epoch():
    data = ds.GeneratorDataset(Iterable(), ["x"])
    assert data.get_dataset_size() == 4
    iterator = data.create_tuple_iterator(num_epochs=2, output_numpy=True)
    assert [[r[0].item() for r in iterator] for _ in range(2)] == [[0, 1, 2, 3]] * 2
    assert column(ds.GeneratorDataset(Iterable(), ["x"], num_samples=2)) == [0, 1]


def test_generator_size_of_a_generator_without_length_is_counted():
    assert ds.GeneratorDataset(lambda: iter(range(7)), ["x"]).get_dataset_size() == 7


def test_generator_column_types_cast():
    data = ds.GeneratorDataset(RandomAccess(), ["x", "y"], column_types=[np.int16, np.float64], shuffle=False)
    assert data.output_types() == [np.int16, np.float64]


def test_generator_parallel_reads_keep_order():
    serial = column(ds.GeneratorDataset(RandomAccess(50), ["x", "y"], shuffle=False), 1)
    for multiprocessing in (False, True):
        data = ds.GeneratorDataset(RandomAccess(50), ["x", "y"], shuffle=False, num_parallel_workers=3,
                                   python_multiprocessing=multiprocessing)
        assert column(data, 1) == serial


def test_generator_errors():
    with pytest.raises(ValueError, match="column_names"):
        ds.GeneratorDataset(RandomAccess())
    with pytest.raises(TypeError, match="random-access, iterable or callable"):
        ds.GeneratorDataset(5, ["x"])
    with pytest.raises(ValueError, match="'num_shards' needs a random-access source"):
        ds.GeneratorDataset(Iterable(), ["x"], num_shards=2, shard_id=0)
    with pytest.raises(RuntimeError, match="conflicts with 'sampler'"):
        ds.GeneratorDataset(RandomAccess(), ["x", "y"], shuffle=True, sampler=ds.SequentialSampler())
    with pytest.raises(ValueError, match="must be given together"):
        ds.GeneratorDataset(RandomAccess(), ["x", "y"], num_shards=2)
    with pytest.raises(RuntimeError, match=r"sample index 0 has 2 value\(s\), but column_names names 1"):
        rows(ds.GeneratorDataset(RandomAccess(), ["x"], shuffle=False))


def test_generator_exception_names_the_sample_index():
    class Broken(RandomAccess):
        def __getitem__(self, i):
            if i == 3:
                raise KeyError("boom")
            return super().__getitem__(i)

    with pytest.raises(RuntimeError, match="raised KeyError at sample index 3") as info:
        rows(ds.GeneratorDataset(Broken(), ["x", "y"], shuffle=False))
    assert isinstance(info.value.__cause__, KeyError)

    def gen():
        yield 1
        yield 2
        raise ValueError("generator broke")

    with pytest.raises(RuntimeError, match="raised ValueError at sample index 2: generator broke"):
        rows(ds.GeneratorDataset(gen, ["x"]))


# ---- NumpySlicesDataset ---------------------------------------------------------------------
def test_numpy_slices_forms_and_default_names():
    data = ds.NumpySlicesDataset([1, 2, 3], shuffle=False)
    assert data.get_col_names() == ["column_0"] and data.output_types() == [np.int64]
    assert column(data) == [1, 2, 3]
    data = ds.NumpySlicesDataset(([1, 2], [3.5, 4.5]), shuffle=False)
    assert data.get_col_names() == ["column_0", "column_1"] and data.output_types() == [np.int64, np.float64]
    data = ds.NumpySlicesDataset({"a": [1, 2, 3], "b": [[1, 2], [3, 4], [5, 6]]}, shuffle=False)
    assert data.get_col_names() == ["a", "b"] and data.output_shapes() == [[], [2]]
    assert column(data, 1) == [[1, 2], [3, 4], [5, 6]]
    data = ds.NumpySlicesDataset(np.arange(12).reshape(6, 2), column_names=["p"], shuffle=False)
    assert data.get_col_names() == ["p"] and data.get_dataset_size() == 6 and column(data)[5] == [10, 11]


def test_numpy_slices_rows_are_copies():
    source = np.zeros((3, 2))
    data = ds.NumpySlicesDataset(source, shuffle=False).map(lambda x: x.__iadd__(1))
    assert column(data) == [[1.0, 1.0]] * 3
    assert not source.any()


def test_numpy_slices_errors():
    with pytest.raises(ValueError, match="same length"):
        ds.NumpySlicesDataset({"a": [1, 2], "b": [1, 2, 3]})
    with pytest.raises(ValueError, match=r"1 column\(s\) of data came with 2 column name"):
        ds.NumpySlicesDataset([1, 2], column_names=["a", "b"])


# ---- MnistDataset ---------------------------------------------------------------------------
def write_idx(path, magic, array):
    with open(path, "wb") as f:
        f.write(struct.pack(f">{1 + array.ndim}I", magic, *array.shape))
        f.write(array.astype(np.uint8).tobytes())


def mnist_images(n, seed):
    return np.random.default_rng(seed).integers(0, 256, (n, 28, 28), dtype=np.uint8)


@pytest.fixture
def mnist_dir(tmp_path):
    for prefix, n, seed in (("train", 6, 0), ("t10k", 4, 1)):
        write_idx(tmp_path / f"{prefix}-images-idx3-ubyte", 2051, mnist_images(n, seed))
        write_idx(tmp_path / f"{prefix}-labels-idx1-ubyte", 2049, (np.arange(n) + seed) % 10)
    return tmp_path


def test_mnist_reads_idx_files(mnist_dir):
    data = ds.MnistDataset(str(mnist_dir), usage="train", shuffle=False)
    assert data.get_col_names() == ["image", "label"] and data.get_dataset_size() == 6
    assert data.output_shapes() == [[28, 28, 1], []] and data.output_types() == [np.uint8, np.uint32]
    got = rows(data)
    np.testing.assert_array_equal(np.stack([r[0] for r in got])[..., 0], mnist_images(6, 0))
    assert [r[1].item() for r in got] == [0, 1, 2, 3, 4, 5]
    assert column(ds.MnistDataset(mnist_dir, usage="test", shuffle=False), 1) == [1, 2, 3, 4]


def test_mnist_all_reads_test_then_train(mnist_dir):
    for usage in ("all", None):
        data = ds.MnistDataset(mnist_dir, usage=usage, shuffle=False)
        assert column(data, 1) == [1, 2, 3, 4, 0, 1, 2, 3, 4, 5]
    assert ds.MnistDataset(mnist_dir).num_classes() is None


def test_mnist_errors_name_the_file(mnist_dir):
    with pytest.raises(ValueError, match="does not exist"):
        ds.MnistDataset(str(mnist_dir / "nowhere"))
    with pytest.raises(ValueError, match="'usage' must be one of"):
        ds.MnistDataset(mnist_dir, usage="valid")
    images = mnist_dir / "train-images-idx3-ubyte"
    write_idx(images, 2052, mnist_images(6, 0))
    with pytest.raises(RuntimeError, match="train-images-idx3-ubyte is not an idx file of 3 dimension.s.: its magic "
                                           "number is 2052"):
        ds.MnistDataset(mnist_dir, usage="train").get_dataset_size()
    write_idx(images, 2051, mnist_images(6, 0))
    with open(images, "r+b") as f:
        f.truncate(16 + 28 * 28 * 6 - 5)
    with pytest.raises(RuntimeError, match="train-images-idx3-ubyte is malformed"):
        rows(ds.MnistDataset(mnist_dir, usage="train"))
    os.remove(mnist_dir / "t10k-labels-idx1-ubyte")
    with pytest.raises(RuntimeError, match="t10k-labels-idx1-ubyte is missing"):
        ds.MnistDataset(mnist_dir, usage="test").get_dataset_size()
    write_idx(mnist_dir / "t10k-labels-idx1-ubyte", 2049, np.arange(3))
    with pytest.raises(RuntimeError, match="holds 4 images but .* holds 3 labels"):
        ds.MnistDataset(mnist_dir, usage="test").get_dataset_size()


# ---- Cifar10Dataset -------------------------------------------------------------------------
def cifar_records(n, base):
    """n records: label byte then the R, G, B planes (32 x 32 each)."""
    labels = (np.arange(n) + base) % 10
    planes = np.random.default_rng(base).integers(0, 256, (n, 3, 32, 32), dtype=np.uint8)
    return labels, planes


@pytest.fixture
def cifar_dir(tmp_path):
    for k in range(1, 6):
        labels, planes = cifar_records(2, k)
        np.concatenate([labels[:, None].astype(np.uint8), planes.reshape(2, -1)], axis=1).tofile(
            tmp_path / f"data_batch_{k}.bin")
    labels, planes = cifar_records(3, 100)
    np.concatenate([labels[:, None].astype(np.uint8), planes.reshape(3, -1)], axis=1).tofile(
        tmp_path / "test_batch.bin")
    return tmp_path


def test_cifar10_reads_binary_batches_as_hwc(cifar_dir):
    data = ds.Cifar10Dataset(cifar_dir, usage="train", shuffle=False)
    assert data.get_dataset_size() == 10 and data.get_col_names() == ["image", "label"]
    assert data.output_shapes() == [[32, 32, 3], []] and data.output_types() == [np.uint8, np.uint32]
    got = rows(data)
    labels, planes = cifar_records(2, 1)
    np.testing.assert_array_equal(got[1][0], planes[1].transpose(1, 2, 0))
    assert [r[1].item() for r in got] == [1, 2, 2, 3, 3, 4, 4, 5, 5, 6]
    assert column(ds.Cifar10Dataset(cifar_dir, usage="test", shuffle=False), 1) == [0, 1, 2]
    assert column(ds.Cifar10Dataset(cifar_dir, shuffle=False), 1)[-4:] == [6, 0, 1, 2]


def test_cifar10_errors_name_the_file(cifar_dir, tmp_path_factory):
    with open(cifar_dir / "test_batch.bin", "ab") as f:
        f.write(b"123")
    with pytest.raises(RuntimeError, match=r"test_batch.bin is malformed: 9222 bytes"):
        ds.Cifar10Dataset(cifar_dir, usage="test").get_dataset_size()
    empty = tmp_path_factory.mktemp("empty")
    with pytest.raises(RuntimeError, match="Cifar10Dataset: no binary files for usage 'all'"):
        ds.Cifar10Dataset(empty).get_dataset_size()


# ---- ImageFolderDataset ---------------------------------------------------------------------
@pytest.fixture
def image_dir(tmp_path):
    for name, count in (("dog", 2), ("cat", 3), ("bird", 1)):
        (tmp_path / name).mkdir()
        for i in range(count):
            (tmp_path / name / f"{i}.png").write_bytes(bytes([name[0].encode()[0], i]) * 3)
    (tmp_path / "cat" / "notes.txt").write_bytes(b"xyz")
    (tmp_path / "stray_file").write_bytes(b"not a class")
    return tmp_path


def test_image_folder_labels_follow_sorted_class_folders(image_dir):
    data = ds.ImageFolderDataset(image_dir, shuffle=False)
    assert data.get_class_indexing() == {"bird": 0, "cat": 1, "dog": 2} and data.num_classes() == 3
    assert data.get_dataset_size() == 7 and data.output_types() == [np.uint8, np.int32]
    got = rows(data)
    assert [r[1].item() for r in got] == [0, 1, 1, 1, 1, 2, 2]
    assert got[0][0].tolist() == list(b"b\x00" * 3) and got[4][0].tolist() == list(b"xyz")
    threaded = rows(ds.ImageFolderDataset(image_dir, shuffle=False, num_parallel_workers=3))
    assert all(np.array_equal(a[0], b[0]) and a[1] == b[1] for a, b in zip(threaded, got))


def test_image_folder_extensions_and_class_indexing(image_dir):
    data = ds.ImageFolderDataset(image_dir, shuffle=False, extensions=[".png"],
                                 class_indexing={"dog": 0, "cat": 5})
    assert data.num_classes() == 2 and column(data, 1) == [5, 5, 5, 0, 0]
    with pytest.raises(ValueError, match="class folder .*fish"):
        ds.ImageFolderDataset(image_dir, class_indexing={"fish": 0})


def test_image_folder_decode(tmp_path):
    pil = pytest.importorskip("PIL.Image")
    (tmp_path / "a").mkdir()
    pixels = np.arange(4 * 5 * 3, dtype=np.uint8).reshape(4, 5, 3)
    pil.fromarray(pixels).save(tmp_path / "a" / "x.png")
    data = ds.ImageFolderDataset(tmp_path, decode=True)
    np.testing.assert_array_equal(rows(data)[0][0], pixels)


def test_image_folder_decode_without_pillow_says_so(image_dir, monkeypatch):
    def missing():
        raise RuntimeError("Images need Pillow, which is not installed: install spore's 'vision' extra.")

    monkeypatch.setattr(decode_module, "pillow", missing)
    data = ds.ImageFolderDataset(image_dir, decode=True, shuffle=False)
    assert data.get_dataset_size() == 7  # building the dataset needs no Pillow
    with pytest.raises(RuntimeError, match=r"cannot decode .*0.png: .*need Pillow.*vision. extra"):
        rows(data)
