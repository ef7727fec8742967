"""MappableDataset: a source whose rows can be read by index, in the order a sampler picks."""
from __future__ import annotations

import copy
import functools
from collections.abc import Iterator
from typing import Callable

import numpy as np

from ..engine.blocks import Block
from ..engine.dataset import Dataset
from ..engine.epoch import Epoch
from ..engine.parallel import chunks, ordered_map
from ..engine.thread_choice import ThreadChoice
from ..samplers import PKSampler, RandomSampler, Sampler, SequentialSampler, select_sampler


class MappableDataset(Dataset):
    """A random-access source. Subclasses define `_columns()`, `_source_size()` (rows in
    the source) and `_read(index)` (one row as a tuple of arrays), or `_read_rows(indices)`
    when reading many rows at once is faster, or `_read_columns(indices)` when the source
    holds its columns as arrays; the sampler built from num_samples / shuffle / sampler /
    num_shards / shard_id picks the indices of each epoch. Sources
    whose reads are slow (user code, image decoding) pass `read_workers` > 1 to read in
    parallel, on threads or forked processes."""

    def __init__(self, op: str, num_samples=None, shuffle=None, sampler=None, num_shards=None, shard_id=None,
                 read_workers: int = 1, read_processes: bool = False):
        super().__init__()
        self.sampler = select_sampler(op, num_samples, shuffle, sampler, num_shards, shard_id)
        self._read_workers = read_workers
        self._read_processes = read_processes
        self._read_choice = ThreadChoice()  # kept from epoch to epoch

    def _source_size(self) -> int:
        raise NotImplementedError

    def _read(self, index: int) -> tuple:
        raise NotImplementedError

    def _size(self) -> int:
        self._give_labels()
        return self.sampler._count(self._source_size())

    def _class_labels(self, column: str) -> np.ndarray:
        """The value of `column` in every source row (read row by row; sources that
        know their labels without reading the rows override it)."""
        columns = self._columns()
        if column not in columns:
            raise RuntimeError(f"PKSampler: the class column {column!r} is not a column of "
                               f"{type(self).__name__} ({columns}).")
        position = columns.index(column)
        return np.array([np.asarray(self._read(index)[position]).item() for index in range(self._source_size())])

    def _give_labels(self) -> None:
        sampler = self.sampler
        while sampler is not None:
            if isinstance(sampler, PKSampler) and sampler.labels is None:
                sampler.labels = self._class_labels(sampler.class_column)
            sampler = sampler.child

    _read_columns: Callable[[list], list] | None = None
    """In sources that hold their columns as arrays: the rows `indices` as one block per
    column (an array, or a list of a ragged column's arrays), row k from element k of each."""

    def _read_rows(self, indices: list) -> list[tuple]:
        if self._read_columns is not None:
            return rows_of(self._read_columns(indices))
        return [self._read(int(index)) for index in indices]

    def _rows(self, epoch: Epoch) -> Iterator[tuple]:
        self._give_labels()
        indices = self.sampler._indices(self._source_size(), epoch)
        for rows in ordered_map(self._read_rows, chunks(indices), self._read_workers, self._read_processes,
                                self._read_choice):
            yield from rows

    def blocks(self, epoch: Epoch) -> Iterator[Block] | None:
        """The rows as blocks of ROWS_PER_TASK rows (blocks.py), when this source reads
        columns (`_read_columns`) on the consumer's thread; None otherwise."""
        if self._read_columns is None or self._read_workers > 1:
            return None
        return self._blocks(epoch)

    def _blocks(self, epoch: Epoch) -> Iterator[Block]:
        self._give_labels()
        for indices in chunks(self.sampler._indices(self._source_size(), epoch)):
            columns = self._read_columns(indices)
            stacked = all(type(column) is np.ndarray for column in columns)
            yield Block(len(indices), tuple(columns) if stacked else None, functools.partial(rows_of, columns))

    def use_sampler(self, new_sampler: Sampler) -> None:
        """Read with `new_sampler` from now on (MindSpore's in-place sampler replacement)."""
        if not isinstance(new_sampler, Sampler):
            raise TypeError(f"For 'use_sampler', the 'new_sampler' must be a Sampler, but got "
                            f"{type(new_sampler).__name__}.")
        self.sampler = new_sampler
        self._known_size = None

    def add_sampler(self, new_sampler: Sampler) -> None:
        """Read through `new_sampler`, which draws from the indices the current sampler picks
        (the current sampler becomes its child)."""
        if not isinstance(new_sampler, Sampler):
            raise TypeError(f"For 'add_sampler', the 'new_sampler' must be a Sampler, but got "
                            f"{type(new_sampler).__name__}.")
        new_sampler.add_child(self.sampler)
        self.sampler = new_sampler
        self._known_size = None

    def _splits_by_index(self) -> bool:
        # Only a sampler that reads every index once can be replaced by the parts' samplers.
        plain = isinstance(self.sampler, (RandomSampler, SequentialSampler))
        return (plain and not self.sampler.num_samples and not getattr(self.sampler, "replacement", False)
                and not getattr(self.sampler, "start_index", 0))

    def _with_sampler(self, sampler: Sampler) -> MappableDataset:
        part = copy.copy(self)
        part.children = []
        part.sampler = sampler
        part._known_size = None
        return part


def rows_of(blocks: list[np.ndarray]) -> list[tuple]:
    """The rows of column blocks read together: row k holds element k of every block, as
    a view (a 0-d array for a 1-D block)."""
    columns = [list(block) if block.ndim > 1 else [block[k, ...] for k in range(len(block))] for block in blocks]
    return list(zip(*columns))


def refuse_pk_sampler(sampler) -> None:
    """GeneratorDataset and NumpySlicesDataset refuse a PKSampler, as in MindSpore (whose
    NumpySlicesDataset is a GeneratorDataset, hence the one message)."""
    if isinstance(sampler, PKSampler):
        raise ValueError("GeneratorDataset doesn't support PKSampler.")
