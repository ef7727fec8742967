"""Random sampling primitives, repeatable under set_seed.

Each instance draws from its own generator, built with its kernel from the instance's
`seed` and `seed2` (see `spore.common.seed` for MindSpore's seed rules): calls on one
instance continue its stream, and a new instance with the same seeds starts it again.
A `shape` input is a tuple of ints or a 1-D int32 / int64 Tensor holding the shape.
"""
from __future__ import annotations

from ...common import dtype as mstype
from ...common.generator import Generator
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
    "Bernoulli", "Randperm", "RandomChoiceWithMask", "MultinomialWithReplacement", "Cauchy", "LogNormalReverse",
    "UniformCandidateSampler", "LogUniformCandidateSampler", "RandpermV2", "TruncatedNormal",
    "ParameterizedTruncatedNormal", "NonDeterministicInts",
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
    _check_int_value(op, arg, value)
    return int(value.item()) if _is_tensor_like(value) else value


def _check_int_value(op: str, arg: str, value) -> None:
    """`value` is a Python int or a 0-d int32 / int64 Tensor (whose value a graph need not know)."""
    if _is_tensor_like(value):
        check_dtype(op, arg, value.dtype, _SHAPE_DTYPES)
        check_rank(op, arg, value.shape, 0)
    else:
        check_type(op, arg, value, int)


def _is_tensor_like(value) -> bool:
    return hasattr(value, "shape") and hasattr(value, "dtype")


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
        _check_int_value(self.name, "seed", seed)
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


# ---- Bernoulli, permutations, choices -----------------------------------------------------
_BERNOULLI_TYPES = (mstype.bool_, mstype.int8, mstype.uint8, mstype.int16, mstype.int32, mstype.int64,
                    mstype.float32, mstype.float64)


class Bernoulli(Primitive):
    """Bernoulli(seed=-1, offset=0)(x, p): 0 / 1 samples of x's shape and dtype, 1 with
    probability p (a float, or a float32 / float64 Tensor broadcasting to x's shape, in
    [0, 1]). seed -1 follows the rule of seeds (0, 0) (see `spore.common.seed`)."""

    pure = False

    def __init__(self, seed=-1, offset=0):
        super().__init__()
        check_type(self.name, "seed", seed, int)
        check_type(self.name, "offset", offset, int)
        if seed < -1:
            raise ValueError(f"For '{self.name}', the 'seed' must be -1 or a non-negative int, but got {seed}.")
        check_non_negative_int(self.name, "offset", offset)
        self.add_prim_attrs(seed=seed, offset=offset)

    def infer(self, x, p):
        check_tensor(self.name, "x", x)
        check_dtype(self.name, "x", x.dtype, _BERNOULLI_TYPES)
        if hasattr(p, "dtype") and hasattr(p, "shape"):
            check_dtype(self.name, "p", p.dtype, (mstype.float32, mstype.float64))
            broadcast_shapes(self.name, x.shape, p.shape, names=("x", "p"))
        else:
            check_type(self.name, "p", p, (int, float))
            if not 0 <= p <= 1:
                raise ValueError(f"For '{self.name}', the 'p' must be in range [0, 1], but got {p}.")
        return TensorSpec(x.shape, x.dtype)


_PERMUTATION_DTYPES = (mstype.int8, mstype.int16, mstype.int32, mstype.int64, mstype.uint8, mstype.uint16,
                       mstype.uint32, mstype.uint64, mstype.float16, mstype.float32, mstype.float64)


