"""The elementwise math bprops: numerical checks (float64, broadcasting, Python-number
operands, tuple inputs), MindSpore's values at kinks, ties and for integer inputs (taken
from MindSpore 2.7.1), second and third derivatives, and a Hessian-vector product."""
import math

import numpy as np
import pytest

import spore as ms
from spore import ops
from spore.ops.bprop import BPROPS
from tests.ops.op_testing import OpCase, case_id, positive, rand

from .gradcheck import check_gradients, check_second_order

F64 = np.float64


def away_from_zero(*shape, low=0.2, high=2.0):
    """Values of both signs with |x| in [low, high)."""
    signs = np.where(rand(*shape, dtype=np.bool_), 1.0, -1.0)
    return rand(*shape, low=low, high=high) * signs


def sigmoid(x):
    return 1 / (1 + np.exp(-x))


_UNARY_ON_REALS = [ops.Neg(), ops.Square(), ops.Exp(), ops.Expm1(), ops.Sin(), ops.Cos(), ops.Tan(),
                   ops.Atan(), ops.Sinh(), ops.Cosh(), ops.Tanh(), ops.Sigmoid(), ops.Erf(), ops.Erfc()]
_UNARY_ON_POSITIVES = [ops.Sqrt(), ops.Rsqrt(), ops.Log(), ops.Log1p(), ops.Reciprocal()]

