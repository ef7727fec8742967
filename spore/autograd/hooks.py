"""Hook bookkeeping shared by Tensor and Cell hooks: removable handles and the table of
hooks registered on Tensors.

Tensor hooks are kept outside the Tensor (which has no room for them) in a table keyed
by the Tensor's identity that forgets a Tensor when it is collected.
"""
from __future__ import annotations

import itertools
import weakref
from typing import Callable

_handle_ids = itertools.count()


class HookHandle:
    """Returned by every register_*hook call; `remove()` unregisters that one hook."""

    def __init__(self, table: dict, key: int):
        self._table = table
        self._key = key

    @property
    def handle_id(self) -> int:
        return self._key

    id = handle_id

    def remove(self) -> None:
        self._table.pop(self._key, None)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.remove()
        return False


def add_hook(table: dict, fn: Callable) -> HookHandle:
    """Append `fn` to an ordered hook table and return its handle."""
    key = next(_handle_ids)
    table[key] = fn
    return HookHandle(table, key)


class _TensorHookTable:
    """{Tensor: {handle id: hook}} without keeping Tensors alive or comparing them with
    `==` (which is elementwise for Tensors)."""

    def __init__(self):
        self._entries: dict[int, tuple[weakref.ref, dict]] = {}

    def get(self, tensor) -> dict | None:
        entry = self._entries.get(id(tensor))
        return entry[1] if entry is not None and entry[0]() is tensor else None

    def table_for(self, tensor) -> tuple[dict, bool]:
        """The hook dict of `tensor`, and whether it was just created."""
        found = self.get(tensor)
        if found is not None:
            return found, False
        key = id(tensor)
        table: dict = {}
        self._entries[key] = (weakref.ref(tensor, lambda _, key=key: self._entries.pop(key, None)), table)
        return table, True

    def hooks_of(self, tensor) -> list:
        """The hook functions registered on `tensor`, in registration order."""
        table = self.get(tensor)
        return [] if table is None else list(table.values())

    def remove(self, handle_id: int) -> None:
        """Unregister the Tensor hook whose handle has id `handle_id` (if it is still there)."""
        for _, table in list(self._entries.values()):
            if table.pop(handle_id, None) is not None:
                return


tensor_hooks = _TensorHookTable()
