"""Functional API of the primitives in operations/random_ops.py.

A random function draws from the random Primitive `seed.function_op` gives for its name
and `seed`: one instance per (function, seed) between two `set_seed` calls, so that
successive calls continue one stream and the same calls after the same `set_seed`
repeat (MindSpore's seed rules; see `spore.common.seed`). As in MindSpore, the samplers
draw float32 (int32 for integers) and the result is cast to the requested dtype.
"""
from __future__ import annotations

import functools

import numpy as np

from ...common import dtype as mstype
from ...common import seed as _seed
from ...common.tensor import Tensor
from ..operations import math_ops as M
from ..operations import random_ops as R
from ..primitive import PRIMITIVES, Primitive
from ._args import check_is_tensor
from .inplace import rebind

__all__ = [
    "standard_normal", "uniform", "normal", "laplace", "standard_laplace", "gamma",
    "random_gamma", "poisson", "random_poisson", "rand", "randn", "rand_like", "randn_like",
    "randint", "randint_like", "shuffle", "multinomial", "random_categorical",
    "bernoulli", "bernoulli_", "bernoulli_ext", "choice_with_mask", "exponential_", "normal_", "random_",
    "uniform_", "randperm", "multinomial_with_replacement", "uniform_candidate_sampler",
    "log_uniform_candidate_sampler",
]

_add, _sub, _mul = M.Add(), M.Sub(), M.Mul()


# ---- helpers ------------------------------------------------------------------------------
def _random_op(cls: type, name: str, seed, **attrs) -> Primitive:
    """The `cls` instance that function `name` called with `seed` draws from."""
    return _seed.function_op(name, seed, lambda seed1, seed2: cls(seed1, seed2, **attrs),
                             cls, *attrs.values())


@functools.cache
def _shared(name: str) -> Primitive:
    """One shared instance of another family's primitive (Cast, Log, Div, TopK),
    looked up by its MindSpore name when first used."""
    return PRIMITIVES[name]()


def _cast(x: Tensor, dtype) -> Tensor:
    return x if x.dtype is dtype else _shared("Cast")(x, dtype)


def _check_float_dtype(name: str, dtype) -> None:
    if dtype not in mstype.float_type:
        raise ValueError(f"For '{name}', the 'dtype' must be a float type, but got {dtype}.")


def _check_int_dtype(name: str, dtype) -> None:
    if dtype not in mstype.int_type:
        raise ValueError(f"For '{name}', the 'dtype' must be an int type, but got {dtype}.")


def _check_int(name: str, arg: str, value) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"For '{name}', the '{arg}' must be an int, but got {type(value).__name__}.")


def _check_positive_shape(name: str, shape) -> None:
    """The `shape` of normal and laplace: a tuple of positive ints."""
    if not isinstance(shape, tuple):
        raise TypeError(f"For '{name}', the 'shape' must be a tuple, but got {type(shape).__name__}.")
    for dim in shape:
        _check_int(name, "shape", dim)
        if dim < 1:
            raise ValueError(f"For '{name}', every item of 'shape' must be a positive int, but "
                             f"got {shape}.")


def _size_shape(name: str, size: tuple) -> tuple:
    """The shape rand / randn take as `*size`: ints, or one int, list or tuple; none
    means (1,)."""
    if not size:
        return (1,)
    if len(size) == 1 and isinstance(size[0], (list, tuple)):
        size = tuple(size[0])
    for dim in size:
        if isinstance(dim, bool) or not isinstance(dim, int):
            raise TypeError(f"For '{name}', the 'size' must be ints, or one tuple or list of ints, "
                            f"but got {size}.")
    return size


def _check_tensor_of(name: str, arg: str, value, dtype) -> None:
    """`value` is a Tensor of `dtype`."""
    check_is_tensor(name, arg, value)
    if value.dtype is not dtype:
        raise TypeError(f"For '{name}', the dtype of '{arg}' must be {dtype}, but got {value.dtype}.")


