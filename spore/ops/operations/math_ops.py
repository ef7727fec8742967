"""Elementwise math primitives: arithmetic, powers and logs, trigonometry, rounding,
comparisons, logical and bitwise ops.

Most ops are one of two shapes, declared by a base class:

- `_UnaryOp`: one Tensor in, a Tensor of its shape out;
- `_BinaryOp`: two operands (Tensors or Python numbers, at least one Tensor) that
  broadcast; they are promoted to one dtype by MindSpore's rules (`binary_result_dtype`).

Each op states the dtypes it computes on (`accepts`) and how the output dtype follows
from them (`output_dtype`). The kernels compute with torch, which rejects most dtypes
MindSpore rejects; the `_Strict*` bases add a per-call `check` for ops where torch would
quietly compute what MindSpore refuses (an integer Exp, an integer Atan2...).
"""
from __future__ import annotations

from ...common import dtype as mstype
from ..primitive import Primitive, TensorSpec
from ..validator import broadcast_shapes, check_bool, check_dtype, check_tensor, check_type, dtype_of

__all__ = [
    "Add", "Sub", "Mul", "Div", "RealDiv", "DivMod", "FloorDiv", "FloorMod", "Mod", "Pow",
    "Neg", "Abs", "Sign", "Exp", "Expm1", "Log", "Log1p", "Sqrt", "Rsqrt", "Square",
    "Reciprocal", "Sin", "Cos", "Tan", "Asin", "ACos", "Atan", "Atan2", "Sinh", "Cosh",
    "Tanh", "Sigmoid", "Erf", "Erfc", "Floor", "Ceil", "Round",
    "Maximum", "Minimum", "ClipByValue", "AddN", "Lerp", "SquaredDifference",
    "LogicalAnd", "LogicalOr", "LogicalNot", "LogicalXor",
    "BitwiseAnd", "BitwiseOr", "BitwiseXor", "Invert",
    "Equal", "NotEqual", "Greater", "GreaterEqual", "Less", "LessEqual",
    "IsNan", "IsInf", "IsFinite",
    "SigmoidGrad", "TanhGrad",
    "Acosh", "Asinh", "Atanh", "Trunc", "Rint", "Inv", "Fmax", "Fmin", "TruncateDiv", "TruncateMod",
    "DivNoNan", "MulNoNan", "Gcd", "Lcm", "LeftShift", "RightShift", "Heaviside", "NextAfter",
    "IsClose", "ApproximateEqual", "Addcdiv", "Addcmul", "AccumulateNV2", "NanToNum", "PopulationCount",
    "Eps", "Fills", "TensorAdd", "LerpScalar", "SquareSumAll", "EqualCount", "CheckNumerics",
    "CompareAndBitpack", "FloatStatus",
]

# ---- dtype groups ---------------------------------------------------------------------------
INTEGERS = mstype.int_type + mstype.uint_type
FLOATS = mstype.float_type
COMPLEXES = mstype.complex_type
REALS = INTEGERS + FLOATS
NUMBERS = REALS + COMPLEXES
ALL_TYPES = (mstype.bool_,) + NUMBERS
INEXACT = FLOATS + COMPLEXES
BITWISE_TYPES = (mstype.bool_,) + INTEGERS


def _shape_of(value) -> tuple:
    return tuple(value.shape) if hasattr(value, "shape") else ()


def _is_tensor(value) -> bool:
    return hasattr(value, "shape") and hasattr(value, "dtype")


def binary_result_dtype(op: str, x, y) -> mstype.Number:
    """MindSpore's promotion for a binary op on tensors and / or Python scalars."""
    x_is_tensor, y_is_tensor = _is_tensor(x), _is_tensor(y)
    dx, dy = dtype_of(x), dtype_of(y)
    for name, value, dt in (("x", x, dx), ("y", y, dy)):
        if dt is None:
            raise TypeError(f"For '{op}', the '{name}' must be a Tensor or a number, but got "
                            f"{type(value).__name__}.")
    if x_is_tensor and y_is_tensor:
        return mstype.promote_types(dx, dy)
    if x_is_tensor:
        return mstype.promote_with_scalar(dx, y)
    if y_is_tensor:
        return mstype.promote_with_scalar(dy, x)
    return mstype.promote_types(dx, dy)


