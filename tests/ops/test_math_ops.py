"""Elementwise math primitives: forward against NumPy, infer, and bad input; the
functional API and the Tensor operators and methods built on them."""
import math

import numpy as np
import pytest

import spore as ms
from spore import ops

from .op_testing import ErrorCase, OpCase, case_id, positive, rand, run_case, run_error_case

F16 = {"rtol": 1e-3, "atol": 1e-3}


def as_dtype(fn, dtype):
    """A reference computing `fn` and casting to MindSpore's output dtype (NumPy promotes
    Python floats and integer divisions to float64 where MindSpore gives Float32)."""
    return lambda *args: np.asarray(fn(*args)).astype(dtype)


def scalar(value, dtype):
    """A 0-d array: a 0-d Tensor in the case."""
    return np.array(value, dtype=dtype)


def nonzero_ints(*shape, dtype=np.int32):
    """Integers in [-9, 9] without 0 (divisors)."""
    values = rand(*shape, dtype=dtype, low=1, high=10)
    signs = np.where(rand(*shape, dtype=np.bool_), 1, -1).astype(dtype)
    return values * signs


def int_pow(x, e):
    """MindSpore's integer power: a negative exponent gives the truncated reciprocal."""
    dtype = np.result_type(x, e) if isinstance(e, np.ndarray) else x.dtype
    x, e = np.broadcast_arrays(x, e)
    out = np.where(e >= 0, x ** np.abs(e), 0)
    out = np.where((e < 0) & (x == 1), 1, out)
    out = np.where((e < 0) & (x == -1), np.where(e % 2 == 0, 1, -1), out)
    return out.astype(dtype)


def sigmoid(x):
    return (1 / (1 + np.exp(-x.astype(np.float64)))).astype(x.dtype)


def erf(x):
    return np.vectorize(math.erf, otypes=[np.float64])(x).astype(x.dtype)


def erfc(x):
    return np.vectorize(math.erfc, otypes=[np.float64])(x).astype(x.dtype)


def truncating_div(x, y):
    return np.trunc(np.true_divide(x, y)).astype(np.result_type(x, y))


def lerp(start, end, weight):
    return (start + np.asarray(weight, dtype=start.dtype) * (end - start)).astype(start.dtype)


def sigmoid_grad(y, dy):
    """dy * y * (1 - y); for complex y the conjugate derivative (MindSpore's convention)."""
    return (dy * np.conj(y * (1 - y))).astype(y.dtype)


def tanh_grad(y, dy):
    return (dy * np.conj(1 - y * y)).astype(y.dtype)


def clip(x, low, high):
    out = x if low is None else np.maximum(x, low)
    out = out if high is None else np.minimum(out, high)
    return out.astype(x.dtype)


# ---- forward cases ---------------------------------------------------------------------------

_UNARY_FLOAT_REFS = [
    (ops.Exp(), np.exp), (ops.Expm1(), np.expm1), (ops.Sin(), np.sin), (ops.Cos(), np.cos),
    (ops.Tan(), np.tan), (ops.Atan(), np.arctan), (ops.Sinh(), np.sinh), (ops.Cosh(), np.cosh),
    (ops.Tanh(), np.tanh), (ops.Sigmoid(), sigmoid), (ops.Erf(), erf), (ops.Erfc(), erfc),
    (ops.Floor(), np.floor), (ops.Ceil(), np.ceil), (ops.Asin(), np.arcsin),
    (ops.ACos(), np.arccos),
]
_UNARY_POSITIVE_REFS = [
    (ops.Log(), np.log), (ops.Log1p(), np.log1p), (ops.Sqrt(), np.sqrt),
    (ops.Rsqrt(), lambda x: (1 / np.sqrt(x)).astype(x.dtype)),
]


def _unary_float_cases():
    cases = []
    for op, ref in _UNARY_FLOAT_REFS:
        cases += [
            OpCase(op, (rand(2, 3),), ref),
            OpCase(op, (rand(4, dtype=np.float64),), ref),
            OpCase(op, (rand(3, 1, dtype=np.float16),), ref, **F16),
            OpCase(op, (scalar(0.25, np.float32),), ref),
        ]
    for op, ref in _UNARY_POSITIVE_REFS:
        cases += [
            OpCase(op, (positive(2, 3),), ref),
            OpCase(op, (positive(4, dtype=np.float64),), ref),
            OpCase(op, (positive(3, dtype=np.float16),), ref, **F16),
        ]
    return cases


