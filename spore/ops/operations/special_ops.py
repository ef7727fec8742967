"""Primitives of special functions and the elementwise math beyond math_ops: gamma-family
functions (lgamma, digamma, polygamma, mvlgamma, incomplete gamma, Hurwitz zeta), Bessel
functions, erfinv, xlogy / xdivy, hypot, sinc, logit, and the complex-number ops
(real, imag, conj, angle, complex, polar).

Each op states the dtypes it computes on (`accepts`), as in math_ops: the kernels compute
with torch.special, which takes more dtypes than MindSpore does.
"""
from __future__ import annotations

import numpy as np

from ...common import dtype as mstype
from ...common.tensor import Tensor
from ..primitive import Primitive, TensorSpec
from ..validator import check_dtype, check_tensor, check_type
from .math_ops import (
    COMPLEXES,
    FLOATS,
    INEXACT,
    NUMBERS,
    _FloatUnaryOp,
    _StrictBinaryOp,
    _StrictUnaryOp,
    _TensorPairOp,
    _UnaryOp,
    inexact_dtype,
)

__all__ = [
    "Lgamma", "Digamma", "Polygamma", "Mvlgamma", "Igamma", "Igammac", "IgammaGradA", "Zeta", "Betainc", "Erfinv",
    "Xlogy", "Xdivy", "Hypot", "Sinc", "Logit",
    "BesselI0", "BesselI0e", "BesselI1", "BesselI1e", "BesselJ0", "BesselJ1", "BesselY0", "BesselY1",
    "BesselK0", "BesselK0e", "BesselK1", "BesselK1e",
    "Real", "Imag", "Conj", "Angle", "ComplexAbs", "Complex", "Polar",
]

F32_F64 = (mstype.float32, mstype.float64)


def _real_part_dtype(dtype: mstype.Number) -> mstype.Number:
    """The dtype of the real (or imaginary) part of a `dtype` number."""
    return {mstype.complex64: mstype.float32, mstype.complex128: mstype.float64}.get(dtype, dtype)


def _complex_of(dtype: mstype.Number) -> mstype.Number:
    return mstype.complex128 if dtype == mstype.float64 else mstype.complex64


# ---- gamma family -----------------------------------------------------------------------------


class Lgamma(_StrictUnaryOp):
    """log |Gamma(x)|; Int32 Tensors give Float32."""

    accepts = FLOATS + (mstype.int32,)
    output_dtype = staticmethod(inexact_dtype)


class Digamma(_FloatUnaryOp):
    """The logarithmic derivative of Gamma: Gamma'(x) / Gamma(x)."""

    accepts = FLOATS


class Polygamma(Primitive):
    """Polygamma()(n, x): the n-th derivative of digamma at x; n is an Int32 / Int64
    Tensor holding one non-negative integer (n = 0 is digamma)."""

    def check(self, n, x):
        check_tensor(self.name, "n", n)
        check_dtype(self.name, "n", n.dtype, (mstype.int32, mstype.int64))
        if len(n.shape) != 0 and tuple(n.shape) != (1,):
            raise ValueError(f"For '{self.name}', the 'n' must hold one integer, but got shape {tuple(n.shape)}.")
        check_tensor(self.name, "x", x)
        check_dtype(self.name, "x", x.dtype, FLOATS)

    def infer(self, n, x):
        self.check(n, x)
        return TensorSpec(x.shape, x.dtype)


class Mvlgamma(_FloatUnaryOp):
    """Mvlgamma(p)(x): the multivariate log-gamma function of dimension p,
    log Gamma_p(x) = p (p - 1) / 4 log(pi) + sum_{j<p} lgamma(x - j / 2), for x > (p - 1) / 2."""

    accepts = F32_F64

    def __init__(self, p: int):
        super().__init__()
        check_type(self.name, "p", p, int)
        if p < 1:
            raise ValueError(f"For '{self.name}', the 'p' must be an int greater than 0, but got {p}.")
        self.add_prim_attr("p", p)

    def check(self, x):
        self.input_dtype(x)
        # a value check: it runs where the data is known (PyNative), as MindSpore's kernel does
        if isinstance(x, Tensor) and not np.all(x.asnumpy() > (self.p - 1) / 2):
            raise ValueError(f"For '{self.name}', all elements of 'x' must be greater than (p - 1) / 2 = "
                             f"{(self.p - 1) / 2}.")


class Igamma(_TensorPairOp):
    """Igamma()(a, x): the regularized lower incomplete gamma function P(a, x), for
    Float32 / Float64 Tensors of one dtype."""

    accepts = F32_F64


class Igammac(_TensorPairOp):
    """Igammac()(a, x): the regularized upper incomplete gamma function 1 - P(a, x)."""

    accepts = F32_F64


class IgammaGradA(_TensorPairOp):
    """IgammaGradA()(a, x): d P(a, x) / da, the gradient of Igamma for its `a`."""

    accepts = F32_F64


class Zeta(_TensorPairOp):
    """Zeta()(x, q): the Hurwitz zeta function sum_k (k + q) ** -x, for Float32 / Float64
    Tensors of one dtype."""

    accepts = F32_F64


