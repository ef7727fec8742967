"""Initializers: objects that fill a new Parameter's array (Normal(0.02), 'zeros', ...).

An Initializer is called on a NumPy array and fills it in place; `initializer(init,
shape, dtype)` returns a Tensor whose data is created when first needed (`init_data`).
Random initializers draw from `seed.numpy_rng()`, so `set_seed` makes them repeat.
Arguments are checked when an Initializer is built; what depends on the shape (fans,
ranks) when it fills an array.
"""
from __future__ import annotations

import math
import numbers

import numpy as np

from . import dtype as mstype
from . import seed as _seed
from .tensor import Tensor

_REGISTRY: dict[str, type] = {}
"""Initializer classes by the names `initializer` accepts (lower case)."""


def _register(*aliases):
    def add(cls):
        for alias in (cls.__name__.lower(),) + aliases:
            _REGISTRY[alias] = cls
        return cls
    return add


class Initializer:
    """Base class: subclasses implement `_initialize(arr)`, filling `arr` in place."""

    def __init__(self, **kwargs):
        self._kwargs = kwargs

    def _initialize(self, arr: np.ndarray) -> None:
        raise NotImplementedError(f"{type(self).__name__} must implement _initialize")

    def __call__(self, arr: np.ndarray) -> None:
        if not isinstance(arr, np.ndarray):
            raise TypeError(f"For '{type(self).__name__}', the input must be a numpy.ndarray, "
                            f"but got {type(arr).__name__}.")
        self._initialize(arr)

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self._kwargs.items())
        return f"{type(self).__name__}({args})"


# ---- helpers ------------------------------------------------------------------------------
def _fill(arr: np.ndarray, values) -> None:
    arr[...] = np.asarray(values).astype(arr.dtype, copy=False)


def _rng() -> np.random.Generator:
    return _seed.numpy_rng()


def _check_sigma(name: str, sigma) -> None:
    if sigma < 0:
        raise ValueError(f"For '{name}', the 'sigma' must be non-negative, but got {sigma}.")


def _check_rank(name: str, shape, ranks) -> None:
    if len(shape) not in ranks:
        expected = " or ".join(str(r) for r in ranks)
        raise ValueError(f"For '{name}', the initialized tensor must have {expected} dimensions, but got "
                         f"shape {tuple(shape)}.")


def _fans(name: str, shape) -> tuple[int, int]:
    """(fan_in, fan_out) of a weight of `shape`: (out, in, *kernel) -> in * kernel, out * kernel."""
    if len(shape) < 2:
        raise ValueError(f"For '{name}', fan_in and fan_out need a tensor of at least 2 dimensions, "
                         f"but got shape {tuple(shape)}.")
    receptive = int(np.prod(shape[2:], dtype=np.int64))
    return shape[1] * receptive, shape[0] * receptive


_LINEAR_GAIN = ("linear", "conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d",
                "conv_transpose3d", "sigmoid")


def _check_nonlinearity(name: str, nonlinearity, negative_slope) -> None:
    if nonlinearity not in _LINEAR_GAIN + ("tanh", "relu", "leaky_relu"):
        raise ValueError(f"For '{name}', the 'nonlinearity' must be one of 'sigmoid', 'tanh', 'relu', "
                         f"'leaky_relu' or a linear function's name, but got {nonlinearity!r}.")
    if nonlinearity == "leaky_relu" and negative_slope is not None and (
            isinstance(negative_slope, bool) or not isinstance(negative_slope, (int, float))):
        raise ValueError(f"For '{name}', the 'negative_slope' must be an int or float when 'nonlinearity' "
                         f"is 'leaky_relu', but got {negative_slope!r}.")


def _gain(nonlinearity: str, negative_slope) -> float:
    """The gain recommended for `nonlinearity` (PyTorch's and MindSpore's table)."""
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        slope = 0.01 if negative_slope is None else negative_slope
        return math.sqrt(2.0 / (1 + slope ** 2))
    return 1.0


def _check_fan_mode(name: str, mode, modes=("fan_in", "fan_out")) -> str:
    if not isinstance(mode, str) or mode.lower() not in modes:
        raise ValueError(f"For '{name}', the 'mode' must be one of {list(modes)}, but got {mode!r}.")
    return mode.lower()


def _normal_mass(a: float, b: float, mean: float, sigma: float) -> float:
    """P(a <= X <= b) for X ~ N(mean, sigma^2)."""
    if sigma == 0:
        return 1.0 if a <= mean <= b else 0.0
    cdf = lambda v: 0.5 * (1 + math.erf((v - mean) / (sigma * math.sqrt(2))))  # noqa: E731
    return cdf(b) - cdf(a)