CASES = [
    # arithmetic: tensor pairs, broadcasting, scalars, 0-d and empty tensors
    OpCase(ops.Add(), (rand(2, 3), rand(2, 3)), np.add),
    OpCase(ops.Add(), (rand(4, 1, 3), rand(5, 1)), np.add),
    OpCase(ops.Add(), (rand(3, dtype=np.int32), rand(3, dtype=np.int32)), np.add),
    OpCase(ops.Add(), (rand(2, 2, dtype=np.float64), 1.5), np.add),
    OpCase(ops.Add(), (rand(0, 3), rand(3)), np.add),
    OpCase(ops.Add(), (rand(3, dtype=np.int32), 1.5), as_dtype(np.add, np.float32)),
    OpCase(ops.Add(), (rand(3, dtype=np.uint8), rand(3, dtype=np.int8, low=-5, high=5)), np.add),
    OpCase(ops.Add(), (scalar(1.0, np.float64), rand(3)), np.add),
    OpCase(ops.Add(), (rand(3, dtype=np.int32), scalar(2, np.int64)), np.add),
    OpCase(ops.Add(), (rand(3, dtype=np.uint16, low=0, high=100), rand(3, dtype=np.uint16, low=0, high=100)),
           np.add),
    OpCase(ops.add, (rand(3), rand(3)), np.add, prim="Add"),
    OpCase(ops.Add(), (1, 2), lambda x, y: np.array(3, np.int64)),
    OpCase(ops.Mul(), (1.5, 2), lambda x, y: np.array(3.0, np.float32)),
    OpCase(ops.Div(), (1, 2), lambda x, y: np.array(0.5, np.float32)),
    OpCase(ops.Equal(), (1, 1.0), lambda x, y: np.array(True)),
    OpCase(ops.Sub(), (rand(2, 3), rand(3)), np.subtract),
    OpCase(ops.Sub(), (rand(3, dtype=np.int64), rand(3, dtype=np.int64)), np.subtract),
    OpCase(ops.Sub(), (5, rand(3, dtype=np.int32)), lambda x, y: (x - y).astype(np.int32)),
    OpCase(ops.Sub(), (rand(3, dtype=np.uint32, low=0, high=5), rand(3, dtype=np.uint32, low=0, high=5)),
           np.subtract),
    OpCase(ops.sub, (rand(3, dtype=np.float16), rand(3, dtype=np.float16)), np.subtract, rtol=1e-3, prim="Sub"),
    OpCase(ops.Mul(), (rand(2, 3), rand(2, 1)), np.multiply),
    OpCase(ops.Mul(), (rand(4, dtype=np.int32), 3), lambda x, y: x * np.int32(y)),
    OpCase(ops.Mul(), (rand(3, dtype=np.bool_), rand(3, dtype=np.bool_)), np.logical_and),
    OpCase(ops.mul, (rand(3, dtype=np.float64), rand(3, dtype=np.float64)), np.multiply, prim="Mul"),
    OpCase(ops.Div(), (rand(2, 3), positive(3)), np.true_divide),
    OpCase(ops.Div(), (rand(4, dtype=np.int32, low=-9, high=9), nonzero_ints(4)),
           as_dtype(np.true_divide, np.float32)),
    OpCase(ops.Div(), (rand(3, dtype=np.int64, low=-9, high=9), 2), as_dtype(np.true_divide, np.float32)),
    OpCase(ops.Div(), (2, nonzero_ints(3, dtype=np.int8)), as_dtype(np.true_divide, np.float32)),
    OpCase(ops.Div(), (rand(3, dtype=np.float16), 2.5), as_dtype(np.true_divide, np.float16), **F16),
    OpCase(ops.Div(), (np.array([1.0, -1.0, 0.0], np.float32), np.zeros(3, np.float32)),
           lambda x, y: np.array([np.inf, -np.inf, np.nan], np.float32)),
    OpCase(ops.RealDiv(), (rand(2, 3), positive(2, 1)), np.true_divide),
    OpCase(ops.RealDiv(), (rand(5, dtype=np.int32, low=-20, high=20), nonzero_ints(5)), truncating_div),
    OpCase(ops.RealDiv(), (rand(3, dtype=np.int32, low=-20, high=20), 2.0), as_dtype(np.true_divide, np.float32)),
    OpCase(ops.DivMod(), (rand(5, dtype=np.int32, low=-20, high=20), nonzero_ints(5), "trunc"),
           lambda x, y, mode: truncating_div(x, y)),
    OpCase(ops.DivMod(), (rand(2, 3, dtype=np.float64), 0.3, "floor"), lambda x, y, mode: np.floor_divide(x, y)),
    OpCase(ops.DivMod(), (rand(4, dtype=np.int32), nonzero_ints(4), None),
           lambda x, y, mode: np.true_divide(x, y).astype(np.float32)),
    OpCase(ops.FloorDiv(), (rand(6, dtype=np.int32, low=-20, high=20), nonzero_ints(6)), np.floor_divide),
    OpCase(ops.FloorDiv(), (rand(2, 3), positive(3)), np.floor_divide),
    OpCase(ops.FloorDiv(), (-7, nonzero_ints(4, dtype=np.int64)), np.floor_divide),
    OpCase(ops.FloorDiv(), (rand(3, dtype=np.uint16, low=0, high=50), rand(3, dtype=np.uint16, low=1, high=5)),
           np.floor_divide),
    OpCase(ops.floor_divide, (rand(3, dtype=np.int32, low=-9, high=9), 2.0),
           as_dtype(np.floor_divide, np.float32), prim="FloorDiv"),
    OpCase(ops.FloorMod(), (rand(6, dtype=np.int32, low=-20, high=20), nonzero_ints(6)), np.mod),
    OpCase(ops.FloorMod(), (rand(2, 3, low=-5, high=5), -1.5), as_dtype(np.mod, np.float32)),
    OpCase(ops.FloorMod(), (7, nonzero_ints(4)), lambda x, y: np.mod(x, y).astype(np.int32)),
    OpCase(ops.FloorMod(), (np.array([7.0, -7.0], np.float32), np.zeros(2, np.float32)),
           lambda x, y: np.full(2, np.nan, np.float32)),
    OpCase(ops.Mod(), (rand(6, dtype=np.int32, low=-20, high=20), nonzero_ints(6)), np.fmod),
    OpCase(ops.Mod(), (rand(2, 3, dtype=np.float64, low=-5, high=5), -1.5), np.fmod),
    OpCase(ops.Mod(), (7, nonzero_ints(4)), lambda x, y: np.fmod(x, y).astype(np.int32)),
    OpCase(ops.Pow(), (positive(2, 3), rand(2, 3)), np.power),
    OpCase(ops.Pow(), (rand(3, dtype=np.int32, low=-4, high=4), 2), lambda x, e: x ** np.int32(e)),
    OpCase(ops.Pow(), (np.array([1, -1, 2, -2, 3], np.int32), np.array([-1, -3, -1, -2, 2], np.int32)), int_pow),
    OpCase(ops.Pow(), (np.array([1, -1, 2, -2], np.int32), -1), int_pow),
    OpCase(ops.Pow(), (2, rand(4, dtype=np.int32, low=0, high=8)), lambda b, e: (b ** e).astype(np.int32)),
    OpCase(ops.Pow(), (2.5, rand(3, dtype=np.int32, low=0, high=4)), as_dtype(np.power, np.float32)),
    OpCase(ops.Pow(), (positive(3, dtype=np.float16), 0.5), as_dtype(np.power, np.float16), **F16),
    OpCase(ops.pow, (positive(4, 1, dtype=np.float64), rand(3, dtype=np.float64)), np.power, prim="Pow"),
    OpCase(ops.SquaredDifference(), (rand(2, 3), rand(3)), lambda x, y: np.square(x - y)),
    OpCase(ops.SquaredDifference(), (rand(4, dtype=np.int32, low=-9, high=9), rand(4, dtype=np.int32, low=-9, high=9)),
           lambda x, y: np.square(x - y)),
    OpCase(ops.SquaredDifference(), (rand(3, dtype=np.int32, low=-9, high=9), 2.5),
           lambda x, y: np.square(x - y).astype(np.float32)),
    OpCase(ops.Maximum(), (rand(2, 3), rand(3)), np.maximum),
    OpCase(ops.Maximum(), (rand(4, dtype=np.int32), 1.5), as_dtype(np.maximum, np.float32)),
    OpCase(ops.Maximum(), (rand(4, dtype=np.bool_), rand(4, dtype=np.bool_)), np.maximum),
    OpCase(ops.Maximum(), (np.array([1.0, np.nan, 2.0], np.float32), np.array([np.nan, 1.0, 3.0], np.float32)),
           np.maximum),
    OpCase(ops.Minimum(), (rand(2, 1, dtype=np.int32), rand(1, 3, dtype=np.int64)), np.minimum),
    OpCase(ops.Minimum(), (2.0, rand(3, dtype=np.float64)), np.minimum),
    OpCase(ops.Minimum(), (np.array([1.0, np.nan], np.float32), np.array([np.nan, 1.0], np.float32)), np.minimum),
    OpCase(ops.Atan2(), (rand(2, 3), rand(3)), np.arctan2),
    OpCase(ops.Atan2(), (rand(3, dtype=np.float64), rand(3, dtype=np.int32, low=1, high=4)), np.arctan2),
    OpCase(ops.Atan2(), (1.0, rand(3)), as_dtype(np.arctan2, np.float32)),
    OpCase(ops.Atan2(), (rand(3, dtype=np.float16), rand(3, dtype=np.float16)), np.arctan2, **F16),
    # unary arithmetic
    OpCase(ops.Neg(), (rand(2, 3),), np.negative),
    OpCase(ops.Neg(), (rand(4, dtype=np.int8, low=-9, high=9),), np.negative),
    OpCase(ops.Neg(), (rand(3, dtype=np.uint8, low=0, high=9),), np.negative),
    OpCase(ops.Neg(), (rand(3, dtype=np.uint16, low=0, high=9),), np.negative),
    OpCase(ops.Abs(), (rand(2, 3),), np.abs),
    OpCase(ops.Abs(), (rand(4, dtype=np.int64, low=-9, high=9),), np.abs),
    OpCase(ops.Abs(), (rand(3, dtype=np.bool_),), lambda x: x),
    OpCase(ops.Abs(), (np.array([3 + 4j, -1j], np.complex64),), as_dtype(np.abs, np.complex64)),
    OpCase(ops.Abs(), (scalar(-2.5, np.float64),), np.abs),
    OpCase(ops.Sign(), (np.array([-2.0, 0.0, 3.5], np.float32),), np.sign),
    OpCase(ops.Sign(), (rand(5, dtype=np.int32, low=-3, high=3),), np.sign),
    OpCase(ops.Sign(), (rand(2, 2, dtype=np.float64),), np.sign),
    # MindSpore 2.7.1's sign of NaN is 0 (NumPy's is NaN)
    OpCase(ops.Sign(), (np.array([np.nan, -np.nan, -0.0, -3.0], np.float32),), lambda x: np.nan_to_num(np.sign(x))),
    OpCase(ops.Square(), (rand(2, 3),), np.square),
    OpCase(ops.Square(), (rand(4, dtype=np.int32, low=-9, high=9),), np.square),
    OpCase(ops.Square(), (rand(3, dtype=np.uint8, low=0, high=15),), np.square),
    OpCase(ops.Reciprocal(), (positive(2, 3),), np.reciprocal),
    OpCase(ops.Reciprocal(), (nonzero_ints(4),), as_dtype(lambda x: 1 / x, np.float32)),
    OpCase(ops.Reciprocal(), (np.array([True, False]),), lambda x: np.array([1.0, np.inf], np.float32)),
    OpCase(ops.Sqrt(), (rand(4, dtype=np.int32, low=0, high=50),), as_dtype(np.sqrt, np.float32)),
    OpCase(ops.Sqrt(), (np.array([-1.0, 4.0], np.float32),), lambda x: np.array([np.nan, 2.0], np.float32)),
    *_unary_float_cases(),
    OpCase(ops.Round(), (np.array([0.5, 1.5, 2.5, -0.5, -1.5, 1.2], np.float32),), np.round),
    OpCase(ops.Round(), (np.array([0.5, 2.5, 3.7], np.float16),), np.round),
    OpCase(ops.Round(), (rand(3, dtype=np.int32),), lambda x: x),
    OpCase(ops.Round(), (np.array([1.25, 2.35, -0.125], np.float64), 2), np.round),
    OpCase(ops.Round(), (np.array([1234, -2561], np.int64), -2), np.round),
    # several inputs
    OpCase(ops.ClipByValue(), (rand(2, 3), -0.5, 0.5), clip),
    OpCase(ops.ClipByValue(), (rand(2, 3), None, 0.2), clip),
    OpCase(ops.ClipByValue(), (rand(2, 3), scalar(-0.2, np.float32), None), clip),
    OpCase(ops.ClipByValue(), (rand(2, 3), rand(3, low=-1, high=0), rand(2, 1, low=0, high=1)), clip),
    OpCase(ops.ClipByValue(), (rand(5, dtype=np.int32, low=-9, high=9), 0.5, 2.5),
           lambda x, lo, hi: np.clip(x.astype(np.float32), lo, hi).astype(np.int32)),
    OpCase(ops.ClipByValue(), (rand(4), 0.5, -0.5), clip),
    OpCase(ops.ClipByValue(), (rand(4, dtype=np.float16), scalar(0.0, np.float16), 0.5), clip),
    OpCase(ops.AddN(), ([rand(2, 3), rand(2, 3), rand(2, 3)],), lambda xs: xs[0] + xs[1] + xs[2]),
    OpCase(ops.AddN(), ((rand(4, dtype=np.int32), rand(4, dtype=np.int32)),), lambda xs: xs[0] + xs[1]),
    OpCase(ops.AddN(), ([rand(3)],), lambda xs: xs[0]),
    OpCase(ops.AddN(), ([scalar(1.0, np.float64), scalar(2.0, np.float64)],), lambda xs: xs[0] + xs[1]),
    OpCase(ops.addn, ([rand(2), rand(2)],), lambda xs: xs[0] + xs[1], prim="AddN"),
    OpCase(ops.Lerp(), (rand(2, 3), rand(2, 3), 0.25), lerp),
    OpCase(ops.Lerp(), (rand(2, 1), rand(3), rand(2, 3)), lerp),
    OpCase(ops.Lerp(), (rand(3), rand(3), rand(3, dtype=np.float64)), lerp),
    OpCase(ops.Lerp(), (rand(3, dtype=np.float16), rand(3, dtype=np.float16), 0.5), lerp, **F16),
    OpCase(ops.lerp, (rand(4), rand(4), 0.75), lerp, prim="Lerp"),
    # logical and bitwise
    OpCase(ops.LogicalAnd(), (rand(2, 3, dtype=np.bool_), rand(3, dtype=np.bool_)), np.logical_and),
    OpCase(ops.LogicalAnd(), (rand(4, dtype=np.int32, low=0, high=2), rand(4)), np.logical_and),
    OpCase(ops.LogicalAnd(), (rand(3, dtype=np.bool_), True), np.logical_and),
    OpCase(ops.LogicalOr(), (rand(2, 3, dtype=np.bool_), rand(2, 1, dtype=np.bool_)), np.logical_or),
    OpCase(ops.LogicalOr(), (False, rand(3, dtype=np.float64, low=0, high=1) > 0.5), np.logical_or),
    OpCase(ops.LogicalXor(), (rand(2, 3, dtype=np.bool_), rand(2, 3, dtype=np.bool_)), np.logical_xor),
    OpCase(ops.LogicalXor(), (rand(4, dtype=np.int64, low=0, high=2), rand(4, dtype=np.int64, low=0, high=2)),
           np.logical_xor),
    OpCase(ops.LogicalNot(), (rand(2, 3, dtype=np.bool_),), np.logical_not),
    OpCase(ops.LogicalNot(), (rand(4, dtype=np.int32, low=0, high=2),), np.logical_not),
    OpCase(ops.LogicalNot(), (np.array([0.0, 1.5], np.float32),), np.logical_not),
    OpCase(ops.BitwiseAnd(), (rand(2, 3, dtype=np.int32, low=0, high=64), rand(3, dtype=np.int32, low=0, high=64)),
           np.bitwise_and),
    OpCase(ops.BitwiseAnd(), (rand(4, dtype=np.int16, low=-9, high=9), 3), lambda x, y: x & np.int16(y)),
    OpCase(ops.BitwiseAnd(), (rand(4, dtype=np.bool_), rand(4, dtype=np.bool_)), np.bitwise_and),
    OpCase(ops.BitwiseAnd(), (rand(3, dtype=np.int8, low=0, high=9), rand(3, dtype=np.int32, low=0, high=9)),
           np.bitwise_and),
    OpCase(ops.BitwiseOr(), (rand(4, dtype=np.uint8, low=0, high=255), rand(4, dtype=np.uint8, low=0, high=255)),
           np.bitwise_or),
    OpCase(ops.BitwiseOr(), (5, rand(4, dtype=np.int64, low=0, high=64)), np.bitwise_or),
    OpCase(ops.BitwiseXor(), (rand(2, 3, dtype=np.int32, low=-64, high=64), rand(2, 1, dtype=np.int32, low=0, high=9)),
           np.bitwise_xor),
    OpCase(ops.BitwiseXor(), (rand(4, dtype=np.bool_), True), np.bitwise_xor),
    OpCase(ops.Invert(), (rand(2, 3, dtype=np.int32, low=-64, high=64),), np.invert),
    OpCase(ops.Invert(), (rand(4, dtype=np.uint8, low=0, high=255),), np.invert),
    OpCase(ops.Invert(), (rand(4, dtype=np.int8, low=-9, high=9),), np.invert),
    # comparisons and predicates
    OpCase(ops.Equal(), (rand(2, 3, dtype=np.int32, low=0, high=3), rand(3, dtype=np.int32, low=0, high=3)),
           np.equal),
    OpCase(ops.Equal(), (np.array([1.0, 2.0, np.nan], np.float32), np.array([1, 3, 0], np.int32)), np.equal),
    OpCase(ops.Equal(), (np.array([1.0, 2.0], np.float32), 2), np.equal),
    OpCase(ops.Equal(), (2, np.array([1.0, 2.0], np.float64)), np.equal),
    OpCase(ops.Equal(), (np.array([1 + 1j, 2], np.complex64), np.array([1 + 1j, 2j], np.complex64)), np.equal),
    OpCase(ops.NotEqual(), (rand(2, 3, dtype=np.int64, low=0, high=3), 1), np.not_equal),
    OpCase(ops.NotEqual(), (np.array([np.nan, 1.0], np.float32), np.array([np.nan, 1.0], np.float32)), np.not_equal),
    OpCase(ops.Greater(), (rand(2, 3), rand(3)), np.greater),
    OpCase(ops.Greater(), (1, rand(4, dtype=np.int32, low=0, high=3)), np.greater),
    OpCase(ops.Greater(), (rand(4, dtype=np.int32, low=0, high=5), 2.5), np.greater),
    OpCase(ops.GreaterEqual(), (rand(2, 3, dtype=np.int8, low=0, high=3), rand(2, 1, dtype=np.int8, low=0, high=3)),
           np.greater_equal),
    OpCase(ops.GreaterEqual(), (rand(3, dtype=np.bool_), rand(3, dtype=np.bool_)), np.greater_equal),
    OpCase(ops.Less(), (rand(2, 3, dtype=np.float64), rand(2, 3, dtype=np.float64)), np.less),
    OpCase(ops.Less(), (0.0, rand(4)), np.less),
    OpCase(ops.LessEqual(), (rand(4, dtype=np.float16), rand(4, dtype=np.float16)), np.less_equal),
    OpCase(ops.LessEqual(), (scalar(0.0, np.float64), rand(2, 2)), np.less_equal),
    OpCase(ops.IsNan(), (np.array([1.0, np.nan, np.inf], np.float32),), np.isnan),
    OpCase(ops.IsNan(), (rand(3, dtype=np.int32),), np.isnan),
    OpCase(ops.IsInf(), (np.array([1.0, np.nan, np.inf, -np.inf], np.float64),), np.isinf),
    OpCase(ops.IsInf(), (np.array([1.0, np.inf], np.float16),), np.isinf),
    OpCase(ops.IsFinite(), (np.array([[1.0, np.nan], [np.inf, -2.0]], np.float32),), np.isfinite),
    OpCase(ops.IsFinite(), (rand(3, dtype=np.int64),), np.isfinite),
    # gradients of activations, from their outputs
    OpCase(ops.SigmoidGrad(), (sigmoid(rand(2, 3)), rand(2, 3)), sigmoid_grad),
    OpCase(ops.SigmoidGrad(), (sigmoid(rand(4, dtype=np.float64)), rand(4, dtype=np.float64)), sigmoid_grad),
    OpCase(ops.SigmoidGrad(), (sigmoid(rand(3, dtype=np.float16)), rand(3, dtype=np.float16)), sigmoid_grad, **F16),
    OpCase(ops.SigmoidGrad(), (scalar(0.25, np.float32), scalar(2.0, np.float32)), sigmoid_grad),
    OpCase(ops.SigmoidGrad(), (np.array([0.5 + 0.5j, 0.2 - 0.1j], np.complex64), np.array([1 - 1j, 2j], np.complex64)),
           sigmoid_grad),
    OpCase(ops.TanhGrad(), (np.tanh(rand(2, 3)), rand(2, 3)), tanh_grad),
    OpCase(ops.TanhGrad(), (np.tanh(rand(4, 1, dtype=np.float64)), rand(4, 1, dtype=np.float64)), tanh_grad),
    OpCase(ops.TanhGrad(), (np.tanh(rand(3, dtype=np.float16)), rand(3, dtype=np.float16)), tanh_grad, **F16),
    OpCase(ops.TanhGrad(), (rand(0, 2), rand(0, 2)), tanh_grad),
    OpCase(ops.TanhGrad(), (np.array([0.5 + 0.5j], np.complex128), np.array([1 - 1j], np.complex128)), tanh_grad),
]


