"""Dataset callbacks (`mindspore.dataset.DSCallback`, `WaitedDSCallback`): user code run by
`map` at the start of the pipeline, of each epoch and of each step (row)."""
from __future__ import annotations

import threading
from dataclasses import dataclass

from ..train.callback.callback import Callback
from . import checks

CALLBACK_TIMEOUT = 60
"""Seconds a WaitedDSCallback waits for the training loop (MindSpore's default)."""


@dataclass
class DSRunContext:
    """Where a map is: epoch (from 1), step within the epoch and step overall (from 1)."""

    cur_epoch_num: int = 0
    cur_step_num_in_epoch: int = 0
    cur_step_num: int = 0


class DSCallback:
    """Base of dataset callbacks: override ds_begin, ds_epoch_begin, ds_epoch_end,
    ds_step_begin and ds_step_end (each gets a DSRunContext). The step methods run for
    every `step_size`-th step of an epoch (its steps 1, 1 + step_size, ...), before and
    after it; a step is one row through the map."""

    def __init__(self, step_size: int = 1):
        self.step_size = checks.check_int(type(self).__name__, "step_size", step_size, 1)

    def ds_begin(self, ds_run_context: DSRunContext) -> None:
        """Called once, before the first row."""

    def ds_epoch_begin(self, ds_run_context: DSRunContext) -> None:
        """Called before each epoch."""

    def ds_epoch_end(self, ds_run_context: DSRunContext) -> None:
        """Called after each epoch."""

    def ds_step_begin(self, ds_run_context: DSRunContext) -> None:
        """Called before every step_size-th step."""

    def ds_step_end(self, ds_run_context: DSRunContext) -> None:
        """Called after every step_size-th step."""


class WaitedDSCallback(Callback, DSCallback):
    """A dataset callback that waits for the training loop: before a dataset epoch (but
    the first) it waits for the training epoch before it to end, and before a dataset
    step (but the first) for the training step before it to end; then it calls
    `sync_epoch_begin` / `sync_step_begin(train_run_context, ds_run_context)`. Pass the
    same object to map(callbacks=...) and to Model.train(callbacks=...)."""

    def __init__(self, step_size: int = 1):
        DSCallback.__init__(self, step_size)
        self._step_done = threading.Event()
        self._epoch_done = threading.Event()
        self._train_context = None

    def sync_epoch_begin(self, train_run_context, ds_run_context: DSRunContext) -> None:
        """Override: run before each dataset epoch, once the training epoch before it ended."""

    def sync_step_begin(self, train_run_context, ds_run_context: DSRunContext) -> None:
        """Override: run before each dataset step, once the training step before it ended."""

    def step_end(self, run_context) -> None:
        self._train_context = run_context
        self._step_done.set()

    def epoch_end(self, run_context) -> None:
        self._train_context = run_context
        self._epoch_done.set()

    def end(self, run_context) -> None:
        """Training is over: nothing is waited for any more."""
        self._step_done.set()
        self._epoch_done.set()

    def ds_epoch_begin(self, ds_run_context: DSRunContext) -> None:
        if ds_run_context.cur_epoch_num > 1:
            _wait(self._epoch_done, "ds_epoch_begin")
            self.sync_epoch_begin(self._train_context, ds_run_context)

    def ds_step_begin(self, ds_run_context: DSRunContext) -> None:
        if ds_run_context.cur_step_num > self.step_size:
            _wait(self._step_done, "ds_step_begin")
            self.sync_step_begin(self._train_context, ds_run_context)


def _wait(event: threading.Event, stage: str) -> None:
    """Wait for the training loop, as long as MindSpore's default callback timeout."""
    if not event.wait(timeout=CALLBACK_TIMEOUT):
        raise RuntimeError(f"{stage} timed out after {CALLBACK_TIMEOUT} second(s): the training loop did not end "
                           f"the step or epoch before it; pass the WaitedDSCallback to Model.train too.")
    event.clear()


def check_callbacks(op: str, callbacks) -> list[DSCallback]:
    if callbacks is None:
        return []
    items = list(callbacks) if isinstance(callbacks, (list, tuple)) else [callbacks]
    for item in items:
        if not isinstance(item, DSCallback):
            raise TypeError(f"For '{op}', every callback must be a DSCallback, but got {type(item).__name__}.")
    return items


class CallbackRunner:
    """Fires a map's callbacks as its rows pass, counting epochs and steps."""

    def __init__(self, callbacks: list[DSCallback]):
        self.callbacks = callbacks
        self.context = DSRunContext()
        self._begun = False

    def epoch_begin(self, epoch_number: int) -> None:
        self.context.cur_epoch_num = epoch_number + 1
        self.context.cur_step_num_in_epoch = 0
        if not self._begun:
            self._begun = True
            self._fire("ds_begin")
        self._fire("ds_epoch_begin")

    def step_begin(self) -> None:
        self.context.cur_step_num_in_epoch += 1
        self.context.cur_step_num += 1
        self._fire("ds_step_begin", self._on_step)

    def step_end(self) -> None:
        self._fire("ds_step_end", self._on_step)

    def _on_step(self, callback: DSCallback) -> bool:
        return (self.context.cur_step_num_in_epoch - 1) % callback.step_size == 0

    def epoch_end(self) -> None:
        self._fire("ds_epoch_end")

    def _fire(self, method: str, when=None) -> None:
        for callback in self.callbacks:
            if when is None or when(callback):
                getattr(callback, method)(self.context)
