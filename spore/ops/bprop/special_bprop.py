"""bprops of the primitives in operations/special_ops.py.

Conventions, as MindSpore's:

- Igamma / Igammac: d P(a, x) / dx = x^(a-1) e^-x / Gamma(a), and d P / da from
  IgammaGradA's series (first order only: IgammaGradA is not differentiated, as in MindSpore).
- Betainc(a, b, x): the gradient for x; a and b take none.
- Zeta(x, q): the gradient for q (-x * zeta(x + 1, q)); the order x takes none.
- Polygamma(n, x): the gradient for x; the integer order n takes none.
- Complex numbers: the gradient of a real-valued L for a complex z = a + bi is
  dL/da + i dL/db, so Real gives dout + 0i, Imag 0 + dout i, Complex splits a complex dout
  back into its parts.

Every bprop is written with differentiable ops, so gradients of any order exist.
"""
from __future__ import annotations

import math

from ...common.tensor import Tensor
from ..operations import array_ops, selection_ops
from ..operations import math_ops as M
from ..operations import special_ops as S
from .broadcast import grad_like
from .registry import bprop, non_differentiable

non_differentiable("IgammaGradA")

_add, _sub, _mul, _div, _neg = M.Add(), M.Sub(), M.Mul(), M.Div(), M.Neg()
_exp, _square, _sign, _cos, _sin = M.Exp(), M.Square(), M.Sign(), M.Cos(), M.Sin()
_equal, _not_equal, _less, _greater = M.Equal(), M.NotEqual(), M.Less(), M.Greater()
_logical_or = M.LogicalOr()
_select, _cast, _zeros_like, _ones_like = selection_ops.Select(), array_ops.Cast(), array_ops.ZerosLike(), \
    array_ops.OnesLike()
_lgamma, _digamma, _polygamma, _zeta = S.Lgamma(), S.Digamma(), S.Polygamma(), S.Zeta()
_igamma_grad_a = S.IgammaGradA()
_xlogy, _xdivy, _real, _imag, _conj, _complex = S.Xlogy(), S.Xdivy(), S.Real(), S.Imag(), S.Conj(), S.Complex()
_i0, _i0e, _i1, _i1e = S.BesselI0(), S.BesselI0e(), S.BesselI1(), S.BesselI1e()
_j0, _j1, _y0, _y1 = S.BesselJ0(), S.BesselJ1(), S.BesselY0(), S.BesselY1()
_k0, _k0e, _k1, _k1e = S.BesselK0(), S.BesselK0e(), S.BesselK1(), S.BesselK1e()

_SQRT_PI_OVER_2 = math.sqrt(math.pi) / 2


def _in_dtype(x, dtype):
    """x in `dtype` (an integer input of an op computing in floating point)."""
    return x if x.dtype == dtype else _cast(x, dtype)


def _nonzero(x):
    """x with its zeros replaced by ones: a safe divisor where 0 is handled apart."""
    return _select(_equal(x, 0), 1, x)


# ---- gamma family -----------------------------------------------------------------------------


@bprop("Lgamma")
def _lgamma_bprop(prim, x, out, dout):
    """d log|Gamma(x)| = digamma(x)."""
    return (grad_like(x, _mul(dout, _digamma(_in_dtype(x, out.dtype)))),)


@bprop("Digamma")
def _digamma_bprop(prim, x, out, dout):
    return (_mul(dout, _polygamma(Tensor(1), x)),)


@bprop("Polygamma")
def _polygamma_bprop(prim, n, x, out, dout):
    return None, _mul(dout, _polygamma(_add(n, 1), x))


@bprop("Mvlgamma")
def _mvlgamma_bprop(prim, x, out, dout):
    """d log Gamma_p(x) = sum_{j<p} digamma(x - j / 2)."""
    total = _digamma(x)
    for j in range(1, prim.p):
        total = _add(total, _digamma(_sub(x, j / 2)))
    return (_mul(dout, total),)


def _lower_gamma_density(a, x):
    """x^(a-1) e^-x / Gamma(a), the derivative of P(a, x) in x."""
    return _exp(_sub(_sub(_xlogy(_sub(a, 1), x), x), _lgamma(a)))


def _lower_gamma_grads(a, x, dout):
    """The gradients of P(a, x) for a and x, reduced to their shapes."""
    return grad_like(a, _mul(dout, _igamma_grad_a(a, x))), grad_like(x, _mul(dout, _lower_gamma_density(a, x)))


