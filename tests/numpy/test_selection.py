"""mindspore.numpy's selection and indexing against NumPy: take, choose, select, where,
piecewise, sorted search, index conversion, sets and applying functions along axes."""
import numpy as np
import pytest

import spore as ms
import spore.numpy as mnp
from tests.numpy.support import assert_matches

A = np.array([4, 3, 5, 7, 6, 8], np.int32)
X = np.arange(12, dtype=np.float32).reshape(3, 4)
T = ms.Tensor
CHOICES = [[0, 1, 2, 3], [10, 11, 12, 13], [20, 21, 22, 23], [30, 31, 32, 33]]

CASES = [
    ("take_flat", lambda: mnp.take(T(A), mnp.array([[0, 1], [2, 3]])), lambda: np.take(A, [[0, 1], [2, 3]]),
     "Int32"),
    ("take_axis", lambda: mnp.take(T(X), mnp.array([0, 3]), axis=1), lambda: np.take(X, [0, 3], axis=1), "Float32"),
    ("take_clip", lambda: mnp.take(T(A), mnp.array([-1, -9, 9])), lambda: np.array([8, 4, 8]), "Int32"),
    ("take_wrap", lambda: mnp.take(T(A), mnp.array([-1, 9]), mode="wrap"), lambda: np.take(A, [-1, 9], mode="wrap"),
     "Int32"),
    ("take_along_axis", lambda: mnp.take_along_axis(T(X), mnp.array([[0, 2, 1]]), 1),
     lambda: np.take_along_axis(X, np.array([[0, 2, 1]] * 3), 1), "Float32"),
    ("take_along_axis_sorted", lambda: mnp.take_along_axis(T(X[::-1]), T(np.argsort(X[::-1], 0)), 0),
     lambda: np.take_along_axis(X[::-1], np.argsort(X[::-1], 0), 0), "Float32"),
    ("take_along_axis_none", lambda: mnp.take_along_axis(T(X), mnp.array([11, 0]), None),
     lambda: np.take_along_axis(X, np.array([11, 0]), None), "Float32"),
    ("choose", lambda: mnp.choose([2, 3, 1, 0], CHOICES), lambda: np.choose([2, 3, 1, 0], CHOICES), "Int32"),
    ("choose_clip", lambda: mnp.choose([2, 4, 1, 0], CHOICES), lambda: np.choose([2, 4, 1, 0], CHOICES, mode="clip"),
     "Int32"),
    ("choose_wrap", lambda: mnp.choose([2, 4, 1, 0], CHOICES, mode="wrap"),
     lambda: np.choose([2, 4, 1, 0], CHOICES, mode="wrap"), "Int32"),
    ("choose_broadcast", lambda: mnp.choose([[1, 0, 1], [0, 1, 0]], [-10, 10]),
     lambda: np.choose([[1, 0, 1], [0, 1, 0]], [-10, 10]), "Int32"),
    ("select", lambda: mnp.select([T(X < 3), T(X > 8)], [T(X), T(X ** 2)]),
     lambda: np.select([X < 3, X > 8], [X, X ** 2]), "Float32"),
    ("select_default", lambda: mnp.select([mnp.array([True, False])], [mnp.array([1, 2])], default=5),
     lambda: np.select([np.array([True, False])], [np.array([1, 2])], default=5), "Int32"),
    ("where", lambda: mnp.where(T(X > 5), T(X), -1.0), lambda: np.where(X > 5, X, -1.0), "Float32"),
    ("where_broadcast", lambda: mnp.where(mnp.full((1, 1, 2), [False, True]), mnp.full((1, 3, 2), 5),
                                          mnp.full((2, 1, 1), 7)),
     lambda: np.where(np.array([[[False, True]]]), np.full((1, 3, 2), 5), np.full((2, 1, 1), 7)), "Int32"),
    ("piecewise_values", lambda: mnp.piecewise(T(X), [T(X < 4), T(X >= 8)], [-1.0, 1.0]),
     lambda: np.piecewise(X, [X < 4, X >= 8], [-1.0, 1.0]), "Float32"),
    ("piecewise_functions", lambda: mnp.piecewise(T(X), [T(X < 4)], [lambda x: x * 2, lambda x: x - 100]),
     lambda: np.piecewise(X, [X < 4], [lambda x: x * 2, lambda x: x - 100]), "Float32"),
    ("argwhere", lambda: mnp.argwhere(T(X % 3 == 0)), lambda: np.argwhere(X % 3 == 0), "Int64"),
    ("searchsorted", lambda: mnp.searchsorted([1, 2, 3, 4, 5], [-10, 10, 2, 3]),
     lambda: np.searchsorted([1, 2, 3, 4, 5], [-10, 10, 2, 3]), "Int32"),
    ("searchsorted_right", lambda: mnp.searchsorted(mnp.array([1.0, 2, 2, 3]), T(X / 2), side="right"),
     lambda: np.searchsorted([1.0, 2, 2, 3], X / 2, side="right"), "Int32"),
    ("searchsorted_sorter", lambda: mnp.searchsorted([3, 1, 2], 2, sorter=[1, 2, 0]),
     lambda: np.searchsorted([3, 1, 2], 2, sorter=[1, 2, 0]), "Int32"),
    ("digitize", lambda: mnp.digitize(mnp.array([1.2, 10.0, 12.4, 15.5, 20.0]), mnp.array([0, 5, 10, 15, 20])),
     lambda: np.digitize([1.2, 10.0, 12.4, 15.5, 20.0], [0, 5, 10, 15, 20]), "Int32"),
    ("digitize_right", lambda: mnp.digitize(T(X), mnp.array([0.0, 5, 10]), right=True),
     lambda: np.digitize(X, [0.0, 5, 10], right=True), "Int32"),
    ("digitize_decreasing", lambda: mnp.digitize(T(X), mnp.array([10.0, 5, 0])),
     lambda: np.digitize(X, [10.0, 5, 0]), "Int32"),
    ("digitize_decreasing_right", lambda: mnp.digitize(T(X), mnp.array([10.0, 5, 0]), right=True),
     lambda: np.digitize(X, [10.0, 5, 0], right=True), "Int32"),
    ("unravel_index", lambda: mnp.unravel_index([22, 41, 37], (7, 6)),
     lambda: np.unravel_index([22, 41, 37], (7, 6)), "Int32"),
    ("unravel_index_f", lambda: mnp.unravel_index(mnp.array([31, 41, 13]), (7, 6), order="F"),
     lambda: np.unravel_index([31, 41, 13], (7, 6), order="F"), "Int32"),
    ("ravel_multi_index", lambda: mnp.ravel_multi_index(mnp.array([[3, 6, 6], [4, 5, 1]]), (7, 6)),
     lambda: np.ravel_multi_index([[3, 6, 6], [4, 5, 1]], (7, 6)), "Float32"),
    ("ravel_multi_index_f_wrap", lambda: mnp.ravel_multi_index(([3, 9], [1, 2]), (6, 7), mode="wrap", order="F"),
     lambda: np.ravel_multi_index(([3, 9], [1, 2]), (6, 7), mode="wrap", order="F"), "Float32"),
    ("ravel_multi_index_clip", lambda: mnp.ravel_multi_index(([3, 9], [-1, 2]), (6, 7)),
     lambda: np.ravel_multi_index(([3, 9], [-1, 2]), (6, 7), mode="clip"), "Float32"),
    ("unique", lambda: mnp.unique(mnp.array([[3, 1], [1, 2]])), lambda: np.unique([[3, 1], [1, 2]]), "Int32"),
    ("unique_inverse", lambda: mnp.unique(mnp.array([3, 1, 1, 2, 3]), return_inverse=True),
     lambda: np.unique([3, 1, 1, 2, 3], return_inverse=True), "Int32"),
    ("intersect1d", lambda: mnp.intersect1d([1, 3, 4, 3], [3, 1, 2, 1]),
     lambda: np.intersect1d([1, 3, 4, 3], [3, 1, 2, 1]), "Int32"),
    ("intersect1d_indices", lambda: mnp.intersect1d([1, 3, 4, 3], [3, 1, 2, 1], return_indices=True),
     lambda: np.intersect1d([1, 3, 4, 3], [3, 1, 2, 1], return_indices=True), "Int32"),
    ("setdiff1d", lambda: mnp.setdiff1d([1, 2, 3, 2, 4, 1], [3, 4, 5, 6]),
     lambda: np.setdiff1d([1, 2, 3, 2, 4, 1], [3, 4, 5, 6]), "Int32"),
    ("apply_along_axis_vector", lambda: mnp.apply_along_axis(mnp.diag, -1, mnp.array([[1, 2, 3], [4, 5, 6]])),
     lambda: np.apply_along_axis(np.diag, -1, np.array([[1, 2, 3], [4, 5, 6]])), "Int32"),
    ("apply_along_axis_scalar", lambda: mnp.apply_along_axis(mnp.sum, 0, T(X)),
     lambda: np.apply_along_axis(np.sum, 0, X), "Float32"),
    ("apply_along_axis_middle", lambda: mnp.apply_along_axis(lambda r: r[:2], 1, T(X.reshape(3, 2, 2))),
     lambda: np.apply_along_axis(lambda r: r[:2], 1, X.reshape(3, 2, 2)), "Float32"),
    ("apply_over_axes", lambda: mnp.apply_over_axes(mnp.sum, T(X.reshape(2, 3, 2)), (0, 2)),
     lambda: np.apply_over_axes(np.sum, X.reshape(2, 3, 2), (0, 2)), "Float32"),
]


@pytest.mark.parametrize("name, spore_fn, numpy_fn, dtype", CASES, ids=[c[0] for c in CASES])
def test_selection_matches_numpy(name, spore_fn, numpy_fn, dtype):
    assert_matches(spore_fn(), numpy_fn(), dtype)
