"""Phaser: SoX's phaser effect, a modulated delay line fed back into the signal."""
from __future__ import annotations

import math

import numpy as np

from .. import checks
from .audio_operation import AudioOperation


def wave_table(sinusoidal: bool, size: int, low: float, high: float, phase: float) -> np.ndarray:
    """One period of a sine or triangle wave from `low` to `high`, as rounded ints (SoX's lsx_generate_wave_table)."""
    point = (np.arange(size) + int(phase / math.pi / 2 * size + 0.5)) % size
    if sinusoidal:
        wave = (np.sin(point / size * 2 * math.pi) + 1) / 2
    else:
        wave = point * 2.0 / size
        quarter = (4 * point) // size
        wave = np.select([quarter == 0, quarter == 3], [wave + 0.5, wave - 1.5], 1.5 - wave)
    wave = wave * (high - low) + low
    return np.where(wave < 0, wave - 0.5, wave + 0.5).astype(np.int64)


class Phaser(AudioOperation):
    """The waveform (..., time) through a phaser: gain `gain_in`, a delay of up to `delay_ms`
    modulated at `mod_speed` Hz (sine or triangle), fed back with `decay`, gain `gain_out`,
    clipped to [-1, 1]."""

    def __init__(self, sample_rate, gain_in=0.4, gain_out=0.74, delay_ms=3.0, decay=0.4, mod_speed=0.5,
                 sinusoidal=True):
        op = type(self).__name__
        self.sample_rate = checks.check_int(op, "sample_rate", sample_rate, 1)
        self.gain_in = checks.check_number(op, "gain_in", gain_in, 0.0, 1.0)
        self.gain_out = checks.check_number(op, "gain_out", gain_out, 0.0, 1e9)
        self.delay_ms = checks.check_number(op, "delay_ms", delay_ms, 0.0, 5.0)
        self.decay = checks.check_number(op, "decay", decay, 0.0, 0.99)
        self.mod_speed = checks.check_number(op, "mod_speed", mod_speed, 0.1, 2.0)
        self.sinusoidal = checks.check_bool(op, "sinusoidal", sinusoidal)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        waves = array.astype(np.float64).reshape(-1, array.shape[-1]) * self.gain_in
        delay_len = int(self.delay_ms * 0.001 * self.sample_rate + 0.5)
        if delay_len == 0:
            raise RuntimeError("For 'Phaser', the 'delay_ms' gives a delay of 0 samples at this 'sample_rate'.")
        mod_len = int(self.sample_rate / self.mod_speed + 0.5)
        modulation = wave_table(self.sinusoidal, mod_len, 1.0, float(delay_len), math.pi / 2)
        delay = np.zeros((waves.shape[0], delay_len))
        out = np.empty_like(waves)
        delay_pos = mod_pos = 0
        for i in range(waves.shape[1]):  # the feedback is recursive: one sample at a time
            index = (delay_pos + modulation[mod_pos]) % delay_len
            mod_pos = (mod_pos + 1) % mod_len
            delay_pos = (delay_pos + 1) % delay_len
            out[:, i] = waves[:, i] + delay[:, index]
            delay[:, delay_pos] = out[:, i] * self.decay
        return np.clip(out * self.gain_out, -1.0, 1.0).reshape(array.shape).astype(array.dtype)
