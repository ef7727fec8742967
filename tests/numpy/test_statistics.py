"""mindspore.numpy's statistics, signal, product and polynomial functions against NumPy."""
import numpy as np
import pytest

import spore as ms
import spore.numpy as mnp
from tests.numpy.support import assert_matches

RNG = np.random.default_rng(2)
DATA = RNG.uniform(-3, 3, (3, 6)).astype(np.float32)
SAMPLES = RNG.uniform(0, 10, (20,)).astype(np.float32)
WEIGHTS = RNG.uniform(0.5, 2, (20,)).astype(np.float32)
A = RNG.uniform(-2, 2, (2, 3, 4)).astype(np.float32)
B = RNG.uniform(-2, 2, (4, 5)).astype(np.float32)
T = ms.Tensor
W64 = DATA.astype(np.float64)

STAT_CASES = [
    ("bincount", lambda: mnp.bincount(mnp.array([0, 1, 1, 3, 2, 1, 7])), lambda: np.bincount([0, 1, 1, 3, 2, 1, 7]),
     "Float32"),
    ("bincount_weights_minlength", lambda: mnp.bincount(mnp.array([0, 1, 1, 2]), mnp.array([0.3, 0.5, 0.2, 0.7]), 6),
     lambda: np.bincount([0, 1, 1, 2], [0.3, 0.5, 0.2, 0.7], 6), "Float32"),
    ("bincount_length", lambda: mnp.bincount(mnp.array([0, 1]), length=4), lambda: np.bincount([0, 1], minlength=4),
     "Float32"),
    ("histogram", lambda: mnp.histogram(T(SAMPLES)), lambda: np.histogram(SAMPLES.astype(np.float64)), "Float32"),
    ("histogram_edges", lambda: mnp.histogram([1, 2, 1], bins=[0, 1, 2, 3]),
     lambda: np.histogram([1, 2, 1], bins=[0, 1, 2, 3]), None),
    ("histogram_range_weights", lambda: mnp.histogram(T(SAMPLES), 4, (2, 8), T(WEIGHTS)),
     lambda: np.histogram(SAMPLES, 4, (2, 8), weights=WEIGHTS), "Float32"),
    ("histogram_density", lambda: mnp.histogram(T(SAMPLES), 5, density=True),
     lambda: np.histogram(SAMPLES.astype(np.float64), 5, density=True), "Float32"),
    ("histogram2d", lambda: mnp.histogram2d(mnp.arange(5), mnp.arange(2, 7), bins=(2, 3)),
     lambda: np.histogram2d(np.arange(5), np.arange(2, 7), bins=(2, 3)), "Float32"),
    ("histogramdd", lambda: mnp.histogramdd(mnp.arange(15).reshape(5, 3), bins=(2, 3, 4)),
     lambda: np.histogramdd(np.arange(15).reshape(5, 3), bins=(2, 3, 4)), "Float32"),
    ("histogramdd_density", lambda: mnp.histogramdd(T(DATA.T), bins=2, density=True),
     lambda: np.histogramdd(W64.T, bins=2, density=True), "Float32"),
    ("cov", lambda: mnp.cov(T(DATA)), lambda: np.cov(W64), "Float32"),
    ("cov_columns_bias", lambda: mnp.cov(T(DATA), rowvar=False, bias=True),
     lambda: np.cov(W64, rowvar=False, bias=True), "Float32"),
    ("cov_y_ddof", lambda: mnp.cov(T(DATA[0]), T(DATA[1]), ddof=0), lambda: np.cov(W64[0], W64[1], ddof=0), "Float32"),
    ("cov_weights", lambda: mnp.cov(T(DATA), fweights=mnp.array([1, 2, 1, 3, 1, 1]), aweights=T(WEIGHTS[:6])),
     lambda: np.cov(W64, fweights=[1, 2, 1, 3, 1, 1], aweights=WEIGHTS[:6].astype(np.float64)), "Float32"),
    ("cov_1d", lambda: mnp.cov(mnp.array([1.0, 2, 4])), lambda: np.cov([1.0, 2, 4]), "Float32"),
    ("corrcoef", lambda: mnp.corrcoef(T(DATA)), lambda: np.corrcoef(W64), "Float32"),
    ("correlate_valid", lambda: mnp.correlate(T(SAMPLES[:7]), T(WEIGHTS[:3])),
     lambda: np.correlate(SAMPLES[:7], WEIGHTS[:3]), "Float32"),
    ("correlate_same", lambda: mnp.correlate(T(SAMPLES[:7]), T(WEIGHTS[:4]), "same"),
     lambda: np.correlate(SAMPLES[:7], WEIGHTS[:4], "same"), "Float32"),
    ("correlate_full_swapped", lambda: mnp.correlate(T(WEIGHTS[:3]), T(SAMPLES[:6]), "full"),
     lambda: np.correlate(WEIGHTS[:3], SAMPLES[:6], "full"), "Float32"),
    ("convolve_full", lambda: mnp.convolve(T(SAMPLES[:6]), T(WEIGHTS[:3])),
     lambda: np.convolve(SAMPLES[:6], WEIGHTS[:3]), "Float32"),
    ("convolve_same_swapped", lambda: mnp.convolve(T(WEIGHTS[:3]), T(SAMPLES[:6]), "same"),
     lambda: np.convolve(WEIGHTS[:3], SAMPLES[:6], "same"), "Float32"),
    ("convolve_int", lambda: mnp.convolve([1, 2, 3], [0, 1, 5]), lambda: np.convolve([1, 2, 3], [0, 1, 5]), "Int32"),
    ("gradient", lambda: mnp.gradient(T(DATA)), lambda: np.gradient(W64), "Float32"),
    ("gradient_axis_spacing", lambda: mnp.gradient(T(DATA), 0.5, axis=-1), lambda: np.gradient(W64, 0.5, axis=-1),
     "Float32"),
    ("gradient_coordinates", lambda: mnp.gradient(T(DATA[0]), mnp.array([0.0, 1, 3, 4, 7, 8])),
     lambda: np.gradient(W64[0], [0.0, 1, 3, 4, 7, 8]), "Float32"),
    ("gradient_int", lambda: mnp.gradient([[1, 2, 6], [3, 4, 5]], axis=-1),
     lambda: np.gradient(np.array([[1, 2, 6], [3, 4, 5]]), axis=-1), "Float32"),
    ("trapz", lambda: mnp.trapz(T(DATA)), lambda: np.trapezoid(W64), "Float32"),
    ("trapz_x", lambda: mnp.trapz(mnp.arange(6).reshape(2, 3), x=[-2, 1, 2], axis=1),
     lambda: np.trapezoid(np.arange(6).reshape(2, 3), x=[-2, 1, 2], axis=1), "Float32"),
    ("trapz_dx", lambda: mnp.trapz(T(DATA), dx=3, axis=0), lambda: np.trapezoid(W64, dx=3, axis=0), "Float32"),
    ("interp", lambda: mnp.interp([0, 1, 1.5, 2.72, 3.14], [1, 2, 3], [3, 2, 0]),
     lambda: np.interp([0, 1, 1.5, 2.72, 3.14], [1, 2, 3], [3, 2, 0]), "Float32"),
    ("interp_left_right", lambda: mnp.interp(T(DATA), mnp.array([-1.0, 0, 2]), mnp.array([1.0, 5, -2]), -9.0, 9.0),
     lambda: np.interp(W64, [-1.0, 0, 2], [1.0, 5, -2], -9.0, 9.0), "Float32"),
    ("unwrap", lambda: mnp.unwrap(T(DATA * 3)), lambda: np.unwrap(W64 * 3), "Float32"),
    ("unwrap_discont_axis", lambda: mnp.unwrap(T(DATA * 3), discont=4.0, axis=0),
     lambda: np.unwrap(W64 * 3, discont=4.0, axis=0), "Float32"),
]

