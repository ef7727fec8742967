"""Vad: voice activity detection as SoX's `vad` effect does it, trimming the quiet start.

The waveform is measured every 1 / measure_freq seconds over measure_duration seconds:
the windowed spectrum between the high- and low-pass frequencies, smoothed over time,
less a running estimate of the noise spectrum (learnt during the first boot_time seconds
and then followed up and down at the noise_up / noise_down rates), is liftered into a
cepstrum whose power, in dB above a floor, is the measure. Once the measures' running
mean (over trigger_time) reaches trigger_level, the output starts at the earliest
measure within search_time before the trigger that is part of the active stretch (gaps
of up to allowed_gap allowed), less pre_trigger_time.

MindSpore 2.7.1 documents this SoX algorithm, but its Vad never triggers (observed: it
returns the last (search_time + measure_duration) * sample_rate + pre_trigger samples
of any input, voice or not). Here the trimming happens where voice starts; a waveform
in which no voice is found comes out as MindSpore returns it (its tail, as above; for
an input shorter than that tail, the part of it a Python slice from that negative
position keeps).
"""
from __future__ import annotations

import math

import numpy as np

from .. import checks
from .audio_operation import AudioOperation

_FLOAT_MAX = 16777216.0


def _decay(measures: float) -> float:
    """The per-measure factor of an exponential average over `measures` measures (0: none)."""
    return math.exp(-1.0 / measures) if measures > 0 else 0.0


def _hann(length: int) -> np.ndarray:
    """The periodic Hann window."""
    return 0.5 - 0.5 * np.cos(2 * np.pi * np.arange(length) / length)


