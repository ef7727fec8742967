"""Device facts and tuning switches behind `mindspore.device_context` and
`mindspore.runtime`: CUDA devices, CPU threads, TF32 math, CPU affinity."""
from __future__ import annotations

import os

import torch


def cuda_available() -> bool:
    return torch.cuda.is_available()


def cuda_device_count() -> int:
    return torch.cuda.device_count()


def set_cpu_threads(count: int) -> None:
    """The number of threads a CPU kernel uses."""
    torch.set_num_threads(count)


def cpu_threads() -> int:
    return torch.get_num_threads()


def allow_tf32_matmul(value: bool) -> None:
    torch.backends.cuda.matmul.allow_tf32 = value


def allow_tf32_conv(value: bool) -> None:
    torch.backends.cudnn.allow_tf32 = value


def bind_cpus(cpus: set[int]) -> None:
    """Run this process on `cpus` only (where the OS supports affinity)."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, cpus)


def bound_cpus() -> set[int]:
    if hasattr(os, "sched_getaffinity"):
        return set(os.sched_getaffinity(0))
    return set(range(os.cpu_count() or 1))


def use_deterministic_kernels(value: bool) -> None:
    """Pick deterministic kernel implementations (and fail on ops that have none)."""
    torch.use_deterministic_algorithms(value, warn_only=True)
