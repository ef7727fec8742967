"""batch: consecutive rows stacked into one row per batch, optionally through per_batch_map."""
from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator

import numpy as np

from .. import checks, config
from ..values import as_array
from .blocks import Block, joined
from .dataset import Dataset
from .epoch import Epoch
from .layout import ColumnLayout
from .padding import check_pad_info, pad_column
from .parallel import ordered_map
from .sync_op import SyncWaitDataset
from .thread_choice import ThreadChoice


class BatchInfo:
    """What a callable batch_size and per_batch_map learn about the batch being built."""

    def __init__(self, batch_num: int, epoch_num: int):
        self._batch_num = batch_num
        self._epoch_num = epoch_num

    def get_batch_num(self) -> int:
        """The number of this batch within its epoch, from 0."""
        return self._batch_num

    def get_epoch_num(self) -> int:
        """The number of the epoch, from 0."""
        return self._epoch_num


class BatchDataset(Dataset):
    """Rows of `child` in batches: each column of `batch_size` rows stacked along a new
    axis 0, so a column of shape S becomes (batch_size, *S); the last batch is smaller
    unless `drop_remainder`. `batch_size` may be a callable taking a BatchInfo.

    With `per_batch_map`, the `input_columns` of a batch (default: all) are passed to it
    as lists of row values, plus a BatchInfo; it returns one list (or array) per output
    column, which is then stacked. The batches are built by `num_parallel_workers`
    workers (default: config.get_num_parallel_workers(); threads, or processes with
    python_multiprocessing).

    With `padded` (padded_batch), values of different shapes are padded as `pad_info`
    says (see padding.py) instead of having to share a shape.
    """

    def __init__(self, child: Dataset, batch_size, drop_remainder=False, num_parallel_workers=None,
                 per_batch_map=None, input_columns=None, output_columns=None, python_multiprocessing=False,
                 max_rowsize=None, padded=False, pad_info=None):
        super().__init__([child])
        self.padded = padded
        self.pad_info = check_pad_info("padded_batch", pad_info, child.get_col_names()) if padded else None
        if not callable(batch_size):
            for node in _sync_waits_below(child):
                node.rows_per_batch = batch_size
        if callable(batch_size):
            self.batch_size = batch_size
        else:
            self.batch_size = checks.check_int("batch", "batch_size", batch_size, 1)
        self.drop_remainder = checks.check_bool("batch", "drop_remainder", drop_remainder)
        self.num_parallel_workers = checks.check_optional_int("batch", "num_parallel_workers",
                                                              num_parallel_workers, 1)
        self.python_multiprocessing = checks.check_bool("batch", "python_multiprocessing", python_multiprocessing)
        self._thread_choice = ThreadChoice()  # kept from epoch to epoch
        if per_batch_map is not None and not callable(per_batch_map):
            raise TypeError(f"For 'batch', the 'per_batch_map' must be callable, but got "
                            f"{type(per_batch_map).__name__}.")
        self.per_batch_map = per_batch_map
        # as given (None: []), which serialize writes
        self.input_columns = checks.check_optional_columns("batch", "input_columns", input_columns) or []
        self.output_columns = checks.check_optional_columns("batch", "output_columns", output_columns) or []
        columns = child.get_col_names()
        self._layout = None
        if per_batch_map is not None:
            inputs = self.input_columns or columns
            checks.check_known_columns("batch", "input_columns", inputs, columns)
            outputs = self.output_columns or inputs
            self._layout = ColumnLayout("batch", columns, inputs, outputs)
        elif input_columns is not None or output_columns is not None:
            raise ValueError("For 'batch', 'input_columns' and 'output_columns' need a 'per_batch_map'.")

    def _columns(self) -> list[str]:
        return self._layout.columns if self._layout else self.children[0].get_col_names()

    def _size(self) -> int | None:
        rows = self.children[0]._size()
        if rows is None or callable(self.batch_size):
            return None
        return rows // self.batch_size if self.drop_remainder else -(-rows // self.batch_size)

    def _batch_size(self) -> int | None:
        return None if callable(self.batch_size) else self.batch_size

    def _rows(self, epoch: Epoch) -> Iterator[tuple]:
        blocks = self._child_blocks(epoch)
        if blocks is not None:
            yield from self._batches_of_blocks(blocks)
            return
        rows = self.children[0]._rows(epoch.child(0))
        make = functools.partial(self._make_batch, self.children[0].get_col_names(), epoch.number)
        workers = self.num_parallel_workers or config.get_num_parallel_workers()
        yield from ordered_map(make, self._groups(rows, epoch.number), workers, self.python_multiprocessing,
                               self._thread_choice)

    def _child_blocks(self, epoch: Epoch) -> Iterator[Block] | None:
        """The child's rows as blocks, when it offers them and plain stacking makes the batches."""
        make_blocks = getattr(self.children[0], "blocks", None)
        if make_blocks is None or callable(self.batch_size) or self.per_batch_map is not None or self.padded:
            return None
        return make_blocks(epoch.child(0))

    def _batches_of_blocks(self, blocks: Iterator[Block]) -> Iterator[tuple]:
        """Batches of `batch_size` rows made of the blocks' columns concatenated (the rows
        stacked one by one when the columns do not join)."""
        size, pending, count = self.batch_size, [], 0
        for block in blocks:
            pending.append(block)
            count += block.size
            while count >= size:
                last, extra = pending[-1], count - size
                if extra:
                    pending[-1] = last.part(0, last.size - extra)
                yield self._batch_of_blocks(pending)
                pending = [last.part(last.size - extra, last.size)] if extra else []
                count = extra
        if count and not self.drop_remainder:
            yield self._batch_of_blocks(pending)

    def _batch_of_blocks(self, blocks: list[Block]) -> tuple:
        columns = joined(blocks)
        if columns is not None:
            return columns
        rows = [row for block in blocks for row in block.rows()]
        return tuple(self._stack([row[i] for row in rows], name)
                     for i, name in enumerate(self.children[0].get_col_names()))

    def _groups(self, rows: Iterator[tuple], epoch_num: int) -> Iterator[tuple[int, list[tuple]]]:
        for batch_num in itertools.count():
            size = self._size_of(batch_num, epoch_num)
            group = list(itertools.islice(rows, size))
            if not group or (self.drop_remainder and len(group) < size):
                return
            yield batch_num, group

    def _size_of(self, batch_num: int, epoch_num: int) -> int:
        if not callable(self.batch_size):
            return self.batch_size
        return checks.check_int("batch", "batch_size returned by the callable",
                                self.batch_size(BatchInfo(batch_num, epoch_num)), 1)

    def _make_batch(self, columns: list[str], epoch_num: int, group: tuple[int, list[tuple]]) -> tuple:
        batch_num, rows = group
        if self._layout is None:
            return tuple(self._stack([row[i] for row in rows], name) for i, name in enumerate(columns))
        picks = self._layout.input_indices
        lists = [[row[i] for row in rows] for i in picks]
        try:
            result = self.per_batch_map(*lists, BatchInfo(batch_num, epoch_num))
        except Exception as e:
            raise RuntimeError(f"batch: per_batch_map failed on batch {batch_num}: {type(e).__name__}: {e}") from e
        outputs = result if isinstance(result, tuple) else (result,)
        if len(outputs) != self._layout.num_outputs:
            raise RuntimeError(f"batch: per_batch_map returned {len(outputs)} column(s) for batch {batch_num}, "
                               f"but output_columns names {self._layout.num_outputs}.")
        outputs = tuple(_stack_output(value, "batch: per_batch_map output") for value in outputs)
        kept = tuple(None if i in picks else self._stack([row[i] for row in rows], name)
                     for i, name in enumerate(columns))
        return self._layout.assemble(kept, outputs)

    def _stack(self, values: list, column: str) -> np.ndarray:
        if not self.padded:
            return stack(values, column)
        if self.pad_info is None:
            return pad_column([np.asarray(v) for v in values], column, None, 0)
        if column in self.pad_info:
            shape, pad_value = self.pad_info[column]
            return pad_column([np.asarray(v) for v in values], column, shape, 0 if pad_value is None else pad_value)
        return stack(values, column)


