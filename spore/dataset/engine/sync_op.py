"""sync_wait / sync_update: a pipeline that waits for the training loop between batches."""
from __future__ import annotations

import threading
from collections.abc import Iterator

from .. import checks
from .dataset import Dataset
from .epoch import Epoch


class SyncWaitDataset(Dataset):
    """The rows of `child`, `num_batch` batches (of the batch operation above) at a time:
    then it waits until `sync_update(condition_name)` lets more through, calling
    `callback(data)` with what sync_update passes.

    Rows are pulled on the consumer's thread, which is also the one that calls
    sync_update; a pipeline that needs rows the consumer has not released cannot wait
    for them, so it raises instead of hanging."""

    def __init__(self, child: Dataset, condition_name: str, num_batch: int = 1, callback=None):
        super().__init__([child])
        if not isinstance(condition_name, str):
            raise TypeError(f"For 'sync_wait', the 'condition_name' must be a str, but got "
                            f"{type(condition_name).__name__}.")
        self.condition_name = condition_name
        self.num_batch = checks.check_int("sync_wait", "num_batch", num_batch, 1)
        if callback is not None and not callable(callback):
            raise TypeError(f"For 'sync_wait', the 'callback' must be callable, but got {type(callback).__name__}.")
        self.callback = callback
        self.rows_per_batch: int | None = None
        """Set by the batch operation above; a sync_wait needs one."""
        self._lock = threading.Lock()
        self._allowed = 0

    def _columns(self) -> list[str]:
        return self.children[0].get_col_names()

    def _size(self) -> int | None:
        return self.children[0]._size()

    def _rows(self, epoch: Epoch) -> Iterator[tuple]:
        if self.rows_per_batch is None:
            raise RuntimeError(f"sync_wait '{self.condition_name}' needs a batch operation (with an int batch_size) "
                               f"after it in the pipeline.")
        with self._lock:
            self._allowed = self.num_batch * self.rows_per_batch
        for passed, row in enumerate(self.children[0]._rows(epoch.child(0))):
            with self._lock:
                allowed = self._allowed
            if passed >= allowed:
                raise RuntimeError(f"sync_wait '{self.condition_name}': the pipeline needs row {passed}, beyond the "
                                   f"{allowed} released so far; call sync_update('{self.condition_name}') after "
                                   f"each {self.num_batch} batch(es).")
            yield row

    def update(self, num_batch: int | None, data) -> None:
        """Release `num_batch` more batches (default: the num_batch of sync_wait), after callback(data)."""
        batches = self.num_batch if num_batch is None else checks.check_int("sync_update", "num_batch", num_batch, 1)
        if self.callback is not None:
            self.callback(data)
        with self._lock:
            self._allowed += batches * (self.rows_per_batch or 0)


def sync_nodes(root: Dataset) -> Iterator[SyncWaitDataset]:
    """The sync_wait operations of a pipeline."""
    stack = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, SyncWaitDataset):
            yield node
        stack.extend(node.children)