# ---- distributions over a shape -----------------------------------------------------------
def standard_normal(shape, seed=None) -> Tensor:
    """float32 samples of N(0, 1); `shape` is a tuple or a 1-D int Tensor."""
    return _random_op(R.StandardNormal, "standard_normal", seed)(shape)


def standard_laplace(shape, seed=None) -> Tensor:
    """float32 samples of the Laplace distribution with mean 0 and scale 1."""
    return _random_op(R.StandardLaplace, "standard_laplace", seed)(shape)


def uniform(shape, minval, maxval, seed=None, dtype=mstype.float32) -> Tensor:
    """Samples uniform on [minval, maxval). For float32, minval and maxval are float32
    Tensors that broadcast with `shape`; for int32, 0-d int32 Tensors."""
    for arg, value in (("minval", minval), ("maxval", maxval)):
        check_is_tensor("uniform", arg, value)
    if dtype not in (mstype.int32, mstype.float32):
        raise TypeError(f"For 'uniform', the 'dtype' must be Int32 or Float32, but got {dtype}.")
    for arg, value in (("minval", minval), ("maxval", maxval)):
        _check_tensor_of("uniform", arg, value, dtype)
    if dtype is mstype.int32:
        return _random_op(R.UniformInt, "uniform", seed)(shape, minval, maxval)
    unit = _random_op(R.UniformReal, "uniform", seed)(shape)
    return _add(_mul(unit, _sub(maxval, minval)), minval)


def normal(shape, mean, stddev, seed=None) -> Tensor:
    """Samples of N(mean, stddev**2): a standard normal of `shape` (a tuple of positive
    ints) times `stddev` plus `mean` (Tensors or numbers that broadcast with it)."""
    for arg, value in (("mean", mean), ("stddev", stddev)):
        if isinstance(value, bool) or not isinstance(value, (Tensor, int, float, np.ndarray)):
            raise TypeError(f"For 'normal', the '{arg}' must be a Tensor, int, float or "
                            f"numpy.ndarray, but got {type(value).__name__}.")
    _check_positive_shape("normal", shape)
    mean = mean if isinstance(mean, Tensor) else Tensor(mean)
    stddev = stddev if isinstance(stddev, Tensor) else Tensor(stddev)
    return _add(_mul(_random_op(R.StandardNormal, "normal", seed)(shape), stddev), mean)


def laplace(shape, mean, lambda_param, seed=None) -> Tensor:
    """Samples of the Laplace distribution of `mean` and scale `lambda_param` (float32
    Tensors that broadcast with `shape`, a tuple of positive ints)."""
    _check_tensor_of("laplace", "mean", mean, mstype.float32)
    _check_tensor_of("laplace", "lambda_param", lambda_param, mstype.float32)
    _check_positive_shape("laplace", shape)
    return _add(_mul(_random_op(R.StandardLaplace, "laplace", seed)(shape), lambda_param), mean)


def gamma(shape, alpha, beta, seed=None) -> Tensor:
    """float32 samples of Gamma(alpha, scale beta), shaped as the broadcast of `shape`,
    alpha and beta (see ops.Gamma)."""
    return _random_op(R.Gamma, "gamma", seed)(shape, alpha, beta)


def random_gamma(shape, alpha, seed=None) -> Tensor:
    """Samples of Gamma(alpha, 1) of shape `shape + alpha.shape`; `shape` is a 1-D int
    Tensor."""
    return _random_op(R.RandomGamma, "random_gamma", seed)(shape, alpha)


def poisson(shape, mean, seed=None) -> Tensor:
    """int32 Poisson samples of `mean`, shaped as the broadcast of `shape` and mean
    (deprecated in MindSpore for random_poisson)."""
    return _random_op(R.Poisson, "poisson", seed)(shape, mean)


def random_poisson(shape, rate, seed=None, dtype=mstype.float32) -> Tensor:
    """Poisson samples of `rate` of shape `shape + rate.shape` and type `dtype`; `shape`
    is a 1-D int Tensor."""
    return _random_op(R.RandomPoisson, "random_poisson", seed, dtype=dtype)(shape, rate)


