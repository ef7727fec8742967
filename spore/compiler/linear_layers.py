"""For execution only (`passes.prepare_for_execution`): large float32 linear layers and
the input gradients their bprops emit run on oneDNN's inner-product kernel
(`_kernels.onednn_linear`), which is faster than MKL's sgemm for these products on this
CPU, and a ReLU that is the only reader of a linear layer's output is applied by the
product's own pass (one pass over the activation less, and one buffer).

- `Dense(x, w, b)` with `x` of rank >= 2, 2-D `w` and a bias of shape (out,) or none;
- `MatMulExt(a, b)` with `a` of rank >= 2 and 2-D `b` (Dense's input gradient `dy @ w`);
- `MatMul(a, b)` without `transpose_a` (a transposed left operand is a weight gradient,
  a sum over the rows, which oneDNN does no faster).

Only products of at least `onednn_linear.MIN_MULTIPLY_ADDS` multiply-adds with every
shape known; the rest keep their kernels.
"""
from __future__ import annotations

import math

from .._kernels import onednn_linear
from ..common import dtype as mstype
from .ir import Block, FusedKernel, Graph, Value, flat_values


def run_linear_layers_on_onednn(graph: Graph) -> None:
    if not onednn_linear.available():
        return
    readers: dict = {}
    _count_readers(graph.body, readers)
    for value in flat_values(graph.output):
        readers[value] = readers.get(value, 0) + 2     # an output is read outside too
    _relay_block(graph.body, readers)


def _count_readers(block: Block, readers: dict) -> None:
    for node in block.nodes:
        for value in flat_values(node.inputs):
            readers[value] = readers.get(value, 0) + 1
        for sub in node.blocks.values():
            _count_readers(sub, readers)
            for value in flat_values(sub.results):
                readers[value] = readers.get(value, 0) + 1


def _relay_block(block: Block, readers: dict) -> None:
    relu_of = {}
    for node in block.nodes:
        for sub in node.blocks.values():
            _relay_block(sub, readers)
        if _is_relu(node) and isinstance(node.inputs[0], Value):
            relu_of[node.inputs[0]] = node
    fused_relus = set()
    for node in block.nodes:
        kernel = _onednn_kernel(node)
        if kernel is None:
            continue
        merged = node.prim.merged if isinstance(node.prim, FusedKernel) else (node.prim,)
        relu = relu_of.get(node.outputs[0]) if kernel is onednn_linear.linear else None
        if relu is not None and readers.get(node.outputs[0]) == 1:
            node.prim = FusedKernel(f"{node.prim.name}+{relu.prim.name}[onednn]", onednn_linear.linear_relu,
                                    merged + (relu.prim,))
            node.outputs = relu.outputs
            fused_relus.add(id(relu))
        else:
            node.prim = FusedKernel(f"{node.prim.name}[onednn]", kernel, merged)
    if fused_relus:
        block.nodes = [node for node in block.nodes if id(node) not in fused_relus]


def _is_relu(node) -> bool:
    return node.kind == "apply" and type(node.prim).__name__ == "ReLU"


def _onednn_kernel(node):
    """The oneDNN kernel computing `node`'s product, or None when it keeps its own."""
    if node.kind != "apply" or len(node.outputs) != 1:
        return None
    name = type(node.prim).__name__
    inputs = node.inputs
    if name == "Dense" and len(inputs) in (2, 3):
        x, w = inputs[:2]
        b = inputs[2] if len(inputs) == 3 else None
        if _rank(x) < 2 or _rank(w) != 2 or (b is not None and _shape(b) != _shape(w)[:1]):
            return None
        kernel = onednn_linear.linear
    elif name == "MatMulExt" and len(inputs) == 2:
        x, w = inputs
        if _rank(x) < 2 or _rank(w) != 2:
            return None
        kernel = onednn_linear.matmul
    elif name == "MatMul" and not node.prim.transpose_a:
        x, w = inputs
        kernel = onednn_linear.linear if node.prim.transpose_b else onednn_linear.matmul
    else:
        return None
    operands = inputs if name != "Dense" or b is not None else (x, w)
    if not all(_dtype(a) == mstype.float32 for a in operands):
        return None
    shapes = [_shape(x), _shape(w), node.outputs[0].spec.shape]
    if not all(type(d) is int for shape in shapes for d in shape):
        return None
    contraction = shapes[0][-1]
    if math.prod(shapes[2]) * contraction < onednn_linear.MIN_MULTIPLY_ADDS:
        return None
    return kernel


def _shape(atom):
    return tuple(atom.spec.shape) if isinstance(atom, Value) else tuple(getattr(atom, "shape", (None,)))


def _rank(atom) -> int:
    return len(_shape(atom))


def _dtype(atom):
    return atom.spec.dtype if isinstance(atom, Value) else getattr(atom, "dtype", None)
