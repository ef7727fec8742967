"""Transforms that rebuild or move phase: InverseSpectrogram (inverse STFT), PhaseVocoder,
TimeStretch, GriffinLim, PitchShift. Complex spectrograms are (..., freq, frames, 2)."""
from __future__ import annotations

import math

import numpy as np

from .. import checks, random_streams
from .audio_operation import AudioOperation, ComplexOperation
from .resample import Resample
from .spectral import stft
from .utils import BorderType, WindowType, check_enum, window


def _padded_window(kind: WindowType, n_fft: int, win_length: int) -> np.ndarray:
    win = np.zeros(n_fft)
    start = (n_fft - win_length) // 2
    win[start:start + win_length] = window(kind, win_length)
    return win


def istft(spectrum: np.ndarray, n_fft: int, hop_length: int, win: np.ndarray, center: bool, onesided: bool,
          length: int | None) -> np.ndarray:
    """The waveform (..., time) whose STFT with window `win` (length n_fft) is `spectrum`
    (..., freq, frames), complex: windowed overlap-add divided by the window envelope."""
    frames = np.swapaxes(spectrum, -1, -2)
    pieces = np.fft.irfft(frames, n=n_fft, axis=-1) if onesided else np.fft.ifft(frames, axis=-1).real
    n_frames = pieces.shape[-2]
    total = n_fft + hop_length * (n_frames - 1)
    signal = np.zeros(pieces.shape[:-2] + (total,))
    envelope = np.zeros(total)
    for i in range(n_frames):
        signal[..., i * hop_length:i * hop_length + n_fft] += pieces[..., i, :] * win
        envelope[i * hop_length:i * hop_length + n_fft] += win ** 2
    start = n_fft // 2 if center else 0
    # MindSpore drops n_fft // 2 samples at each end even without `center` (the end only then)
    end = start + (total - 2 * (n_fft // 2) if length is None else length)
    envelope = envelope[start:min(end, total)]
    covered = envelope > 1e-11  # where no window reaches, the signal is 0 and stays so
    signal = signal[..., start:min(end, total)] / np.where(covered, envelope, 1.0)
    if end > total:
        signal = np.concatenate([signal, np.zeros(signal.shape[:-1] + (end - total,))], axis=-1)
    return signal


def _as_complex(array: np.ndarray) -> np.ndarray:
    return array[..., 0].astype(np.float64) + 1j * array[..., 1].astype(np.float64)


def _as_pairs(values: np.ndarray, dtype) -> np.ndarray:
    return np.stack([values.real, values.imag], axis=-1).astype(dtype)


class InverseSpectrogram(ComplexOperation):
    """A waveform (..., time) from a complex spectrogram (..., freq, frames, 2)."""

    min_rank = 3

    def __init__(self, length=None, n_fft=400, win_length=None, hop_length=None, pad=0, window=WindowType.HANN,
                 normalized=False, center=True, pad_mode=BorderType.REFLECT, onesided=True):
        op = type(self).__name__
        self.length = checks.check_optional_int(op, "length", length)
        self.n_fft = checks.check_int(op, "n_fft", n_fft, 1)
        self.win_length = checks.check_int(op, "win_length", n_fft if win_length is None else win_length, 1, n_fft)
        self.hop_length = checks.check_int(op, "hop_length",
                                           self.win_length // 2 if hop_length is None else hop_length, 1)
        self.pad = checks.check_int(op, "pad", pad)
        self.window = check_enum(op, "window", window, WindowType)
        self.normalized = checks.check_bool(op, "normalized", normalized)
        self.center = checks.check_bool(op, "center", center)
        self.pad_mode = check_enum(op, "pad_mode", pad_mode, BorderType)
        self.onesided = checks.check_bool(op, "onesided", onesided)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        spectrum = _as_complex(array)
        win = _padded_window(self.window, self.n_fft, self.win_length)
        if self.normalized:
            spectrum = spectrum * np.sqrt(np.sum(win ** 2))
        length = None if self.length is None else self.length + 2 * self.pad
        waveform = istft(spectrum, self.n_fft, self.hop_length, win, self.center, self.onesided, length)
        if self.length is not None and self.pad > 0:
            waveform = waveform[..., self.pad:-self.pad]
        return waveform.astype(array.dtype)


def phase_vocoder(spectrum: np.ndarray, rate: float, phase_advance: np.ndarray) -> np.ndarray:
    """A complex spectrogram (..., freq, frames) sped up by `rate`: magnitudes interpolated
    between frames, phases advanced by the expected phase advance of each bin (freq, 1)."""
    steps = np.arange(0, spectrum.shape[-1], rate)
    alphas = steps % 1.0
    phase_0 = np.angle(spectrum[..., :1])
    padded = np.concatenate([spectrum, np.zeros(spectrum.shape[:-1] + (2,), spectrum.dtype)], axis=-1)
    spec_0 = padded[..., steps.astype(np.int64)]
    spec_1 = padded[..., (steps + 1).astype(np.int64)]
    phase = np.angle(spec_1) - np.angle(spec_0) - phase_advance
    phase = phase - 2 * np.pi * np.round(phase / (2 * np.pi)) + phase_advance
    phase = np.cumsum(np.concatenate([phase_0, phase[..., :-1]], axis=-1), axis=-1)
    magnitude = alphas * np.abs(spec_1) + (1 - alphas) * np.abs(spec_0)
    return magnitude * np.exp(1j * phase)


class PhaseVocoder(ComplexOperation):
    """A complex spectrogram (..., freq, frames, 2) sped up by `rate` without changing its
    pitch: ceil(frames / rate) frames. `phase_advance` has shape (freq, 1)."""

    min_rank = 3

    def __init__(self, rate, phase_advance):
        self.rate = checks.check_number("PhaseVocoder", "rate", rate, 0.0, low_open=True)
        if not isinstance(phase_advance, np.ndarray) or phase_advance.ndim != 2 or phase_advance.shape[1] != 1:
            raise TypeError(f"For 'PhaseVocoder', the 'phase_advance' must be a NumPy array of shape (freq, 1), "
                            f"but got {getattr(phase_advance, 'shape', type(phase_advance).__name__)}.")
        self.phase_advance = phase_advance

    def _apply(self, array: np.ndarray) -> np.ndarray:
        if array.shape[-3] != self.phase_advance.shape[0]:
            raise RuntimeError(f"For 'PhaseVocoder', the input must have {self.phase_advance.shape[0]} frequency "
                               f"bins (the rows of 'phase_advance'), but got shape {array.shape}.")
        stretched = phase_vocoder(_as_complex(array), self.rate, self.phase_advance.astype(np.float64))
        return _as_pairs(stretched, array.dtype)


class TimeStretch(ComplexOperation):
    """PhaseVocoder at `fixed_rate` (1 when None) with the phase advance of an STFT of
    n_freq bins and `hop_length`."""

    min_rank = 3

    def __init__(self, hop_length=None, n_freq=201, fixed_rate=None):
        op = type(self).__name__
        self.n_freq = checks.check_int(op, "n_freq", n_freq, 1)
        n_fft = (self.n_freq - 1) * 2
        self.hop_length = checks.check_int(op, "hop_length", n_fft // 2 if hop_length is None else hop_length, 1)
        self.fixed_rate = None if fixed_rate is None else checks.check_number(op, "fixed_rate", fixed_rate, 0.0,
                                                                              low_open=True)
        self._vocoder = PhaseVocoder(1.0 if fixed_rate is None else self.fixed_rate,
                                     np.linspace(0, math.pi * self.hop_length, self.n_freq)[:, None])

    def _apply(self, array: np.ndarray) -> np.ndarray:
        return self._vocoder._apply(array)


class GriffinLim(AudioOperation):
    """A waveform (..., time) from a magnitude spectrogram (..., freq, frames) by Griffin-Lim
    phase retrieval with momentum, from phases of 0 (or random ones with `rand_init`)."""

    min_rank = 2

    def __init__(self, n_fft=400, n_iter=32, win_length=None, hop_length=None, window_type=WindowType.HANN,
                 power=2.0, momentum=0.99, length=None, rand_init=True):
        op = type(self).__name__
        self.n_fft = checks.check_int(op, "n_fft", n_fft, 1)
        self.n_iter = checks.check_int(op, "n_iter", n_iter, 1)
        self.win_length = checks.check_int(op, "win_length", n_fft if win_length is None else win_length, 1, n_fft)
        self.hop_length = checks.check_int(op, "hop_length",
                                           self.win_length // 2 if hop_length is None else hop_length, 1)
        self.window_type = check_enum(op, "window_type", window_type, WindowType)
        self.power = checks.check_number(op, "power", power, 0.0, low_open=True)
        self.momentum = checks.check_number(op, "momentum", momentum, 0.0)
        self.length = checks.check_optional_int(op, "length", length)
        self.rand_init = checks.check_bool(op, "rand_init", rand_init)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        op = type(self).__name__
        if array.shape[-2] != self.n_fft // 2 + 1:
            raise RuntimeError(f"For '{op}', the input must have n_fft // 2 + 1 = {self.n_fft // 2 + 1} frequency "
                               f"bins on axis -2, but got shape {array.shape}.")
        magnitude = array.astype(np.float64) ** (1.0 / self.power)
        win = _padded_window(self.window_type, self.n_fft, self.win_length)
        if self.rand_init:
            angles = np.exp(2j * np.pi * random_streams.current().random(magnitude.shape))
        else:
            angles = np.ones(magnitude.shape, np.complex128)
        previous = np.zeros(magnitude.shape, np.complex128)
        for _ in range(self.n_iter):
            waveform = istft(magnitude * angles, self.n_fft, self.hop_length, win, True, True, self.length)
            rebuilt, _ = stft(waveform, self.n_fft, self.win_length, self.hop_length, self.window_type, True,
                              BorderType.REFLECT, True)
            angles = rebuilt - previous * (self.momentum / (1 + self.momentum))
            angles = angles / (np.abs(angles) + 1e-16)
            previous = rebuilt
        waveform = istft(magnitude * angles, self.n_fft, self.hop_length, win, True, True, self.length)
        return waveform.astype(array.dtype)


class PitchShift(AudioOperation):
    """The waveform (..., time) shifted by `n_steps` steps of 1/bins_per_octave octave, same
    length: a phase-vocoder time stretch, then resampling."""

    def __init__(self, sample_rate, n_steps, bins_per_octave=12, n_fft=512, win_length=None, hop_length=None,
                 window=WindowType.HANN):
        op = type(self).__name__
        self.sample_rate = checks.check_int(op, "sample_rate", sample_rate, 1)
        self.n_steps = checks.check_int(op, "n_steps", n_steps, -checks.INT32_MAX)
        self.bins_per_octave = checks.check_int(op, "bins_per_octave", bins_per_octave, -checks.INT32_MAX)
        if self.bins_per_octave == 0:
            raise ValueError(f"For '{op}', the 'bins_per_octave' must not be 0.")
        self.n_fft = checks.check_int(op, "n_fft", n_fft, 1)
        self.win_length = checks.check_int(op, "win_length", n_fft if win_length is None else win_length, 1, n_fft)
        self.hop_length = checks.check_int(op, "hop_length",
                                           self.win_length // 4 if hop_length is None else hop_length, 1)
        self.window = check_enum(op, "window", window, WindowType)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        length = array.shape[-1]
        rate = 2.0 ** (-self.n_steps / self.bins_per_octave)
        spectrum, win = stft(array.astype(np.float64), self.n_fft, self.win_length, self.hop_length, self.window,
                             True, BorderType.REFLECT, True)
        advance = np.linspace(0, math.pi * self.hop_length, spectrum.shape[-2])[:, None]
        stretched = phase_vocoder(spectrum, rate, advance)
        waveform = istft(stretched, self.n_fft, self.hop_length, win, True, True, round(length / rate))
        shifted = Resample(int(self.sample_rate / rate), self.sample_rate)._apply(waveform)
        if shifted.shape[-1] >= length:
            return shifted[..., :length].astype(array.dtype)
        pad = [(0, 0)] * (shifted.ndim - 1) + [(0, length - shifted.shape[-1])]
        return np.pad(shifted, pad).astype(array.dtype)
