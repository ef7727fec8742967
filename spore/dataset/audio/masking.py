"""Masking transforms on spectrograms (..., freq, time): MaskAlongAxis, MaskAlongAxisIID,
TimeMasking, FrequencyMasking (SpecAugment)."""
from __future__ import annotations

import numpy as np

from .. import checks, random_streams
from .audio_operation import AudioOperation


class MaskAlongAxis(AudioOperation):
    """`mask_width` rows (axis 1, frequency) or columns (axis 2, time) from `mask_start` set to `mask_value`."""

    min_rank = 2

    def __init__(self, mask_start, mask_width, mask_value, axis):
        op = type(self).__name__
        self.mask_start = checks.check_int(op, "mask_start", mask_start)
        self.mask_width = checks.check_int(op, "mask_width", mask_width, 1)
        self.mask_value = checks.check_number(op, "mask_value", mask_value)
        self.axis = _check_axis(op, axis)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        return _masked(type(self).__name__, array, self.mask_start, self.mask_width, self.mask_value, self.axis)


class MaskAlongAxisIID(AudioOperation):
    """A mask of a random width in [0, mask_param] at a random start along `axis` (1
    frequency, 2 time), set to `mask_value`."""

    min_rank = 2

    def __init__(self, mask_param, mask_value, axis):
        op = type(self).__name__
        self.mask_param = checks.check_int(op, "mask_param", mask_param)
        self.mask_value = checks.check_number(op, "mask_value", mask_value)
        self.axis = _check_axis(op, axis)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        return _random_mask(type(self).__name__, array, self.mask_param, self.mask_value, self.axis)


class TimeMasking(AudioOperation):
    """SpecAugment's time mask: `time_mask_param` frames from `mask_start` set to
    `mask_value`, or (`iid_masks`) a random width up to it at a random start."""

    min_rank = 2
    _axis = 2

    def __init__(self, iid_masks=False, time_mask_param=0, mask_start=0, mask_value=0.0):
        self._init(iid_masks, time_mask_param, "time_mask_param", mask_start, mask_value)

    def _init(self, iid_masks, mask_param, param_name, mask_start, mask_value) -> None:
        op = type(self).__name__
        self.iid_masks = checks.check_bool(op, "iid_masks", iid_masks)
        self.mask_param = checks.check_int(op, param_name, mask_param)
        self.mask_start = checks.check_int(op, "mask_start", mask_start)
        self.mask_value = checks.check_number(op, "mask_value", mask_value)

    def _apply(self, array: np.ndarray) -> np.ndarray:
        op = type(self).__name__
        if self.iid_masks:
            return _random_mask(op, array, self.mask_param, self.mask_value, self._axis)
        return _masked(op, array, self.mask_start, self.mask_param, self.mask_value, self._axis)


class FrequencyMasking(TimeMasking):
    """SpecAugment's frequency mask: `freq_mask_param` bins from `mask_start` set to
    `mask_value`, or (`iid_masks`) a random width up to it at a random start."""

    _axis = 1

    def __init__(self, iid_masks=False, freq_mask_param=0, mask_start=0, mask_value=0.0):
        self._init(iid_masks, freq_mask_param, "freq_mask_param", mask_start, mask_value)


def _check_axis(op: str, axis) -> int:
    """1 masks frequency bins (axis -2), 2 masks time frames (axis -1)."""
    return checks.check_int(op, "axis", axis, 1, 2)


def _axis_length(array: np.ndarray, axis: int) -> int:
    return array.shape[-1] if axis == 2 else array.shape[-2]


def _masked(op: str, array: np.ndarray, start: int, width: int, value: float, axis: int) -> np.ndarray:
    length = _axis_length(array, axis)
    if start + width > length:
        raise RuntimeError(f"For '{op}', the sum of 'mask_start' ({start}) and the mask width ({width}) must be at "
                           f"most the length {length} of the masked axis, but got {start + width}.")
    out = array.copy()
    if axis == 2:
        out[..., start:start + width] = value
    else:
        out[..., start:start + width, :] = value
    return out


def _random_mask(op: str, array: np.ndarray, mask_param: int, value: float, axis: int) -> np.ndarray:
    length = _axis_length(array, axis)
    if mask_param > length:
        raise RuntimeError(f"For '{op}', the mask width parameter must be at most the length {length} of the "
                           f"masked axis, but got {mask_param}.")
    rng = random_streams.current()
    width = int(rng.integers(0, mask_param + 1))
    start = int(rng.integers(0, length - width + 1))
    return _masked(op, array, start, width, value, axis)
