"""IIR filters on waveforms (..., time): LFilter, Filtfilt, Biquad and the biquad designs
of SoX / torchaudio (lowpass, highpass, bandpass, bandreject, allpass, band, bass, treble,
equalizer, de-emphasis, RIAA)."""
from __future__ import annotations

import math

import numpy as np

from .. import checks
from .audio_operation import AudioOperation


def lfilter(waveform: np.ndarray, a_coeffs, b_coeffs, clamp: bool) -> np.ndarray:
    """y[n] = (sum_k b[k] x[n-k] - sum_{k>0} a[k] y[n-k]) / a[0], in float64."""
    a = np.asarray(a_coeffs, np.float64) / a_coeffs[0]
    b = np.asarray(b_coeffs, np.float64) / a_coeffs[0]
    order = len(a)
    x = waveform.astype(np.float64)
    padded = np.concatenate([np.zeros(x.shape[:-1] + (order - 1,)), x], axis=-1)
    # the feed-forward part is a convolution; the feedback part is recursive
    feed = sum(b[k] * padded[..., order - 1 - k:order - 1 - k + x.shape[-1]] for k in range(order))
    y = np.zeros(x.shape[:-1] + (x.shape[-1] + order - 1,))
    for n in range(x.shape[-1]):
        y[..., n + order - 1] = feed[..., n] - sum(a[k] * y[..., n + order - 1 - k] for k in range(1, order))
    y = y[..., order - 1:]
    return np.clip(y, -1.0, 1.0) if clamp else y


def _check_coefficients(op: str, a_coeffs, b_coeffs) -> tuple[list, list]:
    coefficients = []
    for name, value in (("a_coeffs", a_coeffs), ("b_coeffs", b_coeffs)):
        if not isinstance(value, (list, tuple)) or not value:
            raise TypeError(f"For '{op}', the '{name}' must be a non-empty list of numbers, but got {value!r}.")
        coefficients.append([checks.check_number(op, name, v) for v in value])
    if len(coefficients[0]) != len(coefficients[1]):
        raise ValueError(f"For '{op}', the 'a_coeffs' and 'b_coeffs' must have the same length, but got "
                         f"{len(a_coeffs)} and {len(b_coeffs)}.")
    if coefficients[0][0] == 0:
        raise ValueError(f"For '{op}', the first of 'a_coeffs' must not be 0.")
    return coefficients[0], coefficients[1]


class LFilter(AudioOperation):
    """An IIR filter with denominator `a_coeffs` and numerator `b_coeffs`; the output
    clipped to [-1, 1] with `clamp`."""

    def __init__(self, a_coeffs, b_coeffs, clamp=True):
        self.a_coeffs, self.b_coeffs = _check_coefficients(type(self).__name__, a_coeffs, b_coeffs)
        self.clamp = checks.check_bool(type(self).__name__, "clamp", clamp)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        return lfilter(array, self.a_coeffs, self.b_coeffs, self.clamp).astype(array.dtype)


class Filtfilt(LFilter):
    """The filter applied forward, then backward (zero phase)."""

    def _apply(self, array: np.ndarray) -> np.ndarray:
        forward = lfilter(array, self.a_coeffs, self.b_coeffs, clamp=False)
        backward = lfilter(forward[..., ::-1], self.a_coeffs, self.b_coeffs, self.clamp)[..., ::-1]
        return backward.astype(array.dtype)


class Biquad(AudioOperation):
    """A second-order IIR filter: numerator (b0, b1, b2), denominator (a0, a1, a2), clipped to [-1, 1]."""

    def __init__(self, b0, b1, b2, a0, a1, a2):
        op = "Biquad"
        self.b_coeffs = [checks.check_number(op, n, v) for n, v in (("b0", b0), ("b1", b1), ("b2", b2))]
        self.a_coeffs = [checks.check_number(op, n, v) for n, v in (("a0", a0), ("a1", a1), ("a2", a2))]
        if self.a_coeffs[0] == 0:
            raise ValueError("For 'Biquad', the 'a0' must not be 0.")

    def _apply(self, array: np.ndarray) -> np.ndarray:
        return lfilter(array, self.a_coeffs, self.b_coeffs, clamp=True).astype(array.dtype)


class _DesignedBiquad(Biquad):
    """A biquad whose coefficients a subclass designs from `sample_rate` and its parameters."""

    def _set(self, b: tuple, a: tuple) -> None:
        self.b_coeffs, self.a_coeffs = list(b), list(a)


def _check_q(op: str, Q) -> float:
    return checks.check_number(op, "Q", Q, 0.0, 1.0, low_open=True)


