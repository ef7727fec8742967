"""Reverse-mode autodiff on the IR: the reverse engine the PyNative tape uses
(autograd/reverse.py), applied to graph values.

`backward` walks a list of nodes in reverse. For each node that some differentiated
value flows through, the engine's step calls the node's bprop with symbolic Tensors for
the inputs, the output and its gradient; the bprop's primitive calls add the backward
nodes to the graph being built. An `if` node's gradient is an `if` on the same condition whose branches
are the gradients of the forward branches; a `while` node's gradient is a `while_grad`
node that runs the loop backwards over its saved iterations.
"""
from __future__ import annotations

from ..autograd import reverse
from ..common.parameter import Parameter
from ..common.tensor import Tensor
from ..ops.function import math_func
from .builder import GraphBuilder, GraphError, returned_outputs, symbolic
from .ir import Block, Node, Value, flat_values


def requiring_grad(nodes: list[Node], leaves: set) -> set:
    """The values a gradient can reach from `leaves`: leaves, and the outputs of nodes
    with an input that requires it."""
    required = set(leaves)
    for node in nodes:
        if node.kind in ("apply", "effect") and (_peer_backward(node) or
                                                  any(_requires(a, required) for a in node.inputs)):
            required.update(node.outputs)
        elif node.kind == "if":
            for block in node.blocks.values():
                required |= requiring_grad(block.nodes, required)
            results = zip(node.blocks["then"].results, node.blocks["orelse"].results)
            required.update(out for out, pair in zip(node.outputs, results)
                            if any(_requires(r, required) for r in pair))
        elif node.kind in ("custom_bprop", "while") and _reached(node, required):
            required.update(node.outputs)
    return required


def parameter_key(param: Parameter) -> tuple:
    """Where the gradient of a Parameter that an effect node updates (a declared state,
    taken as it is rather than loaded) is kept, in `required` and grads."""
    return ("parameter", id(param))


def _key(atom):
    return parameter_key(atom) if isinstance(atom, Parameter) else atom


def _reached(node: Node, required: set) -> bool:
    """Whether a gradient reaches a custom_bprop or while node: through an input, or
    (a loop) through a free value its body uses."""
    if any(_requires(a, required) for a in node.inputs):
        return True
    return node.kind == "while" and bool(_free_and_loaded(node.blocks["body"], required))


def _peer_backward(node: Node) -> bool:
    """Whether the node's bprop exchanges gradients with peer ranks (Primitive.peer_backward)."""
    return getattr(node.prim, "peer_backward", False)


def _requires(atom, required: set) -> bool:
    if isinstance(atom, (Value, Parameter)):
        return _key(atom) in required
    if type(atom) in (tuple, list):
        return any(_requires(a, required) for a in atom)
    return False


def backward(builder: GraphBuilder, nodes: list[Node], grads: dict, required: set) -> dict:
    """Propagate `grads` ({value: gradient Tensor}) back through `nodes`; returns the
    gradients of the values the nodes do not define (and of the loads among them)."""
    for node in reversed(nodes):
        if node.kind in ("apply", "effect"):  # effects with a bprop: BatchNorm in training, Assign*
            _apply_backward(node, grads, required)
        elif node.kind == "if":
            _if_backward(builder, node, grads, required)
        elif node.kind == "while":
            _while_backward(builder, node, grads, required)
        elif node.kind == "custom_bprop":
            _custom_backward(builder, node, grads, required)
    return grads


def _apply_backward(node: Node, grads: dict, required: set) -> None:
    outputs = returned_outputs(node)
    douts = [grads.pop(v, None) for v in outputs]
    if not _peer_backward(node) and (all(d is None for d in douts) or
                                     not any(_requires(a, required) for a in node.inputs)):
        return
    bprop = reverse.bprop_of(node.prim)
    if bprop is None:
        return
    inputs = tuple(_as_argument(a) for a in node.inputs)
    outs = tuple(symbolic(v) for v in outputs)
    input_grads = reverse.step(node.prim, bprop, inputs, outs, douts, node.tuple_output,
                               tuple(_requires(a, required) for a in node.inputs))
    for atom, grad in zip(node.inputs, input_grads):
        accumulate(grads, atom, grad, required)


def accumulate(grads: dict, atom, grad, required: set) -> None:
    if grad is None:
        return
    if type(atom) in (tuple, list):
        for a, g in zip(atom, grad):
            accumulate(grads, a, g, required)
        return
    if not isinstance(atom, (Value, Parameter)) or _key(atom) not in required:
        return
    reverse.accumulate(grads, _key(atom), grad)


def zeros(value: Value) -> Tensor:
    """A constant zero gradient for `value`."""
    return reverse.zeros_like(symbolic(value))


def _as_argument(atom):
    if isinstance(atom, Value):
        return symbolic(atom)
    if type(atom) in (tuple, list):
        return type(atom)(_as_argument(a) for a in atom)
    return atom


