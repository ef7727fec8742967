"""The matmul MindSpore's composite module has: NumPy's matmul with an output dtype."""
from __future__ import annotations

from ..function import array_func, linalg_func


def matmul(x1, x2, dtype=None):
    """The matrix product of `x1` and `x2` (NumPy's broadcasting rules, as ops.matmul),
    cast to `dtype` when given."""
    result = linalg_func.matmul(x1, x2)
    return result if dtype is None else array_func.cast(result, dtype)
