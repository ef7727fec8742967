"""Lowering: an optimized graph becomes one Python function whose body is the flat
sequence of kernel calls, each value a local variable (the slot array is the frame's
locals, the fastest storage Python has). No Tensor wrappers, no dispatch, no inference
between ops: wrappers are made only for the outputs. A Primitive's declared side
effects are lowered as they run in PyNative mode (Primitive.run): its state inputs are
rebound to the kernel results it names, and the call's values are the results it
selects.

Values a pass laid out otherwise than row-major (graph.relaid) are made dense where they
leave: the program's outputs and the Parameters a side effect rebinds.

The generated source is kept on the Program (and written by save_graphs), so what runs
can be read.
"""
from __future__ import annotations

import math

from .._kernels.layout import dense
from .._kernels.tensor_data import solely_held
from .._kernels.torch_autograd import below_torch_autograd
from ..common.parameter import Parameter
from ..common.tensor import Tensor, wrap
from ..ops.primitive import as_results
from .ir import Block, FusedUpdate, Graph, NumpyOutput, RawOutput, ScalarOutput, Value, flat_values, values_read


class Program:
    """A compiled graph: `run(*raw_inputs)` returns the outputs (Tensors and constants in
    the function's output structure)."""

    def __init__(self, graph: Graph):
        self.graph = graph
        self._names: dict[int, str] = {}
        self._globals: dict = {"wrap": wrap, "as_results": as_results, "dense": dense, "solely_held": solely_held,
                              "below_torch_autograd": below_torch_autograd}
        self._relaid = graph.relaid
        self._ids: dict[int, str] = {}
        body: list[str] = []
        self._block(graph.body, body, 2, _last_uses(graph))
        body.append(f"        return {self._output(graph.output)}")
        params = ", ".join(self._name(v) for v in graph.inputs)
        # The kernels run below torch's autograd (_kernels/torch_autograd.py).
        self.source = (f"def {_identifier(graph.name)}({params}):\n    with below_torch_autograd():\n"
                       + "\n".join(body) + "\n")
        namespace: dict = {}
        exec(compile(self.source, f"<graph {graph.name}>", "exec"), self._globals, namespace)
        self.run = namespace[_identifier(graph.name)]

    # ---- names --------------------------------------------------------------------------
    def _name(self, value: Value) -> str:
        return f"v{value.id}"

    def _global(self, obj, prefix: str) -> str:
        key = id(obj)
        name = self._ids.get(key)
        if name is None:
            name = f"{prefix}{len(self._ids)}"
            self._ids[key] = name
            self._globals[name] = obj
        return name

    def _atom(self, atom, raw: bool) -> str:
        """Source text for an argument: raw torch tensors for kernels, Tensors for `run`."""
        if isinstance(atom, Value):
            return self._name(atom) if raw else f"wrap({self._name(atom)})"
        if isinstance(atom, Parameter):
            return self._global(atom, "P")
        if isinstance(atom, Tensor):
            return self._global(atom._data(), "c") if raw else self._global(atom, "t")
        if type(atom) in (tuple, list):
            return _sequence(type(atom), [self._atom(a, raw) for a in atom])
        if atom is None or type(atom) in (bool, int, str) or (type(atom) is float and math.isfinite(atom)):
            return repr(atom)
        return self._global(atom, "k")

    def _output(self, output) -> str:
        if isinstance(output, Value):
            return f"wrap(dense({self._name(output)}))" if output in self._relaid else f"wrap({self._name(output)})"
        if isinstance(output, Tensor) and not isinstance(output, Parameter):
            return f"wrap({self._global(output._data(), 'c')})"
        if type(output) in (tuple, list):
            return _sequence(type(output), [self._output(o) for o in output])
        if isinstance(output, NumpyOutput):
            return f"wrap({self._name(output.value)}).asnumpy()"
        if isinstance(output, ScalarOutput):
            return f"{output.kind.__name__}({self._name(output.value)}.item())"
        if isinstance(output, RawOutput):
            return self._name(output.value)
        if type(output) is dict:   # a new dict per run: the caller may change it
            return "{" + ", ".join(f"{self._atom(k, True)}: {self._output(v)}" for k, v in output.items()) + "}"
        return self._atom(output, True)

    # ---- code ---------------------------------------------------------------------------
    def _block(self, block: Block, lines: list, depth: int, last_uses: dict | None = None) -> None:
        """The code of `block`; with `last_uses` ({node index: values}), each value is
        deleted after the node that uses it last, so its memory is reused at once."""
        pad = "    " * depth
        start = len(lines)
        for index, node in enumerate(block.nodes):
            outs = ", ".join(self._name(v) for v in node.outputs)
            target = f"{outs}{',' if len(node.outputs) == 1 and node.tuple_output else ''} = " if outs else ""
            if node.kind in ("apply", "effect"):
                self._kernel_call(node, lines, pad, target)
            elif node.kind == "load":
                lines.append(f"{pad}{outs} = {self._global(node.param, 'P')}._t")
            elif node.kind == "const":
                lines.append(f"{pad}{outs} = {self._atom(node.inputs[0], True)}")
            elif node.kind == "if":
                self._if(node, lines, depth)
            elif node.kind == "while":
                self._while(node, lines, depth)
            elif node.kind == "while_grad":
                self._while_grad(node, lines, depth)
            elif node.kind == "custom_bprop":  # its own bprop mattered to autodiff only
                self._block(node.blocks["body"], lines, depth)
            dead = (last_uses or {}).get(index)
            if dead:
                lines.append(f"{pad}del {', '.join(self._name(v) for v in dead)}")
        if len(lines) == start:
            lines.append(f"{pad}pass")

    def _kernel_call(self, node, lines: list, pad: str, target: str) -> None:
        """The node's kernel on its raw inputs; a Primitive declaring states or selecting
        results gets its states rebound and its values picked from the kernel's results."""
        prim = node.prim
        if isinstance(prim, FusedUpdate):
            self._fused_update(node, lines, pad)
            return
        states = prim.state_positions
        args = ", ".join(self._state(a) if i in states else self._atom(a, True) for i, a in enumerate(node.inputs))
        call = f"{self._global(prim.kernel, 'k')}({args})"
        selected = prim.output_results
        if not states and selected is None:
            lines.append(f"{pad}{target}{call}")
            return
        lines.append(f"{pad}_r = as_results({call})")
        relaid = any(v in self._relaid for v in flat_values(node.inputs))
        for position, index in zip(states, prim.state_results):
            if isinstance(node.inputs[position], Tensor):
                result = f"dense(_r[{index}])" if relaid else f"_r[{index}]"
                lines.append(f"{pad}{self._state(node.inputs[position])} = {result}")
        returned = node.outputs[:len(node.outputs) - len(states)]
        if selected is None:   # states only: the kernel's results are the call's
            indices = range(len(returned)) if node.tuple_output else ()
            if returned and not node.tuple_output:
                lines.append(f"{pad}{self._name(returned[0])} = _r[0]")
        else:
            indices = (selected,) if type(selected) is int else selected
        for value, index in zip(returned, indices):
            lines.append(f"{pad}{self._name(value)} = _r[{index}]")
        for value, index in zip(node.outputs[len(returned):], prim.state_results):
            lines.append(f"{pad}{self._name(value)} = _r[{index}]")

    def _fused_update(self, node, lines: list, pad: str) -> None:
        """One multi-tensor call updating many Parameters: each state input a tuple of their
        storages, each of the kernel's state results a list rebinding them. The kernel writes
        the states in place when, at this step, nothing but their Tensors sees their storage
        (as PyNative's optimizers do, apply_all): checked before the call's arguments hold
        them, and only when no Tensor is two of the states."""
        prim = node.prim
        states = [t for position in prim.state_positions for t in node.inputs[position]]
        if all(isinstance(t, Tensor) for t in states) and len(set(map(id, states))) == len(states):
            lines.append(f"{pad}_in_place = all(map(solely_held, {self._global(tuple(states), 'k')}))")
        else:
            lines.append(f"{pad}_in_place = False")
        args = ", ".join(self._state(a) if i in prim.state_positions else self._atom(a, True)
                         for i, a in enumerate(node.inputs))
        lines.append(f"{pad}_r = {self._global(prim.kernel, 'k')}({args}, in_place=_in_place)")
        relaid = any(v in self._relaid for v in flat_values(node.inputs))
        for position, index in zip(prim.state_positions, prim.state_results):
            result = f"map(dense, _r[{index}])" if relaid else f"_r[{index}]"
            lines.append(f"{pad}{', '.join(self._state(t) for t in node.inputs[position])}, = {result}")

    def _state(self, atom) -> str:
        """A state input: the current storage of the Tensor or Parameter the graph holds
        (rebinding it is assigning to this; a tuple of them for a FusedUpdate), or a graph
        value."""
        if type(atom) is tuple:
            return _sequence(tuple, [self._state(a) for a in atom])
        if isinstance(atom, Tensor):
            return f"{self._global(atom, 'P')}._t"
        return self._atom(atom, True)

    def _yield(self, targets, results, lines: list, depth: int) -> None:
        if targets:
            pad = "    " * depth
            lines.append(f"{pad}{', '.join(self._name(t) for t in targets)}, = "
                         f"{', '.join(self._atom(r, True) for r in results)},")

    def _if(self, node, lines: list, depth: int) -> None:
        pad = "    " * depth
        lines.append(f"{pad}if {self._atom(node.inputs[0], True)}:")
        then, orelse = node.blocks["then"], node.blocks["orelse"]
        self._block(then, lines, depth + 1)
        self._yield(node.outputs, then.results, lines, depth + 1)
        lines.append(f"{pad}else:")
        self._block(orelse, lines, depth + 1)
        self._yield(node.outputs, orelse.results, lines, depth + 1)

    def _while(self, node, lines: list, depth: int) -> None:
        pad = "    " * depth
        cond, body = node.blocks["cond"], node.blocks["body"]
        self._yield(cond.inputs, node.inputs, lines, depth)
        if node.saves_state:
            lines.append(f"{pad}{_stack(node)} = []")
        lines.append(f"{pad}while True:")
        self._block(cond, lines, depth + 1)
        lines.append(f"{pad}    if not {self._atom(cond.results[0], True)}:")
        lines.append(f"{pad}        break")
        if node.saves_state:
            lines.append(f"{pad}    {_stack(node)}.append(({''.join(self._name(p) + ', ' for p in body.inputs)}))")
        self._block(body, lines, depth + 1)
        self._yield(body.inputs, body.results, lines, depth + 1)
        self._yield(node.outputs, cond.inputs, lines, depth)

    def _while_grad(self, node, lines: list, depth: int) -> None:
        """for each saved iteration, last first: recompute the body, run its backward."""
        pad = "    " * depth
        forward, back = node.forward, node.blocks["back"]
        body = forward.blocks["body"]
        self._yield(back.inputs, node.inputs[:len(back.inputs)], lines, depth)
        lines.append(f"{pad}for {''.join(self._name(p) + ', ' for p in body.inputs)}in reversed({_stack(forward)}):")
        self._block(body, lines, depth + 1)
        self._block(back, lines, depth + 1)
        self._yield(back.inputs, back.results, lines, depth + 1)
        self._yield(node.outputs, back.inputs, lines, depth)


def _last_uses(graph: Graph) -> dict:
    """{index of a body node: the values defined in the body that no later node or output
    uses}."""
    last: dict = {}
    for index, node in enumerate(graph.body.nodes):
        for value in node.outputs:
            last[value] = index
        for value in values_read(node):
            if value in last:
                last[value] = index
    kept = set(flat_values(graph.output))
    by_index: dict = {}
    for value, index in last.items():
        if value not in kept:
            by_index.setdefault(index, []).append(value)
    return by_index


def _stack(node) -> str:
    """The name of the list a differentiated `while` saves its iterations' values in."""
    return f"_saved{id(node)}"


def _sequence(kind: type, items: list) -> str:
    """Source text of a tuple or list of the given items' source texts (`()` when empty)."""
    inner = ", ".join(items)
    if kind is list:
        return f"[{inner}]"
    return f"({inner},)" if items else "()"


def _identifier(name: str) -> str:
    cleaned = "".join(c if c.isalnum() else "_" for c in name)
    return cleaned if cleaned and not cleaned[0].isdigit() else "graph_" + cleaned
