"""Functions over nests of values that MindSpore's optimizers and graph code are written
with: MultitypeFuncGraph (one name, implementations chosen by the argument types),
HyperMap and Map (apply a function leaf-wise over tuples and lists), and the small
helpers MindSpore's compiler exposes beside them (tail, zip_operation, iteration,
augmented assignment, add_flags).

They are plain Python over spore values, so they run as they are in PyNative mode and,
while a graph is built, on its symbolic Tensors (the compiler runs spore's own code).
"""
from __future__ import annotations

import operator
from typing import Callable

from ...common import dtype as mstype
from ...common.tensor import Tensor
from ..function import array_func
from ..function.builtin_func import Environ, environ_get

__all__ = ["MultitypeFuncGraph", "HyperMap", "Map", "add_flags", "tail", "zip_operation", "ms_next",
           "ms_hasnext", "iter_converter", "hyper_add", "ones_like", "zeros_like", "_ones_like_for_grad",
           "augassign_add", "augassign_sub", "augassign_mul", "augassign_div", "augassign_floordiv",
           "augassign_mod", "recompute_block", "env_get"]

# The type names MultitypeFuncGraph.register accepts, and the names each Python value
# answers to, most specific first (a bool is a "Bool" before it is a "Number").
_TYPE_NAMES = frozenset({"Tensor", "Number", "Bool", "Int", "Float", "Tuple", "List", "Dictionary", "String",
                         "None", "Function", "Slice", "TypeType", "EnvType", "UMonad", "IOMonad"})


def _names_of(value) -> tuple[str, ...]:
    if isinstance(value, Tensor):
        return ("Tensor",)
    if isinstance(value, bool):
        return ("Bool", "Number")
    if isinstance(value, int):
        return ("Int", "Number")
    if isinstance(value, float):
        return ("Float", "Number")
    if value is None:
        return ("None",)
    if isinstance(value, tuple):
        return ("Tuple",)
    if isinstance(value, list):
        return ("List",)
    if isinstance(value, dict):
        return ("Dictionary",)
    if isinstance(value, str):
        return ("String",)
    if isinstance(value, slice):
        return ("Slice",)
    if isinstance(value, mstype.Type):
        return ("TypeType",)
    if isinstance(value, Environ):
        return ("EnvType",)
    if callable(value):
        return ("Function",)
    return ()


def _type_label(value) -> str:
    names = _names_of(value)
    return names[0] if names else type(value).__name__


class MultitypeFuncGraph:
    """MultitypeFuncGraph(name, read_value=False)

    One function name with several implementations, registered by the type names of
    their arguments (`@f.register("Tensor", "Number")`; names: Tensor, Number, Bool, Int,
    Float, Tuple, List, Dictionary, String, None, Function, Slice, TypeType, EnvType).
    A call runs the implementation whose types match the arguments, preferring exact
    names ("Int") over general ones ("Number"), then the first registered.
    """

    def __init__(self, name: str, read_value: bool = False):
        if not isinstance(name, str):
            raise TypeError(f"For 'MultitypeFuncGraph', the 'name' must be str, but got {type(name).__name__}.")
        self.name = name
        self.read_value = read_value
        self.entries: list[tuple[tuple[str, ...], Callable]] = []

    def register(self, *type_names: str) -> Callable:
        """A decorator registering the function it decorates for these argument types."""
        for type_name in type_names:
            if type_name not in _TYPE_NAMES:
                raise RuntimeError(f"For 'MultitypeFuncGraph' '{self.name}', unsupported type name: "
                                   f"{type_name!r}; expected one of {sorted(_TYPE_NAMES)}.")

        def deco(fn: Callable) -> Callable:
            self.entries.append((tuple(type_names), fn))
            return fn
        return deco

    def __call__(self, *args):
        arg_names = [_names_of(a) for a in args]
        best, best_rank = None, None
        for signature, fn in self.entries:
            if len(signature) != len(args):
                continue
            ranks = [names.index(t) if t in names else None for t, names in zip(signature, arg_names)]
            if None in ranks:
                continue
            if best_rank is None or sum(ranks) < best_rank:
                best, best_rank = fn, sum(ranks)
        if best is None:
            registered = ", ".join("(" + ", ".join(sig) + ")" for sig, _ in self.entries)
            given = ", ".join(_type_label(a) for a in args)
            raise ValueError(f"For 'MultitypeFuncGraph' '{self.name}', cannot find fn match given args. "
                             f"Registered: [{registered}], but got ({given}).")
        return best(*args)

    def __repr__(self) -> str:
        return f"MultitypeFuncGraph({self.name!r})"


