"""bprops of the fused attention (operations/attention_ops.py).

With weights p = softmax(s), s = q k^T * scale and out = p v: d v = p^T dout,
d p = dout v^T, d s = SoftmaxGrad(p, d p), d q = d s k * scale, d k = d s^T q * scale.
The logsumexp output is a by-product and carries no gradient.
"""
from __future__ import annotations

import functools

from .. import interpreter
from ..operations import attention_ops, linalg_ops, nn_ops
from .registry import bprop, non_differentiable

_matmul = {flags: linalg_ops.BatchMatMul(*flags) for flags in ((False, False), (False, True), (True, False))}
_softmax = nn_ops.Softmax(-1)
_softmax_grad = nn_ops.SoftmaxGrad(-1)


@functools.lru_cache(maxsize=64)
def _fused_grad(scale: float):
    return attention_ops.ScaledDotProductAttentionGrad(scale)


@bprop("ScaledDotProductAttention")
def _scaled_dot_product_attention(prim, query, key, value, out, dout):
    scale = prim.scale
    if not interpreter.STACK:
        # Nothing records this bprop (no higher-order gradient, no graph being built): the
        # fused backward kernel from the saved log-sum-exp, as PyTorch's.
        return _fused_grad(scale)(dout[0], query, key, value, out[0], out[1])
    weights = _softmax(_matmul[False, True](query, key) * scale)
    dvalue = _matmul[True, False](weights, dout[0])
    dscores = _softmax_grad(weights, _matmul[False, True](dout[0], value)) * scale
    grads = _matmul[False, False](dscores, key), _matmul[True, False](dscores, query), dvalue
    builder = interpreter.graph_builder
    if builder is not None and interpreter.STACK[-1] is builder:
        # A graph differentiates these matrix products further if it must, and runs the
        # fused backward instead where nothing does.
        builder.offer_fused(_fused_grad(scale), (dout[0], query, key, value, out[0], out[1]), grads)
    return grads


# The bprop above uses it only where nothing differentiates it.
non_differentiable("ScaledDotProductAttentionGrad")
