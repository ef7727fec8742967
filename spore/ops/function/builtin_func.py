"""Functions over Python values that MindSpore exports beside the Tensor ops and its graph
compiler uses for them: scalar_*, tuple_*, list_*, bool_*, string_*, make_*, typeof, ...

spore's compiler runs Python code on Python values as it is, so each of these is the
plain Python computation, with MindSpore's argument checks and error types."""
from __future__ import annotations

import copy
import functools
import math
import operator
from typing import Callable

import numpy as np

from ...common import dtype as mstype
from ...common.tensor import Tensor
from .. import interpreter
from ..operations.ascend_ops import GeSwitch, Merge
from ..operations.control_flow_ops import Partial
from . import array_func, debug_func, inplace, other_func, selection_func

__all__ = [
    "scalar_add", "scalar_sub", "scalar_mul", "scalar_div", "scalar_floordiv", "scalar_mod", "scalar_pow",
    "scalar_log", "scalar_uadd", "scalar_usub", "scalar_eq", "scalar_ne", "scalar_lt", "scalar_gt", "scalar_le",
    "scalar_ge", "scalar_max", "scalar_min", "scalar_cast", "scalar_to_array", "scalar_to_tensor",
    "tuple_to_array", "array_to_scalar", "tuple_getitem", "tuple_setitem", "tuple_len", "tuple_equal",
    "tuple_div", "tuple_reversed", "list_getitem", "list_setitem", "list_len", "list_equal", "dict_getitem",
    "dict_setitem", "make_tuple", "make_list", "make_dict", "make_slice", "make_range", "bool_and", "bool_or",
    "bool_not", "bool_eq", "string_concat", "string_eq", "is_", "is_not", "in_dict", "not_in_dict", "typeof",
    "hastype", "isconstant", "shape_", "shape_mul", "dyn_shape", "reduced_shape", "broadcast_gradient_args",
    "stop_gradient_", "partial", "geswitch", "merge", "deepcopy", "switch", "switch_layer", "mixed_precision_cast",
    "environ_create", "environ_get", "environ_set", "environ_add", "embed", "ref_to_embed", "SymbolicKey",
    "array_reduce", "is_sequence_value_unknown",
    "is_sequence_shape_unknown", "is_tensor_bool_cond", "tensor_operator_registry", "DtypeToEnum",
    "TensorToTuple", "SliceGetItem",
]

TENSOR_METHODS: dict = {}
"""Tensor methods this family provides (installed by tensor_methods.py)."""


def _kind(value) -> str:
    return type(value).__name__


def _check_scalar(op: str, name: str, value) -> None:
    """Numbers (bools and one-element Tensors included, as MindSpore accepts them)."""
    if not isinstance(value, (bool, int, float, Tensor)):
        raise TypeError(f"For '{op}', the '{name}' must be a number, but got {_kind(value)}.")


def _check_type(op: str, name: str, value, types: type | tuple, expected: str) -> None:
    if not isinstance(value, types):
        raise TypeError(f"For '{op}', the '{name}' must be {expected}, but got {_kind(value)}.")


# ---- scalars ----------------------------------------------------------------------------
def _scalar_binary(name: str, fn: Callable, doc: str) -> Callable:
    def scalar_op(x, y):
        _check_scalar(name, "x", x)
        _check_scalar(name, "y", y)
        return fn(x, y)
    scalar_op.__name__ = scalar_op.__qualname__ = name
    scalar_op.__doc__ = doc
    return scalar_op


def _nonzero_divisor(y, message: str) -> None:
    if not isinstance(y, Tensor) and y == 0:
        raise ValueError(message)


def _div(x, y):
    _nonzero_divisor(y, "For 'scalar_div', the divisor could not be zero.")
    return x / y


def _floordiv(x, y):
    _nonzero_divisor(y, "For 'scalar_floordiv', the divisor could not be zero.")
    return x // y


def _mod(x, y):
    _nonzero_divisor(y, "For 'scalar_mod', cannot perform modulo operation on zero.")
    return x % y


