"""For execution only (`passes.prepare_for_execution`, after the other rewrites): memory
reuse. An elementwise node of the graph's body (Add, ReluGrad) whose result has the shape
and dtype of an input that dies there writes its result over that input
(`_kernels.in_place`: same arithmetic, same bits, one pass over fresh memory fewer). In a
training step these are the residual additions, forward and backward, and the ReLU
gradients, over the products' outputs.

An input dies at a node when nothing reads its storage afterwards. Storage is tracked in
classes of values that may share it: the outputs of a node whose kernel always returns
new tensors (FRESH) start a class of their own; any other node's outputs may be views of
its inputs, and join their class. A class is never written when it may hold storage from
outside the run or keep it beyond the node: a graph input, a Parameter's data, a constant,
what a node other than a pure `apply` reads or yields (side effects keep or rebind what
they read, branches and loops yield what they read), the graph's outputs, and values a
pass laid out otherwise than row-major.
"""
from __future__ import annotations

from .._kernels import in_place
from ..common import dtype as mstype
from ..common.tensor import Tensor
from .ir import FusedKernel, Graph, Value, flat_atoms, flat_values, values_read

# name: ((input position, kernel writing over that input), ...), in order of preference
_OVERWRITING = {
    "Add": ((0, in_place.add_over_first), (1, in_place.add_over_second)),
    "ReluGrad": ((0, in_place.relu_grad_over_gradient),),
}
# Primitives whose kernels return new tensors, never a view of an input.
_FRESH = frozenset({"Add", "Sub", "Mul", "ReluGrad", "LayerNormGrad", "MatMul", "MatMulExt", "Dense",
                    "BatchMatMul", "Concat"})
_FLOATS = frozenset({mstype.float16, mstype.bfloat16, mstype.float32, mstype.float64})


def reuse_dying_inputs(graph: Graph) -> None:
    storage = _Storage()
    for value in graph.inputs:
        storage.make_foreign(value)
    last_read = {}
    for index, node in enumerate(graph.body.nodes):
        read = list(dict.fromkeys(values_read(node)))
        for value in read:
            last_read[value] = index
        storage.track(node, read)
    for value in flat_values(graph.output):
        storage.make_foreign(value)
    for value in graph.relaid:
        storage.make_foreign(value)
    for index, node in enumerate(graph.body.nodes):
        choice = _overwritable_input(node, index, storage, last_read)
        if choice is not None:
            position, kernel = choice
            node.prim = FusedKernel(f"{node.prim.name}[in place]", kernel, (node.prim,))
            storage.join(node.outputs[0], node.inputs[position])


def _overwritable_input(node, index: int, storage, last_read: dict):
    """(position, kernel) of the input the node may write its result over, or None."""
    if node.kind != "apply" or type(node.prim).__name__ not in _OVERWRITING or len(node.outputs) != 1:
        return None
    spec = node.outputs[0].spec
    if spec.dtype not in _FLOATS or not all(type(d) is int for d in spec.shape):
        return None
    inputs = node.inputs
    if not all(isinstance(a, Value) and tuple(a.spec.shape) == tuple(spec.shape) and a.spec.dtype == spec.dtype
               for a in inputs):
        return None
    for position, kernel in _OVERWRITING[type(node.prim).__name__]:
        target = inputs[position]
        others = [a for i, a in enumerate(inputs) if i != position]
        if storage.dies_at(target, index, last_read) and not any(storage.same(target, a) for a in others):
            return position, kernel
    return None


def _is_fresh(node) -> bool:
    prim = node.prim
    if isinstance(prim, FusedKernel):
        prim = prim.merged[0]      # the products on oneDNN, with or without their ReLU
        return type(prim).__name__ in ("Dense", "MatMul", "MatMulExt")
    return type(prim).__name__ in _FRESH


class _Storage:
    """Union-find over values: classes of values that may share storage, and whether a
    class may hold storage that must not be written (foreign)."""

    def __init__(self):
        self._parent: dict = {}
        self._foreign: set = set()
        self._members: dict = {}

    def _root(self, value):
        parent = self._parent.setdefault(value, value)
        if parent is value:
            self._members.setdefault(value, [value])
            return value
        root = self._root(parent)
        self._parent[value] = root
        return root

    def join(self, a, b) -> None:
        ra, rb = self._root(a), self._root(b)
        if ra is rb:
            return
        self._parent[rb] = ra
        self._members[ra] += self._members.pop(rb)
        if rb in self._foreign:
            self._foreign.add(ra)

    def same(self, a, b) -> bool:
        return isinstance(b, Value) and self._root(a) is self._root(b)

    def make_foreign(self, value) -> None:
        self._foreign.add(self._root(value))

    def track(self, node, read: list) -> None:
        """The classes of the node's outputs, from what it reads."""
        outputs = list(node.outputs)
        for value in outputs:
            self._root(value)
        pure_apply = node.kind == "apply" and not getattr(node.prim, "state_positions", ())
        if pure_apply and _is_fresh(node):
            return
        for value in outputs:
            for source in read:
                self.join(value, source)
        outside = any(isinstance(a, Tensor) for a in flat_atoms(node.inputs))
        if not pure_apply or outside or not read:
            for value in outputs + read:
                self.make_foreign(value)

    def dies_at(self, value, index: int, last_read: dict) -> bool:
        root = self._root(value)
        return root not in self._foreign and all(last_read.get(m, -1) <= index for m in self._members[root])
