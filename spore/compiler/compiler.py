"""The compiler's driver: from a function or Cell and its arguments to a cached Program.

compile: the arguments' Tensors become symbolic graph inputs; the function is parsed
(user code) or run (spore's code) on them while a GraphBuilder records; gradients taken
inside become autodiff on the graph; then the passes run and the graph is lowered.
Programs are cached per function (or Cell) by the input signature: the shapes and dtypes
of Tensor arguments and the values of the others (and a Cell's training flag).
"""
from __future__ import annotations

import functools
import os
import weakref

from .. import context as _context
from ..autograd import tape as _tape
from ..autograd.casting import casting
from ..autograd.grad import _differentiate, _Result, _tensor_leaves, differentiable_part, rebuild, roots_of
from ..common.parameter import Parameter
from ..common.tensor import Tensor, tensor
from ..nn.cell import Cell
from ..ops import interpreter
from ..ops.function import array_func
from ..ops.operations.control_flow_ops import Morph
from ..ops.primitive import Primitive, TensorSpec
from . import autodiff, dynamic, passes
from .builder import GraphArray, GraphBuilder, GraphError, SymbolicTensor, symbolic
from .ir import Block, Graph, Node, NumpyOutput, ScalarOutput, Value, flat_values
from .jit_options import DEFAULT_OPTIONS, JitOptions, Unsupported, check_jit_arguments
from .lowering import Program
from .parser import FunctionParser, is_user_code, method_function
from .runtime_scalar import RuntimeScalar


# ---- calls while a graph is built -----------------------------------------------------------
def call(fn, args: tuple, kwargs: dict):
    """A call made by code being compiled: user functions are parsed and inlined, Cells
    go through `call_cell`, anything else (spore's functions, primitives, NumPy, Python
    builtins) runs as it is, on symbolic Tensors or constants."""
    if isinstance(fn, Cell):
        return call_cell(fn, args, kwargs)
    if fn in (Tensor, tensor) and args and isinstance(args[0], (SymbolicTensor, GraphArray)):
        return _tensor_of_graph_value(*args, **kwargs)
    if isinstance(fn, Morph) and fn.bprop_fn is not None:
        return custom_bprop_node(fn, lambda: call(fn.fn, args, {}), args)
    if isinstance(fn, functools.partial):   # ops.partial of a user function: that function, parsed
        return call(fn.func, fn.args + args, {**fn.keywords, **kwargs})
    target, bound = method_function(fn)
    if isinstance(target, JitFunction):
        return call(target.fn, bound + args, kwargs)
    if callable(target) and hasattr(target, "__code__") and is_user_code(target):
        return FunctionParser(interpreter.graph_builder, call, target).run(bound + args, kwargs)
    return fn(*args, **kwargs)


def _tensor_of_graph_value(input_data, dtype=None, shape=None, init=None, *_flags, **_named_flags):
    """`Tensor(x, dtype)` / `tensor(x.asnumpy(), dtype)` of a value computed in the graph:
    that value, cast to dtype (flags such as const_arg leave the value as it is)."""
    if shape is not None or init is not None:
        raise GraphError("A Tensor built from a value computed in the graph takes no 'shape' or 'init'.")
    value = input_data.tensor if isinstance(input_data, GraphArray) else input_data
    if isinstance(value, RuntimeScalar):   # a number computed at run time becomes a Tensor again
        value = symbolic(value._node)
    return value if dtype is None else array_func.cast(value, dtype)


def call_cell(cell, args: tuple, kwargs: dict):
    """A Cell called while a graph is built runs its construct (parsed for user Cells)
    without hooks; called from Python in GRAPH_MODE, the Cell compiles and runs."""
    if interpreter.graph_builder is None:
        return cell_program_call(cell, args, kwargs)
    if cell._mixed_precision is not None:
        with casting(cell._mixed_precision):
            return _inline_cell(cell, args, kwargs)
    return _inline_cell(cell, args, kwargs)


def _inline_cell(cell, args: tuple, kwargs: dict):
    if cell._has_bprop:
        return _with_custom_bprop(cell, args, kwargs)
    return call_cell_body(cell, type(cell).construct, args, kwargs)


def _with_custom_bprop(cell, args: tuple, kwargs: dict):
    """A Cell with its own bprop: its construct's nodes go into a `custom_bprop` node,
    which autodiff differentiates with the Cell's bprop instead of their own."""
    return custom_bprop_node(cell, lambda: call_cell_body(cell, type(cell).construct, args, kwargs), args)


