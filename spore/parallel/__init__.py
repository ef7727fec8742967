"""`mindspore.parallel`: the settings of distributed training (auto-parallel context,
strategy-search options, parameter-server context), `Layout` and `shard`. Running data
parallel over several processes is `spore.communication`'s concern."""
from .algo_parameters import get_algo_parameters, reset_algo_parameters, set_algo_parameters
from .layout import Layout
from .shard import shard

__all__ = ["Layout", "get_algo_parameters", "merge_sliced_parameter", "reset_algo_parameters", "set_algo_parameters",
           "shard"]


def __getattr__(name: str):
    # Checkpoint tools live with serialization in spore.train, which builds on nn and so
    # is imported after this package: they are looked up when first asked for.
    if name == "merge_sliced_parameter":
        from ..train.checkpoint_tools import merge_sliced_parameter
        return merge_sliced_parameter
    raise AttributeError(f"module 'mindspore.parallel' has no attribute '{name}'")
