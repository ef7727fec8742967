"""mindspore.numpy's comparisons and logic: elementwise comparisons and logical operators,
floating-point classification, `isclose`, membership (`isin`, `in1d`) and whole-array
equality. Results are Bool Tensors unless `dtype=` asks for another dtype."""
from __future__ import annotations

import numbers

import numpy as onp

from .. import ops
from ..common import dtype as mstype
from ..common.tensor import Tensor
from .utils import binary, cast, is_float, to_tensor

__all__ = [
    "equal", "not_equal", "greater", "greater_equal", "less", "less_equal",
    "logical_and", "logical_or", "logical_xor", "logical_not",
    "isfinite", "isinf", "isnan", "isneginf", "isposinf", "signbit", "isclose",
    "isin", "in1d", "array_equal", "array_equiv", "isscalar",
]


def equal(x1, x2, dtype=None):
    """x1 == x2, elementwise with broadcasting."""
    return binary("equal", ops.equal, x1, x2, dtype)


def not_equal(x1, x2, dtype=None):
    """x1 != x2, elementwise with broadcasting."""
    return binary("not_equal", ops.not_equal, x1, x2, dtype)


def greater(x1, x2, dtype=None):
    """x1 > x2, elementwise with broadcasting."""
    return binary("greater", ops.greater, x1, x2, dtype)


def greater_equal(x1, x2, dtype=None):
    """x1 >= x2, elementwise with broadcasting."""
    return binary("greater_equal", ops.greater_equal, x1, x2, dtype)


def less(x1, x2, dtype=None):
    """x1 < x2, elementwise with broadcasting."""
    return binary("less", ops.less, x1, x2, dtype)


def less_equal(x1, x2, dtype=None):
    """x1 <= x2, elementwise with broadcasting."""
    return binary("less_equal", ops.less_equal, x1, x2, dtype)


def _as_bool(op: str, x, name: str):
    x = to_tensor(x, None, op, name)
    return x if x.dtype == mstype.bool_ else x != 0


def logical_and(x1, x2, dtype=None):
    """The truth of x1 AND x2."""
    return cast(ops.logical_and(_as_bool("logical_and", x1, "x1"), _as_bool("logical_and", x2, "x2")), dtype)


def logical_or(x1, x2, dtype=None):
    """The truth of x1 OR x2."""
    return cast(ops.logical_or(_as_bool("logical_or", x1, "x1"), _as_bool("logical_or", x2, "x2")), dtype)


def logical_xor(x1, x2, dtype=None):
    """The truth of x1 XOR x2."""
    return cast(ops.logical_xor(_as_bool("logical_xor", x1, "x1"), _as_bool("logical_xor", x2, "x2")), dtype)


def logical_not(a, dtype=None):
    """The truth of NOT a."""
    return cast(ops.logical_not(_as_bool("logical_not", a, "a")), dtype)


# ---- floating-point classes --------------------------------------------------------------------


def isfinite(x, dtype=None):
    """Neither infinite nor NaN."""
    x = to_tensor(x, None, "isfinite", "x")
    return cast(ops.isfinite(x) if is_float(x) else ops.ones(tuple(x.shape), mstype.bool_), dtype)


def isinf(x, dtype=None):
    """Positive or negative infinity."""
    x = to_tensor(x, None, "isinf", "x")
    return cast(ops.isinf(x) if is_float(x) else ops.zeros(tuple(x.shape), mstype.bool_), dtype)


def isnan(x, dtype=None):
    """Not a number."""
    x = to_tensor(x, None, "isnan", "x")
    return cast(ops.isnan(x) if is_float(x) else ops.zeros(tuple(x.shape), mstype.bool_), dtype)


def isneginf(x):
    """Negative infinity."""
    x = to_tensor(x, None, "isneginf", "x")
    return ops.isneginf(x) if is_float(x) else ops.zeros(tuple(x.shape), mstype.bool_)


def isposinf(x):
    """Positive infinity."""
    x = to_tensor(x, None, "isposinf", "x")
    return ops.isposinf(x) if is_float(x) else ops.zeros(tuple(x.shape), mstype.bool_)


def signbit(x, dtype=None):
    """Whether the sign bit is set (negative numbers, -inf and -0.0)."""
    return cast(ops.signbit(to_tensor(x, None, "signbit", "x")), dtype)


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """|a - b| <= atol + rtol * |b|, elementwise; equal infinities are close, NaNs only with `equal_nan`."""
    a, b = to_tensor(a, None, "isclose", "a"), to_tensor(b, None, "isclose", "b")
    for value, name in ((rtol, "rtol"), (atol, "atol")):
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise TypeError(f"For 'isclose', the '{name}' must be a number, but got {type(value).__name__}.")
    common = mstype.promote_types(a.dtype, b.dtype)
    if not mstype.is_float(common):
        common = mstype.float32
    return ops.isclose(ops.cast(a, common), ops.cast(b, common), rtol, atol, equal_nan)


# ---- membership and whole-array equality ------------------------------------------------------


def isin(element, test_elements, invert=False):
    """Whether each element of `element` occurs in `test_elements` (NOT that with `invert`)."""
    element = to_tensor(element, None, "isin", "element")
    tests = ops.reshape(to_tensor(test_elements, None, "isin", "test_elements"), (-1,))
    found = ops.any(ops.expand_dims(element, -1) == tests, -1) if tests.shape[0] else \
        ops.zeros(tuple(element.shape), mstype.bool_)
    return ops.logical_not(found) if invert else found


def in1d(ar1, ar2, invert=False):
    """isin over the flattened `ar1`: a 1-D result."""
    ar1 = to_tensor(ar1, None, "in1d", "ar1")
    return isin(ops.reshape(ar1, (-1,)), ar2, invert)


def array_equal(a1, a2, equal_nan=False):
    """True when both have one shape and equal elements (NaNs equal with `equal_nan`)."""
    a1, a2 = to_tensor(a1, None, "array_equal", "a1"), to_tensor(a2, None, "array_equal", "a2")
    if tuple(a1.shape) != tuple(a2.shape):
        return Tensor(False, mstype.bool_)
    same = a1 == a2
    if equal_nan and is_float(a1) and is_float(a2):
        same = same | (ops.isnan(a1) & ops.isnan(a2))
    return ops.all(same)


def array_equiv(a1, a2):
    """True when the shapes broadcast together and the elements are equal."""
    a1, a2 = to_tensor(a1, None, "array_equiv", "a1"), to_tensor(a2, None, "array_equiv", "a2")
    try:
        onp.broadcast_shapes(tuple(a1.shape), tuple(a2.shape))
    except ValueError:
        return Tensor(False, mstype.bool_)
    return ops.all(a1 == a2)


def isscalar(element):
    """Whether `element` is a Python scalar (number, bool or str); Tensors are not."""
    return isinstance(element, (numbers.Number, str, bytes)) and not isinstance(element, Tensor)