def custom_bprop_node(cell, run, args: tuple):
    """The nodes `run()` adds, in a `custom_bprop` node differentiated by `cell.bprop`
    (a Cell's own bprop, or a Morph's bprop_fn)."""
    builder = interpreter.graph_builder
    block = builder.block
    start = len(block.nodes)
    outputs = run()
    body = Block()
    body.nodes = block.nodes[start:]
    del block.nodes[start:]
    flat = outputs if isinstance(outputs, tuple) else (outputs,)
    if not all(isinstance(o, Tensor) for o in flat):
        raise GraphError(f"For '{type(cell).__name__}', a Cell with a custom bprop must return Tensors in Graph mode.")
    body.results = tuple(builder.value_of(o) for o in flat)
    inputs = tuple(builder.value_of(a) if isinstance(a, Tensor) else a for a in args)
    node = Node("custom_bprop", cell, inputs, body.results, builder.location, {"body": body},
                tuple_output=isinstance(outputs, tuple))
    block.nodes.append(node)
    return outputs


def differentiate(fn, args: tuple, positions: tuple, weights: tuple, sens, has_aux: bool, api: str):
    """A gradient taken while a graph is built: run `fn` into the graph, then append its
    backward, the bprops applied to the graph's values."""
    builder = interpreter.graph_builder
    block = builder.block
    start = len(block.nodes)
    with builder.fresh_loads():
        inputs = list(args)
        input_values = {}
        for i in positions:
            if differentiable_part(args[i]) is not None:
                input_values[i] = []
                inputs[i] = _graph_inputs(builder, args[i], input_values[i])
        outputs = call(fn, tuple(inputs), {})
        if isinstance(sens, SensInputs):
            sens = sens.make(outputs)
        roots = roots_of(outputs, sens, has_aux, api)
        nodes = block.nodes[start:]
        loads = _loads(nodes)
        leaves = {v for values in input_values.values() for v in values}
        leaves |= {v for v, p in loads if any(p is w for w in weights)}
        leaves |= {autodiff.parameter_key(w) for w in weights}   # taken as they are by effects
        required = autodiff.requiring_grad(nodes, leaves)
        grads: dict = {}
        for target, root in roots:
            if isinstance(target, (SymbolicTensor, Parameter)):
                autodiff.accumulate(grads, builder.value_of(target), root, required)
        autodiff.backward(builder, nodes, grads, required)
        input_grads = tuple(
            rebuild(part, (_grad_or_zeros(grads, v, t) for v, t in zip(input_values[i], _tensor_leaves(part))))
            for i, part in ((i, differentiable_part(args[i])) for i in positions if i in input_values))
        weight_grads = tuple(_weight_grad(grads, loads, w) for w in weights)
    return _Result(outputs, input_grads, weight_grads)


def _graph_inputs(builder, value, graph_values: list):
    """`value` with each Tensor in it replaced by a symbolic Tensor of its graph value
    (appended to graph_values, in the order of `_tensor_leaves`)."""
    if isinstance(value, Tensor):
        graph_values.append(builder.value_of(value))
        return symbolic(graph_values[-1])
    if isinstance(value, (tuple, list)):
        return type(value)(_graph_inputs(builder, v, graph_values) for v in value)
    return value


def _loads(nodes) -> list:
    found = []
    for node in nodes:
        if node.kind == "load":
            found.append((node.outputs[0], node.param))
        for sub in node.blocks.values():
            found += _loads(sub.nodes)
    return found


def _grad_or_zeros(grads: dict, value: Value, like: Tensor):
    grad = grads.get(value)
    return array_func.zeros_like(like) if grad is None else grad


def _weight_grad(grads: dict, loads: list, weight: Parameter):
    total = grads.get(autodiff.parameter_key(weight))
    for value, param in loads:
        if param is weight and value in grads:
            total = grads[value] if total is None else total + grads[value]
    return array_func.zeros_like(weight) if total is None else total


# ---- compiling ------------------------------------------------------------------------------
def signature(value):
    """The part of an argument a compiled graph depends on."""
    if isinstance(value, Tensor) and not isinstance(value, Parameter):
        return ("T", tuple(value.shape), value.dtype)
    if type(value) in (tuple, list):
        return (type(value).__name__,) + tuple(signature(v) for v in value)
    if isinstance(value, dict):
        # insertion order, the order _symbolic_inputs and _raw_inputs visit the values in
        return ("dict",) + tuple((k, signature(v)) for k, v in value.items())
    try:
        hash(value)
    except TypeError:
        return ("id", id(value))
    return ("C", type(value), value)


