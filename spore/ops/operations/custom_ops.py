"""User-defined operators: `Custom` (a Python function, a Hybrid DSL function, or a
compiled C function) and `PyFunc` (a Python function over NumPy arrays).

Their kernels (spore/_kernels/custom.py) run the user's code on the inputs' values: a
Python function on NumPy arrays, a shared library's function through its C signature.
They are never folded into constants or merged in a graph (the user's code may keep
state), and their gradient is the user's `bprop`, if given.
"""
from __future__ import annotations

import numpy as np

from ...common import dtype as mstype
from ...common.tensor import Tensor
from ..primitive import Primitive, TensorSpec

__all__ = ["Custom", "PyFunc"]

_FUNC_TYPES = ("hybrid", "akg", "tbe", "aicpu", "aot", "pyfunc")
_ASCEND_ONLY = ("tbe", "aicpu")


def _is_tensor(value) -> bool:
    return hasattr(value, "shape") and isinstance(getattr(value, "dtype", None), mstype.Number)


class Custom(Primitive):
    """Custom(func, out_shape=None, out_dtype=None, func_type='pyfunc', bprop=None, reg_info=None)

    An operator computed by the user's `func`:

    - 'pyfunc': `func(*arrays)` on the inputs as NumPy arrays (other inputs as they are),
      returning an array (or a tuple of them): the output Tensors, as returned.
    - 'hybrid' / 'akg': a Hybrid DSL function (`@ops.kernel`), run as written, as above
      (MindSpore compiles it with AKG, which its CPU build lacks).
    - 'aot': `func` is 'path/lib.so:name', a C function
      `int name(int nparam, void **params, int *ndims, int64_t **shapes, const char **dtypes,
      void *stream, void *extra)` over the inputs then the outputs (allocated from
      `out_shape` / `out_dtype`), returning 0 on success; the library is compiled ahead of
      time (`gcc -shared -fPIC -o lib.so lib.c`).
    - 'tbe' / 'aicpu': Ascend kernels; a call on the CPU raises RuntimeError.

    `out_shape` / `out_dtype` are the output shape(s) and dtype(s), or functions of the
    inputs' shapes (lists) / dtypes giving them; None (Python functions only) infers
    them by running `func` on ones. `bprop(*inputs, out, dout)` gives the inputs'
    gradients; without it, a gradient through the operator raises RuntimeError.
    """

    pure = False

    def __init__(self, func, out_shape=None, out_dtype=None, func_type="pyfunc", bprop=None, reg_info=None):
        super().__init__()
        if func_type not in _FUNC_TYPES:
            raise ValueError(f"For 'Custom', 'func_type': {func_type}, 'func': {func}, 'func_type' must be one of "
                             f"{list(_FUNC_TYPES)}, but got {func_type}")
        if not (isinstance(func, str) or callable(func)):
            raise TypeError(f"For 'Custom', 'func' must be of type function or str, but got {type(func)}")
        if func_type == "aot":
            if not isinstance(func, str):
                raise TypeError(f"For 'Custom', 'func_type': aot, 'func': {func}, 'func' must be of type str, but "
                                f"got {type(func)}")
            if ":" not in func:
                raise TypeError(f"For 'Custom', 'func_type': aot, 'func': {func}, 'func' should be like "
                                f"'file_name:func_name', but got {func}")
        if bprop is not None and not callable(bprop):
            raise TypeError(f"For 'Custom', 'bprop' must be a function, but got {type(bprop).__name__}.")
        self.func = func
        self.out_shape = out_shape
        self.out_dtype = out_dtype
        self.bprop = bprop
        self.reg_info = reg_info if reg_info is not None else getattr(func, "reg_info", None)
        self.add_prim_attrs(func_name=func if isinstance(func, str) else getattr(func, "__name__", str(func)),
                            func_type=func_type, primitive_target="CPU")

    def output_specs(self, shapes: list, dtypes: list) -> tuple[list, bool]:
        """([(shape, dtype)] of the outputs, whether there are several) for inputs of these
        shapes and dtypes, from `out_shape` and `out_dtype`."""
        shape = self.out_shape(*shapes) if callable(self.out_shape) else self.out_shape
        dtype = self.out_dtype(*dtypes) if callable(self.out_dtype) else self.out_dtype
        several = isinstance(dtype, (tuple, list))
        if not several:
            shape, dtype = [shape], [dtype]
        if len(shape) != len(dtype):
            raise ValueError(f"For 'Custom', 'out_shape' gives {len(shape)} outputs and 'out_dtype' {len(dtype)}; "
                             f"they must agree.")
        for s, d in zip(shape, dtype):
            if not isinstance(s, (tuple, list)) or not all(isinstance(n, int) for n in s):
                raise TypeError(f"For 'Custom', each output shape must be a tuple or list of int, but got {s!r}.")
            if not isinstance(d, mstype.Number):
                raise TypeError(f"For 'Custom', each output dtype must be a mindspore dtype, but got {d!r}.")
        return [(tuple(s), d) for s, d in zip(shape, dtype)], several

    def infer(self, *inputs):
        if self.attrs["func_type"] in _ASCEND_ONLY:
            raise RuntimeError(f"For 'Custom', func_type '{self.attrs['func_type']}' runs on Ascend only; it can "
                               f"not run on the CPU.")
        tensors = [x for x in inputs if _is_tensor(x)]
        if self.out_shape is None or self.out_dtype is None:
            if self.attrs["func_type"] == "aot":
                raise ValueError("For 'Custom', 'out_shape' and 'out_dtype' are required with func_type 'aot'.")
            return self._probe(inputs)
        specs, several = self.output_specs([list(x.shape) for x in tensors], [x.dtype for x in tensors])
        out = tuple(TensorSpec(s, d) for s, d in specs)
        return out if several else out[0]

    def _probe(self, inputs):
        """The output specs `func` gives when run on ones of the inputs' shapes and dtypes
        (ones: defined for every intrinsic, logarithms and reciprocals included)."""
        ones = tuple(Tensor(np.ones(x.shape, mstype.dtype_to_nptype(x.dtype))) if _is_tensor(x) else x
                     for x in inputs)
        out = self.run(ones)
        if isinstance(out, tuple):
            return tuple(TensorSpec(o.shape, o.dtype) for o in out)
        return TensorSpec(out.shape, out.dtype)


