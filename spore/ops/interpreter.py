"""The interpreter stack: how a Primitive call reaches the transformations in effect.

Every transformation of a computation is an Interpreter: the PyNative tape (taking a
gradient), the Graph builder (compiling), mixed-precision casting, batching (vmap).
Interpreters are pushed while their transformation is in effect and popped after, so the
stack always reads from the outermost transformation (bottom) to the innermost (top).

A Primitive call goes to the top interpreter's `process(prim, args)`. While it runs,
that interpreter is off the stack: the primitive calls it makes itself (to compute,
cast, record or batch) go to the interpreters below it, and the bottom of the stack
evaluates (`prim.run`). That is all it takes for transformations to nest: grad of vmap,
vmap of grad, grad inside a graph, casting inside all of them. With nothing on the stack
a call runs its kernel at once, the fast path.

Two calls are not primitive calls but still depend on what is in effect: calling a
Cell, and taking a gradient. While a graph is built both become part of the graph: the
interpreter that builds graphs says so with `builds_graph` and handles them
(`call_cell`, `differentiate`). The compiler registers its entry points here (Graph mode
compiling a Cell called from Python), so that the layers below it never import it.
"""
from __future__ import annotations

import contextlib
from typing import Callable

from .. import context

STACK: list = []
"""The interpreters in effect, outermost first. Primitive.__call__ reads it directly."""


class Interpreter:
    """A transformation's handler of primitive calls."""

    builds_graph = False
    """True for the Graph builder: Cell calls and gradients inside become graph nodes."""

    def process(self, prim, args: tuple):
        """The result of `prim(*args)` under this transformation. Primitive calls made here
        go to the interpreters below this one."""
        raise NotImplementedError(f"{type(self).__name__} declares no process rule")

    def call_cell(self, cell, args: tuple, kwargs: dict):
        """A Cell called while this interpreter builds a graph (builds_graph only)."""
        raise NotImplementedError(f"{type(self).__name__} builds no graph")

    def differentiate(self, fn, args: tuple, positions: tuple, weights: tuple, sens, has_aux: bool, api: str):
        """A gradient taken while this interpreter builds a graph (builds_graph only)."""
        raise NotImplementedError(f"{type(self).__name__} builds no graph")


@contextlib.contextmanager
def interpreting(interpreter: Interpreter):
    """`interpreter` on top of the stack inside."""
    STACK.append(interpreter)
    _refresh()
    try:
        yield interpreter
    finally:
        STACK.remove(interpreter)
        _refresh()


def push(interpreter: Interpreter) -> None:
    STACK.append(interpreter)
    _refresh()


def pop(interpreter: Interpreter) -> None:
    """Take `interpreter` off the stack (wherever it is: an error may unwind several)."""
    STACK.remove(interpreter)
    _refresh()


def all_of(kind: type) -> list:
    """The interpreters of type `kind` in effect, outermost first."""
    return [i for i in STACK if isinstance(i, kind)]


# ---- who handles a Cell call ----------------------------------------------------------------
graph_builder: Interpreter | None = None
"""The innermost interpreter building a graph, or None: kept current on every push / pop
(Cell.__call__ reads it on every call)."""

mode_executor: Callable | None = None
"""mode_executor(cell, args, kwargs): how a Cell called from Python runs in GRAPH_MODE
(compiled); None in PYNATIVE_MODE. Set through `set_graph_mode`."""

_run_compiled: Callable | None = None
_compile_only: Callable | None = None
_run_recorded: Callable | None = None

NOT_REPLAYABLE = object()
"""What a recorded compiled call returns when it can not be recorded as one node (the
caller then runs op by op)."""
_graph_mode = False


def _refresh() -> None:
    global graph_builder
    graph_builder = next((i for i in reversed(STACK) if i.builds_graph), None)


def call_function(fn, *args):
    """`fn(*args)` as the code running now calls a function: while a graph is built, through
    the builder, so that a user's function is compiled into the graph (its `if` on a Tensor
    becomes a branch) rather than run as plain Python on symbolic Tensors."""
    if graph_builder is None:
        return fn(*args)
    return graph_builder.call(fn, args, {})


def register_compiler(run_compiled: Callable, compile_only: Callable, run_recorded: Callable) -> None:
    """The compiler's entry points for Cells: run_compiled(cell, args, kwargs) compiles the
    Cell for these inputs (once per input signature) and runs it; compile_only compiles;
    run_recorded runs the compiled Cell while a gradient is taken, recorded as one node
    whose bprop is compiled too (or NOT_REPLAYABLE)."""
    global _run_compiled, _compile_only, _run_recorded
    _run_compiled, _compile_only, _run_recorded = run_compiled, compile_only, run_recorded
    set_graph_mode(_graph_mode)


def run_recorded(cell, args: tuple, kwargs: dict):
    return _run_recorded(cell, args, kwargs)


def compile_cell(cell, args: tuple, kwargs: dict, run: bool):
    """`Cell.compile_and_run` (run) and `Cell.compile`."""
    if run and graph_builder is not None:
        return graph_builder.call_cell(cell, args, kwargs)
    return (_run_compiled if run else _compile_only)(cell, args, kwargs)


def set_graph_mode(enabled: bool) -> None:
    """Called by the context when the mode changes."""
    global _graph_mode, mode_executor
    _graph_mode = enabled
    mode_executor = _run_compiled if enabled else None


context.on_mode_change(set_graph_mode)
