"""The process-group state and the collective kernels, on torch.distributed.

torch.distributed is the only transport: gloo on CPU, nccl on CUDA. This module keeps the
world (rank, size, local rank, backend) and the table from MindSpore's group names
('hccl_world_group', a user's `create_group` name) to torch ProcessGroups and the world
ranks they hold. Without `init_world` the world is this one process: rank 0 of size 1,
and every collective over it is the identity (as MindSpore's `get_rank()` answers 0 and
`get_group_size()` 1 before `init()`).

Collectives that gloo lacks (reduce-scatter, all-to-all, gather to one rank) are computed
from the ones it has (all-reduce, all-gather, point-to-point): exact, with more traffic.
"""
from __future__ import annotations

import atexit
import datetime
import functools

import torch
import torch.distributed as dist

from .registry import kernel_factory
from .tensor_data import torch_dtype

WORLD_GROUP_NAMES = ("hccl_world_group", "nccl_world_group", "mccl_world_group")


class _World:
    """This process's place in the job."""

    def __init__(self):
        self.initialized = False
        self.rank = 0
        self.size = 1
        self.local_rank = 0
        self.local_size = 1
        self.backend = None
        self.groups: dict[str, tuple] = {}
        """A created group's name -> (torch ProcessGroup, the world ranks it holds)."""


WORLD = _World()


def init_world(backend: str, master_addr: str, master_port: int, rank: int, size: int,
               local_rank: int, local_size: int, timeout_seconds: float) -> None:
    """Join the job: rendezvous with every rank at master_addr:master_port over TCP, within
    `timeout_seconds` (which also bounds every later collective, so a dead peer ends in an
    error, not a hang)."""
    dist.init_process_group(backend, init_method=f"tcp://{master_addr}:{master_port}", rank=rank,
                            world_size=size, timeout=datetime.timedelta(seconds=timeout_seconds))
    WORLD.initialized, WORLD.backend = True, backend
    WORLD.rank, WORLD.size, WORLD.local_rank, WORLD.local_size = rank, size, local_rank, local_size
    # A process group still alive when the interpreter tears torch down aborts the process
    # now and then ("terminate called without an active exception"): scripts that never
    # call release() (MindSpore's own tutorials don't) leave the job at exit instead.
    atexit.unregister(release_world)
    atexit.register(release_world)


def release_world() -> None:
    """Leave the job: every group is destroyed and the world is this process again."""
    if WORLD.initialized:
        dist.destroy_process_group()
    WORLD.__init__()


def new_group(name: str, ranks: list[int]) -> None:
    """Create group `name` over the world ranks `ranks` (every rank of the world calls this,
    as torch.distributed requires)."""
    WORLD.groups[name] = (dist.new_group(ranks=sorted(ranks)), tuple(sorted(ranks)))


def destroy_group(name: str) -> None:
    group, _ = WORLD.groups.pop(name)
    dist.destroy_process_group(group)


def group_ranks(name: str) -> tuple[int, ...]:
    """The world ranks of group `name`, in group-rank order."""
    if name in WORLD_GROUP_NAMES:
        return tuple(range(WORLD.size))
    try:
        return WORLD.groups[name][1]
    except KeyError:
        raise UnknownGroupError(f"The group '{name}' does not exist: create it with create_group first.") from None


def _process_group(name: str):
    if name in WORLD_GROUP_NAMES:
        return None
    group_ranks(name)
    return WORLD.groups[name][0]


def _group_size(name: str) -> int:
    return len(group_ranks(name))


def _group_rank(name: str) -> int:
    return group_ranks(name).index(WORLD.rank)


class UnknownGroupError(RuntimeError):
    """A group name no `create_group` made."""


PEER_FAILURE = "the communication failed: a peer process stopped or did not answer in time"
"""What a rank's error says when a collective failed because of another rank (launchers look for it)."""


def _named_failure(communicate):
    """torch.distributed's failures (a peer gone, a timeout) as a RuntimeError naming this rank."""
    @functools.wraps(communicate)
    def run(*args, **kwargs):
        try:
            return communicate(*args, **kwargs)
        except UnknownGroupError:
            raise
        except (RuntimeError, ValueError) as failure:
            first_line = str(failure).strip().splitlines()[0] if str(failure).strip() else type(failure).__name__
            raise RuntimeError(f"rank {WORLD.rank} of {WORLD.size}: {PEER_FAILURE} ({first_line})") from None
    return run


