"""Functional API of the elementwise math primitives (`ops.add(x, y)`, ...), and the
Tensor operators and methods built on them (`x + y`, `x.exp()`, ...)."""
from __future__ import annotations

import numbers

from ...common.tensor import Tensor
from ..operations import math_ops as M

__all__ = [
    "add", "sub", "mul", "div", "true_divide", "floor_divide", "floor_mod", "remainder", "fmod",
    "pow", "neg", "negative", "abs", "absolute", "sign", "exp", "expm1", "log", "log1p",
    "sqrt", "rsqrt", "square", "reciprocal", "sin", "cos", "tan", "asin", "acos", "atan",
    "atan2", "arcsin", "arccos", "arctan", "arctan2", "sinh", "cosh", "tanh", "sigmoid",
    "erf", "erfc", "floor", "ceil", "round", "maximum", "minimum",
    "clip_by_value", "clamp", "clip", "addn", "lerp", "squared_difference",
    "logical_and", "logical_or", "logical_not", "logical_xor",
    "bitwise_and", "bitwise_or", "bitwise_xor", "invert",
    "equal", "eq", "ne", "not_equal", "gt", "greater", "ge", "greater_equal",
    "lt", "less", "le", "less_equal", "isnan", "isinf", "isfinite",
]

_add, _sub, _mul, _div = M.Add(), M.Sub(), M.Mul(), M.Div()
_div_mod, _floor_div, _floor_mod, _mod, _pow = M.DivMod(), M.FloorDiv(), M.FloorMod(), M.Mod(), M.Pow()
_neg, _abs, _sign, _square, _reciprocal = M.Neg(), M.Abs(), M.Sign(), M.Square(), M.Reciprocal()
_exp, _expm1, _log, _log1p, _sqrt, _rsqrt = M.Exp(), M.Expm1(), M.Log(), M.Log1p(), M.Sqrt(), M.Rsqrt()
_sin, _cos, _tan, _asin, _acos, _atan = M.Sin(), M.Cos(), M.Tan(), M.Asin(), M.ACos(), M.Atan()
_atan2, _sinh, _cosh, _tanh, _sigmoid = M.Atan2(), M.Sinh(), M.Cosh(), M.Tanh(), M.Sigmoid()
_erf, _erfc, _floor, _ceil, _round = M.Erf(), M.Erfc(), M.Floor(), M.Ceil(), M.Round()
_maximum, _minimum, _clip_by_value = M.Maximum(), M.Minimum(), M.ClipByValue()
_addn, _lerp, _squared_difference = M.AddN(), M.Lerp(), M.SquaredDifference()
_logical_and, _logical_or, _logical_xor = M.LogicalAnd(), M.LogicalOr(), M.LogicalXor()
_logical_not, _invert = M.LogicalNot(), M.Invert()
_bitwise_and, _bitwise_or, _bitwise_xor = M.BitwiseAnd(), M.BitwiseOr(), M.BitwiseXor()
_equal, _not_equal, _greater, _greater_equal = M.Equal(), M.NotEqual(), M.Greater(), M.GreaterEqual()
_less, _less_equal = M.Less(), M.LessEqual()
_isnan, _isinf, _isfinite = M.IsNan(), M.IsInf(), M.IsFinite()


# ---- arithmetic -----------------------------------------------------------------------------


def add(input, other):
    """input + other, elementwise with broadcasting."""
    return _add(input, other)


def sub(input, other):
    """input - other, elementwise with broadcasting."""
    return _sub(input, other)


def mul(input, other):
    """input * other, elementwise with broadcasting."""
    return _mul(input, other)


def div(input, other, *, rounding_mode=None):
    """input / other: a true division (integers give Float32), or with `rounding_mode`
    'floor' / 'trunc' the quotient rounded down / toward zero in the promoted dtype."""
    if rounding_mode is None:
        return _div(input, other)
    return _div_mod(input, other, rounding_mode)


