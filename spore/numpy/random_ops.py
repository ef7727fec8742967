"""mindspore.numpy's random arrays (`rand`, `randn`, `randint`), drawn by spore's random ops
(so `mindspore.set_seed` governs them)."""
from __future__ import annotations

from .. import ops
from ..common import dtype as mstype
from .dtypes import as_dtype
from .utils import check_int, check_shape

__all__ = ["rand", "randn", "randint"]


def _random_shape(op: str, shape: tuple) -> tuple:
    if len(shape) == 1 and isinstance(shape[0], (list, tuple)):
        shape = tuple(shape[0])
    return check_shape(shape, op)


def rand(*shape, dtype=mstype.float32):
    """Uniform samples in [0, 1) of `shape` (ints, or one tuple)."""
    dtype = as_dtype(dtype, "rand")
    if not mstype.is_float(dtype):
        raise ValueError(f"For 'rand', the 'dtype' must be a float type, but got {dtype}.")
    return ops.rand(*_random_shape("rand", shape), dtype=dtype)


def randn(*shape, dtype=mstype.float32):
    """Standard normal samples of `shape` (ints, or one tuple)."""
    dtype = as_dtype(dtype, "randn")
    if not mstype.is_float(dtype):
        raise ValueError(f"For 'randn', the 'dtype' must be a float type, but got {dtype}.")
    return ops.randn(*_random_shape("randn", shape), dtype=dtype)


def randint(minval, maxval=None, shape=None, dtype=mstype.int32):
    """Uniform integers in [minval, maxval) (in [0, minval) without `maxval`) of `shape`."""
    if maxval is None:
        minval, maxval = 0, minval
    minval, maxval = check_int(minval, "randint", "minval"), check_int(maxval, "randint", "maxval")
    if maxval <= minval:
        raise ValueError(f"For 'randint', the 'maxval' must be greater than 'minval', but got {minval} and {maxval}.")
    dtype = as_dtype(dtype, "randint")
    if not mstype.is_int(dtype):
        raise TypeError(f"For 'randint', the 'dtype' must be an int type, but got {dtype}.")
    shape = () if shape is None else check_shape(shape, "randint")
    return ops.randint(minval, maxval, shape, dtype=dtype)
