"""The iterators users get from a dataset: TupleIterator and DictIterator.

One iterator serves `num_epochs` epochs, MindSpore's way: a `for` loop over it runs one
epoch and ends; the next loop over the same iterator runs the next epoch, with fresh
shuffles and random transforms; looping past the last epoch is an error. Numeric
columns come out as spore Tensors (or the NumPy arrays themselves with
output_numpy=True); text and other non-numeric columns stay NumPy arrays, as spore
Tensors hold numbers only.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

import numpy as np

from ...common.tensor import Tensor
from .. import checks, random_streams
from .epoch import Epoch


class RowSource(Protocol):
    """What an iterator reads from the pipeline it walks (the root Dataset): its rows for
    one epoch and its column names. Named here so the iterators depend on this much only,
    and dataset.py, which creates them, depends on this module and not the other way."""

    def _rows(self, epoch: Epoch) -> Iterator[tuple]: ...

    def get_col_names(self) -> list[str]: ...


class _Iterator:
    """What both iterators share: epochs, the seed of their shuffles, conversion to Tensors."""

    def __init__(self, dataset: RowSource, num_epochs: int, output_numpy: bool, kind: str):
        checks.check_int(kind, "num_epochs", num_epochs, -1)
        if num_epochs == 0:
            raise ValueError(f"For '{kind}', the 'num_epochs' must be -1 or positive, but got 0.")
        self.dataset = dataset
        self._kind = kind
        self._num_epochs = num_epochs
        self._output_numpy = checks.check_bool(kind, "output_numpy", output_numpy)
        self._seed = random_streams.iterator_seed()
        self._epoch = 0
        self._rows = None

    def __iter__(self):
        return self

    def __next__(self):
        if self._rows is None:
            if 0 < self._num_epochs <= self._epoch:
                raise RuntimeError(f"{self._kind}: all {self._num_epochs} epoch(s) of this iterator were "
                                   f"consumed; create it with a larger num_epochs to iterate again.")
            self._rows = self.dataset._rows(Epoch(self._seed, self._epoch))
        try:
            row = next(self._rows)
        except StopIteration:
            self._rows = None
            self._epoch += 1
            raise
        except BaseException:
            self._rows = None
            raise
        return self._output(row)

    def _output(self, row: tuple):
        raise NotImplementedError

    def _value(self, array: np.ndarray | dict):
        if isinstance(array, dict):
            return {key: self._value(value) for key, value in array.items()}
        if self._output_numpy or array.dtype.kind not in "biufc":
            return array
        return Tensor(array)

    def get_col_names(self) -> list[str]:
        return self.dataset.get_col_names()

    def stop(self) -> None:
        """End the current epoch early and release its workers."""
        if self._rows is not None:
            self._rows.close()
            self._rows = None

    release = stop


class TupleIterator(_Iterator):
    """Each row as a list of column values, in column order (or the order of `columns`)."""

    def __init__(self, dataset: RowSource, columns, num_epochs: int, output_numpy: bool):
        super().__init__(dataset, num_epochs, output_numpy, "create_tuple_iterator")
        names = dataset.get_col_names()
        self._picks = None
        if columns is not None:
            wanted = checks.check_columns(self._kind, "columns", columns)
            checks.check_known_columns(self._kind, "columns", wanted, names)
            self._picks = [names.index(c) for c in wanted]

    def _output(self, row: tuple) -> list:
        if self._picks is not None:
            row = [row[i] for i in self._picks]
        return [self._value(a) for a in row]


class DictIterator(_Iterator):
    """Each row as {column name: value}."""

    def __init__(self, dataset: RowSource, num_epochs: int, output_numpy: bool):
        super().__init__(dataset, num_epochs, output_numpy, "create_dict_iterator")
        self._names = dataset.get_col_names()

    def _output(self, row: tuple) -> dict:
        return {name: self._value(a) for name, a in zip(self._names, row)}
