"""Reading a MINDIR file into plain Python objects: the graph's nodes, inputs, outputs,
parameters and the primitives the nodes refer to.

Nothing in the file is executed: it is only decoded here; op_mapping.py turns the
declared ops into spore Primitives, and only those run."""
from __future__ import annotations

import math
import struct
from typing import NamedTuple

import numpy as np

from ...common.tensor import Tensor
from . import schema as s
from .wire import FIXED32, FIXED64, Fields, signed


class MindIRFormatError(RuntimeError):
    """A file that is not a valid MINDIR graph."""


class Monad:
    """The value of MindSpore's side-effect ordering tokens (UMonad / IOMonad)."""

    def __repr__(self) -> str:
        return "Monad"


MONAD = Monad()


class TensorInfo(NamedTuple):
    name: str
    shape: tuple
    dtype: object
    ref_key: str
    data: bytes | None


class NodeInfo(NamedTuple):
    op_type: str
    inputs: tuple
    output: str
    attrs: dict


class PrimitiveInfo(NamedTuple):
    op_type: str
    attrs: dict
    is_function: bool


class GraphInfo(NamedTuple):
    name: str
    inputs: tuple      # TensorInfo, without data
    outputs: tuple     # names of the values returned
    parameters: tuple  # TensorInfo, with data
    nodes: tuple       # NodeInfo in program order
    primitives: dict   # name in the file -> PrimitiveInfo
    mind_ir_version: int


def read_tensor(data: bytes, where: str) -> TensorInfo:
    fields = Fields(data)
    if fields.data(s.TENSOR_EXTERNAL_DATA) is not None:
        raise MindIRFormatError(f"{where}: tensors stored outside the file (external data) are not supported.")
    dtype = s.dtype_of(fields.integer(s.TENSOR_DATA_TYPE, 0), where)
    raw = fields.data(s.TENSOR_RAW_DATA)
    return TensorInfo(fields.text(s.TENSOR_NAME), tuple(fields.ints(s.TENSOR_DIMS)), dtype,
                      fields.text(s.TENSOR_REF_KEY), None if raw is None else bytes(raw))


def tensor_value(info: TensorInfo, where: str) -> Tensor:
    np_type = s.numpy_type(info.dtype)
    if any(d < 0 for d in info.shape):
        raise MindIRFormatError(f"{where}: tensor '{info.name}' with data has the shape {info.shape}, which has a "
                                f"negative dimension.")
    size = math.prod(info.shape)   # Python ints: a product of huge dimensions does not wrap around
    if info.data is None or len(info.data) != size * np_type.itemsize:
        got = 0 if info.data is None else len(info.data)
        raise MindIRFormatError(f"{where}: tensor '{info.name}' of shape {info.shape} and dtype {info.dtype} needs "
                                f"{size * np_type.itemsize} bytes of data, but the file holds {got}.")
    array = np.frombuffer(info.data, dtype=np_type).reshape(info.shape)
    return Tensor(array.astype(np_type.newbyteorder("="), copy=True), dtype=info.dtype)


def read_attribute(data: bytes, where: str) -> tuple[str, object]:
    """(name, Python value) of an AttributeProto."""
    fields = Fields(data)
    name = fields.text(s.ATTR_NAME)
    return name, _attribute_value(fields, f"{where}, attribute '{name}'")


def _attribute_value(fields: Fields, where: str):
    kind = fields.integer(s.ATTR_TYPE, 0)
    if kind in s.INTEGER_ATTRIBUTES:
        return signed(fields.integer(s.ATTR_I, 0))
    if kind == s.A_BOOL:
        return bool(fields.integer(s.ATTR_I, 0))
    if kind in (s.A_FLOAT, s.A_FLOAT16):
        return struct.unpack("<f", fields.fixed(s.ATTR_F, FIXED32, b"\0" * 4))[0]
    if kind == s.A_DOUBLE:
        return struct.unpack("<d", fields.fixed(s.ATTR_D, FIXED64, b"\0" * 8))[0]
    if kind == s.A_STRING:
        return fields.text(s.ATTR_S)
    if kind in (s.A_TUPLE, s.A_LIST):
        items = [_element(Fields(v), where) for v in fields.all(s.ATTR_VALUES)]
        return tuple(items) if kind == s.A_TUPLE else items
    if kind == s.A_TENSOR:
        return tensor_value(read_tensor(fields.data(s.ATTR_T, b""), where), where)
    if kind == s.A_TENSORS:
        # Tensors with data are values (a constant); without, abstract shapes and dtypes.
        tensors = [read_tensor(t, where) for t in fields.all(s.ATTR_TENSORS)]
        if tensors and all(t.data is not None for t in tensors):
            values = tuple(tensor_value(t, where) for t in tensors)
            return values[0] if len(values) == 1 else values
        return tuple(tensors)
    if kind in (s.A_UMONAD, s.A_IOMONAD):
        return MONAD
    if kind == s.A_NONE:
        return None
    raise MindIRFormatError(f"{where}: attribute type {kind} is not supported.")