class Randperm(_RandomOp):
    """Randperm(max_length=1, pad=-1, dtype=int32)(n): a random permutation of 0 .. n-1
    (n a 1-element int32 / int64 Tensor, at most max_length) followed by `pad` up to
    `max_length` elements. It has no seeds: it draws as a random op of seeds (0, 0)."""

    _DTYPES = _PERMUTATION_DTYPES

    def __init__(self, max_length=1, pad=-1, dtype=mstype.int32):
        super().__init__()
        self.add_prim_attr("max_length", check_positive_int(self.name, "max_length", max_length))
        self.add_prim_attr("pad", check_type(self.name, "pad", pad, int))
        self.add_prim_attr("dtype", _dtype_attr(self.name, dtype, self._DTYPES))

    def check(self, n):
        self.infer(n)
        count = int(n.asnumpy().reshape(-1)[0])
        if not 0 <= count <= self.max_length:
            raise ValueError(f"For '{self.name}', the 'n' must be in range [0, max_length={self.max_length}], "
                             f"but got {count}.")

    def infer(self, n):
        check_tensor(self.name, "n", n)
        check_dtype(self.name, "n", n.dtype, _SHAPE_DTYPES)
        if tuple(n.shape) != (1,):
            raise ValueError(f"For '{self.name}', the 'n' must be a Tensor of shape (1,), but got {n.shape}.")
        return TensorSpec((self.max_length,), self.dtype)


class RandpermV2(Primitive):
    """RandpermV2(seed=0, offset=0, dtype=int64)(n): a random permutation of 0 .. n-1 (n a
    positive int or 0-d int Tensor) as `dtype`; seeds (seed, offset) not both 0 give a
    fixed stream (see `spore.common.seed`)."""

    pure = False

    def __init__(self, seed=0, offset=0, dtype=mstype.int64):
        super().__init__()
        check_type(self.name, "seed", seed, int)
        if seed < -1:
            raise ValueError(f"For '{self.name}', the 'seed' must be -1 or a non-negative int, but got {seed}.")
        self.add_prim_attrs(seed=seed, offset=check_non_negative_int(self.name, "offset", offset))
        self.add_prim_attr("dtype", _dtype_attr(self.name, dtype, _PERMUTATION_DTYPES))

    def check(self, n):
        self.infer(n)

    def infer(self, n):
        count = _int_value(self.name, "n", n)
        if count <= 0:
            raise ValueError(f"For '{self.name}', the 'n' must be greater than 0, but got {count}.")
        return TensorSpec((count,), self.dtype)


class RandomChoiceWithMask(_RandomOp):
    """RandomChoiceWithMask(count=256, seed=0, seed2=0)(input_x): the Int32 coordinates
    (count, rank) of `count` True elements of the Bool `input_x` (rank 1 to 5) chosen at
    random without replacement, and a Bool mask (count,) telling which rows are real
    (when fewer than `count` elements are True, the other rows are zeros)."""

    def __init__(self, count=256, seed=0, seed2=0):
        super().__init__(seed, seed2)
        self.add_prim_attr("count", check_positive_int(self.name, "count", count))

    def infer(self, input_x):
        _typed_tensor(self.name, "input_x", input_x, (mstype.bool_,))
        check_rank(self.name, "input_x", input_x.shape, (1, 2, 3, 4, 5))
        return TensorSpec((self.count, len(input_x.shape)), mstype.int32), TensorSpec((self.count,), mstype.bool_)


class MultinomialWithReplacement(Primitive):
    """MultinomialWithReplacement(numsamples, replacement=False)(x, seed, offset): Int64
    indices, `numsamples` per row of the 1-D / 2-D non-negative weights `x`, drawn with
    probability proportional to the weights (with or without replacement). `seed` and
    `offset` are 0-d Int64 Tensors: nonzero seeds give a fixed stream of (seed, offset)."""

    pure = False

    def __init__(self, numsamples, replacement=False):
        super().__init__()
        self.add_prim_attr("numsamples", check_positive_int(self.name, "numsamples", numsamples))
        self.add_prim_attr("replacement", check_type(self.name, "replacement", replacement, bool))

    def infer(self, x, seed, offset):
        _typed_tensor(self.name, "x", x, _FLOATS)
        check_rank(self.name, "x", x.shape, (1, 2))
        for arg, value in (("seed", seed), ("offset", offset)):
            _check_int_value(self.name, arg, value)
        if not self.replacement and self.numsamples > x.shape[-1]:
            raise ValueError(f"For '{self.name}', the 'numsamples' must be at most the number of categories "
                             f"({x.shape[-1]}) without replacement, but got {self.numsamples}.")
        return TensorSpec(tuple(x.shape[:-1]) + (self.numsamples,), mstype.int64)


