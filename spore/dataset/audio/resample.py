"""Resample: band-limited sinc interpolation of a waveform (..., time) to a new sample
rate, with a Hann or a Kaiser window (torchaudio's kernel, which MindSpore follows)."""
from __future__ import annotations

import math

import numpy as np

from .. import checks
from .audio_operation import AudioOperation
from .utils import ResampleMethod, check_enum


class Resample(AudioOperation):
    """The waveform resampled from `orig_freq` to `new_freq`: ceil(time * new / orig) samples."""

    def __init__(self, orig_freq=16000, new_freq=16000, resample_method=ResampleMethod.SINC_INTERPOLATION,
                 lowpass_filter_width=6, rolloff=0.99, beta=None):
        op = type(self).__name__
        self.orig_freq = checks.check_number(op, "orig_freq", orig_freq, 0.0, low_open=True)
        self.new_freq = checks.check_number(op, "new_freq", new_freq, 0.0, low_open=True)
        self.resample_method = check_enum(op, "resample_method", resample_method, ResampleMethod)
        self.lowpass_filter_width = checks.check_int(op, "lowpass_filter_width", lowpass_filter_width, 1)
        self.rolloff = checks.check_number(op, "rolloff", rolloff, 0.0, 1.0, low_open=True)
        self.beta = 14.769656459379492 if beta is None else checks.check_number(op, "beta", beta)
        gcd = math.gcd(int(self.orig_freq), int(self.new_freq))
        self._orig, self._new = int(self.orig_freq) // gcd, int(self.new_freq) // gcd
        self._kernels, self._width = self._sinc_kernels()

    def _sinc_kernels(self) -> tuple[np.ndarray, int]:
        """One windowed-sinc kernel per output phase: shape (new, 2 * width + orig)."""
        orig, new, lowpass = self._orig, self._new, self.lowpass_filter_width
        base_freq = min(orig, new) * self.rolloff
        width = math.ceil(lowpass * orig / base_freq)
        index = np.arange(-width, width + orig, dtype=np.float64)[None, :] / orig
        t = (np.arange(0, -new, -1, dtype=np.float64)[:, None] / new + index) * base_freq
        t = np.clip(t, -lowpass, lowpass)
        if self.resample_method == ResampleMethod.SINC_INTERPOLATION:
            window = np.cos(t * np.pi / lowpass / 2) ** 2
        else:
            window = np.i0(self.beta * np.sqrt(1 - (t / lowpass) ** 2)) / np.i0(self.beta)
        t = t * np.pi
        sinc = np.where(t == 0, 1.0, np.sin(t) / np.where(t == 0, 1.0, t))
        return sinc * window * (base_freq / orig), width

    def _apply(self, array: np.ndarray) -> np.ndarray:
        if self._orig == self._new:
            return array
        orig, width = self._orig, self._width
        length = array.shape[-1]
        x = array.astype(np.float64).reshape(-1, length)
        padded = np.pad(x, [(0, 0), (width, width + orig)])
        size = self._kernels.shape[1]
        starts = np.arange(0, padded.shape[1] - size + 1, orig)
        frames = padded[:, starts[:, None] + np.arange(size)]           # (waves, steps, size)
        out = np.einsum("wsk,nk->wsn", frames, self._kernels).reshape(x.shape[0], -1)
        target = math.ceil(self._new * length / orig)
        return out[:, :target].reshape(array.shape[:-1] + (-1,)).astype(array.dtype)
