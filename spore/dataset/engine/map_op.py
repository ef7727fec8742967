"""map: transforms applied to some columns of every row, serially or by parallel workers.

Rows are grouped into tasks of ROWS_PER_TASK consecutive rows; a task is what a worker
runs, and the unit of the random streams (task k of an epoch always draws the same
numbers, whichever worker runs it), so parallel and serial runs give identical rows.

Within a task, a run of built-in transforms that declare themselves `batchable` is
applied once to the task's rows stacked into one array, when they share a shape and
dtype, instead of once per row: same arithmetic, a fraction of the Python overhead.
Python functions and random transforms run row by row, a run of them fused into one
function per row (row_chain.py); a run of deterministic transforms that offer it takes the
task's column stacked, when it comes so, all at once (column_chain.py).

A batch right after map takes each task's results as a block of stacked columns
(blocks.py) rather than row by row.

With worker threads, stretches of tasks run on the threads or on the consumer's thread,
whichever has shown the higher throughput (thread_choice.py); the choice carries over
from epoch to epoch.
"""
from __future__ import annotations

import functools
import itertools
from collections import deque
from collections.abc import Iterator

import numpy as np

from .. import checks, config, random_streams
from ..callback import CallbackRunner, check_callbacks
from ..transforms.transforms import Compose
from .blocks import Block, stacked_values
from .cache import DatasetCache
from .column_chain import column_chain
from .dataset import Dataset
from .epoch import Epoch
from .layout import ColumnLayout
from .parallel import ROWS_PER_TASK, chunks, ordered_map
from .row_chain import failure, row_chain
from .sync_op import sync_nodes
from .thread_choice import ThreadChoice