# ---- distributions filling a shape ----------------------------------------------------------
class Cauchy(_RandomOp):
    """Cauchy(size, median=0.0, sigma=1.0)(): float32 samples of the Cauchy distribution
    of `median` and scale `sigma`, of shape `size` (a list of positive ints)."""

    def __init__(self, size, median=0.0, sigma=1.0, *, seed=0, seed2=0):
        super().__init__(seed, seed2)
        check_type(self.name, "size", size, (list, tuple))
        _tuple_shape(self.name, tuple(size), positive=True)
        self.add_prim_attr("size", list(size))
        self.add_prim_attr("median", float(check_type(self.name, "median", median, (int, float))))
        sigma = float(check_type(self.name, "sigma", sigma, (int, float)))
        if sigma <= 0:
            raise ValueError(f"For '{self.name}', the 'sigma' must be positive, but got {sigma}.")
        self.add_prim_attr("sigma", sigma)

    def infer(self):
        return TensorSpec(tuple(self.size), mstype.float32)


class LogNormalReverse(_RandomOp):
    """LogNormalReverse(mean=1.0, std=2.0)(input): samples exp(N(mean, std**2)) of the
    float16 / float32 / float64 input's shape and dtype (input's values are not read)."""

    def __init__(self, mean=1.0, std=2.0, *, seed=0, seed2=0):
        super().__init__(seed, seed2)
        self.add_prim_attr("mean", float(check_type(self.name, "mean", mean, (int, float))))
        std = float(check_type(self.name, "std", std, (int, float)))
        if std <= 0:
            raise ValueError(f"For '{self.name}', the 'std' must be positive, but got {std}.")
        self.add_prim_attr("std", std)

    def infer(self, input):
        _typed_tensor(self.name, "input", input, (mstype.float16, mstype.float32, mstype.float64))
        return TensorSpec(input.shape, input.dtype)


class TruncatedNormal(_RandomOp):
    """TruncatedNormal(dtype=float32, seed=0, seed2=0)(shape): samples of N(0, 1) within
    [-2, 2] (values outside are drawn again) of `shape`, a 1-D int32 / int64 Tensor."""

    def __init__(self, dtype=mstype.float32, seed=0, seed2=0):
        super().__init__(seed, seed2)
        self.add_prim_attr("dtype", _dtype_attr(self.name, dtype, _FLOATS))

    def infer(self, shape):
        return TensorSpec(_tensor_shape(self.name, shape), self.dtype)


class ParameterizedTruncatedNormal(_RandomOp):
    """ParameterizedTruncatedNormal(seed=0, seed2=0)(shape, mean, stdevs, min, max): for
    shape = [batch, n] (a 1-D int Tensor), n samples per batch row of N(mean, stdevs**2)
    truncated to [min, max]; the parameters are float Tensors of one dtype, of shape
    (batch,) or (1,)."""

    def check(self, shape, mean, stdevs, min, max):
        self.infer(shape, mean, stdevs, min, max)

    def infer(self, shape, mean, stdevs, min, max):
        out = _tensor_shape(self.name, shape)
        if len(out) != 2:
            raise ValueError(f"For '{self.name}', the 'shape' must hold [batch, samples], but got {out}.")
        params = (("mean", mean), ("stdevs", stdevs), ("min", min), ("max", max))
        for arg, value in params:
            _typed_tensor(self.name, arg, value, _FLOATS)
            if value.dtype is not mean.dtype:
                raise TypeError(f"For '{self.name}', the '{arg}' must have the dtype of 'mean' ({mean.dtype}), but "
                                f"got {value.dtype}.")
            if tuple(value.shape) not in ((out[0],), (1,)):
                raise ValueError(f"For '{self.name}', the '{arg}' must have shape ({out[0]},) or (1,), but got "
                                 f"{tuple(value.shape)}.")
        return TensorSpec(out, mean.dtype)


