"""The base of the audio transforms: real NumPy inputs (waveforms, spectrograms; complex
values as a last axis of 2, real and imaginary), float32 results (float64 kept)."""
from __future__ import annotations

import numpy as np

from ..transforms.tensor_operation import TensorOperation


class AudioOperation(TensorOperation):
    """A transform on a real array of rank >= `min_rank`; integer inputs compute in float32."""

    min_rank = 1

    def _input(self, value) -> np.ndarray:
        array = super()._input(value)
        name = type(self).__name__
        if array.dtype.kind not in "iuf":
            raise TypeError(f"For '{name}', the input must be a real numeric array, but got dtype {array.dtype}.")
        if array.ndim < self.min_rank:
            raise RuntimeError(f"For '{name}', the input must have at least {self.min_rank} dimension(s), "
                               f"but got shape {array.shape}.")
        return array if array.dtype == np.float64 else array.astype(np.float32)


class ComplexOperation(AudioOperation):
    """A transform on complex values stored as a last axis of size 2."""

    def _input(self, value) -> np.ndarray:
        array = super()._input(value)
        if array.shape[-1] != 2:
            raise RuntimeError(f"For '{type(self).__name__}', the input must hold complex values as a last axis "
                               f"of size 2, but got shape {array.shape}.")
        return array
