"""mindspore.numpy's elementwise math: arithmetic, powers and logarithms, trigonometry,
rounding and the integer functions (gcd, lcm, bitwise). Each takes `dtype=` to cast its
result; functions defined only on floats compute integer inputs in Float32."""
from __future__ import annotations

import numpy as onp

from .. import ops
from ..common import dtype as mstype
from .logic_ops import signbit
from .utils import binary, cast, check_int, is_float, to_float, to_tensor

__all__ = [
    "absolute", "abs", "fabs", "negative", "positive", "sqrt", "square", "cbrt", "reciprocal",
    "exp", "exp2", "expm1", "log", "log10", "log1p", "log2", "sin", "cos", "tan", "arcsin", "arccos",
    "arctan", "sinh", "cosh", "tanh", "arcsinh", "arccosh", "arctanh", "deg2rad", "rad2deg", "radians",
    "ceil", "floor", "trunc", "fix", "rint", "sign",
    "add", "subtract", "multiply", "divide", "true_divide", "floor_divide", "power", "float_power",
    "remainder", "mod", "fmod", "divmod", "maximum", "minimum", "arctan2", "hypot", "logaddexp",
    "logaddexp2", "copysign", "heaviside", "gcd", "lcm", "clip",
    "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_not", "invert",
]



def _unary(op: str, fn, x, dtype, float_only: bool = False):
    x = to_tensor(x, None, op, "x")
    if float_only:
        x = to_float(x)
    return cast(fn(x), dtype)


# ---- unary -------------------------------------------------------------------------------------


def absolute(x, dtype=None):
    """|x|."""
    return _unary("absolute", ops.abs, x, dtype)


abs = absolute


def fabs(x, dtype=None):
    """|x| as floats."""
    return _unary("fabs", ops.abs, x, dtype, float_only=True)


def negative(a, dtype=None):
    """-a."""
    return _unary("negative", ops.neg, a, dtype)


def positive(a, dtype=None):
    """+a: a copy of `a`."""
    return _unary("positive", ops.identity, a, dtype)


def sqrt(x, dtype=None):
    """The non-negative square root."""
    return _unary("sqrt", ops.sqrt, x, dtype, float_only=True)


def square(x, dtype=None):
    """x * x."""
    return _unary("square", ops.square, x, dtype)


def cbrt(x, dtype=None):
    """The real cube root (negative for negative x)."""
    return _unary("cbrt", lambda v: ops.sign(v) * ops.pow(ops.abs(v), 1.0 / 3.0), x, dtype, float_only=True)


def _reciprocal(x):
    if is_float(x):
        return ops.reciprocal(x)
    return ops.cast(ops.trunc(ops.div(1, x)), x.dtype)  # C's integer division, as mindspore.numpy gives


def reciprocal(x, dtype=None):
    """1 / x (integers divide in their own dtype, rounding toward zero)."""
    return _unary("reciprocal", _reciprocal, x, dtype)


def exp(x, dtype=None):
    """e ** x."""
    return _unary("exp", ops.exp, x, dtype, float_only=True)


def exp2(x, dtype=None):
    """2 ** x."""
    return _unary("exp2", ops.exp2, x, dtype, float_only=True)


def expm1(x, dtype=None):
    """e ** x - 1, accurate near 0."""
    return _unary("expm1", ops.expm1, x, dtype, float_only=True)


def log(x, dtype=None):
    """The natural logarithm."""
    return _unary("log", ops.log, x, dtype, float_only=True)


def log10(x, dtype=None):
    """The base-10 logarithm."""
    return _unary("log10", ops.log10, x, dtype, float_only=True)


def log1p(x, dtype=None):
    """log(1 + x), accurate near 0."""
    return _unary("log1p", ops.log1p, x, dtype, float_only=True)


def log2(x, dtype=None):
    """The base-2 logarithm."""
    return _unary("log2", ops.log2, x, dtype, float_only=True)


def sin(x, dtype=None):
    """Sine (radians)."""
    return _unary("sin", ops.sin, x, dtype, float_only=True)


def cos(x, dtype=None):
    """Cosine (radians)."""
    return _unary("cos", ops.cos, x, dtype, float_only=True)


def tan(x, dtype=None):
    """Tangent (radians)."""
    return _unary("tan", ops.tan, x, dtype, float_only=True)


def arcsin(x, dtype=None):
    """Inverse sine, in [-pi/2, pi/2]."""
    return _unary("arcsin", ops.asin, x, dtype, float_only=True)


def arccos(input, dtype=None):
    """Inverse cosine, in [0, pi]."""
    return _unary("arccos", ops.acos, input, dtype, float_only=True)


def arctan(x, dtype=None):
    """Inverse tangent, in [-pi/2, pi/2]."""
    return _unary("arctan", ops.atan, x, dtype, float_only=True)


def sinh(x, dtype=None):
    """Hyperbolic sine."""
    return _unary("sinh", ops.sinh, x, dtype, float_only=True)


def cosh(x, dtype=None):
    """Hyperbolic cosine."""
    return _unary("cosh", ops.cosh, x, dtype, float_only=True)


