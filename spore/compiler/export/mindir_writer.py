"""Writing spore's graph IR as a MINDIR file that MindSpore loads.

Each `apply` node becomes a NodeProto that refers (`REF::<name>`) to a PRIMITIVE
carrying the spore Primitive's attributes, or for MindSpore's primitive functions a
PRIMITIVE_FUNCTION whose arguments follow the node's inputs; constant arguments become
`Constant` nodes, Parameters the graph's parameters (with their data), tuples of values
MakeTuple nodes, multi-output nodes TupleGetItem nodes. Every node records the shape and
dtype of what it computes (the `shape` attribute), as MindSpore's loader expects."""
from __future__ import annotations

import numpy as np

from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ...ops.operations.math_ops import _BinaryOp
from ..ir import Graph, Value
from . import op_mapping
from . import schema as s
from .graph_writer import GraphWriter, scalars_as_tensors
from .wire import bytes_field, float_field, message, varint_field

PRODUCER = ("0.1.1", "MindSpore", "2.7.1")


# ---- tensors and attributes ---------------------------------------------------------------
def _tensor_proto(shape, dtype, name: str = "", data: bytes | None = None, ref_key: str = "") -> bytes:
    parts = [varint_field(s.TENSOR_DIMS, d) for d in shape]
    parts.append(varint_field(s.TENSOR_DATA_TYPE, s.code_of(dtype)))
    if name:
        parts.append(bytes_field(s.TENSOR_NAME, name))
    if data is not None:
        parts.append(bytes_field(s.TENSOR_RAW_DATA, data))
    if ref_key:
        parts.append(bytes_field(s.TENSOR_REF_KEY, ref_key))
    return message(*parts)


def _tensor_bytes(tensor: Tensor) -> bytes:
    return np.ascontiguousarray(tensor.asnumpy(), dtype=s.numpy_type(tensor.dtype)).tobytes()


def attribute(name: str, value, where: str) -> bytes:
    named = [bytes_field(s.ATTR_NAME, name)] if name else []
    return message(*named, *_attribute_body(value, where))


def _attribute_body(value, where: str) -> list:
    if value is None:
        return [varint_field(s.ATTR_TYPE, s.A_NONE)]
    if isinstance(value, bool):
        return [varint_field(s.ATTR_I, int(value)), varint_field(s.ATTR_TYPE, s.A_BOOL)]
    if isinstance(value, int):
        return [varint_field(s.ATTR_I, value), varint_field(s.ATTR_TYPE, s.A_INT64)]
    if isinstance(value, float):
        # MindSpore's float scalars (epsilon, momentum...) are 32-bit.
        return [float_field(s.ATTR_F, value), varint_field(s.ATTR_TYPE, s.A_FLOAT)]
    if isinstance(value, str):
        return [bytes_field(s.ATTR_S, value), varint_field(s.ATTR_TYPE, s.A_STRING)]
    if isinstance(value, Tensor):
        # As MindSpore writes a constant Tensor: one named tensor with data, of type TENSORS.
        tensor = _tensor_proto(value.shape, value.dtype, "value0", _tensor_bytes(value))
        return [bytes_field(s.ATTR_TENSORS, tensor), varint_field(s.ATTR_TYPE, s.A_TENSORS)]
    if isinstance(value, (tuple, list)):
        kind = s.A_TUPLE if isinstance(value, tuple) else s.A_LIST
        items = [bytes_field(s.ATTR_VALUES, _element(v, where)) for v in value]
        return [varint_field(s.ATTR_TYPE, kind), *items]
    raise TypeError(f"For 'export', {where} has a value of type {type(value).__name__}, which MINDIR can not hold.")


