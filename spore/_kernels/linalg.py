"""Kernels of the primitives in ops/operations/linalg_ops.py.

torch itself rejects operands of different dtypes or mismatched shapes; a kernel only
adds the checks torch would not make (MindSpore's rank rules, Bool and integer operands
it refuses), raising so that the Primitive's `infer` reports MindSpore's error.
"""
from __future__ import annotations

import torch
import torch.nn.functional as F

from .registry import kernel, kernel_factory


def _reject(reason: str):
    raise ValueError(reason)


def _transposed(flag: bool):
    return (lambda t: t.mT) if flag else (lambda t: t)


@kernel_factory("MatMul")
def mat_mul(prim):
    left, right = _transposed(prim.transpose_a), _transposed(prim.transpose_b)

    def run(x1, x2):
        return torch.mm(left(x1), right(x2))  # mm refuses anything but two matrices, as MatMul does
    return run


@kernel_factory("BatchMatMul")
def batch_mat_mul(prim):
    left, right = _transposed(prim.transpose_a), _transposed(prim.transpose_b)

    def run(x1, x2):
        if x1.dim() < 2 or x2.dim() < 2:
            _reject("BatchMatMul needs operands of rank >= 2")
        return torch.matmul(left(x1), right(x2))
    return run


@kernel("MatMulExt")
def mat_mul_ext(input, other):
    return torch.matmul(input, other)


@kernel("Dense")
def dense(x, w, b=None):
    if b is not None and b.dim() > 1:
        _reject("Dense needs a 0-D or 1-D bias")
    if w.dim() == 2:
        return F.linear(x, w, b)
    out = torch.matmul(x, w)
    return out if b is None else out + b


@kernel("Ger")
def ger(x1, x2):
    if not x1.is_floating_point() or x1.dtype != x2.dtype:
        _reject("Ger needs float operands of one dtype")
    return torch.outer(x1, x2)


@kernel("Outer")
def outer(input, vec2):
    return input.reshape(-1, 1) * vec2


@kernel_factory("Einsum")
def einsum(prim):
    equation = prim.equation

    def run(operands):
        if not isinstance(operands, (tuple, list)):
            operands = (operands,)
        if not all(t.is_floating_point() for t in operands):
            _reject("Einsum needs float operands")
        return torch.einsum(equation, *operands)
    return run


@kernel_factory("Svd")
def svd(prim):
    full_matrices, compute_uv = prim.full_matrices, prim.compute_uv

    def run(input):
        if input.numel() == 0:
            _reject("Svd needs a non-empty input")
        if not compute_uv:
            placeholder = torch.zeros(1, dtype=input.dtype, device=input.device)
            return torch.linalg.svdvals(input), placeholder, placeholder
        u, s, vh = torch.linalg.svd(input, full_matrices=full_matrices)
        return s, u, vh.mH
    return run
