"""MindSpore module paths whose names spore defines in other modules
(`mindspore.ops.operations.image_ops`, `mindspore.nn.layer.padding`, ...).

Such a module lists the names MindSpore keeps at its path; each is looked up, when asked
for, in the spore module that exports it (`spore.ops.operations`, `spore.nn`), so the
path holds the same objects and picks up names as they are added.
"""
from __future__ import annotations

import importlib


def resolver(module_name: str, owner: str, names: frozenset):
    """The module-level `__getattr__` and `__dir__` of an alias module holding `names`,
    found in the module named `owner`."""
    def get_attribute(name: str):
        if name in names:
            owner_module = importlib.import_module(owner)
            if hasattr(owner_module, name):
                return getattr(owner_module, name)
        raise AttributeError(f"module '{module_name}' has no attribute '{name}'")

    def names_present():
        owner_module = importlib.import_module(owner)
        return sorted(n for n in names if hasattr(owner_module, n))

    return get_attribute, names_present
