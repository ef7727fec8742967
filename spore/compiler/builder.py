"""Building a graph: symbolic Tensors, and the Primitive-call interceptor that turns
calls on them into IR nodes.

While a graph is built, every Primitive call comes here. A call whose Tensor inputs are
all known (constants) runs at once: that is constant folding. A call that touches a
symbolic Tensor or a Parameter becomes a node: its output shapes and dtypes come from
the Primitive's `infer`, so a shape error surfaces now, at the user's line. spore's own
code (layers, functional ops, bprops) simply runs on symbolic Tensors; the user's code is
parsed (parser.py) and calls back into the builder for every call it makes.
"""
from __future__ import annotations

import contextlib

from ..common import graph_handoff
from ..common.parameter import Parameter
from ..common.tensor import Tensor
from ..ops import primitive as _primitive
from ..ops.operations.debug_ops import HookBackward
from ..ops.primitive import TensorSpec
from .ir import Block, Node, Value


class GraphError(RuntimeError):
    """Code that Graph mode can not compile."""


class SymbolicTensor(Tensor):
    """A Tensor whose value exists only when the graph runs: it has a shape and a dtype,
    and operations on it add nodes to the graph. `_node` holds its ir.Value (so that code
    rebinding a Tensor, such as `x[i] = v`, rebinds a symbolic one too)."""

    __slots__ = ()

    @property
    def shape(self) -> tuple:
        return self._node.spec.shape

    @property
    def dtype(self):
        return self._node.spec.dtype

    @property
    def ndim(self) -> int:
        return len(self._node.spec.shape)

    def _data(self):
        raise unknown_value(self)

    def asnumpy(self):
        """A GraphArray: the value can only become a Tensor again (`tensor(x.asnumpy())`)."""
        return GraphArray(self)

    def __bool__(self) -> bool:
        return self._data()

    def __repr__(self) -> str:
        return f"Tensor(shape={list(self.shape)}, dtype={self.dtype}, value=<graph value {self._node!r}>)"

    __str__ = __repr__


def unknown_value(tensor: SymbolicTensor) -> GraphError:
    return GraphError(f"The value of a Tensor (shape={list(tensor.shape)}, dtype={tensor.dtype}) computed in the "
                      f"graph is not known when the graph is compiled; only its shape and dtype are. Python "
                      f"and NumPy code that needs the value (asnumpy(), bool(), int(), np.array(...)) can "
                      f"only run on constants in Graph mode.")


class GraphArray:
    """`asnumpy()` of a symbolic Tensor: a NumPy array that exists only when the graph
    runs. Building a Tensor from it (`Tensor(a, dtype)`, `tensor(a)`) gives the graph
    value back (cast to dtype); any use that needs the numbers raises GraphError."""

    __slots__ = ("tensor",)

    def __init__(self, tensor: SymbolicTensor):
        self.tensor = tensor

    def _needs_the_value(self, *args, **kwargs):
        raise unknown_value(self.tensor)

    __array__ = __getattr__ = __getitem__ = __len__ = __iter__ = __bool__ = __int__ = __float__ = __index__ = \
        __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = __truediv__ = __rtruediv__ = __neg__ = \
        __lt__ = __le__ = __gt__ = __ge__ = _needs_the_value


def symbolic(value: Value) -> SymbolicTensor:
    t = object.__new__(SymbolicTensor)
    t._t = None
    t._init = None
    t._node = value
    return t


def is_dynamic(value) -> bool:
    """Whether `value` (or anything inside a tuple / list) is known only at run time."""
    if isinstance(value, (SymbolicTensor, Parameter)):
        return True
    if type(value) in (tuple, list):
        return any(is_dynamic(v) for v in value)
    return False