# ---- error cases -----------------------------------------------------------------------------

_INT_TENSOR = rand(3, dtype=np.int32)
_BOOL_TENSOR = rand(3, dtype=np.bool_)
_COMPLEX_TENSOR = np.array([1 + 1j, 2], np.complex64)

ERROR_CASES = [
    ErrorCase(ops.Add(), (rand(2), rand(3)), ValueError, "For 'Add'.*broadcast"),
    ErrorCase(ops.Add(), (rand(2), "a"), TypeError, "For 'Add', the 'y' must be a Tensor or a number"),
    ErrorCase(ops.Add(), (rand(2), None), TypeError, "For 'Add', the 'y' must be a Tensor or a number"),
    ErrorCase(ops.Sub(), (rand(2, 3), rand(4, 3)), ValueError, "For 'Sub'"),
    ErrorCase(ops.Sub(), (_BOOL_TENSOR, _BOOL_TENSOR), TypeError, "For 'Sub', the dtype of 'x' and 'y'"),
    ErrorCase(ops.Mul(), ([1, 2], rand(2)), TypeError, "For 'Mul', the 'x'"),
    ErrorCase(ops.Div(), (rand(2), rand(3)), ValueError, "For 'Div'.*broadcast"),
    ErrorCase(ops.Div(), (rand(2), "2"), TypeError, "For 'Div', the 'y'"),
    ErrorCase(ops.RealDiv(), (_BOOL_TENSOR, _BOOL_TENSOR), TypeError, "For 'RealDiv', the dtype"),
    ErrorCase(ops.DivMod(), (rand(2), rand(2), "round"), ValueError, "For 'DivMod', the 'rounding_mode'"),
    ErrorCase(ops.DivMod(), (rand(2), rand(3), "floor"), ValueError, "For 'DivMod'.*broadcast"),
    ErrorCase(ops.FloorDiv(), (_BOOL_TENSOR, _BOOL_TENSOR), TypeError, "For 'FloorDiv', the dtype"),
    ErrorCase(ops.FloorDiv(), (_COMPLEX_TENSOR, _COMPLEX_TENSOR), TypeError, "For 'FloorDiv', the dtype"),
    ErrorCase(ops.FloorMod(), (_BOOL_TENSOR, _BOOL_TENSOR), TypeError, "For 'FloorMod', the dtype"),
    ErrorCase(ops.FloorMod(), (rand(2), rand(3)), ValueError, "For 'FloorMod'.*broadcast"),
    ErrorCase(ops.Mod(), (_BOOL_TENSOR, _BOOL_TENSOR), TypeError, "For 'Mod', the dtype"),
    ErrorCase(ops.Mod(), (rand(2), None), TypeError, "For 'Mod', the 'y'"),
    ErrorCase(ops.Pow(), (_BOOL_TENSOR, _BOOL_TENSOR), TypeError, "For 'Pow', the dtype"),
    ErrorCase(ops.Pow(), (rand(2), rand(3)), ValueError, "For 'Pow'.*broadcast"),
    ErrorCase(ops.SquaredDifference(), (_BOOL_TENSOR, _BOOL_TENSOR), TypeError, "For 'SquaredDifference', the dtype"),
    ErrorCase(ops.SquaredDifference(), (rand(3, dtype=np.int8), rand(3, dtype=np.int8)), TypeError,
              "For 'SquaredDifference', the dtype"),
    ErrorCase(ops.Maximum(), (_COMPLEX_TENSOR, _COMPLEX_TENSOR), TypeError, "For 'Maximum', the dtype"),
    ErrorCase(ops.Maximum(), (rand(2), None), TypeError, "For 'Maximum', the 'y'"),
    ErrorCase(ops.Minimum(), (rand(2), rand(3)), ValueError, "For 'Minimum'.*broadcast"),
    ErrorCase(ops.Atan2(), (_INT_TENSOR, _INT_TENSOR), TypeError, "For 'Atan2', the dtype"),
    ErrorCase(ops.Atan2(), (rand(3), 1j), TypeError, "For 'Atan2', the dtype"),
    ErrorCase(ops.Neg(), (_BOOL_TENSOR,), TypeError, "For 'Neg', the dtype of 'x'"),
    ErrorCase(ops.Neg(), (2,), TypeError, "For 'Neg', the 'x' must be a Tensor"),
    ErrorCase(ops.Abs(), ([1.0],), TypeError, "For 'Abs', the 'x' must be a Tensor"),
    ErrorCase(ops.Sign(), (rand(3, dtype=np.int8),), TypeError, "For 'Sign', the dtype of 'x'"),
    ErrorCase(ops.Sign(), (_BOOL_TENSOR,), TypeError, "For 'Sign', the dtype of 'x'"),
    ErrorCase(ops.Square(), (_BOOL_TENSOR,), TypeError, "For 'Square', the dtype of 'x'"),
    ErrorCase(ops.Reciprocal(), (2.0,), TypeError, "For 'Reciprocal', the 'x' must be a Tensor"),
    ErrorCase(ops.Sqrt(), ("4",), TypeError, "For 'Sqrt', the 'x' must be a Tensor"),
    *(ErrorCase(op, (_INT_TENSOR,), TypeError, f"For '{op.name}', the dtype of 'x'")
      for op, _ in _UNARY_FLOAT_REFS + _UNARY_POSITIVE_REFS if op.name != "Sqrt"),
    ErrorCase(ops.Exp(), (1.0,), TypeError, "For 'Exp', the 'x' must be a Tensor"),
    ErrorCase(ops.Erf(), (_COMPLEX_TENSOR,), TypeError, "For 'Erf', the dtype of 'x'"),
    ErrorCase(ops.Round(), (rand(3, dtype=np.uint8),), TypeError, "For 'Round', the dtype of 'x'"),
    ErrorCase(ops.Round(), (rand(3), 1.5), TypeError, "For 'Round', the 'decimals' must be int"),
    ErrorCase(ops.Round(), (rand(3), True), TypeError, "For 'Round', the 'decimals' must be int"),
    ErrorCase(ops.ClipByValue(), (rand(3), None, None), ValueError,
              "For 'ClipByValue', at least one of 'clip_value_min' and 'clip_value_max'"),
    ErrorCase(ops.ClipByValue(), (_BOOL_TENSOR, 0, 1), TypeError, "For 'ClipByValue', the dtype of 'x'"),
    ErrorCase(ops.ClipByValue(), (rand(3), "0", 1.0), TypeError, "For 'ClipByValue', the 'clip_value_min'"),
    ErrorCase(ops.ClipByValue(), (rand(3), rand(2), 1.0), ValueError, "For 'ClipByValue'.*broadcast"),
    ErrorCase(ops.ClipByValue(), ([1.0, 2.0], 0.0, 1.0), TypeError, "For 'ClipByValue', the 'x' must be a Tensor"),
    ErrorCase(ops.AddN(), ([],), ValueError, "For 'AddN', the 'inputs' must hold at least one Tensor"),
    ErrorCase(ops.AddN(), ([rand(2), rand(2, dtype=np.float64)],), TypeError,
              "For 'AddN', all inputs must have the same dtype"),
    ErrorCase(ops.AddN(), ([rand(2), rand(1)],), ValueError, "For 'AddN', all inputs must have the same shape"),
    ErrorCase(ops.AddN(), ([rand(2), 1.0],), TypeError, r"For 'AddN', the 'inputs\[1\]' must be a Tensor"),
    ErrorCase(ops.AddN(), (rand(2),), TypeError, "For 'AddN', the 'inputs' must be a list or tuple"),
    ErrorCase(ops.Lerp(), (rand(2, dtype=np.float64), rand(2, dtype=np.float64), 0.5), TypeError,
              "For 'Lerp', the dtype of 'start'"),
    ErrorCase(ops.Lerp(), (rand(2), rand(2, dtype=np.float16), 0.5), TypeError, "For 'Lerp', the dtype of 'end'"),
    ErrorCase(ops.Lerp(), (rand(2), rand(2), 1), TypeError, "For 'Lerp', the 'weight' must be float"),
    ErrorCase(ops.Lerp(), (rand(2), rand(2), rand(2, dtype=np.int32)), TypeError, "For 'Lerp', the dtype of 'weight'"),
    ErrorCase(ops.Lerp(), (rand(2), 3.0, 0.5), TypeError, "For 'Lerp', the 'end' must be a Tensor"),
    ErrorCase(ops.Lerp(), (rand(2), rand(3), 0.5), ValueError, "For 'Lerp'.*broadcast"),
    ErrorCase(ops.LogicalAnd(), (_BOOL_TENSOR, 1), TypeError, "For 'LogicalAnd', the 'y' must be a Tensor or a bool"),
    ErrorCase(ops.LogicalAnd(), (rand(2, dtype=np.bool_), _BOOL_TENSOR), ValueError, "For 'LogicalAnd'.*broadcast"),
    ErrorCase(ops.LogicalOr(), (1.0, _BOOL_TENSOR), TypeError, "For 'LogicalOr', the 'x' must be a Tensor or a bool"),
    ErrorCase(ops.LogicalXor(), (_BOOL_TENSOR, "a"), TypeError, "For 'LogicalXor', the 'y'"),
    ErrorCase(ops.LogicalNot(), (True,), TypeError, "For 'LogicalNot', the 'x' must be a Tensor"),
    ErrorCase(ops.BitwiseAnd(), (rand(3), rand(3)), TypeError, "For 'BitwiseAnd', the dtype"),
    ErrorCase(ops.BitwiseOr(), (_INT_TENSOR, 2.0), TypeError, "For 'BitwiseOr', the dtype"),
    ErrorCase(ops.BitwiseXor(), (_INT_TENSOR, rand(2, dtype=np.int32)), ValueError, "For 'BitwiseXor'.*broadcast"),
    ErrorCase(ops.Invert(), (_BOOL_TENSOR,), TypeError, "For 'Invert', the dtype of 'x'"),
    ErrorCase(ops.Invert(), (rand(3),), TypeError, "For 'Invert', the dtype of 'x'"),
    ErrorCase(ops.Equal(), (rand(2), None), TypeError, "For 'Equal', the 'y' must be a Tensor or a number"),
    ErrorCase(ops.Equal(), (None, rand(2)), TypeError, "For 'Equal', the 'x' must be a Tensor or a number"),
    ErrorCase(ops.Equal(), (rand(2), rand(3)), ValueError, "For 'Equal'.*broadcast"),
    ErrorCase(ops.NotEqual(), (rand(2), "a"), TypeError, "For 'NotEqual', the 'y'"),
    ErrorCase(ops.Greater(), (_COMPLEX_TENSOR, _COMPLEX_TENSOR), TypeError, "For 'Greater', the dtype"),
    ErrorCase(ops.Greater(), (rand(2), rand(3)), ValueError, "For 'Greater'.*broadcast"),
    ErrorCase(ops.GreaterEqual(), (rand(2), "a"), TypeError, "For 'GreaterEqual', the 'y'"),
    ErrorCase(ops.Less(), (rand(2), None), TypeError, "For 'Less', the 'y'"),
    ErrorCase(ops.LessEqual(), (_COMPLEX_TENSOR, 1.0), TypeError, "For 'LessEqual', the dtype"),
    ErrorCase(ops.IsNan(), (1.0,), TypeError, "For 'IsNan', the 'x' must be a Tensor"),
    ErrorCase(ops.IsInf(), (_INT_TENSOR,), TypeError, "For 'IsInf', the dtype of 'x'"),
    ErrorCase(ops.IsFinite(), ([1.0],), TypeError, "For 'IsFinite', the 'x' must be a Tensor"),
    ErrorCase(lambda: ops.div(ms.Tensor([1.0]), 2, rounding_mode="bad"), (), ValueError,
              "the 'rounding_mode' must be None, 'floor' or 'trunc'", prim="DivMod"),
    ErrorCase(ops.SigmoidGrad(), (rand(3), rand(3, dtype=np.float64)), TypeError,
              "For 'SigmoidGrad', the dtype of 'dy' must be the same as 'y'"),
    ErrorCase(ops.SigmoidGrad(), (rand(3), rand(2, 3)), ValueError, "For 'SigmoidGrad', the shape of 'dy'"),
    ErrorCase(ops.SigmoidGrad(), (_INT_TENSOR, _INT_TENSOR), TypeError, "For 'SigmoidGrad', the dtype of 'y'"),
    ErrorCase(ops.SigmoidGrad(), (rand(3), 1.0), TypeError, "For 'SigmoidGrad', the 'dy' must be a Tensor"),
    ErrorCase(ops.TanhGrad(), (rand(3, 1), rand(3, 4)), ValueError, "For 'TanhGrad', the shape of 'dy'"),
    ErrorCase(ops.TanhGrad(), (rand(3, dtype=np.float16), rand(3)), TypeError, "For 'TanhGrad', the dtype of 'dy'"),
    ErrorCase(ops.TanhGrad(), (_BOOL_TENSOR, _BOOL_TENSOR), TypeError, "For 'TanhGrad', the dtype of 'y'"),
    ErrorCase(ops.TanhGrad(), ([0.5], rand(1)), TypeError, "For 'TanhGrad', the 'y' must be a Tensor"),
]


