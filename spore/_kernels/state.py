"""Kernels of the primitives in ops/operations/other_ops.py.

The assign kernels return the variable's new storage; the primitive rebinds the
variable to it (no tensor is written in place).
"""
from __future__ import annotations

import torch

from .registry import kernel, kernel_factory


def _in_dtype_of(value, variable: torch.Tensor):
    """`value` (a tensor or a Python number) in the variable's dtype."""
    return value.to(variable.dtype) if isinstance(value, torch.Tensor) else value


@kernel("Assign")
def assign(variable, value):
    if isinstance(value, torch.Tensor):
        return value.to(variable.dtype, copy=True)
    return torch.full_like(variable, value)


@kernel("AssignAdd")
def assign_add(variable, value):
    return (variable + _in_dtype_of(value, variable)).to(variable.dtype)


@kernel("AssignSub")
def assign_sub(variable, value):
    return (variable - _in_dtype_of(value, variable)).to(variable.dtype)


@kernel("CopyWithSlice")
def copy_with_slice(x, y):
    return y.clone()


@kernel("Reshard")
def reshard(tensor):
    return tensor.clone()


@kernel("Depend")
def depend(value, expr):
    return value


@kernel("Identity")
def identity(x):
    return x.clone()


@kernel_factory("Print")
def print_lines(prim):
    """Write each input, as the Print primitive shows it (`prim.printed`), on its own line."""
    def write(*values) -> None:
        if values:
            print(*(prim.printed(v) for v in values), sep="\n", flush=True)
    return write


@kernel_factory("GetNext")
def get_next(prim):
    def no_device_queue(*args):
        raise RuntimeError(
            f"For '{prim.name}', spore has no device data queue to read from (MindSpore's "
            f"dataset sink mode). Iterate the dataset instead, e.g. `for data in "
            f"dataset.create_tuple_iterator(): ...`, or train with "
            f"`model.train(..., dataset_sink_mode=False)`.")
    return no_device_queue
