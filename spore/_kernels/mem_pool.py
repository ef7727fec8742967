"""Memory pools: where the tensors that kernels produce take their memory from.

On a CUDA device a pool is one of torch's own (`torch.cuda.MemPool`), fed by a
`torch.cuda.memory.CUDAPluggableAllocator` when the user gives a shared library; torch then
calls the library for every block the caching allocator needs while the pool is in use.

On the CPU torch has no allocator that can be switched per thread, so a pool with a
pluggable allocator is honoured one level up: while the pool is in use on a thread, every
tensor a torch operation returns in fresh memory (not a view or an in-place update of one
of its inputs) is moved into a block the library's `alloc` gave, and the library's `free`
gets the block back when the last tensor over it dies. The move costs one copy per output.
A CPU pool without an allocator leaves tensors in the memory the system allocates.
"""
from __future__ import annotations

import contextlib
import ctypes
import threading
import weakref
from typing import Callable

import torch
from torch.utils._python_dispatch import TorchDispatchMode
from torch.utils._pytree import tree_flatten, tree_map

from . import device

HostAlloc = Callable[[int], int]
"""alloc(nbytes) -> address of a block of at least nbytes (0 when there is none)."""
HostFree = Callable[[int, int], None]
"""free(address, nbytes): the block alloc gave, back to the library."""


class DevicePool:
    """A memory pool on whichever device is current when it is used.

    `library` is (path of the .so, alloc function name, free function name), for torch's
    CUDA pluggable allocator; `host_alloc` / `host_free` call the same functions on the CPU.
    Without them the pool takes memory from the device's own allocator.
    """

    def __init__(self, library: tuple[str, str, str] | None = None, host_alloc: HostAlloc | None = None,
                 host_free: HostFree | None = None):
        self._library = library
        self._host = (host_alloc, host_free) if host_alloc is not None else None
        self._cuda_pools: dict[torch.device, object] = {}

    @contextlib.contextmanager
    def in_use(self):
        """Route the current thread's allocations on the current device to this pool."""
        current = device.current()
        if current.type == "cuda":
            with torch.cuda.use_mem_pool(self._cuda_pool(current), current):
                yield
        else:
            with _host_pool_in_use(self._host):
                yield

    def _cuda_pool(self, cuda: torch.device):
        """torch's pool on `cuda`, made on first use (a CUDA pool belongs to one device)."""
        if cuda not in self._cuda_pools:
            if not hasattr(torch.cuda, "MemPool"):
                raise RuntimeError("For 'use_mem_pool', memory pools on a GPU need PyTorch 2.5 or later, but this "
                                   f"PyTorch is {torch.__version__}.")
            allocator = None
            if self._library is not None:
                allocator = torch.cuda.memory.CUDAPluggableAllocator(*self._library).allocator()
            with torch.cuda.device(cuda):
                self._cuda_pools[cuda] = torch.cuda.MemPool(allocator)
        return self._cuda_pools[cuda]


_thread = threading.local()


def _host_pools() -> list:
    """The CPU pools in use on this thread, innermost last (None: the system's memory)."""
    if not hasattr(_thread, "pools"):
        _thread.pools = []
    return _thread.pools


@contextlib.contextmanager
def _host_pool_in_use(host):
    pools = _host_pools()
    # One dispatch mode per thread serves nested pools: the innermost one takes the memory.
    mode = _FreshOutputsToPool() if not pools else contextlib.nullcontext()
    pools.append(host)
    try:
        with mode:
            yield
    finally:
        pools.pop()


class _FreshOutputsToPool(TorchDispatchMode):
    """Moves the fresh outputs of every torch operation into the innermost CPU pool."""

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        host = _host_pools()[-1]
        if host is None:
            return out
        inputs = {_storage_address(t) for t in tree_flatten((args, kwargs))[0] if _is_dense(t)}
        moved: dict[int, torch.UntypedStorage] = {}

        def to_pool(t):
            if not _is_dense(t) or t.device.type != "cpu":
                return t
            storage = t.untyped_storage()
            address = storage.data_ptr()
            if address in inputs or storage.nbytes() == 0:
                return t
            if address not in moved:  # outputs that share a storage keep sharing it
                moved[address] = _pool_copy(storage, *host)
            return torch.empty(0, dtype=t.dtype).set_(moved[address], t.storage_offset(), t.shape, t.stride())

        return tree_map(to_pool, out)


def _is_dense(value) -> bool:
    return isinstance(value, torch.Tensor) and value.layout == torch.strided


def _storage_address(t: torch.Tensor) -> int:
    return t.untyped_storage().data_ptr()


def _pool_copy(storage: torch.UntypedStorage, alloc: HostAlloc, free: HostFree) -> torch.UntypedStorage:
    """A copy of `storage` in a block from `alloc`, given back to `free` when it dies."""
    nbytes = storage.nbytes()
    address = alloc(nbytes)
    if not address:
        raise RuntimeError(f"For 'use_mem_pool', the pool's allocator gave no memory for {nbytes} bytes.")
    block = (ctypes.c_uint8 * nbytes).from_address(address)
    weakref.finalize(block, free, address, nbytes)  # torch.frombuffer keeps `block` alive with the storage
    raw = torch.frombuffer(block, dtype=torch.uint8)
    raw.copy_(torch.empty(0, dtype=torch.uint8).set_(storage))
    return raw.untyped_storage()
