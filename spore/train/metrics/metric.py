"""Metric: the base class of evaluation metrics, and what the classification metrics share.

A metric accumulates over batches on the host: `clear()` resets it, `update(*inputs)`
adds a batch (Tensors, lists or NumPy arrays, converted with `_convert_data`), `eval()`
gives the result. `set_indexes` picks and orders the inputs of `update`, through the
`rearrange_inputs` decorator every built-in `update` carries; Model uses it to hand
(loss, outputs, label) from an evaluation network to each metric.

Scalar results are Python floats. MindSpore returns numpy.float64 (a float subclass with
the same value); under NumPy 2 that prints as `np.float64(0.5)` inside a dict, where a
float prints as MindSpore's `{'accuracy': 0.5}`.
"""
from __future__ import annotations

import functools
from abc import ABCMeta, abstractmethod

import numpy as np

from ...common.tensor import Tensor

__all__ = ["Metric", "rearrange_inputs"]

_EVAL_TYPES = ("classification", "multilabel")


def rearrange_inputs(func):
    """Decorator of `update`: when the metric has `indexes` (see `Metric.set_indexes`),
    `update` receives `inputs[i]` for each i in them, in that order."""

    @functools.wraps(func)
    def wrapper(self, *inputs):
        indexes = self.indexes
        if indexes:
            inputs = [inputs[i] for i in indexes]
        return func(self, *inputs)

    return wrapper


class Metric(metaclass=ABCMeta):
    """The base class of metrics: subclasses define `clear`, `update` and `eval`.
    Calling a metric on inputs clears it, updates it with them and returns `eval()`."""

    def __init__(self):
        self._indexes = None

    def _convert_data(self, data) -> np.ndarray:
        """`data` (a Tensor, a list or a NumPy array) as a NumPy array."""
        if isinstance(data, Tensor):
            return data.asnumpy()
        if isinstance(data, list):
            return np.array(data)
        if isinstance(data, np.ndarray):
            return data
        raise TypeError(f"For '{type(self).__name__}', the input data must be a Tensor, a list or a numpy.ndarray, "
                        f"but got {type(data).__name__}.")

    def _prediction_and_label(self, inputs: tuple) -> tuple[np.ndarray, np.ndarray]:
        """The two inputs of `update` (predicted value, true value) as NumPy arrays."""
        if len(inputs) != 2:
            raise ValueError(f"For '{type(self).__name__}.update', it needs 2 inputs (predicted value, true value), "
                             f"but got {len(inputs)}.")
        return self._convert_data(inputs[0]), self._convert_data(inputs[1])

    @property
    def indexes(self):
        """The positions of the inputs `update` takes, or None for all of them in order."""
        return getattr(self, "_indexes", None)

    def set_indexes(self, indexes: list):
        """Make `update(*inputs)` use `inputs[i]` for each i of `indexes` (a list of ints):
        given (label0, label1, logits), [2, 1] updates with (logits, label1). Returns self.
        A custom metric's `update` needs the `rearrange_inputs` decorator for this."""
        if not isinstance(indexes, list) or not all(isinstance(i, int) for i in indexes):
            raise ValueError(f"For 'set_indexes', the 'indexes' must be a list of ints, but got {indexes!r}.")
        self._indexes = indexes
        return self

    def __call__(self, *inputs):
        self.clear()
        self.update(*inputs)
        return self.eval()

    @abstractmethod
    def clear(self):
        """Reset the accumulated state."""

    @abstractmethod
    def update(self, *inputs):
        """Accumulate one batch (usually the predicted values and the labels)."""

    @abstractmethod
    def eval(self):
        """The result over every batch since the last `clear`."""