class Vad(AudioOperation):
    """The waveform (..., time) from where voice starts (see the module docstring)."""

    def __init__(self, sample_rate, trigger_level=7.0, trigger_time=0.25, search_time=1.0, allowed_gap=0.25,
                 pre_trigger_time=0.0, boot_time=0.35, noise_up_time=0.1, noise_down_time=0.01,
                 noise_reduction_amount=1.35, measure_freq=20.0, measure_duration=None, measure_smooth_time=0.4,
                 hp_filter_freq=50.0, lp_filter_freq=6000.0, hp_lifter_freq=150.0, lp_lifter_freq=2000.0):
        op = "Vad"
        self.sample_rate = checks.check_int(op, "sample_rate", sample_rate, 1)
        number = {}
        for name, value in (("trigger_level", trigger_level), ("trigger_time", trigger_time),
                            ("search_time", search_time), ("allowed_gap", allowed_gap),
                            ("pre_trigger_time", pre_trigger_time), ("boot_time", boot_time),
                            ("noise_up_time", noise_up_time), ("noise_down_time", noise_down_time),
                            ("noise_reduction_amount", noise_reduction_amount), ("measure_freq", measure_freq),
                            ("measure_smooth_time", measure_smooth_time), ("hp_filter_freq", hp_filter_freq),
                            ("lp_filter_freq", lp_filter_freq), ("hp_lifter_freq", hp_lifter_freq),
                            ("lp_lifter_freq", lp_lifter_freq)):
            low = None if name == "trigger_level" else 0.0
            number[name] = checks.check_number(op, name, value, low, _FLOAT_MAX)
        self.__dict__.update(number)
        if self.measure_freq == 0:
            raise ValueError(f"For '{op}', the 'measure_freq' must be in (0.0, {_FLOAT_MAX}], but got 0.")
        self.measure_duration = (2.0 / self.measure_freq if measure_duration is None
                                 else checks.check_number(op, "measure_duration", measure_duration, 0.0, _FLOAT_MAX))

    def _apply(self, array: np.ndarray) -> np.ndarray:
        waveform = array.reshape(-1, array.shape[-1])
        start = self._start(waveform.astype(np.float64))
        return np.ascontiguousarray(waveform[:, start:]).reshape(*array.shape[:-1], -1)

    def _start(self, waveform: np.ndarray) -> int:
        rate = self.sample_rate
        measure_len = int(rate * self.measure_duration + 0.5)
        dft_len = 16
        while dft_len < measure_len:
            dft_len *= 2
        measure_period = int(rate / self.measure_freq + 0.5)
        measures_len = math.ceil(self.search_time * self.measure_freq)
        gap_len = int(self.allowed_gap * self.measure_freq + 0.5)
        buffer_len = int(self.pre_trigger_time * rate + 0.5) + measures_len * measure_period + measure_len
        spectrum_start = max(int(self.hp_filter_freq / rate * dft_len + 0.5), 1)
        spectrum_end = min(int(self.lp_filter_freq / rate * dft_len + 0.5), dft_len // 2)
        bands = spectrum_end - spectrum_start
        self._setup = {
            "measure_len": measure_len, "dft_len": dft_len, "buffer_len": buffer_len,
            "spectrum": (spectrum_start, spectrum_end),
            "spectrum_window": 2.0 / math.sqrt(measure_len) * _hann(measure_len),
            "cepstrum_window": 2.0 / math.sqrt(bands) * _hann(bands),
            "cepstrum": (math.ceil(rate * 0.5 / self.lp_lifter_freq),
                         min(math.floor(rate * 0.5 / self.hp_lifter_freq), dft_len // 4)),
            "noise_up": _decay(self.noise_up_time * self.measure_freq),
            "noise_down": _decay(self.noise_down_time * self.measure_freq),
            "smooth": _decay(self.measure_smooth_time * self.measure_freq),
        }
        trigger_mult = _decay(self.trigger_time * self.measure_freq)
        boot_count_max = int(self.boot_time * self.measure_freq - 0.5)
        channels, length = waveform.shape
        mean_measure = np.zeros(channels)
        samples = np.zeros((channels, buffer_len))
        spectrum = np.zeros((channels, dft_len))
        noise = np.zeros((channels, dft_len))
        measures = np.zeros((channels, measures_len))
        timer, boot_count, measure_index, flushed, sample_index = measure_len, 0, 0, 0, 0
        triggered, to_flush, position = False, 0, 0
        while position < length and not triggered:
            timer -= 1
            for c in range(channels):
                samples[c, sample_index] = waveform[c, position]
                if timer != 0:
                    continue
                first = (sample_index + buffer_len - measure_len) % buffer_len
                measure = self._measure(samples[c], spectrum[c], noise[c], first, boot_count)
                measures[c, measure_index] = measure
                mean_measure[c] = mean_measure[c] * trigger_mult + measure * (1.0 - trigger_mult)
                if mean_measure[c] >= self.trigger_level:  # the channel that triggers sets the start
                    triggered = True
                    to_flush = min(max(to_flush, self._active_start(measures[c], measure_index, gap_len)),
                                   measures_len)
            sample_index = (sample_index + 1) % buffer_len
            position += 1
            if timer == 0:
                timer = measure_period
                measure_index = (measure_index + 1) % measures_len
                if boot_count >= 0:
                    boot_count = -1 if boot_count == boot_count_max else boot_count + 1
            if triggered:
                flushed = (measures_len - to_flush) * measure_period
        start = position - buffer_len + flushed
        if not triggered and start < 0:
            return max(length + start, 0)  # MindSpore's slice from a negative position
        return max(start, 0)

    def _active_start(self, measures: np.ndarray, newest: int, gap_len: int) -> int:
        """How many measures back the active stretch that triggered starts."""
        n = len(measures)
        k, last_trigger, last_zero, j = newest, n, n, 0
        for j in range(n):
            if measures[k] >= self.trigger_level and j <= last_trigger + gap_len:
                last_zero = last_trigger = j
            elif measures[k] == 0 and last_trigger >= last_zero:
                last_zero = j
            k = (k + n - 1) % n
        return min(j, last_zero)

    def _measure(self, samples, spectrum, noise, first: int, boot_count: int) -> float:
        setup = self._setup
        measure_len, dft_len = setup["measure_len"], setup["dft_len"]
        frame = np.zeros(dft_len)
        frame[:measure_len] = samples[(first + np.arange(measure_len)) % len(samples)] * setup["spectrum_window"]
        magnitudes = np.abs(np.fft.rfft(frame))
        lo, hi = setup["spectrum"]
        mult = boot_count / (1.0 + boot_count) if boot_count >= 0 else setup["smooth"]
        spectrum[lo:hi] = spectrum[lo:hi] * mult + magnitudes[lo:hi] * (1 - mult)
        power = spectrum[lo:hi] ** 2
        if boot_count >= 0:
            follow = np.zeros(hi - lo)
        else:
            follow = np.where(power > noise[lo:hi], setup["noise_up"], setup["noise_down"])
        noise[lo:hi] = noise[lo:hi] * follow + power * (1 - follow)
        cleaned = np.sqrt(np.maximum(0.0, power - self.noise_reduction_amount * noise[lo:hi]))
        cepstrum_input = np.zeros(dft_len // 2)
        cepstrum_input[lo:hi] = cleaned * setup["cepstrum_window"]
        cepstrum = np.abs(np.fft.rfft(cepstrum_input))
        c_lo, c_hi = setup["cepstrum"]
        total = float(np.sum(cepstrum[c_lo:c_hi] ** 2))
        level = math.log(total / (c_hi - c_lo)) if total > 0 else -math.inf
        return max(0.0, 21 + level)
