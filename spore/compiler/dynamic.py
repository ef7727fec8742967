"""Dynamic shapes: one compiled graph for every input shape that matches declared unknown
sizes (`Cell.set_inputs`, `enable_dynamic`, `jit(dynamic=1)`).

A graph is compiled for the first call's shapes, with each declared-unknown size a `Dim`:
an int that remembers how it derives from the call's unknown sizes. Arithmetic on Dims
gives Dims, so inferred shapes keep the derivation. Whenever compilation makes a decision
from a Dim's value (a comparison, `int()`, indexing, a Dim baked into the graph as a
constant or a Primitive attribute), a guard records that decision as a function of the
sizes. The graph is valid for any sizes under which every guard decides the same way:
a graph whose ops never look at the batch size serves every batch size; one that
reshapes to a computed size is compiled again for each size it meets (sound, not shared).
"""
from __future__ import annotations

import operator

from ..common.parameter import Parameter
from ..common.tensor import Tensor
from ..ops.primitive import Primitive
from .ir import Block, Graph

_UNKNOWN_RANK = -2
_UNKNOWN_SIZE = -1

_guards: list | None = None
"""The guards of the compilation in progress: [(sizes -> value, value at compile time)]."""


def _record(expr, value) -> None:
    if _guards is not None:
        _guards.append((expr, value))


def _expr_of(value):
    if isinstance(value, Dim):
        return value.expr
    return lambda sizes: value


class Dim(int):
    """A size known to the graph only by how it derives from the call's unknown sizes;
    `expr(sizes)` computes it for other calls."""

    def __new__(cls, value: int, expr):
        dim = int.__new__(cls, value)
        dim.value = int(value)
        dim.expr = expr
        return dim

    def _fixed(self) -> int:
        """The size as a plain int: the graph now depends on it being this value."""
        _record(self.expr, self.value)
        return self.value

    __int__ = __index__ = _fixed

    def __float__(self) -> float:
        return float(self._fixed())

    def __bool__(self) -> bool:
        return bool(self._fixed())

    def __hash__(self) -> int:
        return hash(self.value)

    def __reduce__(self):
        return int, (self.value,)


def _arithmetic(op):
    def forward(self, other):
        if isinstance(other, int):
            left, right = self.expr, _expr_of(other)
            return Dim(op(self.value, int.__int__(other)), lambda sizes: op(left(sizes), right(sizes)))
        return op(self._fixed(), other)

    def reverse(self, other):
        if isinstance(other, int):
            left, right = _expr_of(other), self.expr
            return Dim(op(int.__int__(other), self.value), lambda sizes: op(left(sizes), right(sizes)))
        return op(other, self._fixed())
    return forward, reverse


def _comparison(op):
    def compare(self, other):
        if not isinstance(other, int):
            return op(self._fixed(), other)
        if isinstance(other, Dim) and other.expr is self.expr:
            return op(0, 0)
        result = op(self.value, int.__int__(other))
        left, right = self.expr, _expr_of(other)
        _record(lambda sizes: op(left(sizes), right(sizes)), result)
        return result
    return compare


for _name, _op in [("add", operator.add), ("sub", operator.sub), ("mul", operator.mul),
                   ("floordiv", operator.floordiv), ("mod", operator.mod), ("pow", operator.pow),
                   ("lshift", operator.lshift), ("rshift", operator.rshift), ("and", operator.and_),
                   ("or", operator.or_), ("xor", operator.xor)]:
    _forward, _reverse = _arithmetic(_op)
    setattr(Dim, f"__{_name}__", _forward)
    setattr(Dim, f"__r{_name}__", _reverse)
for _name, _op in [("eq", operator.eq), ("ne", operator.ne), ("lt", operator.lt), ("le", operator.le),
                   ("gt", operator.gt), ("ge", operator.ge)]:
    setattr(Dim, f"__{_name}__", _comparison(_op))
Dim.__truediv__ = lambda self, other: self._fixed() / other
Dim.__rtruediv__ = lambda self, other: other / self._fixed()
Dim.__divmod__ = lambda self, other: divmod(self._fixed(), other)
Dim.__rdivmod__ = lambda self, other: divmod(other, self._fixed())
Dim.__neg__ = lambda self: 0 - self
Dim.__invert__ = lambda self: -1 - self
Dim.__abs__ = lambda self: self if self >= 0 else 0 - self
# an integer already: rounding it keeps it as it derives
Dim.__pos__ = Dim.__round__ = Dim.__trunc__ = Dim.__floor__ = Dim.__ceil__ = lambda self, *_: self


class Guarded:
    """Compile under guards: `with Guarded() as guards:` ... `guards.hold(sizes)`."""

    def __enter__(self):
        global _guards
        self.outer, self.guards = _guards, []
        _guards = self.guards
        return self

    def __exit__(self, *exc):
        global _guards
        _guards = self.outer

    def hold(self, sizes: tuple) -> bool:
        return all(expr(sizes) == value for expr, value in self.guards)