@bprop("Igamma")
def _igamma_bprop(prim, a, x, out, dout):
    return _lower_gamma_grads(a, x, dout)


@bprop("Igammac")
def _igammac_bprop(prim, a, x, out, dout):
    """Q = 1 - P."""
    return _lower_gamma_grads(a, x, _neg(dout))


@bprop("Betainc")
def _betainc_bprop(prim, a, b, x, out, dout):
    """d I_x(a, b) / dx = x^(a-1) (1-x)^(b-1) / B(a, b); a and b take none (as MindSpore)."""
    log_density = _sub(_add(_xlogy(_sub(a, 1), x), _xlogy(_sub(b, 1), _sub(1, x))),
                       _sub(_add(_lgamma(a), _lgamma(b)), _lgamma(_add(a, b))))
    return None, None, _mul(dout, _exp(log_density))


@bprop("Zeta")
def _zeta_bprop(prim, x, q, out, dout):
    """d zeta(x, q) / dq = -x * zeta(x + 1, q)."""
    return None, grad_like(q, _neg(_mul(dout, _mul(x, _zeta(_add(x, 1), q)))))


# ---- error function, logarithms, ratios -------------------------------------------------------


@bprop("Erfinv")
def _erfinv_bprop(prim, x, out, dout):
    """d erfinv(x) = sqrt(pi) / 2 * exp(erfinv(x)²)."""
    return (_mul(dout, _mul(_exp(_square(out)), _SQRT_PI_OVER_2)),)


def _indicator(x, dtype):
    """1 where x != 0, else 0, in `dtype`."""
    return _cast(_not_equal(x, 0), dtype)


@bprop("Xlogy")
def _xlogy_bprop(prim, x, y, out, dout):
    """out = x log(y): d/dx = log(y), d/dy = x / y (0 where x == 0), as MindSpore's."""
    dx = grad_like(x, _mul(dout, _xlogy(_ones_like(out), y))) if isinstance(x, Tensor) else None
    dy = grad_like(y, _mul(dout, _xdivy(x, y))) if isinstance(y, Tensor) else None
    return dx, dy


@bprop("Xdivy")
def _xdivy_bprop(prim, x, y, out, dout):
    """out = x / y: d/dx = 1 / y, d/dy = -x / y² (both 0 where x == 0)."""
    dx = grad_like(x, _mul(dout, _xdivy(_indicator(x, out.dtype), y))) if isinstance(x, Tensor) else None
    dy = grad_like(y, _neg(_mul(dout, _xdivy(x, _mul(y, y))))) if isinstance(y, Tensor) else None
    return dx, dy


@bprop("Hypot")
def _hypot_bprop(prim, x, y, out, dout):
    """out = sqrt(x² + y²): d/dx = x / out, d/dy = y / out."""
    scale = _div(dout, out)
    dx = grad_like(x, _mul(scale, x)) if isinstance(x, Tensor) else None
    dy = grad_like(y, _mul(scale, y)) if isinstance(y, Tensor) else None
    return dx, dy


@bprop("Sinc")
def _sinc_bprop(prim, x, out, dout):
    """d sinc(x) = (cos(pi x) - sinc(x)) / x, and 0 at 0."""
    t = _in_dtype(x, out.dtype)
    slope = _div(_sub(_cos(_mul(t, math.pi)), out), _nonzero(t))
    return (grad_like(x, _mul(dout, _select(_equal(t, 0), 0, slope))),)


@bprop("Logit")
def _logit_bprop(prim, x, out, dout):
    """d logit(x) = 1 / (x (1 - x)); 0 where eps >= 0 clamped x."""
    grad = _div(dout, _mul(x, _sub(1, x)))
    if prim.eps >= 0:
        grad = _select(_logical_or(_less(x, prim.eps), _greater(x, 1 - prim.eps)), 0, grad)
    return (grad,)


# ---- Bessel functions -----------------------------------------------------------------------------


def _over_x(value, x, at_zero):
    """value / x, and `at_zero` where x is 0 (the limit of a Bessel ratio)."""
    return _select(_equal(x, 0), at_zero, _div(value, _nonzero(x)))


@bprop("BesselI0")
def _bessel_i0_bprop(prim, x, out, dout):
    return (_mul(dout, _i1(x)),)


@bprop("BesselI0e")
def _bessel_i0e_bprop(prim, x, out, dout):
    """d (e^-|x| I0) = i1e(x) - sign(x) i0e(x)."""
    return (_mul(dout, _sub(_i1e(x), _mul(_sign(x), out))),)


