"""Audio utilities (`mindspore.dataset.audio.utils`): the enums of the audio transforms and
the filter banks and DCT matrix the spectral transforms use (torchaudio's definitions,
which MindSpore follows)."""
from __future__ import annotations

from enum import Enum

import numpy as np

from .. import checks


class BorderType(str, Enum):
    CONSTANT = "constant"
    EDGE = "edge"
    REFLECT = "reflect"
    SYMMETRIC = "symmetric"


class DensityFunction(str, Enum):
    TPDF = "TPDF"
    RPDF = "RPDF"
    GPDF = "GPDF"


class FadeShape(str, Enum):
    QUARTER_SINE = "quarter_sine"
    HALF_SINE = "half_sine"
    LINEAR = "linear"
    LOGARITHMIC = "logarithmic"
    EXPONENTIAL = "exponential"


class GainType(str, Enum):
    AMPLITUDE = "amplitude"
    POWER = "power"
    DB = "db"


class Interpolation(str, Enum):
    LINEAR = "linear"
    QUADRATIC = "quadratic"


class MelType(str, Enum):
    HTK = "htk"
    SLANEY = "slaney"


class Modulation(str, Enum):
    SINUSOIDAL = "sinusoidal"
    TRIANGULAR = "triangular"


class NormMode(str, Enum):
    ORTHO = "ortho"
    NONE = "none"


class NormType(str, Enum):
    SLANEY = "slaney"
    NONE = "none"


class ResampleMethod(str, Enum):
    SINC_INTERPOLATION = "sinc_interpolation"
    KAISER_WINDOW = "kaiser_window"


class ScaleType(str, Enum):
    POWER = "power"
    MAGNITUDE = "magnitude"


class WindowType(str, Enum):
    BARTLETT = "bartlett"
    BLACKMAN = "blackman"
    HAMMING = "hamming"
    HANN = "hann"
    KAISER = "kaiser"


def check_enum(op: str, name: str, value, enum: type) -> Enum:
    if not isinstance(value, enum):
        raise TypeError(f"For '{op}', the '{name}' must be a {enum.__name__}, but got {type(value).__name__}.")
    return value


def _hz_to_mel(freq, mel_type: MelType):
    if mel_type == MelType.HTK:
        return 2595.0 * np.log10(1.0 + np.asarray(freq, np.float64) / 700.0)
    # Slaney: linear below 1 kHz, logarithmic above
    freq = np.asarray(freq, np.float64)
    min_log_mel, log_step = 15.0, np.log(6.4) / 27.0
    mels = 3.0 * freq / 200.0
    return np.where(freq >= 1000.0, min_log_mel + np.log(np.maximum(freq, 1e-10) / 1000.0) / log_step, mels)


def _mel_to_hz(mels, mel_type: MelType):
    mels = np.asarray(mels, np.float64)
    if mel_type == MelType.HTK:
        return 700.0 * (10.0 ** (mels / 2595.0) - 1.0)
    min_log_mel, log_step = 15.0, np.log(6.4) / 27.0
    return np.where(mels >= min_log_mel, 1000.0 * np.exp(log_step * (mels - min_log_mel)), 200.0 * mels / 3.0)


def _triangular_filters(all_freqs: np.ndarray, f_points: np.ndarray) -> np.ndarray:
    """Triangles with corners at `f_points`, sampled at `all_freqs`: (n_freqs, len(f_points) - 2)."""
    f_diff = f_points[1:] - f_points[:-1]
    slopes = f_points[None, :] - all_freqs[:, None]
    down = -slopes[:, :-2] / f_diff[:-1]
    up = slopes[:, 2:] / f_diff[1:]
    return np.maximum(0.0, np.minimum(down, up)) + 0.0  # + 0.0: no negative zeros


