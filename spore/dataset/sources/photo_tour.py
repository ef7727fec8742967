"""PhotoTourDataset: the 64 x 64 patches of the Multi-view Stereo Correspondence sets."""
from __future__ import annotations

import os

import numpy as np

from .. import checks
from ..vision.decode import pillow
from .file_rows import read_text
from .mappable import MappableDataset

_PATCH = 64
_PATCHES_PER_ROW = 16
_PATCHES_PER_FILE = _PATCHES_PER_ROW * _PATCHES_PER_ROW
_NAMES = ("notredame", "yosemite", "liberty", "notredame_harris", "yosemite_harris", "liberty_harris")


class PhotoTourDataset(MappableDataset):
    """Patches of one scene (`name`) under `dataset_dir`/<name>: patchesNNNN.bmp, each a
    1024 x 1024 grayscale grid of 16 x 16 patches (row by row; patch k in file k // 256),
    info.txt (one line per patch) and m50_100000_100000_0.txt (pairs
    '<patch1> <point1> _ <patch2> <point2> _ _'). usage 'train' (the default): rows
    (image,), every patch of info.txt, uint8 (64, 64, 1); 'test': rows (image1, image2,
    matches), matches uint32 1 when the two patches show the same 3D point. Reading the
    bitmaps needs Pillow."""

    def __init__(self, dataset_dir, name, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        super().__init__("PhotoTourDataset", num_samples, shuffle, sampler, num_shards, shard_id)
        self.dataset_dir = checks.check_dataset_dir("PhotoTourDataset", dataset_dir)
        if name not in _NAMES:
            raise ValueError(f"For 'PhotoTourDataset', the 'name' must be one of {list(_NAMES)}, but got {name!r}.")
        self.name = name
        self.usage = checks.check_usage("PhotoTourDataset", "train" if usage is None else usage, ("train", "test"))
        checks.check_optional_int("PhotoTourDataset", "num_parallel_workers", num_parallel_workers, 1)
        self._folder = os.path.join(self.dataset_dir, name)
        if self.usage == "train":
            self._entries = [(k,) for k in range(len(self._lines("info.txt")))]
        else:
            self._entries = []
            for fields in self._lines("m50_100000_100000_0.txt"):
                if len(fields) < 5 or not all(f.lstrip("-").isdigit() for f in fields[:5]):
                    raise RuntimeError(f"PhotoTourDataset: the line {' '.join(fields)!r} of m50_100000_100000_0.txt "
                                       f"must start with '<patch1> <point1> _ <patch2> <point2>'.")
                self._entries.append((int(fields[0]), int(fields[3]), int(fields[1] == fields[4])))
        self._bitmaps: dict[int, np.ndarray] = {}

    def _lines(self, name: str) -> list[list[str]]:
        path = os.path.join(self._folder, name)
        if not os.path.isfile(path):
            raise RuntimeError(f"PhotoTourDataset: the file {path} does not exist.")
        return [line.split() for line in read_text("PhotoTourDataset", path).splitlines() if line.strip()]

    def _patch(self, index: int) -> np.ndarray:
        number, position = divmod(index, _PATCHES_PER_FILE)
        if number not in self._bitmaps:
            path = os.path.join(self._folder, f"patches{number:04d}.bmp")
            if not os.path.isfile(path):
                raise RuntimeError(f"PhotoTourDataset: the file {path} (patch {index}) does not exist.")
            try:
                with pillow().open(path) as image:
                    self._bitmaps[number] = np.array(image.convert("L"))
            except OSError as e:
                raise RuntimeError(f"PhotoTourDataset: cannot read {path}: {e}") from e
        row, column = divmod(position, _PATCHES_PER_ROW)
        patch = self._bitmaps[number][row * _PATCH:(row + 1) * _PATCH, column * _PATCH:(column + 1) * _PATCH]
        return patch[..., None].copy()

    def _columns(self) -> list[str]:
        return ["image"] if self.usage == "train" else ["image1", "image2", "matches"]

    def _source_size(self) -> int:
        return len(self._entries)

    def _read(self, index: int) -> tuple:
        if self.usage == "train":
            return (self._patch(self._entries[index][0]),)
        first, second, matches = self._entries[index]
        return self._patch(first), self._patch(second), np.array(matches, np.uint32)
