"""The global random seed (`set_seed` / `get_seed`) and the random streams derived from it.

MindSpore's rules, which spore follows (the values differ: the generators differ):

- A random Primitive whose own seeds (`seed`, `seed2`) are not both 0 draws one fixed
  stream of that pair, whatever the global seed: each call continues the instance's
  stream, and a new instance with the same seeds starts the stream again.
- A random function (`ops.uniform(..., seed=None)`) draws from a stream chosen by the
  global seed, the function and its op `seed`. Successive calls give different values;
  the same calls after the same `set_seed` give the same values. With neither a global
  seed nor an op seed the values differ from run to run; an op seed without a global
  seed acts as if the global seed were 0.
- `set_seed` restarts all of these streams, and seeds NumPy and the initializers.

One extension: a Primitive with seeds (0, 0) is nondeterministic in MindSpore even when
a global seed is set. spore derives its stream from the global seed in that case, so
that a whole program repeats when re-run from `set_seed` (one possible outcome of a
nondeterministic op, and what `set_seed` promises its users).
"""
from __future__ import annotations

from typing import Callable, TypeVar

import numpy as np

from .._kernels import rng as _rng

_numpy_rng = None      # made at the first draw: numpy.random costs `import spore` 5-15 ms
_generation = 0
_function_ops: dict = {}

_SEED_LIMIT = 2 ** 32
_ZERO_GLOBAL_SEED = 0x5EED_0000
"""Stands in for a global seed of 0, which would otherwise mean "no seed" in a pair."""

T = TypeVar("T")


def set_seed(seed: int) -> None:
    """Set the global seed for random ops and functions, initializers, NumPy and dataset
    shuffling, and restart every stream derived from it."""
    global _numpy_rng, _generation
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"For 'set_seed', the 'seed' must be an int, but got {type(seed).__name__}.")
    if not 0 <= seed < _SEED_LIMIT:
        raise ValueError(f"For 'set_seed', the 'seed' must be in range [0, 2**32), but got {seed}.")
    _generation += 1
    _numpy_rng = np.random.default_rng(seed)
    _function_ops.clear()
    np.random.seed(seed)
    _rng.restart_streams(seed)


def get_seed() -> int | None:
    return _rng.global_seed()


def seed_generation() -> int:
    """How many times `set_seed` has run: streams seeded elsewhere (the data pipeline's
    own `set_seed`) tell from it which seed was set last."""
    return _generation


def numpy_rng() -> np.random.Generator:
    """The generator initializers draw from (reset by `set_seed`)."""
    global _numpy_rng
    if _numpy_rng is None:
        _numpy_rng = np.random.default_rng()
    return _numpy_rng


def function_op(name: str, seed: int | None, build: Callable[[int, int], T], *attrs) -> T:
    """The random Primitive that function `name` draws from when called with op seed
    `seed` (and primitive attributes `attrs`).

    One instance serves every such call until the next `set_seed`, so successive calls
    draw successive values of one stream. It is built as `build(seed1, seed2)` from the
    pair MindSpore splices: (global seed, op seed), (0, 0) when neither is set.
    """
    _check_op_seed(name, seed)
    key = (name, seed, attrs)
    op = _function_ops.get(key)
    if op is None:
        op = _function_ops[key] = build(*_function_seed_pair(seed))
    return op


def _check_op_seed(name: str, seed) -> None:
    """A random function's `seed`: None or a non-negative int."""
    if seed is None:
        return
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"For '{name}', the 'seed' must be an int or None, but got "
                        f"{type(seed).__name__}.")
    if seed < 0:
        raise ValueError(f"For '{name}', the 'seed' must be a non-negative int, but got {seed}.")


def _function_seed_pair(seed: int | None) -> tuple[int, int]:
    op_seed, global_seed = seed or 0, _rng.global_seed()
    if global_seed is None:
        return 0, op_seed
    return global_seed or _ZERO_GLOBAL_SEED, op_seed