GRAD_CASES = [
    # arithmetic: broadcasting, Python numbers on either side
    OpCase(ops.Add(), (rand(2, 3), rand(2, 3)), None),
    OpCase(ops.Add(), (rand(4, 1, 3), rand(5, 1)), None),
    OpCase(ops.Add(), (rand(3), 2.0), None),
    OpCase(ops.Sub(), (rand(2, 3), rand(3)), None),
    OpCase(ops.Sub(), (1.5, rand(2, 2)), None),
    OpCase(ops.Mul(), (rand(2, 3), rand(2, 1)), None),
    OpCase(ops.Mul(), (rand(1), rand(3, 2)), None),
    OpCase(ops.Mul(), (rand(3), 2.5), None),
    OpCase(ops.Div(), (rand(2, 3), away_from_zero(3)), None),
    OpCase(ops.Div(), (rand(4, 1, 3), away_from_zero(5, 1)), None),
    OpCase(ops.Div(), (1.5, away_from_zero(2, 2)), None),
    OpCase(ops.Div(), (rand(3), 0.4), None),
    OpCase(ops.RealDiv(), (rand(2, 3), away_from_zero(2, 1)), None),
    OpCase(ops.RealDiv(), (2.0, away_from_zero(3)), None),
    OpCase(ops.DivMod(), (rand(2, 3), away_from_zero(3)), None),
    OpCase(ops.DivMod(), (rand(3, 1), away_from_zero(2), None), None),
    OpCase(ops.DivMod(), (rand(2, 3, low=-5, high=5), away_from_zero(3), "floor"), None),
    OpCase(ops.DivMod(), (rand(4, low=-5, high=5), 0.7, "trunc"), None),
    OpCase(ops.FloorMod(), (rand(2, 3, low=-5, high=5), away_from_zero(3)), None),
    OpCase(ops.FloorMod(), (rand(4, low=-5, high=5), -1.5), None),
    OpCase(ops.FloorMod(), (3.5, away_from_zero(2, 2)), None),
    OpCase(ops.Mod(), (rand(2, 3, low=-5, high=5), away_from_zero(3)), None),
    OpCase(ops.Mod(), (rand(4, 1, low=-5, high=5), away_from_zero(3)), None),
    OpCase(ops.Mod(), (-3.5, away_from_zero(4)), None),
    OpCase(ops.Pow(), (positive(2, 3), rand(2, 3)), None),
    OpCase(ops.Pow(), (positive(4, 1), rand(3)), None),
    OpCase(ops.Pow(), (rand(3), 2.0), None),
    OpCase(ops.Pow(), (away_from_zero(2, 2), 3), None),
    OpCase(ops.Pow(), (away_from_zero(3), -2), None),
    OpCase(ops.Pow(), (positive(3), 0.5), None),
    OpCase(ops.Pow(), (2.5, rand(2, 3)), None),
    OpCase(ops.SquaredDifference(), (rand(2, 3), rand(3)), None),
    OpCase(ops.SquaredDifference(), (rand(3), 0.5), None),
    OpCase(ops.SquaredDifference(), (0.5, rand(2, 1)), None),
    OpCase(ops.Maximum(), (rand(2, 3), rand(3)), None),
    OpCase(ops.Maximum(), (rand(4), 0.1), None),
    OpCase(ops.Maximum(), (-0.1, rand(2, 2)), None),
    OpCase(ops.Minimum(), (rand(2, 3), rand(2, 1)), None),
    OpCase(ops.Minimum(), (rand(4), 0.1), None),
    OpCase(ops.Atan2(), (rand(2, 3), rand(3)), None),
    OpCase(ops.Atan2(), (rand(4, 1), away_from_zero(3)), None),
    OpCase(ops.Atan2(), (1.0, rand(3)), None),
    OpCase(ops.Atan2(), (rand(3), -0.5), None),
    # unary
    *[OpCase(op, (rand(2, 3),), None) for op in _UNARY_ON_REALS],
    *[OpCase(op, (rand(dtype=F64),), None) for op in _UNARY_ON_REALS],
    *[OpCase(op, (positive(2, 3),), None) for op in _UNARY_ON_POSITIVES],
    OpCase(ops.Reciprocal(), (away_from_zero(4),), None),
    OpCase(ops.Abs(), (away_from_zero(2, 3),), None),
    OpCase(ops.Asin(), (rand(2, 3, low=-0.9, high=0.9),), None),
    OpCase(ops.ACos(), (rand(2, 3, low=-0.9, high=0.9),), None),
    # several inputs
    OpCase(ops.ClipByValue(), (rand(2, 3), -0.5, 0.5), None),
    OpCase(ops.ClipByValue(), (rand(2, 3), None, 0.2), None),
    OpCase(ops.ClipByValue(), (rand(2, 3), -0.2), None),
    OpCase(ops.ClipByValue(), (rand(2, 3), np.array(-0.2), None), None),
    OpCase(ops.ClipByValue(), (rand(2, 3), None, rand(3)), None),
    OpCase(ops.ClipByValue(), (rand(2, 3), rand(3, low=-1, high=0), rand(2, 1, low=0, high=1)), None),
    OpCase(ops.ClipByValue(), (rand(2, 3), rand(3, low=-1, high=0), 0.5), None),
    OpCase(ops.ClipByValue(), (rand(2, 3), -0.5, rand(2, 1, low=0, high=1)), None),
    OpCase(ops.ClipByValue(), (rand(4), rand(4, low=0.5, high=1), rand(1, low=-1, high=-0.5)), None),
    OpCase(ops.AddN(), ([rand(2, 3), rand(2, 3), rand(2, 3)],), None),
    OpCase(ops.AddN(), ((rand(3), rand(3)),), None),
    OpCase(ops.AddN(), ([rand(4)],), None),
    # the fused gradients of activations
    OpCase(ops.SigmoidGrad(), (sigmoid(rand(2, 3, low=-3, high=3)), rand(2, 3)), None),
    OpCase(ops.TanhGrad(), (np.tanh(rand(2, 3, low=-3, high=3)), rand(2, 3)), None),
    # inverse hyperbolic functions, reciprocals
    OpCase(ops.Acosh(), (rand(2, 3, low=1.2, high=3),), None),
    OpCase(ops.Asinh(), (rand(2, 3, low=-3, high=3),), None),
    OpCase(ops.Atanh(), (rand(2, 3, low=-0.9, high=0.9),), None),
    OpCase(ops.Inv(), (away_from_zero(2, 3),), None),
    # more binary and ternary ops
    OpCase(ops.Fmax(), (rand(2, 3), rand(3)), None),
    OpCase(ops.Fmax(), (rand(4), 0.1), None),
    OpCase(ops.Fmin(), (rand(2, 3), rand(2, 1)), None),
    OpCase(ops.Fmin(), (-0.1, rand(3)), None),
    OpCase(ops.TruncateMod(), (rand(2, 3, low=-5, high=5), away_from_zero(3)), None),
    OpCase(ops.TruncateMod(), (rand(4, low=-5, high=5), -1.5), None),
    OpCase(ops.DivNoNan(), (rand(2, 3), away_from_zero(3)), None),
    OpCase(ops.DivNoNan(), (1.5, away_from_zero(2, 2)), None),
    OpCase(ops.DivNoNan(), (rand(3), 0.0), None),
    OpCase(ops.MulNoNan(), (rand(2, 3), rand(3)), None),
    OpCase(ops.MulNoNan(), (rand(3), 2.5), None),
    OpCase(ops.Addcdiv(), (rand(2, 3), rand(2, 3), away_from_zero(3), rand(2, 1)), None),
    OpCase(ops.Addcdiv(), (rand(3), rand(3), away_from_zero(3), 0.5), None),
    OpCase(ops.Addcmul(), (rand(2, 3), rand(3), rand(2, 1), rand(1)), None),
    OpCase(ops.Addcmul(), (rand(3), rand(3), rand(3), 2), None),
    OpCase(ops.AccumulateNV2(), ([rand(2, 3), rand(2, 3)],), None),
    OpCase(ops.CheckNumerics(), (rand(2, 3),), None),
]

