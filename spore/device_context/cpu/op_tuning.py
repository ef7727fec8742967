"""CPU kernel tuning."""
from __future__ import annotations

from ..._kernels import device_conf as _device_conf
from ...runtime.once import record_once


def threads_num(num) -> None:
    """The number of threads each CPU kernel uses, set once per process."""
    if isinstance(num, bool) or not isinstance(num, int):
        raise TypeError(f"For 'threads_num', the parameter 'num' must be <class 'int'>, but got {type(num)}.")
    if num <= 0:
        raise ValueError(f"For 'threads_num', the parameter 'num' must be positive, but got {num}.")
    record_once("threads_num", num=num)
    _device_conf.set_cpu_threads(num)
