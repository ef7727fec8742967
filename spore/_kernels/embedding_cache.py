"""Kernels of the embedding-cache primitives (ops/operations/embedding_cache_ops.py)."""
from __future__ import annotations

import torch

from .registry import kernel


def _scalar(value) -> int:
    return int(value.item()) if isinstance(value, torch.Tensor) else int(value)


@kernel("MapUniform")
def map_uniform(input, per_group_size, group_num):
    size, groups = _scalar(per_group_size), _scalar(group_num)
    if groups <= 0:
        raise RuntimeError(f"For 'MapUniform', the 'group_num' must be greater than 0, but got {groups}.")
    out = torch.fmod(input, groups) * size + torch.div(input, groups, rounding_mode="trunc")
    limit = size * groups
    if out.numel() and int(out.max()) >= limit:
        raise RuntimeError(f"For 'MapUniform', all elements in output must be less than {limit}, but got "
                           f"{int(out.max())}.")
    return out


@kernel("SubAndFilter")
def sub_and_filter(input_x, max_num, offset):
    shifted = input_x.reshape(-1) - _scalar(offset)
    kept = torch.nonzero((shifted >= 0) & (shifted < _scalar(max_num))).reshape(-1)
    return shifted[kept], kept.to(input_x.dtype)
