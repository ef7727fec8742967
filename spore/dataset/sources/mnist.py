"""The MNIST family from their idx files: MnistDataset, FashionMnistDataset,
KMnistDataset, EMnistDataset and QMnistDataset."""
from __future__ import annotations

import os
import struct

import numpy as np

from .. import checks
from .mappable import MappableDataset

_IDX_TYPES = {0x08: np.dtype(np.uint8), 0x0C: np.dtype(">i4")}
"""The idx format's type codes (third byte of the magic number) spore reads."""


class _IdxDataset(MappableDataset):
    """Rows (image, label) read from pairs of idx files, one pair per part of the
    dataset (train, test...). A usage naming several parts reads the parts whose files
    are there, in order, as MindSpore does for a folder holding only some of them.
    Subclasses define `_PARTS` {usage: [part, ...]} and `_pair(part)` (the image and label
    file names)."""

    _PARTS: dict[str, list[str]] = {}

    def __init__(self, op: str, dataset_dir, usage, num_samples, num_parallel_workers, shuffle, sampler,
                 num_shards, shard_id):
        super().__init__(op, num_samples, shuffle, sampler, num_shards, shard_id)
        self._op = op
        self.dataset_dir = checks.check_dataset_dir(op, dataset_dir)
        self.usage = checks.check_usage(op, usage, tuple(self._PARTS))
        checks.check_optional_int(op, "num_parallel_workers", num_parallel_workers, 1)
        self._loaded: tuple[np.ndarray, np.ndarray] | None = None

    def _pair(self, part: str) -> tuple[str, str]:
        raise NotImplementedError

    def _columns(self) -> list[str]:
        return ["image", "label"]

    def _arrays(self) -> tuple[np.ndarray, np.ndarray]:
        if self._loaded is None:
            parts = self._PARTS[self.usage]
            paths = {part: [os.path.join(self.dataset_dir, name) for name in self._pair(part)] for part in parts}
            present = [part for part in parts if any(os.path.isfile(p) for p in paths[part])]
            if not present:
                expected = [os.path.basename(p) for part in parts for p in paths[part]]
                raise RuntimeError(f"{self._op}: no idx files for usage '{self.usage}' in {self.dataset_dir}; "
                                   f"expected {expected}.")
            loaded = [self._load(*paths[part]) for part in present]
            self._loaded = (np.concatenate([images for images, _ in loaded]),
                            np.concatenate([labels for _, labels in loaded]))
        return self._loaded

    def _load(self, images_path: str, labels_path: str) -> tuple[np.ndarray, np.ndarray]:
        images = read_idx(self._op, images_path, 3)
        labels = self._labels(read_idx(self._op, labels_path, None))
        if len(images) != len(labels):
            raise RuntimeError(f"{self._op}: {images_path} holds {len(images)} images but {labels_path} holds "
                               f"{len(labels)} labels.")
        return images[..., None].astype(np.uint8), labels

    def _labels(self, labels: np.ndarray) -> np.ndarray:
        if labels.ndim != 1:
            raise RuntimeError(f"{self._op}: a label file must hold one label per image, but got an array of "
                               f"shape {labels.shape}.")
        return labels.astype(np.uint32)

    def _source_size(self) -> int:
        return len(self._arrays()[1])

    def _read_columns(self, indices: list) -> list:
        images, labels = self._arrays()
        return [images[indices], labels[indices]]


class _MnistLayout(_IdxDataset):
    """The file names of MNIST, shared by Fashion-MNIST and Kuzushiji-MNIST:
    train-images-idx3-ubyte, train-labels-idx1-ubyte, t10k-images-idx3-ubyte,
    t10k-labels-idx1-ubyte. Usage 'all' (the default) reads the test files, then the train
    files (those present)."""

    _PARTS = {"train": ["train"], "test": ["t10k"], "all": ["t10k", "train"]}

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        super().__init__(type(self).__name__, dataset_dir, usage, num_samples, num_parallel_workers, shuffle,
                         sampler, num_shards, shard_id)

    def _pair(self, part: str) -> tuple[str, str]:
        return f"{part}-images-idx3-ubyte", f"{part}-labels-idx1-ubyte"


class MnistDataset(_MnistLayout):
    """Rows (image, label) of the MNIST digits: image uint8 of shape (28, 28, 1) (H, W, C),
    label uint32 scalar. A missing, truncated or foreign file is a RuntimeError naming it;
    files are read into memory on first use."""


class FashionMnistDataset(_MnistLayout):
    """Rows (image, label) of Fashion-MNIST, in MNIST's file layout: image uint8 (28, 28, 1),
    label uint32 scalar."""


class KMnistDataset(_MnistLayout):
    """Rows (image, label) of Kuzushiji-MNIST, in MNIST's file layout: image uint8 (28, 28, 1),
    label uint32 scalar."""