def _angular(op: str, sample_rate, freq_name: str, freq) -> tuple[int, float, float]:
    sample_rate = checks.check_int(op, "sample_rate", sample_rate, -checks.INT32_MAX)
    if sample_rate == 0:
        raise ValueError(f"For '{op}', the 'sample_rate' must not be 0.")
    freq = checks.check_number(op, freq_name, freq)
    return sample_rate, freq, 2 * math.pi * freq / sample_rate


class LowpassBiquad(_DesignedBiquad):
    """A second-order lowpass filter at `cutoff_freq`."""

    def __init__(self, sample_rate, cutoff_freq, Q=0.707):
        self.sample_rate, self.cutoff_freq, w0 = _angular("LowpassBiquad", sample_rate, "cutoff_freq", cutoff_freq)
        self.Q = _check_q("LowpassBiquad", Q)
        alpha, cos = math.sin(w0) / 2 / self.Q, math.cos(w0)
        self._set(((1 - cos) / 2, 1 - cos, (1 - cos) / 2), (1 + alpha, -2 * cos, 1 - alpha))


class HighpassBiquad(_DesignedBiquad):
    """A second-order highpass filter at `cutoff_freq`."""

    def __init__(self, sample_rate, cutoff_freq, Q=0.707):
        self.sample_rate, self.cutoff_freq, w0 = _angular("HighpassBiquad", sample_rate, "cutoff_freq", cutoff_freq)
        self.Q = _check_q("HighpassBiquad", Q)
        alpha, cos = math.sin(w0) / 2 / self.Q, math.cos(w0)
        self._set(((1 + cos) / 2, -1 - cos, (1 + cos) / 2), (1 + alpha, -2 * cos, 1 - alpha))


class BandpassBiquad(_DesignedBiquad):
    """A two-pole bandpass filter at `central_freq` (constant skirt gain, or constant 0 dB peak)."""

    def __init__(self, sample_rate, central_freq, Q=0.707, const_skirt_gain=False):
        op = "BandpassBiquad"
        self.sample_rate, self.central_freq, w0 = _angular(op, sample_rate, "central_freq", central_freq)
        self.Q = _check_q(op, Q)
        self.const_skirt_gain = checks.check_bool(op, "const_skirt_gain", const_skirt_gain)
        alpha, cos = math.sin(w0) / 2 / self.Q, math.cos(w0)
        gain = math.sin(w0) / 2 if self.const_skirt_gain else alpha
        self._set((gain, 0.0, -gain), (1 + alpha, -2 * cos, 1 - alpha))


class BandrejectBiquad(_DesignedBiquad):
    """A two-pole band-reject (notch) filter at `central_freq`."""

    def __init__(self, sample_rate, central_freq, Q=0.707):
        op = "BandrejectBiquad"
        self.sample_rate, self.central_freq, w0 = _angular(op, sample_rate, "central_freq", central_freq)
        self.Q = _check_q(op, Q)
        alpha, cos = math.sin(w0) / 2 / self.Q, math.cos(w0)
        self._set((1.0, -2 * cos, 1.0), (1 + alpha, -2 * cos, 1 - alpha))


class AllpassBiquad(_DesignedBiquad):
    """A two-pole allpass filter at `central_freq`."""

    def __init__(self, sample_rate, central_freq, Q=0.707):
        op = "AllpassBiquad"
        self.sample_rate, self.central_freq, w0 = _angular(op, sample_rate, "central_freq", central_freq)
        self.Q = _check_q(op, Q)
        alpha, cos = math.sin(w0) / 2 / self.Q, math.cos(w0)
        self._set((1 - alpha, -2 * cos, 1 + alpha), (1 + alpha, -2 * cos, 1 - alpha))


class BandBiquad(_DesignedBiquad):
    """SoX's band filter at `central_freq` (for unpitched audio with `noise`)."""

    def __init__(self, sample_rate, central_freq, Q=0.707, noise=False):
        op = "BandBiquad"
        self.sample_rate, self.central_freq, w0 = _angular(op, sample_rate, "central_freq", central_freq)
        self.Q = _check_q(op, Q)
        self.noise = checks.check_bool(op, "noise", noise)
        bandwidth = self.central_freq / self.Q
        a2 = math.exp(-2 * math.pi * bandwidth / self.sample_rate)
        a1 = -4 * a2 / (1 + a2) * math.cos(w0)
        b0 = math.sqrt(1 - a1 * a1 / (4 * a2)) * (1 - a2)
        if self.noise:
            b0 = math.sqrt(((1 + a2) ** 2 - a1 ** 2) * (1 - a2) / (1 + a2))
        self._set((b0, 0.0, 0.0), (1.0, a1, a2))


