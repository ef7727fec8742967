"""The Gamma and Beta distributions (log-densities through lgamma, moments through digamma)."""
from __future__ import annotations

import numpy as np

from .... import ops
from ....common import dtype as mstype
from ....common.tensor import Tensor
from .distribution import _FLOAT_TYPES, Distribution

__all__ = ["Gamma", "Beta"]


def _lbeta(a, b):
    return ops.lgamma(a) + ops.lgamma(b) - ops.lgamma(a + b)


class _GammaFamily(Distribution):
    """Float parameters that must be Tensors or lists (MindSpore refuses scalars) and > 0."""

    def __init__(self, values: dict, seed, dtype, name, param):
        for key, value in values.items():
            if value is not None and np.ndim(value.asnumpy() if hasattr(value, "asnumpy") else value) == 0:
                raise TypeError(f"Input {key} can't be scalar")
        super().__init__(seed, dtype, name, param)
        self._check_dtype(_FLOAT_TYPES)
        for key, value in values.items():
            array = self._add_parameter(value, key)
            if array is not None and not (array > 0).all():
                raise ValueError(f"{key.rstrip('01')} must be greater than zero.")

    def extend_repr(self) -> str:
        if any(v is None for v in self.default_parameters):
            return self._param_repr(self._param_names)
        return f"batch_shape = {self.batch_shape}"

    def _gamma_sample(self, shape, concentration):
        drawn = ops.random_gamma(Tensor(np.array(shape, np.int32)), ops.cast(concentration, mstype.float32),
                                 self._sample_seed())
        return ops.cast(drawn, self.parameter_type)


class Gamma(_GammaFamily):
    """Gamma(concentration=None, rate=None, seed=None, dtype=mstype.float32, name='Gamma'):
    density rate^a x^(a-1) e^(-rate x) / Gamma(a) on x > 0, a the concentration."""

    _param_names = ("concentration", "rate")

    def __init__(self, concentration=None, rate=None, seed=None, dtype=mstype.float32, name="Gamma"):
        super().__init__({"concentration": concentration, "rate": rate}, seed, dtype, name, locals())

    def _log_prob(self, value, concentration, rate):
        return (concentration * ops.log(rate) + (concentration - 1) * ops.log(value) - rate * value
                - ops.lgamma(concentration))

    def _cdf(self, value, concentration, rate):
        x = ops.maximum(rate * value, 0) + ops.zeros_like(concentration)
        return ops.igamma(concentration + ops.zeros_like(x), x)

    def _mean(self, concentration, rate):
        return concentration / rate

    def _var(self, concentration, rate):
        return concentration / ops.square(rate)

    def _mode(self, concentration, rate):
        mode = (concentration - 1) / rate
        return ops.where(concentration >= 1, mode, ops.full_like(mode, float("nan")))

    def _entropy(self, concentration, rate):
        return (concentration - ops.log(rate) + ops.lgamma(concentration)
                + (1 - concentration) * ops.digamma(concentration))

    def _kl_loss(self, b, a):
        (conc_b, rate_b), (conc_a, rate_a) = b, a
        return ((conc_a - conc_b) * ops.digamma(conc_a) - ops.lgamma(conc_a) + ops.lgamma(conc_b)
                + conc_b * (ops.log(rate_a) - ops.log(rate_b)) + conc_a * (rate_b - rate_a) / rate_a)

    def _sample(self, shape, concentration, rate):
        return self._gamma_sample(shape, concentration) / rate


class Beta(_GammaFamily):
    """Beta(concentration1=None, concentration0=None, seed=None, dtype=mstype.float32,
    name='Beta'): density x^(a-1) (1-x)^(b-1) / B(a, b) on (0, 1), a = concentration1,
    b = concentration0."""

    _param_names = ("concentration1", "concentration0")

    def __init__(self, concentration1=None, concentration0=None, seed=None, dtype=mstype.float32, name="Beta"):
        super().__init__({"concentration1": concentration1, "concentration0": concentration0}, seed, dtype, name,
                         locals())

    def _log_prob(self, value, a, b):
        return (a - 1) * ops.log(value) + (b - 1) * ops.log1p(-value) - _lbeta(a, b)

    def _mean(self, a, b):
        return a / (a + b)

    def _var(self, a, b):
        total = a + b
        return a * b / (ops.square(total) * (total + 1))

    def _mode(self, a, b):
        return (a - 1) / (a + b - 2)

    def _entropy(self, a, b):
        return (_lbeta(a, b) - (a - 1) * ops.digamma(a) - (b - 1) * ops.digamma(b)
                + (a + b - 2) * ops.digamma(a + b))

    def _kl_loss(self, b_params, a_params):
        (a1_b, a0_b), (a1_a, a0_a) = b_params, a_params
        return (_lbeta(a1_b, a0_b) - _lbeta(a1_a, a0_a) + (a1_a - a1_b) * ops.digamma(a1_a)
                + (a0_a - a0_b) * ops.digamma(a0_a) + (a1_b - a1_a + a0_b - a0_a) * ops.digamma(a1_a + a0_a))

    def _sample(self, shape, a, b):
        x = self._gamma_sample(shape, a + ops.zeros_like(b))
        y = self._gamma_sample(shape, b + ops.zeros_like(a))
        return x / (x + y)
