"""GeneratorDataset: rows from user Python code."""
from __future__ import annotations

import itertools
from collections.abc import Iterator

import numpy as np

from .. import checks
from ..engine.epoch import Epoch
from ..transforms.transforms import to_numpy_dtype
from ..values import as_array
from .mappable import MappableDataset, refuse_pk_sampler


class GeneratorDataset(MappableDataset):
    """Rows produced by `source`, one of:

    - a random-access object (`__getitem__` and `__len__`): row i is `source[i]`, read in
      the order of the sampler (shuffled by default), by `num_parallel_workers` workers
      (processes when python_multiprocessing, else threads);
    - an iterable (`__iter__`): its items in order, iterated afresh every epoch;
    - a callable returning an iterator, such as a generator function: called every epoch.

    Each item is one row: a tuple or list with one value per name of `column_names`, or
    a single value for a single column. Values become NumPy arrays (Python ints int64,
    floats float64), cast to `column_types` when given. Iterable sources cannot be
    sampled or sharded; `shuffle` is ignored for them.
    """

    def __init__(self, source, column_names=None, column_types=None, schema=None, num_samples=None,
                 num_parallel_workers=1, shuffle=None, sampler=None, num_shards=None, shard_id=None,
                 python_multiprocessing=True, max_rowsize=None):
        refuse_pk_sampler(sampler)
        self.source = source
        self.random_access = hasattr(source, "__getitem__") and hasattr(source, "__len__")
        if not self.random_access and not (hasattr(source, "__iter__") or callable(source)):
            raise TypeError(f"For 'GeneratorDataset', the 'source' must be random-access, iterable or callable, "
                            f"but got {type(source).__name__}.")
        workers = checks.check_int("GeneratorDataset", "num_parallel_workers", num_parallel_workers, 1)
        processes = checks.check_bool("GeneratorDataset", "python_multiprocessing", python_multiprocessing)
        if self.random_access:
            super().__init__("GeneratorDataset", num_samples, shuffle, sampler, num_shards, shard_id,
                             read_workers=workers, read_processes=processes)
        else:
            for name, value in (("sampler", sampler), ("num_shards", num_shards)):
                if value is not None:
                    raise ValueError(f"For 'GeneratorDataset', '{name}' needs a random-access source (with "
                                     f"__getitem__ and __len__), but got {type(source).__name__}.")
            super().__init__("GeneratorDataset", shuffle=False)
            self.sampler = None
            self.num_samples = checks.check_optional_int("GeneratorDataset", "num_samples", num_samples, 0)
        if schema is not None:
            raise ValueError("For 'GeneratorDataset', 'schema' is not supported; give 'column_names' "
                             "(and 'column_types').")
        if column_names is None:
            raise ValueError("For 'GeneratorDataset', neither 'column_names' nor 'schema' is provided.")
        self.column_names = checks.check_columns("GeneratorDataset", "column_names", column_names)
        self.column_types = None
        if column_types is not None:
            if not isinstance(column_types, (list, tuple)) or len(column_types) != len(self.column_names):
                raise ValueError(f"For 'GeneratorDataset', the 'column_types' must be a list of one dtype per "
                                 f"column ({len(self.column_names)}), but got {column_types!r}.")
            self.column_types = [to_numpy_dtype("GeneratorDataset", "column_types", t) for t in column_types]

    def _columns(self) -> list[str]:
        return list(self.column_names)

    def _source_size(self) -> int:
        return len(self.source)

    def _size(self) -> int | None:
        if self.random_access:
            return super()._size()
        if not hasattr(self.source, "__len__"):
            return None
        size = len(self.source)
        return min(size, self.num_samples) if self.num_samples else size

    def _splits_by_index(self) -> bool:
        return self.random_access and super()._splits_by_index()

    def _read(self, index: int) -> tuple:
        try:
            item = self.source[index]
        except Exception as e:
            raise RuntimeError(f"GeneratorDataset: the source raised {type(e).__name__} at sample index "
                               f"{index}: {e}") from e
        return self._row(item, index)

    def _rows(self, epoch: Epoch) -> Iterator[tuple]:
        if self.random_access:
            yield from super()._rows(epoch)
            return
        items = iter(self.source) if hasattr(self.source, "__iter__") else self.source()
        for index in itertools.islice(itertools.count(), self.num_samples or None):
            try:
                item = next(items)
            except StopIteration:
                return
            except Exception as e:
                raise RuntimeError(f"GeneratorDataset: the source raised {type(e).__name__} at sample index "
                                   f"{index}: {e}") from e
            yield self._row(item, index)

    def _row(self, item, index: int) -> tuple:
        values = item if isinstance(item, (tuple, list)) else (item,)
        if len(values) != len(self.column_names):
            raise RuntimeError(f"GeneratorDataset: sample index {index} has {len(values)} value(s), but "
                               f"column_names names {len(self.column_names)}: {self.column_names}.")
        where = f"GeneratorDataset (sample index {index})"
        row = tuple(as_array(v, where) for v in values)
        if self.column_types is not None:
            row = tuple(np.asarray(a, dtype=t) for a, t in zip(row, self.column_types))
        return row