def _shelf(gain: float, w0: float, alpha: float, treble: bool) -> tuple[tuple, tuple]:
    """SoX's bass (low shelf) or treble (high shelf) coefficients."""
    amp = math.exp(gain / 40 * math.log(10))
    root, cos = 2 * math.sqrt(amp) * alpha, math.cos(w0)
    minus, plus = (amp - 1) * cos, (amp + 1) * cos
    if treble:
        return ((amp * (amp + 1 + minus + root), -2 * amp * (amp - 1 + plus), amp * (amp + 1 + minus - root)),
                (amp + 1 - minus + root, 2 * (amp - 1 - plus), amp + 1 - minus - root))
    return ((amp * (amp + 1 - minus + root), 2 * amp * (amp - 1 - plus), amp * (amp + 1 - minus - root)),
            (amp + 1 + minus + root, -2 * (amp - 1 + plus), amp + 1 + minus - root))


class BassBiquad(_DesignedBiquad):
    """A low-shelf filter: `gain` dB below `central_freq`."""

    def __init__(self, sample_rate, gain, central_freq=100.0, Q=0.707):
        op = "BassBiquad"
        self.sample_rate, self.central_freq, w0 = _angular(op, sample_rate, "central_freq", central_freq)
        self.gain = checks.check_number(op, "gain", gain)
        self.Q = _check_q(op, Q)
        self._set(*_shelf(self.gain, w0, math.sin(w0) / 2 / self.Q, treble=False))


class TrebleBiquad(_DesignedBiquad):
    """A high-shelf filter: `gain` dB above `central_freq`."""

    def __init__(self, sample_rate, gain, central_freq=3000, Q=0.707):
        op = "TrebleBiquad"
        self.sample_rate, self.central_freq, w0 = _angular(op, sample_rate, "central_freq", central_freq)
        self.gain = checks.check_number(op, "gain", gain)
        self.Q = _check_q(op, Q)
        self._set(*_shelf(self.gain, w0, math.sin(w0) / 2 / self.Q, treble=True))


class EqualizerBiquad(_DesignedBiquad):
    """A peaking equalizer: `gain` dB around `center_freq`."""

    def __init__(self, sample_rate, center_freq, gain, Q=0.707):
        op = "EqualizerBiquad"
        self.sample_rate, self.center_freq, w0 = _angular(op, sample_rate, "center_freq", center_freq)
        self.gain = checks.check_number(op, "gain", gain)
        self.Q = _check_q(op, Q)
        amp = math.exp(self.gain / 40 * math.log(10))
        alpha, cos = math.sin(w0) / 2 / self.Q, math.cos(w0)
        self._set((1 + alpha * amp, -2 * cos, 1 - alpha * amp), (1 + alpha / amp, -2 * cos, 1 - alpha / amp))


def _check_rate(op: str, sample_rate, rates: tuple) -> int:
    sample_rate = checks.check_int(op, "sample_rate", sample_rate, 1)
    if sample_rate not in rates:
        raise ValueError(f"For '{op}', the 'sample_rate' must be one of {list(rates)}, but got {sample_rate}.")
    return sample_rate


class DeemphBiquad(_DesignedBiquad):
    """The compact-disc de-emphasis filter (a treble shelf), at 44.1 or 48 kHz."""

    _DESIGNS = {44100: (5283.0, 0.4845, -9.477), 48000: (5356.0, 0.479, -9.62)}

    def __init__(self, sample_rate):
        self.sample_rate = _check_rate("DeemphBiquad", sample_rate, tuple(self._DESIGNS))
        central_freq, width_slope, gain = self._DESIGNS[self.sample_rate]
        w0 = 2 * math.pi * central_freq / self.sample_rate
        amp = math.exp(gain / 40 * math.log(10))
        alpha = math.sin(w0) / 2 * math.sqrt((amp + 1 / amp) * (1 / width_slope - 1) + 2)
        self._set(*_shelf(gain, w0, alpha, treble=True))


class RiaaBiquad(_DesignedBiquad):
    """The RIAA vinyl playback equalization, at 44.1, 48, 88.2 or 96 kHz, 0 dB at 1 kHz."""

    _ZEROS_POLES = {44100: ((-0.2014898, 0.9233820), (0.7083149, 0.9924091)),
                    48000: ((-0.1766069, 0.9321590), (0.7396325, 0.9931330)),
                    88200: ((-0.1168735, 0.9648312), (0.8590646, 0.9964002)),
                    96000: ((-0.1141486, 0.9676817), (0.8699137, 0.9966946))}

    def __init__(self, sample_rate):
        self.sample_rate = _check_rate("RiaaBiquad", sample_rate, tuple(self._ZEROS_POLES))
        (z0, z1), (p0, p1) = self._ZEROS_POLES[self.sample_rate]
        b = np.array([1.0, -(z0 + z1), z0 * z1])
        a = np.array([1.0, -(p0 + p1), p0 * p1])
        at_1khz = np.exp(-1j * 2 * math.pi * 1000 / self.sample_rate * np.arange(3))
        b /= abs(b @ at_1khz) / abs(a @ at_1khz)
        self._set(tuple(b), tuple(a))
