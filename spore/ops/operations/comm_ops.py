"""Collective communication primitives: AllReduce, AllGather, ReduceScatter, Broadcast,
AlltoAll, Send / Receive, Reduce, Barrier and their variants.

Each runs over a group: MindSpore's world group ('hccl_world_group', 'nccl_world_group'
or 'mccl_world_group', all the same world here) or a group made by
`communication.create_group`. Ranks in attributes (root_rank, dest_rank, src_rank) are
ranks within that group. The kernels run on torch.distributed (_kernels/collective.py).

Every collective is a side effect: a compiled graph calls it in program order on every
rank and never folds, merges or drops it, so ranks stay matched. Without
`communication.init()` the world is this one process (MindSpore's `get_group_size()` is 1
there): each collective is then the identity over it, where MindSpore 2.7.1 on CPU
refuses to run one ("AllReduce only support mccl_world_group on CPU").
"""
from __future__ import annotations

from ..._kernels.collective import WORLD, group_ranks
from ...common import dtype as mstype
from ..primitive import Primitive, TensorSpec
from ..validator import check_tensor, check_type

__all__ = ["ReduceOp", "AllReduce", "AllGather", "AllGatherV", "ReduceScatter", "ReduceScatterV", "Broadcast",
           "AlltoAll", "AlltoAllV", "AlltoAllVC", "NeighborExchangeV2", "Send", "Receive", "Reduce", "Barrier",
           "NeighborExchange", "CollectiveGather", "CollectiveScatter", "BatchISendIRecv", "NeighborExchangeV2Grad"]

DEFAULT_GROUP = "hccl_world_group"


class ReduceOp:
    """How a collective combines the ranks' tensors: ReduceOp.SUM, MAX, MIN or PROD (an
    enumeration of strings, not an operator)."""

    SUM = "sum"
    MAX = "max"
    MIN = "min"
    PROD = "prod"


_REDUCE_OPS = (ReduceOp.SUM, ReduceOp.MAX, ReduceOp.MIN, ReduceOp.PROD)


class _Collective(Primitive):
    side_effect = True
    pure = False

    def check(self, *inputs):
        """Every rank checks its inputs before communicating: a mismatch raises here, on
        the rank that has it, instead of leaving the others waiting."""
        self.infer(*inputs)

    def _set_group(self, group):
        if not isinstance(group, str):
            raise TypeError(f"For '{self.name}', the type of 'group' should be 'str', but got type "
                            f"'{type(group).__name__}'.")
        self.add_prim_attr("group", group)

    def _set_op(self, op):
        if not isinstance(op, str):
            raise TypeError(f"For '{self.name}', the 'op' must be str, but got {type(op).__name__}.")
        if op not in _REDUCE_OPS:
            raise ValueError(f"For '{self.name}', the 'op' must be one of {list(_REDUCE_OPS)}, but got '{op}'.")
        self.add_prim_attr("op", op)

    def _set_rank(self, arg: str, value):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"For '{self.name}', the type of '{arg}' should be 'int', but got type "
                            f"'{type(value).__name__}'.")
        self.add_prim_attr(arg, value)

    def group_size(self) -> int:
        return len(group_ranks(self.group))

    def group_rank(self) -> int:
        return group_ranks(self.group).index(WORLD.rank)

    def _check_rank_in_group(self, arg: str) -> int:
        value, size = getattr(self, arg), self.group_size()
        if not 0 <= value < size:
            raise ValueError(f"For '{self.name}', the '{arg}' must be in [0, {size}) (the size of group "
                             f"'{self.group}'), but got {value}.")
        return value

    def _input(self, x, arg: str = "input_x"):
        check_tensor(self.name, arg, x)
        return x


class AllReduce(_Collective):
    """x -> the reduction (`op`: 'sum', 'max', 'min' or 'prod') of every group rank's x, on
    every rank. Same shape and dtype as x."""

    def __init__(self, op=ReduceOp.SUM, group=DEFAULT_GROUP):
        super().__init__()
        self._set_op(op)
        self._set_group(group)
        self.add_prim_attr("fusion", 0)
        self.add_prim_attr("index", 0)
        self.add_prim_attr("no_eliminate", True)

    def infer(self, x):
        self._input(x)
        return TensorSpec(x.shape, x.dtype)