def true_divide(dividend, divisor):
    """dividend / divisor, a true division (integers give Float32)."""
    return _div(dividend, divisor)


def floor_divide(input, other):
    """input // other: the quotient rounded down."""
    return _floor_div(input, other)


def floor_mod(x, y):
    """x mod y with the sign of y (Python's %)."""
    return _floor_mod(x, y)


def remainder(input, other):
    """input mod other with the sign of other (Python's %)."""
    return _floor_mod(input, other)


def fmod(input, other):
    """The remainder of input / other with the sign of input (C's fmod)."""
    return _mod(input, other)


def pow(input, exponent):
    """input ** exponent, elementwise; either may be a number."""
    return _pow(input, exponent)


def neg(input):
    """-input."""
    return _neg(input)


def negative(input):
    """-input (alias of neg)."""
    return _neg(input)


def abs(input):
    """|input|."""
    return _abs(input)


def absolute(input):
    """|input| (alias of abs)."""
    return _abs(input)


def sign(input):
    """-1, 0 or 1 by the sign of each element."""
    return _sign(input)


def square(input):
    """input * input."""
    return _square(input)


def reciprocal(input):
    """1 / input (integers give Float32)."""
    return _reciprocal(input)


def sqrt(x):
    """The square root of x (integers give Float32)."""
    return _sqrt(x)


def rsqrt(input):
    """1 / sqrt(input)."""
    return _rsqrt(input)


def maximum(input, other):
    """The larger of input and other, elementwise (NaN if either is NaN)."""
    return _maximum(input, other)


def minimum(input, other):
    """The smaller of input and other, elementwise (NaN if either is NaN)."""
    return _minimum(input, other)


def squared_difference(x, y):
    """(x - y) ** 2, elementwise."""
    return _squared_difference(x, y)


def addn(x):
    """The sum of a list or tuple of Tensors of one shape and dtype."""
    return _addn(x)


def lerp(input, end, weight):
    """input + weight * (end - input); weight is a float or a Tensor."""
    return _lerp(input, end, weight)


def clip_by_value(x, clip_value_min=None, clip_value_max=None):
    """x limited to [clip_value_min, clip_value_max] (either bound may be None, not both),
    in x's dtype. For a list or tuple of Tensors, a tuple of each one clipped."""
    if isinstance(x, (list, tuple)):
        return tuple(_clip_by_value(t, clip_value_min, clip_value_max) for t in x)
    return _clip_by_value(x, clip_value_min, clip_value_max)


def clamp(input, min=None, max=None):
    """input limited to [min, max] (either bound may be None, not both), in input's dtype."""
    return _clip_by_value(input, min, max)


def clip(input, min=None, max=None):
    """input limited to [min, max] (alias of clamp)."""
    return _clip_by_value(input, min, max)


# ---- exponentials, logarithms, trigonometry, rounding -----------------------------------------


def exp(input):
    """e ** input."""
    return _exp(input)


def expm1(input):
    """e ** input - 1."""
    return _expm1(input)


def log(input):
    """The natural logarithm of input."""
    return _log(input)


def log1p(input):
    """log(1 + input)."""
    return _log1p(input)


def sin(input):
    """sin(input)."""
    return _sin(input)


def cos(input):
    """cos(input)."""
    return _cos(input)


def tan(input):
    """tan(input)."""
    return _tan(input)


def asin(input):
    """arcsin(input)."""
    return _asin(input)


def arcsin(x):
    """arcsin(x) (alias of asin)."""
    return _asin(x)


def acos(input):
    """arccos(input)."""
    return _acos(input)


def arccos(input):
    """arccos(input) (alias of acos)."""
    return _acos(input)


def atan(input):
    """arctan(input)."""
    return _atan(input)


def arctan(input):
    """arctan(input) (alias of atan)."""
    return _atan(input)


def atan2(input, other):
    """The angle of the point (other, input): atan(input / other) in the right quadrant."""
    return _atan2(input, other)


def arctan2(input, other):
    """atan2(input, other) (alias of atan2)."""
    return _atan2(input, other)


