"""`mindspore.parallel`: the settings of distributed training (auto-parallel context,
strategy-search options, parameter-server context), `Layout` and `shard`. Running data
parallel over several processes is `spore.communication`'s concern."""
from .algo_parameters import get_algo_parameters, reset_algo_parameters, set_algo_parameters
from .layout import Layout
from .shard import shard
from .sliced_parameters import merge_sliced_parameter

__all__ = ["Layout", "get_algo_parameters", "merge_sliced_parameter", "reset_algo_parameters", "set_algo_parameters",
           "shard"]
