"""`get_py_obj_dtype`: the MindSpore type of any Python object, Tensors included (so it sits
above both dtype.py and tensor.py)."""
from __future__ import annotations

import numpy as np

from .dtype import _BY_NP, _PY_OBJ_TYPES, TensorType, Type, type_type
from .tensor import Tensor


def get_py_obj_dtype(obj) -> Type:
    """The MindSpore type of a Python object or type: `1` and `int` give int64, `1.0`
    float64, a Tensor `tensor[<its dtype>]`, a dtype `type_type`, a NumPy scalar its dtype."""
    if isinstance(obj, Type):
        return type_type
    if isinstance(obj, Tensor):
        return TensorType(obj.dtype)
    if isinstance(obj, np.generic) and obj.dtype in _BY_NP:
        return _BY_NP[obj.dtype]
    for py_type, ms_type in _PY_OBJ_TYPES:
        if obj is py_type or (not isinstance(obj, type) and isinstance(obj, py_type)):
            return ms_type
    shown = obj if isinstance(obj, type) else type(obj)
    raise NotImplementedError(f"The python type {shown} cannot be converted to MindSpore type.")
