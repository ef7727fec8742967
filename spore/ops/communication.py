"""`mindspore.ops.communication`: the PyTorch-style collectives, owned by
spore.communication.distributed (above this package: the names resolve there when asked for)."""
from .._path_alias import resolver

DISTRIBUTED_NAMES = frozenset({
    "P2POp", "TCPStore", "all_gather", "all_gather_into_tensor", "all_gather_into_tensor_uneven", "all_gather_object",
    "all_reduce", "all_to_all", "all_to_all_single", "barrier", "batch_isend_irecv", "broadcast",
    "broadcast_object_list", "destroy_process_group", "gather", "gather_object", "get_backend", "get_global_rank",
    "get_group_rank", "get_process_group_ranks", "get_rank", "get_world_size", "init_process_group", "irecv",
    "is_available", "is_initialized", "isend", "new_group", "recv", "reduce", "reduce_scatter",
    "reduce_scatter_tensor", "reduce_scatter_tensor_uneven", "scatter", "scatter_object_list", "send",
    "set_comm_ops_inplace", "all_to_all_v_c"})

__getattr__, __dir__ = resolver(__name__, "spore.communication.distributed", DISTRIBUTED_NAMES)
