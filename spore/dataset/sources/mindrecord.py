"""MindDataset: the rows of MindRecord files (see spore.mindrecord)."""
from __future__ import annotations

import bisect
import itertools

import numpy as np

from ... import mindrecord
from ...mindrecord.filereader import shard_readers
from ...mindrecord.schema import field_value
from .. import checks
from ..values import as_array
from .mappable import MappableDataset


class MindDataset(MappableDataset):
    """Rows of MindRecord files, one column per schema field (in the schema's sorted
    order, or the order of `columns_list`).

    `dataset_files` is one file (every shard of its file set is read, as its header
    lists them) or a list of files (exactly those). Columns: int32 / int64 / float32 /
    float64 scalars as 0-d arrays, strings as 0-d str arrays, bytes as a (1,) bytes
    array, shaped fields as arrays of their schema shape. `num_padded` copies of
    `padded_sample` (a dict with every column) follow the file rows, so that shards can
    split the total evenly. Rows are shuffled unless shuffle=False.
    """

    def __init__(self, dataset_files, columns_list=None, num_parallel_workers=None, shuffle=None, num_shards=None,
                 shard_id=None, sampler=None, padded_sample=None, num_padded=None, num_samples=None, cache=None):
        super().__init__("MindDataset", num_samples, _shuffle_flag(shuffle), sampler, num_shards, shard_id)
        checks.check_optional_int("MindDataset", "num_parallel_workers", num_parallel_workers, 1)
        try:
            self._readers = shard_readers(dataset_files, "MindDataset")
        except mindrecord.MindRecordException as e:
            raise RuntimeError(f"MindDataset: {e}") from e
        self._fields = self._readers[0].schema.fields
        names = list(self._fields)
        if columns_list is not None:
            columns = checks.check_columns("MindDataset", "columns_list", columns_list)
            checks.check_known_columns("MindDataset", "columns_list", columns, names)
            names = columns
        self._names = names
        self._starts = list(itertools.accumulate((len(r) for r in self._readers), initial=0))
        self._padded = self._padding(padded_sample, num_padded, num_shards)

    def _padding(self, padded_sample, num_padded, num_shards) -> tuple[tuple, int]:
        count = checks.check_optional_int("MindDataset", "num_padded", num_padded, 0) or 0
        if padded_sample is None:
            if count:
                raise RuntimeError("For 'MindDataset', 'num_padded' needs a 'padded_sample'.")
            return (), 0
        if not isinstance(padded_sample, dict):
            raise TypeError(f"For 'MindDataset', the 'padded_sample' must be a dict, but got "
                            f"{type(padded_sample).__name__}.")
        missing = [n for n in self._names if n not in padded_sample]
        if missing:
            raise RuntimeError(f"For 'MindDataset', the 'padded_sample' lacks the column(s) {missing}.")
        if num_shards is not None and (self._starts[-1] + count) % num_shards:
            raise RuntimeError(f"For 'MindDataset', the {self._starts[-1]} rows plus num_padded {count} must divide "
                               f"evenly into {num_shards} shards.")
        return tuple(_padded_value(padded_sample[n]) for n in self._names), count

    def _columns(self) -> list[str]:
        return list(self._names)

    def _source_size(self) -> int:
        return self._starts[-1] + self._padded[1]

    def _read_rows(self, indices: list) -> list[tuple]:
        total = self._starts[-1]
        rows = [None] * len(indices)
        wanted: dict[int, list[tuple[int, int]]] = {}  # shard -> (position in `rows`, row within shard)
        for position, index in enumerate(indices):
            index = int(index)
            if index >= total:
                rows[position] = self._padded[0]
                continue
            shard = bisect.bisect_right(self._starts, index) - 1
            wanted.setdefault(shard, []).append((position, index - self._starts[shard]))
        for shard, picks in wanted.items():
            values = self._readers[shard].read([row for _, row in picks])
            for (position, _), row in zip(picks, values):
                rows[position] = tuple(field_value(self._fields[n], row[n]) for n in self._names)
        return rows


def _shuffle_flag(shuffle):
    """MindSpore's Shuffle modes (GLOBAL, FILES, INFILE) all shuffle rows here."""
    return shuffle if shuffle is None or isinstance(shuffle, bool) else True


def _padded_value(value) -> np.ndarray:
    if isinstance(value, (bytes, bytearray)):
        return np.array([bytes(value)])
    return as_array(value, "MindDataset padded_sample")