class EMnistDataset(_IdxDataset):
    """Rows (image, label) of one split of EMNIST: image uint8 (28, 28, 1) as stored, label
    uint32 scalar. `name` is the split (byclass, bymerge, balanced, letters, digits, mnist):
    files emnist-<name>-<train|test>-<images-idx3|labels-idx1>-ubyte. Usage 'all' (the
    default) reads the train files, then the test files (those present)."""

    _PARTS = {"train": ["train"], "test": ["test"], "all": ["train", "test"]}
    _NAMES = ("byclass", "bymerge", "balanced", "letters", "digits", "mnist")

    def __init__(self, dataset_dir, name, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        if not isinstance(name, str):
            raise TypeError(f"For 'EMnistDataset', the 'name' must be a str, but got {type(name).__name__}.")
        if name not in self._NAMES:
            raise ValueError(f"For 'EMnistDataset', the 'name' must be one of {list(self._NAMES)}, but got "
                             f"{name!r}.")
        self.name = name
        super().__init__("EMnistDataset", dataset_dir, usage, num_samples, num_parallel_workers, shuffle, sampler,
                         num_shards, shard_id)

    def _pair(self, part: str) -> tuple[str, str]:
        prefix = f"emnist-{self.name}-{part}"
        return f"{prefix}-images-idx3-ubyte", f"{prefix}-labels-idx1-ubyte"


class QMnistDataset(_IdxDataset):
    """Rows (image, label) of QMNIST: image uint8 (28, 28, 1); label a uint32 scalar, the
    digit, with `compat` (the default), else the uint32 vector of the 8 fields QMNIST
    stores per image (digit, NIST HSF series, writer id, digit index, NIST class, global
    index, duplicate, unused).

    Files qmnist-<train|test>-images-idx3-ubyte / qmnist-<train|test>-labels-idx2-int and
    xnist-images-idx3-ubyte / xnist-labels-idx2-int ('nist'). Usage 'test10k' is the first
    10000 test images, 'test50k' the rest; 'all' reads train, test and nist (all must be
    there, as in MindSpore).
    """

    _PARTS = {"train": ["train"], "test": ["test"], "test10k": ["test"], "test50k": ["test"], "nist": ["nist"],
              "all": ["train", "test", "nist"]}

    def __init__(self, dataset_dir, usage=None, compat=True, num_samples=None, num_parallel_workers=None,
                 shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None):
        super().__init__("QMnistDataset", dataset_dir, usage, num_samples, num_parallel_workers, shuffle, sampler,
                         num_shards, shard_id)
        self.compat = checks.check_bool("QMnistDataset", "compat", compat)

    def _pair(self, part: str) -> tuple[str, str]:
        prefix = "xnist" if part == "nist" else f"qmnist-{part}"
        return f"{prefix}-images-idx3-ubyte", f"{prefix}-labels-idx2-int"

    def _arrays(self) -> tuple[np.ndarray, np.ndarray]:
        if self._loaded is None and self.usage == "all":
            for part in self._PARTS["all"]:
                for name in self._pair(part):
                    if not os.path.isfile(os.path.join(self.dataset_dir, name)):
                        raise RuntimeError(f"QMnistDataset: the file {os.path.join(self.dataset_dir, name)} is "
                                           f"missing.")
        images, labels = super()._arrays()
        if self.usage == "test10k":
            return images[:10000], labels[:10000]
        if self.usage == "test50k":
            return images[10000:], labels[10000:]
        return images, labels

    def _labels(self, labels: np.ndarray) -> np.ndarray:
        if labels.ndim != 2 or labels.shape[1] != 8:
            raise RuntimeError(f"QMnistDataset: a label file must hold 8 ints per image, but got an array of "
                               f"shape {labels.shape}.")
        labels = labels.astype(np.uint32)
        return labels[:, 0] if self.compat else labels


def read_idx(op: str, path: str, ndim: int | None) -> np.ndarray:
    """The array of an idx file: a big-endian header (two zero bytes, a type code, the
    number of dimensions, then the size of each), then the values; `ndim` checks the
    number of dimensions (None: any)."""
    if not os.path.isfile(path):
        raise RuntimeError(f"{op}: the file {path} is missing.")
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < 4:
        raise RuntimeError(f"{op}: {path} is truncated: {len(data)} bytes, shorter than its header.")
    zeros, code, dims_count = struct.unpack(">HBB", data[:4])
    if zeros != 0 or code not in _IDX_TYPES or (ndim is not None and dims_count != ndim):
        wanted = "an idx file" if ndim is None else f"an idx file of {ndim} dimension(s)"
        raise RuntimeError(f"{op}: {path} is not {wanted}: its magic number is {struct.unpack('>I', data[:4])[0]}.")
    header = 4 * (1 + dims_count)
    if len(data) < header:
        raise RuntimeError(f"{op}: {path} is truncated: {len(data)} bytes, shorter than its {header}-byte header.")
    dims = struct.unpack(f">{dims_count}I", data[4:header])
    dtype = _IDX_TYPES[code]
    expected = int(np.prod(dims)) * dtype.itemsize
    if len(data) - header != expected:
        raise RuntimeError(f"{op}: {path} is malformed: its header promises {expected} bytes of data (shape "
                           f"{tuple(dims)}), but it holds {len(data) - header}.")
    return np.frombuffer(data, dtype, offset=header).reshape(dims)