def sinh(input):
    """sinh(input)."""
    return _sinh(input)


def cosh(input):
    """cosh(input)."""
    return _cosh(input)


def tanh(input):
    """tanh(input)."""
    return _tanh(input)


def sigmoid(input):
    """1 / (1 + e ** -input)."""
    return _sigmoid(input)


def erf(input):
    """The Gauss error function."""
    return _erf(input)


def erfc(input):
    """1 - erf(input)."""
    return _erfc(input)


def floor(input):
    """input rounded down."""
    return _floor(input)


def ceil(input):
    """input rounded up."""
    return _ceil(input)


def round(input, *, decimals=0):
    """input rounded to `decimals` decimal places, halves to even."""
    return _round(input, decimals)


# ---- logical and bitwise ----------------------------------------------------------------------


def logical_and(input, other):
    """input and other, elementwise: Bool out."""
    return _logical_and(input, other)


def logical_or(input, other):
    """input or other, elementwise: Bool out."""
    return _logical_or(input, other)


def logical_xor(input, other):
    """input xor other, elementwise: Bool out."""
    return _logical_xor(input, other)


def logical_not(input):
    """not input, elementwise: Bool out."""
    return _logical_not(input)


def bitwise_and(input, other):
    """input & other on Bool or integer operands."""
    return _bitwise_and(input, other)


def bitwise_or(input, other):
    """input | other on Bool or integer operands."""
    return _bitwise_or(input, other)


def bitwise_xor(input, other):
    """input ^ other on Bool or integer operands."""
    return _bitwise_xor(input, other)


def invert(x):
    """~x, the bitwise complement of an integer Tensor."""
    return _invert(x)


# ---- comparisons and predicates ---------------------------------------------------------------


def equal(input, other):
    """input == other, elementwise: Bool out."""
    return _equal(input, other)


def eq(input, other):
    """input == other, elementwise: Bool out."""
    return _equal(input, other)


def ne(input, other):
    """input != other, elementwise: Bool out."""
    return _not_equal(input, other)


def not_equal(input, other):
    """input != other, elementwise: Bool out."""
    return _not_equal(input, other)


def gt(input, other):
    """input > other, elementwise: Bool out."""
    return _greater(input, other)


def greater(input, other):
    """input > other, elementwise: Bool out."""
    return _greater(input, other)


def ge(input, other):
    """input >= other, elementwise: Bool out."""
    return _greater_equal(input, other)


def greater_equal(input, other):
    """input >= other, elementwise: Bool out."""
    return _greater_equal(input, other)


def lt(input, other):
    """input < other, elementwise: Bool out."""
    return _less(input, other)


def less(input, other):
    """input < other, elementwise: Bool out."""
    return _less(input, other)


def le(input, other):
    """input <= other, elementwise: Bool out."""
    return _less_equal(input, other)


def less_equal(input, other):
    """input <= other, elementwise: Bool out."""
    return _less_equal(input, other)


def isnan(input):
    """Whether each element is NaN."""
    return _isnan(input)


def isinf(input):
    """Whether each element is +inf or -inf."""
    return _isinf(input)


def isfinite(input):
    """Whether each element is neither inf nor NaN."""
    return _isfinite(input)


# ---- Tensor operators and methods -------------------------------------------------------------
# Operators are plain functions calling the Primitive: `x + y` is a benchmarked hot path.


def _radd(self, other):
    return _add(other, self)


def _rsub(self, other):
    return _sub(other, self)


def _rmul(self, other):
    return _mul(other, self)


def _truediv(self, other):
    return _div(self, other)


def _rtruediv(self, other):
    return _div(other, self)


def _rfloordiv(self, other):
    return _floor_div(other, self)


def _rmod(self, other):
    return _floor_mod(other, self)


def _rpow(self, other):
    return _pow(other, self)


def _rand(self, other):
    return _bitwise_and(other, self)


def _ror(self, other):
    return _bitwise_or(other, self)


