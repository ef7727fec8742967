"""MindSpore's Hybrid DSL run as Python: `kernel` (also `ms_kernel`) makes a function
written in the DSL callable on NumPy arrays, with the DSL's names defined: `output_tensor`
and `allocate` (zero-filled arrays), `block_realize` (a no-op scope), the loop ranges
`grid`, `parallel`, `vectorize`, `serial`, `reduce`, the element-wise intrinsics (`sqrt`,
`exp`, `rsqrt`, `erf`, ...) and the scalar casts (`float32`, `int64`, ...).

MindSpore compiles such a function with AKG for GPU and Ascend; on the CPU spore (as
MindSpore does for `func_type='pyfunc'`) runs it as written, loop by loop.
"""
from __future__ import annotations

import contextlib
import functools
import itertools
import math
import types

import numpy as np

__all__ = ["kernel", "ms_kernel"]


def _array(shape, dtype):
    return np.zeros(tuple(shape), dtype=np.dtype(str(dtype)))


def _allocate(shape, dtype="float32", scope="global"):
    return _array(shape, dtype)


def _ranges(*extents):
    return range(*extents)


INTRINSICS = {
    "output_tensor": _array, "allocate": _allocate, "block_realize": contextlib.nullcontext,
    "grid": lambda extents: itertools.product(*(range(e) for e in extents)),
    "parallel": _ranges, "vectorize": _ranges, "serial": _ranges, "reduce": _ranges,
    "sqrt": np.sqrt, "exp": np.exp, "expm1": np.expm1, "log": np.log, "sin": np.sin, "cos": np.cos,
    "tanh": np.tanh, "atan": np.arctan, "atan2": np.arctan2, "abs": np.abs, "floor": np.floor, "ceil": np.ceil,
    "trunc": np.trunc, "round": np.round, "power": np.power, "sign": np.sign, "isinf": np.isinf,
    "isnan": np.isnan, "isfinite": np.isfinite,
    "rsqrt": lambda x: 1.0 / np.sqrt(x),
    "erf": np.vectorize(math.erf),
    "ceil_div": lambda a, b: (a + b - 1) // b,
    **{name: getattr(np, name) for name in ("float16", "float32", "float64", "int8", "int16", "int32", "int64")},
}
"""The names a Hybrid DSL function sees besides its module's globals."""


def run_as_written(fn):
    """`fn` with the DSL's names in scope (its module's own names take precedence)."""
    scope = {**INTRINSICS, **fn.__globals__}
    return types.FunctionType(fn.__code__, scope, fn.__name__, fn.__defaults__, fn.__closure__)


def kernel(fn=None, reg_info=None, compile_attrs=None):
    """Decorator: the Hybrid DSL function `fn` made callable on NumPy arrays (Tensors are
    taken as their arrays). `reg_info` (registration information from `CustomRegOp`) and
    `compile_attrs` (a dict of compile flags) are kept on the result, which `ops.Custom`
    accepts as its `func`."""
    if compile_attrs is not None and not isinstance(compile_attrs, dict):
        raise TypeError(f"For 'kernel', the 'compile_attrs' must be a dict, but got {type(compile_attrs).__name__}.")

    def decorate(func):
        if not isinstance(func, types.FunctionType):
            raise TypeError(f"For 'kernel', the decorated object must be a function, but got "
                            f"{type(func).__name__}.")
        runnable = run_as_written(func)

        @functools.wraps(func)
        def hybrid(*args):
            return runnable(*(a.asnumpy() if hasattr(a, "asnumpy") else a for a in args))

        hybrid.ms_kernel_flag = True
        hybrid.reg_info = reg_info
        hybrid.compile_attrs = compile_attrs or {}
        return hybrid

    return decorate if fn is None else decorate(fn)


ms_kernel = kernel
