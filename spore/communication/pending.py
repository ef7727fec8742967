"""All-reduces started now and waited for later, so communication runs while the process
computes (DistributedGradReducer starts a bucket's as soon as the backward pass has
produced its gradients). PyNative only: a compiled graph calls its collectives in order."""
from __future__ import annotations

from .._kernels import collective
from ..common.tensor import Tensor, wrap


class PendingAllReduce:
    """`wait()` -> the reduction of the group's tensors, once it has arrived."""

    def __init__(self, pending: collective.PendingAllReduce):
        self._pending = pending

    def wait(self) -> Tensor:
        return wrap(self._pending.wait())


def start_all_reduce(tensor: Tensor, op: str, group: str) -> PendingAllReduce:
    """Start the all-reduce of `tensor` over `group` and return at once. Every rank must
    start its all-reduces (and its other collectives) in the same order."""
    return PendingAllReduce(collective.start_all_reduce(tensor._data(), op, group))
