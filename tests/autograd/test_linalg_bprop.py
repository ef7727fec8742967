"""Numerical gradient checks of the linear-algebra bprops (float64): transpose flags,
broadcast batch axes, 1-D operands, Dense's bias forms, einsum's subscript forms, the SVD;
second-order checks of MatMul, BatchMatMul, Dense, Einsum and Svd."""
import numpy as np
import pytest

import spore as ms
from spore import ops
from spore.ops.operations.linalg_ops import MatMulExt, Outer
from tests.ops.op_testing import OpCase, case_id, rand

from .gradcheck import check_gradients, check_second_order


def einsum(equation):
    def run(*operands):
        return ops.einsum(equation, *operands)
    run.__name__ = f"einsum[{equation}]"
    return run


def sign_free_svd(full_matrices=False):
    """Svd with its singular vectors squared: the gradient is free of their signs."""
    svd = ops.Svd(full_matrices)

    def run(a):
        s, u, v = svd(a)
        return s, u * u, v * v
    return run


GRAD_CASES = [
    # MatMul: every transpose combination
    OpCase(ops.MatMul(), (rand(2, 3), rand(3, 4)), None),
    OpCase(ops.MatMul(transpose_a=True), (rand(3, 2), rand(3, 4)), None),
    OpCase(ops.MatMul(transpose_b=True), (rand(2, 3), rand(4, 3)), None),
    OpCase(ops.MatMul(True, True), (rand(3, 2), rand(4, 3)), None),
    OpCase(ops.MatMul(), (rand(1, 3), rand(3, 1)), None),
    # BatchMatMul: same batch, broadcast batch axes (size 1 and missing), transposes
    OpCase(ops.BatchMatMul(), (rand(2, 3, 4), rand(2, 4, 5)), None),
    OpCase(ops.BatchMatMul(), (rand(2, 1, 3, 4), rand(5, 4, 2)), None),
    OpCase(ops.BatchMatMul(), (rand(3, 4), rand(2, 4, 5)), None),
    OpCase(ops.BatchMatMul(), (rand(2, 3, 4), rand(4, 5)), None),
    OpCase(ops.BatchMatMul(transpose_b=True), (rand(2, 3, 4), rand(5, 4)), None),
    OpCase(ops.BatchMatMul(transpose_a=True), (rand(2, 4, 3), rand(4, 5)), None),
    OpCase(ops.BatchMatMul(True, True), (rand(1, 4, 3), rand(2, 5, 4)), None),
    # MatMulExt: NumPy matmul with 1-D operands
    OpCase(MatMulExt(), (rand(2, 3), rand(3, 4)), None),
    OpCase(MatMulExt(), (rand(4), rand(4)), None),
    OpCase(MatMulExt(), (rand(4), rand(3, 4, 2)), None),
    OpCase(MatMulExt(), (rand(2, 3, 4), rand(4)), None),
    OpCase(MatMulExt(), (rand(2, 1, 3, 4), rand(5, 4, 2)), None),
    OpCase(MatMulExt(), (rand(2, 3, 4), rand(4, 2)), None),
    OpCase(MatMulExt(), (rand(3, 4), rand(2, 4, 2)), None),
    # Dense: 2-D / N-D / 1-D x, 1-D w, bias 1-D / 0-D / absent
    OpCase(ops.Dense(), (rand(3, 4), rand(5, 4), rand(5)), None),
    OpCase(ops.Dense(), (rand(2, 3, 4), rand(5, 4), rand(5)), None),
    OpCase(ops.Dense(), (rand(4), rand(5, 4), rand(5)), None),
    OpCase(ops.Dense(), (rand(3, 4), rand(5, 4), rand()), None),
    OpCase(ops.Dense(), (rand(3, 4), rand(5, 4)), None),
    OpCase(ops.Dense(), (rand(3, 4), rand(4), rand()), None),
    OpCase(ops.Dense(), (rand(2, 3, 4), rand(4)), None),
    OpCase(ops.Dense(), (rand(4), rand(4), rand()), None),
    # outer products
    OpCase(ops.Ger(), (rand(3), rand(4)), None),
    OpCase(Outer(), (rand(3), rand(4)), None),
    OpCase(Outer(), (rand(2, 3), rand(4)), None),
    # Einsum: contractions, implicit output, ellipsis with broadcasting, size-1
    # broadcasting, sums over one operand's axes, repeated subscripts (diagonal, trace)
    OpCase(ops.Einsum("ij,jk->ik"), ((rand(2, 3), rand(3, 4)),), None),
    OpCase(ops.Einsum("ij,jk"), ((rand(2, 3), rand(3, 4)),), None),
    OpCase(ops.Einsum("ij,jk,kl->il"), ((rand(2, 3), rand(3, 4), rand(4, 2)),), None),
    OpCase(ops.Einsum("...ij,...jk->...ik"), ((rand(5, 2, 3), rand(3, 4)),), None),
    OpCase(ops.Einsum("b...i,...i->b..."), ((rand(2, 3, 4), rand(1, 4)),), None),
    OpCase(ops.Einsum("ij,ij->ij"), ((rand(1, 3), rand(2, 3)),), None),
    OpCase(ops.Einsum("ij->"), (rand(2, 3),), None),
    OpCase(ops.Einsum("ij->j"), ((rand(2, 3),),), None),
    OpCase(ops.Einsum("ij,k->ik"), ((rand(2, 3), rand(4)),), None),
    OpCase(ops.Einsum("ii->i"), ((rand(3, 3),),), None),
    OpCase(ops.Einsum("ii"), ((rand(3, 3),),), None),
    OpCase(ops.Einsum("iji,j->j"), ((rand(3, 2, 3), rand(2)),), None),
    OpCase(ops.Einsum("i,i->"), ((rand(4), rand(4)),), None),
    OpCase(einsum("bij,bjk->bik"), (rand(2, 2, 3), rand(2, 3, 2)), None, prim="Einsum"),
    # Svd: square, tall, wide, batched; singular values alone; full matrices. Squared
    # singular vectors are free of the sign each vector may take.
    OpCase(ops.Svd(), (rand(3, 3),), None),
    OpCase(sign_free_svd(), (rand(4, 2),), None, prim="Svd"),
    OpCase(sign_free_svd(), (rand(2, 4),), None, prim="Svd"),
    OpCase(sign_free_svd(), (rand(2, 3, 3),), None, prim="Svd"),
    OpCase(ops.Svd(compute_uv=False), (rand(2, 4, 3),), None),
    OpCase(sign_free_svd(full_matrices=True), (rand(3, 3),), None, prim="Svd"),
]

