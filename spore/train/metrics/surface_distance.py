"""Distances between the surfaces of two segmentations of one label: HausdorffDistance,
MeanSurfaceDistance and RootMeanSquareDistance.

A segmentation's surface (edge) is its mask minus the mask eroded by the cross-shaped
neighbourhood (points outside the image count as background). Each surface point of
one segmentation is given its distance to the nearest surface point of the other
('euclidean', 'chessboard' (L-inf) or 'taxicab' (L1), in index units)."""
from __future__ import annotations

import numpy as np

from ...ops.validator import check_bool, check_string, check_type
from .metric import Metric, rearrange_inputs

__all__ = ["HausdorffDistance", "MeanSurfaceDistance", "RootMeanSquareDistance"]

_METRICS = ("euclidean", "chessboard", "taxicab")
_CHUNK = 4096  # query points per block of the pairwise distance computation


def _erode(mask: np.ndarray) -> np.ndarray:
    """Points whose cross-shaped neighbourhood (itself and its 2 * ndim axis neighbours)
    lies inside the mask."""
    eroded = mask.copy()
    for axis in range(mask.ndim):
        for step in (1, -1):
            shifted = np.zeros_like(mask)
            source = [slice(None)] * mask.ndim
            target = [slice(None)] * mask.ndim
            source[axis] = slice(step, None) if step > 0 else slice(None, step)
            target[axis] = slice(None, -step) if step > 0 else slice(-step, None)
            shifted[tuple(target)] = mask[tuple(source)]
            eroded &= shifted
    return eroded


def surface(mask: np.ndarray) -> np.ndarray:
    """The edge points of a boolean mask."""
    return _erode(mask) ^ mask


def surface_distances(from_edges: np.ndarray, to_edges: np.ndarray, metric: str) -> np.ndarray:
    """For each point of `from_edges` (in index order), its distance to the nearest point
    of `to_edges`: inf when `to_edges` is empty; an empty array when `from_edges` is."""
    queries = np.argwhere(from_edges)
    if queries.shape[0] == 0:
        return np.array([])
    targets = np.argwhere(to_edges)
    if targets.shape[0] == 0:
        return np.full(queries.shape[0], np.inf)
    nearest = []
    for start in range(0, queries.shape[0], _CHUNK):
        offsets = np.abs(queries[start:start + _CHUNK, None, :] - targets[None, :, :])
        if metric == "euclidean":
            distances = np.sqrt((offsets.astype(np.float64) ** 2).sum(axis=-1))
        elif metric == "chessboard":
            distances = offsets.max(axis=-1)
        else:
            distances = offsets.sum(axis=-1)
        nearest.append(distances.min(axis=1))
    return np.concatenate(nearest)


def _label_masks(metric: Metric, inputs: tuple, label_error: type) -> tuple[np.ndarray, np.ndarray]:
    """The boolean masks of the label inputs[2] in y_pred (inputs[0]) and y (inputs[1])."""
    name = type(metric).__name__
    if len(inputs) != 3:
        raise ValueError(f"For '{name}.update', it needs 3 inputs (predicted value, true value, label index), "
                         f"but got {len(inputs)}.")
    y_pred, y = metric._convert_data(inputs[0]), metric._convert_data(inputs[1])
    label = inputs[2]
    if isinstance(label, bool) or not isinstance(label, (int, float)):
        raise label_error(f"For '{name}.update', the label index (inputs[2]) must be int or float, but got "
                          f"{type(label).__name__}.")
    if y_pred.size == 0 or y_pred.shape != y.shape:
        raise ValueError(f"For '{name}.update', the predicted value (inputs[0]) and the true value (inputs[1]) must "
                         f"be non-empty and have the same shape, but got shapes {y_pred.shape} and {y.shape}.")
    if label not in y_pred and label not in y:
        raise ValueError(f"For '{name}.update', the label index (inputs[2]) must be in the predicted value "
                         f"(inputs[0]) or the true value (inputs[1]), but {label} is not.")
    y_pred = y_pred if y_pred.dtype == np.bool_ else y_pred == label
    y = y if y.dtype == np.bool_ else y == label
    return y_pred, y


def _check_updated(metric) -> None:
    if not metric._is_update:
        raise RuntimeError(f"For '{type(metric).__name__}', please call the 'update' method before calling 'eval' "
                           f"method.")


