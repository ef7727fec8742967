"""Device memory statistics and settings (`mindspore.runtime.memory_allocated`, ...); memory
pools (`mem_pool.py`) and `memory_replay` (`memory_replay.py`) are served from here too, as
in MindSpore's `mindspore.runtime.memory`.

On the CPU, as in MindSpore, every statistic is 0: tensors live in memory the system
allocates. On a CUDA device they are those of PyTorch's caching allocator.
"""
from __future__ import annotations

import re

from .._kernels import memory as _memory
from .mem_pool import MemPool, PluggableAllocator, use_mem_pool
from .memory_replay import memory_replay
from .once import record_once

__all__ = ["empty_cache", "max_memory_allocated", "max_memory_reserved", "memory_allocated", "memory_reserved",
           "memory_stats", "memory_summary", "reset_max_memory_allocated", "reset_max_memory_reserved",
           "reset_peak_memory_stats", "set_memory", "MemPool", "PluggableAllocator", "use_mem_pool", "memory_replay"]


def memory_allocated() -> int:
    """Bytes held by tensors now."""
    return _memory.allocated()


def max_memory_allocated() -> int:
    """The peak of `memory_allocated` since the start or the last reset."""
    return _memory.max_allocated()


def memory_reserved() -> int:
    """Bytes the allocator holds (in use or cached)."""
    return _memory.reserved()


def max_memory_reserved() -> int:
    """The peak of `memory_reserved` since the start or the last reset."""
    return _memory.max_reserved()


def reset_peak_memory_stats() -> None:
    _memory.reset_peaks()


def reset_max_memory_allocated() -> None:
    _memory.reset_peaks()


def reset_max_memory_reserved() -> None:
    _memory.reset_peaks()


def empty_cache() -> None:
    """Return the allocator's cached, unused blocks to the device."""
    _memory.empty_cache()


def memory_stats() -> dict:
    """The statistics as MindSpore's dict (pool details are empty: spore has no pools)."""
    reserved, allocated = memory_reserved(), memory_allocated()
    return {"total_reserved_memory": reserved, "total_allocated_memory": allocated,
            "total_idle_memory": reserved - allocated, "total_eager_free_memory": 0,
            "max_reserved_memory": max_memory_reserved(), "max_allocated_memory": max_memory_allocated(),
            "commom_mem_pool_stats": {"block_unit_size": 0, "block_counts": 0, "blocks_info": {}},
            "persistent_mem_pool_stats": {"block_counts": 0, "block_unit_size": 0, "blocks_info": {}}}


def _bytes(count: int) -> str:
    """`count` bytes in the largest unit (up to GB) that keeps the number at least 1."""
    if count < 1024:
        return f"{count} B"
    size, unit = count / 1024, "KB"
    for larger in ("MB", "GB"):
        if size < 1024:
            break
        size, unit = size / 1024, larger
    return f"{size:.2f} {unit}"


def memory_summary() -> str:
    """The statistics as a printable table."""
    stats = memory_stats()
    rows = [("Reserved memory", "total_reserved_memory"), ("Allocated memory", "total_allocated_memory"),
            ("Idle memory", "total_idle_memory"), ("Eager free memory", "total_eager_free_memory"),
            ("Max reserved memory", "max_reserved_memory"), ("Max allocated memory", "max_allocated_memory")]
    rule, thin = "|" + "=" * 45 + "|", "|" + "-" * 45 + "|"
    lines = [rule, f"|{'Memory summary':^45}|", rule, f"| {'Metric':<20} | {'Data':<20} |"]
    for label, key in rows:
        data = f"{_bytes(stats[key]):>8}"
        lines += [thin, f"| {label:<20} | {data:<20} |"]
    lines.append(rule)
    return "\n".join(lines) + "\n"


_SIZE = re.compile(r"^\d+(\.\d+)?GB$")


def set_memory(init_size="2GB", increase_size="2GB", max_size="1024GB", optimize_level="O0",
               huge_page_reserve_size="0GB"):
    """Memory pool sizes ("<n>GB") and the memory optimization level ("O0" / "O1"),
    recorded once per process (spore's allocator is PyTorch's, sized on demand)."""
    sizes = {"init_size": init_size, "increase_size": increase_size, "max_size": max_size,
             "huge_page_reserve_size": huge_page_reserve_size}
    for name, value in sizes.items():
        if not isinstance(value, str):
            raise TypeError(f"For 'set_memory', the parameter '{name}' must be <class 'str'>, but got "
                            f"{type(value)}.")
        if not _SIZE.match(value):
            raise ValueError(f"For 'set_memory', the parameter '{name}' must be a size such as '2GB', but got "
                             f"{value!r}.")
    if optimize_level not in ("O0", "O1"):
        raise ValueError(f"For 'set_memory', the parameter 'optimize_level' must be 'O0' or 'O1', but got "
                         f"{optimize_level!r}.")
    record_once("set_memory", optimize_level=optimize_level, **sizes)
