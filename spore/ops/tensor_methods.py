"""Installs the Tensor methods and operators that the ops layer defines.

`Tensor` (spore/common/tensor.py) sits below the ops layer and so cannot import it;
each functional module declares the methods it provides in a `TENSOR_METHODS` table,
and this module puts them on the class once, when `spore.ops` is imported.
"""
from __future__ import annotations

from types import ModuleType

from ..common.tensor import Tensor
from . import function


def _families() -> list[ModuleType]:
    """The functional modules that declare Tensor methods: every family `function/__init__.py`
    imports, so registering a family there is all it takes."""
    return sorted((module for module in vars(function).values()
                   if isinstance(module, ModuleType) and hasattr(module, "TENSOR_METHODS")),
                  key=lambda module: module.__name__)


def install() -> None:
    seen: dict[str, str] = {}
    for family in _families():
        for name, fn in family.TENSOR_METHODS.items():
            if name in seen:
                raise RuntimeError(f"Tensor method '{name}' is defined by both "
                                   f"{seen[name]} and {family.__name__}")
            seen[name] = family.__name__
            setattr(Tensor, name, fn)


install()