_MAX_DRAW = 1 << 24


def _truncated_normal(name: str, shape, mean: float, sigma: float, a: float, b: float) -> np.ndarray:
    """Samples of N(mean, sigma^2) restricted to [a, b]: draws falling outside are drawn
    again, in batches sized by the interval's probability."""
    mass = _normal_mass(a, b, mean, sigma)
    if mass < 1e-6:
        raise ValueError(f"For '{name}', the interval [{a}, {b}] holds almost none of the normal "
                         f"distribution with mean {mean} and sigma {sigma}.")
    size = int(np.prod(shape, dtype=np.int64))
    kept = []
    missing = size
    while missing:
        draw = min(int(missing / mass * 1.1) + 16, _MAX_DRAW)
        values = _rng().normal(mean, sigma, draw)
        values = values[(values >= a) & (values <= b)][:missing]
        kept.append(values)
        missing -= values.size
    return np.concatenate(kept).reshape(shape) if kept else np.empty(shape)


# ---- constants ----------------------------------------------------------------------------
@_register("zeros", "zero")
class Zero(Initializer):
    """Fill with 0."""

    def _initialize(self, arr):
        arr.fill(0)


@_register("ones", "one")
class One(Initializer):
    """Fill with 1."""

    def _initialize(self, arr):
        arr.fill(1)


class Constant(Initializer):
    """Fill with `value` (a number, or an array broadcasting to the shape)."""

    def __init__(self, value):
        super().__init__(value=value)
        self.value = value

    def _initialize(self, arr):
        _fill(arr, self.value)


@_register()
class Identity(Initializer):
    """A 2-D identity matrix (ones on the main diagonal of a possibly non-square array)."""

    def _initialize(self, arr):
        _check_rank("Identity", arr.shape, (2,))
        _fill(arr, np.eye(*arr.shape))


