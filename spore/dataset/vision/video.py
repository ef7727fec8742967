"""Video files through PyAV (the `av` package, an optional extra: `pip install spore[video]`):
`read_video`, `read_video_timestamps`, `VideoDecoder` and the `DecodeVideo` transform.

Frames come out as (T, H, W, 3) uint8 RGB; audio as (channels, samples) in the stream's
own sample type (int16 for 16-bit PCM, float32 for AAC), the planes of the decoded
frames joined; (1, 0) float32 without audio. A time range keeps the video frames whose timestamp lies in
[start, end] (in 'sec' units the bounds become stream timestamps, start rounded down and
end up) and the audio samples of the same span of time, [start, end) in seconds.

Differences from MindSpore 2.7.1: the RGB values of a frame can differ by a few levels
(MindSpore's FFmpeg converts YUV to RGB with other rounding); for a time range MindSpore
returns whole audio frames around the range where spore cuts the samples to it;
`VideoDecoder.get_frames_at` works on CPU (MindSpore's needs Ascend); a file PyAV cannot
read raises RuntimeError (MindSpore's read_video returns empty arrays for some).
"""
from __future__ import annotations

import io
import math
import os
from fractions import Fraction

import numpy as np

from ..transforms.tensor_operation import TensorOperation

_END_OF_TIME = 2147483647.0
"""The end timestamp MindSpore reads to when none is given."""
_BUFFERED_FRAMES = 5
"""Frames decoded past the end of the range (frames may arrive out of timestamp order)."""


def _av():
    try:
        import av
    except ImportError:
        raise ImportError("Reading video needs the 'av' package (PyAV): pip install spore[video] (or pip install "
                          "av).") from None
    return av


def _check_range(start_pts, end_pts, pts_unit):
    if not isinstance(start_pts, (float, Fraction, int)):
        raise TypeError(f"Input start_pts is not of type [{float}, {Fraction}, {int}], but got: {type(start_pts)}")
    if start_pts < 0.0:
        raise ValueError(f"Not supported start_pts for {start_pts}. The start_pts should be >= 0.")
    end_pts = _END_OF_TIME if end_pts is None else end_pts
    if not isinstance(end_pts, (float, Fraction, int)):
        raise TypeError(f"Input end_pts is not of type [{float}, {Fraction}, {int}], but got: {type(end_pts)}")
    if end_pts < start_pts:
        raise ValueError(f"Not supported end_pts for {end_pts}. start_pts = {start_pts}. The end_pts should be >= "
                         f"start_pts.")
    if not isinstance(pts_unit, str):
        raise TypeError(f"Input pts_unit is not of type {str}, but got: {type(pts_unit)}.")
    if pts_unit not in ("pts", "sec"):
        raise ValueError(f"Not supported pts_unit for {pts_unit}")
    return end_pts


def _check_video_file(filename) -> str:
    if not isinstance(filename, str):
        raise TypeError(f"Input filename is not of type {str}, but got: {type(filename)}.")
    if not os.path.exists(os.path.realpath(filename)):
        raise ValueError(f"Invalid file path, {filename} does not exist.")
    if not os.path.isfile(os.path.realpath(filename)):
        raise ValueError(f"Invalid file path, {filename} is not a regular file.")
    return filename


def _open(op: str, source, what: str):
    av = _av()
    try:
        return av.open(source)
    except (av.error.FFmpegError, OSError, ValueError) as e:
        raise RuntimeError(f"{op}: {what} is not a video file PyAV can read: {e}") from None


def _video_frames(container, stream, start, end, pts_unit: str) -> list:
    """The decoded frames of `stream` with start <= timestamp <= end."""
    if pts_unit == "sec":
        start = math.floor(start / stream.time_base)
        end = end if end == _END_OF_TIME else math.ceil(end / stream.time_base)
    container.seek(max(int(start) - 1 - _BUFFERED_FRAMES, 0), backward=True, any_frame=False, stream=stream)
    frames, past_end = {}, 0
    for frame in container.decode(stream):
        if frame.pts is None:
            continue
        frames[frame.pts] = frame
        if frame.pts >= end:
            past_end += 1
            if past_end > _BUFFERED_FRAMES:
                break
    return [frames[pts] for pts in sorted(frames) if start <= pts <= end]


def _audio_samples(container, stream, start_seconds, end_seconds) -> np.ndarray | None:
    """The samples (channels, n) of `stream` in [start_seconds, end_seconds), or None."""
    pieces = []
    container.seek(0, stream=stream)
    for frame in container.decode(stream):
        first = float(frame.pts * stream.time_base) if frame.pts is not None else 0.0
        if first >= end_seconds:
            break
        samples = frame.to_ndarray()
        per_channel = samples.shape[1]
        times = first + np.arange(per_channel) * (frame.samples / per_channel) / stream.rate
        pieces.append(samples[:, (times >= start_seconds) & (times < end_seconds)])
    return np.concatenate(pieces, 1) if pieces else None


def _seconds(value, pts_unit: str, stream) -> float:
    if value == _END_OF_TIME:
        return math.inf
    return float(value) if pts_unit == "sec" or stream is None else float(value * stream.time_base)


