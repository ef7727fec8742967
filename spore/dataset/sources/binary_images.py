"""Image sets stored as pixel values rather than image files: STL10Dataset (binary
planes), SemeionDataset and USPSDataset (text)."""
from __future__ import annotations

import os

import numpy as np

from .. import checks
from .file_rows import FileRowsDataset, Shuffle, read_text
from .mappable import MappableDataset, rows_of

_STL10_SIDE = 96


class STL10Dataset(MappableDataset):
    """Rows (image, label) of STL-10: image uint8 (96, 96, 3) (H, W, C), label int32 (0..9,
    -1 for the unlabeled images). Files <part>_X.bin (each image its planes, stored column
    by column) and <part>_y.bin (labels 1..10) for part train and test; unlabeled_X.bin.
    usage 'train', 'test', 'unlabeled', 'train+unlabeled' or 'all' (the default: test,
    train, unlabeled)."""

    _PARTS = {"train": ["train"], "test": ["test"], "unlabeled": ["unlabeled"],
              "train+unlabeled": ["train", "unlabeled"], "all": ["test", "train", "unlabeled"]}

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        super().__init__("STL10Dataset", num_samples, shuffle, sampler, num_shards, shard_id)
        self.dataset_dir = checks.check_dataset_dir("STL10Dataset", dataset_dir)
        self.usage = checks.check_usage("STL10Dataset", usage, tuple(self._PARTS))
        checks.check_optional_int("STL10Dataset", "num_parallel_workers", num_parallel_workers, 1)
        self._loaded: tuple[np.ndarray, np.ndarray] | None = None

    def _columns(self) -> list[str]:
        return ["image", "label"]

    def _arrays(self) -> tuple[np.ndarray, np.ndarray]:
        if self._loaded is None:
            parts = [self._part(name) for name in self._PARTS[self.usage]]
            self._loaded = (np.concatenate([images for images, _ in parts]),
                            np.concatenate([labels for _, labels in parts]))
        return self._loaded

    def _part(self, name: str) -> tuple[np.ndarray, np.ndarray]:
        image_bytes = 3 * _STL10_SIDE * _STL10_SIDE
        data = np.fromfile(self._require(f"{name}_X.bin"), np.uint8)
        if data.size % image_bytes:
            raise RuntimeError(f"STL10Dataset: {name}_X.bin is malformed: {data.size} bytes is not a whole number "
                               f"of {image_bytes}-byte images.")
        # Each image is stored (C, W, H); rows are served as (H, W, C).
        images = np.ascontiguousarray(data.reshape(-1, 3, _STL10_SIDE, _STL10_SIDE).transpose(0, 3, 2, 1))
        if name == "unlabeled":
            return images, np.full(len(images), -1, np.int32)
        labels = np.fromfile(self._require(f"{name}_y.bin"), np.uint8).astype(np.int32) - 1
        if len(labels) != len(images):
            raise RuntimeError(f"STL10Dataset: {name}_X.bin holds {len(images)} images but {name}_y.bin holds "
                               f"{len(labels)} labels.")
        return images, labels

    def _require(self, name: str) -> str:
        path = os.path.join(self.dataset_dir, name)
        if not os.path.isfile(path):
            raise RuntimeError(f"STL10Dataset: the file {path} does not exist.")
        return path

    def _source_size(self) -> int:
        return len(self._arrays()[1])

    def _read_rows(self, indices: list) -> list[tuple]:
        images, labels = self._arrays()
        return rows_of([images[indices], labels[indices]])


class SemeionDataset(MappableDataset):
    """Rows (image, label) of Semeion handwritten digits: each line of semeion.data holds
    256 pixel values (0 or 1) and a one-hot digit of 10; image uint8 (16, 16) of 0 and 1,
    label the uint32 digit."""

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None, sampler=None,
                 num_shards=None, shard_id=None, cache=None):
        super().__init__("SemeionDataset", num_samples, shuffle, sampler, num_shards, shard_id)
        self.dataset_dir = checks.check_dataset_dir("SemeionDataset", dataset_dir)
        checks.check_optional_int("SemeionDataset", "num_parallel_workers", num_parallel_workers, 1)
        path = os.path.join(self.dataset_dir, "semeion.data")
        if not os.path.isfile(path):
            raise RuntimeError(f"SemeionDataset: the file {path} does not exist.")
        images, labels = [], []
        for line_number, line in enumerate(read_text("SemeionDataset", path).splitlines(), 1):
            fields = line.split()
            if not fields:
                continue
            try:
                values = np.array(fields, np.float64)
            except ValueError:
                values = np.zeros(0)
            if values.size != 266 or np.count_nonzero(values[256:]) != 1:
                raise RuntimeError(f"SemeionDataset: {path} line {line_number} must hold 256 pixel values and a "
                                   f"one-hot digit of 10 values.")
            images.append(np.rint(values[:256]).astype(np.uint8).reshape(16, 16))
            labels.append(int(np.argmax(values[256:])))
        self._images = np.array(images, np.uint8).reshape(-1, 16, 16)
        self._labels = np.array(labels, np.uint32)

    def _columns(self) -> list[str]:
        return ["image", "label"]

    def _source_size(self) -> int:
        return len(self._labels)

    def _read_rows(self, indices: list) -> list[tuple]:
        return rows_of([self._images[indices], self._labels[indices]])


class USPSDataset(FileRowsDataset):
    """Rows (image, label) of USPS: the lines '<digit + 1> 1:<v> ... 256:<v>' (LIBSVM format,
    v in [-1, 1]) of the files usps ('train') and usps.t ('test'; 'all': both); image uint8
    (16, 16, 1), each value (v + 1) / 2 * 255 rounded down, label the uint32 digit."""

    _FILES = {"train": ["usps"], "test": ["usps.t"], "all": ["usps", "usps.t"]}

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=Shuffle.GLOBAL,
                 num_shards=None, shard_id=None, cache=None):
        self.dataset_dir = checks.check_dataset_dir("USPSDataset", dataset_dir)
        self.usage = checks.check_usage("USPSDataset", usage, tuple(self._FILES))
        files = [os.path.join(self.dataset_dir, name) for name in self._FILES[self.usage]]
        for path in files:
            if not os.path.isfile(path):
                raise RuntimeError(f"USPSDataset: the file {path} does not exist.")
        super().__init__("USPSDataset", files, num_samples, num_parallel_workers, shuffle, num_shards, shard_id)

    def _columns(self) -> list[str]:
        return ["image", "label"]

    def _read_file(self, path: str) -> list[tuple]:
        rows = []
        for line_number, line in enumerate(read_text(self._op, path).splitlines(), 1):
            fields = line.split()
            if not fields:
                continue
            try:
                label = int(fields[0]) - 1
                pixels = np.zeros(256, np.float64)
                for field in fields[1:]:
                    index, value = field.split(":")
                    pixels[int(index) - 1] = float(value)
            except (ValueError, IndexError):
                raise RuntimeError(f"USPSDataset: {path} line {line_number} is not '<label> <index>:<value> ...' "
                                   f"with indices 1..256.") from None
            if len(fields) != 257 or not 0 <= label <= 9:
                raise RuntimeError(f"USPSDataset: {path} line {line_number} must hold a label 1..10 and 256 "
                                   f"values, but holds {len(fields) - 1} values.")
            image = np.floor((np.clip(pixels, -1, 1) + 1) / 2 * 255).astype(np.uint8).reshape(16, 16, 1)
            rows.append((image, np.array(label, np.uint32)))
        return rows
