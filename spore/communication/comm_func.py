"""`mindspore.communication.comm_func`: the collectives as functions over a group name.

Each calls the collective Primitive (ops/operations/comm_ops.py), so it differentiates and
compiles as the Primitive does. `async_op=True` is accepted: the communication has
finished when the function returns, and the CommHandle it gives waits for nothing.
"""
from __future__ import annotations

from ..ops.function.array_func import cat
from ..ops.operations import comm_ops as C
from .management import HCCL_WORLD_COMM_GROUP, GlobalComm, get_group_rank_from_world_rank, get_group_size, get_rank

__all__ = ["CommHandle", "GlobalComm", "P2POp", "ReduceOp", "all_reduce", "all_gather_into_tensor",
           "reduce_scatter_tensor", "broadcast", "barrier", "send", "recv", "isend", "irecv", "reduce",
           "gather_into_tensor", "scatter_tensor", "batch_isend_irecv", "all_to_all_with_output_shape",
           "all_to_all_single_with_output_shape", "all_to_all_v_c", "get_cache_group_rank", "get_cache_group_size",
           "get_group_rank_from_world_rank", "get_group_size"]

ReduceOp = C.ReduceOp


class CommHandle:
    """The handle of an asynchronous communication: `wait()` returns once it is done (at
    once here: spore's collectives finish before they return)."""

    def __init__(self, handle=None, exec_sync=False):
        self.handle = handle
        self.exec_sync = exec_sync

    def wait(self):
        if self.handle is not None:
            self.handle.wait()


def _handle(async_op):
    return CommHandle() if async_op else None


def all_reduce(tensor, op=ReduceOp.SUM, group=HCCL_WORLD_COMM_GROUP, async_op=False):
    """-> (the reduction of the group's `tensor`s, CommHandle or None)."""
    return C.AllReduce(op, group)(tensor), _handle(async_op)


def all_gather_into_tensor(tensor, group=HCCL_WORLD_COMM_GROUP, async_op=False):
    """-> (the group's `tensor`s concatenated along axis 0, CommHandle or None)."""
    return C.AllGather(group)(tensor), _handle(async_op)


def reduce_scatter_tensor(tensor, op=ReduceOp.SUM, group=HCCL_WORLD_COMM_GROUP, async_op=False):
    """-> (this rank's block along axis 0 of the reduction of the group's `tensor`s, CommHandle or None)."""
    return C.ReduceScatter(op, group)(tensor), _handle(async_op)


def broadcast(tensor, src=0, group=HCCL_WORLD_COMM_GROUP):
    """-> group rank `src`'s `tensor`."""
    return C.Broadcast(src, group)((tensor,))[0]


def barrier(group=HCCL_WORLD_COMM_GROUP):
    """Wait until every rank of the group has called it."""
    C.Barrier(group)()


def reduce(tensor, dst, op=ReduceOp.SUM, group=HCCL_WORLD_COMM_GROUP):
    """-> on group rank `dst`, the reduction of the group's `tensor`s; zeros elsewhere."""
    return C.Reduce(dst, op, group)(tensor)


def gather_into_tensor(tensor, dst=0, group=HCCL_WORLD_COMM_GROUP):
    """-> on group rank `dst`, the group's `tensor`s concatenated along axis 0; zeros elsewhere."""
    return C.CollectiveGather(dst, group)(tensor)


def scatter_tensor(tensor, src=0, group=HCCL_WORLD_COMM_GROUP):
    """-> this rank's block along axis 0 of group rank `src`'s `tensor`."""
    return C.CollectiveScatter(src, group)(tensor)


def send(tensor, dst=0, group=HCCL_WORLD_COMM_GROUP, tag=0):
    """Send `tensor` to group rank `dst` (a `recv` with the same tag takes it)."""
    C.Send(tag, dst, group)(tensor)


def recv(tensor, src=0, group=HCCL_WORLD_COMM_GROUP, tag=0):
    """-> the tensor group rank `src` sends, shaped and typed as `tensor`."""
    return C.Receive(tag, src, list(tensor.shape), tensor.dtype, group)()


def isend(tensor, dst=0, group=HCCL_WORLD_COMM_GROUP, tag=0):
    """As `send`; -> a CommHandle."""
    send(tensor, dst, group, tag)
    return CommHandle()


def irecv(tensor, src=0, group=HCCL_WORLD_COMM_GROUP, tag=0):
    """As `recv`; -> (the tensor received, a CommHandle)."""
    return recv(tensor, src, group, tag), CommHandle()


class P2POp:
    """One point-to-point operation of `batch_isend_irecv`: `op` is 'isend' or 'irecv' (or
    the functions isend / irecv); `tensor` is what to send, or the shape and dtype to receive
    (a Tensor, or a tuple shape with `recv_dtype`); `peer` a rank of `group`."""

    def __init__(self, op, tensor, peer, group=None, tag=0, recv_dtype=None):
        op_name = op if isinstance(op, str) else getattr(op, "__name__", None)
        if op_name not in ("isend", "irecv"):
            raise TypeError(f"For 'P2POp', the 'op' must be 'isend', 'irecv' or one of those functions, but got "
                            f"{op!r}.")
        if isinstance(peer, bool) or not isinstance(peer, int):
            raise TypeError(f"For 'P2POp', the 'peer' must be int, but got {type(peer).__name__}.")
        if op_name == "irecv" and isinstance(tensor, (tuple, list)) and recv_dtype is None:
            raise ValueError("For 'P2POp', an 'irecv' given a shape needs 'recv_dtype'.")
        self.op, self.tensor, self.peer, self.tag = op_name, tensor, peer, tag
        self.group = group if group is not None else GlobalComm.WORLD_COMM_GROUP
        self.recv_dtype = recv_dtype

    def _receive_spec(self):
        if isinstance(self.tensor, (tuple, list)):
            return list(self.tensor), self.recv_dtype
        return list(self.tensor.shape), self.tensor.dtype


