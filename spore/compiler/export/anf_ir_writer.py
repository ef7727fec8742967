"""A compiled graph as MindSpore's `anf_ir.proto` ModelProto: the graph description that
`Cell.get_func_graph_proto` returns (and MindInsight reads), written without protobuf.

Messages and fields written: ModelProto (ir_version 1, graph 4); GraphProto (node 1, name 2,
parameters 3, outputs 4, const_vals 5); NodeProto (input 1, name 2, op_type 3, scope 4,
output_type 6, full_name 8); InputProto (name 1, type 2: data edges only); ParameterProto
and OutputProto (name 1, type 2); NamedValueProto (key 1, value 2); ValueProto (dtype 1,
bool_val 2, int_val 3, float_val 5, str_val 7, tensor_val 8, values 18); TypeProto
(data_type 1, tensor_type 2, sequence_type 3) with its Tensor (elem_type 1, shape 2) and
Sequence (elem_types 1); TensorShapeProto (dim 1, Dimension.size 1); TensorProto (dims 1,
data_type 2, as MindSpore: a constant Tensor's description, not its data).

As in MindSpore: nodes are named "1", "2", ... in program order, graph inputs and
Parameters by their names, constants "cst1", "cst2", ... (one per distinct value), and a
node's full name is "Default/<op>-op<k>", k counting the nodes of that op."""
from __future__ import annotations

from ...common import dtype as mstype
from ...common.parameter import Parameter
from ...common.protobuf_wire import bytes_field, float_field, string_field, varint_field
from ...common.tensor import Tensor
from ..ir import Graph, NumpyOutput, ScalarOutput, Value, flat_values

IR_VERSION = 1
_SCOPE = "Default"

# anf_ir.proto's DataType
DT_BOOL, DT_INT64, DT_FLOAT32, DT_STRING, DT_TENSOR = 1, 5, 11, 13, 14
DT_TUPLE, DT_LIST, DT_NONE = 31, 32, 34
_ELEMENT_TYPES = {
    mstype.bool_: 1, mstype.int8: 2, mstype.int16: 3, mstype.int32: 4, mstype.int64: 5, mstype.uint8: 6,
    mstype.uint16: 7, mstype.uint32: 8, mstype.uint64: 9, mstype.float16: 10, mstype.float32: 11,
    mstype.float64: 12, mstype.complex64: 43, mstype.complex128: 44, mstype.bfloat16: 46,
}


def _tensor_type(shape: tuple, dtype) -> bytes:
    dims = b"".join(bytes_field(1, varint_field(1, d)) for d in shape)
    tensor = varint_field(1, _ELEMENT_TYPES.get(dtype, 0)) + bytes_field(2, dims)
    return varint_field(1, DT_TENSOR) + bytes_field(2, tensor)


def _value_type(value: Value) -> bytes:
    spec = value.spec
    if hasattr(spec, "shape") and hasattr(spec, "dtype"):
        return _tensor_type(spec.shape, spec.dtype)
    return b""


def _tuple_type(values) -> bytes:
    elements = b"".join(bytes_field(1, _value_type(v)) for v in values)
    return varint_field(1, DT_TUPLE) + bytes_field(3, elements)


def _holds_graph_values(atoms) -> bool:
    return any(isinstance(a, (Value, Parameter, NumpyOutput, ScalarOutput))
               or (isinstance(a, (tuple, list)) and _holds_graph_values(a)) for a in atoms)


def constant_value(value) -> bytes:
    """The ValueProto of a constant node input."""
    if value is None:
        return varint_field(1, DT_NONE)
    if isinstance(value, bool):
        return varint_field(1, DT_BOOL) + varint_field(2, value)
    if isinstance(value, int):
        return varint_field(1, DT_INT64) + varint_field(3, value & 0xFFFFFFFFFFFFFFFF)
    if isinstance(value, float):
        return varint_field(1, DT_FLOAT32) + float_field(5, value)
    if isinstance(value, Tensor):
        dims = b"".join(varint_field(1, d) for d in value.shape)
        return varint_field(1, DT_TENSOR) + bytes_field(8, dims + varint_field(2, _ELEMENT_TYPES.get(value.dtype, 0)))
    if isinstance(value, (tuple, list)):
        return (varint_field(1, DT_TUPLE if isinstance(value, tuple) else DT_LIST)
                + b"".join(bytes_field(18, constant_value(v)) for v in value))
    return varint_field(1, DT_STRING) + string_field(7, str(value))


