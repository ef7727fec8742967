"""Data-parallel gradient reduction: `DistributedGradReducer` sums (or averages) the
gradients of every process of a group, and the helpers TrainOneStepCell uses to apply it
(and to broadcast the parameters from rank 0) when the parallel mode is DATA_PARALLEL.

Gradients are reduced in buckets: the gradients of one dtype are flattened into one buffer
(split at `BUCKET_BYTES`), so a step makes one all-reduce per bucket instead of one per
Parameter: few large messages instead of many small ones.

Overlap (PyNative, several buckets): while TrainOneStepCell's backward pass runs inside
`overlapping()`, a bucket's all-reduce starts as soon as the last of its gradients is final (the tape tells
the reducer: autograd/grad_ready.py) and runs in the background while the backward pass
goes on; `construct` then only waits for it. The buffer and the reduction are the ones the
plain path makes, so the results are the same bit for bit.
"""
from __future__ import annotations

import contextlib

from ... import ops
from ...autograd import grad_ready
from ...common import dtype as mstype
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ...communication.management import GlobalComm, get_group_size, get_rank
from ...communication.pending import start_all_reduce
from ...context import PYNATIVE_MODE, ParallelMode, get_auto_parallel_context, get_context
from ...ops.operations.comm_ops import AllReduce, Broadcast, ReduceOp
from ...parallel.auto_parallel_context import is_set
from ..cell import Cell

__all__ = ["DistributedGradReducer", "PipelineGradReducer"]

BUCKET_BYTES = 64 * 2 ** 20
"""The largest flattened buffer one all-reduce carries."""


def _buckets(parameters, bucket_bytes: int) -> tuple:
    """Index tuples of `parameters`, each of one dtype and (unless one Parameter alone is
    larger) at most `bucket_bytes`, in the Parameters' order within a dtype."""
    by_dtype: dict = {}
    for index, param in enumerate(parameters):
        by_dtype.setdefault(param.dtype, []).append(index)
    buckets = []
    for indices in by_dtype.values():
        current, size = [], 0
        for index in indices:
            nbytes = parameters[index].nbytes
            if current and size + nbytes > bucket_bytes:
                buckets.append(tuple(current))
                current, size = [], 0
            current.append(index)
            size += nbytes
        buckets.append(tuple(current))
    return tuple(buckets)


class DistributedGradReducer(Cell):
    """DistributedGradReducer(parameters, mean=None, degree=None, fusion_type=1, group=GlobalComm.WORLD_COMM_GROUP)

    `construct(grads)`: the tuple of gradients of `parameters` (in their order), each
    summed over the processes of `group` and, when `mean`, divided by `degree`. `mean`
    defaults to the auto-parallel context's `gradients_mean`, `degree` to the group's size.
    The gradients travel in buckets (one all-reduce per dtype and `BUCKET_BYTES`):
    `allreduce_calls` says how many all-reduces a step makes. `fusion_type` is MindSpore's
    fusion tag of the all-reduces; every bucket here is fused whatever its value.
    """

    def __init__(self, parameters, mean=None, degree=None, fusion_type=1, group=GlobalComm.WORLD_COMM_GROUP):
        super().__init__(auto_prefix=False)
        name = type(self).__name__
        if mean is None:
            mean = get_auto_parallel_context("gradients_mean")
        if not isinstance(mean, bool):
            raise TypeError(f"For '{name}', the 'mean' must be bool, but got {type(mean).__name__}.")
        if degree is None:
            degree = get_group_size(group)
        if isinstance(degree, bool) or not isinstance(degree, int) or degree <= 0:
            raise ValueError(f"For '{name}', the 'degree' must be a positive int, but got {degree!r}.")
        if isinstance(fusion_type, bool) or not isinstance(fusion_type, int):
            raise TypeError(f"For '{name}', the 'fusion_type' must be int, but got {type(fusion_type).__name__}.")
        parameters = tuple(parameters)
        self.mean = mean
        self.degree = degree
        self.group = group
        self.shapes = tuple(tuple(p.shape) for p in parameters)
        self.sizes = tuple(int(p.size) for p in parameters)
        self.buckets = _buckets(parameters, BUCKET_BYTES)
        self.allreduce = AllReduce(ReduceOp.SUM, group)
        self.scale = 1.0 / degree
        self._parameter_ids = tuple(id(p) for p in parameters)
        self._started: dict[int, tuple] = {}
        """Bucket index -> (its gradients, the all-reduce started over them)."""
        self.overlapped_calls = 0
        """All-reduces so far that ran during the backward pass (see `overlapping`)."""

    @property
    def allreduce_calls(self) -> int:
        """All-reduces per step (one per bucket)."""
        return len(self.buckets)

    @contextlib.contextmanager
    def overlapping(self, parameters):
        """Inside, a PyNative backward pass starts each bucket's all-reduce as soon as its
        gradients (of `parameters`, the reducer's, in order) are final; `construct` waits
        for it. Elsewhere (Graph mode, one process) nothing changes, nor with a single
        bucket: its all-reduce could only start once the last gradient is final, when the
        backward pass is over, and starting it in the background then measured slower
        (bench/data_parallel.py)."""
        if get_context("mode") != PYNATIVE_MODE or get_group_size(self.group) == 1 or len(self.buckets) == 1:
            yield
            return
        produced: dict[int, Tensor] = {}
        bucket_of = {index: b for b, bucket in enumerate(self.buckets) for index in bucket}
        position = {key: index for index, key in enumerate(self._parameter_ids)}

        def ready(parameter, grad):
            index = position[id(parameter)]
            produced[index] = grad
            bucket = self.buckets[bucket_of[index]]
            if all(i in produced for i in bucket):
                grads = tuple(produced[i] for i in bucket)
                self._started[bucket_of[index]] = (grads, start_all_reduce(_flatten(grads), ReduceOp.SUM, self.group))

        self._started.clear()
        with grad_ready.listening(parameters, ready):
            yield

    def _reduced_bucket(self, b: int, grads) -> Tensor:
        """The summed flat buffer of bucket `b`: the all-reduce started during the
        backward pass when it was over these very gradients, else one made now."""
        bucket = self.buckets[b]
        started = self._started.pop(b, None)
        if started is not None:
            reduction = started[1].wait()   # waited for even when unused: every rank started it
            if all(grads[i] is g for i, g in zip(bucket, started[0])):
                self.overlapped_calls += 1
                return reduction
        return self.allreduce(_flatten([grads[i] for i in bucket]))

    def construct(self, grads):
        reduced = list(grads)
        for b, bucket in enumerate(self.buckets):
            flat = self._reduced_bucket(b, grads) if self._started else \
                self.allreduce(_flatten([grads[i] for i in bucket]))
            if self.mean:
                flat = flat * self.scale
            pieces = ops.split(flat, [self.sizes[i] for i in bucket])
            for position, i in enumerate(bucket):
                reduced[i] = ops.reshape(pieces[position], self.shapes[i])
        return tuple(reduced)