class HausdorffDistance(Metric):
    """HausdorffDistance(distance_metric='euclidean', percentile=None, directed=False, crop=True)

    `update(y_pred, y, label_idx)` keeps the surfaces of the label in both (after
    cropping both to the bounding box of their union, with `crop`). `eval()` is the
    largest distance from a predicted surface point to the true surface (its
    `percentile`-th percentile when given) and, unless `directed`, the larger of that and
    the same from the true surface to the predicted one; inf when the predicted surface is
    empty.
    """

    def __init__(self, distance_metric: str = "euclidean", percentile: float | None = None,
                 directed: bool = False, crop: bool = True):
        super().__init__()
        self.distance_metric = check_string("HausdorffDistance", "distance_metric", distance_metric, _METRICS,
                                            case_sensitive=True)
        self.percentile = percentile if percentile is None else check_type("HausdorffDistance", "percentile",
                                                                           percentile, float)
        if percentile is not None and not 0 <= percentile <= 100:
            raise ValueError(f"For 'HausdorffDistance', the 'percentile' must be in [0, 100], but got {percentile}.")
        self.directed = check_bool("HausdorffDistance", "directed", directed)
        self.crop = check_bool("HausdorffDistance", "crop", crop)
        self.clear()

    def clear(self):
        self.y_pred_edges = 0
        self.y_edges = 0
        self._is_update = False

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = _label_masks(self, inputs, ValueError)
        if self.crop:
            y_pred, y = _crop_to_union(y_pred, y)
        self.y_pred_edges, self.y_edges = surface(y_pred), surface(y)
        self._is_update = True

    def _directed_distance(self, from_edges, to_edges) -> float:
        distances = surface_distances(from_edges, to_edges, self.distance_metric)
        if distances.shape == (0,):
            return float("inf")
        if self.percentile is None:
            return float(distances.max())
        return float(np.percentile(distances, self.percentile))

    def eval(self) -> float:
        _check_updated(self)
        forward = self._directed_distance(self.y_pred_edges, self.y_edges)
        if self.directed:
            return forward
        return max(forward, self._directed_distance(self.y_edges, self.y_pred_edges))


def _crop_to_union(y_pred: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Both masks cut to the bounding box of their union, with axes of length 1 dropped
    (as MindSpore does); all-empty masks are returned as they are."""
    union = y_pred | y
    if not union.any():
        return y_pred, y
    box = tuple(slice(idx.min(), idx.max() + 1) for idx in np.nonzero(union))
    return np.squeeze(y_pred[box]), np.squeeze(y[box])


class _AverageSurfaceDistance(Metric):
    """What MeanSurfaceDistance and RootMeanSquareDistance share: arguments, update and
    the one-way average of `_summary` over surface distances."""

    _label_error = ValueError

    def __init__(self, symmetric: bool = False, distance_metric: str = "euclidean"):
        super().__init__()
        name = type(self).__name__
        self.distance_metric = check_string(name, "distance_metric", distance_metric, _METRICS, case_sensitive=True)
        self.symmetric = check_bool(name, "symmetric", symmetric)
        self.clear()

    def clear(self):
        self._y_pred_edges = 0
        self._y_edges = 0
        self._is_update = False

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = _label_masks(self, inputs, self._label_error)
        self._y_pred_edges, self._y_edges = surface(y_pred), surface(y)
        self._is_update = True

    def _one_way(self, from_edges, to_edges) -> float | None:
        distances = surface_distances(from_edges, to_edges, self.distance_metric)
        return None if distances.shape == (0,) else self._summary(distances)

    def eval(self) -> float:
        _check_updated(self)
        forward = self._one_way(self._y_pred_edges, self._y_edges)
        if forward is None:
            return float("inf")
        if not self.symmetric:
            return forward
        backward = self._one_way(self._y_edges, self._y_pred_edges)
        if backward is None:
            return float("inf")
        return self._combine(forward, backward)


class MeanSurfaceDistance(_AverageSurfaceDistance):
    """MeanSurfaceDistance(symmetric=False, distance_metric='euclidean')

    `update(y_pred, y, label_idx)`; `eval()` is the mean distance from the predicted
    surface of the label to the true one (with `symmetric`, the mean of both directions'
    means); inf when a surface needed is empty.
    """

    @staticmethod
    def _summary(distances: np.ndarray) -> float:
        return float(distances.mean())

    @staticmethod
    def _combine(forward: float, backward: float) -> float:
        return float(np.mean((forward, backward)))


class RootMeanSquareDistance(_AverageSurfaceDistance):
    """RootMeanSquareDistance(symmetric=False, distance_metric='euclidean')

    `update(y_pred, y, label_idx)`; `eval()` is the mean squared distance from the
    predicted surface of the label to the true one (no root taken, as in MindSpore);
    with `symmetric`, the root of the mean of both directions' mean squares; inf when a
    surface needed is empty.
    """

    _label_error = TypeError

    @staticmethod
    def _summary(distances: np.ndarray) -> float:
        return float((distances ** 2).mean())

    @staticmethod
    def _combine(forward: float, backward: float) -> float:
        return float(np.sqrt(np.mean((forward, backward))))
