"""ReduceLROnPlateau: lower the learning rate when the monitored quantity stops
improving."""
from __future__ import annotations

import numpy as np

from ... import ops
from ...common import dtype as mstype
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ...ops.validator import check_bool, check_float_range, check_non_negative_int, check_type
from .monitored import MonitorCallback

__all__ = ["ReduceLROnPlateau"]


class ReduceLROnPlateau(MonitorCallback):
    """ReduceLROnPlateau(monitor='eval_loss', factor=0.1, patience=10, verbose=False,
    mode='auto', min_delta=1e-4, cooldown=0, min_lr=0)

    At the end of each training epoch: an improvement of the monitored value resets the
    count of epochs without one; when that count reaches `patience`, the optimizer's
    learning rate (its Parameter `learning_rate`: a fixed rate, not a schedule or group
    rates) becomes max(lr * factor, min_lr), and for the next `cooldown` epochs nothing
    is counted. `factor` is a float in (0, 1). `verbose` prints each reduction. See
    MonitorCallback for monitor, mode and min_delta.
    """

    def __init__(self, monitor="eval_loss", factor=0.1, patience=10, verbose=False, mode="auto", min_delta=1e-4,
                 cooldown=0, min_lr=0):
        super().__init__(monitor, mode, min_delta)
        name = "ReduceLROnPlateau"
        check_type(name, "factor", factor, float)
        self.factor = check_float_range(name, "factor", factor, 0.0, 1.0, include_min=False, include_max=False)
        self.patience = check_non_negative_int(name, "patience", patience)
        self.verbose = check_bool(name, "verbose", verbose)
        self.cooldown = check_non_negative_int(name, "cooldown", cooldown)
        self.min_lr = check_type(name, "min_lr", min_lr, (int, float))
        self.cooldown_counter = 0
        self.wait = 0

    def on_train_begin(self, run_context):
        _learning_rate(run_context.original_args())
        self.cooldown_counter = 0
        self.wait = 0
        self.best = self._worst()

    def on_train_epoch_end(self, run_context):
        cb_params = run_context.original_args()
        current = self.monitor_value(cb_params)
        if current is None:
            return
        if self.cooldown_counter > 0:
            self.cooldown_counter -= 1
            self.wait = 0
        if self.is_improvement(current, self.best):
            self.best = current
            self.wait = 0
        elif self.cooldown_counter <= 0:
            self.wait += 1
            if self.wait >= self.patience:
                self._reduce(cb_params)
                self.cooldown_counter = self.cooldown
                self.wait = 0

    def _reduce(self, cb_params) -> None:
        learning_rate = _learning_rate(cb_params)
        lr = learning_rate.asnumpy()
        if lr > self.min_lr:
            new_lr = np.float32(max(lr * self.factor, self.min_lr))
            ops.assign(learning_rate, Tensor(new_lr, mstype.float32))
            if self.verbose:
                print(f"Epoch {cb_params.cur_epoch_num:05d}: ReduceLROnPlateau reducing learning rate to {new_lr!s}.")


def _learning_rate(cb_params) -> Parameter:
    learning_rate = getattr(cb_params.get("optimizer"), "learning_rate", None)
    if not isinstance(learning_rate, Parameter):
        raise ValueError("For 'ReduceLROnPlateau', the optimizer's learning rate must be a fixed rate (a Parameter); "
                         "dynamic learning rates and group learning rates are not supported.")
    return learning_rate
