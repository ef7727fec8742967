"""Namer: unique names within one scope (node names of a tree, variables of a construct)."""
from __future__ import annotations


class Namer:
    """Hands out names not yet taken: `base` itself, then `base_1`, `base_2`, ..."""

    def __init__(self, taken=()):
        self.taken = set(taken)

    def make(self, base: str) -> str:
        """A free name from `base`, now taken."""
        name, suffix = base, 0
        while name in self.taken:
            suffix += 1
            name = f"{base}_{suffix}"
        self.taken.add(name)
        return name

    def peek(self, base: str) -> str:
        """The name `make(base)` would give, without taking it."""
        name = self.make(base)
        self.taken.discard(name)
        return name

    def snapshot(self) -> set:
        """The taken names, to `restore` after an abandoned attempt."""
        return set(self.taken)

    def restore(self, taken: set) -> None:
        self.taken = set(taken)