def inexact_dtype(dtype: mstype.Number) -> mstype.Number:
    """The dtype a true division or a square root gives: integers and Bool compute in Float32."""
    return dtype if dtype in INEXACT else mstype.float32


def _to_bool(dtype: mstype.Number) -> mstype.Number:
    return mstype.bool_


# ---- base classes -----------------------------------------------------------------------------


class _UnaryOp(Primitive):
    """An elementwise op on one Tensor `x` of a dtype in `accepts`; the output has x's shape
    and the dtype `output_dtype` gives (x's own by default)."""

    accepts: tuple = ALL_TYPES

    def input_dtype(self, x) -> mstype.Number:
        """x's dtype, once x is known to be a Tensor of an accepted dtype."""
        check_tensor(self.name, "x", x)
        check_dtype(self.name, "x", x.dtype, self.accepts)
        return x.dtype

    def output_dtype(self, dtype: mstype.Number) -> mstype.Number:
        return dtype

    def infer(self, x):
        dtype = self.output_dtype(self.input_dtype(x))
        return TensorSpec(x.shape, dtype)


class _StrictUnaryOp(_UnaryOp):
    """A unary op whose torch kernel would also compute dtypes outside `accepts` (integers
    through Float32, say): the dtype is checked before each call."""

    def check(self, x):
        self.input_dtype(x)


class _FloatUnaryOp(_StrictUnaryOp):
    """A unary op defined on floating-point and complex Tensors only."""

    accepts = INEXACT


class _BinaryOp(Primitive):
    """An elementwise op on `x` and `y`, Tensors or numbers that broadcast (two numbers give
    a 0-d Tensor). They meet in the dtype MindSpore's promotion gives, which must be in
    `accepts`; the output dtype is what `output_dtype` makes of it (that dtype by default)."""

    accepts: tuple = ALL_TYPES

    def common_dtype(self, x, y) -> mstype.Number:
        """The dtype x and y are computed in, once it is known to be accepted."""
        dtype = binary_result_dtype(self.name, x, y)
        if dtype not in self.accepts:
            names = ", ".join(str(t) for t in self.accepts)
            raise TypeError(f"For '{self.name}', the dtype of 'x' and 'y' (promoted to {dtype}) "
                            f"must be one of [{names}], but got {_dtype_name(x)} and "
                            f"{_dtype_name(y)}.")
        return dtype

    def output_dtype(self, dtype: mstype.Number) -> mstype.Number:
        return dtype

    def infer(self, x, y):
        dtype = self.common_dtype(x, y)
        shape = broadcast_shapes(self.name, _shape_of(x), _shape_of(y), names=("x", "y"))
        return TensorSpec(shape, self.output_dtype(dtype))


class _StrictBinaryOp(_BinaryOp):
    """A binary op whose torch kernel would also compute dtypes outside `accepts`: the
    promoted dtype is checked before each call."""

    def check(self, x, y):
        self.common_dtype(x, y)


class _CompareOp(_BinaryOp):
    """An elementwise comparison: Bool out."""

    output_dtype = staticmethod(_to_bool)


class _OrderOp(_CompareOp):
    """An ordering comparison (complex numbers have no order)."""

    accepts = (mstype.bool_,) + REALS


def _dtype_name(value) -> str:
    return str(value.dtype) if _is_tensor(value) else type(value).__name__


# ---- arithmetic -----------------------------------------------------------------------------


class Add(_BinaryOp):
    """x + y, elementwise with broadcasting."""


class Sub(_BinaryOp):
    """x - y, elementwise with broadcasting."""

    accepts = NUMBERS


class Mul(_BinaryOp):
    """x * y, elementwise with broadcasting."""


class Div(_BinaryOp):
    """x / y, a true division: integer and Bool operands give Float32."""

    output_dtype = staticmethod(inexact_dtype)


class RealDiv(_StrictBinaryOp):
    """x / y in the promoted dtype: integers divide truncating toward zero."""

    accepts = NUMBERS


ROUNDING_MODES = (None, "floor", "trunc")


