"""`mindspore.parallel`: the settings of distributed training (auto-parallel context,
strategy-search options, parameter-server context), `Layout` and `shard`, and the msrun
launcher (msrun.py). The collectives are `spore.communication`'s; the gradient reduction of
data parallelism is `spore.nn.DistributedGradReducer`."""
from .algo_parameters import get_algo_parameters, reset_algo_parameters, set_algo_parameters
from .auto_parallel_context import set_op_strategy_config
from .layout import Layout
from .shard import shard

_CHECKPOINT_TOOLS = {
    "build_searched_strategy": "parallel_strategy",
    "convert_checkpoint_by_rank": ("checkpoint_transform", "transform_checkpoint_by_rank"),
    "convert_checkpoints": ("checkpoint_transform", "transform_checkpoints"),
    "load_distributed_checkpoint": "checkpoint_tools",
    "load_segmented_checkpoints": "pipeline_checkpoints",
    "merge_pipeline_strategys": "pipeline_checkpoints",
    "merge_sliced_parameter": "checkpoint_tools",
    "rank_list_for_convert": ("checkpoint_transform", "rank_list_for_transform"),
    "rank_list_for_transform": "checkpoint_transform",
    "restore_group_info_list": "checkpoint_tools",
    "sync_pipeline_shared_parameters": "pipeline_checkpoints",
    "transform_checkpoint_by_rank": "checkpoint_transform",
    "transform_checkpoints": "checkpoint_transform",
    "unified_safetensors": "unified_safetensors",
}
"""Checkpoint tools MindSpore keeps here, by the spore.train module that defines them (and the
name there, for 2.6's `convert_*` names of the `transform_*` functions)."""

_DEFINED_ABOVE = {"parameter_broadcast": "spore.nn.wrap.grad_reducer"}
"""Functions over networks, defined in the layer of Cells (above this package)."""

__all__ = ["Layout", "get_algo_parameters", "reset_algo_parameters", "set_algo_parameters", "set_op_strategy_config",
           "shard",
           *_CHECKPOINT_TOOLS, *_DEFINED_ABOVE]


def __getattr__(name: str):
    # The checkpoint tools live with serialization in spore.train, which builds on nn and so
    # is imported after this package: they are looked up when first asked for.
    if name in _CHECKPOINT_TOOLS:
        import importlib

        owner = _CHECKPOINT_TOOLS[name]
        module, attribute = owner if isinstance(owner, tuple) else (owner, name)
        return getattr(importlib.import_module(f"spore.train.{module}"), attribute)
    if name in _DEFINED_ABOVE:
        import importlib

        return getattr(importlib.import_module(_DEFINED_ABOVE[name]), name)
    raise AttributeError(f"module 'mindspore.parallel' has no attribute '{name}'")