CHECKED_ELSEWHERE = {
    "HookBackward": "tests/autograd/test_hooks.py",
    "Lerp": "test_lerp_gradient below: Lerp takes no Float64 (as in MindSpore), so it is checked in Float32",
    "NanToNum": "test_nan_to_num_gradient below: NanToNum takes no Float64 (as in MindSpore)",
    "LerpScalar": "test_lerp_gradient below, in Float32 as Lerp",
    "SquareSumAll": "test_square_sum_all_gradient below: SquareSumAll takes no Float64 (as in MindSpore)",
}
CHECKED_ELSEWHERE_IN_GRAPH_MODE = {
    "HookBackward": "tests/autograd/test_hooks.py: as in MindSpore, Graph mode calls no hook",
    "Lerp": "test_lerp_gradient[graph] below",
    "LerpScalar": "test_lerp_gradient[graph] below",
    "NanToNum": "test_nan_to_num_gradient[graph] below",
    "SquareSumAll": "test_square_sum_all_gradient[graph] below",
}


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_gradient(case):
    check_gradients(case.op, case.inputs)


# ---- Lerp, in Float32 -------------------------------------------------------------------------


def _affine_central_differences(op, inputs, sens, index, step=0.5):
    """d(sum(op(inputs) * sens)) / d inputs[index] by central differences. Exact up to
    rounding, whatever the step, for an op affine in that input."""
    array = inputs[index]
    numeric = np.zeros(array.shape, F64)
    for idx in np.ndindex(array.shape):
        values = []
        for delta in (step, -step):
            moved = list(inputs)
            moved[index] = array.copy()
            moved[index][idx] += delta
            out = op(*[ms.Tensor(v) if isinstance(v, np.ndarray) else v for v in moved])
            values.append(np.sum(out.asnumpy().astype(F64) * sens))
        numeric[idx] = (values[0] - values[1]) / (2 * step)
    return numeric


@pytest.mark.parametrize("op, inputs", [
    (ops.Lerp(), (rand(2, 3), rand(2, 3), 0.25)),
    (ops.Lerp(), (rand(2, 1), rand(3), rand(2, 3))),
    (ops.Lerp(), (rand(3), rand(2, 3), rand(1))),
    (ops.Lerp(), (rand(3), rand(3), rand(3, dtype=F64))),
    (ops.LerpScalar(), (rand(2, 1), rand(3), 0.75)),
], ids=["float_weight", "broadcast", "broadcast_weight", "float64_weight", "lerp_scalar"])
@pytest.mark.parametrize("graph", [False, True], ids=["pynative", "graph"])
def test_lerp_gradient(op, inputs, graph):
    tensors = [ms.Tensor(v) if isinstance(v, np.ndarray) else v for v in inputs]
    out = op(*tensors)
    sens = np.random.default_rng(0).standard_normal(out.shape).astype(np.float32)
    positions = tuple(i for i, v in enumerate(inputs) if isinstance(v, np.ndarray))
    gradient = ops.GradOperation(get_all=True, sens_param=True)(op)
    grads = (ms.jit(gradient) if graph else gradient)(*tensors, ms.Tensor(sens))
    for i, grad in zip(positions, grads):
        assert grad.shape == inputs[i].shape and grad.dtype == tensors[i].dtype
        np.testing.assert_allclose(grad.asnumpy(), _affine_central_differences(op, inputs, sens, i),
                                   rtol=1e-5, atol=1e-5)