class AllGather(_Collective):
    """x of shape (N, ...) -> the group ranks' x concatenated along axis 0, shape
    (N * group size, ...), in group-rank order."""

    def __init__(self, group=DEFAULT_GROUP):
        super().__init__()
        self._set_group(group)
        self.add_prim_attr("rank_size", self.group_size())
        self.add_prim_attr("no_eliminate", True)

    def infer(self, x):
        self._input(x)
        if len(x.shape) == 0:
            raise ValueError(f"For '{self.name}', the 'input_x' must have at least 1 dimension, but got a scalar.")
        return TensorSpec((x.shape[0] * self.group_size(),) + tuple(x.shape[1:]), x.dtype)


class ReduceScatter(_Collective):
    """x of shape (N * group size, ...) -> this rank's block of N rows of the reduction of
    every rank's x: shape (N, ...)."""

    def __init__(self, op=ReduceOp.SUM, group=DEFAULT_GROUP):
        super().__init__()
        self._set_op(op)
        self._set_group(group)
        self.add_prim_attr("rank_size", self.group_size())
        self.add_prim_attr("fusion", 0)
        self.add_prim_attr("no_eliminate", True)

    def infer(self, x):
        self._input(x)
        size = self.group_size()
        if len(x.shape) == 0 or x.shape[0] % size:
            raise ValueError(f"For '{self.name}', the first dimension of 'input_x' must be divisible by the "
                             f"group size {size}, but got shape {tuple(x.shape)}.")
        return TensorSpec((x.shape[0] // size,) + tuple(x.shape[1:]), x.dtype)


class Broadcast(_Collective):
    """(x, ...) a tuple of Tensors -> the same tuple as group rank `root_rank` holds it,
    on every rank."""

    def __init__(self, root_rank, group=DEFAULT_GROUP):
        super().__init__()
        self._set_rank("root_rank", root_rank)
        self._set_group(group)
        self.add_prim_attr("no_eliminate", True)

    def infer(self, inputs):
        if not isinstance(inputs, (tuple, list)):
            raise TypeError(f"For '{self.name}', the 'input_x' must be a tuple of Tensors, but got "
                            f"{type(inputs).__name__}.")
        self._check_rank_in_group("root_rank")
        for x in inputs:
            self._input(x)
        return tuple(TensorSpec(x.shape, x.dtype) for x in inputs)


class AllGatherV(_Collective):
    """(x, output_split_sizes) -> the ranks' x flattened and concatenated: rank i gives
    output_split_sizes[i] elements. Shape (sum(output_split_sizes),)."""

    def __init__(self, group=DEFAULT_GROUP):
        super().__init__()
        self._set_group(group)
        self.add_prim_attr("rank_size", self.group_size())
        self.add_prim_attr("mean_flag", False)
        self.add_prim_attr("rank_id", self.group_rank())

    def infer(self, x, output_split_sizes):
        self._input(x)
        sizes = _split_sizes(self, "output_split_sizes", output_split_sizes)
        if sizes[self.group_rank()] != _numel(x.shape):
            raise ValueError(f"For '{self.name}', 'output_split_sizes'[{self.group_rank()}] must be the number "
                             f"of elements of 'input_x' ({_numel(x.shape)}), but got {sizes[self.group_rank()]}.")
        return TensorSpec((sum(sizes),), x.dtype)


class ReduceScatterV(_Collective):
    """(x, input_split_sizes) -> this rank's part of the reduction of the ranks' flattened x:
    rank i gets input_split_sizes[i] elements."""

    def __init__(self, op=ReduceOp.SUM, group=DEFAULT_GROUP):
        super().__init__()
        self._set_op(op)
        self._set_group(group)
        self.add_prim_attr("rank_size", self.group_size())
        self.add_prim_attr("rank_id", self.group_rank())

    def infer(self, x, input_split_sizes):
        self._input(x)
        sizes = _split_sizes(self, "input_split_sizes", input_split_sizes)
        if sum(sizes) != _numel(x.shape):
            raise ValueError(f"For '{self.name}', the sum of 'input_split_sizes' must be the number of elements "
                             f"of 'input_x' ({_numel(x.shape)}), but got {sum(sizes)}.")
        return TensorSpec((sizes[self.group_rank()],), x.dtype)


class AlltoAll(_Collective):
    """x split into `split_count` (= group size) blocks along `split_dim`; block i goes to
    rank i, and the blocks received are concatenated along `concat_dim` in rank order."""

    def __init__(self, split_count, split_dim, concat_dim, group=DEFAULT_GROUP):
        super().__init__()
        for arg, value in (("split_count", split_count), ("split_dim", split_dim), ("concat_dim", concat_dim)):
            self._set_rank(arg, value)
        self._set_group(group)
        self.add_prim_attr("no_eliminate", True)
        self.add_prim_attr("rank_size", self.group_size())

    def infer(self, x):
        self._input(x)
        ndim = len(x.shape)
        for arg in ("split_dim", "concat_dim"):
            if not -ndim <= getattr(self, arg) < ndim:
                raise ValueError(f"For '{self.name}', the '{arg}' must be in [{-ndim}, {ndim}), but got "
                                 f"{getattr(self, arg)}.")
        if self.split_count != self.group_size():
            raise ValueError(f"For '{self.name}', the 'split_count' must be the group size {self.group_size()}, "
                             f"but got {self.split_count}.")
        shape = list(x.shape)
        split, concat = self.split_dim % ndim, self.concat_dim % ndim
        if shape[split] % self.split_count:
            raise ValueError(f"For '{self.name}', the dimension {split} of 'input_x' ({shape[split]}) must be "
                             f"divisible by 'split_count' {self.split_count}.")
        shape[split] //= self.split_count
        shape[concat] *= self.split_count
        return TensorSpec(shape, x.dtype)


class AlltoAllV(_Collective):
    """(x, send_numel_list, recv_numel_list) -> x flattened and split into
    send_numel_list[i] elements for rank i; the pieces received (recv_numel_list[j] from
    rank j) concatenated: shape (sum(recv_numel_list),)."""

    def __init__(self, group=DEFAULT_GROUP, block_size=1):
        super().__init__()
        self._set_group(group)
        self._set_rank("block_size", block_size)

    def infer(self, x, send_numel_list, recv_numel_list):
        self._input(x)
        sent = _split_sizes(self, "send_numel_list", send_numel_list)
        received = _split_sizes(self, "recv_numel_list", recv_numel_list)
        if sum(sent) != _numel(x.shape):
            raise ValueError(f"For '{self.name}', the sum of 'send_numel_list' must be the number of elements of "
                             f"'input_x' ({_numel(x.shape)}), but got {sum(sent)}.")
        return TensorSpec((sum(received),), x.dtype)


class AlltoAllVC(_Collective):
    """(x, send_count_matrix) -> AlltoAllV where rank i sends
    send_count_matrix[i * group size + j] * block_size elements of the flattened x to rank j
    (`transpose`: the matrix transposed, as the backward pass uses it). Composed of AlltoAllV."""

    def __init__(self, group=DEFAULT_GROUP, block_size=1, transpose=False):
        super().__init__()
        self._set_group(group)
        self._set_rank("block_size", block_size)
        check_type(self.name, "transpose", transpose, bool)
        self.add_prim_attr("transpose", transpose)

    def counts(self, send_count_matrix) -> tuple[list[int], list[int]]:
        """The elements this rank sends to and receives from each rank."""
        matrix = send_count_matrix.asnumpy().tolist() if hasattr(send_count_matrix, "asnumpy") else send_count_matrix
        size, me = self.group_size(), self.group_rank()
        if not isinstance(matrix, (list, tuple)) or len(matrix) != size * size:
            raise ValueError(f"For '{self.name}', the 'send_count_matrix' must hold {size * size} counts (group size "
                             f"squared), but got {matrix!r}.")
        count = (lambda i, j: matrix[j * size + i]) if self.transpose else (lambda i, j: matrix[i * size + j])
        return ([int(count(me, j)) * self.block_size for j in range(size)],
                [int(count(j, me)) * self.block_size for j in range(size)])

    def infer(self, x, send_count_matrix):
        sent, received = self.counts(send_count_matrix)
        return AlltoAllV(self.group).infer(x, sent, received)

    def compose(self, x, send_count_matrix):
        sent, received = self.counts(send_count_matrix)
        return AlltoAllV(self.group)(x, sent, received)


class Reduce(_Collective):
    """x -> on group rank `dest_rank`, the reduction of every rank's x; zeros elsewhere."""

    def __init__(self, dest_rank, op=ReduceOp.SUM, group=DEFAULT_GROUP):
        super().__init__()
        self._set_rank("dest_rank", dest_rank)
        self._set_op(op)
        self._set_group(group)

    def infer(self, x):
        self._input(x)
        self._check_rank_in_group("dest_rank")
        return TensorSpec(x.shape, x.dtype)


class CollectiveGather(_Collective):
    """x of shape (N, ...) -> on group rank `dest_rank`, every rank's x concatenated along
    axis 0, shape (N * group size, ...); zeros of that shape elsewhere."""

    def __init__(self, dest_rank, group=DEFAULT_GROUP):
        super().__init__()
        self._set_rank("dest_rank", dest_rank)
        self._set_group(group)
        self.add_prim_attr("rank_size", self.group_size())
        self.add_prim_attr("rank_id", self.group_rank())

    def infer(self, x):
        self._input(x)
        self._check_rank_in_group("dest_rank")
        if len(x.shape) == 0:
            raise ValueError(f"For '{self.name}', the 'input_x' must have at least 1 dimension, but got a scalar.")
        return TensorSpec((x.shape[0] * self.group_size(),) + tuple(x.shape[1:]), x.dtype)


class CollectiveScatter(_Collective):
    """x of shape (N * group size, ...) on group rank `src_rank` -> its block of N rows
    for each rank (the other ranks' x only give the shape)."""

    def __init__(self, src_rank=0, group=DEFAULT_GROUP):
        super().__init__()
        self._set_rank("src_rank", src_rank)
        self._set_group(group)
        self.add_prim_attr("rank_id", self.group_rank())
        self.add_prim_attr("rank_size", self.group_size())

    def infer(self, x):
        self._input(x)
        self._check_rank_in_group("src_rank")
        size = self.group_size()
        if len(x.shape) == 0 or x.shape[0] % size:
            raise ValueError(f"For '{self.name}', the first dimension of 'input_x' must be divisible by the "
                             f"group size {size}, but got shape {tuple(x.shape)}.")
        return TensorSpec((x.shape[0] // size,) + tuple(x.shape[1:]), x.dtype)


class Barrier(_Collective):
    """() -> waits until every rank of the group has reached it."""

    def __init__(self, group=DEFAULT_GROUP):
        super().__init__()
        self._set_group(group)
        self.add_prim_attr("side_effect_mem", True)

    def infer(self):
        return TensorSpec((), mstype.float32)


class _PointToPoint(_Collective):
    """Its gradient travels back to the peers it exchanged values with: see
    Primitive.peer_backward."""

    peer_backward = True


class Send(_PointToPoint):
    """x -> sent to group rank `dest_rank` with tag `sr_tag` (a matching Receive takes it);
    returns x. Its gradient is received from `dest_rank` (over `group_back`)."""

    def __init__(self, sr_tag, dest_rank, group=DEFAULT_GROUP, group_back=DEFAULT_GROUP):
        super().__init__()
        self._set_rank("sr_tag", sr_tag)
        self._set_rank("dest_rank", dest_rank)
        self._set_group(group)
        self.add_prim_attr("group_back", group_back)
        self.add_prim_attr("no_eliminate", True)

    def infer(self, x):
        self._input(x)
        self._check_rank_in_group("dest_rank")
        return TensorSpec(x.shape, x.dtype)


class Receive(_PointToPoint):
    """() -> the Tensor of `shape` and `dtype` that group rank `src_rank` sends with tag
    `sr_tag`. Its gradient is sent back to `src_rank` (over `group_back`); an input given
    (MindSpore's virtual input) only orders the call."""

    def __init__(self, sr_tag, src_rank, shape, dtype, group=DEFAULT_GROUP, group_back=DEFAULT_GROUP):
        super().__init__()
        self._set_rank("sr_tag", sr_tag)
        self._set_rank("src_rank", src_rank)
        check_type(self.name, "shape", shape, (list, tuple))
        check_type(self.name, "dtype", dtype, mstype.Number)
        self.add_prim_attr("shape", shape)
        self.add_prim_attr("dtype", dtype)
        self._set_group(group)
        self.add_prim_attr("group_back", group_back)
        self.add_prim_attr("no_eliminate", True)

    def infer(self, *unused):
        self._check_rank_in_group("src_rank")
        return TensorSpec(tuple(self.shape), self.dtype)


class NeighborExchange(_PointToPoint):
    """(x_0, x_1, ...) -> x_i sent to each of `send_rank_ids` (with `send_shapes`); returns
    the tuple received from each of `recv_rank_ids`, of `recv_shapes` and `recv_type`."""

    def __init__(self, send_rank_ids, recv_rank_ids, recv_shapes, send_shapes, recv_type, group=DEFAULT_GROUP):
        super().__init__()
        for arg, value in (("send_rank_ids", send_rank_ids), ("recv_rank_ids", recv_rank_ids),
                           ("recv_shapes", recv_shapes), ("send_shapes", send_shapes)):
            check_type(self.name, arg, value, (list, tuple))
            self.add_prim_attr(arg, value)
        check_type(self.name, "recv_type", recv_type, mstype.Number)
        self.add_prim_attr("recv_type", recv_type)
        self._set_group(group)
        self.add_prim_attr("no_eliminate", True)

    def infer(self, inputs):
        if not isinstance(inputs, (tuple, list)) or len(inputs) != len(self.send_rank_ids):
            raise ValueError(f"For '{self.name}', the input must be a tuple of {len(self.send_rank_ids)} Tensors "
                             f"(one per 'send_rank_ids'), but got {inputs!r}.")
        for x, shape in zip(inputs, self.send_shapes):
            self._input(x)
            if tuple(x.shape) != tuple(shape):
                raise ValueError(f"For '{self.name}', an input's shape must be its 'send_shapes' entry "
                                 f"{tuple(shape)}, but got {tuple(x.shape)}.")
        return tuple(TensorSpec(tuple(s), self.recv_type) for s in self.recv_shapes)


class NeighborExchangeV2(_PointToPoint):
    """x of shape (N, C, H, W) -> x with halos received around it: shape
    (N, C, H + recv_top + recv_bottom, W + recv_left + recv_right). The 8 directions of
    `send_rank_ids` / `recv_rank_ids` are top, top-right, right, bottom-right, bottom,
    bottom-left, left, top-left (-1: none); `send_lens` / `recv_lens` are the widths
    [top, bottom, left, right] of the borders sent and received. Missing halos are zeros."""

    def __init__(self, send_rank_ids, send_lens, recv_rank_ids, recv_lens, data_format, group=DEFAULT_GROUP):
        super().__init__()
        _set_halo_attrs(self, send_rank_ids, send_lens, recv_rank_ids, recv_lens, data_format, group)

    def infer(self, x):
        self._input(x)
        if len(x.shape) != 4:
            raise ValueError(f"For '{self.name}', the 'input_x' must be 4-D (N, C, H, W), but got shape "
                             f"{tuple(x.shape)}.")
        top, bottom, left, right = self.recv_lens
        n, c, h, w = x.shape
        return TensorSpec((n, c, h + top + bottom, w + left + right), x.dtype)


class NeighborExchangeV2Grad(_PointToPoint):
    """The gradient of NeighborExchangeV2 (its bprop builds one with the exchange's two
    sides swapped): dy of shape (N, C, H + top + bottom, W + left + right), where
    `send_lens` = [top, bottom, left, right] are the halos the exchange received ->
    dx of shape (N, C, H, W): dy's centre, each halo sent back to the rank of
    `send_rank_ids` it came from, and the gradients of the borders this rank had sent
    (widths `recv_lens`) received from `recv_rank_ids` and added onto them."""

    def __init__(self, send_rank_ids, send_lens, recv_rank_ids, recv_lens, data_format, group=DEFAULT_GROUP):
        super().__init__()
        _set_halo_attrs(self, send_rank_ids, send_lens, recv_rank_ids, recv_lens, data_format, group)

    def infer(self, dy):
        self._input(dy, "dy")
        top, bottom, left, right = self.send_lens
        shape = tuple(dy.shape)
        if len(shape) != 4 or shape[2] < top + bottom or shape[3] < left + right:
            raise ValueError(f"For '{self.name}', the 'dy' must be 4-D (N, C, H, W) with H >= {top + bottom} and "
                             f"W >= {left + right} (the halos), but got shape {shape}.")
        n, c, h, w = shape
        return TensorSpec((n, c, h - top - bottom, w - left - right), dy.dtype)


class BatchISendIRecv(_PointToPoint):
    """(x_0, ...) the tensors to send -> one Tensor per operation: operation i is
    `op_types[i]` ('isend' or 'irecv') with group rank `remote_ranks[i]`. An 'irecv' gives
    the Tensor received (`receive_shapes` and `receive_dtypes` in order), an 'isend' a
    scalar 0 of the sent Tensor's dtype (MindSpore's placeholder)."""

    def __init__(self, op_types, remote_ranks, receive_shapes=None, receive_dtypes=None, group=DEFAULT_GROUP):
        super().__init__()
        check_type(self.name, "op_types", op_types, (list, tuple))
        check_type(self.name, "remote_ranks", remote_ranks, (list, tuple))
        if len(op_types) != len(remote_ranks):
            raise ValueError(f"For '{self.name}', 'op_types' and 'remote_ranks' must have the same length, but got "
                             f"{len(op_types)} and {len(remote_ranks)}.")
        for op_type in op_types:
            if op_type not in ("isend", "irecv"):
                raise ValueError(f"For '{self.name}', each of 'op_types' must be 'isend' or 'irecv', but got "
                                 f"{op_type!r}.")
        receives = sum(op == "irecv" for op in op_types)
        receive_shapes, receive_dtypes = receive_shapes or (), receive_dtypes or ()
        if len(receive_shapes) != receives or len(receive_dtypes) != receives:
            raise ValueError(f"For '{self.name}', 'receive_shapes' and 'receive_dtypes' must have one entry per "
                             f"'irecv' ({receives}), but got {len(receive_shapes)} and {len(receive_dtypes)}.")
        self.add_prim_attrs(op_types=op_types, remote_ranks=remote_ranks, receive_shapes=receive_shapes,
                            receive_dtypes=receive_dtypes)
        self._set_group(group)
        self.add_prim_attr("no_eliminate", True)

    def infer(self, inputs):
        sends = sum(op == "isend" for op in self.op_types)
        if not isinstance(inputs, (tuple, list)) or len(inputs) != sends:
            raise ValueError(f"For '{self.name}', the input must be a tuple of {sends} Tensors (one per 'isend'), "
                             f"but got {inputs!r}.")
        for x in inputs:
            self._input(x)
        sent, received, specs = iter(inputs), iter(zip(self.receive_shapes, self.receive_dtypes)), []
        for op in self.op_types:
            if op == "isend":
                specs.append(TensorSpec((), next(sent).dtype))
            else:
                shape, dtype = next(received)
                specs.append(TensorSpec(tuple(shape), dtype))
        return tuple(specs)


def _set_halo_attrs(prim: _Collective, send_rank_ids, send_lens, recv_rank_ids, recv_lens, data_format, group):
    """Check and keep the arguments of NeighborExchangeV2 and its gradient."""
    for arg, value, length in (("send_rank_ids", send_rank_ids, 8), ("recv_rank_ids", recv_rank_ids, 8),
                               ("send_lens", send_lens, 4), ("recv_lens", recv_lens, 4)):
        check_type(prim.name, arg, value, list)
        if len(value) != length:
            raise ValueError(f"For '{prim.name}', the '{arg}' must have {length} entries, but got {value}.")
        minimum = -1 if arg.endswith("ids") else 0
        if any(not isinstance(v, int) or v < minimum for v in value):
            raise ValueError(f"For '{prim.name}', each of '{arg}' must be an int at least {minimum}, but got "
                             f"{value}.")
        prim.add_prim_attr(arg, value)
    for arg in ("send_rank_ids", "recv_rank_ids"):
        ranks = [r for r in getattr(prim, arg) if r != -1]
        if len(set(ranks)) != len(ranks):
            raise ValueError(f"For '{prim.name}', the '{arg}' must not repeat a rank, but got "
                             f"{getattr(prim, arg)}.")
    if data_format != "NCHW":
        raise ValueError(f"For '{prim.name}', the 'data_format' must be 'NCHW', but got '{data_format}'.")
    prim.add_prim_attr("data_format", data_format)
    prim._set_group(group)


def _numel(shape) -> int:
    count = 1
    for n in shape:
        count *= n
    return count


def _split_sizes(prim: _Collective, arg: str, sizes) -> list[int]:
    if not isinstance(sizes, (list, tuple)) or not all(isinstance(n, int) and not isinstance(n, bool)
                                                       for n in sizes):
        raise TypeError(f"For '{prim.name}', the '{arg}' must be a list or tuple of int, but got {sizes!r}.")
    if len(sizes) != prim.group_size():
        raise ValueError(f"For '{prim.name}', the '{arg}' must have one entry per rank of group '{prim.group}' "
                         f"({prim.group_size()}), but got {len(sizes)}.")
    return list(sizes)
