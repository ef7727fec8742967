"""Consecutive per-row transforms of one map, fused into one function of a row's input values.

Built once per pipeline run (and inherited by worker processes). A transform that offers
a row path (`TensorOperation._row_path`) is called through it on a row's single value:
no arity check, no conversion of its input or wrapping of its output into a tuple of
column values, and, between text transforms that agree on it, 1-D string arrays handed
on as Python lists of str, made an array once by the last transform that wants one. A
transform may also offer one path through itself and the transform after it
(`_row_path_through`), for values it knows how to do both for at once; other values go
through the two one after the other. Anything else (user functions, transforms of several
columns) is called as a function and its result taken as column values, as map always
did. Either way a failure names the transform and the row, in the same words.

When every transform has a row path and rows have one value, the chain runs the task's
rows in one loop of path calls, the per-row stage calls and tuples left out.
"""
from __future__ import annotations

from typing import Callable

from ..transforms.tensor_operation import TensorOperation
from ..values import as_columns

Stage = Callable[[tuple, int], tuple]
Chain = Callable[[list, int], list]


def row_chain(operations: list, names: list[str], input_columns: list[str]) -> Chain:
    """A function of (rows of input values, the first row's number) giving the rows' output
    values after `operations`, applied in order to each row."""
    stage = _one_stage(_stages(operations, names, input_columns))
    paths = _value_paths(operations, names)
    if paths is None:
        return _row_by_row(stage)
    functions = [path for path, _, _ in paths]
    names_of = {id(path): name for path, name, _ in paths}
    apart_of = {id(path): apart for path, _, apart in paths}

    def apply(rows: list, first: int) -> list:
        if set(map(len, rows)) != {1}:
            return [stage(row, first + n) for n, row in enumerate(rows)]
        out = []
        append = out.append
        path = None
        try:
            for (value,) in rows:
                for path in functions:
                    result = path(value)
                    # A path through two transforms may leave a value to the two apart.
                    value = result if result is not NotImplemented else apart_of[id(path)](value)
                append((value,))
        except _StepError as e:
            raise failure(e.name, f"row {first + len(out)}", input_columns, e.error) from e.error
        except Exception as e:
            raise failure(names_of[id(path)], f"row {first + len(out)}", input_columns, e) from e
        return out
    return apply


def _one_stage(stages: list[Stage]) -> Stage:
    if len(stages) == 1:
        return stages[0]

    def apply(args: tuple, row_number: int) -> tuple:
        for stage in stages:
            args = stage(args, row_number)
        return args
    return apply


def _row_by_row(stage: Stage) -> Chain:
    def apply(rows: list, first: int) -> list:
        return [stage(row, first + n) for n, row in enumerate(rows)]
    return apply


class _StepError(Exception):
    """A failure of transform `name` inside a path through two transforms."""

    def __init__(self, name: str, error: Exception):
        super().__init__(name)
        self.name, self.error = name, error


def _value_paths(operations: list, names: list[str], through: bool = True) -> list | None:
    """(function of one value, transform name, what takes the values a path through two
    transforms leaves to them apart, or None) for each step of the chain, when every
    transform has a row path; None otherwise."""
    paths = []
    k = 0
    while k < len(operations):
        op, name = operations[k], names[k]
        if not isinstance(op, TensorOperation):
            return None
        following = operations[k + 1] if k + 1 < len(operations) else None
        if through and following is not None:
            path = op._row_path_through(following, takes_lists(operations, k + 2))
            if path is not None:
                apart = _value_paths(operations[k:k + 2], names[k:k + 2], through=False)
                if apart is None:
                    return None
                paths.append((path, name, _apart(apart)))
                k += 2
                continue
        path = op._row_path(takes_lists(operations, k + 1))
        if path is None:
            return None
        paths.append((path, name, None))
        k += 1
    return paths


def _apart(apart: list):
    """The paths of two transforms in turn, a failure naming the one that failed."""
    def call(value):
        for step, name, _ in apart:
            try:
                value = step(value)
            except Exception as e:
                raise _StepError(name, e) from e
        return value
    return call


def failure(name: str, where: str, input_columns: list[str], error: Exception) -> RuntimeError:
    """The error map raises when transform `name` failed on `where` (rows or a row)."""
    return RuntimeError(f"map: {name} failed on {where} of input column(s) {input_columns}: "
                        f"{type(error).__name__}: {error}")


def _stages(operations: list, names: list[str], input_columns: list[str], through: bool = True) -> list[Stage]:
    stages = []
    k = 0
    while k < len(operations):
        op, name = operations[k], names[k]
        following = operations[k + 1] if k + 1 < len(operations) else None
        if through and isinstance(op, TensorOperation) and following is not None:
            path = op._row_path_through(following, takes_lists(operations, k + 2))
            if path is not None:
                apart = _stages(operations[k:k + 2], names[k:k + 2], input_columns, through=False)
                stages.append(_through_stage(path, apart, name, input_columns))
                k += 2
                continue
        path = op._row_path(takes_lists(operations, k + 1)) if isinstance(op, TensorOperation) else None
        stages.append(_stage(path, op, name, input_columns))
        k += 1
    return stages


def takes_lists(operations: list, k: int) -> bool:
    """Whether operations[k] (if any) takes 1-D string arrays as lists of str."""
    return k < len(operations) and isinstance(operations[k], TensorOperation) and operations[k].takes_str_lists


def _stage(path, op, name: str, input_columns: list[str]) -> Stage:
    def call(args: tuple, row_number: int) -> tuple:
        try:
            if path is not None and len(args) == 1:
                return (path(args[0]),)
            return as_columns(op(*args), name)
        except Exception as e:
            raise failure(name, f"row {row_number}", input_columns, e) from e
    return call


def _through_stage(path, apart: list[Stage], name: str, input_columns: list[str]) -> Stage:
    def call(args: tuple, row_number: int) -> tuple:
        if len(args) == 1:
            try:
                value = path(args[0])
            except Exception as e:
                raise failure(name, f"row {row_number}", input_columns, e) from e
            if value is not NotImplemented:
                return (value,)
        for stage in apart:
            args = stage(args, row_number)
        return args
    return call
