"""`shard`: the sharding strategy of a Cell's or function's inputs and outputs. It is
recorded on the Cell (`Cell.shard`) or the returned function; in one process every
strategy computes exactly what the unsharded code computes, so the computation is
unchanged."""
from __future__ import annotations

import functools

from .layout import Layout


def _check_strategy(name: str, strategy, optional: bool) -> None:
    if strategy is None and optional:
        return
    if not isinstance(strategy, tuple):
        raise TypeError(f"For 'shard', the '{name}' must be a tuple, but got {type(strategy).__name__}.")
    for item in strategy:
        if not isinstance(item, (tuple, Layout)) and item is not None:
            raise TypeError(f"For 'shard', each element of '{name}' must be a tuple of ints, a Layout or None, but "
                            f"got {type(item).__name__}.")


def shard(fn, in_strategy, out_strategy=None, parameter_plan=None):
    """Record how `fn`'s inputs (and outputs, and named parameters) are split; returns a
    Cell itself, or a function computing as `fn` does."""
    if not callable(fn):
        raise TypeError(f"For 'shard', the 'fn' must be a Cell or a function, but got {type(fn).__name__}.")
    _check_strategy("in_strategy", in_strategy, optional=False)
    _check_strategy("out_strategy", out_strategy, optional=True)
    if parameter_plan is not None and not isinstance(parameter_plan, dict):
        raise TypeError(f"For 'shard', the 'parameter_plan' must be a dict, but got "
                        f"{type(parameter_plan).__name__}.")
    # A Cell shards itself (Cell.shard); nn builds on this package, so it is known by that method.
    if callable(getattr(fn, "shard", None)):
        return fn.shard(in_strategy, out_strategy, parameter_plan)
    plan = {"in_strategy": in_strategy, "out_strategy": out_strategy, "parameter_plan": parameter_plan}

    @functools.wraps(fn)
    def sharded(*args, **kwargs):
        return fn(*args, **kwargs)

    sharded.shard_strategy = plan
    return sharded