def tanh(x, dtype=None):
    """Hyperbolic tangent."""
    return _unary("tanh", ops.tanh, x, dtype, float_only=True)


def arcsinh(x, dtype=None):
    """Inverse hyperbolic sine."""
    return _unary("arcsinh", ops.asinh, x, dtype, float_only=True)


def arccosh(x, dtype=None):
    """Inverse hyperbolic cosine (x >= 1)."""
    return _unary("arccosh", ops.acosh, x, dtype, float_only=True)


def arctanh(x, dtype=None):
    """Inverse hyperbolic tangent (|x| < 1)."""
    return _unary("arctanh", ops.atanh, x, dtype, float_only=True)


def deg2rad(x, dtype=None):
    """Degrees to radians."""
    return _unary("deg2rad", ops.deg2rad, x, dtype, float_only=True)


radians = deg2rad


def rad2deg(x, dtype=None):
    """Radians to degrees."""
    return _unary("rad2deg", ops.rad2deg, x, dtype, float_only=True)


def ceil(x, dtype=None):
    """The smallest integer >= x, as floats."""
    return _unary("ceil", ops.ceil, x, dtype, float_only=True)


def floor(x, dtype=None):
    """The largest integer <= x, as floats."""
    return _unary("floor", ops.floor, x, dtype, float_only=True)


def trunc(x, dtype=None):
    """x rounded toward zero, as floats."""
    return _unary("trunc", ops.trunc, x, dtype, float_only=True)


def fix(x):
    """x rounded toward zero, as floats."""
    return _unary("fix", ops.trunc, x, None, float_only=True)


def rint(x, dtype=None):
    """x rounded to the nearest integer (halves to even), as floats."""
    return _unary("rint", ops.round, x, dtype, float_only=True)


def sign(x, dtype=None):
    """-1, 0 or 1 by the sign of x (integers give Float32, as mindspore.numpy does)."""
    return _unary("sign", ops.sign, x, dtype, float_only=True)


# ---- binary ------------------------------------------------------------------------------------


def add(x1, x2, dtype=None):
    """x1 + x2 with broadcasting."""
    return binary("add", ops.add, x1, x2, dtype)


def subtract(x1, x2, dtype=None):
    """x1 - x2 with broadcasting."""
    return binary("subtract", ops.sub, x1, x2, dtype)


def multiply(x1, x2, dtype=None):
    """x1 * x2 with broadcasting."""
    return binary("multiply", ops.mul, x1, x2, dtype)


def divide(x1, x2, dtype=None):
    """x1 / x2, a true division (integers give Float32)."""
    return binary("divide", ops.div, x1, x2, dtype)


def true_divide(x1, x2, dtype=None):
    """x1 / x2, a true division (integers give Float32)."""
    return binary("true_divide", ops.div, x1, x2, dtype)


def floor_divide(x1, x2, dtype=None):
    """x1 // x2: the quotient rounded down."""
    return binary("floor_divide", ops.floor_divide, x1, x2, dtype)


def power(x1, x2, dtype=None):
    """x1 ** x2 with broadcasting."""
    return binary("power", ops.pow, x1, x2, dtype)


def float_power(x1, x2, dtype=None):
    """x1 ** x2 computed in Float64."""
    x1, x2 = (to_tensor(x, None, "float_power", name) for x, name in ((x1, "x1"), (x2, "x2")))
    return cast(ops.float_power(x1, x2), dtype)


def remainder(x1, x2, dtype=None):
    """x1 mod x2 with the sign of x2 (Python's %)."""
    return binary("remainder", ops.remainder, x1, x2, dtype)


mod = remainder


def fmod(x1, x2, dtype=None):
    """The remainder of x1 / x2 with the sign of x1 (C's fmod)."""
    return binary("fmod", ops.fmod, x1, x2, dtype)


def divmod(x1, x2, dtype=None):
    """(floor_divide(x1, x2), remainder(x1, x2))."""
    return floor_divide(x1, x2, dtype), remainder(x1, x2, dtype)


def maximum(x1, x2, dtype=None):
    """The elementwise larger of x1 and x2 (NaN if either is NaN)."""
    return binary("maximum", ops.maximum, x1, x2, dtype)


def minimum(x1, x2, dtype=None):
    """The elementwise smaller of x1 and x2 (NaN if either is NaN)."""
    return binary("minimum", ops.minimum, x1, x2, dtype)


def _tensors(op: str, x1, x2, floats: bool = False) -> tuple:
    """Both operands as Tensors of their promoted dtype (Float32 at least when `floats`), broadcast
    to one shape."""
    x1, x2 = to_tensor(x1, None, op, "x1"), to_tensor(x2, None, op, "x2")
    common = mstype.promote_types(x1.dtype, x2.dtype)
    if floats and not mstype.is_float(common):
        common = mstype.float32
    shape = tuple(onp.broadcast_shapes(tuple(x1.shape), tuple(x2.shape)))
    return ops.broadcast_to(cast(x1, common), shape), ops.broadcast_to(cast(x2, common), shape)


