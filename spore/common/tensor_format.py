"""How MindSpore prints a Tensor's value in `repr`: `Tensor(shape=[2], dtype=Float32,
value= [ 1.00000000e+00,  2.00000000e+00])`.

Elements are comma-separated and right-aligned to a common width; floats use scientific
notation with 8 digits (4 for float16), complex numbers `re+imj` unpadded, 0-d values the
shortest form (`2`, `0.5`), and arrays over 1000 elements show their first and last three
per axis (a skipped row is a bare `...` line).
"""
from __future__ import annotations

import numpy as np

_SUMMARY_THRESHOLD = 1000
_EDGE_ITEMS = 3


def format_scalar(value) -> str:
    if isinstance(value, (bool, np.bool_)):
        return str(bool(value))
    if isinstance(value, (complex, np.complexfloating)):
        return _format_complex(value)
    if isinstance(value, (float, np.floating)):
        return f"{float(value):g}"
    return str(int(value))


def _format_complex(value) -> str:
    """`re+imj` with both parts always shown (`0+2j`, `-0-2j`)."""
    return f"{float(value.real):g}{float(value.imag):+g}j"


def _element_formatter(arr: np.ndarray, is_bfloat16: bool):
    """(format of one element, minimum width); complex elements are not padded."""
    if arr.dtype == np.bool_:
        return lambda v: str(bool(v)), 5
    if np.issubdtype(arr.dtype, np.complexfloating):
        return _format_complex, None
    if np.issubdtype(arr.dtype, np.floating) and not is_bfloat16:
        digits = 4 if arr.dtype == np.float16 else 8
        return (lambda v: f"{float(v):.{digits}e}"), digits + 7
    return format_scalar, 0


def format_value(arr: np.ndarray, is_bfloat16: bool = False) -> str:
    """The text after `value=` in a Tensor's repr."""
    if arr.ndim == 0:
        return " " + format_scalar(arr.item())
    if arr.size == 0:
        return "\n" if arr.ndim > 1 else " "
    summarize = arr.size > _SUMMARY_THRESHOLD
    fmt, min_width = _element_formatter(arr, is_bfloat16)
    shown = _edges(arr) if summarize else arr
    width = 0 if min_width is None else max([min_width] + [len(fmt(v)) for v in shown.flat])
    body = _format_block(arr, fmt, width, summarize, depth=0)
    return ("\n" if arr.ndim > 1 else " ") + body


def _edges(arr: np.ndarray) -> np.ndarray:
    for axis in range(arr.ndim):
        if arr.shape[axis] > 2 * _EDGE_ITEMS:
            keep = list(range(_EDGE_ITEMS)) + list(range(arr.shape[axis] - _EDGE_ITEMS, arr.shape[axis]))
            arr = np.take(arr, keep, axis=axis)
    return arr


def _format_block(arr, fmt, width, summarize, depth) -> str:
    n = arr.shape[0]
    cut = summarize and n > 2 * _EDGE_ITEMS
    indices = list(range(_EDGE_ITEMS)) + [None] + list(range(n - _EDGE_ITEMS, n)) if cut else range(n)
    if arr.ndim == 1:
        parts = ["..." if i is None else fmt(arr[i]).rjust(width) for i in indices]
        return "[" + ", ".join(parts).replace(", ..., ", " ... ") + "]"
    indent = "\n" + " " * (depth + 1)
    rows = [_format_block(arr[i], fmt, width, summarize, depth + 1) for i in indices if i is not None]
    if not cut:
        return "[" + ("," + indent).join(rows) + "]"
    # MindSpore marks the skipped rows with a bare `...` line (no comma after it).
    head, tail = rows[:_EDGE_ITEMS], rows[_EDGE_ITEMS:]
    return "[" + ("," + indent).join(head) + "," + indent + "..." + indent + ("," + indent).join(tail) + "]"
