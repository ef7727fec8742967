"""The global random seed (`set_seed` / `get_seed`) and the streams derived from it.

Random ops and initializers draw from generators seeded by the pair (global seed, op
seed), as MindSpore does: with a global seed set, a program's random numbers repeat
from run to run; with an op seed too, each op instance has its own repeatable stream.
"""
from __future__ import annotations

import numpy as np

from .._kernels import rng as _rng

_global_seed: int | None = None
_numpy_rng = np.random.default_rng()
_op_counter = 0


def set_seed(seed: int) -> None:
    """Set the global seed for random ops, initializers and dataset shuffling."""
    global _global_seed, _numpy_rng, _op_counter
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"For 'set_seed', the 'seed' must be a non-negative int, but got {seed!r}.")
    _global_seed = seed
    _numpy_rng = np.random.default_rng(seed)
    _op_counter = 0
    np.random.seed(seed % (2 ** 32))
    _rng.reseed_default(seed)


def get_seed() -> int | None:
    return _global_seed


def numpy_rng() -> np.random.Generator:
    """The generator initializers draw from (reset by `set_seed`)."""
    return _numpy_rng


def op_seeds(seed: int = 0, seed2: int = 0) -> int | None:
    """The seed for one random op instance, or None for an unseeded (fresh) stream.

    Without a global seed and op seed the op is nondeterministic. With a global seed,
    ops created after `set_seed` get distinct but repeatable seeds, in creation order.
    """
    global _op_counter
    if _global_seed is None and not seed and not seed2:
        return None
    if seed or seed2:
        base = _global_seed if _global_seed is not None else 0
        return hash((base, seed, seed2)) & 0x7FFFFFFFFFFFFFFF
    _op_counter += 1
    return hash((_global_seed, -1, _op_counter)) & 0x7FFFFFFFFFFFFFFF
