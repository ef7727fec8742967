"""Continuous distributions with closed forms: Normal, Uniform, Exponential, Cauchy, Logistic,
and (density only, as in MindSpore) HalfNormal, Laplace, StudentT."""
from __future__ import annotations

import math

from .... import ops
from ....common import dtype as mstype
from ....common.tensor import Tensor
from .distribution import _FLOAT_TYPES, Distribution

__all__ = ["Normal", "Uniform", "Exponential", "Cauchy", "Logistic", "HalfNormal", "Laplace", "StudentT"]

_LOG_SQRT_2PI = 0.5 * math.log(2 * math.pi)


def _check_positive(array, message: str) -> None:
    if array is not None and not (array > 0).all():
        raise ValueError(message)


class _Continuous(Distribution):
    """Checks the float dtype and stores the parameters `values` (name -> value)."""

    def __init__(self, values: dict, seed, dtype, name, param):
        super().__init__(seed, dtype, name, param)
        self._check_dtype(_FLOAT_TYPES)
        self._arrays = {key: self._add_parameter(value, key) for key, value in values.items()}

    def _uniform(self, shape, *params):
        """Uniform samples in (0, 1) of the sample shape, in the parameter dtype."""
        u = ops.uniform(self._sample_shape(shape, *params), Tensor(1e-7, mstype.float32), Tensor(1.0, mstype.float32),
                        self._sample_seed())
        return ops.cast(u, self.parameter_type)


class Normal(_Continuous):
    """Normal(mean=None, sd=None, seed=None, dtype=mstype.float32, name='Normal'): the normal
    distribution N(mean, sd^2), sd > 0."""

    _param_names = ("mean", "sd")

    def __init__(self, mean=None, sd=None, seed=None, dtype=mstype.float32, name="Normal"):
        super().__init__({"mean": mean, "sd": sd}, seed, dtype, name, locals())
        _check_positive(self._arrays["sd"], "Standard deviation must be greater than zero.")

    def extend_repr(self) -> str:
        return self._param_repr(("mean", "standard deviation"))

    def _log_prob(self, value, mean, sd):
        z = (value - mean) / sd
        return -0.5 * ops.square(z) - ops.log(sd) - _LOG_SQRT_2PI

    def _cdf(self, value, mean, sd):
        return 0.5 * ops.erfc(-(value - mean) / (sd * math.sqrt(2)))

    def _survival(self, value, mean, sd):
        return 0.5 * ops.erfc((value - mean) / (sd * math.sqrt(2)))

    def _mean(self, mean, sd):
        return ops.broadcast_to(mean, self._sample_shape((), mean, sd))

    _mode = _mean

    def _sd(self, mean, sd):
        return ops.broadcast_to(sd, self._sample_shape((), mean, sd))

    def _entropy(self, mean, sd):
        return ops.log(sd) + 0.5 + _LOG_SQRT_2PI + ops.zeros_like(mean)

    def _kl_loss(self, b, a):
        (mean_b, sd_b), (mean_a, sd_a) = b, a
        return ops.log(sd_b / sd_a) + (ops.square(sd_a) + ops.square(mean_a - mean_b)) / (2 * ops.square(sd_b)) - 0.5

    def _sample(self, shape, mean, sd):
        noise = ops.standard_normal(self._sample_shape(shape, mean, sd), self._sample_seed())
        return mean + sd * ops.cast(noise, self.parameter_type)


class Uniform(_Continuous):
    """Uniform(low=None, high=None, seed=None, dtype=mstype.float32, name='Uniform'): the
    uniform distribution on [low, high], low < high."""

    _param_names = ("low", "high")

    def __init__(self, low=None, high=None, seed=None, dtype=mstype.float32, name="Uniform"):
        super().__init__({"low": low, "high": high}, seed, dtype, name, locals())
        low_, high_ = self._arrays["low"], self._arrays["high"]
        if low_ is not None and high_ is not None and not (low_ < high_).all():
            raise ValueError("low must be less than high")

    def extend_repr(self) -> str:
        return self._param_repr(("low", "high"))

    def _prob(self, value, low, high):
        inside = ops.logical_and(value >= low, value <= high)
        return ops.where(inside, 1 / (high - low), ops.zeros_like(value - low))

    def _cdf(self, value, low, high):
        return ops.clamp((value - low) / (high - low), 0.0, 1.0)

    def _mean(self, low, high):
        return (low + high) / 2

    def _var(self, low, high):
        return ops.square(high - low) / 12

    def _entropy(self, low, high):
        return ops.log(high - low)

    def _kl_loss(self, b, a):
        (low_b, high_b), (low_a, high_a) = b, a
        inside = ops.logical_and(low_b <= low_a, high_a <= high_b)
        kl = ops.log((high_b - low_b) / (high_a - low_a))
        return ops.where(inside, kl, ops.full_like(kl, float("inf")))

    def _sample(self, shape, low, high):
        return low + (high - low) * self._uniform(shape, low, high)