def _symbolic_inputs(value, inputs: list, shape=None):
    """Tensor arguments replaced by symbolic ones (graph inputs), the rest kept; `shape`
    replaces a Tensor's own (a dynamic shape's Dims)."""
    if isinstance(value, Tensor) and not isinstance(value, Parameter):
        graph_input = Value(TensorSpec(value.shape if shape is None else shape, value.dtype))
        inputs.append(graph_input)
        return symbolic(graph_input)
    if type(value) in (tuple, list):
        return type(value)(_symbolic_inputs(v, inputs) for v in value)
    if type(value) is dict:
        return {k: _symbolic_inputs(v, inputs) for k, v in value.items()}
    return value


def _raw_inputs(value, raws: list) -> None:
    if isinstance(value, Tensor) and not isinstance(value, Parameter):
        raws.append(value._data())
    elif type(value) in (tuple, list):
        for v in value:
            _raw_inputs(v, raws)
    elif type(value) is dict:
        for v in value.values():
            _raw_inputs(v, raws)


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
    symbolic_args = tuple(_symbolic_inputs(a, inputs, shapes.get(i)) for i, a in enumerate(args))
    symbolic_kwargs = {k: _symbolic_inputs(v, inputs) for k, v in kwargs.items()}
    with builder.active():
        output = call(fn, symbolic_args, symbolic_kwargs)
        if strict and type(output) is dict:
            output = tuple(output.values())
        output = _output_atoms(builder, output)
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


def _output_atoms(builder: GraphBuilder, output):
    if isinstance(output, RuntimeScalar):
        return ScalarOutput(output._node, output.kind)
    if isinstance(output, SymbolicTensor):
        return output._node
    if isinstance(output, Parameter):
        return builder.load(output)
    if type(output) in (tuple, list):
        return type(output)(_output_atoms(builder, o) for o in output)
    if type(output) is dict:
        return {k: _output_atoms(builder, v) for k, v in output.items()}
    if isinstance(output, GraphArray):   # returned as it is when the graph runs (JIT Fallback)
        return NumpyOutput(_output_atoms(builder, output.tensor))
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
        strict = self.strict or _STRICT in key[-1]
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
        from .export.anf_ir_writer import graph_proto  # the export package imports this module
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
        _raw_inputs((args, tuple(kwargs.values())), raws)
        return program.run(*raws)


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


_STRICT = "STRICT"
"""In a Cell's extra key: its graph is compiled at the STRICT syntax level."""


def _cell_key(cell) -> tuple:
    """What a Cell's programs depend on besides its inputs: its training flag and its
    syntax level (its JitConfig's, else the context's)."""
    config = cell.__dict__.get("_jit_config_dict")   # Cell.jit_config_dict, read on each call: kept cheap
    level = config.get("jit_syntax_level") if config else ""
    if level == _STRICT or (level != "LAX" and _context.get_context("jit_syntax_level") == _context.STRICT):
        return (cell.training, _STRICT)
    return (cell.training,)


def cell_program_call(cell, args: tuple, kwargs: dict):
    """A Cell called from Python in GRAPH_MODE: its program for these inputs, run."""
    return _cell_cache(cell).run(lambda *a, **k: call_cell(cell, a, k), args, kwargs, _cell_key(cell))


def cell_recorded_call(cell, args: tuple, kwargs: dict):
    """A Cell called from Python in GRAPH_MODE while a gradient is taken: its program run
    and recorded as one node (see recorded_call); NOT_REPLAYABLE when that can not be."""
    if kwargs or not _only_tapes():
        return interpreter.NOT_REPLAYABLE
    return recorded_call(_cell_cache(cell), lambda *a: call_cell(cell, a, {}), args, _cell_key(cell))


def compile_cell(cell, args: tuple, kwargs: dict) -> None:
    """`Cell.compile`: the Cell's program for these inputs compiled into its cache, not run."""
    _cell_cache(cell).program(lambda *a, **k: call_cell(cell, a, k), args, kwargs, _cell_key(cell))


def call_cell_body(cell, construct, args, kwargs):
    """construct parsed (user Cells, and spore Cells that ask for it), else run."""
    if is_user_code(construct) or cell.parse_construct_in_graph:
        return FunctionParser(interpreter.graph_builder, call, construct).run((cell,) + args, kwargs)
    return cell.construct(*args, **kwargs)


