"""Graph mode: Python source compiled to a graph (parser.py), differentiated on the graph
(autodiff.py), optimized (passes.py) and lowered to a flat sequence of kernel calls
(lowering.py); compiler.py drives it and caches programs by input signature. jit's
options are checked in jit_options.py; dynamic.py compiles one graph for the sizes that
declared dynamic shapes leave open."""
from .compiler import jit, ms_function

__all__ = ["jit", "ms_function"]
