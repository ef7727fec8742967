"""Signal processing: window functions, FFTs, STFT; forward against NumPy, infer, bad
input; the functional API."""
import numpy as np
import pytest

import spore as ms
from spore import Tensor, ops
from spore.ops.operations import signal_ops as S
from spore.ops.operations.signal_ops import BartlettWindow, BlackmanWindow, HammingWindow

from .op_testing import ErrorCase, OpCase, case_id, rand, run_case, run_error_case


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



def spectrum(np_fn, *args, dtype=np.complex64, **kwargs):
    """The NumPy reference of an FFT primitive called as (x, n_or_s, dim, norm)."""
    def reference(x, *call):
        names = ("s", "axes", "norm") if np_fn.__name__.endswith(("2", "n")) else ("n", "axis", "norm")
        given = dict(zip(names, call))
        if names[1] == "axes" and given.get("axes") is None and given.get("s") is None and "axes" in given:
            given.pop("axes")
        out = np_fn(x, *args, **given, **kwargs)
        return out.astype(dtype)
    return reference


X = rand(3, 4)
X64 = rand(2, 5, dtype=np.float64)
Z = (rand(3, 4) + 1j * rand(3, 4)).astype(np.complex64)
Z64 = (rand(2, 3, 4, dtype=np.float64) + 1j * rand(2, 3, 4, dtype=np.float64))

CASES += [
    OpCase(S.FFT(), (X,), spectrum(np.fft.fft), atol=1e-5),
    OpCase(S.FFT(), (X, 6, 0, "ortho"), spectrum(np.fft.fft), atol=1e-5),
    OpCase(S.FFT(), (np.array([1, 2, 3], np.int32),), spectrum(np.fft.fft), atol=1e-5),
    OpCase(S.FFT(), (Z64, 3, 1, "forward"), spectrum(np.fft.fft, dtype=np.complex128)),
    OpCase(S.IFFT(), (Z, 2), spectrum(np.fft.ifft), atol=1e-6),
    OpCase(S.IFFT(), (X64, None, 0, "forward"), spectrum(np.fft.ifft, dtype=np.complex128)),
    OpCase(S.FFT2(), (X,), spectrum(np.fft.fft2), atol=1e-5),
    OpCase(S.FFT2(), (Z64, (2, 5), (0, 2), "ortho"), spectrum(np.fft.fft2, dtype=np.complex128)),
    OpCase(S.IFFT2(), (Z,), spectrum(np.fft.ifft2), atol=1e-6),
    OpCase(S.FFTN(), (Z64,), spectrum(np.fft.fftn, dtype=np.complex128)),
    OpCase(S.FFTN(), (X, (2, 2), (0, 1), "forward"), spectrum(np.fft.fftn), atol=1e-6),
    OpCase(S.IFFTN(), (Z64, (3,)), lambda z, s: np.fft.ifftn(z, s, axes=(-1,))),
    OpCase(S.RFFT(), (X,), spectrum(np.fft.rfft), atol=1e-5),
    OpCase(S.RFFT(), (X64, 7, 0, "ortho"), spectrum(np.fft.rfft, dtype=np.complex128)),
    OpCase(S.RFFT2(), (X,), spectrum(np.fft.rfft2), atol=1e-5),
    OpCase(S.RFFTN(), (X64, None, None, "forward"), spectrum(np.fft.rfftn, dtype=np.complex128)),
    OpCase(S.IRFFT(), (Z,), spectrum(np.fft.irfft, dtype=np.float32), atol=1e-6),
    OpCase(S.IRFFT(), (Z64, 5, 1, "ortho"), spectrum(np.fft.irfft, dtype=np.float64)),
    OpCase(S.IRFFT2(), (Z,), spectrum(np.fft.irfft2, dtype=np.float32), atol=1e-6),
    OpCase(S.IRFFTN(), (Z64, (3, 4)), lambda z, s: np.fft.irfftn(z, s, axes=(-2, -1))),
    OpCase(S.HFFT(), (Z,), spectrum(np.fft.hfft, dtype=np.float32), atol=1e-5),
    OpCase(S.HFFT(), (Z64, 3, 0, "forward"), spectrum(np.fft.hfft, dtype=np.float64)),
    OpCase(S.HFFT2(), (Z64,), lambda z: np.fft.irfft2(np.conj(z)) * 3 * 6),
    OpCase(S.HFFTN(), (Z,), lambda z: (np.fft.irfftn(np.conj(z)) * 3 * 6).astype(np.float32), atol=1e-5),
    OpCase(S.IHFFT(), (X,), spectrum(np.fft.ihfft), atol=1e-6),
    OpCase(S.IHFFT(), (X64, 4, 0, "ortho"), spectrum(np.fft.ihfft, dtype=np.complex128)),
    OpCase(S.IHFFT2(), (X64,), lambda x: np.conj(np.fft.rfft2(x)) / x.size),
    OpCase(S.IHFFTN(), (X,), lambda x: (np.conj(np.fft.rfftn(x)) / x.size).astype(np.complex64), atol=1e-6),
    OpCase(ops.fft, (X,), spectrum(np.fft.fft), atol=1e-5, prim="FFT"),
    OpCase(lambda x: ops.rfft(x, 6, 0), (X,), lambda x: np.fft.rfft(x, 6, 0).astype(np.complex64), atol=1e-5),
    OpCase(lambda z: ops.rfft(z), (Z,), lambda z: np.fft.fft(z)[:, :3], atol=1e-5, prim="RFFT"),
    OpCase(lambda z: ops.irfftn(z, (3, 6), norm="forward"), (Z,),
           lambda z: np.fft.irfftn(z, (3, 6), (0, 1), norm="forward").astype(np.float32), atol=1e-5),
    OpCase(ops.ihfft2, (X,), lambda x: (np.conj(np.fft.rfft2(x)) / x.size).astype(np.complex64), atol=1e-6),
    OpCase(lambda: ops.fftfreq(5, 0.5), (), lambda: np.fft.fftfreq(5, 0.5).astype(np.float32)),
    OpCase(lambda: ops.fftfreq(4, dtype=ms.float64), (), lambda: np.fft.fftfreq(4)),
    OpCase(lambda: ops.rfftfreq(7, 2), (), lambda: np.fft.rfftfreq(7, 2).astype(np.float32)),
    OpCase(ops.fftshift, (X,), lambda x: np.fft.fftshift(x)),
    OpCase(lambda x: ops.fftshift(x, 1), (X,), lambda x: np.fft.fftshift(x, 1)),
    OpCase(lambda x: ops.ifftshift(x, (0, 1)), (np.arange(15).reshape(3, 5),), lambda x: np.fft.ifftshift(x)),
]


