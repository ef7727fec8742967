"""filter: only the rows a predicate accepts."""
from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from .. import checks
from .dataset import Dataset
from .epoch import Epoch


class FilterDataset(Dataset):
    """The rows of `child` for which `predicate(*values of input_columns)` is true
    (default: all columns, in order). The predicate gets NumPy arrays and returns a bool
    (or anything NumPy reads as one truth value)."""

    def __init__(self, child: Dataset, predicate, input_columns=None, num_parallel_workers=None):
        super().__init__([child])
        if not callable(predicate):
            raise TypeError(f"For 'filter', the 'predicate' must be callable, but got {type(predicate).__name__}.")
        self.predicate = predicate
        columns = child.get_col_names()
        self.input_columns = checks.check_optional_columns("filter", "input_columns", input_columns) or columns
        checks.check_known_columns("filter", "input_columns", self.input_columns, columns)
        self._picks = [columns.index(c) for c in self.input_columns]
        checks.check_optional_int("filter", "num_parallel_workers", num_parallel_workers, 1)

    def _columns(self) -> list[str]:
        return self.children[0].get_col_names()

    def _rows(self, epoch: Epoch) -> Iterator[tuple]:
        for number, row in enumerate(self.children[0]._rows(epoch.child(0))):
            if self._keeps(row, number):
                yield row

    def _keeps(self, row: tuple, number: int) -> bool:
        try:
            verdict = self.predicate(*(row[i] for i in self._picks))
        except Exception as e:
            raise RuntimeError(f"filter: the predicate failed on row {number} of input column(s) "
                               f"{self.input_columns}: {type(e).__name__}: {e}") from e
        verdict = np.asarray(verdict)
        if verdict.size != 1 or verdict.dtype.kind not in "biuf":
            raise RuntimeError(f"filter: the predicate must return one bool, but returned {verdict!r:.60} for row "
                               f"{number}.")
        return bool(verdict)
