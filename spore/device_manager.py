"""`set_device`, `get_current_device`, `set_deterministic`: the device a process runs
on and whether its kernels are deterministic (front doors to `set_context`)."""
from __future__ import annotations

from typing import NamedTuple

from .context import get_context, set_context

_TARGETS = ["CPU", "GPU", "Ascend"]


class DeviceInfo(NamedTuple):
    device_target: str
    device_id: int

    def __repr__(self) -> str:
        return repr(tuple(self))  # MindSpore prints it as the plain pair: ('CPU', 0)


def set_device(device_target, device_id=None) -> None:
    """Run on `device_target` ("CPU", "GPU"), device `device_id` (default 0)."""
    if not isinstance(device_target, str):
        raise TypeError(f"For 'set_device', the argument 'device_target' must be str, but got "
                        f"{type(device_target)}.")
    if device_target not in _TARGETS:
        raise ValueError(f"The argument 'device_target' must be one of {_TARGETS}, but got {device_target}.")
    if device_id is not None and (isinstance(device_id, bool) or not isinstance(device_id, int)):
        raise TypeError(f"For 'set_device', the argument 'device_id' must be int, but got {type(device_id)}.")
    set_context(device_target=device_target, device_id=0 if device_id is None else device_id)


def get_current_device() -> DeviceInfo:
    """The device target and id the process runs on."""
    return DeviceInfo(get_context("device_target"), get_context("device_id"))


def set_deterministic(deterministic) -> None:
    """Run deterministic kernels: the same inputs then give bitwise the same outputs."""
    if not isinstance(deterministic, bool):
        raise TypeError(f"For 'set_deterministic', the parameter 'deterministic' must be <class 'bool'>, but got "
                        f"{type(deterministic)}.")
    set_context(deterministic="ON" if deterministic else "OFF")