class PipelineGradReducer(Cell):
    """PipelineGradReducer(parameters, scale_sense=1.0, opt_shard=None)

    The gradient step of pipeline parallelism: `construct(grads)` gives, per Parameter of
    `parameters` (a ParameterTuple, such as `optimizer.parameters`), the micro-batch
    gradients accumulated in its `accu_grads.<name>` Parameter divided by `scale_sense`,
    and zeroes the accumulator; with `opt_shard` (default: the auto-parallel context's
    `enable_parallel_optimizer`), `grads` divided by `scale_sense` instead. On one stage
    (spore has no pipeline) nothing accumulates into `accu_grads`: the first form gives
    zeros, as MindSpore 2.7.1 does without a pipeline.
    """

    def __init__(self, parameters, scale_sense=1.0, opt_shard=None):
        super().__init__(auto_prefix=False)
        self.accu_grads = parameters.clone(prefix="accu_grads", init="zeros")
        self.degree = Tensor(1, mstype.float32)
        self.scale_sense = Parameter(scale_sense, name="scale_sense")
        self.opt_shard = get_auto_parallel_context("enable_parallel_optimizer") if opt_shard is None else opt_shard

    def construct(self, grads):
        scale = ops.reciprocal(self.scale_sense * self.degree)
        sources = grads if self.opt_shard else self.accu_grads
        new_grads = tuple(source * scale for source in sources)
        for accu in self.accu_grads:
            ops.assign(accu, ops.zeros_like(accu))
        return new_grads


def _flatten(grads) -> Tensor:
    return ops.cat([ops.reshape(g, (-1,)) for g in grads])


def data_parallel() -> bool:
    """Whether gradients are to be reduced across processes (MindSpore: data and hybrid parallel)."""
    return get_auto_parallel_context("parallel_mode") in (ParallelMode.DATA_PARALLEL, ParallelMode.HYBRID_PARALLEL)


def data_parallel_degree() -> int:
    """The auto-parallel context's `device_num` when set, else the world's size."""
    return get_auto_parallel_context("device_num") if is_set("device_num") else get_group_size()


def broadcast_parameters(parameters, root_rank: int = 0, group=GlobalComm.WORLD_COMM_GROUP) -> None:
    """Give every process of `group` the values `root_rank` holds (one broadcast per dtype)."""
    parameters = list(parameters)
    if not parameters or get_group_size(group) == 1:
        return
    for bucket in _buckets(parameters, BUCKET_BYTES):
        values = Broadcast(root_rank, group)(tuple(Tensor(parameters[i].asnumpy()) for i in bucket))
        for position, i in enumerate(bucket):
            parameters[i].set_data(values[position])


def parameter_broadcast(net, layout, cur_rank=0, initial_rank=0):
    """Give the Parameters of `net` named in `layout` (a dict keyed by Parameter name, as
    `Cell.parameter_layout_dict` gives it) the values rank `initial_rank` holds, on every
    rank. `cur_rank` must be this process's rank and `initial_rank` the first rank of its
    data-parallel group (the world here: spore runs data parallelism only, one stage). A
    single process has nothing to broadcast and returns at once, as MindSpore does."""
    if get_group_size() == 1:
        return
    if cur_rank != get_rank():
        raise ValueError(f"For 'parameter_broadcast', the 'cur_rank' must be the rank id of this process "
                         f"({get_rank()}), but got {cur_rank}.")
    if not 0 <= initial_rank <= cur_rank:
        raise ValueError(f"For 'parameter_broadcast', the 'initial_rank' must be the start rank id of the current "
                         f"pipeline stage (0 to {cur_rank}), but got {initial_rank}.")
    parameters = net.parameters_dict()
    unknown = [name for name in layout if name not in parameters]
    if unknown:
        raise ValueError(f"For 'parameter_broadcast', the parameters {unknown} in 'layout' are not parameters of "
                         f"the network.")
    broadcast_parameters([parameters[name] for name in layout], root_rank=initial_rank)
