"""Amplitude transforms on waveforms (..., time): Vol, Gain, DCShift, Fade, Contrast,
Overdrive, MuLawEncoding, MuLawDecoding (torchaudio's formulas, which MindSpore follows)."""
from __future__ import annotations

import numpy as np

from .. import checks
from .audio_operation import AudioOperation
from .utils import FadeShape, GainType, check_enum


def _db_to_ratio(db: float) -> float:
    return 10.0 ** (db / 20.0)


class Vol(AudioOperation):
    """The waveform scaled by `gain` (an amplitude ratio, a power ratio or decibels), clipped to [-1, 1]."""

    def __init__(self, gain, gain_type=GainType.AMPLITUDE):
        self.gain_type = check_enum("Vol", "gain_type", gain_type, GainType)
        low = None if gain_type == GainType.DB else 0.0
        self.gain = checks.check_number("Vol", "gain", gain, low, low_open=gain_type == GainType.POWER)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        if self.gain_type == GainType.AMPLITUDE:
            ratio = self.gain
        elif self.gain_type == GainType.POWER:
            ratio = _db_to_ratio(10.0 * np.log10(self.gain))
        else:
            ratio = _db_to_ratio(self.gain)
        return np.clip(array * ratio, -1.0, 1.0).astype(array.dtype)


class Gain(AudioOperation):
    """The waveform amplified by `gain_db` decibels (not clipped)."""

    def __init__(self, gain_db=1.0):
        self.gain_db = checks.check_number("Gain", "gain_db", gain_db)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        return (array * _db_to_ratio(self.gain_db)).astype(array.dtype)


class DCShift(AudioOperation):
    """The waveform shifted by `shift`; with `limiter_gain` the peaks beyond the limiter
    threshold are compressed instead of clipped to [-1, 1]."""

    def __init__(self, shift, limiter_gain=None):
        self.shift = checks.check_number("DCShift", "shift", shift, -2.0, 2.0)
        self.limiter_gain = None if limiter_gain is None else checks.check_number("DCShift", "limiter_gain",
                                                                                  limiter_gain)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        x, shift, gain = array.astype(np.float64), self.shift, self.limiter_gain
        plain = np.clip(x + shift, -1.0, 1.0)
        if gain is None or shift == 0:
            return plain.astype(array.dtype)
        threshold = 1.0 - (abs(shift) - gain)
        if shift > 0:
            over = x > threshold
            limited = np.minimum((x - threshold) * gain / (1 - threshold) + threshold + shift, threshold)
        else:
            over = x < -threshold
            limited = np.maximum((x + threshold) * gain / (1 - threshold) - threshold + shift, -threshold)
        return np.where(over, limited, plain).astype(array.dtype)


def _fade_in(length: int, shape: FadeShape) -> np.ndarray:
    fade = np.linspace(0.0, 1.0, length)
    if shape == FadeShape.LINEAR:
        return fade
    if shape == FadeShape.EXPONENTIAL:  # MindSpore's curve: from 0 to 1, unlike SoX's
        return fade * 2.0 ** (fade - 1.0)
    if shape == FadeShape.LOGARITHMIC:
        return np.log10(0.1 + fade) + 1.0
    if shape == FadeShape.QUARTER_SINE:
        return np.sin(fade * np.pi / 2.0)
    return np.sin(fade * np.pi - np.pi / 2.0) / 2.0 + 0.5


def _fade_out(length: int, shape: FadeShape) -> np.ndarray:
    fade = np.linspace(0.0, 1.0, length)
    if shape == FadeShape.LINEAR:
        return 1.0 - fade
    if shape == FadeShape.EXPONENTIAL:
        return (1.0 - fade) * 2.0 ** -fade
    if shape == FadeShape.LOGARITHMIC:
        return np.log10(1.1 - fade) + 1.0
    if shape == FadeShape.QUARTER_SINE:
        return np.sin(fade * np.pi / 2.0 + np.pi / 2.0)
    return np.sin(fade * np.pi + np.pi / 2.0) / 2.0 + 0.5


