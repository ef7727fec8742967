"""Generic transforms (`mindspore.dataset.transforms`): TypeCast, OneHot, Fill, Compose."""
from __future__ import annotations

import numbers

import numpy as np

from ...common import dtype as mstype
from .. import checks
from .random_compose import apply_in_order
from .tensor_operation import TensorOperation


class TypeCast(TensorOperation):
    """The input converted to `data_type` (a spore/MindSpore dtype or a NumPy dtype)."""

    batchable = True

    def __init__(self, data_type):
        self.data_type = data_type
        self._np_type = to_numpy_dtype("TypeCast", "data_type", data_type)

    def _apply_batch(self, arrays: np.ndarray) -> np.ndarray:
        return arrays.astype(self._np_type)

    def __repr__(self) -> str:
        return f"TypeCast(data_type={self._np_type})"


class OneHot(TensorOperation):
    """Integer labels (any shape) to one-hot vectors along a new last axis of size
    `num_classes`; a last axis of size 1 (a column of labels) becomes the class axis, as in
    MindSpore's pipelines. Without smoothing the result keeps the labels' dtype; with
    `smoothing_rate` r it is float64: 1 - r + r/num_classes for the class, r/num_classes
    elsewhere."""

    batchable = True

    def __init__(self, num_classes: int, smoothing_rate: float = 0.0):
        self.num_classes = checks.check_int("OneHot", "num_classes", num_classes, 1)
        self.smoothing_rate = checks.check_number("OneHot", "smoothing_rate", smoothing_rate, 0.0, 1.0)

    def _check(self, shape: tuple, dtype: np.dtype) -> None:
        if dtype.kind not in "iu":
            raise RuntimeError(f"For 'OneHot', the input must hold integer labels, but got dtype {dtype}.")

    def _apply_batch(self, arrays: np.ndarray) -> np.ndarray:
        if arrays.size and (arrays.min() < 0 or arrays.max() >= self.num_classes):
            bad = arrays.max() if arrays.max() >= self.num_classes else arrays.min()
            raise RuntimeError(f"For 'OneHot', every label must be in [0, {self.num_classes}), but got {bad}.")
        if arrays.ndim > 2 and arrays.shape[-1] == 1:
            arrays = arrays[..., 0]
        hot = arrays[..., None] == np.arange(self.num_classes)
        if self.smoothing_rate == 0.0:
            return hot.astype(arrays.dtype)
        off = self.smoothing_rate / self.num_classes
        return np.where(hot, 1.0 - self.smoothing_rate + off, off)

    def __repr__(self) -> str:
        return f"OneHot(num_classes={self.num_classes}, smoothing_rate={self.smoothing_rate})"


class Fill(TensorOperation):
    """An array of the input's shape and dtype with every element `fill_value` (cast to that dtype)."""

    batchable = True

    def __init__(self, fill_value):
        if isinstance(fill_value, bool) or not isinstance(fill_value, (numbers.Number, str, bytes)):
            raise TypeError(f"For 'Fill', the 'fill_value' must be a number, str or bytes, but got "
                            f"{type(fill_value).__name__}.")
        self.fill_value = fill_value

    def _apply_batch(self, arrays: np.ndarray) -> np.ndarray:
        return np.full_like(arrays, self.fill_value)

    def __repr__(self) -> str:
        return f"Fill(fill_value={self.fill_value!r})"


class Compose(TensorOperation):
    """The `transforms` (transforms or Python callables) applied in order; each one's
    results are the next one's inputs. In `Dataset.map` it is the same as passing the
    list of transforms."""

    def __init__(self, transforms):
        if not isinstance(transforms, (list, tuple)) or not transforms:
            raise TypeError(f"For 'Compose', the 'transforms' must be a non-empty list of transforms, but got "
                            f"{transforms!r}.")
        for t in transforms:
            if not callable(t):
                raise TypeError(f"For 'Compose', every transform must be callable, but got {type(t).__name__}.")
        self.transforms = list(transforms)

    def __call__(self, *inputs):
        return apply_in_order(self.transforms, inputs, "Compose")

    def __repr__(self) -> str:
        return f"Compose({self.transforms!r})"


def to_numpy_dtype(op: str, name: str, data_type) -> np.dtype:
    """A spore/MindSpore dtype or a NumPy dtype spelling as a NumPy dtype."""
    if isinstance(data_type, mstype.Number):
        return np.dtype(mstype.dtype_to_nptype(data_type))
    if data_type is None:  # np.dtype(None) would mean float64
        raise TypeError(f"For '{op}', the '{name}' must be a MindSpore or NumPy dtype, but got None.")
    try:
        return np.dtype(data_type)
    except TypeError:
        raise TypeError(f"For '{op}', the '{name}' must be a MindSpore or NumPy dtype, but got "
                        f"{data_type!r}.") from None


def not_random(function):
    """Mark a Python transform as deterministic (sets `function.random = False`), the mark
    MindSpore requires before it caches a function's results; returns the function."""
    function.random = False
    return function