class DivMod(_BinaryOp):
    """DivMod()(x, y, rounding_mode=None): x / y rounded as `rounding_mode` says. None is a
    true division (as Div); 'floor' rounds down and 'trunc' toward zero, in the promoted
    dtype (integers stay integers). The primitive behind `ops.div`'s rounding modes."""

    def check(self, x, y, rounding_mode=None):
        if rounding_mode not in ROUNDING_MODES:
            raise ValueError(f"For '{self.name}', the 'rounding_mode' must be None, 'floor' or "
                             f"'trunc', but got {rounding_mode!r}.")

    def infer(self, x, y, rounding_mode=None):
        self.check(x, y, rounding_mode)
        spec = super().infer(x, y)
        dtype = inexact_dtype(spec.dtype) if rounding_mode is None else spec.dtype
        return TensorSpec(spec.shape, dtype)


class FloorDiv(_BinaryOp):
    """x // y: the quotient rounded down (toward -inf)."""

    accepts = REALS


class FloorMod(_BinaryOp):
    """x mod y with the sign of y (Python's %): x - floor(x / y) * y."""

    accepts = REALS


class Mod(_BinaryOp):
    """The remainder of x / y with the sign of x (C's fmod): x - trunc(x / y) * y."""

    accepts = REALS


class Pow(_BinaryOp):
    """x ** y. An integer raised to a negative integer gives its truncated value (0 for
    |x| > 1), as MindSpore computes it."""

    accepts = NUMBERS


TensorAdd = Add
"""MindSpore 1.x's name of Add."""


class SquaredDifference(_StrictBinaryOp):
    """(x - y) ** 2."""

    accepts = FLOATS + COMPLEXES + (mstype.int32, mstype.int64)


class Maximum(_BinaryOp):
    """The larger of x and y, elementwise; NaN if either is NaN."""

    accepts = (mstype.bool_,) + REALS


class Minimum(_BinaryOp):
    """The smaller of x and y, elementwise; NaN if either is NaN."""

    accepts = (mstype.bool_,) + REALS


class Atan2(_StrictBinaryOp):
    """The angle of the point (y, x) in radians: atan(x / y) with the quadrant of (x, y),
    for floating-point operands."""

    accepts = FLOATS


class Neg(_UnaryOp):
    """-x (unsigned integers wrap around)."""

    accepts = NUMBERS


class Abs(_UnaryOp):
    """|x| in x's dtype (a complex x gives its modulus as a complex number)."""


class Sign(_StrictUnaryOp):
    """-1, 0 or 1 by the sign of x (x / |x| for complex x)."""

    accepts = FLOATS + COMPLEXES + (mstype.int32, mstype.int64)


class Square(_StrictUnaryOp):
    """x * x."""

    accepts = NUMBERS


class Reciprocal(_UnaryOp):
    """1 / x; integer and Bool Tensors give Float32."""

    output_dtype = staticmethod(inexact_dtype)


class Sqrt(_UnaryOp):
    """The square root of x; integer and Bool Tensors give Float32."""

    output_dtype = staticmethod(inexact_dtype)


class Rsqrt(_FloatUnaryOp):
    """1 / sqrt(x)."""


class Exp(_FloatUnaryOp):
    """e ** x."""


class Expm1(_FloatUnaryOp):
    """e ** x - 1, accurate for small x."""


class Log(_FloatUnaryOp):
    """The natural logarithm of x (NaN for x < 0, -inf for 0)."""


class Log1p(_FloatUnaryOp):
    """log(1 + x), accurate for small x."""


class Sin(_FloatUnaryOp):
    """sin(x), x in radians."""


class Cos(_FloatUnaryOp):
    """cos(x), x in radians."""


class Tan(_FloatUnaryOp):
    """tan(x), x in radians."""


class Asin(_FloatUnaryOp):
    """arcsin(x) in radians (NaN outside [-1, 1])."""


class ACos(_FloatUnaryOp):
    """arccos(x) in radians (NaN outside [-1, 1])."""


class Atan(_FloatUnaryOp):
    """arctan(x) in radians."""


class Sinh(_FloatUnaryOp):
    """The hyperbolic sine of x."""


class Cosh(_FloatUnaryOp):
    """The hyperbolic cosine of x."""


class Tanh(_FloatUnaryOp):
    """The hyperbolic tangent of x."""


class Sigmoid(_FloatUnaryOp):
    """1 / (1 + e ** -x)."""


