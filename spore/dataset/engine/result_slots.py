"""Shared memory through which a worker process hands its array results to the consumer.

A result that travels through a pipe is pickled, copied into the pipe, read out of it in
pieces and unpickled: with 4 workers on small images this was the larger part of the
consumer's own work. An array result is instead copied into a slot of memory the worker
shares with the consumer (mapped before the fork), and only its slot, shape and dtype
travel through the pipe; the consumer copies it out. Other results, and arrays larger
than a slot, are pickled as before.

The worker writes its k-th result into slot k % SLOTS. That slot is free: the consumer
deals a worker a new task only once it has read all but TASKS_PER_WORKER - 1 of the
worker's earlier results (parallel.py), and there are TASKS_PER_WORKER slots.
"""
from __future__ import annotations

import mmap
from typing import NamedTuple

import numpy as np

SLOT_BYTES = 16 << 20
"""Room for one result: a batch of 32 RGB images of 224 x 224 fits as uint8 (4.8 MB), not as
float32 (19 MB: pickled through the pipe). Pages are mapped only when first written, so a
slot costs what its largest result used."""


class _InSlot(NamedTuple):
    slot: int
    shape: tuple
    dtype: np.dtype


class ResultSlots:
    """`slots` slots of SLOT_BYTES shared by the consumer and the worker forked after it."""

    def __init__(self, slots: int):
        self._slots = slots
        self._memory = mmap.mmap(-1, slots * SLOT_BYTES)  # anonymous and shared: seen by forked children
        self._written = 0  # results the worker has sent

    def packed(self, result):
        """In the worker: what to send for `result`, an array put into its slot if it fits."""
        slot = self._written % self._slots
        self._written += 1
        if type(result) is not np.ndarray or result.dtype.hasobject or result.nbytes > SLOT_BYTES:
            return result
        self._array(slot, result.shape, result.dtype)[...] = result
        return _InSlot(slot, result.shape, result.dtype)

    def unpacked(self, sent):
        """In the consumer: the result the worker sent (a copy of an array out of its slot)."""
        if type(sent) is not _InSlot:
            return sent
        return self._array(*sent).copy()

    def close(self) -> None:
        self._memory.close()

    def _array(self, slot: int, shape: tuple, dtype: np.dtype) -> np.ndarray:
        return np.ndarray(shape, dtype, buffer=self._memory, offset=slot * SLOT_BYTES)
