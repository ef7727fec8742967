"""Functional API of the primitives in operations/signal_ops.py: window functions,
FFTs, STFT."""
from __future__ import annotations

import functools

import numpy as np

from ...common import dtype as mstype
from ...common.tensor import Tensor
from .. import function as F
from ..operations import signal_ops as S
from ..primitive import PRIMITIVES, Primitive
from ..validator import check_axis, check_bool, check_tensor, check_type

__all__ = [
    "bartlett_window", "blackman_window", "hamming_window", "hann_window", "kaiser_window",
    "fft", "ifft", "fft2", "ifft2", "fftn", "ifftn", "rfft", "irfft", "rfft2", "irfft2", "rfftn", "irfftn",
    "hfft", "ihfft", "hfft2", "ihfft2", "hfftn", "ihfftn", "fftfreq", "rfftfreq", "fftshift", "ifftshift",
    "stft",
]


@functools.cache
def primitive(name: str, *attrs) -> Primitive:
    """The Primitive class `name` built with `attrs`, once per distinct attributes."""
    return PRIMITIVES[name](*attrs)


# ---- window functions ------------------------------------------------------------------------
def _window_dtype(op: str, dtype, default):
    dtype = default if dtype is None else dtype
    if dtype not in S.WINDOW_DTYPES:
        raise TypeError(f"For '{op}', the 'dtype' must be a floating point dtype, but got {dtype}.")
    return dtype


def _int_length(op: str, window_length) -> int:
    """The `window_length` of hamming / hann / kaiser: a non-negative Python int."""
    check_type(op, "window_length", window_length, int)
    if window_length < 0:
        raise ValueError(f"For '{op}', the 'window_length' must be a non-negative integer, but got "
                         f"{window_length}.")
    return window_length


def bartlett_window(window_length, periodic=True, *, dtype=None):
    """The Bartlett (triangular) window; `window_length` is a 0-d Int32 / Int64 Tensor."""
    dtype = _window_dtype("bartlett_window", dtype, mstype.float32)
    return primitive("BartlettWindow", periodic, dtype)(window_length)


def blackman_window(window_length, periodic=True, *, dtype=None):
    """The Blackman window; `window_length` is a 0-d Int32 / Int64 Tensor."""
    dtype = _window_dtype("blackman_window", dtype, mstype.float32)
    return primitive("BlackmanWindow", periodic, dtype)(window_length)


def hamming_window(window_length, periodic=True, alpha=0.54, beta=0.46, *, dtype=None):
    """The generalized Hamming window alpha - beta cos(2 pi n / (N - 1)) of the int length."""
    length = _int_length("hamming_window", window_length)
    dtype = _window_dtype("hamming_window", dtype, mstype.float32)
    return primitive("HammingWindow", periodic, alpha, beta, dtype)(Tensor([length], mstype.int64))


def hann_window(window_length, periodic=True, *, dtype=None):
    """The Hann window 0.5 - 0.5 cos(2 pi n / (N - 1)) of the int length (Float64 unless
    `dtype`, as MindSpore returns)."""
    length = _int_length("hann_window", window_length)
    dtype = _window_dtype("hann_window", dtype, mstype.float64)
    return primitive("HammingWindow", periodic, 0.5, 0.5, dtype)(Tensor([length], mstype.int64))


def kaiser_window(window_length, periodic=True, beta=12.0, *, dtype=None):
    """The Kaiser window I0(beta sqrt(1 - (2n / (N - 1) - 1)^2)) / I0(beta) of the int
    length (Float64 unless `dtype`, as MindSpore returns)."""
    length = _int_length("kaiser_window", window_length)
    check_bool("kaiser_window", "periodic", periodic)
    check_type("kaiser_window", "beta", beta, (int, float))
    dtype = _window_dtype("kaiser_window", dtype, mstype.float64)
    if length <= 1:
        return F.ones((length,), dtype)
    symmetric = length + 1 if periodic else length
    n = F.arange(0, length, dtype=mstype.float64)
    ramp = F.sub(F.mul(n, 2.0 / (symmetric - 1)), 1.0)
    argument = F.mul(F.sqrt(F.maximum(F.sub(1.0, F.mul(ramp, ramp)), 0.0)), float(beta))
    bessel_i0 = primitive("BesselI0")
    window = F.div(bessel_i0(argument), bessel_i0(Tensor(float(beta), mstype.float64)))
    return F.cast(window, dtype)


