"""Argument checks shared by the operators' `__init__`, `check` and `infer`.

Every failure raises MindSpore's exception type with a message of one shape:
"For 'OpName', the 'arg' must be <expected>, but got <actual>."
"""
from __future__ import annotations

import numbers
from collections.abc import Iterable, Sequence

from ..common import dtype as mstype

_TYPE_NAMES = {bool: "bool", int: "int", float: "float", str: "str", tuple: "tuple", list: "list"}


def _type_name(t) -> str:
    return _TYPE_NAMES.get(t, getattr(t, "__name__", str(t)))


def check_type(op: str, arg: str, value, types) -> object:
    """`value` is an instance of `types` (bool is never accepted as int)."""
    types = types if isinstance(types, tuple) else (types,)
    if isinstance(value, bool) and bool not in types:
        ok = False
    else:
        ok = isinstance(value, types)
    if not ok:
        expected = " or ".join(_type_name(t) for t in types)
        raise TypeError(f"For '{op}', the '{arg}' must be {expected}, but got "
                        f"{type(value).__name__}.")
    return value


def check_bool(op: str, arg: str, value) -> bool:
    return check_type(op, arg, value, bool)


def check_int(op: str, arg: str, value, minimum: int | None = None,
              maximum: int | None = None) -> int:
    """An int within [minimum, maximum] (either bound optional)."""
    check_type(op, arg, value, int)
    if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
        lo = "-inf" if minimum is None else minimum
        hi = "inf" if maximum is None else maximum
        raise ValueError(f"For '{op}', the '{arg}' must be in range [{lo}, {hi}], but got {value}.")
    return value


def check_positive_int(op: str, arg: str, value) -> int:
    check_type(op, arg, value, int)
    if value <= 0:
        raise ValueError(f"For '{op}', the '{arg}' must be a positive int, but got {value}.")
    return value


def check_non_negative_int(op: str, arg: str, value) -> int:
    check_type(op, arg, value, int)
    if value < 0:
        raise ValueError(f"For '{op}', the '{arg}' must be a non-negative int, but got {value}.")
    return value


def check_float_range(op: str, arg: str, value, minimum: float, maximum: float,
                      include_min: bool = True, include_max: bool = True) -> float:
    check_type(op, arg, value, (int, float))
    low_ok = value >= minimum if include_min else value > minimum
    high_ok = value <= maximum if include_max else value < maximum
    if not (low_ok and high_ok):
        lo = "[" if include_min else "("
        hi = "]" if include_max else ")"
        raise ValueError(f"For '{op}', the '{arg}' must be in range {lo}{minimum}, {maximum}{hi}, "
                         f"but got {value}.")
    return float(value)


def check_string(op: str, arg: str, value, allowed: Sequence[str], case_sensitive: bool = False) -> str:
    """One of `allowed`; returns it in the spelling of `allowed` (MindSpore accepts any
    case for modes such as pad_mode)."""
    check_type(op, arg, value, str)
    key = value if case_sensitive else value.upper()
    for option in allowed:
        if key == (option if case_sensitive else option.upper()):
            return option
    shown = value if case_sensitive else value.upper()
    options = " or ".join(f"'{o}'" for o in allowed)
    raise ValueError(f"For '{op}', the '{arg}' must be {options}, but got '{shown}'.")


def check_int_tuple(op: str, arg: str, value, length: int, minimum: int = 1,
                    allow_longer: bool = False) -> tuple[int, ...]:
    """An int or a tuple of `length` ints, each >= minimum; returned as a tuple.

    With `allow_longer`, a tuple of 2 + length values (MindSpore's NCHW form such as
    (1, 1, 2, 2)) gives its last `length` values."""
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        values = (int(value),) * length
    elif isinstance(value, (tuple, list)) and all(
            isinstance(v, numbers.Integral) and not isinstance(v, bool) for v in value):
        values = tuple(int(v) for v in value)
        if allow_longer and len(values) == length + 2:
            values = values[2:]
        if len(values) != length:
            raise ValueError(f"For '{op}', the '{arg}' must be an int or a tuple of {length} ints, "
                             f"but got {tuple(value)}.")
    else:
        raise TypeError(f"For '{op}', the '{arg}' must be an int or a tuple of ints, but got "
                        f"{type(value).__name__}.")
    if any(v < minimum for v in values):
        raise ValueError(f"For '{op}', every value of '{arg}' must be at least {minimum}, "
                         f"but got {value}.")
    return values