class JitFunction:
    """A function compiled on call (`jit` / `ms_function`) with its options (JitOptions).
    `dynamic_inputs`: the declared inputs of dynamic shape (`enable_dynamic`), if any."""

    def __init__(self, fn, options: JitOptions = DEFAULT_OPTIONS):
        self.fn = fn
        self.options = options
        self.dynamic_inputs = None
        self.__name__ = getattr(fn, "__name__", "jit")
        self.__doc__ = getattr(fn, "__doc__", None)
        self.__wrapped__ = fn
        self.cache = self.new_cache()

    def new_cache(self) -> ProgramCache:
        options = self.options
        return ProgramCache(self.__name__, self.dynamic_inputs, options.graph_break, bool(options.dynamic),
                            strict=options.capture_mode == "ast" and options.fullgraph)

    def declare_dynamic(self, inputs) -> None:
        """The dynamic inputs `enable_dynamic` declares: later calls compile for them."""
        self.dynamic_inputs = inputs
        self.cache = self.new_cache()

    def __call__(self, *args, **kwargs):
        if interpreter.graph_builder is not None:
            return call(self.fn, args, kwargs)
        if interpreter.STACK:
            if not kwargs and _only_tapes():
                outputs = recorded_call(self.cache, self.fn, args)
                if outputs is not interpreter.NOT_REPLAYABLE:
                    return outputs
            # Another transformation is in effect (vmap, casting): run op by op so that it
            # sees every operator.
            return self.fn(*args, **kwargs)
        return self.cache.run(self.fn, args, kwargs)

    def __get__(self, instance, owner):
        if instance is None:
            return self
        bound = _BoundJit(self, instance)
        return bound


class _BoundJit:
    """A jit method bound to its object: compiled per object."""

    _bound_calls: dict = {}
    """The function each cache compiles, one per cache (its gradient programs are cached by it)."""

    def __init__(self, jit_function: JitFunction, instance):
        self.jit_function = jit_function
        self.instance = instance

    def __call__(self, *args, **kwargs):
        fn = self.jit_function.fn
        if interpreter.graph_builder is not None:
            return call(fn, (self.instance,) + args, kwargs)
        caches = self.instance.__dict__.setdefault("_jit_caches", {}) if hasattr(self.instance, "__dict__") else {}
        cache = caches.get(fn)
        if cache is None:
            cache = caches[fn] = self.jit_function.new_cache()
        bound = self._bound_calls.get(id(cache))
        if bound is None:
            bound = self._bound_calls[id(cache)] = lambda *a, **k: call(fn, (self.instance,) + a, k)
        if interpreter.STACK:
            if not kwargs and _only_tapes():
                outputs = recorded_call(cache, bound, args)
                if outputs is not interpreter.NOT_REPLAYABLE:
                    return outputs
            return fn(self.instance, *args, **kwargs)
        return cache.run(bound, args, kwargs, python=functools.partial(fn, self.instance))


# ---- gradients through compiled calls -------------------------------------------------------
def _nests_tensors(value) -> bool:
    if type(value) in (tuple, list):
        return bool(_tensor_leaves(value))
    if type(value) is dict:
        return any(isinstance(v, Tensor) or _nests_tensors(v) for v in value.values())
    return False


def _only_tapes() -> bool:
    return all(isinstance(i, _tape.Tape) for i in interpreter.STACK) and _tape.is_recording()


def recorded_call(cache: ProgramCache, fn, args: tuple, extra_key=()):
    """fn(*args) run as its compiled program while a gradient is taken: the open tapes
    record it as one node, whose bprop runs the compiled backward program. The gradient
    programs are made for the arguments and Parameters the tapes follow, so no work goes
    to gradients nothing asked for (a network's data, frozen weights). NOT_REPLAYABLE when
    the program can not be run again for its gradient (side effects, random ops) or an
    argument nests Tensors in a sequence or a dict: the caller then runs fn op by op."""
    if any(_nests_tensors(a) for a in args):
        return interpreter.NOT_REPLAYABLE
    program = cache.program(fn, args, {}, extra_key)
    if program is None:   # a graph break: run as Python
        return interpreter.NOT_REPLAYABLE
    params = _replayable_parameters.get(program, _UNKNOWN)
    if params is _UNKNOWN:
        params = _differentiable_parameters(program.graph.body) if _replayable(program.graph.body) else None
        _replayable_parameters[program] = params
    if params is None:
        return interpreter.NOT_REPLAYABLE
    raws: list = []
    _raw_inputs(args, raws)
    positions, params = _followed(args, params)
    if not positions and not params:
        return program.run(*raws)
    gradient = _gradient_of(cache, program, fn, positions, params, args)
    residuals = None
    if gradient.split is None:
        outputs = program.run(*raws)
    else:
        outputs, residuals = gradient.split[0].run(*raws)
    node = _CompiledCall(cache.name, gradient, args, residuals)
    inputs = args + gradient.params
    for tape in _tape.recording_tapes():
        tape.record(node, inputs, outputs)
    return outputs


