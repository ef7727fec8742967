"""Compiled calls and their gradients.

A compiled function called while a gradient is taken (recorded_call) runs its program
and is recorded on the open tapes as one node (_CompiledCall), whose bprop runs a
compiled gradient program (_GradientProgram): made for the arguments and Parameters
the tapes follow, and where the graph allows cut into a forward that also returns what
the backward needs and that backward (_split_programs), so the forward runs once.
value_and_grad of a compiled function from outside every transformation takes no tape
where the tape would add nothing (direct_gradient): one program computes the outputs
and the gradients from ones.
CompiledFunction, the call itself, lives here too: a gradient program is one, so that a
second-order gradient records it the same way.
"""
from __future__ import annotations

import weakref

from ..autograd import grad_ready
from ..autograd import tape as _tape
from ..autograd.grad import _differentiate, _tensor_leaves, differentiable_part, rebuild
from ..autograd.hooks import tensor_hooks
from ..common.tensor import Tensor
from ..ops import interpreter
from ..ops.function.array_func import zeros_like
from ..ops.primitive import Primitive
from . import dynamic, passes
from .builder import GraphBuilder
from .compile import output_atoms
from .graph_calls import SensInputs, call, differentiate, parameter_loads, symbolic_inputs
from .ir import Block, Graph, RawOutput, Value, flat_values
from .lowering import Program
from .program_cache import ProgramCache, raw_inputs


class CompiledFunction:
    """`fn` called as its compiled program, from `cache`. Under recording tapes the call
    is recorded as one node whose bprop runs compiled too (recorded_call); under another
    transformation fn runs op by op; while a graph is built, fn is compiled into it.
    A jit function (jit_function.py) is one with jit's options; a gradient program runs
    as one, so that an outer gradient records it in turn."""

    def __init__(self, fn, cache: ProgramCache):
        self.fn = fn
        self.cache = cache

    def __call__(self, *args, **kwargs):
        if interpreter.graph_builder is not None:
            return call(self.fn, args, kwargs)
        if interpreter.STACK:
            if not kwargs and only_tapes():
                outputs = recorded_call(self.cache, self.fn, args)
                if outputs is not interpreter.NOT_REPLAYABLE:
                    return outputs
            # Another transformation is in effect (vmap, casting): run op by op so that it
            # sees every operator.
            return self.fn(*args, **kwargs)
        return self.cache.run(self.fn, args, kwargs)

    def gradient_without_tape(self, args: tuple, positions: tuple, weights: tuple):
        """value_and_grad of this function from outside every transformation: see direct_gradient."""
        return direct_gradient(self.cache, self.fn, args, positions, weights)


def _nests_tensors(value) -> bool:
    if type(value) in (tuple, list):
        return bool(_tensor_leaves(value))
    if type(value) is dict:
        return any(isinstance(v, Tensor) or _nests_tensors(v) for v in value.values())
    return False


def only_tapes() -> bool:
    """Every transformation in effect is a tape, and one records: a compiled call can be recorded."""
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
    params = _replayable_parameters_of(program)
    if params is None:
        return interpreter.NOT_REPLAYABLE
    raws: list = []
    raw_inputs(args, raws)
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


def _replayable_parameters_of(program: Program):
    """The Parameters with requires_grad that `program` reads; None when it can not be run
    again for its gradient."""
    params = _replayable_parameters.get(program, _UNKNOWN)
    if params is _UNKNOWN:
        params = _differentiable_parameters(program.graph.body) if _replayable(program.graph.body) else None
        _replayable_parameters[program] = params
    return params