# ---- discrete Fourier transforms -------------------------------------------------------------
# Each function is its primitive (see operations/signal_ops.py); the outputs are Complex64
# (Complex128 for Float64 / Complex128 input), or Float32 / Float64 for the c2r ones.
def fft(input, n=None, dim=-1, norm=None):
    """The 1-D DFT along `dim`, of input padded / trimmed to n points."""
    return primitive("FFT")(input, n, dim, norm)


def ifft(input, n=None, dim=-1, norm=None):
    """The 1-D inverse DFT along `dim`."""
    return primitive("IFFT")(input, n, dim, norm)


def fft2(input, s=None, dim=(-2, -1), norm=None):
    """The 2-D DFT over the two axes `dim`."""
    return primitive("FFT2")(input, s, dim, norm)


def ifft2(input, s=None, dim=(-2, -1), norm=None):
    """The 2-D inverse DFT over the two axes `dim`."""
    return primitive("IFFT2")(input, s, dim, norm)


def fftn(input, s=None, dim=None, norm=None):
    """The N-D DFT over `dim` (None: the last len(s) axes, or all)."""
    return primitive("FFTN")(input, s, dim, norm)


def ifftn(input, s=None, dim=None, norm=None):
    """The N-D inverse DFT over `dim`."""
    return primitive("IFFTN")(input, s, dim, norm)


def rfft(input, n=None, dim=-1, norm=None):
    """The DFT of a real signal along `dim`: its n // 2 + 1 non-negative frequencies."""
    return primitive("RFFT")(input, n, dim, norm)


def irfft(input, n=None, dim=-1, norm=None):
    """The real signal of n points (default 2 * (m - 1)) whose rfft is input."""
    return primitive("IRFFT")(input, n, dim, norm)


def rfft2(input, s=None, dim=(-2, -1), norm=None):
    """The 2-D DFT of a real signal, the last axis halved."""
    return primitive("RFFT2")(input, s, dim, norm)


def irfft2(input, s=None, dim=(-2, -1), norm=None):
    """The inverse of rfft2."""
    return primitive("IRFFT2")(input, s, dim, norm)


def rfftn(input, s=None, dim=None, norm=None):
    """The N-D DFT of a real signal, the last transformed axis halved."""
    return primitive("RFFTN")(input, s, dim, norm)


def irfftn(input, s=None, dim=None, norm=None):
    """The inverse of rfftn."""
    return primitive("IRFFTN")(input, s, dim, norm)


def hfft(input, n=None, dim=-1, norm=None):
    """The real DFT of a Hermitian-symmetric signal given by its first half."""
    return primitive("HFFT")(input, n, dim, norm)


def ihfft(input, n=None, dim=-1, norm=None):
    """The inverse of hfft: the first n // 2 + 1 points of the inverse DFT of a real signal."""
    return primitive("IHFFT")(input, n, dim, norm)


def hfft2(input, s=None, dim=(-2, -1), norm=None):
    """The 2-D hfft."""
    return primitive("HFFT2")(input, s, dim, norm)


def ihfft2(input, s=None, dim=(-2, -1), norm=None):
    """The 2-D ihfft."""
    return primitive("IHFFT2")(input, s, dim, norm)


def hfftn(input, s=None, dim=None, norm=None):
    """The N-D hfft."""
    return primitive("HFFTN")(input, s, dim, norm)