# ---- inverse hyperbolic functions, truncation, more binary and ternary ops ---------------------


def trunc_div(x, y):
    return np.trunc(np.true_divide(x, y)).astype(np.result_type(x, y))


def div_no_nan(x, y):
    safe = np.where(y == 0, 1, y)
    return np.where(y == 0, 0, x / safe).astype(np.result_type(x, y))


def next_after_through_float64(x, y):
    """MindSpore 2.7.1's NextAfter: the float64 step rounded back to x's dtype (observed:
    float32 [1, 2] towards [2, 1] comes back [1, 2])."""
    return np.nextafter(x.astype(np.float64), y.astype(np.float64)).astype(x.dtype)


def heaviside(x, values):
    return np.heaviside(x, values).astype(x.dtype)


def popcount(x):
    bits = np.dtype(x.dtype).itemsize * 8
    unsigned = x.astype(np.int64) & ((1 << bits) - 1)
    return np.array([bin(int(v)).count("1") for v in unsigned.ravel()], np.uint8).reshape(x.shape)


def nan_to_num(x, nan=0.0, posinf=None, neginf=None):
    return np.nan_to_num(x, nan=nan, posinf=posinf, neginf=neginf)


_INT16_PAIR = (rand(6, dtype=np.int16, low=-30, high=30), rand(6, dtype=np.int16, low=-30, high=30))

