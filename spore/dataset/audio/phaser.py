"""Phaser and Flanger: SoX's modulated delay-line effects."""
from __future__ import annotations

import math

import numpy as np

from .. import checks
from .audio_operation import AudioOperation
from .utils import Interpolation, Modulation, check_enum


def wave_table(sinusoidal: bool, size: int, low: float, high: float, phase: float, as_int: bool = True) -> np.ndarray:
    """One period of a sine or triangle wave from `low` to `high`, as rounded ints or as
    float32 (SoX's lsx_generate_wave_table)."""
    point = (np.arange(size) + int(phase / math.pi / 2 * size + 0.5)) % size
    if sinusoidal:
        wave = (np.sin(point / size * 2 * math.pi) + 1) / 2
    else:
        wave = point * 2.0 / size
        quarter = (4 * point) // size
        wave = np.select([quarter == 0, quarter == 3], [wave + 0.5, wave - 1.5], 1.5 - wave)
    wave = wave * (high - low) + low
    if not as_int:
        return wave.astype(np.float32).astype(np.float64)
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


class Flanger(AudioOperation):
    """The waveform (..., channel, time), at most 4 channels, through a flanger: a delay of
    `delay` + up to `depth` ms swept at `speed` Hz (`modulation` sine or triangle, each
    channel `phase` percent apart), mixed at `width` percent with `regen` percent feedback,
    read with linear or quadratic interpolation; clipped to [-1, 1]."""

    min_rank = 2

    def __init__(self, sample_rate, delay=0.0, depth=2.0, regen=0.0, width=71.0, speed=0.5, phase=25.0,
                 modulation=Modulation.SINUSOIDAL, interpolation=Interpolation.LINEAR):
        op = type(self).__name__
        self.sample_rate = checks.check_int(op, "sample_rate", sample_rate, 1)
        self.delay = checks.check_number(op, "delay", delay, 0.0, 30.0)
        self.depth = checks.check_number(op, "depth", depth, 0.0, 10.0)
        self.regen = checks.check_number(op, "regen", regen, -95.0, 95.0)
        self.width = checks.check_number(op, "width", width, 0.0, 100.0)
        self.speed = checks.check_number(op, "speed", speed, 0.1, 10.0)
        self.phase = checks.check_number(op, "phase", phase, 0.0, 100.0)
        self.modulation = check_enum(op, "modulation", modulation, Modulation)
        self.interpolation = check_enum(op, "interpolation", interpolation, Interpolation)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        channels, length = array.shape[-2:]
        if channels > 4:
            raise RuntimeError(f"For 'Flanger', the input may have at most 4 channels (axis -2), "
                               f"but got shape {array.shape}.")
        waves = array.astype(np.float64).reshape(-1, channels, length)
        feedback, mix = self.regen / 100, self.width / 100
        in_gain, delay_gain = 1.0 / (1 + mix), mix / (1 + mix) * (1 - abs(feedback))
        buffer_len = int((self.delay + self.depth) / 1000 * self.sample_rate + 0.5) + 2
        buffers = np.zeros((waves.shape[0], channels, buffer_len))
        last = np.zeros((waves.shape[0], channels))
        lfo_len = int(self.sample_rate / self.speed)
        lfo = wave_table(self.modulation == Modulation.SINUSOIDAL, lfo_len,
                         float(math.floor(self.delay / 1000 * self.sample_rate + 0.5)), buffer_len - 2.0,
                         3 * math.pi / 2, as_int=False)
        channel_shift = (np.arange(channels) * lfo_len * self.phase / 100 + 0.5).astype(np.int64)
        rows = np.arange(channels)
        out = np.empty_like(waves)
        position = lfo_pos = 0
        for i in range(length):  # the feedback is recursive: one sample at a time
            position = (position + buffer_len - 1) % buffer_len
            delay = lfo[(lfo_pos + channel_shift) % lfo_len]
            frac, whole = delay - np.floor(delay), np.floor(delay).astype(np.int64)
            buffers[:, :, position] = waves[:, :, i] + last * feedback
            taps = [buffers[:, rows, (position + whole + k) % buffer_len] for k in range(3)]
            if self.interpolation == Interpolation.LINEAR:
                delayed = taps[0] + (taps[1] - taps[0]) * frac
            else:
                step1, step2 = taps[1] - taps[0], taps[2] - taps[0]
                delayed = taps[0] + ((step2 * 0.5 - step1) * frac + (step1 * 2 - step2 * 0.5)) * frac
            last = delayed
            out[:, :, i] = waves[:, :, i] * in_gain + delayed * delay_gain
            lfo_pos = (lfo_pos + 1) % lfo_len
        return np.clip(out, -1.0, 1.0).reshape(array.shape).astype(array.dtype)