class Betainc(Primitive):
    """Betainc()(a, b, x): the regularized incomplete beta function I_x(a, b), for
    Float32 / Float64 Tensors of one shape and dtype (a, b > 0, 0 <= x <= 1)."""

    def check(self, a, b, x):
        for name, value in (("a", a), ("b", b), ("x", x)):
            check_tensor(self.name, name, value)
        check_dtype(self.name, "a", a.dtype, F32_F64)
        for name, value in (("b", b), ("x", x)):
            if value.dtype != a.dtype:
                raise TypeError(f"For '{self.name}', the dtype of '{name}' must be the same as 'a' ({a.dtype}), "
                                f"but got {value.dtype}.")
            if tuple(value.shape) != tuple(a.shape):
                raise ValueError(f"For '{self.name}', the shape of '{name}' must be the same as 'a' "
                                 f"{tuple(a.shape)}, but got {tuple(value.shape)}.")

    def infer(self, a, b, x):
        self.check(a, b, x)
        return TensorSpec(a.shape, a.dtype)


# ---- error function, logarithms, ratios -------------------------------------------------------


class Erfinv(_FloatUnaryOp):
    """The inverse of erf on (-1, 1) (+-inf at +-1, NaN outside)."""

    accepts = FLOATS


class Xlogy(_StrictBinaryOp):
    """x * log(y), and 0 where x == 0 (unless y is NaN)."""

    accepts = FLOATS


class Xdivy(_StrictBinaryOp):
    """x / y, and 0 where x == 0."""

    accepts = INEXACT


class Hypot(_StrictBinaryOp):
    """sqrt(x ** 2 + y ** 2), for operands promoted to Float32 / Float64."""

    accepts = F32_F64


class Sinc(_UnaryOp):
    """sin(pi x) / (pi x), and 1 at 0; integer and Bool Tensors give Float32."""

    accepts = NUMBERS + (mstype.bool_,)
    output_dtype = staticmethod(inexact_dtype)


class Logit(_FloatUnaryOp):
    """Logit(eps=-1.0)(x): log(x / (1 - x)), x first clamped to [eps, 1 - eps] when eps >= 0."""

    accepts = FLOATS

    def __init__(self, eps: float = -1.0):
        super().__init__()
        self.add_prim_attr("eps", check_type(self.name, "eps", eps, float))


# ---- Bessel functions -----------------------------------------------------------------------------


class _BesselOp(_FloatUnaryOp):
    accepts = FLOATS


class BesselI0(_BesselOp):
    """The modified Bessel function of the first kind of order 0."""


class BesselI0e(_BesselOp):
    """exp(-|x|) * I0(x), the exponentially scaled BesselI0."""


class BesselI1(_BesselOp):
    """The modified Bessel function of the first kind of order 1."""


class BesselI1e(_BesselOp):
    """exp(-|x|) * I1(x), the exponentially scaled BesselI1."""


class BesselJ0(_BesselOp):
    """The Bessel function of the first kind of order 0."""


class BesselJ1(_BesselOp):
    """The Bessel function of the first kind of order 1."""


class BesselY0(_BesselOp):
    """The Bessel function of the second kind of order 0 (x > 0)."""


class BesselY1(_BesselOp):
    """The Bessel function of the second kind of order 1 (x > 0)."""


class BesselK0(_BesselOp):
    """The modified Bessel function of the second kind of order 0 (x > 0)."""


class BesselK0e(_BesselOp):
    """exp(x) * K0(x), the exponentially scaled BesselK0."""


class BesselK1(_BesselOp):
    """The modified Bessel function of the second kind of order 1 (x > 0)."""


class BesselK1e(_BesselOp):
    """exp(x) * K1(x), the exponentially scaled BesselK1."""


# ---- complex numbers ----------------------------------------------------------------------------


class Real(_UnaryOp):
    """The real part of x (x itself for a real Tensor)."""

    output_dtype = staticmethod(_real_part_dtype)


class Imag(_UnaryOp):
    """The imaginary part of x (zeros for a real Tensor)."""

    output_dtype = staticmethod(_real_part_dtype)


class Conj(_StrictUnaryOp):
    """The complex conjugate of x (x itself for a real Tensor)."""

    accepts = NUMBERS


class Angle(_StrictUnaryOp):
    """The argument of each complex element, in radians: a real Tensor."""

    accepts = COMPLEXES
    output_dtype = staticmethod(_real_part_dtype)


class ComplexAbs(_StrictUnaryOp):
    """|x| of each complex element: a real Tensor."""

    accepts = COMPLEXES
    output_dtype = staticmethod(_real_part_dtype)


class Complex(_TensorPairOp):
    """Complex()(real, imag): real + imag * 1j, from Float32 / Float64 Tensors of one dtype."""

    accepts = F32_F64
    output_dtype = staticmethod(_complex_of)


class Polar(_TensorPairOp):
    """Polar()(abs, angle): abs * (cos(angle) + sin(angle) * 1j), from Float32 / Float64
    Tensors of one dtype."""

    accepts = F32_F64
    output_dtype = staticmethod(_complex_of)
