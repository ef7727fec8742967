"""Signal processing: window functions, FFTs, STFT; forward against NumPy, infer, bad
input; the functional API."""
import numpy as np
import pytest

import spore as ms
from spore import Tensor, ops
from spore.ops.operations.signal_ops import BartlettWindow, BlackmanWindow, HammingWindow

from .op_testing import ErrorCase, OpCase, case_id, run_case, run_error_case


def window(np_fn, n, periodic=True, dtype=np.float32):
    """NumPy's symmetric window of length n, or the periodic one (the symmetric window of
    length n + 1 without its last point)."""
    if n == 1:
        return np.ones(1, dtype)
    values = np_fn(n + 1)[:-1] if periodic else np_fn(n)
    return values.astype(dtype)


def hamming(alpha, beta):
    return lambda m: alpha - beta * np.cos(2 * np.pi * np.arange(m) / (m - 1))


def length(n, dtype=ms.int32):
    return Tensor(n, dtype)


def with_length(prim, n):
    """A case running `prim` on the constant length `n`: a window's length is its shape,
    so Graph mode takes it as a constant, not as a graph input."""
    return lambda: prim(n)


CASES = [
    OpCase(with_length(BartlettWindow(), length(6)), (), lambda: window(np.bartlett, 6), prim="BartlettWindow"),
    OpCase(with_length(BartlettWindow(False, ms.float64), length(5, ms.int64)), (),
           lambda: window(np.bartlett, 5, False, np.float64), prim="BartlettWindow"),
    OpCase(with_length(BartlettWindow(), length(0)), (), lambda: np.zeros(0, np.float32), prim="BartlettWindow"),
    OpCase(with_length(BartlettWindow(dtype=ms.float16), length(1)), (), lambda: np.ones(1, np.float16),
           prim="BartlettWindow"),
    OpCase(with_length(BlackmanWindow(), length(7)), (), lambda: window(np.blackman, 7), atol=1e-6,
           prim="BlackmanWindow"),
    OpCase(with_length(BlackmanWindow(False, ms.float64), length(4)), (),
           lambda: window(np.blackman, 4, False, np.float64), atol=1e-12, prim="BlackmanWindow"),
    OpCase(with_length(HammingWindow(), Tensor([5], ms.int64)), (), lambda: window(np.hamming, 5),
           prim="HammingWindow"),
    OpCase(with_length(HammingWindow(False, 0.5, 0.5, ms.float64), Tensor([4], ms.int32)), (),
           lambda: window(hamming(0.5, 0.5), 4, False, np.float64), atol=1e-12, prim="HammingWindow"),
    OpCase(lambda: ops.bartlett_window(Tensor(5, ms.int32)), (), lambda: window(np.bartlett, 5),
           prim="BartlettWindow"),
    OpCase(lambda: ops.blackman_window(Tensor(5, ms.int64), False, dtype=ms.float64), (),
           lambda: window(np.blackman, 5, False, np.float64), atol=1e-12, prim="BlackmanWindow"),
    OpCase(lambda: ops.hamming_window(6, dtype=ms.float64), (), lambda: window(np.hamming, 6, dtype=np.float64),
           atol=1e-12, prim="HammingWindow"),
    OpCase(lambda: ops.hamming_window(4, False, 0.6, 0.4), (), lambda: window(hamming(0.6, 0.4), 4, False)),
    OpCase(lambda: ops.hann_window(5), (), lambda: window(np.hanning, 5, dtype=np.float64), atol=1e-12,
           prim="HammingWindow"),
    OpCase(lambda: ops.hann_window(5, False, dtype=ms.float32), (), lambda: window(np.hanning, 5, False)),
    OpCase(lambda: ops.hann_window(1), (), lambda: np.ones(1, np.float64)),
    OpCase(lambda: ops.kaiser_window(5), (), lambda: window(lambda m: np.kaiser(m, 12.0), 5, dtype=np.float64),
           rtol=1e-10, atol=1e-12),
    OpCase(lambda: ops.kaiser_window(6, False, 8.0, dtype=ms.float32), (),
           lambda: window(lambda m: np.kaiser(m, 8.0), 6, False), rtol=1e-5),
    OpCase(lambda: ops.kaiser_window(0), (), lambda: np.zeros(0, np.float64)),
]

ERROR_CASES = [
    ErrorCase(BartlettWindow(), (5,), TypeError, "'window_length' must be a Tensor", prim="BartlettWindow"),
    ErrorCase(BartlettWindow(), (np.array(5.0, np.float32),), TypeError, "'window_length'", prim="BartlettWindow"),
    ErrorCase(BartlettWindow(), (np.array([5], np.int32),), ValueError, "0-d", prim="BartlettWindow"),
    ErrorCase(BartlettWindow(), (np.array(-1, np.int32),), ValueError, "range", prim="BartlettWindow"),
    ErrorCase(lambda: BlackmanWindow(dtype=ms.int32), (), TypeError, "'dtype'", prim="BlackmanWindow"),
    ErrorCase(lambda: BlackmanWindow(periodic=1), (), TypeError, "'periodic'", prim="BlackmanWindow"),
    ErrorCase(HammingWindow(), (np.array(4, np.int32),), ValueError, r"shape \(1,\)", prim="HammingWindow"),
    ErrorCase(lambda: HammingWindow(alpha="a"), (), TypeError, "'alpha'", prim="HammingWindow"),
    ErrorCase(lambda: ops.hamming_window(Tensor(5)), (), TypeError, "'window_length'"),
    ErrorCase(lambda: ops.hann_window(-1), (), ValueError, "non-negative"),
    ErrorCase(lambda: ops.hann_window(4, dtype=ms.int32), (), TypeError, "'dtype'"),
    ErrorCase(lambda: ops.kaiser_window(4, beta="a"), (), TypeError, "'beta'"),
    ErrorCase(lambda: ops.bartlett_window(Tensor(4), dtype=ms.int32), (), TypeError, "'dtype'"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)
