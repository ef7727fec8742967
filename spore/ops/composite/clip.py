"""Norm clipping of groups of Tensors, such as a network's gradients:
`clip_by_global_norm` (MindSpore 1.x and 2.x) and `clip_by_norm` (MindSpore 2.x).
Element-wise clipping is `ops.clip_by_value`."""
from __future__ import annotations

import math

from ...common import dtype as mstype
from ...common.tensor import Tensor
from ..function import array_func as A
from ..function import math_func as M
from ..function import reduce_func as R
from ..validator import check_bool, check_type

__all__ = ["clip_by_global_norm", "clip_by_norm"]


def _as_tensors(api: str, x) -> tuple[Tensor, ...]:
    """`x` (a Tensor, or a tuple or list of Tensors) as a tuple of Tensors."""
    if isinstance(x, Tensor):
        return (x,)
    if isinstance(x, (tuple, list)):
        for value in x:
            if not isinstance(value, Tensor):
                raise TypeError(f"For '{api}', every element of 'x' must be a Tensor, but got "
                                f"{type(value).__name__}.")
        return tuple(x)
    raise TypeError(f"For '{api}', the 'x' must be a Tensor or a tuple or list of Tensors, but got "
                    f"{type(x).__name__}.")


def clip_by_global_norm(x, clip_norm=1.0, use_norm=None):
    """Scale the Tensors `x` together so that their global L2 norm (the norm of all their
    elements at once, computed in float32) is at most `clip_norm` (> 0): each becomes
    x * clip_norm / max(global_norm, clip_norm), in its own dtype. Returns a tuple for a
    tuple or list, a Tensor for a Tensor. `use_norm` must be None."""
    check_type("clip_by_global_norm", "clip_norm", clip_norm, (int, float))
    if clip_norm <= 0:
        raise ValueError(f"For 'clip_by_global_norm', the 'clip_norm' must be > 0, but got {clip_norm}.")
    if use_norm is not None:
        raise ValueError(f"For 'clip_by_global_norm', the 'use_norm' only supports None, but got {use_norm}.")
    tensors = _as_tensors("clip_by_global_norm", x)
    square_sums = [R.sum(M.square(A.cast(t, mstype.float32))) for t in tensors]
    global_norm = M.sqrt(M.addn(square_sums))
    limit = Tensor(clip_norm, mstype.float32)
    divisor = M.maximum(global_norm, limit)
    clipped = tuple(A.cast(t * limit / divisor, t.dtype) for t in tensors)
    return clipped[0] if isinstance(x, Tensor) else clipped


def _total_norm(tensors: tuple[Tensor, ...], norm_type: float) -> Tensor:
    """The `norm_type`-norm of all elements of `tensors` at once, in float32."""
    tensors = [M.abs(A.cast(t, mstype.float32)) for t in tensors]
    if norm_type == math.inf:
        return R.amax(A.stack([R.amax(t) for t in tensors]))
    powered = [R.sum(M.pow(t, norm_type)) for t in tensors]
    return M.pow(M.addn(powered), 1.0 / norm_type)


def clip_by_norm(x, max_norm, norm_type=2.0, error_if_nonfinite=False):
    """Scale the Tensors `x` together so that the `norm_type`-norm of all their elements
    (`inf` for the largest magnitude) is at most `max_norm`: when
    max_norm / (norm + 1e-6) < 1 each Tensor is multiplied by that coefficient (in its
    own dtype), else they are returned as they are. Returns a tuple for a tuple or list,
    a Tensor for a Tensor. With error_if_nonfinite, a NaN or infinite norm raises
    RuntimeError."""
    check_type("clip_by_norm", "max_norm", max_norm, (int, float))
    check_type("clip_by_norm", "norm_type", norm_type, (int, float))
    check_bool("clip_by_norm", "error_if_nonfinite", error_if_nonfinite)
    tensors = _as_tensors("clip_by_norm", x)
    total_norm = _total_norm(tensors, norm_type)
    if error_if_nonfinite and not M.isfinite(total_norm):
        raise RuntimeError(f"For 'clip_by_norm', the total norm of order {norm_type} of the input is "
                           f"not finite.")
    coefficient = max_norm / (total_norm + 1e-6)
    if coefficient < 1:
        tensors = tuple(A.cast(t * coefficient, t.dtype) for t in tensors)
    return tensors[0] if isinstance(x, Tensor) else tensors
