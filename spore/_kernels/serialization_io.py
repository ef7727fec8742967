"""Raw tensor bytes for checkpoint files: a tensor's memory in its own dtype, and back.

Checkpoint formats store each tensor as its elements' little-endian bytes in row-major
order. Going through NumPy would lose bfloat16 (NumPy has no such type), so the bytes
are taken from and given to torch directly.
"""
from __future__ import annotations

import sys

import numpy as np
import torch

from . import device
from . import dtype as mstype
from .tensor_data import TORCH_OF

if sys.byteorder != "little":  # pragma: no cover - every platform torch ships for is little-endian
    raise ImportError("spore's checkpoint I/O assumes a little-endian machine.")


def tensor_bytes(t: torch.Tensor) -> np.ndarray:
    """The elements of `t` as a flat uint8 array (row-major, little-endian), without a
    copy when `t` is already a contiguous CPU tensor."""
    flat = t.detach().cpu().contiguous().reshape(-1)
    return flat.view(torch.uint8).numpy()


def tensor_from_bytes(content, shape: tuple, dtype: mstype.Number) -> torch.Tensor:
    """A new tensor of `shape` and `dtype` on the current device holding a copy of
    `content` (a bytes-like object of exactly the right length)."""
    raw = np.frombuffer(content, dtype=np.uint8).copy()
    if raw.size == 0:   # torch cannot reinterpret an empty byte buffer as another dtype
        t = torch.empty(shape, dtype=TORCH_OF[dtype])
    else:
        t = torch.from_numpy(raw).view(TORCH_OF[dtype]).reshape(shape)
    dev = device.current()
    return t if t.device == dev else t.to(dev)
