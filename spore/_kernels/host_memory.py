"""The C library's allocator settings for host tensors (glibc on Linux).

torch takes a CPU tensor's memory from malloc and gives it back with free. glibc serves
large blocks with mmap and returns them to the system when freed, and trims the top of its
heap when enough is free there; its thresholds move with the sizes it sees. A training
step frees and reallocates the same buffers every step, so depending on where those
thresholds stand, every step can page-fault its activations back in (measured on LeNet5 in
PyNative: 0 to 1,000 faults a step, 5 ms against 7 ms a step). Fixed thresholds keep freed
memory for reuse, as a caching allocator does: blocks up to 32 MiB come from the heap, and
the heap is trimmed only when 1 GiB is free at its top. The process's peak memory is the
same; its resident size no longer falls between steps.

Settings the user made (glibc's MALLOC_MMAP_THRESHOLD_ / MALLOC_TRIM_THRESHOLD_ /
MALLOC_TOP_PAD_ environment variables) are left as they are, as is any other C library.
"""
from __future__ import annotations

import ctypes
import os
import sys

_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3
MMAP_THRESHOLD = 32 << 20
TRIM_THRESHOLD = 1 << 30
_USER_SETTINGS = ("MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_", "MALLOC_TOP_PAD_")


def keep_freed_memory() -> bool:
    """Fix glibc's mmap and trim thresholds; False where that does not apply."""
    if not sys.platform.startswith("linux") or any(name in os.environ for name in _USER_SETTINGS):
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):   # another C library (musl has no mallopt)
        return False
    # Both, and the mmap threshold first: fixing the trim threshold alone would also stop
    # the mmap threshold from adapting, which leaves every block above 128 KiB to mmap.
    return bool(mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD)) and bool(mallopt(_M_TRIM_THRESHOLD, TRIM_THRESHOLD))


keep_freed_memory()