CASES += [
    OpCase(ops.Acosh(), (rand(2, 3, low=1, high=4),), np.arccosh),
    OpCase(ops.Acosh(), (np.array([0.5, 1.0, 3.0], np.float64),), np.arccosh),
    OpCase(ops.Acosh(), (rand(3, dtype=np.float16, low=1, high=3),), np.arccosh, **F16),
    OpCase(ops.acosh, (rand(3, low=1, high=4),), np.arccosh, prim="Acosh"),
    OpCase(ops.Asinh(), (rand(2, 3, low=-3, high=3),), np.arcsinh),
    OpCase(ops.Asinh(), (rand(4, dtype=np.float64),), np.arcsinh),
    OpCase(ops.arcsinh, (rand(3),), np.arcsinh, prim="Asinh"),
    OpCase(ops.Atanh(), (rand(2, 3, low=-0.9, high=0.9),), np.arctanh),
    OpCase(ops.Atanh(), (np.array([-1.0, 0.5, 1.0, 2.0], np.float64),), np.arctanh),
    OpCase(ops.arctanh, (rand(3, low=-0.9, high=0.9),), np.arctanh, prim="Atanh"),
    OpCase(ops.Trunc(), (rand(2, 3, low=-5, high=5),), np.trunc),
    OpCase(ops.Trunc(), (rand(4, dtype=np.int32, low=-9, high=9),), lambda x: x),
    OpCase(ops.Trunc(), (rand(3, dtype=np.float16, low=-5, high=5),), np.trunc),
    OpCase(ops.Rint(), (np.array([0.5, 1.5, 2.5, -0.5, -1.7, 2.2], np.float32),), np.rint),
    OpCase(ops.Rint(), (rand(4, dtype=np.float64, low=-9, high=9),), np.rint),
    OpCase(ops.Inv(), (np.array([0.5, -2.0, 4.0], np.float32),), np.reciprocal),
    OpCase(ops.Inv(), (np.array([0.0, -0.0], np.float64),), lambda x: np.array([np.inf, -np.inf])),
    OpCase(ops.Inv(), (np.array([1, -1, 2, 0], np.int32),), lambda x: np.array([1, -1, 0, np.iinfo(np.int32).min],
                                                                              np.int32)),
    OpCase(ops.Fmax(), (np.array([1.0, np.nan, np.nan, -2.0], np.float32),
                        np.array([np.nan, 2.0, np.nan, 3.0], np.float32)), np.fmax),
    OpCase(ops.Fmax(), (rand(2, 3, dtype=np.int32), rand(3, dtype=np.int64)), np.fmax),
    OpCase(ops.Fmax(), (rand(3), 0.25), as_dtype(np.fmax, np.float32)),
    OpCase(ops.Fmin(), (np.array([1.0, np.nan, np.nan, -2.0], np.float64),
                        np.array([np.nan, 2.0, np.nan, 3.0], np.float64)), np.fmin),
    OpCase(ops.Fmin(), (rand(2, 1), rand(3)), np.fmin),
    OpCase(ops.TruncateDiv(), (rand(6, dtype=np.int32, low=-20, high=20), nonzero_ints(6)), trunc_div),
    OpCase(ops.TruncateDiv(), (rand(2, 3, low=-5, high=5), positive(3)), trunc_div),
    OpCase(ops.TruncateDiv(), (rand(3, dtype=np.int64, low=-9, high=9), 2), lambda x, y: trunc_div(x, np.int64(y))),
    OpCase(ops.TruncateMod(), (rand(6, dtype=np.int32, low=-20, high=20), nonzero_ints(6)), np.fmod),
    OpCase(ops.TruncateMod(), (rand(2, 3, low=-5, high=5), -1.5), as_dtype(np.fmod, np.float32)),
    OpCase(ops.DivNoNan(), (rand(4), np.array([0.0, 2.0, 0.0, -0.5], np.float32)), div_no_nan),
    OpCase(ops.DivNoNan(), (rand(4, dtype=np.int32, low=-9, high=9), np.array([0, 2, -3, 1], np.int32)),
           lambda x, y: np.where(y == 0, 0, np.trunc(x / np.where(y == 0, 1, y))).astype(np.int32)),
    OpCase(ops.DivNoNan(), (rand(2, 3), 0.0), lambda x, y: np.zeros_like(x)),
    OpCase(ops.MulNoNan(), (np.array([np.inf, np.nan, 2.0], np.float32), np.array([0.0, 0.0, 3.0], np.float32)),
           lambda x, y: np.array([0.0, 0.0, 6.0], np.float32)),
    OpCase(ops.MulNoNan(), (rand(2, 3), rand(3)), np.multiply),
    OpCase(ops.Gcd(), _INT16_PAIR, np.gcd),
    OpCase(ops.Gcd(), (rand(2, 3, dtype=np.int32, low=-50, high=50), rand(3, dtype=np.int64, low=0, high=50)), np.gcd),
    OpCase(ops.Lcm(), (rand(2, 3, dtype=np.int32, low=-12, high=12), rand(3, dtype=np.int32, low=-12, high=12)),
           np.lcm),
    OpCase(ops.Lcm(), (rand(4, dtype=np.int64, low=0, high=20), rand(4, dtype=np.int64, low=0, high=20)), np.lcm),
    OpCase(ops.LeftShift(), (rand(2, 3, dtype=np.int32, low=-9, high=9), rand(3, dtype=np.int32, low=0, high=5)),
           np.left_shift),
    OpCase(ops.LeftShift(), (rand(4, dtype=np.uint8, low=0, high=16), rand(4, dtype=np.uint8, low=0, high=4)),
           np.left_shift),
    OpCase(ops.RightShift(), (rand(2, 3, dtype=np.int64, low=-99, high=99), rand(2, 1, dtype=np.int64, low=0, high=5)),
           np.right_shift),
    OpCase(ops.Heaviside(), (np.array([-1.5, 0.0, 2.0, 0.0], np.float32), np.array([0.5, 0.25, 0.5, 0.75], np.float32)),
           heaviside),
    OpCase(ops.Heaviside(), (rand(2, 3, dtype=np.int32, low=-2, high=2), rand(3, dtype=np.int32, low=2, high=5)),
           heaviside),
    OpCase(ops.NextAfter(), (rand(2, 3), rand(3)), next_after_through_float64),
    OpCase(ops.NextAfter(), (np.array([1.0, 2.0, 0.0, 3.0], np.float32), np.array([2.0, 1.0, 1.0, 3.0], np.float32)),
           next_after_through_float64),
    OpCase(ops.NextAfter(), (np.array([0.0, 1.0], np.float64), np.array([1.0, 0.0], np.float64)), np.nextafter),
    OpCase(ops.IsClose(), (np.array([1.0, 2.0, np.nan, 1e-9], np.float32), np.array([1.0 + 1e-6, 2.1, np.nan, 0.0],
                                                                                   np.float32)),
           lambda x, y: np.isclose(x, y, rtol=1e-05, atol=1e-08)),
    OpCase(ops.IsClose(0.1, 0.0, True), (np.array([1.0, 2.0, np.nan], np.float64), np.array([1.05, 2.5, np.nan])),
           lambda x, y: np.isclose(x, y, rtol=0.1, atol=0.0, equal_nan=True)),
    OpCase(ops.IsClose(1.0, 0.0), (np.array([1, 5, 9], np.int32), np.array([2, 2, 2], np.int32)),
           lambda x, y: np.isclose(x, y, rtol=1.0, atol=0.0)),
    OpCase(ops.ApproximateEqual(0.5), (rand(2, 3), rand(2, 3)), lambda x, y: np.abs(x - y) < 0.5),
    OpCase(ops.ApproximateEqual(), (np.array([1.0, 2.0], np.float64), np.array([1.0, 2.0 + 1e-4], np.float32)),
           lambda x, y: np.array([True, False])),
    OpCase(ops.Addcdiv(), (rand(2, 3), rand(2, 3), positive(3), 0.5),
           lambda i, a, b, v: (i + v * a / b).astype(i.dtype)),
    OpCase(ops.Addcdiv(), (rand(3, dtype=np.float64), rand(3, dtype=np.float64), positive(2, 1, dtype=np.float64),
                           scalar(2.0, np.float64)), lambda i, a, b, v: i + v * a / b),
    OpCase(ops.Addcmul(), (rand(2, 3), rand(3), rand(2, 1), rand(1)), lambda i, a, b, v: i + v * a * b),
    OpCase(ops.Addcmul(), (rand(3, dtype=np.int32), rand(3, dtype=np.int32), rand(3, dtype=np.int32), 2),
           lambda i, a, b, v: (i + v * a * b).astype(np.int32)),
    OpCase(ops.addcmul, (rand(3), rand(3), rand(3)), lambda i, a, b: i + a * b, prim="Addcmul"),
    OpCase(ops.Addcmul(), (rand(3, dtype=np.uint32, low=0, high=99), rand(3, dtype=np.uint32, low=0, high=99),
                           rand(3, dtype=np.uint32, low=0, high=99), 3), lambda i, a, b, v: i + np.uint32(v) * a * b),
    OpCase(ops.AccumulateNV2(), ([rand(2, 3), rand(2, 3), rand(2, 3)],), lambda xs: xs[0] + xs[1] + xs[2]),
    OpCase(ops.accumulate_n, ((rand(4, dtype=np.int32), rand(4, dtype=np.int32)),), lambda xs: xs[0] + xs[1],
           prim="AccumulateNV2"),
    OpCase(ops.NanToNum(), (np.array([np.nan, np.inf, -np.inf, 1.5], np.float32),), nan_to_num),
    OpCase(ops.NanToNum(1.0, 2.0, -3.0), (np.array([np.nan, np.inf, -np.inf, 1.5], np.float16),),
           lambda x: nan_to_num(x, 1.0, 2.0, -3.0)),
    OpCase(ops.nan_to_num, (np.array([np.nan, np.inf, 0.5], np.float32), 5.0), lambda x, n: nan_to_num(x, n),
           prim="NanToNum"),
    OpCase(ops.PopulationCount(), (np.array([7, -1, 0, 255], np.int16),), popcount),
    OpCase(ops.PopulationCount(), (rand(2, 3, dtype=np.int32, low=-99, high=99),), popcount),
    OpCase(ops.PopulationCount(), (rand(4, dtype=np.uint8, low=0, high=255),), popcount),
    OpCase(ops.Eps(), (rand(2, 3),), lambda x: np.full_like(x, np.finfo(np.float32).eps)),
    OpCase(ops.Eps(), (rand(3, dtype=np.float16),), lambda x: np.full_like(x, np.finfo(np.float16).eps)),
    OpCase(ops.Eps(), (rand(3, dtype=np.float64),), lambda x: np.full_like(x, np.finfo(np.float64).eps)),
    OpCase(ops.Fills(), (rand(2, 3), 2.5), lambda x, v: np.full_like(x, v)),
    OpCase(ops.Fills(), (rand(3, dtype=np.int32), 7), lambda x, v: np.full_like(x, v)),
    OpCase(ops.Fills(), (rand(3, dtype=np.float64), scalar(1.5, np.float32)), lambda x, v: np.full_like(x, v)),
    OpCase(ops.TensorAdd(), (rand(2, 3), rand(3)), np.add, prim="Add"),
    OpCase(ops.LerpScalar(), (rand(2, 3), rand(2, 3), 0.25), lerp),
    OpCase(ops.LerpScalar(), (rand(3, dtype=np.float16), rand(2, 3, dtype=np.float16), 0.5), lerp, **F16),
    OpCase(ops.SquareSumAll(), (rand(2, 3), rand(2, 3)), lambda x, y: (np.sum(x * x), np.sum(y * y))),
    OpCase(ops.SquareSumAll(), (rand(4, dtype=np.float16), rand(4, dtype=np.float16)),
           lambda x, y: (np.sum(x * x), np.sum(y * y)), **F16),
    OpCase(ops.EqualCount(), (np.array([1.0, 2.0, 3.0], np.float32), np.array([1.0, 5.0, 3.0], np.float32)),
           lambda x, y: np.array([2.0], np.float32)),
    OpCase(ops.EqualCount(), (np.array([[1, 2], [3, 4]], np.int32), np.array([[1, 0], [0, 4]], np.int32)),
           lambda x, y: np.array([2], np.int32)),
    OpCase(ops.FloatStatus(), (np.array([np.nan, 1.0, -np.inf], np.float32),), lambda x: np.array([1.0], np.float32)),
    OpCase(ops.FloatStatus(), (rand(2, 3, dtype=np.float64),), lambda x: np.array([0.0], np.float32)),
    OpCase(ops.FloatStatus(), (np.array([np.inf], np.float16),), lambda x: np.array([1.0], np.float32)),
    OpCase(ops.CheckNumerics(), (rand(2, 3),), lambda x: x),
    OpCase(ops.CheckNumerics(), (rand(3, dtype=np.float16),), lambda x: x),
    OpCase(ops.CompareAndBitpack(), (rand(2, 16), scalar(0.0, np.float32)),
           lambda x, t: np.packbits(x > t, axis=-1)),
    OpCase(ops.CompareAndBitpack(), (rand(8, dtype=np.int32, low=0, high=9), scalar(4, np.int32)),
           lambda x, t: np.packbits(x > t, axis=-1)),
    OpCase(ops.CompareAndBitpack(), (rand(3, 8, dtype=np.bool_), np.array(True)), lambda x, t: np.packbits(x, axis=-1)),
]

