"""The PyTorch-style distributed API: `mindspore.mint.distributed` and the collectives of
`mindspore.ops` / `mindspore.ops.communication` (both are aliases of this module).

As in torch.distributed, a collective writes its result into the tensors it is given
(the Tensor is rebound to the new value), returns a CommHandle when `async_op=True` (the
work has finished by then) and None otherwise; ranks named by `src` / `dst` / `peer` are
world ranks; `group=None` is the world group. The computation is the collective
Primitive's (ops/operations/comm_ops.py); the objects' collectives pickle through
torch.distributed.
"""
from __future__ import annotations

import datetime

from .._kernels import collective
from ..common.tensor import Tensor
from ..ops.function.array_func import cat
from ..ops.operations import comm_ops as C
from . import management as M
from .comm_func import CommHandle, _numel, all_to_all_v_c, write_into  # noqa: F401 - ops.all_to_all_v_c

__all__ = ["P2POp", "TCPStore", "all_gather", "all_gather_into_tensor", "all_gather_into_tensor_uneven",
           "all_gather_object", "all_reduce", "all_to_all", "all_to_all_single", "barrier", "batch_isend_irecv",
           "broadcast",
           "broadcast_object_list", "destroy_process_group", "gather", "gather_object", "get_backend",
           "get_global_rank", "get_group_rank", "get_process_group_ranks", "get_rank", "get_world_size",
           "init_process_group", "irecv", "is_available", "is_initialized", "isend", "new_group", "recv", "reduce",
           "reduce_scatter", "reduce_scatter_tensor", "reduce_scatter_tensor_uneven", "scatter",
           "scatter_object_list", "send"]


def _group(group) -> str:
    if group is None:
        return M.GlobalComm.WORLD_COMM_GROUP
    return M._check_group("distributed", group)


def _done(async_op):
    return CommHandle() if async_op else None


def _local(group: str, world_rank: int, arg: str) -> int:
    ranks = collective.group_ranks(group)
    if world_rank not in ranks:
        raise ValueError(f"The '{arg}' {world_rank} is not a rank of group '{group}' (world ranks {list(ranks)}).")
    return ranks.index(world_rank)


# ---- the process group ----------------------------------------------------------------
def is_available():
    """True: the distributed package is there."""
    return True


def is_initialized():
    """Whether this process has joined a job."""
    return M.GlobalComm.INITED


def init_process_group(backend="hccl", init_method=None, timeout=None, world_size=-1, rank=-1, store=None,
                       pg_options=None, device_id=None):
    """Join the job. `init_method` 'tcp://host:port' (or None: the launcher's variables),
    `world_size` and `rank` (-1: the launcher's), `timeout` a datetime.timedelta."""
    M._check_backend_name("init_process_group", backend, strict=False)
    if timeout is not None and not isinstance(timeout, datetime.timedelta):
        raise TypeError(f"For 'init_process_group', the 'timeout' must be a datetime.timedelta, but got "
                        f"{type(timeout).__name__}.")
    addr = port = None
    if init_method is not None:
        if not isinstance(init_method, str) or not init_method.startswith("tcp://") or ":" not in init_method[6:]:
            raise ValueError(f"For 'init_process_group', the 'init_method' must be 'tcp://host:port', but got "
                             f"{init_method!r}.")
        addr, port = init_method[6:].rsplit(":", 1)
    M.join(rank=None if rank == -1 else rank, size=None if world_size == -1 else world_size, addr=addr, port=port,
           timeout_seconds=timeout.total_seconds() if timeout is not None else None)


def destroy_process_group(group=None):
    """Leave the job (group None), or destroy `group`."""
    if group is None or group in collective.WORLD_GROUP_NAMES:
        M.release()
    else:
        M.destroy_group(group)


