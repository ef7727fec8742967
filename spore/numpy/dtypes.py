"""mindspore.numpy's dtype names and its type-promotion queries (`promote_types`,
`result_type`). Python ints become Int32 and floats Float32, as in mindspore.numpy."""
from __future__ import annotations

import numpy as onp

from ..common import dtype as mstype
from ..common.tensor import Tensor

__all__ = [
    "int_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float_", "float16", "float32", "float64", "bool_", "promote_types", "result_type",
]

int_ = mstype.int32
int8, int16, int32, int64 = mstype.int8, mstype.int16, mstype.int32, mstype.int64
uint = mstype.uint32
uint8, uint16, uint32, uint64 = mstype.uint8, mstype.uint16, mstype.uint32, mstype.uint64
float_ = mstype.float32
float16, float32, float64 = mstype.float16, mstype.float32, mstype.float64
bool_ = mstype.bool_

numeric_types = ["int_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                 "float_", "float16", "float32", "float64", "bool_"]

# Python scalars as mindspore.numpy sees them: narrower than ops' Int64 default.
_SCALAR_DTYPE = {bool: bool_, int: int32, float: float32}


def as_dtype(value, op: str = "dtype") -> mstype.Number:
    """A mindspore dtype from any spelling mindspore.numpy accepts (dtype, NumPy type, name),
    with Python `int` / `float` as Int32 / Float32."""
    if value is bool or value is int or value is float:
        return _SCALAR_DTYPE[value]
    try:
        found = mstype.as_dtype(value)
    except TypeError:
        found = None
    if found is None and isinstance(value, str):  # NumPy's codes such as 'i2' or 'f4'
        try:
            found = mstype.as_dtype(onp.dtype(value))
        except TypeError:
            found = None
    if found is None or found not in [globals()[n] for n in numeric_types]:
        raise TypeError(f"For '{op}', the dtype must be one of mindspore.numpy's numeric types "
                        f"{numeric_types}, but got {value!r}.")
    return found


def promote_types(type1, type2):
    """The dtype both `type1` and `type2` safely convert to."""
    return mstype.promote_types(as_dtype(type1, "promote_types"), as_dtype(type2, "promote_types"))


def result_type(*arrays_and_dtypes):
    """The dtype an operation on all the arguments (Tensors, dtypes or Python scalars) gives."""
    if not arrays_and_dtypes:
        raise ValueError("For 'result_type', at least one array or dtype is required.")
    result = None
    for item in arrays_and_dtypes:
        if isinstance(item, Tensor):
            dtype = item.dtype
        elif isinstance(item, (bool, int, float)):
            dtype = _SCALAR_DTYPE[type(item)]
        elif isinstance(item, onp.ndarray):
            raise TypeError(f"For 'result_type', the inputs must be Tensors, dtypes or Python scalars, "
                            f"but got {type(item).__name__}.")
        else:
            dtype = as_dtype(item, "result_type")
        result = dtype if result is None else mstype.promote_types(result, dtype)
    return result
