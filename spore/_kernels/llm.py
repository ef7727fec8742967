"""Kernels of operations/llm_ops.py that are not compositions: GroupTopk."""
from __future__ import annotations

import torch

from .registry import kernel


@kernel("GroupTopk")
def _group_topk(token, idx_arr, group_num, k, k_inner=1):
    """Zero the experts of all but each row's k best groups (a group's score: the sum of
    its k_inner largest values)."""
    rows, experts = token.shape
    groups = token.reshape(rows, group_num, experts // group_num)
    scores = groups.topk(k_inner, dim=-1).values.sum(-1)
    # A stable descending sort keeps the lower group first among equal scores.
    best = torch.sort(scores, dim=-1, descending=True, stable=True).indices[:, :k]
    keep = torch.zeros(rows, group_num, dtype=torch.bool, device=token.device).scatter_(1, best, True)
    return (groups * keep.unsqueeze(-1).to(token.dtype)).reshape(rows, experts)
