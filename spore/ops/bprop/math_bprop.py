"""bprops of the elementwise math primitives (operations/math_ops.py).

MindSpore's conventions, checked against MindSpore 2.7.1:

- Kinks. Abs' derivative at 0 is 0. Maximum and Minimum split a tie equally between
  their operands. ClipByValue (behind ops.clamp / clip / clip_by_value) passes the
  gradient to x wherever min <= x <= max, to a bound only where x lies strictly beyond
  it, and all of it to max where min > max (MindSpore's clamp).
- Piecewise constant ops. Sign, Floor, Ceil, Round and FloorDiv have zero gradients: they
  are declared non-differentiable, so their outputs are constants to the tape and their
  inputs get zeros, as in MindSpore. DivMod, a true division without a rounding mode,
  returns zeros for its inputs when it rounds.
- Pow. d/dx = y * x ** (y - 1) as computed (NaN for x = y = 0); d/dy = out * log(x), with
  log(x) taken as 0 for a negative x (log(0) = -inf stays).
- Remainders. FloorMod: d/dy = -floor(x / y). Mod: d/dy = -trunc(x / y), as ops.fmod's
  (MindSpore's Mod primitive reuses FloorMod's formula; spore has one primitive for both).
- Integers. Gradients are computed in the dtype the op computes in, then cast to the
  input's dtype (MindSpore truncates there: RealDiv's integer gradients are mostly 0, a
  tie's half in Maximum is 0). True divisions (Div, Reciprocal, Sqrt) compute integers in
  Float32; an input they did not promote keeps the Float32 gradient, as in MindSpore.

Every bprop is written with differentiable ops, `out` included (the outer tape recorded
it), so gradients of any order exist. Sigmoid and Tanh, on every step of many networks,
run one fused kernel each (SigmoidGrad, TanhGrad), whose own bprops give higher orders.
"""
from __future__ import annotations

import math

from ...common import dtype as mstype
from ...common.tensor import Tensor
from ..operations import array_ops, selection_ops
from ..operations import math_ops as M
from .broadcast import grad_like, sum_to_shape
from .registry import bprop, non_differentiable

non_differentiable(
    "Sign", "Floor", "Ceil", "Round", "FloorDiv",
    "LogicalAnd", "LogicalOr", "LogicalNot", "LogicalXor",
    "BitwiseAnd", "BitwiseOr", "BitwiseXor", "Invert",
    "Equal", "NotEqual", "Greater", "GreaterEqual", "Less", "LessEqual",
    "IsNan", "IsInf", "IsFinite",
    "Trunc", "Rint", "TruncateDiv", "Gcd", "Lcm", "LeftShift", "RightShift", "Heaviside", "NextAfter",
    "IsClose", "ApproximateEqual", "PopulationCount", "Eps", "Fills", "EqualCount", "CompareAndBitpack",
    "FloatStatus",
)

_add, _sub, _mul, _div, _real_div, _neg = M.Add(), M.Sub(), M.Mul(), M.Div(), M.RealDiv(), M.Neg()
_div_mod, _floor_div, _pow, _square = M.DivMod(), M.FloorDiv(), M.Pow(), M.Square()
_exp, _log, _rsqrt, _sign = M.Exp(), M.Log(), M.Rsqrt(), M.Sign()
_sin, _cos, _sinh, _cosh = M.Sin(), M.Cos(), M.Sinh(), M.Cosh()
_sigmoid_grad, _tanh_grad = M.SigmoidGrad(), M.TanhGrad()
_equal, _greater, _greater_equal = M.Equal(), M.Greater(), M.GreaterEqual()
_less, _less_equal, _logical_and, _logical_or = M.Less(), M.LessEqual(), M.LogicalAnd(), M.LogicalOr()
_select, _cast, _zeros_like = selection_ops.Select(), array_ops.Cast(), array_ops.ZerosLike()
_is_nan, _is_finite = M.IsNan(), M.IsFinite()
_div_no_nan, _mul_no_nan = M.DivNoNan(), M.MulNoNan()

_SIGN_DTYPES = frozenset(M.Sign.accepts)
_TWO_OVER_SQRT_PI = 2 / math.sqrt(math.pi)


def _is_exact(value) -> bool:
    """Whether value is an integer or Bool Tensor."""
    return isinstance(value, Tensor) and value.dtype.kind < mstype.Number.KIND_FLOAT


def _zeros_for(value):
    return _zeros_like(value) if isinstance(value, Tensor) else None


