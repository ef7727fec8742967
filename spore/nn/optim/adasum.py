"""AdaSum (Adaptive Summation, arXiv 2006.02924): data-parallel updates combined by
`AdaSum(g1, g2) = (1 - g1.g2 / (2 |g1|^2)) g1 + (1 - g1.g2 / (2 |g2|^2)) g2` instead of
summed, across groups of ranks that double at each step.

MindSpore 2.7.1's algorithm, step by step: ranks are nodes of `DEVICES_PER_NODE` ranks;
rank r combines with the ranks r + k * DEVICES_PER_NODE. At step s (of log2(node count))
each rank pairs with the rank `DEVICES_PER_NODE * 2**s` away; every tensor is split in two
along its first axis longer than 1; the pair swap halves, each combines one half (the dot
products summed over the ranks of the doubled group), and after the last step the halves
travel back (recursive halving, then doubling). A tensor with no axis longer than 1 is
averaged over the group instead. The two wrappers apply it to the gradients
(AdaSumByGradWrapCell) or to the optimizer's change of the weights
(AdaSumByDeltaWeightWrapCell).
"""
from __future__ import annotations

import logging
import math

from ... import ops
from ...common import dtype as mstype
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ...communication.management import GlobalComm, create_group, get_rank
from ...context import ParallelMode, get_auto_parallel_context
from ...ops.operations.comm_ops import AllReduce, Receive, ReduceOp, Send
from ..cell import Cell
from ..wrap.grad_reducer import data_parallel_degree
from .optimizer import Optimizer

__all__ = ["AdaSumByGradWrapCell", "AdaSumByDeltaWeightWrapCell"]

_logger = logging.getLogger(__name__)

DEVICES_PER_NODE = 8
"""MindSpore's fixed node size: AdaSum combines the ranks r, r + 8, r + 16, ..."""

_EPS = 1e-12

_created_groups: set[str] = set()


def _check_parallel_context() -> int:
    """MindSpore's conditions for AdaSum; gives the number of ranks of the stage."""
    mode = get_auto_parallel_context("parallel_mode")
    if mode == ParallelMode.STAND_ALONE:
        raise RuntimeError("Stand alone mode is not supported to apply adasum.")
    if mode in (ParallelMode.DATA_PARALLEL, ParallelMode.HYBRID_PARALLEL):
        _logger.warning("For data parallel mode or hybrid parallel mode, it is recommended to using mindspore.boost "
                        "to enable adasum.")
    if get_auto_parallel_context("enable_parallel_optimizer"):
        raise RuntimeError("Currently, the optimizer shard is not supported with applying adasum.")
    stages = get_auto_parallel_context("pipeline_stages")
    if stages > 1:
        raise RuntimeError("Currently, the pipeline parallel is not supported with applying adasum.")
    devices = data_parallel_degree() // stages
    if devices < 16 or devices & (devices - 1):
        raise RuntimeError("The device_num must be at least 16 and must be the power of 2 when applying adasum.")
    return devices


def _halves(shape: list[int]) -> tuple[list[int], list[int], bool]:
    """`shape` split along its first axis longer than 1: (left, right, whether it splits)."""
    left, right = list(shape), list(shape)
    for axis, length in enumerate(shape):
        if length > 1:
            left[axis], right[axis] = length // 2, length - length // 2
            return left, right, True
    return left, right, False


def _group_name(ranks: list[int]) -> str:
    return "-".join(str(r) for r in ranks)


def _create_group(ranks: list[int]) -> None:
    name = _group_name(ranks)
    if name not in _created_groups:
        create_group(name, ranks)
        _created_groups.add(name)


def _numel(shape) -> int:
    return math.prod(shape)