def _sync_waits_below(node: Dataset):
    """The sync_wait operations this batch counts batches for: those below it, up to another batch."""
    pending = [node]
    while pending:
        node = pending.pop()
        if isinstance(node, SyncWaitDataset):
            yield node
        if not isinstance(node, BatchDataset):
            pending.extend(node.children)


def stack(values: list, column: str) -> np.ndarray | dict:
    """The values of one column stacked along a new axis 0; all must share a shape. Dict
    values (all with the same keys) are stacked key by key into one dict."""
    if isinstance(values[0], dict):
        keys = list(values[0])
        for n, value in enumerate(values):
            if not isinstance(value, dict) or list(value) != keys:
                raise RuntimeError(f"batch: cannot stack column '{column}': row 0 of the batch is a dict with keys "
                                   f"{keys} but row {n} is {list(value) if isinstance(value, dict) else value!r:.60}.")
        return {key: stack([value[key] for value in values], f"{column}.{key}") for key in keys}
    shape = np.shape(values[0])
    try:
        stacked = np.array(values)  # stacks equal shapes, much faster than np.stack for small arrays
    except ValueError:
        stacked = None
    if stacked is None or stacked.shape[1:] != shape:
        for n, value in enumerate(values):
            if np.shape(value) != shape:
                raise RuntimeError(f"batch: cannot stack column '{column}': row 0 of the batch has shape "
                                   f"{tuple(shape)} but row {n} has shape {tuple(np.shape(value))}.")
    return stacked


def _stack_output(value, where: str) -> np.ndarray:
    if isinstance(value, (list, tuple)):
        return stack([as_array(v, where) for v in value], where)
    return as_array(value, where)

