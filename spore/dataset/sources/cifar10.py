"""Cifar10Dataset: the CIFAR-10 images from their binary batch files."""
from __future__ import annotations

import os

import numpy as np

from .. import checks
from .mappable import MappableDataset, rows_of

_RECORD = 1 + 3 * 32 * 32
"""Bytes per image: the label, then the red, green and blue planes, 32 x 32 each."""
_TRAIN_FILES = [f"data_batch_{i}.bin" for i in range(1, 6)]
_TEST_FILES = ["test_batch.bin"]


class Cifar10Dataset(MappableDataset):
    """Rows (image, label): image uint8 of shape (32, 32, 3) (H, W, C; RGB), label uint32
    scalar.

    `dataset_dir` holds the binary version's files: data_batch_1.bin .. data_batch_5.bin
    ('train' usage: those present, in order) and test_batch.bin ('test'); usage 'all'
    (the default) reads the train files, then the test file. The files are read into
    memory on first use; missing or malformed files are a RuntimeError naming them.
    num_parallel_workers is accepted: reading a row is an in-memory copy.
    """

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        super().__init__("Cifar10Dataset", num_samples, shuffle, sampler, num_shards, shard_id)
        self.dataset_dir = checks.check_dataset_dir("Cifar10Dataset", dataset_dir)
        self.usage = checks.check_usage("Cifar10Dataset", usage, ("train", "test", "all"))
        checks.check_optional_int("Cifar10Dataset", "num_parallel_workers", num_parallel_workers, 1)
        self._loaded: tuple[np.ndarray, np.ndarray] | None = None

    def _columns(self) -> list[str]:
        return ["image", "label"]

    def _files(self) -> list[str]:
        names = {"train": _TRAIN_FILES, "test": _TEST_FILES, "all": _TRAIN_FILES + _TEST_FILES}[self.usage]
        paths = [os.path.join(self.dataset_dir, name) for name in names]
        present = [p for p in paths if os.path.isfile(p)]
        if not present:
            raise RuntimeError(f"Cifar10Dataset: no CIFAR-10 binary files for usage '{self.usage}' in "
                               f"{self.dataset_dir}; expected {names}.")
        if self.usage != "train" and paths[-1] not in present:
            raise RuntimeError(f"Cifar10Dataset: the file {paths[-1]} is missing.")
        return present

    def _arrays(self) -> tuple[np.ndarray, np.ndarray]:
        if self._loaded is None:
            records = np.concatenate([_read_records(path) for path in self._files()])
            # Stored as planes (C, H, W) per image; rows are served as (H, W, C).
            images = records[:, 1:].reshape(-1, 3, 32, 32).transpose(0, 2, 3, 1)
            self._loaded = (np.ascontiguousarray(images), records[:, 0].astype(np.uint32))
        return self._loaded

    def _source_size(self) -> int:
        return len(self._arrays()[1])

    def _read_rows(self, indices: list) -> list[tuple]:
        images, labels = self._arrays()
        return rows_of([images[indices], labels[indices]])


def _read_records(path: str) -> np.ndarray:
    data = np.fromfile(path, np.uint8)
    if data.size == 0 or data.size % _RECORD:
        raise RuntimeError(f"Cifar10Dataset: {path} is malformed: {data.size} bytes is not a whole number of "
                           f"{_RECORD}-byte records (1 label byte + 3072 image bytes).")
    return data.reshape(-1, _RECORD)
