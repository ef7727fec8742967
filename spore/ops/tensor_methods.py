"""Installs the Tensor methods and operators that the ops layer defines.

`Tensor` (spore/common/tensor.py) sits below the ops layer and so cannot import it;
each functional module declares the methods it provides in a `TENSOR_METHODS` table,
and this module puts them on the class once, when `spore.ops` is imported.
"""
from __future__ import annotations

from ..common.tensor import Tensor
from .function import (
    array_func,
    attention_func,
    builtin_func,
    conv_func,
    linalg_func,
    math_func,
    nn_func,
    other_func,
    random_func,
    reduce_func,
    scatter_func,
    selection_func,
    signal_func,
    sparse_func,
    special_func,
    tensor_func,
    vision_func,
)

_FAMILIES = (
    array_func,
    attention_func,
    builtin_func,
    conv_func,
    linalg_func,
    math_func,
    nn_func,
    other_func,
    random_func,
    reduce_func,
    scatter_func,
    selection_func,
    signal_func,
    sparse_func,
    special_func,
    tensor_func,
    vision_func,
)


def install() -> None:
    seen: dict[str, str] = {}
    for family in _FAMILIES:
        for name, fn in family.TENSOR_METHODS.items():
            if name in seen:
                raise RuntimeError(f"Tensor method '{name}' is defined by both "
                                   f"{seen[name]} and {family.__name__}")
            seen[name] = family.__name__
            setattr(Tensor, name, fn)


install()
