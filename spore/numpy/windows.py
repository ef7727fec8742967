"""mindspore.numpy's window functions (`hamming`, `hanning`, `bartlett`, `blackman`): M
symmetric Float32 samples computed with spore's ops."""
from __future__ import annotations

import math

from .. import ops
from ..common import dtype as mstype
from ..common.tensor import Tensor
from .utils import check_int

__all__ = ["hamming", "hanning", "bartlett", "blackman"]


def _window(op: str, M, cosine_terms=None, triangular=False) -> Tensor:
    """A symmetric window of M points (Float32): sum of a_j * cos(2 pi j n / (M - 1)) over
    `cosine_terms` a_j, or the triangle 1 - |2 n / (M - 1) - 1|. M <= 1 gives ones."""
    M = check_int(M, op, "M")
    if M <= 1:
        return ops.ones((max(M, 0),), mstype.float32)
    n = ops.arange(0, M, 1).astype(mstype.float32) / (M - 1)
    if triangular:
        return 1 - ops.abs(2 * n - 1)
    out = cosine_terms[0] * ops.ones((M,), mstype.float32)
    for j, a in enumerate(cosine_terms[1:], start=1):
        out = out + a * ops.cos(2 * math.pi * j * n)
    return out


def hamming(M):
    """The Hamming window of M points."""
    return _window("hamming", M, (0.54, -0.46))


def hanning(M):
    """The Hann window of M points."""
    return _window("hanning", M, (0.5, -0.5))


def bartlett(M):
    """The triangular (Bartlett) window of M points."""
    return _window("bartlett", M, triangular=True)


def blackman(M):
    """The Blackman window of M points."""
    return _window("blackman", M, (0.42, -0.5, 0.08))
