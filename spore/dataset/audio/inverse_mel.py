"""InverseMelScale: a linear-frequency spectrogram estimated from a mel spectrogram."""
from __future__ import annotations

import numpy as np

from .. import checks, random_streams
from .audio_operation import AudioOperation
from .spectral import MelScale
from .utils import MelType, NormType

_FLOAT_MAX = 16777216.0


class InverseMelScale(AudioOperation):
    """A mel spectrogram (..., n_mels, time) to a spectrogram (..., n_stft, time): the
    non-negative S minimizing the squared error between MelScale(S) and the input (summed
    over the mel bands, averaged over the frames), by SGD with momentum from a uniform
    random start (sgdargs {'sgd_lr', 'sgd_momentum'}, default 0.1 and 0.9), until the loss
    is below `tolerance_loss`, changes by less than `tolerance_change`, or `max_iter`
    steps. A 2-D input gains a leading axis of 1, as in MindSpore."""

    min_rank = 2

    def __init__(self, n_stft, n_mels=128, sample_rate=16000, f_min=0.0, f_max=None, max_iter=100000,
                 tolerance_loss=1e-5, tolerance_change=1e-8, sgdargs=None, norm=NormType.NONE, mel_type=MelType.HTK):
        op = "InverseMelScale"
        checks.check_int(op, "n_stft", n_stft, 1)
        checks.check_int(op, "n_mels", n_mels, 1)
        checks.check_int(op, "sample_rate", sample_rate, 1)
        if f_max is None and isinstance(f_min, (int, float)) and f_min >= sample_rate // 2:
            raise ValueError("MelScale: sample_rate // 2 should be greater than f_min when f_max is set to None.")
        self._mel_scale = MelScale(n_mels, sample_rate, f_min, f_max, n_stft, norm, mel_type)
        self.n_stft, self.n_mels = n_stft, n_mels
        self.max_iter = checks.check_int(op, "max_iter", max_iter, 1)
        self.tolerance_loss = checks.check_number(op, "tolerance_loss", tolerance_loss, 0.0, _FLOAT_MAX, low_open=True)
        self.tolerance_change = checks.check_number(op, "tolerance_change", tolerance_change, 0.0, _FLOAT_MAX,
                                                    low_open=True)
        sgdargs = {"sgd_lr": 0.1, "sgd_momentum": 0.9} if sgdargs is None else sgdargs
        if not isinstance(sgdargs, dict):
            raise TypeError(f"For '{op}', the 'sgdargs' must be a dict, but got {type(sgdargs).__name__}.")
        self.sgdargs = sgdargs
        self._lr = checks.check_number(op, "sgd_lr", sgdargs["sgd_lr"], 0.0, _FLOAT_MAX)
        self._momentum = checks.check_number(op, "sgd_momentum", sgdargs["sgd_momentum"], 0.0, _FLOAT_MAX)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        if array.shape[-2] != self.n_mels:
            raise RuntimeError(f"InverseMelScale: n_mels must be equal to the penultimate dimension of input, "
                               f"but got n_mels={self.n_mels} and shape {array.shape}.")
        mel = array.reshape(-1, *array.shape[-2:]).astype(np.float64)
        banks = self._mel_scale._banks.astype(np.float64)  # (n_stft, n_mels)
        rng = random_streams.current()
        spectrogram = rng.random((mel.shape[0], self.n_stft, mel.shape[-1]))
        velocity = np.zeros_like(spectrogram)
        frames = mel.shape[0] * mel.shape[-1]
        previous = None
        for _ in range(self.max_iter):
            difference = mel - np.swapaxes(banks, 0, 1) @ spectrogram
            loss = float((difference ** 2).sum() / frames)
            if loss < self.tolerance_loss or (previous is not None and abs(loss - previous) < self.tolerance_change):
                break
            previous = loss
            gradient = -2.0 / frames * (banks @ difference)
            velocity = self._momentum * velocity + gradient
            spectrogram = np.maximum(spectrogram - self._lr * velocity, 0.0)
        shape = array.shape[:-2] if array.ndim > 2 else (1,)
        return spectrogram.reshape(*shape, self.n_stft, mel.shape[-1]).astype(array.dtype)