def new_group(ranks=None, timeout=None, backend=None, pg_options=None, use_local_synchronization=False,
              group_desc=None):
    """A new group over the world ranks `ranks` (None: all); returns its name. Every rank
    of the world calls it."""
    ranks = sorted(ranks) if ranks is not None else list(range(get_world_size()))
    name = group_desc or "group_" + "_".join(str(r) for r in ranks)
    if name not in M.WORLD.groups:
        M.create_group(name, ranks)
    return name


def get_rank(group=None):
    """This process's rank in `group` (0 before init), -1 when it is not a member."""
    group = _group(group)
    ranks = M._ranks("get_rank", group)
    return ranks.index(M.WORLD.rank) if M.WORLD.rank in ranks else -1


def get_world_size(group=None):
    """The number of processes of `group` (1 before init)."""
    return M.get_group_size(_group(group))


def get_backend(group=None):
    """The communication backend's name: 'nccl' once joined on GPU, else 'hccl' (as
    MindSpore 2.7.1 answers on CPU, where `GlobalComm.BACKEND` is 'mccl')."""
    M._ranks("get_backend", _group(group))
    return "nccl" if M.GlobalComm.BACKEND == "nccl" else "hccl"


def get_process_group_ranks(group=None):
    """The world ranks of `group`, in group-rank order."""
    return M.get_process_group_ranks(_group(group))


def get_global_rank(group, group_rank):
    """The world rank of rank `group_rank` of `group`."""
    return M.get_world_rank_from_group_rank(_group(group), group_rank)


def get_group_rank(group, global_rank):
    """The rank in `group` of world rank `global_rank`."""
    return M.get_group_rank_from_world_rank(global_rank, _group(group))


# ---- collectives over tensors ----------------------------------------------------------
def all_reduce(tensor, op="sum", group=None, async_op=False):
    """`tensor` becomes the reduction of the group's `tensor`s."""
    write_into(tensor, C.AllReduce(op, _group(group))(tensor))
    return _done(async_op)


def all_gather(tensor_list, tensor, group=None, async_op=False):
    """tensor_list[i] becomes group rank i's `tensor`."""
    group = _group(group)
    gathered = C.AllGather(group)(tensor.reshape((1,) + tuple(tensor.shape)))
    _check_list("all_gather", "tensor_list", tensor_list, M.get_group_size(group))
    for i, target in enumerate(tensor_list):
        write_into(target, gathered[i])
    return _done(async_op)


def all_gather_into_tensor(output_tensor, input_tensor, group=None, async_op=False):
    """`output_tensor` becomes the group's `input_tensor`s concatenated along axis 0."""
    write_into(output_tensor, C.AllGather(_group(group))(input_tensor))
    return _done(async_op)