def batch_isend_irecv(p2p_op_list):
    """Run the P2POps together; -> one Tensor per P2POp: the Tensor received for an
    'irecv', a scalar 0 (a placeholder) for an 'isend'."""
    if not isinstance(p2p_op_list, (list, tuple)) or not p2p_op_list or \
            not all(isinstance(p, P2POp) for p in p2p_op_list):
        raise TypeError(f"For 'batch_isend_irecv', the 'p2p_op_list' must be a non-empty list of P2POp, but got "
                        f"{p2p_op_list!r}.")
    groups = {p.group for p in p2p_op_list}
    if len(groups) != 1:
        raise ValueError(f"For 'batch_isend_irecv', every P2POp must use the same group, but got {sorted(groups)}.")
    receives = [p._receive_spec() for p in p2p_op_list if p.op == "irecv"]
    prim = C.BatchISendIRecv(tuple(p.op for p in p2p_op_list), tuple(p.peer for p in p2p_op_list),
                             tuple(s for s, _ in receives), tuple(d for _, d in receives), groups.pop())
    return prim(tuple(p.tensor for p in p2p_op_list if p.op == "isend"))


def all_to_all_with_output_shape(output_shape_list, input_tensor_list, group=None, async_op=False):
    """input_tensor_list[i] goes to group rank i; -> (the tensors received, shaped as
    output_shape_list, CommHandle or None)."""
    group = group if group is not None else GlobalComm.WORLD_COMM_GROUP
    size = get_group_size(group)
    if len(input_tensor_list) != size or len(output_shape_list) != size:
        raise ValueError(f"For 'all_to_all_with_output_shape', 'output_shape_list' and 'input_tensor_list' must have "
                         f"one entry per rank ({size}), but got {len(output_shape_list)} and {len(input_tensor_list)}.")
    shapes = [tuple(s.shape) if hasattr(s, "shape") else tuple(s) for s in output_shape_list]
    sent = [_numel(t.shape) for t in input_tensor_list]
    received = [_numel(s) for s in shapes]
    flat = C.AlltoAllV(group)(_concat_flat(input_tensor_list), sent, received)
    outputs, start = [], 0
    for shape, count in zip(shapes, received):
        outputs.append(flat[start:start + count].reshape(shape))
        start += count
    return tuple(outputs), _handle(async_op)


def all_to_all_single_with_output_shape(output_shape, tensor, output_split_sizes=None, input_split_sizes=None,
                                        group=None, async_op=False):
    """`tensor` split along axis 0 (by input_split_sizes, or evenly) and piece i sent to
    rank i; -> (the pieces received concatenated along axis 0, shaped `output_shape`,
    CommHandle or None)."""
    group = group if group is not None else GlobalComm.WORLD_COMM_GROUP
    size = get_group_size(group)
    shape = tuple(output_shape.shape) if hasattr(output_shape, "shape") else tuple(output_shape)
    row_in, row_out = _numel(tensor.shape[1:]), _numel(shape[1:])
    input_split_sizes = input_split_sizes or [tensor.shape[0] // size] * size
    output_split_sizes = output_split_sizes or [shape[0] // size] * size
    flat = C.AlltoAllV(group)(tensor.reshape(-1), [n * row_in for n in input_split_sizes],
                             [n * row_out for n in output_split_sizes])
    return flat.reshape(shape), _handle(async_op)


def all_to_all_v_c(output, input, send_count_matrix, group=None, async_op=False):
    """`input` split along axis 0: send_count_matrix[i * group size + j] rows go from rank i
    to rank j; `output` becomes the rows received, concatenated in rank order."""
    group = group if group is not None else GlobalComm.WORLD_COMM_GROUP
    row = _numel(input.shape[1:])
    flat = C.AlltoAllVC(group, block_size=row)(input.reshape(-1), list(send_count_matrix))
    write_into(output, flat.reshape(tuple(output.shape)))
    return _handle(async_op)


def write_into(target, value) -> None:
    """`target` (a Tensor) now holds `value`, in its own dtype: the Tensor is rebound, its
    old storage is never written."""
    if tuple(target.shape) != tuple(value.shape):
        raise ValueError(f"The output tensor must have shape {tuple(value.shape)}, but got {tuple(target.shape)}.")
    target._t = value._data().to(target._data().dtype)


def get_cache_group_rank(group=HCCL_WORLD_COMM_GROUP):
    """This process's rank in `group`."""
    return get_rank(group)


def get_cache_group_size(group=HCCL_WORLD_COMM_GROUP):
    """The number of processes of `group`."""
    return get_group_size(group)


def _numel(shape) -> int:
    count = 1
    for n in shape:
        count *= int(n)
    return count


def _concat_flat(tensors):
    return cat([t.reshape(-1) for t in tensors])
