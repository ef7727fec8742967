"""The operations that combine datasets: zip (side by side) and concat (one after another)."""
from __future__ import annotations

import itertools
from collections.abc import Iterator

from .. import config, random_streams
from ..samplers import DistributedSampler, RandomSampler
from .dataset import Dataset
from .epoch import Epoch


class ZipDataset(Dataset):
    """Row i is the columns of row i of every child, joined; as many rows as the shortest
    child. Column names must not repeat across children."""

    def __init__(self, children: list[Dataset]):
        super().__init__(children)
        columns = self._columns()
        repeated = sorted({c for c in columns if columns.count(c) > 1})
        if repeated:
            raise ValueError(f"For 'zip', the datasets' column names must be distinct, but {repeated} appear in "
                             f"more than one; rename them first (columns: {columns}).")

    def _columns(self) -> list[str]:
        return [c for child in self.children for c in child.get_col_names()]

    def _size(self) -> int | None:
        sizes = [child._size() for child in self.children]
        return None if None in sizes else min(sizes)

    def _rows(self, epoch: Epoch) -> Iterator[tuple]:
        streams = [child._rows(epoch.child(i)) for i, child in enumerate(self.children)]
        for parts in zip(*streams):
            yield sum(parts, ())


class ConcatDataset(Dataset):
    """The rows of every child in turn. The children must have the same columns.

    `use_sampler` takes a DistributedSampler (shard k keeps the rows at positions k,
    k + num_shards, ... of the whole sequence, shuffled first when the sampler shuffles)
    or a RandomSampler (all rows in a random order, num_samples of them)."""

    def __init__(self, children: list[Dataset]):
        super().__init__(children)
        columns = children[0].get_col_names()
        for n, child in enumerate(children[1:], 1):
            if child.get_col_names() != columns:
                raise ValueError(f"For 'concat', every dataset must have the columns {columns} of the first, "
                                 f"but dataset {n} has {child.get_col_names()}.")
        self.sampler: DistributedSampler | RandomSampler | None = None

    def _columns(self) -> list[str]:
        return self.children[0].get_col_names()

    def use_sampler(self, sampler) -> None:
        if not isinstance(sampler, (DistributedSampler, RandomSampler)):
            raise TypeError(f"The parameter {sampler!r} of concat must be DistributedSampler or RandomSampler!")
        self.sampler = sampler
        self._known_size = None

    def _size(self) -> int | None:
        sizes = [child._size() for child in self.children]
        total = None if None in sizes else sum(sizes)
        if total is None or self.sampler is None:
            return total
        if isinstance(self.sampler, RandomSampler):
            return self.sampler._limit(total)
        return self.sampler._limit(len(range(self.sampler.shard_id, total, self.sampler.num_shards)))

    def _rows(self, epoch: Epoch) -> Iterator[tuple]:
        rows = (row for i, child in enumerate(self.children) for row in child._rows(epoch.child(i)))
        if self.sampler is None:
            yield from rows
            return
        sampler = self.sampler
        if isinstance(sampler, DistributedSampler) and not sampler.shuffle:
            kept = (row for position, row in enumerate(rows) if position % sampler.num_shards == sampler.shard_id)
            yield from itertools.islice(kept, sampler.num_samples or None)
            return
        everything = list(rows)
        if isinstance(sampler, RandomSampler):
            order = epoch.generator().permutation(len(everything))
        else:  # every shard draws the same permutation, from the configured seed
            shared = random_streams.generator(config.get_seed(), "concat", epoch.number, epoch.where)
            order = shared.permutation(len(everything))[sampler.shard_id::sampler.num_shards]
        for index in order[:sampler.num_samples or None].tolist():
            yield everything[index]
