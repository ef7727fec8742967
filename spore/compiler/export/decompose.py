"""spore's own fused primitives, which neither MindSpore nor ONNX has, written as the
primitives they fuse before a traced graph is exported: the attention
(ScaledDotProductAttention, behind nn.MultiheadAttention) as softmax(q k^T * scale) v."""
from __future__ import annotations

from ...ops.operations import linalg_ops, nn_ops
from .. import passes
from ..builder import GraphBuilder, symbolic
from ..graph_calls import call, differentiate
from ..ir import Graph, flat_values


def _attention(prim, query, key, value):
    scores = linalg_ops.BatchMatMul(False, True)(query, key) * prim.scale
    return linalg_ops.BatchMatMul()(nn_ops.Softmax(-1)(scores), value)


_DECOMPOSITIONS = {"ScaledDotProductAttention": _attention}


def decompose_for_export(graph: Graph) -> Graph:
    """Each node of a primitive in _DECOMPOSITIONS whose first output is the only one used
    replaced by the nodes of its decomposition (the graph's top-level body)."""
    used = set(flat_values(graph.output))
    passes.mark_inputs(graph.body, used)
    nodes, replaced = [], {}
    for node in graph.body.nodes:
        decompose = _DECOMPOSITIONS.get(type(node.prim).__name__) if node.kind == "apply" else None
        if decompose is None or any(v in used for v in node.outputs[1:]):
            nodes.append(node)
            continue
        builder = GraphBuilder(call, differentiate)
        inputs = [symbolic(passes.substitute(v, replaced)) for v in node.inputs]
        with builder.active():
            result = builder.value_of(decompose(node.prim, *inputs))
        nodes += builder.block.nodes
        replaced[node.outputs[0]] = result
    graph.body.nodes = nodes
    passes.substitute_block(graph.body, replaced)
    graph.output = passes.substitute(graph.output, replaced)
    return graph
