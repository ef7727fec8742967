"""Primitives of MindSpore's large-model kernels: RmsNorm and LogSoftmaxExt (the primitive
behind mint.nn.functional.log_softmax), composed of other primitives (gradients, Graph mode
and vmap see the parts; `compose` runs `infer` first, so bad input fails with this op's
name), and GroupTopk (mixture-of-experts group selection, a kernel). MindSpore 2.7.1 has no
CPU kernel for any of them (a call there fails at kernel selection); they compute what their
documentation (for GroupTopk, Ascend's) states."""
from __future__ import annotations

from ...common import dtype as mstype
from ..function import array_func, nn_func
from ..primitive import Primitive, TensorSpec
from ..validator import check_axis, check_dtype, check_int, check_tensor, check_type

__all__ = ["GroupTopk", "LogSoftmaxExt", "RmsNorm"]

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
        return nn_func.rms_norm(x, gamma, self.epsilon)


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
            input = array_func.cast(input, dtype)
        return nn_func.log_softmax(input, -1 if dim is None else dim)


class GroupTopk(Primitive):
    """GroupTopk()(token, idx_arr, group_num, k, k_inner=1): token (tokens, experts) split
    along its experts into `group_num` equal groups; each group scores the sum of its
    `k_inner` largest values (k_inner 1: its maximum); in each row the experts of all but
    the `k` best-scoring groups (ties: the lower group) are set to 0. As MindSpore's
    kernel, it writes the result into `token` and returns it. idx_arr (1-D Int32, the
    kernel's helper 0, 1, 2, ...) is not read. Constraints: 1 <= experts <= 1024,
    experts % group_num == 0, experts >= group_num >= k >= 1, 1 <= k_inner <= experts /
    group_num."""

    side_effect = True
    state_positions = (0,)
    state_results = (0,)
    output_results = 0

    def check(self, token, idx_arr, group_num, k, k_inner=1):
        self.infer(token, idx_arr, group_num, k, k_inner)

    def infer(self, token, idx_arr, group_num, k, k_inner=1):
        check_tensor(self.name, "token", token)
        check_dtype(self.name, "token", token.dtype, _FLOATS)
        check_tensor(self.name, "idx_arr", idx_arr)
        check_dtype(self.name, "idx_arr", idx_arr.dtype, (mstype.int32,))
        if len(token.shape) != 2:
            raise ValueError(f"For '{self.name}', the rank of 'token' must be 2, but got {len(token.shape)}.")
        experts = token.shape[1]
        if not 1 <= experts <= 1024:
            raise ValueError(f"For '{self.name}', the number of experts (token.shape[1]) must be in [1, 1024], "
                             f"but got {experts}.")
        check_int(self.name, "group_num", group_num, 1, experts)
        if experts % group_num:
            raise ValueError(f"For '{self.name}', the number of experts ({experts}) must be divisible by "
                             f"'group_num' ({group_num}).")
        check_int(self.name, "k", k, 1, group_num)
        check_int(self.name, "k_inner", k_inner, 1, experts // group_num)
        return TensorSpec(token.shape, token.dtype)
