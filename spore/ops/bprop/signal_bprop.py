"""bprops of the primitives in operations/signal_ops.py.

Windows are constants of their length: no gradient; nor has STFT one (as in MindSpore).

The FFTs are linear, so each gradient is the adjoint transform applied to dout, with
MindSpore's convention for complex values (the one PyTorch uses too): a complex dout
holds dL/dRe + i dL/dIm, and a real input gets the real part of the adjoint. A
transform scaled by c in one direction has as adjoint the opposite-direction transform
scaled by c: the same norm for the opposite direction's scale, or its dual
('backward' <-> 'forward'). Zero-padding an axis has trimming as adjoint and vice versa.
"""
from __future__ import annotations

import functools

from ...common import dtype as mstype
from ...common.tensor import Tensor
from .. import function as F
from ..operations import signal_ops as S
from ..primitive import PRIMITIVES
from .registry import bprop, non_differentiable

# MindSpore defines no gradient for STFT either.
non_differentiable("BartlettWindow", "BlackmanWindow", "HammingWindow", "STFT")


@functools.cache
def _transform(name: str):
    return PRIMITIVES[name]()


def _complex_part(name: str, t: Tensor) -> Tensor:
    """Real / Conj of another family, looked up when first used."""
    return _transform(name)(t)


def _resize(t: Tensor, axes: tuple, sizes: tuple) -> Tensor:
    """`t` trimmed or zero-padded (at the end) along each axis to its size."""
    for axis, size in zip(axes, sizes):
        have = t.shape[axis]
        if have > size:
            t = F.narrow(t, axis, 0, size)
        elif have < size:
            shape = list(t.shape)
            shape[axis] = size - have
            t = F.concat((t, F.zeros(tuple(shape), t.dtype)), axis)
    return t


def _as_input(grad: Tensor, x: Tensor) -> Tensor:
    """The gradient in x's kind: the real part (in x's dtype) for a real x."""
    if x.dtype.is_complex:
        return grad if grad.dtype is x.dtype else F.cast(grad, x.dtype)
    if grad.dtype.is_complex:
        grad = _complex_part("Real", grad)
    return grad if grad.dtype is x.dtype or not x.dtype.is_floating_point else F.cast(grad, x.dtype)


def _call_args(rest):
    """(n_or_s, dim, norm, out, dout) of a call whose trailing inputs may be omitted."""
    given = rest[:-2]
    n, dim, norm = (tuple(given) + (None, None, None))[:3]
    return n, dim, norm or "backward", rest[-2], rest[-1]


def _half_spectrum_weights(axis: int, ndim: int, full: int, half: int, dtype) -> Tensor:
    """Weights along `axis` of a half spectrum of `half` points of a real signal of
    `full` points: 2 for the points that stand for two (their mirror images), else 1."""
    doubled = full - half
    weights = [2.0 if 1 <= k <= doubled else 1.0 for k in range(half)]
    return Tensor(weights, dtype).reshape((half,) + (1,) * (ndim - axis - 1))


@bprop("FFT", "IFFT", "FFT2", "IFFT2", "FFTN", "IFFTN")
def _c2c(prim, x, *rest):
    n, dim, norm, _, dout = _call_args(rest)
    axes, _ = prim.plan(x, n, dim)
    adjoint = _transform("FFTN" if prim.inverse else "IFFTN")
    grad = adjoint(dout, None, axes, S.dual_norm(norm))
    grad = _resize(grad, axes, tuple(x.shape[a] for a in axes))
    return (_as_input(grad, x),) + (None,) * (len(rest) - 2)


@bprop("RFFT", "RFFT2", "RFFTN", "IHFFT", "IHFFT2", "IHFFTN")
def _r2c(prim, x, *rest):
    """The half spectrum is the full one trimmed: pad dout back, then the adjoint of the
    full transform. IHFFT conjugates its result, so dout is conjugated first."""
    n, dim, norm, _, dout = _call_args(rest)
    axes, sizes = prim.plan(x, n, dim)
    full = tuple(x.shape[a] if s is None else s for a, s in zip(axes, sizes))
    grad = _complex_part("Conj", dout) if prim.hermitian else dout
    grad = _resize(grad, axes[-1:], full[-1:])
    grad = _transform("IFFTN")(grad, None, axes, norm if prim.inverse else S.dual_norm(norm))
    grad = _resize(grad, axes, tuple(x.shape[a] for a in axes))
    return (_as_input(grad, x),) + (None,) * (len(rest) - 2)


@bprop("IRFFT", "IRFFT2", "IRFFTN", "HFFT", "HFFT2", "HFFTN")
def _c2r(prim, x, *rest):
    """The real output reads each half-spectrum point once and its mirror image once more:
    the adjoint is the half spectrum of dout with the mirrored points weighted 2. HFFT
    conjugates its input, so the gradient is conjugated."""
    n, dim, norm, out, dout = _call_args(rest)
    axes, _ = prim.plan(x, n, dim)
    grad = _transform("RFFTN")(dout, None, axes, S.dual_norm(norm) if prim.inverse else norm)
    last = axes[-1]
    real = mstype.float64 if grad.dtype is mstype.complex128 else mstype.float32
    weights = _half_spectrum_weights(last, grad.ndim, out.shape[last], grad.shape[last], real)
    grad = F.mul(grad, F.cast(weights, grad.dtype))
    if prim.hermitian:
        grad = _complex_part("Conj", grad)
    grad = _resize(grad, axes, tuple(x.shape[a] for a in axes))
    return (_as_input(grad, x),) + (None,) * (len(rest) - 2)


@bprop("FFTWithSize")
def _fft_with_size(prim, x, out, dout):
    """The bprop of the FFT primitive computing the same transform (a real part taken of
    an inverse FFTN has the real dout as gradient of the complex result)."""
    equivalent, sizes, dims = prim.equivalent(x.ndim)
    adjoint = {"c2c": _c2c, "r2c": _r2c, "c2r": _c2r}[equivalent.kind]
    return adjoint(equivalent, x, sizes, dims, prim.norm, out, dout)[:1]