# ---- MindSpore's values: kinks, ties, special points, integer inputs ------------------------------
# Expected values are MindSpore 2.7.1's for the same calls.

NAN, INF = math.nan, math.inf


def _t(values, dtype=ms.float32):
    return ms.Tensor(np.array(values), dtype)


def _grads(fn, *args):
    """The gradients of fn's output (summed) for every Tensor argument, as a tuple."""
    positions = tuple(i for i, a in enumerate(args) if isinstance(a, (ms.Tensor, list, tuple)))
    grads = ms.grad(fn, grad_position=positions)(*args)
    return grads if isinstance(grads, tuple) and len(positions) > 1 else (grads,)


def _assert_grads(grads, *expected):
    """Each gradient has the expected (dtype, values)."""
    assert len(grads) == len(expected)
    for grad, (dtype, values) in zip(grads, expected):
        assert grad.dtype == dtype, f"dtype {grad.dtype}, expected {dtype}"
        np.testing.assert_allclose(grad.asnumpy(), np.array(values, np.float64), rtol=1e-5, atol=1e-6)


F32, I32 = ms.float32, ms.int32


def test_true_division_of_integers_keeps_float_gradients():
    x, y = _t([7, -7, 3], I32), _t([2, 2, -2], I32)
    _assert_grads(_grads(ops.div, x, y), (F32, [0.5, 0.5, -0.5]), (F32, [-1.75, 1.75, -0.75]))
    _assert_grads(_grads(ops.div, x, 2), (F32, [0.5, 0.5, 0.5]))
    _assert_grads(_grads(ops.div, _t([[4, 2], [1, 3]], I32), _t([2, 3], I32)),
                  (F32, [[0.5, 1 / 3], [0.5, 1 / 3]]), (F32, [-1.25, -5 / 9]))
    _assert_grads(_grads(ops.reciprocal, _t([4, -3, 0], I32)), (F32, [-0.0625, -1 / 9, -INF]))
    _assert_grads(_grads(ops.sqrt, _t([4, 0], I32)), (F32, [0.25, INF]))


def test_promoted_operands_get_their_gradients_cast_back():
    x = _t([7, -7], I32)
    _assert_grads(_grads(ops.div, x, 2.0), (I32, [0, 0]))
    _assert_grads(_grads(ops.div, x, _t([2, 2], ms.int64)), (I32, [0, 0]), (ms.float32, [-1.75, 1.75]))
    _assert_grads(_grads(ops.div, x, _t([2.0, 2.0], ms.float64)), (I32, [0, 0]), (ms.float64, [-1.75, 1.75]))
    _assert_grads(_grads(ops.mul, x, _t([2.5, 2.5])), (I32, [2, 2]), (F32, [7, -7]))
    _assert_grads(_grads(ops.atan2, _t([1.0, 2.0], ms.float64), _t([1, 2], I32)),
                  (ms.float64, [0.5, 0.25]), (I32, [0, 0]))


