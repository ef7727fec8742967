"""Numerical gradient checks (float64) of the matrix bprops: trace, determinants, inverses,
solvers, matrix powers and exponentials, band parts, Cholesky factors / inverses / solves,
LU unpacking, cross products and distances; the compositions built over them (addmm, kron,
cov, pinv, logdet, ...) through their primitives' bprops; second-order checks."""
import numpy as np
import pytest

import spore as ms
from spore import ops
from tests.ops.op_testing import OpCase, case_id, rand
from tests.ops.test_linalg_matrix_ops import LU, LU_TALL, PIVOTS, lower_factor, well_conditioned

from .gradcheck import check_gradients, check_second_order


def positive_definite(x):
    """x x^T + n I: symmetric positive definite for any square x (the function Cholesky's
    gradient is checked through, since the factorization reads one triangle only)."""
    n = x.shape[-1]
    return ops.matmul(x, x.swapaxes(-1, -2)) + ms.Tensor(n * np.eye(n))


def cholesky_of_product(upper=False):
    def run(x):
        return ops.Cholesky(upper)(positive_definite(x))
    return run


def spread(*shape):
    """Random values whose pairwise differences along the last axis are never tiny."""
    return rand(*shape) + np.arange(np.prod(shape)).reshape(shape) * 0.7


