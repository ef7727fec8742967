"""Elementwise math primitives: arithmetic, powers and logs, trigonometry, rounding,
comparisons, logical and bitwise ops."""
from __future__ import annotations

from ...common import dtype as mstype
from ..primitive import Primitive, TensorSpec
from ..validator import broadcast_shapes, check_tensor, dtype_of

__all__ = ["Add", "Sub", "Mul"]


def _shape_of(value) -> tuple:
    return tuple(value.shape) if hasattr(value, "shape") else ()


def binary_result_dtype(op: str, x, y) -> mstype.Number:
    """MindSpore's promotion for a binary op on tensors and / or Python scalars."""
    x_is_tensor, y_is_tensor = hasattr(x, "shape"), hasattr(y, "shape")
    dx, dy = dtype_of(x), dtype_of(y)
    for name, value, dt in (("x", x, dx), ("y", y, dy)):
        if dt is None:
            raise TypeError(f"For '{op}', the '{name}' must be a Tensor or a number, but got "
                            f"{type(value).__name__}.")
    if x_is_tensor and y_is_tensor:
        return mstype.promote_types(dx, dy)
    if x_is_tensor:
        return mstype.promote_with_scalar(dx, y)
    if y_is_tensor:
        return mstype.promote_with_scalar(dy, x)
    return mstype.promote_types(dx, dy)


class _BinaryOp(Primitive):
    """An elementwise op on two inputs that broadcast; at least one is a Tensor."""

    def infer(self, x, y):
        dtype = binary_result_dtype(self.name, x, y)
        if not (hasattr(x, "shape") or hasattr(y, "shape")):
            raise TypeError(f"For '{self.name}', at least one of 'x' and 'y' must be a Tensor, "
                            f"but got {type(x).__name__} and {type(y).__name__}.")
        shape = broadcast_shapes(self.name, _shape_of(x), _shape_of(y), names=("x", "y"))
        return TensorSpec(shape, dtype)


class _UnaryOp(Primitive):
    """An elementwise op on one Tensor whose output has the input's shape and dtype."""

    def infer(self, x):
        check_tensor(self.name, "x", x)
        return TensorSpec(x.shape, x.dtype)


class Add(_BinaryOp):
    """x + y, elementwise with broadcasting."""


class Sub(_BinaryOp):
    """x - y, elementwise with broadcasting."""


class Mul(_BinaryOp):
    """x * y, elementwise with broadcasting."""
