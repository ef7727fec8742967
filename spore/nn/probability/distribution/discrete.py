"""Discrete distributions: Bernoulli, Categorical, Geometric, Poisson. Their `dtype` is the
dtype of the samples (and modes); probabilities and moments are Float32."""
from __future__ import annotations

import numpy as np

from .... import ops
from ....common import dtype as mstype
from ....common.tensor import Tensor
from .distribution import _FLOAT_TYPES, _INT_TYPES, Distribution, check_tensor

__all__ = ["Bernoulli", "Categorical", "Geometric", "Poisson"]


def _check_probabilities(array) -> None:
    if array is not None:
        if not (array > 0).all():
            raise ValueError("Probabilities must be greater than zero")
        if not (array < 1).all():
            raise ValueError("Probabilities must be less than one")


class _Discrete(Distribution):
    def __init__(self, values: dict, seed, dtype, name, param):
        super().__init__(seed, dtype, name, param)
        self._check_dtype(_INT_TYPES + _FLOAT_TYPES)
        self._arrays = {key: self._add_parameter(value, key) for key, value in values.items()}

    def _uniform(self, shape, *params):
        return ops.uniform(self._sample_shape(shape, *params), ops.zeros((), mstype.float32),
                           ops.ones((), mstype.float32), self._sample_seed())


class Bernoulli(_Discrete):
    """Bernoulli(probs=None, seed=None, dtype=mstype.int32, name='Bernoulli'): 1 with
    probability probs (in (0, 1)), else 0."""

    _param_names = ("probs",)

    def __init__(self, probs=None, seed=None, dtype=mstype.int32, name="Bernoulli"):
        super().__init__({"probs": probs}, seed, dtype, name, locals())
        _check_probabilities(self._arrays["probs"])

    def extend_repr(self) -> str:
        return self._param_repr(("probs",))

    def _log_prob(self, value, probs):
        return value * ops.log(probs) + (1 - value) * ops.log1p(-probs)

    def _cdf(self, value, probs):
        below_one = ops.where(value < 1, 1 - probs, ops.ones_like(probs * value))
        return ops.where(value < 0, ops.zeros_like(below_one), below_one)

    def _mean(self, probs):
        return probs

    def _var(self, probs):
        return probs * (1 - probs)

    def _mode(self, probs):
        return ops.cast(probs > 0.5, self.dtype)

    def _entropy(self, probs):
        return -probs * ops.log(probs) - (1 - probs) * ops.log1p(-probs)

    def _kl_loss(self, b, a):
        (probs_b,), (probs_a,) = b, a
        return probs_a * ops.log(probs_a / probs_b) + (1 - probs_a) * ops.log((1 - probs_a) / (1 - probs_b))

    def _sample(self, shape, probs):
        return ops.cast(self._uniform(shape, probs) < probs, self.dtype)


class Geometric(_Discrete):
    """Geometric(probs=None, seed=None, dtype=mstype.int32, name='Geometric'): the number of
    failures before the first success of Bernoulli(probs) trials, P(k) = probs (1 - probs)^k."""

    _param_names = ("probs",)

    def __init__(self, probs=None, seed=None, dtype=mstype.int32, name="Geometric"):
        super().__init__({"probs": probs}, seed, dtype, name, locals())
        _check_probabilities(self._arrays["probs"])

    def extend_repr(self) -> str:
        return self._param_repr(("probs",))

    def _prob(self, value, probs):
        k = ops.floor(value)
        return ops.where(k >= 0, probs * ops.pow(1 - probs, k), ops.zeros_like(k * probs))

    def _cdf(self, value, probs):
        k = ops.floor(value)
        return ops.where(k >= 0, 1 - ops.pow(1 - probs, k + 1), ops.zeros_like(k * probs))

    def _mean(self, probs):
        return (1 - probs) / probs

    def _var(self, probs):
        return (1 - probs) / ops.square(probs)

    def _mode(self, probs):
        return ops.zeros_like(ops.cast(probs, self.dtype))

    def _entropy(self, probs):
        return (-probs * ops.log(probs) - (1 - probs) * ops.log1p(-probs)) / probs

    def _kl_loss(self, b, a):
        (probs_b,), (probs_a,) = b, a
        return ops.log(probs_a / probs_b) + (1 - probs_a) / probs_a * ops.log((1 - probs_a) / (1 - probs_b))

    def _sample(self, shape, probs):
        return ops.cast(ops.floor(ops.log(self._uniform(shape, probs)) / ops.log1p(-probs)), self.dtype)


