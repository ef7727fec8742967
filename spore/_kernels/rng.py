"""Random number streams for random kernels (random ops, dropout).

A random Primitive gets one generator when its kernel is built, seeded from `op_seeds`
so that `set_seed` (`common.seed`, which restarts these streams) makes it repeat;
unseeded ops share torch's default generator.
"""
from __future__ import annotations

import hashlib

import numpy as np
import torch

from . import device

_global_seed: int | None = None
_op_counter = 0


def restart_streams(seed: int) -> None:
    """Derive every stream from global seed `seed` from now on, from its beginning
    (torch's default generator included)."""
    global _global_seed, _op_counter
    _global_seed = seed
    _op_counter = 0
    torch.manual_seed(seed)


def global_seed() -> int | None:
    """The global seed the streams derive from, None before `set_seed`."""
    return _global_seed


def op_seeds(seed: int = 0, seed2: int = 0) -> int | None:
    """The seed of one random Primitive instance's generator, or None for a
    nondeterministic stream (the kernel calls this once, when it is built).

    Seeds not both 0 give a fixed stream of the pair. Seeds (0, 0) give None without a
    global seed; with one, the next stream of a sequence that `restart_streams` restarts,
    so instances built in the same order after the same `set_seed` repeat.
    """
    global _op_counter
    if seed or seed2:
        return _mix(seed, seed2)
    if _global_seed is None:
        return None
    _op_counter += 1
    # A negative second half keeps these apart from every explicit (non-negative) pair.
    return _mix(_global_seed, -_op_counter)


def _mix(*values: int) -> int:
    """A 64-bit generator seed from a tuple of ints, the same on every run and platform,
    with all bits mixed (torch's CPU generator keeps only the low 32)."""
    digest = hashlib.blake2b(repr(values).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little")


def generator_for(seed: int | None) -> torch.Generator | None:
    """A generator on the current device seeded with `seed`, or None (torch's default)."""
    if seed is None:
        return None
    gen = torch.Generator(device=device.current())
    gen.manual_seed(seed)
    return gen


# ---- generator objects behind mindspore.Generator -----------------------------------------
def new_generator() -> torch.Generator:
    """A fresh generator on the CPU, where spore's random kernels draw."""
    return torch.Generator()


def default_generator() -> torch.Generator:
    """The generator unseeded random kernels draw from (torch's default)."""
    return torch.default_generator


def get_state(gen: torch.Generator) -> np.ndarray:
    """The generator's whole state as uint8 bytes."""
    return gen.get_state().numpy().copy()


def set_state(gen: torch.Generator, state: np.ndarray) -> None:
    gen.set_state(torch.from_numpy(np.ascontiguousarray(state, dtype=np.uint8)))


def manual_seed(gen: torch.Generator, seed: int) -> None:
    gen.manual_seed(seed)


def initial_seed(gen: torch.Generator) -> int:
    return gen.initial_seed()


def fresh_seed(gen: torch.Generator) -> int:
    """Seed the generator from a nondeterministic source; returns that seed."""
    return gen.seed()