def direct_gradient(cache: ProgramCache, fn, args: tuple, positions: tuple, weights: tuple):
    """(outputs, input gradients, weight gradients) of fn(*args) from ones, as value_and_grad
    of a compiled function takes them when no transformation is in effect: the split
    forward program, then the backward one, with no tape between them. On a tape the call
    would be one node whose bprop runs that same backward, so the gradients are the same,
    and the tape's own work (watching the weights, recording, the reverse pass, a ones
    Tensor at the root) is a fifth of a small network's step. None (take the tape) where
    the tape does more than that: hooks on what is differentiated, a Tensor differentiated
    twice (its gradients add up), gradient-ready listeners, arguments that are not
    Tensors or nest them, outputs that are not one Tensor, graphs that do not split."""
    if interpreter.STACK or grad_ready.LISTENERS or any(_nests_tensors(a) for a in args):
        return None
    followed = [args[i] for i in positions] + list(weights)
    if (not all(isinstance(t, Tensor) for t in followed) or len(set(map(id, followed))) != len(followed)
            or any(tensor_hooks.get(t) for t in followed)):
        return None
    program = cache.program(fn, args, {}, ())
    params = None if program is None else _replayable_parameters_of(program)
    if params is None:
        return None
    weight_ids = {id(w) for w in weights}
    params = tuple(p for p in params if id(p) in weight_ids)
    gradient = _gradient_of(cache, program, fn, positions, params, args)
    if gradient.split is None or type(program.graph.output) is not Value or cache.dynamic_sizes(args) is not None:
        return None
    raws: list = []
    raw_inputs(args, raws)
    outputs, grads = gradient.from_ones(args).run(*raws)
    input_grads = grads[:len(positions)]
    by_param = dict(zip(map(id, params), grads[len(positions):]))
    weight_grads = tuple(zeros_like(w) if by_param.get(id(w)) is None else by_param[id(w)] for w in weights)
    return outputs, input_grads, weight_grads


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
    tape_ids = [tape.id for tape in _tape.recording_tapes()]

    def followed(value) -> bool:   # Tape.variable_of, inlined: the arguments nest no Tensors
        node = value._node if isinstance(value, Tensor) else None
        return node is not None and any(i in node for i in tape_ids)
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
    for _, param in parameter_loads(block.nodes):
        if param.requires_grad:
            found.setdefault(id(param), param)
    return tuple(found.values())


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

        self.run = CompiledFunction(gradient, ProgramCache(gradient.__name__))
        self.split = _split_programs(getattr(fn, "__name__", "jit"), fn, args, positions, params, shapes or {})
        self._from_ones = None
        self._fn = fn

    def from_ones(self, args: tuple) -> Program:
        """The forward and the gradient from ones as one program, which direct_gradient runs
        (made on its first use, for static shapes): as a whole step's jit compiles it, so
        that the product of the gradient by the ones goes (eliminate_multiplications_by_ones)
        and no ones are made."""
        if self._from_ones is None:
            graph = _gradient_graph(getattr(self._fn, "__name__", "jit"), self._fn, args, self.positions,
                                    self.params, {}, None)
            self._from_ones = Program(graph)
        return self._from_ones


def _gradient_graph(name: str, fn, args: tuple, positions: tuple, params: tuple, shapes: dict, sens):
    """The graph (inputs: args, then the cotangents `sens` makes; outputs: (fn's outputs,
    gradients)) ready to run; None for graphs with control flow or custom bprops."""
    builder = GraphBuilder(call, differentiate)
    inputs: list[Value] = []
    symbolic_args = tuple(symbolic_inputs(a, inputs, shapes.get(i)) for i, a in enumerate(args))
    with builder.active():
        result = differentiate(fn, symbolic_args, positions, params, sens, False, "grad")
        outputs = output_atoms(builder, result.outputs)
        grads = output_atoms(builder, result.input_grads + result.weight_grads)
    graph = Graph(name, inputs + (sens.values if sens is not None else []), builder.block, (outputs, grads))
    passes.optimize(graph)
    if any(node.blocks or node.kind not in ("apply", "load", "const") for node in graph.body.nodes):
        return None
    passes.prepare_for_execution(graph)
    if shapes:
        dynamic.fix_constants(graph)
    return graph


def _split_programs(name: str, fn, args: tuple, positions: tuple, params: tuple, shapes: dict):
    sens = SensInputs()
    graph = _gradient_graph(name, fn, args, positions, params, shapes, sens)
    if graph is None:
        return None
    inputs, (outputs, grads) = graph.inputs[:len(graph.inputs) - len(sens.values)], graph.output
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
    # The residuals go from one program to the other as the kernels' tensors: no Tensor
    # is made for each, to be taken apart again by the backward.
    forward_graph = Graph(f"{name}_forward", inputs, Block(), (outputs, tuple(map(RawOutput, residuals))))
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
            raws = list(self.residuals)
            raw_inputs(dout, raws)
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
