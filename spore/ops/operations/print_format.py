"""How MindSpore's compiled graphs print values (the Print kernel in Graph mode), which
differs from what PyNative prints: a scalar Tensor or a number shows its bare value (a
float with 6 significant digits, a bool as 1 or 0); any other Tensor shows as
`Tensor(shape=[...], dtype=..., value=` then its elements without commas, each padded to
the widest, floats in scientific notation (8 decimals, 4 for float16), rows on lines of
their own; more than 1000 elements are summarized by 3 items at each edge. A tuple or
list of ints shows as `(1, 2)`; any other tuple or list shows its items, nested ones
flattened, on lines of their own."""
from __future__ import annotations

import numpy as np

_SUMMARY_THRESHOLD = 1000
_EDGE_ITEMS = 3


def graph_tensor_text(array: np.ndarray, dtype_name: str) -> str:
    if array.ndim == 0:
        return _scalar_text(array.item())
    shown = _edges_only(array) if array.size > _SUMMARY_THRESHOLD else array
    precision = 4 if array.dtype == np.float16 else 8
    cells = np.array([_element_text(v, precision) for v in shown.flat], dtype=object).reshape(shown.shape)
    width = max((len(c) for c in cells.flat), default=0)
    separator = "\n" if array.ndim > 1 else ""
    return (f"Tensor(shape={list(array.shape)}, dtype={dtype_name}, value={separator}"
            f"{_nest(cells, width, array.shape, 1)})")


def graph_value_text(value, printed) -> str:
    """A value that is not a Tensor; `printed` shows the items of a tuple or list."""
    if type(value) not in (tuple, list):
        return _scalar_text(value)
    if all(type(v) is int for v in value):
        return "(" + ", ".join(str(v) for v in value) + ")"
    return "\n".join(printed(v) for v in _leaves(value))


def _leaves(value):
    if type(value) in (tuple, list):
        for item in value:
            yield from _leaves(item)
    else:
        yield value


def _scalar_text(value) -> str:
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _element_text(value, precision: int) -> str:
    if isinstance(value, (bool, np.bool_)):
        return str(bool(value))
    if isinstance(value, (float, np.floating)):
        return f"{value: .{precision}e}" if np.isfinite(value) else str(value)
    return str(value)


def _edges_only(array: np.ndarray) -> np.ndarray:
    """The items within 3 of an edge along every axis (those a summary shows)."""
    for axis, n in enumerate(array.shape):
        if n > 2 * _EDGE_ITEMS:
            kept = list(range(_EDGE_ITEMS)) + list(range(n - _EDGE_ITEMS, n))
            array = array.take(kept, axis=axis)
    return array


def _nest(cells: np.ndarray, width: int, shape: tuple, depth: int) -> str:
    """Rows of `cells` (a summary of an array of `shape` when the shapes differ)."""
    if cells.ndim == 1:
        items = [c.rjust(width) for c in cells]
    else:
        items = [_nest(cells[i], width, shape[1:], depth + 1) for i in range(cells.shape[0])]
    if shape[0] != cells.shape[0]:
        items = items[:_EDGE_ITEMS] + ["..."] + items[_EDGE_ITEMS:]
    return "[" + (" " if cells.ndim == 1 else "\n" + " " * depth).join(items) + "]"