def test_integer_gradients_are_computed_in_integers():
    x, y = _t([7, -7, 3], I32), _t([2, 2, -2], I32)
    _assert_grads(_grads(ops.RealDiv(), x, y), (I32, [0, 0, 0]), (I32, [0, 0, 0]))
    _assert_grads(_grads(ops.floor_mod, x, y), (I32, [1, 1, 1]), (I32, [-3, 4, 2]))
    _assert_grads(_grads(ops.square, _t([4, -3, 0], I32)), (I32, [8, -6, 0]))
    _assert_grads(_grads(ops.abs, _t([4, -3, 0], I32)), (I32, [1, -1, 0]))
    _assert_grads(_grads(ops.abs, _t([4, -3, 0], ms.int8)), (ms.int8, [1, -1, 0]))
    _assert_grads(_grads(ops.neg, _t([1, 2], ms.uint8)), (ms.uint8, [255, 255]))
    _assert_grads(_grads(ops.squared_difference, _t([4, 2], I32), _t([1, 3], I32)), (I32, [6, -2]), (I32, [-6, 2]))
    _assert_grads(_grads(lambda a, b: ops.addn((a, b)), _t([1, 2], I32), _t([3, 4], I32)),
                  (I32, [1, 1]), (I32, [1, 1]))


def test_piecewise_constant_ops_give_zeros():
    x = _t([4.3, -3.5, 0.0])
    for fn in (ops.sign, ops.floor, ops.ceil, ops.round, lambda v: ops.floor_divide(v, 2.0),
               lambda v: ops.div(v, 2.0, rounding_mode="floor"), lambda v: ops.div(v, 2.0, rounding_mode="trunc")):
        _assert_grads(_grads(fn, x), (F32, [0, 0, 0]))
    _assert_grads(_grads(ops.round, _t([4, -3], I32)), (I32, [0, 0]))
    _assert_grads(_grads(ops.floor_divide, _t([7, -7], I32), _t([2, 2], I32)), (I32, [0, 0]), (I32, [0, 0]))
    _assert_grads(_grads(lambda a, b: ops.div(a, b, rounding_mode="trunc"), _t([7, -7], I32), _t([2, 2], I32)),
                  (I32, [0, 0]), (I32, [0, 0]))
    # their outputs are constants: x * floor(x) differentiates to floor(x)
    _assert_grads(_grads(lambda v: v * ops.floor(v), x), (F32, [4, -4, 0]))


def test_remainder_gradients():
    x, y = _t([7.0, -7.0, 7.0, -7.0, 5.5, -5.5]), _t([3.0, 3.0, -3.0, -3.0, 2.0, 2.0])
    _assert_grads(_grads(ops.floor_mod, x, y), (F32, [1] * 6), (F32, [-2, 3, 3, -2, -2, 3]))
    _assert_grads(_grads(ops.fmod, x, y), (F32, [1] * 6), (F32, [-2, 2, 2, -2, -2, 2]))


def test_pow_at_zero_and_negative_bases():
    x = _t([0.0, 0.0, 0.0, -2.0, -2.0, 2.0, 0.0, -1.5])
    e = _t([2.0, 0.0, 0.5, 2.0, 0.5, 1.5, -1.0, 3.0])
    _assert_grads(_grads(ops.pow, x, e), (F32, [0, NAN, INF, -4, NAN, 2.12132, -INF, 6.75]),
                  (F32, [NAN, -INF, NAN, 0, NAN, 1.960516, -INF, 0]))
    _assert_grads(_grads(ops.pow, x, 2.0), (F32, [0, 0, 0, -4, -4, 4, 0, -3]))
    _assert_grads(_grads(ops.pow, x, 0.0), (F32, [NAN, NAN, NAN, 0, 0, 0, NAN, 0]))
    _assert_grads(_grads(ops.pow, -2.0, e), (F32, [0, 0, NAN, 0, NAN, NAN, 0, 0]))
    _assert_grads(_grads(ops.pow, 0.0, e), (F32, [NAN, -INF, NAN, NAN, NAN, NAN, -INF, NAN]))


