"""Kernels of the user-defined operators (ops/operations/custom_ops.py): the user's
Python function on NumPy arrays, or a C function of a shared library called through
MindSpore's AOT signature."""
from __future__ import annotations

import ctypes
import os

import numpy as np
import torch

from .registry import kernel_factory
from .tensor_data import TORCH_OF, from_host, ms_dtype, to_host


def _as_array(value):
    return to_host(value) if isinstance(value, torch.Tensor) else value


def _as_raw(value, dtype=None):
    if isinstance(value, torch.Tensor):
        return value if dtype is None else value.to(TORCH_OF[dtype])
    return from_host(value if isinstance(value, np.ndarray) else np.asarray(value), dtype)


def _python_kernel(fn):
    """fn on the inputs as NumPy arrays; its array (or tuple of arrays) as the outputs."""
    def run(*inputs):
        result = fn(*(_as_array(x) for x in inputs))
        if isinstance(result, (tuple, list)):
            return tuple(_as_raw(r) for r in result)
        return _as_raw(result)
    return run


def _aot_kernel(prim):
    path, name = prim.func.rsplit(":", 1)
    if not os.path.isfile(path):
        raise RuntimeError(f"For 'Custom' on CPU, couldn't find the AOT binary file: {path}")
    try:
        function = getattr(ctypes.CDLL(os.path.abspath(path)), name)
    except (OSError, AttributeError) as failure:
        raise RuntimeError(f"For 'Custom', the function '{name}' can not be loaded from '{path}': {failure}") from None
    function.restype = ctypes.c_int

    def run(*inputs):
        tensors = [x.contiguous() for x in inputs if isinstance(x, torch.Tensor)]
        specs, several = prim.output_specs([list(t.shape) for t in tensors], [ms_dtype(t) for t in tensors])
        outputs = [torch.empty(shape, dtype=TORCH_OF[dtype], device=tensors[0].device if tensors else None)
                   for shape, dtype in specs]
        arrays = tensors + outputs
        count = len(arrays)
        shapes = [(ctypes.c_int64 * max(t.dim(), 1))(*t.shape) for t in arrays]
        status = function(
            count, (ctypes.c_void_p * count)(*(t.data_ptr() for t in arrays)),
            (ctypes.c_int * count)(*(t.dim() for t in arrays)),
            (ctypes.POINTER(ctypes.c_int64) * count)(*(ctypes.cast(s, ctypes.POINTER(ctypes.c_int64)) for s in shapes)),
            (ctypes.c_char_p * count)(*(str(t.dtype).replace("torch.", "").encode() for t in arrays)),
            None, None)
        if status != 0:
            raise RuntimeError(f"For 'Custom', the AOT function '{name}' of '{path}' returned {status} (0 means "
                               f"success).")
        return tuple(outputs) if several else outputs[0]
    return run


@kernel_factory("Custom")
def custom(prim):
    kind = prim.attrs["func_type"]
    if kind == "aot":
        return _aot_kernel(prim)
    if kind in ("tbe", "aicpu"):
        def ascend_only(*inputs):
            raise RuntimeError(f"For 'Custom', func_type '{kind}' runs on Ascend only; it can not run on the CPU.")
        return ascend_only
    return _python_kernel(prim.func)


@kernel_factory("PyFunc")
def py_func(prim):
    run = _python_kernel(prim.fn)

    def call(inputs):
        results = run(*inputs)
        results = results if isinstance(results, tuple) else (results,)
        return tuple(_as_raw(r, dtype) for r, dtype in zip(results, prim.out_types))
    return call
