"""MnistDataset: the MNIST digits from their idx files."""
from __future__ import annotations

import os
import struct

import numpy as np

from .. import checks
from .mappable import MappableDataset, rows_of

_IMAGES_MAGIC = 2051
_LABELS_MAGIC = 2049
_PREFIX = {"train": "train", "test": "t10k"}


class MnistDataset(MappableDataset):
    """Rows (image, label): image uint8 of shape (28, 28, 1) (H, W, C), label uint32 scalar.

    `dataset_dir` holds the idx files train-images-idx3-ubyte, train-labels-idx1-ubyte
    ('train' usage), t10k-images-idx3-ubyte and t10k-labels-idx1-ubyte ('test'); usage
    'all' (the default) reads the test files, then the train files. The files are read
    into memory on first use; a missing, truncated or foreign file is a RuntimeError
    naming it. num_parallel_workers is accepted: reading a row is an in-memory copy.
    """

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        super().__init__("MnistDataset", num_samples, shuffle, sampler, num_shards, shard_id)
        self.dataset_dir = checks.check_dataset_dir("MnistDataset", dataset_dir)
        self.usage = checks.check_usage("MnistDataset", usage, ("train", "test", "all"))
        checks.check_optional_int("MnistDataset", "num_parallel_workers", num_parallel_workers, 1)
        self._loaded: tuple[np.ndarray, np.ndarray] | None = None

    def _columns(self) -> list[str]:
        return ["image", "label"]

    def _arrays(self) -> tuple[np.ndarray, np.ndarray]:
        if self._loaded is None:
            parts = ["test", "train"] if self.usage == "all" else [self.usage]
            loaded = [self._load(part) for part in parts]
            self._loaded = (np.concatenate([images for images, _ in loaded]),
                            np.concatenate([labels for _, labels in loaded]))
        return self._loaded

    def _load(self, part: str) -> tuple[np.ndarray, np.ndarray]:
        prefix = os.path.join(self.dataset_dir, _PREFIX[part])
        images = _read_idx(f"{prefix}-images-idx3-ubyte", _IMAGES_MAGIC, 3)
        labels = _read_idx(f"{prefix}-labels-idx1-ubyte", _LABELS_MAGIC, 1)
        if len(images) != len(labels):
            raise RuntimeError(f"MnistDataset: {prefix}-images-idx3-ubyte holds {len(images)} images but "
                               f"{prefix}-labels-idx1-ubyte holds {len(labels)} labels.")
        return images[..., None], labels.astype(np.uint32)

    def _source_size(self) -> int:
        return len(self._arrays()[1])

    def _read_rows(self, indices: list) -> list[tuple]:
        images, labels = self._arrays()
        return rows_of([images[indices], labels[indices]])


def _read_idx(path: str, magic: int, ndim: int) -> np.ndarray:
    """The uint8 array of an idx file: a big-endian header (magic number, then the size
    of each of `ndim` dimensions), then the values."""
    if not os.path.isfile(path):
        raise RuntimeError(f"MnistDataset: the file {path} is missing.")
    with open(path, "rb") as f:
        data = f.read()
    header = 4 * (1 + ndim)
    if len(data) < header:
        raise RuntimeError(f"MnistDataset: {path} is truncated: {len(data)} bytes, shorter than its "
                           f"{header}-byte header.")
    found, *dims = struct.unpack(f">{1 + ndim}I", data[:header])
    if found != magic:
        raise RuntimeError(f"MnistDataset: {path} is not an MNIST {'image' if ndim == 3 else 'label'} file: "
                           f"its magic number is {found}, expected {magic}.")
    expected = int(np.prod(dims))
    if len(data) - header != expected:
        raise RuntimeError(f"MnistDataset: {path} is malformed: its header promises {expected} bytes of "
                           f"data (shape {tuple(dims)}), but it holds {len(data) - header}.")
    return np.frombuffer(data, np.uint8, offset=header).reshape(dims)