def _rxor(self, other):
    return _bitwise_xor(other, self)


def _pos(self):
    return self


def _compares_elementwise(other) -> bool:
    """Whether `tensor == other` compares elementwise: for Tensors and numbers. Anything
    else (None, a string, a list) is simply not equal, as in MindSpore."""
    return isinstance(other, (Tensor, numbers.Number))


def _eq_operator(self, other):
    return _equal(self, other) if _compares_elementwise(other) else False


def _ne_operator(self, other):
    return _not_equal(self, other) if _compares_elementwise(other) else True


def _scaled(other, alpha):
    """alpha * other, for the `alpha` of Tensor.add / Tensor.sub."""
    if alpha == 1:
        return other
    return _mul(other, alpha) if isinstance(other, Tensor) else other * alpha


def _add_method(self, other, *, alpha=1):
    """self + alpha * other."""
    return _add(self, _scaled(other, alpha))


def _sub_method(self, other, *, alpha=1):
    """self - alpha * other."""
    return _sub(self, _scaled(other, alpha))


def _true_divide_method(self, other):
    return _div(self, other)


def _round_method(self, decimals=0):
    return _round(self, decimals)


TENSOR_METHODS = {
    # operators
    "__add__": add, "__radd__": _radd, "__sub__": sub, "__rsub__": _rsub,
    "__mul__": mul, "__rmul__": _rmul, "__truediv__": _truediv, "__rtruediv__": _rtruediv,
    "__floordiv__": floor_divide, "__rfloordiv__": _rfloordiv,
    "__mod__": remainder, "__rmod__": _rmod, "__pow__": pow, "__rpow__": _rpow,
    "__neg__": neg, "__pos__": _pos, "__abs__": abs,
    "__eq__": _eq_operator, "__ne__": _ne_operator,
    "__lt__": less, "__le__": less_equal, "__gt__": greater, "__ge__": greater_equal,
    "__and__": bitwise_and, "__rand__": _rand, "__or__": bitwise_or, "__ror__": _ror,
    "__xor__": bitwise_xor, "__rxor__": _rxor,
    "__invert__": logical_not,  # MindSpore's ~ is a logical not, whatever the dtype
    # arithmetic
    "add": _add_method, "sub": _sub_method, "mul": mul, "div": div,
    "true_divide": _true_divide_method, "floor_divide": floor_divide,
    "remainder": remainder, "fmod": fmod, "pow": pow, "neg": neg, "abs": abs, "sign": sign,
    "square": square, "reciprocal": reciprocal, "sqrt": sqrt, "rsqrt": rsqrt,
    "maximum": maximum, "minimum": minimum, "clip": clip, "clamp": clamp, "lerp": lerp,
    # exponentials, logarithms, trigonometry, rounding
    "exp": exp, "expm1": expm1, "log": log, "log1p": log1p,
    "sin": sin, "cos": cos, "tan": tan, "asin": asin, "acos": acos, "atan": atan,
    "atan2": atan2, "arcsin": arcsin, "arccos": arccos, "arctan": arctan,
    "sinh": sinh, "cosh": cosh, "tanh": tanh, "sigmoid": sigmoid, "erf": erf, "erfc": erfc,
    "floor": floor, "ceil": ceil, "round": _round_method,
    # logical and bitwise
    "logical_and": logical_and, "logical_or": logical_or, "logical_not": logical_not,
    "logical_xor": logical_xor, "bitwise_and": bitwise_and, "bitwise_or": bitwise_or,
    "bitwise_xor": bitwise_xor,
    # comparisons and predicates
    "eq": eq, "ne": ne, "gt": gt, "ge": ge, "lt": lt, "le": le,
    "greater": greater, "greater_equal": greater_equal, "less": less, "less_equal": less_equal,
    "equal": equal, "not_equal": not_equal,
    "isnan": isnan, "isinf": isinf, "isfinite": isfinite,
}
"""Tensor methods and operators this family provides (installed by tensor_methods.py)."""