def all_gather_into_tensor_uneven(output, input, output_split_sizes=None, group=None, async_op=False):
    """As all_gather_into_tensor, where rank i gives output_split_sizes[i] rows."""
    group = _group(group)
    size = M.get_group_size(group)
    rows = output_split_sizes or [output.shape[0] // size] * size
    row = _numel(output.shape[1:])
    flat = C.AllGatherV(group)(input, [n * row for n in rows])
    write_into(output, flat.reshape(tuple(output.shape)))
    return _done(async_op)


def reduce_scatter(output, input_list, op="sum", group=None, async_op=False):
    """`output` becomes the reduction of the group's input_list[this rank]."""
    stacked = cat([x.reshape((1,) + tuple(x.shape)) for x in input_list])
    write_into(output, C.ReduceScatter(op, _group(group))(stacked)[0])
    return _done(async_op)


def reduce_scatter_tensor(output, input, op="sum", group=None, async_op=False):
    """`output` becomes this rank's block (along axis 0) of the reduction of the group's `input`s."""
    write_into(output, C.ReduceScatter(op, _group(group))(input))
    return _done(async_op)


def reduce_scatter_tensor_uneven(output, input, input_split_sizes=None, op="sum", group=None, async_op=False):
    """As reduce_scatter_tensor, where rank i gets input_split_sizes[i] rows."""
    group = _group(group)
    size = M.get_group_size(group)
    rows = input_split_sizes or [input.shape[0] // size] * size
    row = _numel(input.shape[1:])
    part = C.ReduceScatterV(op, group)(input, [n * row for n in rows])
    write_into(output, part.reshape(tuple(output.shape)))
    return _done(async_op)


def reduce(tensor, dst, op="sum", group=None, async_op=False):
    """On world rank `dst`, `tensor` becomes the reduction of the group's `tensor`s; the
    others' are left as they are."""
    group = _group(group)
    result = C.Reduce(_local(group, dst, "dst"), op, group)(tensor)
    if M.WORLD.rank == dst:
        write_into(tensor, result)
    return _done(async_op)


def broadcast(tensor, src, group=None, async_op=False):
    """`tensor` becomes world rank `src`'s `tensor`."""
    group = _group(group)
    write_into(tensor, C.Broadcast(_local(group, src, "src"), group)((tensor,))[0])
    return _done(async_op)


def barrier(group=None, async_op=False, device_ids=None):
    """Wait until every rank of the group has called it."""
    C.Barrier(_group(group))()
    return _done(async_op)


def gather(tensor, gather_list, dst=0, group=None, async_op=False):
    """On world rank `dst`, gather_list[i] becomes group rank i's `tensor`."""
    group = _group(group)
    gathered = C.CollectiveGather(_local(group, dst, "dst"), group)(tensor.reshape((1,) + tuple(tensor.shape)))
    if M.WORLD.rank == dst:
        _check_list("gather", "gather_list", gather_list, M.get_group_size(group))
        for i, target in enumerate(gather_list):
            write_into(target, gathered[i])
    return _done(async_op)


def scatter(tensor, scatter_list, src=0, group=None, async_op=False):
    """`tensor` becomes world rank `src`'s scatter_list[this rank]."""
    group = _group(group)
    size = M.get_group_size(group)
    if M.WORLD.rank == src:
        _check_list("scatter", "scatter_list", scatter_list, size)
        whole = cat([x.reshape((1,) + tuple(x.shape)) for x in scatter_list])
    else:
        whole = cat([tensor.reshape((1,) + tuple(tensor.shape))] * size)
    write_into(tensor, C.CollectiveScatter(_local(group, src, "src"), group)(whole)[0])
    return _done(async_op)


def all_to_all(output_tensor_list, input_tensor_list, group=None, async_op=False):
    """output_tensor_list[j] becomes group rank j's input_tensor_list[this rank]."""
    group = _group(group)
    size = M.get_group_size(group)
    _check_list("all_to_all", "input_tensor_list", input_tensor_list, size)
    _check_list("all_to_all", "output_tensor_list", output_tensor_list, size)
    sent = [_numel(t.shape) for t in input_tensor_list]
    received = [_numel(t.shape) for t in output_tensor_list]
    flat = C.AlltoAllV(group)(cat([t.reshape(-1) for t in input_tensor_list]), sent, received)
    start = 0
    for target, count in zip(output_tensor_list, received):
        write_into(target, flat[start:start + count].reshape(tuple(target.shape)))
        start += count
    return _done(async_op)


def all_to_all_single(output, input, output_split_sizes=None, input_split_sizes=None, group=None, async_op=False):
    """`input` split along axis 0 (input_split_sizes, or evenly), piece i to group rank i;
    `output` becomes the pieces received, concatenated along axis 0."""
    group = _group(group)
    size = M.get_group_size(group)
    sent = input_split_sizes or [input.shape[0] // size] * size
    received = output_split_sizes or [output.shape[0] // size] * size
    row_in, row_out = _numel(input.shape[1:]), _numel(output.shape[1:])
    flat = C.AlltoAllV(group)(input.reshape(-1), [n * row_in for n in sent], [n * row_out for n in received])
    write_into(output, flat.reshape(tuple(output.shape)))
    return _done(async_op)


# ---- point to point --------------------------------------------------------------------
def send(tensor, dst=0, group=None, tag=0):
    """Send `tensor` to world rank `dst`."""
    group = _group(group)
    C.Send(tag, _local(group, dst, "dst"), group)(tensor)


def recv(tensor, src=0, group=None, tag=0):
    """`tensor` becomes what world rank `src` sends; returns 0."""
    group = _group(group)
    write_into(tensor, C.Receive(tag, _local(group, src, "src"), list(tensor.shape), tensor.dtype, group)())
    return 0


def isend(tensor, dst=0, group=None, tag=0):
    """As send; returns a CommHandle."""
    send(tensor, dst, group, tag)
    return CommHandle()


def irecv(tensor, src=0, group=None, tag=0):
    """As recv; returns a CommHandle."""
    recv(tensor, src, group, tag)
    return CommHandle()


class P2POp:
    """One operation of batch_isend_irecv: `op` isend / irecv (the functions or their
    names), `tensor` to send or to receive into, `peer` a world rank."""

    def __init__(self, op, tensor, peer, group=None, tag=0):
        op_name = op if isinstance(op, str) else getattr(op, "__name__", None)
        if op_name not in ("isend", "irecv"):
            raise TypeError(f"For 'P2POp', the 'op' must be isend or irecv, but got {op!r}.")
        if not isinstance(tensor, Tensor):
            raise TypeError(f"For 'P2POp', the 'tensor' must be a Tensor, but got {type(tensor).__name__}.")
        if isinstance(peer, bool) or not isinstance(peer, int):
            raise TypeError(f"For 'P2POp', the 'peer' must be int, but got {type(peer).__name__}.")
        self.op, self.tensor, self.peer, self.group, self.tag = op_name, tensor, peer, group, tag


def batch_isend_irecv(p2p_op_list):
    """Run the P2POps together: the receiving tensors are written; returns a CommHandle each."""
    if not isinstance(p2p_op_list, (list, tuple)) or not p2p_op_list or \
            not all(isinstance(p, P2POp) for p in p2p_op_list):
        raise TypeError(f"For 'batch_isend_irecv', the 'p2p_op_list' must be a non-empty list of P2POp, but got "
                        f"{p2p_op_list!r}.")
    groups = {_group(p.group) for p in p2p_op_list}
    if len(groups) != 1:
        raise ValueError(f"For 'batch_isend_irecv', every P2POp must use the same group, but got {sorted(groups)}.")
    group = groups.pop()
    receives = [p for p in p2p_op_list if p.op == "irecv"]
    peers = tuple(_local(group, p.peer, "peer") for p in p2p_op_list)
    prim = C.BatchISendIRecv(tuple(p.op for p in p2p_op_list), peers,
                             tuple(list(p.tensor.shape) for p in receives), tuple(p.tensor.dtype for p in receives),
                             group)
    results = prim(tuple(p.tensor for p in p2p_op_list if p.op == "isend"))
    for operation, value in zip(p2p_op_list, results):
        if operation.op == "irecv":
            write_into(operation.tensor, value)
    return [CommHandle() for _ in p2p_op_list]


class TCPStore:
    """A key-value store over TCP that the master (`is_master=True`) serves at
    host_name:port and every process reaches: `set(key, value)`, `get(key)` (bytes; waits
    until the key is set, at most `timeout`), `add(key, amount)`, `delete_key(key)`,
    `num_keys()`."""

    def __init__(self, host_name, port, world_size=None, is_master=False, timeout=datetime.timedelta(seconds=300),
                 wait_for_workers=True, multi_tenant=False, master_listen_fd=None, use_libuv=True):
        if not isinstance(host_name, str):
            raise TypeError(f"For 'TCPStore', the 'host_name' must be str, but got {type(host_name).__name__}.")
        if isinstance(port, bool) or not isinstance(port, int) or not 0 <= port < 65536:
            raise ValueError(f"For 'TCPStore', the 'port' must be an int in [0, 65536), but got {port!r}.")
        if not isinstance(timeout, datetime.timedelta):
            raise TypeError(f"For 'TCPStore', the 'timeout' must be a datetime.timedelta, but got "
                            f"{type(timeout).__name__}.")
        self._store = collective.tcp_store(host_name, port, world_size, bool(is_master), timeout.total_seconds(),
                                           wait_for_workers)

    def set(self, key, value):
        self._store.set(key, value)

    def get(self, key):
        return self._store.get(key)

    def add(self, key, amount):
        return self._store.add(key, amount)

    def delete_key(self, key):
        return self._store.delete_key(key)

    def num_keys(self):
        return self._store.num_keys()


_TENSOR_COLLECTIVES = ("all_gather", "all_gather_into_tensor", "all_gather_into_tensor_uneven", "all_reduce",
                       "all_to_all", "all_to_all_single", "barrier", "batch_isend_irecv", "broadcast", "gather",
                       "irecv", "isend", "recv", "reduce", "reduce_scatter", "reduce_scatter_tensor",
                       "reduce_scatter_tensor_uneven", "scatter", "send")
INPLACE = dict.fromkeys(_TENSOR_COLLECTIVES, True)
"""Per collective, whether MindSpore may reuse its input's memory for the output. spore never
writes a tensor's old storage (a result rebinds the Tensor), so the values are the same either way."""


def set_comm_ops_inplace(is_enable, func_list=None):
    """Set the inplace attribute of the collectives in `func_list` (None: all of them)."""
    if not isinstance(is_enable, bool):
        raise TypeError(f"For 'set_comm_ops_inplace', the argument 'is_enable' must be type of bool, but got "
                        f"'is_enable' type : {type(is_enable)}.")
    if func_list is not None and not isinstance(func_list, (list, tuple)):
        raise TypeError(f"Expected list or tuple, but got {type(func_list)}.")
    for name in func_list if func_list is not None else _TENSOR_COLLECTIVES:
        if name not in INPLACE:
            raise ValueError(f"The function name in `func_list` must be correct, but got {name}.")
        INPLACE[name] = is_enable


# ---- collectives over Python objects ---------------------------------------------------
def all_gather_object(object_list, obj, group=None):
    """object_list[i] becomes group rank i's `obj`."""
    group = _group(group)
    _check_list("all_gather_object", "object_list", object_list, M.get_group_size(group))
    object_list[:] = collective.all_gather_objects(obj, group)


def broadcast_object_list(object_list, src=0, group=None, device=None):
    """object_list's items become world rank `src`'s."""
    group = _group(group)
    _local(group, src, "src")
    object_list[:] = collective.broadcast_objects(list(object_list), src, group)


def gather_object(obj, object_gather_list=None, dst=0, group=None):
    """On world rank `dst`, object_gather_list[i] becomes group rank i's `obj`."""
    group = _group(group)
    _local(group, dst, "dst")
    gathered = collective.all_gather_objects(obj, group)
    if M.WORLD.rank == dst:
        _check_list("gather_object", "object_gather_list", object_gather_list, len(gathered))
        object_gather_list[:] = gathered


def scatter_object_list(scatter_object_output_list, scatter_object_input_list, src=0, group=None):
    """scatter_object_output_list[0] becomes world rank `src`'s scatter_object_input_list[this rank]."""
    group = _group(group)
    _local(group, src, "src")
    items = collective.broadcast_objects(list(scatter_object_input_list or []), src, group)
    scatter_object_output_list[0] = items[get_rank(group)]


def _check_list(api: str, arg: str, value, size: int) -> None:
    if not isinstance(value, list) or len(value) != size:
        raise ValueError(f"For '{api}', the '{arg}' must be a list of {size} items (one per rank of the group), "
                         f"but got {value!r}.")
