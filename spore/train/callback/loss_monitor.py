"""LossMonitor: print the loss every few steps, and the evaluation metrics in fit."""
from __future__ import annotations

import math

from ...ops.validator import check_non_negative_int
from .callback import Callback, loss_of

__all__ = ["LossMonitor"]


class LossMonitor(Callback):
    """LossMonitor(per_print_times=1)

    Prints `epoch: E step: S, loss is L` (S counted within the epoch) once every
    `per_print_times` steps (0: never), and in `Model.fit` the metrics of each
    evaluation: `Eval result: epoch E, metrics: {...}`. A loss that is NaN or infinite
    stops training with ValueError. Like MindSpore's, it also prints the loss of each
    evaluation step when given to `Model.eval`.
    """

    def __init__(self, per_print_times: int = 1):
        super().__init__()
        self._per_print_times = check_non_negative_int("LossMonitor", "per_print_times", per_print_times)
        self._last_print_step = 0

    def step_end(self, run_context):
        cb_params = run_context.original_args()
        epoch = cb_params.get("cur_epoch_num", 1)
        step = cb_params.cur_step_num
        step_in_epoch = (step - 1) % cb_params.batch_num + 1
        loss = loss_of(cb_params.net_outputs)
        if isinstance(loss, float) and not math.isfinite(loss):
            raise ValueError(f"In epoch: {epoch} step: {step_in_epoch}, loss is NAN or INF, training process "
                             f"cannot continue, terminating training.")
        if not self._per_print_times:
            return
        # A new run (or an evaluation) counts steps from 1 again: so does the printing.
        stride = max(self._per_print_times, cb_params.batch_num if cb_params.get("dataset_sink_mode") else 1)
        while step <= self._last_print_step:
            self._last_print_step -= stride
        if step - self._last_print_step >= self._per_print_times:
            self._last_print_step = step
            print(f"epoch: {epoch} step: {step_in_epoch}, loss is {loss}", flush=True)

    def on_train_epoch_end(self, run_context):
        cb_params = run_context.original_args()
        metrics = cb_params.get("metrics")
        if metrics:
            print(f"Eval result: epoch {cb_params.cur_epoch_num}, metrics: {metrics}", flush=True)
