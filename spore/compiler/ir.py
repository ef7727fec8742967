"""The graph IR: a block is a list of nodes in program order; each node applies something
to atoms (values, constants, Parameters) and defines new values.

Node kinds:
- `apply`: a pure primitive call, run as its kernel;
- `effect`: a primitive with side effects (Parameter updates, Print), run as its kernel
  in program order and never removed. Its declared state inputs (Parameters, Tensors)
  are rebound to the new values, which follow the returned values in its outputs;
- `load`: reads a Parameter's current data (reads after an update load again);
- `if`: two blocks, `then` and `orelse`, run by a Tensor condition; each ends with the
  atoms it yields, which become the node's outputs;
- `while`: a loop over carried values: `cond` computes the condition from them and
  `body` their next values. When it is differentiated it `saves_state`: the carried
  values of every iteration, which its `while_grad` node (whose `forward` it is) walks
  in reverse, recomputing each iteration's body and running the body's backward `back`
  block; its inputs are the output gradients, the initial sums of the gradients of free
  values, and (as a dependency only) the forward loop's outputs.

A value is defined once (SSA). A Tensor value carries its TensorSpec. Printing a block
gives one line per node: `%5 = Add(%3, %4)  # file.py:12`.
"""
from __future__ import annotations

import itertools

from ..common.parameter import Parameter
from ..common.tensor import Tensor

_value_ids = itertools.count()


class Value:
    """A Tensor defined by a node (or a graph input), with its shape and dtype.

    `fused_as`: (primitive, input values, output values) when the value is one of the
    outputs of composed nodes that the primitive computes in one kernel (a bprop offers it,
    GraphBuilder.offer_fused); passes.fuse_offered swaps the kernel in for execution."""

    __slots__ = ("id", "spec", "fused_as")

    def __init__(self, spec):
        self.id = next(_value_ids)
        self.spec = spec
        self.fused_as = None

    def __repr__(self) -> str:
        return f"%{self.id}"


class Node:
    __slots__ = ("kind", "prim", "inputs", "outputs", "location", "blocks", "param", "tuple_output", "forward",
                 "saves_state")

    def __init__(self, kind: str, prim, inputs: tuple, outputs: tuple, location: str = "",
                 blocks: dict | None = None, param: Parameter | None = None, tuple_output: bool = False):
        self.kind = kind
        self.prim = prim
        self.inputs = inputs
        self.outputs = outputs
        self.location = location
        self.blocks = blocks or {}
        self.param = param
        self.tuple_output = tuple_output
        self.forward: Node | None = None
        self.saves_state = False


class FusedKernel:
    """Stands in an `apply` node for primitives a pass merged into one kernel call (passes
    run after autodiff, so it needs no bprop)."""

    pure = True
    side_effect = False
    state_positions = ()
    output_results = None

    def __init__(self, name: str, kernel, merged: tuple):
        self.name = name
        self.kernel = kernel
        self.merged = merged
        self.attrs = {"merged": tuple(repr(p) for p in merged)}


class FusedUpdate:
    """Stands in an `effect` node for the updates of many Parameters by one optimizer
    primitive (same attributes, same hyper-parameters) that a pass merged into one call of
    its multi-tensor kernel. The node's inputs are the primitive's, with a tuple (one entry
    per Parameter) at each of `list_positions` (the states and the gradient); the kernel
    returns one list per state, which rebinds the states as the primitive's own calls
    would. The node has no outputs (the merged calls' results were unused)."""

    pure = False
    side_effect = True

    def __init__(self, prim, kernel, count: int):
        self.name = f"{prim.name}[x{count}]"
        self.kernel = kernel
        self.merged = (prim,)
        self.list_positions = prim.list_positions
        self.state_positions = prim.state_positions
        self.state_results = prim.state_results
        self.attrs = {"merged": repr(prim), "count": count}


class Block:
    """Nodes in program order, and the atoms the block yields (for branch and loop
    blocks; a graph's body yields nothing, its outputs are kept by the Graph)."""

    __slots__ = ("nodes", "results", "inputs")

    def __init__(self, inputs: tuple = ()):
        self.nodes: list[Node] = []
        self.results: tuple = ()
        self.inputs = inputs