PRODUCT_CASES = [
    ("matmul", lambda: mnp.matmul(T(A), T(B)), lambda: np.matmul(A, B), "Float32"),
    ("matmul_vector", lambda: mnp.matmul(T(B[:, 0]), T(B)), lambda: np.matmul(B[:, 0], B), "Float32"),
    ("dot_nd", lambda: mnp.dot(T(A), T(B)), lambda: np.dot(A, B), "Float32"),
    ("dot_nd_nd", lambda: mnp.dot(T(A), T(A.transpose(1, 2, 0))), lambda: np.dot(A, A.transpose(1, 2, 0)), "Float32"),
    ("dot_vectors", lambda: mnp.dot(mnp.array([1, 2]), mnp.array([3, 4])), lambda: np.dot([1, 2], [3, 4]), "Int32"),
    ("dot_scalar", lambda: mnp.dot(2.0, T(B)), lambda: np.dot(2.0, B), "Float32"),
    ("inner", lambda: mnp.inner(T(A), T(B.T)), lambda: np.inner(A, B.T), "Float32"),
    ("outer", lambda: mnp.outer(T(A[0]), T(B[0])), lambda: np.outer(A[0], B[0]), "Float32"),
    ("tensordot_int", lambda: mnp.tensordot(T(A), T(A), 0), lambda: np.tensordot(A, A, 0), "Float32"),
    ("tensordot_axes", lambda: mnp.tensordot(T(A), T(A.transpose(1, 0, 2)), ([1, 0], [0, 1])),
     lambda: np.tensordot(A, A.transpose(1, 0, 2), ([1, 0], [0, 1])), "Float32"),
    ("tensordot_default", lambda: mnp.tensordot(T(A), T(A[0].T.reshape(4, 3, 1).transpose(1, 0, 2))),
     lambda: np.tensordot(A, A[0].T.reshape(4, 3, 1).transpose(1, 0, 2)), "Float32"),
    ("kron", lambda: mnp.kron([1, 10, 100], [5, 6, 7]), lambda: np.kron([1, 10, 100], [5, 6, 7]), "Int32"),
    ("kron_matrices", lambda: mnp.kron(T(B[:2, :3]), T(A[0])), lambda: np.kron(B[:2, :3], A[0]), "Float32"),
    ("cross", lambda: mnp.cross(T(A[..., :3]), T(B[:3, :3])), lambda: np.cross(A[..., :3], B[:3, :3]), "Float32"),
    ("cross_axisc", lambda: mnp.cross(mnp.array([[1, 2, 3], [4, 5, 6]]), mnp.array([[4, 5, 6], [1, 2, 3]]), axisc=0),
     lambda: np.cross([[1, 2, 3], [4, 5, 6]], [[4, 5, 6], [1, 2, 3]], axisc=0), "Int32"),
    ("cross_2_and_3", lambda: mnp.cross(mnp.array([1.0, 2]), mnp.array([3.0, 4, 5])),
     lambda: np.array([10.0, -5.0, -2.0]), "Float32"),
    ("cross_axis", lambda: mnp.cross(T(A[:, :, :3]), T(A[:, :, 1:]), axis=1),
     lambda: np.cross(A[:, :, :3], A[:, :, 1:], axis=1), "Float32"),
    ("matrix_power", lambda: mnp.matrix_power(T(A[:, :, :3].reshape(2, 3, 3) / 2), 5),
     lambda: np.linalg.matrix_power(A[:, :, :3].reshape(2, 3, 3) / 2, 5), "Float32"),
    ("matrix_power_zero", lambda: mnp.matrix_power(mnp.array([[1, 1], [0, 1]]), 0), lambda: np.eye(2), "Int32"),
    ("multi_dot", lambda: mnp.multi_dot([T(A[0]), T(B), T(B.T), T(A[1, 0])]),
     lambda: np.linalg.multi_dot([A[0], B, B.T, A[1, 0]]), "Float32"),
]

