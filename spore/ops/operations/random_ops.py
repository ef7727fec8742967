"""Random sampling primitives, repeatable under set_seed.

Each instance draws from its own generator, built with its kernel from the instance's
`seed` and `seed2` (see `spore.common.seed` for MindSpore's seed rules): calls on one
instance continue its stream, and a new instance with the same seeds starts it again.
A `shape` input is a tuple of ints or a 1-D int32 / int64 Tensor holding the shape.
"""
from __future__ import annotations

from ...common import dtype as mstype
from ..primitive import Primitive, TensorSpec
from ..validator import (
    broadcast_shapes,
    check_dtype,
    check_non_negative_int,
    check_positive_int,
    check_rank,
    check_tensor,
    check_type,
)

__all__ = [
    "StandardNormal", "UniformReal", "UniformInt", "StandardLaplace", "RandomShuffle",
    "Multinomial", "RandomCategorical", "Gamma", "Poisson", "RandomGamma", "RandomPoisson",
]

_FLOATS = (mstype.float16, mstype.float32, mstype.float64)
_SHAPE_DTYPES = (mstype.int32, mstype.int64)


# ---- shared rules -------------------------------------------------------------------------
def _tuple_shape(op: str, shape, positive: bool = False) -> tuple[int, ...]:
    """A shape given as a tuple of ints, each >= 0 (> 0 with `positive`)."""
    check_type(op, "shape", shape, tuple)
    for i, dim in enumerate(shape):
        check_type(op, f"shape[{i}]", dim, int)
        if dim < 0 or (positive and dim == 0):
            kind = "positive" if positive else "non-negative"
            raise ValueError(f"For '{op}', every item of 'shape' must be a {kind} int, but got "
                             f"{shape}.")
    return shape


def _tensor_shape(op: str, shape) -> tuple[int, ...]:
    """A shape given as a 1-D int32 / int64 Tensor of non-negative values."""
    check_tensor(op, "shape", shape)
    check_dtype(op, "shape", shape.dtype, _SHAPE_DTYPES)
    check_rank(op, "shape", shape.shape, 1)
    if not hasattr(shape, "tolist"):
        raise ValueError(f"For '{op}', the 'shape' must be a constant Tensor, but got a value "
                         f"known only at run time.")
    values = tuple(shape.tolist())
    if any(v < 0 for v in values):
        raise ValueError(f"For '{op}', every item of 'shape' must be a non-negative int, but got "
                         f"{values}.")
    return values


def _output_shape(op: str, shape) -> tuple[int, ...]:
    """The shape a `shape` input names: a tuple of ints or a 1-D int Tensor."""
    if isinstance(shape, tuple):
        return _tuple_shape(op, shape)
    if hasattr(shape, "shape") and hasattr(shape, "dtype"):
        return _tensor_shape(op, shape)
    raise TypeError(f"For '{op}', the 'shape' must be a tuple of ints or a 1-D int Tensor, but "
                    f"got {type(shape).__name__}.")


def _typed_tensor(op: str, arg: str, value, allowed=(mstype.float32,)) -> None:
    check_tensor(op, arg, value)
    check_dtype(op, arg, value.dtype, allowed)


def _dtype_attr(op: str, dtype, allowed) -> mstype.Number:
    """A `dtype` attribute: one of `allowed`."""
    if dtype not in allowed:
        names = ", ".join(str(t) for t in allowed)
        raise TypeError(f"For '{op}', the 'dtype' must be one of [{names}], but got {dtype}.")
    return dtype


def _int_value(op: str, arg: str, value) -> int:
    """An int given as a Python int or a 0-d int32 / int64 Tensor."""
    if hasattr(value, "shape") and hasattr(value, "dtype"):
        check_dtype(op, arg, value.dtype, _SHAPE_DTYPES)
        check_rank(op, arg, value.shape, 0)
        return int(value.item())
    return check_type(op, arg, value, int)


class _RandomOp(Primitive):
    """A random primitive with MindSpore's `seed` and `seed2` attributes."""

    pure = False

    def __init__(self, seed=0, seed2=0):
        super().__init__()
        check_non_negative_int(self.name, "seed", seed)
        check_non_negative_int(self.name, "seed2", seed2)
        self.add_prim_attrs(seed=seed, seed2=seed2)


class _FloatFromShape(_RandomOp):
    """(shape) -> a float32 Tensor of that shape."""

    def infer(self, shape):
        return TensorSpec(_output_shape(self.name, shape), mstype.float32)


# ---- primitives ---------------------------------------------------------------------------
class StandardNormal(_FloatFromShape):
    """StandardNormal(seed=0, seed2=0)(shape): float32 samples of N(0, 1)."""


class UniformReal(_FloatFromShape):
    """UniformReal(seed=0, seed2=0)(shape): float32 samples uniform on [0, 1)."""


class StandardLaplace(_FloatFromShape):
    """StandardLaplace(seed=0, seed2=0)(shape): float32 samples of the Laplace
    distribution with mean 0 and scale 1."""


