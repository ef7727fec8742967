"""`mindspore.mint.special`: special functions with PyTorch's names."""
from __future__ import annotations

from spore import ops

from .nn.functional import log_softmax

__all__ = ['erfc', 'exp2', 'expm1', 'log1p', 'log_softmax', 'round', 'sinc']

erfc = ops.erfc
exp2 = ops.exp2
expm1 = ops.expm1
log1p = ops.log1p
sinc = ops.sinc


def round(input):
    """Rounds half to even, to integer values."""
    return ops.round(input)
