"""Dynamic learning rates as Python lists: one value per training step, for an optimizer's
`learning_rate` (which then takes the value at its global step).

Each decay function counts epochs as `floor(step / step_per_epoch)` and computes the rate
in Python floats with MindSpore's arithmetic, so the lists equal MindSpore's value for
value. The argument checks are shared with the LearningRateSchedule Cells.
"""
from __future__ import annotations

import math

from ..ops.validator import check_bool, check_float_range, check_positive_int, check_type

__all__ = [
    "piecewise_constant_lr", "exponential_decay_lr", "natural_exp_decay_lr", "inverse_decay_lr",
    "cosine_decay_lr", "polynomial_decay_lr", "warmup_lr",
]


# ---- argument checks (also used by learning_rate_schedule.py and the optimizers) ------------------
def check_float(fn: str, arg: str, value, minimum: float = -math.inf, maximum: float = math.inf,
                include_min: bool = True, include_max: bool = True) -> float:
    """A float (an int is refused, as MindSpore does) in the given range."""
    check_type(fn, arg, value, float)
    return check_float_range(fn, arg, value, minimum, maximum, include_min, include_max)


def check_positive_float(fn: str, arg: str, value) -> float:
    return check_float(fn, arg, value, 0.0, include_min=False)


def check_non_negative_float(fn: str, arg: str, value) -> float:
    return check_float(fn, arg, value, 0.0)


def check_decay_args(fn: str, learning_rate, decay_rate, is_stair) -> None:
    """The arguments the exponential, natural-exponential and inverse decays share."""
    check_positive_float(fn, "learning_rate", learning_rate)
    check_positive_float(fn, "decay_rate", decay_rate)
    check_bool(fn, "is_stair", is_stair)


def check_min_max_lr(fn: str, min_lr, max_lr) -> None:
    check_non_negative_float(fn, "min_lr", min_lr)
    check_positive_float(fn, "max_lr", max_lr)
    if min_lr >= max_lr:
        raise ValueError(f"For '{fn}', the 'max_lr' must be greater than the 'min_lr', but got 'max_lr' "
                         f"{max_lr} and 'min_lr' {min_lr}.")


def _epochs(fn: str, total_step, step_per_epoch, **epoch_counts) -> list[int]:
    """The epoch of each of the `total_step` steps, after checking the step counts."""
    check_positive_int(fn, "total_step", total_step)
    check_positive_int(fn, "step_per_epoch", step_per_epoch)
    for arg, value in epoch_counts.items():
        check_positive_int(fn, arg, value)
    return [math.floor(i / step_per_epoch) for i in range(total_step)]


# ---- the schedules ---------------------------------------------------------------------------------
def piecewise_constant_lr(milestone, learning_rates) -> list[float]:
    """learning_rates[i] for the steps from milestone[i - 1] (0 for i = 0) up to milestone[i];
    the milestones are positive, non-decreasing ints, the rates floats."""
    fn = "piecewise_constant_lr"
    check_type(fn, "milestone", milestone, (tuple, list))
    check_type(fn, "learning_rates", learning_rates, (tuple, list))
    if len(milestone) != len(learning_rates):
        raise ValueError(f"For '{fn}', 'milestone' and 'learning_rates' must have the same length, but got "
                         f"{len(milestone)} and {len(learning_rates)}.")
    lr: list[float] = []
    previous = 0
    for i, (end, rate) in enumerate(zip(milestone, learning_rates)):
        check_positive_int(fn, f"milestone[{i}]", end)
        check_type(fn, f"learning_rates[{i}]", rate, float)
        if end < previous:
            raise ValueError(f"For '{fn}', the milestones must not decrease, but got milestone[{i}] {end} after "
                             f"milestone[{i - 1}] {previous}.")
        lr += [rate] * (end - previous)
        previous = end
    return lr