def _squared(value):
    """value ** 2, for a Tensor or a Python number."""
    return _square(value) if isinstance(value, Tensor) else value * value


# ---- arithmetic -----------------------------------------------------------------------------


@bprop("Add")
def _add_bprop(prim, x, y, out, dout):
    return grad_like(x, dout), grad_like(y, dout)


@bprop("Sub")
def _sub_bprop(prim, x, y, out, dout):
    return grad_like(x, dout), (grad_like(y, _neg(dout)) if isinstance(y, Tensor) else None)


@bprop("Mul")
def _mul_bprop(prim, x, y, out, dout):
    dx = grad_like(x, _mul(dout, y)) if isinstance(x, Tensor) else None
    dy = grad_like(y, _mul(dout, x)) if isinstance(y, Tensor) else None
    return dx, dy


def _quotient_grads(y, out, dout, divide):
    """The gradients of out = x / y at the output's shape: dout / y, and -dout * out / y
    when y is a Tensor."""
    dx = divide(dout, y)
    return dx, (_neg(_mul(dx, out)) if isinstance(y, Tensor) else None)


def _true_division_grads(x, y, out, dout):
    dx, dy = _quotient_grads(y, out, dout, _div)
    if _is_exact(x) or _is_exact(y):
        computed_in = M.binary_result_dtype("Div", x, y)
        return _division_grad(x, dx, computed_in), _division_grad(y, dy, computed_in)
    return grad_like(x, dx), grad_like(y, dy)


def _division_grad(x, grad, computed_in):
    """The gradient for operand x of a true division of integers, computed in floating
    point: MindSpore casts it back for an operand it promoted to `computed_in` (the
    operands' common dtype), not for one already of that dtype."""
    if isinstance(x, Tensor) and x.dtype is computed_in:
        return sum_to_shape(grad, x.shape)
    return grad_like(x, grad)


@bprop("Div")
def _div_bprop(prim, x, y, out, dout):
    return _true_division_grads(x, y, out, dout)


@bprop("RealDiv")
def _real_div_bprop(prim, x, y, out, dout):
    dx, dy = _quotient_grads(y, out, dout, _real_div)
    return grad_like(x, dx), grad_like(y, dy)


@bprop("DivMod")
def _div_mod_bprop(prim, x, y, *rest):
    """A true division without a rounding mode (rest: the optional rounding_mode, out,
    dout); a rounded quotient is piecewise constant."""
    rounding_mode, out, dout = rest if len(rest) == 3 else (None, *rest)
    if rounding_mode is None:
        dx, dy = _true_division_grads(x, y, out, dout)
    else:
        dx, dy = _zeros_for(x), _zeros_for(y)
    return (dx, dy) + (None,) * (len(rest) - 2)


def _remainder_grads(x, y, dout, quotient):
    """out = x - quotient(x, y) * y, the quotient piecewise constant."""
    dy = grad_like(y, _neg(_mul(dout, quotient(x, y)))) if isinstance(y, Tensor) else None
    return grad_like(x, dout), dy


@bprop("FloorMod")
def _floor_mod_bprop(prim, x, y, out, dout):
    return _remainder_grads(x, y, dout, _floor_div)


@bprop("Mod")
def _mod_bprop(prim, x, y, out, dout):
    return _remainder_grads(x, y, dout, _truncating_div)


def _truncating_div(x, y):
    return _div_mod(x, y, "trunc")


@bprop("Pow")
def _pow_bprop(prim, x, y, out, dout):
    """out = x ** y: d/dx = y * x ** (y - 1), d/dy = out * log(x)."""
    dx = grad_like(x, _mul(_mul(_pow(x, y - 1), y), dout)) if isinstance(x, Tensor) else None
    dy = grad_like(y, _mul(_mul(out, _log_of_base(x, out)), dout)) if isinstance(y, Tensor) else None
    return dx, dy


def _log_of_base(x, out):
    """log(x) for Pow's exponent gradient, taken as 0 (log 1) where x < 0 as MindSpore
    does; an integer base is taken in floating point."""
    if not isinstance(x, Tensor):
        return math.log(x) if x > 0 else (-math.inf if x == 0 else 0.0)
    if _is_exact(x):
        x = _cast(x, out.dtype if out.dtype.is_floating_point else mstype.float32)
    return _log(_select(_less(x, 0), 1, x))