class UniformInt(_RandomOp):
    """UniformInt(seed=0, seed2=0)(shape, minval, maxval): int32 samples uniform on the
    integers of [minval, maxval); minval and maxval are 0-d int32 Tensors, minval < maxval
    (a RuntimeError otherwise, as in MindSpore)."""

    def check(self, shape, minval, maxval):
        self._check_bounds(minval, maxval)
        low, high = minval.item(), maxval.item()
        if low >= high:
            raise RuntimeError(f"For '{self.name}', 'minval' must be less than 'maxval', but got "
                               f"minval={low} and maxval={high}.")

    def infer(self, shape, minval, maxval):
        self._check_bounds(minval, maxval)
        return TensorSpec(_output_shape(self.name, shape), mstype.int32)

    def _check_bounds(self, minval, maxval):
        for arg, value in (("minval", minval), ("maxval", maxval)):
            check_tensor(self.name, arg, value)
            check_dtype(self.name, arg, value.dtype, (mstype.int32,))
            if value.shape != ():
                raise ValueError(f"For '{self.name}', the '{arg}' must be a 0-d Tensor, but got "
                                 f"shape {value.shape}.")


class RandomShuffle(_RandomOp):
    """RandomShuffle(seed=0, seed2=0)(x): x with its first axis randomly permuted (a 0-d
    x comes back unchanged)."""

    def infer(self, x):
        check_tensor(self.name, "x", x)
        return TensorSpec(x.shape, x.dtype)


class Multinomial(_RandomOp):
    """Multinomial(seed=0, seed2=0, dtype=int32)(x, num_samples): for each row of the
    1-D or 2-D weights x (non-negative, not all zero), `num_samples` indices drawn with
    replacement with probability proportional to the weights. Output shape
    x.shape[:-1] + (num_samples,)."""

    def __init__(self, seed=0, seed2=0, dtype=mstype.int32):
        super().__init__(seed, seed2)
        self.add_prim_attr("dtype", _dtype_attr(self.name, dtype, (mstype.int64, mstype.int32)))

    def infer(self, x, num_samples):
        check_tensor(self.name, "x", x)
        check_rank(self.name, "x", x.shape, (1, 2))
        count = check_non_negative_int(self.name, "num_samples",
                                       _int_value(self.name, "num_samples", num_samples))
        return TensorSpec(tuple(x.shape[:-1]) + (count,), self.dtype)


class RandomCategorical(Primitive):
    """RandomCategorical(dtype=int64)(logits, num_sample, seed): for each row of the 2-D
    float logits, `num_sample` category indices drawn with probability softmax(logits).

    `seed` is an input here: the instance keeps one stream per seed value (seed 0 follows
    the rule of seeds (0, 0), see `spore.common.seed`)."""

    pure = False

    def __init__(self, dtype=mstype.int64):
        super().__init__()
        self.add_prim_attr("dtype", _dtype_attr(self.name, dtype,
                                                (mstype.int16, mstype.int32, mstype.int64)))

    def infer(self, logits, num_sample, seed):
        _typed_tensor(self.name, "logits", logits, _FLOATS)
        check_rank(self.name, "logits", logits.shape, 2)
        count = check_positive_int(self.name, "num_sample",
                                   _int_value(self.name, "num_sample", num_sample))
        _int_value(self.name, "seed", seed)
        return TensorSpec((logits.shape[0], count), self.dtype)


class Gamma(_RandomOp):
    """Gamma(seed=0, seed2=0)(shape, alpha, beta): float32 samples of the Gamma
    distribution with shape `alpha` and scale `beta` (float32 Tensors); the output shape
    is the broadcast of `shape` (a tuple of positive ints), alpha's and beta's shapes."""

    def check(self, shape, alpha, beta):
        _tuple_shape(self.name, shape, positive=True)
        _typed_tensor(self.name, "alpha", alpha)
        _typed_tensor(self.name, "beta", beta)

    def infer(self, shape, alpha, beta):
        self.check(shape, alpha, beta)
        out = broadcast_shapes(self.name, alpha.shape, beta.shape, shape,
                               names=("alpha", "beta", "shape"))
        return TensorSpec(out, mstype.float32)


class Poisson(_RandomOp):
    """Poisson(seed=0, seed2=0)(shape, mean): int32 samples of the Poisson distribution
    of float32 `mean`; the output shape is the broadcast of `shape` (a tuple of positive
    ints) and mean's shape."""

    def check(self, shape, mean):
        _tuple_shape(self.name, shape, positive=True)
        _typed_tensor(self.name, "mean", mean)

    def infer(self, shape, mean):
        self.check(shape, mean)
        out = broadcast_shapes(self.name, mean.shape, shape, names=("mean", "shape"))
        return TensorSpec(out, mstype.int32)


class RandomGamma(_RandomOp):
    """RandomGamma(seed=0, seed2=0)(shape, alpha): samples of Gamma(alpha, 1) of shape
    `shape + alpha.shape` and alpha's dtype; `shape` is a 1-D int Tensor."""

    def infer(self, shape, alpha):
        out = _tensor_shape(self.name, shape)
        _typed_tensor(self.name, "alpha", alpha, _FLOATS)
        return TensorSpec(out + tuple(alpha.shape), alpha.dtype)


class RandomPoisson(_RandomOp):
    """RandomPoisson(seed=0, seed2=0, dtype=int64)(shape, rate): samples of the Poisson
    distribution of `rate` of shape `shape + rate.shape` and type `dtype`; `shape` is a
    1-D int Tensor."""

    _DTYPES = (mstype.int64, mstype.int32, mstype.float16, mstype.float32, mstype.float64)

    def __init__(self, seed=0, seed2=0, dtype=mstype.int64):
        super().__init__(seed, seed2)
        self.add_prim_attr("dtype", _dtype_attr(self.name, dtype, self._DTYPES))

    def infer(self, shape, rate):
        out = _tensor_shape(self.name, shape)
        _typed_tensor(self.name, "rate", rate, _FLOATS + (mstype.int32, mstype.int64))
        return TensorSpec(out + tuple(rate.shape), self.dtype)
