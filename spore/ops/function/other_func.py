"""Functional API of the primitives in operations/other_ops.py, and the Tensor methods
that update or copy a Tensor (`assign_value`, `copy.deepcopy`)."""
from __future__ import annotations

import itertools

import numpy as np

from ...common import dtype as mstype
from ...common.tensor import Tensor
from ..operations import other_ops as O

__all__ = ["assign", "assign_add", "assign_sub", "depend", "identity", "print_", "reshard", "tensordump"]

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


def reshard(tensor: Tensor, layout) -> Tensor:
    """`tensor` itself: the sharding `layout` asks for changes where the data lives, never
    the values, and one process holds all of it."""
    if not isinstance(tensor, Tensor):
        raise TypeError(f"For 'reshard', the 'tensor' must be a Tensor, but got {type(tensor).__name__}.")
    return tensor


_dump_ids = itertools.count()
"""The id that numbers every file tensordump writes in this process."""


def tensordump(file_name: str, tensor: Tensor, mode: str = "out") -> None:
    """Save `tensor` as `<file_name>_<dtype>_<id>.npy` (a trailing '.npy' of file_name is
    dropped; id counts the dumps of the process). bfloat16 data is saved as float32. In
    one process there is no redistribution, so mode 'in' saves what 'out' does."""
    if not isinstance(file_name, str):
        raise TypeError(f"For 'tensordump', the 'file_name' must be a str, but got {type(file_name).__name__}.")
    if not isinstance(tensor, Tensor):
        raise TypeError(f"For 'tensordump', the 'tensor' must be a Tensor, but got {type(tensor).__name__}.")
    if mode not in ("out", "in"):
        raise ValueError(f"For 'tensordump', the 'mode' must be one of ['out', 'in'], but got {mode!r}.")
    stem = file_name[:-len(".npy")] if file_name.endswith(".npy") else file_name
    dtype_name = str(tensor.dtype).lower()
    data = tensor if tensor.dtype is not mstype.bfloat16 else tensor.astype(mstype.float32)
    np.save(f"{stem}_{dtype_name}_{next(_dump_ids)}.npy", data.asnumpy())


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
