"""Cell.get_func_graph_proto: the compiled graph as MindSpore's anf_ir.proto ModelProto
(decoded by the summary tests' protobuf wire reader, field numbers from anf_ir.proto),
None before the Cell is compiled, as on MindSpore 2.7.1."""
import struct

import numpy as np

from spore import Tensor, nn, ops
from tests.train.test_summary_record import _fields as fields

DT_INT64, DT_FLOAT32, DT_TENSOR, DT_TUPLE = 5, 11, 14, 31


def _text(message: dict, number: int) -> str:
    return message[number][0].decode()


def _tensor_type(type_proto: bytes) -> tuple:
    """(elem_type, shape) of a TypeProto holding a tensor type."""
    type_fields = fields(type_proto)
    assert type_fields[1] == [DT_TENSOR]
    tensor = fields(type_fields[2][0])
    dims = [fields(d)[1][0] for d in fields(tensor[2][0]).get(1, [])] if 2 in tensor else []
    return tensor[1][0], dims


def _graph(cell) -> dict:
    model = fields(cell.get_func_graph_proto())
    assert model[1] == [1]                      # ir_version: IR_VERSION
    return fields(model[4][0])


def _nodes(graph: dict) -> list[dict]:
    return [fields(n) for n in graph[1]]


def _constants(graph: dict) -> dict:
    return {_text(fields(c), 1): fields(fields(c)[2][0]) for c in graph.get(5, [])}


class DenseReLU(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 3)
        self.relu = nn.ReLU()

    def construct(self, x):
        return self.relu(self.dense(x)) * 2


class TwoOutputs(nn.Cell):
    def __init__(self):
        super().__init__()
        self.c = Tensor(np.array([1.5, 2.5], np.float32))

    def construct(self, x, y):
        return ops.reshape(x * 0.5, (2, 2)) + self.c, ops.reduce_sum(y, 1)


def test_none_before_compiling_and_in_pynative():
    net = DenseReLU()
    net(Tensor(np.ones((2, 4), np.float32)))
    assert net.get_func_graph_proto() is None


def test_a_network_with_parameters(graph_mode):
    net = DenseReLU()
    assert net.get_func_graph_proto() is None
    net(Tensor(np.ones((2, 4), np.float32)))
    graph = _graph(net)
    parameters = [fields(p) for p in graph[3]]
    assert [_text(p, 1) for p in parameters] == ["x", "dense.weight", "dense.bias"]
    assert [_tensor_type(p[2][0]) for p in parameters] == [(DT_FLOAT32, [2, 4]), (DT_FLOAT32, [3, 4]),
                                                           (DT_FLOAT32, [3])]
    nodes = _nodes(graph)
    assert [_text(n, 2) for n in nodes] == [str(i) for i in range(1, len(nodes) + 1)]
    loads = [n for n in nodes if _text(n, 3) == "Load"]
    assert [_text(fields(n[1][0]), 1) for n in loads] == ["dense.weight", "dense.bias"]
    relu = next(n for n in nodes if _text(n, 3) == "ReLU")
    assert (_text(relu, 4), _text(relu, 8)) == ("Default", "Default/ReLU-op0")
    assert _tensor_type(relu[6][0]) == (DT_FLOAT32, [2, 3])
    last = nodes[-1]
    assert _text(last, 3) == "Mul"
    assert [_text(fields(i), 1) for i in last[1]] == [_text(relu, 2), "cst1"]
    assert _constants(graph) == {"cst1": {1: [DT_INT64], 3: [2]}}
    (output,) = [fields(o) for o in graph[4]]
    assert _text(output, 1) == _text(last, 2)
    assert _tensor_type(output[2][0]) == (DT_FLOAT32, [2, 3])


def test_tuple_outputs_and_constants(graph_mode):
    net = TwoOutputs()
    net(Tensor(np.ones((4,), np.float32)), Tensor(np.ones((2, 3), np.float32)))
    graph = _graph(net)
    assert [_text(fields(p), 1) for p in graph[3]] == ["x", "y"]
    nodes = _nodes(graph)
    assert _text(nodes[-1], 3) == "MakeTuple"
    (output,) = [fields(o) for o in graph[4]]
    assert _text(output, 1) == _text(nodes[-1], 2)
    assert fields(output[2][0])[1] == [DT_TUPLE]
    constants = _constants(graph).values()
    assert {1: [DT_FLOAT32], 5: [struct.pack("<f", 0.5)]} in constants
    two = {1: [DT_INT64], 3: [2]}
    assert any(c[1] == [DT_TUPLE] and [fields(v) for v in c[18]] == [two, two] for c in constants)
    tensor = next(c for c in constants if c[1] == [DT_TENSOR])
    assert fields(tensor[8][0]) == {1: [2], 2: [DT_FLOAT32]}


def test_compile_gives_a_graph_in_pynative_too():
    net = nn.ReLU()
    net.compile(Tensor(np.ones((2, 4), np.float32)))
    graph = _graph(net)
    assert [_text(n, 3) for n in _nodes(graph)] == ["ReLU"]