ERROR_CASES += [
    ErrorCase(ops.Acosh(), (_INT_TENSOR,), TypeError, "For 'Acosh', the dtype of 'x'"),
    ErrorCase(ops.Asinh(), ([1.0],), TypeError, "For 'Asinh', the 'x' must be a Tensor"),
    ErrorCase(ops.Atanh(), (_BOOL_TENSOR,), TypeError, "For 'Atanh', the dtype of 'x'"),
    ErrorCase(ops.Trunc(), (_BOOL_TENSOR,), TypeError, "For 'Trunc', the dtype of 'x'"),
    ErrorCase(ops.Rint(), (_INT_TENSOR,), TypeError, "For 'Rint', the dtype of 'x'"),
    ErrorCase(ops.Inv(), (rand(3, dtype=np.uint8, low=1, high=4),), TypeError, "For 'Inv', the dtype of 'x'"),
    ErrorCase(ops.Fmax(), (_COMPLEX_TENSOR, _COMPLEX_TENSOR), TypeError, "For 'Fmax', the dtype"),
    ErrorCase(ops.Fmin(), (rand(2), rand(3)), ValueError, "For 'Fmin'.*broadcast"),
    ErrorCase(ops.TruncateDiv(), (_COMPLEX_TENSOR, 1), TypeError, "For 'TruncateDiv', the dtype"),
    ErrorCase(ops.TruncateMod(), (rand(2), "a"), TypeError, "For 'TruncateMod', the 'y'"),
    ErrorCase(ops.DivNoNan(), (_BOOL_TENSOR, _BOOL_TENSOR), TypeError, "For 'DivNoNan', the dtype"),
    ErrorCase(ops.MulNoNan(), (rand(2), rand(3)), ValueError, "For 'MulNoNan'.*broadcast"),
    ErrorCase(ops.Gcd(), (rand(3), rand(3)), TypeError, "For 'Gcd', the dtype"),
    ErrorCase(ops.Gcd(), (_INT_TENSOR, 2), TypeError, "For 'Gcd', the 'y' must be a Tensor"),
    ErrorCase(ops.Lcm(), (rand(3, dtype=np.int16), rand(3, dtype=np.int16)), TypeError, "For 'Lcm', the dtype"),
    ErrorCase(ops.LeftShift(), (_INT_TENSOR, rand(3, dtype=np.int64)), TypeError,
              "For 'LeftShift', the dtype of 'y' must be the same as 'x'"),
    ErrorCase(ops.RightShift(), (rand(3), rand(3)), TypeError, "For 'RightShift', the dtype"),
    ErrorCase(ops.Heaviside(), (rand(3), rand(3, dtype=np.float64)), TypeError, "For 'Heaviside', the dtype of 'y'"),
    ErrorCase(ops.NextAfter(), (rand(3, dtype=np.float16), rand(3, dtype=np.float16)), TypeError,
              "For 'NextAfter', the dtype"),
    ErrorCase(ops.IsClose(), (rand(3), 1.0), TypeError, "For 'IsClose', the 'y' must be a Tensor"),
    ErrorCase(lambda: ops.IsClose(equal_nan=1), (), TypeError, "For 'IsClose', the 'equal_nan' must be bool",
              prim="IsClose"),
    ErrorCase(ops.ApproximateEqual(), (rand(3), rand(2)), RuntimeError, "For 'ApproximateEqual', the shape of 'y'"),
    ErrorCase(ops.approximate_equal, (rand(3), 2.0), RuntimeError, "For 'ApproximateEqual', the shape of 'y'",
              prim="ApproximateEqual"),
    ErrorCase(lambda: ops.ApproximateEqual(1), (), TypeError, "For 'ApproximateEqual', the 'tolerance' must be float",
              prim="ApproximateEqual"),
    ErrorCase(ops.Addcdiv(), (_INT_TENSOR, _INT_TENSOR, _INT_TENSOR, 1), TypeError,
              "For 'Addcdiv', the dtype of 'input'"),
    ErrorCase(ops.Addcdiv(), (rand(3), rand(3), rand(3, dtype=np.float64), 1), TypeError,
              "For 'Addcdiv', the dtype of 'x2' must be the same as 'input'"),
    ErrorCase(ops.Addcmul(), (rand(3), rand(2), rand(3), 1.0), ValueError, "For 'Addcmul'.*broadcast"),
    ErrorCase(ops.Addcmul(), (rand(3), rand(3), rand(3), "a"), TypeError, "For 'Addcmul', the 'value'"),
    ErrorCase(ops.AccumulateNV2(), ([rand(2), rand(2, dtype=np.float64)],), TypeError,
              "For 'AccumulateNV2', all inputs must have the same dtype"),
    ErrorCase(ops.NanToNum(), (rand(3, dtype=np.float64),), TypeError, "For 'NanToNum', the dtype of 'x'"),
    ErrorCase(lambda: ops.NanToNum(nan="a"), (), TypeError, "For 'NanToNum', the 'nan'", prim="NanToNum"),
    ErrorCase(ops.PopulationCount(), (rand(3),), TypeError, "For 'PopulationCount', the dtype of 'x'"),
    ErrorCase(ops.Eps(), (_INT_TENSOR,), TypeError, "For 'Eps', the dtype of 'x'"),
    ErrorCase(ops.Fills(), (rand(3), "a"), TypeError, "For 'Fills', the 'value'"),
    ErrorCase(ops.Fills(), (rand(3), rand(2)), ValueError, "For 'Fills', the 'value' Tensor must be 0-dimensional"),
    ErrorCase(ops.Fills(), ([1.0], 1.0), TypeError, "For 'Fills', the 'x' must be a Tensor"),
    ErrorCase(ops.LerpScalar(), (rand(2), rand(2), rand(2)), TypeError, "For 'LerpScalar', the 'weight' must be float"),
    ErrorCase(ops.LerpScalar(), (rand(2, dtype=np.float64), rand(2, dtype=np.float64), 0.5), TypeError,
              "For 'LerpScalar', the dtype of 'start'"),
    ErrorCase(ops.SquareSumAll(), (rand(2, dtype=np.float64), rand(2, dtype=np.float64)), TypeError,
              "For 'SquareSumAll', the dtype of 'x'"),
    ErrorCase(ops.SquareSumAll(), (rand(3), rand(1)), ValueError, "For 'SquareSumAll', the shape of 'y'"),
    ErrorCase(ops.SquareSumAll(), (rand(3), rand(3, dtype=np.float16)), TypeError,
              "For 'SquareSumAll', the dtype of 'y'"),
    ErrorCase(ops.EqualCount(), (rand(3), rand(2)), ValueError, "For 'EqualCount', the shape of 'y'"),
    ErrorCase(ops.EqualCount(), (_INT_TENSOR, rand(3)), TypeError, "For 'EqualCount', the dtype of 'y'"),
    ErrorCase(ops.EqualCount(), (_INT_TENSOR, 1), TypeError, "For 'EqualCount', the 'y' must be a Tensor"),
    ErrorCase(ops.CheckNumerics(), (np.array([1.0, np.nan], np.float32),), RuntimeError,
              "For 'CheckNumerics'.*NaN values"),
    ErrorCase(ops.CheckNumerics(), (np.array([np.inf], np.float64),), RuntimeError, "For 'CheckNumerics'.*inf values"),
    ErrorCase(ops.CheckNumerics(), (_INT_TENSOR,), TypeError, "For 'CheckNumerics', the dtype of 'x'"),
    ErrorCase(ops.FloatStatus(), (_INT_TENSOR,), TypeError, "For 'FloatStatus', the dtype of 'x'"),
    ErrorCase(ops.FloatStatus(), ([1.0],), TypeError, "For 'FloatStatus', the 'x' must be a Tensor"),
    ErrorCase(ops.CompareAndBitpack(), (rand(6), scalar(0.0, np.float32)), ValueError,
              "For 'CompareAndBitpack', the last dimension of 'x' must be a multiple of 8"),
    ErrorCase(ops.CompareAndBitpack(), (rand(8), rand(1)), ValueError,
              "For 'CompareAndBitpack', the 'threshold' must be 0-dimensional"),
    ErrorCase(ops.CompareAndBitpack(), (rand(8), scalar(1, np.int32)), TypeError,
              "For 'CompareAndBitpack', the dtype of 'threshold'"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)


# ---- dtype promotion -------------------------------------------------------------------------


def test_promotion_follows_mindspore():
    i32 = ms.Tensor([1, 2], ms.int32)
    assert (i32 + 1.5).dtype == ms.float32
    assert (ms.Tensor([1.0], ms.float16) + ms.Tensor([1.0], ms.float32)).dtype == ms.float32
    assert (ms.Tensor([1], ms.uint8) + ms.Tensor([1], ms.int8)).dtype == ms.int16
    assert (ms.Tensor([True]) + 1).dtype == ms.int64
    assert (ms.Tensor([1.0], ms.float16) + 1.5).dtype == ms.float16


def test_zero_dim_tensors_promote_like_tensors():
    # torch lets a 0-d tensor's dtype give way like a Python number's; MindSpore does not
    assert (ms.Tensor(1.0, ms.float64) + ms.Tensor([1.0, 2.0], ms.float32)).dtype == ms.float64
    assert (ms.Tensor([1, 2], ms.int32) * ms.Tensor(3, ms.int64)).dtype == ms.int64
    assert (ms.Tensor(1.0, ms.float16) + ms.Tensor([1, 2], ms.int32)).dtype == ms.float16
    assert ops.equal(ms.Tensor(0.1, ms.float64), ms.Tensor([0.1], ms.float32)).asnumpy().tolist() == [False]


def test_division_dtypes():
    i32 = ms.Tensor([7, -7], ms.int32)
    assert ops.div(i32, 2).dtype == ms.float32
    assert ops.Div()(i32, ms.Tensor([2, 2], ms.int32)).dtype == ms.float32
    assert ops.RealDiv()(i32, 2).dtype == ms.int32
    assert ops.floor_divide(i32, 2).dtype == ms.int32
    assert ops.div(i32, 2.0, rounding_mode="floor").dtype == ms.float32


def test_unsigned_wide_integers_compute():
    x = ms.Tensor([1, 2, 300], ms.uint32)
    assert (x * x).asnumpy().tolist() == [1, 4, 90000]
    assert (x * x).dtype == ms.uint32
    assert ops.maximum(x, ms.Tensor([2, 2, 2], ms.uint32)).asnumpy().tolist() == [2, 2, 300]
    assert (x < ms.Tensor([2, 2, 2], ms.uint32)).asnumpy().tolist() == [True, False, False]


# ---- functional API --------------------------------------------------------------------------


def _t(values, dtype=None):
    return ms.Tensor(np.array(values), dtype)


def _values(tensor):
    return tensor.asnumpy().tolist()


def test_div_rounding_modes():
    x, y = _t([7, -7], ms.int32), _t([2, 2], ms.int32)
    assert _values(ops.div(x, y)) == [3.5, -3.5]
    assert _values(ops.div(x, y, rounding_mode="floor")) == [3, -4]
    assert _values(ops.div(x, y, rounding_mode="trunc")) == [3, -3]
    assert _values(ops.div(7, _t([2, -2], ms.int32), rounding_mode="trunc")) == [3, -3]
    assert _values(ops.div(_t([7.0, -7.0], ms.float32), 2, rounding_mode="trunc")) == [3.0, -3.0]
    assert _values(ops.true_divide(x, 2)) == [3.5, -3.5]


def test_remainders_follow_their_sign_conventions():
    x = _t([7, -7, 7, -7], ms.int32)
    y = _t([3, 3, -3, -3], ms.int32)
    assert _values(ops.remainder(x, y)) == [1, 2, -2, -1]
    assert _values(ops.floor_mod(x, y)) == [1, 2, -2, -1]
    assert _values(ops.fmod(x, y)) == [1, -1, 1, -1]
    assert _values(ops.fmod(7.0, _t([3.0, -3.0], ms.float32))) == [1.0, 1.0]


def test_aliases_compute_as_their_primitive():
    x = _t([0.25, -0.5], ms.float32)
    pairs = [(ops.negative, ops.neg), (ops.absolute, ops.abs), (ops.arcsin, ops.asin),
             (ops.arccos, ops.acos), (ops.arctan, ops.atan)]
    for alias, original in pairs:
        np.testing.assert_array_equal(alias(x).asnumpy(), original(x).asnumpy())
    np.testing.assert_array_equal(ops.arctan2(x, x).asnumpy(), ops.atan2(x, x).asnumpy())
    for alias, original in [(ops.eq, ops.equal), (ops.ne, ops.not_equal), (ops.gt, ops.greater),
                            (ops.ge, ops.greater_equal), (ops.lt, ops.less), (ops.le, ops.less_equal)]:
        assert _values(alias(x, 0.0)) == _values(original(x, 0.0))


def test_functional_forms():
    x = _t([-1.5, 0.5, 2.5], ms.float32)
    assert _values(ops.round(x)) == [-2.0, 0.0, 2.0]
    assert _values(ops.round(_t([1.25, 2.5], ms.float64), decimals=1)) == [1.2, 2.5]
    assert _values(ops.clamp(x, 0.0, 1.0)) == [0.0, 0.5, 1.0]
    assert _values(ops.clip(x, max=0.0)) == [-1.5, 0.0, 0.0]
    assert _values(ops.clamp(_t([1, 5, -3], ms.int32), 0.5, 2.5)) == [1, 2, 0]
    assert _values(ops.squared_difference(x, 1.0)) == [6.25, 0.25, 2.25]
    assert _values(ops.sign(x)) == [-1.0, 1.0, 1.0]
    assert _values(ops.invert(_t([0, 1], ms.int16))) == [-1, -2]
    assert _values(ops.addn([x, x])) == [-3.0, 1.0, 5.0]
    assert _values(ops.lerp(x, _t([0.5, 0.5, 0.5], ms.float32), 1.0)) == [0.5, 0.5, 0.5]
    assert _values(ops.isinf(ops.div(x, 0.0))) == [True, True, True]
    assert _values(ops.isfinite(x)) == [True, True, True]
    assert _values(ops.isnan(ops.sqrt(x))) == [True, False, False]


def test_clip_by_value_of_a_list_clips_each():
    first, second = ops.clip_by_value([_t([1.0, 5.0], ms.float32), _t([-3.0], ms.float32)], 0.0, 2.0)
    assert _values(first) == [1.0, 2.0]
    assert _values(second) == [0.0]


def test_clamp_needs_a_bound():
    with pytest.raises(ValueError, match="at least one of"):
        ops.clamp(_t([1.0], ms.float32))


def test_float_functions_reject_integers():
    with pytest.raises(TypeError, match="For 'Exp'"):
        ops.exp(_t([1, 2], ms.int32))
    assert ops.sqrt(_t([4, 9], ms.int32)).dtype == ms.float32
    assert ops.reciprocal(_t([4], ms.int64)).dtype == ms.float32


# ---- Tensor operators and methods ------------------------------------------------------------


def test_arithmetic_operators():
    x = _t([7, -7], ms.int32)
    assert _values(x + 1) == [8, -6] and _values(1 + x) == [8, -6]
    assert _values(x - 1) == [6, -8] and _values(1 - x) == [-6, 8]
    assert _values(x * 2) == [14, -14] and _values(2 * x) == [14, -14]
    assert _values(x / 2) == [3.5, -3.5] and _values(14 / x) == [2.0, -2.0]
    assert _values(x // 2) == [3, -4] and _values(-7 // _t([2, -2], ms.int32)) == [-4, 3]
    assert _values(x % 3) == [1, 2] and _values(7 % _t([3, -3], ms.int32)) == [1, -2]
    assert _values(x ** 2) == [49, 49] and _values(2 ** _t([2, 3], ms.int32)) == [4, 8]
    assert (x ** 0.5).dtype == ms.float32
    assert _values(-x) == [-7, 7] and _values(abs(x)) == [7, 7]
    assert +x is x


def test_comparison_operators():
    x = _t([1.0, 2.0], ms.float32)
    assert _values(x == 1) == [True, False]
    assert _values(x != _t([1.0, 3.0], ms.float32)) == [False, True]
    assert _values(x < 2) == [True, False] and _values(x <= 2) == [True, True]
    assert _values(x > 1) == [False, True] and _values(x >= 1) == [True, True]
    assert _values(2 < _t([2, 3], ms.int32)) == [False, True]  # noqa: SIM300 - the reflected operator
    assert (x == 1).dtype == ms.bool_


def test_equality_with_non_numbers_is_not_elementwise():
    x = _t([1.0, 2.0], ms.float32)
    assert (x == None) is False  # noqa: E711 - the operator itself is under test
    assert (x != None) is True  # noqa: E711
    assert (x == "a") is False
    assert (x == [1.0, 2.0]) is False
    assert x.__eq__(None) is False and x.__ne__("a") is True
    assert x in {x: 1}  # still hashable
    with pytest.raises(TypeError):
        x < None  # noqa: B015


def test_logical_and_bitwise_operators():
    a, b = _t([True, False], ms.bool_), _t([True, True], ms.bool_)
    assert _values(a & b) == [True, False] and _values(a | False) == [True, False]
    assert _values(a ^ b) == [False, True]
    i = _t([1, 2], ms.int32)
    assert _values(i & 3) == [1, 2] and _values(3 & i) == [1, 2]
    assert _values(i | 4) == [5, 6] and _values(4 | i) == [5, 6]
    assert _values(i ^ 3) == [2, 1] and _values(3 ^ i) == [2, 1]
    # MindSpore's ~ is a logical not, for every dtype
    assert _values(~a) == [False, True]
    assert _values(~_t([0, 2], ms.int32)) == [True, False]
    with pytest.raises(TypeError, match="For 'BitwiseAnd'"):
        _t([1.0], ms.float32) & _t([1.0], ms.float32)


def test_tensor_methods():
    x = _t([1.0, 4.0], ms.float32)
    assert _values(x.add(1.0)) == [2.0, 5.0] and _values(x.add(x, alpha=2)) == [3.0, 12.0]
    assert _values(x.sub(1.0)) == [0.0, 3.0] and _values(x.sub(x, alpha=2)) == [-1.0, -4.0]
    assert _values(_t([1, 2], ms.int32).sub(1, alpha=2)) == [-1, 0]
    assert _values(x.mul(2)) == [2.0, 8.0] and _values(x.div(2)) == [0.5, 2.0]
    assert _values(x.div(3, rounding_mode="floor")) == [0.0, 1.0]
    assert _values(x.true_divide(2)) == [0.5, 2.0] and _values(x.floor_divide(3)) == [0.0, 1.0]
    assert _values(x.remainder(3)) == [1.0, 1.0] and _values(x.neg().fmod(3)) == [-1.0, -1.0]
    assert _values(x.pow(2)) == [1.0, 16.0] and _values(x.sqrt()) == [1.0, 2.0]
    assert _values(x.rsqrt()) == [1.0, 0.5] and _values(x.reciprocal()) == [1.0, 0.25]
    assert _values(x.square()) == [1.0, 16.0] and _values(x.neg().abs()) == [1.0, 4.0]
    assert _values(x.neg().sign()) == [-1.0, -1.0]
    assert _values(x.maximum(2.0)) == [2.0, 4.0] and _values(x.minimum(2.0)) == [1.0, 2.0]
    assert _values(x.clip(2.0, 3.0)) == [2.0, 3.0] and _values(x.clamp(min=2.0)) == [2.0, 4.0]
    assert _values(x.lerp(_t([3.0, 0.0], ms.float32), 0.5)) == [2.0, 2.0]
    assert _values(_t([1.25, 2.5], ms.float32).round()) == [1.0, 2.0]
    assert _values(_t([1.25], ms.float64).round(1)) == [1.2]
    assert _values(x.atan2(x)) == pytest.approx([math.pi / 4] * 2)
    for name in ("exp", "expm1", "log", "log1p", "sin", "cos", "tan", "sinh", "cosh", "tanh",
                 "sigmoid", "erf", "erfc", "floor", "ceil", "atan", "arctan"):
        np.testing.assert_allclose(getattr(x, name)().asnumpy(), getattr(ops, name)(x).asnumpy())
    half = _t([0.5], ms.float32)
    for name in ("asin", "acos", "arcsin", "arccos"):
        np.testing.assert_allclose(getattr(half, name)().asnumpy(), getattr(ops, name)(half).asnumpy())


def test_tensor_logical_and_comparison_methods():
    x = _t([1.0, 2.0], ms.float32)
    assert _values(x.eq(1.0)) == [True, False] and _values(x.ne(1.0)) == [False, True]
    assert _values(x.gt(1.0)) == [False, True] and _values(x.ge(2.0)) == [False, True]
    assert _values(x.lt(2.0)) == [True, False] and _values(x.le(1.0)) == [True, False]
    assert _values(x.greater(1.0)) == [False, True] and _values(x.greater_equal(2.0)) == [False, True]
    assert _values(x.less(2.0)) == [True, False] and _values(x.less_equal(1.0)) == [True, False]
    assert _values(x.equal(x)) == [True, True] and _values(x.not_equal(x)) == [False, False]
    assert _values(x.isnan()) == [False, False] and _values(x.isfinite()) == [True, True]
    assert _values(x.isinf()) == [False, False]
    b = _t([True, False], ms.bool_)
    assert _values(b.logical_and(True)) == [True, False] and _values(b.logical_or(b)) == [True, False]
    assert _values(b.logical_xor(True)) == [False, True] and _values(b.logical_not()) == [False, True]
    i = _t([6, 3], ms.int32)
    assert _values(i.bitwise_and(2)) == [2, 2] and _values(i.bitwise_or(1)) == [7, 3]
    assert _values(i.bitwise_xor(1)) == [7, 2]


# ---- compositions and aliases ------------------------------------------------------------------


def test_angle_conversions_and_powers_of_two():
    x = _t([180.0, -90.0], ms.float32)
    np.testing.assert_allclose(ops.deg2rad(x).asnumpy(), [math.pi, -math.pi / 2], rtol=1e-6)
    np.testing.assert_allclose(ops.rad2deg(_t([math.pi], ms.float64)).asnumpy(), [180.0], rtol=1e-12)
    assert ops.deg2rad(_t([1.0], ms.float16)).dtype == ms.float16
    assert _values(ops.exp2(_t([-1.0, 3.0], ms.float32))) == [0.5, 8.0]
    assert ops.exp2(_t([1, 2], ms.int32)).dtype == ms.float32
    np.testing.assert_allclose(ops.log2(_t([8.0, 0.5], ms.float64)).asnumpy(), [3.0, -1.0], rtol=1e-12)
    np.testing.assert_allclose(ops.log10(_t([1000.0], ms.float32)).asnumpy(), [3.0], rtol=1e-6)
    assert _values(ops.ldexp(_t([1.5, 3.0], ms.float32), _t([2, -1], ms.int32))) == [6.0, 1.5]
    assert ops.ldexp(_t([1, 2], ms.int32), _t([1, 1], ms.int32)).dtype == ms.float32
    power = ops.float_power(_t([2, 3], ms.int32), 2)
    assert power.dtype == ms.float64 and _values(power) == [4.0, 9.0]
    assert ops.float_power(_t([1 + 1j], ms.complex64), 2).dtype == ms.complex128
    assert ops.float_power_ext(_t([2.0], ms.float32), _t([0.5], ms.float32)).dtype == ms.float64


def test_log_add_exp():
    a, b = _t([0.0, 1000.0, -1000.0], ms.float64), _t([0.0, 1000.0, -1001.0], ms.float64)
    np.testing.assert_allclose(ops.logaddexp(a, b).asnumpy(), np.logaddexp(a.asnumpy(), b.asnumpy()), rtol=1e-12)
    np.testing.assert_allclose(ops.logaddexp2(a, b).asnumpy(), np.logaddexp2(a.asnumpy(), b.asnumpy()), rtol=1e-12)
    assert ops.logaddexp(_t([1.0], ms.float16), _t([1.0], ms.float16)).dtype == ms.float16
    # MindSpore 2.7.1 gives NaN where both inputs are the same infinity (NumPy: that infinity)
    infinities = _t([-np.inf, np.inf, -np.inf], ms.float32), _t([-np.inf, np.inf, 0.0], ms.float32)
    for op in (ops.logaddexp, ops.logaddexp2):
        np.testing.assert_array_equal(op(*infinities).asnumpy(), [np.nan, np.nan, 0.0])


def test_signs_and_fractions():
    x = _t([-0.0, 0.0, -1.5, 2.25], ms.float32)
    assert _values(ops.signbit(x)) == [True, False, True, False]
    assert _values(ops.signbit(_t([-np.inf, np.inf], ms.float64))) == [True, False]
    assert _values(ops.signbit(_t([-2, 0, 3], ms.int32))) == [True, False, False]
    signs = _t([-0.0, 0.0, -2.0], ms.float32)
    assert _values(ops.copysign(_t([1.0, 2.0, 3.0], ms.float32), signs)) == [-1.0, 2.0, -3.0]
    assert _values(ops.copysign(_t([1, -2], ms.int32), -1.0)) == [-1.0, -2.0]
    assert ops.copysign(_t([1, -2], ms.int32), 1).dtype == ms.float32
    assert _values(ops.frac(x)) == [0.0, 0.0, -0.5, 0.25]
    assert _values(ops.frac(_t([3, -4], ms.int32))) == [0, 0]
    assert _values(ops.sgn(_t([-2.0, 0.0, 5.0], ms.float32))) == [-1.0, 0.0, 1.0]
    np.testing.assert_allclose(ops.sgn(_t([3 + 4j, 0j], ms.complex64)).asnumpy(), [0.6 + 0.8j, 0j], rtol=1e-6)
    # Observed on MindSpore 2.7.1: each part divided by the modulus (15+20j exactly 0.6+0.8j
    # in Complex64); a modulus underflowing to 0 leaves x, one overflowing gives 0.
    edge = ops.sgn(_t([15 + 20j, 1e-30 + 1e-30j, 1e30 + 1e30j], ms.complex64)).asnumpy()
    np.testing.assert_array_equal(edge, np.array([0.6 + 0.8j, 1e-30 + 1e-30j, 0j], np.complex64))
    assert ops.sgn(_t([3 + 4j], ms.complex128)).dtype == ms.complex128
    y = _t([1.0], ms.float32)
    assert ops.positive(y) is y


def test_infinity_predicates():
    x = _t([np.inf, -np.inf, np.nan, 1.0], ms.float32)
    assert _values(ops.isposinf(x)) == [True, False, False, False]
    assert _values(ops.isneginf(x)) == [False, True, False, False]
    assert _values(ops.isnan_ext(x)) == [False, False, True, False]
    with pytest.raises(TypeError, match="For 'IsInf'"):
        ops.isposinf(_t([1, 2], ms.int32))


def test_math_aliases():
    x, y = _t([7, -7], ms.int32), _t([2, 2], ms.int32)
    assert _values(ops.multiply(x, y)) == [14, -14]
    assert _values(ops.subtract(x, y, alpha=2)) == [3, -11]
    assert _values(ops.divide(x, y)) == [3.5, -3.5]
    assert _values(ops.divide(x, y, rounding_mode="trunc")) == [3, -3]
    assert _values(ops.floor_div(x, y)) == [3, -4] and _values(ops.floordiv(x, y)) == [3, -4]
    assert _values(ops.floormod(x, 3)) == [1, 2] and _values(ops.tensor_mod(x, 3)) == [1, 2]
    assert _values(ops.truncate_div(x, y)) == [3, -3] and _values(ops.truncate_mod(x, 3)) == [1, -1]
    assert _values(ops.tensor_div(x, y)) == [3, -3]
    assert _values(ops.pows(x, 2)) == [49, 49] and _values(ops.tensor_pow(x, 2)) == [49, 49]
    assert _values(ops.tensor_add(x, y)) == [9, -5] and _values(ops.tensor_sub(x, y)) == [5, -9]
    assert _values(ops.tensor_mul(x, y)) == [14, -14] and _values(ops.tensor_muls(x, 2)) == [14, -14]
    assert _values(ops.tensor_floordiv(x, y)) == [3, -4]
    assert _values(ops.tensor_gt(x, 0)) == [True, False] and _values(ops.tensor_ge(x, 7)) == [True, False]
    assert _values(ops.tensor_lt(x, 0)) == [False, True] and _values(ops.tensor_le(x, -7)) == [False, True]
    f = _t([0.0], ms.float32)
    assert _values(ops.tensor_exp(f)) == [1.0] and _values(ops.tensor_expm1(f)) == [0.0]
    for alias, original in [(ops.arccosh, ops.acosh), (ops.arcsinh, ops.asinh), (ops.arctanh, ops.atanh)]:
        z = _t([1.5], ms.float32) if alias is ops.arccosh else _t([0.5], ms.float32)
        np.testing.assert_array_equal(alias(z).asnumpy(), original(z).asnumpy())


def test_shifts_take_an_int_beside_a_tensor():
    x = _t([1, 2], ms.int32)
    assert _values(ops.bitwise_left_shift(x, 2)) == [4, 8]
    assert _values(ops.bitwise_left_shift(1, x)) == [2, 4]
    assert _values(ops.bitwise_right_shift(_t([8, -8], ms.int64), 1)) == [4, -4]
    with pytest.raises(TypeError, match="For 'bitwise_left_shift', the 'other' must be a Tensor or an int"):
        ops.bitwise_left_shift(x, 1.5)
    with pytest.raises(TypeError, match="at least one of 'input' and 'other' must be a Tensor"):
        ops.bitwise_right_shift(1, 2)


def test_in_place_activations():
    x = _t([0.0, 1.0], ms.float32)
    assert ops.tanh_(x) is x
    np.testing.assert_allclose(x.asnumpy(), np.tanh([0.0, 1.0]), rtol=1e-6)
    y = _t([0.0], ms.float64)
    assert ops.inplace_sigmoid(y) is y and _values(y) == [0.5]


def test_composition_errors():
    with pytest.raises(TypeError, match="For 'deg2rad', the dtype of 'x' must be a floating-point type"):
        ops.deg2rad(_t([1], ms.int32))
    with pytest.raises(TypeError, match="For 'rad2deg', the 'x' must be a Tensor"):
        ops.rad2deg(1.0)
    with pytest.raises(TypeError, match="For 'logaddexp', the 'other' must be a Tensor"):
        ops.logaddexp(_t([1.0], ms.float32), 1.0)
    with pytest.raises(TypeError, match="For 'logaddexp2', the dtype of 'input' and 'other' must be floating-point"):
        ops.logaddexp2(_t([1], ms.int32), _t([1], ms.int32))
    with pytest.raises(TypeError, match="For 'float_power', at least one of"):
        ops.float_power(2, 3)
    with pytest.raises(TypeError, match="For 'copysign', the 'x' must be a Tensor"):
        ops.copysign(1.0, _t([1.0], ms.float32))
    with pytest.raises(TypeError, match="For 'signbit', the 'input' must be a Tensor"):
        ops.signbit([1.0])
    with pytest.raises(TypeError, match="For 'positive', the 'input' must be a Tensor"):
        ops.positive(1)


def test_new_tensor_methods():
    x = _t([0.5, 2.0], ms.float32)
    i = _t([12, 18], ms.int32)
    assert _values(i.gcd(_t([8, 12], ms.int32))) == [4, 6] and _values(i.lcm(_t([8, 12], ms.int32))) == [24, 36]
    assert _values(i.bitwise_left_shift(_t([1, 1], ms.int32))) == [24, 36]
    assert _values(i.bitwise_right_shift(_t([1, 1], ms.int32))) == [6, 9]
    assert _values(x.trunc()) == [0.0, 2.0] and _values(x.frac()) == [0.5, 0.0] and _values(x.inv()) == [2.0, 0.5]
    assert _values(x.fmax(1.0)) == [1.0, 2.0] and _values(x.fmin(1.0)) == [0.5, 1.0]
    assert _values(x.multiply(2)) == [1.0, 4.0] and _values(x.subtract(x, alpha=2)) == [-0.5, -2.0]
    assert _values(x.multiply(value=2)) == [1.0, 4.0] and _values(x.float_power(other=2)) == [0.25, 4.0]
    assert _values(x.approximate_equal(other=x + 0.5, tolerance=0.6)) == [True, True]
    assert _values(x.divide(2)) == [0.25, 1.0] and _values(x.negative()) == [-0.5, -2.0]
    assert _values(x.negative().absolute()) == [0.5, 2.0] and _values(x.positive()) == [0.5, 2.0]
    assert _values(x.isclose(x)) == [True, True] and _values(x.approximate_equal(x + 1e-7)) == [True, True]
    assert _values(x.addcmul(x, x, 2)) == [1.0, 10.0] and _values(x.addcdiv(x, x)) == [1.5, 3.0]
    assert _values(x.heaviside(_t([0.5, 0.5], ms.float32))) == [1.0, 1.0]
    assert _values(x.copysign(-1.0)) == [-0.5, -2.0] and _values(x.sgn()) == [1.0, 1.0]
    assert _values(x.signbit()) == [False, False] and _values(x.isposinf()) == [False, False]
    assert _values(x.isneginf()) == [False, False] and _values(x.float_power(2)) == [0.25, 4.0]
    assert _values(x.ldexp(_t([1, 1], ms.int32))) == [1.0, 4.0] and _values(x.log2()) == [-1.0, 1.0]
    np.testing.assert_allclose(x.log10().asnumpy(), np.log10([0.5, 2.0]), rtol=1e-6)
    np.testing.assert_allclose(x.logaddexp(x).asnumpy(), np.logaddexp([0.5, 2.0], [0.5, 2.0]), rtol=1e-6)
    np.testing.assert_allclose(x.logaddexp2(x).asnumpy(), [1.5, 3.0], rtol=1e-6)
    np.testing.assert_allclose(x.deg2rad().rad2deg().asnumpy(), [0.5, 2.0], rtol=1e-6)
    np.testing.assert_allclose(x.arctan2(x).asnumpy(), [math.pi / 4] * 2, rtol=1e-6)
    np.testing.assert_allclose((x + 1).acosh().asnumpy(), np.arccosh([1.5, 3.0]), rtol=1e-6)
    for name, ref in (("asinh", np.arcsinh), ("arcsinh", np.arcsinh)):
        np.testing.assert_allclose(getattr(x, name)().asnumpy(), ref([0.5, 2.0]), rtol=1e-6)
    for name in ("atanh", "arctanh"):
        np.testing.assert_allclose(getattr(x / 4, name)().asnumpy(), np.arctanh([0.125, 0.5]), rtol=1e-6)
    np.testing.assert_allclose((x + 1).arccosh().asnumpy(), np.arccosh([1.5, 3.0]), rtol=1e-6)
    assert _values(_t([np.nan, 1.0], ms.float32).nan_to_num(2.0)) == [2.0, 1.0]
    # MindSpore 2.7.1 returns float32 1.0 itself (its kernel steps in float64).
    assert _values(_t([1.0], ms.float32).nextafter(_t([2.0], ms.float32))) == [1.0]
    assert _values(_t([1.0], ms.float64).nextafter(_t([2.0], ms.float64))) == [np.nextafter(1.0, 2.0)]
    assert _values(_t([5], ms.int32).invert()) == [-6]
    assert _values(_t([5, -1], ms.int32).bitwise_not()) == [-6, 0]
    assert _values(_t([True, False], ms.bool_).bitwise_not()) == [False, True]
    assert x.allclose(x + 1e-7) is True and x.allclose(x + 1) is False
    assert x.allclose(_t([1.0, 3.0], ms.float32), rtol=0.6) is True
    with pytest.raises(TypeError, match="For 'IsClose'"):
        x.allclose(_t([1, 2], ms.int32))


def test_integer_division_by_zero_gives_mindspore_values():
    """torch refuses an integer division by zero; MindSpore saturates quotients and gives
    the dividend (or 0, TruncateMod) as the remainder."""
    x, zero = _t([7, -7, 0], ms.int32), _t([0, 0, 0], ms.int32)
    top, bottom = np.iinfo(np.int32).max, np.iinfo(np.int32).min
    for quotient in (ops.floor_div(x, zero), ops.truncate_div(x, zero), ops.RealDiv()(x, zero), x // zero,
                     ops.div(x, zero, rounding_mode="trunc"), ops.div(x, zero, rounding_mode="floor")):
        assert _values(quotient) == [top, bottom, 0]
    assert _values(ops.floor_mod(x, zero)) == [7, -7, 0] and _values(ops.fmod(x, zero)) == [7, -7, 0]
    assert _values(ops.truncate_mod(x, zero)) == [0, 0, 0]
    assert _values(ops.truncate_div(_t([7, -7], ms.int8), 0)) == [127, -128]
    assert _values(7 // zero) == [top, top, top]