def melscale_fbanks(n_freqs, f_min, f_max, n_mels, sample_rate, norm=NormType.NONE, mel_type=MelType.HTK):
    """The mel filter bank, shape (n_freqs, n_mels), float32: column j weights the STFT bins
    that mel band j covers."""
    op = "melscale_fbanks"
    n_freqs = checks.check_int(op, "n_freqs", n_freqs, 1)
    n_mels = checks.check_int(op, "n_mels", n_mels, 1)
    sample_rate = checks.check_int(op, "sample_rate", sample_rate, 1)
    f_min = checks.check_number(op, "f_min", f_min, 0.0)
    f_max = checks.check_number(op, "f_max", f_max, 0.0)
    if f_min > f_max:
        raise ValueError(f"For '{op}', the 'f_max' must be at least 'f_min' ({f_min}), but got {f_max}.")
    check_enum(op, "norm", norm, NormType)
    check_enum(op, "mel_type", mel_type, MelType)
    all_freqs = np.linspace(0, sample_rate // 2, n_freqs)
    m_points = np.linspace(_hz_to_mel(f_min, mel_type), _hz_to_mel(f_max, mel_type), n_mels + 2)
    f_points = _mel_to_hz(m_points, mel_type)
    banks = _triangular_filters(all_freqs, f_points)
    if norm == NormType.SLANEY:
        banks *= 2.0 / (f_points[2:n_mels + 2] - f_points[:n_mels])
    return banks.astype(np.float32)


def linear_fbanks(n_freqs, f_min, f_max, n_filter, sample_rate):
    """The linear triangular filter bank, shape (n_freqs, n_filter), float32."""
    op = "linear_fbanks"
    n_freqs = checks.check_int(op, "n_freqs", n_freqs, 1)
    n_filter = checks.check_int(op, "n_filter", n_filter, 1)
    sample_rate = checks.check_int(op, "sample_rate", sample_rate, 1)
    f_min = checks.check_number(op, "f_min", f_min, 0.0)
    f_max = checks.check_number(op, "f_max", f_max, 0.0)
    all_freqs = np.linspace(0, sample_rate // 2, n_freqs)
    f_points = np.linspace(f_min, f_max, n_filter + 2)
    return _triangular_filters(all_freqs, f_points).astype(np.float32)


def create_dct(n_mfcc, n_mels, norm=NormMode.NONE):
    """The DCT-II matrix, shape (n_mels, n_mfcc), float32 (orthonormal with NormMode.ORTHO)."""
    n_mfcc = checks.check_int("create_dct", "n_mfcc", n_mfcc, 1)
    n_mels = checks.check_int("create_dct", "n_mels", n_mels, 1)
    check_enum("create_dct", "norm", norm, NormMode)
    n = np.arange(n_mels, dtype=np.float64)
    k = np.arange(n_mfcc, dtype=np.float64)[:, None]
    dct = np.cos(np.pi / n_mels * (n + 0.5) * k)
    if norm == NormMode.ORTHO:
        dct[0] *= 1.0 / np.sqrt(2.0)
        dct *= np.sqrt(2.0 / n_mels)
    else:
        dct *= 2.0
    return dct.T.astype(np.float32)


def window(kind: WindowType, length: int) -> np.ndarray:
    """A periodic window of `length` samples (float64), as torch's window functions give it."""
    if length == 1:
        return np.ones(1)
    n = np.arange(length)
    if kind == WindowType.HANN:
        return 0.5 - 0.5 * np.cos(2 * np.pi * n / length)
    if kind == WindowType.HAMMING:
        return 0.54 - 0.46 * np.cos(2 * np.pi * n / length)
    if kind == WindowType.BLACKMAN:
        return 0.42 - 0.5 * np.cos(2 * np.pi * n / length) + 0.08 * np.cos(4 * np.pi * n / length)
    if kind == WindowType.BARTLETT:
        return 1.0 - np.abs(2.0 * n / length - 1.0)
    return np.kaiser(length + 1, 12.0)[:-1]
