"""EarlyStopping: stop training when the monitored quantity stops improving."""
from __future__ import annotations

from ...common.tensor import Tensor
from ...ops.validator import check_bool, check_non_negative_int, check_type
from .monitored import MonitorCallback

__all__ = ["EarlyStopping"]


class EarlyStopping(MonitorCallback):
    """EarlyStopping(monitor='eval_loss', min_delta=0, patience=0, verbose=False,
    mode='auto', baseline=None, restore_best_weights=False)

    At the end of each training epoch, counts the epoch in `wait`, and resets `wait` to
    0 when the monitored value improves on the best so far (and on `baseline`, if
    given). When `wait` reaches `patience`, training stops: as in MindSpore, the count
    includes the current epoch, so patience 0 stops after the first epoch and patience
    n after n epochs without improvement. With `restore_best_weights`, the training
    network then gets back the values it had after its best epoch. `verbose` prints
    the epoch training stopped at. See MonitorCallback for monitor, mode and min_delta.
    """

    def __init__(self, monitor="eval_loss", min_delta=0, patience=0, verbose=False, mode="auto", baseline=None,
                 restore_best_weights=False):
        super().__init__(monitor, mode, min_delta)
        self.patience = check_non_negative_int("EarlyStopping", "patience", patience)
        self.verbose = check_bool("EarlyStopping", "verbose", verbose)
        if baseline is not None:
            check_type("EarlyStopping", "baseline", baseline, (int, float))
        self.baseline = baseline
        self.restore_best_weights = check_bool("EarlyStopping", "restore_best_weights", restore_best_weights)
        self.wait = 0
        self.stopped_epoch = 0
        self._best_weights = None

    def on_train_begin(self, run_context):
        self.wait = 0
        self.stopped_epoch = 0
        self.best = self._worst()
        self._best_weights = None

    def on_train_epoch_end(self, run_context):
        cb_params = run_context.original_args()
        current = self.monitor_value(cb_params)
        if current is None:
            return
        network = cb_params.train_network
        if self.restore_best_weights and self._best_weights is None:
            self._best_weights = _snapshot(network)
        self.wait += 1
        if self.is_improvement(current, self.best):
            self.best = current
            if self.restore_best_weights:
                self._best_weights = _snapshot(network)
            if self.baseline is None or self.is_improvement(current, self.baseline):
                self.wait = 0
        if self.wait >= self.patience:
            self.stopped_epoch = cb_params.cur_epoch_num
            run_context.request_stop()
            if self.restore_best_weights:
                if self.verbose:
                    print("Restoring model weights from the end of the best epoch.")
                for param, value in self._best_weights:
                    param.set_data(Tensor(value))

    def on_train_end(self, run_context):
        if self.stopped_epoch > 0 and self.verbose:
            print(f"Epoch {self.stopped_epoch:05d}: early stopping")


def _snapshot(network) -> list:
    """(Parameter, a copy of its values) for each Parameter of `network`."""
    return [(param, param.asnumpy().copy()) for param in network.get_parameters()]
