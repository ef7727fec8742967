"""Kernels of ops/operations/attention_ops.py: ATen's fused CPU attention (flash attention)
and its backward."""
from __future__ import annotations

import torch

from .registry import kernel_factory

_forward = torch.ops.aten._scaled_dot_product_flash_attention_for_cpu
_backward = torch.ops.aten._scaled_dot_product_flash_attention_for_cpu_backward


def _require_heads(query, key, value) -> None:
    if not (query.dim() == key.dim() == value.dim() == 4 and key.shape == value.shape
            and key.shape[:2] == query.shape[:2] and key.shape[3] == query.shape[3]
            and query.dtype == key.dtype == value.dtype and query.is_floating_point()):
        raise ValueError("input rejected by the primitive's rules")


@kernel_factory("ScaledDotProductAttention")
def scaled_dot_product_attention(prim):
    scale = prim.scale

    def run(query, key, value):
        _require_heads(query, key, value)
        return tuple(_forward(query, key, value, scale=scale))
    return run


@kernel_factory("ScaledDotProductAttentionGrad")
def scaled_dot_product_attention_grad(prim):
    scale = prim.scale

    def run(dout, query, key, value, out, logsumexp):
        _require_heads(query, key, value)
        if not (dout.shape == out.shape == query.shape and logsumexp.shape == query.shape[:3]):
            raise ValueError("input rejected by the primitive's rules")
        return tuple(_backward(dout, query, key, value, out, logsumexp, 0.0, False, scale=scale))
    return run
