"""compile_program: from a function and its arguments to a Program.

The arguments' Tensors become symbolic graph inputs; the function is parsed (user code)
or run (spore's code) on them while a GraphBuilder records, with graph_calls.py's `call`
and `differentiate` as its callbacks (gradients taken inside become autodiff on the
graph); then the passes run and the graph is lowered. With the context's save_graphs,
the graph is written out after parsing and after the passes, and the lowered source too.
"""
from __future__ import annotations

import os

from ..common.parameter import Parameter
from ..ops import interpreter
from . import dynamic, passes
from .builder import GraphArray, GraphBuilder, GraphError, SymbolicTensor
from .graph_calls import call, differentiate, symbolic_inputs
from .ir import Graph, NumpyOutput, ScalarOutput, Value
from .lowering import Program
from .runtime_scalar import RuntimeScalar


def compile_program(name: str, fn, args: tuple, kwargs: dict, shapes: dict | None = None,
                    strict: bool = False) -> Program:
    """Build, differentiate, optimize and lower `fn(*args, **kwargs)`. `shapes`: {argument
    position: shape} for arguments of dynamic shape (see dynamic.py), compiled under
    guards the caller holds open. `strict`: MindSpore's STRICT syntax level, without JIT
    Fallback: NumPy of graph values is refused and a returned dict gives its values."""
    if interpreter.graph_builder is not None:
        raise GraphError("compile_program can not run while another graph is built")
    builder = GraphBuilder(call, differentiate)
    builder.strict = strict
    inputs: list[Value] = []
    shapes = shapes or {}
    symbolic_args = tuple(symbolic_inputs(a, inputs, shapes.get(i)) for i, a in enumerate(args))
    symbolic_kwargs = {k: symbolic_inputs(v, inputs) for k, v in kwargs.items()}
    with builder.active():
        output = call(fn, symbolic_args, symbolic_kwargs)
        if strict and type(output) is dict:
            output = tuple(output.values())
        output = output_atoms(builder, output)
    graph = Graph(name, inputs, builder.block, output)
    _save(graph, "parsed")
    passes.optimize(graph)
    passes.prepare_for_execution(graph)
    if shapes:
        dynamic.fix_constants(graph)
    _save(graph, "optimized")
    program = Program(graph)
    _save_source(program)
    return program


def output_atoms(builder: GraphBuilder, output):
    if isinstance(output, RuntimeScalar):
        return ScalarOutput(output._node, output.kind)
    if isinstance(output, SymbolicTensor):
        return output._node
    if isinstance(output, Parameter):
        return builder.load(output)
    if type(output) in (tuple, list):
        return type(output)(output_atoms(builder, o) for o in output)
    if type(output) is dict:
        return {k: output_atoms(builder, v) for k, v in output.items()}
    if isinstance(output, GraphArray):   # returned as it is when the graph runs (JIT Fallback)
        return NumpyOutput(output_atoms(builder, output.tensor))
    return output


def _save(graph: Graph, stage: str) -> None:
    from .. import context
    if context.get_context("save_graphs"):
        _write(f"{graph.name}_{stage}.ir", str(graph))


def _save_source(program: Program) -> None:
    from .. import context
    if context.get_context("save_graphs"):
        _write(f"{program.graph.name}_lowered.py", program.source)


def _write(filename: str, text: str) -> None:
    from .. import context
    directory = context.get_context("save_graphs_path") or "."
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, filename), "w") as f:
        f.write(text)
