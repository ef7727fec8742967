"""mindspore.numpy.fft: NumPy's FFT spelling (`a`, `axis` / `axes`) of spore's FFT operators."""
from __future__ import annotations

from .. import ops
from .utils import to_tensor

__all__ = [
    "fft", "ifft", "rfft", "irfft", "hfft", "ihfft", "fft2", "ifft2", "rfft2", "irfft2", "hfft2", "ihfft2",
    "fftn", "ifftn", "rfftn", "irfftn", "hfftn", "ihfftn", "fftfreq", "rfftfreq", "fftshift", "ifftshift",
]


def fft(a, n=None, axis=-1, norm=None):
    """The 1-D discrete Fourier transform along `axis`, of length `n`."""
    return ops.fft(to_tensor(a, None, "fft"), n, axis, norm)

def ifft(a, n=None, axis=-1, norm=None):
    """The 1-D inverse discrete Fourier transform along `axis`, of length `n`."""
    return ops.ifft(to_tensor(a, None, "ifft"), n, axis, norm)

def rfft(a, n=None, axis=-1, norm=None):
    """The 1-D discrete Fourier transform of a real input (the non-negative frequencies) along `axis`, of length `n`."""
    return ops.rfft(to_tensor(a, None, "rfft"), n, axis, norm)

def irfft(a, n=None, axis=-1, norm=None):
    """The inverse of rfft: a real signal along `axis`, of length `n`."""
    return ops.irfft(to_tensor(a, None, "irfft"), n, axis, norm)

def hfft(a, n=None, axis=-1, norm=None):
    """The 1-D transform of a Hermitian-symmetric signal (a real result) along `axis`, of length `n`."""
    return ops.hfft(to_tensor(a, None, "hfft"), n, axis, norm)

def ihfft(a, n=None, axis=-1, norm=None):
    """The inverse of hfft along `axis`, of length `n`."""
    return ops.ihfft(to_tensor(a, None, "ihfft"), n, axis, norm)

def fft2(a, s=None, axes=(-2, -1), norm=None):
    """fft over the two `axes`, of sizes `s`."""
    return ops.fft2(to_tensor(a, None, "fft2"), s, axes, norm)

def ifft2(a, s=None, axes=(-2, -1), norm=None):
    """ifft over the two `axes`, of sizes `s`."""
    return ops.ifft2(to_tensor(a, None, "ifft2"), s, axes, norm)

def rfft2(a, s=None, axes=(-2, -1), norm=None):
    """rfft over the two `axes`, of sizes `s`."""
    return ops.rfft2(to_tensor(a, None, "rfft2"), s, axes, norm)

def irfft2(a, s=None, axes=(-2, -1), norm=None):
    """irfft over the two `axes`, of sizes `s`."""
    return ops.irfft2(to_tensor(a, None, "irfft2"), s, axes, norm)

def hfft2(a, s=None, axes=(-2, -1), norm=None):
    """hfft over the two `axes`, of sizes `s`."""
    return ops.hfft2(to_tensor(a, None, "hfft2"), s, axes, norm)

def ihfft2(a, s=None, axes=(-2, -1), norm=None):
    """ihfft over the two `axes`, of sizes `s`."""
    return ops.ihfft2(to_tensor(a, None, "ihfft2"), s, axes, norm)

def fftn(a, s=None, axes=None, norm=None):
    """fft over `axes` (None: all, or the last len(s)), of sizes `s`."""
    return ops.fftn(to_tensor(a, None, "fftn"), s, axes, norm)

def ifftn(a, s=None, axes=None, norm=None):
    """ifft over `axes` (None: all, or the last len(s)), of sizes `s`."""
    return ops.ifftn(to_tensor(a, None, "ifftn"), s, axes, norm)

def rfftn(a, s=None, axes=None, norm=None):
    """rfft over `axes` (None: all, or the last len(s)), of sizes `s`."""
    return ops.rfftn(to_tensor(a, None, "rfftn"), s, axes, norm)

def irfftn(a, s=None, axes=None, norm=None):
    """irfft over `axes` (None: all, or the last len(s)), of sizes `s`."""
    return ops.irfftn(to_tensor(a, None, "irfftn"), s, axes, norm)

def hfftn(a, s=None, axes=None, norm=None):
    """hfft over `axes` (None: all, or the last len(s)), of sizes `s`."""
    return ops.hfftn(to_tensor(a, None, "hfftn"), s, axes, norm)

def ihfftn(a, s=None, axes=None, norm=None):
    """ihfft over `axes` (None: all, or the last len(s)), of sizes `s`."""
    return ops.ihfftn(to_tensor(a, None, "ihfftn"), s, axes, norm)

def fftfreq(n, d=1.0, dtype=None):
    """The sample frequencies of an n-point fft with sample spacing d."""
    return ops.fftfreq(n, d, dtype)


def rfftfreq(n, d=1.0, dtype=None):
    """The non-negative sample frequencies of an n-point rfft with sample spacing d."""
    return ops.rfftfreq(n, d, dtype)


def fftshift(x, axes=None):
    """`x` with the zero frequency moved to the center of `axes` (None: all)."""
    return ops.fftshift(to_tensor(x, None, "fftshift", "x"), axes)


def ifftshift(x, axes=None):
    """The inverse of fftshift."""
    return ops.ifftshift(to_tensor(x, None, "ifftshift", "x"), axes)
