"""Primitives of MindSpore's large-model kernels that spore composes of other primitives:
RmsNorm and LogSoftmaxExt (the primitive behind mint.nn.functional.log_softmax). Gradients,
Graph mode and vmap see the parts (`compose` runs `infer` first, so bad input fails with
this op's name). MindSpore 2.7.1 registers no CPU kernel for either (a call there fails
with "The kernel ... unregistered"); they compute what their documentation states."""
from __future__ import annotations

from ...common import dtype as mstype
from .. import function as _F  # the functional API, looked up at call time
from ..primitive import Primitive, TensorSpec
from ..validator import check_axis, check_dtype, check_tensor, check_type

__all__ = ["LogSoftmaxExt", "RmsNorm"]

_FLOATS = (mstype.float16, mstype.float32, mstype.float64, mstype.bfloat16)


class RmsNorm(Primitive):
    """RmsNorm(epsilon=1e-6)(x, gamma) -> (y, rstd): x normalized by its root mean square
    over the trailing gamma.ndim axes, y = x * rstd * gamma, rstd = 1 / sqrt(mean(x^2) +
    epsilon) with size 1 on those axes (Float32, Float64 for a Float64 x); the same as
    ops.rms_norm(x, gamma, epsilon). `epsilon` is checked when the op runs, as in MindSpore."""

    def __init__(self, epsilon=1e-6):
        super().__init__()
        self.add_prim_attr("epsilon", epsilon)

    def infer(self, x, gamma):
        for arg, value in (("x", x), ("gamma", gamma)):
            check_tensor(self.name, arg, value)
            check_dtype(self.name, arg, value.dtype, _FLOATS)
        check_type(self.name, "epsilon", self.epsilon, float)
        if not 0 < self.epsilon <= 1:
            raise ValueError(f"For '{self.name}', the 'epsilon' must be in range (0, 1], but got {self.epsilon}.")
        if gamma.dtype is not x.dtype:
            raise TypeError(f"For '{self.name}', the dtype of 'gamma' must be the same as 'x' ({x.dtype}), "
                            f"but got {gamma.dtype}.")
        rank = len(gamma.shape)
        if rank > len(x.shape) or tuple(x.shape[len(x.shape) - rank:]) != tuple(gamma.shape):
            raise ValueError(f"For '{self.name}', the shape of 'gamma' must be the trailing dimensions of 'x' "
                             f"{list(x.shape)}, but got {list(gamma.shape)}.")
        rstd_shape = tuple(x.shape[:len(x.shape) - rank]) + (1,) * rank
        rstd_dtype = mstype.float64 if x.dtype is mstype.float64 else mstype.float32
        return TensorSpec(x.shape, x.dtype), TensorSpec(rstd_shape, rstd_dtype)

    def compose(self, x, gamma):
        self.infer(x, gamma)
        return _F.rms_norm(x, gamma, self.epsilon)


class LogSoftmaxExt(Primitive):
    """LogSoftmaxExt()(input, dim=None, dtype=None): log(softmax(input)) along `dim` (the
    last axis when None, as spore's mint.nn.functional.log_softmax), input first cast to
    `dtype` when given; same shape."""

    def infer(self, input, dim=None, dtype=None):
        check_tensor(self.name, "input", input)
        if dtype is not None:
            check_type(self.name, "dtype", dtype, mstype.Number)
            check_dtype(self.name, "dtype", dtype, _FLOATS)
        else:
            check_dtype(self.name, "input", input.dtype, _FLOATS)
        if dim is not None:
            if isinstance(dim, bool) or not isinstance(dim, int):
                raise TypeError(f"For '{self.name}', the 'dim' must be an int, but got {type(dim).__name__}.")
            check_axis(self.name, dim, max(len(input.shape), 1), "dim")
        return TensorSpec(input.shape, input.dtype if dtype is None else dtype)

    def compose(self, input, dim=None, dtype=None):
        self.infer(input, dim, dtype)
        if dtype is not None:
            input = _F.cast(input, dtype)
        return _F.log_softmax(input, -1 if dim is None else dim)