_REDUCE_OPS = {"sum": dist.ReduceOp.SUM, "max": dist.ReduceOp.MAX, "min": dist.ReduceOp.MIN,
               "prod": dist.ReduceOp.PRODUCT}


def _bool_safe(reduce):
    """gloo reduces no bool tensors: reduce them as uint8 (sum and max are `or`, min and
    prod are `and`)."""
    def run(x, op, name):
        if x.dtype == torch.bool:
            return reduce(x.to(torch.uint8), op, name).to(torch.bool)
        return reduce(x, op, name)
    return run


@_bool_safe
@_named_failure
def all_reduce(x: torch.Tensor, op: str, name: str) -> torch.Tensor:
    result = x.clone()
    if _group_size(name) > 1:
        dist.all_reduce(result, _REDUCE_OPS[op], group=_process_group(name))
    return result


class PendingAllReduce:
    """An all-reduce running in torch.distributed's background: `wait()` gives its result."""

    def __init__(self, result: torch.Tensor, work):
        self.result, self.work = result, work

    @_named_failure
    def wait(self) -> torch.Tensor:
        if self.work is not None:
            self.work.wait()
            self.work = None
        return self.result


@_named_failure
def start_all_reduce(x: torch.Tensor, op: str, name: str) -> PendingAllReduce:
    """Start the all-reduce of `x` (floating point) and return at once; every rank of the
    group must start its all-reduces in the same order, as for any collective."""
    result = x.clone().contiguous()
    if _group_size(name) == 1:
        return PendingAllReduce(result, None)
    return PendingAllReduce(result, dist.all_reduce(result, _REDUCE_OPS[op], group=_process_group(name),
                                                    async_op=True))


@_named_failure
def all_gather_list(x: torch.Tensor, name: str) -> list[torch.Tensor]:
    """Every group rank's `x` (same shape on all), in group-rank order."""
    if _group_size(name) == 1:
        return [x.clone()]
    parts = [torch.empty_like(x) for _ in range(_group_size(name))]
    dist.all_gather(parts, x.contiguous(), group=_process_group(name))
    return parts


def all_gather(x: torch.Tensor, name: str) -> torch.Tensor:
    """The group's tensors concatenated along the first axis."""
    return torch.cat(all_gather_list(x, name), 0)


def all_gather_uneven(x: torch.Tensor, name: str) -> torch.Tensor:
    """As `all_gather`, where the ranks' first axes may differ."""
    sizes = all_gather_list(torch.tensor([x.shape[0] if x.ndim else 1], device=x.device), name)
    longest = max(int(s) for s in sizes)
    padded = torch.zeros((longest,) + tuple(x.shape[1:]), dtype=x.dtype, device=x.device)
    padded[:x.shape[0]] = x
    parts = all_gather_list(padded, name)
    return torch.cat([p[:int(s)] for p, s in zip(parts, sizes)], 0)


def reduce_scatter(x: torch.Tensor, op: str, name: str) -> torch.Tensor:
    """The reduction of the group's tensors, split along the first axis: this rank's part."""
    size = _group_size(name)
    return all_reduce(x, op, name).chunk(size, 0)[_group_rank(name)].clone()


@_named_failure
def broadcast(x: torch.Tensor, root: int, name: str) -> torch.Tensor:
    """Group rank `root`'s tensor, on every rank."""
    result = x.clone().contiguous()
    if _group_size(name) > 1:
        dist.broadcast(result, group_ranks(name)[root], group=_process_group(name))
    return result


