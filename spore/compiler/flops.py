"""FLOPs of compiled graphs, as MindSpore's `flops_collection` reports them: the matrix
products (MatMul, BatchMatMul and their kin) and the 1-D / 2-D convolutions of a graph, with
their gradients, each counted as 2 FLOPs per multiply-add from the shapes of its inputs and
outputs. Attention computed from those primitives is counted through its products.

The backward pass is counted as it is compiled: a gradient nothing uses (the input gradient
of a network's first layer) is not in the graph, so it costs nothing. spore never recomputes
a forward node in the backward pass, so the hardware FLOPs equal the model FLOPs, and it runs
one graph per device, so the shard FLOPs equal the full ones.
"""
from __future__ import annotations

import gc
import math

from .ir import Block, FusedKernel, Graph, Value

__all__ = ["flops_collection", "graph_flops", "latest_program"]


def _shape(atom) -> tuple:
    """The shape of a node's input or output (a graph value, a Parameter or a constant)."""
    return tuple(atom.spec.shape) if isinstance(atom, Value) else tuple(getattr(atom, "shape", ()))


def _is_static(shape: tuple) -> bool:
    return all(isinstance(d, int) and d >= 0 for d in shape)


def _product(out_shape: tuple, contracted: int) -> int:
    """A product whose every output element sums `contracted` multiply-adds."""
    return 2 * math.prod(out_shape) * contracted


def _matmul(node) -> int:
    a = _shape(node.inputs[0])
    contracted = a[-2] if node.prim.attrs.get("transpose_a") and len(a) > 1 else a[-1]
    return _product(_shape(node.outputs[0]), contracted)


def _dense(node) -> int:
    """Dense(x, w[, b]): x @ w^T, contracting x's last axis."""
    return _product(_shape(node.outputs[0]), _shape(node.inputs[0])[-1])


def _convolution(dout_shape: tuple, weight_shape: tuple, group: int) -> int:
    """A convolution (or its input / weight gradient) over the positions of `dout_shape`.
    As MindSpore counts it, each output element sums C_in * kernel multiply-adds: every
    input channel, also in a grouped convolution (where only C_in / group are read)."""
    return _product(dout_shape, math.prod(weight_shape[1:]) * group)


def _conv(node) -> int:
    """Conv(x, w) -> out."""
    return _convolution(_shape(node.outputs[0]), _shape(node.inputs[1]), node.prim.group)


def _conv_input_grad(node) -> int:
    """ConvBackpropInput / ConvTranspose(dout, w, input_size) -> dx."""
    return _convolution(_shape(node.inputs[0]), _shape(node.inputs[1]), node.prim.group)


def _conv_filter_grad(node) -> int:
    """ConvBackpropFilter(dout, x, filter_size) -> dw."""
    return _convolution(_shape(node.inputs[0]), _shape(node.outputs[0]), node.prim.group)


def _fused_conv_grads(node) -> int:
    """The input and weight gradients of one NCHW convolution, merged into one kernel call
    on (dout, x, w): two convolutions' worth (the group is C_in over w's channels)."""
    dout, x, w = (_shape(a) for a in node.inputs)
    return 2 * _convolution(dout, w, x[1] // w[1])


_COUNTERS = {
    "MatMul": _matmul, "BatchMatMul": _matmul, "MatMulExt": _dense, "Dense": _dense,
    "Conv1D": _conv, "Conv2D": _conv,
    "Conv1DBackpropInput": _conv_input_grad, "Conv2DBackpropInput": _conv_input_grad,
    "Conv1DTranspose": _conv_input_grad, "Conv2DTranspose": _conv_input_grad,
    "Conv1DBackpropFilter": _conv_filter_grad, "Conv2DBackpropFilter": _conv_filter_grad,
}


def _counter(node):
    if isinstance(node.prim, FusedKernel):
        merged = [p.name for p in node.prim.merged]
        if len(merged) == 1:   # one primitive, run by another kernel (another layout)
            return _COUNTERS.get(merged[0])
        return _fused_conv_grads if all(name in _COUNTERS for name in merged) else None
    return _COUNTERS.get(getattr(node.prim, "name", None))


def _block_flops(block: Block) -> tuple[int, bool]:
    """(FLOPs, whether a counted node has a dynamic shape) of a block and its sub-blocks
    (the body of a loop counted once)."""
    total, dynamic = 0, False
    for node in block.nodes:
        for sub in node.blocks.values():
            flops, sub_dynamic = _block_flops(sub)
            total, dynamic = total + flops, dynamic or sub_dynamic
        counter = _counter(node) if node.kind == "apply" else None
        if counter is None:
            continue
        shapes = [_shape(a) for a in node.inputs if isinstance(a, Value)] + [_shape(v) for v in node.outputs]
        if all(_is_static(s) for s in shapes):
            total += counter(node)
        else:
            dynamic = True
    return total, dynamic


def graph_flops(graph: Graph) -> tuple[float, float, float, float, bool]:
    """(full model FLOPs, full hardware FLOPs, shard model FLOPs, shard hardware FLOPs,
    is_dynamic_shape) of one compiled graph."""
    flops, dynamic = _block_flops(graph.body)
    flops = float(flops)
    return flops, flops, flops, flops, dynamic


def _compile_order(program) -> int:
    """Graph values are numbered as they are created: the later a graph was compiled, the
    higher its numbers."""
    graph = program.graph
    ids = [v.id for v in graph.inputs] + [v.id for node in graph.body.nodes for v in node.outputs]
    return max(ids, default=-1)


def latest_program(cell):
    """The program most recently compiled for `cell` (None when it never ran compiled)."""
    cache = cell.__dict__.get("_graph_cache")
    if cache is None or not cache.programs:
        return None
    return max(cache.programs.values(), key=_compile_order)


def _compiled_cells(phase: str) -> list:
    """The live Cells of `phase` that ran compiled. Compiled programs are kept by their
    Cells, not in a table, so the Cells are looked up among the objects Python tracks."""
    from ..nn.cell import Cell
    # type(), not isinstance(): some tracked objects answer `__class__` lookups with warnings.
    return [obj for obj in gc.get_objects()
            if issubclass(type(obj), Cell) and obj.phase == phase and latest_program(obj) is not None]


def flops_collection(phase="train"):
    """flops_collection(phase='train') -> (full_model_flops, full_hardware_flops,
    shard_model_flops, shard_hardware_flops, is_dynamic_shape)

    The FLOPs of the graph compiled last (in GRAPH_MODE) for a Cell whose `phase` is
    `phase` ('train' after `set_train()`, 'predict' after `set_train(False)`, or a name
    set through `Cell.phase`): its MatMul / BatchMatMul / Dense and Conv1D / Conv2D nodes,
    forward and backward (see the module's docstring).
    """
    if not isinstance(phase, str):
        raise TypeError(f"For 'flops_collection', the 'phase' must be a str, but got {type(phase).__name__}.")
    programs = [latest_program(cell) for cell in _compiled_cells(phase)]
    if not programs:
        raise RuntimeError(f"For 'flops_collection', no graph of phase '{phase}' has been compiled: run a Cell of "
                           f"that phase in GRAPH_MODE first.")
    return graph_flops(max(programs, key=_compile_order).graph)
