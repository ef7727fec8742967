"""Python numbers computed when a graph runs.

In MindSpore's graphs `int(t)`, `float(t)`, `bool(t)` and `t.item()` of a Tensor computed
in the graph are Python scalars whose value exists only at run time: arithmetic on them
follows Python's types (int // int is an int, int / int a float, a comparison a bool),
a Tensor condition choosing between Python numbers gives one, and a graph returning one
gives the caller a Python int, float or bool. Here such a scalar is a 0-d graph Tensor
of Int64, Float32 or Bool (MindSpore computes its floats in single precision too) that
remembers its Python type, through which no gradient flows; combined with a Tensor it acts as a Python number does
(`int32_tensor * n` stays Int32).
"""
from __future__ import annotations

import operator

from ..common import dtype as mstype
from ..common.tensor import Tensor
from ..ops.function import array_func, debug_func
from .builder import SymbolicTensor, symbolic

DTYPES = {bool: mstype.bool_, int: mstype.int64, float: mstype.float32}
_SAMPLES = {bool: True, int: 1, float: 1.0}


class RuntimeScalar(SymbolicTensor):
    """A Python `kind` (bool, int or float) computed when the graph runs."""

    __slots__ = ("kind",)

    def __repr__(self) -> str:
        return f"{self.kind.__name__}(<graph value {self._node!r}>)"

    __str__ = __repr__



def runtime_scalar(tensor: SymbolicTensor, kind: type) -> RuntimeScalar:
    """`tensor` (0-d) as a run-time Python `kind`, cast to its dtype."""
    if tensor.dtype is not DTYPES[kind]:
        tensor = array_func.cast(tensor, DTYPES[kind])
    scalar = object.__new__(RuntimeScalar)
    scalar._t = None
    scalar._init = None
    scalar._node = tensor._node
    scalar.kind = kind
    return scalar


def item_of(tensor: SymbolicTensor):
    """`tensor.item` called by the user's code: the one value as a run-time Python number
    (spore's own code calling `item()` on a graph Tensor still learns that the value is
    not known)."""
    def item(index=None):
        if index is not None or tensor.size != 1:
            return tensor.item(index)
        if isinstance(tensor, RuntimeScalar):
            return tensor
        return runtime_scalar(array_func.reshape(debug_func.stop_gradient(tensor), ()), kind_of_dtype(tensor.dtype))
    return item


def scalar_kind(value):
    """The Python type of a number, known or computed at run time; None for other values."""
    if isinstance(value, RuntimeScalar):
        return value.kind
    return type(value) if type(value) in DTYPES else None


def kind_of_dtype(dtype) -> type:
    """The Python type `item()` gives for a Tensor of `dtype`."""
    if dtype is mstype.bool_:
        return bool
    return float if dtype.kind in (mstype.Number.KIND_FLOAT, mstype.Number.KIND_COMPLEX) else int


def with_kinds(values: list, kinds: list) -> list:
    """Graph values given back their Python kinds (None: a Tensor)."""
    return [v if kind is None else runtime_scalar(v, kind) for v, kind in zip(values, kinds)]


def _plain(scalar: RuntimeScalar) -> SymbolicTensor:
    return symbolic(scalar._node)


def _alongside(scalar: RuntimeScalar, tensor: Tensor) -> SymbolicTensor:
    """The scalar cast as a Python number of its kind would be when it meets `tensor`."""
    tensor_kind = kind_of_dtype(tensor.dtype)
    if scalar.kind is float and tensor_kind is not float:
        dtype = mstype.float32
    elif scalar.kind is int and tensor_kind is bool:
        dtype = mstype.int64
    else:
        dtype = tensor.dtype
    plain = _plain(scalar)
    return plain if plain.dtype is dtype else array_func.cast(plain, dtype)


def _binary(python_op, reflected: bool):
    def method(self, other):
        other_kind = scalar_kind(other)
        if other_kind is not None:
            kind = type(python_op(_SAMPLES[self.kind], _SAMPLES[other_kind]))
            mine, theirs = _plain(self), _plain(other) if isinstance(other, RuntimeScalar) else other
            result = python_op(theirs, mine) if reflected else python_op(mine, theirs)
            return runtime_scalar(result, kind)
        if isinstance(other, Tensor):
            mine = _alongside(self, other)
            return python_op(other, mine) if reflected else python_op(mine, other)
        return NotImplemented
    return method


def _unary(python_op):
    def method(self):
        return runtime_scalar(python_op(_plain(self)), type(python_op(_SAMPLES[self.kind])))
    return method


_OPERATORS = {
    "add": operator.add, "sub": operator.sub, "mul": operator.mul, "truediv": operator.truediv,
    "floordiv": operator.floordiv, "mod": operator.mod, "pow": operator.pow,
    "and": operator.and_, "or": operator.or_, "xor": operator.xor,
}
for _name, _op in _OPERATORS.items():
    setattr(RuntimeScalar, f"__{_name}__", _binary(_op, reflected=False))
    setattr(RuntimeScalar, f"__r{_name}__", _binary(_op, reflected=True))
for _name, _op in {"eq": operator.eq, "ne": operator.ne, "lt": operator.lt, "le": operator.le,
                   "gt": operator.gt, "ge": operator.ge}.items():
    setattr(RuntimeScalar, f"__{_name}__", _binary(_op, reflected=False))
for _name, _op in {"neg": operator.neg, "pos": operator.pos, "abs": operator.abs}.items():
    setattr(RuntimeScalar, f"__{_name}__", _unary(_op))
RuntimeScalar.__hash__ = SymbolicTensor.__hash__