scalar_add = _scalar_binary("scalar_add", operator.add, "x + y on numbers.")
scalar_sub = _scalar_binary("scalar_sub", operator.sub, "x - y on numbers.")
scalar_mul = _scalar_binary("scalar_mul", operator.mul, "x * y on numbers.")
scalar_div = _scalar_binary("scalar_div", _div, "x / y on numbers (true division); ValueError when y is 0.")
scalar_floordiv = _scalar_binary("scalar_floordiv", _floordiv, "x // y on numbers; ValueError when y is 0.")
scalar_mod = _scalar_binary("scalar_mod", _mod, "x % y on numbers (the sign of y); ValueError when y is 0.")
scalar_pow = _scalar_binary("scalar_pow", operator.pow, "x ** y on numbers.")
scalar_eq = _scalar_binary("scalar_eq", operator.eq, "x == y on numbers.")
scalar_ne = _scalar_binary("scalar_ne", operator.ne, "x != y on numbers.")
scalar_lt = _scalar_binary("scalar_lt", operator.lt, "x < y on numbers.")
scalar_gt = _scalar_binary("scalar_gt", operator.gt, "x > y on numbers.")
scalar_le = _scalar_binary("scalar_le", operator.le, "x <= y on numbers.")
scalar_ge = _scalar_binary("scalar_ge", operator.ge, "x >= y on numbers.")
scalar_max = _scalar_binary("scalar_max", max, "The larger of two numbers (the first on a tie).")
scalar_min = _scalar_binary("scalar_min", min, "The smaller of two numbers (the first on a tie).")


def scalar_log(x) -> float:
    """The natural logarithm of a positive number, as a float."""
    _check_type("scalar_log", "x", x, (int, float), "a number")
    if x <= 0:
        raise ValueError(f"For 'scalar_log', the 'x' must be positive, but got {x}.")
    return math.log(x)


def scalar_uadd(x):
    """+x on a number."""
    _check_scalar("scalar_uadd", "x", x)
    return +x


def scalar_usub(x):
    """-x on a number."""
    _check_scalar("scalar_usub", "x", x)
    return -x


_SCALAR_CASTS = {mstype.int64: int, mstype.float64: float, mstype.bool_: bool}


def scalar_cast(input_x, input_y):
    """The number `input_x` as the Python type of `input_y`: mindspore.int64 (int),
    float64 (float) or bool_ (bool)."""
    _check_type("ScalarCast", "input_x", input_x, (bool, int, float), "a number")
    if input_y not in _SCALAR_CASTS:
        raise ValueError(f"For 'ScalarCast', the supported type is in the list: [mindspore.int64, "
                         f"mindspore.float64, mindspore.bool], but got {input_y}.")
    return _SCALAR_CASTS[input_y](input_x)


def scalar_to_array(x) -> Tensor:
    """A 0-d Tensor holding the number `x` (int64 for ints, float32 for floats, bool)."""
    _check_type("scalar_to_array", "x", x, (bool, int, float), "a number")
    return Tensor(x)


def scalar_to_tensor(input_x, dtype=mstype.float32) -> Tensor:
    """A 0-d Tensor of `dtype` (float32 by default) holding the number `input_x`."""
    _check_type("scalar_to_tensor", "input_x", input_x, (bool, int, float), "a number")
    return Tensor(input_x, dtype)


def tuple_to_array(input_x) -> Tensor:
    """A 1-d Tensor of a tuple of numbers: int32 for ints, float32 when a float is among them."""
    _check_type("tuple_to_array", "input_x", input_x, tuple, "a tuple")
    if not input_x or not all(isinstance(v, (bool, int, float)) for v in input_x):
        raise ValueError(f"For 'tuple_to_array', the 'input_x' must be a non-empty tuple of numbers, but got "
                         f"{input_x}.")
    if all(isinstance(v, bool) for v in input_x):
        return Tensor(np.array(input_x, np.bool_))
    if any(isinstance(v, float) for v in input_x):
        return Tensor(np.array(input_x, np.float32))
    return Tensor(np.array(input_x, np.int32))


def array_to_scalar(x):
    """The Python number held by a Tensor with one element."""
    _check_type("array_to_scalar", "x", x, Tensor, "a Tensor")
    if x.size != 1:
        raise RuntimeError(f"For 'array_to_scalar', the 'x' must hold one element, but got shape {x.shape}.")
    return x.asnumpy().reshape(()).item()


