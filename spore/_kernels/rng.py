"""Random number streams for random kernels (random ops, dropout).

A random Primitive gets one generator when its kernel is built, seeded from
`common.seed.op_seeds` so that `set_seed` makes it repeat; unseeded ops share torch's
default generator.
"""
from __future__ import annotations

import numpy as np
import torch

from . import device


def generator_for(seed: int | None) -> torch.Generator | None:
    """A generator on the current device seeded with `seed`, or None (torch's default)."""
    if seed is None:
        return None
    gen = torch.Generator(device=device.current())
    gen.manual_seed(seed)
    return gen


def reseed_default(seed: int) -> None:
    """Reseed torch's default generator (used by unseeded random kernels)."""
    torch.manual_seed(seed)


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