def _gradient_of(cache: ProgramCache, program: Program, fn, positions: tuple, params: tuple, args: tuple):
    """The gradient program of `program` for these arguments. A program of dynamic shape
    has gradient programs of dynamic shape too, each valid under its own guards (a
    bprop may use a size the forward did not)."""
    gradients = _gradient_programs.setdefault(program, {})
    key = (positions, tuple(id(p) for p in params))
    sizes = cache.dynamic_sizes(args)
    if sizes is None:
        gradient = gradients.get(key)
        if gradient is None:
            gradient = gradients[key] = _GradientProgram(fn, positions, params, args)
        return gradient
    candidates = gradients.setdefault(key, [])
    for guards, gradient in candidates:
        if guards.hold(sizes):
            return gradient
    with dynamic.Guarded() as guards:
        gradient = _GradientProgram(fn, positions, params, args, cache.dynamic.symbolic_shapes(args))
    candidates.append((guards, gradient))
    return gradient


def _followed(args: tuple, params: tuple) -> tuple[tuple, tuple]:
    """The positions of the arguments and the Parameters that some recording tape follows."""
    tapes = _tape.recording_tapes()

    def followed(value) -> bool:
        return any(tape.variable_of(value) is not None for tape in tapes)
    return (tuple(i for i, a in enumerate(args) if followed(a)),
            tuple(p for p in params if followed(p)))


_UNKNOWN = object()
_replayable_parameters: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_gradient_programs: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
"""{program: {(followed argument positions, followed Parameter ids): _GradientProgram}}"""


def _replayable(block: Block) -> bool:
    for node in block.nodes:
        if node.kind == "effect" or (node.prim is not None and getattr(node.prim, "pure", True) is False):
            return False
        if not all(_replayable(sub) for sub in node.blocks.values()):
            return False
    return True


def _differentiable_parameters(block: Block) -> tuple:
    found: dict = {}
    for _, param in _loads(block.nodes):
        if param.requires_grad:
            found.setdefault(id(param), param)
    return tuple(found.values())


class SensInputs:
    """`sens` for `differentiate` that makes one new graph input per output Tensor (the
    gradients arriving at the outputs, inputs of a backward program)."""

    def __init__(self):
        self.values: list[Value] = []

    def make(self, outputs):
        return _symbolic_inputs(outputs, self.values)


class _GradientProgram:
    """The compiled gradient of a compiled function with respect to its arguments at
    `positions` and the Parameters `params` its program reads.

    `split`: (forward, backward) Programs cut from one graph of the function and its
    gradient: forward(*args) -> (outputs, residuals), backward(*residuals, *sens) ->
    (input grads..., weight grads...), so the forward runs once. None for graphs with
    control flow or custom bprops. `run(*args, sens)` computes the same gradient in one
    program that recomputes the forward: a jit function, so an outer gradient (second
    order) records it. It takes the cotangents flat after the arguments (`run(*args,
    *sens_leaves)`), as a compiled call takes no Tensors nested in a tuple: so the
    gradients of a function with several outputs record as compiled calls too, and a
    third order still reaches them."""

    def __init__(self, fn, positions: tuple, params: tuple, args: tuple, shapes: dict | None = None):
        self.positions = positions
        self.params = params
        n = len(args)

        def gradient(*args_and_sens):
            sens = args_and_sens[n:]
            sens = sens[0] if self.sens_structure is None else rebuild(self.sens_structure, iter(sens))
            result = _differentiate(fn, args_and_sens[:n], positions, params, sens, api="grad")
            return result.input_grads + result.weight_grads

        self.sens_structure = None
        """The structure of the cotangents as differentiable_part gives it (None: one Tensor)."""

        self.run = JitFunction(gradient)
        self.split = _split_programs(getattr(fn, "__name__", "jit"), fn, args, positions, params, shapes or {})