CASES += [
    OpCase(S.FFTWithSize(1, False, False), (Z,), lambda z: np.fft.fft(z).astype(np.complex64), atol=1e-5),
    OpCase(S.FFTWithSize(2, True, False, "ortho"), (Z64,), lambda z: np.fft.ifft2(z, norm="ortho")),
    OpCase(S.FFTWithSize(3, False, True), (rand(2, 3, 4),), lambda x: np.fft.rfftn(x).astype(np.complex64),
           atol=1e-5),
    OpCase(S.FFTWithSize(1, False, True, onesided=False), (X64,), lambda x: np.fft.fft(x)),
    OpCase(S.FFTWithSize(1, True, True, signal_sizes=(5,)), (Z,), lambda z: np.fft.irfft(z, 5).astype(np.float32),
           atol=1e-6),
    OpCase(S.FFTWithSize(2, True, True, "forward"), (Z64,), lambda z: np.fft.irfft2(z, norm="forward")),
    OpCase(S.FFTWithSize(1, True, True, onesided=False), (Z,), lambda z: np.fft.ifft(z).real.astype(np.float32),
           atol=1e-6),
]


def frames_dft(n_fft, hop, onesided=True, as_pairs=False, window=None):
    """The NumPy reference of STFT (no centering): the DFT of each windowed frame."""
    def reference(x, w=None):
        w = np.ones(n_fft) if w is None else w
        rows = x.reshape(-1, x.shape[-1])
        count = 1 + (x.shape[-1] - n_fft) // hop
        frames = np.stack([rows[:, t * hop:t * hop + n_fft] * w for t in range(count)], axis=-1)
        out = np.fft.rfft(frames, axis=1) if onesided else np.fft.fft(frames, axis=1)
        out = out.reshape(x.shape[:-1] + out.shape[1:])
        dtype = np.complex128 if x.dtype in (np.float64, np.complex128) else np.complex64
        out = out.astype(dtype)
        return np.stack([out.real, out.imag], -1) if as_pairs else out
    return reference