# ---- torch-style creation -----------------------------------------------------------------
def rand(*size, dtype=None, seed=None) -> Tensor:
    """Samples uniform on [0, 1) of shape `size`, float32 unless `dtype` (a float type)."""
    dtype = mstype.float32 if dtype is None else dtype
    _check_float_dtype("rand", dtype)
    shape = _size_shape("rand", size)
    return _cast(_random_op(R.UniformReal, "rand", seed)(shape), dtype)


def randn(*size, dtype=None, seed=None) -> Tensor:
    """Samples of N(0, 1) of shape `size`, float32 unless `dtype` (a float type)."""
    dtype = mstype.float32 if dtype is None else dtype
    _check_float_dtype("randn", dtype)
    shape = _size_shape("randn", size)
    return _cast(_random_op(R.StandardNormal, "randn", seed)(shape), dtype)


def rand_like(input, seed=None, *, dtype=None) -> Tensor:
    """Samples uniform on [0, 1) of input's shape, of input's dtype unless `dtype`; the
    dtype must be a float type."""
    check_is_tensor("rand_like", "input", input)
    dtype = input.dtype if dtype is None else dtype
    _check_float_dtype("rand_like", dtype)
    return _cast(_random_op(R.UniformReal, "rand_like", seed)(input.shape), dtype)


def randn_like(input, seed=None, *, dtype=None) -> Tensor:
    """Samples of N(0, 1) of input's shape; float32 unless `dtype` (as in MindSpore, the
    input's dtype is not used)."""
    check_is_tensor("randn_like", "input", input)
    dtype = mstype.float32 if dtype is None else dtype
    _check_float_dtype("randn_like", dtype)
    return _cast(_random_op(R.StandardNormal, "randn_like", seed)(input.shape), dtype)


def _uniform_ints(name: str, low, high, shape: tuple, seed, dtype) -> Tensor:
    _check_int(name, "low", low)
    _check_int(name, "high", high)
    sampler = _random_op(R.UniformInt, name, seed)
    ints = sampler(shape, Tensor(low, mstype.int32), Tensor(high, mstype.int32))
    return _cast(ints, dtype)


def randint(low, high, size, seed=None, *, dtype=None) -> Tensor:
    """Integers uniform on [low, high) of shape `size` (a tuple), int64 unless `dtype`
    (an int type)."""
    dtype = mstype.int64 if dtype is None else dtype
    _check_int_dtype("randint", dtype)
    if not isinstance(size, tuple):
        raise ValueError(f"For 'randint', the 'size' must be a tuple, but got {size}.")
    return _uniform_ints("randint", low, high, size, seed, dtype)


def randint_like(input, low, high, seed=None, *, dtype=None) -> Tensor:
    """Integers uniform on [low, high) of input's shape, of input's dtype unless `dtype`;
    the dtype must be an int type."""
    check_is_tensor("randint_like", "input", input)
    dtype = input.dtype if dtype is None else dtype
    _check_int_dtype("randint_like", dtype)
    return _uniform_ints("randint_like", low, high, input.shape, seed, dtype)


# ---- sampling from a tensor ---------------------------------------------------------------
def shuffle(x, seed=None) -> Tensor:
    """x with its first axis randomly permuted."""
    return _random_op(R.RandomShuffle, "shuffle", seed)(x)


def multinomial(input, num_samples, replacement=True, seed=None) -> Tensor:
    """int32 indices, `num_samples` per row of the 1-D / 2-D weights `input`, drawn with
    probability proportional to the weights, with or without replacement."""
    check_is_tensor("multinomial", "input", input)
    if input.ndim not in (1, 2):
        raise ValueError(f"For 'multinomial', the dimension of 'input' must be 1 or 2, but got "
                         f"{input.ndim}.")
    if replacement:
        return _random_op(R.Multinomial, "multinomial", seed)(input, num_samples)
    if num_samples > input.shape[-1]:
        raise ValueError(f"For 'multinomial', the 'num_samples' must be at most the last dimension "
                         f"of 'input' ({input.shape[-1]}) without replacement, but got {num_samples}.")
    # An exponential race: log(u) / w is largest, in order, for a draw without replacement
    # proportional to the weights w (zero weights come last).
    unit = _random_op(R.UniformReal, "multinomial", seed)(input.shape)
    keys = _shared("Div")(_shared("Log")(unit), _add(input, 1e-6))
    return _shared("TopK")(keys, num_samples)[1]


