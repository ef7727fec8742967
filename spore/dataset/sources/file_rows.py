"""The base of sources that read rows from a list of files (text lines, CSV records, JSON
lines): MindSpore's non-mappable file sources, whose `shuffle` is a Shuffle mode and whose
shards are consecutive blocks of rows."""
from __future__ import annotations

import glob
import math
import os
from collections.abc import Sequence
from enum import Enum

import numpy as np

from .. import checks
from ..engine.epoch import Epoch
from ..samplers import Sampler
from .mappable import MappableDataset


class Shuffle(str, Enum):
    """How a source shuffles: FALSE, not at all; GLOBAL, every row among all (ADAPTIVE and
    PARTIAL, which MindSpore uses to bound its shuffle buffer, shuffle as GLOBAL does here:
    the rows are in memory); FILES, the order of the files (rows in file order); INFILE,
    the rows inside each file (files in order)."""

    FALSE = "false"
    ADAPTIVE = "adaptive"
    GLOBAL = "global"
    PARTIAL = "partial"
    FILES = "files"
    INFILE = "infile"


def expand_files(op: str, dataset_files, name: str = "dataset_files") -> list[str]:
    """The files of a path, glob pattern or list of them, sorted per pattern (ValueError
    naming the patterns that match nothing)."""
    patterns = [dataset_files] if isinstance(dataset_files, (str, os.PathLike)) else dataset_files
    if not isinstance(patterns, (list, tuple)) or not patterns or not all(
            isinstance(p, (str, os.PathLike)) for p in patterns):
        raise TypeError(f"For '{op}', the '{name}' must be a str or a non-empty list of str, but got "
                        f"{dataset_files!r}.")
    files, unmatched = [], []
    for pattern in map(os.fspath, patterns):
        matched = sorted(p for p in glob.glob(pattern) if os.path.isfile(p))
        if not matched:
            unmatched.append(pattern)
        files.extend(matched)
    if unmatched:
        raise ValueError(f"For '{op}', the following patterns did not match any files: {unmatched}.")
    return files


def shuffle_mode(op: str, shuffle) -> Shuffle | None:
    """`shuffle` (a bool or a Shuffle) as a Shuffle mode, None for no shuffling."""
    if isinstance(shuffle, Shuffle):
        return {Shuffle.FALSE: None, Shuffle.ADAPTIVE: Shuffle.GLOBAL, Shuffle.PARTIAL: Shuffle.GLOBAL}.get(
            shuffle, shuffle)
    if isinstance(shuffle, bool):
        return Shuffle.GLOBAL if shuffle else None
    raise TypeError(f"For '{op}', the 'shuffle' must be a bool or a Shuffle (GLOBAL, FILES, INFILE), but got "
                    f"{shuffle!r}.")


class FileRowsSampler(Sampler):
    """The rows of one epoch of a file source: this shard's consecutive block of the
    rows (ceil(rows / num_shards) of them, wrapping to the start to fill the last shard),
    ordered by the Shuffle mode, then cut to num_samples. `file_sizes()` gives the rows
    of each file."""

    def __init__(self, file_sizes, mode: Shuffle | None, num_samples: int | None, num_shards: int | None,
                 shard_id: int | None):
        super().__init__(num_samples)
        self._file_sizes = file_sizes
        self.mode = mode
        self.num_shards = num_shards or 1
        self.shard_id = shard_id or 0

    def _block(self, size: int) -> np.ndarray:
        if self.num_shards == 1:
            return np.arange(size)
        per_shard = math.ceil(size / self.num_shards)
        return (self.shard_id * per_shard + np.arange(per_shard)) % max(size, 1)

    def _count(self, size: int) -> int:
        return self._limit(len(self._block(size)) if size else 0)

    def _indices(self, size: int, epoch: Epoch) -> Sequence[int]:
        if not size:
            return []
        block = self._block(size)
        rng = epoch.generator()
        if self.mode is Shuffle.GLOBAL:
            block = rng.permutation(block)
        elif self.mode is not None:
            starts = np.cumsum([0, *self._file_sizes()])
            files = [block[(block >= lo) & (block < hi)] for lo, hi in zip(starts[:-1], starts[1:])]
            if self.mode is Shuffle.FILES:
                files = [files[k] for k in rng.permutation(len(files))]
            else:
                files = [rng.permutation(rows) for rows in files]
            block = np.concatenate(files)
        return block[:self._count(size)]


class FileRowsDataset(MappableDataset):
    """Rows read from `files`, all into memory on first use. Subclasses define
    `_columns()` and `_read_file(path)` (the rows of one file, each a tuple of arrays)."""

    def __init__(self, op: str, dataset_files, num_samples, num_parallel_workers, shuffle, num_shards, shard_id):
        super().__init__(op, num_samples, None, None, num_shards, shard_id)
        self._op = op
        self.dataset_files = expand_files(op, dataset_files)
        checks.check_optional_int(op, "num_parallel_workers", num_parallel_workers, 1)
        self.sampler = FileRowsSampler(self._file_sizes, shuffle_mode(op, shuffle), num_samples, num_shards,
                                       shard_id)
        self._loaded: tuple[list[tuple], list[int]] | None = None

    def _read_file(self, path: str) -> list[tuple]:
        raise NotImplementedError

    def _load(self) -> tuple[list[tuple], list[int]]:
        """All rows, in file order, and the number of rows of each file."""
        if self._loaded is None:
            per_file = [self._read_file(path) for path in self.dataset_files]
            self._loaded = [row for rows in per_file for row in rows], [len(rows) for rows in per_file]
        return self._loaded

    def _file_sizes(self) -> list[int]:
        return self._load()[1]

    def _source_size(self) -> int:
        return len(self._load()[0])

    def _read_rows(self, indices: list) -> list[tuple]:
        rows = self._load()[0]
        # Copies: transforms that modify rows in place leave the loaded rows intact.
        return [tuple(value.copy() for value in rows[int(index)]) for index in indices]


def read_text(op: str, path: str) -> str:
    """The UTF-8 text of `path` (RuntimeError naming the file when it cannot be read)."""
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except (OSError, UnicodeDecodeError) as e:
        raise RuntimeError(f"{op}: cannot read {path}: {e}") from e
