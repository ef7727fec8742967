"""MindSpore's log configuration (`get_level`, `get_log_config`), read from the GLOG_*
environment variables the first time it is asked for and fixed for the process after,
as MindSpore's logger does."""
from __future__ import annotations

import os

_DEFAULTS = {"GLOG_v": "2", "GLOG_logtostderr": "1", "GLOG_log_dir": "", "logger_maxBytes": "52428800",
             "logger_backupCount": "30", "GLOG_stderrthreshold": "2"}
_FILE_KEYS = ("GLOG_log_dir", "logger_maxBytes", "logger_backupCount", "GLOG_stderrthreshold")
"""Settings that matter only when logs go to files (GLOG_logtostderr=0)."""

_config: dict[str, str] | None = None


def _read() -> dict[str, str]:
    global _config
    if _config is None:
        _config = {key: os.environ.get(key, default) for key, default in _DEFAULTS.items()}
    return _config


def get_level() -> str:
    """The log level: '0' debug, '1' info, '2' warning (default), '3' error, '4' critical."""
    return _read()["GLOG_v"]


def get_log_config() -> dict:
    """The log settings: level and destination, plus the file settings when logs go to
    files."""
    config = _read()
    shown = {"GLOG_v": config["GLOG_v"], "GLOG_logtostderr": config["GLOG_logtostderr"]}
    if config["GLOG_logtostderr"] == "0":
        shown.update({key: config[key] for key in _FILE_KEYS})
    return shown
