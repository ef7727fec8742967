"""Argument handling shared by the mindspore.numpy functions: array-likes to Tensors with
mindspore.numpy's default dtypes, axis and shape checks, the optional `dtype=` cast."""
from __future__ import annotations

import functools
import numbers

import numpy as onp

from .. import ops
from ..common import dtype as mstype
from ..common.tensor import Tensor
from .dtypes import as_dtype

_ARRAY_LIKE = "int, float, bool, list, tuple or Tensor"


def _host_array(a, op: str, name: str):
    """A NumPy array of a nested list / tuple / scalar, in mindspore.numpy's default dtypes."""
    try:
        arr = onp.asarray(a)
    except ValueError as failure:
        raise ValueError(f"For '{op}', the '{name}' must be a rectangular nested sequence, but got {a!r}.") \
            from failure
    if arr.dtype.kind not in "biuf":
        raise TypeError(f"For '{op}', the '{name}' must hold numbers, but got {arr.dtype} values.")
    if arr.dtype == onp.int64:
        return arr.astype(onp.int32)
    if arr.dtype == onp.float64:
        return arr.astype(onp.float32)
    return arr


def _holds_tensor(a) -> bool:
    return isinstance(a, Tensor) or (isinstance(a, (list, tuple)) and any(_holds_tensor(x) for x in a))


def to_tensor(a, dtype=None, op: str = "asarray", name: str = "a") -> Tensor:
    """`a` (a Tensor, Python scalar or nested list / tuple of them) as a Tensor, cast to `dtype`.

    Python ints become Int32 and floats Float32 (mindspore.numpy's defaults, not ops' Int64)."""
    if isinstance(a, Tensor):
        return cast(a, dtype)
    if isinstance(a, (list, tuple)) and _holds_tensor(a):
        if not a:
            raise ValueError(f"For '{op}', the '{name}' must not be empty.")
        parts = [to_tensor(x, None, op, name) for x in a]
        common = functools.reduce(mstype.promote_types, [p.dtype for p in parts])
        return cast(ops.stack([cast(p, common) for p in parts]), dtype)
    if isinstance(a, onp.ndarray) or not isinstance(a, (numbers.Real, list, tuple)):
        raise TypeError(f"For '{op}', the '{name}' must be array like ({_ARRAY_LIKE}), "
                        f"but got {type(a).__name__}.")
    arr = _host_array(a, op, name)
    return Tensor(arr, None if dtype is None else as_dtype(dtype, op))


def operand(x, op: str, name: str):
    """A binary operand: Tensors and Python numbers pass (ops promote numbers), sequences become
    Tensors."""
    if isinstance(x, Tensor) or (isinstance(x, numbers.Real) and not isinstance(x, onp.ndarray)):
        return x
    return to_tensor(x, None, op, name)


def operands(x1, x2, op: str):
    """Both operands of a binary function; two Python numbers become Tensors first."""
    x1, x2 = operand(x1, op, "x1"), operand(x2, op, "x2")
    if not isinstance(x1, Tensor) and not isinstance(x2, Tensor):
        x1 = to_tensor(x1, None, op, "x1")
    return x1, x2


def binary(op: str, fn, x1, x2, dtype):
    """fn(x1, x2) of the two operands (see `operands`), cast to `dtype` when given."""
    x1, x2 = operands(x1, x2, op)
    return cast(fn(x1, x2), dtype)


def cast(x: Tensor, dtype) -> Tensor:
    """`x` in `dtype` (unchanged when `dtype` is None or already its dtype)."""
    if dtype is None:
        return x
    dtype = as_dtype(dtype)
    return x if x.dtype == dtype else ops.cast(x, dtype)


def is_float(x: Tensor) -> bool:
    return mstype.is_float(x.dtype)


def to_float(x: Tensor, dtype=mstype.float32) -> Tensor:
    """`x` itself when it holds floats, else cast to `dtype` (Float32)."""
    return x if is_float(x) else ops.cast(x, dtype)


def check_int(value, op: str, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"For '{op}', the '{name}' must be an int, but got {type(value).__name__}.")
    return int(value)


def normalize_axis(axis, ndim: int, op: str, name: str = "axis") -> int:
    """One axis in [-ndim, ndim) as a non-negative int."""
    axis = check_int(axis, op, name)
    if not -max(ndim, 1) <= axis < max(ndim, 1):
        raise ValueError(f"For '{op}', the '{name}' must be in range [{-max(ndim, 1)}, {max(ndim, 1)}), "
                         f"but got {axis}.")
    return axis % max(ndim, 1)


def normalize_axes(axis, ndim: int, op: str, name: str = "axis") -> tuple:
    """None (all axes), an int or a sequence of ints, as a sorted tuple of distinct non-negative axes."""
    if axis is None:
        return tuple(range(ndim))
    if isinstance(axis, (list, tuple)):
        axes = tuple(normalize_axis(a, ndim, op, name) for a in axis)
        if len(set(axes)) != len(axes):
            raise ValueError(f"For '{op}', the '{name}' must not repeat an axis, but got {axis}.")
        return tuple(sorted(axes))
    return (normalize_axis(axis, ndim, op, name),)


def check_shape(shape, op: str, name: str = "shape") -> tuple:
    """A shape (an int or a sequence of non-negative ints) as a tuple."""
    if isinstance(shape, Tensor):
        shape = tuple(int(s) for s in shape.asnumpy().reshape(-1))
    if isinstance(shape, numbers.Integral) and not isinstance(shape, bool):
        shape = (int(shape),)
    if not isinstance(shape, (list, tuple)) or \
            any(isinstance(s, bool) or not isinstance(s, numbers.Integral) for s in shape):
        raise TypeError(f"For '{op}', the '{name}' must be an int or a tuple / list of ints, but got {shape!r}.")
    if any(s < 0 for s in shape):
        raise ValueError(f"For '{op}', each entry of '{name}' must be no less than 0, but got {tuple(shape)}.")
    return tuple(int(s) for s in shape)


def host_values(x, op: str, name: str) -> onp.ndarray:
    """The concrete values of an array-like, for functions whose output shape depends on them
    (in Graph mode a computed Tensor has none: the compiler says so)."""
    return to_tensor(x, None, op, name).asnumpy()
