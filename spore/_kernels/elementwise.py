"""Kernels of the elementwise math primitives (math_ops.py).

Operands are torch tensors or Python numbers. torch computes almost everything as
MindSpore does; the helpers here correct the rest:

- type promotion: torch lets a 0-d tensor's dtype give way to the other operand's, as a
  Python number's does, where MindSpore promotes a 0-d tensor like any other tensor
  (`_promoted`);
- uint16 / uint32 / uint64, which few torch CPU kernels support: computed in int64 and
  cast back, wrapping around as the narrower unsigned types do (`_widened`);
- torch functions that take tensors only get Python numbers as 0-d tensors of the dtype
  the pair computes in (`_as_tensors`).
"""
from __future__ import annotations

import functools
import operator
from typing import Callable

import torch

from . import dtype as mstype
from .registry import kernel, kernel_factory
from .tensor_data import MS_OF, TORCH_OF

_WIDE_UNSIGNED = (torch.uint16, torch.uint32, torch.uint64)


# ---- operand helpers --------------------------------------------------------------------------


def _promoted(x: torch.Tensor, y: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Two tensors of different dtypes, both cast to the dtype MindSpore promotes them to."""
    dtype = TORCH_OF[mstype.promote_types(MS_OF[x.dtype], MS_OF[y.dtype])]
    return x.to(dtype), y.to(dtype)


def _scalar_tensor(value, other: torch.Tensor) -> torch.Tensor:
    """A Python number as a 0-d tensor of the dtype it computes in with tensor `other`."""
    return torch.tensor(value, dtype=torch.result_type(other, value), device=other.device)


def _as_tensors(x, y) -> tuple[torch.Tensor, torch.Tensor]:
    """x and y as tensors, for torch functions that take no Python numbers."""
    if not isinstance(x, torch.Tensor):
        return _scalar_tensor(x, y), y
    if not isinstance(y, torch.Tensor):
        return x, _scalar_tensor(y, x)
    return x, y


def _has_wide_unsigned(*args) -> bool:
    return any(isinstance(a, torch.Tensor) and a.dtype in _WIDE_UNSIGNED for a in args)


def _widened(compute: Callable, *args):
    """compute(*args) with the uint16 / uint32 / uint64 tensors among args computed in
    int64; an int64 result is cast back to their dtype (modular, as unsigned math is)."""
    dtype = next(a.dtype for a in args if isinstance(a, torch.Tensor) and a.dtype in _WIDE_UNSIGNED)
    out = compute(*(a.to(torch.int64) if isinstance(a, torch.Tensor) and a.dtype in _WIDE_UNSIGNED
                    else a for a in args))
    return out.to(dtype) if out.dtype == torch.int64 else out


# ---- kernel builders ------------------------------------------------------------------------


def _number_tensors(x, y) -> tuple[torch.Tensor, torch.Tensor]:
    """Two Python numbers as tensors of the dtype MindSpore gives them (int: Int64, float:
    Float32), promoted together: a binary op on two numbers gives a 0-d Tensor."""
    x, y = (torch.tensor(v, dtype=TORCH_OF[mstype.default_dtype_of(v)]) for v in (x, y))
    return _promoted(x, y) if x.dtype is not y.dtype else (x, y)


def binary(compute: Callable) -> Callable:
    """The kernel of a binary op that `compute(x, y)` computes once a pair of tensors has
    MindSpore's common dtype. Kept minimal: `x + y` runs through it."""

    def run(x, y):
        if isinstance(x, torch.Tensor):
            if type(x) is type(y) and x.dtype is not y.dtype:
                x, y = _promoted(x, y)
        elif not isinstance(y, torch.Tensor):
            x, y = _number_tensors(x, y)
        try:
            return compute(x, y)
        except NotImplementedError:
            if not _has_wide_unsigned(x, y):
                raise
            return _widened(compute, x, y)

    return run


def unary(compute: Callable) -> Callable:
    """The kernel of a unary op on any dtype, uint16 / uint32 / uint64 included."""

    def run(x):
        try:
            return compute(x)
        except NotImplementedError:
            if not _has_wide_unsigned(x):
                raise
            return _widened(compute, x)

    return run


def _on_tensors(compute: Callable) -> Callable:
    """compute(x, y) for a torch function that takes tensors only."""
    return lambda x, y: compute(*_as_tensors(x, y))


def _comparison(compare: Callable, mirrored: Callable) -> Callable:
    """compare(x, y), or mirrored(y, x) when x is a Python number (torch's comparison
    functions want a tensor first; `x < y` is `y > x`)."""
    return lambda x, y: compare(x, y) if isinstance(x, torch.Tensor) else mirrored(y, x)


# ---- arithmetic -----------------------------------------------------------------------------


def _is_inexact(dtype: torch.dtype) -> bool:
    return dtype.is_floating_point or dtype.is_complex


def _saturated(x):
    """An integer quotient by zero as MindSpore computes it: the dtype's largest value for
    x > 0, its smallest for x < 0, 0 for 0."""
    info = torch.iinfo(x.dtype)
    return torch.where(x > 0, info.max, torch.where(x < 0, info.min, torch.zeros_like(x)))


def _by_zero(compute: Callable, at_zero: Callable) -> Callable:
    """compute(x, y) for a quotient or remainder; integer operands where y == 0, which torch
    refuses, give at_zero(x) (MindSpore's values)."""

    def run(x, y):
        x, y = _as_tensors(x, y)
        if _is_inexact(x.dtype) or _is_inexact(y.dtype):
            return compute(x, y)
        zero = y == 0
        return torch.where(zero, at_zero(x), compute(x, torch.where(zero, torch.ones_like(y), y)))

    return run


_truncating_div = _by_zero(lambda x, y: torch.div(x, y, rounding_mode="trunc"), _saturated)
_floor_div = _by_zero(operator.floordiv, _saturated)


def _real_div(x, y):
    """A division in the common dtype: integers truncate toward zero."""
    if _is_inexact(torch.result_type(x, y)):
        return x / y
    return _truncating_div(x, y)


def _pow(x, y):
    # torch refuses an integer tensor raised to a negative Python int, but computes a
    # tensor exponent as MindSpore does (truncated: 2 ** -1 == 0, (-1) ** -1 == -1)
    if type(y) is int and y < 0 and not _is_inexact(x.dtype):
        y = torch.tensor(y, dtype=x.dtype, device=x.device)
    return x ** y


def _squared_difference(x, y):
    return torch.square(x - y)


def _abs(x):
    if x.dtype == torch.bool:
        return x.clone()
    out = torch.abs(x)
    # torch gives a complex modulus as a real tensor; MindSpore keeps the complex dtype
    return out if out.dtype == x.dtype else out.to(x.dtype)


_BINARY = {
    "Add": operator.add,
    "Sub": operator.sub,
    "Mul": operator.mul,
    "Div": operator.truediv,
    "RealDiv": _real_div,
    "FloorDiv": _floor_div,
    "FloorMod": _by_zero(operator.mod, lambda x: x),
    "Mod": _by_zero(torch.fmod, lambda x: x),
    "Pow": _pow,
    "SquaredDifference": _squared_difference,
    "Maximum": _on_tensors(torch.maximum),
    "Minimum": _on_tensors(torch.minimum),
    "Atan2": _on_tensors(torch.atan2),
    "LogicalAnd": _on_tensors(torch.logical_and),
    "LogicalOr": _on_tensors(torch.logical_or),
    "LogicalXor": _on_tensors(torch.logical_xor),
    "BitwiseAnd": operator.and_,
    "BitwiseOr": operator.or_,
    "BitwiseXor": operator.xor,
    "Equal": _comparison(torch.eq, torch.eq),
    "NotEqual": _comparison(torch.ne, torch.ne),
    "Greater": _comparison(torch.gt, torch.lt),
    "GreaterEqual": _comparison(torch.ge, torch.le),
    "Less": _comparison(torch.lt, torch.gt),
    "LessEqual": _comparison(torch.le, torch.ge),
}

_UNARY = {
    "Neg": torch.neg,
    "Abs": _abs,
    "Square": torch.square,
    "Reciprocal": torch.reciprocal,
    "Sqrt": torch.sqrt,
    "Invert": torch.bitwise_not,
    "LogicalNot": torch.logical_not,
    "IsNan": torch.isnan,
    "IsFinite": torch.isfinite,
}


def sigmoid(x: torch.Tensor) -> torch.Tensor:
    """1 / (1 + exp(-x)). MindSpore's CPU kernel computes float16 in float16, rounding each
    step (exp, add, reciprocal): torch's float16 sigmoid rounds once, which differs in the
    last bit for about a third of the values."""
    if x.dtype == torch.float16:
        return torch.reciprocal(torch.exp(-x).add_(1))
    return torch.sigmoid(x)

# Ops whose primitive `check` admits no uint16 / uint32 / uint64 (most are defined on
# floating-point and complex tensors only): torch computes them directly.
_CHECKED_UNARY = {
    "Sign": torch.sgn,
    "Exp": torch.exp,
    "Expm1": torch.expm1,
    "Log": torch.log,
    "Log1p": torch.log1p,
    "Rsqrt": torch.rsqrt,
    "Sin": torch.sin,
    "Cos": torch.cos,
    "Tan": torch.tan,
    "Asin": torch.asin,
    "ACos": torch.acos,
    "Atan": torch.atan,
    "Sinh": torch.sinh,
    "Cosh": torch.cosh,
    "Tanh": torch.tanh,
    "Sigmoid": sigmoid,
    "Erf": torch.erf,
    "Erfc": torch.erfc,
    "Floor": torch.floor,
    "Ceil": torch.ceil,
    "IsInf": torch.isinf,
}

for _name, _compute in _BINARY.items():
    kernel(_name)(binary(_compute))
for _name, _compute in _UNARY.items():
    kernel(_name)(unary(_compute))
for _name, _compute in _CHECKED_UNARY.items():
    kernel(_name)(_compute)


@kernel("DivMod")
def div_mod(x, y, rounding_mode=None):
    if type(x) is type(y) and x.dtype is not y.dtype:
        x, y = _promoted(x, y)
    if rounding_mode is None:
        return torch.div(*_as_tensors(x, y))
    return (_floor_div if rounding_mode == "floor" else _truncating_div)(x, y)


@kernel("Round")
def round_(x, decimals=0):
    if decimals == 0:
        return torch.round(x)
    if x.dtype.is_floating_point:
        return torch.round(x, decimals=decimals)
    # torch rounds to decimal places in floating point only (float64 is exact to 2 ** 53)
    return torch.round(x.double(), decimals=decimals).to(x.dtype)


@kernel("ClipByValue")
def clip_by_value(x, low=None, high=None):
    if low is not None and high is not None and \
            isinstance(low, torch.Tensor) != isinstance(high, torch.Tensor):
        # torch.clamp takes two tensor bounds or two numbers, not one of each
        low, high = (b if isinstance(b, torch.Tensor) else torch.tensor(b, device=x.device)
                     for b in (low, high))
    out = torch.clamp(x, low, high)
    # an integer x clipped to float bounds computes in float; the result keeps x's dtype
    return out if out.dtype == x.dtype else out.to(x.dtype)


@kernel("AddN")
def add_n(inputs):
    first, *rest = inputs
    if not rest:
        return first.clone()
    return functools.reduce(torch.add, rest, first)


@kernel("Lerp")
@kernel("LerpScalar")
def lerp(start, end, weight):
    if isinstance(weight, torch.Tensor) and weight.dtype != start.dtype:
        weight = weight.to(start.dtype)
    return torch.lerp(start, end, weight)


def _output_grad(backward: Callable) -> Callable:
    """The kernel of SigmoidGrad / TanhGrad: torch's fused `backward(dy, y)`, which would
    also broadcast or promote operands the primitive refuses (infer then explains)."""

    def run(y, dy):
        if dy.dtype != y.dtype or dy.shape != y.shape:
            raise ValueError("'y' and 'dy' differ in shape or dtype")
        return backward(dy, y)

    return run


kernel("SigmoidGrad")(_output_grad(torch.ops.aten.sigmoid_backward))
kernel("TanhGrad")(_output_grad(torch.ops.aten.tanh_backward))


# ---- inverse hyperbolic functions, rounding, reciprocals ------------------------------------------


def _trunc(x):
    return torch.trunc(x) if x.dtype.is_floating_point else x.clone()


def _inv(x):
    if _is_inexact(x.dtype):
        return torch.reciprocal(x)
    # integers: 1 / x truncated toward zero, and the dtype's smallest value for 1 / 0
    zero = x == 0
    quotient = torch.div(torch.ones_like(x), torch.where(zero, torch.ones_like(x), x), rounding_mode="trunc")
    return torch.where(zero, torch.iinfo(x.dtype).min, quotient)


kernel("Acosh")(torch.acosh)
kernel("Asinh")(torch.asinh)
kernel("Atanh")(torch.atanh)
kernel("Rint")(torch.round)
kernel("Trunc")(unary(_trunc))
kernel("Inv")(_inv)


# ---- binary arithmetic ------------------------------------------------------------------------


def _div_no_nan(x, y):
    x, y = _as_tensors(x, y)
    zero = y == 0
    safe = torch.where(zero, torch.ones_like(y), y)
    return torch.where(zero, torch.zeros((), dtype=x.dtype, device=x.device), _real_div(x, safe))


def _mul_no_nan(x, y):
    x, y = _as_tensors(x, y)
    product = x * y
    return torch.where(y == 0, torch.zeros((), dtype=product.dtype, device=product.device), product)


def _next_after(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    """MindSpore's CPU kernel steps in float64 and rounds the result back to the input's
    dtype: a float32 x therefore comes back unchanged except where it rounds (towards y
    when x == y), which its documentation example prints."""
    if x.dtype == torch.float64:
        return torch.nextafter(x, y)
    return torch.nextafter(x.double(), y.double()).to(x.dtype)


_MORE_BINARY = {
    "Fmax": _on_tensors(torch.fmax),
    "Fmin": _on_tensors(torch.fmin),
    "TruncateDiv": _truncating_div,
    "TruncateMod": _by_zero(torch.fmod, torch.zeros_like),
    "DivNoNan": _div_no_nan,
    "MulNoNan": _mul_no_nan,
    "Gcd": torch.gcd,
    "Lcm": torch.lcm,
    "LeftShift": torch.bitwise_left_shift,
    "RightShift": torch.bitwise_right_shift,
    "Heaviside": torch.heaviside,
    "NextAfter": _next_after,
}
for _name, _compute in _MORE_BINARY.items():
    kernel(_name)(binary(_compute))


@kernel_factory("IsClose")
def is_close(prim):
    rtol, atol, equal_nan = prim.rtol, prim.atol, prim.equal_nan
    return lambda x, y: torch.isclose(x, y, rtol=rtol, atol=atol, equal_nan=equal_nan)


@kernel_factory("ApproximateEqual")
def approximate_equal(prim):
    tolerance = prim.tolerance
    return binary(lambda x, y: torch.abs(x - y) < tolerance)


# ---- several inputs -------------------------------------------------------------------------


def _addc(combine: Callable) -> Callable:
    """The kernel of input + value * combine(x1, x2) (value a number or a tensor)."""

    def compute(input, x1, x2, value):
        return input + value * combine(x1, x2)

    def run(input, x1, x2, value):
        try:
            return compute(input, x1, x2, value)
        except NotImplementedError:
            if not _has_wide_unsigned(input):
                raise
            return _widened(compute, input, x1, x2, value)

    return run


kernel("Addcdiv")(_addc(_real_div))
kernel("Addcmul")(_addc(operator.mul))
kernel("AccumulateNV2")(add_n)


@kernel_factory("NanToNum")
def nan_to_num(prim):
    nan, posinf, neginf = prim.nan, prim.posinf, prim.neginf
    return lambda x: torch.nan_to_num(x, nan=nan, posinf=posinf, neginf=neginf)


@kernel("PopulationCount")
def population_count(x):
    bits = torch.iinfo(x.dtype).bits
    # the two's complement bits, as a non-negative int64 (uint64's top bit wraps to the sign)
    word = x.to(torch.int64)
    count = torch.zeros(x.shape, dtype=torch.uint8, device=x.device)
    for bit in range(bits):
        count += ((word >> bit) & 1).to(torch.uint8)
    return count


@kernel("Eps")
def eps(x):
    return torch.full_like(x, torch.finfo(x.dtype).eps)


@kernel("Fills")
def fills(x, value):
    if isinstance(value, torch.Tensor):
        value = value.item()
    return torch.full_like(x, value)


@kernel("SquareSumAll")
def square_sum_all(x, y):
    return torch.sum(x * x), torch.sum(y * y)


@kernel("EqualCount")
def equal_count(x, y):
    return torch.sum(x == y).reshape(1).to(x.dtype)


@kernel("CheckNumerics")
def check_numerics(x):
    if bool(torch.isnan(x).any()):
        raise RuntimeError("For 'CheckNumerics', the input has NaN values.")
    if bool(torch.isinf(x).any()):
        raise RuntimeError("For 'CheckNumerics', the input has inf values.")
    return x.clone()


@kernel("FloatStatus")
def float_status(x):
    return (~torch.isfinite(x)).any().reshape(1).to(torch.float32)


_BIT_WEIGHTS = torch.tensor([128, 64, 32, 16, 8, 4, 2, 1], dtype=torch.int32)


@kernel("CompareAndBitpack")
def compare_and_bitpack(x, threshold):
    bits = x if x.dtype == torch.bool else x > threshold  # Bool x is packed as it is (MindSpore)
    bits = bits.reshape(*x.shape[:-1], x.shape[-1] // 8, 8)
    return (bits.to(torch.int32) * _BIT_WEIGHTS.to(x.device)).sum(dim=-1).to(torch.uint8)
