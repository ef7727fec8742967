"""The argument handling several functional families share: a Tensor argument (the
functions run on Tensors, so an instance check, not validator.check_tensor's abstract
one) and its dtype, a loss's `reduction` and applying it."""
from __future__ import annotations

from ...common import dtype as mstype
from ...common.tensor import Tensor
from .. import function as _F  # the reductions, looked up at call time
from ..validator import check_string

REDUCTIONS = ("none", "mean", "sum")
FLOATS = (mstype.float16, mstype.float32, mstype.float64)


def check_is_tensor(fn: str, arg: str, value) -> None:
    if not isinstance(value, Tensor):
        raise TypeError(f"For '{fn}', the '{arg}' must be a Tensor, but got {type(value).__name__}.")


def check_tensor_dtype(fn: str, arg: str, value, allowed=FLOATS) -> None:
    """`value` is a Tensor of one of the `allowed` dtypes (by default float16, float32 or float64)."""
    check_is_tensor(fn, arg, value)
    if value.dtype not in allowed:
        names = ", ".join(str(d) for d in allowed)
        raise TypeError(f"For '{fn}', the dtype of '{arg}' must be one of {names}, but got {value.dtype}.")


def check_reduction(fn: str, reduction) -> str:
    return check_string(fn, "reduction", reduction, REDUCTIONS, case_sensitive=True)


def reduce_loss(loss, reduction: str):
    """An elementwise loss reduced as `reduction` says ('none', 'mean' or 'sum')."""
    if reduction == "mean":
        return _F.mean(loss)
    if reduction == "sum":
        return _F.sum(loss)
    return loss