@bprop("SquaredDifference")
def _squared_difference_bprop(prim, x, y, out, dout):
    """out = (x - y) ** 2: d/dx = 2 (x - y) = -d/dy."""
    dx = _mul(_sub(x, y), _mul(dout, 2))
    return grad_like(x, dx), (grad_like(y, _neg(dx)) if isinstance(y, Tensor) else None)


def _extremum_grads(x, y, dout, x_wins):
    """The gradient of Maximum / Minimum: to x where `x_wins(x, y)`, else to y; half each
    on ties (computed in floating point, an integer's half truncates to 0)."""
    tie = _select(_equal(x, y), _mul(dout, 0.5), 0)
    dx = _select(x_wins(x, y), dout, tie)
    return grad_like(x, dx), (grad_like(y, _sub(dout, dx)) if isinstance(y, Tensor) else None)


@bprop("Maximum")
def _maximum_bprop(prim, x, y, out, dout):
    return _extremum_grads(x, y, dout, _greater)


@bprop("Minimum")
def _minimum_bprop(prim, x, y, out, dout):
    return _extremum_grads(x, y, dout, _less)


@bprop("Atan2")
def _atan2_bprop(prim, x, y, out, dout):
    """out = atan(x / y) in (x, y)'s quadrant: d/dx = y / (x² + y²), d/dy = -x / (x² + y²)."""
    scale = _div(dout, _add(_squared(x), _squared(y)))
    dx = grad_like(x, _mul(scale, y)) if isinstance(x, Tensor) else None
    dy = grad_like(y, _neg(_mul(scale, x))) if isinstance(y, Tensor) else None
    return dx, dy


# ---- unary arithmetic -----------------------------------------------------------------------
# dout has x's shape and dtype (or, for an integer x of Reciprocal / Sqrt, the Float32 that
# MindSpore keeps), and so has the gradient: no grad_like, except where Abs computes in Float32.


@bprop("Neg")
def _neg_bprop(prim, x, out, dout):
    return (_neg(dout),)


@bprop("Abs")
def _abs_bprop(prim, x, out, dout):
    """d|x| = sign(x) (0 at 0); Sign takes few integer dtypes, the others go through Float32."""
    sign = _sign(x) if x.dtype in _SIGN_DTYPES else _sign(_cast(x, mstype.float32))
    return (grad_like(x, _mul(dout, sign)),)


@bprop("Square")
def _square_bprop(prim, x, out, dout):
    return (_mul(dout, _mul(x, 2)),)


@bprop("Reciprocal")
def _reciprocal_bprop(prim, x, out, dout):
    """d(1/x) = -1/x² = -out²; an integer x keeps the Float32 gradient (MindSpore)."""
    return (_neg(_mul(dout, _square(out))),)


@bprop("Sqrt")
def _sqrt_bprop(prim, x, out, dout):
    """d sqrt(x) = 1 / (2 out); an integer x keeps the Float32 gradient (MindSpore)."""
    return (_div(_mul(dout, 0.5), out),)


@bprop("Rsqrt")
def _rsqrt_bprop(prim, x, out, dout):
    """d x^(-1/2) = -out³ / 2."""
    return (_mul(dout, _mul(_pow(out, 3), -0.5)),)


# ---- exponentials, logarithms, trigonometry -------------------------------------------------


@bprop("Exp")
def _exp_bprop(prim, x, out, dout):
    return (_mul(dout, out),)


@bprop("Expm1")
def _expm1_bprop(prim, x, out, dout):
    return (_mul(dout, _add(out, 1)),)


@bprop("Log")
def _log_bprop(prim, x, out, dout):
    return (_div(dout, x),)


@bprop("Log1p")
def _log1p_bprop(prim, x, out, dout):
    return (_div(dout, _add(x, 1)),)


@bprop("Sin")
def _sin_bprop(prim, x, out, dout):
    return (_mul(dout, _cos(x)),)


@bprop("Cos")
def _cos_bprop(prim, x, out, dout):
    return (_neg(_mul(dout, _sin(x))),)


@bprop("Tan")
def _tan_bprop(prim, x, out, dout):
    """d tan(x) = 1 + tan²(x)."""
    return (_mul(dout, _add(_square(out), 1)),)


def _arcsin_derivative(x, dout):
    """dout / sqrt(1 - x²), the derivative of asin (and -acos)."""
    return _mul(dout, _rsqrt(_sub(1, _square(x))))


@bprop("Asin")
def _asin_bprop(prim, x, out, dout):
    return (_arcsin_derivative(x, dout),)


