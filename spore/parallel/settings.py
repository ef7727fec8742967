"""A table of named settings, each with its type, default and check: what
`set_auto_parallel_context`, `set_ps_context` and `set_algo_parameters` record.

Every value of a call is checked before any is applied, and unknown keys and values of
the wrong type raise as MindSpore raises (ValueError, TypeError).
"""
from __future__ import annotations

import copy
from typing import Any, Callable, NamedTuple


class Setting(NamedTuple):
    types: tuple
    default: Any
    check: Callable[[str, str, Any], None] | None = None
    """check(api, name, value) raises for a bad value."""
    settable: bool = True
    """False for values that other settings derive (read-only keys)."""


def at_least(minimum: int):
    def check(api, name, value):
        if value < minimum:
            raise ValueError(f"For '{api}', the argument '{name}' must be >= {minimum}, but got {value}.")
    return check


def in_range(low, high):
    def check(api, name, value):
        if not low <= value <= high:
            raise ValueError(f"For '{api}', the argument '{name}' must be in [{low}, {high}], but got {value}.")
    return check


def one_of(*options):
    def check(api, name, value):
        if value not in options:
            raise ValueError(f"For '{api}', the argument '{name}' must be one of {list(options)}, but got "
                             f"{value!r}.")
    return check


class SettingsTable:
    """The current values of a table of settings; `set_api` / `get_api` name the public
    functions in error messages."""

    def __init__(self, settings: dict[str, Setting], set_api: str, get_api: str):
        self.settings = settings
        self.set_api = set_api
        self.get_api = get_api
        self.values: dict[str, Any] = {}
        self.reset()

    def reset(self) -> None:
        self.values = {name: copy.deepcopy(s.default) for name, s in self.settings.items()}

    def check(self, name: str, value) -> None:
        setting = self.settings.get(name)
        if setting is None or not setting.settable:
            raise ValueError(f"For '{self.set_api}', the keyword {name} is not recognized! Known keywords: "
                             f"{sorted(n for n, s in self.settings.items() if s.settable)}.")
        if (isinstance(value, bool) and bool not in setting.types) or not isinstance(value, setting.types):
            expected = setting.types[0] if len(setting.types) == 1 else setting.types
            raise TypeError(f"For '{self.set_api}', the parameter '{name}' must be {expected}, but got "
                            f"{type(value)}.")
        if setting.check is not None:
            setting.check(self.set_api, name, value)

    def update(self, **kwargs) -> None:
        for name, value in kwargs.items():
            self.check(name, value)
        for name, value in kwargs.items():
            self.values[name] = copy.deepcopy(value)

    def get(self, name: str):
        if name not in self.values:
            raise ValueError(f"For '{self.get_api}', the keyword {name} is not recognized! Known keywords: "
                             f"{sorted(self.values)}.")
        return copy.deepcopy(self.values[name])