def test_pow_of_integers():
    _assert_grads(_grads(ops.pow, _t([0, 1, 2, -2, 3], I32), 2), (I32, [0, 2, 4, -4, 6]))
    _assert_grads(_grads(ops.pow, _t([1, 2, -2, 3], I32), -1), (I32, [-1, 0, 0, 0]))
    _assert_grads(_grads(ops.pow, _t([1, 2, -2, 3], I32), _t([2.0, 2.0, 2.0, 0.5])),
                  (I32, [2, 4, -4, 0]), (F32, [0, 2.772588, 0, 1.902852]))
    _assert_grads(_grads(ops.pow, _t([1.0, 2.0, -2.0, 3.0]), _t([0, 3, 2, 1], I32)),
                  (F32, [0, 12, -4, 1]), (I32, [0, 5, 0, 3]))
    # MindSpore fails to take log of an integer base; spore takes it in Float32
    _assert_grads(_grads(ops.pow, _t([1, 2, -2, 3], I32), _t([0, 3, 2, 1], I32)),
                  (I32, [0, 12, -4, 1]), (I32, [0, 5, 0, 3]))


def test_maximum_and_minimum_split_ties():
    x, y = _t([1.0, 2.0, 3.0]), _t([1.0, 1.0, 4.0])
    _assert_grads(_grads(ops.maximum, x, y), (F32, [0.5, 1, 0]), (F32, [0.5, 0, 1]))
    _assert_grads(_grads(ops.minimum, x, y), (F32, [0.5, 0, 1]), (F32, [0.5, 1, 0]))
    _assert_grads(_grads(ops.maximum, _t([1, 2, 3], I32), _t([1, 1, 4], I32)), (I32, [0, 1, 0]), (I32, [0, 0, 1]))
    _assert_grads(_grads(ops.maximum, x, 2.0), (F32, [0, 0.5, 1]))
    _assert_grads(_grads(ops.maximum, _t([[1.0, 2.0, 3.0]]), _t([[2.0], [1.0]])),
                  (F32, [[0.5, 1.5, 2]]), (F32, [[1.5], [0.5]]))


def test_clip_by_value_follows_clamp():
    x, low, high = _t([-0.5, 0.5, 0.0]), _t([-0.5, -0.5, 0.2]), _t([0.5, 0.5, 0.3])
    _assert_grads(_grads(ops.clamp, x, low, high), (F32, [1, 1, 0]), (F32, [0, 0, 1]), (F32, [0, 0, 0]))
    _assert_grads(_grads(ops.clamp, x, -0.5, 0.5), (F32, [1, 1, 1]))
    _assert_grads(_grads(ops.clamp, x, _t([-0.5, 0.5, 0.0]), _t([-0.5, 0.5, 0.0])),
                  (F32, [1, 1, 1]), (F32, [0, 0, 0]), (F32, [0, 0, 0]))
    _assert_grads(_grads(ops.clamp, _t([0.0, 1.0, -1.0]), _t([0.0, 0.0, 0.0]), None),
                  (F32, [1, 1, 0]), (F32, [0, 0, 1]))
    # min > max: the result is max everywhere
    wide = _t([0.0, 1.0, -1.0, 0.5, -0.5])
    _assert_grads(_grads(ops.clamp, wide, _t([0.5]), _t([-0.5])), (F32, [0] * 5), (F32, [0]), (F32, [5]))
    _assert_grads(_grads(ops.clamp, wide, 0.5, -0.5), (F32, [0] * 5))
    _assert_grads(_grads(ops.clamp, _t([[0.0, 1.0, -1.0], [2.0, -2.0, 0.1]]), _t([0.0]), _t([[0.5], [1.5]])),
                  (F32, [[1, 0, 0], [0, 0, 1]]), (F32, [2]), (F32, [[1], [1]]))
    _assert_grads(_grads(ops.clamp, _t([-3, 0, 3, 1], I32), -0.5, 1.5), (I32, [0, 1, 0, 1]))


def test_addn_gradient_is_a_tuple():
    x, y = _t([1.0, 2.0]), _t([3.0, 4.0])
    _assert_grads(_grads(lambda a, b: ops.addn((a, b, a)), x, y), (F32, [2, 2]), (F32, [1, 1]))
    dout = _t([1.0, 3.0])
    (grads,) = BPROPS["AddN"](ops.AddN(), [x, y], x + y, dout)
    assert isinstance(grads, tuple) and len(grads) == 2
    _assert_grads(grads, (F32, [1, 3]), (F32, [1, 3]))


