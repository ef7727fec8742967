"""TransformedDistribution: the distribution of y = f(x) for a bijector f and a distribution
of x; LogNormal (exp of a Normal) and Gumbel (the inverse Gumbel cdf of a Uniform), with
their closed-form moments."""
from __future__ import annotations

import math

from .... import ops
from ....common import dtype as mstype
from ..bijector import Exp, GumbelCDF, Invert
from ..bijector.bijector import Bijector
from .continuous import _LOG_SQRT_2PI, Normal, Uniform, _check_positive
from .distribution import _FLOAT_TYPES, Distribution

__all__ = ["TransformedDistribution", "LogNormal", "Gumbel"]

_EULER = 0.5772156649015329


class TransformedDistribution(Distribution):
    """TransformedDistribution(bijector, distribution, seed=None, name='transformed_distribution')

    prob(y) = distribution.prob(f^-1(y)) |d f^-1 / dy|, cdf(y) = distribution.cdf(f^-1(y))
    (f increasing), samples f(x). The parameters (and per-call overrides) are the
    distribution's; the mean is f(mean) for an affine f and otherwise not known.
    """

    def __init__(self, bijector, distribution, seed=None, name="transformed_distribution"):
        if not isinstance(bijector, Bijector):
            raise TypeError(f"For 'TransformedDistribution', the type of 'bijector' should be 'Bijector', but got "
                            f"type '{type(bijector).__name__}'.")
        if not isinstance(distribution, Distribution):
            raise TypeError(f"For 'TransformedDistribution', the type of 'distribution' should be 'Distribution', "
                            f"but got type '{type(distribution).__name__}'.")
        super().__init__(seed, distribution.dtype, name, {"bijector": bijector, "distribution": distribution,
                                                          "seed": seed, "name": name})
        self._param_names = distribution._param_names
        self._defaults = dict(distribution._defaults)
        self._bijector = bijector
        self._distribution = distribution

    @property
    def bijector(self) -> Bijector:
        return self._bijector

    @property
    def distribution(self) -> Distribution:
        return self._distribution

    def _through(self, private: str):
        """The distribution's `private` method applied to f^-1(y)."""
        method = self._distribution._method(private)
        return lambda value, *params: method(self._bijector.inverse(value), *params)

    def _log_prob(self, value, *params):
        return self._through("_log_prob")(value, *params) + self._bijector.inverse_log_jacobian(value)

    def _cdf(self, value, *params):
        return self._through("_cdf")(value, *params)

    def _log_cdf(self, value, *params):
        return self._through("_log_cdf")(value, *params)

    def _survival(self, value, *params):
        return self._through("_survival")(value, *params)

    def _log_survival(self, value, *params):
        return self._through("_log_survival")(value, *params)

    def _mean(self, *params):
        if not self._bijector.is_constant_jacobian:
            raise ValueError("mean function must be implemented for non-linear transformation")
        return self._bijector.forward(self._distribution._method("_mean")(*params))

    def _sample(self, shape, *params):
        return self._bijector.forward(self._distribution._method("_sample")(shape, *params))


class LogNormal(TransformedDistribution):
    """LogNormal(loc=None, scale=None, seed=0, dtype=mstype.float32, name='LogNormal'): the
    distribution of exp(x) for x ~ N(loc, scale^2), scale > 0."""

    _param_names = ("loc", "scale")

    def __init__(self, loc=None, scale=None, seed=0, dtype=mstype.float32, name="LogNormal"):
        super().__init__(Exp(), Normal(loc, scale, seed, dtype), seed, name)
        self._parameters = {"loc": loc, "scale": scale, "seed": seed, "dtype": dtype, "name": name,
                            "param_dict": {"loc": loc, "scale": scale}}
        self._param_names = ("loc", "scale")
        self._defaults = {"loc": self._distribution._defaults["mean"], "scale": self._distribution._defaults["sd"]}

    def extend_repr(self) -> str:
        return self._param_repr(("loc", "scale"))

    def _mean(self, loc, scale):
        return ops.exp(loc + ops.square(scale) / 2)

    def _var(self, loc, scale):
        variance = ops.square(scale)
        return ops.expm1(variance) * ops.exp(2 * loc + variance)

    def _mode(self, loc, scale):
        return ops.exp(loc - ops.square(scale))

    def _entropy(self, loc, scale):
        return loc + 0.5 + ops.log(scale) + _LOG_SQRT_2PI

    def _kl_loss(self, b, a):
        return self._distribution._kl_loss(b, a)


class Gumbel(TransformedDistribution):
    """Gumbel(loc, scale, seed=0, dtype=mstype.float32, name='Gumbel'): cdf
    exp(-exp(-(x - loc) / scale)), scale > 0; loc and scale are required."""

    _param_names = ("loc", "scale")

    def __init__(self, loc, scale, seed=0, dtype=mstype.float32, name="Gumbel"):
        gumbel_cdf = GumbelCDF(loc, scale)
        super().__init__(Invert(gumbel_cdf), Uniform(0.0, 1.0, seed, dtype), seed, name)
        self._check_dtype(_FLOAT_TYPES)
        self._parameters = {"loc": loc, "scale": scale, "seed": seed, "dtype": dtype, "name": name,
                            "param_dict": {"loc": loc, "scale": scale}}
        self._param_names = ("loc", "scale")
        self._defaults = {}
        self._add_parameter(loc, "loc")
        _check_positive(self._add_parameter(scale, "scale"), "scale must be greater than zero.")
        self._gumbel_bijector = gumbel_cdf

    def extend_repr(self) -> str:
        return self._param_repr(("loc", "scale"))

    def _log_prob(self, value, loc, scale):
        z = (value - loc) / scale
        return -z - ops.exp(-z) - ops.log(scale)

    def _log_cdf(self, value, loc, scale):
        return -ops.exp(-(value - loc) / scale)

    def _cdf(self, value, loc, scale):
        return ops.exp(self._log_cdf(value, loc, scale))

    def _survival(self, value, loc, scale):
        return -ops.expm1(self._log_cdf(value, loc, scale))

    def _log_survival(self, value, loc, scale):
        return ops.log(self._survival(value, loc, scale))

    def _mean(self, loc, scale):
        return loc + scale * _EULER

    def _sd(self, loc, scale):
        return ops.broadcast_to(scale * (math.pi / math.sqrt(6)), self._sample_shape((), loc, scale))

    def _mode(self, loc, scale):
        return ops.broadcast_to(loc, self._sample_shape((), loc, scale))

    def _entropy(self, loc, scale):
        return ops.log(scale) + _EULER + 1 + ops.zeros_like(loc)

    def _kl_loss(self, b, a):
        (loc_b, scale_b), (loc_a, scale_a) = b, a
        ratio = scale_a / scale_b
        return (ops.log(scale_b / scale_a) + _EULER * (ratio - 1) + ops.exp((loc_b - loc_a) / scale_b)
                * ops.exp(ops.lgamma(ratio + 1)) - 1 + (loc_a - loc_b) / scale_b)

    def _sample(self, shape, loc, scale):
        u = self._distribution._uniform(shape, loc, scale)
        return loc - scale * ops.log(-ops.log(u))
