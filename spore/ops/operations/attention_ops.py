"""ScaledDotProductAttention and its gradient: the fused attention kernel behind
nn.MultiheadAttention (softmax(q k^T * scale) v without materializing the weights, and
its backward from the saved log-sum-exp).

These are spore's own primitives, not MindSpore names (MindSpore's fused attention,
FlashAttentionScore, is an Ascend kernel with another interface): ops.operations does not
export them.
"""
from __future__ import annotations

from ...common import dtype as mstype
from ..primitive import Primitive, TensorSpec
from ..validator import check_dtype, check_tensor, check_type

__all__: list = []

_FLOATS = (mstype.float16, mstype.bfloat16, mstype.float32, mstype.float64)
_HALF = (mstype.float16, mstype.bfloat16)


def _check_scale(op: str, scale) -> float:
    check_type(op, "scale", scale, (int, float))
    return float(scale)


def _check_heads(op: str, query, key, value) -> None:
    """query (N, H, L, D), key and value (N, H, S, D), one float dtype."""
    for name, tensor in (("query", query), ("key", key), ("value", value)):
        check_tensor(op, name, tensor)
        check_dtype(op, name, tensor.dtype, _FLOATS)
        if len(tensor.shape) != 4:
            raise ValueError(f"For '{op}', the '{name}' must be 4-D (batch, heads, sequence, head size), but got "
                             f"shape {tuple(tensor.shape)}.")
    for name, tensor in (("key", key), ("value", value)):
        if tensor.dtype is not query.dtype:
            raise TypeError(f"For '{op}', the dtype of '{name}' must be the dtype of 'query' ({query.dtype}), but "
                            f"got {tensor.dtype}.")
    if tuple(key.shape) != tuple(value.shape) or tuple(key.shape[:2]) != tuple(query.shape[:2]) \
            or key.shape[3] != query.shape[3]:
        raise ValueError(f"For '{op}', 'key' and 'value' must have the shape (N, H, S, D) of 'query' (N, H, L, D) "
                         f"{tuple(query.shape)} but for S, but got {tuple(key.shape)} and {tuple(value.shape)}.")


def _logsumexp_spec(query) -> TensorSpec:
    dtype = mstype.float32 if query.dtype in _HALF else query.dtype
    return TensorSpec(tuple(query.shape[:3]), dtype)


class ScaledDotProductAttention(Primitive):
    """ScaledDotProductAttention(scale)(query, key, value) -> (output, logsumexp)

    output = softmax(query key^T * scale) value over the last axis, per batch and head:
    query (N, H, L, D), key and value (N, H, S, D), output (N, H, L, D); logsumexp (N, H, L)
    the log of each softmax's denominator (float32 for half-precision inputs), which the
    gradient reads. Only output carries a gradient.
    """

    def __init__(self, scale=1.0):
        super().__init__()
        self.add_prim_attr("scale", _check_scale(self.name, scale))

    def infer(self, query, key, value):
        _check_heads(self.name, query, key, value)
        return TensorSpec(tuple(query.shape), query.dtype), _logsumexp_spec(query)


class ScaledDotProductAttentionGrad(Primitive):
    """ScaledDotProductAttentionGrad(scale)(dout, query, key, value, out, logsumexp)
    -> (dquery, dkey, dvalue): ScaledDotProductAttention's gradients from its outputs in one
    fused kernel. It has no gradient of its own: the bprop uses it only when nothing
    differentiates the bprop further (otherwise it composes the gradient from matrix products)."""

    def __init__(self, scale=1.0):
        super().__init__()
        self.add_prim_attr("scale", _check_scale(self.name, scale))

    def infer(self, dout, query, key, value, out, logsumexp):
        op = self.name
        _check_heads(op, query, key, value)
        for name, tensor in (("dout", dout), ("out", out)):
            check_tensor(op, name, tensor)
            if tuple(tensor.shape) != tuple(query.shape) or tensor.dtype is not query.dtype:
                raise ValueError(f"For '{op}', the '{name}' must have the shape {tuple(query.shape)} and dtype "
                                 f"{query.dtype} of 'query', but got {tuple(tensor.shape)} and {tensor.dtype}.")
        expected = _logsumexp_spec(query)
        check_tensor(op, "logsumexp", logsumexp)
        if tuple(logsumexp.shape) != expected.shape:
            raise ValueError(f"For '{op}', the 'logsumexp' must have the shape {expected.shape}, but got "
                             f"{tuple(logsumexp.shape)}.")
        return tuple(TensorSpec(tuple(t.shape), t.dtype) for t in (query, key, value))
