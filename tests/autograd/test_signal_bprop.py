"""Numerical gradient checks (float64) of the FFT bprops: each transform is checked on
real inputs and, through ops.complex, on complex ones; complex outputs are checked
through their real and imaginary parts (MindSpore's convention: a complex gradient is
dL/dRe + i dL/dIm)."""
import numpy as np
import pytest

import spore as ms
from spore import ops
from spore.ops.operations import signal_ops as S
from spore.ops.primitive import PRIMITIVES
from tests.ops.op_testing import OpCase, case_id, rand

from .gradcheck import check_gradients


def parts(prim, *args):
    """prim(x, *args) as (real part, imaginary part) for a real input x."""
    def run(x):
        out = prim(x, *args)
        return (ops.real(out), ops.imag(out)) if out.dtype.is_complex else out
    return run


def complex_parts(prim, *args):
    """prim(re + i im, *args), its output split in parts if complex."""
    def run(re, im):
        out = prim(PRIMITIVES["Complex"]()(re, im), *args)
        return (ops.real(out), ops.imag(out)) if out.dtype.is_complex else out
    return run


X = rand(3, 4)
RE, IM = rand(3, 4), rand(3, 4)

GRAD_CASES = [
    OpCase(parts(S.FFT()), (X,), None, prim="FFT"),
    OpCase(parts(S.FFT(), 6, 0, "ortho"), (X,), None, prim="FFT"),
    OpCase(complex_parts(S.FFT(), 3, -1, "forward"), (RE, IM), None, prim="FFT"),
    OpCase(complex_parts(S.IFFT(), 5), (RE, IM), None, prim="IFFT"),
    OpCase(parts(S.IFFT(), None, 0, "ortho"), (X,), None, prim="IFFT"),
    OpCase(complex_parts(S.FFT2(), (2, 5)), (RE, IM), None, prim="FFT2"),
    OpCase(complex_parts(S.IFFT2(), None, (0, 1), "forward"), (RE, IM), None, prim="IFFT2"),
    OpCase(parts(S.FFTN()), (rand(2, 3, 2),), None, prim="FFTN"),
    OpCase(complex_parts(S.IFFTN(), (4,)), (RE, IM), None, prim="IFFTN"),
    OpCase(parts(S.RFFT()), (X,), None, prim="RFFT"),
    OpCase(parts(S.RFFT(), 7, 0, "ortho"), (X,), None, prim="RFFT"),
    OpCase(parts(S.RFFT(), 3, 1, "forward"), (X,), None, prim="RFFT"),
    OpCase(parts(S.RFFT2()), (X,), None, prim="RFFT2"),
    OpCase(parts(S.RFFTN(), (2, 5)), (X,), None, prim="RFFTN"),
    OpCase(complex_parts(S.IRFFT()), (RE, IM), None, prim="IRFFT"),
    OpCase(complex_parts(S.IRFFT(), 5, 0, "ortho"), (RE, IM), None, prim="IRFFT"),
    OpCase(complex_parts(S.IRFFT(), 8, -1, "forward"), (RE, IM), None, prim="IRFFT"),
    OpCase(complex_parts(S.IRFFT2()), (RE, IM), None, prim="IRFFT2"),
    OpCase(complex_parts(S.IRFFTN(), (2, 5)), (RE, IM), None, prim="IRFFTN"),
    OpCase(complex_parts(S.HFFT()), (RE, IM), None, prim="HFFT"),
    OpCase(complex_parts(S.HFFT(), 5, 0, "ortho"), (RE, IM), None, prim="HFFT"),
    OpCase(complex_parts(S.HFFT2(), None, (0, 1), "forward"), (RE, IM), None, prim="HFFT2"),
    OpCase(complex_parts(S.HFFTN()), (RE, IM), None, prim="HFFTN"),
    OpCase(parts(S.IHFFT()), (X,), None, prim="IHFFT"),
    OpCase(parts(S.IHFFT(), 5, 0, "forward"), (X,), None, prim="IHFFT"),
    OpCase(parts(S.IHFFT2(), None, (0, 1), "ortho"), (X,), None, prim="IHFFT2"),
    OpCase(parts(S.IHFFTN()), (X,), None, prim="IHFFTN"),
    OpCase(lambda x: ops.fftshift(x), (X,), None, prim="fftshift"),
    OpCase(complex_parts(S.FFTWithSize(1, False, False)), (RE, IM), None, prim="FFTWithSize"),
    OpCase(complex_parts(S.FFTWithSize(2, True, False, "ortho")), (RE, IM), None, prim="FFTWithSize"),
    OpCase(parts(S.FFTWithSize(2, False, True)), (X,), None, prim="FFTWithSize"),
    OpCase(parts(S.FFTWithSize(1, False, True, onesided=False)), (X,), None, prim="FFTWithSize"),
    OpCase(complex_parts(S.FFTWithSize(1, True, True, signal_sizes=(5,))), (RE, IM), None, prim="FFTWithSize"),
    OpCase(complex_parts(S.FFTWithSize(1, True, True, "forward", False)), (RE, IM), None, prim="FFTWithSize"),
]


@pytest.mark.parametrize("case", GRAD_CASES, ids=case_id)
def test_gradient(case):
    check_gradients(case.op, case.inputs)


def test_complex_gradient_matches_mindspore():
    """Values printed by MindSpore 2.7.1 for a real-input fft and a complex-input irfft."""
    w = ms.Tensor(np.array([0.5, -1.0, 2.0, 0.3], np.float32))

    def loss(x):
        y = ops.fft(x)
        return (ops.real(y) * w).sum() + (ops.imag(y) * w * 2).sum()
    x = ms.Tensor(np.array([1.0, 2.0, 3.0, 4.0], np.float32))
    np.testing.assert_allclose(ms.grad(loss)(x).asnumpy(), [1.8, 1.1, 3.2, -4.1], rtol=1e-5)
    z = ms.Tensor(np.array([1 + 1j, 2, 3 - 1j, 0.5j], np.complex64))
    np.testing.assert_allclose(ms.grad(loss)(z).asnumpy(), [1.8 + 3.6j, 1.1 - 4.3j, 3.2 + 6.4j, -4.1 - 1.7j],
                               rtol=1e-5)
    ramp = ms.Tensor(np.arange(6, dtype=np.float32))
    grad = ms.grad(lambda t: (ops.irfft(t) * ramp).sum())(z)
    np.testing.assert_allclose(grad.asnumpy(), [2.5, -1 + 1.7320508j, -1 + 0.57735026j, -0.5], rtol=1e-5, atol=1e-6)
