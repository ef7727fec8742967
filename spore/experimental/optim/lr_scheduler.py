"""Learning-rate schedulers for the experimental optimizers.

A scheduler changes the optimizer's group rates, the Float32 Parameters in
`optimizer.lrs` (its `_last_lr`), between steps: a compiled training step reads them as
Parameters, so it is not recompiled. `step()` counts an epoch in `last_epoch` and writes
the new rates; `step(epoch)` jumps to an epoch (by the closed form where there is one);
`get_last_lr()` gives the rates as 0-d Tensors.

Most schedules are chainable, as in MindSpore: `get_lr` derives the next rate from the
current one, so schedulers applied to one optimizer compose.
"""
from __future__ import annotations

import math
from bisect import bisect_right
from collections import Counter

import numpy as np

from ... import ops
from ...common import dtype as mstype
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ._checks import is_number
from .optimizer import Optimizer

__all__ = ["StepLR", "LinearLR", "LRScheduler", "ExponentialLR", "PolynomialLR", "MultiplicativeLR", "ConstantLR",
           "MultiStepLR", "LambdaLR", "SequentialLR", "ReduceLROnPlateau", "CyclicLR", "CosineAnnealingWarmRestarts",
           "CosineAnnealingLR"]


def _value(tensor) -> float:
    return float(tensor.asnumpy())


def _as_rate(value) -> Tensor:
    """A number or 0-d Tensor as a 0-d Float32 Tensor."""
    return ops.cast(value, mstype.float32) if isinstance(value, Tensor) else Tensor(float(value), mstype.float32)


def _write_lrs(rates: list, values) -> None:
    """Write each value (a number or 0-d Tensor) into its rate Parameter."""
    for rate, value in zip(rates, values):
        ops.assign(rate, _as_rate(value))


def _check_optimizer(optimizer) -> None:
    if not isinstance(optimizer, Optimizer):
        raise TypeError(f"The 'optimizer' of a learning-rate scheduler must be an experimental Optimizer, but got "
                        f"{type(optimizer).__name__}.")


def _check_type(scheduler: str, name: str, value, types) -> None:
    if isinstance(value, bool) or not isinstance(value, types):
        expected = " or ".join(t.__name__ for t in (types if isinstance(types, tuple) else (types,)))
        raise TypeError(f"For '{scheduler}', the '{name}' must be {expected}, but got {type(value).__name__}.")


def _per_group(scheduler: str, name: str, value, groups: int) -> list:
    """`value` for each group: a list / tuple of one per group, or one value for all."""
    if isinstance(value, (list, tuple)):
        if len(value) != groups:
            raise ValueError(f"For '{scheduler}', the '{name}' must hold one value per parameter group ({groups}), "
                             f"but got {len(value)}.")
        return list(value)
    return [value] * groups


class LRScheduler:
    """LRScheduler(optimizer, last_epoch=-1)

    The base: with last_epoch -1 each group's current rate becomes its 'initial_lr' (the
    `base_lrs`); a larger last_epoch resumes and needs 'initial_lr' in every group. Takes a
    first step at construction (to epoch last_epoch + 1). Subclasses define `get_lr`, the
    rates at `last_epoch`, and may define `_get_closed_form_lr` for `step(epoch)`.
    """

    def __init__(self, optimizer, last_epoch=-1):
        _check_optimizer(optimizer)
        _check_type(type(self).__name__, "last_epoch", last_epoch, int)
        if last_epoch < -1:
            raise ValueError(f"For '{type(self).__name__}', the 'last_epoch' must be at least -1, but got "
                             f"{last_epoch}.")
        if last_epoch == -1:
            for group in optimizer.param_groups:
                group.setdefault("initial_lr", group["lr"].value())
        else:
            for index, group in enumerate(optimizer.param_groups):
                if "initial_lr" not in group:
                    raise KeyError(f"For '{type(self).__name__}', resuming at last_epoch {last_epoch} needs "
                                   f"'initial_lr' in param_groups[{index}], but it is not there.")
        self.optimizer = optimizer
        self.base_lrs = [group["initial_lr"] for group in optimizer.param_groups]
        self._last_lr = list(optimizer.lrs)
        self.groups_num = len(optimizer.param_groups)
        self.last_epoch = Parameter(Tensor(last_epoch, mstype.float32), name=f"last_epoch_{type(self).__name__}")
        self.step()

    def get_lr(self) -> list:
        """The groups' rates at `last_epoch`."""
        raise NotImplementedError(f"For '{type(self).__name__}', a subclass of LRScheduler must define 'get_lr'.")

    def get_last_lr(self) -> list:
        """The rates the last step set, one 0-d Float32 Tensor per group."""
        return [rate.value() for rate in self._last_lr]

    def step(self, epoch=None):
        """Go to the next epoch, or to `epoch`, and set the optimizer's rates."""
        if epoch is None:
            ops.assign(self.last_epoch, self.last_epoch + 1)
            values = self.get_lr()
        else:
            ops.assign(self.last_epoch, Tensor(float(epoch), mstype.float32))
            values = self._get_closed_form_lr() if hasattr(self, "_get_closed_form_lr") else self.get_lr()
        _write_lrs(self._last_lr, values)
        return True

    # ---- what subclasses read -------------------------------------------------------------------
    def _epoch(self) -> int:
        return int(_value(self.last_epoch))

    # The rates are computed on Float32 Tensors, so that they round as MindSpore's do.
    def _current(self) -> list:
        """The groups' current rates, 0-d Float32 Tensors."""
        return [rate.value() for rate in self._last_lr]

    def _bases(self) -> list:
        """The groups' base rates, 0-d Float32 Tensors."""
        return [_as_rate(base) for base in self.base_lrs]


