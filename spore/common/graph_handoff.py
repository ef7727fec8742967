"""Where the layers below the graph compiler hand calls over to it.

spore.compiler sits above ops, autograd and nn, yet while it builds a graph it must see
calls those layers make: a Cell being called (its construct is parsed, or traced for
spore's own Cells, and its hooks do not run) and a gradient being taken (it becomes
autodiff on the graph). In GRAPH_MODE, a Cell called from Python compiles. The compiler
installs its handlers here when it is imported; the layers below only check the flags.
"""
from __future__ import annotations

from typing import Callable

builder = None
"""The compiler's GraphBuilder while a graph is being built, else None."""

graph_mode = False
"""True while the context's mode is GRAPH_MODE."""

call_cell: Callable | None = None
"""call_cell(cell, args, kwargs): run or inline a Cell call the compiler's way."""

compile_cell: Callable | None = None
"""compile_cell(cell, args, kwargs): compile a Cell's program for these inputs without running it."""

differentiate: Callable | None = None
"""differentiate(fn, args, positions, weights, sens, has_aux, api): a gradient taken while
a graph is being built."""
