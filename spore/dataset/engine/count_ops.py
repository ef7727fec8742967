"""The operations that change how many rows pass: repeat, take and skip."""
from __future__ import annotations

import itertools
from collections.abc import Iterator

from .. import checks
from .dataset import Dataset
from .epoch import Epoch


class RepeatDataset(Dataset):
    """The rows of `child`, `count` times over (None or -1: endlessly). Every pass is a
    fresh run of the child: shuffles and random transforms draw anew."""

    def __init__(self, child: Dataset, count: int | None):
        super().__init__([child])
        if count is None:
            count = -1
        checks.check_int("repeat", "count", count, -1)
        if count == 0:
            raise ValueError("For 'repeat', the 'count' must be -1 or positive, but got 0.")
        self.count = count

    def _columns(self) -> list[str]:
        return self.children[0].get_col_names()

    def _size(self) -> int | None:
        rows = self.children[0]._size()
        # MindSpore reports one pass for an endless repeat.
        return None if rows is None else rows * max(self.count, 1)

    def _repeat_count(self) -> int:
        return self.count * self.children[0]._repeat_count()

    def _rows(self, epoch: Epoch) -> Iterator[tuple]:
        passes = itertools.count() if self.count == -1 else range(self.count)
        for n in passes:
            yield from self.children[0]._rows(epoch.repeat_pass(n).child(0))


class TakeDataset(Dataset):
    """The first `count` rows of `child` (-1: all)."""

    def __init__(self, child: Dataset, count: int):
        super().__init__([child])
        checks.check_int("take", "count", count, -1)
        if count == 0:
            raise ValueError("For 'take', the 'count' must be -1 or positive, but got 0.")
        self.count = count

    def _columns(self) -> list[str]:
        return self.children[0].get_col_names()

    def _size(self) -> int | None:
        rows = self.children[0]._size()
        if rows is None or self.count == -1:
            return rows
        return min(rows, self.count)

    def _rows(self, epoch: Epoch) -> Iterator[tuple]:
        rows = self.children[0]._rows(epoch.child(0))
        yield from rows if self.count == -1 else itertools.islice(rows, self.count)


class SkipDataset(Dataset):
    """The rows of `child` after the first `count`."""

    def __init__(self, child: Dataset, count: int):
        super().__init__([child])
        self.count = checks.check_int("skip", "count", count, 0)

    def _columns(self) -> list[str]:
        return self.children[0].get_col_names()

    def _size(self) -> int | None:
        rows = self.children[0]._size()
        return None if rows is None else max(rows - self.count, 0)

    def _rows(self, epoch: Epoch) -> Iterator[tuple]:
        yield from itertools.islice(self.children[0]._rows(epoch.child(0)), self.count, None)