class Graph:
    """A compiled function: its Tensor inputs, its body, and its output structure (a
    nest of tuples / lists over values and constants)."""

    def __init__(self, name: str, inputs: list[Value], body: Block, output):
        self.name = name
        self.inputs = inputs
        self.body = body
        self.output = output
        self.relaid: set = set()
        """Values a pass may have given a layout other than row-major: made dense where
        they leave the program (outputs, rebound Parameters)."""

    def __str__(self) -> str:
        lines = [f"graph {self.name}({', '.join(map(repr, self.inputs))})"]
        lines += format_block(self.body, 1)
        lines.append(f"  return {format_atom(self.output)}")
        return "\n".join(lines)


class NumpyOutput:
    """A graph output the caller gets as a NumPy array (`x.asnumpy()` returned)."""

    __slots__ = ("value",)

    def __init__(self, value: Value):
        self.value = value


class ScalarOutput:
    """A graph output the caller gets as a Python `kind` (a number computed at run time)."""

    __slots__ = ("value", "kind")

    def __init__(self, value: Value, kind: type):
        self.value = value
        self.kind = kind


class RawOutput:
    """A graph output the caller gets as the kernel's own tensor, not wrapped in a Tensor:
    a split gradient's residuals, which only its backward program reads."""

    __slots__ = ("value",)

    def __init__(self, value: Value):
        self.value = value


def flat_values(atoms):
    """The Values in an atom or a nest of tuples / lists of atoms."""
    if isinstance(atoms, Value):
        yield atoms
    elif isinstance(atoms, (NumpyOutput, ScalarOutput, RawOutput)):
        yield atoms.value
    elif type(atoms) in (tuple, list):
        for atom in atoms:
            yield from flat_values(atom)
    elif type(atoms) is dict:
        yield from flat_values(tuple(atoms.values()))


def flat_atoms(atoms):
    """The atoms (Values, constants) in an atom or a nest of tuples / lists of atoms."""
    if type(atoms) in (tuple, list):
        for atom in atoms:
            yield from flat_atoms(atom)
    else:
        yield atoms


def values_read(node):
    """The values a node reads: its inputs and, nested, what its blocks read and yield
    (and a while_grad's forward body, which it recomputes)."""
    yield from flat_values(node.inputs)
    if node.forward is not None:
        yield from values_read(node.forward)
    for block in node.blocks.values():
        for inner in block.nodes:
            yield from values_read(inner)
        yield from flat_values(block.results)


def format_atom(atom) -> str:
    if isinstance(atom, Value):
        return repr(atom)
    if isinstance(atom, Parameter):
        return f"Parameter({atom.name})"
    if isinstance(atom, Tensor):
        return f"Tensor(shape={list(atom.shape)}, dtype={atom.dtype})"
    if isinstance(atom, (tuple, list)):
        inner = ", ".join(format_atom(a) for a in atom)
        return f"({inner}{',' if len(atom) == 1 else ''})" if isinstance(atom, tuple) else f"[{inner}]"
    if isinstance(atom, NumpyOutput):
        return f"asnumpy({atom.value!r})"
    if isinstance(atom, ScalarOutput):
        return f"{atom.kind.__name__}({atom.value!r})"
    if type(atom) is dict:
        return "{" + ", ".join(f"{k!r}: {format_atom(v)}" for k, v in atom.items()) + "}"
    return repr(atom)


def format_block(block: Block, depth: int) -> list[str]:
    pad = "  " * depth
    lines = []
    for node in block.nodes:
        outs = ", ".join(map(repr, node.outputs)) or "_"
        where = f"  # {node.location}" if node.location else ""
        if node.kind == "load":
            lines.append(f"{pad}{outs} = load Parameter({node.param.name})")
        elif node.kind in ("apply", "effect"):
            args = ", ".join(format_atom(a) for a in node.inputs)
            effect = "effect " if node.kind == "effect" else ""
            lines.append(f"{pad}{outs} = {effect}{node.prim.name}({args}){where}")
        else:
            lines.append(f"{pad}{outs} = {node.kind} {format_atom(node.inputs)}{where}")
            for name, sub in node.blocks.items():
                lines.append(f"{pad}  {name}({', '.join(map(repr, sub.inputs))}):")
                lines += format_block(sub, depth + 2)
                lines.append(f"{pad}    yield {format_atom(sub.results)}")
    return lines