class NonDeterministicInts(Primitive):
    """NonDeterministicInts(dtype=int64)(shape): integers uniform over the whole range of
    `dtype` (int32 or int64), of `shape` (a 1-D int32 / int64 Tensor), drawn from a
    nondeterministic source: set_seed does not repeat them."""

    pure = False

    def __init__(self, dtype=mstype.int64):
        super().__init__()
        self.add_prim_attr("dtype", _dtype_attr(self.name, dtype, (mstype.int32, mstype.int64)))

    def infer(self, shape):
        return TensorSpec(_tensor_shape(self.name, shape), self.dtype)


# ---- candidate samplers ---------------------------------------------------------------------
class _CandidateSampler(_RandomOp):
    """(true_classes) -> (sampled_candidates (num_sampled,), true_expected_count (like
    true_classes, float32), sampled_expected_count (num_sampled,), float32): candidates
    drawn from [0, range_max) (distinct when `unique`), with the expected number of times
    each true class and each candidate would be drawn."""

    candidate_dtype = mstype.int64

    def check(self, true_classes):
        self.infer(true_classes)

    def _sampler_attrs(self, num_true, num_sampled, unique, range_max):
        self.add_prim_attr("num_true", check_positive_int(self.name, "num_true", num_true))
        self.add_prim_attr("num_sampled", check_positive_int(self.name, "num_sampled", num_sampled))
        self.add_prim_attr("unique", check_type(self.name, "unique", unique, bool))
        self.add_prim_attr("range_max", check_positive_int(self.name, "range_max", range_max))
        if unique and num_sampled > range_max:
            raise ValueError(f"For '{self.name}', the 'num_sampled' must be at most 'range_max' ({range_max}) "
                             f"when 'unique' is True, but got {num_sampled}.")

    def infer(self, true_classes):
        _typed_tensor(self.name, "true_classes", true_classes, (mstype.int32, mstype.int64))
        check_rank(self.name, "true_classes", true_classes.shape, 2)
        if true_classes.shape[1] != self.num_true:
            raise ValueError(f"For '{self.name}', the second dimension of 'true_classes' must be 'num_true' "
                             f"({self.num_true}), but got shape {true_classes.shape}.")
        return (TensorSpec((self.num_sampled,), self.candidate_dtype or true_classes.dtype),
                TensorSpec(true_classes.shape, mstype.float32),
                TensorSpec((self.num_sampled,), mstype.float32))


class UniformCandidateSampler(_CandidateSampler):
    """UniformCandidateSampler(num_true, num_sampled, unique, range_max, seed=0,
    remove_accidental_hits=False)(true_classes): candidates uniform on [0, range_max);
    the candidates have true_classes' dtype."""

    candidate_dtype = None

    def __init__(self, num_true, num_sampled, unique, range_max, seed=0, remove_accidental_hits=False):
        super().__init__(seed, 0)
        self._sampler_attrs(num_true, num_sampled, unique, range_max)
        self.add_prim_attr("remove_accidental_hits",
                           check_type(self.name, "remove_accidental_hits", remove_accidental_hits, bool))


class LogUniformCandidateSampler(_CandidateSampler):
    """LogUniformCandidateSampler(num_true=1, num_sampled=5, unique=True, range_max=5,
    seed=0)(true_classes): Int64 candidates from the log-uniform (Zipfian) distribution
    P(k) = log((k + 2) / (k + 1)) / log(range_max + 1)."""

    def __init__(self, num_true=1, num_sampled=5, unique=True, range_max=5, seed=0):
        super().__init__(seed, 0)
        self._sampler_attrs(num_true, num_sampled, unique, range_max)