class TensorToTuple:
    """TensorToTuple()(x): the numbers of a 1-d Tensor as a tuple."""

    def __call__(self, x) -> tuple:
        _check_type("TensorToTuple", "x", x, Tensor, "a Tensor")
        if x.ndim != 1:
            raise ValueError(f"For 'TensorToTuple', the 'x' must be 1-d, but got shape {x.shape}.")
        return tuple(x.asnumpy().tolist())


# ---- tuples, lists, dicts ---------------------------------------------------------------
def _index(op: str, sequence, index) -> int:
    _check_type(op, "index", index, int, "an int")
    if not -len(sequence) <= index < len(sequence):
        raise IndexError(f"For '{op}', the index should be in range [{-len(sequence)}, {len(sequence)}), but "
                         f"got {index}.")
    return index


def tuple_getitem(x: tuple, index: int):
    """x[index] of a tuple."""
    _check_type("tuple_getitem", "x", x, tuple, "a tuple")
    return x[_index("tuple_getitem", x, index)]


def tuple_setitem(x: tuple, index: int, value) -> tuple:
    """A copy of tuple `x` with `value` at `index`."""
    _check_type("tuple_setitem", "x", x, tuple, "a tuple")
    items = list(x)
    items[_index("tuple_setitem", x, index)] = value
    return tuple(items)


def tuple_len(x) -> int:
    """The length of a tuple (or list)."""
    _check_type("tuple_len", "x", x, (tuple, list), "a tuple")
    return len(x)


def tuple_equal(x: tuple, y: tuple) -> bool:
    """Whether two tuples are equal."""
    _check_type("tuple_equal", "x", x, tuple, "a tuple")
    _check_type("tuple_equal", "y", y, tuple, "a tuple")
    return x == y


