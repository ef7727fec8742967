"""For execution only (`passes.prepare_for_execution`): a ReduceSum or ReduceMean of the
graph's body runs right after the node defining its last input, rather than where the
program put it, while that input is still in the cache. Autodiff emits a bias gradient,
the sum of the output gradient over the tokens, after the layer's two gradient products,
which stream megabytes through the cache meanwhile: in the Transformer step the
in-projection's bias sum of a (16, 128, 768) gradient takes 2 ms there, 1 ms right after
the gradient is made. The reduction is pure and only moves earlier, after all it reads:
same values; its input lives no longer than before.
"""
from __future__ import annotations

from .ir import Graph, Value, flat_values

_REDUCTIONS = ("ReduceSum", "ReduceMean")


def reduce_while_cached(graph: Graph) -> None:
    body = graph.body.nodes
    defined_at = {value: index for index, node in enumerate(body) for value in node.outputs}
    after: dict = {}
    for index, node in enumerate(body):
        if node.kind != "apply" or node.blocks or type(node.prim).__name__ not in _REDUCTIONS:
            continue
        read = [v for v in flat_values(node.inputs) if isinstance(v, Value)]
        if not read or not all(v in defined_at for v in read):
            continue
        last = max(defined_at[v] for v in read)
        if last < index - 1:
            after.setdefault(last, []).append(node)
    if not after:
        return
    moved = {id(node) for nodes in after.values() for node in nodes}
    reordered = []
    for index, node in enumerate(body):
        if id(node) not in moved:
            reordered.append(node)
        reordered.extend(after.get(index, ()))
    graph.body.nodes = reordered