def _split_programs(name: str, fn, args: tuple, positions: tuple, params: tuple, shapes: dict):
    builder = GraphBuilder(call, differentiate)
    inputs: list[Value] = []
    symbolic_args = tuple(_symbolic_inputs(a, inputs, shapes.get(i)) for i, a in enumerate(args))
    sens = SensInputs()
    with builder.active():
        result = differentiate(fn, symbolic_args, positions, params, sens, False, "grad")
        outputs = _output_atoms(builder, result.outputs)
        grads = _output_atoms(builder, result.input_grads + result.weight_grads)
    graph = Graph(name, inputs + sens.values, builder.block, (outputs, grads))
    passes.optimize(graph)
    if any(node.blocks or node.kind not in ("apply", "load", "const") for node in graph.body.nodes):
        return None
    passes.prepare_for_execution(graph)
    if shapes:
        dynamic.fix_constants(graph)
    dependent, forward, backward = set(sens.values), [], []
    for node in graph.body.nodes:
        if any(v in dependent for v in flat_values(node.inputs)):
            backward.append(node)
            dependent.update(node.outputs)
        else:
            forward.append(node)
    available = set(inputs) | {v for node in forward for v in node.outputs}
    residuals = list(dict.fromkeys(v for atoms in [n.inputs for n in backward] + [grads]
                                   for v in flat_values(atoms) if v in available))
    forward_graph = Graph(f"{name}_forward", inputs, Block(), (outputs, tuple(residuals)))
    forward_graph.body.nodes = forward
    forward_graph.relaid = graph.relaid - set(residuals)   # the backward takes them as they are
    backward_graph = Graph(f"{name}_backward", residuals + sens.values, Block(), grads)
    backward_graph.body.nodes = backward
    backward_graph.relaid = graph.relaid
    return Program(forward_graph), Program(backward_graph)


class _CompiledCall(Primitive):
    """A compiled call as one tape node: its bprop is the backward program (or, under an
    outer gradient, the recordable gradient program)."""

    def __init__(self, name: str, gradient: _GradientProgram, args: tuple, residuals):
        super().__init__(name)
        self.gradient = gradient
        self.args = args
        self.residuals = residuals

    def bprop(self, *inputs_out_dout):
        *inputs, _out, dout = inputs_out_dout
        n = len(self.args)
        if self.residuals is not None and not _tape.is_recording():
            raws = [r._t for r in self.residuals]
            _raw_inputs(dout, raws)
            grads = iter(self.gradient.split[1].run(*raws))
        else:
            grads = iter(self.gradient.run(*inputs[:n], *self._flat_sens(dout)))
        positions = self.gradient.positions
        input_grads = tuple(next(grads) if i in positions and isinstance(a, Tensor) else None
                            for i, a in enumerate(inputs[:n]))
        return input_grads + tuple(grads)

    def _flat_sens(self, dout) -> tuple:
        """dout as the gradient program takes it: its Tensors flat when it is a tuple of
        nothing else, else as one argument."""
        if isinstance(dout, (tuple, list)) and _only_tensors(dout):
            self.gradient.sens_structure = differentiable_part(dout)
            return tuple(_tensor_leaves(dout))
        return (dout,)


def _only_tensors(value) -> bool:
    if isinstance(value, (tuple, list)):
        return all(map(_only_tensors, value))
    return isinstance(value, Tensor)


def jit(function=None, *, capture_mode="ast", jit_level="O0", dynamic=0, fullgraph=False, backend="", **options):
    """jit(function=None, *, capture_mode, jit_level, dynamic, fullgraph, backend, **options):
    compile `function` to a graph on each new input signature (see jit_options.py for
    what each option does). Usable as @jit and @jit(...) on functions and methods; 1.x
    options (input_signature, hash_args, jit_config) are accepted and kept."""
    jit_options = check_jit_arguments(capture_mode, jit_level, dynamic, fullgraph, backend, options)
    if function is None:
        return lambda fn: JitFunction(fn, jit_options)
    if not callable(function):
        raise TypeError(f"For 'jit', the 'function' must be a function or method, but got {type(function).__name__}.")
    return JitFunction(function, jit_options)


ms_function = jit

interpreter.register_compiler(cell_program_call, compile_cell, cell_recorded_call)