@bprop("ACos")
def _acos_bprop(prim, x, out, dout):
    return (_neg(_arcsin_derivative(x, dout)),)


@bprop("Atan")
def _atan_bprop(prim, x, out, dout):
    return (_div(dout, _add(_square(x), 1)),)


@bprop("Sinh")
def _sinh_bprop(prim, x, out, dout):
    return (_mul(dout, _cosh(x)),)


@bprop("Cosh")
def _cosh_bprop(prim, x, out, dout):
    return (_mul(dout, _sinh(x)),)


@bprop("Tanh")
def _tanh_bprop(prim, x, out, dout):
    return (_tanh_grad(out, dout),)


@bprop("Sigmoid")
def _sigmoid_bprop(prim, x, out, dout):
    return (_sigmoid_grad(out, dout),)


def _gaussian(x, dout, scale):
    """dout * scale * exp(-x²): the derivative of erf (scale 2/√π) and erfc (-2/√π)."""
    return _mul(dout, _mul(_exp(_neg(_square(x))), scale))


@bprop("Erf")
def _erf_bprop(prim, x, out, dout):
    return (_gaussian(x, dout, _TWO_OVER_SQRT_PI),)


@bprop("Erfc")
def _erfc_bprop(prim, x, out, dout):
    return (_gaussian(x, dout, -_TWO_OVER_SQRT_PI),)


# ---- several inputs -------------------------------------------------------------------------


@bprop("ClipByValue")
def _clip_by_value_bprop(prim, x, *rest):
    """rest: the bounds given (min, then the optional max; either may be None), out, dout.
    x takes dout where min <= x <= max; a Tensor min where x < min <= max; a Tensor max
    the rest (where x > max, or everywhere min > max: the result is max there)."""
    bounds, dout = rest[:-2], rest[-1]
    low, high = (bounds + (None, None))[:2]
    d_low = d_high = None
    if high is None:
        inside = _greater_equal(x, low)
        d_low = _where_not(inside, low, dout)
    elif low is None:
        inside = _less_equal(x, high)
        d_high = _where_not(inside, high, dout)
    else:
        inside = _logical_and(_greater_equal(x, low), _less_equal(x, high))
        if isinstance(low, Tensor) or isinstance(high, Tensor):
            beneath = _logical_and(_less(x, low), _less_equal(low, high))
            d_low = grad_like(low, _select(beneath, dout, 0)) if isinstance(low, Tensor) else None
            d_high = _where_not(_logical_or(inside, beneath), high, dout)
    return (grad_like(x, _select(inside, dout, 0)), d_low, d_high)[:1 + len(bounds)]


def _where_not(mask, bound, dout):
    """A Tensor bound's gradient: dout where `mask` is False."""
    return grad_like(bound, _select(mask, 0, dout)) if isinstance(bound, Tensor) else None


@bprop("AddN")
def _addn_bprop(prim, inputs, out, dout):
    """Each Tensor of the sum takes dout: the gradient of the tuple input is a tuple."""
    return (tuple(dout for _ in inputs),)


@bprop("Lerp", "LerpScalar")
def _lerp_bprop(prim, start, end, weight, out, dout):
    """out = start + weight * (end - start): d/dend = weight, d/dstart = 1 - weight,
    d/dweight = end - start (a number weight takes none)."""
    d_end = _mul(dout, weight)
    d_weight = grad_like(weight, _mul(dout, _sub(end, start))) if isinstance(weight, Tensor) else None
    return grad_like(start, _sub(dout, d_end)), grad_like(end, d_end), d_weight


# ---- gradients of activations -----------------------------------------------------------------


@bprop("SigmoidGrad")
def _sigmoid_grad_bprop(prim, y, dy, out, dout):
    """out = dy * y * (1 - y): d/dy = dy * (1 - 2y), d/d(dy) = y * (1 - y)."""
    return _mul(_mul(dout, dy), _sub(1, _mul(y, 2))), _sigmoid_grad(y, dout)


@bprop("TanhGrad")
def _tanh_grad_bprop(prim, y, dy, out, dout):
    """out = dy * (1 - y²): d/dy = -2 dy * y, d/d(dy) = 1 - y²."""
    return _mul(_mul(dout, dy), _mul(y, -2)), _tanh_grad(y, dout)


# ---- inverse hyperbolic functions, reciprocals -----------------------------------------------------