def _element(value, where: str) -> bytes:
    """A tuple element: scalars in the repeated fields, as MindSpore writes them."""
    if isinstance(value, bool):
        return message(varint_field(s.ATTR_INTS, int(value)), varint_field(s.ATTR_TYPE, s.A_BOOL))
    if isinstance(value, int):
        return message(varint_field(s.ATTR_INTS, value), varint_field(s.ATTR_TYPE, s.A_INT64))
    if isinstance(value, str):
        return message(bytes_field(s.ATTR_STRINGS, value), varint_field(s.ATTR_TYPE, s.A_STRING))
    return attribute("", value, where)


def _shape_attribute(values: tuple, name: str = "shape", as_tuple: bool = False) -> bytes:
    """The abstract value of a node's output: a tensor's shape and dtype, or a tuple of them."""
    tensors = [_tensor_proto(v.spec.shape, v.spec.dtype) for v in values]
    named = [bytes_field(s.ATTR_NAME, name)] if name else []
    if len(tensors) == 1 and not as_tuple:
        body = [*(bytes_field(s.ATTR_TENSORS, t) for t in tensors), varint_field(s.ATTR_TYPE, s.A_TENSORS)]
    else:
        items = [message(bytes_field(s.ATTR_TENSORS, t), varint_field(s.ATTR_TYPE, s.A_TENSORS)) for t in tensors]
        body = [varint_field(s.ATTR_TYPE, s.A_TUPLE), *(bytes_field(s.ATTR_VALUES, i) for i in items)]
    return message(*named, *body)


