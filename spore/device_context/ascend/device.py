"""Ascend NPUs as devices: spore has no Ascend kernels, so there are none."""
from __future__ import annotations


def is_available() -> bool:
    return False


def device_count() -> int:
    """RuntimeError, as MindSpore raises where no Ascend device exists."""
    raise RuntimeError("Device_target Ascend not exist: spore runs on the CPU and on CUDA GPUs.")
