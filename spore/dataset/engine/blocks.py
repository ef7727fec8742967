"""Blocks: consecutive rows handed from operator to operator as whole columns.

A map task's results (from a worker, or the consumer's own thread) come with each column
stacked along a new axis 0 when its values stack, so batch can build a batch by
concatenating the columns of a few blocks instead of taking rows apart and stacking them
again one by one. A block whose columns do not all stack, or blocks whose columns disagree
in shape or dtype, give batch their rows, which it stacks as it always does (same results,
same errors).

Sources that hold their columns as arrays hand map (or batch) their rows as blocks too,
one per map (ROWS_PER_TASK rows, the last block of an epoch fewer), so map takes a column as read
instead of splitting the rows apart and stacking them again.
"""
from __future__ import annotations

from typing import Callable

import numpy as np


class Block:
    """`size` consecutive rows; `columns`: each column stacked, or None when one does not
    stack; `rows()`: the rows as tuples of column values, made on first use."""

    __slots__ = ("size", "columns", "_make_rows", "_rows")

    def __init__(self, size: int, columns: tuple | None, rows: Callable[[], list]):
        self.size, self.columns, self._make_rows, self._rows = size, columns, rows, None

    def rows(self) -> list:
        if self._rows is None:
            self._rows = self._make_rows()
        return self._rows

    def part(self, start: int, stop: int) -> Block:
        """Rows start..stop of the block."""
        columns = None if self.columns is None else tuple(column[start:stop] for column in self.columns)
        return Block(stop - start, columns, lambda: self.rows()[start:stop])


def stacked_values(values: list) -> np.ndarray | None:
    """The values stacked along a new axis 0, if all are arrays of one shape and dtype."""
    first = values[0]
    if type(first) is not np.ndarray:
        return None
    shape, dtype = first.shape, first.dtype
    for value in values:
        if type(value) is not np.ndarray or value.shape != shape or value.dtype != dtype:
            return None
    return np.array(values)  # np.array stacks equal shapes faster than np.stack


def joined(blocks: list[Block]) -> tuple | None:
    """The blocks' columns concatenated, if every block's columns stack and agree in the
    shape and dtype of their values; None otherwise."""
    if any(block.columns is None for block in blocks):
        return None
    first = blocks[0].columns
    for block in blocks[1:]:
        for mine, theirs in zip(first, block.columns):
            if mine.shape[1:] != theirs.shape[1:] or mine.dtype != theirs.dtype:
                return None
    return tuple(np.concatenate([block.columns[i] for block in blocks]) for i in range(len(first)))
