"""Generic transforms on arrays of any shape: Concatenate, Duplicate, Mask (with
Relational), PadEnd, Slice, Unique."""
from __future__ import annotations

import numbers
import operator
from enum import IntEnum

import numpy as np

from .. import checks
from .tensor_operation import TensorOperation
from .transforms import to_numpy_dtype


class Concatenate(TensorOperation):
    """A 1-D array with `prepend` before and `append` after it (both 1-D arrays)."""

    def __init__(self, axis: int = 0, prepend=None, append=None):
        if isinstance(axis, bool) or not isinstance(axis, numbers.Integral):
            raise TypeError(f"For 'Concatenate', the 'axis' must be an int, but got {type(axis).__name__}.")
        self.axis = int(axis)
        self.prepend = _optional_array("prepend", prepend)
        self.append = _optional_array("append", append)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        if array.ndim != 1 or self.axis not in (0, -1):
            raise RuntimeError(f"For 'Concatenate', only 1-D inputs along axis 0 are supported, but got shape "
                               f"{array.shape} and axis {self.axis}.")
        parts = [p for p in (self.prepend, array, self.append) if p is not None]
        if len({p.dtype.kind in "US" for p in parts}) > 1:
            raise RuntimeError("For 'Concatenate', the input, 'prepend' and 'append' must all be numbers or all be "
                               "strings.")
        return np.concatenate(parts)


class Duplicate(TensorOperation):
    """Two copies of the input (for a map with two output columns)."""

    def __call__(self, *inputs):
        if len(inputs) != 1:
            raise TypeError(f"For 'Duplicate', exactly 1 input is expected, but got {len(inputs)}.")
        array = self._input(inputs[0])
        return array, array.copy()


class Relational(IntEnum):
    """Comparisons of Mask: ==, !=, >, >=, <, <=."""

    EQ = 0
    NE = 1
    GT = 2
    GE = 3
    LT = 4
    LE = 5


_COMPARISONS = {Relational.EQ: operator.eq, Relational.NE: operator.ne, Relational.GT: operator.gt,
                Relational.GE: operator.ge, Relational.LT: operator.lt, Relational.LE: operator.le}


class Mask(TensorOperation):
    """input `operator` `constant`, elementwise, as `dtype` (bool by default)."""

    batchable = True

    def __init__(self, operator: Relational, constant, dtype=np.bool_):
        if not isinstance(operator, Relational):
            raise TypeError(f"For 'Mask', the 'operator' must be a Relational, but got {type(operator).__name__}.")
        if isinstance(constant, bool) or not isinstance(constant, (numbers.Number, str, bytes)):
            raise TypeError(f"For 'Mask', the 'constant' must be a number or a str, but got "
                            f"{type(constant).__name__}.")
        self.operator, self.constant = operator, constant
        self.dtype = to_numpy_dtype("Mask", "dtype", dtype)

    def _check(self, shape: tuple, dtype: np.dtype) -> None:
        if (dtype.kind in "US") != isinstance(self.constant, (str, bytes)):
            raise RuntimeError(f"For 'Mask', the 'constant' {self.constant!r} cannot be compared with an input of "
                               f"dtype {dtype}.")

    def _apply_batch(self, arrays: np.ndarray) -> np.ndarray:
        return _COMPARISONS[self.operator](arrays, self.constant).astype(self.dtype)


class PadEnd(TensorOperation):
    """The input padded at the end of each axis (or cut) to `pad_shape`, new elements
    `pad_value`."""

    def __init__(self, pad_shape, pad_value=None):
        if not isinstance(pad_shape, (list, tuple)) or not pad_shape:
            raise TypeError(f"For 'PadEnd', the 'pad_shape' must be a non-empty list of ints, but got {pad_shape!r}.")
        self.pad_shape = [checks.check_int("PadEnd", "pad_shape", d, 1) for d in pad_shape]
        if pad_value is not None and (isinstance(pad_value, bool)
                                      or not isinstance(pad_value, (numbers.Number, str, bytes))):
            raise TypeError(f"For 'PadEnd', the 'pad_value' must be a number or a str, but got "
                            f"{type(pad_value).__name__}.")
        self.pad_value = pad_value

    def _apply(self, array: np.ndarray) -> np.ndarray:
        if array.ndim != len(self.pad_shape):
            raise RuntimeError(f"For 'PadEnd', the 'pad_shape' {self.pad_shape} must have one size per axis of the "
                               f"input, of shape {array.shape}.")
        fill = self.pad_value if self.pad_value is not None else ("" if array.dtype.kind in "US" else 0)
        out = np.full(self.pad_shape, fill, dtype=array.dtype)
        kept = tuple(slice(0, min(a, b)) for a, b in zip(array.shape, self.pad_shape))
        out[kept] = array[kept]
        return out


class Slice(TensorOperation):
    """The input indexed by `slices`, one per leading axis: an int (keeping the axis), a
    list of indices, a Python slice, None or Ellipsis (the whole axis)."""

    def __init__(self, *slices):
        for s in slices:
            if s is not None and s is not Ellipsis and not isinstance(s, (numbers.Integral, list, slice)):
                raise TypeError(f"For 'Slice', every slice must be an int, a list of ints, a slice, None or "
                                f"Ellipsis, but got {s!r}.")
        self.slices = slices

    def _apply(self, array: np.ndarray) -> np.ndarray:
        out = array
        for axis, s in enumerate(self.slices):
            if s is None or s is Ellipsis:
                continue
            index = [s] if isinstance(s, numbers.Integral) else s
            try:
                out = out[(slice(None),) * axis + (index,)]
            except IndexError as e:
                raise RuntimeError(f"For 'Slice', the index {s!r} is out of range for axis {axis} of the input of "
                                   f"shape {array.shape}.") from e
        return out


class Unique(TensorOperation):
    """The distinct values of the input (flattened) in order of first appearance, the
    index into them of every element, and how often each appears (both int32)."""

    def __call__(self, *inputs):
        if len(inputs) != 1:
            raise TypeError(f"For 'Unique', exactly 1 input is expected, but got {len(inputs)}.")
        array = self._input(inputs[0])
        if array.dtype.kind not in "iufb":
            raise RuntimeError(f"For 'Unique', the input must be numeric, but got dtype {array.dtype}.")
        flat = array.reshape(-1)
        sorted_values, first, inverse, counts = np.unique(flat, return_index=True, return_inverse=True,
                                                           return_counts=True)
        order = np.argsort(first, kind="stable")
        rank = np.empty_like(order)
        rank[order] = np.arange(len(order))
        return sorted_values[order], rank[inverse.reshape(-1)].astype(np.int32), counts[order].astype(np.int32)


def _optional_array(name: str, value):
    if value is None:
        return None
    if not isinstance(value, np.ndarray):
        raise TypeError(f"For 'Concatenate', the '{name}' must be a NumPy array, but got {type(value).__name__}.")
    if value.ndim != 1:
        raise ValueError(f"For 'Concatenate', the '{name}' must be 1-D, but got shape {value.shape}.")
    return value