class MapDataset(Dataset):
    """Rows of `child` with `operations` applied to `input_columns`, results in `output_columns`."""

    def __init__(self, child: Dataset, operations, input_columns, output_columns, num_parallel_workers,
                 python_multiprocessing, callbacks=None, cache=None):
        super().__init__([child])
        if cache is not None and not isinstance(cache, DatasetCache):
            raise TypeError(f"For 'map', the 'cache' must be a DatasetCache, but got {type(cache).__name__}.")
        self.cache = cache
        self._callbacks = CallbackRunner(check_callbacks("map", callbacks)) if callbacks else None
        self._one_by_one = self._callbacks is not None or any(True for _ in sync_nodes(child))
        self.operations = _flatten("map", operations)
        columns = child.get_col_names()
        self.input_columns = checks.check_optional_columns("map", "input_columns", input_columns) or columns[:1]
        checks.check_known_columns("map", "input_columns", self.input_columns, columns)
        self.output_columns = (checks.check_optional_columns("map", "output_columns", output_columns)
                               or list(self.input_columns))
        self._layout = ColumnLayout("map", columns, self.input_columns, self.output_columns)
        self.num_parallel_workers = checks.check_optional_int("map", "num_parallel_workers",
                                                              num_parallel_workers, 1)
        self.python_multiprocessing = checks.check_bool("map", "python_multiprocessing", python_multiprocessing)
        self._thread_choice = ThreadChoice()  # kept from epoch to epoch

    def _columns(self) -> list[str]:
        return self._layout.columns

    def _size(self) -> int | None:
        return self.children[0]._size()

    def _rows(self, epoch: Epoch) -> Iterator[tuple]:
        if self.cache is not None:
            return self.cache.rows(id(self), lambda: self._computed_rows(epoch))
        return self._computed_rows(epoch)

    def _computed_rows(self, epoch: Epoch) -> Iterator[tuple]:
        if self._one_by_one:
            yield from self._rows_one_by_one(epoch)
            return
        assemble = self._layout.assemble
        outputs_only = self._layout.outputs_only
        for block, outputs in self._task_results(epoch):
            if isinstance(outputs, np.ndarray):
                outputs = _unstacked(outputs)
            if outputs_only:  # the outputs are the new rows
                yield from outputs
                continue
            for row, out in zip(block.rows(), outputs):
                yield assemble(row, out)

    def blocks(self, epoch: Epoch) -> Iterator[Block] | None:
        """The rows as blocks (blocks.py), one per task; None when this map hands on rows
        one at a time (callbacks, sync_wait below, a cache)."""
        if self._one_by_one or self.cache is not None:
            return None
        return self._blocks(epoch)

    def _blocks(self, epoch: Epoch) -> Iterator[Block]:
        picks = self._layout.picks
        for block, outputs in self._task_results(epoch):
            columns = []
            for source, k in picks:
                if source == "out":
                    column = outputs if isinstance(outputs, np.ndarray) else stacked_values([out[k] for out in outputs])
                elif block.columns is not None:
                    column = block.columns[k]
                else:
                    column = stacked_values([row[k] for row in block.rows()])
                if column is None:
                    columns = None
                    break
                columns.append(column)
            yield Block(block.size, None if columns is None else tuple(columns),
                        functools.partial(self._assembled, block, outputs))

    def _assembled(self, block: Block, outputs: list[tuple] | np.ndarray) -> list[tuple]:
        if isinstance(outputs, np.ndarray):
            outputs = _unstacked(outputs)
        return [self._layout.assemble(row, out) for row, out in zip(block.rows(), outputs)]

    def _child_blocks(self, epoch: Epoch) -> Iterator[Block]:
        """The child's rows in blocks of ROWS_PER_TASK rows, one per task: as the child
        hands them when it does (blocks.py), else gathered from its rows."""
        make_blocks = getattr(self.children[0], "blocks", None)
        blocks = make_blocks(epoch.child(0)) if make_blocks is not None else None
        if blocks is not None:
            return blocks
        return (Block(len(rows), None, rows.copy)
                for rows in chunks(self.children[0]._rows(epoch.child(0))))

    def _task_results(self, epoch: Epoch) -> Iterator[tuple[Block, list[tuple] | np.ndarray]]:
        """(a task's block of rows, the task's outputs: rows of output values, or the single
        output column stacked), task by task in order."""
        workers = self.num_parallel_workers or config.get_num_parallel_workers()
        runner = _Runner(self.operations, self.input_columns, len(self.output_columns), epoch)
        waiting: deque = deque()  # the blocks of tasks in flight, to place their results in
        to_processes = workers > 1 and self.python_multiprocessing
        # Stacked when possible if the first transform wants it so, or to cross to a worker
        # process (one array crosses faster than many).
        stack = runner.takes_stacked or to_processes

        def tasks():
            for index, block in enumerate(self._child_blocks(epoch)):
                waiting.append(block)
                stacked = self._stacked_input(block) if stack else None
                yield index, self._layout.inputs(block.rows()) if stacked is None else stacked

        run = runner.stacking_results if to_processes else runner
        for outputs in ordered_map(run, tasks(), workers, self.python_multiprocessing, self._thread_choice):
            yield waiting.popleft(), outputs

    def _stacked_input(self, block: Block) -> np.ndarray | None:
        """The block's values of the single input column stacked, if they stack."""
        if len(self._layout.input_indices) != 1:
            return None
        if block.columns is not None:
            return block.columns[self._layout.input_indices[0]]
        return _stack_single(self._layout.inputs(block.rows()))

    def _rows_one_by_one(self, epoch: Epoch) -> Iterator[tuple]:
        """One row at a time on the consumer's thread, pulled only when the consumer asks
        for it: each step's callbacks then run in step with the consumer (WaitedDSCallback
        relies on it), and a sync_wait below releases rows as the consumer allows."""
        runner = _Runner(self.operations, self.input_columns, len(self.output_columns), epoch, rows_per_task=1)
        callbacks = self._callbacks
        if callbacks:
            callbacks.epoch_begin(epoch.number)
        for index, row in enumerate(self.children[0]._rows(epoch.child(0))):
            if callbacks:
                callbacks.step_begin()
            outputs = runner((index, self._layout.inputs([row])))
            yield self._layout.assemble(row, (outputs[0],) if isinstance(outputs, np.ndarray) else outputs[0])
            if callbacks:
                callbacks.step_end()
        if callbacks:
            callbacks.epoch_end()


