"""The execution context: `set_context(mode=GRAPH_MODE, device_target="CPU", ...)`.

Each key MindSpore accepts is declared once below with its type, default and valid
values; unknown keys and bad values raise as MindSpore does. Keys that steer hardware
spore does not have (Ascend tuning, memory pools) are accepted and recorded so that
scripts setting them run unchanged.
"""
from __future__ import annotations

from typing import Any, Callable, NamedTuple

from ._kernels import device as _device
from ._kernels import device_conf as _device_conf
from .parallel.auto_parallel_context import (
    ParallelMode,
    get_auto_parallel_context,
    reset_auto_parallel_context,
    set_auto_parallel_context,
)
from .parallel.ps_context import get_ps_context, reset_ps_context, set_ps_context

__all__ = ["COMPATIBLE", "GRAPH_MODE", "LAX", "PYNATIVE_MODE", "STRICT", "ParallelMode", "get_auto_parallel_context",
           "get_context", "get_ps_context", "reset_auto_parallel_context", "reset_ps_context",
           "set_auto_parallel_context", "set_context", "set_ps_context"]

GRAPH_MODE = 0
PYNATIVE_MODE = 1

# Graph mode syntax levels (`set_context(jit_syntax_level=...)`): how much Python
# beyond MindSpore's graph syntax a graph may use.
STRICT = 0
COMPATIBLE = 1
LAX = 2

_DEVICE_TARGETS = ["CPU", "GPU", "Ascend", "Davinci"]


class _Key(NamedTuple):
    types: tuple
    default: Any
    check: Callable[[str, Any], None] | None = None


def _check_mode(name, value):
    if value not in (GRAPH_MODE, PYNATIVE_MODE):
        raise ValueError(f"For 'context.set_context', the argument 'mode' should be context.GRAPH_MODE "
                         f"(0) or context.PYNATIVE_MODE (1), but got {value}.")


def _check_device_target(name, value):
    if value not in _DEVICE_TARGETS:
        raise ValueError(f"For 'context.set_context', the argument 'device_target' must be one of "
                         f"{_DEVICE_TARGETS}, but got {value}.")
    available = _device.available_targets()
    if value not in available:
        raise RuntimeError(f"Unsupported device target {value}. This machine supports only "
                           f"{available}: spore runs on the CPU, and on CUDA GPUs when PyTorch "
                           f"finds one.")


def _check_device_id(name, value):
    if not 0 <= value <= 4095:
        raise ValueError(f"For 'context.set_context', the argument 'device_id' must be in range "
                         f"[0, 4095], but got {value}.")


def _check_positive(name, value):
    if value <= 0:
        raise ValueError(f"For 'context.set_context', the argument '{name}' must be positive, "
                         f"but got {value}.")


def _check_one_of(*options):
    def check(name, value):
        if value not in options:
            raise ValueError(f"For 'context.set_context', the argument '{name}' must be one of "
                             f"{list(options)}, but got {value!r}.")
    return check


_JIT_CONFIG_KEYS = {"jit_level": ["O0", "O1", "O2"], "infer_boost": ["on", "off"]}


def _check_jit_config(name, value):
    for key, option in value.items():
        if key not in _JIT_CONFIG_KEYS:
            raise ValueError(f"For 'context.set_context', the key of argument 'jit_config' must be one of "
                             f"{_JIT_CONFIG_KEYS}, but got {key}.")
        if option not in _JIT_CONFIG_KEYS[key]:
            raise ValueError(f"For 'jit_config', the value of argument {key} must be one of "
                             f"{_JIT_CONFIG_KEYS[key]}, but got {option}.")


