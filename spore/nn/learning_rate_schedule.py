"""Learning-rate schedules as Cells: called with the optimizer's global step (an int
Tensor), they give the learning rate for that step as a Float32 Tensor of the step's shape.

The schedules compute in Float32 as MindSpore's do; `dynamic_lr.py` gives the same
schedules per epoch as Python lists.
"""
from __future__ import annotations

import math

from .. import ops
from ..common import dtype as mstype
from ..ops.validator import check_bool, check_positive_int
from .cell import Cell
from .dynamic_lr import check_decay_args, check_min_max_lr, check_non_negative_float, check_positive_float

# As in MindSpore, the base class is imported from this module, not from `nn`.
__all__ = ["ExponentialDecayLR", "NaturalExpDecayLR", "InverseDecayLR", "CosineDecayLR", "PolynomialDecayLR",
           "WarmUpLR"]


class LearningRateSchedule(Cell):
    """Base class: `construct(global_step)` returns the learning rate of that step."""

    def construct(self, global_step):
        raise NotImplementedError(f"For '{type(self).__name__}', the method 'construct' is not defined.")


def _float_step(global_step):
    return ops.cast(global_step, mstype.float32)


class _DecayLR(LearningRateSchedule):
    """The exponential, natural-exponential and inverse decays: learning_rate, decay_rate,
    decay_steps and is_stair."""

    def __init__(self, learning_rate, decay_rate, decay_steps, is_stair=False):
        super().__init__()
        check_decay_args(self.cls_name, learning_rate, decay_rate, is_stair)
        self.learning_rate = learning_rate
        self.decay_rate = decay_rate
        self.decay_steps = check_positive_int(self.cls_name, "decay_steps", decay_steps)
        self.is_stair = is_stair

    def _decay_periods(self, global_step):
        """global_step / decay_steps, floored with is_stair."""
        periods = _float_step(global_step) / self.decay_steps
        return ops.floor(periods) if self.is_stair else periods


class ExponentialDecayLR(_DecayLR):
    """ExponentialDecayLR(learning_rate, decay_rate, decay_steps, is_stair=False):
    learning_rate * decay_rate ** (step / decay_steps), the exponent floored with is_stair."""

    def construct(self, global_step):
        return self.learning_rate * ops.pow(self.decay_rate, self._decay_periods(global_step))


class NaturalExpDecayLR(_DecayLR):
    """NaturalExpDecayLR(learning_rate, decay_rate, decay_steps, is_stair=False):
    learning_rate * e ** (-decay_rate * step); with is_stair the step is rounded down to a
    multiple of decay_steps."""

    def construct(self, global_step):
        step = _float_step(global_step)
        if self.is_stair:
            step = ops.floor_divide(step, self.decay_steps) * self.decay_steps
        return self.learning_rate * ops.pow(math.e, -self.decay_rate * step)


class InverseDecayLR(_DecayLR):
    """InverseDecayLR(learning_rate, decay_rate, decay_steps, is_stair=False):
    learning_rate / (1 + decay_rate * step / decay_steps), step / decay_steps floored with
    is_stair."""

    def construct(self, global_step):
        return self.learning_rate / (1 + self.decay_rate * self._decay_periods(global_step))


class CosineDecayLR(LearningRateSchedule):
    """CosineDecayLR(min_lr, max_lr, decay_steps): from max_lr down to min_lr along half a
    cosine over decay_steps steps, then min_lr."""

    def __init__(self, min_lr, max_lr, decay_steps):
        super().__init__()
        check_min_max_lr(self.cls_name, min_lr, max_lr)
        self.min_lr = min_lr
        self.max_lr = max_lr
        self.decay_steps = check_positive_int(self.cls_name, "decay_steps", decay_steps)
        self.delta = 0.5 * (max_lr - min_lr)

    def construct(self, global_step):
        progress = ops.minimum(_float_step(global_step), self.decay_steps) / self.decay_steps
        return self.min_lr + self.delta * (1.0 + ops.cos(math.pi * progress))


class PolynomialDecayLR(LearningRateSchedule):
    """PolynomialDecayLR(learning_rate, end_learning_rate, decay_steps, power,
    update_decay_steps=False):
    (learning_rate - end_learning_rate) * (1 - step / decay_steps) ** power + end_learning_rate,
    the step capped at decay_steps; with update_decay_steps, decay_steps grows instead to the
    next multiple of itself at or above the step."""

    def __init__(self, learning_rate, end_learning_rate, decay_steps, power, update_decay_steps=False):
        super().__init__()
        check_positive_float(self.cls_name, "learning_rate", learning_rate)
        check_non_negative_float(self.cls_name, "end_learning_rate", end_learning_rate)
        self.decay_steps = check_positive_int(self.cls_name, "decay_steps", decay_steps)
        self.power = check_positive_float(self.cls_name, "power", power)
        self.update_decay_steps = check_bool(self.cls_name, "update_decay_steps", update_decay_steps)
        self.start_learning_rate = learning_rate
        self.end_learning_rate = end_learning_rate
        self.diff_learning_rate = learning_rate - end_learning_rate

    def construct(self, global_step):
        step = _float_step(global_step)
        if self.update_decay_steps:
            period = self.decay_steps * ops.maximum(ops.ceil(step / self.decay_steps), 1.0)
        else:
            step, period = ops.minimum(step, self.decay_steps), self.decay_steps
        return self.diff_learning_rate * ops.pow(1.0 - step / period, self.power) + self.end_learning_rate


class WarmUpLR(LearningRateSchedule):
    """WarmUpLR(learning_rate, warmup_steps): learning_rate * step / warmup_steps, the step
    capped at warmup_steps."""

    def __init__(self, learning_rate, warmup_steps):
        super().__init__()
        self.learning_rate = check_non_negative_float(self.cls_name, "learning_rate", learning_rate)
        self.warmup_steps = check_positive_int(self.cls_name, "warmup_steps", warmup_steps)

    def construct(self, global_step):
        return self.learning_rate * ops.minimum(_float_step(global_step), self.warmup_steps) / self.warmup_steps
