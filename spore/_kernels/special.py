"""Kernels of special functions and the elementwise math beyond math_ops
(operations/special_ops.py): torch.special computes nearly all of them; Float16 /
BFloat16 inputs, for which few of its CPU kernels exist, compute in Float32 (`_widening`).
"""
from __future__ import annotations

import math
from typing import Callable

import torch

from .elementwise import _as_tensors, _on_tensors, binary
from .registry import kernel, kernel_factory

_NARROW_FLOATS = (torch.float16, torch.bfloat16)


def _widening(compute: Callable) -> Callable:
    """compute(x), with Float16 / BFloat16 x computed in Float32 and cast back, and integer
    or Bool x computed in (and returned as) Float32."""

    def run(x):
        if x.dtype in _NARROW_FLOATS:
            return compute(x.float()).to(x.dtype)
        if not (x.dtype.is_floating_point or x.dtype.is_complex):
            return compute(x.float())
        return compute(x)

    return run


# ---- gamma family -----------------------------------------------------------------------------


@kernel("Polygamma")
def polygamma(n, x):
    order = int(n.reshape(()).item())
    if order < 0:  # MindSpore gives NaN for a negative order
        return torch.full_like(x, math.nan)
    return _widening(lambda v: torch.special.polygamma(order, v))(x)


@kernel_factory("Mvlgamma")
def mvlgamma(prim):
    p = prim.p
    return lambda x: torch.special.multigammaln(x, p)


_BETAINC_TERMS = 300  # at most: enough for float64 precision with a, b up to ~1e4


def _beta_continued_fraction(a, b, x):
    """The continued fraction of I_x(a, b) (Numerical Recipes' betacf, by the modified Lentz
    method), fast to converge for x < (a + 1) / (a + b + 2)."""
    tiny = torch.finfo(x.dtype).tiny
    c = torch.ones_like(x)
    d = 1 - (a + b) * x / (a + 1)
    d = 1 / torch.where(d.abs() < tiny, tiny, d)
    h = d
    for m in range(1, _BETAINC_TERMS):
        two_m = 2 * m
        for numerator in (m * (b - m) * x / ((a + two_m - 1) * (a + two_m)),
                          -(a + m) * (a + b + m) * x / ((a + two_m) * (a + two_m + 1))):
            d = 1 + numerator * d
            d = 1 / torch.where(d.abs() < tiny, tiny, d)
            c = 1 + numerator / c
            c = torch.where(c.abs() < tiny, tiny, c)
            h = h * d * c
        if m % 16 == 0 and bool(torch.all((d * c - 1).abs() < 1e-15)):
            break
    return h


@kernel("Betainc")
def betainc(a, b, x):
    """I_x(a, b) in Float64, from the continued fraction on the side of x where it converges
    (I_x(a, b) = 1 - I_{1-x}(b, a))."""
    dtype = x.dtype
    a, b, x = a.double(), b.double(), x.double()
    flip = x > (a + 1) / (a + b + 2)
    a_, b_, x_ = torch.where(flip, b, a), torch.where(flip, a, b), torch.where(flip, 1 - x, x)
    log_front = (torch.special.xlogy(a_, x_) + torch.special.xlog1py(b_, -x_)
                 + torch.lgamma(a_ + b_) - torch.lgamma(a_) - torch.lgamma(b_))
    partial = torch.exp(log_front) * _beta_continued_fraction(a_, b_, x_) / a_
    out = torch.where(flip, 1 - partial, partial)
    out = torch.where((x < 0) | (x > 1) | (a <= 0) | (b <= 0), math.nan, out)
    return out.to(dtype)


def _below_zero(compute: Callable, value: float) -> Callable:
    """compute(x), and `value` where x < 0: the second-kind Bessel functions are not real
    there, and MindSpore gives their limit at 0 (-inf for Y, inf for K) where torch gives NaN."""
    return lambda x: torch.where(x < 0, torch.tensor(value, dtype=x.dtype, device=x.device), compute(x))


_UNARY = {
    "Lgamma": torch.lgamma,
    "Digamma": torch.special.digamma,
    "Erfinv": torch.special.erfinv,
    "Sinc": torch.special.sinc,
    "BesselI0": torch.special.i0,
    "BesselI0e": torch.special.i0e,
    "BesselI1": torch.special.i1,
    "BesselI1e": torch.special.i1e,
    "BesselJ0": torch.special.bessel_j0,
    "BesselJ1": torch.special.bessel_j1,
    "BesselY0": _below_zero(torch.special.bessel_y0, -math.inf),
    "BesselY1": _below_zero(torch.special.bessel_y1, -math.inf),
    "BesselK0": _below_zero(torch.special.modified_bessel_k0, math.inf),
    "BesselK0e": _below_zero(torch.special.scaled_modified_bessel_k0, math.inf),
    "BesselK1": _below_zero(torch.special.modified_bessel_k1, math.inf),
    "BesselK1e": _below_zero(torch.special.scaled_modified_bessel_k1, math.inf),
}
for _name, _compute in _UNARY.items():
    kernel(_name)(_widening(_compute))


@kernel_factory("Logit")
def logit(prim):
    eps = prim.eps if prim.eps >= 0 else None  # a negative eps: no clamping
    return _widening(lambda x: torch.special.logit(x, eps=eps))


# ---- binary -------------------------------------------------------------------------------


def _xdivy(x, y):
    x, y = _as_tensors(x, y)
    quotient = x / y
    return torch.where(x == 0, torch.zeros((), dtype=quotient.dtype, device=quotient.device), quotient)


def _widening_pair(compute: Callable) -> Callable:
    """compute(x, y) on two tensors of one dtype (a Python number as a tensor), Float16 /
    BFloat16 computed in Float32."""

    def run(x, y):
        x, y = _as_tensors(x, y)
        if x.dtype in _NARROW_FLOATS:
            return compute(x.float(), y.float()).to(x.dtype)
        return compute(x, y)

    return run


_BINARY = {
    "Igamma": torch.special.gammainc,
    "Igammac": torch.special.gammaincc,
    "Zeta": torch.special.zeta,
    "Xlogy": _widening_pair(torch.special.xlogy),
    "Xdivy": _xdivy,
    "Hypot": _on_tensors(torch.hypot),
    "Complex": torch.complex,
    "Polar": torch.polar,
}
for _name, _compute in _BINARY.items():
    kernel(_name)(binary(_compute))


# ---- complex numbers ----------------------------------------------------------------------------


@kernel("Real")
def real(x):
    return torch.real(x).clone() if x.is_complex() else x.clone()


@kernel("Imag")
def imag(x):
    return torch.imag(x).clone() if x.is_complex() else torch.zeros_like(x)


kernel("Conj")(torch.conj_physical)
kernel("Angle")(torch.angle)
kernel("ComplexAbs")(torch.abs)
