"""dataset.audio phase transforms (inverse STFT, phase vocoder, time stretch, pitch shift,
Griffin-Lim) and sliding-window CMN against MindSpore 2.7.1: the dtype, shape, first values
and sum of absolute values it printed for the same calls."""
import numpy as np
import pytest

import spore.dataset.audio as A

t = np.arange(600, dtype=np.float64)
wav = (0.5 * np.sin(t * 0.07) + 0.3 * np.cos(t * 0.31) + 0.1 * np.sin(t * 1.3)).reshape(2, 300).astype(np.float32)
spec = (np.abs(np.sin(np.arange(2 * 16 * 40) * 0.37)) * 3).reshape(2, 16, 40).astype(np.float32)
cspec = np.stack([np.cos(np.arange(2 * 9 * 20) * 0.3).reshape(2, 9, 20),
                  np.sin(np.arange(2 * 9 * 20) * 0.7).reshape(2, 9, 20)], -1).astype(np.float32)
CASES = {
 "InverseSpectrogram": lambda: A.InverseSpectrogram(n_fft=16)(cspec.copy()),
 "InverseSpectrogram_len": lambda: A.InverseSpectrogram(length=140, n_fft=16, win_length=12, hop_length=6,
                                                         normalized=True)(cspec.copy()),
 "InverseSpectrogram_nc": lambda: A.InverseSpectrogram(n_fft=16, center=False,
                                                        window=A.WindowType.HAMMING)(cspec.copy()),
 "PhaseVocoder": lambda: A.PhaseVocoder(1.3, np.linspace(0, np.pi * 8, 9)[:, None].astype(np.float32))(cspec.copy()),
 "TimeStretch": lambda: A.TimeStretch(8, 9, 0.7)(cspec.copy()),
 "TimeStretch_def": lambda: A.TimeStretch(n_freq=9)(cspec.copy()),
 "PitchShift": lambda: A.PitchShift(16000, 3, n_fft=64)(wav),
 "PitchShift_down": lambda: A.PitchShift(16000, -4, 12, n_fft=32, hop_length=8)(wav),
 "SlidingWindowCmn": lambda: A.SlidingWindowCmn(20, 5)(spec),
 "SlidingWindowCmn_center": lambda: A.SlidingWindowCmn(20, 5, True, True)(spec),
 "SlidingWindowCmn_2d": lambda: A.SlidingWindowCmn(7, 3)(spec[0]),
}
REFERENCES = {
    'InverseSpectrogram': ('float32', (2, 152), [-0.0068445, -0.000716749, 0.0430695, -0.0645347], 33.80092),
    'InverseSpectrogram_len': ('float32', (2, 140), [-0.0145194, -0.0163994, -0.320578, -0.232038], 47.12394),
    'InverseSpectrogram_nc': ('float32', (2, 152), [4.21055, 2.97915, 0.0742509, -0.510262], 55.20045),
    'PhaseVocoder': ('float32', (2, 9, 16, 2), [1.0, 0.0, 0.988458, 0.666553], 347.5039),
    'TimeStretch': ('float32', (2, 9, 29, 2), [1.0, 0.0, 0.917467, 0.618681], 618.9709),
    'TimeStretch_def': ('float32', (2, 9, 20, 2), [1.0, 0.0, 0.955337, 0.644218], 458.6761),
    'PitchShift': ('float32', (2, 300), [0.283519, 0.428541, 0.30989, 0.161331], 162.8737),
    'PitchShift_down': ('float32', (2, 300), [0.302501, 0.421829, 0.409608, 0.330936], 150.2086),
    'SlidingWindowCmn': ('float32', (2, 16, 40), [-1.58093, -0.532107, 0.292147, 0.692098], 985.6188),
    'SlidingWindowCmn_center': ('float32', (2, 16, 40), [-1.86334, -0.864947, 0.196955, 0.868406], 1114.462),
    'SlidingWindowCmn_2d': ('float32', (16, 40), [-1.75836, -0.781371, 0.301371, 0.941993], 465.9249),
}


@pytest.mark.parametrize("name", sorted(REFERENCES))
def test_against_mindspore(name):
    dtype, shape, first, total = REFERENCES[name]
    result = np.asarray(CASES[name]())
    assert str(result.dtype) == dtype and result.shape == shape
    np.testing.assert_allclose(result.reshape(-1)[:4], first, rtol=1e-3, atol=1e-4)
    np.testing.assert_allclose(np.abs(result.astype(np.float64)).sum(), total, rtol=1e-4)


def test_griffin_lim_without_momentum_against_mindspore():
    magnitude = np.abs(np.cos(np.arange(2 * 9 * 20) * 0.3)).reshape(2, 9, 20).astype(np.float32)
    out = A.GriffinLim(n_fft=16, n_iter=2, momentum=0.0, rand_init=False)(magnitude)
    assert out.shape == (2, 152)
    np.testing.assert_allclose(out[0, :8], [0.3331, 0.2166, -0.1909, -0.1974, 0.1023, -0.6684, 0.0345, 0.2191],
                               atol=2e-4)