def _is_sequence(value) -> bool:
    return isinstance(value, (tuple, list))


class HyperMap:
    """HyperMap(ops=None, reverse=False)

    `HyperMap(f)(*seqs)` applies `f` leaf-wise over nests of tuples and lists, zipping the
    arguments (to the shortest) and returning tuples; without `ops`, the function is the
    first argument: `HyperMap()(f, *seqs)`. Arguments that are not sequences are passed
    whole to every call. `reverse` only changes the evaluation order.
    """

    def __init__(self, ops: Callable | None = None, reverse: bool = False):
        if ops is not None and not callable(ops):
            raise TypeError(f"For '{type(self).__name__}', the 'ops' must be callable, but got "
                            f"{type(ops).__name__}.")
        self.ops = ops
        self.reverse = bool(reverse)

    def __call__(self, *args):
        fn, args = self._split(args)
        return self._map(fn, args)

    def _split(self, args: tuple):
        if self.ops is not None:
            return self.ops, args
        if not args or not callable(args[0]):
            raise TypeError(f"For '{type(self).__name__}' created without 'ops', the first argument must be "
                            f"the function to map, but got {_type_label(args[0]) if args else 'no argument'}.")
        return args[0], args[1:]

    def _map(self, fn: Callable, args: tuple):
        if not any(_is_sequence(a) for a in args):
            return fn(*args)
        length = min(len(a) for a in args if _is_sequence(a))
        order = range(length - 1, -1, -1) if self.reverse else range(length)
        results = {i: self._map(fn, tuple(a[i] if _is_sequence(a) else a for a in args)) for i in order}
        return tuple(results[i] for i in range(length))


class Map(HyperMap):
    """Map(ops=None, reverse=False)

    Like HyperMap one level deep: `Map(f)(*seqs)` is the tuple of `f` applied to the
    arguments' items (a Tensor is iterated along its first axis).
    """

    def _map(self, fn: Callable, args: tuple):
        items = [_items_of(a) for a in args]
        length = min(len(i) for i in items) if items else 0
        order = range(length - 1, -1, -1) if self.reverse else range(length)
        results = {i: fn(*(item[i] for item in items)) for i in order}
        return tuple(results[i] for i in range(length))


def _items_of(value):
    if _is_sequence(value):
        return value
    if isinstance(value, Tensor) and value.ndim > 0:
        return [value[i] for i in range(value.shape[0])]
    raise TypeError(f"For 'Map', every argument must be a tuple, a list or a Tensor of rank >= 1, but got "
                    f"{_type_label(value)}.")


def add_flags(fn=None, **flags):
    """Set `flags` (bools) on `fn` as its `_func_graph_flags` dict (merged with any it has);
    without `fn`, a decorator doing so."""
    for key, value in flags.items():
        if not isinstance(value, bool):
            raise TypeError(f"For 'add_flags', flag '{key}' must be bool, but got {type(value).__name__}.")

    def deco(target):
        merged = dict(getattr(target, "_func_graph_flags", {}))
        merged.update(flags)
        target._func_graph_flags = merged
        return target
    return deco if fn is None else deco(fn)


def _check_sequence(api: str, value) -> None:
    if not _is_sequence(value):
        raise TypeError(f"For '{api}', the input must be a tuple or a list, but got {_type_label(value)}.")


def tail(sequence):
    """All items of a tuple or list but the first, as the same type."""
    _check_sequence("tail", sequence)
    if not sequence:
        raise ValueError("For 'tail', the input must not be empty.")
    return sequence[1:]


