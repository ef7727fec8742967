"""Spectral transforms: Spectrogram, MelScale, MelSpectrogram, AmplitudeToDB,
DBToAmplitude, MFCC, LFCC, SpectralCentroid, ComputeDeltas, ComplexNorm, Angle, Magphase.

Waveforms are (..., time); spectrograms (..., freq, frames). Computed in float64 with
NumPy's FFT and returned in the input's float type.
"""
from __future__ import annotations

import numpy as np

from .. import checks
from .audio_operation import AudioOperation, ComplexOperation
from .utils import (
    BorderType,
    MelType,
    NormMode,
    NormType,
    ScaleType,
    WindowType,
    check_enum,
    create_dct,
    linear_fbanks,
    melscale_fbanks,
    window,
)

_NUMPY_PAD = {BorderType.CONSTANT: "constant", BorderType.EDGE: "edge", BorderType.REFLECT: "reflect",
              BorderType.SYMMETRIC: "symmetric"}


def stft(waveform: np.ndarray, n_fft: int, win_length: int, hop_length: int, kind: WindowType, center: bool,
         pad_mode: BorderType, onesided: bool) -> np.ndarray:
    """The complex STFT of (..., time), shape (..., freq, frames)."""
    win = np.zeros(n_fft)
    start = (n_fft - win_length) // 2
    win[start:start + win_length] = window(kind, win_length)
    if center:
        pad = [(0, 0)] * (waveform.ndim - 1) + [(n_fft // 2, n_fft // 2)]
        waveform = np.pad(waveform, pad, mode=_NUMPY_PAD[pad_mode])
    n_frames = 1 + (waveform.shape[-1] - n_fft) // hop_length
    if n_frames < 1:
        raise RuntimeError(f"For 'Spectrogram', the waveform of {waveform.shape[-1]} samples is shorter than "
                           f"'n_fft' {n_fft}.")
    index = np.arange(n_fft)[None, :] + hop_length * np.arange(n_frames)[:, None]
    frames = waveform[..., index] * win
    spectrum = np.fft.rfft(frames, axis=-1) if onesided else np.fft.fft(frames, axis=-1)
    return np.swapaxes(spectrum, -1, -2), win


class Spectrogram(AudioOperation):
    """|STFT|^power of a waveform (..., time): shape (..., n_fft // 2 + 1, frames) onesided."""

    def __init__(self, n_fft=400, win_length=None, hop_length=None, pad=0, window=WindowType.HANN, power=2.0,
                 normalized=False, center=True, pad_mode=BorderType.REFLECT, onesided=True):
        op = type(self).__name__
        self.n_fft = checks.check_int(op, "n_fft", n_fft, 1)
        self.win_length = checks.check_int(op, "win_length", win_length if win_length is not None else n_fft, 1,
                                           self.n_fft)
        self.hop_length = checks.check_int(op, "hop_length",
                                           hop_length if hop_length is not None else self.win_length // 2, 1)
        self.pad = checks.check_int(op, "pad", pad)
        self.window = check_enum(op, "window", window, WindowType)
        self.power = checks.check_number(op, "power", power, 0.0, low_open=True)
        self.normalized = checks.check_bool(op, "normalized", normalized)
        self.center = checks.check_bool(op, "center", center)
        self.pad_mode = check_enum(op, "pad_mode", pad_mode, BorderType)
        self.onesided = checks.check_bool(op, "onesided", onesided)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        return self._power_spectrum(array.astype(np.float64)).astype(array.dtype)

    def _power_spectrum(self, waveform: np.ndarray) -> np.ndarray:
        if self.pad:
            waveform = np.pad(waveform, [(0, 0)] * (waveform.ndim - 1) + [(self.pad, self.pad)])
        spectrum, win = stft(waveform, self.n_fft, self.win_length, self.hop_length, self.window, self.center,
                             self.pad_mode, self.onesided)
        if self.normalized:
            spectrum = spectrum / np.sqrt(np.sum(win ** 2))
        return np.abs(spectrum) ** self.power


class MelScale(AudioOperation):
    """A spectrogram (..., n_stft, frames) to mel bands (..., n_mels, frames)."""

    min_rank = 2

    def __init__(self, n_mels=128, sample_rate=16000, f_min=0.0, f_max=None, n_stft=201, norm=NormType.NONE,
                 mel_type=MelType.HTK):
        op = type(self).__name__
        self.n_mels = checks.check_int(op, "n_mels", n_mels, 1)
        self.sample_rate = checks.check_int(op, "sample_rate", sample_rate, 1)
        self.f_min = checks.check_number(op, "f_min", f_min, 0.0)
        self.f_max = float(sample_rate // 2) if f_max is None else checks.check_number(op, "f_max", f_max, 0.0)
        self.n_stft = checks.check_int(op, "n_stft", n_stft, 1)
        self.norm = check_enum(op, "norm", norm, NormType)
        self.mel_type = check_enum(op, "mel_type", mel_type, MelType)
        self._banks = melscale_fbanks(n_stft, self.f_min, self.f_max, n_mels, sample_rate, norm, mel_type)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        if array.shape[-2] != self.n_stft:
            raise RuntimeError(f"For 'MelScale', the input must have {self.n_stft} frequency bins ('n_stft') on "
                               f"axis -2, but got shape {array.shape}.")
        return np.swapaxes(np.swapaxes(array, -1, -2) @ self._banks.astype(array.dtype), -1, -2)


class MelSpectrogram(AudioOperation):
    """Spectrogram then MelScale: a waveform (..., time) to (..., n_mels, frames)."""

    def __init__(self, sample_rate=16000, n_fft=400, win_length=None, hop_length=None, f_min=0.0, f_max=None, pad=0,
                 n_mels=128, window=WindowType.HANN, power=2.0, normalized=False, center=True,
                 pad_mode=BorderType.REFLECT, onesided=True, norm=NormType.NONE, mel_scale=MelType.HTK):
        self._spectrogram = Spectrogram(n_fft, win_length, hop_length, pad, window, power, normalized, center,
                                        pad_mode, onesided)
        self._mel = MelScale(n_mels, sample_rate, f_min, f_max, n_fft // 2 + 1, norm, mel_scale)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        return self._mel._apply(self._spectrogram._apply(array))


class AmplitudeToDB(AudioOperation):
    """Power (or magnitude) to decibels: multiplier * log10(max(x, amin) / ref_value), floored
    at top_db below the maximum over the last three axes."""

    def __init__(self, stype=ScaleType.POWER, ref_value=1.0, amin=1e-10, top_db=80.0):
        op = type(self).__name__
        self.stype = check_enum(op, "stype", stype, ScaleType)
        self.ref_value = checks.check_number(op, "ref_value", ref_value, 0.0, low_open=True)
        self.amin = checks.check_number(op, "amin", amin, 0.0, low_open=True)
        self.top_db = None if top_db is None else checks.check_number(op, "top_db", top_db, 0.0, low_open=True)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        multiplier = 10.0 if self.stype == ScaleType.POWER else 20.0
        values = array.astype(np.float64)
        db = multiplier * (np.log10(np.maximum(values, self.amin)) - np.log10(max(self.amin, self.ref_value)))
        if self.top_db is not None:
            # the floor is per item of the leading axes: the last three (channel, freq, time) share one
            peak_axes = tuple(range(-min(db.ndim, 3), 0))
            db = np.maximum(db, db.max(axis=peak_axes, keepdims=True) - self.top_db)
        return db.astype(array.dtype)


class DBToAmplitude(AudioOperation):
    """Decibels back to power or amplitude: ref * 10 ** (x / 10) ** power."""

    def __init__(self, ref, power):
        self.ref = checks.check_number("DBToAmplitude", "ref", ref)
        self.power = checks.check_number("DBToAmplitude", "power", power)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        return (self.ref * np.power(np.power(10.0, 0.1 * array.astype(np.float64)), self.power)).astype(array.dtype)


def _cepstrum(op: str, dct_type, norm, n_coefficients: int, n_bands: int) -> np.ndarray:
    if dct_type != 2:
        raise ValueError(f"For '{op}', the 'dct_type' must be 2, but got {dct_type}.")
    check_enum(op, "norm", norm, NormMode)
    return create_dct(n_coefficients, n_bands, norm).astype(np.float64)


class MFCC(AudioOperation):
    """Mel-frequency cepstral coefficients of a waveform: (..., n_mfcc, frames). `melkwargs`
    are MelSpectrogram's arguments."""

    def __init__(self, sample_rate=16000, n_mfcc=40, dct_type=2, norm=NormMode.ORTHO, log_mels=False,
                 melkwargs=None):
        op = type(self).__name__
        self.n_mfcc = checks.check_int(op, "n_mfcc", n_mfcc, 1)
        self.log_mels = checks.check_bool(op, "log_mels", log_mels)
        self._mel = MelSpectrogram(sample_rate=sample_rate, **(melkwargs or {}))
        n_mels = self._mel._mel.n_mels
        if self.n_mfcc > n_mels:
            raise ValueError(f"For '{op}', the 'n_mfcc' must be at most n_mels ({n_mels}), but got {n_mfcc}.")
        self._dct = _cepstrum(op, dct_type, norm, self.n_mfcc, n_mels)
        self._to_db = AmplitudeToDB(ScaleType.POWER, 1.0, 1e-10, 80.0)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        mel = self._mel._apply(array.astype(np.float64))
        mel = np.log(mel + 1e-6) if self.log_mels else self._to_db._apply(mel)
        return np.swapaxes(np.swapaxes(mel, -1, -2) @ self._dct, -1, -2).astype(array.dtype)


class LFCC(AudioOperation):
    """Linear-frequency cepstral coefficients of a waveform: (..., n_lfcc, frames).
    `speckwargs` are Spectrogram's arguments."""

    def __init__(self, sample_rate=16000, n_filter=128, n_lfcc=40, f_min=0.0, f_max=None, dct_type=2,
                 norm=NormMode.ORTHO, log_lf=False, speckwargs=None):
        op = type(self).__name__
        self.n_filter = checks.check_int(op, "n_filter", n_filter, 1)
        self.n_lfcc = checks.check_int(op, "n_lfcc", n_lfcc, 1)
        if self.n_lfcc > self.n_filter:
            raise ValueError(f"For '{op}', the 'n_lfcc' must be at most n_filter ({n_filter}), but got {n_lfcc}.")
        self.log_lf = checks.check_bool(op, "log_lf", log_lf)
        self._spectrogram = Spectrogram(**(speckwargs or {}))
        f_max = float(sample_rate // 2) if f_max is None else f_max
        self._banks = linear_fbanks(self._spectrogram.n_fft // 2 + 1, f_min, f_max, n_filter, sample_rate)
        self._dct = _cepstrum(op, dct_type, norm, self.n_lfcc, self.n_filter)
        self._to_db = AmplitudeToDB(ScaleType.POWER, 1.0, 1e-10, 80.0)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        spectrum = self._spectrogram._power_spectrum(array.astype(np.float64))
        linear = np.swapaxes(np.swapaxes(spectrum, -1, -2) @ self._banks.astype(np.float64), -1, -2)
        linear = np.log(linear + 1e-6) if self.log_lf else self._to_db._apply(linear)
        return np.swapaxes(np.swapaxes(linear, -1, -2) @ self._dct, -1, -2).astype(array.dtype)


class SpectralCentroid(AudioOperation):
    """The magnitude-weighted mean frequency of each frame: (..., 1, frames)."""

    def __init__(self, sample_rate, n_fft=400, win_length=None, hop_length=None, pad=0, window=WindowType.HANN):
        self.sample_rate = checks.check_int("SpectralCentroid", "sample_rate", sample_rate, 1)
        self._spectrogram = Spectrogram(n_fft, win_length, hop_length, pad, window, power=1.0)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        spectrum = self._spectrogram._power_spectrum(array.astype(np.float64))
        freqs = np.linspace(0, self.sample_rate // 2, self._spectrogram.n_fft // 2 + 1)[:, None]
        centroid = (freqs * spectrum).sum(axis=-2, keepdims=True) / spectrum.sum(axis=-2, keepdims=True)
        return centroid.astype(array.dtype)


class ComputeDeltas(AudioOperation):
    """Delta coefficients of a spectrogram (..., freq, time) along time over `win_length` frames."""

    min_rank = 2

    def __init__(self, win_length=5, pad_mode=BorderType.EDGE):
        self.win_length = checks.check_int("ComputeDeltas", "win_length", win_length, 3)
        self.pad_mode = check_enum("ComputeDeltas", "pad_mode", pad_mode, BorderType)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        n = (self.win_length - 1) // 2
        values = array.astype(np.float64)
        padded = np.pad(values, [(0, 0)] * (values.ndim - 1) + [(n, n)], mode=_NUMPY_PAD[self.pad_mode])
        time = values.shape[-1]
        deltas = sum(k * (padded[..., n + k:n + k + time] - padded[..., n - k:n - k + time]) for k in range(1, n + 1))
        return (deltas / (2 * sum(k * k for k in range(1, n + 1)))).astype(array.dtype)


class ComplexNorm(ComplexOperation):
    """|z| ** power of complex values (..., 2)."""

    def __init__(self, power=1.0):
        self.power = checks.check_number("ComplexNorm", "power", power, 0.0)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        return np.power(np.hypot(array[..., 0], array[..., 1]), self.power)


class Angle(ComplexOperation):
    """The angle of complex values (..., 2), in radians."""

    def _apply(self, array: np.ndarray) -> np.ndarray:
        return np.arctan2(array[..., 1], array[..., 0])


class Magphase(ComplexOperation):
    """(|z| ** power, angle(z)) of complex values (..., 2)."""

    def __init__(self, power=1.0):
        self.power = checks.check_number("Magphase", "power", power, 0.0)

    def __call__(self, *inputs):
        array = self._input(inputs[0]) if len(inputs) == 1 else super().__call__(*inputs)
        return np.power(np.hypot(array[..., 0], array[..., 1]), self.power), np.arctan2(array[..., 1], array[..., 0])
