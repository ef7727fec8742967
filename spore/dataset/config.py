"""Pipeline settings (`mindspore.dataset.config`): the seed, default worker count and
prefetch depth, as plain module state read when a pipeline is built or iterated.

The seed: `config.set_seed` and the global `spore.set_seed` both set it, and the one
called last wins, as in MindSpore. Without either, shuffles and random transforms draw
fresh entropy on every iteration; `get_seed()` still reports MindSpore's default (5489,
the Mersenne Twister default), which is also the seed distributed sampling falls back on
so that every shard draws the same permutation.
"""
from __future__ import annotations

from ..common import seed as _global

DEFAULT_SEED = 5489
_SEED_LIMIT = 2 ** 32

_seed: int | None = None
_seed_owner = None
"""The global seed state current when `config.set_seed` ran (see `_global_generation`)."""
_seed_version = 0
"""Counts `config.set_seed` calls."""
_num_parallel_workers = 1
"""1, where MindSpore defaults to several: spore's workers are threads unless a map asks
for processes, and threads only speed up transforms that release the GIL (NumPy on large
arrays, image decoding), while they slow Python-heavy ones down."""
_prefetch_size = 16
_enable_shared_mem = True


def set_seed(seed: int) -> None:
    """Seed shuffling, samplers and random transforms of every pipeline iterated from now on."""
    global _seed, _seed_owner, _seed_version
    _check_int("set_seed", "seed", seed, 0, _SEED_LIMIT - 1)
    _seed = seed
    _seed_owner = _global_generation()
    _seed_version += 1


def get_seed() -> int:
    seed = seed_or_none()
    return DEFAULT_SEED if seed is None else seed


def seed_or_none() -> int | None:
    """The seed that pipelines use, or None when no seed was ever set (draw entropy)."""
    if _seed is not None and _seed_owner == _global_generation():
        return _seed
    return _global.get_seed()


def seed_state() -> tuple:
    """Changes whenever either `set_seed` runs, even with the same value: streams that
    must restart on `set_seed` compare it with the state they were made in."""
    return _seed_version, _global_generation()


def _global_generation() -> int:
    """Changes whenever `spore.set_seed` runs: it tells whether `config.set_seed` or the
    global `set_seed` was called last."""
    return _global.seed_generation()


def set_num_parallel_workers(num: int) -> None:
    """The worker count of `map` and `batch` when they are given num_parallel_workers=None."""
    global _num_parallel_workers
    _check_int("set_num_parallel_workers", "num", num, 1, 2 ** 31 - 1)
    _num_parallel_workers = num


def get_num_parallel_workers() -> int:
    return _num_parallel_workers


def set_prefetch_size(size: int) -> None:
    """Recorded for compatibility. MindSpore sizes its per-operation queues with it; here
    each parallel operation keeps a fixed two tasks per worker in flight."""
    global _prefetch_size
    _check_int("set_prefetch_size", "size", size, 1, 2 ** 31 - 1)
    _prefetch_size = size


def get_prefetch_size() -> int:
    return _prefetch_size


def set_enable_shared_mem(enable: bool) -> None:
    """Recorded for compatibility: worker processes here always pass rows through pipes."""
    global _enable_shared_mem
    if not isinstance(enable, bool):
        raise TypeError(f"For 'set_enable_shared_mem', the 'enable' must be a bool, but got "
                        f"{type(enable).__name__}.")
    _enable_shared_mem = enable


def get_enable_shared_mem() -> bool:
    return _enable_shared_mem


def _check_int(func: str, name: str, value, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"For '{func}', the '{name}' must be an int, but got {type(value).__name__}.")
    if not low <= value <= high:
        raise ValueError(f"For '{func}', the '{name}' must be in [{low}, {high}], but got {value}.")
