"""Cifar10Dataset and Cifar100Dataset: the CIFAR images from their binary version's files."""
from __future__ import annotations

import os

import numpy as np

from .. import checks
from .mappable import MappableDataset

_IMAGE_BYTES = 3 * 32 * 32
"""Bytes per image after its label byte(s): the red, green and blue planes, 32 x 32 each."""


class _CifarDataset(MappableDataset):
    """Rows (image, label...) of fixed-size records: label bytes, then the image planes.
    Subclasses define `_FILES` {usage: [file name, ...]}, `_LABELS` (the label columns, one
    byte each). The files of the usage that are there are read, in order, into memory on
    first use."""

    _FILES: dict[str, list[str]] = {}
    _LABELS: list[str] = []

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        self._op = type(self).__name__
        super().__init__(self._op, num_samples, shuffle, sampler, num_shards, shard_id)
        self.dataset_dir = checks.check_dataset_dir(self._op, dataset_dir)
        self.usage = checks.check_usage(self._op, usage, ("train", "test", "all"))
        checks.check_optional_int(self._op, "num_parallel_workers", num_parallel_workers, 1)
        self._loaded: list[np.ndarray] | None = None

    def _columns(self) -> list[str]:
        return ["image", *self._LABELS]

    def _files(self) -> list[str]:
        names = self._FILES[self.usage]
        present = [path for path in (os.path.join(self.dataset_dir, name) for name in names) if os.path.isfile(path)]
        if not present:
            raise RuntimeError(f"{self._op}: no binary files for usage '{self.usage}' in {self.dataset_dir}; "
                               f"expected {names}.")
        return present

    def _arrays(self) -> list[np.ndarray]:
        if self._loaded is None:
            records = np.concatenate([self._read_records(path) for path in self._files()])
            labels = len(self._LABELS)
            # Stored as planes (C, H, W) per image; rows are served as (H, W, C).
            images = records[:, labels:].reshape(-1, 3, 32, 32).transpose(0, 2, 3, 1)
            self._loaded = [np.ascontiguousarray(images)] + [records[:, k].astype(np.uint32) for k in range(labels)]
        return self._loaded

    def _read_records(self, path: str) -> np.ndarray:
        record = len(self._LABELS) + _IMAGE_BYTES
        data = np.fromfile(path, np.uint8)
        if data.size == 0 or data.size % record:
            raise RuntimeError(f"{self._op}: {path} is malformed: {data.size} bytes is not a whole number of "
                               f"{record}-byte records ({len(self._LABELS)} label byte(s) + {_IMAGE_BYTES} image "
                               f"bytes).")
        return data.reshape(-1, record)

    def _source_size(self) -> int:
        return len(self._arrays()[0])

    def _read_columns(self, indices: list) -> list:
        return [column[indices] for column in self._arrays()]


class Cifar10Dataset(_CifarDataset):
    """Rows (image, label): image uint8 of shape (32, 32, 3) (H, W, C; RGB), label uint32
    scalar. `dataset_dir` holds data_batch_1.bin .. data_batch_5.bin ('train') and
    test_batch.bin ('test'); usage 'all' (the default) reads the train files, then the test
    file (those present). A malformed file is a RuntimeError naming it."""

    _TRAIN = [f"data_batch_{i}.bin" for i in range(1, 6)]
    _FILES = {"train": _TRAIN, "test": ["test_batch.bin"], "all": [*_TRAIN, "test_batch.bin"]}
    _LABELS = ["label"]


class Cifar100Dataset(_CifarDataset):
    """Rows (image, coarse_label, fine_label): image uint8 (32, 32, 3) (H, W, C; RGB), the
    labels uint32 scalars (20 superclasses, 100 classes). `dataset_dir` holds train.bin
    ('train') and test.bin ('test'); usage 'all' (the default) reads both (those present)."""

    _FILES = {"train": ["train.bin"], "test": ["test.bin"], "all": ["train.bin", "test.bin"]}
    _LABELS = ["coarse_label", "fine_label"]
