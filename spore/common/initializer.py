"""Initializers: objects that fill a new Parameter's array (Normal(0.02), 'zeros', ...).

An Initializer is called on a NumPy array and fills it in place; `initializer(init,
shape, dtype)` returns a Tensor whose data is created when first needed (`init_data`).
Random initializers draw from `seed.numpy_rng()`, so `set_seed` makes them repeat.
"""
from __future__ import annotations

import math
import numbers

import numpy as np

from . import dtype as mstype
from . import seed as _seed
from .tensor import Tensor

_REGISTRY: dict[str, type] = {}


def _register(*aliases):
    def add(cls):
        for alias in (cls.__name__.lower(),) + aliases:
            _REGISTRY[alias] = cls
        return cls
    return add


class Initializer:
    """Base class: subclasses implement `_initialize(arr)`."""

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


def _fill(arr: np.ndarray, values) -> None:
    arr[...] = np.asarray(values).astype(arr.dtype, copy=False)


@_register("zeros")
class Zero(Initializer):
    """Fill with 0."""

    def _initialize(self, arr):
        arr.fill(0)


@_register("ones")
class One(Initializer):
    """Fill with 1."""

    def _initialize(self, arr):
        arr.fill(1)


class Constant(Initializer):
    """Fill with `value`."""

    def __init__(self, value):
        super().__init__(value=value)
        self.value = value

    def _initialize(self, arr):
        _fill(arr, self.value)


@_register()
class Normal(Initializer):
    """Samples from N(mean, sigma^2)."""

    def __init__(self, sigma=0.01, mean=0.0):
        super().__init__(sigma=sigma, mean=mean)
        self.sigma, self.mean = sigma, mean

    def _initialize(self, arr):
        _fill(arr, _seed.numpy_rng().normal(self.mean, self.sigma, arr.shape))


@_register()
class Uniform(Initializer):
    """Samples from U(-scale, scale)."""

    def __init__(self, scale=0.07):
        super().__init__(scale=scale)
        self.scale = scale

    def _initialize(self, arr):
        _fill(arr, _seed.numpy_rng().uniform(-self.scale, self.scale, arr.shape))


def _fans(shape) -> tuple[int, int]:
    if len(shape) < 2:
        raise ValueError(f"For an initializer that needs fan_in and fan_out, the shape must have "
                         f"at least 2 dimensions, but got {tuple(shape)}.")
    receptive = int(np.prod(shape[2:])) if len(shape) > 2 else 1
    return shape[1] * receptive, shape[0] * receptive


def _gain(nonlinearity: str, param=None) -> float:
    if nonlinearity in ("linear", "conv1d", "conv2d", "conv3d", "sigmoid", "conv_transpose1d",
                        "conv_transpose2d", "conv_transpose3d"):
        return 1.0
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        slope = 0.01 if param is None else param
        return math.sqrt(2.0 / (1 + slope ** 2))
    if nonlinearity == "selu":
        return 3.0 / 4
    raise ValueError(f"For the initializer, the 'nonlinearity' {nonlinearity!r} is not supported.")


@_register()
class HeUniform(Initializer):
    """Kaiming uniform: U(-b, b), b = gain * sqrt(3 / fan)."""

    def __init__(self, negative_slope=0, mode="fan_in", nonlinearity="leaky_relu"):
        super().__init__(negative_slope=negative_slope, mode=mode, nonlinearity=nonlinearity)
        self.negative_slope, self.mode, self.nonlinearity = negative_slope, mode, nonlinearity

    def _initialize(self, arr):
        fan_in, fan_out = _fans(arr.shape)
        fan = fan_in if self.mode == "fan_in" else fan_out
        bound = _gain(self.nonlinearity, self.negative_slope) * math.sqrt(3.0 / fan)
        _fill(arr, _seed.numpy_rng().uniform(-bound, bound, arr.shape))


def initializer(init, shape=None, dtype=mstype.float32) -> Tensor:
    """A Tensor of `shape` and `dtype` whose data `init` creates on first use.

    `init` is an Initializer, its registered name ('normal', 'zeros', 'he_uniform'...),
    a number (a constant) or a Tensor (returned as is, after a shape check).
    """
    dtype = mstype.as_dtype(dtype)
    if isinstance(init, Tensor):
        if shape is not None and tuple(init.shape) != _shape_tuple(shape):
            raise ValueError(f"For 'initializer', the shape of the 'init' Tensor {init.shape} does "
                             f"not match 'shape' {_shape_tuple(shape)}.")
        return init
    if shape is None:
        raise ValueError("For 'initializer', 'shape' must be given when 'init' is not a Tensor.")
    if isinstance(init, str):
        cls = _REGISTRY.get(init.lower())
        if cls is None:
            raise ValueError(f"For 'initializer', the initializer name '{init}' is not known; "
                             f"expected one of {sorted(_REGISTRY)}.")
        init = cls()
    elif isinstance(init, numbers.Number) and not isinstance(init, bool):
        init = Constant(init)
    elif not isinstance(init, Initializer):
        raise TypeError(f"For 'initializer', the 'init' must be a Tensor, number, str or "
                        f"Initializer, but got {type(init).__name__}.")
    return Tensor(shape=_shape_tuple(shape), dtype=dtype, init=init)


def _shape_tuple(shape) -> tuple:
    return (int(shape),) if isinstance(shape, numbers.Integral) else tuple(int(s) for s in shape)
