"""The special-function and complex-number bprops: numerical checks in float64 (complex
ops through real-valued compositions), MindSpore's choices of which inputs take a
gradient, and second derivatives."""
import numpy as np
import pytest

import spore as ms
from spore import ops
from tests.ops.op_testing import OpCase, case_id, positive, rand

from .gradcheck import check_gradients, check_second_order

F64 = np.float64
_SHAPE_A = ms.Tensor(positive(2, 3, dtype=F64) + 0.5)  # a constant first argument
_ZETA_ORDER = ms.Tensor(rand(2, 3, dtype=F64, low=1.5, high=4))


def _complex_of(a, b):
    return ops.Complex()(a, b)


GRAD_CASES = [
    # gamma family
    OpCase(ops.Lgamma(), (positive(2, 3),), None),
    OpCase(ops.Lgamma(), (rand(3, low=-2.8, high=-2.2),), None),
    OpCase(ops.Digamma(), (positive(2, 3),), None),
    OpCase(ops.Polygamma(), (np.array(1, np.int64), positive(2, 3)), None),
    OpCase(ops.Polygamma(), (np.array(0, np.int32), positive(3)), None),
    OpCase(ops.Mvlgamma(3), (rand(2, 3, low=1.2, high=4),), None),
    OpCase(ops.Igamma(), (positive(2, 3) + 0.5, positive(2, 3)), None),
    OpCase(ops.Igamma(), (positive(3) + 0.5, rand(2, 1, low=0.5, high=8)), None),
    OpCase(ops.Igammac(), (positive(2, 3) + 0.5, positive(2, 3)), None),
    OpCase(lambda q: ops.Zeta()(_ZETA_ORDER, q), (positive(2, 3),), None, prim="Zeta"),
    OpCase(lambda x: ops.Betainc()(_SHAPE_A, _SHAPE_A * 2, x), (rand(2, 3, low=0.1, high=0.9),), None, prim="Betainc"),
    # error function, logarithms, ratios
    OpCase(ops.Erfinv(), (rand(2, 3, low=-0.9, high=0.9),), None),
    OpCase(ops.Xlogy(), (rand(2, 3), positive(3)), None),
    OpCase(ops.Xlogy(), (np.array([0.0, 0.5, 0.0]), positive(3)), None),
    OpCase(ops.Xlogy(), (2.0, positive(2, 2)), None),
    OpCase(ops.Xlogy(), (rand(3), 1.5), None),
    OpCase(ops.Xdivy(), (rand(2, 3), positive(3)), None),
    OpCase(ops.Xdivy(), (rand(2, 1), 2.5), None),
    OpCase(ops.Xdivy(), (1.5, positive(3)), None),
    OpCase(ops.Hypot(), (rand(2, 3), rand(3)), None),
    OpCase(ops.Hypot(), (rand(3), 0.5), None),
    OpCase(ops.Sinc(), (rand(2, 3, low=-2, high=2),), None),
    OpCase(ops.Logit(), (rand(2, 3, low=0.1, high=0.9),), None),
    OpCase(ops.Logit(0.2), (np.array([0.1, 0.3, 0.5, 0.7, 0.9]),), None),
    # Bessel functions
    *[OpCase(op, (rand(2, 3, low=0.3, high=3) * np.array([1, -1, 1]),), None) for op in (
        ops.BesselI0(), ops.BesselI0e(), ops.BesselI1(), ops.BesselI1e(), ops.BesselJ0(), ops.BesselJ1())],
    *[OpCase(op, (rand(2, 3, low=0.3, high=3),), None) for op in (
        ops.BesselY0(), ops.BesselY1(), ops.BesselK0(), ops.BesselK0e(), ops.BesselK1(), ops.BesselK1e())],
    # complex numbers, through real-valued compositions
    OpCase(ops.Real(), (rand(2, 3),), None),
    OpCase(ops.Imag(), (rand(2, 3),), None),
    OpCase(lambda a, b: ops.real(_complex_of(a, b)), (rand(2, 3), rand(2, 3)), None, prim="Real"),
    OpCase(lambda a, b: ops.imag(_complex_of(a, b)), (rand(2, 3), rand(2, 3)), None, prim="Imag"),
    OpCase(lambda a, b: ops.imag(ops.conj(_complex_of(a, b))), (rand(3), rand(3)), None, prim="Conj"),
    OpCase(lambda a, b: ops.angle(_complex_of(a, b)), (rand(2, 3), rand(2, 3)), None, prim="Angle"),
    OpCase(lambda a, b: ops.ComplexAbs()(_complex_of(a, b)), (rand(2, 3), rand(2, 3)), None, prim="ComplexAbs"),
    OpCase(lambda a, b: ops.real(_complex_of(a, b)) + ops.imag(_complex_of(a, b)) * 3, (rand(3), rand(2, 3)), None,
           prim="Complex"),
    OpCase(lambda r, t: ops.real(ops.polar(r, t)) - ops.imag(ops.polar(r, t)) * 2, (positive(2, 3), rand(2, 3)),
           None, prim="Polar"),
]


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_gradient(case):
    check_gradients(case.op, case.inputs)