def test_inverse_spectrogram_inverts_the_spectrogram():
    waveform = np.sin(np.arange(256) * 0.21).astype(np.float64)[None]
    spectrum = np.fft.rfft(np.stack([np.pad(waveform[0], 8, mode="reflect")[i:i + 16] * np.hanning(17)[:-1]
                                     for i in range(0, 257, 8)]), axis=-1).T
    pairs = np.stack([spectrum.real, spectrum.imag], axis=-1)
    np.testing.assert_allclose(A.InverseSpectrogram(length=256, n_fft=16)(pairs), waveform[0], atol=1e-9)


def test_time_stretch_at_rate_one_keeps_the_spectrogram():
    spectrum = np.zeros((3, 4, 2), np.float32)
    spectrum[..., 0] = np.cos(np.arange(12) * 0.3).reshape(3, 4)
    spectrum[..., 1] = np.sin(np.arange(12) * 0.7).reshape(3, 4)
    np.testing.assert_allclose(A.TimeStretch(n_freq=3)(spectrum), spectrum, atol=1e-6)


def test_bad_inputs():
    with pytest.raises(RuntimeError, match="last axis of size 2"):
        A.InverseSpectrogram(n_fft=16)(np.zeros((9, 4, 3), np.float32))
    with pytest.raises(TypeError, match="'phase_advance' must be a NumPy array of shape"):
        A.PhaseVocoder(1.2, [0.0])
    with pytest.raises(RuntimeError, match="n_fft // 2 \\+ 1 = 9"):
        A.GriffinLim(n_fft=16)(np.ones((5, 4), np.float32))
    with pytest.raises(ValueError, match="'bins_per_octave' must not be 0"):
        A.PitchShift(16000, 2, 0)


def test_detect_pitch_frequency_against_mindspore():
    tone = np.sin(np.arange(4000) * 2 * np.pi * 440 / 16000).astype(np.float32)
    np.testing.assert_allclose(A.DetectPitchFrequency(16000)(tone), np.full(10, 444.444), rtol=1e-5)
    time = np.arange(8000)
    chirp = (np.sin(time * 2 * np.pi * 220 / 8000) + 0.5 * np.sin(time * 2 * np.pi * (300 + time / 40) / 8000))
    pitch = A.DetectPitchFrequency(8000, 0.02, 5, 60, 2000)(chirp.reshape(2, 4000).astype(np.float32))
    assert pitch.shape == (2, 23)
    np.testing.assert_allclose(pitch[0, :8], [74.074, 108.108, 109.589, 109.589, 109.589, 109.589, 73.394, 73.394],
                               rtol=1e-4)
    np.testing.assert_allclose(pitch[1, -4:], [216.216, 222.222, 222.222, 222.222], rtol=1e-4)


def test_dither_against_mindspore():
    time = np.arange(40, dtype=np.float64)
    wave = (0.5 * np.sin(time * 0.37) + 0.0001 * np.cos(time)).reshape(2, 20).astype(np.float32)
    plain = A.Dither()(wave)
    np.testing.assert_allclose(plain[0, :6], [0.0000916, 0.1808472, 0.3370972, 0.4477234, 0.4978638, 0.4806519],
                               atol=1e-7)
    np.testing.assert_allclose(np.abs(plain).sum(), 12.750061, rtol=1e-6)
    shaped = A.Dither(noise_shaping=True)(wave)
    np.testing.assert_allclose(shaped[0, :6], [0.0000916, 0.1808387, 0.3370826, 0.4477182, 0.4978368, 0.4806406],
                               atol=1e-7)
    assert A.Dither(A.DensityFunction.GPDF)(wave).shape == (2, 20)
    with pytest.raises(TypeError, match="'density_function' must be a DensityFunction"):
        A.Dither("TPDF")


def test_phaser_against_mindspore():
    sine = A.Phaser(16000)(wav)
    np.testing.assert_allclose(sine[1, 100:104], [0.0089924, 0.04674729, 0.10950948, 0.13935934], atol=1e-6)
    np.testing.assert_allclose(np.abs(sine.astype(np.float64)).sum(), 101.4539968587651, rtol=1e-6)
    triangle = A.Phaser(8000, 0.6, 0.9, 4.0, 0.7, 1.5, False)(wav)
    np.testing.assert_allclose(triangle[1, 100:104], [0.2231477, 0.2568388, 0.3218713, 0.35411146], atol=1e-6)
    np.testing.assert_allclose(np.abs(triangle.astype(np.float64)).sum(), 305.54241046798415, rtol=1e-6)
    with pytest.raises(ValueError, match="'decay' must be in"):
        A.Phaser(16000, decay=1.5)


def test_flanger_against_mindspore():
    sine = A.Flanger(16000)(wav)
    np.testing.assert_allclose(sine[1, 100:104], [0.3430778, 0.39021027, 0.46686858, 0.49343097], atol=1e-6)
    np.testing.assert_allclose(np.abs(sine.astype(np.float64)).sum(), 191.42127916030586, rtol=1e-6)
    triangle = A.Flanger(8000, 3.0, 4.0, 30.0, 50.0, 2.0, 40.0, A.Modulation.TRIANGULAR,
                         A.Interpolation.QUADRATIC)(wav)
    np.testing.assert_allclose(triangle[1, 100:104], [-0.03541997, 0.04044583, 0.12110037, 0.13328445], atol=1e-6)
    np.testing.assert_allclose(np.abs(triangle.astype(np.float64)).sum(), 119.30195259861648, rtol=1e-6)
    with pytest.raises(RuntimeError, match="at most 4 channels"):
        A.Flanger(16000)(np.zeros((5, 10), np.float32))
