"""spore.dataset.audio: MindSpore's audio transforms (`mindspore.dataset.audio`) in NumPy.

Spectral transforms (spectrograms, mel and linear filter banks, cepstra, decibels, inverse
STFT, Griffin-Lim, phase vocoder), amplitude and masking transforms, IIR filters,
resampling and pitch detection, on waveforms (..., time) and spectrograms
(..., freq, frames), eagerly or in `Dataset.map`.
"""
from . import transforms, utils, validators
from .transforms import *
from .utils import (
    BorderType, DensityFunction, FadeShape, GainType, Interpolation, MelType, Modulation, NormMode, NormType,
    ResampleMethod, ScaleType, WindowType, create_dct, linear_fbanks, melscale_fbanks,
)
