"""Functional API of the elementwise math primitives (`ops.add(x, y)`, ...), and the
Tensor operators and methods built on them (`x + y`, `x.exp()`, ...)."""
from __future__ import annotations

import math
import numbers

from ...common import dtype as mstype
from ...common.tensor import Tensor
from ..operations import array_ops as A
from ..operations import math_ops as M
from ..operations import selection_ops
from ..operations import special_ops as S
from ..validator import check_tensor
from . import _mindspore_paths
from .keyword_alias import either_keyword

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
    "acosh", "arccosh", "asinh", "arcsinh", "atanh", "arctanh", "trunc", "inv", "fmax", "fmin",
    "truncate_div", "truncate_mod", "gcd", "lcm", "bitwise_left_shift", "bitwise_right_shift",
    "heaviside", "nextafter", "isclose", "approximate_equal", "addcdiv", "addcmul", "accumulate_n",
    "nan_to_num", "population_count", "eps", "fills",
    "deg2rad", "rad2deg", "exp2", "frac", "log2", "log10", "logaddexp", "logaddexp2", "copysign",
    "float_power", "float_power_ext", "ldexp", "isposinf", "isneginf", "isnan_ext", "positive", "sgn",
    "signbit", "multiply", "subtract", "divide", "floor_div", "floordiv", "floormod", "pows",
    "tensor_add", "tensor_sub", "tensor_mul", "tensor_muls", "tensor_div", "tensor_pow", "tensor_mod",
    "tensor_floordiv", "tensor_exp", "tensor_expm1", "tensor_ge", "tensor_gt", "tensor_le", "tensor_lt",
    "tanh_", "inplace_sigmoid",
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
_acosh, _asinh, _atanh, _trunc, _inv = M.Acosh(), M.Asinh(), M.Atanh(), M.Trunc(), M.Inv()
_fmax, _fmin, _truncate_div, _truncate_mod = M.Fmax(), M.Fmin(), M.TruncateDiv(), M.TruncateMod()
_gcd, _lcm, _left_shift, _right_shift = M.Gcd(), M.Lcm(), M.LeftShift(), M.RightShift()
_heaviside, _nextafter, _real_div = M.Heaviside(), M.NextAfter(), M.RealDiv()
_addcdiv, _addcmul, _accumulate_n = M.Addcdiv(), M.Addcmul(), M.AccumulateNV2()
_population_count, _eps, _fills = M.PopulationCount(), M.Eps(), M.Fills()
_cast, _select = A.Cast(), selection_ops.Select()
_real, _imag, _complex = S.Real(), S.Imag(), S.Complex()
_ones_like = A.OnesLike()


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


def _remainder_method(self, other=None, *, divisor=None):
    """Tensor.remainder(other), also spelled remainder(divisor=...)."""
    return remainder(self, either_keyword("remainder", "other", other, "divisor", divisor))


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


# ---- inverse hyperbolic functions, rounding, reciprocals --------------------------------------------


def acosh(input):
    """arccosh(input) (NaN for input < 1)."""
    return _acosh(input)


def arccosh(input):
    """arccosh(input) (alias of acosh)."""
    return _acosh(input)


def asinh(input):
    """arcsinh(input)."""
    return _asinh(input)


def arcsinh(input):
    """arcsinh(input) (alias of asinh)."""
    return _asinh(input)


def atanh(input):
    """arctanh(input)."""
    return _atanh(input)


def arctanh(input):
    """arctanh(input) (alias of atanh)."""
    return _atanh(input)


def trunc(input):
    """input rounded toward zero."""
    return _trunc(input)


def inv(x):
    """1 / x in x's dtype (integers truncate toward zero)."""
    return _inv(x)


# ---- binary arithmetic ------------------------------------------------------------------------


def fmax(input, other):
    """The larger of input and other, elementwise; where one is NaN, the other."""
    return _fmax(input, other)


def fmin(input, other):
    """The smaller of input and other, elementwise; where one is NaN, the other."""
    return _fmin(input, other)


def truncate_div(x, y):
    """x / y rounded toward zero, in the promoted dtype."""
    return _truncate_div(x, y)


def truncate_mod(x, y):
    """The remainder of x / y with the sign of x."""
    return _truncate_mod(x, y)


def gcd(input, other):
    """The greatest common divisor of two integer Tensors, elementwise."""
    return _gcd(input, other)


def lcm(input, other):
    """The least common multiple of two Int32 / Int64 Tensors, elementwise."""
    return _lcm(input, other)