def test_derivatives_at_special_points():
    zero_four = _t([0.0, 4.0])
    _assert_grads(_grads(ops.abs, _t([0.0, -0.0, 2.0])), (F32, [0, 0, 1]))
    _assert_grads(_grads(ops.sqrt, zero_four), (F32, [INF, 0.25]))
    _assert_grads(_grads(ops.rsqrt, zero_four), (F32, [-INF, -0.0625]))
    _assert_grads(_grads(ops.reciprocal, zero_four), (F32, [-INF, -0.0625]))
    _assert_grads(_grads(ops.log, _t([0.0, -1.0])), (F32, [INF, -1]))
    _assert_grads(_grads(ops.asin, _t([1.0, -1.0, 0.5])), (F32, [INF, INF, 1.1547005]))
    _assert_grads(_grads(ops.acos, _t([1.0, -1.0, 0.5])), (F32, [-INF, -INF, -1.1547005]))
    _assert_grads(_grads(ops.atan2, _t([1.0, 0.0, 0.0]), _t([2.0, 3.0, 0.0])),
                  (F32, [0.4, 1 / 3, NAN]), (F32, [-0.2, 0, NAN]))


def test_gradient_dtypes_follow_the_inputs():
    half = _t([0.5, 1.0], ms.float16)
    for fn in (ops.exp, ops.tanh, ops.sigmoid, ops.sqrt, ops.erf, ops.neg, ops.square):
        assert _grads(fn, half)[0].dtype == ms.float16
    grads = _grads(ops.lerp, half, half, _t([0.5, 0.5]))
    assert [g.dtype for g in grads] == [ms.float16, ms.float16, F32]


# ---- higher orders ----------------------------------------------------------------------------


def _squared(fn):
    """fn's output times itself: its gradient depends on fn's derivative, so its second
    derivative runs fn's bprop's bprops."""
    def run(*args):
        y = fn(*args)
        return y * y
    return run


_SECOND_ORDER = [
    (ops.sin, (rand(2, 3, dtype=F64),)),
    (ops.cos, (rand(2, 3, dtype=F64),)),
    (ops.tan, (rand(3, dtype=F64),)),
    (ops.exp, (rand(2, 3, dtype=F64),)),
    (ops.expm1, (rand(3, dtype=F64),)),
    (ops.log, (positive(2, 3, dtype=F64),)),
    (ops.log1p, (positive(3, dtype=F64),)),
    (ops.sqrt, (positive(3, dtype=F64),)),
    (ops.rsqrt, (positive(3, dtype=F64),)),
    (ops.reciprocal, (positive(3, dtype=F64),)),
    (ops.tanh, (rand(2, 3, low=-2, high=2, dtype=F64),)),
    (ops.sigmoid, (rand(2, 3, low=-3, high=3, dtype=F64),)),
    (ops.erf, (rand(3, dtype=F64),)),
    (ops.asin, (rand(3, low=-0.8, high=0.8, dtype=F64),)),
    (ops.atan, (rand(3, dtype=F64),)),
    (ops.sinh, (rand(3, dtype=F64),)),
    (ops.abs, (away_from_zero(3).astype(F64),)),
    (ops.mul, (rand(2, 3, dtype=F64), rand(3, dtype=F64))),
    (ops.div, (rand(2, 3, dtype=F64), away_from_zero(3).astype(F64))),
    (ops.pow, (positive(2, 3, dtype=F64), rand(2, 3, dtype=F64))),
    (lambda x: ops.pow(x, 3.0), (rand(3, dtype=F64),)),
    (ops.maximum, (rand(2, 3, dtype=F64), rand(3, dtype=F64))),
    (ops.minimum, (rand(2, 3, dtype=F64), rand(2, 1, dtype=F64))),
    (ops.atan2, (rand(3, dtype=F64), away_from_zero(3).astype(F64))),
    (ops.squared_difference, (rand(3, dtype=F64), rand(3, dtype=F64))),
    (lambda x, lo: ops.clamp(x, lo, 0.5), (rand(2, 3, dtype=F64), rand(3, low=-1, high=0, dtype=F64))),
]


