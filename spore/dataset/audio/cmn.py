"""SlidingWindowCmn: cepstral mean (and variance) normalization over a sliding window of
frames, as Kaldi's apply-cmvn-sliding computes it."""
from __future__ import annotations

import numpy as np

from .. import checks
from .audio_operation import AudioOperation


def _window(t: int, frames: int, cmn_window: int, min_cmn_window: int, center: bool) -> tuple[int, int]:
    """The frames [start, end) whose statistics normalize frame t."""
    if center:
        start = t - cmn_window // 2
        end = start + cmn_window
    else:
        start, end = t - cmn_window, t + 1
    if start < 0:
        end -= start
        start = 0
    if not center and end > t:
        end = max(t + 1, min_cmn_window)
    if end > frames:
        start = max(0, start - (end - frames))
        end = frames
    return start, end


class SlidingWindowCmn(AudioOperation):
    """Each frame of a (..., time, feature) array minus the mean of the features over a window of
    `cmn_window` frames (centered, or ending at the frame with at least `min_cmn_window`);
    divided by their standard deviation too with `norm_vars`."""

    min_rank = 2

    def __init__(self, cmn_window=600, min_cmn_window=100, center=False, norm_vars=False):
        op = type(self).__name__
        self.cmn_window = checks.check_int(op, "cmn_window", cmn_window)
        self.min_cmn_window = checks.check_int(op, "min_cmn_window", min_cmn_window)
        self.center = checks.check_bool(op, "center", center)
        self.norm_vars = checks.check_bool(op, "norm_vars", norm_vars)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        x = array.astype(np.float64)
        frames = x.shape[-2]
        out = np.empty_like(x)
        for t in range(frames):
            start, end = _window(t, frames, self.cmn_window, self.min_cmn_window, self.center)
            part = x[..., start:end, :]
            out[..., t, :] = x[..., t, :] - part.mean(axis=-2)
            if self.norm_vars:
                if end - start == 1:
                    out[..., t, :] = 0.0
                else:
                    out[..., t, :] /= np.sqrt(part.var(axis=-2))
        return out.astype(array.dtype)