@_register()
class Dirac(Initializer):
    """Dirac delta for a convolution weight (out, in, *kernel) with 1 to 3 kernel axes:
    in each of `groups` groups, output channel g*k + i has a 1 at input channel i and the
    kernel's centre, so the convolution passes its input through."""

    def __init__(self, groups=1):
        super().__init__(groups=groups)
        if isinstance(groups, bool) or not isinstance(groups, int) or groups <= 0:
            raise ValueError(f"For 'Dirac', the 'groups' must be a positive int, but got {groups!r}.")
        self.groups = groups

    def _initialize(self, arr):
        _check_rank("Dirac", arr.shape, (3, 4, 5))
        out_channels, in_channels = arr.shape[:2]
        if out_channels % self.groups:
            raise ValueError(f"For 'Dirac', the first dimension of the initialized tensor ({out_channels}) "
                             f"must be divisible by 'groups' ({self.groups}).")
        per_group = out_channels // self.groups
        channel = np.arange(min(per_group, in_channels))
        rows = (np.arange(self.groups)[:, None] * per_group + channel).ravel()
        cols = np.tile(channel, self.groups)
        centre = tuple(d // 2 for d in arr.shape[2:])
        data = np.zeros(arr.shape)
        data[(rows, cols) + centre] = 1
        _fill(arr, data)


# ---- plain distributions --------------------------------------------------------------------
@_register()
class Normal(Initializer):
    """Samples from N(mean, sigma^2)."""

    def __init__(self, sigma=0.01, mean=0.0):
        super().__init__(sigma=sigma, mean=mean)
        _check_sigma("Normal", sigma)
        self.sigma, self.mean = sigma, mean

    def _initialize(self, arr):
        _fill(arr, _rng().normal(self.mean, self.sigma, arr.shape))


@_register()
class Uniform(Initializer):
    """Samples from U(-scale, scale)."""

    def __init__(self, scale=0.07):
        super().__init__(scale=scale)
        self.scale = scale

    def _initialize(self, arr):
        _fill(arr, _rng().uniform(-self.scale, self.scale, arr.shape))


@_register()
class TruncatedNormal(Initializer):
    """Samples from N(mean, sigma^2) restricted to the values in [a, b]."""

    def __init__(self, sigma=0.01, mean=0.0, a=-2.0, b=2.0):
        super().__init__(sigma=sigma, mean=mean, a=a, b=b)
        _check_sigma("TruncatedNormal", sigma)
        if a > b:
            raise ValueError(f"For 'TruncatedNormal', 'a' must not exceed 'b', but got a={a}, b={b}.")
        self.sigma, self.mean, self.a, self.b = sigma, mean, a, b

    def _initialize(self, arr):
        _fill(arr, _truncated_normal("TruncatedNormal", arr.shape, self.mean, self.sigma, self.a, self.b))


@_register()
class Sparse(Initializer):
    """A 2-D array from N(0, sigma^2) in which ceil(sparsity * rows) random entries of each
    column are 0."""

    def __init__(self, sparsity, sigma=0.01):
        super().__init__(sparsity=sparsity, sigma=sigma)
        _check_sigma("Sparse", sigma)
        self.sparsity, self.sigma = sparsity, sigma

    def _initialize(self, arr):
        _check_rank("Sparse", arr.shape, (2,))
        rows = arr.shape[0]
        data = _rng().normal(0, self.sigma, arr.shape)
        zeros = min(math.ceil(self.sparsity * rows), rows)
        # The first `zeros` rows of a random permutation of each column.
        picked = _rng().random(arr.shape).argsort(axis=0)[:zeros]
        np.put_along_axis(data, picked, 0.0, axis=0)
        _fill(arr, data)


@_register()
class Orthogonal(Initializer):
    """A (semi-)orthogonal matrix times `gain`: the array seen as (shape[0], rest) has
    orthonormal rows or columns, whichever are fewer."""

    def __init__(self, gain=1.0):
        super().__init__(gain=gain)
        self.gain = gain

    def _initialize(self, arr):
        if arr.ndim < 2:
            raise ValueError(f"For 'Orthogonal', the initialized tensor must have at least 2 dimensions, "
                             f"but got shape {arr.shape}.")
        rows = arr.shape[0]
        cols = arr.size // rows
        flat = _rng().normal(0.0, 1.0, (rows, cols))
        tall = flat.T if rows < cols else flat
        q, r = np.linalg.qr(tall)
        # The sign fix makes Q uniformly distributed over orthogonal matrices.
        q *= np.sign(np.diag(r))
        q = q.T if rows < cols else q
        _fill(arr, (self.gain * q).reshape(arr.shape))


# ---- scaled by the fans --------------------------------------------------------------------
@_register("xavier_uniform")
class XavierUniform(Initializer):
    """Glorot uniform: U(-b, b), b = gain * sqrt(6 / (fan_in + fan_out))."""

    def __init__(self, gain=1):
        super().__init__(gain=gain)
        self.gain = gain

    def _initialize(self, arr):
        fan_in, fan_out = _fans("XavierUniform", arr.shape)
        bound = self.gain * math.sqrt(6.0 / (fan_in + fan_out))
        _fill(arr, _rng().uniform(-bound, bound, arr.shape))


@_register("xavier_normal")
class XavierNormal(Initializer):
    """Glorot normal: N(0, s^2), s = gain * sqrt(2 / (fan_in + fan_out))."""

    def __init__(self, gain=1):
        super().__init__(gain=gain)
        self.gain = gain

    def _initialize(self, arr):
        fan_in, fan_out = _fans("XavierNormal", arr.shape)
        _fill(arr, _rng().normal(0.0, self.gain * math.sqrt(2.0 / (fan_in + fan_out)), arr.shape))


class _He(Initializer):
    """Kaiming initialization: the scale is gain(nonlinearity, negative_slope) / sqrt(fan),
    fan being fan_in or fan_out as `mode` says."""

    def __init__(self, negative_slope=0, mode="fan_in", nonlinearity="leaky_relu"):
        super().__init__(negative_slope=negative_slope, mode=mode, nonlinearity=nonlinearity)
        name = type(self).__name__
        self.mode = _check_fan_mode(name, mode)
        _check_nonlinearity(name, nonlinearity, negative_slope)
        self.negative_slope, self.nonlinearity = negative_slope, nonlinearity

    def _std(self, shape) -> float:
        fan_in, fan_out = _fans(type(self).__name__, shape)
        fan = fan_in if self.mode == "fan_in" else fan_out
        return _gain(self.nonlinearity, self.negative_slope) / math.sqrt(fan)


@_register("he_uniform")
class HeUniform(_He):
    """Kaiming uniform: U(-b, b), b = sqrt(3) * gain / sqrt(fan)."""

    def _initialize(self, arr):
        bound = math.sqrt(3.0) * self._std(arr.shape)
        _fill(arr, _rng().uniform(-bound, bound, arr.shape))


@_register("he_normal")
class HeNormal(_He):
    """Kaiming normal: N(0, s^2), s = gain / sqrt(fan)."""

    def _initialize(self, arr):
        _fill(arr, _rng().normal(0.0, self._std(arr.shape), arr.shape))


_STD_OF_TRUNCATED_UNIT_NORMAL = 0.87962566103423978
"""The standard deviation of N(0, 1) restricted to [-2, 2]."""


@_register()
class VarianceScaling(Initializer):
    """Samples with variance scale / n, n being fan_in, fan_out or their mean (`mode`):
    from a normal truncated at two standard deviations ('truncated_normal'), a normal
    ('untruncated_normal') or a uniform distribution ('uniform')."""

    _DISTRIBUTIONS = ("uniform", "truncated_normal", "untruncated_normal")

    def __init__(self, scale=1.0, mode="fan_in", distribution="truncated_normal"):
        super().__init__(scale=scale, mode=mode, distribution=distribution)
        if scale <= 0:
            raise ValueError(f"For 'VarianceScaling', the 'scale' must be greater than 0, but got {scale}.")
        self.mode = _check_fan_mode("VarianceScaling", mode, ("fan_in", "fan_out", "fan_avg"))
        if distribution not in self._DISTRIBUTIONS:
            raise ValueError(f"For 'VarianceScaling', the 'distribution' must be one of "
                             f"{list(self._DISTRIBUTIONS)}, but got {distribution!r}.")
        self.scale, self.distribution = scale, distribution

    def _initialize(self, arr):
        fan_in, fan_out = _fans("VarianceScaling", arr.shape)
        fan = {"fan_in": fan_in, "fan_out": fan_out, "fan_avg": (fan_in + fan_out) / 2.0}[self.mode]
        variance = self.scale / max(1.0, fan)
        if self.distribution == "uniform":
            limit = math.sqrt(3.0 * variance)
            data = _rng().uniform(-limit, limit, arr.shape)
        elif self.distribution == "untruncated_normal":
            data = _rng().normal(0.0, math.sqrt(variance), arr.shape)
        else:
            sigma = math.sqrt(variance) / _STD_OF_TRUNCATED_UNIT_NORMAL
            data = _truncated_normal("VarianceScaling", arr.shape, 0.0, sigma, -2 * sigma, 2 * sigma)
        _fill(arr, data)


# ---- the entry point ------------------------------------------------------------------------
def initializer(init, shape=None, dtype=mstype.float32) -> Tensor:
    """A Tensor of `shape` and `dtype` whose data `init` creates on first use.

    `init` is an Initializer, its registered name ('normal', 'zeros', 'he_uniform'...),
    a number (a constant) or a Tensor (returned as is, after a shape check when `shape`
    is given). `shape` is an int or a tuple / list of positive ints.
    """
    if isinstance(init, Tensor):
        if shape is not None and tuple(init.shape) != _shape_tuple(shape):
            raise ValueError(f"For 'initializer', the shape of the 'init' Tensor {init.shape} does "
                             f"not match 'shape' {_shape_tuple(shape)}.")
        return init
    if not isinstance(init, (numbers.Number, str, Initializer)):
        raise TypeError(f"For 'initializer', the 'init' must be a Tensor, number, str or "
                        f"Initializer, but got {type(init).__name__}.")
    dtype = mstype.as_dtype(dtype)
    if shape is None:
        raise ValueError("For 'initializer', 'shape' must be given when 'init' is not a Tensor.")
    shape = _shape_tuple(shape)
    if isinstance(init, str):
        cls = _REGISTRY.get(init.lower())
        if cls is None:
            raise ValueError(f"For 'initializer', the initializer name '{init}' is not known; "
                             f"expected one of {sorted(_REGISTRY)}.")
        init = cls()
    elif isinstance(init, numbers.Number):
        init = Constant(init)
    return Tensor(shape=shape, dtype=dtype, init=init)


def _shape_tuple(shape) -> tuple:
    dims = (shape,) if not isinstance(shape, (tuple, list)) else tuple(shape)
    if not all(isinstance(d, numbers.Integral) and not isinstance(d, bool) and d > 0 for d in dims):
        raise ValueError(f"For 'initializer', the 'shape' must be an int or a tuple / list of positive "
                         f"ints, but got {shape!r}.")
    return tuple(int(d) for d in dims)


__all__ = [
    "Initializer", "initializer", "TruncatedNormal", "Normal", "Uniform", "HeUniform", "HeNormal",
    "XavierUniform", "XavierNormal", "One", "Zero", "Constant", "Identity", "Sparse", "Dirac",
    "Orthogonal", "VarianceScaling",
]
