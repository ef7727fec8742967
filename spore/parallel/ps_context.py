"""`set_ps_context` / `get_ps_context`: the settings of parameter-server training,
recorded and validated (spore trains without parameter servers)."""
from __future__ import annotations

from .settings import Setting, SettingsTable

_table = SettingsTable({
    "server_mode": Setting((str,), ""),
    "ms_role": Setting((str,), "MS_NOT_PS"),
    "enable_ps": Setting((bool,), False),
    "worker_num": Setting((int,), 0),
    "server_num": Setting((int,), 0),
    "scheduler_ip": Setting((str,), "127.0.0.1"),
    "scheduler_port": Setting((int,), 6667),
    "enable_ssl": Setting((bool,), False),
    "client_password": Setting((str,), ""),
    "server_password": Setting((str,), ""),
    "config_file_path": Setting((str,), ""),
}, "set_ps_context", "get_ps_context")

_SECRETS = ("client_password", "server_password")
"""Accepted by set_ps_context, never answered by get_ps_context."""


def set_ps_context(**kwargs) -> None:
    """Record parameter-server settings (all checked before any is applied)."""
    _table.update(**kwargs)


def get_ps_context(attr_key: str):
    """The current value of one parameter-server setting."""
    if attr_key in _SECRETS:
        raise ValueError(f"For 'get_ps_context', the keyword {attr_key} is not recognized! Passwords can be set "
                         f"but not read.")
    return _table.get(attr_key)


def reset_ps_context() -> None:
    """Every parameter-server setting back to its default."""
    _table.reset()