def random_categorical(logits, num_sample, seed=0, dtype=mstype.int64) -> Tensor:
    """`num_sample` category indices per row of the 2-D `logits`, drawn with probability
    softmax(logits).

    As in MindSpore each call uses a new RandomCategorical, so a nonzero `seed` gives the
    same samples on every call; seed 0 gives fresh ones."""
    return R.RandomCategorical(dtype)(logits, num_sample, seed)


# ---- Bernoulli, permutations, choices ---------------------------------------------------
def bernoulli(input, p=0.5, seed=None) -> Tensor:
    """0 / 1 samples of input's shape and dtype, 1 with probability p (a float in [0, 1]
    or a float32 / float64 Tensor broadcasting to input)."""
    check_is_tensor("bernoulli", "input", input)
    if not isinstance(p, Tensor):
        if isinstance(p, bool) or not isinstance(p, (int, float)):
            raise TypeError(f"For 'bernoulli', the 'p' must be a float or a Tensor, but got {type(p).__name__}.")
        if not 0 <= p <= 1:
            raise ValueError(f"For 'bernoulli', the 'p' must be in range [0, 1], but got {p}.")
    return _random_op(R.Bernoulli, "bernoulli", seed)(input, p)


def bernoulli_(input, p=0.5, *, generator=None) -> Tensor:
    """Fill input in place with 0 / 1 samples, 1 with probability p; returns input."""
    return rebind(input, _random_op(R.InplaceBernoulli, "bernoulli_", None)(input, p, generator))


def bernoulli_ext(input, *, generator=None) -> Tensor:
    """0 / 1 samples of input's shape and dtype, 1 with probability `input` (in [0, 1])."""
    return _random_op(R.BernoulliExt, "bernoulli_ext", None)(input, generator)


def choice_with_mask(input_x, count=256, seed=None) -> tuple:
    """(Int32 coordinates (count, rank), Bool mask (count,)) of `count` True elements of
    the Bool input_x chosen at random (see ops.RandomChoiceWithMask)."""
    sampler = _seed.function_op("choice_with_mask", seed, lambda s1, s2: R.RandomChoiceWithMask(count, s1, s2),
                                R.RandomChoiceWithMask, count)
    return sampler(input_x)


def randperm(n, seed=0, offset=0, dtype=mstype.int64) -> Tensor:
    """A random permutation of 0 .. n-1 (n a positive int), as `dtype`. A nonzero
    (seed, offset) gives the same permutation on every call (see ops.RandpermV2)."""
    return R.RandpermV2(seed, offset, dtype)(n)


def multinomial_with_replacement(x, seed, offset, numsamples, replacement=False) -> Tensor:
    """Int64 indices, `numsamples` per row of the weights x, drawn with probability
    proportional to the weights; `seed` and `offset` are 0-d Int64 Tensors."""
    return R.MultinomialWithReplacement(numsamples, replacement)(x, seed, offset)


def uniform_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, seed=0,
                              remove_accidental_hits=False) -> tuple:
    """(sampled_candidates, true_expected_count, sampled_expected_count): candidates drawn
    uniformly from [0, range_max) (see ops.UniformCandidateSampler)."""
    sampler = R.UniformCandidateSampler(num_true, num_sampled, unique, range_max, seed, remove_accidental_hits)
    return sampler(true_classes)


