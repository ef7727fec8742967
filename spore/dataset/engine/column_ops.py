"""The operations on column names: project (select and order) and rename."""
from __future__ import annotations

from collections.abc import Iterator

from .. import checks
from .dataset import Dataset
from .epoch import Epoch


class ProjectDataset(Dataset):
    """Only the `columns` of `child`, in the order given."""

    def __init__(self, child: Dataset, columns):
        super().__init__([child])
        self.columns = checks.check_columns("project", "columns", columns)
        names = child.get_col_names()
        checks.check_known_columns("project", "columns", self.columns, names)
        self._picks = [names.index(c) for c in self.columns]

    def _columns(self) -> list[str]:
        return list(self.columns)

    def _size(self) -> int | None:
        return self.children[0]._size()

    def _rows(self, epoch: Epoch) -> Iterator[tuple]:
        picks = self._picks
        for row in self.children[0]._rows(epoch.child(0)):
            yield tuple(row[i] for i in picks)


class RenameDataset(Dataset):
    """The columns of `child` with `input_columns` renamed to `output_columns`."""

    def __init__(self, child: Dataset, input_columns, output_columns):
        super().__init__([child])
        inputs = checks.check_columns("rename", "input_columns", input_columns)
        outputs = checks.check_columns("rename", "output_columns", output_columns)
        if len(inputs) != len(outputs):
            raise ValueError(f"For 'rename', the 'input_columns' and 'output_columns' must have the same length, "
                             f"but got {len(inputs)} and {len(outputs)}.")
        names = child.get_col_names()
        checks.check_known_columns("rename", "input_columns", inputs, names)
        self.input_columns, self.output_columns = inputs, outputs
        new_name = dict(zip(inputs, outputs))
        self._names = [new_name.get(c, c) for c in names]
        if len(set(self._names)) != len(self._names):
            raise ValueError(f"For 'rename', the new column names {self._names} repeat a name.")

    def _columns(self) -> list[str]:
        return list(self._names)

    def _size(self) -> int | None:
        return self.children[0]._size()

    def _rows(self, epoch: Epoch) -> Iterator[tuple]:
        return self.children[0]._rows(epoch.child(0))
