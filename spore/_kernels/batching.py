"""A kernel over a batch: the kernel of one sample mapped over axis 0 of its batched inputs.

torch.func.vmap runs the kernel once on the whole batch where every torch operation it
makes has a batching rule (nearly all do). A kernel that reads values on the host
(`.item()`, NumPy), returns data-dependent shapes or is not written in torch operations
can not be vmapped: it then runs once per sample and the results are stacked, which is
always right, only slower. vmap is a batching transform, not autograd: gradients stay
spore's own (the batched primitive's bprop is the batched bprop).
"""
from __future__ import annotations

import warnings
from typing import Callable

import torch

# torch.func.vmap warns when an operation has no batching rule of its own and it loops
# internally: still exact, and spore users can do nothing about it.
warnings.filterwarnings("ignore", message="There is a performance drop because we have not yet implemented the "
                                          "batching rule")

_unbatchable: set = set()
"""Kernels torch.func.vmap failed on once: they go straight to the per-sample loop."""


def vmapped(kernel: Callable, in_dims: tuple, size: int) -> Callable:
    """kernel mapped over axis 0 of the inputs whose entry of `in_dims` is 0 (None: the
    input is shared by all samples; nested tuples for sequence inputs). The results have
    the batch on axis 0."""
    mapped = torch.func.vmap(kernel, in_dims=in_dims, out_dims=0, randomness="different")

    def batched(*inputs):
        if kernel not in _unbatchable:
            try:
                return mapped(*inputs)
            except Exception:  # noqa: BLE001 - any failure means the loop below computes it
                _unbatchable.add(kernel)
        return _stack([kernel(*_sample(inputs, in_dims, i)) for i in range(size)])

    return batched


def _sample(value, dims, index: int):
    if isinstance(dims, (tuple, list)):
        return type(value)(_sample(v, d, index) for v, d in zip(value, dims))
    return value if dims is None else value[index]


def _stack(results: list):
    first = results[0]
    if isinstance(first, (tuple, list)):
        return type(first)(_stack([r[i] for r in results]) for i in range(len(first)))
    if isinstance(first, torch.Tensor):
        return torch.stack(results)
    return torch.tensor(results)
