"""The remaining nn Primitives of MindSpore 2.7.1. Most are compositions of other
primitives: the deprecated names (Gelu, FastGelu, DynamicShape), GLU, Softsign,
L2Normalize, Renorm and NuclearNorm define `compose`, so gradients, Graph mode and vmap
see the parts (`compose` runs `infer` first, so bad input fails with this op's name).
NoRepeatNGram has a kernel."""
from __future__ import annotations

from ...common import dtype as mstype
from ..function import array_func, math_func, nn_func, reduce_func
from ..primitive import Primitive, TensorSpec
from ..validator import check_axes, check_axis, check_bool, check_dtype, check_tensor, check_type
from .array_ops import TensorShape
from .nn_ops import FastGeLU, GeLU

__all__ = ["DynamicShape", "FastGelu", "GLU", "Gelu", "L2Normalize", "NoRepeatNGram", "NuclearNorm", "Renorm",
           "Softsign"]

_FLOATS = (mstype.float16, mstype.float32, mstype.float64)


def _typed_tensor(op: str, arg: str, value, allowed=_FLOATS) -> None:
    check_tensor(op, arg, value)
    check_dtype(op, arg, value.dtype, allowed)


class _Elementwise(Primitive):
    """One float Tensor in, one of the same shape and dtype out."""

    def infer(self, x):
        _typed_tensor(self.name, "x", x)
        return TensorSpec(x.shape, x.dtype)


class Gelu(_Elementwise):
    """Gelu()(x): MindSpore 1.0's name of GeLU (the tanh approximation)."""

    def compose(self, x):
        self.infer(x)
        return GeLU()(x)


class FastGelu(_Elementwise):
    """FastGelu()(x): MindSpore 1.0's name of FastGeLU, x * sigmoid(1.702 x)."""

    def compose(self, x):
        self.infer(x)
        return FastGeLU()(x)


class Softsign(_Elementwise):
    """Softsign()(x): x / (1 + |x|), same shape and dtype."""

    def compose(self, x):
        self.infer(x)
        return x / (math_func.abs(x) + 1)


class GLU(Primitive):
    """GLU(axis=-1)(x): with a, b the two halves of x along `axis` (of even size),
    a * sigmoid(b); the output has half of x's size on `axis`."""

    def __init__(self, axis=-1):
        super().__init__()
        self.add_prim_attr("axis", check_type(self.name, "axis", axis, int))

    def infer(self, x):
        _typed_tensor(self.name, "x", x, _FLOATS + (mstype.bfloat16,))
        axis = check_axis(self.name, self.axis, len(x.shape))
        if x.shape[axis] % 2:
            raise RuntimeError(f"For '{self.name}', the size of 'x' on axis {self.axis} must be even, "
                               f"but got {x.shape[axis]}.")
        shape = list(x.shape)
        shape[axis] //= 2
        return TensorSpec(shape, x.dtype)

    def compose(self, x):
        self.infer(x)
        first, second = array_func.chunk(x, 2, self.axis)
        return first * math_func.sigmoid(second)


class L2Normalize(Primitive):
    """L2Normalize(axis=0, epsilon=1e-4)(x): x / sqrt(max(sum(x^2, axis), epsilon)),
    same shape and dtype; `axis` an int or a tuple / list of one int."""

    def __init__(self, axis=0, epsilon=1e-4):
        super().__init__()
        if isinstance(axis, (tuple, list)):
            if len(axis) != 1:
                raise ValueError(f"For '{self.name}', the 'axis' must be an int or a tuple of one int, "
                                 f"but got {axis}.")
            axis = axis[0]
        self.add_prim_attr("axis", check_type(self.name, "axis", axis, int))
        self.add_prim_attr("epsilon", check_type(self.name, "epsilon", epsilon, float))

    def infer(self, x):
        _typed_tensor(self.name, "x", x)
        check_axis(self.name, self.axis, len(x.shape))
        return TensorSpec(x.shape, x.dtype)

    def compose(self, x):
        self.infer(x)
        square_sum = reduce_func.sum(math_func.square(x), self.axis, True)
        return x * math_func.rsqrt(math_func.clamp(square_sum, self.epsilon))