def arctan2(x1, x2, dtype=None):
    """The angle of the point (x2, x1), in [-pi, pi]."""
    return cast(ops.atan2(*_tensors("arctan2", x1, x2, floats=True)), dtype)


def hypot(x1, x2, dtype=None):
    """sqrt(x1 ** 2 + x2 ** 2)."""
    return cast(ops.hypot(*_tensors("hypot", x1, x2, floats=True)), dtype)


def logaddexp(x1, x2, dtype=None):
    """log(exp(x1) + exp(x2)) without overflow."""
    return cast(ops.logaddexp(*_tensors("logaddexp", x1, x2, floats=True)), dtype)


def logaddexp2(x1, x2, dtype=None):
    """log2(2 ** x1 + 2 ** x2) without overflow."""
    return cast(ops.logaddexp2(*_tensors("logaddexp2", x1, x2, floats=True)), dtype)


def copysign(x1, x2, dtype=None):
    """|x1| with the sign of x2 (the sign bit: -0.0 counts as negative)."""
    x1, x2 = _tensors("copysign", x1, x2)
    magnitude = ops.abs(x1)
    return cast(ops.where(signbit(x2), -magnitude, magnitude), dtype)


def heaviside(x1, x2, dtype=None):
    """The Heaviside step of x1: 0 below zero, 1 above, x2 at zero."""
    return cast(ops.heaviside(*_tensors("heaviside", x1, x2)), dtype)


def _on_integers(fn, x1, x2):
    """fn of integer operands; floats (mindspore.numpy accepts integral floats) go through Int64."""
    if not is_float(x1):
        return fn(x1, x2)
    return ops.cast(fn(ops.cast(x1, mstype.int64), ops.cast(x2, mstype.int64)), x1.dtype)


def gcd(x1, x2, dtype=None):
    """The greatest common divisor of |x1| and |x2|."""
    return cast(_on_integers(ops.gcd, *_tensors("gcd", x1, x2)), dtype)


def lcm(x1, x2, dtype=None):
    """The least common multiple of |x1| and |x2| (0 if either is 0)."""
    return cast(_on_integers(ops.lcm, *_tensors("lcm", x1, x2)), dtype)


def clip(x, xmin, xmax, dtype=None):
    """x limited to [xmin, xmax] (either bound may be None, not both)."""
    if xmin is None and xmax is None:
        raise ValueError("For 'clip', at least one of 'xmin' and 'xmax' must be given, but both are None.")
    x = to_tensor(x, None, "clip", "x")
    if xmin is not None:
        x = ops.maximum(x, xmin if isinstance(xmin, (int, float)) else to_tensor(xmin, None, "clip", "xmin"))
    if xmax is not None:
        x = ops.minimum(x, xmax if isinstance(xmax, (int, float)) else to_tensor(xmax, None, "clip", "xmax"))
    return cast(x, dtype)


# ---- bitwise -----------------------------------------------------------------------------------


def bitwise_and(x1, x2, dtype=None):
    """x1 & x2 on integers and booleans."""
    return binary("bitwise_and", ops.bitwise_and, *_int_operands("bitwise_and", x1, x2), dtype)


def bitwise_or(x1, x2, dtype=None):
    """x1 | x2 on integers and booleans."""
    return binary("bitwise_or", ops.bitwise_or, *_int_operands("bitwise_or", x1, x2), dtype)


def bitwise_xor(x1, x2, dtype=None):
    """x1 ^ x2 on integers and booleans."""
    return binary("bitwise_xor", ops.bitwise_xor, *_int_operands("bitwise_xor", x1, x2), dtype)


def _int_operands(op: str, x1, x2):
    """Both as Tensors of one integer (or bool) dtype: the bitwise primitives want equal dtypes."""
    x1, x2 = (to_tensor(x, None, op, name) for x, name in ((x1, "x1"), (x2, "x2")))
    for x, name in ((x1, "x1"), (x2, "x2")):
        if is_float(x) or x.dtype in mstype.complex_type:
            raise TypeError(f"For '{op}', the '{name}' must hold integers or booleans, but got {x.dtype}.")
    common = mstype.promote_types(x1.dtype, x2.dtype)
    return cast(x1, common), cast(x2, common)


def invert(x, dtype=None):
    """~x: the bitwise NOT of integers, the logical NOT of booleans."""
    x = to_tensor(x, None, "invert", "x")
    if is_float(x) or x.dtype in mstype.complex_type:
        raise TypeError(f"For 'invert', the 'x' must hold integers or booleans, but got {x.dtype}.")
    return cast(ops.logical_not(x) if x.dtype == mstype.bool_ else ops.invert(x), dtype)


bitwise_not = invert


# ---- outside mindspore.numpy's __all__, yet public there ---------------------------------------


def around(a, decimals=0):
    """a rounded to `decimals` decimal places (halves to even); decimals < 0 is not supported."""
    decimals = check_int(decimals, "around", "decimals")
    if decimals < 0:
        raise ValueError(f"For 'around', the 'decimals' must be non-negative, but got {decimals}.")
    a = to_tensor(a, None, "around", "a")
    return ops.round(a, decimals=decimals) if is_float(a) else a


round = around
