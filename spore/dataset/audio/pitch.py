"""DetectPitchFrequency: the pitch of each frame of a waveform from its normalized
cross-correlation function, median-smoothed (torchaudio's detector, which MindSpore follows)."""
from __future__ import annotations

import math

import numpy as np

from .. import checks
from .audio_operation import AudioOperation

_EPSILON = 1e-9


def _nccf(waveform: np.ndarray, sample_rate: int, frame_time: float, freq_low: int) -> np.ndarray:
    """The normalized cross-correlation of each frame with its shift by 1..lags samples: (..., frames, lags)."""
    lags = math.ceil(sample_rate / freq_low)
    frame_size = math.ceil(sample_rate * frame_time)
    length = waveform.shape[-1]
    frames = math.ceil(length / frame_size)
    padded = np.pad(waveform, [(0, 0)] * (waveform.ndim - 1) + [(0, lags + frames * frame_size - length)])
    span = frames * frame_size
    shape = waveform.shape[:-1] + (frames, frame_size)
    out = []
    for lag in range(1, lags + 1):
        s1 = padded[..., :span].reshape(shape)
        s2 = padded[..., lag:lag + span].reshape(shape)
        out.append((s1 * s2).sum(-1) / (_EPSILON + np.linalg.norm(s1, axis=-1)) ** 2
                   / (_EPSILON + np.linalg.norm(s2, axis=-1)) ** 2)
    return np.stack(out, axis=-1)


def _best_lags(nccf: np.ndarray, sample_rate: int, freq_high: int) -> np.ndarray:
    """The lag of the highest correlation per frame, preferring the first half's best when it comes close."""
    lag_min = math.ceil(sample_rate / freq_high)
    best_value, best_index = nccf[..., lag_min:].max(-1), nccf[..., lag_min:].argmax(-1)
    half = nccf[..., lag_min:nccf.shape[-1] // 2]
    half_value, half_index = half.max(-1), half.argmax(-1)
    take_half = half_value > 0.99 * best_value
    return np.where(take_half, half_index, best_index) + lag_min + 1


def _median_smoothing(indices: np.ndarray, win_length: int) -> np.ndarray:
    """The lower median over a window of `win_length`, the first value repeated in front."""
    pad = (win_length - 1) // 2
    padded = np.concatenate([np.repeat(indices[..., :1], pad, axis=-1), indices], axis=-1)
    windows = np.lib.stride_tricks.sliding_window_view(padded, win_length, axis=-1)
    return np.sort(windows, axis=-1)[..., (win_length - 1) // 2]


class DetectPitchFrequency(AudioOperation):
    """The pitch (Hz) of each `frame_time`-second frame of a waveform (..., time), searched
    between `freq_low` and `freq_high`, median-smoothed over `win_length` frames."""

    def __init__(self, sample_rate, frame_time=0.01, win_length=30, freq_low=85, freq_high=3400):
        op = type(self).__name__
        self.sample_rate = checks.check_int(op, "sample_rate", sample_rate, 1)
        self.frame_time = checks.check_number(op, "frame_time", frame_time, 0.0, low_open=True)
        self.win_length = checks.check_int(op, "win_length", win_length, 1)
        self.freq_low = checks.check_int(op, "freq_low", freq_low, 1)
        self.freq_high = checks.check_int(op, "freq_high", freq_high, 1)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        nccf = _nccf(array.astype(np.float64), self.sample_rate, self.frame_time, self.freq_low)
        lags = _median_smoothing(_best_lags(nccf, self.sample_rate, self.freq_high), self.win_length)
        if lags.shape[-1] == 0:
            raise RuntimeError(f"For 'DetectPitchFrequency', the waveform is too short for 'win_length' "
                               f"{self.win_length} frames of {self.frame_time} s.")
        return (self.sample_rate / (_EPSILON + lags)).astype(array.dtype)