class Exponential(_Continuous):
    """Exponential(rate=None, seed=None, dtype=mstype.float32, name='Exponential'): density
    rate * exp(-rate * x) on x >= 0, rate > 0."""

    _param_names = ("rate",)

    def __init__(self, rate=None, seed=None, dtype=mstype.float32, name="Exponential"):
        super().__init__({"rate": rate}, seed, dtype, name, locals())
        _check_positive(self._arrays["rate"], "rate must be greater than zero.")

    def extend_repr(self) -> str:
        return self._param_repr(("rate",))

    def _prob(self, value, rate):
        return ops.where(value >= 0, rate * ops.exp(-rate * value), ops.zeros_like(value * rate))

    def _log_prob(self, value, rate):
        return ops.where(value >= 0, ops.log(rate) - rate * value, ops.full_like(value * rate, float("-inf")))

    def _cdf(self, value, rate):
        return ops.where(value >= 0, -ops.expm1(-rate * value), ops.zeros_like(value * rate))

    def _log_survival(self, value, rate):
        return ops.where(value >= 0, -rate * value, ops.zeros_like(value * rate))

    def _mean(self, rate):
        return 1 / rate

    _sd = _mean

    def _mode(self, rate):
        return ops.zeros_like(rate)

    def _entropy(self, rate):
        return 1 - ops.log(rate)

    def _kl_loss(self, b, a):
        (rate_b,), (rate_a,) = b, a
        return ops.log(rate_a / rate_b) + rate_b / rate_a - 1

    def _sample(self, shape, rate):
        return -ops.log(self._uniform(shape, rate)) / rate


class Cauchy(_Continuous):
    """Cauchy(loc=None, scale=None, seed=None, dtype=mstype.float32, name='Cauchy'): density
    1 / (pi * scale * (1 + ((x - loc) / scale)^2)), scale > 0. Its mean and variance do not
    exist (ValueError)."""

    _param_names = ("loc", "scale")

    def __init__(self, loc=None, scale=None, seed=None, dtype=mstype.float32, name="Cauchy"):
        super().__init__({"loc": loc, "scale": scale}, seed, dtype, name, locals())
        _check_positive(self._arrays["scale"], "scale must be greater than zero.")

    def extend_repr(self) -> str:
        return self._param_repr(("location", "scale"))

    def _log_prob(self, value, loc, scale):
        z = (value - loc) / scale
        return -math.log(math.pi) - ops.log(scale) - ops.log1p(ops.square(z))

    def _cdf(self, value, loc, scale):
        return 0.5 + ops.atan((value - loc) / scale) / math.pi

    def _survival(self, value, loc, scale):
        return 0.5 - ops.atan((value - loc) / scale) / math.pi

    def mean(self, *args, **kwargs):
        raise ValueError("mean is undefined for Cauchy distribution.")

    def sd(self, *args, **kwargs):
        raise ValueError("standard deviation is undefined for Cauchy distribution.")

    def var(self, *args, **kwargs):
        raise ValueError("variance is undefined for Cauchy distribution.")

    def _mode(self, loc, scale):
        return ops.broadcast_to(loc, self._sample_shape((), loc, scale))

    def _entropy(self, loc, scale):
        return ops.log(4 * math.pi * scale) + ops.zeros_like(loc)

    def _kl_loss(self, b, a):
        (loc_b, scale_b), (loc_a, scale_a) = b, a
        return ops.log((ops.square(scale_a + scale_b) + ops.square(loc_a - loc_b)) / (4 * scale_a * scale_b))

    def _sample(self, shape, loc, scale):
        return loc + scale * ops.tan(math.pi * (self._uniform(shape, loc, scale) - 0.5))


