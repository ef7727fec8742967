"""mindspore.numpy's comparisons, logic, floating-point classes, isclose, membership and
whole-array equality against NumPy."""
import numpy as np
import pytest

import spore as ms
import spore.numpy as mnp
from tests.numpy.support import assert_matches

A = np.array([[1.0, -2.0, 3.0], [0.0, 5.0, -6.0]], np.float32)
B = np.array([1.0, 2.0, -3.0], np.float32)
SPECIAL = np.array([-np.inf, -1.0, -0.0, 0.0, 2.0, np.inf, np.nan], np.float32)
T = ms.Tensor

COMPARISONS = ["equal", "not_equal", "greater", "greater_equal", "less", "less_equal"]
LOGICAL = ["logical_and", "logical_or", "logical_xor"]
CLASSES = ["isfinite", "isinf", "isnan", "isneginf", "isposinf", "signbit"]


@pytest.mark.parametrize("name", COMPARISONS)
def test_comparisons_match_numpy(name):
    assert_matches(getattr(mnp, name)(T(A), T(B)), getattr(np, name)(A, B), "Bool")
    assert_matches(getattr(mnp, name)(T(A), 1.0), getattr(np, name)(A, 1.0), "Bool")
    assert_matches(getattr(mnp, name)([1, 2], [2, 2], dtype=mnp.int32), getattr(np, name)([1, 2], [2, 2]), "Int32")


@pytest.mark.parametrize("name", LOGICAL)
def test_logical_match_numpy(name):
    assert_matches(getattr(mnp, name)(T(A), T(B)), getattr(np, name)(A, B), "Bool")
    x, y = np.array([True, False, True, False]), np.array([True, True, False, False])
    assert_matches(getattr(mnp, name)(T(x), T(y)), getattr(np, name)(x, y), "Bool")


def test_logical_not():
    assert_matches(mnp.logical_not(T(A)), np.logical_not(A), "Bool")
    assert_matches(mnp.logical_not([True, False]), np.array([False, True]), "Bool")


@pytest.mark.parametrize("name", CLASSES)
def test_float_classes_match_numpy(name):
    assert_matches(getattr(mnp, name)(T(SPECIAL)), getattr(np, name)(SPECIAL), "Bool")
    assert_matches(getattr(mnp, name)(mnp.array([-1, 0, 2])), getattr(np, name)(np.array([-1, 0, 2])), "Bool")


def test_isclose_matches_numpy():
    a = np.array([0, 1, 2, np.inf, np.inf, np.nan, 1e-9, 100.0], np.float32)
    b = np.array([0, 1, -2, -np.inf, np.inf, np.nan, 0.0, 100.001], np.float32)
    assert_matches(mnp.isclose(T(a), T(b)), np.isclose(a, b), "Bool")
    assert_matches(mnp.isclose(T(a), T(b), equal_nan=True), np.isclose(a, b, equal_nan=True), "Bool")
    assert_matches(mnp.isclose(T(a), T(b), rtol=0.0, atol=0.5), np.isclose(a, b, rtol=0.0, atol=0.5), "Bool")
    assert_matches(mnp.isclose([1, 2], [1, 3]), np.array([True, False]), "Bool")


def test_membership_matches_numpy():
    element = 2 * np.arange(4).reshape(2, 2)
    tests = [1, 2, 4, 8]
    assert_matches(mnp.isin(T(element), tests), np.isin(element, tests), "Bool")
    assert_matches(mnp.isin(T(element), tests, invert=True), np.isin(element, tests, invert=True), "Bool")
    assert_matches(mnp.in1d(T(element), [0, 6]), np.isin(element, [0, 6]).ravel(), "Bool")
    assert_matches(mnp.in1d([0, 1, 2, 5, 0], [0, 2], invert=True), np.array([False, True, False, True, False]), "Bool")


def test_whole_array_equality():
    assert_matches(mnp.array_equal([0, 1, 2], [[0, 1, 2], [0, 1, 2]]), np.array(False), "Bool")
    assert_matches(mnp.array_equal([1.0, np.nan], [1.0, np.nan]), np.array(False), "Bool")
    assert_matches(mnp.array_equal([1.0, np.nan], [1.0, np.nan], equal_nan=True), np.array(True), "Bool")
    assert_matches(mnp.array_equiv([0, 1, 2], [[0, 1, 2], [0, 1, 2]]), np.array(True), "Bool")
    assert_matches(mnp.array_equiv([1, 2], [[1, 3]]), np.array(False), "Bool")
    assert_matches(mnp.array_equiv([1, 2], [1, 2, 3]), np.array(False), "Bool")


def test_isscalar():
    assert [mnp.isscalar(v) for v in (3.1, False, "numpy", 2, mnp.array(3.1), [1])] == \
        [True, True, True, True, False, False]
