"""Functional API of the elementwise math primitives (`ops.add(x, y)`, ...)."""
from __future__ import annotations

from ..operations import math_ops as M

__all__ = ["add", "sub", "mul"]

_add, _sub, _mul = M.Add(), M.Sub(), M.Mul()


def add(input, other):
    """input + other, elementwise with broadcasting."""
    return _add(input, other)


def sub(input, other):
    """input - other, elementwise with broadcasting."""
    return _sub(input, other)


def mul(input, other):
    """input * other, elementwise with broadcasting."""
    return _mul(input, other)


def _radd(self, other):
    return _add(other, self)


def _rsub(self, other):
    return _sub(other, self)


def _rmul(self, other):
    return _mul(other, self)


TENSOR_METHODS = {
    "__add__": add, "__radd__": _radd, "__sub__": sub, "__rsub__": _rsub,
    "__mul__": mul, "__rmul__": _rmul,
    "add": add, "sub": sub, "mul": mul,
}
"""Tensor methods and operators this family provides (installed by tensor_methods.py)."""
