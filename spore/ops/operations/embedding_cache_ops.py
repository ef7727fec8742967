"""Primitives of MindSpore's embedding cache (a large embedding table whose hot rows are
cached, split over groups of devices): MapUniform spreads keys over the groups,
SubAndFilter picks the keys of one shard.

Both work on integer keys and are not differentiable.
"""
from __future__ import annotations

from ...common import dtype as mstype
from ..primitive import Primitive, TensorSpec
from ..validator import check_dtype, check_tensor
from .selection_ops import _known, _value_dependent

__all__ = ["MapUniform", "SubAndFilter"]

_KEY_DTYPES = (mstype.int32, mstype.int64)


def _check_keys(op: str, arg: str, value) -> None:
    check_tensor(op, arg, value)
    check_dtype(op, arg, value.dtype, _KEY_DTYPES)


def _int_scalar(op: str, arg: str, value):
    """An int argument given as a Python int or an integer Tensor: its value, or None
    when it is a Tensor whose value is not known (Graph mode)."""
    if hasattr(value, "dtype"):
        check_dtype(op, arg, value.dtype, _KEY_DTYPES)
        known = _known(value)
        return None if known is None else int(known)
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"For '{op}', the '{arg}' must be an int or an int32 / int64 Tensor, but got "
                        f"{type(value).__name__}.")
    return value


class MapUniform(Primitive):
    """MapUniform()(input, per_group_size, group_num): each key mapped to
    key % group_num * per_group_size + key // group_num (C division: truncated), so
    consecutive keys go round the groups. Int32 / Int64 keys; every result must be below
    per_group_size * group_num (a RuntimeError when the kernel meets one that is not)."""

    def check(self, input, per_group_size, group_num):
        self.infer(input, per_group_size, group_num)

    def infer(self, input, per_group_size, group_num):
        _check_keys(self.name, "input", input)
        _int_scalar(self.name, "per_group_size", per_group_size)
        groups = _int_scalar(self.name, "group_num", group_num)
        if groups is not None and groups <= 0:
            raise RuntimeError(f"For '{self.name}', the 'group_num' must be greater than 0, but got {groups}.")
        return TensorSpec(input.shape, input.dtype)


class SubAndFilter(Primitive):
    """SubAndFilter()(input_x, max_num, offset) -> (filter_res, filter_idx): the keys of
    input_x minus `offset` that fall in [0, max_num), and their positions in input_x
    (flattened; a 0-d input counts as one key), both 1-D of input_x's dtype."""

    def check(self, input_x, max_num, offset):
        _check_keys(self.name, "input_x", input_x)
        _int_scalar(self.name, "max_num", max_num)
        _int_scalar(self.name, "offset", offset)

    def infer(self, input_x, max_num, offset):
        _check_keys(self.name, "input_x", input_x)
        high = _int_scalar(self.name, "max_num", max_num)
        low = _int_scalar(self.name, "offset", offset)

        def kept(keys):
            shifted = keys - low
            return ((shifted >= 0) & (shifted < high)).sum()

        count = -1 if high is None or low is None else _value_dependent(input_x, kept)
        return TensorSpec((count,), input_x.dtype), TensorSpec((count,), input_x.dtype)
