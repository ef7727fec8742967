"""`set_algo_parameters` / `get_algo_parameters` / `reset_algo_parameters`: the options of
the sharding-strategy search of auto-parallel training, recorded and validated."""
from __future__ import annotations

from .settings import Setting, SettingsTable, in_range


def _check_epsilon(api, name, value):
    if not 0 < value <= 1:
        raise ValueError(f"For '{api}', the argument '{name}' must be in (0, 1], but got {value}.")


_table = SettingsTable({
    "fully_use_devices": Setting((bool,), False),
    "elementwise_op_strategy_follow": Setting((bool,), False),
    "tensor_slice_align_enable": Setting((bool,), False),
    "tensor_slice_align_size": Setting((int,), 16, in_range(1, 1024)),
    "enable_algo_approxi": Setting((bool,), False),
    "algo_approxi_epsilon": Setting((float,), 0.1, _check_epsilon),
}, "set_algo_parameters", "get_algo_parameters")


def set_algo_parameters(**kwargs) -> None:
    """Record strategy-search options (all checked before any is applied)."""
    _table.update(**kwargs)


def get_algo_parameters(attr_key: str):
    """The current value of one strategy-search option."""
    return _table.get(attr_key)


def reset_algo_parameters() -> None:
    """Every strategy-search option back to its default."""
    _table.reset()