class Renorm(Primitive):
    """Renorm(p, dim, maxnorm)(x): each slice of x along `dim` whose p-norm exceeds
    `maxnorm` scaled down to norm `maxnorm`; same shape and dtype."""

    def __init__(self, p, dim, maxnorm):
        super().__init__()
        check_type(self.name, "p", p, int)
        if p <= 0:
            raise ValueError(f"For '{self.name}', the 'p' must be a positive int, but got {p}.")
        check_type(self.name, "maxnorm", maxnorm, float)
        if maxnorm < 0:
            raise ValueError(f"For '{self.name}', the 'maxnorm' must be non-negative, but got {maxnorm}.")
        self.add_prim_attrs(p=p, dim=check_type(self.name, "dim", dim, int), maxnorm=maxnorm)

    def infer(self, x):
        _typed_tensor(self.name, "x", x)
        check_axis(self.name, self.dim, len(x.shape), "dim")
        return TensorSpec(x.shape, x.dtype)

    def compose(self, x):
        self.infer(x)
        return nn_func.renorm(x, self.p, self.dim, self.maxnorm)


class NuclearNorm(Primitive):
    """NuclearNorm(dim=None, keepdim=False)(x): the sum of the singular values of the
    matrices spanned by the two axes `dim` (None: a 2-D x's two axes); those axes are
    removed (kept with size 1 under `keepdim`)."""

    def __init__(self, dim=None, keepdim=False):
        super().__init__()
        if dim is not None:
            check_type(self.name, "dim", dim, (tuple, list))
            if len(dim) != 2:
                raise ValueError(f"For '{self.name}', the 'dim' must have 2 elements, but got {dim}.")
            dim = list(dim)
        self.add_prim_attrs(dim=dim, keepdim=check_bool(self.name, "keepdim", keepdim))

    def _axes(self, x) -> tuple[int, int]:
        if self.dim is None:
            if len(x.shape) != 2:
                raise ValueError(f"For '{self.name}', the 'dim' must be given when 'x' is not 2-D, "
                                 f"but 'x' has rank {len(x.shape)}.")
            return (0, 1)
        axes = check_axes(self.name, self.dim, len(x.shape), "dim")
        return axes

    def infer(self, x):
        _typed_tensor(self.name, "x", x, (mstype.float32, mstype.float64))
        axes = self._axes(x)
        if self.keepdim:
            shape = [1 if i in axes else n for i, n in enumerate(x.shape)]
        else:
            shape = [n for i, n in enumerate(x.shape) if i not in axes]
        return TensorSpec(shape, x.dtype)

    def compose(self, x):
        self.infer(x)
        return reduce_func.matrix_norm(x, "nuc", self._axes(x), self.keepdim)


class NoRepeatNGram(Primitive):
    """NoRepeatNGram(ngram_size=1)(state_seq, log_probs): beam search's n-gram blocking.
    state_seq (batch, beam, length) Int32, log_probs (batch, beam, vocab) float: every
    token that followed an earlier occurrence of the last ngram_size - 1 tokens of a
    sequence gets log_probs' lowest value; same shape and dtype as log_probs."""

    def __init__(self, ngram_size=1):
        super().__init__()
        check_type(self.name, "ngram_size", ngram_size, int)
        if ngram_size < 1:
            raise ValueError(f"For '{self.name}', the 'ngram_size' must be an int >= 1, but got {ngram_size}.")
        self.add_prim_attr("ngram_size", ngram_size)

    def check(self, state_seq, log_probs):
        self.infer(state_seq, log_probs)

    def infer(self, state_seq, log_probs):
        _typed_tensor(self.name, "state_seq", state_seq, (mstype.int32,))
        _typed_tensor(self.name, "log_probs", log_probs)
        for arg, value in (("state_seq", state_seq), ("log_probs", log_probs)):
            if len(value.shape) != 3:
                raise ValueError(f"For '{self.name}', the rank of '{arg}' must be 3, but got {len(value.shape)}.")
        if tuple(state_seq.shape[:2]) != tuple(log_probs.shape[:2]):
            raise ValueError(f"For '{self.name}', the first two dimensions of 'state_seq' and 'log_probs' must "
                             f"match, but got {list(state_seq.shape)} and {list(log_probs.shape)}.")
        if self.ngram_size > state_seq.shape[2] + 1:
            raise ValueError(f"For '{self.name}', the 'ngram_size' must be at most the length of 'state_seq' + 1 "
                             f"({state_seq.shape[2] + 1}), but got {self.ngram_size}.")
        return TensorSpec(log_probs.shape, log_probs.dtype)


class DynamicShape(Primitive):
    """DynamicShape(dtype=9)(input_x): MindSpore's older name of TensorShape, the shape
    of input_x as a 1-D Int64 Tensor (`dtype` is kept as an attribute; 2.7.1 ignores it)."""

    def __init__(self, dtype=9):
        super().__init__()
        self.add_prim_attr("dtype", dtype)

    def infer(self, input_x):
        return TensorShape().infer(input_x)

    def compose(self, input_x):
        return TensorShape()(input_x)
