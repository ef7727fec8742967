"""TimeMonitor: print the time of each epoch and of its steps."""
from __future__ import annotations

import time

from ...ops.validator import check_bool, check_positive_int
from .callback import Callback

__all__ = ["TimeMonitor"]


class TimeMonitor(Callback):
    """TimeMonitor(data_size=None, data_time=False)

    At the end of each epoch (of training, and of evaluation) prints
    `Train epoch time: T ms, per step time: S ms` (`Eval ...` for evaluation). The steps
    per epoch are the run's `batch_num`, else `data_size`. With `data_time`, also the
    mean time per step spent fetching data between steps: ` (data time: D ms)`.
    """

    def __init__(self, data_size: int | None = None, data_time: bool = False):
        super().__init__()
        if data_size is not None:
            check_positive_int("TimeMonitor", "data_size", data_size)
        self.data_size = data_size
        self.data_time = check_bool("TimeMonitor", "data_time", data_time)
        self.epoch_time = time.time()
        self.data_time_sum = 0.0
        self.data_time_start = 0.0

    def on_train_step_begin(self, run_context):
        if self.data_time:
            self.data_time_sum += time.time() - self.data_time_start

    def on_train_step_end(self, run_context):
        if self.data_time:
            self.data_time_start = time.time()

    def epoch_begin(self, run_context):
        self.epoch_time = time.time()
        self.data_time_sum = 0.0
        self.data_time_start = time.time()

    def epoch_end(self, run_context):
        epoch_ms = (time.time() - self.epoch_time) * 1000
        cb_params = run_context.original_args()
        batch_num = cb_params.get("batch_num")
        steps = batch_num if isinstance(batch_num, int) and batch_num > 0 else self.data_size
        if steps is None:
            raise ValueError("For 'TimeMonitor', the number of steps per epoch is unknown: the run has no "
                             "'batch_num', so 'data_size' must be given.")
        mode = cb_params.get("mode", "")
        line = f"{mode.title()} epoch time: {epoch_ms:5.3f} ms, per step time: {epoch_ms / steps:5.3f} ms"
        if self.data_time:
            line += f" (data time: {self.data_time_sum * 1000 / steps:5.3f} ms)"
        print(line, flush=True)