class Erf(_FloatUnaryOp):
    """The Gauss error function of x."""

    accepts = FLOATS


class Erfc(_FloatUnaryOp):
    """1 - erf(x), accurate where erf(x) is close to 1."""

    accepts = FLOATS


class Floor(_FloatUnaryOp):
    """The largest integer value <= x."""

    accepts = FLOATS


class Ceil(_FloatUnaryOp):
    """The smallest integer value >= x."""

    accepts = FLOATS


class Round(_StrictUnaryOp):
    """Round()(x, decimals=0): x rounded to `decimals` decimal places (negative: to tens,
    hundreds...), halves to even, in x's dtype."""

    accepts = FLOATS + (mstype.int32, mstype.int64)

    def check(self, x, decimals=0):
        self.input_dtype(x)
        check_type(self.name, "decimals", decimals, int)

    def infer(self, x, decimals=0):
        self.check(x, decimals)
        return TensorSpec(x.shape, x.dtype)


# ---- several inputs -------------------------------------------------------------------------


class ClipByValue(Primitive):
    """ClipByValue()(x, clip_value_min, clip_value_max): x limited to [min, max]
    elementwise, in x's dtype. A bound is a Tensor (broadcasting with x), a number, or None
    for no bound (not both); where min > max the result is max."""

    accepts = REALS

    def check(self, x, clip_value_min=None, clip_value_max=None):
        check_tensor(self.name, "x", x)
        check_dtype(self.name, "x", x.dtype, self.accepts)
        if clip_value_min is None and clip_value_max is None:
            raise ValueError(f"For '{self.name}', at least one of 'clip_value_min' and "
                             f"'clip_value_max' must not be None.")
        for name, bound in (("clip_value_min", clip_value_min), ("clip_value_max", clip_value_max)):
            if bound is not None and not _is_tensor(bound):
                check_type(self.name, name, bound, (int, float, bool))

    def infer(self, x, clip_value_min=None, clip_value_max=None):
        self.check(x, clip_value_min, clip_value_max)
        shape = broadcast_shapes(self.name, x.shape, _shape_of(clip_value_min),
                                 _shape_of(clip_value_max),
                                 names=("x", "clip_value_min", "clip_value_max"))
        return TensorSpec(shape, x.dtype)


class AddN(Primitive):
    """AddN()(inputs): the sum of a list or tuple of Tensors of one shape and dtype."""

    def check(self, inputs):
        if not isinstance(inputs, (list, tuple)):
            raise TypeError(f"For '{self.name}', the 'inputs' must be a list or tuple of Tensors, "
                            f"but got {type(inputs).__name__}.")
        if not inputs:
            raise ValueError(f"For '{self.name}', the 'inputs' must hold at least one Tensor, "
                             f"but got an empty {type(inputs).__name__}.")
        first = inputs[0]
        for i, item in enumerate(inputs):
            check_tensor(self.name, f"inputs[{i}]", item)
            if item.dtype != first.dtype:
                raise TypeError(f"For '{self.name}', all inputs must have the same dtype, but got "
                                f"{first.dtype} for inputs[0] and {item.dtype} for inputs[{i}].")
            if tuple(item.shape) != tuple(first.shape):
                raise ValueError(f"For '{self.name}', all inputs must have the same shape, but got "
                                 f"{tuple(first.shape)} for inputs[0] and {tuple(item.shape)} "
                                 f"for inputs[{i}].")

    def infer(self, inputs):
        self.check(inputs)
        return TensorSpec(inputs[0].shape, inputs[0].dtype)


class Lerp(Primitive):
    """Lerp()(start, end, weight): start + weight * (end - start). start and end are
    Float16 / Float32 / BFloat16 Tensors of one dtype; weight is a float or a floating-point
    Tensor; all three broadcast. The output has start's dtype."""

    accepts = (mstype.float16, mstype.float32, mstype.bfloat16)

    def check(self, start, end, weight):
        check_tensor(self.name, "start", start)
        check_tensor(self.name, "end", end)
        check_dtype(self.name, "start", start.dtype, self.accepts)
        if end.dtype != start.dtype:
            raise TypeError(f"For '{self.name}', the dtype of 'end' must be the same as 'start' "
                            f"({start.dtype}), but got {end.dtype}.")
        if _is_tensor(weight):
            check_dtype(self.name, "weight", weight.dtype, FLOATS)
        else:
            check_type(self.name, "weight", weight, float)

    def infer(self, start, end, weight):
        self.check(start, end, weight)
        shape = broadcast_shapes(self.name, start.shape, end.shape, _shape_of(weight),
                                 names=("start", "end", "weight"))
        return TensorSpec(shape, start.dtype)


