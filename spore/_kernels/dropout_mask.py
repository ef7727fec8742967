"""Kernels of operations/dropout_mask_ops.py: a bit mask drawn, and applied."""
from __future__ import annotations

import math

import torch

from . import device, rng
from .registry import kernel, kernel_factory

_BITS = 1 << torch.arange(8, dtype=torch.int32)


@kernel_factory("DropoutGenMask")
def _dropout_gen_mask(prim):
    gen = rng.generator_for(rng.op_seeds(prim.Seed0, prim.Seed1))

    def run(shape, keep_prob):
        count = math.prod(shape)
        padded = (count + 127) // 128 * 128
        bits = torch.zeros(padded, dtype=torch.int32, device=device.current())
        bits[:count] = (torch.rand(count, generator=gen, device=bits.device) < keep_prob).int()
        return (bits.reshape(-1, 8) * _BITS.to(bits.device)).sum(1).to(torch.uint8)

    return run


@kernel("DropoutDoMask")
def _dropout_do_mask(input_x, mask, keep_prob):
    bits = (mask.int().unsqueeze(1) & _BITS.to(mask.device)) != 0
    keep = bits.reshape(-1)[:input_x.numel()].reshape(input_x.shape)
    return input_x * keep.to(input_x.dtype) / keep_prob