class GraphBuilder:
    """Collects nodes into blocks while a graph is built."""

    def __init__(self, call):
        self.call = call
        """call(fn, args, kwargs): how code being compiled calls a function (the parser
        reads user functions); autodiff calls custom bprops through it."""
        self.blocks: list[Block] = [Block()]
        self.load_levels: list[dict] = [{}]
        self.location = ""

    @property
    def block(self) -> Block:
        return self.blocks[-1]

    # ---- blocks and parameter loads -------------------------------------------------------
    @contextlib.contextmanager
    def nested(self, block: Block, fresh_loads: bool = False):
        """Emit into `block` (a branch or loop body); loads made inside stay inside.
        With fresh_loads, Parameters read inside get new loads even if read before (so
        that autodiff finds every read of a weight inside the function it differentiates)."""
        self.blocks.append(block)
        self.load_levels.append({"barrier": True} if fresh_loads else {})
        try:
            yield block
        finally:
            self.blocks.pop()
            self.load_levels.pop()

    @contextlib.contextmanager
    def fresh_loads(self):
        self.load_levels.append({"barrier": True})
        try:
            yield
        finally:
            self.load_levels.pop()

    def load(self, param: Parameter) -> Value:
        key = id(param)
        for level in reversed(self.load_levels):
            if key in level:
                return level[key]
            if "barrier" in level:
                break
        param._data()
        value = Value(TensorSpec(param.shape, param.dtype))
        self.block.nodes.append(Node("load", None, (), (value,), param=param))
        self.load_levels[-1][key] = value
        return value

    def constant(self, tensor: Tensor) -> Value:
        """A known Tensor as a value of the graph (so that it can be differentiated)."""
        value = Value(TensorSpec(tensor.shape, tensor.dtype))
        self.block.nodes.append(Node("const", None, (tensor,), (value,)))
        return value

    def value_of(self, tensor) -> Value:
        if isinstance(tensor, SymbolicTensor):
            return tensor._node
        if isinstance(tensor, Parameter):
            return self.load(tensor)
        return self.constant(tensor)

    # ---- primitive calls ----------------------------------------------------------------
    def intercept(self, prim, args: tuple):
        if isinstance(prim, HookBackward):  # hooks do not run in compiled code
            return args[0] if len(args) == 1 else args
        if not (prim.side_effect or any(is_dynamic(a) for a in args)) and prim.pure:
            return prim.run(args)
        result = prim.infer(*args)
        effect = prim.side_effect
        atoms = tuple(self._atom(a, effect) for a in args)
        specs = result if isinstance(result, tuple) else (result,)
        if not all(isinstance(s, TensorSpec) for s in specs):
            if effect or result is not None:
                self._append("effect" if effect else "apply", prim, atoms, ())
            return result
        values = tuple(Value(s) for s in specs)
        self._append("effect" if effect else "apply", prim, atoms, values, isinstance(result, tuple))
        if effect:
            for a in args:
                if isinstance(a, Parameter):
                    self._forget_loads(a)
        outputs = tuple(symbolic(v) for v in values)
        return outputs if isinstance(result, tuple) else outputs[0]

    def _append(self, kind, prim, atoms, values, tuple_output: bool = False) -> None:
        self.block.nodes.append(Node(kind, prim, atoms, values, self.location, tuple_output=tuple_output))

    def _atom(self, value, keep_parameters: bool):
        if isinstance(value, SymbolicTensor):
            return value._node
        if isinstance(value, Parameter):
            return value if keep_parameters else self.load(value)
        if isinstance(value, Tensor):
            value._data()
            return value
        if type(value) in (tuple, list):
            return type(value)(self._atom(v, keep_parameters) for v in value)
        return value

    def _forget_loads(self, param: Parameter) -> None:
        for level in self.load_levels:
            level.pop(id(param), None)

    # ---- installation -------------------------------------------------------------------
    @contextlib.contextmanager
    def active(self):
        outer_builder = graph_handoff.builder
        graph_handoff.builder = self
        outer_interceptor = _primitive.set_call_interceptor(self.intercept)
        try:
            yield self
        finally:
            _primitive.set_call_interceptor(outer_interceptor)
            graph_handoff.builder = outer_builder