class StepLR(LRScheduler):
    """StepLR(optimizer, step_size, gamma=0.1, last_epoch=-1): the rate times gamma every step_size epochs."""

    def __init__(self, optimizer, step_size, gamma=0.1, last_epoch=-1):
        _check_type("StepLR", "step_size", step_size, int)
        _check_type("StepLR", "gamma", gamma, float)
        self.step_size = step_size
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list:
        epoch = self._epoch()
        factor = self.gamma if epoch != 0 and epoch % self.step_size == 0 else 1.0
        return [lr * factor for lr in self._current()]

    def _get_closed_form_lr(self) -> list:
        return [base * self.gamma ** (self._epoch() // self.step_size) for base in self._bases()]


class LinearLR(LRScheduler):
    """LinearLR(optimizer, start_factor=1/3, end_factor=1.0, total_iters=5, last_epoch=-1): the base
    rate times a factor going linearly from start_factor to end_factor over total_iters epochs."""

    def __init__(self, optimizer, start_factor=1.0 / 3, end_factor=1.0, total_iters=5, last_epoch=-1):
        if not 0 < start_factor <= 1.0:
            raise ValueError(f"For 'LinearLR', the 'start_factor' must be in (0, 1], but got {start_factor}.")
        if not 0 <= end_factor <= 1.0:
            raise ValueError(f"For 'LinearLR', the 'end_factor' must be in [0, 1], but got {end_factor}.")
        _check_type("LinearLR", "total_iters", total_iters, int)
        self.start_factor = start_factor
        self.end_factor = end_factor
        self.total_iters = total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list:
        epoch = self._epoch()
        if epoch == 0:
            factor = self.start_factor
        elif epoch > self.total_iters:
            factor = 1.0
        else:
            change = self.end_factor - self.start_factor
            factor = 1.0 + change / (self.total_iters * self.start_factor + (epoch - 1) * change)
        return [lr * factor for lr in self._current()]

    def _get_closed_form_lr(self) -> list:
        progress = min(self.total_iters, self._epoch()) / self.total_iters
        factor = self.start_factor + (self.end_factor - self.start_factor) * progress
        return [base * factor for base in self._bases()]


class ExponentialLR(LRScheduler):
    """ExponentialLR(optimizer, gamma, last_epoch=-1): the rate times gamma every epoch."""

    def __init__(self, optimizer, gamma, last_epoch=-1):
        _check_type("ExponentialLR", "gamma", gamma, float)
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list:
        factor = 1.0 if self._epoch() == 0 else self.gamma
        return [lr * factor for lr in self._current()]

    def _get_closed_form_lr(self) -> list:
        return [base * self.gamma ** self._epoch() for base in self._bases()]


class PolynomialLR(LRScheduler):
    """PolynomialLR(optimizer, total_iters=5, power=1.0, last_epoch=-1): the base rate times
    (1 - epoch / total_iters)^power, 0 from total_iters on."""

    def __init__(self, optimizer, total_iters=5, power=1.0, last_epoch=-1):
        _check_type("PolynomialLR", "power", power, float)
        if power < 0:
            raise ValueError(f"For 'PolynomialLR', the 'power' must be at least 0, but got {power}.")
        _check_type("PolynomialLR", "total_iters", total_iters, int)
        self.total_iters = total_iters
        self.power = power
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list:
        epoch = self._epoch()
        if epoch == 0 or epoch > self.total_iters:
            return self._current()
        factor = ((1.0 - epoch / self.total_iters) / (1.0 - (epoch - 1) / self.total_iters)) ** self.power
        return [lr * factor for lr in self._current()]

    def _get_closed_form_lr(self) -> list:
        remaining = 1.0 - min(self.total_iters, self._epoch()) / self.total_iters
        return [base * remaining ** self.power for base in self._bases()]


class LambdaLR(LRScheduler):
    """LambdaLR(optimizer, lr_lambda, last_epoch=-1): the base rate times lr_lambda(epoch), one
    function for all groups or one per group."""

    def __init__(self, optimizer, lr_lambda, last_epoch=-1):
        _check_optimizer(optimizer)
        self.lr_lambdas = _per_group("LambdaLR", "lr_lambda", lr_lambda, len(optimizer.param_groups))
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list:
        epoch = self._epoch()
        return [base * lr_lambda(epoch) for lr_lambda, base in zip(self.lr_lambdas, self._bases())]


class MultiplicativeLR(LRScheduler):
    """MultiplicativeLR(optimizer, lr_lambda, last_epoch=-1): the rate times lr_lambda(epoch) every
    epoch after the first, one function for all groups or one per group."""

    def __init__(self, optimizer, lr_lambda, last_epoch=-1):
        _check_optimizer(optimizer)
        self.lr_lambdas = _per_group("MultiplicativeLR", "lr_lambda", lr_lambda, len(optimizer.param_groups))
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list:
        epoch = self._epoch()
        if epoch <= 0:
            return self._current()
        return [lr * lr_lambda(epoch) for lr_lambda, lr in zip(self.lr_lambdas, self._current())]


class MultiStepLR(LRScheduler):
    """MultiStepLR(optimizer, milestones, gamma=0.1, last_epoch=-1): the rate times gamma at each
    milestone epoch (times gamma^k for a milestone listed k times)."""

    def __init__(self, optimizer, milestones, gamma=0.1, last_epoch=-1):
        _check_type("MultiStepLR", "milestones", milestones, list)
        for milestone in milestones:
            _check_type("MultiStepLR", "milestones' elements", milestone, int)
        _check_type("MultiStepLR", "gamma", gamma, (float, int))
        self.milestones = Counter(milestones)
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list:
        factor = self.gamma ** self.milestones.get(self._epoch(), 0)
        return [lr * factor for lr in self._current()]

    def _get_closed_form_lr(self) -> list:
        passed = bisect_right(sorted(self.milestones.elements()), self._epoch())
        return [base * self.gamma ** passed for base in self._bases()]


class ConstantLR(LRScheduler):
    """ConstantLR(optimizer, factor=1/3, total_iters=5, last_epoch=-1): the base rate times factor
    until epoch total_iters, then the base rate."""

    def __init__(self, optimizer, factor=1.0 / 3, total_iters=5, last_epoch=-1):
        if not 0 <= factor <= 1.0:
            raise ValueError(f"For 'ConstantLR', the 'factor' must be in [0, 1], but got {factor}.")
        _check_type("ConstantLR", "total_iters", total_iters, int)
        self.factor = factor
        self.total_iters = total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list:
        epoch = self._epoch()
        if epoch == 0:
            return [lr * self.factor for lr in self._current()]
        if epoch == self.total_iters:
            return [lr / self.factor for lr in self._current()]
        return self._current()

    def _get_closed_form_lr(self) -> list:
        factor = 1.0 if self._epoch() >= self.total_iters else self.factor
        return [base * factor for base in self._bases()]


class CosineAnnealingLR(LRScheduler):
    """CosineAnnealingLR(optimizer, T_max, eta_min=0.0, last_epoch=-1): the rate follows a cosine
    from the base rate down to eta_min over T_max epochs (and back up over the next T_max)."""

    def __init__(self, optimizer, T_max, eta_min=0.0, last_epoch=-1):
        _check_type("CosineAnnealingLR", "eta_min", eta_min, (float, int))
        _check_type("CosineAnnealingLR", "T_max", T_max, int)
        self.T_max = T_max
        self.eta_min = eta_min
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list:
        epoch = self._epoch()
        if epoch == 0:
            return self._current()
        if (epoch - 1 - self.T_max) % (2 * self.T_max) == 0:
            rise = (1 - math.cos(math.pi / self.T_max)) / 2
            return [lr + (base - self.eta_min) * rise for base, lr in zip(self._bases(), self._current())]
        ratio = (1 + math.cos(math.pi * epoch / self.T_max)) / (1 + math.cos(math.pi * (epoch - 1) / self.T_max))
        return [ratio * (lr - self.eta_min) + self.eta_min for lr in self._current()]

    def _get_closed_form_lr(self) -> list:
        cosine = (1 + math.cos(math.pi * self._epoch() / self.T_max)) / 2
        return [self.eta_min + (base - self.eta_min) * cosine for base in self._bases()]


class CosineAnnealingWarmRestarts(LRScheduler):
    """CosineAnnealingWarmRestarts(optimizer, T_0, T_mult=1, eta_min=0, last_epoch=-1): cosine
    annealing from the base rate to eta_min, restarted after T_0 epochs, then after periods
    T_mult times as long each time. `step(epoch)` takes a fractional epoch too."""

    def __init__(self, optimizer, T_0, T_mult=1, eta_min=0, last_epoch=-1):
        if not isinstance(T_0, int) or isinstance(T_0, bool) or T_0 <= 0:
            raise ValueError(f"For 'CosineAnnealingWarmRestarts', the 'T_0' must be an int above 0, but got {T_0}.")
        if not isinstance(T_mult, int) or isinstance(T_mult, bool) or T_mult < 1:
            raise ValueError(f"For 'CosineAnnealingWarmRestarts', the 'T_mult' must be an int of at least 1, but got "
                             f"{T_mult}.")
        _check_type("CosineAnnealingWarmRestarts", "eta_min", eta_min, (float, int))
        self.T_0 = T_0
        self.T_i = T_0
        self.T_mult = T_mult
        self.eta_min = eta_min
        self.T_cur = last_epoch
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list:
        cosine = (1 + math.cos(math.pi * self.T_cur / self.T_i)) / 2
        return [self.eta_min + (base - self.eta_min) * cosine for base in self._bases()]

    def step(self, epoch=None):
        """Go to the next epoch, or to `epoch` (a number at least 0), and set the rates."""
        if epoch is None and _value(self.last_epoch) < 0:
            epoch = 0
        if epoch is None:
            epoch = _value(self.last_epoch) + 1
            self.T_cur += 1
            if self.T_cur >= self.T_i:
                self.T_cur -= self.T_i
                self.T_i *= self.T_mult
        else:
            if not is_number(epoch) or epoch < 0:
                raise ValueError(f"For 'CosineAnnealingWarmRestarts', the 'epoch' must be a number at least 0, but "
                                 f"got {epoch}.")
            self._restart_at(epoch)
        ops.assign(self.last_epoch, Tensor(float(math.floor(epoch)), mstype.float32))
        _write_lrs(self._last_lr, self.get_lr())
        return True

    def _restart_at(self, epoch) -> None:
        """T_cur and T_i at `epoch`: the period it falls in and how far into it."""
        if epoch < self.T_0:
            self.T_i, self.T_cur = self.T_0, epoch
        elif self.T_mult == 1:
            self.T_i, self.T_cur = self.T_0, epoch % self.T_0
        else:
            periods = int(math.log(epoch / self.T_0 * (self.T_mult - 1) + 1, self.T_mult))
            self.T_cur = epoch - self.T_0 * (self.T_mult ** periods - 1) / (self.T_mult - 1)
            self.T_i = self.T_0 * self.T_mult ** periods


class CyclicLR(LRScheduler):
    """CyclicLR(optimizer, base_lr, max_lr, step_size_up=2000, step_size_down=None, mode='triangular',
    gamma=1.0, scale_fn=None, scale_mode='cycle', last_epoch=-1)

    The rate cycles between base_lr and max_lr: up over step_size_up steps, down over
    step_size_down (default step_size_up). The amplitude is scaled per cycle by mode
    'triangular' (1), 'triangular2' (halved each cycle) or 'exp_range' (gamma^step, per step),
    or by scale_fn of the cycle or step (as scale_mode says).
    """

    def __init__(self, optimizer, base_lr, max_lr, step_size_up=2000, step_size_down=None, mode="triangular",
                 gamma=1.0, scale_fn=None, scale_mode="cycle", last_epoch=-1):
        _check_optimizer(optimizer)
        groups = len(optimizer.param_groups)
        base_lrs = _per_group("CyclicLR", "base_lr", base_lr, groups)
        if last_epoch == -1:
            _write_lrs(optimizer.lrs, base_lrs)
        self.max_lrs = [_as_rate(lr) for lr in _per_group("CyclicLR", "max_lr", max_lr, groups)]
        step_size_up = float(step_size_up)
        step_size_down = step_size_up if step_size_down is None else float(step_size_down)
        self.total_step_size = step_size_up + step_size_down
        self.step_up_ratio = step_size_up / self.total_step_size
        if mode not in ("triangular", "triangular2", "exp_range") and scale_fn is None:
            raise ValueError(f"For 'CyclicLR', the 'mode' must be 'triangular', 'triangular2' or 'exp_range' when "
                             f"there is no 'scale_fn', but got {mode!r}.")
        self.mode = mode
        self.gamma = gamma
        self._scale_fn_custom = scale_fn
        self.scale_mode = scale_mode if scale_fn is not None else ("iterations" if mode == "exp_range" else "cycle")
        super().__init__(optimizer, last_epoch)
        self.base_lrs = [_as_rate(lr) for lr in base_lrs]

    def scale_fn(self, x) -> float:
        """The amplitude's scale at cycle (or step) x."""
        if self._scale_fn_custom is not None:
            return self._scale_fn_custom(x)
        if self.mode == "triangular":
            return 1.0
        if self.mode == "triangular2":
            return 1 / (2.0 ** (x - 1))
        return self.gamma ** x

    def get_lr(self) -> list:
        epoch = _value(self.last_epoch)
        cycle = math.floor(1 + epoch / self.total_step_size)
        x = 1.0 + epoch / self.total_step_size - cycle
        if x <= self.step_up_ratio:
            height = x / self.step_up_ratio
        else:
            height = (x - 1) / (self.step_up_ratio - 1)
        scale = self.scale_fn(cycle if self.scale_mode == "cycle" else epoch)
        return [base + (peak - base) * height * scale for base, peak in zip(self._bases(), self.max_lrs)]


class SequentialLR:
    """SequentialLR(optimizer, schedulers, milestones, last_epoch=-1): the schedulers one after
    another, switching at the milestone epochs (one fewer milestone than schedulers); each
    scheduler starts its own count (step(0)) when its turn comes."""

    def __init__(self, optimizer, schedulers, milestones, last_epoch=-1):
        for index, scheduler in enumerate(schedulers):
            if scheduler.optimizer is not optimizer:
                raise ValueError(f"For 'SequentialLR', all the schedulers must belong to the given optimizer, but the "
                                 f"scheduler at index {index} belongs to another.")
        if len(milestones) != len(schedulers) - 1:
            raise ValueError(f"For 'SequentialLR', there must be one milestone fewer than schedulers, but got "
                             f"{len(schedulers)} schedulers and {len(milestones)} milestones.")
        self._schedulers = list(schedulers)
        self.milestones = list(milestones)
        self.optimizer = optimizer
        self.last_epoch = Parameter(Tensor(last_epoch + 1, mstype.float32), name="last_epoch_SequentialLR")
        _write_lrs(optimizer.lrs, [group["initial_lr"] for group in optimizer.param_groups])
        # Undo the first step each scheduler took when it was made; the first one steps again.
        for scheduler in self._schedulers:
            ops.assign(scheduler.last_epoch, scheduler.last_epoch - 1)
        self._schedulers[0].step()
        self._last_lr = self._schedulers[0]._last_lr

    def step(self):
        """Go to the next epoch with the scheduler whose turn it is."""
        ops.assign(self.last_epoch, self.last_epoch + 1)
        epoch = int(_value(self.last_epoch))
        index = bisect_right(self.milestones, epoch)
        scheduler = self._schedulers[index]
        if index > 0 and self.milestones[index - 1] == epoch:
            scheduler.step(0)
        else:
            scheduler.step()

    def get_last_lr(self) -> list:
        """The rates the last step set, one 0-d Float32 Tensor per group."""
        return [rate.value() for rate in self._last_lr]


class ReduceLROnPlateau:
    """ReduceLROnPlateau(optimizer, mode='min', factor=0.1, patience=10, threshold=1e-4,
    threshold_mode='rel', cooldown=0, min_lr=0, eps=1e-8)

    `step(metrics)`: when the metric has not improved ('min': fallen below best * (1 - threshold),
    or best - threshold with 'abs'; 'max' alike upwards) for more than `patience` steps, the rates
    become max(rate * factor, min_lr) (unchanged when that changes them by eps or less), then
    `cooldown` steps pass before bad steps count again.
    """

    def __init__(self, optimizer, mode="min", factor=0.1, patience=10, threshold=1e-4, threshold_mode="rel",
                 cooldown=0, min_lr=0, eps=1e-8):
        if factor >= 1.0:
            raise ValueError(f"For 'ReduceLROnPlateau', the 'factor' must be below 1.0, but got {factor}.")
        _check_optimizer(optimizer)
        if mode not in ("min", "max"):
            raise ValueError(f"For 'ReduceLROnPlateau', the 'mode' must be 'min' or 'max', but got {mode!r}.")
        if threshold_mode not in ("rel", "abs"):
            raise ValueError(f"For 'ReduceLROnPlateau', the 'threshold_mode' must be 'rel' or 'abs', but got "
                             f"{threshold_mode!r}.")
        self.optimizer = optimizer
        self.factor = factor
        self.min_lrs = [_as_rate(lr) for lr in _per_group("ReduceLROnPlateau", "min_lr", min_lr,
                                                       len(optimizer.param_groups))]
        self.mode = mode
        self.patience = patience
        self.threshold = threshold
        self.threshold_mode = threshold_mode
        self.cooldown = cooldown
        self.eps = eps
        self.mode_worse = math.inf if mode == "min" else -math.inf
        self.best = self.mode_worse
        self.wait = 0
        self.cooldown_counter = 0
        self.last_epoch = Parameter(Tensor(0, mstype.int32), name="last_epoch_ReduceLROnPlateau")
        self._last_lr = list(optimizer.lrs)

    def step(self, metrics):
        """Take this epoch's metric (a number or a 0-d Tensor) into account."""
        current = _value(metrics) if isinstance(metrics, Tensor) else float(metrics)
        ops.assign(self.last_epoch, self.last_epoch + 1)
        if self._is_improvement(current):
            self.best = float(np.float32(current))
            self.wait = 0
        else:
            self.wait += 1
        if self.in_cooldown():
            self.cooldown_counter -= 1
            self.wait = 0
        if self.wait > self.patience:
            self._reduce_lr()
            self.cooldown_counter = self.cooldown
            self.wait = 0
        return True

    def in_cooldown(self) -> bool:
        return self.cooldown_counter > 0

    def get_last_lr(self) -> list:
        """The groups' current rates, one 0-d Float32 Tensor per group."""
        return [rate.value() for rate in self._last_lr]

    def _reduce_lr(self) -> None:
        for rate, min_lr in zip(self._last_lr, self.min_lrs):
            old = rate.value()
            new = ops.maximum(old * self.factor, min_lr)
            if bool(old > new + self.eps):
                ops.assign(rate, new)

    def _is_improvement(self, current: float) -> bool:
        # In Float32, as MindSpore compares: a metric equal to the bound in Float32 is no improvement.
        best, current = np.float32(self.best), np.float32(current)
        sign = 1 if self.mode == "max" else -1
        if self.threshold_mode == "rel":
            bound = best * np.float32(1 + sign * self.threshold)
        else:
            bound = best + np.float32(sign * self.threshold)
        return bool(current > bound) if self.mode == "max" else bool(current < bound)
