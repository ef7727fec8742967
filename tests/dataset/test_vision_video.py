"""Video reading through PyAV, on a tiny AVI (MPEG-4 video, 16-bit PCM audio) written by
PyAV here. Frame values are checked against the colours encoded (the codec is lossy),
audio against the PCM samples written (lossless); metadata as MindSpore 2.7.1 reported
it for the same file."""
import sys

import numpy as np
import pytest

import spore.dataset as ds
import spore.dataset.vision as vision

av = pytest.importorskip("av")

FRAMES, FPS, RATE = 5, 10, 8000


def colour(i):
    return np.array([40 * i, 100, 200 - 30 * i], np.uint8)


@pytest.fixture(scope="module")
def video(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("video") / "clip.avi")
    container = av.open(path, "w")
    stream = container.add_stream("mpeg4", rate=FPS)
    stream.width, stream.height, stream.pix_fmt = 16, 8, "yuv420p"
    sound = container.add_stream("pcm_s16le", rate=RATE)
    sound.layout = "mono"
    for i in range(FRAMES):
        image = np.broadcast_to(colour(i), (8, 16, 3)).copy()
        for packet in stream.encode(av.VideoFrame.from_ndarray(image, format="rgb24")):
            container.mux(packet)
    for packet in stream.encode():
        container.mux(packet)
    samples = (np.sin(np.arange(RATE // 2) * 2 * np.pi * 440 / RATE) * 10000).astype(np.int16)
    frame = av.AudioFrame.from_ndarray(samples[None], format="s16", layout="mono")
    frame.sample_rate = RATE
    for packet in [*sound.encode(frame), *sound.encode()]:
        container.mux(packet)
    container.close()
    return path, samples


def test_read_video_frames_audio_and_rates(video):
    path, samples = video
    frames, audio, info = vision.read_video(path)
    assert frames.shape == (FRAMES, 8, 16, 3) and frames.dtype == np.uint8
    for i in range(FRAMES):
        np.testing.assert_allclose(frames[i].reshape(-1, 3).mean(0), colour(i), atol=6)
    assert audio.dtype == np.int16 and audio.shape == (1, RATE // 2)
    np.testing.assert_array_equal(audio[0], samples)
    assert info == {"video_fps": 10.0, "audio_fps": 8000}


def test_time_ranges(video):
    path, samples = video
    frames, audio, _ = vision.read_video(path, 1, 3)  # pts: the video's time base is 1/10 s
    np.testing.assert_array_equal(frames, vision.read_video(path)[0][1:4])
    np.testing.assert_array_equal(audio[0], samples[800:2400])
    frames, audio, _ = vision.read_video(path, 0.1, 0.25, "sec")
    assert frames.shape[0] == 3  # timestamps 1..ceil(2.5)
    np.testing.assert_array_equal(audio[0], samples[800:2000])
    assert vision.read_video_timestamps(path) == ([0, 1, 2, 3, 4], 10.0)
    seconds, fps = vision.read_video_timestamps(path, "sec")
    np.testing.assert_allclose(seconds, [0, 0.1, 0.2, 0.3, 0.4], rtol=1e-6)
    assert fps == 10.0


def test_video_decoder_and_decode_video(video):
    path, _ = video
    decoder = vision.VideoDecoder(path)
    assert decoder.metadata == {"width": 16, "height": 8, "duration_seconds": 0.5, "num_frames": 5,
                                "average_fps": 10.0}
    frames = vision.read_video(path)[0]
    np.testing.assert_array_equal(decoder.get_frames_at([3, 0]), frames[[3, 0]])
    with pytest.raises(ValueError, match="index"):
        decoder.get_frames_at([5])
    raw = np.fromfile(path, np.uint8)
    decoded, audio = vision.DecodeVideo()(raw)
    np.testing.assert_array_equal(decoded, frames)
    data = ds.NumpySlicesDataset({"data": [raw]}, shuffle=False)
    data = data.map(vision.DecodeVideo(), input_columns="data", output_columns=["video", "audio"])
    row = next(data.create_dict_iterator(output_numpy=True))
    assert row["video"].shape == (5, 8, 16, 3) and row["audio"].shape == (1, 4000)


def test_bad_input(video):
    path, _ = video
    with pytest.raises(TypeError, match="filename"):
        vision.read_video(1)
    with pytest.raises(ValueError, match="start_pts should be >= 0"):
        vision.read_video(path, -1)
    with pytest.raises(ValueError, match="end_pts should be >= start_pts"):
        vision.read_video(path, 3, 1)
    with pytest.raises(ValueError, match="pts_unit"):
        vision.read_video(path, pts_unit="ms")
    with pytest.raises(ValueError, match="does not exist"):
        vision.read_video(path + ".missing")
    with pytest.raises(ValueError, match="does not exist"):
        vision.VideoDecoder(path + ".missing")
    with pytest.raises(RuntimeError, match="DecodeVideo"):
        vision.DecodeVideo()(np.zeros(10, np.uint8))
    with pytest.raises(RuntimeError, match="1-D"):
        vision.DecodeVideo()(np.zeros((2, 2), np.uint8))
    with pytest.raises(RuntimeError, match="uint8"):
        vision.DecodeVideo()(np.zeros(3, np.float32))


def test_missing_pyav_names_the_extra(video, monkeypatch):
    monkeypatch.setitem(sys.modules, "av", None)
    with pytest.raises(ImportError, match=r"spore\[video\]"):
        vision.read_video(video[0])
