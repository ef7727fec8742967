"""The math Cells of nn.layer.math (Range, Moments, MatMul, MatDet, MatInverse, ReduceLogSumExp,
DiGamma, LGamma, IGamma, LBeta) and the tensor Cells of nn.layer.basic (Roll, Tril, Triu, Norm,
OneHot, MatrixDiag, MatrixDiagPart, MatrixSetDiag, L1Regularizer): outputs against NumPy /
float64 references in PyNative and Graph mode, gradients against central differences, and
MindSpore 2.7.1's argument errors."""
import math

import numpy as np
import pytest

import spore as ms
from spore import Tensor, nn

from .nnbasic_checks import mode  # noqa: F401 - the fixture running a test in both modes

RNG = np.random.default_rng(0)


def rand(*shape, dtype=np.float32):
    return RNG.standard_normal(shape).astype(dtype)


def spd(n, batch=()):
    """Symmetric positive-definite matrices (*batch, n, n)."""
    a = RNG.standard_normal(batch + (n, n))
    return a @ np.swapaxes(a, -1, -2) + n * np.eye(n)


def numeric_gradient(fn, array, eps):
    """d fn(array) / d array by central differences (fn returns a float)."""
    grad = np.zeros(array.shape)
    for idx in np.ndindex(array.shape):
        moved = array.astype(np.float64).copy()
        moved[idx] += eps
        plus = fn(moved)
        moved[idx] -= 2 * eps
        grad[idx] = (plus - fn(moved)) / (2 * eps)
    return grad


def check_cell_gradient(cell, x, dtype=np.float64, rtol=1e-5, atol=1e-6, eps=1e-6):
    """The gradient of sum(cell(x) * s), s random, against central differences."""
    sens = RNG.standard_normal(cell(Tensor(x.astype(dtype))).shape)

    def weighted(value):
        return float((cell(Tensor(value.astype(dtype))).asnumpy().astype(np.float64) * sens).sum())

    analytic = ms.grad(lambda t: (cell(t) * Tensor(sens.astype(dtype))).sum())(Tensor(x.astype(dtype)))
    np.testing.assert_allclose(analytic.asnumpy(), numeric_gradient(weighted, x, eps), rtol=rtol, atol=atol)


# ---- Range ----------------------------------------------------------------------------------
@pytest.mark.parametrize("args, expected, dtype", [
    ((1, 8, 2), np.arange(1, 8, 2), ms.int32),
    ((5,), np.arange(5), ms.int32),
    ((8, 1, -2), np.arange(8, 1, -2), ms.int32),
    ((8, 1, 1), np.arange(8, 1, 1), ms.int32),
    ((1.0, 3.0, 0.5), np.arange(1.0, 3.0, 0.5), ms.float32),
    ((1, 5.0), np.arange(1, 5.0), ms.float32),
])
@pytest.mark.usefixtures("mode")
def test_range(args, expected, dtype):
    out = nn.Range(*args)()
    assert out.dtype is dtype
    np.testing.assert_array_equal(out.asnumpy(), expected)


def test_range_errors():
    with pytest.raises(ValueError, match="'delta' can not be zero"):
        nn.Range(1, 8, 0)
    with pytest.raises(TypeError, match="Range"):
        nn.Range("a")


