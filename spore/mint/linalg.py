"""`mindspore.mint.linalg`: PyTorch-style linear algebra (`dim` / `keepdim` spelling)."""
from __future__ import annotations

from spore import ops

__all__ = ['inv', 'matrix_norm', 'norm', 'qr', 'vector_norm']

norm = ops.norm


def inv(input):
    """The inverse of each square matrix in input (*, N, N)."""
    return ops.inverse(input)


def matrix_norm(A, ord='fro', dim=(-2, -1), keepdim=False, *, dtype=None):
    """Matrix norm ('fro', 'nuc', inf, -inf, 1, -1, 2, -2) over the two dims dim."""
    return ops.matrix_norm(A, ord, dim, keepdim, dtype=dtype)


def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None):
    """Vector ord-norm over dim (every element when None)."""
    return ops.vector_norm(x, ord, dim, keepdim, dtype=dtype)


def qr(A, mode='reduced'):
    """QR decomposition (Q, R) of A (*, M, N); mode 'reduced', 'complete' or 'r'."""
    return ops.qr(A, mode)
