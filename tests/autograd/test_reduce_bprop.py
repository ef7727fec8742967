"""Numerical gradient checks of the reduction bprops (float64): every axis form (int,
negative, tuple, (), omitted, Tensor), keep_dims, the scan variants, norms of each order;
MindSpore's values at ties, zeros, clamps and integer inputs; second-order checks (sums,
means, logsumexp, std, max, products, scans, norms)."""
import math

import numpy as np
import pytest

import spore as ms
from spore import ops
from spore.ops.operations.reduce_ops import LinalgVectorNorm, LogSumExp, MatrixNorm, ProdExt, Std, SumExt, Var
from tests.ops.op_testing import OpCase, case_id, positive, rand

from .gradcheck import check_gradients, check_second_order

X = rand(2, 3, 4)

GRAD_CASES = [
    # sums and means: axis int / negative / tuple / () / omitted / Tensor, keep_dims
    OpCase(ops.ReduceSum(), (X, 1), None),
    OpCase(ops.ReduceSum(keep_dims=True), (X, (0, 2)), None),
    OpCase(ops.ReduceSum(), (X, (0, -1)), None),
    OpCase(ops.ReduceSum(), (X, ()), None),
    OpCase(ops.ReduceSum(), (X,), None),
    OpCase(ops.ReduceSum(), (X, 0), None),
    OpCase(ops.ReduceSum(), (X, ms.Tensor([2], ms.int32)), None),
    OpCase(ops.ReduceSum(skip_mode=True), (X, ()), None),
    OpCase(ops.ReduceSum(), (rand(), ()), None),
    OpCase(ops.ReduceMean(), (X, -2), None),
    OpCase(ops.ReduceMean(keep_dims=True), (X, (1, 2)), None),
    OpCase(ops.ReduceMean(), (X, ()), None),
    OpCase(ops.ReduceMean(keep_dims=True), (X,), None),
    OpCase(SumExt(), (X, None, False, None), None),
    OpCase(SumExt(), (X, (0, 2), True, None), None),
    OpCase(SumExt(), (X, -1), None),
    # extrema (distinct values)
    OpCase(ops.ReduceMax(), (X, 1), None),
    OpCase(ops.ReduceMax(keep_dims=True), (X, (0, 2)), None),
    OpCase(ops.ReduceMax(), (X, ()), None),
    OpCase(ops.ReduceMin(), (X, -1), None),
    OpCase(ops.ReduceMin(keep_dims=True), (X,), None),
    OpCase(ops.ArgMaxWithValue(), (X,), None),
    OpCase(ops.ArgMaxWithValue(axis=-1, keep_dims=True), (X,), None),
    OpCase(ops.ArgMinWithValue(axis=1), (X,), None),
    OpCase(ops.ArgMinWithValue(axis=2, keep_dims=True), (X,), None),
    OpCase(ops.ArgMaxWithValue(), (rand(),), None),
    # products
    OpCase(ops.ReduceProd(), (X, 1), None),
    OpCase(ops.ReduceProd(keep_dims=True), (X, (0, 2)), None),
    OpCase(ops.ReduceProd(), (X, ()), None),
    OpCase(ops.ReduceProd(), (rand(3), 0), None),
    OpCase(ProdExt(), (X, None, False, None), None),
    OpCase(ProdExt(), (X, -1, True, None), None),
    # scans: every exclusive / reverse combination
    OpCase(ops.CumSum(), (X, 1), None),
    OpCase(ops.CumSum(exclusive=True), (X, -1), None),
    OpCase(ops.CumSum(reverse=True), (X, 0), None),
    OpCase(ops.CumSum(True, True), (X, 2), None),
    OpCase(ops.CumProd(), (rand(3, 4), 1), None),
    OpCase(ops.CumProd(exclusive=True), (rand(3, 4), 0), None),
    OpCase(ops.CumProd(reverse=True), (rand(3, 4), -1), None),
    OpCase(ops.CumProd(True, True), (rand(3, 4), 1), None),
    # logsumexp and moments
    OpCase(LogSumExp(), (X, 1), None),
    OpCase(LogSumExp(), (X, (0, 2), True), None),
    OpCase(LogSumExp(), (X, ()), None),
    OpCase(ops.ReduceStd(axis=1), (X,), None),
    OpCase(ops.ReduceStd(axis=(0, 2), unbiased=False, keep_dims=True), (X,), None),
    OpCase(ops.ReduceStd(), (X,), None),
    OpCase(Std(), (X, 1, 1, False), None),
    OpCase(Std(), (X, None, 0, True), None),
    OpCase(Std(), (X, (0, 2), 2, False), None),
    OpCase(Var(), (X, -1, 1, True), None),
    OpCase(Var(), (X, None, 0, False), None),
    OpCase(Var(), (X,), None),
    # norms: every order family
    OpCase(ops.LpNorm(axis=1, p=1), (X,), None),
    OpCase(ops.LpNorm(axis=(0, 2), p=2, keep_dims=True), (X,), None),
    OpCase(ops.LpNorm(axis=-1, p=3), (X,), None),
    OpCase(ops.LpNorm(axis=1, p=0), (X,), None),
    OpCase(LinalgVectorNorm(), (X,), None),
    OpCase(LinalgVectorNorm(), (X, 1, 1, True, None), None),
    OpCase(LinalgVectorNorm(), (X, 3, (0, 2), False, None), None),
    OpCase(LinalgVectorNorm(), (X, 0.5, -1, False, None), None),
    OpCase(LinalgVectorNorm(), (X, -2, 1, False, None), None),
    OpCase(LinalgVectorNorm(), (X, 0, 1, False, None), None),
    OpCase(LinalgVectorNorm(), (X, math.inf, 1, False, None), None),
    OpCase(LinalgVectorNorm(), (X, -math.inf, (0, 2), True, None), None),
    OpCase(LinalgVectorNorm(), (X, math.inf, None, False, None), None),
    OpCase(MatrixNorm(), (X,), None),
    OpCase(MatrixNorm(), (X, "fro", (0, 2), True, None), None),
    OpCase(MatrixNorm(), (X, 1), None),
    OpCase(MatrixNorm(), (X, -1, (2, 0), False, None), None),
    OpCase(MatrixNorm(), (X, math.inf, (-2, -1), True, None), None),
    OpCase(MatrixNorm(), (X, -math.inf), None),
    OpCase(MatrixNorm(), (X, "nuc"), None),
    OpCase(MatrixNorm(), (X, 2, (0, 2), True, None), None),
    OpCase(MatrixNorm(), (X, -2, (2, 1), False, None), None),
]

