"""Kernels of the primitives in ops/operations/other_ops.py.

The assign kernels return the variable's new storage; the primitive rebinds the
variable to it (no tensor is written in place).
"""
from __future__ import annotations

import copy

import torch

from .registry import kernel, kernel_factory
from .tensor_data import in_torch_dtype


def _in_dtype_of(value, variable: torch.Tensor):
    """`value` (a tensor or a Python number) in the variable's dtype."""
    return in_torch_dtype(value, variable.dtype) if isinstance(value, torch.Tensor) else value


@kernel("Assign")
def assign(variable, value):
    if isinstance(value, torch.Tensor):
        return value.to(variable.dtype, copy=True)
    return torch.full_like(variable, value)


@kernel("AssignAdd")
def assign_add(variable, value):
    return in_torch_dtype(variable + _in_dtype_of(value, variable), variable.dtype)


@kernel("AssignSub")
def assign_sub(variable, value):
    return in_torch_dtype(variable - _in_dtype_of(value, variable), variable.dtype)


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
    """Write the lines the Print primitive makes of its inputs (`prim.lines`)."""
    def write(*values) -> None:
        if values:
            print(*prim.lines(values), sep="\n", flush=True)
    return write


@kernel_factory("Raise")
def raise_error(prim):
    """Raise (a copy of) the primitive's exception where the condition holds."""
    def check(condition) -> None:
        if bool(condition.reshape(())):
            raise copy.copy(prim.error).with_traceback(None)
    return check


@kernel_factory("GetNext")
def get_next(prim):
    def no_device_queue(*args):
        raise RuntimeError(
            f"For '{prim.name}', spore has no device data queue to read from (MindSpore's "
            f"dataset sink mode). Iterate the dataset instead, e.g. `for data in "
            f"dataset.create_tuple_iterator(): ...`, or train with "
            f"`model.train(..., dataset_sink_mode=False)`.")
    return no_device_queue