class Fade(AudioOperation):
    """The first `fade_in_len` samples faded in and the last `fade_out_len` faded out."""

    def __init__(self, fade_in_len=0, fade_out_len=0, fade_shape=FadeShape.LINEAR):
        self.fade_in_len = checks.check_int("Fade", "fade_in_len", fade_in_len)
        self.fade_out_len = checks.check_int("Fade", "fade_out_len", fade_out_len)
        self.fade_shape = check_enum("Fade", "fade_shape", fade_shape, FadeShape)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        length = array.shape[-1]
        if self.fade_in_len > length or self.fade_out_len > length:
            raise RuntimeError(f"For 'Fade', the 'fade_in_len' and 'fade_out_len' must be at most the waveform "
                               f"length {length}, but got {self.fade_in_len} and {self.fade_out_len}.")
        gain = np.ones(length)
        gain[:self.fade_in_len] *= _fade_in(self.fade_in_len, self.fade_shape)
        gain[length - self.fade_out_len:] *= _fade_out(self.fade_out_len, self.fade_shape)
        return (array * gain).astype(array.dtype)


class Contrast(AudioOperation):
    """SoX's contrast effect: louder-sounding audio, `enhancement_amount` in [0, 100]."""

    def __init__(self, enhancement_amount=75.0):
        self.enhancement_amount = checks.check_number("Contrast", "enhancement_amount", enhancement_amount, 0.0, 100.0)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        amount = self.enhancement_amount / 750.0
        phase = array.astype(np.float64) * (np.pi / 2)
        return np.sin(phase + amount * np.sin(phase * 4)).astype(array.dtype)


class Overdrive(AudioOperation):
    """SoX's overdrive effect: soft clipping after `gain` dB with a DC offset `color`, then a
    DC-blocking filter; clipped to [-1, 1]."""

    def __init__(self, gain=20.0, color=20.0):
        self.gain = checks.check_number("Overdrive", "gain", gain, 0.0, 100.0)
        self.color = checks.check_number("Overdrive", "color", color, 0.0, 100.0)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        x = array.astype(np.float64)
        driven = x * _db_to_ratio(self.gain) + self.color / 200.0
        driven = np.where(driven < -1, -2.0 / 3.0, np.where(driven > 1, 2.0 / 3.0, driven - driven ** 3 / 3.0))
        out = np.empty_like(x)
        last_in = np.zeros(x.shape[:-1])
        last_out = np.zeros(x.shape[:-1])
        for i in range(x.shape[-1]):  # the DC blocker is recursive: one sample at a time
            last_out = driven[..., i] - last_in + 0.995 * last_out
            last_in = driven[..., i]
            out[..., i] = x[..., i] * 0.5 + last_out * 0.75
        return np.clip(out, -1.0, 1.0).astype(array.dtype)


class MuLawEncoding(AudioOperation):
    """A waveform in [-1, 1] to mu-law codes in [0, quantization_channels) (int32)."""

    def __init__(self, quantization_channels=256):
        self.quantization_channels = checks.check_int("MuLawEncoding", "quantization_channels",
                                                      quantization_channels, 1)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        mu = self.quantization_channels - 1.0
        x = array.astype(np.float64)
        encoded = np.sign(x) * np.log1p(mu * np.abs(x)) / np.log1p(mu)
        return ((encoded + 1) / 2 * mu + 0.5).astype(np.int32)


class MuLawDecoding(AudioOperation):
    """Mu-law codes back to a waveform in [-1, 1]."""

    def __init__(self, quantization_channels=256):
        self.quantization_channels = checks.check_int("MuLawDecoding", "quantization_channels",
                                                      quantization_channels, 1)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        mu = self.quantization_channels - 1.0
        x = array.astype(np.float64) / mu * 2 - 1.0
        return (np.sign(x) * np.expm1(np.abs(x) * np.log1p(mu)) / mu).astype(array.dtype)
