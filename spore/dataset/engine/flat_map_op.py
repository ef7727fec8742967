"""flat_map: every row turned into a dataset, whose rows follow one another."""
from __future__ import annotations

from collections.abc import Iterator

from .dataset import Dataset
from .epoch import Epoch


class FlatMapDataset(Dataset):
    """The rows of `func(*row)` for every row of `child`, in order; `func` returns a
    Dataset. The columns are those of the dataset `func` returns for the first row."""

    def __init__(self, child: Dataset, func):
        super().__init__([child])
        if not callable(func):
            raise TypeError(f"For 'flat_map', the 'func' must be callable, but got {type(func).__name__}.")
        self.func = func
        self._names: list[str] | None = None

    def _columns(self) -> list[str]:
        if self._names is None:
            first = self._first_row_of_child()
            self._names = self._dataset_of(first, 0).get_col_names() if first is not None else []
        return list(self._names)

    def _first_row_of_child(self) -> tuple | None:
        rows = self.children[0]._rows(Epoch(0))
        try:
            return next(rows, None)
        finally:
            rows.close()

    def _dataset_of(self, row: tuple, number: int) -> Dataset:
        try:
            dataset = self.func(*row)
        except Exception as e:
            raise RuntimeError(f"flat_map: func failed on row {number}: {type(e).__name__}: {e}") from e
        if not isinstance(dataset, Dataset):
            raise TypeError(f"flat_map: func must return a Dataset, but returned {type(dataset).__name__} for "
                            f"row {number}.")
        return dataset

    def _rows(self, epoch: Epoch) -> Iterator[tuple]:
        for number, row in enumerate(self.children[0]._rows(epoch.child(0))):
            yield from self._dataset_of(row, number)._rows(epoch.child(("row", number)))