class LerpScalar(Lerp):
    """LerpScalar()(start, end, weight): Lerp with a float weight."""

    def check(self, start, end, weight):
        check_type(self.name, "weight", weight, float)
        super().check(start, end, weight)


# ---- logical and bitwise ----------------------------------------------------------------------


class _LogicalOp(_StrictBinaryOp):
    """A logical op on the truth values of x and y: Tensors of any dtype (nonzero is True)
    or Python bools; Bool out."""

    output_dtype = staticmethod(_to_bool)

    def common_dtype(self, x, y) -> mstype.Number:
        for name, value in (("x", x), ("y", y)):
            if not (_is_tensor(value) or isinstance(value, bool)):
                raise TypeError(f"For '{self.name}', the '{name}' must be a Tensor or a bool, "
                                f"but got {type(value).__name__}.")
        return mstype.bool_


class LogicalAnd(_LogicalOp):
    """x and y, elementwise."""


class LogicalOr(_LogicalOp):
    """x or y, elementwise."""


class LogicalXor(_LogicalOp):
    """x xor y, elementwise."""


class LogicalNot(_UnaryOp):
    """not x, elementwise (x of any dtype; nonzero is True)."""

    output_dtype = staticmethod(_to_bool)


class BitwiseAnd(_BinaryOp):
    """x & y on Bool or integer operands."""

    accepts = BITWISE_TYPES


class BitwiseOr(_BinaryOp):
    """x | y on Bool or integer operands."""

    accepts = BITWISE_TYPES


class BitwiseXor(_BinaryOp):
    """x ^ y on Bool or integer operands."""

    accepts = BITWISE_TYPES


class Invert(_StrictUnaryOp):
    """~x, the bitwise complement of an integer Tensor."""

    accepts = INTEGERS


# ---- comparisons and predicates ---------------------------------------------------------------


class Equal(_CompareOp):
    """x == y, elementwise: Bool out."""


class NotEqual(_CompareOp):
    """x != y, elementwise: Bool out."""


class Greater(_OrderOp):
    """x > y, elementwise: Bool out."""


class GreaterEqual(_OrderOp):
    """x >= y, elementwise: Bool out."""


class Less(_OrderOp):
    """x < y, elementwise: Bool out."""


class LessEqual(_OrderOp):
    """x <= y, elementwise: Bool out."""


class IsNan(_UnaryOp):
    """Whether each element is NaN: Bool out (never for integer and Bool Tensors)."""

    output_dtype = staticmethod(_to_bool)


class IsInf(_FloatUnaryOp):
    """Whether each element is +inf or -inf: Bool out."""

    accepts = FLOATS
    output_dtype = staticmethod(_to_bool)


class IsFinite(_UnaryOp):
    """Whether each element is neither inf nor NaN: Bool out (always for integer and Bool
    Tensors)."""

    output_dtype = staticmethod(_to_bool)


# ---- gradients (the fused backward kernels of the bprops) --------------------------------------


class _OutputGrad(Primitive):
    """(y, dy) -> dx for an activation whose derivative is a function of its output
    y = f(x): y and dy are floating-point or complex Tensors of one shape and dtype."""

    accepts = INEXACT

    def infer(self, y, dy):
        check_tensor(self.name, "y", y)
        check_dtype(self.name, "y", y.dtype, self.accepts)
        check_tensor(self.name, "dy", dy)
        if dy.dtype != y.dtype:
            raise TypeError(f"For '{self.name}', the dtype of 'dy' must be the same as 'y' "
                            f"({y.dtype}), but got {dy.dtype}.")
        if tuple(dy.shape) != tuple(y.shape):
            raise ValueError(f"For '{self.name}', the shape of 'dy' must be the same as 'y' "
                             f"{tuple(y.shape)}, but got {tuple(dy.shape)}.")
        return TensorSpec(y.shape, y.dtype)


