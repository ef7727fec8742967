"""Elementwise bijectors: PowerTransform and its power-0 case Exp, ScalarAffine, Softplus and
GumbelCDF."""
from __future__ import annotations

from .... import ops
from .bijector import Bijector

__all__ = ["PowerTransform", "Exp", "ScalarAffine", "Softplus", "GumbelCDF"]


def _param(bijector: Bijector, names: tuple, values: tuple) -> None:
    bijector._parameters.update({**dict(zip(names, values)), "name": bijector.name,
                                 "param_dict": dict(zip(names, values))})


class PowerTransform(Bijector):
    """PowerTransform(power=0.0, name='PowerTransform'): y = (1 + c x)^(1 / c) for power
    c > 0 and y = exp(x) for c = 0."""

    def __init__(self, power=0.0, name="PowerTransform"):
        super().__init__(name=name)
        self._constant(power)
        if power < 0:
            raise ValueError("Power must be greater than or equal to zero.")
        self.power = float(power)
        _param(self, ("power",), (power,))

    def extend_repr(self) -> str:
        return f"power = {self.power}"

    def _forward(self, x):
        c = self.power
        return ops.exp(x) if c == 0 else ops.pow(1 + x * c, 1 / c)

    def _inverse(self, y):
        c = self.power
        return ops.log(y) if c == 0 else (ops.pow(y, c) - 1) / c

    def _forward_log_jacobian(self, x):
        c = self.power
        return x if c == 0 else (1 / c - 1) * ops.log1p(x * c)

    def _inverse_log_jacobian(self, y):
        c = self.power
        return -ops.log(y) if c == 0 else (c - 1) * ops.log(y)


class Exp(PowerTransform):
    """Exp(name='Exp'): y = exp(x)."""

    def __init__(self, name="Exp"):
        super().__init__(0.0, name)

    def extend_repr(self) -> str:
        return "exp"


class ScalarAffine(Bijector):
    """ScalarAffine(scale=1.0, shift=0.0, name='ScalarAffine'): y = scale * x + shift."""

    def __init__(self, scale=1.0, shift=0.0, name="ScalarAffine"):
        super().__init__(is_constant_jacobian=True, name=name)
        self._scale = self._constant(scale)
        self._shift = self._constant(shift)
        self.scale, self.shift = float(scale), float(shift)
        _param(self, ("scale", "shift"), (scale, shift))

    def extend_repr(self) -> str:
        return f"scale = {self.scale}, shift = {self.shift}"

    def _forward(self, x):
        return x * ops.cast(self._scale, x.dtype) + ops.cast(self._shift, x.dtype)

    def _inverse(self, y):
        return (y - ops.cast(self._shift, y.dtype)) / ops.cast(self._scale, y.dtype)

    def _forward_log_jacobian(self, x):
        return ops.cast(ops.log(ops.abs(self._scale)), x.dtype)

    def _inverse_log_jacobian(self, y):
        return -ops.cast(ops.log(ops.abs(self._scale)), y.dtype)


class Softplus(Bijector):
    """Softplus(sharpness=1.0, name='Softplus'): y = log(1 + exp(k x)) / k, k the sharpness."""

    def __init__(self, sharpness=1.0, name="Softplus"):
        super().__init__(name=name)
        if not isinstance(sharpness, float):
            raise TypeError(f"For 'Softplus', the 'sharpness' must be float, but got {type(sharpness).__name__}.")
        self.sharpness = sharpness
        _param(self, ("sharpness",), (sharpness,))

    def extend_repr(self) -> str:
        return f"sharpness = {self.sharpness}"

    def _forward(self, x):
        k = self.sharpness
        return ops.softplus(x * k) / k

    def _inverse(self, y):
        k = self.sharpness
        return ops.log(ops.expm1(y * k)) / k

    def _forward_log_jacobian(self, x):
        return -ops.softplus(-x * self.sharpness)

    def _inverse_log_jacobian(self, y):
        k = self.sharpness
        return y * k - ops.log(ops.expm1(y * k))


class GumbelCDF(Bijector):
    """GumbelCDF(loc=0.0, scale=1.0, name='GumbelCDF'): y = exp(-exp(-(x - loc) / scale)),
    the Gumbel distribution's cdf, scale > 0."""

    def __init__(self, loc=0.0, scale=1.0, name="GumbelCDF"):
        super().__init__(name=name)
        self._constant(loc)
        self._constant(scale)
        if scale <= 0:
            raise ValueError("scale must be greater than zero.")
        self.loc, self.scale = float(loc), float(scale)
        _param(self, ("loc", "scale"), (loc, scale))

    def extend_repr(self) -> str:
        return f"loc = {self.loc}, scale = {self.scale}"

    def _forward(self, x):
        return ops.exp(-ops.exp(-(x - self.loc) / self.scale))

    def _inverse(self, y):
        return self.loc - self.scale * ops.log(-ops.log(y))

    def _forward_log_jacobian(self, x):
        z = (x - self.loc) / self.scale
        return -z - ops.exp(-z) - ops.log(ops.ones_like(x) * self.scale)

    def _inverse_log_jacobian(self, y):
        return ops.log(self.scale / (-ops.log(y) * y))
