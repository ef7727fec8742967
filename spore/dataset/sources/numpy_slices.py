"""NumpySlicesDataset: rows sliced from in-memory arrays along their first axis."""
from __future__ import annotations

import numpy as np

from .. import checks
from ..values import as_array
from .mappable import MappableDataset, refuse_pk_sampler


class NumpySlicesDataset(MappableDataset):
    """Row i holds element i (along axis 0) of each column's data.

    `data` is a dict {column name: array-like} (names from its keys), a tuple of
    array-likes (one column each), or one array-like (a single column, which may also be
    a list of rows). A list whose rows differ in shape (`[[1], [1, 2]]`) is a column of
    arrays of their own shapes, as in MindSpore. Columns are named `column_names`, by
    default column_0, column_1... Rows are read in random order unless shuffle=False.
    """

    def __init__(self, data, column_names=None, num_samples=None, num_parallel_workers=1, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None):
        refuse_pk_sampler(sampler)
        super().__init__("NumpySlicesDataset", num_samples, shuffle, sampler, num_shards, shard_id)
        checks.check_optional_int("NumpySlicesDataset", "num_parallel_workers", num_parallel_workers, 1)
        if isinstance(data, dict):
            names, columns = list(data.keys()), list(data.values())
        elif isinstance(data, tuple):
            names, columns = None, list(data)
        else:
            names, columns = None, [data]
        self._data = [_column(c) for c in columns]
        if column_names is not None:
            names = checks.check_columns("NumpySlicesDataset", "column_names", column_names)
        names = names or [f"column_{i}" for i in range(len(self._data))]
        if len(names) != len(self._data):
            raise ValueError(f"For 'NumpySlicesDataset', {len(self._data)} column(s) of data came with "
                             f"{len(names)} column name(s): {names}.")
        for name, array in zip(names, self._data):
            if array.ndim == 0:
                raise ValueError(f"For 'NumpySlicesDataset', column '{name}' must have at least one dimension "
                                 f"to slice, but got a scalar.")
            if len(array) != len(self._data[0]):
                raise ValueError(f"For 'NumpySlicesDataset', every column must have the same length, but column "
                                 f"'{names[0]}' has {len(self._data[0])} and '{name}' has {len(array)}.")
        self.column_names = [str(n) for n in names]

    def _columns(self) -> list[str]:
        return list(self.column_names)

    def _source_size(self) -> int:
        return len(self._data[0])

    def _read_columns(self, indices: list) -> list:
        # Indexing with a list copies: transforms that modify rows in place leave the data intact.
        return [_RaggedBlock(column, indices) if column.dtype == np.object_ else column[indices]
                for column in self._data]


class _RaggedBlock(list):
    """The rows `indices` of a ragged column, copies of its arrays, read as a block of rows."""

    ndim = 2    # rows_of takes each element as one row

    def __init__(self, column: np.ndarray, indices: list):
        super().__init__(column[i].copy() for i in indices)


def _column(data) -> np.ndarray:
    """A column's data: one array, or, for a list of rows of different shapes, a 1-D object
    array holding one array per row."""
    try:
        return as_array(data, "NumpySlicesDataset")
    except ValueError:
        if not isinstance(data, (list, tuple)):
            raise
    column = np.empty(len(data), dtype=np.object_)
    column[:] = [as_array(row, "NumpySlicesDataset") for row in data]
    return column