CHECKED_ELSEWHERE = {}


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_gradient(case):
    check_gradients(case.op, case.inputs)


def test_positive_cumprod_and_norm_powers():
    """Fractional powers and products away from zero, on positive inputs."""
    check_gradients(ops.CumProd(), (positive(2, 5), 1))
    check_gradients(LinalgVectorNorm(), (positive(3, 4), 2.5, 1, False, None))


# ---- MindSpore's values at ties, zeros, clamps and integer inputs -------------------------------
def grad_of(fn, *values):
    return ms.grad(fn)(*(ms.Tensor(np.asarray(v, np.float32)) for v in values)).asnumpy()


TIES = [[1.0, 3.0, 3.0], [2.0, 2.0, 0.0]]


def test_reduce_max_and_min_split_the_gradient_among_ties():
    np.testing.assert_allclose(grad_of(lambda x: ops.ReduceMax()(x, 1), TIES), [[0, 0.5, 0.5], [0.5, 0.5, 0]])
    np.testing.assert_allclose(grad_of(lambda x: ops.ReduceMax()(x, ()), [[3.0, 3.0], [1.0, 3.0]]),
                               [[1 / 3, 1 / 3], [0, 1 / 3]], rtol=1e-6)
    np.testing.assert_allclose(grad_of(lambda x: ops.ReduceMin()(x, 0), [[1.0, 0.0], [1.0, 2.0]]),
                               [[0.5, 1], [0.5, 0]])


def test_arg_with_value_sends_the_gradient_to_the_first_extremum():
    np.testing.assert_allclose(grad_of(lambda x: ops.ArgMaxWithValue(axis=1)(x)[1], TIES), [[0, 1, 0], [1, 0, 0]])
    np.testing.assert_allclose(grad_of(lambda x: ops.ArgMinWithValue(axis=0, keep_dims=True)(x)[1], TIES),
                               [[1, 0, 0], [0, 1, 1]])


def test_inf_norms_send_the_gradient_to_the_first_extremum():
    np.testing.assert_allclose(grad_of(lambda x: ops.vector_norm(x, math.inf), [2.0, -2.0, 1.0]), [1, 0, 0])
    np.testing.assert_allclose(grad_of(lambda x: ops.vector_norm(x, -math.inf), [1.0, -1.0, 2.0]), [1, 0, 0])
    np.testing.assert_allclose(grad_of(lambda x: ops.matrix_norm(x, 1), [[1.0, 2.0], [2.0, 1.0]]), [[1, 0], [1, 0]])