@bprop("Acosh")
def _acosh_bprop(prim, x, out, dout):
    """d arccosh(x) = 1 / sqrt(x² - 1)."""
    return (_mul(dout, _rsqrt(_sub(_square(x), 1))),)


@bprop("Asinh")
def _asinh_bprop(prim, x, out, dout):
    """d arcsinh(x) = 1 / sqrt(x² + 1)."""
    return (_mul(dout, _rsqrt(_add(_square(x), 1))),)


@bprop("Atanh")
def _atanh_bprop(prim, x, out, dout):
    """d arctanh(x) = 1 / (1 - x²)."""
    return (_div(dout, _sub(1, _square(x))),)


@bprop("Inv")
def _inv_bprop(prim, x, out, dout):
    """d(1/x) = -out²."""
    return (_neg(_mul(dout, _square(out))),)


# ---- binary arithmetic ------------------------------------------------------------------------


def _nan_aware_extremum_grads(x, y, dout, x_wins):
    """Fmax / Fmin: the gradient goes to x where `x_wins(x, y)` or y is NaN, else to y."""
    to_x = _logical_or(x_wins(x, y), _is_nan(y)) if isinstance(y, Tensor) else x_wins(x, y)
    dx = _select(to_x, dout, 0)
    return grad_like(x, dx), (grad_like(y, _sub(dout, dx)) if isinstance(y, Tensor) else None)


@bprop("Fmax")
def _fmax_bprop(prim, x, y, out, dout):
    return _nan_aware_extremum_grads(x, y, dout, _greater_equal)


@bprop("Fmin")
def _fmin_bprop(prim, x, y, out, dout):
    return _nan_aware_extremum_grads(x, y, dout, _less_equal)


@bprop("TruncateMod")
def _truncate_mod_bprop(prim, x, y, out, dout):
    return _remainder_grads(x, y, dout, _truncating_div)


@bprop("DivNoNan")
def _div_no_nan_bprop(prim, x, y, out, dout):
    """out = x / y (0 where y == 0): dout / y and -dout * out / y, both 0 where y == 0."""
    dx, dy = _quotient_grads(y, out, dout, _div_no_nan)
    return grad_like(x, dx), grad_like(y, dy)


@bprop("MulNoNan")
def _mul_no_nan_bprop(prim, x, y, out, dout):
    """out = x * y (0 where y == 0): d/dx = dout * y (0 where y == 0), d/dy = x * dout."""
    dx = grad_like(x, _mul_no_nan(dout, y)) if isinstance(x, Tensor) else None
    dy = grad_like(y, _mul_no_nan(x, dout)) if isinstance(y, Tensor) else None
    return dx, dy


# ---- several inputs -------------------------------------------------------------------------


def _addc_grads(input, x1, x2, value, dout, d_x1, d_x2, combined):
    """The gradients of input + value * combined given value * d combined / d x1 and / d x2."""
    d_value = grad_like(value, _mul(dout, combined)) if isinstance(value, Tensor) else None
    return grad_like(input, dout), grad_like(x1, _mul(dout, d_x1)), grad_like(x2, _mul(dout, d_x2)), d_value


@bprop("Addcdiv")
def _addcdiv_bprop(prim, input, x1, x2, value, out, dout):
    """out = input + value * x1 / x2."""
    scaled = _div(value, x2)
    quotient = _div(x1, x2)
    return _addc_grads(input, x1, x2, value, dout, scaled, _neg(_mul(scaled, quotient)), quotient)


@bprop("Addcmul")
def _addcmul_bprop(prim, input, x1, x2, value, out, dout):
    """out = input + value * x1 * x2."""
    return _addc_grads(input, x1, x2, value, dout, _mul(x2, value), _mul(x1, value), _mul(x1, x2))


@bprop("AccumulateNV2")
def _accumulate_nv2_bprop(prim, inputs, out, dout):
    return _addn_bprop(prim, inputs, out, dout)


@bprop("NanToNum")
def _nan_to_num_bprop(prim, x, out, dout):
    """Finite elements pass the gradient; replaced ones are constants."""
    return (_select(_is_finite(x), dout, 0),)


@bprop("SquareSumAll")
def _square_sum_all_bprop(prim, x, y, out, dout):
    """out = (sum x², sum y²): 2 x dout[0] and 2 y dout[1]."""
    return _mul(x, _mul(dout[0], 2)), _mul(y, _mul(dout[1], 2))


@bprop("CheckNumerics")
def _check_numerics_bprop(prim, x, out, dout):
    """An identity on the values it lets through."""
    return (dout,)
