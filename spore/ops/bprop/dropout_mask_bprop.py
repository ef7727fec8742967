"""bprops of operations/dropout_mask_ops.py."""
from __future__ import annotations

from ..operations.dropout_mask_ops import DropoutDoMask
from .registry import bprop, non_differentiable

# A random mask: MindSpore gives it no gradient.
non_differentiable("DropoutGenMask")


@bprop("DropoutDoMask")
def _dropout_do_mask(prim, input_x, mask, keep_prob, out, dout):
    """The op is linear in input_x: the same mask and scale applied to dout."""
    return DropoutDoMask()(dout, mask, keep_prob), None, None
