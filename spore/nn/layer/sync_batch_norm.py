"""SyncBatchNorm: batch normalization whose batch statistics are those of the batches of all
the processes of its groups. spore trains in one process (rank 0 of a world of 1), where
they are the local batch's: it normalizes as BatchNorm1d / BatchNorm2d do."""
from __future__ import annotations

import itertools

from ...common import dtype as mstype
from .normalization import _BatchNorm

__all__ = ["SyncBatchNorm"]

_RANK_SIZE = 1  # the processes of the world: spore runs one


def _check_process_groups(name: str, process_groups) -> None:
    """A list of lists of distinct rank ids in [0, world size)."""
    if not isinstance(process_groups, list):
        raise ValueError(f"The parameter 'process_groups' must be isinstance of {list}, but got {process_groups}.")
    seen = set()
    for group in process_groups:
        if not isinstance(group, list):
            raise ValueError(f"The parameter 'sub group' must be isinstance of {list}, but got {group}.")
    for rank in itertools.chain(*process_groups):
        if isinstance(rank, bool) or not isinstance(rank, int) or not 0 <= rank < _RANK_SIZE:
            raise ValueError(f"For '{name}', the 'rank id in process_groups' must be in range of [0, {_RANK_SIZE}), "
                             f"but got {rank} with type '{type(rank).__name__}'.")
        if rank in seen:
            raise ValueError(f"For '{name}', rank id in 'process_groups' must not be duplicated, but got "
                             f"{process_groups}.")
        seen.add(rank)


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