def all_to_all(pieces: list[torch.Tensor], name: str) -> list[torch.Tensor]:
    """`pieces[i]` goes to group rank i; the result's piece j came from group rank j.
    Pieces may differ in shape; what arrives from rank j is pieces'[rank] of rank j."""
    size, me = _group_size(name), _group_rank(name)
    if size == 1:
        return [pieces[0].clone()]
    received: list = [None] * size
    received[me] = pieces[me].clone()
    for j in range(size):
        if j == me:
            continue
        # Shapes first (they may differ), then the data; one exchange per pair, ordered by rank.
        send_shape = torch.tensor(list(pieces[j].shape) + [-1] * (8 - pieces[j].ndim), dtype=torch.int64)
        recv_shape = torch.empty(8, dtype=torch.int64)
        peer = group_ranks(name)[j]
        _exchange(send_shape, recv_shape, peer, me < j, name)
        shape = [int(s) for s in recv_shape if s >= 0]
        data = torch.empty(shape, dtype=pieces[j].dtype, device=pieces[j].device)
        _exchange(pieces[j].contiguous(), data, peer, me < j, name)
        received[j] = data
    return received


@_named_failure
def _exchange(out: torch.Tensor, into: torch.Tensor, peer: int, send_first: bool, name: str) -> None:
    group = _process_group(name)
    if send_first:
        dist.send(out, peer, group=group)
        dist.recv(into, peer, group=group)
    else:
        dist.recv(into, peer, group=group)
        dist.send(out, peer, group=group)


@_named_failure
def send(x: torch.Tensor, dest: int, name: str, tag: int = 0) -> None:
    dist.send(x.contiguous(), group_ranks(name)[dest], group=_process_group(name), tag=tag)


@_named_failure
def receive(shape, dtype: torch.dtype, src: int, name: str, tag: int = 0) -> torch.Tensor:
    result = torch.empty(tuple(shape), dtype=dtype)
    dist.recv(result, group_ranks(name)[src], group=_process_group(name), tag=tag)
    return result


def isend(x: torch.Tensor, dest: int, name: str, tag: int = 0):
    return dist.isend(x.contiguous(), group_ranks(name)[dest], group=_process_group(name), tag=tag)


def irecv(into: torch.Tensor, src: int, name: str, tag: int = 0):
    return dist.irecv(into, group_ranks(name)[src], group=_process_group(name), tag=tag)


@_named_failure
def batch_send_receive(operations: list[tuple], name: str) -> list[torch.Tensor]:
    """`operations`: ('isend', tensor, peer) or ('irecv', shape, dtype, peer), peers as
    group ranks. Runs them all and waits; gives the received tensors in order."""
    works, received = [], []
    for operation in operations:
        if operation[0] == "isend":
            works.append(isend(operation[1], operation[2], name))
        else:
            into = torch.empty(tuple(operation[1]), dtype=operation[2])
            works.append(irecv(into, operation[3], name))
            received.append(into)
    for work in works:
        work.wait()
    return received


@_named_failure
def all_gather_objects(obj, name: str) -> list:
    """Every group rank's picklable `obj`, in group-rank order."""
    if _group_size(name) == 1:
        return [obj]
    gathered = [None] * _group_size(name)
    dist.all_gather_object(gathered, obj, group=_process_group(name))
    return gathered


@_named_failure
def broadcast_objects(objects: list, src: int, name: str) -> list:
    """World rank `src`'s list of picklable objects, on every rank of the group."""
    if _group_size(name) == 1:
        return objects
    holder = [objects]
    dist.broadcast_object_list(holder, src, group=_process_group(name))
    return holder[0]


def tcp_store(host: str, port: int, world_size, is_master: bool, timeout_seconds: float, wait_for_workers: bool):
    """torch.distributed's key-value store served over TCP by the master."""
    return dist.TCPStore(host, port, world_size, is_master, datetime.timedelta(seconds=timeout_seconds),
                         wait_for_workers)


@_named_failure
def barrier(name: str) -> None:
    if _group_size(name) > 1:
        dist.barrier(group=_process_group(name))


# ---- the kernels of ops/operations/comm_ops.py ------------------------------------------
@kernel_factory("AllReduce")
def _all_reduce_kernel(prim):
    op, name = prim.op, prim.group
    return lambda x: all_reduce(x, op, name)


@kernel_factory("AllGather")
def _all_gather_kernel(prim):
    name = prim.group
    return lambda x: all_gather(x, name)


@kernel_factory("AllGatherV")
def _all_gather_v_kernel(prim):
    name = prim.group
    return lambda x, output_split_sizes: all_gather_uneven(x.reshape(-1), name)


