"""Argument checks shared by the experimental optimizers: each raises MindSpore's
exception type with a message naming the optimizer, the argument, what was expected and
what came."""
from __future__ import annotations

from ...common.tensor import Tensor


def is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def check_number(op: str, name: str, value) -> float:
    """An int or a float, returned as a float."""
    if not is_number(value):
        raise TypeError(f"For '{op}', the '{name}' must be an int or a float, but got {type(value).__name__}.")
    return float(value)


def check_lr(op: str, lr, positive: bool = False):
    """A learning rate: an int, a float or a 0-d Tensor, at least 0 (above 0 if `positive`)."""
    if isinstance(lr, Tensor):
        if lr.ndim != 0:
            raise ValueError(f"For '{op}', a Tensor 'lr' must be 0-dimensional, but got shape {lr.shape}.")
        value = float(lr.asnumpy())
    elif is_number(lr):
        value = float(lr)
    else:
        raise TypeError(f"For '{op}', the 'lr' must be an int, a float or a Tensor, but got {type(lr).__name__}.")
    check_bound(op, "lr", value, 0.0, strict=positive)
    return lr


def check_bound(op: str, name: str, value, minimum: float, strict: bool = False) -> float:
    """A number at least `minimum` (above it if `strict`)."""
    value = check_number(op, name, value)
    if value < minimum or (strict and value == minimum):
        relation = "greater than" if strict else "greater than or equal to"
        raise ValueError(f"For '{op}', the '{name}' must be {relation} {minimum}, but got {value}.")
    return value


def check_range(op: str, name: str, value, low: float, high: float, include_low: bool = True,
                include_high: bool = False) -> float:
    """A number in the interval from `low` to `high` (bounds included as asked)."""
    value = check_number(op, name, value)
    above = value >= low if include_low else value > low
    below = value <= high if include_high else value < high
    if not (above and below):
        interval = f"{'[' if include_low else '('}{low}, {high}{']' if include_high else ')'}"
        raise ValueError(f"For '{op}', the '{name}' must be in range {interval}, but got {value}.")
    return value


def check_pair(op: str, name: str, value) -> tuple:
    """A tuple or list of two numbers."""
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise TypeError(f"For '{op}', the '{name}' must be a tuple of two numbers, but got {value!r}.")
    return tuple(value)


def check_betas(op: str, betas) -> tuple:
    """Two coefficients in [0, 1)."""
    beta1, beta2 = check_pair(op, "betas", betas)
    check_range(op, "betas[0]", beta1, 0.0, 1.0)
    check_range(op, "betas[1]", beta2, 0.0, 1.0)
    return betas


def check_bool(op: str, name: str, value) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"For '{op}', the '{name}' must be a bool, but got {type(value).__name__}.")
    return value