def _shift_operands(op: str, input, other):
    """The Tensors a shift takes: a Python int beside a Tensor becomes a Tensor of its dtype."""
    for name, value in (("input", input), ("other", other)):
        if not isinstance(value, (Tensor, int)) or isinstance(value, bool):
            raise TypeError(f"For '{op}', the '{name}' must be a Tensor or an int, but got "
                            f"{type(value).__name__}.")
    if not isinstance(input, Tensor) and not isinstance(other, Tensor):
        raise TypeError(f"For '{op}', at least one of 'input' and 'other' must be a Tensor, but got int and int.")
    if not isinstance(input, Tensor):
        input = Tensor(input, other.dtype)
    if not isinstance(other, Tensor):
        other = Tensor(other, input.dtype)
    return input, other


def bitwise_left_shift(input, other):
    """input << other, for integer Tensors of one dtype (or an int beside one)."""
    return _left_shift(*_shift_operands("bitwise_left_shift", input, other))


def bitwise_right_shift(input, other):
    """input >> other (arithmetic), for integer Tensors of one dtype (or an int beside one)."""
    return _right_shift(*_shift_operands("bitwise_right_shift", input, other))


def heaviside(input, values):
    """0 where input < 0, 1 where input > 0, `values` where input == 0 (Tensors of one dtype)."""
    return _heaviside(input, values)


def nextafter(input, other):
    """The next representable value after input toward other (Float32 / Float64 Tensors)."""
    return _nextafter(input, other)


def isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Whether |input - other| <= atol + rtol * |other|, elementwise: Bool out."""
    return M.IsClose(rtol, atol, equal_nan)(input, other)


def _multiply_method(self, value):
    """self * value (MindSpore's Tensor.multiply names its argument `value`)."""
    return _mul(self, value)


def _float_power_method(self, other):
    """self ** other computed in Float64."""
    return float_power(self, other)


def _approximate_equal_method(self, other, tolerance=1e-05):
    """Whether |self - other| < tolerance, elementwise."""
    return approximate_equal(self, other, tolerance)


def _allclose_method(self, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Whether every element of self is close to other's (isclose everywhere): a Python bool."""
    return bool(isclose(self, other, rtol, atol, equal_nan).all())


def _bitwise_not_method(self):
    """~self: the bitwise complement of an integer Tensor, the logical not of a Bool one."""
    return _logical_not(self) if self.dtype == mstype.bool_ else _invert(self)


def approximate_equal(x, y, tolerance=1e-05):
    """Whether |x - y| < tolerance, elementwise, for floating-point Tensors of one shape (a
    number beside a Tensor is a 0-d Tensor of its dtype)."""
    if isinstance(x, numbers.Real) and isinstance(y, Tensor):
        x = Tensor(x, y.dtype)
    elif isinstance(y, numbers.Real) and isinstance(x, Tensor):
        y = Tensor(y, x.dtype)
    return M.ApproximateEqual(tolerance)(x, y)


def addcdiv(input, tensor1, tensor2, value=1):
    """input + value * tensor1 / tensor2 (value a number or a Tensor), broadcasting."""
    return _addcdiv(input, tensor1, tensor2, value)


def addcmul(input, tensor1, tensor2, value=1):
    """input + value * tensor1 * tensor2 (value a number or a Tensor), broadcasting."""
    return _addcmul(input, tensor1, tensor2, value)


def accumulate_n(x):
    """The sum of a list or tuple of Tensors of one shape and dtype."""
    return _accumulate_n(x)


def nan_to_num(input, nan=None, posinf=None, neginf=None):
    """input with NaN, +inf and -inf replaced by `nan` (None: 0), `posinf` and `neginf`
    (None: the largest / lowest finite value of input's dtype)."""
    return M.NanToNum(nan, posinf, neginf)(input)


def population_count(input_x):
    """The number of bits set in each element of an integer Tensor: UInt8 out."""
    return _population_count(input_x)


def eps(x):
    """A Tensor of x's shape filled with the machine epsilon of x's floating-point dtype."""
    return _eps(x)


def fills(x, value):
    """A Tensor of x's shape and dtype filled with `value` (a number or a 0-d Tensor)."""
    return _fills(x, value)


# ---- compositions: angles, powers of two, logarithms, signs -------------------------------------


def _require_float(op: str, name: str, value) -> None:
    check_tensor(op, name, value)
    if not value.dtype.is_floating_point:
        raise TypeError(f"For '{op}', the dtype of '{name}' must be a floating-point type, but got {value.dtype}.")


def _as_float(x):
    """x itself if floating-point or complex; integer and Bool Tensors as Float32."""
    return x if x.dtype.is_floating_point or x.dtype.is_complex else _cast(x, mstype.float32)


def deg2rad(x):
    """x degrees in radians (floating-point Tensors)."""
    _require_float("deg2rad", "x", x)
    return _mul(x, math.pi / 180)


def rad2deg(x):
    """x radians in degrees (floating-point Tensors)."""
    _require_float("rad2deg", "x", x)
    return _mul(x, 180 / math.pi)


def exp2(input):
    """2 ** input; integer and Bool Tensors give Float32."""
    check_tensor("exp2", "input", input)
    return _pow(2.0, _as_float(input))


def frac(x):
    """The fractional part of x, with x's sign: x - trunc(x)."""
    return _mod(x, 1)


def log2(input):
    """The base-2 logarithm of input."""
    return _mul(_log(input), 1 / math.log(2))


def log10(input):
    """The base-10 logarithm of input."""
    return _mul(_log(input), 1 / math.log(10))


def _check_log_add_exp(op: str, input, other) -> None:
    check_tensor(op, "input", input)
    check_tensor(op, "other", other)
    if not (input.dtype.is_floating_point and other.dtype.is_floating_point):
        raise TypeError(f"For '{op}', the dtype of 'input' and 'other' must be floating-point, but got "
                        f"{input.dtype} and {other.dtype}.")


def logaddexp(input, other):
    """log(exp(input) + exp(other)), computed without overflow."""
    _check_log_add_exp("logaddexp", input, other)
    high = _maximum(input, other)
    return _add(high, _log1p(_exp(_neg(_abs(_sub(input, other))))))


def logaddexp2(input, other):
    """log2(2 ** input + 2 ** other), computed without overflow."""
    _check_log_add_exp("logaddexp2", input, other)
    high = _maximum(input, other)
    return _add(high, _mul(_log1p(_pow(2.0, _neg(_abs(_sub(input, other))))), 1 / math.log(2)))


def signbit(input):
    """Whether each element's sign bit is set (True for -0.0): Bool out."""
    check_tensor("signbit", "input", input)
    negative = _less(input, 0)
    if input.dtype.is_floating_point:
        # 1 / -0.0 is -inf: the reciprocal tells -0.0 from 0.0
        return _logical_or(negative, _less(_reciprocal(input), 0))
    return negative


def copysign(x, other):
    """|x| with the sign of `other` (a Tensor or a number); integer x gives Float32."""
    check_tensor("copysign", "x", x)
    magnitude = _abs(_as_float(x))
    if isinstance(other, Tensor):
        return _select(signbit(other), _neg(magnitude), magnitude)
    return _neg(magnitude) if math.copysign(1.0, other) < 0 else magnitude


def float_power(input, exponent):
    """input ** exponent computed in Float64 (Complex128 for complex operands)."""
    if not isinstance(input, Tensor) and not isinstance(exponent, Tensor):
        raise TypeError(f"For 'float_power', at least one of 'input' and 'exponent' must be a Tensor, but got "
                        f"{type(input).__name__} and {type(exponent).__name__}.")
    operands = [v for v in (input, exponent) if isinstance(v, Tensor)]
    wide = mstype.complex128 if any(v.dtype.is_complex for v in operands) or \
        any(isinstance(v, complex) for v in (input, exponent)) else mstype.float64
    input, exponent = (_cast(v, wide) if isinstance(v, Tensor) else v for v in (input, exponent))
    return _pow(input, exponent)


def float_power_ext(input, exponent):
    """input ** exponent computed in Float64 (alias of float_power)."""
    return float_power(input, exponent)


def ldexp(x, other):
    """x * 2 ** other."""
    return _mul(x, _pow(2.0, _as_float(other) if isinstance(other, Tensor) else other))


def isposinf(input):
    """Whether each element is +inf: Bool out."""
    check_tensor("isposinf", "input", input)
    return _logical_and(_isinf(input), _greater(input, 0))


def isneginf(input):
    """Whether each element is -inf: Bool out."""
    check_tensor("isneginf", "input", input)
    return _logical_and(_isinf(input), _less(input, 0))


def isnan_ext(tensor):
    """Whether each element is NaN (isnan)."""
    return _isnan(tensor)


def positive(input):
    """input itself (unary +)."""
    check_tensor("positive", "input", input)
    return input


def sgn(input):
    """The sign of each element: -1, 0 or 1, and x / |x| for complex x (0 at 0).

    For complex x, |x| is sqrt(re^2 + im^2) in x's precision and x is divided by it, as
    MindSpore computes it: so 15+20j gives exactly 0.6+0.8j (a complex division rounds
    twice), a modulus that underflows to 0 leaves x as it is and one that overflows gives
    0 (ops.Sign scales instead)."""
    check_tensor("sgn", "input", input)
    if not input.dtype.is_complex:
        return _sign(input)
    re, im = _real(input), _imag(input)
    modulus = _sqrt(_add(_mul(re, re), _mul(im, im)))
    at_zero = _equal(modulus, 0)
    modulus = _select(at_zero, _ones_like(modulus), modulus)
    return _complex(_div(re, modulus), _div(im, modulus))


# ---- aliases ----------------------------------------------------------------------------------


def multiply(input, other):
    """input * other (alias of mul)."""
    return _mul(input, other)


def subtract(input, other, *, alpha=1):
    """input - alpha * other."""
    return _sub(input, _scaled(other, alpha))


def divide(input, other, *, rounding_mode=None):
    """input / other (alias of div)."""
    return div(input, other, rounding_mode=rounding_mode)


def floor_div(x, y):
    """x // y: the quotient rounded down."""
    return _floor_div(x, y)


def floordiv(input, other):
    """input // other: the quotient rounded down."""
    return _floor_div(input, other)


def floormod(x, y):
    """x mod y with the sign of y."""
    return _floor_mod(x, y)


def pows(input, exponent):
    """input ** exponent (alias of pow)."""
    return _pow(input, exponent)


tensor_add = add
tensor_sub = sub
tensor_mul = mul
tensor_muls = mul
tensor_pow = pow
tensor_mod = floor_mod
tensor_floordiv = floor_divide
tensor_exp = exp
tensor_expm1 = expm1
tensor_ge = ge
tensor_gt = gt
tensor_le = le
tensor_lt = lt


def tensor_div(x, y):
    """x / y in the promoted dtype (integers truncate toward zero)."""
    return _real_div(x, y)


# ---- in-place updates -------------------------------------------------------------------------


def tanh_(input):
    """input = tanh(input), in place (Tensor.tanh_); returns input."""
    check_tensor("tanh_", "input", input)
    return input.tanh_()


def inplace_sigmoid(input):
    """input = sigmoid(input), in place (Tensor.sigmoid_); returns input."""
    check_tensor("inplace_sigmoid", "input", input)
    return input.sigmoid_()


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
    "remainder": _remainder_method, "fmod": fmod, "pow": pow, "neg": neg, "abs": abs, "sign": sign,
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
    # aliases and compositions
    "absolute": absolute, "negative": negative, "arctan2": arctan2, "multiply": _multiply_method,
    "subtract": subtract, "divide": divide, "invert": invert, "bitwise_not": _bitwise_not_method,
    "allclose": _allclose_method,
    "acosh": acosh, "arccosh": arccosh, "asinh": asinh, "arcsinh": arcsinh, "atanh": atanh,
    "arctanh": arctanh, "trunc": trunc, "inv": inv, "fmax": fmax, "fmin": fmin, "gcd": gcd, "lcm": lcm,
    "bitwise_left_shift": bitwise_left_shift, "bitwise_right_shift": bitwise_right_shift,
    "heaviside": heaviside, "nextafter": nextafter, "isclose": isclose,
    "approximate_equal": _approximate_equal_method, "addcdiv": addcdiv, "addcmul": addcmul,
    "nan_to_num": nan_to_num, "deg2rad": deg2rad, "rad2deg": rad2deg, "frac": frac, "log2": log2,
    "log10": log10, "logaddexp": logaddexp, "logaddexp2": logaddexp2, "copysign": copysign,
    "float_power": _float_power_method, "ldexp": ldexp, "isposinf": isposinf, "isneginf": isneginf,
    "positive": positive, "sgn": sgn, "signbit": signbit,
}
"""Tensor methods and operators this family provides (installed by tensor_methods.py)."""


# MindSpore keeps more names at this path (its `*_ext` mint functions, ops spore defines in other
# family files): resolved in their owners when asked for.
__getattr__ = _mindspore_paths.module_getattr(__name__, "math_func")
