"""Writing spore's graph IR as an ONNX model, the second backend over graph_writer's walk.

The model follows what MindSpore 2.7.1 writes: opset 11, IR version 4, producer
"MindSpore" "1.0", the graph inputs named after the arguments of the Cell's `construct`,
Parameters as initializers under their names. Each primitive becomes the ONNX nodes
onnx_ops.py lists for it. Building the protobuf messages needs the `onnx` package (the
'export' extra), imported only when an ONNX file is written."""
from __future__ import annotations

import numpy as np

from ...common import dtype as mstype
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ..ir import Graph, Value
from . import onnx_ops
from .graph_writer import GraphWriter

OPSET = 11
IR_VERSION = 4
PRODUCER = ("MindSpore", "1.0")


def onnx_package():
    """The `onnx` module, or an ImportError that says how to install it."""
    try:
        import onnx
    except ImportError:
        raise ImportError("For 'export', writing the 'ONNX' format needs the 'onnx' package, which is not "
                          "installed: install spore's 'export' extra (pip install 'spore[export]') or "
                          "pip install onnx.") from None
    return onnx


class OnnxWriter(GraphWriter):
    format = "ONNX"

    def __init__(self, graph: Graph, input_names: list[str]):
        super().__init__(graph)
        self.onnx = onnx_package()
        self.input_names = input_names
        self.inputs: list = []
        self.nodes: list = []
        self.initializers: dict[str, object] = {}   # name -> TensorProto
        self.dtypes: dict[str, object] = {}         # name in the file -> spore dtype
        self.counter = 0

    # ---- building blocks for onnx_ops ------------------------------------------------------
    def fresh(self, stem: str = "") -> str:
        self.counter += 1
        return f"{self.counter}{stem}"

    def emit(self, op_type: str, inputs: list, dtype, outputs: int = 1, **attrs) -> list[str]:
        """Append one ONNX node; the names of its outputs (all of dtype `dtype`)."""
        names = [self.fresh() for _ in range(outputs)]
        self.nodes.append(self.onnx.helper.make_node(op_type, inputs, names, name=f"{names[0]}{op_type}", **attrs))
        for name in names:
            self.dtypes[name] = dtype
        return names

    def tensor_type(self, dtype, where: str) -> int:
        try:
            return self.onnx.helper.np_dtype_to_tensor_dtype(np.dtype(mstype.dtype_to_nptype(dtype)))
        except (KeyError, TypeError, ValueError):
            raise TypeError(f"For 'export', {where} has a Tensor of dtype {dtype}, which ONNX can not hold.") from None

    def initializer(self, array: np.ndarray, dtype, name: str = "") -> str:
        name = name or self.fresh("_const")
        if name not in self.initializers:
            self.initializers[name] = self.onnx.numpy_helper.from_array(np.ascontiguousarray(array), name)
            self.dtypes[name] = dtype
        return name

    def int64s(self, values) -> str:
        """A constant 1-D int64 tensor (shapes, repeats)."""
        return self.initializer(np.asarray(values, np.int64).reshape(-1), mstype.int64)

    def dtype_of(self, name: str):
        return self.dtypes[name]

    def cast(self, name: str, dtype, where: str) -> str:
        """`name` converted to `dtype` (itself when it has that dtype already)."""
        if self.dtype_of(name) == dtype:
            return name
        return self.emit("Cast", [name], dtype, to=self.tensor_type(dtype, where))[0]

    # ---- the GraphWriter backend ------------------------------------------------------------
    def write_input(self, index: int, value: Value) -> str:
        name = self.input_names[index] if index < len(self.input_names) else f"input_{index}"
        where = f"the input '{name}'"
        self.inputs.append(self.onnx.helper.make_tensor_value_info(
            name, self.tensor_type(value.spec.dtype, where), list(value.spec.shape)))
        self.dtypes[name] = value.spec.dtype
        return name

    def write_parameter(self, param: Parameter) -> str:
        return self.initializer(param.asnumpy(), param.dtype, param.name)

    def write_constant(self, value, where: str) -> str:
        if isinstance(value, Tensor):
            self.tensor_type(value.dtype, where)
            return self.initializer(value.asnumpy(), value.dtype)
        if isinstance(value, (bool, int, float)):
            dtype = mstype.bool_ if isinstance(value, bool) else mstype.int64 if isinstance(value, int) else \
                mstype.float32
            return self.initializer(np.asarray(value, mstype.dtype_to_nptype(dtype)), dtype)
        raise RuntimeError(f"For 'export', {where} takes the constant {value!r} as a Tensor input, which can not "
                           f"be written to ONNX.")

    def write_tuple(self, names: list, where: str) -> str:
        raise RuntimeError(f"For 'export', {where} takes a tuple of Tensors as one input, which can not be written "
                           f"to ONNX.")

    def write_apply(self, node, where: str) -> list:
        return onnx_ops.convert(self, node, where)

    def write_outputs(self, outputs: tuple, is_tuple: bool):
        helper = self.onnx.helper
        graph_outputs, used = [], set(self.input_names) | set(self.initializers)
        for value in outputs:
            name = self.names[id(value)]
            if name in used:   # an ONNX graph output is produced by a node, once
                name = self.emit("Identity", [name], value.spec.dtype)[0]
            used.add(name)
            graph_outputs.append(helper.make_tensor_value_info(
                name, self.tensor_type(value.spec.dtype, "the output"), list(value.spec.shape)))
        graph = helper.make_graph(self.nodes, self.graph.name, self.inputs, graph_outputs,
                                  initializer=list(self.initializers.values()))
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)],
                                  producer_name=PRODUCER[0], producer_version=PRODUCER[1])
        model.ir_version = IR_VERSION
        return model.SerializeToString()


def write_graph(graph: Graph, input_names: list[str]) -> bytes:
    """The ONNX bytes of a traced spore graph, its inputs named `input_names`."""
    return OnnxWriter(graph, input_names).walk()
