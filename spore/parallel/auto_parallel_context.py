"""`set_auto_parallel_context` / `get_auto_parallel_context` /
`reset_auto_parallel_context`: the settings of distributed training, recorded and
validated as MindSpore does. The data-parallel behaviour that reads them lives with the
collectives (`mindspore.communication`)."""
from __future__ import annotations

import os

from .settings import Setting, SettingsTable, at_least, in_range, one_of


class ParallelMode:
    """Names of MindSpore's parallel modes (`set_auto_parallel_context(parallel_mode=...)`)."""

    STAND_ALONE = "stand_alone"
    DATA_PARALLEL = "data_parallel"
    HYBRID_PARALLEL = "hybrid_parallel"
    SEMI_AUTO_PARALLEL = "semi_auto_parallel"
    AUTO_PARALLEL = "auto_parallel"
    MODE_LIST = [STAND_ALONE, DATA_PARALLEL, HYBRID_PARALLEL, SEMI_AUTO_PARALLEL, AUTO_PARALLEL]


_SEARCH_MODES = ("recursive_programming", "dynamic_programming", "sharding_propagation")


def _check_dataset_strategy(api, name, value):
    if isinstance(value, str) and value not in ("full_batch", "data_parallel"):
        raise ValueError(f"For '{api}', the argument 'dataset_strategy' must be 'full_batch' or 'data_parallel', "
                         f"but got the value : {value}.")
    if isinstance(value, tuple) and not all(isinstance(s, (tuple, list)) and all(isinstance(d, int) for d in s)
                                            for s in value):
        raise TypeError(f"For '{api}', the argument 'dataset_strategy' as a tuple must hold one tuple of ints "
                        f"per dataset output, but got {value}.")


def _check_ascending(api, name, value):
    if not all(isinstance(i, int) for i in value):
        raise TypeError(f"For '{api}', the elements of '{name}' must be int, but got {value}.")
    if sorted(value) != list(value):
        raise ValueError(f"For '{api}', the elements in argument '{name}' must be sorted in ascending order, "
                         f"but got {value}.")


def _check_pipeline_config(api, name, value):
    unknown = set(value) - {"pipeline_interleave", "pipeline_scheduler"}
    if unknown:
        raise ValueError(f"For '{api}', the keys of '{name}' must be 'pipeline_interleave' and "
                         f"'pipeline_scheduler', but got {sorted(unknown)}.")


_COMM_FUSION = {"openstate": True, "allreduce": {"mode": "auto", "config": None},
                "allgather": {"mode": "auto", "config": None}, "reducescatter": {"mode": "auto", "config": None}}

_table = SettingsTable({
    "device_num": Setting((int,), 1, at_least(1)),
    "global_rank": Setting((int,), 0, in_range(0, 4095)),
    "gradients_mean": Setting((bool,), False),
    "gradient_fp32_sync": Setting((bool,), True),
    "loss_repeated_mean": Setting((bool,), True),
    "pipeline_stages": Setting((int,), 1, at_least(1)),
    "auto_pipeline": Setting((bool,), False),
    "pipeline_result_broadcast": Setting((bool,), False),
    "pipeline_segments": Setting((int,), 1, at_least(1)),
    "pipeline_config": Setting((dict,), {}, _check_pipeline_config),
    "pipeline_interleave": Setting((bool,), False, settable=False),
    "pipeline_scheduler": Setting((str,), "1f1b", settable=False),
    "parallel_mode": Setting((str,), ParallelMode.STAND_ALONE, one_of(*ParallelMode.MODE_LIST)),
    "search_mode": Setting((str,), "recursive_programming", one_of(*_SEARCH_MODES)),
    "auto_parallel_search_mode": Setting((str,), "recursive_programming", one_of(*_SEARCH_MODES)),
    "parameter_broadcast": Setting((bool,), False),
    "strategy_ckpt_load_file": Setting((str,), ""),
    "strategy_ckpt_save_file": Setting((str,), ""),
    "group_ckpt_save_file": Setting((str,), ""),
    "full_batch": Setting((bool,), False),
    "full_batch_is_set": Setting((bool,), False, settable=False),
    "dataset_strategy": Setting((str, tuple), "data_parallel", _check_dataset_strategy),
    "enable_parallel_optimizer": Setting((bool,), False),
    "force_fp32_communication": Setting((bool,), False),
    "parallel_optimizer_config": Setting((dict,), {}),
    "grad_accumulation_step": Setting((int,), 1, at_least(1)),
    "all_reduce_fusion_config": Setting((list,), [], _check_ascending),
    "communi_parallel_mode": Setting((str,), "all_group_parallel",
                                     one_of("all_group_parallel", "same_server_group_parallel", "no_group_parallel")),
    "optimizer_weight_shard_size": Setting((int,), -1),
    "optimizer_weight_shard_aggregated_save": Setting((bool,), False),
    "sharding_propagation": Setting((bool,), False),
    "enable_alltoall": Setting((bool,), False),
    "comm_fusion": Setting((dict,), _COMM_FUSION),
    "strategy_ckpt_config": Setting((dict,), {"load_file": "", "save_file": "", "only_trainable_params": True}),
    "dump_local_norm": Setting((bool,), False),
    "dump_local_norm_path": Setting((str,), ""),
    "dump_device_local_norm": Setting((bool,), False),
    "auto_parallel_new_interface": Setting((bool,), False),
    "init_param_in_compile": Setting((bool,), True),
}, "set_auto_parallel_context", "get_auto_parallel_context")

