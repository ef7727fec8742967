"""mindspore.numpy's polynomial functions over 1-D coefficient arrays, highest power first:
`polyadd`, `polysub`, `polymul`, `polyder`, `polyint`, `polyval`."""
from __future__ import annotations

import numbers

from .. import ops
from .dtypes import result_type
from .statistics import convolve
from .utils import cast, check_int, to_float, to_tensor

__all__ = ["polyadd", "polysub", "polymul", "polyder", "polyint", "polyval"]


def _poly(op: str, p, name: str = "p"):
    p = to_tensor(p, None, op, name)
    if p.ndim != 1:
        raise ValueError(f"For '{op}', the '{name}' must be a 1-D array of coefficients, but got {p.ndim}-D.")
    return p


def _aligned(op: str, a1, a2):
    """Both coefficient arrays in one dtype, the shorter padded with leading zeros."""
    a1, a2 = _poly(op, a1, "a1"), _poly(op, a2, "a2")
    common = result_type(a1, a2)
    a1, a2 = cast(a1, common), cast(a2, common)
    length = max(a1.shape[0], a2.shape[0])
    return _leading_zeros(a1, length), _leading_zeros(a2, length)


def _leading_zeros(p, length: int):
    """The coefficients `p` of a lower degree written with `length` coefficients."""
    if p.shape[0] == length:
        return p
    return ops.concat((ops.zeros((length - p.shape[0],), p.dtype), p), 0)


def polyadd(a1, a2):
    """The sum of two polynomials."""
    a1, a2 = _aligned("polyadd", a1, a2)
    return a1 + a2


def polysub(a1, a2):
    """The difference of two polynomials."""
    a1, a2 = _aligned("polysub", a1, a2)
    return a1 - a2


def polymul(a1, a2):
    """The product of two polynomials."""
    return convolve(_poly("polymul", a1, "a1"), _poly("polymul", a2, "a2"))


def polyder(p, m=1):
    """The m-th derivative of a polynomial."""
    p = _poly("polyder", p)
    m = check_int(m, "polyder", "m")
    if m < 0:
        raise ValueError(f"For 'polyder', the order 'm' must be non-negative, but got {m}.")
    for _ in range(m):
        degree = p.shape[0] - 1
        if degree < 1:
            return ops.zeros((1,), p.dtype)
        p = p[:-1] * ops.arange(degree, 0, -1).astype(p.dtype)
    return p


def polyint(p, m=1, k=None):
    """The m-th antiderivative of a polynomial; k[i] (or k for all) is the constant of the i-th integration."""
    p = to_float(_poly("polyint", p))
    m = check_int(m, "polyint", "m")
    if m < 0:
        raise ValueError(f"For 'polyint', the order 'm' must be non-negative, but got {m}.")
    constants = [0] * m if k is None else ([k] * m if isinstance(k, numbers.Number) else list(k))
    if len(constants) != m:
        raise ValueError(f"For 'polyint', the 'k' must have one constant per integration ({m}), but got "
                         f"{len(constants)}.")
    for constant in constants:
        divisors = ops.arange(p.shape[0], 0, -1).astype(p.dtype)
        p = ops.concat((p / divisors, cast(to_tensor(constant, None, "polyint", "k"), p.dtype).reshape((1,))), 0)
    return p


def polyval(p, x):
    """The polynomial evaluated at `x` (Horner's scheme)."""
    p = to_float(_poly("polyval", p))
    x = cast(to_tensor(x, None, "polyval", "x"), p.dtype)
    out = ops.zeros_like(x)
    for coefficient in ops.unstack(p, 0):
        out = out * x + coefficient
    return out