GRAD_CASES = [
    OpCase(ops.Trace(), (rand(3, 3),), None),
    OpCase(ops.Trace(), (rand(2, 4),), None),
    OpCase(ops.MatrixDeterminant(), (rand(3, 3),), None),
    OpCase(ops.MatrixDeterminant(), (rand(2, 2, 2),), None),
    OpCase(ops.LogMatrixDeterminant(), (well_conditioned(3, 3),), None),
    OpCase(ops.LogMatrixDeterminant(), (rand(2, 3, 3),), None),
    OpCase(ops.MatrixInverse(), (well_conditioned(3, 3),), None),
    OpCase(ops.MatrixInverse(True), (well_conditioned(2, 2, 2),), None),
    OpCase(ops.MatrixSolve(), (well_conditioned(3, 3), rand(3, 2)), None),
    OpCase(ops.MatrixSolve(True), (well_conditioned(2, 3, 3), rand(2, 3, 1)), None),
    OpCase(ops.MatrixTriangularSolve(), (well_conditioned(3, 3), rand(3, 2)), None),
    OpCase(ops.MatrixTriangularSolve(False), (well_conditioned(3, 3), rand(3, 2)), None),
    OpCase(ops.MatrixTriangularSolve(True, True), (well_conditioned(2, 3, 3), rand(2, 3, 2)), None),
    OpCase(ops.MatrixTriangularSolve(False, True), (well_conditioned(3, 3), rand(3, 1)), None),
    OpCase(ops.MatrixPower(3), (rand(3, 3),), None),
    OpCase(ops.MatrixPower(1), (rand(2, 2, 2),), None),
    OpCase(ops.MatrixPower(0), (rand(2, 2),), None),
    OpCase(ops.MatrixPower(-2), (well_conditioned(3, 3),), None),
    OpCase(ops.MatrixExp(), (rand(3, 3),), None),
    OpCase(ops.MatrixExp(), (rand(2, 2, 2),), None),
    OpCase(ops.MatrixBandPart(), (rand(3, 4), 1, 0), None),
    OpCase(ops.MatrixBandPart(), (rand(2, 3, 3), -1, 1), None),
    OpCase(cholesky_of_product(), (rand(3, 3),), None, prim="Cholesky"),
    OpCase(cholesky_of_product(True), (rand(2, 3, 3),), None, prim="Cholesky"),
    OpCase(ops.CholeskyInverse(), (lower_factor(3, 3),), None),
    OpCase(ops.CholeskyInverse(True), (well_conditioned(3, 3),), None),
    OpCase(ops.CholeskySolve(), (rand(3, 2), lower_factor(3, 3)), None),
    OpCase(ops.CholeskySolve(True), (rand(2, 3, 1), lower_factor(2, 3, 3).swapaxes(-1, -2).copy()), None),
    OpCase(ops.LuUnpack(), (LU, PIVOTS), None),
    OpCase(ops.LuUnpack(), (LU_TALL, PIVOTS), None),
    OpCase(ops.LuUnpack(), (LU_TALL.T.copy(), PIVOTS[:3]), None),
    OpCase(ops.Cross(), (rand(2, 3), rand(2, 3)), None),
    OpCase(ops.Cross(0), (rand(3, 2), rand(3, 1)), None),
    OpCase(ops.Cdist(), (spread(2, 3, 2), spread(2, 4, 2) + 0.3), None),
    OpCase(ops.Cdist(1.0), (spread(3, 2), spread(2, 2) + 0.3), None),
    OpCase(ops.Cdist(3.0), (spread(3, 2), spread(4, 2) + 0.3), None),
    OpCase(ops.Cdist(0.5), (spread(2, 3), spread(2, 3) + 0.3), None),
    OpCase(ops.Cdist(float("inf")), (spread(3, 2), spread(2, 2) + 0.3), None),
    OpCase(ops.Pdist(), (spread(4, 3),), None),
    OpCase(ops.Pdist(1.0), (spread(3, 2),), None),
    OpCase(ops.Pdist(2.5), (spread(3, 2),), None),
    OpCase(ops.MatrixDiagV3(), (rand(2, 3), [-1, 0], 3, 4, rand()), None),
    OpCase(ops.MatrixDiagV3("LEFT_LEFT"), (rand(3), 1, -1, -1, 0.0), None),
    OpCase(ops.MatrixDiagPartV3(), (rand(3, 4), [-1, 1], rand()), None),
    OpCase(ops.MatrixDiagPartV3("LEFT_RIGHT"), (rand(2, 3, 3), 0, 0.0), None),
    OpCase(ops.MatrixSetDiagV3(), (rand(3, 4), rand(2, 3), [0, 1]), None),
    OpCase(ops.ConjugateTranspose(), (rand(2, 3, 4), (2, 0, 1)), None),
    OpCase(ops.TridiagonalMatMul(), (rand(1, 3), rand(1, 3), rand(1, 3), rand(3, 2)), None),
    OpCase(ops.TridiagonalMatMul(), (rand(2, 1, 4), rand(2, 1, 4), rand(2, 1, 4), rand(2, 4, 3)), None),
    OpCase(ops.MatrixSolveLs(), (rand(4, 2), rand(4, 3), np.array(0.0)), None),
    OpCase(ops.MatrixSolveLs(), (rand(2, 2, 4), rand(2, 2, 1), np.array(0.5)), None),
    OpCase(lambda b, a: b.triangular_solve(a, upper=False, transpose=True)[0], (rand(3, 2), well_conditioned(3, 3)),
           None, prim="MatrixTriangularSolve"),
    # compositions differentiate through their primitives
    OpCase(lambda i, a, b: ops.addmm(i, a, b, beta=0.5, alpha=2.0), (rand(2, 4), rand(2, 3), rand(3, 4)), None,
           prim="MatMul"),
    OpCase(lambda i, a, b: ops.baddbmm(i, a, b, 2.0), (rand(2, 2, 4), rand(2, 2, 3), rand(2, 3, 4)), None,
           prim="BatchMatMul"),
    OpCase(ops.kron, (rand(2, 3), rand(2, 2)), None, prim="Mul"),
    OpCase(ops.cov, (rand(3, 5),), None, prim="MatMul"),
    OpCase(ops.logdet, (well_conditioned(3, 3),), None, prim="MatrixDeterminant"),
    OpCase(ops.pinv, (rand(4, 3),), None, prim="Svd"),
    OpCase(ops.cond, (well_conditioned(3, 3),), None, prim="MatrixInverse"),
    OpCase(lambda a, b: ops.tensor_dot(a, b, ((0, 1), (1, 2))), (rand(2, 3, 4), rand(4, 2, 3)), None,
           prim="MatMul"),
]


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_gradient(case):
    check_gradients(case.op, case.inputs)


def test_determinant_second_order():
    check_second_order(ops.MatrixDeterminant(), (rand(3, 3),))


def test_inverse_second_order():
    check_second_order(lambda x: (ops.MatrixInverse()(x) ** 2).sum(), (well_conditioned(2, 2),))


def test_cholesky_second_order():
    check_second_order(lambda x: (cholesky_of_product()(x) ** 2).sum(), (rand(2, 2),))


def test_matrix_exp_second_order():
    check_second_order(lambda x: (ops.MatrixExp()(x) ** 2).sum(), (rand(2, 2),))