# ---- the graph ----------------------------------------------------------------------------
class _Writer(GraphWriter):
    format = "MINDIR"

    def __init__(self, graph: Graph):
        super().__init__(graph)
        self.prefix = graph.name
        self.nodes: list[bytes] = []
        self.inputs: list[bytes] = []
        self.primitives: dict[str, bytes] = {}  # file name -> PrimitiveProto
        self.parameters: dict[str, bytes] = {}  # file name -> TensorProto
        self.counter = 0

    def _fresh(self, stem: str) -> str:
        self.counter += 1
        return f"{self.prefix}:{stem}:{self.counter}"

    def _node(self, op_type: str, inputs: list, output: str, shape_attr: bytes | None = None,
              attrs: tuple = ()) -> None:
        parts = [bytes_field(s.NODE_INPUT, i) for i in inputs]
        parts += [bytes_field(s.NODE_OUTPUT, output), bytes_field(s.NODE_NAME, output),
                  bytes_field(s.NODE_OP_TYPE, op_type)]
        if shape_attr is not None:
            parts.append(bytes_field(s.NODE_ATTRIBUTE, shape_attr))
        parts += [bytes_field(s.NODE_ATTRIBUTE, a) for a in attrs]
        self.nodes.append(message(*parts))

    def _primitive(self, op_type: str, attrs: dict, function: bool = False) -> str:
        name = f"{op_type}:{len(self.primitives) + 1}"
        where = f"the attribute of '{op_type}'"
        parts = [bytes_field(s.PRIM_NAME, name), bytes_field(s.PRIM_OP_TYPE, op_type)]
        parts += [bytes_field(s.PRIM_ATTRIBUTE, attribute(k, v, where)) for k, v in attrs.items()]
        prim_type = s.PRIMITIVE_FUNCTION if function else s.PRIMITIVE
        parts += [bytes_field(s.PRIM_INSTANCE_NAME, ""), varint_field(s.PRIM_TYPE, prim_type)]
        self.primitives[name] = message(*parts)
        return "REF::" + name

    def write_input(self, index: int, value: Value) -> str:
        name = f"{self.prefix}:input_{index}"
        self.inputs.append(message(bytes_field(s.VALUE_INFO_NAME, name),
                                   bytes_field(s.VALUE_INFO_TENSOR, _tensor_proto(value.spec.shape, value.spec.dtype))))
        return name

    def write_constant(self, value, where: str) -> str:
        name = self._fresh("Constant")
        self._node("Constant", [], name, attrs=(attribute("value", value, where),))
        return name

    def write_parameter(self, param: Parameter) -> str:
        name = f"{self.prefix}:{param.name}"
        if name not in self.parameters:
            self.parameters[name] = _tensor_proto(param.shape, param.dtype, name, _tensor_bytes(param), param.name)
        return name

    def write_tuple(self, names: list, where: str) -> str:
        name = self._fresh("MakeTuple")
        self._node(self._primitive("MakeTuple", {}), names, name)
        return name

    def write_apply(self, node, where: str) -> list:
        prim = op_mapping.for_export(node.prim)
        arguments = op_mapping.call_arguments(type(prim))
        atoms = scalars_as_tensors(node.inputs) if isinstance(prim, _BinaryOp) else node.inputs
        inputs = [self.atom(a if i >= len(arguments) else op_mapping.value_for_file(prim.name, arguments[i], a),
                            where) for i, a in enumerate(atoms)]
        output = self._fresh(prim.name)
        if op_mapping.is_function_op(prim):
            inputs += [self.write_constant(v, where) for v in op_mapping.function_arguments(prim)]
            op_type = self._primitive(prim.name, {}, function=True)
        else:
            op_type = self._primitive(prim.name, op_mapping.attributes_for_file(prim))
        self._node(op_type, inputs, output, _shape_attribute(node.outputs, as_tuple=node.tuple_output))
        if len(node.outputs) == 1 and not node.tuple_output:
            return [output]
        items = []
        for index, value in enumerate(node.outputs):
            item = self._fresh("TupleGetItem")
            self._node(self._primitive("TupleGetItem", {}), [output, self.write_constant(index, where)], item,
                       _shape_attribute((value,)))
            items.append(item)
        return items

    def write_outputs(self, outputs: tuple, is_tuple: bool) -> bytes:
        output = self._output(outputs, is_tuple)
        graph = message(
            *(bytes_field(s.GRAPH_NODE, n) for n in self.nodes),
            bytes_field(s.GRAPH_NAME, self.prefix),
            *(bytes_field(s.GRAPH_PARAMETER, p) for p in self.parameters.values()),
            *(bytes_field(s.GRAPH_INPUT, i) for i in self.inputs),
            bytes_field(s.GRAPH_OUTPUT, output))
        ir_version, producer, model_version = PRODUCER
        return message(
            bytes_field(s.MODEL_IR_VERSION, ir_version), bytes_field(s.MODEL_PRODUCER_NAME, producer),
            bytes_field(s.MODEL_MODEL_VERSION, model_version), bytes_field(s.MODEL_GRAPH, graph),
            varint_field(s.MODEL_LITTLE_ENDIAN, 1),
            *(bytes_field(s.MODEL_PRIMITIVES, p) for p in self.primitives.values()),
            varint_field(s.MODEL_MIND_IR_VERSION, s.MIND_IR_VERSION))

    def _output(self, outputs: tuple, is_tuple: bool) -> bytes:
        """The graph's output: one Tensor, or a tuple of Tensors made by a MakeTuple node."""
        if not is_tuple:
            (output,) = outputs
            return message(bytes_field(s.VALUE_INFO_NAME, self.names[id(output)]),
                           bytes_field(s.VALUE_INFO_TENSOR, _tensor_proto(output.spec.shape, output.spec.dtype)))
        name = self._fresh("MakeTuple")
        self._node(self._primitive("MakeTuple", {}), [self.names[id(o)] for o in outputs], name,
                   _shape_attribute(outputs, as_tuple=True))
        return message(bytes_field(s.VALUE_INFO_NAME, name), bytes_field(s.VALUE_INFO_DENOTATION, "Tuple"),
                       bytes_field(s.VALUE_INFO_ATTR_INFO, _shape_attribute(outputs, "", as_tuple=True)))


def write_graph(graph: Graph) -> bytes:
    """The MINDIR bytes of a traced spore graph."""
    return _Writer(graph).walk()
