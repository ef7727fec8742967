"""torch's own autograd, left out of the dispatch of the kernels spore runs.

spore differentiates with its tape and its graph AD and never asks torch to record: its
torch tensors never require grad. torch still routes every op through its autograd
(VariableType) and ADInplaceOrView kernels, which find that nothing requires grad and
redispatch. Below them an op goes straight to its CPU / CUDA kernel: the same kernel and
the same results, without that layer's cost per op, nor its machine code, which the first
call of each op otherwise pages in (a LeNet5 training step: 15 of the 64 KiB blocks of
libtorch_cpu.so it maps, 1.5-1.8 MiB of the step's peak memory).

The exclusion is thread-local and set around spore's entry points (a Cell called from
Python, a gradient taken, a compiled program run), not for the process: torch code run
outside them, such as a torch model trained in the same process, keeps torch's autograd.
"""
from __future__ import annotations

import torch

# A context manager: while it is open, this thread's ops skip the autograd and
# ADInplaceOrView dispatch keys (torch's own guard for custom kernels; nests).
below_torch_autograd = torch._C._AutoDispatchBelowADInplaceOrView

_is_excluded = torch._C._dispatch_tls_is_dispatch_key_excluded
_AD_INPLACE_OR_VIEW = torch._C.DispatchKey.ADInplaceOrView


def through_torch_autograd() -> bool:
    """Whether this thread's ops go through torch's autograd now (outside any
    below_torch_autograd)."""
    return not _is_excluded(_AD_INPLACE_OR_VIEW)