CHECKED_ELSEWHERE = {}


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_gradient(case):
    check_gradients(case.op, case.inputs)


# ---- second order ---------------------------------------------------------------------------
def _squared(fn):
    """fn's output times itself: a function whose gradient depends on its inputs, so that
    its second derivative runs fn's bprop on a recorded gradient."""
    def run(*args):
        y = fn(*args)
        return y * y
    return run


@pytest.mark.parametrize("transpose_a, transpose_b", [(False, False), (True, False), (False, True), (True, True)])
def test_mat_mul_second_order(transpose_a, transpose_b):
    a = rand(3, 2) if transpose_a else rand(2, 3)
    b = rand(4, 3) if transpose_b else rand(3, 4)
    check_second_order(_squared(ops.MatMul(transpose_a, transpose_b)), (a, b))


def test_batch_mat_mul_second_order():
    check_second_order(_squared(ops.BatchMatMul()), (rand(2, 1, 2, 3), rand(2, 3, 2)))


@pytest.mark.parametrize("x_shape", [(3, 4), (2, 3, 4), (4,)])
def test_dense_second_order(x_shape):
    check_second_order(_squared(ops.Dense()), (rand(*x_shape), rand(2, 4), rand(2)))


def test_svd_second_order():
    check_second_order(lambda a: ops.Svd(compute_uv=False)(a)[0] ** 3, (rand(3, 2),))


def test_svd_gradient_matches_mindspore():
    """MindSpore's values for sum(u*u*W1) + sum(v*v*W2) + s[0] (W = arange), wide and tall."""
    def f(x):
        s, u, v = ops.Svd()(x)
        w1 = ms.Tensor(np.arange(u.size, dtype=np.float64).reshape(u.shape))
        w2 = ms.Tensor(np.arange(v.size, dtype=np.float64).reshape(v.shape))
        return (u * u * w1).sum() + (v * v * w2).sum() + s[0]

    a = np.array([[1.0, -2.0, 2.0], [0.5, 3.0, -1.0]])
    np.testing.assert_allclose(ms.grad(f)(ms.Tensor(a)).asnumpy(),
                               [[-1.28278475, 0.08430636, 1.67506214], [-0.94382514, 1.0773534, 0.51749825]],
                               rtol=1e-6)
    np.testing.assert_allclose(ms.grad(f)(ms.Tensor(np.array([[1.0, -2.0], [2.0, 0.5], [3.0, -1.0]]))).asnumpy(),
                               [[0.20831534, 0.24182245], [0.13630702, 0.40807816], [0.9820743, -0.79617675]],
                               rtol=1e-6)


def test_einsum_second_order():
    check_second_order(_squared(einsum("ij,jk->ik")), (rand(2, 3), rand(3, 2)))


# ---- gradient dtypes --------------------------------------------------------------------------
def test_integer_mat_mul_gets_integer_gradients():
    x, w = ms.Tensor(np.ones((2, 3), np.int32)), ms.Tensor(np.ones((3, 2), np.int32))
    gx, gw = ms.grad(ops.MatMul(), grad_position=(0, 1))(x, w)
    assert gx.dtype is ms.int32 and gw.dtype is ms.int32
    np.testing.assert_array_equal(gx.asnumpy(), np.full((2, 3), 2))
    np.testing.assert_array_equal(gw.asnumpy(), np.full((3, 2), 2))


def test_outer_gradients_take_each_input_dtype():
    x, v = ms.Tensor(rand(3)), ms.Tensor(np.arange(4), ms.int32)
    gx, gv = ms.grad(Outer(), grad_position=(0, 1))(x, v)
    assert gx.dtype is ms.float32 and gv.dtype is ms.int32
    np.testing.assert_allclose(gx.asnumpy(), np.full(3, 6.0))