class AnfIrWriter:
    """Writes one graph; `model()` gives the ModelProto's bytes."""

    def __init__(self, graph: Graph, input_names: list[str]):
        self.graph = graph
        self.names: dict[int, str] = {}        # id(Value) -> name
        self.nodes: list[bytes] = []
        self.parameters: list[bytes] = []
        self.parameter_names: set[str] = set()
        self.constants: dict[bytes, str] = {}  # ValueProto -> key
        self.op_counts: dict[str, int] = {}
        for value, name in zip(graph.inputs, input_names):
            self.names[id(value)] = name
            self.parameters.append(string_field(1, name) + bytes_field(2, _value_type(value)))

    def model(self) -> bytes:
        for node in self.graph.body.nodes:
            self._node(node)
        outputs = list(flat_values(self.graph.output))
        if len(outputs) == 1 and not isinstance(self.graph.output, (tuple, list)):
            output_name, output_type = self._input(outputs[0]), _value_type(outputs[0])
        else:
            output_name = self._add_node("MakeTuple", [self._input(v) for v in outputs], _tuple_type(outputs))
            output_type = _tuple_type(outputs)
        graph = (b"".join(bytes_field(1, n) for n in self.nodes) + string_field(2, self.graph.name)
                 + b"".join(bytes_field(3, p) for p in self.parameters)
                 + bytes_field(4, string_field(1, output_name) + bytes_field(2, output_type))
                 + b"".join(bytes_field(5, string_field(1, key) + bytes_field(2, value))
                            for value, key in self.constants.items()))
        return varint_field(1, IR_VERSION) + bytes_field(4, graph)

    def _node(self, node) -> None:
        if node.kind == "load":
            self.names[id(node.outputs[0])] = self._add_node("Load", [self._parameter(node.param)],
                                                              _value_type(node.outputs[0]))
            return
        if node.kind == "const":
            self.names[id(node.outputs[0])] = self._constant(node.inputs[0])
            return
        op = getattr(node.prim, "name", None) or node.kind.capitalize()
        inputs = [self._input(atom) for atom in node.inputs]
        if len(node.outputs) == 1:
            self.names[id(node.outputs[0])] = self._add_node(op, inputs, _value_type(node.outputs[0]))
            return
        whole = self._add_node(op, inputs, _tuple_type(node.outputs))
        for index, value in enumerate(node.outputs):
            self.names[id(value)] = self._add_node("TupleGetItem", [whole, self._constant(index)], _value_type(value))

    def _input(self, atom) -> str:
        if isinstance(atom, (NumpyOutput, ScalarOutput)):
            atom = atom.value
        if isinstance(atom, Value):
            return self.names[id(atom)]
        if isinstance(atom, Parameter):
            return self._parameter(atom)
        if isinstance(atom, (tuple, list)) and _holds_graph_values(atom):
            return self._add_node("MakeTuple", [self._input(a) for a in atom], b"")
        return self._constant(atom)

    def _parameter(self, param: Parameter) -> str:
        if param.name not in self.parameter_names:
            self.parameter_names.add(param.name)
            self.parameters.append(string_field(1, param.name) + bytes_field(2, _tensor_type(param.shape, param.dtype)))
        return param.name

    def _constant(self, value) -> str:
        proto = constant_value(value)
        if proto not in self.constants:
            self.constants[proto] = f"cst{len(self.constants) + 1}"
        return self.constants[proto]

    def _add_node(self, op: str, inputs: list[str], output_type: bytes) -> str:
        name = str(len(self.nodes) + 1)
        count = self.op_counts.get(op, 0)
        self.op_counts[op] = count + 1
        self.nodes.append(b"".join(bytes_field(1, string_field(1, i)) for i in inputs) + string_field(2, name)
                          + string_field(3, op) + string_field(4, _SCOPE) + bytes_field(6, output_type)
                          + string_field(8, f"{_SCOPE}/{op}-op{count}"))
        return name


def graph_proto(graph: Graph, argument_names: list[str], varargs: str = "input") -> bytes:
    """The anf_ir ModelProto of `graph`; its inputs are named `argument_names` in order, and
    those past them (a `*varargs` argument's) "<varargs>0", "<varargs>1", ..., as MindSpore."""
    names = list(argument_names)[:len(graph.inputs)]
    names += [f"{varargs}{i}" for i in range(len(graph.inputs) - len(names))]
    return AnfIrWriter(graph, names).model()
