"""shuffle: rows in random order, drawn from a bounded buffer."""
from __future__ import annotations

from collections.abc import Iterator

from .. import checks
from .dataset import Dataset
from .epoch import Epoch

_DRAWS = 1024
"""Buffer positions drawn from the generator at a time (one call per row is slow)."""


class ShuffleDataset(Dataset):
    """The rows of `child` shuffled through a buffer of `buffer_size` rows: the buffer
    fills, then each incoming row takes the place of a randomly chosen buffered row,
    which is emitted; at the end the remaining buffer is emitted in random order. A
    buffer at least as large as the dataset gives a uniform shuffle. Each epoch shuffles
    differently."""

    def __init__(self, child: Dataset, buffer_size: int):
        super().__init__([child])
        self.buffer_size = checks.check_int("shuffle", "buffer_size", buffer_size, 2)

    def _columns(self) -> list[str]:
        return self.children[0].get_col_names()

    def _size(self) -> int | None:
        return self.children[0]._size()

    def _rows(self, epoch: Epoch) -> Iterator[tuple]:
        rng = epoch.generator()
        size = self.buffer_size
        buffer: list[tuple] = []
        draws = iter(())
        for row in self.children[0]._rows(epoch.child(0)):
            if len(buffer) < size:
                buffer.append(row)
                continue
            j = next(draws, None)
            if j is None:
                draws = iter(rng.integers(0, size, _DRAWS).tolist())
                j = next(draws)
            yield buffer[j]
            buffer[j] = row
        for j in rng.permutation(len(buffer)).tolist():
            yield buffer[j]