def zip_operation(*sequences) -> tuple:
    """The tuples of the sequences' items taken in step (to the shortest), as a tuple."""
    if not sequences:
        raise ValueError("For 'zip_operation', there must be at least one input.")
    for s in sequences:
        _check_sequence("zip_operation", s)
    return tuple(zip(*sequences))


def iter_converter(value):
    """What a `for` loop iterates over `value` as: tuples and lists as they are, a dict's
    keys as a tuple, a Tensor's slices along its first axis as a tuple."""
    if _is_sequence(value):
        return value
    if isinstance(value, dict):
        return tuple(value)
    if isinstance(value, Tensor):
        return tuple(_items_of(value))
    raise TypeError(f"For 'iter_converter', the input must be a tuple, list, dict or Tensor, but got "
                    f"{_type_label(value)}.")


def ms_next(sequence) -> tuple:
    """(first item, the rest) of a tuple or list: one step of the compiler's iteration."""
    _check_sequence("ms_next", sequence)
    if not sequence:
        raise ValueError("For 'ms_next', the input must not be empty.")
    return sequence[0], sequence[1:]


def ms_hasnext(sequence) -> bool:
    """Whether a tuple or list has items left."""
    _check_sequence("ms_hasnext", sequence)
    return len(sequence) > 0


def _ones_like_leaf(value):
    if isinstance(value, Tensor):
        return array_func.ones_like(value)
    if isinstance(value, (bool, int, float)):
        return type(value)(1)
    raise TypeError(f"For 'ones_like', the input must be a Tensor, a number or a tuple or list of them, but "
                    f"got {_type_label(value)}.")


def _zeros_like_leaf(value):
    if isinstance(value, Tensor):
        return array_func.zeros_like(value)
    if isinstance(value, (bool, int, float)):
        return type(value)(0)
    if value is None:
        return None
    raise TypeError(f"For 'zeros_like', the input must be a Tensor, a number or a tuple or list of them, but "
                    f"got {_type_label(value)}.")


def _add_leaf(x, y):
    return x + y


ones_like = HyperMap(_ones_like_leaf)
"""Ones shaped like each leaf of a nest of Tensors and numbers (numbers become 1)."""

_ones_like_for_grad = HyperMap(_ones_like_leaf)
"""The default sensitivity of a function's outputs: ones like each of them."""

zeros_like = HyperMap(_zeros_like_leaf)
"""Zeros shaped like each leaf of a nest of Tensors and numbers (numbers become 0)."""

hyper_add = HyperMap(_add_leaf)
"""The leaf-wise sum of two nests of Tensors and numbers."""


def _augassign(name: str, binary: Callable) -> MultitypeFuncGraph:
    """`x op= y` on numbers, Tensors and sequences (`+=` concatenates, `*=` repeats)."""
    graph = MultitypeFuncGraph(name)
    for left in ("Number", "Tensor", "Tuple", "List", "String"):
        for right in ("Number", "Tensor", "Tuple", "List", "String"):
            graph.register(left, right)(binary)
    return graph


augassign_add = _augassign("augassign_add", operator.add)
augassign_sub = _augassign("augassign_sub", operator.sub)
augassign_mul = _augassign("augassign_mul", operator.mul)
augassign_div = _augassign("augassign_div", operator.truediv)
augassign_floordiv = _augassign("augassign_floordiv", operator.floordiv)
augassign_mod = _augassign("augassign_mod", operator.mod)


def recompute_block(block: Callable, *args):
    """Run `block(*args)`. MindSpore marks the block for recomputation in its backward
    pass (a memory saving); spore's tape keeps the forward values, so the values and
    gradients are the same."""
    if not callable(block):
        raise TypeError(f"For 'recompute_block', the block must be callable, but got {_type_label(block)}.")
    return block(*args)


env_get = MultitypeFuncGraph("env_get")


@env_get.register("EnvType", "Tensor")
def _env_get_tensor(env, key):
    """The value `env` holds for a Parameter (or key Tensor), zeros like it when none."""
    return environ_get(env, key, array_func.zeros_like(key))
