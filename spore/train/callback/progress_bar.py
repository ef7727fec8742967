"""ProgressBar: a one-line progress display per epoch (spore's own; MindSpore has no
progress bar callback)."""
from __future__ import annotations

import sys
import time

import numpy as np

from ...common.tensor import Tensor
from ...ops.validator import check_positive_int
from .callback import Callback, loss_of

__all__ = ["ProgressBar"]


class ProgressBar(Callback):
    """ProgressBar(width=30, file=None)

    Shows the progress of each training epoch on one line, redrawn after every step when
    `file` (default: sys.stdout) is a terminal:

        Epoch 2/5 [=============>................] 14/32 - loss 0.4321 - 3.1 ms/step

    and completed at the epoch's end with its time and, in Model.fit, the evaluation
    metrics. On anything else than a terminal only the completed lines are written.
    Given to Model.eval, it shows the evaluation's progress the same way (`Eval ...`).
    This callback is a spore extra, not part of MindSpore's API.
    """

    def __init__(self, width: int = 30, file=None):
        super().__init__()
        self.width = check_positive_int("ProgressBar", "width", width)
        self._file = file
        self._start = 0.0
        self._last_epoch = None

    def on_train_begin(self, run_context):
        self._last_epoch = None

    def on_train_epoch_begin(self, run_context):
        cb_params = run_context.original_args()
        if self._last_epoch is None:
            # epoch_num counts the epochs of this run, which may resume at a later epoch.
            self._last_epoch = cb_params.cur_epoch_num - 1 + cb_params.epoch_num
        self._start = time.time()

    def on_train_step_end(self, run_context):
        cb_params = run_context.original_args()
        if self._interactive():
            self._write("\r" + self._line(cb_params, self._train_title(cb_params)))

    def on_train_epoch_end(self, run_context):
        cb_params = run_context.original_args()
        line = self._line(cb_params, self._train_title(cb_params), finished=True)
        self._write(("\r" if self._interactive() else "") + line + _metrics_text(cb_params.get("metrics")) + "\n")

    def on_eval_begin(self, run_context):
        self._start = time.time()

    def on_eval_step_end(self, run_context):
        if self._interactive():
            self._write("\r" + self._line(run_context.original_args(), "Eval"))

    def on_eval_end(self, run_context):
        cb_params = run_context.original_args()
        line = self._line(cb_params, "Eval", finished=True)
        self._write(("\r" if self._interactive() else "") + line + _metrics_text(cb_params.get("metrics")) + "\n")

    def _train_title(self, cb_params) -> str:
        return f"Epoch {cb_params.cur_epoch_num}/{self._last_epoch}"

    def _line(self, cb_params, title: str, finished: bool = False) -> str:
        total = cb_params.batch_num
        done = (cb_params.cur_step_num - 1) % total + 1 if cb_params.cur_step_num else 0
        filled = self.width * done // total
        arrow = ">" if 0 < filled < self.width else ""
        bar = "=" * (filled - len(arrow)) + arrow + "." * (self.width - filled)
        elapsed_ms = (time.time() - self._start) * 1000
        parts = [f"{title} [{bar}] {done}/{total}"]
        if finished:
            parts.append(f"{elapsed_ms:.0f} ms")
        loss = _loss_text(cb_params.get("net_outputs"))
        if loss and cb_params.get("mode") == "train":
            parts.append(loss)
        if done:
            parts.append(f"{elapsed_ms / done:.1f} ms/step")
        return " - ".join(parts)

    def _interactive(self) -> bool:
        stream = self._stream()
        return bool(getattr(stream, "isatty", lambda: False)())

    def _stream(self):
        return self._file if self._file is not None else sys.stdout

    def _write(self, text: str) -> None:
        stream = self._stream()
        stream.write(text)
        stream.flush()


def _loss_text(net_outputs) -> str:
    loss = loss_of(net_outputs)
    if isinstance(loss, Tensor):
        loss = float(np.mean(loss.asnumpy()))
    return f"loss {loss:.4f}" if isinstance(loss, float) else ""


def _metrics_text(metrics) -> str:
    if not metrics:
        return ""
    return "".join(f" - {name} {_number(value)}" for name, value in metrics.items())


def _number(value) -> str:
    if isinstance(value, (float, np.floating)):
        return f"{value:.4f}"
    return str(value)