class _Step:
    """One doubling of the groups: the partner, which half this rank keeps combining, and
    per tensor how it splits (tensors are handled flat: the split axis is the first
    longer than 1, so each half is a contiguous run of the flattened tensor)."""

    def __init__(self, rank: int, devices_per_node: int, nodes: int, step: int, shapes: list, dtypes: list,
                 make_groups: bool):
        distance = devices_per_node * 2 ** step
        self.keeps_right = (rank // distance) % 2 == 0
        self.partner = rank + distance if self.keeps_right else rank - distance
        size = 2 ** (step + 1)

        def members(node: int, device: int) -> list[int]:
            """The group of `size` nodes holding `node`, at position `device` of each."""
            first = node // size * size
            return [(first + i) * devices_per_node + device for i in range(size)]

        self.group = _group_name(members(rank // devices_per_node, rank % devices_per_node))
        if make_groups:
            # torch.distributed makes every group with every rank, in the same order.
            for node in range(0, nodes, size):
                for device in range(devices_per_node):
                    _create_group(members(node, device))
        self.group_size = size
        self.allreduce = AllReduce(ReduceOp.SUM, self.group)
        self.splits = [_halves(shape) for shape in shapes]
        self.dtypes = dtypes

    def next_shapes(self) -> list:
        return [right if self.keeps_right else left for left, right, _ in self.splits]

    def reduce(self, index: int, piece: Tensor) -> Tensor:
        """The halving: this rank's half of tensor `index` combined with its partner's."""
        left_shape, right_shape, splits = self.splits[index]
        if not splits:
            return self.allreduce(piece) / self.group_size
        left, right = piece[:_numel(left_shape)], piece[_numel(left_shape):]
        if self.keeps_right:
            Send(index, self.partner)(left)
            received = Receive(index, self.partner, [_numel(right_shape)], self.dtypes[index])()
            local = right
        else:
            received = Receive(index, self.partner, [_numel(left_shape)], self.dtypes[index])()
            Send(index, self.partner)(right)
            local = left
        return self._combine(local, received)

    def _combine(self, local: Tensor, received: Tensor) -> Tensor:
        # Each rank scales by its own largest value (for range), as MindSpore does.
        scale = ops.ReduceMax()(local) + _EPS
        local_scaled, received_scaled = local / scale, received / scale
        dot = ops.ReduceSum()(local_scaled * received_scaled) + _EPS
        local_norm = ops.ReduceSum()(local_scaled * local_scaled) + _EPS
        received_norm = ops.ReduceSum()(received_scaled * received_scaled) + _EPS
        # The pair's first vector is the one of the rank keeping the right half: each rank
        # gives its part of that vector's norm, then the group sums the parts.
        first, second = (local_norm, received_norm) if self.keeps_right else (received_norm, local_norm)
        dot, first, second = self.allreduce(dot), self.allreduce(first), self.allreduce(second)
        first_weight, second_weight = 1 - dot / (2 * first), 1 - dot / (2 * second)
        if self.keeps_right:
            return first_weight * local + second_weight * received
        return first_weight * received + second_weight * local

    def restore(self, index: int, piece: Tensor) -> Tensor:
        """The doubling: this rank's combined half joined with its partner's."""
        left_shape, right_shape, splits = self.splits[index]
        if not splits:
            return piece
        if self.keeps_right:
            Send(index, self.partner)(piece)
            received = Receive(index, self.partner, [_numel(left_shape)], self.dtypes[index])()
            return ops.cat((received, piece))
        received = Receive(index, self.partner, [_numel(right_shape)], self.dtypes[index])()
        Send(index, self.partner)(piece)
        return ops.cat((piece, received))


def _check_even_splits(shapes: list, names: list, nodes: int) -> None:
    """Every node of a step's group must split each tensor alike, or their collectives
    would not match (MindSpore would wait for ever): a length-3 axis halves into 1 and 2,
    one half splits again and the other does not. Checked for every node before any
    communication."""
    per_node = [list(shapes) for _ in range(nodes)]
    for step in range(int(math.log2(nodes))):
        size = 2 ** (step + 1)
        splits = [[_halves(shape) for shape in node_shapes] for node_shapes in per_node]
        for first in range(0, nodes, size):
            for i, name in enumerate(names):
                if len({splits[node][i][2] for node in range(first, first + size)}) > 1:
                    raise ValueError(f"For 'AdaSum', the Parameter '{name}' of shape {tuple(shapes[i])} halves "
                                     f"unevenly: at step {step} some of the ranks' halves can be split and some "
                                     f"can not, so their communication would not match.")
        per_node = [[right if (node // 2 ** step) % 2 == 0 else left for left, right, _ in splits[node]]
                    for node in range(nodes)]


class _AdaSum(Cell):
    """values (one Tensor per Parameter of `parameters`) -> their AdaSum over the ranks
    rank % devices_per_node shares, `group_number` (a power of 2) nodes of them."""

    def __init__(self, rank: int, devices_per_node: int, group_number: int, parameters, make_groups: bool):
        super().__init__()
        self.shapes = [list(p.shape) for p in parameters]
        _check_even_splits(self.shapes, [p.name for p in parameters], group_number)
        shapes, dtypes = self.shapes, [p.dtype for p in parameters]
        self.steps = []
        for step in range(int(math.log2(group_number))):
            self.steps.append(_Step(rank, devices_per_node, group_number, step, shapes, dtypes, make_groups))
            shapes = self.steps[-1].next_shapes()

    def construct(self, values):
        pieces = [ops.reshape(v, (-1,)) for v in values]
        for step in self.steps:
            pieces = [step.reduce(i, piece) for i, piece in enumerate(pieces)]
        for step in reversed(self.steps):
            pieces = [step.restore(i, piece) for i, piece in enumerate(pieces)]
        return tuple(ops.reshape(piece, shape) for piece, shape in zip(pieces, self.shapes))


def _adasum_for(optimizer, name: str) -> _AdaSum:
    devices = _check_parallel_context()
    if not isinstance(optimizer, Optimizer):
        raise TypeError(f"For '{name}', the type of 'optimizer' should be 'Optimizer', but got type "
                        f"'{type(optimizer).__name__}'.")
    make_groups = GlobalComm.INITED or get_auto_parallel_context("parallel_mode") in (
        ParallelMode.DATA_PARALLEL, ParallelMode.HYBRID_PARALLEL)
    return _AdaSum(get_rank() if GlobalComm.INITED else 0, DEVICES_PER_NODE, devices // DEVICES_PER_NODE,
                   optimizer.parameters, make_groups)


class _AdaSumWrapCell(Cell):
    """What both wrappers hold: the optimizer, its Parameters, the AdaSum combiner checked
    against MindSpore's conditions, and the tensor the ranks synchronise on at the end."""

    def __init__(self, optimizer):
        super().__init__(auto_prefix=False)
        self.adasum = _adasum_for(optimizer, type(self).__name__)
        self.optimizer = optimizer
        self.parameters = optimizer.parameters
        self.sync_tensor = Parameter(Tensor(0, mstype.int32), name="sync_tensor")


class AdaSumByGradWrapCell(_AdaSumWrapCell):
    """AdaSumByGradWrapCell(optimizer)

    `construct(grads)`: the gradients combined by AdaSum across the ranks (see the module),
    then `optimizer(grads)`. MindSpore's conditions hold: a parallel mode other than
    stand-alone, no optimizer sharding, no pipeline, and a power of 2 of at least 16 ranks.
    """

    def construct(self, grads):
        combined = self.adasum(grads)
        AllReduce()(self.sync_tensor)   # every rank has finished combining
        return self.optimizer(combined)


class AdaSumByDeltaWeightWrapCell(_AdaSumWrapCell):
    """AdaSumByDeltaWeightWrapCell(optimizer)

    `construct(grads)`: `optimizer(grads)` runs, then the change it made to each weight is
    combined by AdaSum across the ranks and the weights set to their old values minus it;
    returns the Parameters. Same conditions as AdaSumByGradWrapCell.
    """

    def construct(self, grads):
        old = tuple(p * 1.0 for p in self.parameters)
        self.optimizer(grads)
        combined = self.adasum(tuple(before - p for before, p in zip(old, self.parameters)))
        for param, before, delta in zip(self.parameters, old, combined):
            ops.assign(param, before - delta)
        AllReduce()(self.sync_tensor)
        return self.parameters
