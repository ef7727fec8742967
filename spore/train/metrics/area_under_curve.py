"""auc: the area under a curve given by its points, with the trapezoidal rule."""
from __future__ import annotations

import numpy as np

__all__ = ["auc"]


def _as_1d(name: str, values: np.ndarray) -> np.ndarray:
    if values.ndim == 1 or (values.ndim == 2 and values.shape[1] == 1):
        return values.reshape(-1)
    raise ValueError(f"For 'auc', the '{name}' must be 1-dimensional, or 2-dimensional with a second dimension "
                     f"of 1, but got shape {values.shape}.")


def auc(x: np.ndarray, y: np.ndarray, reorder: bool = False) -> float:
    """The area under the curve through the points (x[i], y[i]) (x increasing or
    decreasing; with `reorder`, the points are sorted by x first), e.g. an ROC curve's
    area from `auc(fpr, tpr)`."""
    if not isinstance(x, np.ndarray) or not isinstance(y, np.ndarray):
        raise TypeError(f"For 'auc', the argument 'x' and 'y' must all be np.ndarray, but got "
                        f"{type(x).__name__}, {type(y).__name__}.")
    if x.ndim == 0 or y.ndim == 0:
        raise TypeError("For 'auc', the 'x' and 'y' must be arrays of points, but got a 0-dimensional array.")
    if x.shape[0] != y.shape[0]:
        raise ValueError(f"For 'auc', 'x' and 'y' must have the same number of points, but got {x.shape[0]} and "
                         f"{y.shape[0]}.")
    x, y = _as_1d("x", x), _as_1d("y", y)
    if x.shape[0] < 2:
        raise ValueError(f"For 'auc', at least 2 points are needed, but got {x.shape[0]}.")
    direction = 1
    if reorder:
        order = np.lexsort((y, x))
        x, y = x[order], y[order]
    else:
        steps = np.diff(x)
        if np.any(steps < 0):
            if not np.all(steps <= 0):
                raise ValueError(f"For 'auc', when 'reorder' is False the 'x' must be increasing or decreasing, "
                                 f"but got {x}.")
            direction = -1
    return direction * float(np.sum((x[1:] - x[:-1]) * (y[1:] + y[:-1]) / 2))