class SigmoidGrad(_OutputGrad):
    """SigmoidGrad()(y, dy): dy * y * (1 - y), the gradient of Sigmoid given its output y."""


class TanhGrad(_OutputGrad):
    """TanhGrad()(y, dy): dy * (1 - y ** 2), the gradient of Tanh given its output y."""


# ---- inverse hyperbolic functions, rounding, reciprocals ------------------------------------------


class Acosh(_FloatUnaryOp):
    """arccosh(x) (NaN for x < 1)."""


class Asinh(_FloatUnaryOp):
    """arcsinh(x)."""


class Atanh(_FloatUnaryOp):
    """arctanh(x) (NaN outside [-1, 1], +-inf at +-1)."""


class Trunc(_StrictUnaryOp):
    """x rounded toward zero, in x's dtype."""

    accepts = REALS


class Rint(_FloatUnaryOp):
    """x rounded to the nearest integer value, halves to even."""

    accepts = FLOATS


class Inv(_StrictUnaryOp):
    """1 / x in x's dtype: integers divide truncating toward zero (1 / 0 gives the dtype's
    smallest value, as MindSpore computes it)."""

    accepts = FLOATS + COMPLEXES + (mstype.int8, mstype.int16, mstype.int32, mstype.int64)


# ---- binary arithmetic ------------------------------------------------------------------------


class Fmax(_StrictBinaryOp):
    """The larger of x and y, elementwise; where one is NaN, the other."""

    accepts = REALS


class Fmin(_StrictBinaryOp):
    """The smaller of x and y, elementwise; where one is NaN, the other."""

    accepts = REALS


class TruncateDiv(_BinaryOp):
    """x / y rounded toward zero, in the promoted dtype."""

    accepts = REALS


class TruncateMod(_BinaryOp):
    """The remainder of x / y with the sign of x (x - trunc(x / y) * y)."""

    accepts = REALS


class DivNoNan(_StrictBinaryOp):
    """x / y, and 0 where y is 0 (integers divide truncating toward zero)."""

    accepts = REALS + COMPLEXES


class MulNoNan(_StrictBinaryOp):
    """x * y, and 0 where y is 0 (even where x is inf or NaN)."""

    accepts = REALS + COMPLEXES


class _TensorPairOp(_StrictBinaryOp):
    """A binary op on two Tensors (no Python numbers) that broadcast. With `same_dtype`,
    their dtypes must be equal (no promotion)."""

    same_dtype = True

    def common_dtype(self, x, y) -> mstype.Number:
        check_tensor(self.name, "x", x)
        check_tensor(self.name, "y", y)
        if self.same_dtype and x.dtype != y.dtype:
            raise TypeError(f"For '{self.name}', the dtype of 'y' must be the same as 'x' ({x.dtype}), "
                            f"but got {y.dtype}.")
        return super().common_dtype(x, y)


class Gcd(_TensorPairOp):
    """The greatest common divisor of x and y (non-negative), for integer Tensors."""

    accepts = (mstype.int16, mstype.int32, mstype.int64)
    same_dtype = False


class Lcm(_TensorPairOp):
    """The least common multiple of x and y (non-negative), for Int32 / Int64 Tensors."""

    accepts = (mstype.int32, mstype.int64)
    same_dtype = False


class LeftShift(_TensorPairOp):
    """x << y for integer Tensors of one dtype."""

    accepts = INTEGERS


class RightShift(_TensorPairOp):
    """x >> y (arithmetic shift) for integer Tensors of one dtype."""

    accepts = INTEGERS


class Heaviside(_TensorPairOp):
    """The step function of x: 0 where x < 0, 1 where x > 0, y where x == 0. x and y are
    real Tensors of one dtype."""

    accepts = REALS


class NextAfter(_TensorPairOp):
    """The next representable value after x toward y, for Float32 / Float64 Tensors."""

    accepts = (mstype.float32, mstype.float64)


class IsClose(_TensorPairOp):
    """IsClose(rtol=1e-05, atol=1e-08, equal_nan=False)(x, y): whether
    |x - y| <= atol + rtol * |y| elementwise (NaNs equal when `equal_nan`): Bool out."""

    accepts = REALS + (mstype.bool_,)
    output_dtype = staticmethod(_to_bool)

    def __init__(self, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = False):
        super().__init__()
        self.add_prim_attr("rtol", float(check_type(self.name, "rtol", rtol, (float, int))))
        self.add_prim_attr("atol", float(check_type(self.name, "atol", atol, (float, int))))
        self.add_prim_attr("equal_nan", check_bool(self.name, "equal_nan", equal_nan))


