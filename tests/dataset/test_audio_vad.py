"""Vad: SoX's voice activity detector. Where no voice is found the result is what
MindSpore 2.7.1 returns (observed: the input's tail of (search_time + measure_duration)
* sample_rate samples, 8800 at 8 kHz with the defaults); where voice starts after
silence the waveform is trimmed to just before it (MindSpore's Vad never triggers and
returns that same tail)."""
import numpy as np
import pytest

import spore.dataset.audio as audio

RATE = 8000


def tone_from(onset, seconds=2.0, noise=0.0, seed=0):
    t = np.arange(int(RATE * seconds)) / RATE
    voice = np.where(t > onset, 0.5 * np.sin(2 * np.pi * 300 * t), 0.0)
    return (voice + noise * np.random.default_rng(seed).standard_normal(len(t))).astype(np.float32)


def test_no_voice_gives_mindspores_tail():
    silence = np.zeros(RATE * 2, np.float32)
    silence[-8800:] = np.linspace(0, 1e-6, 8800)
    out = audio.Vad(RATE)(silence)
    assert out.shape == (8800,) and out.dtype == np.float32
    np.testing.assert_array_equal(out, silence[-8800:])
    assert audio.Vad(RATE)(np.zeros(RATE, np.float32)).shape == (800,)  # as MindSpore: a slice from -800
    assert audio.Vad(RATE)(np.zeros(500, np.float32)).shape == (500,)


@pytest.mark.parametrize("onset", [0.8, 1.3, 1.7])
def test_voice_after_silence_is_kept_from_just_before_it(onset):
    waveform = tone_from(onset, noise=0.001)
    out = audio.Vad(RATE)(waveform)
    start = len(waveform) - out.shape[-1]
    assert onset * RATE - 0.2 * RATE <= start <= onset * RATE  # within the measures before the onset
    np.testing.assert_array_equal(out, waveform[start:])
    later = audio.Vad(RATE, pre_trigger_time=0.1)(waveform)
    assert later.shape[-1] == out.shape[-1] + 800
    stereo = np.stack([waveform, tone_from(5.0, noise=0.001, seed=1)])  # the second channel stays quiet
    assert audio.Vad(RATE)(stereo).shape == (2, out.shape[-1])


def test_vad_arguments():
    with pytest.raises(ValueError, match="sample_rate"):
        audio.Vad(0)
    with pytest.raises(TypeError, match="trigger_time"):
        audio.Vad(RATE, trigger_time="x")
    with pytest.raises(ValueError, match="search_time"):
        audio.Vad(RATE, search_time=-1.0)
