"""Runtime settings MindSpore lets a process make once (before kernels run in MindSpore;
spore applies them whenever they come)."""
from __future__ import annotations

_made: dict[str, dict] = {}


def record_once(name: str, **values) -> None:
    """Record the setting `name`; a second call raises RuntimeError as MindSpore does."""
    if name in _made:
        raise RuntimeError(f"The '{name}' can not be set repeatedly.")
    _made[name] = values


def recorded(name: str) -> dict | None:
    """The values of setting `name`, or None when it was not made."""
    return _made.get(name)
