"""Graph mode's hints and options beside `jit`: `jit_class`, `mutable`, `JitConfig`, the
inlining hints, the recursion limit and memory recycling (`mindspore.common.api` names them).

Graph mode compiles per input signature (shapes, dtypes and the values of Python
arguments) and parses user code as it is, so MindSpore's compilation hints (`mutable`,
`lazy_inline`, `no_inline`) validate their arguments and leave the computation
unchanged: the values are what they would be with the hints applied. `enable_dynamic`
declares dynamic shapes: one graph then serves the sizes it leaves open (dynamic.py).
"""
from __future__ import annotations

import gc
import inspect
import sys

from .._kernels import memory as _memory
from ..common.tensor import Tensor
from ..nn.cell import Cell
from .dynamic import DynamicInputs, declared_specs
from .jit_function import JitFunction
from .jit_options import JIT_CONFIG_OPTIONS

__all__ = ["JitConfig", "enable_dynamic", "jit_class", "lazy_inline", "ms_memory_recycle", "mutable", "no_inline",
           "set_recursion_limit"]


def jit_class(cls):
    """Mark a user-defined class whose instances Graph mode code uses (attributes and
    methods). spore's compiler resolves them on any object; the mark is kept as
    MindSpore keeps it (`cls.__ms_class__`)."""
    if not inspect.isclass(cls):
        raise TypeError(f"Decorator jit_class can only be used for class type, but got {cls}.")
    if issubclass(cls, Cell):
        raise TypeError(f"Decorator jit_class is used for user-defined classes and cannot be used for nn.Cell: "
                        f"{cls}.")
    cls.__ms_class__ = True
    return cls


_MUTABLE_LEAVES = (bool, int, float, Tensor)


def _is_mutable_structure(value) -> bool:
    if isinstance(value, _MUTABLE_LEAVES):
        return True
    if isinstance(value, (tuple, list)):
        return all(_is_mutable_structure(v) for v in value)
    if isinstance(value, dict):
        return all(_is_mutable_structure(v) for v in value.values())
    return False


def mutable(input_data, dynamic_len=False):
    """Mark a graph input (a scalar, a Tensor, or a tuple / list / dict of them) as a
    variable rather than a constant of the compiled graph; returns it."""
    if not _is_mutable_structure(input_data):
        raise TypeError(f"For 'mutable', the 'input_data' should be one of (bool, int, float, Tensor, tuple, list, "
                        f"dict) or their nested structures with no self-reference, but got "
                        f"{type(input_data).__name__}: {input_data}.")
    if not isinstance(dynamic_len, bool):
        raise TypeError(f"For 'mutable', the 'dynamic_len' should be bool, but got {type(dynamic_len).__name__}.")
    if dynamic_len and not isinstance(input_data, (tuple, list)):
        raise TypeError(f"For 'mutable', when 'dynamic_len' is True, the 'input_data' must be a tuple or list, but "
                        f"got {type(input_data).__name__}.")
    return input_data


def enable_dynamic(**kwargs):
    """Declare dynamic shapes (`Tensor(shape=[None, ...], ...)`, or shape=None for an
    unknown rank, per argument name) for a `jit` function: calls are checked against
    them and share the graphs compiled for the unknown sizes."""
    if not kwargs:
        raise ValueError("When using decorator enable_dynamic, the input cannot be empty!")
    for name, value in kwargs.items():
        values = value if isinstance(value, (tuple, list)) else (value,)
        if not all(isinstance(v, Tensor) for v in values):
            raise TypeError(f"The decorator enable_dynamic only supports Tensor or a tuple/list of Tensor, but the "
                            f"argument : {name} is type of:{type(value)}.")

    def decorate(fn):
        if not isinstance(fn, JitFunction):
            raise ValueError(f"Decorator enable_dynamic can only be used for function or method decorated by "
                             f"ms.jit, but got {fn}.")
        names = list(inspect.signature(fn.fn).parameters)
        for name in kwargs:
            if name not in names:
                raise ValueError(f"For 'enable_dynamic', '{name}' is not an argument of '{fn.__name__}'; its "
                                 f"arguments are {names}.")
        declared = tuple(kwargs.get(name) for name in names)
        fn.declare_dynamic(DynamicInputs(declared_specs(declared), _enable_dynamic_mismatch))
        return fn

    return decorate