def ihfftn(input, s=None, dim=None, norm=None):
    """The N-D ihfft."""
    return primitive("IHFFTN")(input, s, dim, norm)


def _frequencies(op: str, n, d, dtype, values):
    check_type(op, "n", n, int)
    if n <= 0:
        raise ValueError(f"For '{op}', the 'n' must be greater than 0, but got {n}.")
    check_type(op, "d", d, (int, float))
    dtype = _window_dtype(op, dtype, mstype.float32)
    return Tensor(values(n, float(d)), dtype)


def fftfreq(n, d=1.0, dtype=None):
    """The sample frequencies of an n-point DFT with sample spacing d:
    [0, 1, ..., (n - 1) // 2, -(n // 2), ..., -1] / (d n)."""
    return _frequencies("fftfreq", n, d, dtype, np.fft.fftfreq)


def rfftfreq(n, d=1.0, dtype=None):
    """The non-negative sample frequencies of an n-point rfft: [0, ..., n // 2] / (d n)."""
    return _frequencies("rfftfreq", n, d, dtype, np.fft.rfftfreq)


def _shift(op: str, input, dim, sign: int):
    check_tensor(op, "input", input)
    if dim is None:
        dims = tuple(range(input.ndim))
    else:
        dims = (dim,) if isinstance(dim, int) else tuple(check_type(op, "dim", dim, (tuple, list)))
    dims = tuple(check_axis(op, d, input.ndim, "dim") for d in dims)
    if not dims or not input.shape:
        return input
    return F.roll(input, tuple(sign * (input.shape[d] // 2) for d in dims), dims)


def fftshift(input, dim=None):
    """input rolled by half its size along `dim` (None: every axis): the zero frequency
    moves to the middle."""
    return _shift("fftshift", input, dim, 1)


def ifftshift(input, dim=None):
    """The inverse of fftshift."""
    return _shift("ifftshift", input, dim, -1)


# ---- short-time Fourier transform -------------------------------------------------------------
def stft(x, n_fft, hop_length=None, win_length=None, window=None, center=True, pad_mode="REFLECT",
         normalized=False, onesided=None, return_complex=None):
    """The short-time Fourier transform of the 1-D / 2-D signal x (see ops.STFT). hop_length
    defaults to n_fft // 4, win_length to n_fft, window to ones; `center` pads x by
    n_fft // 2 at both ends (`pad_mode` 'REFLECT' or 'CONSTANT'). onesided defaults to
    True for real x and window; without return_complex the output holds the real and
    imaginary parts on a last axis of size 2."""
    check_tensor("stft", "x", x)
    check_type("stft", "n_fft", n_fft, int)
    hop_length = n_fft // 4 if hop_length is None else hop_length
    win_length = n_fft if win_length is None else win_length
    if window is None:
        window = F.ones((win_length,), mstype.float64 if x.dtype in (mstype.float64, mstype.complex128)
                        else mstype.float32)
    check_tensor("stft", "window", window)
    if onesided is None:
        onesided = not (x.dtype.is_complex or window.dtype.is_complex)
    return_complex = False if return_complex is None else return_complex
    check_bool("stft", "center", center)
    if center:
        if not isinstance(pad_mode, str) or pad_mode.upper() not in ("REFLECT", "CONSTANT"):
            raise ValueError(f"For 'stft', the 'pad_mode' must be 'REFLECT' or 'CONSTANT', but got {pad_mode!r}.")
        rows = x if x.ndim == 2 else F.reshape(x, (1, -1))
        padded = F.pad(rows, (n_fft // 2, n_fft // 2), mode=pad_mode.lower())
        x = padded if x.ndim == 2 else F.reshape(padded, (-1,))
    return primitive("STFT", n_fft, hop_length, win_length, normalized, onesided, return_complex)(x, window)


TENSOR_METHODS: dict = {}
"""Tensor methods this family provides (installed by tensor_methods.py)."""
