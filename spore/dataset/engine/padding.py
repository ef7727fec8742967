"""Padding rows of different shapes to one shape, for padded_batch and bucket_batch_by_length.

`pad_info` maps a column name to (shape, pad_value): the shape to pad to, where None
(the whole shape, or one dimension) means the largest in the batch; columns without an
entry are stacked as they are. An empty or None pad_info pads every column to the
largest shape of its batch with zeros.
"""
from __future__ import annotations

import numpy as np


def check_pad_info(op: str, pad_info, columns: list[str]) -> dict | None:
    """pad_info checked against the columns (None stays None: pad every column)."""
    if pad_info is None:
        return None
    if not isinstance(pad_info, dict):
        raise TypeError(f"For '{op}', the 'pad_info' must be a dict, but got {type(pad_info).__name__}.")
    for name, entry in pad_info.items():
        if name not in columns:
            raise ValueError(f"For '{op}', the pad_info column {name!r} does not exist; the columns are {columns}.")
        if not isinstance(entry, tuple) or len(entry) != 2:
            raise TypeError(f"For '{op}', pad_info[{name!r}] must be a tuple (shape, pad_value), but got {entry!r}.")
        shape = entry[0]
        if shape is not None and (not isinstance(shape, (list, tuple)) or any(
                d is not None and (isinstance(d, bool) or not isinstance(d, int) or d <= 0) for d in shape)):
            raise ValueError(f"For '{op}', the shape in pad_info[{name!r}] must be a list of positive ints or None, "
                             f"but got {shape!r}.")
    return pad_info or None


def pad_column(values: list[np.ndarray], column: str, shape, pad_value) -> np.ndarray:
    """The values padded with `pad_value` to `shape` (None entries: the batch's largest) and stacked."""
    ndim = values[0].ndim
    if any(v.ndim != ndim for v in values):
        raise RuntimeError(f"padded batch: the values of column '{column}' have different ranks "
                           f"{sorted({v.ndim for v in values})}; only their sizes may differ.")
    largest = [max(v.shape[d] for v in values) for d in range(ndim)]
    if shape is None:
        target = largest
    else:
        if len(shape) != ndim:
            raise RuntimeError(f"padded batch: pad_info gives column '{column}' the shape {list(shape)}, but its "
                               f"values have rank {ndim}.")
        target = [largest[d] if s is None else s for d, s in enumerate(shape)]
    dtype = values[0].dtype
    if dtype.kind in "SU" and not isinstance(pad_value, (str, bytes)):
        pad_value = dtype.type()  # text pads with the empty string
    out = np.full((len(values), *target), pad_value, dtype=dtype)
    for n, value in enumerate(values):
        if any(size > limit for size, limit in zip(value.shape, target)):
            raise RuntimeError(f"padded batch: a value of column '{column}' has shape {value.shape}, larger than "
                               f"the pad shape {tuple(target)}.")
        out[(n, *(slice(0, size) for size in value.shape))] = value
    return out