def check_tensor(op: str, arg: str, value) -> None:
    """`value` is a Tensor or an abstract tensor (a shape and a MindSpore dtype; NumPy
    arrays are not Tensors)."""
    if not (hasattr(value, "shape") and isinstance(getattr(value, "dtype", None), mstype.Number)):
        raise TypeError(f"For '{op}', the '{arg}' must be a Tensor, but got {type(value).__name__}.")


def dtype_of(value):
    """The dtype of a tensor-like input, or of a Python scalar as MindSpore sees it."""
    if hasattr(value, "dtype") and isinstance(value.dtype, mstype.Number):
        return value.dtype
    if isinstance(value, (bool, int, float, complex)):
        return mstype.default_dtype_of(value)
    return None


def check_dtype(op: str, arg: str, dtype, allowed: Iterable) -> None:
    allowed = tuple(allowed)
    if dtype not in allowed:
        names = ", ".join(str(t) for t in allowed)
        raise TypeError(f"For '{op}', the dtype of '{arg}' must be one of [{names}], but got {dtype}.")


def check_same_dtype(op: str, names: Sequence[str], dtypes: Sequence) -> None:
    first = dtypes[0]
    for name, dt in zip(names[1:], dtypes[1:]):
        if dt is not first:
            raise TypeError(f"For '{op}', the dtype of '{name}' must be the same as '{names[0]}' "
                            f"({first}), but got {dt}.")


def check_axis(op: str, axis, ndim: int, arg: str = "axis") -> int:
    """An axis in [-ndim, ndim) (a 0-d tensor accepts -1 and 0), made non-negative."""
    check_type(op, arg, axis, int)
    bound = max(ndim, 1)
    if not -bound <= axis < bound:
        raise ValueError(f"For '{op}', the '{arg}' must be in range [{-bound}, {bound}), but got {axis}.")
    return axis % bound


def check_axes(op: str, axis, ndim: int, arg: str = "axis") -> tuple[int, ...]:
    """An int, or a tuple / list of distinct ints, each a valid axis; () means all."""
    axes = (axis,) if isinstance(axis, int) and not isinstance(axis, bool) else axis
    if not isinstance(axes, (tuple, list)):
        raise TypeError(f"For '{op}', the '{arg}' must be int, tuple or list, but got "
                        f"{type(axis).__name__}.")
    result = tuple(check_axis(op, a, ndim, arg) for a in axes)
    if len(set(result)) != len(result):
        raise ValueError(f"For '{op}', the '{arg}' must not contain duplicate axes, but got {axis}.")
    return result


def check_rank(op: str, arg: str, shape, allowed) -> None:
    allowed = (allowed,) if isinstance(allowed, int) else tuple(allowed)
    if len(shape) not in allowed:
        expected = " or ".join(str(r) for r in allowed)
        raise ValueError(f"For '{op}', the dimension of '{arg}' must be {expected}, but got "
                         f"{len(shape)} (shape {tuple(shape)}).")


def broadcast_shapes(op: str, *shapes, names: Sequence[str] | None = None) -> tuple[int, ...]:
    """The NumPy broadcast of `shapes`, or a ValueError naming the op and both shapes."""
    result: list[int] = []
    for shape in shapes:
        shape = tuple(shape)
        if len(shape) > len(result):
            result = [1] * (len(shape) - len(result)) + result
        offset = len(result) - len(shape)
        for i, dim in enumerate(shape):
            current = result[offset + i]
            if current == 1:
                result[offset + i] = dim
            elif dim != 1 and dim != current:
                shown = " and ".join(f"'{n}' {tuple(s)}" for n, s in
                                     zip(names or [f"input{i}" for i in range(len(shapes))], shapes))
                raise ValueError(f"For '{op}', the shapes of the inputs must be broadcastable, "
                                 f"but got {shown}.")
    return tuple(result)