def _element(fields: Fields, where: str):
    """An element of a tuple / list attribute: its value sits in the repeated fields."""
    kind = fields.integer(s.ATTR_TYPE, 0)
    if kind in s.INTEGER_ATTRIBUTES and fields.ints(s.ATTR_INTS):
        return fields.ints(s.ATTR_INTS)[0]
    if kind == s.A_STRING and fields.all(s.ATTR_STRINGS):
        return fields.texts(s.ATTR_STRINGS)[0]
    if kind == s.A_FLOAT and fields.floats(s.ATTR_FLOATS):
        return fields.floats(s.ATTR_FLOATS)[0]
    return _attribute_value(fields, where)


def _attributes(values: list, where: str) -> dict:
    return dict(read_attribute(a, where) for a in values)


def read_model(data: bytes, file_name: str) -> GraphInfo:
    """The main graph of a MINDIR file, decoded."""
    try:
        model = Fields(data)
        graph_data = model.data(s.MODEL_GRAPH)
        if graph_data is None:
            raise MindIRFormatError(f"The file '{file_name}' holds no MINDIR graph.")
        version = model.integer(s.MODEL_MIND_IR_VERSION, 0)
        if version > s.MIND_IR_VERSION:
            raise MindIRFormatError(f"The file '{file_name}' is of MindIR version {version}, whose ops spore does not "
                                    f"know: spore reads MindIR versions up to {s.MIND_IR_VERSION} (MindSpore 2.7.1's).")
        if model.all(s.MODEL_FUNCTIONS):
            raise MindIRFormatError(f"The file '{file_name}' holds sub-graphs (control flow or calls), which spore "
                                    f"can not load yet.")
        graph = Fields(graph_data)
        primitives = {}
        for prim_data in model.all(s.MODEL_PRIMITIVES):
            prim = Fields(prim_data)
            name = prim.text(s.PRIM_NAME)
            attrs = _attributes(prim.all(s.PRIM_ATTRIBUTE), f"'{file_name}', primitive '{name}'")
            primitives[name] = PrimitiveInfo(prim.text(s.PRIM_OP_TYPE), attrs,
                                             prim.integer(s.PRIM_TYPE, s.PRIMITIVE) == s.PRIMITIVE_FUNCTION)
        nodes = []
        for node_data in graph.all(s.GRAPH_NODE):
            node = Fields(node_data)
            outputs = node.texts(s.NODE_OUTPUT)
            where = f"'{file_name}', node '{node.text(s.NODE_NAME)}'"
            nodes.append(NodeInfo(node.text(s.NODE_OP_TYPE), tuple(node.texts(s.NODE_INPUT)),
                                  outputs[0] if outputs else node.text(s.NODE_NAME),
                                  _attributes(node.all(s.NODE_ATTRIBUTE), where)))
        inputs = tuple(_value_info(v, file_name) for v in graph.all(s.GRAPH_INPUT))
        outputs = tuple(Fields(v).text(s.VALUE_INFO_NAME) for v in graph.all(s.GRAPH_OUTPUT))
        parameters = tuple(read_tensor(p, f"'{file_name}'") for p in graph.all(s.GRAPH_PARAMETER))
        return GraphInfo(graph.text(s.GRAPH_NAME), inputs, outputs, parameters, tuple(nodes), primitives, version)
    except RecursionError:
        raise MindIRFormatError(f"The file '{file_name}' is not a valid MINDIR file: its attribute tuples nest "
                                f"deeper than Python's stack allows.") from None
    except (ValueError, IndexError, UnicodeDecodeError, struct.error) as bad:
        raise MindIRFormatError(f"The file '{file_name}' is not a valid MINDIR file (truncated or corrupt): "
                                f"{bad}") from None


def _value_info(data: bytes, file_name: str) -> TensorInfo:
    info = Fields(data)
    name = info.text(s.VALUE_INFO_NAME)
    tensors = info.all(s.VALUE_INFO_TENSOR)
    if not tensors:
        raise MindIRFormatError(f"'{file_name}': the graph input '{name}' is not a Tensor, which spore can not load.")
    return read_tensor(tensors[0], f"'{file_name}'")._replace(name=name)