def test_orders_take_no_gradient():
    """Zeta's x and Betainc's a and b are not differentiated (as in MindSpore)."""
    s, q = ms.Tensor([2.5, 3.0], ms.float64), ms.Tensor([0.5, 3.0], ms.float64)
    ds, dq = ms.grad(lambda s, q: ops.zeta(s, q).sum(), grad_position=(0, 1))(s, q)
    assert ds.asnumpy().tolist() == [0.0, 0.0]
    np.testing.assert_allclose(dq.asnumpy(), [-2.90520117e01, -5.94697011e-02], rtol=1e-7)  # MindSpore's values
    grads = ms.grad(lambda a, b, x: ops.Betainc()(a, b, x).sum(), grad_position=(0, 1, 2))(s, q, s / 4)
    assert grads[0].asnumpy().tolist() == [0.0, 0.0] and grads[1].asnumpy().tolist() == [0.0, 0.0]


def test_igammac_gradients_match_mindspore():
    s, q = ms.Tensor([2.5, 3.0], ms.float64), ms.Tensor([0.5, 3.0], ms.float64)
    da, dx = ms.grad(lambda a, x: ops.igammac(a, x).sum(), grad_position=(0, 1))(s, q)
    np.testing.assert_allclose(da.asnumpy(), [6.88555920e-02, 2.36818230e-01], rtol=1e-7)
    np.testing.assert_allclose(dx.asnumpy(), [-1.61313816e-01, -2.24041808e-01], rtol=1e-7)


def test_xlogy_and_xdivy_gradients_at_zero():
    """MindSpore's values at x == 0: xlogy's d/dx is log(y); xdivy's gradients are 0."""
    x, y = ms.Tensor([0.0, 0.5], ms.float64), ms.Tensor([2.0, 3.0], ms.float64)
    dx, dy = ms.grad(lambda a, b: ops.xlogy(a, b).sum(), grad_position=(0, 1))(x, y)
    np.testing.assert_allclose(dx.asnumpy(), np.log([2.0, 3.0]))
    np.testing.assert_allclose(dy.asnumpy(), [0.0, 0.5 / 3])
    dx, dy = ms.grad(lambda a, b: ops.xdivy(a, b).sum(), grad_position=(0, 1))(x, y)
    np.testing.assert_allclose(dx.asnumpy(), [0.0, 1 / 3])
    np.testing.assert_allclose(dy.asnumpy(), [0.0, -0.5 / 9])


def test_logit_gradient_is_zero_where_clamped():
    x = ms.Tensor([0.05, 0.5, 0.95], ms.float32)
    grad = ms.grad(lambda t: ops.logit(t, eps=0.1).sum())(x)
    np.testing.assert_allclose(grad.asnumpy(), [0.0, 4.0, 0.0], rtol=1e-6)


def test_integer_lgamma_gradient_keeps_the_input_dtype():
    grad = ms.grad(lambda t: ops.lgamma(t).sum())(ms.Tensor([2, 3], ms.int32))
    assert grad.dtype == ms.int32


@pytest.mark.parametrize("fn, low, high", [
    (ops.lgamma, 0.5, 3.0), (ops.digamma, 0.5, 3.0), (ops.erfinv, -0.8, 0.8), (ops.sinc, 0.2, 2.0),
    (ops.bessel_j1, 0.3, 3.0), (ops.bessel_k1, 0.3, 3.0), (ops.bessel_i1e, 0.3, 3.0),
    (lambda x: ops.xlogy(x, x), 0.3, 2.0), (lambda x: ops.hypot(x, x * 2), 0.3, 2.0),
], ids=["lgamma", "digamma", "erfinv", "sinc", "bessel_j1", "bessel_k1", "bessel_i1e", "xlogy", "hypot"])
def test_second_order(fn, low, high):
    check_second_order(lambda x: fn(x).sum(), [rand(2, 3, dtype=F64, low=low, high=high)], rtol=1e-4, atol=1e-6)
