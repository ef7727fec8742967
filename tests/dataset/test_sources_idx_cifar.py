"""The MNIST family (Mnist, FashionMnist, KMnist, EMnist, QMnist) and CIFAR-10/100, read
from files written here in their real binary layouts."""
import os
import struct

import numpy as np
import pytest

import spore.dataset as ds

from .helpers import column, rows


def write_idx(path, array, code=0x08):
    """An idx file: two zero bytes, the type code, the rank, the big-endian sizes, the values."""
    dtype = ">i4" if code == 0x0C else np.uint8
    with open(path, "wb") as f:
        f.write(struct.pack(">HBB", 0, code, array.ndim) + struct.pack(f">{array.ndim}I", *array.shape))
        f.write(np.asarray(array, dtype).tobytes())


def images(n, seed):
    return np.random.default_rng(seed).integers(0, 256, (n, 28, 28), dtype=np.uint8)


def write_pair(folder, prefix, n, seed, labels_suffix="labels-idx1-ubyte"):
    write_idx(folder / f"{prefix}-images-idx3-ubyte", images(n, seed))
    write_idx(folder / f"{prefix}-{labels_suffix}", (np.arange(n) + seed) % 10)


def test_mnist_default_usage_reads_the_files_that_are_there(tmp_path):
    write_pair(tmp_path, "t10k", 3, 1)
    data = ds.MnistDataset(str(tmp_path), shuffle=False)
    assert data.get_dataset_size() == 3 and column(data, 1) == [1, 2, 3]
    write_pair(tmp_path, "train", 2, 5)
    assert column(ds.MnistDataset(tmp_path, shuffle=False), 1) == [1, 2, 3, 5, 6]
    os.remove(tmp_path / "train-labels-idx1-ubyte")
    with pytest.raises(RuntimeError, match="train-labels-idx1-ubyte is missing"):
        ds.MnistDataset(tmp_path).get_dataset_size()


@pytest.mark.parametrize("cls", [ds.FashionMnistDataset, ds.KMnistDataset])
def test_fashion_and_kuzushiji_mnist_share_mnists_layout(tmp_path, cls):
    write_pair(tmp_path, "train", 4, 0)
    data = cls(tmp_path, usage="train", shuffle=False)
    assert data.get_col_names() == ["image", "label"] and data.output_types() == [np.uint8, np.uint32]
    got = rows(data)
    np.testing.assert_array_equal(np.stack([r[0] for r in got])[..., 0], images(4, 0))
    assert [r[1].item() for r in got] == [0, 1, 2, 3]
    with pytest.raises(RuntimeError, match=f"{cls.__name__}: no idx files for usage 'test'"):
        cls(tmp_path, usage="test").get_dataset_size()


def test_emnist_reads_the_named_split_as_stored(tmp_path):
    write_pair(tmp_path, "emnist-letters-train", 2, 3)
    write_pair(tmp_path, "emnist-letters-test", 3, 7)
    write_pair(tmp_path, "emnist-digits-test", 5, 0)
    data = ds.EMnistDataset(tmp_path, "letters", shuffle=False)
    assert column(data, 1) == [3, 4, 7, 8, 9]
    np.testing.assert_array_equal(rows(data)[0][0][..., 0], images(2, 3)[0])
    assert ds.EMnistDataset(tmp_path, "digits", usage="test").get_dataset_size() == 5
    with pytest.raises(ValueError, match="'name' must be one of"):
        ds.EMnistDataset(tmp_path, "cursive")
    with pytest.raises(TypeError, match="'name' must be a str"):
        ds.EMnistDataset(tmp_path, 3)