class Logistic(_Continuous):
    """Logistic(loc=None, scale=None, seed=None, dtype=mstype.float32, name='Logistic'): cdf
    sigmoid((x - loc) / scale), scale > 0."""

    _param_names = ("loc", "scale")

    def __init__(self, loc=None, scale=None, seed=None, dtype=mstype.float32, name="Logistic"):
        super().__init__({"loc": loc, "scale": scale}, seed, dtype, name, locals())
        _check_positive(self._arrays["scale"], "scale must be greater than zero.")

    def extend_repr(self) -> str:
        return self._param_repr(("location", "scale"))

    def _log_prob(self, value, loc, scale):
        z = (value - loc) / scale
        return -z - 2 * ops.softplus(-z) - ops.log(scale)

    def _log_cdf(self, value, loc, scale):
        return -ops.softplus(-(value - loc) / scale)

    def _log_survival(self, value, loc, scale):
        return -ops.softplus((value - loc) / scale)

    def _cdf(self, value, loc, scale):
        return ops.sigmoid((value - loc) / scale)

    def _survival(self, value, loc, scale):
        return ops.sigmoid(-(value - loc) / scale)

    def _mean(self, loc, scale):
        return ops.broadcast_to(loc, self._sample_shape((), loc, scale))

    _mode = _mean

    def _sd(self, loc, scale):
        return ops.broadcast_to(scale * (math.pi / math.sqrt(3)), self._sample_shape((), loc, scale))

    def _entropy(self, loc, scale):
        return ops.log(scale) + 2 + ops.zeros_like(loc)

    def _sample(self, shape, loc, scale):
        u = self._uniform(shape, loc, scale)
        return loc + scale * (ops.log(u) - ops.log1p(-u))


class HalfNormal(_Continuous):
    """HalfNormal(mean=None, sd=None, seed=None, dtype=mstype.float32, name='HalfNormal'): the
    density sqrt(2 / pi) / sd * exp(-(x - mean)^2 / (2 sd^2)) of |N(0, sd^2)| shifted by mean
    (MindSpore defines its prob and log_prob only)."""

    _param_names = ("mean", "sd")

    def __init__(self, mean=None, sd=None, seed=None, dtype=mstype.float32, name="HalfNormal"):
        super().__init__({"mean": mean, "sd": sd}, seed, dtype, name, locals())
        _check_positive(self._arrays["sd"], "Standard deviation must be greater than zero.")

    def _log_prob(self, value, mean, sd):
        return 0.5 * math.log(2 / math.pi) - ops.log(sd) - ops.square(value - mean) / (2 * ops.square(sd))


class Laplace(_Continuous):
    """Laplace(mean=None, sd=None, seed=None, dtype=mstype.float32, name='Laplace'): the density
    exp(-|x - mean| / sd) / (2 sd), `sd` the scale (MindSpore defines its prob and log_prob
    only)."""

    _param_names = ("mean", "sd")

    def __init__(self, mean=None, sd=None, seed=None, dtype=mstype.float32, name="Laplace"):
        super().__init__({"mean": mean, "sd": sd}, seed, dtype, name, locals())
        _check_positive(self._arrays["sd"], "Standard deviation must be greater than zero.")

    def _log_prob(self, value, mean, sd):
        return -ops.abs(value - mean) / sd - ops.log(2 * sd)


class StudentT(_Continuous):
    """StudentT(df=None, mean=None, sd=None, seed=None, dtype=mstype.float32, name='StudentT'):
    Student's t with `df` degrees of freedom, location `mean` and scale `sd` (MindSpore
    defines its prob and log_prob only)."""

    _param_names = ("df", "mean", "sd")

    def __init__(self, df=None, mean=None, sd=None, seed=None, dtype=mstype.float32, name="StudentT"):
        super().__init__({"df": df, "mean": mean, "sd": sd}, seed, dtype, name, locals())
        _check_positive(self._arrays["df"], "df must be greater than zero.")
        _check_positive(self._arrays["sd"], "Standard deviation must be greater than zero.")

    def _log_prob(self, value, df, mean, sd):
        z = (value - mean) / sd
        return (ops.lgamma((df + 1) / 2) - ops.lgamma(df / 2) - 0.5 * ops.log(df * math.pi) - ops.log(sd)
                - (df + 1) / 2 * ops.log1p(ops.square(z) / df))

