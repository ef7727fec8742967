"""The table-driven harness of the mint tests: a case calls a mint function on Tensors made
from NumPy inputs and compares every output with a NumPy reference of the same inputs."""
from __future__ import annotations

from typing import Any, Callable, NamedTuple

import numpy as np

import spore as ms


class Case(NamedTuple):
    fn: Callable                # the mint function
    args: tuple                 # NumPy arrays become Tensors; other values pass as they are
    reference: Any              # NumPy function of the same args, or the expected value(s)
    kwargs: dict = {}
    rtol: float = 1e-5
    atol: float = 1e-6
    check_dtype: bool = True    # compare output dtypes with the reference's


def to_tensors(value):
    if isinstance(value, np.ndarray):
        return ms.Tensor(value)
    if isinstance(value, (tuple, list)):
        return type(value)(to_tensors(v) for v in value)
    return value


def assert_matches(actual, expected, rtol=1e-5, atol=1e-6, check_dtype=True):
    if isinstance(expected, (tuple, list)):
        assert isinstance(actual, (tuple, list)) and len(actual) == len(expected)
        for a, e in zip(actual, expected):
            assert_matches(a, e, rtol, atol, check_dtype)
        return
    if isinstance(expected, (bool, int, float)) and not isinstance(actual, ms.Tensor):
        assert actual == expected
        return
    assert isinstance(actual, ms.Tensor), f"expected a Tensor, got {type(actual).__name__}"
    expected = np.asarray(expected)
    got = actual.asnumpy()
    assert got.shape == expected.shape, f"shape {got.shape} != {expected.shape}"
    if check_dtype:
        assert got.dtype == expected.dtype, f"dtype {got.dtype} != {expected.dtype}"
    np.testing.assert_allclose(got.astype(np.float64) if got.dtype != np.bool_ else got,
                               expected.astype(np.float64) if expected.dtype != np.bool_ else expected,
                               rtol=rtol, atol=atol)


def run_case(case: Case):
    expected = case.reference(*case.args, **case.kwargs) if callable(case.reference) else case.reference
    actual = case.fn(*to_tensors(case.args), **case.kwargs)
    assert_matches(actual, expected, case.rtol, case.atol, case.check_dtype)


def case_id(case: Case) -> str:
    shapes = ",".join(str(getattr(v, "shape", type(v).__name__)) for v in case.args)
    keys = ",".join(case.kwargs)
    return f"{getattr(case.fn, '__name__', 'fn')}[{shapes}]{'{' + keys + '}' if keys else ''}"
