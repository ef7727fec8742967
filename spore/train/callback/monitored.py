"""What EarlyStopping and ReduceLROnPlateau share: following one monitored quantity (the
training loss, or an evaluation result of Model.fit) at the end of each training epoch,
and deciding whether it improved."""
from __future__ import annotations

import logging

import numpy as np

from ...common.tensor import Tensor
from ...ops.validator import check_type
from .callback import Callback, loss_of

_logger = logging.getLogger(__name__)

# In mode 'auto', these improve by going down; every other quantity by going up.
SMALLER_IS_BETTER = ("hausdorff_distance", "mae", "mse", "loss", "perplexity", "mean_surface_distance",
                     "root_mean_square_distance", "eval_loss")


class MonitorCallback(Callback):
    """MonitorCallback(monitor, mode, min_delta)

    `monitor` is 'loss' (the training loss of the epoch's last step), 'eval_loss' or the
    name of one of Model's metrics (both need Model.fit's evaluation). In mode 'min' a
    value improves on the best by being lower by more than `min_delta` (its absolute
    value), in 'max' by being higher; 'auto' picks 'min' for losses and errors (see
    SMALLER_IS_BETTER), else 'max'.
    """

    def __init__(self, monitor: str, mode: str, min_delta):
        super().__init__()
        name = type(self).__name__
        self.monitor = check_type(name, "monitor", monitor, str)
        self.mode = check_type(name, "mode", mode, str)
        if mode not in ("auto", "min", "max"):
            raise ValueError(f"For '{name}', the 'mode' must be 'auto', 'min' or 'max', but got {mode!r}.")
        self.min_delta = abs(check_type(name, "min_delta", min_delta, (int, float)))
        self._lower_is_better = mode == "min" or (mode == "auto" and monitor in SMALLER_IS_BETTER)
        self.best = self._worst()

    def _worst(self) -> float:
        return np.inf if self._lower_is_better else -np.inf

    def is_improvement(self, current, reference) -> bool:
        """Whether `current` is better than `reference` by more than min_delta."""
        if self._lower_is_better:
            return bool(np.less(current, reference - self.min_delta))
        return bool(np.greater(current, reference + self.min_delta))

    def monitor_value(self, cb_params) -> np.ndarray | None:
        """The monitored quantity now (a 0-D array), or None (with a warning) when the
        run does not have it."""
        candidates = {}
        if self.monitor == "loss":
            value = loss_of(cb_params.get("net_outputs"))
        else:
            candidates = cb_params.get("eval_results", {})
            value = candidates.get(self.monitor)
        if value is None:
            _logger.warning("%s is conditioned on %r, which is not available. Available choices are: %s",
                            type(self).__name__, self.monitor, sorted({"loss", *candidates}))
            return None
        value = value.asnumpy() if isinstance(value, Tensor) else np.asarray(value)
        if value.shape != ():
            raise ValueError(f"For '{type(self).__name__}', the monitored {self.monitor!r} must be a scalar, but got "
                             f"shape {value.shape}.")
        return value