class ApproximateEqual(_TensorPairOp):
    """ApproximateEqual(tolerance=1e-05)(x, y): |x - y| < tolerance for floating-point
    Tensors of one shape (not broadcast): Bool out."""

    accepts = FLOATS
    same_dtype = False
    output_dtype = staticmethod(_to_bool)

    def __init__(self, tolerance: float = 1e-05):
        super().__init__()
        self.add_prim_attr("tolerance", check_type(self.name, "tolerance", tolerance, float))

    def check(self, x, y):
        self.common_dtype(x, y)
        if tuple(x.shape) != tuple(y.shape):  # a RuntimeError in MindSpore
            raise RuntimeError(f"For '{self.name}', the shape of 'y' must be the same as 'x' {tuple(x.shape)}, "
                               f"but got {tuple(y.shape)}.")

    def infer(self, x, y):
        self.check(x, y)
        return TensorSpec(x.shape, mstype.bool_)


# ---- several inputs -------------------------------------------------------------------------


class _AddcOp(Primitive):
    """input + value * combine(x1, x2): input, x1, x2 and value are Tensors of one dtype
    that broadcast (value may also be a number)."""

    accepts: tuple = REALS

    def check(self, input, x1, x2, value):
        for name, item in (("input", input), ("x1", x1), ("x2", x2)):
            check_tensor(self.name, name, item)
        check_dtype(self.name, "input", input.dtype, self.accepts)
        for name, item in (("x1", x1), ("x2", x2), ("value", value)):
            if _is_tensor(item) and item.dtype != input.dtype:
                raise TypeError(f"For '{self.name}', the dtype of '{name}' must be the same as 'input' "
                                f"({input.dtype}), but got {item.dtype}.")
        if not _is_tensor(value):
            check_type(self.name, "value", value, (int, float))

    def infer(self, input, x1, x2, value):
        self.check(input, x1, x2, value)
        shape = broadcast_shapes(self.name, input.shape, x1.shape, x2.shape, _shape_of(value),
                                 names=("input", "x1", "x2", "value"))
        return TensorSpec(shape, input.dtype)


class Addcdiv(_AddcOp):
    """Addcdiv()(input, x1, x2, value): input + value * x1 / x2."""

    accepts = FLOATS + (mstype.int64,)


class Addcmul(_AddcOp):
    """Addcmul()(input, x1, x2, value): input + value * x1 * x2."""

    accepts = REALS


class AccumulateNV2(AddN):
    """AccumulateNV2()(inputs): the sum of a list or tuple of Tensors of one shape and dtype."""


class NanToNum(_StrictUnaryOp):
    """NanToNum(nan=0.0, posinf=None, neginf=None)(x): x with NaN, +inf and -inf replaced
    by `nan`, `posinf` and `neginf` (None: the largest / lowest finite value of x's
    dtype), for Float16 / Float32 Tensors."""

    accepts = (mstype.float16, mstype.float32)

    def __init__(self, nan=0.0, posinf=None, neginf=None):
        super().__init__()
        for name, value in (("nan", nan), ("posinf", posinf), ("neginf", neginf)):
            if value is not None:
                check_type(self.name, name, value, (float, int))
        self.add_prim_attrs(nan=0.0 if nan is None else float(nan), posinf=posinf, neginf=neginf)


class PopulationCount(_StrictUnaryOp):
    """The number of bits set in each element of an integer Tensor (of its two's
    complement representation): UInt8 out."""

    accepts = INTEGERS

    def output_dtype(self, dtype: mstype.Number) -> mstype.Number:
        return mstype.uint8


class Eps(_FloatUnaryOp):
    """A Tensor of x's shape filled with the machine epsilon of x's dtype."""

    accepts = FLOATS


