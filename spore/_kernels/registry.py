"""The kernel table: primitive name -> how to build the function that computes it.

A kernel is a plain function over torch tensors and Python values. It is registered in
one of two forms:

- `@kernel("Add")` for an op whose computation does not depend on attributes: the
  function itself is the kernel.
- `@kernel_factory("MaxPool")` for an op configured by its attributes: the factory takes
  the Primitive and returns the kernel specialised for it, so attribute parsing happens
  once, when the Primitive is built, and never per call.
"""
from __future__ import annotations

from typing import Callable

KernelFactory = Callable[[object], Callable]

KERNELS: dict[str, KernelFactory] = {}


def _registrar(table: dict, what: str, name: str) -> Callable[[KernelFactory], KernelFactory]:
    """A decorator entering a factory into `table` under `name`, once."""
    def register(factory: KernelFactory) -> KernelFactory:
        if name in table:
            raise RuntimeError(f"{what} '{name}' is registered twice")
        table[name] = factory
        return factory
    return register


def kernel_factory(name: str) -> Callable[[KernelFactory], KernelFactory]:
    return _registrar(KERNELS, "kernel", name)


def kernel(name: str) -> Callable[[Callable], Callable]:
    def register(fn: Callable) -> Callable:
        kernel_factory(name)(lambda prim: fn)
        return fn
    return register


def build_kernel(name: str, prim) -> Callable:
    """The kernel for primitive `prim` registered under `name`."""
    try:
        factory = KERNELS[name]
    except KeyError:
        raise RuntimeError(f"For '{name}', no kernel is registered.") from None
    return factory(prim)


# ---- multi-tensor kernels -------------------------------------------------------------------------
MULTI_TENSOR_KERNELS: dict[str, KernelFactory] = {}
"""Optional second form of an update primitive (optim_ops.py): the same computation over lists
of tensors, one entry per parameter, in one call (ATen's `_foreach` kernels)."""


def multi_tensor_kernel_factory(name: str) -> Callable[[KernelFactory], KernelFactory]:
    return _registrar(MULTI_TENSOR_KERNELS, "multi-tensor kernel", name)


def build_multi_tensor_kernel(name: str, prim) -> Callable | None:
    """The multi-tensor kernel of `prim` registered under `name`, or None."""
    factory = MULTI_TENSOR_KERNELS.get(name)
    return None if factory is None else factory(prim)
