"""Dither: a waveform quantized to 16 bits after adding dither noise (a triangular ramp,
TPDF; or, drawn from the pipeline's random stream, one rectangular or Gaussian-like
offset, RPDF / GPDF), optionally noise-shaped (torchaudio's dither, which MindSpore follows)."""
from __future__ import annotations

import numpy as np

from .. import checks, random_streams
from .audio_operation import AudioOperation
from .utils import DensityFunction, WindowType, check_enum, window

_UP_SCALING = 2 ** 15 - 2
_DOWN_SCALING = 2 ** 15


class Dither(AudioOperation):
    """The waveform (..., time) dithered and quantized to 16-bit steps."""

    def __init__(self, density_function=DensityFunction.TPDF, noise_shaping=False):
        self.density_function = check_enum("Dither", "density_function", density_function, DensityFunction)
        self.noise_shaping = checks.check_bool("Dither", "noise_shaping", noise_shaping)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        waves = array.astype(np.float64).reshape(-1, array.shape[-1])
        dithered = np.round(waves * _UP_SCALING + self._noise(waves)) / _DOWN_SCALING
        if self.noise_shaping:
            error = dithered - waves
            dithered = dithered + np.concatenate([np.zeros((len(error), 1)), error[:, :-1]], axis=1)
        return dithered.reshape(array.shape).astype(array.dtype)

    def _noise(self, waves: np.ndarray):
        channels, times = waves.shape[0] - 1, waves.shape[1] - 1
        if self.density_function == DensityFunction.TPDF:
            return window(WindowType.BARTLETT, times + 1)
        rng = random_streams.current()

        def sample(channel_size: int, time_size: int) -> float:
            channel = int(rng.integers(channel_size)) if channel_size > 0 else 0
            time = int(rng.integers(time_size)) if time_size > 0 else 0
            return waves[channel, time]
        if self.density_function == DensityFunction.RPDF:
            return sample(channels, times) - 0.5
        return sum(sample(channels, times) for _ in range(7))