def test_qmnist_labels_compat_and_extended(tmp_path):
    write_idx(tmp_path / "qmnist-test-images-idx3-ubyte", images(3, 0))
    write_idx(tmp_path / "qmnist-test-labels-idx2-int", np.arange(24).reshape(3, 8), code=0x0C)
    compat = ds.QMnistDataset(tmp_path, "test", shuffle=False)
    assert column(compat, 1) == [0, 8, 16] and compat.output_types() == [np.uint8, np.uint32]
    extended = ds.QMnistDataset(tmp_path, "test", compat=False, shuffle=False)
    assert extended.output_shapes() == [[28, 28, 1], [8]] and column(extended, 1)[1] == list(range(8, 16))
    assert ds.QMnistDataset(tmp_path, "test10k").get_dataset_size() == 3
    assert ds.QMnistDataset(tmp_path, "test50k").get_dataset_size() == 0
    with pytest.raises(RuntimeError, match="qmnist-train-images-idx3-ubyte is missing"):
        ds.QMnistDataset(tmp_path).get_dataset_size()
    with pytest.raises(ValueError, match="'usage' must be one of"):
        ds.QMnistDataset(tmp_path, "valid")
    with pytest.raises(TypeError, match="'compat' must be a bool"):
        ds.QMnistDataset(tmp_path, compat=1)
    write_idx(tmp_path / "qmnist-test-labels-idx2-int", np.arange(9).reshape(3, 3), code=0x0C)
    with pytest.raises(RuntimeError, match="must hold 8 ints per image"):
        ds.QMnistDataset(tmp_path, "test").get_dataset_size()


def test_idx_file_truncated_or_foreign_is_named(tmp_path):
    write_pair(tmp_path, "t10k", 2, 0)
    with open(tmp_path / "t10k-labels-idx1-ubyte", "wb") as f:
        f.write(b"\x00\x00")
    with pytest.raises(RuntimeError, match="t10k-labels-idx1-ubyte is truncated"):
        ds.FashionMnistDataset(tmp_path).get_dataset_size()
    with open(tmp_path / "t10k-labels-idx1-ubyte", "wb") as f:
        f.write(b"PK\x03\x04rest")
    with pytest.raises(RuntimeError, match="t10k-labels-idx1-ubyte is not an idx file"):
        ds.KMnistDataset(tmp_path).get_dataset_size()


def write_cifar100(path, coarse, fine, seed):
    planes = np.random.default_rng(seed).integers(0, 256, (len(fine), 3, 32, 32), dtype=np.uint8)
    records = np.concatenate([np.stack([coarse, fine], 1).astype(np.uint8), planes.reshape(len(fine), -1)], 1)
    records.tofile(path)
    return planes


def test_cifar100_reads_coarse_and_fine_labels(tmp_path):
    planes = write_cifar100(tmp_path / "train.bin", [1, 2], [10, 20], 0)
    write_cifar100(tmp_path / "test.bin", [3], [30], 1)
    data = ds.Cifar100Dataset(tmp_path, usage="train", shuffle=False)
    assert data.get_col_names() == ["image", "coarse_label", "fine_label"]
    assert data.output_types() == [np.uint8, np.uint32, np.uint32]
    got = rows(data)
    np.testing.assert_array_equal(got[1][0], planes[1].transpose(1, 2, 0))
    assert [(r[1].item(), r[2].item()) for r in got] == [(1, 10), (2, 20)]
    assert column(ds.Cifar100Dataset(tmp_path, shuffle=False), 2) == [10, 20, 30]
    os.remove(tmp_path / "train.bin")
    assert column(ds.Cifar100Dataset(tmp_path, shuffle=False), 2) == [30]
    with open(tmp_path / "test.bin", "ab") as f:
        f.write(b"x")
    with pytest.raises(RuntimeError, match=r"test.bin is malformed: 3075 bytes .* 3074-byte records"):
        ds.Cifar100Dataset(tmp_path).get_dataset_size()


def test_cifar10_all_reads_the_train_files_without_the_test_file(tmp_path):
    labels = np.array([[4], [5]], np.uint8)
    np.concatenate([labels, np.zeros((2, 3072), np.uint8)], 1).tofile(tmp_path / "data_batch_2.bin")
    assert column(ds.Cifar10Dataset(tmp_path, usage="all", shuffle=False), 1) == [4, 5]
    with pytest.raises(RuntimeError, match="no binary files for usage 'test'"):
        ds.Cifar10Dataset(tmp_path, usage="test").get_dataset_size()