def test_products_with_zeros_are_exact():
    x = [[1.0, 0.0, 3.0], [0.0, 0.0, 2.0], [2.0, 3.0, 4.0]]
    np.testing.assert_allclose(grad_of(lambda t: ops.ReduceProd()(t, 1), x), [[0, 3, 0], [0, 0, 0], [12, 8, 6]])
    np.testing.assert_allclose(grad_of(lambda t: ops.prod(t, 1), x), [[0, 3, 0], [0, 0, 0], [12, 8, 6]])
    np.testing.assert_allclose(grad_of(lambda t: ops.ReduceProd()(t, (0, 1)), [[1.0, 0.0], [3.0, 4.0]]),
                               [[0, 12], [0, 0]])


def test_cumprod_divides_by_the_input_as_mindspore_does():
    x = [[1.0, 0.0, 3.0], [2.0, 3.0, 4.0]]
    got = grad_of(lambda t: ops.CumProd()(t, 1), x)
    np.testing.assert_allclose(got, [[1, np.nan, 0], [16, 10, 6]])


def test_lp_norm_uses_the_clamped_output():
    x = [[1.0, -2.0, 0.0], [0.0, 0.0, 0.0]]
    np.testing.assert_allclose(grad_of(lambda t: ops.LpNorm(axis=1, epsilon=10.0)(t), x),
                               [[0.1, -0.2, 0], [0, 0, 0]], rtol=1e-6)
    np.testing.assert_allclose(grad_of(lambda t: ops.LpNorm(axis=1, p=1)(t), x), [[1, -1, 0], [0, 0, 0]])


def test_integer_inputs():
    xi = ms.Tensor(np.arange(6).reshape(2, 3), ms.int32)
    for fn, want in ((lambda x: ops.ReduceSum()(x, 1), np.ones((2, 3))),
                     (lambda x: ops.ReduceMean()(x, 1), np.zeros((2, 3))),
                     (lambda x: ops.sum(x, 1), np.ones((2, 3))),
                     (lambda x: ops.CumSum()(x, 1), [[3, 2, 1], [3, 2, 1]])):
        grad = ms.grad(fn)(xi)
        assert grad.dtype is ms.int32
        np.testing.assert_array_equal(grad.asnumpy(), want)
    norm_grad = ms.grad(lambda x: ops.vector_norm(x))(ms.Tensor([3, 4], ms.int32))
    assert norm_grad.dtype is ms.float32  # MindSpore leaves a norm's integer-input gradient in float
    np.testing.assert_allclose(norm_grad.asnumpy(), [0.6, 0.8], rtol=1e-6)


def test_a_norm_computed_in_another_dtype_returns_the_input_dtype():
    grad = ms.grad(lambda x: ops.vector_norm(x, dtype=ms.float64))(ms.Tensor([3.0, 4.0], ms.float32))
    assert grad.dtype is ms.float32


def test_singular_value_norms_match_mindspore():
    a = [[1.0, -2.0, 2.0], [0.5, 3.0, -1.0]]
    np.testing.assert_allclose(grad_of(lambda x: ops.matrix_norm(x, "nuc"), a),
                               [[0.596285, -0.298142, 0.745356], [0.447214, 0.894427, 0]], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(grad_of(lambda x: ops.matrix_norm(x, 2), a),
                               [[0.050549, -0.58236, 0.341729], [-0.054936, 0.632909, -0.371391]], rtol=1e-4)
    np.testing.assert_allclose(grad_of(lambda x: ops.matrix_norm(x, -2), a),
                               [[0.545736, 0.284218, 0.403627], [0.50215, 0.261518, 0.371391]], rtol=1e-4)


# ---- second order ---------------------------------------------------------------------------
def _squared(fn):
    def run(x):
        y = fn(x)
        return y * y
    return run


@pytest.mark.parametrize("fn", [
    lambda x: ops.ReduceSum()(x * x, 1),
    lambda x: ops.ReduceSum(keep_dims=True)(x * x, (0, 2)),
    lambda x: ops.ReduceMean()(x * x, -1),
    lambda x: ops.ReduceMean(keep_dims=True)(x * x, ()),
    lambda x: LogSumExp()(x, 1),
    lambda x: LogSumExp()(x, (0, 2), True),
    lambda x: Std()(x, 1, 1, False),
    lambda x: ops.ReduceMax()(x * x, 1),
    lambda x: ops.ReduceProd()(x, (0, 2)),
    lambda x: ops.CumSum(reverse=True)(x * x, 1),
    lambda x: LinalgVectorNorm()(x, 2, -1),
], ids=["sum", "sum_keep", "mean", "mean_all", "logsumexp", "logsumexp_keep", "std", "max", "prod", "cumsum",
        "vector_norm"])
def test_second_order(fn):
    check_second_order(_squared(fn), (rand(2, 3, 4),))
