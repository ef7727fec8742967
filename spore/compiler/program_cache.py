"""ProgramCache: the Programs of one function or Cell by input signature.

A call's signature is what its compiled graph depends on: the shapes and dtypes of its
Tensor arguments and the values of the others (and, in `extra_key`, a Cell's training
flag and syntax level). The cache compiles on the first call of each signature, shares
one program among the sizes of declared dynamic shapes (dynamic.py), and remembers the
signatures that run as Python (graph breaks). `run` is on every compiled call's path.
"""
from __future__ import annotations

from ..common.parameter import Parameter
from ..common.tensor import Tensor
from . import dynamic
from .builder import GraphError
from .compile import compile_program
from .jit_options import Unsupported
from .lowering import Program

STRICT = "STRICT"
"""In an extra key: the graph is compiled at the STRICT syntax level."""


def signature(value):
    """The part of an argument a compiled graph depends on."""
    if isinstance(value, Tensor) and not isinstance(value, Parameter):
        return ("T", tuple(value.shape), value.dtype)
    if type(value) in (tuple, list):
        return (type(value).__name__,) + tuple(signature(v) for v in value)
    if isinstance(value, dict):
        # insertion order, the order symbolic_inputs and raw_inputs visit the values in
        return ("dict",) + tuple((k, signature(v)) for k, v in value.items())
    try:
        hash(value)
    except TypeError:
        return ("id", id(value))
    return ("C", type(value), value)


def raw_inputs(value, raws: list) -> None:
    """The kernel data of the Tensor arguments appended to raws: a program's inputs."""
    if isinstance(value, Tensor) and not isinstance(value, Parameter):
        raws.append(value._data())
    elif type(value) in (tuple, list):
        for v in value:
            raw_inputs(v, raws)
    elif type(value) is dict:
        for v in value.values():
            raw_inputs(v, raws)


class ProgramCache:
    """Programs of one function or Cell by input signature.

    `dynamic`: the declared inputs (DynamicInputs) when some have dynamic shapes: calls
    are checked against them and share the programs compiled under guards that hold
    for their sizes (see dynamic.py). `graph_break`: what a call does when the compiler
    refuses the function: None raises the error, "python" runs the function itself (op
    by op, PyNative), "unsupported" raises jit_options.Unsupported (PIJit's fullgraph)."""

    def __init__(self, name: str, dynamic=None, graph_break=None, auto_dynamic=False, strict=False):
        self.name = name
        self.strict = strict
        """Compile at the STRICT syntax level (jit(fullgraph=True))."""
        self.programs: dict = {}
        self.last_compiled: Program | None = None
        """The program compiled last (`Cell.get_func_graph_proto`)."""
        self.dynamic = dynamic
        self.graph_break = graph_break
        self.auto_dynamic = auto_dynamic
        """jit(dynamic=1): the sizes in which a call differs from the first compiled one
        become dynamic (then calls that do not fit are compiled as they come)."""
        self._first_specs = None
        self._guarded: dict = {}
        """{the signature the declaration leaves open: [(guards, program)]}"""
        self._broken: set = set()
        """The signatures run by the Python function (graph breaks)."""

    def program(self, fn, args: tuple, kwargs: dict, extra_key=()) -> Program | None:
        """The Program for these inputs, compiled on the first request for their
        signature; None when they run as Python (a graph break)."""
        if self.dynamic is not None:
            try:
                return self._dynamic_program(fn, args, kwargs, extra_key)
            except dynamic.UndeclaredError:
                pass
        key = (signature(args), signature(kwargs), extra_key)
        program = self.programs.get(key)
        if program is None:
            if key in self._broken:
                return None
            if self.auto_dynamic:
                if self._first_specs is None:
                    self._first_specs = dynamic.declared_specs(args)
                elif self.dynamic is None:
                    self.dynamic = dynamic.changed_sizes(self._first_specs, args)
                    if self.dynamic is not None:
                        return self.program(fn, args, kwargs, extra_key)
            program = self._compile(key, fn, args, kwargs)
            if program is not None:
                self.programs[key] = program
        return program

    def _dynamic_program(self, fn, args: tuple, kwargs: dict, extra_key):
        open_key, sizes = self.dynamic.key_and_sizes(args)
        static = tuple(signature(a) for i, a in enumerate(args) if i >= len(self.dynamic.specs)
                       or self.dynamic.specs[i] is None)
        key = (open_key, static, signature(kwargs), extra_key)
        candidates = self._guarded.setdefault(key, [])
        for guards, program in candidates:
            if guards.hold(sizes):
                return program
        if key in self._broken:
            return None
        with dynamic.Guarded() as guards:
            program = self._compile(key, fn, args, kwargs, self.dynamic.symbolic_shapes(args))
        if program is not None:
            candidates.append((guards, program))
            self.programs[key + (len(candidates),)] = program
        return program

    def _compile(self, key, fn, args: tuple, kwargs: dict, shapes=None) -> Program | None:
        strict = self.strict or STRICT in key[-1]
        if self.graph_break is None:
            return self._compile_now(fn, args, kwargs, shapes, strict)
        try:
            return self._compile_now(fn, args, kwargs, shapes, strict)
        except GraphError as error:
            if self.graph_break == "unsupported":
                raise Unsupported(str(error)) from error
        except Exception:
            # a graph break: the Python function, run, shows what it does with these inputs
            if self.graph_break == "unsupported":
                raise
        self._broken.add(key)
        return None

    def _compile_now(self, fn, args: tuple, kwargs: dict, shapes, strict: bool) -> Program:
        if shapes or strict:
            program = compile_program(self.name, fn, args, kwargs, shapes, strict)
        else:
            program = compile_program(self.name, fn, args, kwargs)
        self.last_compiled = program
        return program

    def graph_proto(self, argument_names: list[str], varargs: str) -> bytes | None:
        """The anf_ir ModelProto of the graph compiled last (`Cell.get_func_graph_proto`)."""
        if self.last_compiled is None:
            return None
        from .export.anf_ir_writer import graph_proto  # export's package loads on first use, not at startup
        return graph_proto(self.last_compiled.graph, argument_names, varargs)

    def dynamic_sizes(self, args: tuple) -> tuple | None:
        """The unknown sizes of a call of dynamic shape; None for a call compiled as it is."""
        if self.dynamic is None:
            return None
        try:
            return self.dynamic.key_and_sizes(args)[1]
        except dynamic.UndeclaredError:
            return None

    def run(self, fn, args: tuple, kwargs: dict, extra_key=(), python=None):
        """fn's program for these inputs run; at a graph break, `python` (default fn) run."""
        program = self.program(fn, args, kwargs, extra_key)
        if program is None:
            return (python or fn)(*args, **kwargs)
        raws: list = []
        raw_inputs((args, tuple(kwargs.values())), raws)
        return program.run(*raws)