@kernel_factory("ReduceScatter")
def _reduce_scatter_kernel(prim):
    op, name = prim.op, prim.group
    return lambda x: reduce_scatter(x, op, name)


@kernel_factory("ReduceScatterV")
def _reduce_scatter_v_kernel(prim):
    op, name = prim.op, prim.group

    def run(x, input_split_sizes):
        flat = all_reduce(x.reshape(-1), op, name)
        start = sum(input_split_sizes[:_group_rank(name)])
        return flat[start:start + input_split_sizes[_group_rank(name)]].clone()
    return run


@kernel_factory("Broadcast")
def _broadcast_kernel(prim):
    root, name = prim.root_rank, prim.group
    return lambda inputs: tuple(broadcast(x, root, name) for x in inputs)


@kernel_factory("AlltoAll")
def _all_to_all_kernel(prim):
    count, split_dim, concat_dim, name = prim.split_count, prim.split_dim, prim.concat_dim, prim.group

    def run(x):
        return torch.cat(all_to_all(list(x.chunk(count, split_dim)), name), concat_dim)
    return run


@kernel_factory("AlltoAllV")
def _all_to_all_v_kernel(prim):
    name = prim.group

    def run(x, send_numel_list, recv_numel_list):
        pieces = list(x.reshape(-1).split([int(n) for n in send_numel_list]))
        return torch.cat(all_to_all(pieces, name), 0)
    return run


@kernel_factory("Reduce")
def _reduce_kernel(prim):
    dest, op, name = prim.dest_rank, prim.op, prim.group

    def run(x):
        reduced = all_reduce(x, op, name)
        return reduced if _group_rank(name) == dest else torch.zeros_like(x)
    return run


@kernel_factory("CollectiveGather")
def _collective_gather_kernel(prim):
    dest, name = prim.dest_rank, prim.group

    def run(x):
        gathered = all_gather(x, name)
        return gathered if _group_rank(name) == dest else torch.zeros_like(gathered)
    return run


@kernel_factory("CollectiveScatter")
def _collective_scatter_kernel(prim):
    src, name = prim.src_rank, prim.group

    def run(x):
        whole = broadcast(x, src, name)
        return whole.chunk(_group_size(name), 0)[_group_rank(name)].clone()
    return run


@kernel_factory("Barrier")
def _barrier_kernel(prim):
    name = prim.group

    def run():
        barrier(name)
        return torch.zeros((), dtype=torch.float32)
    return run


@kernel_factory("Send")
def _send_kernel(prim):
    dest, tag, name = prim.dest_rank, prim.sr_tag, prim.group

    def run(x):
        send(x, dest, name, tag)
        return x
    return run


@kernel_factory("Receive")
def _receive_kernel(prim):
    src, tag, name, shape, dtype = prim.src_rank, prim.sr_tag, prim.group, prim.shape, torch_dtype(prim.dtype)
    return lambda *unused: receive(shape, dtype, src, name, tag)


@kernel_factory("NeighborExchange")
def _neighbor_exchange_kernel(prim):
    name, dtype = prim.group, torch_dtype(prim.recv_type)

    def run(inputs):
        operations = [("isend", x, peer) for x, peer in zip(inputs, prim.send_rank_ids)]
        operations += [("irecv", shape, dtype, peer) for shape, peer in zip(prim.recv_shapes, prim.recv_rank_ids)]
        return tuple(batch_send_receive(operations, name))
    return run


@kernel_factory("BatchISendIRecv")
def _batch_isend_irecv_kernel(prim):
    name = prim.group
    dtypes = [torch_dtype(d) for d in prim.receive_dtypes]

    def run(inputs):
        sends, receives, operations = iter(inputs), iter(zip(prim.receive_shapes, dtypes)), []
        for op_type, peer in zip(prim.op_types, prim.remote_ranks):
            if op_type == "isend":
                operations.append(("isend", next(sends), peer))
            else:
                operations.append(("irecv", *next(receives), peer))
        received = iter(batch_send_receive(operations, name))
        # An isend's place holds a scalar 0 of the sent dtype, as in MindSpore.
        return tuple(torch.zeros((), dtype=operation[1].dtype) if operation[0] == "isend" else next(received)
                     for operation in operations)
    return run


