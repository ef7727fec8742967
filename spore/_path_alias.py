"""MindSpore module paths whose names spore defines in other modules
(`mindspore.ops.operations.image_ops`, `mindspore.nn.layer.padding`, ...).

Such a module lists the names MindSpore keeps at its path; each is looked up, when asked
for, in the spore module that exports it (`spore.ops.operations`, `spore.nn`), so the
path holds the same objects and picks up names as they are added.
"""
from __future__ import annotations

import importlib
import sys
import types


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


def table_resolver(module_name: str, same_name: dict, renamed: dict):
    """The module-level `__getattr__` and `__dir__` of an alias module whose names live in
    several owners: `same_name` maps an owner module to the names it defines under the same
    name; `renamed` maps a name of this path to the dotted path of its owner's object
    (`amax_ext` -> `spore.mint.amax`: MindSpore's `*_ext` functions are its mint functions)."""
    owner_of = {name: (owner, name) for owner, names in same_name.items() for name in names}
    owner_of.update((name, tuple(path.rsplit(".", 1))) for name, path in renamed.items())

    def get_attribute(name: str):
        if name in owner_of:
            owner, owner_name = owner_of[name]
            owner_module = importlib.import_module(owner)
            if hasattr(owner_module, owner_name):
                return getattr(owner_module, owner_name)
        raise AttributeError(f"module '{module_name}' has no attribute '{name}'")

    def names_present():
        present = []
        for name, (owner, owner_name) in owner_of.items():
            if hasattr(importlib.import_module(owner), owner_name):
                present.append(name)
        return sorted(present)

    return get_attribute, names_present


class _PackageKeepingNames(types.ModuleType):
    """A package whose names listed in `_names_over_submodules` stay what the package
    resolves them to when a submodule of the same name is imported."""

    def __setattr__(self, name: str, value) -> None:
        if isinstance(value, types.ModuleType) and name in self.__dict__.get("_names_over_submodules", ()):
            return
        super().__setattr__(name, value)


def keep_names_over_submodules(package_name: str, names: frozenset) -> None:
    """In MindSpore, `mindspore.common.lazy_inline` is the function, though a module of that
    name exists too (`from mindspore.common.lazy_inline import lazy_inline`): importing the
    submodule must not make the package attribute the module."""
    package = sys.modules[package_name]
    package._names_over_submodules = names
    package.__class__ = _PackageKeepingNames