def exponential_decay_lr(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch,
                         is_stair=False) -> list[float]:
    """learning_rate * decay_rate ** (epoch / decay_epoch), the exponent floored with is_stair."""
    fn = "exponential_decay_lr"
    check_decay_args(fn, learning_rate, decay_rate, is_stair)
    epochs = _epochs(fn, total_step, step_per_epoch, decay_epoch=decay_epoch)
    if is_stair:
        return [learning_rate * decay_rate ** math.floor(epoch / decay_epoch) for epoch in epochs]
    return [learning_rate * decay_rate ** (epoch / decay_epoch) for epoch in epochs]


def natural_exp_decay_lr(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch,
                         is_stair=False) -> list[float]:
    """learning_rate * e ** (-decay_rate * epoch); with is_stair the epoch is rounded down
    to a multiple of decay_epoch."""
    fn = "natural_exp_decay_lr"
    check_decay_args(fn, learning_rate, decay_rate, is_stair)
    epochs = _epochs(fn, total_step, step_per_epoch, decay_epoch=decay_epoch)
    if is_stair:
        epochs = [math.floor(epoch / decay_epoch) * decay_epoch for epoch in epochs]
    return [learning_rate * math.e ** (-decay_rate * epoch) for epoch in epochs]


def inverse_decay_lr(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch,
                     is_stair=False) -> list[float]:
    """learning_rate / (1 + decay_rate * epoch / decay_epoch), epoch / decay_epoch floored
    with is_stair."""
    fn = "inverse_decay_lr"
    check_decay_args(fn, learning_rate, decay_rate, is_stair)
    epochs = _epochs(fn, total_step, step_per_epoch, decay_epoch=decay_epoch)
    if is_stair:
        return [learning_rate / (1 + decay_rate * math.floor(epoch / decay_epoch)) for epoch in epochs]
    return [learning_rate / (1 + decay_rate * epoch / decay_epoch) for epoch in epochs]


def cosine_decay_lr(min_lr, max_lr, total_step, step_per_epoch, decay_epoch) -> list[float]:
    """From max_lr down to min_lr along half a cosine over decay_epoch epochs, then min_lr."""
    fn = "cosine_decay_lr"
    check_min_max_lr(fn, min_lr, max_lr)
    epochs = _epochs(fn, total_step, step_per_epoch, decay_epoch=decay_epoch)
    delta = 0.5 * (max_lr - min_lr)
    return [min_lr + delta * (1 + math.cos(math.pi * min(epoch, decay_epoch) / decay_epoch)) for epoch in epochs]


def polynomial_decay_lr(learning_rate, end_learning_rate, total_step, step_per_epoch, decay_epoch, power,
                        update_decay_epoch=False) -> list[float]:
    """(learning_rate - end_learning_rate) * (1 - epoch / decay_epoch) ** power + end_learning_rate,
    the epoch capped at decay_epoch; with update_decay_epoch, decay_epoch grows instead to
    the next multiple of itself at or above the epoch."""
    fn = "polynomial_decay_lr"
    check_positive_float(fn, "learning_rate", learning_rate)
    check_non_negative_float(fn, "end_learning_rate", end_learning_rate)
    check_positive_float(fn, "power", power)
    epochs = _epochs(fn, total_step, step_per_epoch, decay_epoch=decay_epoch)
    check_bool(fn, "update_decay_epoch", update_decay_epoch)
    delta = learning_rate - end_learning_rate
    lr = []
    for epoch in epochs:
        if update_decay_epoch:
            period, progress = decay_epoch * max(math.ceil(epoch / decay_epoch), 1), epoch
        else:
            period, progress = decay_epoch, min(decay_epoch, epoch)
        lr.append(delta * (1 - progress / period) ** power + end_learning_rate)
    return lr


def warmup_lr(learning_rate, total_step, step_per_epoch, warmup_epoch) -> list[float]:
    """learning_rate * epoch / warmup_epoch, the epoch capped at warmup_epoch."""
    fn = "warmup_lr"
    check_non_negative_float(fn, "learning_rate", learning_rate)
    epochs = _epochs(fn, total_step, step_per_epoch, warmup_epoch=warmup_epoch)
    return [learning_rate * min(warmup_epoch, epoch) / warmup_epoch for epoch in epochs]
