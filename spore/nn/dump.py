"""set_dump: mark a Cell (with its sub-Cells) or a Primitive for MindSpore's data dump.

MindSpore dumps the marked operators only on Ascend with a dump configuration file; spore
records the marks as MindSpore does (the Cell flag `dump`, the Primitive attribute
"dump" = "true" / "false") so code that reads them back behaves the same.
`mindspore.common.dump` is MindSpore's path of it."""
from __future__ import annotations

import warnings

from ..context import get_context
from ..ops.primitive import Primitive
from .cell import Cell

__all__ = ["set_dump"]


def set_dump(target, enabled: bool = True) -> None:
    """Set the dump mark of `target` (a Cell: also of every sub-Cell, and of its
    Primitives that already carry a mark; or a Primitive) to `enabled`."""
    if not isinstance(target, (Cell, Primitive)):
        raise ValueError(f"The \"target\" parameter must be an instance of Cell or Primitive, but got an instance "
                         f"of {type(target)}.")
    if not isinstance(enabled, bool):
        raise ValueError("The \"enabled\" parameter must be bool.")
    device_target = get_context("device_target")
    if device_target != "Ascend":
        warnings.warn(f"Current device_target is {device_target}, which is not supported by set_dump. Only Ascend "
                      f"device target is supported currently.", stacklevel=2)
    _mark(target, enabled)


def _mark(target, enabled: bool) -> None:
    if isinstance(target, Primitive):
        target.add_prim_attr("dump", "true" if enabled else "false")
        return
    target.add_flags(dump=enabled)
    for value in list(vars(target).values()):
        if isinstance(value, Primitive) and "dump" in value.attrs:
            _mark(value, enabled)
    for cell in target.cells():
        _mark(cell, enabled)
