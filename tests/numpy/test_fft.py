"""mindspore.numpy.fft against numpy.fft."""
import numpy as np
import pytest

import spore as ms
import spore.numpy as mnp

RNG = np.random.default_rng(5)
REAL = RNG.standard_normal((4, 6)).astype(np.float32)
SPECTRUM = (RNG.standard_normal((4, 6)) + 1j * RNG.standard_normal((4, 6))).astype(np.complex64)

CASES = [
    ("fft", lambda m: m.fft(REAL_ARG[m], 8, 0, "ortho")), ("ifft", lambda m: m.ifft(SPECTRUM_ARG[m])),
    ("rfft", lambda m: m.rfft(REAL_ARG[m], axis=0)), ("irfft", lambda m: m.irfft(SPECTRUM_ARG[m], 10)),
    ("hfft", lambda m: m.hfft(SPECTRUM_ARG[m])), ("ihfft", lambda m: m.ihfft(REAL_ARG[m], norm="forward")),
    ("fft2", lambda m: m.fft2(SPECTRUM_ARG[m])), ("ifft2", lambda m: m.ifft2(SPECTRUM_ARG[m], (3, 4))),
    ("rfft2", lambda m: m.rfft2(REAL_ARG[m])), ("irfft2", lambda m: m.irfft2(SPECTRUM_ARG[m])),
    ("fftn", lambda m: m.fftn(REAL_ARG[m], axes=(1,))), ("ifftn", lambda m: m.ifftn(SPECTRUM_ARG[m])),
    ("rfftn", lambda m: m.rfftn(REAL_ARG[m])), ("irfftn", lambda m: m.irfftn(SPECTRUM_ARG[m], (4, 8), (0, 1))),
    ("fftshift", lambda m: m.fftshift(REAL_ARG[m])), ("ifftshift", lambda m: m.ifftshift(REAL_ARG[m], axes=1)),
    ("fftfreq", lambda m: m.fftfreq(7, 0.5)), ("rfftfreq", lambda m: m.rfftfreq(8)),
]
REAL_ARG = {mnp.fft: ms.Tensor(REAL), np.fft: REAL.astype(np.float64)}
SPECTRUM_ARG = {mnp.fft: ms.Tensor(SPECTRUM), np.fft: SPECTRUM.astype(np.complex128)}


@pytest.mark.parametrize("name, call", CASES, ids=[c[0] for c in CASES])
def test_fft_matches_numpy(name, call):
    actual, expected = call(mnp.fft), call(np.fft)
    got = actual.asnumpy()
    assert got.shape == expected.shape
    np.testing.assert_allclose(got, expected, rtol=1e-4, atol=1e-4)