def _if_backward(builder: GraphBuilder, node: Node, grads: dict, required: set) -> None:
    douts = [grads.pop(v, None) for v in node.outputs]
    if all(d is None for d in douts):
        return
    branches = (node.blocks["then"], node.blocks["orelse"])
    targets = []
    for block in branches:
        for value in _free_and_loaded(block, required):
            if value not in targets:
                targets.append(value)
    if not targets:
        return
    backward_blocks = []
    for block in branches:
        with builder.nested(Block()) as back:
            branch_grads: dict = {}
            for result, dout in zip(block.results, douts):
                if dout is not None:
                    accumulate(branch_grads, result, dout, required | {result})
            backward(builder, block.nodes, branch_grads, required)
            if any(isinstance(k, tuple) for k in branch_grads):
                raise GraphError("A gradient for a Parameter that a side-effecting op updates (such as Assign) "
                                 "inside an 'if' on a Tensor is not supported in Graph mode.")
            back.results = tuple(builder.value_of(branch_grads[t]) if t in branch_grads
                                 else builder.value_of(zeros(t)) for t in targets)
        backward_blocks.append(back)
    outputs = tuple(Value(t.spec) for t in targets)
    builder.block.nodes.append(Node("if", None, node.inputs, outputs, node.location,
                                    {"then": backward_blocks[0], "orelse": backward_blocks[1]}))
    for target, out in zip(targets, outputs):
        accumulate(grads, target, symbolic(out), required | {target})


def _custom_backward(builder: GraphBuilder, node: Node, grads: dict, required: set) -> None:
    """A Cell's own bprop(*inputs, out, dout) gives its inputs' gradients."""
    douts = [grads.pop(v, None) for v in node.outputs]
    if all(d is None for d in douts):
        return
    cell = node.prim
    douts = [d if d is not None else zeros(v) for d, v in zip(douts, node.outputs)]
    outs = tuple(symbolic(v) for v in node.outputs)
    out, dout = (outs, tuple(douts)) if node.tuple_output else (outs[0], douts[0])
    inputs = tuple(_as_argument(a) for a in node.inputs)
    input_grads = reverse.check_cell_bprop_result(
        cell, builder.call(type(cell).bprop, (cell,) + inputs + (out, dout), {}), inputs)
    for atom, grad in zip(node.inputs, input_grads):
        accumulate(grads, atom, grad, required)


def _while_backward(builder: GraphBuilder, node: Node, grads: dict, required: set) -> None:
    """The loop run backwards: from the last iteration to the first, the body is
    recomputed from that iteration's saved carried values and its backward applied,
    carrying the gradients of the carried values and summing those of free values."""
    douts = [grads.pop(v, None) for v in node.outputs]
    if all(d is None for d in douts):
        return
    body = node.blocks["body"]
    phis = body.inputs
    inner_required = requiring_grad(body.nodes, required | set(phis))
    free = _free_and_loaded(body, inner_required)
    carried_in = tuple(Value(p.spec) for p in phis)
    sums_in = tuple(Value(f.spec) for f in free)
    with builder.nested(Block(carried_in + sums_in)) as back:
        body_grads: dict = {}
        for result, carried in zip(body.results, carried_in):
            accumulate(body_grads, result, symbolic(carried), inner_required | {result})
        backward(builder, body.nodes, body_grads, inner_required)
        carried_out = [builder.value_of(body_grads[p]) if p in body_grads else builder.value_of(zeros(p))
                       for p in phis]
        sums_out = [builder.value_of(math_func.add(symbolic(total), body_grads[f])) if f in body_grads else total
                    for total, f in zip(sums_in, free)]
        back.results = tuple(carried_out) + tuple(sums_out)
    node.saves_state = True
    initial = tuple(builder.value_of(d if d is not None else zeros(v)) for d, v in zip(douts, node.outputs))
    initial_sums = tuple(builder.value_of(zeros(f)) for f in free)
    outputs = tuple(Value(v.spec) for v in carried_in + sums_in)
    grad_node = Node("while_grad", None, initial + initial_sums + node.outputs, outputs, node.location,
                     {"back": back})
    grad_node.forward = node
    builder.block.nodes.append(grad_node)
    for atom, out in zip(node.inputs, outputs[:len(phis)]):
        accumulate(grads, atom, symbolic(out), required)
    for value, out in zip(free, outputs[len(phis):]):
        accumulate(grads, value, symbolic(out), required | {value})


def _free_and_loaded(block: Block, required: set) -> list:
    """Values a branch uses but does not define, and the Parameter loads inside it, that
    a gradient can reach."""
    defined, found = set(block.inputs), []

    def visit(b: Block):
        for node in b.nodes:
            for atom in flat_values(node.inputs):
                if atom not in defined and atom in required and atom not in found:
                    found.append(atom)
            for sub in node.blocks.values():
                defined.update(sub.inputs)
                visit(sub)
                for atom in flat_values(sub.results):
                    if atom not in defined and atom in required and atom not in found:
                        found.append(atom)
            if node.kind == "load":
                found.extend(v for v in node.outputs if v in required)
            defined.update(node.outputs)
    visit(block)
    for atom in flat_values(block.results):
        if atom not in defined and atom in required and atom not in found:
            found.append(atom)
    return found
