"""Consecutive per-row transforms of one map applied to a task's whole column at once.

When a task's single input column comes stacked (a source's block, blocks.py) and every
transform of a run offers a column path (`TensorOperation._column_path`), each transform
is called once per task instead of once per row: a tokenizer splits the block's strings
in one list comprehension, Lookup with Truncate looks all their words up in one pass and
stacks the ids when the rows agree in length, so batch takes them as a block.

A column path gives NotImplemented for a column it does not take. Then, or on any
failure, the task goes through the row chain (row_chain.py) from its input again, which
gives the same values or raises the error naming the row that failed: the transforms
with column paths are deterministic, so running them again changes nothing.
"""
from __future__ import annotations

from typing import Callable

import numpy as np

from ..transforms.tensor_operation import TensorOperation
from .row_chain import takes_lists

ColumnChain = Callable[[np.ndarray], "np.ndarray | list"]


def column_chain(operations: list) -> ColumnChain | None:
    """A function of a task's stacked input column giving its output column (stacked, or a
    list of the rows' values), or NotImplemented when the rows must go one by one; None
    when some transform has no column path."""
    paths = []
    k = 0
    while k < len(operations):
        op = operations[k]
        if not isinstance(op, TensorOperation):
            return None
        following = operations[k + 1] if k + 1 < len(operations) else None
        path = op._column_path_through(following, takes_lists(operations, k + 2)) if following is not None else None
        if path is not None:
            paths.append(path)
            k += 2
            continue
        path = op._column_path(takes_lists(operations, k + 1))
        if path is None:
            return None
        paths.append(path)
        k += 1

    def apply(column: np.ndarray):
        try:
            for path in paths:
                column = path(column)
                if column is NotImplemented:
                    break
        except Exception:  # noqa: BLE001 - the row chain raises it again, naming the row
            return NotImplemented
        return column
    return apply
