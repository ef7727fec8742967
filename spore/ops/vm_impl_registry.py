"""`mindspore.ops.vm_impl_registry`: Python implementations of primitives, registered by
name for debugging (`vm_impl_registry.register(name)`), and `get_vm_impl_fn`."""
from __future__ import annotations

from collections import UserDict

__all__ = ["get_vm_impl_fn", "vm_impl_registry"]


class VmImplRegistry(UserDict):
    """Primitive name -> factory(prim) giving the primitive's Python implementation."""

    def register(self, prim):
        """Decorator: the decorated factory implements the primitive `prim` (a name, or a
        Primitive whose name is taken)."""
        name = prim if isinstance(prim, str) else getattr(prim, "name", None)
        if not isinstance(name, str):
            raise TypeError(f"For 'vm_impl_registry.register', the 'prim' must be a str or a Primitive, but got "
                            f"{type(prim).__name__}.")

        def add(factory):
            self[name] = factory
            return factory
        return add

    def get(self, key, default):
        return self.data.get(key, default)


vm_impl_registry = VmImplRegistry()


def get_vm_impl_fn(prim):
    """The Python implementation registered for `prim` (a Primitive or its name), built by
    its factory from `prim`; None when none is registered."""
    name = prim if isinstance(prim, str) else getattr(prim, "name", None)
    factory = vm_impl_registry.get(name, None)
    return None if factory is None else factory(prim)
