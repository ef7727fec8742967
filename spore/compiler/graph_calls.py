"""The calls made by code being compiled: the GraphBuilder's callbacks.

`call` is how a call inside compiled code becomes part of the graph: a user function is
parsed and inlined, a Cell runs its construct, anything else runs on symbolic Tensors.
`differentiate` is a gradient taken inside compiled code: the function run into the
graph, then its backward appended (autodiff.py). They sit below the compiling and caching
modules, which pass them to every GraphBuilder they make; a jit function called here
runs its own `__call__`, which comes back to `call`.
"""
from __future__ import annotations

import functools

from ..autograd.casting import casting
from ..autograd.grad import _Result, _tensor_leaves, differentiable_part, rebuild, roots_of
from ..common.parameter import Parameter
from ..common.tensor import Tensor, tensor
from ..nn.cell import Cell
from ..ops import interpreter
from ..ops.function import array_func
from ..ops.operations.control_flow_ops import Morph
from ..ops.primitive import TensorSpec
from . import autodiff
from .builder import GraphArray, GraphError, SymbolicTensor, symbolic
from .ir import Block, Node, Value
from .parser import FunctionParser, is_user_code, method_function
from .runtime_scalar import RuntimeScalar


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
    if interpreter.graph_builder is None:   # cell_program_call, registered with the interpreter
        return interpreter.compile_cell(cell, args, kwargs, run=True)
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


def call_cell_body(cell, construct, args, kwargs):
    """construct parsed (user Cells, and spore Cells that ask for it), else run."""
    if is_user_code(construct) or cell.parse_construct_in_graph:
        return FunctionParser(interpreter.graph_builder, call, construct).run((cell,) + args, kwargs)
    return cell.construct(*args, **kwargs)


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
        loads = parameter_loads(nodes)
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


def parameter_loads(nodes) -> list:
    """(value, Parameter) of each `load` node in `nodes` and their blocks."""
    found = []
    for node in nodes:
        if node.kind == "load":
            found.append((node.outputs[0], node.param))
        for sub in node.blocks.values():
            found += parameter_loads(sub.nodes)
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


def symbolic_inputs(value, inputs: list, shape=None):
    """Tensor arguments replaced by symbolic ones (graph inputs), the rest kept; `shape`
    replaces a Tensor's own (a dynamic shape's Dims)."""
    if isinstance(value, Tensor) and not isinstance(value, Parameter):
        graph_input = Value(TensorSpec(value.shape if shape is None else shape, value.dtype))
        inputs.append(graph_input)
        return symbolic(graph_input)
    if type(value) in (tuple, list):
        return type(value)(symbolic_inputs(v, inputs) for v in value)
    if type(value) is dict:
        return {k: symbolic_inputs(v, inputs) for k, v in value.items()}
    return value


class SensInputs:
    """`sens` for `differentiate` that makes one new graph input per output Tensor (the
    gradients arriving at the outputs, inputs of a backward program)."""

    def __init__(self):
        self.values: list[Value] = []

    def make(self, outputs):
        return symbolic_inputs(outputs, self.values)
