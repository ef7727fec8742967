"""Optimization passes over a built graph. (Inlining, constant folding and the choice of
branches with constant conditions already happened while the parser built the graph.)

- common subexpression elimination: a pure primitive applied again to the same inputs
  with the same attributes reuses the first result;
- dead code elimination: nodes whose results nothing uses are dropped, except side
  effects, which keep their place in program order.
"""
from __future__ import annotations

from .ir import Block, Graph, Value


def eliminate_common_subexpressions(graph: Graph) -> None:
    replaced: dict = {}
    _cse_block(graph.body, {}, replaced)
    graph.output = _substitute(graph.output, replaced)


def _cse_block(block: Block, seen: dict, replaced: dict) -> None:
    kept = []
    for node in block.nodes:
        node.inputs = _substitute(node.inputs, replaced)
        for sub in node.blocks.values():
            _cse_block(sub, dict(seen), replaced)
        if node.kind == "apply" and node.prim.pure:
            key = (type(node.prim), repr(node.prim.attrs), _key(node.inputs))
            previous = seen.get(key)
            if previous is not None:
                replaced.update(zip(node.outputs, previous.outputs))
                continue
            seen[key] = node
        kept.append(node)
    block.nodes = kept
    block.results = _substitute(block.results, replaced)


def _key(atoms):
    if isinstance(atoms, Value):
        return atoms.id
    if type(atoms) in (tuple, list):
        return (type(atoms).__name__,) + tuple(_key(a) for a in atoms)
    if isinstance(atoms, (int, float, str, bool, type(None))):
        return (type(atoms).__name__, atoms)
    return ("object", id(atoms))


def _substitute(atoms, replaced: dict):
    if isinstance(atoms, Value):
        return replaced.get(atoms, atoms)
    if type(atoms) in (tuple, list):
        return type(atoms)(_substitute(a, replaced) for a in atoms)
    return atoms


def eliminate_dead_code(graph: Graph) -> None:
    live: set = set()
    _mark(graph.output, live)
    _dce_block(graph.body, live)


def _dce_block(block: Block, live: set) -> None:
    """Drop the nodes of `block` whose results nothing live uses, keeping side effects."""
    _mark(block.results, live)
    kept = []
    for node in reversed(block.nodes):
        keep = _has_effect(node) or any(v in live for v in node.outputs)
        if keep:
            for sub in node.blocks.values():
                _dce_block(sub, live)
            kept.append(node)
            _mark(node.inputs, live)
    block.nodes = kept[::-1]


def _has_effect(node) -> bool:
    return node.kind == "effect" or any(_has_effect(n) for sub in node.blocks.values() for n in sub.nodes)


def _mark(atoms, live: set) -> None:
    if isinstance(atoms, Value):
        live.add(atoms)
    elif type(atoms) in (tuple, list):
        for a in atoms:
            _mark(a, live)


def optimize(graph: Graph) -> Graph:
    eliminate_common_subexpressions(graph)
    eliminate_dead_code(graph)
    return graph
