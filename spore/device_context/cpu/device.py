"""The CPU as a device: always present, one device."""
from __future__ import annotations


def device_count() -> int:
    """The number of CPU devices: one (its cores run each kernel's threads)."""
    return 1


def is_available() -> bool:
    return True