def _enable_dynamic_mismatch(kind: str, index: int, spec, arg):
    """A call that its `enable_dynamic` declaration does not describe (MindSpore's words)."""
    if kind == "mutable":
        return TypeError(f"When using decorator enable_dynamic, the input {index} should be a Tensor of dynamic "
                         f"tensor shape = {spec.shape}, but got {type(arg).__name__}.")
    if kind == "dtype":
        return TypeError(f"When using decorator enable_dynamic, input tensor dtype = {arg.dtype}, dynamic tensor "
                         f"dtype = {spec.dtype}, tensor dtypes are not the same.")
    return ValueError(f"When using decorator enable_dynamic, input tensor shape = {tuple(arg.shape)}, dynamic "
                      f"tensor shape = {spec.shape}, tensor shapes are not the same.")


def lazy_inline(fn=None, attrs=None, policy=None):
    """Decorator for a Cell's `__init__`: MindSpore then compiles the Cell's graph once
    for all its instances. Returns `__init__` unchanged."""
    def decorate(init):
        if not callable(init):
            raise TypeError(f"For 'lazy_inline', the decorated object must be a Cell's __init__, but got "
                            f"{type(init).__name__}.")
        return init

    return decorate if fn is None else decorate(fn)


def no_inline(fn=None):
    """Decorator: MindSpore compiles the function as a graph of its own, reused at each
    call, instead of inlining it. Returns the function unchanged."""
    def decorate(function):
        if not callable(function):
            raise TypeError(f"For 'no_inline', the decorated object must be a function, but got "
                            f"{type(function).__name__}.")
        return function

    return decorate if fn is None else decorate(fn)


def set_recursion_limit(recursion_limit=1000):
    """The depth of nested calls Graph mode compilation allows. spore's parser runs on
    the Python stack, so Python's recursion limit is raised to at least this value."""
    if isinstance(recursion_limit, bool) or not isinstance(recursion_limit, int):
        raise TypeError(f"The input value must be int, but got '{type(recursion_limit).__name__}'")
    if recursion_limit <= 0:
        raise ValueError(f"The input value must be int and must > 0, but got '{recursion_limit}' with type 'int'.")
    sys.setrecursionlimit(max(sys.getrecursionlimit(), recursion_limit))


def ms_memory_recycle():
    """Release memory that is no longer referenced: unreachable objects and the
    device's cached blocks."""
    gc.collect()
    _memory.empty_cache()


_BACKEND_OF_LEVEL = {"O0": "ms_backend", "O1": "ms_backend", "O2": "GE"}
"""The backend MindSpore records for each jit_level (its O2 is the GE graph sink)."""


def _check_option(name: str, value) -> None:
    allowed = JIT_CONFIG_OPTIONS[name]
    if name == "jit_level" and value not in allowed:
        raise ValueError(f"For '{name}' must be one of {allowed}.")
    if value not in allowed:
        raise ValueError(f"For '{name}' must be one of '{allowed}'.")


class JitConfig:
    """Compilation options for a Cell (`cell.set_jit_config`) or `jit(jit_config=...)`,
    readable back from `jit_config_dict`. spore's one compiler serves every jit_level;
    jit_syntax_level accepts MindSpore's COMPATIBLE beside STRICT and LAX."""

    def __init__(self, jit_level="", exc_mode="auto", jit_syntax_level="", debug_level="RELEASE",
                 infer_boost="off", **kwargs):
        if jit_level != "":
            _check_option("jit_level", jit_level)
        _check_option("exc_mode", exc_mode)
        if jit_syntax_level not in ("", "COMPATIBLE"):
            _check_option("jit_syntax_level", jit_syntax_level)
        _check_option("debug_level", debug_level)
        _check_option("infer_boost", infer_boost)
        self.jit_config_dict = dict(kwargs)
        self.jit_config_dict.update(jit_level=jit_level, exc_mode=exc_mode, jit_syntax_level=jit_syntax_level,
                                    debug_level=debug_level, infer_boost=infer_boost)
        if jit_level in _BACKEND_OF_LEVEL:
            self.jit_config_dict["backend"] = _BACKEND_OF_LEVEL[jit_level]
