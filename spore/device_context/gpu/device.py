"""CUDA GPUs as devices."""
from __future__ import annotations

from ..._kernels import device_conf as _device_conf


def is_available() -> bool:
    """Whether a CUDA GPU can run spore's kernels."""
    return _device_conf.cuda_available()


def device_count() -> int:
    """The number of CUDA GPUs; RuntimeError when there is none, as in MindSpore."""
    if not _device_conf.cuda_available():
        raise RuntimeError("Device_target GPU not exist.")
    return _device_conf.cuda_device_count()