POLY_CASES = [
    ("polyadd", lambda: mnp.polyadd([1, 2], [9, 5, 4]), lambda: np.polyadd([1, 2], [9, 5, 4]), "Int32"),
    ("polysub", lambda: mnp.polysub([2, 10, -2], [3, 10, -4]), lambda: np.polysub([2, 10, -2], [3, 10, -4]), "Int32"),
    ("polymul", lambda: mnp.polymul([3.0, 1, 2], [2.0, 5]), lambda: np.polymul([3.0, 1, 2], [2.0, 5]), "Float32"),
    ("polyder", lambda: mnp.polyder([1, 1, 1, 1]), lambda: np.polyder([1, 1, 1, 1]), "Int32"),
    ("polyder_m", lambda: mnp.polyder([4.0, 1, 2, 1], m=2), lambda: np.polyder([4.0, 1, 2, 1], m=2), "Float32"),
    ("polyint", lambda: mnp.polyint([1, 1, 1]), lambda: np.polyint([1, 1, 1]), "Float32"),
    ("polyint_m_k", lambda: mnp.polyint([1.0, 1, 1], m=2, k=[1, 2]), lambda: np.polyint([1.0, 1, 1], m=2, k=[1, 2]),
     "Float32"),
    ("polyval", lambda: mnp.polyval([3.0, 0.0, 1.0], 5.0), lambda: np.polyval([3.0, 0.0, 1.0], 5.0), "Float32"),
    ("polyval_array", lambda: mnp.polyval(mnp.array([3.0, 0, 1, -2]), T(DATA)),
     lambda: np.polyval([3.0, 0, 1, -2], W64), "Float32"),
]

ALL = STAT_CASES + PRODUCT_CASES + POLY_CASES


@pytest.mark.parametrize("name, spore_fn, numpy_fn, dtype", ALL, ids=[c[0] for c in ALL])
def test_matches_numpy(name, spore_fn, numpy_fn, dtype):
    assert_matches(spore_fn(), numpy_fn(), dtype, rtol=1e-4, atol=1e-4)