def _decode(op: str, source, what: str, start_pts=0, end_pts=_END_OF_TIME, pts_unit="pts"):
    with _open(op, source, what) as container:
        info = {}
        video = np.empty((0, 1, 1, 3), np.uint8)
        audio = np.empty((1, 0), np.float32)
        video_stream = container.streams.video[0] if container.streams.video else None
        if video_stream is not None:
            frames = _video_frames(container, video_stream, start_pts, end_pts, pts_unit)
            video = (np.stack([f.to_ndarray(format="rgb24") for f in frames]) if frames
                     else np.empty((0, video_stream.height, video_stream.width, 3), np.uint8))
            if video_stream.average_rate is not None:
                info["video_fps"] = float(video_stream.average_rate)
        if container.streams.audio:
            stream = container.streams.audio[0]
            info["audio_fps"] = stream.rate
            reference = video_stream or stream  # 'pts' bounds are in the video stream's time base
            samples = _audio_samples(container, stream, _seconds(start_pts, pts_unit, reference),
                                     _seconds(end_pts, pts_unit, reference))
            if samples is not None:
                audio = samples
    return video, audio, info


def read_video(filename, start_pts=0, end_pts=None, pts_unit="pts"):
    """The video frames (T, H, W, 3) uint8, the audio (channels, samples) and {'video_fps',
    'audio_fps'} of a video file, between the timestamps start_pts and end_pts (in stream
    time-base units with pts_unit 'pts', in seconds with 'sec')."""
    _check_video_file(filename)
    end_pts = _check_range(start_pts, end_pts, pts_unit)
    return _decode("read_video", filename, filename, start_pts, end_pts, pts_unit)


def read_video_timestamps(filename, pts_unit="pts"):
    """The timestamps of the video frames (stream units with 'pts', seconds with 'sec') and
    the frame rate; ([], None) for a file without video."""
    if not isinstance(filename, str):
        raise TypeError(f"Input filename is not of type {str}, but got: {type(filename)}.")
    if not isinstance(pts_unit, str):
        raise TypeError(f"Input pts_unit is not of type {str}, but got: {type(pts_unit)}.")
    if not os.path.isfile(os.path.realpath(filename)):
        raise RuntimeError(f"read_video_timestamps: the file {filename} does not exist or is not a regular file.")
    with _open("read_video_timestamps", filename, filename) as container:
        if not container.streams.video:
            return [], None
        stream = container.streams.video[0]
        timestamps = sorted(p.pts for p in container.demux(stream) if p.pts is not None)
        fps = float(stream.average_rate) if stream.average_rate is not None else None
        time_base = float(np.float32(stream.time_base))  # MindSpore scales by a float32 time base
    if not timestamps:
        return [], None
    if pts_unit == "sec":
        return [pts * time_base for pts in timestamps], fps
    return timestamps, fps


class VideoDecoder:
    """The video stream of a file: its `metadata` and the frames at given indices.
    (MindSpore decodes frames with `get_frames_at` only on Ascend; here it runs on CPU.)"""

    def __init__(self, source):
        if not isinstance(source, str) or not os.path.isfile(os.path.realpath(source)):
            raise ValueError(f"The file {source} does not exist or permission denied!")
        self.source = source
        self._metadata = self.metadata

    @property
    def metadata(self) -> dict:
        """width, height, duration_seconds, num_frames and average_fps of the video stream."""
        with _open("VideoDecoder", self.source, self.source) as container:
            if not container.streams.video:
                raise RuntimeError(f"VideoDecoder: {self.source} has no video stream.")
            stream = container.streams.video[0]
            duration = stream.duration * stream.time_base if stream.duration is not None else \
                container.duration / 1_000_000
            return {"width": stream.width, "height": stream.height, "duration_seconds": round(float(duration), 6),
                    "num_frames": stream.frames, "average_fps": float(stream.average_rate)}

    def get_frames_at(self, indices) -> np.ndarray:
        """The frames (T, H, W, 3) uint8 at the frame `indices` (a list of ints), in that order."""
        if not isinstance(indices, list):
            raise TypeError(f"Argument indices with value {indices} is not of type [<class 'list'>], but got "
                            f"{type(indices)}.")
        for i, index in enumerate(indices):
            if isinstance(index, bool) or not isinstance(index, int):
                raise TypeError(f"Argument indices[{i}] with value {index} is not of type [<class 'int'>], but got "
                                f"{type(index)}.")
            if not 0 <= index < self._metadata["num_frames"]:
                raise ValueError(f"Invalid frame index[{i}]={index} is not within the required interval of "
                                 f"[0, {self._metadata['num_frames']}).")
        if not indices:
            return np.empty(0, dtype=np.uint8)
        wanted = set(indices)
        frames = {}
        with _open("VideoDecoder", self.source, self.source) as container:
            for position, frame in enumerate(container.decode(video=0)):
                if position in wanted:
                    frames[position] = frame.to_ndarray(format="rgb24")
                if len(frames) == len(wanted):
                    break
        return np.stack([frames[i] for i in indices])


class DecodeVideo(TensorOperation):
    """The (video, audio) of a video file's bytes (a 1-D uint8 array), as read_video reads a file."""

    def __call__(self, *inputs):
        if len(inputs) != 1:
            raise TypeError(f"For 'DecodeVideo', exactly 1 input is expected, but got {len(inputs)}.")
        data = np.asarray(inputs[0])
        if data.ndim != 1:
            raise RuntimeError(f"DecodeVideo: the input must be a 1-D array of the file's bytes, but got shape "
                               f"{data.shape}.")
        if data.dtype != np.uint8:
            raise RuntimeError(f"DecodeVideo: the input must be uint8, but got {data.dtype}.")
        if data.size == 0:
            raise RuntimeError("DecodeVideo: the input is empty.")
        video, audio, _ = _decode("DecodeVideo", io.BytesIO(data.tobytes()), "the input")
        return video, audio
