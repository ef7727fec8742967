"""Device memory statistics, as torch's caching allocator keeps them on a CUDA device.

On the CPU tensors are allocated by the system: like MindSpore on the CPU, every
counter is 0 and there is no cache to empty.
"""
from __future__ import annotations

import torch

from . import device


def _cuda():
    current = device.current()
    return current if current.type == "cuda" else None


def allocated() -> int:
    cuda = _cuda()
    return torch.cuda.memory_allocated(cuda) if cuda is not None else 0


def max_allocated() -> int:
    cuda = _cuda()
    return torch.cuda.max_memory_allocated(cuda) if cuda is not None else 0


def reserved() -> int:
    cuda = _cuda()
    return torch.cuda.memory_reserved(cuda) if cuda is not None else 0


def max_reserved() -> int:
    cuda = _cuda()
    return torch.cuda.max_memory_reserved(cuda) if cuda is not None else 0


def reset_peaks() -> None:
    cuda = _cuda()
    if cuda is not None:
        torch.cuda.reset_peak_memory_stats(cuda)


def empty_cache() -> None:
    if _cuda() is not None:
        torch.cuda.empty_cache()


def allocate_block(nbytes: int) -> torch.Tensor:
    """`nbytes` bytes on the current device, given back when the returned handle is dropped.

    Raises MemoryError when the device has no room for them."""
    try:
        return torch.empty(nbytes, dtype=torch.uint8, device=device.current())
    except RuntimeError as error:  # torch's out-of-memory errors (CPU and CUDA) are RuntimeErrors
        raise MemoryError(f"{nbytes} bytes on {device.current()}: {error}") from None