_KEYS: dict[str, _Key] = {
    "mode": _Key((int,), PYNATIVE_MODE, _check_mode),
    "device_target": _Key((str,), "CPU", _check_device_target),
    "device_id": _Key((int,), 0, _check_device_id),
    "pynative_synchronize": _Key((bool,), False),
    "save_graphs": _Key((bool, int), 0),
    "save_graphs_path": _Key((str,), "."),
    "max_call_depth": _Key((int,), 1000, _check_positive),
    "jit_syntax_level": _Key((int,), LAX, _check_one_of(STRICT, COMPATIBLE, LAX)),
    "jit_level": _Key((str,), ""),
    "jit_config": _Key((dict,), {}, _check_jit_config),
    "deterministic": _Key((str,), "OFF", _check_one_of("ON", "OFF")),
    "runtime_num_threads": _Key((int,), 2),
    "inter_op_parallel_num": _Key((int,), 0),
    "enable_graph_kernel": _Key((bool,), False),
    "graph_kernel_flags": _Key((str,), ""),
    "precompile_only": _Key((bool,), False),
    "max_device_memory": _Key((str, float), 1024.0),
    "variable_memory_max_size": _Key((str,), "0GB"),
    "mempool_block_size": _Key((str,), "1GB"),
    "print_file_path": _Key((str,), ""),
    "check_bprop": _Key((bool,), False),
    "memory_optimize_level": _Key((str, int), 0),
    "enable_reduce_precision": _Key((bool,), True),
    "reserve_class_name_in_scope": _Key((bool,), True),
    "enable_compile_cache": _Key((bool,), False),
    "compile_cache_path": _Key((str,), "."),
    "enable_dump": _Key((bool,), False),
    "save_dump_path": _Key((str,), "."),
    "enable_profiling": _Key((bool,), False),
    "profiling_options": _Key((str,), ""),
    "auto_tune_mode": _Key((str,), "NO_TUNE"),
    "aoe_tune_mode": _Key((str,), ""),
    "aoe_config": _Key((dict,), {}),
    "op_timeout": _Key((int,), 1800),
    "grad_for_scalar": _Key((bool,), False),
    "enable_sparse": _Key((bool,), False),
    "env_config_path": _Key((str,), ""),
    "disable_format_transform": _Key((bool,), False),
    "ascend_config": _Key((dict,), {}),
    "gpu_config": _Key((dict,), {}),
    "debug_level": _Key((int,), 0),
    "exec_order": _Key((str,), "bfs"),
    "recompute_config": _Key((dict,), {}),
    "support_binary": _Key((bool,), False),
}

_values: dict[str, Any] = {name: key.default for name, key in _KEYS.items()}


def _check_type(name: str, value, types: tuple) -> None:
    if isinstance(value, bool) and bool not in types:
        ok = False
    else:
        ok = isinstance(value, types)
    if not ok:
        expected = types[0] if len(types) == 1 else types
        raise TypeError(f"For 'context.set_context', the parameter '{name}' must be {expected}, "
                        f"but got {type(value)}.")


_mode_listeners: list[Callable] = []


def on_mode_change(listener: Callable) -> None:
    """listener(graph_mode: bool) runs whenever set_context sets the mode (and now, with
    the current one): how the layers that execute Cells learn of the mode."""
    _mode_listeners.append(listener)
    listener(_values["mode"] == GRAPH_MODE)


def set_context(**kwargs) -> None:
    """Set one or more context keys; all are checked before any is applied."""
    for name, value in kwargs.items():
        key = _KEYS.get(name)
        if key is None:
            raise ValueError(f"For 'context.set_context', the keyword argument {name} is not "
                             f"recognized! Known keys: {sorted(_KEYS)}.")
        _check_type(name, value, key.types)
        if key.check is not None:
            key.check(name, value)
    _values.update(kwargs)
    if "mode" in kwargs:
        for listener in _mode_listeners:
            listener(_values["mode"] == GRAPH_MODE)
    if "device_target" in kwargs or "device_id" in kwargs:
        _device.set_target(_values["device_target"], _values["device_id"])
    if "deterministic" in kwargs:
        _device_conf.use_deterministic_kernels(kwargs["deterministic"] == "ON")


def get_context(attr_key: str):
    """The current value of one context key."""
    if attr_key not in _KEYS:
        raise ValueError(f"For 'context.get_context', the argument {attr_key} is not recognized! "
                         f"Known keys: {sorted(_KEYS)}.")
    return _values[attr_key]


def is_graph_mode() -> bool:
    return _values["mode"] == GRAPH_MODE


def is_synchronous() -> bool:
    return _values["pynative_synchronize"]