@pytest.mark.parametrize("fn, inputs", _SECOND_ORDER, ids=[
    "sin", "cos", "tan", "exp", "expm1", "log", "log1p", "sqrt", "rsqrt", "reciprocal", "tanh", "sigmoid",
    "erf", "asin", "atan", "sinh", "abs", "mul", "div", "pow", "pow_number", "maximum", "minimum", "atan2",
    "squared_difference", "clamp"])
def test_second_order(fn, inputs):
    check_second_order(_squared(fn), inputs)


def _nth_derivative(fn, n):
    for _ in range(n):
        fn = ms.grad(fn)
    return fn


@pytest.mark.parametrize("fn, third", [
    (ops.sin, lambda x: -np.cos(x)),
    (ops.cos, np.sin),
    (ops.exp, np.exp),
    (ops.tanh, lambda x: (1 - np.tanh(x) ** 2) * (6 * np.tanh(x) ** 2 - 2)),
    (ops.sigmoid, lambda x: sigmoid(x) * (1 - sigmoid(x)) * (1 - 6 * sigmoid(x) + 6 * sigmoid(x) ** 2)),
    (ops.log, lambda x: 2 / x ** 3),
    (lambda x: ops.pow(x, 4.0), lambda x: 24 * x),
    (lambda x: 1 / x, lambda x: -6 / x ** 4),
], ids=["sin", "cos", "exp", "tanh", "sigmoid", "log", "pow", "div"])
def test_third_derivative(fn, third):
    x = positive(2, 3, dtype=F64)
    np.testing.assert_allclose(_nth_derivative(fn, 3)(ms.Tensor(x)).asnumpy(), third(x), rtol=1e-10, atol=1e-12)


def test_third_derivative_of_sin_in_float32():
    x = ms.Tensor([0.0, 0.5, 1.0, 2.0], ms.float32)
    third = ms.grad(ms.grad(ms.grad(ops.sin)))(x)
    assert third.dtype == ms.float32
    np.testing.assert_allclose(third.asnumpy(), -np.cos(x.asnumpy()), rtol=1e-6)


def _mlp_loss(x, w1, b1, w2, b2):
    hidden = ops.tanh(ops.matmul(x, w1) + b1)
    out = ops.sigmoid(ops.matmul(hidden, w2) + b2)
    return ((out - 0.5) ** 2).mean() + 0.1 * ops.exp(-w1 * w1).sum() / (1 + b2 * b2).sum()


def test_hessian_vector_product_of_an_mlp():
    """check_second_order differentiates <grad, v> for a random v: a Hessian-vector
    product of the loss with respect to the input and every weight."""
    shapes = [(3, 4), (4, 5), (5,), (5, 2), (2,)]
    check_second_order(_mlp_loss, [rand(*s, dtype=F64) for s in shapes])


@pytest.mark.parametrize("graph", [False, True], ids=["pynative", "graph"])
def test_nan_to_num_gradient(graph):
    """NanToNum passes the gradient where x is finite; replaced elements are constants."""
    x = ms.Tensor(np.array([np.nan, 1.5, np.inf, -2.0, -np.inf], np.float32))
    gradient = ms.grad(lambda t: (ops.nan_to_num(t) * ms.Tensor(np.arange(1, 6, dtype=np.float32))).sum())
    grad = (ms.jit(gradient) if graph else gradient)(x)
    assert grad.asnumpy().tolist() == [0.0, 2.0, 0.0, 4.0, 0.0]


@pytest.mark.parametrize("graph", [False, True], ids=["pynative", "graph"])
def test_square_sum_all_gradient(graph):
    """d/dx = 2x times the first output's sensitivity, d/dy = 2y times the second's."""
    x, y = ms.Tensor([1.0, -2.0], ms.float32), ms.Tensor([0.5, 3.0], ms.float32)
    gradient = ms.grad(lambda a, b: ops.SquareSumAll()(a, b)[0] * 3 + ops.SquareSumAll()(a, b)[1],
                       grad_position=(0, 1))
    dx, dy = (ms.jit(gradient) if graph else gradient)(x, y)
    assert dx.asnumpy().tolist() == [6.0, -12.0] and dy.asnumpy().tolist() == [1.0, 6.0]