class Fills(Primitive):
    """Fills()(x, value): a Tensor of x's shape and dtype filled with `value` (a number or
    a 0-d Tensor)."""

    def check(self, x, value):
        check_tensor(self.name, "x", x)
        if _is_tensor(value):
            if len(value.shape) != 0:
                raise ValueError(f"For '{self.name}', the 'value' Tensor must be 0-dimensional, but got "
                                 f"shape {tuple(value.shape)}.")
        else:
            check_type(self.name, "value", value, (int, float, bool))

    def infer(self, x, value):
        self.check(x, value)
        return TensorSpec(x.shape, x.dtype)


class SquareSumAll(Primitive):
    """SquareSumAll()(x, y): (sum(x ** 2), sum(y ** 2)), two 0-d Tensors, for Float16 /
    Float32 Tensors of one shape and dtype."""

    accepts = (mstype.float16, mstype.float32)

    def check(self, x, y):
        check_tensor(self.name, "x", x)
        check_tensor(self.name, "y", y)
        check_dtype(self.name, "x", x.dtype, self.accepts)
        if y.dtype != x.dtype:
            raise TypeError(f"For '{self.name}', the dtype of 'y' must be the same as 'x' ({x.dtype}), "
                            f"but got {y.dtype}.")
        if tuple(y.shape) != tuple(x.shape):
            raise ValueError(f"For '{self.name}', the shape of 'y' must be the same as 'x' {tuple(x.shape)}, "
                             f"but got {tuple(y.shape)}.")

    def infer(self, x, y):
        self.check(x, y)
        return TensorSpec((), x.dtype), TensorSpec((), x.dtype)


class EqualCount(Primitive):
    """EqualCount()(x, y): the number of equal elements of two Tensors of one shape and
    dtype, as a Tensor of shape (1,) and their dtype."""

    def check(self, x, y):
        check_tensor(self.name, "x", x)
        check_tensor(self.name, "y", y)
        if y.dtype != x.dtype:
            raise TypeError(f"For '{self.name}', the dtype of 'y' must be the same as 'x' ({x.dtype}), "
                            f"but got {y.dtype}.")
        if tuple(y.shape) != tuple(x.shape):
            raise ValueError(f"For '{self.name}', the shape of 'y' must be the same as 'x' {tuple(x.shape)}, "
                             f"but got {tuple(y.shape)}.")

    def infer(self, x, y):
        self.check(x, y)
        return TensorSpec((1,), x.dtype)


class CheckNumerics(_FloatUnaryOp):
    """x itself, once checked to hold no NaN or inf (a RuntimeError otherwise, when the
    values are known: at the call in PyNative, when the graph runs in Graph mode)."""

    accepts = FLOATS


class FloatStatus(_FloatUnaryOp):
    """Whether x holds a NaN or an inf: a Float32 Tensor of shape (1,), 1 if so, else 0."""

    accepts = (mstype.float16, mstype.float32, mstype.float64)

    def infer(self, x):
        self.input_dtype(x)
        return TensorSpec((1,), mstype.float32)


class CompareAndBitpack(Primitive):
    """CompareAndBitpack()(x, threshold): x > threshold (a Bool x itself) packed 8 per byte
    along the last axis, the first element in the most significant bit: UInt8 of shape
    x.shape[:-1] + (x.shape[-1] // 8,). threshold is a 0-d Tensor of x's dtype; the last
    axis of x is a multiple of 8."""

    accepts = (mstype.bool_,) + REALS

    def check(self, x, threshold):
        check_tensor(self.name, "x", x)
        check_tensor(self.name, "threshold", threshold)
        check_dtype(self.name, "x", x.dtype, self.accepts)
        if threshold.dtype != x.dtype:
            raise TypeError(f"For '{self.name}', the dtype of 'threshold' must be the same as 'x' ({x.dtype}), "
                            f"but got {threshold.dtype}.")
        if len(threshold.shape) != 0:
            raise ValueError(f"For '{self.name}', the 'threshold' must be 0-dimensional, but got shape "
                             f"{tuple(threshold.shape)}.")
        if len(x.shape) == 0 or x.shape[-1] % 8 != 0:
            raise ValueError(f"For '{self.name}', the last dimension of 'x' must be a multiple of 8, but got "
                             f"shape {tuple(x.shape)}.")

    def infer(self, x, threshold):
        self.check(x, threshold)
        return TensorSpec(tuple(x.shape[:-1]) + (x.shape[-1] // 8,), mstype.uint8)
