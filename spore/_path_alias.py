"""MindSpore's `ops.operations.<x>_ops` module paths that spore's files do not share.

Such a module names the Primitive classes MindSpore keeps there; each is looked up, when
asked for, in `spore.ops.operations` (where spore's families register them), so the path
holds the same class objects and picks up classes as they are added.
"""
from __future__ import annotations

import importlib


def resolver(module_name: str, names: frozenset):
    """The module-level `__getattr__` and `__dir__` of an alias module holding `names`."""
    def get_attribute(name: str):
        if name in names:
            owner = importlib.import_module("spore.ops.operations")
            if hasattr(owner, name):
                return getattr(owner, name)
        raise AttributeError(f"module '{module_name}' has no attribute '{name}'")

    def names_present():
        owner = importlib.import_module("spore.ops.operations")
        return sorted(n for n in names if hasattr(owner, n))

    return get_attribute, names_present