class _Runner:
    """Runs one task: the operations over the input values of a task's rows."""

    def __init__(self, operations: list, input_columns: list[str], num_outputs: int, epoch: Epoch,
                 rows_per_task: int = ROWS_PER_TASK):
        self.rows_per_task = rows_per_task
        self.input_columns = input_columns
        self.num_outputs = num_outputs
        self.epoch = epoch
        # Runs of batchable transforms (applied to stacked rows when the rows stack) and
        # runs of the others (fused into one function per row, and into one function of
        # the stacked column when they all offer it).
        self.segments = []
        for batchable, run in itertools.groupby(operations, key=lambda op: bool(getattr(op, "batchable", False))):
            ops = list(run)
            names = [_name(op) for op in ops]
            columns = None if batchable else column_chain(ops)
            self.segments.append((batchable, ops, names, row_chain(ops, names, input_columns), columns))
        first_batchable, *_, first_columns = self.segments[0]
        self.takes_stacked = first_batchable or first_columns is not None

    def __call__(self, task: tuple[int, list[tuple] | np.ndarray]) -> list[tuple] | np.ndarray:
        """The output rows of a task's input rows (or of its single input column, stacked);
        when the operations end on the stacked path, the single output column stacked."""
        index, values = task
        first = index * self.rows_per_task
        with random_streams.task_stream(self.epoch.seed, self.epoch.number, self.epoch.where, index):
            result = self._apply(values, first)
        widths = [1] if isinstance(result, np.ndarray) else [len(row) for row in result]
        for n, width in enumerate(widths):
            if width != self.num_outputs:
                raise RuntimeError(f"map: the operations returned {width} column(s) for row {first + n}, "
                                   f"but output_columns names {self.num_outputs}.")
        return result

    def stacking_results(self, task: tuple[int, list[tuple] | np.ndarray]) -> list[tuple] | np.ndarray:
        """What calling the runner gives, a single output column of arrays (not scalars)
        stacked when they stack: one array crosses from a worker process faster than many."""
        result = self(task)
        if isinstance(result, list) and len(result[0]) == 1 and np.ndim(result[0][0]) > 0:
            stacked = _stack_single(result)
            if stacked is not None:
                return stacked
        return result

    def _apply(self, values: list[tuple] | np.ndarray, first: int) -> list[tuple] | np.ndarray:
        # Exactly one of the two is set: the rows, or their only value stacked along axis 0.
        rows, stacked = (None, values) if isinstance(values, np.ndarray) else (values, None)
        for batchable, ops, names, chain, columns in self.segments:
            if batchable:
                if stacked is None:
                    stacked = _stack_single(rows)
                if stacked is not None:
                    k = 0
                    while k < len(ops):
                        following = ops[k + 1] if k + 1 < len(ops) else None
                        stacked, through = self._call_batched(ops[k], names[k], stacked, first, following)
                        k += 2 if through else 1
                    continue
            if stacked is not None and columns is not None:
                column = columns(stacked)
                if type(column) is np.ndarray:
                    stacked = column
                    continue
                if column is not NotImplemented:
                    rows, stacked = [(value,) for value in column], None
                    continue
            if stacked is not None:
                rows, stacked = _unstacked(stacked), None
            rows = chain(rows, first)
        return rows if stacked is None else stacked

    def _call_batched(self, op, name: str, stacked: np.ndarray, first: int, following) -> tuple[np.ndarray, bool]:
        """op's result on the stacked rows, or op's and `following`'s when op does both in
        one pass; and whether it did."""
        try:
            op._check(stacked.shape[1:], stacked.dtype)
            if following is not None:
                result = op._apply_batch_through(following, stacked)
                if result is not NotImplemented:
                    return result, True
            return op._apply_batch(stacked), False
        except Exception as e:
            raise failure(name, f"rows {first}..{first + len(stacked) - 1}", self.input_columns, e) from e


def _unstacked(stacked: np.ndarray) -> list[tuple]:
    """The rows of a stacked single column; a row of a 1-D stack is a 0-d array, as a row
    of scalars reaches a transform unstacked (iterating would give NumPy scalars)."""
    if stacked.ndim == 1:
        return [(stacked[i, ...],) for i in range(len(stacked))]
    return [(value,) for value in stacked]


def _stack_single(rows: list[tuple]) -> np.ndarray | None:
    """The rows' values stacked, if every row has one value and all share shape and dtype."""
    if len(rows[0]) != 1 or any(len(row) != 1 for row in rows):
        return None
    return stacked_values([row[0] for row in rows])


def _flatten(op: str, operations) -> list:
    """The operations as a flat list of callables (Compose unpacked into its transforms)."""
    ops = list(operations) if isinstance(operations, (list, tuple)) else [operations]
    if not ops:
        raise ValueError(f"For '{op}', the 'operations' must not be empty.")
    flat = []
    for operation in ops:
        if isinstance(operation, Compose):
            flat.extend(_flatten(op, operation.transforms))
        elif callable(operation):
            flat.append(operation)
        else:
            raise TypeError(f"For '{op}', every item of 'operations' must be a transform or a callable, "
                            f"but got {type(operation).__name__}.")
    return flat


def _name(op) -> str:
    return getattr(op, "__name__", None) or type(op).__name__
