"""The operations that combine datasets: zip (side by side) and concat (one after another)."""
from __future__ import annotations

from collections.abc import Iterator

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
    """The rows of every child in turn. The children must have the same columns."""

    def __init__(self, children: list[Dataset]):
        super().__init__(children)
        columns = children[0].get_col_names()
        for n, child in enumerate(children[1:], 1):
            if child.get_col_names() != columns:
                raise ValueError(f"For 'concat', every dataset must have the columns {columns} of the first, "
                                 f"but dataset {n} has {child.get_col_names()}.")

    def _columns(self) -> list[str]:
        return self.children[0].get_col_names()

    def _size(self) -> int | None:
        sizes = [child._size() for child in self.children]
        return None if None in sizes else sum(sizes)

    def _rows(self, epoch: Epoch) -> Iterator[tuple]:
        for i, child in enumerate(self.children):
            yield from child._rows(epoch.child(i))
