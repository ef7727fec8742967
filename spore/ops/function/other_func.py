"""Functional API of the primitives in operations/other_ops.py, and the Tensor methods
that update or copy a Tensor (`assign_value`, `copy.deepcopy`)."""
from __future__ import annotations

from ...common.tensor import Tensor
from ..operations import other_ops as O

__all__ = ["assign", "assign_add", "assign_sub", "depend", "identity", "print_"]

_assign, _assign_add, _assign_sub = O.Assign(), O.AssignAdd(), O.AssignSub()
_depend, _identity, _print = O.Depend(), O.Identity(), O.Print()


def assign(variable, value) -> Tensor:
    """Set `variable` (a Parameter or Tensor) to `value`; returns the new value."""
    return _assign(variable, value)


def assign_add(variable, value) -> Tensor:
    """variable += value; returns the new value."""
    return _assign_add(variable, value)


def assign_sub(variable, value) -> Tensor:
    """variable -= value; returns the new value."""
    return _assign_sub(variable, value)


def depend(value, expr):
    """`value`, once `expr` has run (see ops.Depend)."""
    return _depend(value, expr)


def identity(x) -> Tensor:
    """A copy of the Tensor x (MindSpore 2.x keeps it as a deprecated name)."""
    return _identity(x)


def print_(*input_x) -> None:
    """Print each input on its own line to stdout (see ops.Print)."""
    return _print(*input_x)


def _assign_value(self: Tensor, value: Tensor) -> Tensor:
    """Make this Tensor hold `value`'s data, shape and dtype, sharing its storage as
    MindSpore does; returns this Tensor."""
    if not isinstance(value, Tensor):
        raise TypeError(f"For 'Tensor.assign_value', the 'value' must be a Tensor, but got "
                        f"{type(value).__name__}.")
    self._t = value._data()
    self._init = None
    return self


def _deepcopy(self: Tensor, memo: dict) -> Tensor:
    """copy.deepcopy: a Tensor with its own copy of the data; one still waiting for its
    initializer gets a copy that waits too."""
    if type(self) is not Tensor:
        # Subclasses such as Parameter say how they are rebuilt.
        rebuild, args = self.__reduce__()
        return rebuild(*args)
    if self._t is None:
        init, shape, dtype = self._init
        return Tensor(shape=shape, dtype=dtype, init=init)
    return _identity(self)


TENSOR_METHODS = {"assign_value": _assign_value, "__deepcopy__": _deepcopy}
"""Tensor methods and operators this family provides (installed by tensor_methods.py)."""
