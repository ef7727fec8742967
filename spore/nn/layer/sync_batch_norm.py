"""SyncBatchNorm: batch normalization whose batch statistics are those of the batches of all
the processes of its group (data-parallel training across processes). In training, each
process's per-channel sums are all-reduced over the group (the mean first, then the sum of
squared deviations from it, so the variance is as exact as one process's), and the
gradient flows back through the all-reduces. Outside a distributed job, in inference, or
for a rank in none of `process_groups`, it normalizes as BatchNorm1d / BatchNorm2d do."""
from __future__ import annotations

import itertools

from ... import ops
from ...common import dtype as mstype
from ...communication.management import GlobalComm, create_group, get_group_size, get_rank
from ...ops.operations.comm_ops import AllReduce
from .normalization import _BatchNorm, _check_input

__all__ = ["SyncBatchNorm"]  # synchronized_batch_norm serves mint.nn.SyncBatchNorm too

_groups_made: dict[tuple, list[str]] = {}
"""The communication groups made for each `process_groups` value, by group index."""


def _group_names(process_groups: list) -> list[str]:
    """One communication group per list of ranks, made (collectively, by every process, in the
    same order) the first time these process_groups are seen."""
    key = tuple(tuple(group) for group in process_groups)
    if key not in _groups_made:
        names = []
        for group in process_groups:
            name = f"sync_bn_group{len(_groups_made)}_{len(names)}"
            create_group(name, list(group))
            names.append(name)
        _groups_made[key] = names
    return _groups_made[key]


def _check_process_groups(name: str, process_groups) -> None:
    """A list of lists of distinct rank ids in [0, world size)."""
    if not isinstance(process_groups, list):
        raise ValueError(f"The parameter 'process_groups' must be isinstance of {list}, but got {process_groups}.")
    seen = set()
    for group in process_groups:
        if not isinstance(group, list):
            raise ValueError(f"The parameter 'sub group' must be isinstance of {list}, but got {group}.")
    world = get_group_size()
    for rank in itertools.chain(*process_groups):
        if isinstance(rank, bool) or not isinstance(rank, int) or not 0 <= rank < world:
            raise ValueError(f"For '{name}', the 'rank id in process_groups' must be in range of [0, {world}), "
                             f"but got {rank} with type '{type(rank).__name__}'.")
        if rank in seen:
            raise ValueError(f"For '{name}', rank id in 'process_groups' must not be duplicated, but got "
                             f"{process_groups}.")
        seen.add(rank)


def synchronized_batch_norm(x, allreduce, gamma, beta, moving_mean, moving_variance, batch_weight: float,
                            eps: float):
    """x (N, C, ...) normalized per channel with the statistics of the batches of every process
    of `allreduce`'s group, scaled by gamma and shifted by beta. The moving statistics (None to
    leave them) become (1 - batch_weight) * moving + batch_weight * batch (variance unbiased)."""
    channels = x.shape[1]
    axes = (0,) + tuple(range(2, x.ndim))
    shape = (1, channels) + (1,) * (x.ndim - 2)
    local_count = ops.fill(x.dtype, (1,), x.size // channels)
    sums = allreduce(ops.cat([ops.sum(x, axes), local_count]))
    count = sums[channels]
    mean = sums[:channels] / count
    centered = x - ops.reshape(mean, shape)
    variance = allreduce(ops.sum(centered * centered, axes)) / count
    y = centered / ops.sqrt(ops.reshape(variance, shape) + eps)
    y = y * ops.reshape(ops.cast(gamma, x.dtype), shape) + ops.reshape(ops.cast(beta, x.dtype), shape)
    if moving_mean is not None:
        batch_mean = ops.stop_gradient(ops.cast(mean, moving_mean.dtype))
        batch_variance = ops.stop_gradient(ops.cast(variance * count / (count - 1), moving_variance.dtype))
        ops.assign(moving_mean, moving_mean * (1.0 - batch_weight) + batch_mean * batch_weight)
        ops.assign(moving_variance, moving_variance * (1.0 - batch_weight) + batch_variance * batch_weight)
    return y


class SyncBatchNorm(_BatchNorm):
    """SyncBatchNorm(num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init='ones',
    beta_init='zeros', moving_mean_init='zeros', moving_var_init='ones', use_batch_statistics=None,
    process_groups=None, dtype=mstype.float32)

    Batch normalization of x (N, C) or (N, C, H, W), C = num_features, synchronized over
    `process_groups` (lists of rank ids; None for all the processes, 0 for none).
    Outputs: x's shape.
    """

    ranks = (2, 4)

    def __init__(self, num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init="ones", beta_init="zeros",
                 moving_mean_init="zeros", moving_var_init="ones", use_batch_statistics=None, process_groups=None,
                 dtype=mstype.float32):
        super().__init__(num_features, eps, momentum, affine, gamma_init, beta_init, moving_mean_init,
                         moving_var_init, use_batch_statistics, dtype=dtype)
        if process_groups not in (None, 0):
            _check_process_groups(self.cls_name, process_groups)
        self.process_groups = process_groups
        self.group = None
        distributed = get_group_size() > 1
        if process_groups is None and distributed:
            self.group = GlobalComm.WORLD_COMM_GROUP
        elif process_groups not in (None, 0) and distributed:
            for ranks, name in zip(process_groups, _group_names(process_groups)):
                if get_rank() in ranks and len(ranks) > 1:
                    self.group = name
        self.allreduce = AllReduce(group=self.group) if self.group is not None else None

    def construct(self, x):
        use_batch = self.training if self.use_batch_statistics is None else self.use_batch_statistics
        if self.allreduce is None or not use_batch:
            return super().construct(x)
        _check_input(self.cls_name, x, self.ranks, self.num_features)
        return synchronized_batch_norm(x, self.allreduce, self.gamma, self.beta, self.moving_mean,
                                       self.moving_variance, self.momentum, self.eps)
