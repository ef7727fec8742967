"""Functional API of the primitives in operations/special_ops.py: gamma-family and Bessel
functions, erfinv, xlogy / xdivy, hypot, sinc, logit, and complex numbers."""
from __future__ import annotations

import numbers

from ...common.tensor import Tensor
from ..operations import array_ops as A
from ..operations import math_ops as M
from ..operations import special_ops as S
from ..validator import check_tensor

__all__ = [
    "lgamma", "digamma", "polygamma", "mvlgamma", "igamma", "igammac", "zeta", "erfinv", "erfinv_",
    "xlogy", "xdivy", "hypot", "sinc", "logit", "i0",
    "bessel_i0", "bessel_i0e", "bessel_i1", "bessel_i1e", "bessel_j0", "bessel_j1", "bessel_y0", "bessel_y1",
    "bessel_k0", "bessel_k0e", "bessel_k1", "bessel_k1e",
    "real", "imag", "conj", "angle", "polar", "view_as_real", "isreal", "is_complex", "is_floating_point",
]

_lgamma, _digamma, _polygamma, _erfinv = S.Lgamma(), S.Digamma(), S.Polygamma(), S.Erfinv()
_igamma, _igammac, _zeta = S.Igamma(), S.Igammac(), S.Zeta()
_xlogy, _xdivy, _hypot, _sinc = S.Xlogy(), S.Xdivy(), S.Hypot(), S.Sinc()
_bessel_i0, _bessel_i0e, _bessel_i1, _bessel_i1e = S.BesselI0(), S.BesselI0e(), S.BesselI1(), S.BesselI1e()
_bessel_j0, _bessel_j1, _bessel_y0, _bessel_y1 = S.BesselJ0(), S.BesselJ1(), S.BesselY0(), S.BesselY1()
_bessel_k0, _bessel_k0e, _bessel_k1, _bessel_k1e = S.BesselK0(), S.BesselK0e(), S.BesselK1(), S.BesselK1e()
_real, _imag, _conj, _angle, _polar = S.Real(), S.Imag(), S.Conj(), S.Angle(), S.Polar()
_equal, _stack_last = M.Equal(), A.Stack(-1)


# ---- gamma family -----------------------------------------------------------------------------


def lgamma(input):
    """log |Gamma(input)|; Int32 Tensors give Float32."""
    return _lgamma(input)


def digamma(input):
    """The logarithmic derivative of Gamma at input."""
    return _digamma(input)


def polygamma(n, input):
    """The n-th derivative of digamma at input; n is an integer Tensor (0-d)."""
    return _polygamma(n, input)


def mvlgamma(input, p):
    """The multivariate log-gamma function of dimension p (every element > (p - 1) / 2)."""
    return S.Mvlgamma(p)(input)


def igamma(input, other):
    """The regularized lower incomplete gamma function P(input, other)."""
    return _igamma(input, other)


def igammac(input, other):
    """The regularized upper incomplete gamma function Q(input, other) = 1 - P(input, other)."""
    return _igammac(input, other)


def zeta(input, other):
    """The Hurwitz zeta function zeta(input, other); either may be a number beside a Tensor."""
    if isinstance(input, numbers.Real) and isinstance(other, Tensor):
        input = Tensor(input, other.dtype)
    elif isinstance(other, numbers.Real) and isinstance(input, Tensor):
        other = Tensor(other, input.dtype)
    return _zeta(input, other)


# ---- error function, logarithms, ratios -------------------------------------------------------


def erfinv(input):
    """The inverse error function."""
    return _erfinv(input)


def erfinv_(input):
    """input = erfinv(input), in place (through Tensor.copy_, which updates a Parameter with
    Assign); returns input."""
    return input.copy_(_erfinv(input))


def xlogy(input, other):
    """input * log(other), and 0 where input == 0."""
    return _xlogy(input, other)


def xdivy(x, y):
    """x / y, and 0 where x == 0."""
    return _xdivy(x, y)


