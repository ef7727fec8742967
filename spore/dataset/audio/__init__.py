"""spore.dataset.audio: MindSpore's audio transforms (`mindspore.dataset.audio`) in NumPy.

Spectral transforms (spectrograms, mel and linear filter banks, cepstra, decibels),
amplitude and masking transforms, and IIR filters, on waveforms (..., time) and
spectrograms (..., freq, frames), eagerly or in `Dataset.map`.
"""
from . import utils
from .spectral import (
    MFCC, LFCC, AmplitudeToDB, Angle, ComplexNorm, ComputeDeltas, DBToAmplitude, Magphase, MelScale, MelSpectrogram,
    SpectralCentroid, Spectrogram,
)
from .utils import (
    BorderType, DensityFunction, FadeShape, GainType, Interpolation, MelType, Modulation, NormMode, NormType,
    ResampleMethod, ScaleType, WindowType, create_dct, linear_fbanks, melscale_fbanks,
)
from .amplitude import Contrast, DCShift, Fade, Gain, MuLawDecoding, MuLawEncoding, Overdrive, Vol
from .filters import (
    AllpassBiquad, BandBiquad, BandpassBiquad, BandrejectBiquad, BassBiquad, Biquad, DeemphBiquad, EqualizerBiquad,
    Filtfilt, HighpassBiquad, LFilter, LowpassBiquad, RiaaBiquad, TrebleBiquad,
)
from .masking import FrequencyMasking, MaskAlongAxis, MaskAlongAxisIID, TimeMasking
from .resample import Resample
from .phase import GriffinLim, InverseSpectrogram, PhaseVocoder, PitchShift, TimeStretch
from .cmn import SlidingWindowCmn