_WRITE_ONLY = ("pipeline_segments", "pipeline_config", "group_ckpt_save_file", "parallel_optimizer_config")
"""Keys MindSpore accepts in set_ but does not answer in get_."""


_explicitly_set: set[str] = set()


def is_set(key: str) -> bool:
    """Whether `key` was given to set_auto_parallel_context since the last reset (a default
    such as device_num then stands for "the group's size")."""
    return key in _explicitly_set


def set_auto_parallel_context(**kwargs) -> None:
    """Record distributed-training settings (all checked before any is applied)."""
    _table.update(**kwargs)
    _explicitly_set.update(kwargs)
    values = _table.values
    if "search_mode" in kwargs or "auto_parallel_search_mode" in kwargs:
        mode = kwargs.get("search_mode", kwargs.get("auto_parallel_search_mode"))
        values["search_mode"] = values["auto_parallel_search_mode"] = mode
    if "dataset_strategy" in kwargs:
        strategy = kwargs["dataset_strategy"]
        if isinstance(strategy, tuple):
            values["dataset_strategy"] = [list(s) for s in strategy]
        else:
            values["full_batch"] = strategy == "full_batch"
        values["full_batch_is_set"] = True
    if "full_batch" in kwargs:
        values["full_batch_is_set"] = True
        values["dataset_strategy"] = "full_batch" if kwargs["full_batch"] else "data_parallel"
    if "optimizer_weight_shard_size" in kwargs and kwargs["optimizer_weight_shard_size"] <= 1:
        values["optimizer_weight_shard_size"] = -1  # MindSpore ignores sizes that shard nothing
    for key, value in kwargs.get("pipeline_config", {}).items():
        values[key] = value


def get_auto_parallel_context(attr_key: str):
    """The current value of one distributed-training setting."""
    if attr_key in _WRITE_ONLY:
        raise ValueError(f"For 'get_auto_parallel_context', the keyword {attr_key} is not recognized! It can be "
                         f"set but not read.")
    return _table.get(attr_key)


def reset_auto_parallel_context() -> None:
    """Every distributed-training setting back to its default."""
    _table.reset()
    _explicitly_set.clear()
    _op_strategy_json.clear()


_op_strategy_json: dict[str, str] = {}
"""set_op_strategy_config's files: 'SAVE' / 'LOAD' -> the .json path."""

_SYSTEM_DIRECTORIES = ("/etc", "/usr", "/bin", "/sbin", "/boot", "/proc", "/sys")


def set_op_strategy_config(mode="SAVE", path="") -> None:
    """Name the .json file where sharding propagation saves (mode 'SAVE') or from which it
    loads ('LOAD') the operators' strategies. The checks, their order and their KeyErrors
    are MindSpore 2.7.1's (the file's directory is created before the mode is checked).
    spore shards no operator (data parallelism only), so the file is recorded and neither
    written nor read, as MindSpore does outside AUTO_PARALLEL with sharding propagation."""
    if not os.path.isabs(path):
        raise KeyError("File path must be an absolute path")
    if os.path.splitext(path)[1] != ".json":
        raise KeyError("File type must be .json")
    resolved = os.path.abspath(os.path.realpath(path))
    for system in _SYSTEM_DIRECTORIES:
        if resolved.startswith(system):
            raise PermissionError(f"Writing to system directory '{system}' is not allowed")
    directory = os.path.dirname(path)
    if directory and not os.path.exists(directory):
        os.makedirs(directory, mode=0o700, exist_ok=True)
    if mode not in ("SAVE", "LOAD"):
        raise KeyError("Type must be 'SAVE' or 'LOAD'")
    _op_strategy_json[mode] = path


def op_strategy_config() -> dict[str, str]:
    """The files set_op_strategy_config named, by mode."""
    return dict(_op_strategy_json)
