"""Epoch: what one pass of a pipeline tells each operation as rows are pulled through it."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .. import random_streams


@dataclass(frozen=True)
class Epoch:
    """One pass over a pipeline.

    `number` counts the epochs of one iterator from 0. `seed` is the iterator's seed.
    `where` names the operation receiving this Epoch: the path of child indices from the
    root, plus the pass number inside each enclosing `repeat`. Operations name their
    random streams with it, so each draws its own stream, a new one every epoch and
    every repeat pass.
    """

    seed: int
    number: int = 0
    where: tuple = ()

    def child(self, index: int) -> Epoch:
        return Epoch(self.seed, self.number, (*self.where, index))

    def repeat_pass(self, index: int) -> Epoch:
        return Epoch(self.seed, self.number, (*self.where, ("pass", index)))

    def generator(self, *key) -> np.random.Generator:
        """This operation's stream for this epoch (extended by `key`, e.g. a task number)."""
        return random_streams.generator(self.seed, self.number, self.where, *key)
