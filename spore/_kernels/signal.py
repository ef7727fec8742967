"""Kernels of signal processing: window functions, FFTs, STFT."""
from __future__ import annotations

import torch

from . import device
from .registry import kernel_factory
from .tensor_data import TORCH_OF


# ---- window functions ------------------------------------------------------------------------
def _window(make):
    """A window kernel factory: `make(length, periodic, dtype, prim)` builds the window
    (computed in float64, then cast)."""
    def factory(prim):
        periodic, dtype = prim.periodic, TORCH_OF[prim.dtype]

        def run(length):
            n = int(length.reshape(-1)[0])
            window = make(n, periodic, torch.float64, prim)
            return window.to(dtype)
        return run
    return factory


def _options(dtype):
    return {"dtype": dtype, "device": device.current()}


kernel_factory("BartlettWindow")(_window(
    lambda n, periodic, dtype, prim: torch.bartlett_window(n, periodic, **_options(dtype))))
kernel_factory("BlackmanWindow")(_window(
    lambda n, periodic, dtype, prim: torch.blackman_window(n, periodic, **_options(dtype))))
kernel_factory("HammingWindow")(_window(
    lambda n, periodic, dtype, prim: torch.hamming_window(n, periodic, prim.alpha, prim.beta, **_options(dtype))))


# ---- discrete Fourier transforms -------------------------------------------------------------
def _fft_kernel(transform, rank):
    """A kernel factory for an FFT primitive of `rank` (1, 2 or None: see signal_ops.py)
    computed by torch.fft's N-D `transform`."""
    default_dim = {1: -1, 2: (-2, -1), None: None}[rank]

    def factory(prim):
        def run(input, n=None, dim=None, norm=None):
            if input.dtype is torch.bool or input.dtype is torch.bfloat16:
                raise TypeError(f"unsupported dtype {input.dtype}")
            if not (input.is_floating_point() or input.is_complex()) or input.dtype is torch.float16:
                input = input.to(torch.float32)
            dim = default_dim if dim is None else dim
            if rank == 1:
                n, dim = (None if n is None else (n,)), (dim,)
            s, dim = None if n is None else tuple(n), None if dim is None else tuple(dim)
            if input.is_complex() and transform is torch.fft.rfftn:
                # MindSpore's rfft of a complex signal: the full DFT, its last axis halved.
                out = torch.fft.fftn(input, s=s, dim=dim, norm=norm)
                last = (dim or range(-len(s or input.shape), 0))[-1]
                return out.narrow(last, 0, out.shape[last] // 2 + 1)
            # torch may return a lazily conjugated view (ihfft): materialize it.
            return transform(input, s=s, dim=dim, norm=norm).resolve_conj()
        return run
    return factory


_DUAL_NORM = {None: "forward", "backward": "forward", "forward": "backward", "ortho": "ortho"}


def _ihfftn(input, s=None, dim=None, norm=None):
    """The conjugated half spectrum, as MindSpore computes it (its zeros have sign bits
    that MindSpore prints as -0j)."""
    return torch.conj(torch.fft.rfftn(input, s=s, dim=dim, norm=_DUAL_NORM[norm]))


for _names, _transform in ((("FFT", "FFT2", "FFTN"), torch.fft.fftn), (("IFFT", "IFFT2", "IFFTN"), torch.fft.ifftn),
                           (("RFFT", "RFFT2", "RFFTN"), torch.fft.rfftn),
                           (("IRFFT", "IRFFT2", "IRFFTN"), torch.fft.irfftn),
                           (("HFFT", "HFFT2", "HFFTN"), torch.fft.hfftn),
                           (("IHFFT", "IHFFT2", "IHFFTN"), _ihfftn)):
    for _name, _rank in zip(_names, (1, 2, None)):
        kernel_factory(_name)(_fft_kernel(_transform, _rank))


@kernel_factory("FFTWithSize")
def fft_with_size(prim):
    k, norm, sizes = prim.signal_ndim, prim.norm, prim.signal_sizes or None
    inverse, real, onesided = prim.inverse, prim.real, prim.onesided

    def run(x):
        dims = tuple(range(x.dim() - k, x.dim()))
        if not real or not onesided:
            out = (torch.fft.ifftn if inverse else torch.fft.fftn)(x, dim=dims, norm=norm)
            return out.real.contiguous() if real and inverse else out
        if inverse:
            return torch.fft.irfftn(x, s=sizes, dim=dims, norm=norm)
        return torch.fft.rfftn(x, dim=dims, norm=norm)
    return run


# ---- short-time Fourier transform -------------------------------------------------------------
@kernel_factory("STFT")
def stft(prim):
    n_fft, hop, win = prim.n_fft, prim.hop_length, prim.win_length
    normalized, onesided, return_complex = prim.normalized, prim.onesided, prim.return_complex

    def run(x, window):
        if not window.is_complex():  # torch wants the window in the signal's real dtype
            window = window.to(x.real.dtype if x.is_complex() else x.dtype)
        out = torch.stft(x, n_fft, hop, win, window, center=False, normalized=normalized, onesided=onesided,
                         return_complex=True)
        return out if return_complex else torch.view_as_real(out).contiguous()
    return run
