"""`Symbol`: the constraints of one dynamic dimension of a graph input
(`Tensor(shape=(None, Symbol(divisor=8)), ...)`): plain data."""
from __future__ import annotations


class Symbol:
    """A dynamic dimension's range [min, max] (max 0: unbounded), its form
    divisor * N + remainder, and whether it is unique (not equal to any other symbol's
    dimension unless it is the same Symbol)."""

    def __init__(self, max=0, min=1, divisor=1, remainder=0, unique=False, **kawgs):
        for name, value in (("max", max), ("min", min), ("divisor", divisor), ("remainder", remainder)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"For 'Symbol', the argument '{name}' must be int, but got {type(value)}")
        if not isinstance(unique, bool):
            raise TypeError(f"For 'Symbol', the argument 'unique' must be bool, but got {type(unique)}")
        for name, value in (("min", min), ("divisor", divisor)):
            if value <= 0:
                raise ValueError(f"For 'Symbol', the '{name}' value should be positive, but got {value}")
        if max < 0:
            raise ValueError(f"For 'Symbol', the 'max' value should be positive or 0 (no limit), but got {max}")
        self.max = max
        self.min = min
        self.divisor = divisor
        self.remainder = remainder
        self.unique = unique
        self.id = id(self)

    def to_dict(self) -> dict:
        """The settings that differ from the defaults; 'id' for a unique Symbol."""
        shown = {}
        if self.max > 0:
            shown["max"] = self.max
        if self.min != 1:
            shown["min"] = self.min
        if self.divisor != 1:
            shown["divisor"] = self.divisor
        if self.remainder != 0:
            shown["remainder"] = self.remainder
        if self.unique:
            shown["id"] = self.id
        return shown

    def __str__(self) -> str:
        return str(self.to_dict())
