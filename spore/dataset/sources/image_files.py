"""ImageFilesDataset: the base of sources whose rows are image files plus annotations
known when the dataset is made."""
from __future__ import annotations

import os

import numpy as np

from .. import checks, config
from ..vision.decode import Decode
from .mappable import MappableDataset


class ImageFilesDataset(MappableDataset):
    """Rows (image, *annotations): the image the file's bytes as a 1-D uint8 array, or
    decoded to (H, W, 3) uint8 RGB with `decode` (Pillow); `decrypt`, when given, is
    called with an image's path and returns its decrypted bytes. Subclasses fill `_samples`
    with (image path, tuple of annotation arrays) and define `_columns()`. Files are read
    (and decoded) by `num_parallel_workers` threads."""

    def __init__(self, op: str, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                 decode=False, decrypt=None):
        workers = checks.check_optional_int(op, "num_parallel_workers", num_parallel_workers, 1)
        super().__init__(op, num_samples, shuffle, sampler, num_shards, shard_id,
                         read_workers=workers or config.get_num_parallel_workers())
        self._op = op
        self.decode = checks.check_bool(op, "decode", bool(decode) if decode is None else decode)
        self.decrypt = check_decrypt(op, decrypt)
        self._samples: list[tuple[str, tuple]] = []

    def _source_size(self) -> int:
        return len(self._samples)

    def _read(self, index: int) -> tuple:
        path, annotations = self._samples[index]
        return (self._image(path), *(np.array(a, copy=True) for a in annotations))

    def _image(self, path: str, decode: bool | None = None) -> np.ndarray:
        """The file at `path` as bytes, decoded when `decode` (default: the dataset's)."""
        if not os.path.isfile(path):
            raise RuntimeError(f"{self._op}: the image file {path} does not exist.")
        data = read_image_file(self._op, path, self.decrypt)
        if not (self.decode if decode is None else decode):
            return data
        try:
            return Decode()(data)
        except RuntimeError as e:
            raise RuntimeError(f"{self._op}: cannot decode {path}: {e}") from e


def check_decrypt(op: str, decrypt):
    if decrypt is not None and not callable(decrypt):
        raise TypeError(f"For '{op}', the 'decrypt' must be a callable, but got {type(decrypt).__name__}.")
    return decrypt


def read_image_file(op: str, path: str, decrypt=None) -> np.ndarray:
    """The bytes of the image file at `path` as a 1-D uint8 array, through `decrypt(path)`
    (which returns the decrypted bytes) when given."""
    if decrypt is None:
        # One read into the array (np.fromfile costs about twice as much for small files).
        with open(path, "rb", buffering=0) as file:
            data = np.empty(os.fstat(file.fileno()).st_size, np.uint8)
            size = file.readinto(data)
        return data if size == len(data) else data[:size]
    try:
        data = decrypt(path)
    except Exception as e:
        raise RuntimeError(f"{op}: the decrypt function raised {type(e).__name__} for {path}: {e}") from e
    if not isinstance(data, (bytes, bytearray)):
        raise RuntimeError(f"{op}: the decrypt function must return bytes, but returned {type(data).__name__} for "
                           f"{path}.")
    return np.frombuffer(bytes(data), np.uint8).copy()


def check_file(op: str, name: str, path) -> str:
    """An existing file (ValueError naming it otherwise)."""
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"For '{op}', the '{name}' must be a str or path, but got {type(path).__name__}.")
    path = os.fspath(path)
    if not os.path.isfile(path):
        raise ValueError(f"For '{op}', the {name} {path!r} does not exist or is not a file.")
    return path


def check_class_indexing(op: str, class_indexing) -> dict[str, int] | None:
    if class_indexing is None:
        return None
    if not isinstance(class_indexing, dict) or not all(
            isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) for k, v in class_indexing.items()):
        raise TypeError(f"For '{op}', the 'class_indexing' must be a dict of str to int, but got {class_indexing!r}.")
    return dict(class_indexing)