SIGNAL = rand(2, 10)
CASES += [
    OpCase(S.STFT(4, 2, 4, False, True, True), (SIGNAL, np.hanning(4).astype(np.float32)), frames_dft(4, 2),
           atol=1e-5),
    OpCase(S.STFT(4, 3, 4, False, False, False), (rand(9, dtype=np.float64), np.ones(4)),
           frames_dft(4, 3, onesided=False, as_pairs=True)),
    OpCase(lambda x: ops.stft(x, 4, center=False, return_complex=True), (SIGNAL,), lambda x: frames_dft(4, 1)(x),
           atol=1e-5, prim="STFT"),
    OpCase(lambda x: ops.stft(x, 4, 2), (rand(8),),
           lambda x: frames_dft(4, 2, as_pairs=True)(np.pad(x, 2, mode="reflect")).astype(np.float32), atol=1e-5),
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
    ErrorCase(S.FFT(), (np.array([True]),), TypeError, "'input'", prim="FFT"),
    ErrorCase(S.FFT(), ([1.0],), TypeError, "'input' must be a Tensor", prim="FFT"),
    ErrorCase(S.FFT(), (X, 0), ValueError, "positive", prim="FFT"),
    ErrorCase(S.IFFT(), (X, None, 2), ValueError, "'dim'", prim="IFFT"),
    ErrorCase(S.FFT2(), (np.ones(3, np.float32),), ValueError, "'dim'", prim="FFT2"),
    ErrorCase(S.IFFT2(), (X, None, None, "x"), ValueError, "'norm'", prim="IFFT2"),
    ErrorCase(S.FFTN(), (X, (2,), (0, 1)), ValueError, "same length", prim="FFTN"),
    ErrorCase(S.IFFTN(), (X, None, (0, 0)), ValueError, "repeat", prim="IFFTN"),
    ErrorCase(S.RFFT(), (np.array(1.0, np.float32),), ValueError, "dimensions", prim="RFFT"),
    ErrorCase(S.RFFT2(), (X, (2, -1)), ValueError, "positive", prim="RFFT2"),
    ErrorCase(S.RFFTN(), (X, 3), TypeError, "'s'", prim="RFFTN"),
    ErrorCase(S.IRFFT(), (np.ones((2, 1), np.complex64),), ValueError, "at least 2 points", prim="IRFFT"),
    ErrorCase(S.IRFFT2(), (Z64, None, (0, 1, 2)), ValueError, "transformed", prim="IRFFT2"),
    ErrorCase(S.IRFFTN(), (Z, None, None, 1), ValueError, "'norm'", prim="IRFFTN"),
    ErrorCase(S.HFFT(), (np.array([True]),), TypeError, "'input'", prim="HFFT"),
    ErrorCase(S.HFFT2(), (Z, (0, 2)), ValueError, "positive", prim="HFFT2"),
    ErrorCase(S.HFFTN(), (Z, None, 5), ValueError, "'dim'", prim="HFFTN"),
    ErrorCase(S.IHFFT(), (Z,), TypeError, "'input'", prim="IHFFT"),
    ErrorCase(S.IHFFT2(), (X, None, 1), ValueError, "transformed", prim="IHFFT2"),
    ErrorCase(S.IHFFTN(), (Z,), TypeError, "'input'", prim="IHFFTN"),
    ErrorCase(lambda: ops.fftfreq(0), (), ValueError, "'n'"),
    ErrorCase(lambda: ops.rfftfreq(3, dtype=ms.int32), (), TypeError, "'dtype'"),
    ErrorCase(lambda x: ops.fftshift(x, 2), (X,), ValueError, "'dim'"),
    ErrorCase(lambda: S.STFT(4, 0, 4, False, True, True), (), ValueError, "'hop_length'", prim="STFT"),
    ErrorCase(lambda: S.STFT(4, 1, 5, False, True, True), (), ValueError, "'win_length'", prim="STFT"),
    ErrorCase(S.STFT(4, 1, 4, False, True, True), (np.zeros(3, np.float32), np.ones(4, np.float32)), ValueError,
              "n_fft", prim="STFT"),
    ErrorCase(S.STFT(4, 1, 4, False, True, True), (SIGNAL, np.ones(3, np.float32)), ValueError, "'window'",
              prim="STFT"),
    ErrorCase(S.STFT(4, 1, 4, False, True, True), (np.zeros((1, 1, 8), np.float32), np.ones(4, np.float32)),
              ValueError, "1-D or 2-D", prim="STFT"),
    ErrorCase(S.STFT(4, 1, 4, False, True, True), (np.zeros(8, np.int32), np.ones(4, np.float32)), TypeError,
              "'x'", prim="STFT"),
    ErrorCase(lambda x: ops.stft(x, 4, pad_mode="edge"), (SIGNAL,), ValueError, "'pad_mode'"),
    ErrorCase(lambda: S.FFTWithSize(4, False, False), (), ValueError, "'signal_ndim'", prim="FFTWithSize"),
    ErrorCase(lambda: S.FFTWithSize(1, False, False, "x"), (), ValueError, "'norm'", prim="FFTWithSize"),
    ErrorCase(lambda: S.FFTWithSize(2, True, True, signal_sizes=(4,)), (), ValueError, "'signal_sizes'",
              prim="FFTWithSize"),
    ErrorCase(S.FFTWithSize(1, False, False), (X,), TypeError, "'x'", prim="FFTWithSize"),
    ErrorCase(S.FFTWithSize(1, False, True), (Z,), TypeError, "'x'", prim="FFTWithSize"),
    ErrorCase(S.FFTWithSize(3, False, True), (X,), ValueError, "signal_ndim", prim="FFTWithSize"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)