def log_uniform_candidate_sampler(true_classes, num_true=1, num_sampled=5, unique=True, range_max=5,
                                  seed=0) -> tuple:
    """(sampled_candidates, true_expected_count, sampled_expected_count): candidates drawn
    from the log-uniform distribution on [0, range_max) (see ops.LogUniformCandidateSampler)."""
    return R.LogUniformCandidateSampler(num_true, num_sampled, unique, range_max, seed)(true_classes)


# ---- in-place draws ---------------------------------------------------------------------
def exponential_(input, lambd=1, *, generator=None) -> Tensor:
    """Fill input in place with samples of the exponential distribution of rate lambd."""
    return rebind(input, _random_op(R.InplaceExponential, "exponential_", None)(input, lambd, generator))


def normal_(input, mean=0, std=1, *, generator=None) -> Tensor:
    """Fill input in place with samples of N(mean, std**2)."""
    return rebind(input, _random_op(R.InplaceNormal, "normal_", None)(input, mean, std, generator))


def uniform_(input, from_=0, to=1, *, generator=None) -> Tensor:
    """Fill input in place with samples uniform on [from_, to)."""
    return rebind(input, _random_op(R.InplaceUniform, "uniform_", None)(input, from_, to, generator))


def _random_upper_bound(dtype) -> int:
    """random_'s default `to`: one past the largest integer the dtype holds exactly."""
    if dtype.is_floating_point:
        digits = {mstype.float16: 11, mstype.bfloat16: 8, mstype.float32: 24, mstype.float64: 53}[dtype]
        return 2 ** digits + 1
    return int(np.iinfo(mstype.dtype_to_nptype(dtype)).max) + 1


def random_(input, from_=0, to=None, *, generator=None) -> Tensor:
    """Fill input in place with integers uniform on [from_, to) (to None: up to the
    largest integer input's dtype holds exactly, inclusive)."""
    check_is_tensor("random_", "input", input)
    if to is None:
        to = _random_upper_bound(input.dtype)
    return rebind(input, _random_op(R.InplaceRandom, "random_", None)(input, from_, to, generator))


# ---- Tensor methods -----------------------------------------------------------------------
def _tensor_bernoulli(self, *, generator=None) -> Tensor:
    return bernoulli_ext(self, generator=generator)


def _tensor_uniform(self, from_=0.0, to=1.0, generator=None) -> Tensor:
    """Samples uniform on [from_, to) of self's shape and dtype (self is unchanged)."""
    return _random_op(R.InplaceUniform, "uniform", None)(self, from_, to, generator)


def _tensor_cauchy(self, median=0.0, sigma=1.0) -> Tensor:
    """Fill self in place with samples of the Cauchy distribution; returns self."""
    check_is_tensor("cauchy", "input", self)
    sampler = _seed.function_op("cauchy", None, lambda s1, s2: R.Cauchy(list(self.shape), median, sigma,
                                                                        seed=s1, seed2=s2),
                                tuple(self.shape), median, sigma)
    return rebind(self, _cast(sampler(), self.dtype))


def _tensor_log_normal(self, mean=1.0, std=2.0) -> Tensor:
    """Fill self in place with samples exp(N(mean, std**2)); returns self."""
    sampler = _seed.function_op("log_normal", None, lambda s1, s2: R.LogNormalReverse(mean, std, seed=s1, seed2=s2),
                                mean, std)
    return rebind(self, sampler(self))


def _tensor_random_categorical(self, num_sample, seed=0, dtype=mstype.int64) -> Tensor:
    return random_categorical(self, num_sample, seed, dtype)


TENSOR_METHODS = {
    "bernoulli": _tensor_bernoulli, "bernoulli_": bernoulli_, "uniform": _tensor_uniform, "uniform_": uniform_,
    "normal_": normal_, "random_": random_, "exponential_": exponential_, "cauchy": _tensor_cauchy,
    "log_normal": _tensor_log_normal, "multinomial": multinomial, "random_categorical": _tensor_random_categorical,
}
"""Tensor methods and operators this family provides (installed by tensor_methods.py)."""
