"""The audio transforms (`mindspore.dataset.audio.transforms`), re-exported from their modules."""
from .amplitude import Contrast, DCShift, Fade, Gain, MuLawDecoding, MuLawEncoding, Overdrive, Vol
from .cmn import SlidingWindowCmn
from .dither import Dither
from .filters import (
    AllpassBiquad,
    BandBiquad,
    BandpassBiquad,
    BandrejectBiquad,
    BassBiquad,
    Biquad,
    DeemphBiquad,
    EqualizerBiquad,
    Filtfilt,
    HighpassBiquad,
    LFilter,
    LowpassBiquad,
    RiaaBiquad,
    TrebleBiquad,
)
from .inverse_mel import InverseMelScale
from .masking import FrequencyMasking, MaskAlongAxis, MaskAlongAxisIID, TimeMasking
from .phase import GriffinLim, InverseSpectrogram, PhaseVocoder, PitchShift, TimeStretch
from .phaser import Flanger, Phaser
from .pitch import DetectPitchFrequency
from .resample import Resample
from .spectral import (
    LFCC,
    MFCC,
    AmplitudeToDB,
    Angle,
    ComplexNorm,
    ComputeDeltas,
    DBToAmplitude,
    Magphase,
    MelScale,
    MelSpectrogram,
    SpectralCentroid,
    Spectrogram,
)
from .vad import Vad

__all__ = [
    "AllpassBiquad", "AmplitudeToDB", "Angle", "BandBiquad", "BandpassBiquad", "BandrejectBiquad", "BassBiquad",
    "Biquad", "ComplexNorm", "ComputeDeltas", "Contrast", "DBToAmplitude", "DCShift", "DeemphBiquad",
    "DetectPitchFrequency", "Dither", "EqualizerBiquad", "Fade", "Filtfilt", "Flanger", "FrequencyMasking", "Gain",
    "GriffinLim", "HighpassBiquad", "InverseSpectrogram", "LFCC", "LFilter", "LowpassBiquad", "MFCC", "Magphase",
    "MaskAlongAxis", "MaskAlongAxisIID", "MelScale", "MelSpectrogram", "MuLawDecoding", "MuLawEncoding", "Overdrive",
    "PhaseVocoder", "Phaser", "PitchShift", "Resample", "RiaaBiquad", "SlidingWindowCmn", "SpectralCentroid",
    "Spectrogram", "TimeMasking", "TimeStretch", "TrebleBiquad", "Vol", "InverseMelScale", "Vad",
]
