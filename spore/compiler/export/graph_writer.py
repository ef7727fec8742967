"""The walk over a traced graph that every export format shares: graph inputs, then each
node in program order (Parameter loads, constants, primitive applications), then the
outputs. Each format (mindir_writer, onnx_writer) is a subclass that says how to write
one input, Parameter, constant, tuple of values, application and the outputs; the walk
keeps the name in the file of every IR value and refuses what no format can write."""
from __future__ import annotations

from ...common import dtype as mstype
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ..ir import Graph, Value


def scalars_as_tensors(atoms: tuple) -> tuple:
    """The operands of an elementwise binary op with a Python number as a 0-d Tensor of the
    dtype the number promotes to with the other operand: MindSpore's kernels (and ONNX's)
    take Tensors there (MindSpore's compiler makes the same conversion)."""
    other = next((a.spec.dtype for a in atoms if isinstance(a, Value)), None)
    if other is None:
        return atoms
    return tuple(Tensor(a, dtype=mstype.promote_with_scalar(other, a)) if isinstance(a, (bool, int, float)) else a
                 for a in atoms)


class GraphWriter:
    """Subclasses set `format` and implement the `write_*` methods."""

    format = ""

    def __init__(self, graph: Graph):
        self.graph = graph
        self.names: dict[int, str] = {}   # id(Value) -> name in the file

    # ---- what a format writes -------------------------------------------------------------
    def write_input(self, index: int, value: Value) -> str:
        raise NotImplementedError

    def write_parameter(self, param: Parameter) -> str:
        raise NotImplementedError

    def write_constant(self, value, where: str) -> str:
        raise NotImplementedError

    def write_tuple(self, names: list, where: str) -> str:
        raise NotImplementedError

    def write_apply(self, node, where: str) -> list:
        """The names of the node's outputs, one per output Value."""
        raise NotImplementedError

    def write_outputs(self, outputs: tuple, is_tuple: bool):
        raise NotImplementedError

    # ---- the walk -------------------------------------------------------------------------
    def walk(self):
        """Write the whole graph; returns what `write_outputs` returns."""
        for index, value in enumerate(self.graph.inputs):
            self.names[id(value)] = self.write_input(index, value)
        for node in self.graph.body.nodes:
            self._write_node(node)
        return self.write_outputs(*self._outputs())

    def name_of(self, value: Value, where: str) -> str:
        name = self.names.get(id(value))
        if name is None:
            raise RuntimeError(f"For 'export', {where} uses a value that can not be written to {self.format}.")
        return name

    def atom(self, atom, where: str) -> str:
        """The name in the file of a node's argument."""
        if isinstance(atom, Value):
            return self.name_of(atom, where)
        if isinstance(atom, Parameter):
            return self.write_parameter(atom)
        if isinstance(atom, (tuple, list)) and any(isinstance(a, (Value, Parameter)) for a in atom):
            return self.write_tuple([self.atom(a, where) for a in atom], where)
        return self.write_constant(atom, where)

    def _write_node(self, node) -> None:
        where = f"the op '{getattr(node.prim, 'name', node.kind)}' ({node.location or 'spore code'})"
        if node.kind == "load":
            self.names[id(node.outputs[0])] = self.write_parameter(node.param)
            return
        if node.kind == "const":
            self.names[id(node.outputs[0])] = self.write_constant(node.inputs[0], where)
            return
        if node.kind != "apply" or not hasattr(node.prim, "attrs") or not hasattr(node.prim, "infer"):
            raise RuntimeError(f"For 'export', {where}: a graph with '{node.kind}' nodes (control flow, side "
                               f"effects or fused kernels) can not be written to {self.format} yet.")
        for value, name in zip(node.outputs, self.write_apply(node, where)):
            if name is not None:
                self.names[id(value)] = name

    def _outputs(self) -> tuple[tuple, bool]:
        """The graph's output Values, and whether the network returns them as a tuple."""
        output = self.graph.output
        if isinstance(output, Value):
            return (output,), False
        if not (isinstance(output, (tuple, list)) and output and all(isinstance(o, Value) for o in output)):
            raise RuntimeError("For 'export', the network must return a Tensor or a tuple of Tensors computed from "
                               f"its inputs or Parameters, but it returns {output!r}.")
        return tuple(output), True
