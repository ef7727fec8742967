"""InverseMelScale: the spectrogram it finds maps back onto the mel spectrogram it was
given (MindSpore 2.7.1 reaches a largest error of 0.016 on this case with its defaults)."""
import numpy as np
import pytest

import spore.dataset as ds
import spore.dataset.audio as audio


def test_inverse_mel_scale_recovers_a_consistent_spectrogram():
    ds.config.set_seed(1)
    spectrogram = np.random.default_rng(0).random((2, 9, 5)).astype(np.float32)
    mel_scale = audio.MelScale(n_mels=4, sample_rate=16000, n_stft=9)
    mel = mel_scale(spectrogram)
    estimate = audio.InverseMelScale(n_stft=9, n_mels=4, sample_rate=16000)(mel)
    assert estimate.shape == (2, 9, 5) and estimate.dtype == np.float32 and estimate.min() >= 0
    assert np.abs(mel_scale(estimate) - mel).max() < 0.05
    rough = audio.InverseMelScale(n_stft=9, n_mels=4, sample_rate=16000, max_iter=10)(mel)
    assert np.abs(mel_scale(rough) - mel).max() > np.abs(mel_scale(estimate) - mel).max()
    single = audio.InverseMelScale(n_stft=9, n_mels=4)(mel[0].astype(np.float64))
    assert single.shape == (1, 9, 5) and single.dtype == np.float64  # a 2-D input gains an axis, as in MindSpore
    slow = audio.InverseMelScale(n_stft=9, n_mels=4, sgdargs={"sgd_lr": 0.05, "sgd_momentum": 0.5})
    assert slow(mel).shape == (2, 9, 5)


def test_inverse_mel_scale_bad_arguments():
    with pytest.raises(ValueError, match="n_stft"):
        audio.InverseMelScale(n_stft=0)
    with pytest.raises(KeyError, match="sgd_lr"):
        audio.InverseMelScale(9, sgdargs={"lr": 1})
    with pytest.raises(ValueError, match="tolerance_loss"):
        audio.InverseMelScale(9, n_mels=4, tolerance_loss=-1)
    with pytest.raises(ValueError, match="greater than f_min"):
        audio.InverseMelScale(9, n_mels=4, f_min=9000.0)
    with pytest.raises(RuntimeError, match="penultimate dimension"):
        audio.InverseMelScale(9, n_mels=4)(np.zeros((3, 5), np.float32))
