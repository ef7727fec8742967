"""Random number streams for random kernels (random ops, dropout).

A random Primitive gets one generator when its kernel is built, seeded from
`common.seed.op_seeds` so that `set_seed` makes it repeat; unseeded ops share torch's
default generator.
"""
from __future__ import annotations

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
