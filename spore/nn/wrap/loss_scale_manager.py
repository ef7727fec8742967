"""Loss scale managers: the loss-scaling policy that Model and amp.build_train_network
turn into the update Cell of a TrainOneStepWithLossScaleCell."""
from __future__ import annotations

from ...ops.validator import check_bool, check_positive_int, check_type
from .loss_scale import DynamicLossScaleUpdateCell, FixedLossScaleUpdateCell, check_scale_factor

__all__ = ["LossScaleManager", "FixedLossScaleManager", "DynamicLossScaleManager"]


class LossScaleManager:
    """The interface of loss scale managers: `get_loss_scale()` (the current scale),
    `update_loss_scale(overflow)` (the host-side update after a step) and
    `get_update_cell()` (the Cell that updates the scale inside the training step, or
    None)."""

    def get_loss_scale(self):
        """The current loss scale."""

    def update_loss_scale(self, overflow):
        """Update the loss scale after a step that did (or did not) overflow."""

    def get_update_cell(self):
        """The Cell that updates the loss scale inside the training step."""


class FixedLossScaleManager(LossScaleManager):
    """FixedLossScaleManager(loss_scale=128.0, drop_overflow_update=True)

    A constant loss scale (>= 1). With drop_overflow_update, a step whose gradients
    overflow is skipped (the update Cell is a FixedLossScaleUpdateCell); without it, every
    step is applied and the training step needs no update Cell (the optimizer's own
    `loss_scale` should then equal `loss_scale`).
    """

    def __init__(self, loss_scale=128.0, drop_overflow_update=True):
        _check_loss_scale("FixedLossScaleManager", "loss_scale", loss_scale)
        self._loss_scale = loss_scale
        self._drop_overflow_update = check_bool("FixedLossScaleManager", "drop_overflow_update",
                                                drop_overflow_update)

    def get_loss_scale(self):
        return self._loss_scale

    def get_drop_overflow_update(self) -> bool:
        """Whether a step whose gradients overflow is skipped."""
        return self._drop_overflow_update

    def update_loss_scale(self, overflow):
        """The scale is fixed: nothing to update."""

    def get_update_cell(self):
        """A FixedLossScaleUpdateCell with drop_overflow_update, else None."""
        if not self._drop_overflow_update:
            return None
        return FixedLossScaleUpdateCell(self._loss_scale)


class DynamicLossScaleManager(LossScaleManager):
    """DynamicLossScaleManager(init_loss_scale=2**24, scale_factor=2, scale_window=2000)

    A loss scale that is divided by `scale_factor` (down to 1) on each overflow and
    multiplied by it after `scale_window` steps without one. Steps that overflow are
    skipped. `update_loss_scale` applies this rule on the host (raising RuntimeError
    after more than 1000 overflows in a row); the update Cell applies it inside the
    training step.
    """

    def __init__(self, init_loss_scale=2 ** 24, scale_factor=2, scale_window=2000):
        _check_loss_scale("DynamicLossScaleManager", "init_loss_scale", init_loss_scale)
        check_positive_int("DynamicLossScaleManager", "scale_window", scale_window)
        check_scale_factor("DynamicLossScaleManager", scale_factor)
        self.loss_scale = init_loss_scale
        self.scale_window = scale_window
        self.scale_factor = scale_factor
        self.increase_ratio = scale_factor
        self.decrease_ratio = 1 / scale_factor
        self.cur_iter = 1
        self.last_overflow_iter = 0
        self.bad_step_max = 1000
        self.bad_step = 0

    def get_loss_scale(self):
        return self.loss_scale

    def update_loss_scale(self, overflow):
        """Divide the scale on overflow (not below 1); multiply it when the steps since the
        last overflow are a multiple of `scale_window`."""
        if overflow:
            self.loss_scale = max(self.loss_scale * self.decrease_ratio, 1)
            self.last_overflow_iter = self.cur_iter
            self.bad_step += 1
        else:
            if (self.cur_iter - self.last_overflow_iter) % self.scale_window == 0:
                self.loss_scale *= self.increase_ratio
            self.bad_step = 0
        if self.bad_step > self.bad_step_max:
            raise RuntimeError(f"For 'DynamicLossScaleManager', the gradients overflowed {self.bad_step} "
                               f"steps in a row, more than the limit of {self.bad_step_max}.")
        self.cur_iter += 1

    def get_drop_overflow_update(self) -> bool:
        """Steps that overflow are always skipped."""
        return True

    def get_update_cell(self):
        """A DynamicLossScaleUpdateCell starting from the current scale."""
        return DynamicLossScaleUpdateCell(self.loss_scale, self.scale_factor, self.scale_window)


def _check_loss_scale(api: str, arg: str, value) -> None:
    check_type(api, arg, value, (int, float))
    if value < 1:
        raise ValueError(f"For '{api}', the '{arg}' must be >= 1, but got {value}.")