# The 8 directions of NeighborExchangeV2, in its order: (rows, columns) of a border, each
# "first" (the first lens rows / columns), "last" or "all".
_DIRECTIONS = (("first", "all"), ("first", "last"), ("all", "last"), ("last", "last"),
               ("last", "all"), ("last", "first"), ("all", "first"), ("first", "first"))


def _border(length: int, lens: tuple[int, int], part: str) -> slice:
    """The rows (or columns) of a border: the first `lens[0]`, the last `lens[1]`, or all."""
    if part == "first":
        return slice(0, lens[0])
    if part == "last":
        return slice(length - lens[1], length)
    return slice(0, length)


def _halo(h: int, w: int, lens, rows: str, cols: str) -> tuple[slice, slice]:
    """Where the halo of a direction lies in the (N, C, H + top + bottom, W + left + right)
    output around an (H, W) centre, `lens` = [top, bottom, left, right]."""
    top, bottom, left, right = lens
    along_rows = {"first": slice(0, top), "last": slice(top + h, top + h + bottom), "all": slice(top, top + h)}
    along_cols = {"first": slice(0, left), "last": slice(left + w, left + w + right), "all": slice(left, left + w)}
    return along_rows[rows], along_cols[cols]


def _edge(h: int, w: int, lens, rows: str, cols: str) -> tuple[slice, slice]:
    """The border of an (H, W) tensor that goes to the neighbour of a direction."""
    top, bottom, left, right = lens
    return _border(h, (top, bottom), rows), _border(w, (left, right), cols)


def _extent(region: tuple[slice, slice]) -> tuple[int, int]:
    return region[0].stop - region[0].start, region[1].stop - region[1].start


@kernel_factory("NeighborExchangeV2")
def _neighbor_exchange_v2_kernel(prim):
    name = prim.group
    top, bottom, left, right = prim.recv_lens

    def run(x):
        n, c, h, w = x.shape
        operations, placements = [], []
        for (rows, cols), peer in zip(_DIRECTIONS, prim.send_rank_ids):
            if peer != -1:
                edge = _edge(h, w, prim.send_lens, rows, cols)
                operations.append(("isend", x[:, :, edge[0], edge[1]].contiguous(), peer))
        for (rows, cols), peer in zip(_DIRECTIONS, prim.recv_rank_ids):
            if peer != -1:
                halo = _halo(h, w, prim.recv_lens, rows, cols)
                operations.append(("irecv", (n, c, *_extent(halo)), x.dtype, peer))
                placements.append(halo)
        out = torch.zeros((n, c, h + top + bottom, w + left + right), dtype=x.dtype, device=x.device)
        out[:, :, top:top + h, left:left + w] = x
        for (rows, cols), block in zip(placements, batch_send_receive(operations, name)):
            out[:, :, rows, cols] = block
        return out
    return run


@kernel_factory("NeighborExchangeV2Grad")
def _neighbor_exchange_v2_grad_kernel(prim):
    """The exchange above run backwards: halos of dy out, border gradients in and added."""
    name = prim.group
    top, bottom, left, right = prim.send_lens

    def run(dy):
        n, c, height, width = dy.shape
        h, w = height - top - bottom, width - left - right
        operations, placements = [], []
        for (rows, cols), peer in zip(_DIRECTIONS, prim.send_rank_ids):
            if peer != -1:
                halo = _halo(h, w, prim.send_lens, rows, cols)
                operations.append(("isend", dy[:, :, halo[0], halo[1]].contiguous(), peer))
        for (rows, cols), peer in zip(_DIRECTIONS, prim.recv_rank_ids):
            if peer != -1:
                edge = _edge(h, w, prim.recv_lens, rows, cols)
                operations.append(("irecv", (n, c, *_extent(edge)), dy.dtype, peer))
                placements.append(edge)
        dx = dy[:, :, top:top + h, left:left + w].clone()
        for (rows, cols), block in zip(placements, batch_send_receive(operations, name)):
            dx[:, :, rows, cols] += block
        return dx
    return run
