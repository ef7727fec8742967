"""How kernels are launched: synchronous launches, dispatch threads, kernel launch
groups and capture, CPU affinity."""
from __future__ import annotations

import re

from .._kernels import device_conf as _device_conf
from ..context import set_context
from .once import record_once, recorded

__all__ = ["dispatch_threads_num", "launch_blocking", "set_cpu_affinity", "set_kernel_launch_capture",
           "set_kernel_launch_group"]


def _check_type(api: str, name: str, value, expected: type) -> None:
    if (isinstance(value, bool) and expected is not bool) or not isinstance(value, expected):
        raise TypeError(f"For '{api}', the parameter '{name}' must be {expected}, but got {type(value)}.")


def launch_blocking() -> None:
    """Each kernel finishes before the next Python statement runs (easier debugging)."""
    set_context(pynative_synchronize=True)


def dispatch_threads_num(threads_num) -> None:
    """The number of threads that dispatch kernels, set once per process (spore
    dispatches from the calling thread and records the value)."""
    _check_type("dispatch_threads_num", "threads_num", threads_num, int)
    if threads_num <= 0:
        raise ValueError(f"For 'dispatch_threads_num', the 'threads_num' must be positive, but got {threads_num}.")
    record_once("dispatch_threads_num", threads_num=threads_num)


def set_kernel_launch_group(thread_num=2, kernel_group_num=8) -> None:
    """Launch kernels in `kernel_group_num` groups over `thread_num` threads (recorded
    once; spore launches in program order)."""
    _check_type("set_kernel_launch_group", "thread_num", thread_num, int)
    _check_type("set_kernel_launch_group", "kernel_group_num", kernel_group_num, int)
    if thread_num < 1 or kernel_group_num < 1 or kernel_group_num % thread_num:
        raise ValueError(f"For 'set_kernel_launch_group', 'thread_num' and 'kernel_group_num' must be positive and "
                         f"'kernel_group_num' a multiple of 'thread_num', but got {thread_num} and "
                         f"{kernel_group_num}.")
    if recorded("kernel_launch_capture"):
        raise RuntimeError("The kernel launch group and kernel launch capture can not be set together")
    record_once("kernel_launch_group", thread_num=thread_num, kernel_group_num=kernel_group_num)


def set_kernel_launch_capture(enable_capture_graph, op_capture_skip=None) -> None:
    """Capture kernel launches into device graphs, except the ops named in
    `op_capture_skip` (recorded; spore launches each kernel)."""
    _check_type("set_kernel_launch_capture", "enable_capture_graph", enable_capture_graph, bool)
    skip = [] if op_capture_skip is None else op_capture_skip
    if not isinstance(skip, list) or not all(isinstance(name, str) for name in skip):
        raise TypeError(f"For 'set_kernel_launch_capture', the parameter 'op_capture_skip' must be a list of str, "
                        f"but got {op_capture_skip!r}.")
    if enable_capture_graph and recorded("kernel_launch_group"):
        raise RuntimeError("The kernel launch group and kernel launch capture can not be set together")
    record_once("kernel_launch_capture", enable_capture_graph=enable_capture_graph, op_capture_skip=skip)


_CPU_RANGE = re.compile(r"^(\d+)-(\d+)$")


def _cpus_of(ranges) -> set[int]:
    if not isinstance(ranges, list) or not all(isinstance(r, str) for r in ranges):
        raise TypeError(f"For 'set_cpu_affinity', the parameter 'affinity_cpu_list' must be a list of str such as "
                        f"['0-3', '8-11'], but got {ranges!r}.")
    cpus: set[int] = set()
    for text in ranges:
        match = _CPU_RANGE.match(text)
        if match is None or int(match.group(1)) > int(match.group(2)):
            raise ValueError(f"For 'set_cpu_affinity', each element of 'affinity_cpu_list' must be a range 'a-b' "
                             f"with a <= b, but got {text!r}.")
        cpus.update(range(int(match.group(1)), int(match.group(2)) + 1))
    return cpus


def set_cpu_affinity(enable_affinity, affinity_cpu_list=None, module_to_cpu_dict=None) -> None:
    """Bind the process to CPU cores, once per process: with `affinity_cpu_list` (ranges
    such as "0-3") to those cores; otherwise the OS's placement is kept.
    `module_to_cpu_dict` (cores per MindSpore thread module) is recorded."""
    _check_type("set_cpu_affinity", "enable_affinity", enable_affinity, bool)
    cpus = None if affinity_cpu_list is None else _cpus_of(affinity_cpu_list)
    if module_to_cpu_dict is not None and not isinstance(module_to_cpu_dict, dict):
        raise TypeError(f"For 'set_cpu_affinity', the parameter 'module_to_cpu_dict' must be a dict, but got "
                        f"{type(module_to_cpu_dict)}.")
    if cpus is not None:
        available = _device_conf.bound_cpus()
        if not cpus <= available:
            raise ValueError(f"For 'set_cpu_affinity', the cores {sorted(cpus - available)} are not available to "
                             f"this process (available: {sorted(available)}).")
    record_once("mindspore.runtime.set_cpu_affinity", enable_affinity=enable_affinity, cpus=cpus,
                module_to_cpu_dict=module_to_cpu_dict)
    if enable_affinity and cpus is not None:
        _device_conf.bind_cpus(cpus)
