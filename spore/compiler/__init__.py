"""Graph mode: Python source compiled to a graph (parser.py), differentiated on the graph
(autodiff.py), optimized (passes.py) and lowered to a flat sequence of kernel calls
(lowering.py). The driver, from the bottom up: graph_calls.py (the calls made while a
graph is built), compile.py (compile_program), program_cache.py (programs by input
signature), compiled_gradients.py (compiled calls recorded under a gradient, their
gradient programs), jit_function.py (`jit`) and cell_programs.py (a Cell's entry points,
registered with the interpreter here). jit's options are checked in jit_options.py;
dynamic.py compiles one graph for the sizes that declared dynamic shapes leave open."""
from ..ops import interpreter
from .cell_programs import cell_program_call, cell_recorded_call, compile_cell
from .jit_function import jit, ms_function

interpreter.register_compiler(cell_program_call, compile_cell, cell_recorded_call)

__all__ = ["jit", "ms_function"]