def fix_constants(graph: Graph) -> None:
    """Dims the graph keeps as constants (node inputs, Primitive attributes, constant
    outputs such as a returned `x.shape`) fix them."""
    _fix_block(graph.body)
    _fix_constants((graph.output,))


def _fix_block(block: Block) -> None:
    for node in block.nodes:
        _fix_constants(node.inputs)
        if isinstance(node.prim, Primitive):
            _fix_constants(tuple(vars(node.prim).values()))
        for sub in node.blocks.values():
            _fix_block(sub)


def _fix_constants(atoms) -> None:
    for atom in atoms:
        if isinstance(atom, Dim):
            atom._fixed()
        elif type(atom) in (tuple, list):
            _fix_constants(atom)
        elif type(atom) is dict:
            _fix_constants(tuple(atom.values()))


# ---- declared inputs -------------------------------------------------------------------------
class DynamicInputs:
    """The declared shapes and dtypes of a function's or a Cell's Tensor arguments: each
    call is checked against them, and the graph is compiled with `Dim`s for the unknown
    sizes. `specs[i]` is None for an argument declared as anything (not a Tensor)."""

    def __init__(self, specs: tuple, mismatch):
        self.specs = specs
        self.mismatch = mismatch
        """mismatch(kind, index, expected, got) -> the exception to raise."""

    def key_and_sizes(self, args: tuple):
        """(the part of the signature the declaration leaves open, the unknown sizes)
        of a call, after checking it against the declaration."""
        key, sizes = [], []
        for index, (spec, arg) in enumerate(zip(self.specs, args)):
            if spec is None:
                continue
            if not isinstance(arg, Tensor) or isinstance(arg, Parameter):
                raise self.mismatch("mutable", index, spec, arg)
            if arg.dtype != spec.dtype:
                raise self.mismatch("dtype", index, spec, arg)
            shape = arg.shape
            if spec.shape == (_UNKNOWN_RANK,):
                key.append(len(shape))
                sizes.extend(shape)
                continue
            if len(shape) != len(spec.shape):
                raise self.mismatch("rank", index, spec, arg)
            for declared, size in zip(spec.shape, shape):
                if declared == _UNKNOWN_SIZE:
                    sizes.append(size)
                elif declared != size:
                    raise self.mismatch("size", index, spec, arg)
        return tuple(key), tuple(sizes)

    def symbolic_shapes(self, args: tuple) -> dict:
        """{argument position: its shape with Dims for the declared-unknown sizes}."""
        shapes, k = {}, 0
        for index, (spec, arg) in enumerate(zip(self.specs, args)):
            if spec is None:
                continue
            unknown = (True,) * len(arg.shape) if spec.shape == (_UNKNOWN_RANK,) else \
                tuple(s == _UNKNOWN_SIZE for s in spec.shape)
            shape = []
            for size, is_unknown in zip(arg.shape, unknown):
                if is_unknown:
                    shape.append(Dim(size, operator.itemgetter(k)))
                    k += 1
                else:
                    shape.append(size)
            shapes[index] = tuple(shape)
        return shapes


class UndeclaredError(Exception):
    """A call that the sizes jit(dynamic=1) made dynamic do not describe: compiled as it is."""


def _undeclared(kind, index, spec, arg):
    return UndeclaredError()


def changed_sizes(first: tuple, args: tuple):
    """jit(dynamic=1): DynamicInputs with the sizes in which `args` differ from the first
    call's Tensors unknown; None when no Tensor argument differs only in sizes."""
    specs, changed = [], False
    for spec, arg in zip(first, args):
        if spec is None or not isinstance(arg, Tensor) or arg.dtype != spec.dtype or len(arg.shape) != len(spec.shape):
            specs.append(None)
            continue
        shape = tuple(s if s == a else _UNKNOWN_SIZE for s, a in zip(spec.shape, arg.shape))
        changed |= shape != spec.shape
        specs.append(_Spec(shape, spec.dtype))
    return DynamicInputs(tuple(specs), _undeclared) if changed else None


def declared_specs(inputs) -> tuple:
    """The specs (shape, dtype) of declared inputs: Tensors, None for anything else."""
    return tuple(_Spec(tuple(t.shape), t.dtype) if isinstance(t, Tensor) and not isinstance(t, Parameter) else None
                 for t in inputs)


class _Spec:
    __slots__ = ("dtype", "shape")

    def __init__(self, shape, dtype):
        self.shape, self.dtype = shape, dtype

    def __repr__(self):
        return f"Tensor(shape={list(self.shape)}, dtype={self.dtype})"