def hypot(input, other):
    """sqrt(input ** 2 + other ** 2)."""
    return _hypot(input, other)


def sinc(input):
    """sin(pi input) / (pi input), 1 at 0."""
    return _sinc(input)


def logit(input, eps=None):
    """log(input / (1 - input)), input first clamped to [eps, 1 - eps] unless eps is None."""
    return S.Logit(-1.0 if eps is None else eps)(input)


# ---- Bessel functions -----------------------------------------------------------------------------


def bessel_i0(x):
    """The modified Bessel function of the first kind of order 0."""
    return _bessel_i0(x)


def i0(input):
    """The modified Bessel function of the first kind of order 0 (bessel_i0)."""
    return _bessel_i0(input)


def bessel_i0e(x):
    """exp(-|x|) * I0(x)."""
    return _bessel_i0e(x)


def bessel_i1(x):
    """The modified Bessel function of the first kind of order 1."""
    return _bessel_i1(x)


def bessel_i1e(x):
    """exp(-|x|) * I1(x)."""
    return _bessel_i1e(x)


def bessel_j0(x):
    """The Bessel function of the first kind of order 0."""
    return _bessel_j0(x)


def bessel_j1(x):
    """The Bessel function of the first kind of order 1."""
    return _bessel_j1(x)


def bessel_y0(x):
    """The Bessel function of the second kind of order 0."""
    return _bessel_y0(x)


def bessel_y1(x):
    """The Bessel function of the second kind of order 1."""
    return _bessel_y1(x)


def bessel_k0(x):
    """The modified Bessel function of the second kind of order 0."""
    return _bessel_k0(x)


def bessel_k0e(x):
    """exp(x) * K0(x)."""
    return _bessel_k0e(x)


def bessel_k1(x):
    """The modified Bessel function of the second kind of order 1."""
    return _bessel_k1(x)


def bessel_k1e(x):
    """exp(x) * K1(x)."""
    return _bessel_k1e(x)


# ---- complex numbers ----------------------------------------------------------------------------


def real(input):
    """The real part of input (input itself for a real Tensor)."""
    return _real(input)


def imag(input):
    """The imaginary part of input (zeros for a real Tensor)."""
    return _imag(input)


def conj(input):
    """The complex conjugate of input (input itself for a real Tensor)."""
    return _conj(input)


def angle(input):
    """The argument of each complex element, in radians."""
    return _angle(input)


def polar(abs, angle):
    """abs * (cos(angle) + sin(angle) * 1j), a complex Tensor."""
    return _polar(abs, angle)


def view_as_real(input):
    """A complex Tensor of shape S as a real Tensor of shape S + (2,): real and imaginary parts."""
    check_tensor("view_as_real", "input", input)
    if not input.dtype.is_complex:
        raise TypeError(f"For 'view_as_real', the dtype of 'input' must be complex, but got {input.dtype}.")
    return _stack_last((_real(input), _imag(input)))


def isreal(input):
    """Whether each element has a zero imaginary part (always for real Tensors): Bool out."""
    check_tensor("isreal", "input", input)
    return _equal(_imag(input), 0)


def is_complex(input):
    """Whether input's dtype is complex (a Python bool)."""
    check_tensor("is_complex", "input", input)
    return input.dtype.is_complex


def is_floating_point(input):
    """Whether input's dtype is a floating-point type (a Python bool)."""
    check_tensor("is_floating_point", "input", input)
    return input.dtype.is_floating_point


TENSOR_METHODS = {
    "lgamma": lgamma, "digamma": digamma, "mvlgamma": mvlgamma, "igamma": igamma, "igammac": igammac,
    "erfinv": erfinv, "erfinv_": erfinv_, "xlogy": xlogy, "xdivy": xdivy, "hypot": hypot, "sinc": sinc,
    "logit": logit, "i0": i0, "real": real, "imag": imag, "conj": conj, "angle": angle, "isreal": isreal,
}
"""Tensor methods this family provides (installed by tensor_methods.py)."""
