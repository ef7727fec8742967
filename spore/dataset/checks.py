"""Argument checks shared by datasets, samplers and transforms.

Each raises MindSpore's exception type (TypeError for a wrong type, ValueError for a
value out of range) with a message naming the operation, the argument, what was
expected and what came.
"""
from __future__ import annotations

import numbers
import os

INT32_MAX = 2 ** 31 - 1


def check_int(op: str, name: str, value, low: int = 0, high: int = INT32_MAX) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"For '{op}', the '{name}' must be an int, but got {type(value).__name__}.")
    if not low <= value <= high:
        raise ValueError(f"For '{op}', the '{name}' must be in [{low}, {high}], but got {value}.")
    return int(value)


def check_optional_int(op: str, name: str, value, low: int = 0, high: int = INT32_MAX) -> int | None:
    return None if value is None else check_int(op, name, value, low, high)


def check_bool(op: str, name: str, value) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"For '{op}', the '{name}' must be a bool, but got {type(value).__name__}.")
    return value


def check_optional_bool(op: str, name: str, value) -> bool | None:
    return None if value is None else check_bool(op, name, value)


def check_number(op: str, name: str, value, low: float | None = None, high: float | None = None,
                 low_open: bool = False) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"For '{op}', the '{name}' must be a number, but got {type(value).__name__}.")
    below = low is not None and (value <= low if low_open else value < low)
    if below or (high is not None and value > high):
        interval = f"{'(' if low_open else '['}{low}, {high}]"
        raise ValueError(f"For '{op}', the '{name}' must be in {interval}, but got {value}.")
    return float(value)


def check_columns(op: str, name: str, value) -> list[str]:
    """A column name or a non-empty list of distinct names, as a list."""
    columns = [value] if isinstance(value, str) else value
    if not isinstance(columns, (list, tuple)) or not columns:
        raise TypeError(f"For '{op}', the '{name}' must be a column name or a non-empty list of names, "
                        f"but got {value!r}.")
    for column in columns:
        if not isinstance(column, str) or not column:
            raise TypeError(f"For '{op}', every name in '{name}' must be a non-empty str, but got {column!r}.")
    if len(set(columns)) != len(columns):
        raise ValueError(f"For '{op}', the names in '{name}' must be distinct, but got {list(columns)}.")
    return list(columns)


def check_optional_columns(op: str, name: str, value) -> list[str] | None:
    return None if value is None else check_columns(op, name, value)


def check_known_columns(op: str, name: str, wanted: list[str], columns: list[str]) -> None:
    """Every column in `wanted` is one of the dataset's `columns` (RuntimeError otherwise,
    as MindSpore raises it when the pipeline is built)."""
    missing = [c for c in wanted if c not in columns]
    if missing:
        raise RuntimeError(f"For '{op}', the column(s) {missing} in '{name}' do not exist; the dataset "
                           f"has columns {columns}.")


def check_dataset_dir(op: str, path) -> str:
    """An existing directory (ValueError naming it otherwise, as MindSpore checks it when
    the source is created)."""
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"For '{op}', the 'dataset_dir' must be a str or path, but got {type(path).__name__}.")
    path = os.fspath(path)
    if not os.path.isdir(path):
        raise ValueError(f"For '{op}', the dataset_dir {path!r} does not exist or is not a directory.")
    return path


def check_usage(op: str, usage, choices: tuple) -> str:
    """`usage` among `choices`; None means 'all'."""
    if usage is None:
        return "all"
    if usage not in choices:
        raise ValueError(f"For '{op}', the 'usage' must be one of {list(choices)}, but got {usage!r}.")
    return usage