# ---- Moments --------------------------------------------------------------------------------
@pytest.mark.usefixtures("mode")
@pytest.mark.parametrize("axis, keep_dims", [(None, None), (0, True), ((0, 2), False), (-1, False), ((), True)])
def test_moments(axis, keep_dims):
    x = rand(2, 3, 4)
    mean, variance = nn.Moments(axis, keep_dims)(Tensor(x))
    reduce_axis = None if axis in (None, ()) else axis
    x64 = x.astype(np.float64)
    np.testing.assert_allclose(mean.asnumpy(), x64.mean(reduce_axis, keepdims=bool(keep_dims)), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(variance.asnumpy(), x64.var(reduce_axis, keepdims=bool(keep_dims)), rtol=1e-5,
                               atol=1e-6)


@pytest.mark.usefixtures("mode")
def test_moments_float16_is_reduced_in_float32():
    x = (RNG.standard_normal((4, 5)) * 100).astype(np.float16)
    mean, variance = nn.Moments(axis=1)(Tensor(x))
    assert mean.dtype is ms.float16 and variance.dtype is ms.float16
    np.testing.assert_allclose(variance.asnumpy(), x.astype(np.float64).var(1), rtol=2e-3)


def test_moments_errors():
    with pytest.raises(TypeError, match="Moments"):
        nn.Moments(axis=0.5)
    with pytest.raises(TypeError, match="keep_dims"):
        nn.Moments(axis=0, keep_dims=1)
    with pytest.raises(TypeError, match="'input x' should be one of"):
        nn.Moments()(Tensor(np.ones((2, 2), np.int32)))


def test_moments_gradient():
    # Moments accepts Float16 / Float32 only: float32 differences, loose tolerance.
    cell = nn.Moments(axis=1)
    check_cell_gradient(lambda t: cell(t)[1] + cell(t)[0], rand(3, 4), np.float32, rtol=1e-2, atol=1e-3, eps=1e-2)


# ---- MatMul ---------------------------------------------------------------------------------
@pytest.mark.parametrize("shape1, shape2, t1, t2", [
    ((2, 3), (3, 4), False, False),
    ((3, 2), (4, 3), True, True),
    ((4, 2, 3), (3, 5), False, False),
    ((4, 1, 2, 3), (5, 3, 2), False, False),
    ((3,), (3,), False, False),
    ((3,), (3, 2), False, False),
    ((2, 3), (3,), False, False),
    ((3,), (2, 3), True, True),
])
@pytest.mark.usefixtures("mode")
def test_matmul(shape1, shape2, t1, t2):
    x1, x2 = rand(*shape1), rand(*shape2)
    a = np.swapaxes(x1, -1, -2) if t1 and x1.ndim > 1 else x1
    b = np.swapaxes(x2, -1, -2) if t2 and x2.ndim > 1 else x2
    out = nn.MatMul(t1, t2)(Tensor(x1), Tensor(x2))
    np.testing.assert_allclose(out.asnumpy(), np.matmul(a.astype(np.float64), b), rtol=1e-5, atol=1e-5)


@pytest.mark.usefixtures("mode")
def test_matmul_integers():
    x = np.arange(6, dtype=np.int32).reshape(2, 3)
    out = nn.MatMul(transpose_x2=True)(Tensor(x), Tensor(x))
    assert out.dtype is ms.int32
    np.testing.assert_array_equal(out.asnumpy(), x @ x.T)


def test_matmul_errors():
    with pytest.raises(TypeError, match="transpose_x1"):
        nn.MatMul(1, 0)
    x = Tensor(np.ones((2, 3), np.float32))
    with pytest.raises(ValueError, match="'x1_col' 3 and 'x2_row' 2"):
        nn.MatMul()(x, x)
    with pytest.raises(TypeError, match="should be same as 'x1'"):
        nn.MatMul()(x, Tensor(np.ones((3, 2), np.float16)))
    with pytest.raises(ValueError, match="at least 1-D"):
        nn.MatMul()(Tensor(np.float32(1)), x)


def test_matmul_gradient():
    x2 = rand(3, 4).astype(np.float64)
    check_cell_gradient(lambda t: nn.MatMul(transpose_x1=True)(t, Tensor(x2)), rand(3, 2))


# ---- MatDet / MatInverse ----------------------------------------------------------------------
@pytest.mark.usefixtures("mode")
def test_mat_det_and_inverse_doc_example():
    x = Tensor(np.array([[4, 12, -16], [12, 37, -43], [-16, -43, 98]], np.float32))
    np.testing.assert_allclose(nn.MatDet()(x).asnumpy(), 36.0, rtol=1e-5)
    expected = np.array([[49.36112, -13.555558, 2.1111116], [-13.555558, 3.7777784, -0.5555557],
                         [2.1111116, -0.5555557, 0.11111113]])
    np.testing.assert_allclose(nn.MatInverse()(x).asnumpy(), expected, rtol=1e-4, atol=1e-4)


@pytest.mark.usefixtures("mode")
@pytest.mark.parametrize("batch", [(), (2,), (2, 3)])
def test_mat_det_and_inverse_batches(batch):
    a = spd(3, batch)
    np.testing.assert_allclose(nn.MatDet()(Tensor(a.astype(np.float32))).asnumpy(), np.linalg.det(a), rtol=1e-4)
    np.testing.assert_allclose(nn.MatInverse()(Tensor(a.astype(np.float32))).asnumpy(), np.linalg.inv(a),
                               rtol=1e-4, atol=1e-5)


@pytest.mark.usefixtures("mode")
def test_mat_det_float16():
    out = nn.MatDet()(Tensor(np.array([[2.0, 0.5], [0.5, 1.0]], np.float16)))
    assert out.dtype is ms.float16
    np.testing.assert_allclose(out.asnumpy(), 1.75, rtol=1e-3)


def test_mat_det_and_inverse_errors():
    for cell in (nn.MatDet(), nn.MatInverse()):
        with pytest.raises(TypeError, match="'input_a' should be one of"):
            cell(Tensor(np.eye(2)))
        with pytest.raises(ValueError, match="square matrices"):
            cell(Tensor(np.ones((2, 3), np.float32)))
        with pytest.raises(RuntimeError, match="Cholesky"):
            cell(Tensor(np.array([[1.0, 2.0], [2.0, 1.0]], np.float32)))


def test_mat_det_and_inverse_gradients():
    def symmetric(cell):
        return lambda t: cell((t + t.swapaxes(-1, -2)) / 2)

    a = spd(3)
    check_cell_gradient(symmetric(nn.MatDet()), a, np.float32, rtol=2e-2, atol=1e-1, eps=1e-2)
    check_cell_gradient(symmetric(nn.MatInverse()), a, np.float32, rtol=2e-2, atol=1e-3, eps=1e-2)


# ---- ReduceLogSumExp -----------------------------------------------------------------------
@pytest.mark.usefixtures("mode")
@pytest.mark.parametrize("axis, keep_dims", [(1, False), ((0, 1), True), ((), False), ([0, 2], False), (-1, True)])
def test_reduce_log_sum_exp(axis, keep_dims):
    x = rand(2, 3, 4) * 30  # large values: the shift keeps exp finite
    reduce_axis = None if axis == () else tuple(axis) if isinstance(axis, list) else axis
    x64 = x.astype(np.float64)
    top = x64.max()
    expected = np.log(np.exp(x64 - top).sum(reduce_axis, keepdims=keep_dims)) + top
    out = nn.ReduceLogSumExp(axis, keep_dims)(Tensor(x))
    np.testing.assert_allclose(out.asnumpy(), expected, rtol=1e-5, atol=1e-5)


def test_reduce_log_sum_exp_errors():
    with pytest.raises(TypeError, match="axis"):
        nn.ReduceLogSumExp(1.0)
    with pytest.raises(TypeError, match="keep_dims"):
        nn.ReduceLogSumExp(0, 1)


def test_reduce_log_sum_exp_gradient():
    check_cell_gradient(nn.ReduceLogSumExp(1), rand(3, 4))


# ---- special functions ----------------------------------------------------------------------
@pytest.mark.usefixtures("mode")
def test_special_functions_doc_examples():
    x = Tensor(np.array([2, 3, 4]).astype(np.float32))
    np.testing.assert_allclose(nn.LGamma()(x).asnumpy(), [0.0, math.log(2), math.log(6)], atol=1e-6)
    euler = 0.5772156649015329
    np.testing.assert_allclose(nn.DiGamma()(Tensor(np.array([2, 3, 4], np.float32))).asnumpy(),
                               [1 - euler, 1.5 - euler, 11 / 6 - euler], rtol=1e-6)
    a = Tensor(np.array([2.0, 4.0, 6.0, 8.0]).astype(np.float32))
    x = Tensor(np.array([2.0, 3.0, 4.0, 5.0]).astype(np.float32))
    np.testing.assert_allclose(nn.IGamma()(a, x).asnumpy(), [0.59399426, 0.35276744, 0.21486904, 0.13337123],
                               rtol=1e-5)
    x = Tensor(np.array([2.0, 4.0, 6.0, 8.0]).astype(np.float32))
    y = Tensor(np.array([2.0, 3.0, 14.0, 15.0]).astype(np.float32))
    np.testing.assert_allclose(nn.LBeta()(x, y).asnumpy(), [-1.7917596, -4.094345, -12.000225, -14.754795],
                               rtol=1e-5)


def _lower_incomplete_gamma(a: float, x: float) -> float:
    """P(a, x) by its series x^a e^-x / Gamma(a + 1) * sum_k x^k / ((a + 1) ... (a + k))."""
    term, total = 1.0, 1.0
    for k in range(1, 200):
        term *= x / (a + k)
        total += term
    return math.exp(a * math.log(x) - x - math.lgamma(a + 1)) * total


@pytest.mark.usefixtures("mode")
def test_special_functions_against_float64():
    a = RNG.uniform(0.3, 6.0, (3, 4))
    x = RNG.uniform(0.1, 8.0, (4,))
    lgamma = np.vectorize(math.lgamma)
    np.testing.assert_allclose(nn.LGamma()(Tensor(a.astype(np.float32))).asnumpy(), lgamma(a), rtol=1e-5,
                               atol=1e-5)
    np.testing.assert_allclose(nn.LGamma()(Tensor(np.array([-2.5], np.float32))).asnumpy(),
                               [math.lgamma(-2.5)], rtol=1e-5)
    expected = np.vectorize(_lower_incomplete_gamma)(a, np.broadcast_to(x, a.shape))
    out = nn.IGamma()(Tensor(a.astype(np.float32)), Tensor(x.astype(np.float32)))
    np.testing.assert_allclose(out.asnumpy(), expected, rtol=1e-4, atol=1e-6)
    out = nn.LBeta()(Tensor(a.astype(np.float32)), Tensor(x.astype(np.float32)))
    np.testing.assert_allclose(out.asnumpy(), lgamma(a) + lgamma(x) - lgamma(a + x), rtol=1e-5, atol=1e-5)


@pytest.mark.usefixtures("mode")
def test_lbeta_large_arguments_keep_their_precision():
    x = np.array([100.0, 1e4], np.float32)
    y = np.array([200.0, 2e4], np.float32)
    expected = [math.lgamma(a) + math.lgamma(b) - math.lgamma(a + b) for a, b in zip(x.tolist(), y.tolist())]
    np.testing.assert_allclose(nn.LBeta()(Tensor(x), Tensor(y)).asnumpy(), expected, rtol=1e-6)


@pytest.mark.usefixtures("mode")
def test_digamma_against_lgamma_differences():
    x = RNG.uniform(0.5, 10.0, (6,))
    h = 1e-5
    expected = [(math.lgamma(v + h) - math.lgamma(v - h)) / (2 * h) for v in x]
    np.testing.assert_allclose(nn.DiGamma()(Tensor(x.astype(np.float32))).asnumpy(), expected, rtol=1e-4)


def test_special_function_errors():
    ints = Tensor(np.array([1, 2], np.int32))
    f32 = Tensor(np.array([1.0, 2.0], np.float32))
    f16 = Tensor(np.array([1.0, 2.0], np.float16))
    for cell in (nn.DiGamma(), nn.LGamma()):
        with pytest.raises(TypeError, match="'x' should be one of"):
            cell(ints)
        with pytest.raises(TypeError, match="'x' should be one of"):
            cell(Tensor(np.array([1.0])))
    with pytest.raises(TypeError, match="For 'IGamma', the 'x' should be Float32"):
        nn.IGamma()(f32, f16)
    with pytest.raises(TypeError, match="For 'LBeta', the 'y' should be Float32"):
        nn.LBeta()(f32, f16)
    with pytest.raises(TypeError, match="LBeta"):
        nn.LBeta()([1.0], f32)


def test_lbeta_gradient():
    x = RNG.uniform(1.0, 3.0, (4,))
    y = RNG.uniform(1.0, 3.0, (4,)).astype(np.float32)
    check_cell_gradient(lambda t: nn.LBeta()(t, Tensor(y)), x, np.float32, rtol=1e-2, atol=1e-3, eps=1e-2)


# ---- Roll, Tril, Triu, Norm -------------------------------------------------------------------
@pytest.mark.usefixtures("mode")
@pytest.mark.parametrize("shift, axis", [(1, 0), ((1, 2), (0, 1)), ([-1], [-1]), ((2, -1), (1, 1))])
def test_roll(shift, axis):
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    expected = np.roll(x, shift, axis)
    np.testing.assert_array_equal(nn.Roll(shift, axis)(Tensor(x)).asnumpy(), expected)


def test_roll_errors():
    with pytest.raises(ValueError, match="the length of 'shift' 2 and the length of 'axis' 1"):
        nn.Roll((1, 2), (0,))
    with pytest.raises(TypeError, match="shift"):
        nn.Roll(1.5, 0)
    with pytest.raises(TypeError, match="axis"):
        nn.Roll(1, 0.5)


@pytest.mark.usefixtures("mode")
@pytest.mark.parametrize("k", [0, 1, -1, 5])
@pytest.mark.parametrize("dtype", [np.float32, np.int32, np.bool_])
def test_tril_triu(k, dtype):
    x = (np.arange(24).reshape(2, 3, 4) % 5).astype(dtype)
    np.testing.assert_array_equal(nn.Tril()(Tensor(x), k).asnumpy(), np.tril(x, k))
    np.testing.assert_array_equal(nn.Triu()(Tensor(x), k).asnumpy(), np.triu(x, k))
    assert nn.Tril()(Tensor(x), k).dtype is nn.Triu()(Tensor(x)).dtype


@pytest.mark.usefixtures("mode")
def test_tril_default_diagonal():
    x = rand(3, 3)
    np.testing.assert_array_equal(nn.Tril()(Tensor(x)).asnumpy(), np.tril(x))
    np.testing.assert_array_equal(nn.Triu()(Tensor(x)).asnumpy(), np.triu(x))


def test_tril_errors():
    with pytest.raises(ValueError):
        nn.Tril()(Tensor(np.ones(3, np.float32)))
    with pytest.raises(TypeError):
        nn.Triu()(Tensor(np.ones((2, 2), np.float32)), 1.5)


@pytest.mark.usefixtures("mode")
@pytest.mark.parametrize("axis, keep_dims", [((), False), (1, True), ((0, 2), False), ([0, 1], False), (-1, False)])
def test_norm(axis, keep_dims):
    x = rand(2, 3, 4)
    reduce_axis = None if axis == () else tuple(axis) if isinstance(axis, list) else axis
    expected = np.sqrt((x.astype(np.float64) ** 2).sum(reduce_axis, keepdims=keep_dims))
    np.testing.assert_allclose(nn.Norm(axis, keep_dims)(Tensor(x)).asnumpy(), expected, rtol=1e-5)


@pytest.mark.usefixtures("mode")
def test_norm_of_integers_is_float32():
    out = nn.Norm(axis=0)(Tensor(np.array([[3, 4]], np.int32)))
    assert out.dtype is ms.float32
    np.testing.assert_allclose(out.asnumpy(), [3.0, 4.0])


def test_norm_errors_and_repr():
    with pytest.raises(TypeError, match="keep_dims"):
        nn.Norm(keep_dims=1)
    with pytest.raises(TypeError, match="axis"):
        nn.Norm(axis=1.0)
    assert repr(nn.Norm(axis=1)) == "Norm(axis=1, keep_dims=False)"


def test_norm_gradient():
    check_cell_gradient(nn.Norm(axis=1), rand(3, 4))


# ---- OneHot ---------------------------------------------------------------------------------
@pytest.mark.usefixtures("mode")
@pytest.mark.parametrize("axis", [-1, 0, 1])
def test_one_hot(axis):
    indices = np.array([[0, 2], [1, 5]], np.int64)  # 5 is out of range: all off_value
    out = nn.OneHot(axis=axis, depth=3, on_value=2.0, off_value=-1.0, dtype=ms.float16)(Tensor(indices))
    expected = np.where(np.arange(3) == indices[..., None], 2.0, -1.0)
    assert out.dtype is ms.float16
    np.testing.assert_array_equal(out.asnumpy(), np.moveaxis(expected, -1, axis))


@pytest.mark.usefixtures("mode")
def test_one_hot_defaults_and_integer_dtype():
    out = nn.OneHot(depth=2, dtype=ms.int32)(Tensor(np.array([0, 1], np.int32)))
    assert out.dtype is ms.int32
    np.testing.assert_array_equal(out.asnumpy(), np.eye(2))
    np.testing.assert_array_equal(nn.OneHot()(Tensor(np.array([0, 1], np.int32))).asnumpy(), [[1.0], [0.0]])


def test_one_hot_float_indices_error():
    with pytest.raises(TypeError):
        nn.OneHot(depth=3)(Tensor(np.array([0.0, 2.0], np.float32)))


# ---- MatrixDiag, MatrixDiagPart, MatrixSetDiag ---------------------------------------------------
@pytest.mark.usefixtures("mode")
def test_matrix_diag():
    x = rand(2, 3)
    out = nn.MatrixDiag()(Tensor(x)).asnumpy()
    np.testing.assert_array_equal(out, x[..., None] * np.eye(3))
    np.testing.assert_array_equal(nn.MatrixDiag()(Tensor(np.array([1, 2], np.int32))).asnumpy(), [[1, 0], [0, 2]])


@pytest.mark.usefixtures("mode")
@pytest.mark.parametrize("shape", [(3, 3), (2, 3, 4), (2, 4, 3)])
def test_matrix_diag_part_and_set_diag(shape):
    x = rand(*shape)
    diagonal = np.diagonal(x, 0, -2, -1)
    np.testing.assert_array_equal(nn.MatrixDiagPart()(Tensor(x)).asnumpy(), diagonal)
    new = rand(*diagonal.shape)
    expected = x.copy()
    for i in range(diagonal.shape[-1]):
        expected[..., i, i] = new[..., i]
    np.testing.assert_array_equal(nn.MatrixSetDiag()(Tensor(x), Tensor(new)).asnumpy(), expected)


@pytest.mark.usefixtures("mode")
def test_matrix_set_diag_doc_example():
    x = Tensor([[[-1, 0], [0, 1]], [[-1, 0], [0, 1]], [[-1, 0], [0, 1]]], ms.float32)
    diagonal = Tensor([[-1., 2.], [-1., 1.], [-1., 1.]], ms.float32)
    expected = [[[-1, 0], [0, 2]], [[-1, 0], [0, 1]], [[-1, 0], [0, 1]]]
    np.testing.assert_array_equal(nn.MatrixSetDiag()(x, diagonal).asnumpy(), expected)


def test_matrix_diag_errors():
    with pytest.raises(ValueError):
        nn.MatrixDiagPart()(Tensor(np.ones(3, np.float32)))
    with pytest.raises(ValueError):
        nn.MatrixSetDiag()(Tensor(np.ones((2, 3), np.float32)), Tensor(np.ones(3, np.float32)))


def test_matrix_set_diag_gradient():
    diagonal = rand(2).astype(np.float64)
    check_cell_gradient(lambda t: nn.MatrixSetDiag()(t, Tensor(diagonal)), rand(2, 3))


# ---- L1Regularizer --------------------------------------------------------------------------
@pytest.mark.usefixtures("mode")
def test_l1_regularizer():
    weights = Tensor(np.array([[1.0, -2.0], [-3.0, 4.0]]).astype(np.float32))
    out = nn.L1Regularizer(0.5)(weights)
    assert out.dtype is ms.float32 and out.shape == ()
    np.testing.assert_allclose(out.asnumpy(), 5.0)
    assert nn.L1Regularizer(2)(Tensor(np.array([1, -2], np.int32))).dtype is ms.float32
    np.testing.assert_allclose(nn.L1Regularizer(0.5)(Tensor(np.array([1, -2], np.float16))).asnumpy(), 1.5)


def test_l1_regularizer_errors():
    with pytest.raises(ValueError, match="must be greater than 0, but got 0"):
        nn.L1Regularizer(0)
    with pytest.raises(ValueError, match="can not be INF or NAN"):
        nn.L1Regularizer(float("inf"))
    for bad in ("a", True):
        with pytest.raises(TypeError, match="scale"):
            nn.L1Regularizer(bad)
    with pytest.raises(TypeError, match="weights"):
        nn.L1Regularizer(1.0)(Tensor(np.array([True])))


def test_l1_regularizer_gradient():
    check_cell_gradient(nn.L1Regularizer(0.5), rand(3, 2), np.float32, rtol=1e-3, atol=1e-3, eps=1e-3)
