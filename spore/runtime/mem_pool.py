"""Memory pools fed by a user's allocator (`PluggableAllocator`, `MemPool`, `use_mem_pool`).

What routes where (see `_kernels/mem_pool.py`):
- on a GPU, the pool is one of PyTorch's CUDA memory pools; with a `PluggableAllocator`
  PyTorch's caching allocator takes its blocks from the library's functions, which must then
  have PyTorch's CUDA signatures: `void* alloc(size_t size, int device, cudaStream_t stream)`
  and `void free(void* ptr, size_t size, int device, cudaStream_t stream)`;
- on the CPU, the tensors that operations produce in fresh memory while the pool is in use
  are moved into blocks from `alloc(size, 0, NULL)` and given back by
  `free(ptr, size, NULL)` (MindSpore's signatures) when the last tensor over a block dies;
  this costs one copy per result. A view stays in the memory of the tensor it views; spore's
  in-place methods (`x.add_`) compute a new result, which the pool holds like any other.
Only the thread that entered `use_mem_pool` routes its allocations to the pool.
"""
from __future__ import annotations

import ctypes
import os

from .._kernels.mem_pool import DevicePool

__all__ = ["MemPool", "PluggableAllocator", "use_mem_pool"]

_ALLOC_SIGNATURE = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_void_p)
_FREE_SIGNATURE = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p)
_HOST_DEVICE_ID = 0


class PluggableAllocator:
    """PluggableAllocator(path_to_so_file, alloc_fn_name, free_fn_name)

    The allocation and release functions of a shared library, loaded with ctypes, for a
    `MemPool`. A missing library raises OSError, a missing function AttributeError.
    """

    def __init__(self, path_to_so_file: str, alloc_fn_name: str, free_fn_name: str):
        _check_str("path_to_so_file", path_to_so_file, path_like=True)
        _check_str("alloc_fn_name", alloc_fn_name)
        _check_str("free_fn_name", free_fn_name)
        self._path = os.fspath(path_to_so_file)
        self._library = ctypes.CDLL(self._path)  # held: the functions below live in it
        self._alloc_fn_name, self._free_fn_name = alloc_fn_name, free_fn_name
        self._alloc_fn_ptr = ctypes.cast(getattr(self._library, alloc_fn_name), ctypes.c_void_p).value
        self._free_fn_ptr = ctypes.cast(getattr(self._library, free_fn_name), ctypes.c_void_p).value
        self._alloc = _ALLOC_SIGNATURE(self._alloc_fn_ptr)
        self._free = _FREE_SIGNATURE(self._free_fn_ptr)

    @property
    def alloc_fn_ptr(self) -> int:
        """The address of the allocation function."""
        return self._alloc_fn_ptr

    @property
    def free_fn_ptr(self) -> int:
        """The address of the release function."""
        return self._free_fn_ptr

    def _host_alloc(self, nbytes: int) -> int:
        return self._alloc(nbytes, _HOST_DEVICE_ID, None) or 0

    def _host_free(self, address: int, nbytes: int) -> None:
        self._free(address, nbytes, None)

    def _device_pool(self) -> DevicePool:
        return DevicePool((self._path, self._alloc_fn_name, self._free_fn_name), self._host_alloc, self._host_free)


class MemPool:
    """MemPool(allocator)

    A memory pool over a `PluggableAllocator`, to pass to `use_mem_pool`. With
    `allocator=None` the pool takes memory from the device's own allocator (on a GPU a
    private pool of PyTorch's caching allocator; on the CPU the system's memory).
    """

    def __init__(self, allocator: PluggableAllocator):
        if allocator is not None and not isinstance(allocator, PluggableAllocator):
            raise TypeError(f"For 'MemPool', the 'allocator' must be a PluggableAllocator or None, but got "
                            f"{type(allocator).__name__}.")
        self._allocator = allocator
        self._pool = allocator._device_pool() if allocator is not None else DevicePool()

    @property
    def allocator(self) -> PluggableAllocator:
        """The allocator the pool takes memory from (None: the device's own)."""
        return self._allocator


def use_mem_pool(pool: MemPool):
    """A context manager routing the current thread's allocations to `pool` (see the
    module's docstring for what routes where)."""
    if not isinstance(pool, MemPool):
        raise TypeError(f"For 'use_mem_pool', the 'pool' must be a MemPool, but got {type(pool).__name__}.")
    return pool._pool.in_use()


def _check_str(name: str, value, path_like: bool = False) -> None:
    accepted = (str, os.PathLike) if path_like else str
    if not isinstance(value, accepted):
        raise TypeError(f"For 'PluggableAllocator', the '{name}' must be str, but got {type(value).__name__}.")
