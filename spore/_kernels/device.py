"""Where new tensors live: the torch device behind `device_target`."""
from __future__ import annotations

import torch

_current = torch.device("cpu")


def available_targets() -> list[str]:
    """The device targets this machine can run: always 'CPU', 'GPU' when CUDA works."""
    return ["CPU", "GPU"] if torch.cuda.is_available() else ["CPU"]


def set_target(target: str, device_id: int = 0) -> None:
    global _current
    _current = torch.device("cuda", device_id) if target == "GPU" else torch.device("cpu")


def current() -> torch.device:
    return _current


def synchronize() -> None:
    if _current.type == "cuda":
        torch.cuda.synchronize(_current)
