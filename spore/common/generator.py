"""`mindspore.Generator` and the default generator behind `manual_seed`, `seed`,
`initial_seed`, `get_rng_state` and `set_rng_state`.

The default generator is the stream that random ops draw from when neither they nor
`set_seed` chose a seed, so saving its state and restoring it repeats their draws. A
state is an opaque uint8 Tensor: it round-trips through `set_state` but its layout is
spore's, not MindSpore's (whose 16 bytes hold a Philox seed and offset).
"""
from __future__ import annotations

import numpy as np

from .._kernels import rng as _rng
from . import dtype as mstype
from .tensor import Tensor

_SEED_MIN, _SEED_LIMIT = -(2 ** 63), 2 ** 64


class Generator:
    """A random number generator with its own seed and state. Random kernels given a
    Generator draw from its `_handle`, the kernel-level generator."""

    def __init__(self):
        self._handle = _rng.new_generator()
        _rng.manual_seed(self._handle, 0)

    @classmethod
    def _wrapping(cls, handle) -> Generator:
        generator = cls.__new__(cls)
        generator._handle = handle
        return generator

    def manual_seed(self, seed: int) -> Generator:
        """Restart the stream from `seed`; returns this generator."""
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
            raise TypeError("Seed must be an integer.")
        if not _SEED_MIN <= seed < _SEED_LIMIT:
            raise ValueError(f"For 'manual_seed', the 'seed' must be in range [-2**63, 2**64), but got {seed}.")
        _rng.manual_seed(self._handle, int(seed))
        return self

    def seed(self) -> int:
        """Restart the stream from a nondeterministic seed, and return that seed."""
        return _rng.fresh_seed(self._handle)

    def initial_seed(self) -> int:
        """The seed the stream was last started from."""
        return _rng.initial_seed(self._handle)

    def get_state(self) -> Tensor:
        """The whole state, as a uint8 Tensor that `set_state` accepts."""
        return Tensor(_rng.get_state(self._handle), mstype.uint8)

    def set_state(self, state: Tensor) -> None:
        """Continue the stream from a state `get_state` returned."""
        if not isinstance(state, Tensor):
            raise TypeError(f"For 'Generator.set_state', the 'state' must be a Tensor, but got "
                            f"{type(state).__name__}.")
        expected = _rng.get_state(self._handle).size
        if state.dtype != mstype.uint8 or state.shape != (expected,):
            raise ValueError(f"For 'Generator.set_state', the 'state' must be a uint8 Tensor of shape "
                             f"({expected},) returned by get_state, but got dtype {state.dtype} and shape "
                             f"{state.shape}.")
        _rng.set_state(self._handle, state.asnumpy())

    def __repr__(self) -> str:
        return f"<mindspore.common.generator.Generator object at {id(self):#x}>"


default_generator = Generator._wrapping(_rng.default_generator())


def manual_seed(seed: int) -> Generator:
    """Seed the default generator; returns it."""
    return default_generator.manual_seed(seed)


def seed() -> int:
    """Seed the default generator nondeterministically; returns the seed."""
    return default_generator.seed()


def initial_seed() -> int:
    """The seed the default generator was last started from."""
    return default_generator.initial_seed()


def get_rng_state() -> Tensor:
    """The default generator's state."""
    return default_generator.get_state()


def set_rng_state(state: Tensor) -> None:
    """Restore the default generator's state."""
    default_generator.set_state(state)