def tuple_div(x: tuple, y: tuple) -> tuple:
    """The element-wise exact quotient of two tuples of ints of one length."""
    _check_type("tuple_div", "x", x, tuple, "a tuple")
    _check_type("tuple_div", "y", y, tuple, "a tuple")
    if len(x) != len(y):
        raise ValueError(f"For 'tuple_div', the two tuples must have one length, but got {len(x)} and {len(y)}.")
    for a, b in zip(x, y):
        if b == 0:
            raise ValueError("For 'tuple_div', the divisor could not be zero.")
        if a % b:
            raise RuntimeError(f"For 'tuple_div', the inputs should be divisible, but the dividend is {a} and "
                               f"the divisor is {b}.")
    return tuple(a // b for a, b in zip(x, y))


def tuple_reversed(x: tuple) -> tuple:
    """The tuple in reverse order."""
    _check_type("tuple_reversed", "x", x, tuple, "a tuple")
    return x[::-1]


def list_getitem(x: list, index: int):
    """x[index] of a list."""
    _check_type("list_getitem", "x", x, list, "a list")
    return x[_index("list_getitem", x, index)]


def list_setitem(x: list, index: int, value) -> list:
    """A copy of list `x` with `value` at `index`."""
    _check_type("list_setitem", "x", x, list, "a list")
    items = list(x)
    items[_index("list_setitem", x, index)] = value
    return items


def list_len(x) -> int:
    """The length of a list (or tuple)."""
    _check_type("list_len", "x", x, (tuple, list), "a list")
    return len(x)


def list_equal(x: list, y: list) -> bool:
    """Whether two lists are equal."""
    _check_type("list_equal", "x", x, list, "a list")
    _check_type("list_equal", "y", y, list, "a list")
    return x == y


def dict_getitem(dic: dict, key):
    """dic[key]; KeyError when the key is absent."""
    _check_type("dict_getitem", "dic", dic, dict, "a dict")
    if key not in dic:
        raise KeyError(f"For 'dict_getitem', the key {key!r} is not in the dict.")
    return dic[key]


def dict_setitem(dic: dict, key, value) -> dict:
    """A copy of `dic` with `key` set to `value`."""
    _check_type("dict_setitem", "dic", dic, dict, "a dict")
    result = dict(dic)
    result[key] = value
    return result


def make_tuple(*elements) -> tuple:
    """The arguments as a tuple."""
    return elements


def make_list(*elements) -> list:
    """The arguments as a list."""
    return list(elements)


def make_dict(keys, values) -> dict:
    """The dict of `keys` (a tuple) to `values` (a tuple of the same length)."""
    _check_type("make_dict", "keys", keys, (tuple, list), "a tuple")
    _check_type("make_dict", "values", values, (tuple, list), "a tuple")
    if len(keys) != len(values):
        raise ValueError(f"For 'make_dict', the keys and values must have one length, but got {len(keys)} and "
                         f"{len(values)}.")
    return dict(zip(keys, values))


def make_slice(start, stop, step) -> slice:
    """slice(start, stop, step)."""
    for name, value in (("start", start), ("stop", stop), ("step", step)):
        if value is not None and not isinstance(value, (int, Tensor)):
            raise TypeError(f"For 'make_slice', the '{name}' must be an int or None, but got {_kind(value)}.")
    return slice(start, stop, step)


def make_range(start, stop=None, step=1) -> tuple:
    """tuple(range(start, stop, step)); `make_range(n)` is 0 .. n-1."""
    if stop is None:
        start, stop = 0, start
    for name, value in (("start", start), ("stop", stop), ("step", step)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"For 'make_range', the '{name}' must be an int, but got {_kind(value)}.")
    if step == 0:
        raise ValueError("For 'make_range', the 'step' can not be 0.")
    return tuple(range(start, stop, step))


# ---- bools, strings, identity -----------------------------------------------------------
def _check_bool(op: str, *values) -> None:
    for value in values:
        _check_type(op, "input", value, bool, "a bool")


def bool_and(x: bool, y: bool) -> bool:
    """x and y on bools."""
    _check_bool("bool_and", x, y)
    return x and y


def bool_or(x: bool, y: bool) -> bool:
    """x or y on bools."""
    _check_bool("bool_or", x, y)
    return x or y


def bool_not(x: bool) -> bool:
    """not x on a bool."""
    _check_bool("bool_not", x)
    return not x


def bool_eq(x: bool, y: bool) -> bool:
    """x == y on bools."""
    _check_bool("bool_eq", x, y)
    return x == y


def string_concat(x: str, y: str) -> str:
    """x + y on strings."""
    _check_type("string_concat", "x", x, str, "a str")
    _check_type("string_concat", "y", y, str, "a str")
    return x + y


def string_eq(x: str, y: str) -> bool:
    """x == y on strings."""
    _check_type("string_eq", "x", x, str, "a str")
    _check_type("string_eq", "y", y, str, "a str")
    return x == y


def is_(x, y) -> bool:
    """x is y."""
    return x is y


def is_not(x, y) -> bool:
    """x is not y."""
    return x is not y


def in_dict(key, dic: dict) -> bool:
    """key in dic."""
    _check_type("in_dict", "dic", dic, dict, "a dict")
    return key in dic


def not_in_dict(key, dic: dict) -> bool:
    """key not in dic."""
    _check_type("not_in_dict", "dic", dic, dict, "a dict")
    return key not in dic


# ---- types and shapes -------------------------------------------------------------------
def typeof(x) -> mstype.Type:
    """The MindSpore type of a value: Tensor[dtype], Int64, Float32, Bool, Tuple, List,
    String or None."""
    if isinstance(x, Tensor):
        return mstype.TensorType(x.dtype)
    if isinstance(x, bool):
        return mstype.bool_
    if isinstance(x, int):
        return mstype.int64
    if isinstance(x, float):
        return mstype.float32
    kinds = {tuple: mstype.tuple_, list: mstype.list_, str: mstype.string, type(None): mstype.type_none}
    if type(x) in kinds:
        return kinds[type(x)]
    raise TypeError(f"For 'typeof', the input must be a Tensor, number, bool, tuple, list, str or None, but got "
                    f"{_kind(x)}.")


def hastype(x, type_) -> bool:
    """Whether `typeof(x)` is `type_` or a kind of it (`mstype.number` for numbers,
    `mstype.tensor_type` for any Tensor)."""
    if type_ is mstype.tensor_type:
        return isinstance(x, Tensor)
    if not isinstance(type_, mstype.Type):
        raise TypeError(f"For 'hastype', the 'type_' should be a mindspore type, but got {_kind(type_)}.")
    if type_ is mstype.number:
        return isinstance(x, (bool, int, float))
    try:
        x_type = typeof(x)
    except TypeError:
        return False
    if isinstance(type_, mstype.Number) and isinstance(x, (bool, int, float)):
        return type(x_type) is type(type_)
    return x_type == type_


def isconstant(x) -> bool:
    """Whether `x` is known when the graph is built: always in PyNative mode; while a graph
    is built, any Python value but not a Tensor computed by the graph."""
    if interpreter.graph_builder is None:
        return True
    return not isinstance(x, Tensor) or getattr(x, "_node", None) is None


def shape_(input_x) -> tuple:
    """The shape of a Tensor, as a tuple."""
    _check_type("shape_", "input_x", input_x, Tensor, "a Tensor")
    return tuple(input_x.shape)


def shape_mul(shape: tuple) -> int:
    """The product of a shape's dimensions (1 for ())."""
    if not isinstance(shape, tuple):
        raise ValueError(f"For 'shape_mul', the input must be a tuple, but got {_kind(shape)}.")
    return functools.reduce(operator.mul, shape, 1)


def dyn_shape(input_x) -> Tensor:
    """The shape of a Tensor, as a 1-d int64 Tensor."""
    _check_type("dyn_shape", "input_x", input_x, Tensor, "a Tensor")
    return Tensor(np.array(input_x.shape, np.int64))


def reduced_shape(shape: tuple, axis) -> tuple:
    """`shape` with the dimensions reduced over `axis` (an int or a tuple; () means all)
    kept as 1: the shape keep_dims reductions give."""
    _check_type("reduced_shape", "shape", shape, tuple, "a tuple")
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    if not axes:
        return (1,) * len(shape)
    rank = len(shape)
    for a in axes:
        if not -rank <= a < rank:
            raise ValueError(f"For 'reduced_shape', the axis {a} is out of range [{-rank}, {rank}).")
    reduced = {a % rank for a in axes}
    return tuple(1 if i in reduced else d for i, d in enumerate(shape))


def broadcast_gradient_args(x_shape: tuple, y_shape: tuple) -> tuple:
    """(axes of x, axes of y) to sum a broadcast result's gradient over so that it takes
    each input's shape (axes counted in the broadcast shape)."""
    _check_type("broadcast_gradient_args", "x_shape", x_shape, tuple, "a tuple")
    _check_type("broadcast_gradient_args", "y_shape", y_shape, tuple, "a tuple")
    rank = max(len(x_shape), len(y_shape))
    x_full = (1,) * (rank - len(x_shape)) + tuple(x_shape)
    y_full = (1,) * (rank - len(y_shape)) + tuple(y_shape)
    x_axes, y_axes = [], []
    for i, (a, b) in enumerate(zip(x_full, y_full)):
        if a != b and 1 not in (a, b):
            raise RuntimeError(f"For 'broadcast_gradient_args', the shapes {x_shape} and {y_shape} can not be "
                               f"broadcast.")
        if a == 1 and b != 1:
            x_axes.append(i)
        elif b == 1 and a != 1:
            y_axes.append(i)
        elif a == 1 and b == 1:
            x_axes.append(i)
            y_axes.append(i)
    if x_full == y_full:
        return (), ()
    return tuple(x_axes), tuple(y_axes)


# ---- functions and control -------------------------------------------------------------
def stop_gradient_(input) -> None:
    """Stop the gradient at `input` in place: later uses of it get no gradient back."""
    _check_type("stop_gradient_", "input", input, Tensor, "a Tensor")
    inplace.rebind(input, debug_func.stop_gradient(input))


partial = Partial()
"""partial(fn, *args): `fn` with its first arguments bound (a functools.partial), a
Partial instance as in MindSpore."""

geswitch = GeSwitch()
"""geswitch(data, pred): Ascend's graph-engine switch (no CPU kernel, as in MindSpore)."""

merge = Merge()
"""merge(inputs): Ascend's graph-engine merge (no CPU kernel, as in MindSpore)."""


def deepcopy(x):
    """A deep copy: Tensors get new storage (a copy made by an op, so gradients flow),
    tuples, lists and dicts are copied through."""
    if isinstance(x, Tensor):
        return other_func.identity(x)
    if isinstance(x, (tuple, list)):
        return type(x)(deepcopy(v) for v in x)
    if isinstance(x, dict):
        return {k: deepcopy(v) for k, v in x.items()}
    return copy.deepcopy(x)


def switch(cond, true_branch, false_branch):
    """`true_branch` when `cond` holds, else `false_branch`; with a Tensor condition and
    Tensor branches, the element-wise selection."""
    if isinstance(cond, Tensor) and isinstance(true_branch, Tensor) and isinstance(false_branch, Tensor):
        return selection_func.select(cond, true_branch, false_branch)
    return true_branch if cond else false_branch


def switch_layer(index, branches: tuple) -> Callable:
    """The function `branches[index]` (an int or an int Tensor index), to be called."""
    _check_type("switch_layer", "branches", branches, (tuple, list), "a tuple of functions")
    if isinstance(index, Tensor):
        index = int(index.asnumpy().reshape(-1)[0])
    _check_type("switch_layer", "index", index, int, "an int or a Tensor")
    return branches[_index("switch_layer", branches, index)]


def mixed_precision_cast(dst_type, input_x):
    """Cast the floating-point Tensors in `input_x` (a Tensor, or a nest of tuples, lists
    and dicts) to `dst_type`; everything else as it is (lists become tuples)."""
    if isinstance(input_x, Tensor):
        return array_func.cast(input_x, dst_type) if input_x.dtype.is_floating_point else input_x
    if isinstance(input_x, (tuple, list)):
        return tuple(mixed_precision_cast(dst_type, v) for v in input_x)
    if isinstance(input_x, dict):
        return {k: mixed_precision_cast(dst_type, v) for k, v in input_x.items()}
    return input_x


# ---- environments: values keyed by Parameters, as gradients of a graph are collected ----
class Environ:
    """An immutable map from keys (Parameters, by name; Tensors, by identity; strings) to
    values. environ_set returns a new Environ."""

    def __init__(self, items: dict | None = None):
        self.items = dict(items or {})

    def __repr__(self) -> str:
        return f"Environ({len(self.items)} items)"


class SymbolicKey:
    """A key standing for a value (`embed`) or a Parameter (`ref_to_embed`) in an
    environment: keys of the same Parameter (by name) or the same object are equal."""

    def __init__(self, target):
        self.target = target

    def __eq__(self, other) -> bool:
        return isinstance(other, SymbolicKey) and _environ_key(self) == _environ_key(other)

    def __hash__(self) -> int:
        return hash(_environ_key(self))

    def __repr__(self) -> str:
        return f"SymbolicKey({_environ_key(self)})"


def embed(x) -> SymbolicKey:
    """The symbolic key of the value `x` (environments look a Tensor key up by identity)."""
    return SymbolicKey(x)


def ref_to_embed(input) -> SymbolicKey:
    """The symbolic key of the Parameter `input` (by name, as gradients are collected)."""
    if not isinstance(input, Tensor) or not isinstance(getattr(input, "name", None), str):
        raise TypeError(f"For 'RefToEmbed', the 'input' must be a Parameter, but got {_kind(input)}.")
    return SymbolicKey(input)


def _environ_key(key):
    if isinstance(key, SymbolicKey):
        key = key.target
        if not isinstance(key, (str, Tensor)):
            return ("value", id(key))
    if isinstance(key, str):
        return key
    if isinstance(key, Tensor):
        name = getattr(key, "name", None)
        return ("parameter", name) if isinstance(name, str) else ("tensor", id(key))
    raise TypeError(f"For 'environ', the key must be a Parameter, Tensor or str, but got {_kind(key)}.")


def _check_environ(op: str, env) -> None:
    _check_type(op, "env", env, Environ, "an Environ (from environ_create)")


def environ_create() -> Environ:
    """A new empty environment."""
    return Environ()


def environ_set(env: Environ, key, value) -> Environ:
    """A copy of `env` holding `value` for `key`."""
    _check_environ("environ_set", env)
    items = dict(env.items)
    items[_environ_key(key)] = value
    return Environ(items)


def environ_get(env: Environ, key, default):
    """The value `env` holds for `key`, else `default`."""
    _check_environ("environ_get", env)
    return env.items.get(_environ_key(key), default)


def environ_add(env1: Environ, env2: Environ) -> Environ:
    """The union of two environments; values both hold for a key are added."""
    _check_environ("environ_add", env1)
    _check_environ("environ_add", env2)
    items = dict(env1.items)
    for key, value in env2.items.items():
        items[key] = items[key] + value if key in items else value
    return Environ(items)


def array_reduce(fn: Callable, x: Tensor, axis) -> Tensor:
    """x reduced over the axes `axis` (an int or a tuple) by the binary function `fn`
    (ops.add sums, ops.maximum takes the max, ...): the slices along each axis folded
    left to right; the reduced axes are removed."""
    _check_type("array_reduce", "fn", fn, Callable, "callable")
    _check_type("array_reduce", "x", x, Tensor, "a Tensor")
    axes = (axis,) if isinstance(axis, int) else axis
    if not isinstance(axes, (tuple, list)) or not all(isinstance(a, int) and not isinstance(a, bool) for a in axes):
        raise TypeError(f"For 'array_reduce', the 'axis' must be an int or a tuple of ints, but got {axis!r}.")
    ndim = x.ndim
    for a in axes:
        if not -ndim <= a < ndim:
            raise ValueError(f"For 'array_reduce', the 'axis' must be in range [{-ndim}, {ndim}), but got {a}.")
    result = x
    for a in sorted({a % ndim for a in axes}, reverse=True):
        if result.shape[a] == 0:
            raise ValueError(f"For 'array_reduce', axis {a} of 'x' is empty: there is nothing to fold.")
        slices = array_func.unstack(result, a)
        result = functools.reduce(fn, slices)
    return result


# ---- what the compiler asks of sequences and conditions ---------------------------------
def is_sequence_value_unknown(x) -> bool:
    """Whether a tuple's or list's values are unknown until run time: never for Python
    sequences."""
    _check_type("is_sequence_value_unknown", "x", x, (tuple, list), "a tuple or list")
    return False


def is_sequence_shape_unknown(x) -> bool:
    """Whether a tuple's or list's length is unknown until run time: never for Python
    sequences."""
    _check_type("is_sequence_shape_unknown", "x", x, (tuple, list), "a tuple or list")
    return False


def is_tensor_bool_cond(x) -> bool:
    """True for a Tensor usable as a condition (shape () or (1,)); errors otherwise."""
    _check_type("is_tensor_bool_cond", "x", x, Tensor, "a Tensor")
    if tuple(x.shape) not in ((), (1,)):
        raise ValueError(f"Only tensor which shape is () or (1,) can be converted to bool, but got tensor "
                         f"shape is {tuple(x.shape)}.")
    return True


# ---- registries and small callable classes ---------------------------------------------
class _Registry:
    """Functions Tensor methods are implemented with, by name: those registered, else the
    functional op of that name."""

    def __init__(self):
        self._entries: dict[str, Callable] = {}

    def register(self, name: str, obj: Callable) -> None:
        _check_type("tensor_operator_registry", "name", name, str, "a str")
        self._entries[name] = obj

    def get(self, name: str) -> Callable:
        if name in self._entries:
            return self._entries[name]
        from .. import function
        found = getattr(function, name, None)
        if found is None:
            raise AttributeError(f"'Registry' object has no attribute '{name}'")
        return found


tensor_operator_registry = _Registry()

# MindSpore's numbering of its data types (TypeId), which DtypeToEnum returns.
_TYPE_IDS = {mstype.bool_: 30, mstype.int8: 32, mstype.int16: 33, mstype.int32: 34, mstype.int64: 35,
             mstype.uint8: 37, mstype.uint16: 38, mstype.uint32: 39, mstype.uint64: 40, mstype.float16: 42,
             mstype.float32: 43, mstype.float64: 44, mstype.bfloat16: 45, mstype.complex64: 51,
             mstype.complex128: 52}


class DtypeToEnum:
    """DtypeToEnum()(op_name, arg_name, dtype): MindSpore's integer id of `dtype`."""

    def __call__(self, op_name: str, arg_name: str, dtype) -> int:
        if dtype not in _TYPE_IDS:
            raise TypeError(f"For '{op_name}', the input '{arg_name}' should be mindspore dtype, but got {dtype}.")
        return _TYPE_IDS[dtype]


_SLICE_ATTRIBUTES = ("start", "stop", "step")


class SliceGetItem:
    """SliceGetItem()(slice_value, name): the slice's 'start', 'stop' or 'step'."""

    def __call__(self, slice_value, name: str):
        _check_type("SliceGetItem", "slice_value", slice_value, slice, "a slice")
        if name not in _SLICE_ATTRIBUTES:
            raise ValueError(f"For 'SliceGetItem', the 'name' must be one of {_SLICE_ATTRIBUTES}, but got "
                             f"{name!r}.")
        return getattr(slice_value, name)
