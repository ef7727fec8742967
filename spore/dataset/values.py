"""Column values: what user code may return for a column, made a NumPy array (or, for a
dict-valued column, a dict of them)."""
from __future__ import annotations

import numpy as np


def as_array(value, where: str) -> np.ndarray:
    """`value` as a NumPy array. Python ints become int64, floats float64 and bools bool
    (NumPy's defaults, which MindSpore keeps); Tensors convert through NumPy."""
    if isinstance(value, np.ndarray):
        return value
    array = np.asarray(value)
    if array.dtype == np.object_:
        raise TypeError(f"{where}: a column value must be a NumPy array, a number, a str or a (nested) list "
                        f"of them, but got {type(value).__name__}: {value!r:.80}.")
    return array


def as_value(value, where: str):
    """`value` as a column value: a dict (with str keys) stays a dict of column values, as
    MindSpore passes dict-valued columns through map and batch; anything else as_array."""
    if isinstance(value, dict):
        for key in value:
            if not isinstance(key, str):
                raise TypeError(f"{where}: the keys of a dict column value must be str, but got {key!r}.")
        return {key: as_value(item, where) for key, item in value.items()}
    return as_array(value, where)


def as_columns(result, where: str) -> tuple:
    """What a user function returned as a tuple of column values: a tuple holds one value
    per column, anything else is one column."""
    if isinstance(result, tuple):
        return tuple(as_value(v, where) for v in result)
    return (as_value(result, where),)
