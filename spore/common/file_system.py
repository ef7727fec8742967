"""MindIO, Huawei's in-memory file system for checkpoints: its server settings and preloading
(`mindspore.common.file_system`).

Without the MindIO package (`mindio_acp`, or the older `mindio`) preloading does nothing and
says so by returning False, as in MindSpore; checkpoints load from the ordinary file system.
"""
from __future__ import annotations

import importlib
import logging

__all__ = ["mindio_preload", "set_mindio_server_info"]

_logger = logging.getLogger(__name__)

mindio_server_info = {"memfs.data_block_pool_capacity_in_gb": "100"}
"""The settings handed to MindIO's server when it starts (values are strings, as MindIO takes them)."""


def set_mindio_server_info(data_block_pool_capacity_in_gb=100) -> None:
    """Set the capacity (a positive int, in GB) of MindIO's pool of data blocks, used when
    MindIO starts."""
    value = data_block_pool_capacity_in_gb
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"For 'set_mindio_server_info', the 'data_block_pool_capacity_in_gb' must be a positive int, "
                        f"but got {type(value).__name__}.")
    if value <= 0:
        raise ValueError(f"For 'set_mindio_server_info', the 'data_block_pool_capacity_in_gb' must be a positive "
                         f"int, but got {value}.")
    mindio_server_info["memfs.data_block_pool_capacity_in_gb"] = str(value)


def mindio_preload(ckpt_file_name) -> bool:
    """Ask MindIO to load the checkpoint `ckpt_file_name` into memory ahead of use.

    Returns True when MindIO took the request, False when MindIO is not installed, fails
    to start or cannot preload."""
    if not isinstance(ckpt_file_name, str):
        raise TypeError(f"For 'mindio_preload', the 'ckpt_file_name' must be str, but got "
                        f"{type(ckpt_file_name).__name__}.")
    mindio = _started_mindio()
    if mindio is None:
        return False
    if not hasattr(mindio, "preload"):
        _logger.warning("For 'mindio_preload', the MindIO module '%s' has no 'preload'.", mindio.__name__)
        return False
    mindio.preload(ckpt_file_name)
    return True


def _started_mindio():
    """The MindIO module, started with `mindio_server_info`, or None when there is none that starts.

    `mindio_acp` takes the server settings; the older `mindio` starts without them."""
    for name, settings in (("mindio_acp", {"server_info": mindio_server_info}), ("mindio", {})):
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        status = module.initialize(**settings)
        if status == 0:
            return module
        _logger.warning("For 'mindio_preload', MindIO ('%s') failed to start: it returned %s.", name, status)
    return None
