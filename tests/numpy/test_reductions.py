"""mindspore.numpy's reductions against NumPy: axes, keepdims, initial / where, ddof, the NaN
variants, cumulative scans, arg-extrema, `average` and `norm`."""
import numpy as np
import pytest

import spore as ms
import spore.numpy as mnp
from tests.numpy.support import assert_matches

RNG = np.random.default_rng(1)
X = RNG.uniform(-2, 2, (3, 4, 5)).astype(np.float32)
M = RNG.uniform(-2, 2, (4, 3)).astype(np.float32)
WITH_NAN = np.array([[1.0, np.nan, 3.0], [np.nan, np.nan, np.nan], [4.0, 5.0, np.nan]], np.float32)
INTS = np.array([[1, 5, 2], [7, 0, 3]], np.int32)
T = ms.Tensor

CASES = [
    ("sum_all", lambda: mnp.sum(T(X)), lambda: np.sum(X), "Float32"),
    ("sum_axes_keepdims", lambda: mnp.sum(T(X), (0, 2), keepdims=True), lambda: np.sum(X, (0, 2), keepdims=True),
     "Float32"),
    ("sum_initial", lambda: mnp.sum(T(X), 1, initial=3.0), lambda: np.sum(X, 1, initial=3.0), "Float32"),
    ("sum_list", lambda: mnp.sum([0.5, 1.5]), lambda: np.array(2.0), "Float32"),
    ("sum_dtype", lambda: mnp.sum(T(INTS), 0, dtype=mnp.float32), lambda: np.sum(INTS, 0), "Float32"),
    ("mean", lambda: mnp.mean(T(X), -1), lambda: np.mean(X, -1), "Float32"),
    ("mean_keepdims", lambda: mnp.mean(T(X), (0, 1), keepdims=True), lambda: np.mean(X, (0, 1), keepdims=True),
     "Float32"),
    ("amax", lambda: mnp.amax(T(X), 1), lambda: np.amax(X, 1), "Float32"),
    ("amax_where_initial", lambda: mnp.amax(T(M), 0, where=mnp.array([False, True, True]), initial=-1.0),
     lambda: np.amax(M, 0, where=np.array([False, True, True]), initial=-1.0), "Float32"),
    ("amin_initial", lambda: mnp.amin(T(M), initial=-0.5), lambda: np.amin(M, initial=-0.5), "Float32"),
    ("max_alias", lambda: mnp.max(T(INTS), 1, keepdims=True), lambda: np.max(INTS, 1, keepdims=True), "Int32"),
    ("min_alias", lambda: mnp.min(T(INTS)), lambda: np.min(INTS), "Int32"),
    ("ptp", lambda: mnp.ptp(T(M), axis=1), lambda: np.ptp(M, axis=1), "Float32"),
    ("ptp_all", lambda: mnp.ptp(T(INTS)), lambda: np.ptp(INTS), "Int32"),
    ("var", lambda: mnp.var(T(X), 1), lambda: np.var(X.astype(np.float64), 1), "Float32"),
    ("var_ddof_keepdims", lambda: mnp.var(T(M), 0, ddof=1, keepdims=True),
     lambda: np.var(M.astype(np.float64), 0, ddof=1, keepdims=True), "Float32"),
    ("std", lambda: mnp.std(T(X)), lambda: np.std(X.astype(np.float64)), "Float32"),
    ("std_int", lambda: mnp.std(T(INTS), 1), lambda: np.std(INTS, 1), "Float32"),
    ("average", lambda: mnp.average(T(M)), lambda: np.average(M), "Float32"),
    ("average_weights", lambda: mnp.average(T(M), 0, T(np.abs(M))), lambda: np.average(M, 0, np.abs(M)), "Float32"),
    ("average_1d_weights", lambda: mnp.average(T(M), 1, mnp.array([1.0, 2.0, 3.0])),
     lambda: np.average(M, 1, [1.0, 2.0, 3.0]), "Float32"),
    ("average_returned", lambda: mnp.average(T(M), 1, mnp.array([1.0, 2.0, 3.0]), returned=True),
     lambda: np.average(M, 1, [1.0, 2.0, 3.0], returned=True), "Float32"),
    ("average_returned_unweighted", lambda: mnp.average(T(M), 0, returned=True),
     lambda: np.average(M, 0, returned=True), "Float32"),
    ("nansum", lambda: mnp.nansum(T(WITH_NAN), 0), lambda: np.nansum(WITH_NAN, 0), "Float32"),
    ("nanmean", lambda: mnp.nanmean(T(WITH_NAN[[0, 2]]), 1, keepdims=True),
     lambda: np.nanmean(WITH_NAN[[0, 2]], 1, keepdims=True), "Float32"),
    ("nanmax", lambda: mnp.nanmax(T(WITH_NAN), 1), lambda: np.array([3.0, np.nan, 5.0]), "Float32"),
    ("nanmin", lambda: mnp.nanmin(T(WITH_NAN)), lambda: np.nanmin(WITH_NAN), "Float32"),
    ("nanvar", lambda: mnp.nanvar(T(WITH_NAN)), lambda: np.nanvar(WITH_NAN.astype(np.float64)), "Float32"),
    ("nanvar_ddof", lambda: mnp.nanvar(T(WITH_NAN[[0, 2]]), 0, ddof=1),
     lambda: np.array([4.5, np.nan, np.nan]), "Float32"),
    ("nanstd", lambda: mnp.nanstd(T(WITH_NAN[[0, 2]]), 1), lambda: np.nanstd(WITH_NAN[[0, 2]].astype(np.float64), 1),
     "Float32"),
    ("nansum_int", lambda: mnp.nansum(T(INTS)), lambda: np.sum(INTS), None),
    ("nancumsum", lambda: mnp.nancumsum(T(WITH_NAN), 1), lambda: np.nancumsum(WITH_NAN, 1), "Float32"),
    ("cumsum_flat", lambda: mnp.cumsum(T(M)), lambda: np.cumsum(M), "Float32"),
    ("cumsum_axis", lambda: mnp.cumsum(T(X), 1), lambda: np.cumsum(X.astype(np.float64), 1), "Float32"),
    ("cumsum_bool", lambda: mnp.cumsum(mnp.array([True, False, True])), lambda: np.array([1, 1, 2]), "Int32"),
    ("cumsum_dtype", lambda: mnp.cumsum(T(INTS), 0, mnp.float32), lambda: np.cumsum(INTS, 0), "Float32"),
    ("cumprod", lambda: mnp.cumprod(T(INTS), 1), lambda: np.cumprod(INTS, 1), "Int32"),
    ("count_nonzero", lambda: mnp.count_nonzero(T(INTS)), lambda: np.count_nonzero(INTS), "Int32"),
    ("count_nonzero_axis", lambda: mnp.count_nonzero(T(INTS), 0, keepdims=True),
     lambda: np.count_nonzero(INTS, 0, keepdims=True), "Int32"),
    ("sometrue", lambda: mnp.sometrue(T(INTS), 1), lambda: np.any(INTS, 1), "Bool"),
    ("argmax", lambda: mnp.argmax(T(X)), lambda: np.argmax(X), "Int64"),
    ("argmax_axis", lambda: mnp.argmax(T(X), 1), lambda: np.argmax(X, 1), "Int64"),
    ("argmin_axis", lambda: mnp.argmin(T(X), -1), lambda: np.argmin(X, -1), "Int32"),
    ("argmin", lambda: mnp.argmin(T(M)), lambda: np.argmin(M), "Int32"),
    ("norm_flat", lambda: mnp.norm(T(X)), lambda: np.linalg.norm(X.astype(np.float64)), "Float32"),
    ("norm_vector_ord", lambda: mnp.norm(T(M), 3, axis=0), lambda: np.linalg.norm(M.astype(np.float64), 3, 0),
     "Float32"),
    ("norm_vector_inf", lambda: mnp.norm(T(M), np.inf, axis=1, keepdims=True),
     lambda: np.linalg.norm(M, np.inf, 1, keepdims=True), "Float32"),
    ("norm_vector_zero", lambda: mnp.norm(T(INTS[0]), 0), lambda: np.linalg.norm(INTS[0], 0), "Float32"),
]

MATRIX_ORDERS = [None, "fro", "nuc", 1, -1, 2, -2, np.inf, -np.inf]


@pytest.mark.parametrize("name, spore_fn, numpy_fn, dtype", CASES, ids=[c[0] for c in CASES])
def test_reduction_matches_numpy(name, spore_fn, numpy_fn, dtype):
    assert_matches(spore_fn(), numpy_fn(), dtype, rtol=2e-5, atol=1e-5)


@pytest.mark.parametrize("order", MATRIX_ORDERS, ids=[str(o) for o in MATRIX_ORDERS])
def test_matrix_norms_match_numpy(order):
    expected = np.linalg.norm(M.astype(np.float64), order)
    assert_matches(mnp.norm(T(M), order), expected, "Float32", rtol=2e-5)
    batched = np.linalg.norm(X.astype(np.float64), order, axis=(2, 0), keepdims=True)
    assert_matches(mnp.norm(T(X), order, axis=(2, 0), keepdims=True), batched, "Float32", rtol=2e-5)
