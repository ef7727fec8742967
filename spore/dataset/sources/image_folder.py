"""ImageFolderDataset: images in one sub-folder per class."""
from __future__ import annotations

import os

import numpy as np

from .. import checks, config
from ..vision.decode import Decode
from .image_files import check_decrypt, read_image_file
from .mappable import MappableDataset


class ImageFolderDataset(MappableDataset):
    """Rows (image, label) from `dataset_dir`/<class name>/<file>: image the file's bytes
    as a 1-D uint8 array (decoded to (H, W, 3) uint8 RGB with `decode`, which needs
    Pillow), label the class index as an int32 scalar.

    Classes are the sub-folders in name order, numbered from 0, unless `class_indexing`
    ({folder name: label}) names the folders to read and their labels. Files are taken
    in name order, all of them unless `extensions` lists the endings to keep (e.g.
    ['.jpg', '.png'], case-sensitive). `decrypt`, when given, is called with a file's path
    and returns its decrypted bytes. Files are read (and decoded) by `num_parallel_workers`
    threads.
    """

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None, sampler=None,
                 extensions=None, class_indexing=None, decode=False, num_shards=None, shard_id=None, cache=None,
                 decrypt=None):
        workers = checks.check_optional_int("ImageFolderDataset", "num_parallel_workers", num_parallel_workers, 1)
        super().__init__("ImageFolderDataset", num_samples, shuffle, sampler, num_shards, shard_id,
                         read_workers=workers or config.get_num_parallel_workers())
        self.dataset_dir = checks.check_dataset_dir("ImageFolderDataset", dataset_dir)
        self.decode = checks.check_bool("ImageFolderDataset", "decode", decode)
        self._decoder = Decode() if decode else None
        self.decrypt = check_decrypt("ImageFolderDataset", decrypt)
        if extensions is not None and (not isinstance(extensions, (list, tuple))
                                       or not all(isinstance(e, str) for e in extensions)):
            raise TypeError(f"For 'ImageFolderDataset', the 'extensions' must be a list of str, but got "
                            f"{extensions!r}.")
        self.extensions = None if extensions is None else tuple(extensions)
        self.class_indexing = self._classes(class_indexing)
        self._files = self._scan()

    def _classes(self, class_indexing) -> dict[str, int]:
        if class_indexing is None:
            folders = sorted(e.name for e in os.scandir(self.dataset_dir) if e.is_dir())
            return {name: label for label, name in enumerate(folders)}
        if not isinstance(class_indexing, dict) or not all(
                isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool)
                for k, v in class_indexing.items()):
            raise TypeError(f"For 'ImageFolderDataset', the 'class_indexing' must be a dict of folder name to int "
                            f"label, but got {class_indexing!r}.")
        return dict(class_indexing)

    def _scan(self) -> list[tuple[str, int]]:
        files = []
        for name in sorted(self.class_indexing):
            folder = os.path.join(self.dataset_dir, name)
            if not os.path.isdir(folder):
                raise ValueError(f"For 'ImageFolderDataset', the class folder {folder!r} of class_indexing does "
                                 f"not exist.")
            for entry in sorted(os.scandir(folder), key=lambda e: e.name):
                if entry.is_file() and (self.extensions is None or entry.name.endswith(self.extensions)):
                    files.append((entry.path, self.class_indexing[name]))
        return files

    def _columns(self) -> list[str]:
        return ["image", "label"]

    def _source_size(self) -> int:
        return len(self._files)

    def _num_classes(self) -> int:
        return len(self.class_indexing)

    def _class_labels(self, column: str) -> np.ndarray:
        if column != "label":
            return super()._class_labels(column)
        return np.array([label for _, label in self._files], np.int32)

    def get_class_indexing(self) -> dict[str, int]:
        return dict(self.class_indexing)

    def _read(self, index: int) -> tuple:
        path, label = self._files[index]
        image = read_image_file("ImageFolderDataset", path, self.decrypt)
        if self._decoder is not None:
            try:
                image = self._decoder(image)
            except RuntimeError as e:
                raise RuntimeError(f"ImageFolderDataset: cannot decode {path}: {e}") from e
        return image, np.array(label, np.int32)