class PyFunc(Primitive):
    """PyFunc(fn, in_types, in_shapes, out_types, out_shapes, stateful=True)(input_x)

    `fn(*arrays)` on the Tensors of the tuple or list `input_x` as NumPy arrays; returns a
    tuple of Tensors of `out_types` and `out_shapes` (an empty shape: a scalar). Not
    differentiable (a gradient through it raises RuntimeError, as in MindSpore).
    """

    pure = False

    def __init__(self, fn, in_types, in_shapes, out_types, out_shapes, stateful=True):
        super().__init__()
        if not callable(fn):
            raise TypeError(f"For 'PyFunc', the 'fn' must be a function, but got {type(fn).__name__}.")
        for name, value in (("in_types", in_types), ("in_shapes", in_shapes), ("out_types", out_types),
                            ("out_shapes", out_shapes)):
            if not isinstance(value, (list, tuple)):
                raise TypeError(f"For 'PyFunc', the '{name}' must be a list or tuple, but got "
                                f"{type(value).__name__}.")
        if len(out_types) != len(out_shapes):
            raise ValueError(f"For 'PyFunc', 'out_types' and 'out_shapes' must have the same length, but got "
                             f"{len(out_types)} and {len(out_shapes)}.")
        self.fn = fn
        self.add_prim_attrs(fn_id=id(fn), in_types=list(in_types), in_shapes=[tuple(s) for s in in_shapes],
                            out_types=list(out_types), out_shapes=[tuple(s) for s in out_shapes],
                            side_effect_io=stateful, primitive_target="CPU")

    def infer(self, input_x):
        if not isinstance(input_x, (tuple, list)):
            raise TypeError(f"For 'PyFunc', the 'input_x' must be a tuple or list of Tensors, but got "
                            f"{type(input_x).__name__}.")
        if len(input_x) != len(self.in_types):
            raise TypeError(f"For 'PyFunc', {len(self.in_types)} inputs are declared in 'in_types', but got "
                            f"{len(input_x)}.")
        return tuple(TensorSpec(s, d) for s, d in zip(self.out_shapes, self.out_types))
