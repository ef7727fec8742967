"""Building a graph: symbolic Tensors, and the interpreter that turns Primitive calls on
them into IR nodes.

While a graph is built, the builder is on the interpreter stack (ops/interpreter.py)
and every Primitive call comes here. A call whose Tensor inputs are
all known (constants) runs at once: that is constant folding. A call that touches a
symbolic Tensor or a Parameter becomes a node: its output shapes and dtypes come from
the Primitive's `infer`, so a shape error surfaces now, at the user's line. spore's own
code (layers, functional ops, bprops) simply runs on symbolic Tensors; the user's code is
parsed (parser.py) and calls back into the builder for every call it makes.
"""
from __future__ import annotations

import contextlib

from ..common.parameter import Parameter
from ..common.tensor import Tensor
from ..ops import interpreter
from ..ops.operations.debug_ops import HookBackward
from ..ops.operations.other_ops import Print
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
        """A GraphArray: the value can only become a Tensor again (`tensor(x.asnumpy())`).
        The strict syntax level (jit_syntax_level STRICT, jit(fullgraph=True)) has no JIT
        Fallback to NumPy at all."""
        if interpreter.graph_builder is not None and interpreter.graph_builder.strict:
            raise AttributeError(f"In JIT strict mode, cannot get attributes asnumpy or the Tensor[{self.dtype}] "
                                 f"object has no attribute: 'asnumpy'. Use the LAX syntax level "
                                 f"(jit_syntax_level LAX, or jit(fullgraph=False)) to allow it.")
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


class GraphBuilder(interpreter.Interpreter):
    """Collects nodes into blocks while a graph is built."""

    builds_graph = True

    def __init__(self, call, differentiate):
        self.call = call
        """call(fn, args, kwargs): how code being compiled calls a function or a Cell (the
        parser reads user functions); autodiff calls custom bprops through it."""
        self._differentiate = differentiate
        self.blocks: list[Block] = [Block()]
        self.load_levels: list[dict] = [{}]
        self.location = ""
        self.strict = False
        """The strict syntax level: no JIT Fallback (see compile_program)."""

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

    def offer_fused(self, prim, inputs: tuple, outputs: tuple) -> None:
        """`outputs`, Tensors computed in the graph from `inputs` by several primitives, are
        what `prim` computes from the same inputs in one kernel: autodiff keeps
        differentiating the composed nodes, the executed graph runs prim where the outputs
        are all defined (passes.fuse_offered)."""
        record = (prim, tuple(self.value_of(x) for x in inputs), tuple(self.value_of(o) for o in outputs))
        for value in record[2]:
            value.fused_as = record

    def value_of(self, tensor) -> Value:
        if isinstance(tensor, SymbolicTensor):
            return tensor._node
        if isinstance(tensor, Parameter):
            return self.load(tensor)
        return self.constant(tensor)

    def while_loop(self, initial: list, cond, body, mismatch) -> list:
        """A `while` node carrying the Tensors `initial`: `cond(carried)` gives the one-element
        condition Tensor, `body(carried)` the next carried values (symbolic Tensors in,
        Tensors out, shapes and dtypes kept: `mismatch(index, spec, value)` gives the error
        raised otherwise). Returns the loop's results as symbolic Tensors."""
        initial_values = tuple(self.value_of(t) for t in initial)
        phis = tuple(Value(v.spec) for v in initial_values)
        with self.nested(Block(phis)) as cond_block:
            cond_block.results = (self.value_of(cond([symbolic(p) for p in phis])),)
        with self.nested(Block(phis)) as body_block:
            results = list(body([symbolic(p) for p in phis]))
            for index, (value, phi) in enumerate(zip(results, phis)):
                if not isinstance(value, Tensor) or (tuple(value.shape), value.dtype) != (phi.spec.shape,
                                                                                          phi.spec.dtype):
                    raise mismatch(index, phi.spec, value)
            body_block.results = tuple(self.value_of(v) for v in results)
        outputs = tuple(Value(p.spec) for p in phis)
        self.block.nodes.append(Node("while", None, initial_values, outputs, self.location,
                                     {"cond": cond_block, "body": body_block}))
        return [symbolic(o) for o in outputs]

    def is_dynamic(self, value) -> bool:
        return is_dynamic(value)

    # ---- the interpreter ----------------------------------------------------------------
    def call_cell(self, cell, args: tuple, kwargs: dict):
        return self.call(cell, args, kwargs)

    def differentiate(self, fn, args: tuple, positions: tuple, weights: tuple, sens, has_aux: bool, api: str):
        return self._differentiate(fn, args, positions, weights, sens, has_aux, api)

    def process(self, prim, args: tuple):
        """A call on known values runs now (constant folding); a call touching a graph
        value or a Parameter, or with a side effect, becomes a node. A Primitive that
        declares state inputs rebinds them: a graph value to the node's new value, a
        Parameter (or a Tensor the graph holds) when the graph runs."""
        if isinstance(prim, HookBackward):  # hooks do not run in compiled code
            return args[0] if len(args) == 1 else args
        effect = prim.side_effect
        if not (effect or any(is_dynamic(a) for a in args)) and prim.pure:
            return prim.run(args)
        result = prim.infer(*args)
        states = prim.state_positions
        atoms = tuple(self._atom(a, i in states) for i, a in enumerate(args))
        kind = "effect" if effect else "apply"
        specs = result if isinstance(result, tuple) else (result,)
        if not all(isinstance(s, TensorSpec) for s in specs):
            if effect or result is not None:
                self._append(kind, prim.in_graph() if isinstance(prim, Print) else prim, atoms, ())
            return result
        state_values = tuple(Value(TensorSpec(args[p].shape, args[p].dtype)) for p in states)
        values = tuple(Value(s) for s in specs)
        self._append(kind, prim, atoms, values + state_values, isinstance(result, tuple))
        for position, value in zip(states, state_values):
            target = args[position]
            if isinstance(target, SymbolicTensor):
                target._node = value
            elif isinstance(target, Parameter):
                self._forget_loads(target)
        outputs = tuple(symbolic(v) for v in values)
        return outputs if isinstance(result, tuple) else outputs[0]

    def _append(self, kind, prim, atoms, values, tuple_output: bool = False) -> None:
        self.block.nodes.append(Node(kind, prim, atoms, values, self.location, tuple_output=tuple_output))

    def _atom(self, value, state: bool):
        """A call's argument in the graph: a graph value, a constant, or (for a state input)
        the Tensor or Parameter itself, which the graph rebinds when it runs."""
        if isinstance(value, SymbolicTensor):
            return value._node
        if isinstance(value, Parameter):
            return value if state else self.load(value)
        if isinstance(value, Tensor):
            value._data()
            return value
        if type(value) in (tuple, list):
            return type(value)(self._atom(v, state) for v in value)
        return value

    def _forget_loads(self, param: Parameter) -> None:
        for level in self.load_levels:
            level.pop(id(param), None)

    # ---- installation -------------------------------------------------------------------
    @contextlib.contextmanager
    def active(self):
        with interpreter.interpreting(self):
            yield self


def returned_outputs(node: Node) -> tuple:
    """The values of a node that its call returned: all of them but the new values of the
    Primitive's declared states, which come last."""
    states = node.prim.state_positions if node.prim is not None else ()
    return node.outputs[:len(node.outputs) - len(states)] if states else node.outputs