@bprop("BesselI1")
def _bessel_i1_bprop(prim, x, out, dout):
    """d I1 = I0 - I1 / x (1/2 at 0)."""
    return (_mul(dout, _sub(_i0(x), _over_x(out, x, 0.5))),)


@bprop("BesselI1e")
def _bessel_i1e_bprop(prim, x, out, dout):
    """d (e^-|x| I1) = i0e - i1e (sign(x) + 1 / x) (1/2 at 0)."""
    return (_mul(dout, _sub(_sub(_i0e(x), _mul(_sign(x), out)), _over_x(out, x, 0.5))),)


@bprop("BesselJ0")
def _bessel_j0_bprop(prim, x, out, dout):
    return (_neg(_mul(dout, _j1(x))),)


@bprop("BesselJ1")
def _bessel_j1_bprop(prim, x, out, dout):
    """d J1 = J0 - J1 / x (1/2 at 0)."""
    return (_mul(dout, _sub(_j0(x), _over_x(out, x, 0.5))),)


@bprop("BesselY0")
def _bessel_y0_bprop(prim, x, out, dout):
    return (_neg(_mul(dout, _y1(x))),)


@bprop("BesselY1")
def _bessel_y1_bprop(prim, x, out, dout):
    """d Y1 = Y0 - Y1 / x."""
    return (_mul(dout, _sub(_y0(x), _div(out, x))),)


@bprop("BesselK0")
def _bessel_k0_bprop(prim, x, out, dout):
    return (_neg(_mul(dout, _k1(x))),)


@bprop("BesselK0e")
def _bessel_k0e_bprop(prim, x, out, dout):
    """d (e^x K0) = k0e - k1e."""
    return (_mul(dout, _sub(out, _k1e(x))),)


@bprop("BesselK1")
def _bessel_k1_bprop(prim, x, out, dout):
    """d K1 = -K0 - K1 / x."""
    return (_neg(_mul(dout, _add(_k0(x), _div(out, x)))),)


@bprop("BesselK1e")
def _bessel_k1e_bprop(prim, x, out, dout):
    """d (e^x K1) = k1e - k0e - k1e / x."""
    return (_mul(dout, _sub(_sub(out, _k0e(x)), _div(out, x))),)


# ---- complex numbers ----------------------------------------------------------------------------


@bprop("Real")
def _real_bprop(prim, x, out, dout):
    return (_complex(dout, _zeros_like(dout)) if x.dtype.is_complex else dout,)


@bprop("Imag")
def _imag_bprop(prim, x, out, dout):
    return (_complex(_zeros_like(dout), dout) if x.dtype.is_complex else _zeros_like(dout),)


@bprop("Conj")
def _conj_bprop(prim, x, out, dout):
    return (_conj(dout),)


@bprop("Complex")
def _complex_bprop(prim, real, imag, out, dout):
    return grad_like(real, _real(dout)), grad_like(imag, _imag(dout))


def _parts(z):
    return _real(z), _imag(z)


@bprop("ComplexAbs")
def _complex_abs_bprop(prim, x, out, dout):
    """d|z| = z / |z| (0 at 0)."""
    a, b = _parts(x)
    scale = _select(_equal(out, 0), 0, _div(dout, _nonzero(out)))
    return (_complex(_mul(a, scale), _mul(b, scale)),)


@bprop("Angle")
def _angle_bprop(prim, x, out, dout):
    """angle(a + bi) = atan2(b, a): d/da = -b / |z|², d/db = a / |z|²."""
    a, b = _parts(x)
    norm = _add(_square(a), _square(b))
    scale = _select(_equal(norm, 0), 0, _div(dout, _nonzero(norm)))
    return (_complex(_neg(_mul(b, scale)), _mul(a, scale)),)


@bprop("Polar")
def _polar_bprop(prim, abs, angle, out, dout):
    """out = abs (cos angle + i sin angle) and dout = g_re + i g_im:
    d/dabs = g_re cos + g_im sin, d/dangle = abs (g_im cos - g_re sin)."""
    g_re, g_im = _parts(dout)
    cos, sin = _cos(angle), _sin(angle)
    d_abs = _add(_mul(g_re, cos), _mul(g_im, sin))
    d_angle = _mul(abs, _sub(_mul(g_im, cos), _mul(g_re, sin)))
    return grad_like(abs, d_abs), grad_like(angle, d_angle)