class EvaluationBase(Metric):
    """EvaluationBase(eval_type)

    A metric of 'classification' (y_pred of shape (N, C, ...) scores, y of shape
    (N, ...) class indices, or one-hot like y_pred) or 'multilabel' data (y_pred and y
    of the same shape, all 0 or 1).
    """

    def __init__(self, eval_type: str):
        super().__init__()
        if eval_type not in _EVAL_TYPES:
            raise TypeError(f"For '{type(self).__name__}', the 'eval_type' must be 'classification' or "
                            f"'multilabel', but got {eval_type!r}.")
        self._type = eval_type

    def _classification_inputs(self, inputs: tuple) -> tuple[np.ndarray, np.ndarray]:
        """(y_pred, y) of `update`, checked; a one-hot y of classification is turned into
        class indices."""
        y_pred, y = self._prediction_and_label(inputs)
        if self._type == "classification":
            y = labels_as_indices(y_pred, y)
        self._check_shape(y_pred, y)
        self._check_value(y_pred, y)
        return y_pred, y

    def _check_shape(self, y_pred: np.ndarray, y: np.ndarray) -> None:
        name = type(self).__name__
        if self._type == "classification":
            if y_pred.ndim != y.ndim + 1 or y.shape != (y_pred.shape[0],) + y_pred.shape[2:]:
                raise ValueError(f"For '{name}.update', in the classification case y (true value) must have the "
                                 f"shape of y_pred (predicted value) without axis 1, but got y_pred shape "
                                 f"{y_pred.shape} and y shape {y.shape}.")
        elif y_pred.shape != y.shape:
            raise ValueError(f"For '{name}.update', in the multilabel case y_pred (predicted value) and y (true "
                             f"value) must have the same shape, but got {y_pred.shape} and {y.shape}.")

    def _check_value(self, y_pred: np.ndarray, y: np.ndarray) -> None:
        if self._type == "multilabel" and not (_is_binary(y_pred) and _is_binary(y)):
            raise ValueError(f"For '{type(self).__name__}.update', in the multilabel case every element of y_pred "
                             f"(predicted value) and y (true value) must be 0 or 1.")


def _is_binary(data: np.ndarray) -> bool:
    return bool(np.logical_or(data == 0, data == 1).all())


def is_one_hot(data: np.ndarray) -> bool:
    """Whether `data` (N, C, ...) is one-hot along axis 1."""
    return data.ndim > 1 and _is_binary(data) and bool((data.sum(axis=1) == 1).all())


def labels_as_indices(y_pred: np.ndarray, y: np.ndarray) -> np.ndarray:
    """`y` as class indices: a one-hot `y` shaped like the scores `y_pred` becomes its
    argmax along axis 1; anything else is returned as it is."""
    if y_pred.ndim == y.ndim and is_one_hot(y):
        return y.argmax(axis=1)
    return y


def check_class_num(metric, y_pred: np.ndarray) -> int:
    """The number of classes, y_pred.shape[1], which must not change between updates of
    `metric` (kept in its `_class_num`, 0 before the first update)."""
    class_num = y_pred.shape[1]
    if metric._class_num == 0:
        metric._class_num = class_num
    elif class_num != metric._class_num:
        raise ValueError(f"For '{type(metric).__name__}.update', the number of classes must stay the same: earlier "
                         f"predicted values had {metric._class_num} classes, but got {class_num}.")
    return class_num


def class_counts(metric, y_pred: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per class, for scores `y_pred` (N, C) and class indices `y` (N,): how many samples
    are predicted in it (the argmax), how many belong to it, and how many both."""
    class_num = check_class_num(metric, y_pred)
    if y.size and y.max() + 1 > class_num:
        raise ValueError(f"For '{type(metric).__name__}.update', the true value (inputs[1]) holds class "
                         f"{int(y.max())}, but the predicted value (inputs[0]) has only {class_num} classes.")
    actual = np.eye(class_num)[y.reshape(-1).astype(int)]
    predicted = np.eye(class_num)[y_pred.argmax(axis=1).reshape(-1)]
    return predicted.sum(axis=0), actual.sum(axis=0), (actual * predicted).sum(axis=0)


def check_samples(metric, count, what: str = "the number of samples") -> None:
    """RuntimeError when `count` is 0: eval before any update."""
    if not count:
        raise RuntimeError(f"The '{type(metric).__name__}' can not be calculated, because {what} is 0; call "
                           f"'update' with non-empty inputs before 'eval'.")