# ---- draws shaped like a tensor, from a Generator -------------------------------------------
# MindSpore 2.x's internal primitives behind the in-place random methods (`x.normal_()`,
# `x.uniform_()`, ...): (input, parameters..., generator) -> samples of input's shape and
# dtype. They draw from `generator` (a mindspore.Generator) when one is given, else from
# the instance's own stream (seeded like every random op).
def _check_generator(op: str, generator) -> None:
    if generator is not None and not isinstance(generator, Generator):
        raise TypeError(f"For '{op}', the 'generator' must be a Generator or None, but got "
                        f"{type(generator).__name__}.")


def _check_number(op: str, arg: str, value) -> float:
    return float(check_type(op, arg, value, (int, float)))


class _DrawLike(_RandomOp):
    """(input, *parameters, generator) -> samples of input's shape and dtype."""

    input_types = mstype.float_type

    def check(self, input, *rest):
        # The kernels accept dtypes and parameters MindSpore rejects.
        self.infer(input, *rest)

    def infer(self, input, *rest):
        check_tensor(self.name, "input", input)
        check_dtype(self.name, "input", input.dtype, self.input_types)
        *parameters, generator = rest
        self.check_parameters(*parameters)
        _check_generator(self.name, generator)
        return TensorSpec(input.shape, input.dtype)

    def check_parameters(self, *parameters):
        for i, value in enumerate(parameters):
            _check_number(self.name, f"parameter {i}", value)


class InplaceUniform(_DrawLike):
    """(input, from_, to, generator): samples uniform on [from_, to)."""

    def check_parameters(self, from_, to):
        low, high = _check_number(self.name, "from_", from_), _check_number(self.name, "to", to)
        if low > high:
            raise ValueError(f"For '{self.name}', the 'from_' must be at most 'to', but got from_={low} and "
                             f"to={high}.")


class InplaceNormal(_DrawLike):
    """(input, mean, std, generator): samples of N(mean, std**2)."""

    def check_parameters(self, mean, std):
        _check_number(self.name, "mean", mean)
        if _check_number(self.name, "std", std) < 0:
            raise ValueError(f"For '{self.name}', the 'std' must be non-negative, but got {std}.")


class InplaceExponential(_DrawLike):
    """(input, lambd, generator): samples of the exponential distribution of rate lambd."""

    def check_parameters(self, lambd):
        if _check_number(self.name, "lambd", lambd) <= 0:
            raise ValueError(f"For '{self.name}', the 'lambd' must be positive, but got {lambd}.")


class InplaceRandom(_DrawLike):
    """(input, from_, to, generator): integers uniform on [from_, to), in input's dtype."""

    input_types = tuple(t for t in mstype.number_type if not t.is_complex)

    def check_parameters(self, from_, to):
        check_type(self.name, "from_", from_, int)
        check_type(self.name, "to", to, int)
        if from_ >= to:
            raise ValueError(f"For '{self.name}', the 'from_' must be less than 'to', but got from_={from_} and "
                             f"to={to}.")


class InplaceBernoulli(_DrawLike):
    """(input, p, generator): 0 / 1 samples, 1 with probability p (a float in [0, 1] or a
    float Tensor broadcasting to input's shape)."""

    input_types = _BERNOULLI_TYPES + (mstype.float16, mstype.bfloat16)

    def check_parameters(self, p):
        if hasattr(p, "dtype") and hasattr(p, "shape"):
            check_dtype(self.name, "p", p.dtype, mstype.float_type)
            return
        if not 0 <= _check_number(self.name, "p", p) <= 1:
            raise ValueError(f"For '{self.name}', the 'p' must be in range [0, 1], but got {p}.")


class BernoulliExt(_DrawLike):
    """(input, generator): 0 / 1 samples, 1 with probability `input` (values in [0, 1])."""
