"""A Cell's entry points into Graph mode, registered with the interpreter (__init__.py).

A Cell called from Python in GRAPH_MODE compiles its construct once per input signature
into the ProgramCache it keeps (`_graph_cache`, checked against its `set_inputs`
declaration) and runs it (cell_program_call); `Cell.compile` only compiles; while a
gradient is taken the call is recorded as one compiled node (cell_recorded_call).
The programs also depend on the Cell's training flag and syntax level (_cell_key).
"""
from __future__ import annotations

from .. import context as _context
from ..ops import interpreter
from . import dynamic
from .compiled_gradients import only_tapes, recorded_call
from .graph_calls import call_cell
from .program_cache import STRICT, ProgramCache


def _cell_cache(cell) -> ProgramCache:
    cache = cell.__dict__.get("_graph_cache")
    if cache is None:
        declared = cell.__dict__.get("_inputs")
        inputs = dynamic.DynamicInputs(dynamic.declared_specs(declared), _set_inputs_mismatch) if declared else None
        cache = ProgramCache(type(cell).__name__, inputs)
        object.__setattr__(cell, "_graph_cache", cache)
    return cache


def _set_inputs_mismatch(kind: str, index: int, spec, arg):
    """A Cell's call that its `set_inputs` declaration does not describe (MindSpore's words)."""
    n = index + 1
    if kind == "mutable":
        return TypeError(f"For set_inputs or tuple(list) in set_inputs, the {n}th should be mutable one, but got "
                         f"static! (expected {spec}, got {type(arg).__name__})")
    if kind == "dtype":
        return TypeError(f"For set_inputs or tuple(list) in set_inputs, the {n}th type should be Tensor[{spec.dtype}], "
                         f"but got Tensor[{arg.dtype}]!")
    if kind == "rank":
        return ValueError(f"For set_inputs and tuple(list) in set_inputs, the dims of {n}th input must be the same as "
                          f"expected, but got expected: {len(spec.shape)}, and input: {len(arg.shape)}!")
    expected, got = next((e, g) for e, g in zip(spec.shape, arg.shape) if e not in (-1, g))
    return ValueError(f"For set_inputs and tuple(list) in set_inputs, the shape of {n}th input must be the same as "
                      f"expected, but got expected: {expected}, and input: {got}!")


def _cell_key(cell) -> tuple:
    """What a Cell's programs depend on besides its inputs: its training flag and its
    syntax level (its JitConfig's, else the context's)."""
    config = cell.__dict__.get("_jit_config_dict")   # Cell.jit_config_dict, read on each call: kept cheap
    level = config.get("jit_syntax_level") if config else ""
    if level == STRICT or (level != "LAX" and _context.get_context("jit_syntax_level") == _context.STRICT):
        return (cell.training, STRICT)
    return (cell.training,)


def cell_program_call(cell, args: tuple, kwargs: dict):
    """A Cell called from Python in GRAPH_MODE: its program for these inputs, run."""
    return _cell_cache(cell).run(lambda *a, **k: call_cell(cell, a, k), args, kwargs, _cell_key(cell))


def cell_recorded_call(cell, args: tuple, kwargs: dict):
    """A Cell called from Python in GRAPH_MODE while a gradient is taken: its program run
    and recorded as one node (see recorded_call); NOT_REPLAYABLE when that can not be."""
    if kwargs or not only_tapes():
        return interpreter.NOT_REPLAYABLE
    return recorded_call(_cell_cache(cell), lambda *a: call_cell(cell, a, {}), args, _cell_key(cell))


def compile_cell(cell, args: tuple, kwargs: dict) -> None:
    """`Cell.compile`: the Cell's program for these inputs compiled into its cache, not run."""
    _cell_cache(cell).program(lambda *a, **k: call_cell(cell, a, k), args, kwargs, _cell_key(cell))