class Categorical(_Discrete):
    """Categorical(probs=None, seed=None, dtype=mstype.int32, name='Categorical'): category k
    with probability probs[..., k]; the probabilities of each distribution (the last axis)
    sum to one. The batch shape is probs.shape[:-1]."""

    _param_names = ("probs",)

    def __init__(self, probs=None, seed=None, dtype=mstype.int32, name="Categorical"):
        super().__init__({"probs": probs}, seed, dtype, name, locals())
        array = self._arrays["probs"]
        if array is not None:
            if array.ndim == 0:
                raise ValueError("For 'Categorical', the 'probs' must have at least one dimension.")
            if not (array >= 0).all():
                raise ValueError("Probabilities must be greater than or equal to zero")
            if not np.allclose(array.sum(-1), 1.0, atol=1e-6):
                raise ValueError("Probabilities for each category should sum to one for Categorical distribution.")

    @property
    def batch_shape(self) -> tuple:
        probs = self._defaults["probs"]
        return () if probs is None else tuple(probs.shape[:-1])

    def extend_repr(self) -> str:
        return self._param_repr(("probs",))

    def _value(self, value):
        check_tensor("value", value)
        return ops.cast(value, mstype.int32)

    def _one_hot(self, value, probs):
        return ops.one_hot(value, probs.shape[-1], ops.ones((), probs.dtype), ops.zeros((), probs.dtype))

    def _prob(self, value, probs):
        return ops.sum(self._one_hot(value, probs) * probs, -1)

    def _cdf(self, value, probs):
        return ops.sum(self._one_hot(value, probs) * ops.cumsum(probs, -1), -1)

    def _mean(self, probs):
        return ops.sum(probs * ops.arange(probs.shape[-1], dtype=probs.dtype), -1, True)

    def _var(self, probs):
        categories = ops.arange(probs.shape[-1], dtype=probs.dtype)
        return ops.sum(probs * ops.square(categories - self._mean(probs)), -1, True)

    def _mode(self, probs):
        return ops.cast(ops.argmax(probs, -1), self.dtype)

    def _entropy(self, probs):
        return -ops.sum(probs * ops.log(probs), -1)

    def _kl_loss(self, b, a):
        (probs_b,), (probs_a,) = b, a
        return ops.sum(probs_a * (ops.log(probs_a) - ops.log(probs_b)), -1)

    def _sample(self, shape, probs):
        count = int(np.prod(shape))
        rows = ops.reshape(probs, (-1, probs.shape[-1]))
        drawn = ops.multinomial(rows, count, True, self._sample_seed())  # (batch, count)
        drawn = ops.reshape(ops.transpose(drawn, (1, 0)), tuple(shape) + tuple(probs.shape[:-1]))
        return ops.cast(drawn, self.dtype)


class Poisson(_Discrete):
    """Poisson(rate=None, seed=None, dtype=mstype.float32, name='Poisson'): P(k) =
    rate^k e^-rate / k!, rate > 0 (a Tensor or a list: MindSpore refuses a scalar)."""

    _param_names = ("rate",)

    def __init__(self, rate=None, seed=None, dtype=mstype.float32, name="Poisson"):
        if rate is not None and np.ndim(rate.asnumpy() if hasattr(rate, "asnumpy") else rate) == 0:
            raise TypeError("Input rate can't be scalar")
        super().__init__({"rate": rate}, seed, dtype, name, locals())
        if self._arrays["rate"] is not None and not (self._arrays["rate"] > 0).all():
            raise ValueError("rate must be greater than zero.")

    def extend_repr(self) -> str:
        return self._param_repr(("rate",)) if self._defaults["rate"] is None else f"batch_shape = {self.batch_shape}"

    def _log_prob(self, value, rate):
        log_prob = value * ops.log(rate) - rate - ops.lgamma(value + 1)
        return ops.where(value >= 0, log_prob, ops.full_like(log_prob, float("-inf")))

    def _cdf(self, value, rate):
        # Q(value + 1, rate), continuous in value as in MindSpore (P(X <= value) at whole values).
        k = value + ops.zeros_like(rate)  # igammac takes operands of one shape
        cdf = ops.igammac(ops.maximum(k, 0) + 1, rate + ops.zeros_like(k))
        return ops.where(k >= 0, cdf, ops.zeros_like(cdf))

    def _mean(self, rate):
        return rate

    _var = _mean

    def _mode(self, rate):
        return ops.floor(rate)

    def _sample(self, shape, rate):
        drawn = ops.random_poisson(Tensor(np.array(shape, np.int32)), rate, self._sample_seed(), mstype.float32)
        return ops.cast(drawn, self.dtype)
