"""Clipping layers: ClipByNorm."""
from __future__ import annotations

from ... import ops
from ...common import dtype as mstype
from ...common.tensor import Tensor
from ...ops.validator import check_axes, check_dtype, check_type
from ..cell import Cell

__all__ = ["ClipByNorm"]

_FLOAT_TYPES = (mstype.float16, mstype.float32)


class ClipByNorm(Cell):
    """ClipByNorm(axis=None)

    Limits the L2 norm of x, taken over `axis` (an int, a tuple or list of ints; None:
    all axes): `construct(x, clip_norm)` returns x * clip_norm / max(norm, clip_norm).

    Inputs: x, a float16 or float32 Tensor; clip_norm, a float16 or float32 Tensor of
    shape () or (1,), or one that broadcasts to the norm's shape (x's shape with the
    reduced axes of size 1). Outputs: a float32 Tensor of x's shape.
    """

    def __init__(self, axis=None):
        super().__init__()
        if axis is not None:
            check_type("ClipByNorm", "axis", axis, (int, tuple, list))
            for item in (axis,) if isinstance(axis, int) else axis:
                check_type("ClipByNorm", "axis", item, int)
        self.axis = axis

    def construct(self, x, clip_norm):
        axis = self._checked_axis(x, clip_norm)
        x = ops.cast(x, mstype.float32)
        clip_norm = ops.cast(clip_norm, mstype.float32)
        square_sum = ops.sum(ops.square(x), axis, keepdim=True)
        # sqrt'(0) is infinite: take the root of ones where the sum is 0 so that the
        # gradient of an all-zero slice stays finite.
        nonzero = square_sum > 0
        norm = ops.select(nonzero, ops.sqrt(ops.select(nonzero, square_sum, ops.ones_like(square_sum))),
                          square_sum)
        return x * clip_norm / ops.maximum(norm, clip_norm)

    def _checked_axis(self, x, clip_norm) -> tuple[int, ...]:
        """The reduction axes as a tuple (all of x's for None or ()), after checking the
        inputs."""
        for name, value in (("x", x), ("clip_norm", clip_norm)):
            if not isinstance(value, Tensor):
                raise TypeError(f"For 'ClipByNorm', the '{name}' must be a Tensor, but got "
                                f"{type(value).__name__}.")
            check_dtype("ClipByNorm", name, value.dtype, _FLOAT_TYPES)
        axes = () if self.axis is None else check_axes("ClipByNorm", self.axis, x.ndim)
        return axes or tuple(range(x.ndim))
