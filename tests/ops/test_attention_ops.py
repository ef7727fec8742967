"""Attention functions (prompt_flash_attention, incre_flash_attention, fused_infer_attention_score,
flash_attention_score with dropout and the SBH / TND layouts) against a float64 NumPy
softmax(Q K^T * scale + pse) V with the masked scores left out, in each layout; ring_attention_update against the merge
formula; moe_token_permute / unpermute against NumPy index shuffles; and bad input."""
from __future__ import annotations

import numpy as np
import pytest

import spore as ms
from spore import ops
from spore.ops.operations.attention_ops import ScaledDotProductAttention, ScaledDotProductAttentionGrad

from .op_testing import ErrorCase, OpCase, case_id, rand, run_case, run_error_case

f64 = np.float64
B, N, KVN, S, D = 2, 4, 2, 5, 3


def _bnsd(x, layout, heads):
    if layout == "BSH":
        return x.reshape(x.shape[0], x.shape[1], heads, -1).transpose(0, 2, 1, 3)
    return x.transpose(0, 2, 1, 3) if layout == "BSND" else x


def _layout(x, layout):
    if layout == "BNSD":
        return x
    x = x.transpose(0, 2, 1, 3)
    return x.reshape(x.shape[0], x.shape[1], -1) if layout == "BSH" else x


def _np_attention(q, k, v, discard, scale=1.0, pse=None, layout="BSH", heads=N, kv_heads=KVN, out_layout=None,
                  dropout=None):
    """Reference: (B, N, q_S, kv_S) boolean `discard`; rows with every key discarded give 0;
    `dropout` multiplies the softmax weights."""
    q, k, v = _bnsd(q, layout, heads), _bnsd(k, layout, kv_heads), _bnsd(v, layout, kv_heads)
    k, v = np.repeat(k, heads // kv_heads, 1), np.repeat(v, heads // kv_heads, 1)
    scores = np.einsum("bnqd,bnkd->bnqk", q.astype(f64), k.astype(f64)) * scale
    if pse is not None:
        scores = scores + pse
    discard = np.broadcast_to(discard, scores.shape)
    scores = np.where(discard, -np.inf, scores)
    top = np.max(np.where(discard, -1e300, scores), -1, keepdims=True)
    weights = np.where(discard, 0.0, np.exp(scores - top))
    total = weights.sum(-1, keepdims=True)
    weights = np.divide(weights, total, out=np.zeros_like(weights), where=total > 0)
    if dropout is not None:
        weights = weights * dropout
    out = np.einsum("bnqk,bnkd->bnqd", weights, v.astype(f64))
    return _layout(out, out_layout or layout).astype(q.dtype)


def _lse(q, k, scale, layout="BSH"):
    q, k = _bnsd(q, layout, N), np.repeat(_bnsd(k, layout, KVN), N // KVN, 1)
    scores = np.einsum("bnqd,bnkd->bnqk", q, k) * scale
    top = scores.max(-1, keepdims=True)
    return (np.log(np.exp(scores - top).sum(-1, keepdims=True)) + top).astype(np.float32)


def _band(q_len, kv_len, pre, nxt, shift=0):
    offset = np.arange(kv_len)[None, :] - np.arange(q_len)[:, None] - shift
    return (offset > nxt) | (-offset > pre)


Q_BSH, K_BSH, V_BSH = rand(B, S, N * D, dtype=f64), rand(B, S, KVN * D, dtype=f64), rand(B, S, KVN * D, dtype=f64)
Q_BNSD, K_BNSD, V_BNSD = (rand(B, N, S, D, dtype=f64), rand(B, KVN, S + 2, D, dtype=f64),
                          rand(B, KVN, S + 2, D, dtype=f64))
Q_BSND, K_BSND, V_BSND = rand(B, S, N, D, dtype=f64), rand(B, S, KVN, D, dtype=f64), rand(B, S, KVN, D, dtype=f64)
Q1_BSH = rand(B, 1, N * D, dtype=f64)
Q1_BNSD = rand(B, N, 1, D, dtype=f64)
PSE = rand(1, N, S, S, dtype=f64)
NO_MASK = np.zeros((1, 1, 1, 1), bool)
CAUSAL = np.triu(np.ones((S, S), bool), 1)
USER_MASK = rand(B, 1, S, S, dtype=np.bool_)
COMPRESSED = np.triu(np.ones((2048, 2048), bool), 1)
KV_PAD = np.zeros((B, 1, 1, S), bool)
KV_PAD[1, ..., 3:] = True                     # batch 1 has 3 valid keys
Q_PAD = np.zeros((B, 1, S, 1), bool)
Q_PAD[0, :, 4:] = True                        # batch 0 has 4 valid queries


def _pfa(**kw):
    def run(q, k, v):
        return ops.prompt_flash_attention(q, k, v, num_heads=N, num_key_value_heads=KVN, **kw)
    run.__name__ = "prompt_flash_attention"
    return run


def _pfa_masked(mask, **kw):
    """The mask is a constant of the call (its values decide which scores take part)."""
    def run(q, k, v):
        return ops.prompt_flash_attention(q, k, v, attn_mask=ms.Tensor(mask), num_heads=N,
                                          num_key_value_heads=KVN, **kw)
    run.__name__ = "prompt_flash_attention"
    return run


def _fias(**kw):
    def run(q, k, v):
        return ops.fused_infer_attention_score(q, k, v, num_heads=N, num_key_value_heads=KVN, **kw)
    run.__name__ = "fused_infer_attention_score"
    return run


def _ifa(**kw):
    def run(q, k, v):
        return ops.incre_flash_attention(q, [k], [v], num_heads=N, num_key_value_heads=KVN, **kw)
    run.__name__ = "incre_flash_attention"
    return run


CASES = [
    # prompt attention: GQA, scale, layouts, pse, masks with pre / next tokens, sparse modes, lengths
    OpCase(_pfa(scale_value=0.5), (Q_BSH, K_BSH, V_BSH),
           lambda q, k, v: _np_attention(q, k, v, NO_MASK, 0.5)),
    OpCase(_pfa(input_layout="BNSD"), (Q_BNSD, K_BNSD, V_BNSD),
           lambda q, k, v: _np_attention(q, k, v, NO_MASK, layout="BNSD")),
    OpCase(lambda q, k, v: ops.prompt_flash_attention(q, k, v, pse_shift=ms.Tensor(PSE), num_heads=N,
                                                      num_key_value_heads=KVN, scale_value=0.7),
           (Q_BSH, K_BSH, V_BSH), lambda q, k, v: _np_attention(q, k, v, NO_MASK, 0.7, PSE)),
    OpCase(_pfa_masked(CAUSAL), (Q_BSH, K_BSH, V_BSH), lambda q, k, v: _np_attention(q, k, v, CAUSAL)),
    OpCase(_pfa_masked(USER_MASK, sparse_mode=1, next_tokens=0), (Q_BSH, K_BSH, V_BSH),
           lambda q, k, v: _np_attention(q, k, v, USER_MASK)),
    OpCase(_pfa_masked(np.zeros((S, S), bool), pre_tokens=1, next_tokens=1), (Q_BSH, K_BSH, V_BSH),
           lambda q, k, v: _np_attention(q, k, v, _band(S, S, 1, 1))),
    OpCase(_pfa_masked(COMPRESSED, sparse_mode=2, input_layout="BNSD"), (Q_BNSD, K_BNSD, V_BNSD),
           lambda q, k, v: _np_attention(q, k, v, _band(S, S + 2, 10**9, 0), layout="BNSD")),
    OpCase(_pfa_masked(COMPRESSED, sparse_mode=3, input_layout="BNSD"), (Q_BNSD, K_BNSD, V_BNSD),
           lambda q, k, v: _np_attention(q, k, v, _band(S, S + 2, 10**9, 0, shift=2), layout="BNSD")),
    OpCase(_pfa_masked(COMPRESSED, sparse_mode=4, pre_tokens=1, next_tokens=0, input_layout="BNSD"),
           (Q_BNSD, K_BNSD, V_BNSD),
           lambda q, k, v: _np_attention(q, k, v, _band(S, S + 2, 1, 0, shift=2), layout="BNSD")),
    OpCase(_pfa(actual_seq_lengths=[4, 5], actual_seq_lengths_kv=(5, 3)), (Q_BSH, K_BSH, V_BSH),
           lambda q, k, v: _np_attention(q, k, v, KV_PAD | Q_PAD)),
    OpCase(_pfa(), (Q_BSH.astype(np.float32), K_BSH.astype(np.float32), V_BSH.astype(np.float32)),
           lambda q, k, v: _np_attention(q, k, v, NO_MASK)),
    # incremental attention: one query token over a cache
    OpCase(_ifa(scale_value=0.3), (Q1_BSH, K_BSH, V_BSH), lambda q, k, v: _np_attention(q, k, v, NO_MASK, 0.3)),
    OpCase(_ifa(input_layout="BNSD", actual_seq_lengths=[5, 3]), (Q1_BNSD, K_BNSD[:, :, :S], V_BNSD[:, :, :S]),
           lambda q, k, v: _np_attention(q, k, v, KV_PAD[:, :, :1], layout="BNSD")),
    OpCase(lambda q, k, v: ops.incre_flash_attention(q, [k], [v], attn_mask=ms.Tensor(KV_PAD[:, 0, 0]),
                                                     num_heads=N, num_key_value_heads=KVN),
           (Q1_BSH, K_BSH, V_BSH), lambda q, k, v: _np_attention(q, k, v, KV_PAD)),
    # fused_infer_attention_score: both branches, all layouts, softmax_lse
    OpCase(_fias(scale=0.5), (Q_BSH, K_BSH, V_BSH),
           lambda q, k, v: (_np_attention(q, k, v, NO_MASK, 0.5), np.zeros(1, np.float32))),
    OpCase(_fias(scale=0.5, softmax_lse_flag=True), (Q_BSH, K_BSH, V_BSH),
           lambda q, k, v: (_np_attention(q, k, v, NO_MASK, 0.5), _lse(q, k, 0.5)), rtol=1e-5, atol=1e-5),
    OpCase(_fias(input_layout="BSND", next_tokens=0, atten_mask=ms.Tensor(CAUSAL)), (Q_BSND, K_BSND, V_BSND),
           lambda q, k, v: (_np_attention(q, k, v, CAUSAL, layout="BSND"), np.zeros(1, np.float32))),
    OpCase(_fias(input_layout="BNSD_BSND"), (Q_BNSD, K_BNSD, V_BNSD),
           lambda q, k, v: (_np_attention(q, k, v, NO_MASK, layout="BNSD", out_layout="BSND"),
                            np.zeros(1, np.float32))),
    OpCase(_fias(actual_seq_lengths_kv=[5, 3], next_tokens=0), (Q1_BSH, K_BSH, V_BSH),
           lambda q, k, v: (_np_attention(q, k, v, KV_PAD), np.zeros(1, np.float32))),
]


# ---- flash_attention_score ----------------------------------------------------------------------

DROP_BYTES = np.random.default_rng(5).integers(0, 256, (1, 2, 3, 1), dtype=np.uint8)   # (B, N1, S1, S2 // 8)
DROP_KEEP = np.unpackbits(DROP_BYTES, axis=-1, bitorder="little").astype(f64)         # bit i of byte j: key 8j + i
TND_Q, TND_K, TND_V = rand(7, N, D, dtype=f64), rand(9, KVN, D, dtype=f64), rand(9, KVN, D, dtype=f64)
TND_QLEN, TND_KVLEN = [3, 7], [4, 9]
HEAD_MASK = rand(B, N, S, S, dtype=np.bool_)


def _fa(**kw):
    def run(q, k, v):
        return ops.flash_attention_score(q, k, v, N, **kw)
    run.__name__ = "flash_attention_score"
    return run


def _np_sbh(q, k, v, **kw):
    """SBH is BSH with the first two axes swapped."""
    q, k, v = (x.transpose(1, 0, 2) for x in (q, k, v))
    return _np_attention(q, k, v, **kw).transpose(1, 0, 2)


def _np_tnd(q, k, v, shift_causal=False):
    """Each batch's tokens attend only to its own keys (BSND batches of one)."""
    outs, q_start, kv_start = [], 0, 0
    for q_end, kv_end in zip(TND_QLEN, TND_KVLEN):
        discard = _band(q_end - q_start, kv_end - kv_start, 10**9, 0, shift=(kv_end - kv_start) - (q_end - q_start)) \
            if shift_causal else NO_MASK
        outs.append(_np_attention(q[None, q_start:q_end], k[None, kv_start:kv_end], v[None, kv_start:kv_end],
                                  discard, 0.5, layout="BSND")[0])
        q_start, kv_start = q_end, kv_end
    return np.concatenate(outs, 0)


FLASH_CASES = [
    OpCase(_fa(scalar_value=0.5), (Q_BSH, K_BSH, V_BSH), lambda q, k, v: _np_attention(q, k, v, NO_MASK, 0.5)),
    OpCase(_fa(input_layout="BNSD", attn_mask=ms.Tensor(COMPRESSED), sparse_mode=3), (Q_BNSD, K_BNSD, V_BNSD),
           lambda q, k, v: _np_attention(q, k, v, _band(S, S + 2, 10**9, 0, shift=2), layout="BNSD")),
    OpCase(_fa(input_layout="BNSD", attn_mask=ms.Tensor(COMPRESSED), sparse_mode=4, pre_tokens=1, next_tokens=1),
           (Q_BNSD, K_BNSD, V_BNSD),
           lambda q, k, v: _np_attention(q, k, v, _band(S, S + 2, 1, 1, shift=2), layout="BNSD")),
    OpCase(_fa(input_layout="BSND", real_shift=ms.Tensor(PSE), scalar_value=0.7), (Q_BSND, K_BSND, V_BSND),
           lambda q, k, v: _np_attention(q, k, v, NO_MASK, 0.7, PSE, layout="BSND")),
    OpCase(_fa(input_layout="SBH", attn_mask=ms.Tensor(CAUSAL)),
           (Q_BSH.transpose(1, 0, 2), K_BSH.transpose(1, 0, 2), V_BSH.transpose(1, 0, 2)),
           lambda q, k, v: _np_sbh(q, k, v, discard=CAUSAL)),
    OpCase(_fa(attn_mask=ms.Tensor(HEAD_MASK), sparse_mode=1), (Q_BSH, K_BSH, V_BSH),
           lambda q, k, v: _np_attention(q, k, v, HEAD_MASK)),
    OpCase(lambda q, k, v: ops.flash_attention_score(q, k, v, 2, drop_mask=ms.Tensor(DROP_BYTES), keep_prob=0.5,
                                                     input_layout="BNSD"),
           (rand(1, 2, 3, 4, dtype=f64), rand(1, 2, 8, 4, dtype=f64), rand(1, 2, 8, 4, dtype=f64)),
           lambda q, k, v: _np_attention(q, k, v, NO_MASK, layout="BNSD", heads=2, kv_heads=2,
                                         dropout=DROP_KEEP / 0.5)),
    OpCase(_fa(input_layout="TND", scalar_value=0.5, actual_seq_qlen=TND_QLEN, actual_seq_kvlen=TND_KVLEN),
           (TND_Q, TND_K, TND_V), _np_tnd),
    OpCase(_fa(input_layout="TND", scalar_value=0.5, actual_seq_qlen=ms.Tensor(np.array(TND_QLEN)),
               actual_seq_kvlen=TND_KVLEN, attn_mask=ms.Tensor(COMPRESSED), sparse_mode=3, next_tokens=0),
           (TND_Q, TND_K, TND_V), lambda q, k, v: _np_tnd(q, k, v, shift_causal=True)),
]
CASES += FLASH_CASES


def _np_ring(o1, m1, s1, o2, m2, s2, layout="SBH"):
    top = np.maximum(m1, m2)
    w1, w2 = np.exp(m1 - top) * s1, np.exp(m2 - top) * s2
    total = w1 + w2

    def spread(w):
        w = (w / total)[..., :1]
        if layout == "TND":
            return w
        heads = w.shape[1]
        return np.repeat(w.transpose(2, 0, 1, 3), o1.shape[2] // heads, 3).reshape(o1.shape)
    return (o1 * spread(w1) + o2 * spread(w2)).astype(o1.dtype), top, total


def _stat(*shape):
    """A softmax statistic: 8 equal values along the last axis."""
    return np.repeat(rand(*shape, 1, low=0.1, high=2.0), 8, -1)


def _np_permute(tokens, indices, num_out=None):
    flat = indices.reshape(-1)
    topk = flat.size // tokens.shape[0]
    order = np.argsort(flat, kind="stable")
    return tokens[order // topk][:num_out], np.argsort(order).astype(np.int32)


def _np_unpermute(permuted, sorted_indices, probs=None):
    kept = sorted_indices < permuted.shape[0]
    rows = np.where(kept[:, None], permuted[np.where(kept, sorted_indices, 0)], 0).astype(permuted.dtype)
    if probs is None:
        return rows
    return (rows.reshape(probs.shape + (-1,)) * probs[..., None]).sum(1).astype(permuted.dtype)


def _np_routing(x, experts, active_num, capacity, expert_num, drop_pad, count_flag, before_flag):
    """Loops over the copies c = row * K + k, grouped by expert in copy order."""
    flat = experts.reshape(-1)
    topk = experts.shape[1]
    order = sorted(range(flat.size), key=lambda c: (flat[c], c))
    counts = np.bincount(flat, minlength=expert_num).astype(np.int32)
    if drop_pad == 0:
        out = x[[c // topk for c in order]][:active_num or None]
        row_idx = np.argsort(order).astype(np.int32)
        if count_flag == 0:
            return out, row_idx
        return out, row_idx, np.cumsum(counts).astype(np.int32) if count_flag == 1 else counts
    out = np.zeros((expert_num, capacity, x.shape[1]), x.dtype)
    row_idx = np.full(flat.size, -1, np.int32)
    filled = [0] * expert_num
    for c in order:
        e = flat[c]
        if filled[e] < capacity:
            out[e, filled[e]] = x[c // topk]
            row_idx[c] = e * capacity + filled[e]
            filled[e] += 1
    return (out, row_idx, counts) if before_flag else (out, row_idx)


ROUTE_X = rand(5, 3, dtype=np.float32)
ROUTE_E = np.array([[0, 1], [2, 1], [0, 0], [3, 1], [1, 1]], np.int32)


def _routing(*options):
    def run(x, e):
        return ops.moe_init_routing_v2(x, e, *options)
    run.__name__ = "moe_init_routing_v2"
    return run


def _np_bilinear(image, x, y):
    """image (H, W, d) sampled at pixel coordinates (x, y), zero outside."""
    height, width, _ = image.shape
    x0, y0 = int(np.floor(x)), int(np.floor(y))
    total = np.zeros(image.shape[-1])
    for yy, xx in ((y0, x0), (y0, x0 + 1), (y0 + 1, x0), (y0 + 1, x0 + 1)):
        if 0 <= yy < height and 0 <= xx < width:
            total += (1 - abs(x - xx)) * (1 - abs(y - yy)) * image[yy, xx]
    return total


def _np_msda(value, shape, offset, locations, weight):
    batch, _, heads, dims = value.shape
    _, queries, _, levels, points, _ = locations.shape
    out = np.zeros((batch, queries, heads, dims))
    for b, q, h, lv, p in np.ndindex(batch, queries, heads, levels, points):
        height, width = shape[lv]
        image = value[b, offset[lv]:offset[lv] + height * width, h].reshape(height, width, dims)
        x, y = locations[b, q, h, lv, p]
        out[b, q, h] += weight[b, q, h, lv, p] * _np_bilinear(image, x * width - 0.5, y * height - 0.5)
    return out.reshape(batch, queries, heads * dims).astype(value.dtype)


def _np_deformable_conv2d(x, weight, offsets, kernel, strides, padding, bias, groups, dgroups):
    """The v2 formula, one output element at a time."""
    batch, channels, height, width = x.shape
    kh, kw = kernel
    out_c, (out_h, out_w) = weight.shape[0], offsets.shape[2:]
    parts = offsets.reshape(batch, 3, dgroups, kh * kw, out_h, out_w)
    out = np.zeros((batch, out_c, out_h, out_w))
    per_group, per_dgroup = channels // groups, channels // dgroups
    for n, o, i, j in np.ndindex(batch, out_c, out_h, out_w):
        g = o // (out_c // groups)
        for c in range(g * per_group, (g + 1) * per_group):
            d = c // per_dgroup
            for k in range(kh * kw):
                y = i * strides[2] - padding[0] + k // kw + parts[n, 1, d, k, i, j]
                xx = j * strides[3] - padding[2] + k % kw + parts[n, 0, d, k, i, j]
                sample = _np_bilinear(x[n, c][:, :, None], xx, y)[0]
                out[n, o, i, j] += weight[o, c - g * per_group, k // kw, k % kw] * sample * parts[n, 2, d, k, i, j]
    return (out + bias[None, :, None, None]).astype(x.dtype)


def _deform(kernel, strides, padding, groups, dgroups):
    def run(x, weight, offsets, bias):
        return ops.deformable_conv2d(x, weight, offsets, kernel, strides, padding, bias, groups=groups,
                                     deformable_groups=dgroups)
    run.__name__ = "deformable_conv2d"
    return run


# Printed by MindSpore 2.7.1 for ops.deformable_conv2d(DCN_X, DCN_W, DCN_OFF, (2, 2), (1, 1, 1, 1), (0, 0, 0, 0)).
DCN_X = np.arange(2 * 3 * 3, dtype=np.float32).reshape(1, 2, 3, 3) / 10
DCN_W = np.array([[[[1, -1], [0.5, 2]], [[0, 1], [-2, 1]]]], np.float32)
DCN_OFF = np.concatenate([np.full((1, 4, 2, 2), 0.25, np.float32), np.full((1, 4, 2, 2), -0.5, np.float32),
                          np.full((1, 4, 2, 2), 0.75, np.float32)], 1)
DCN_MS = [0.09374988079071045, -0.26249992847442627, 0.890625, 0.3187500238418579]

MSDA_SHAPE = np.array([[2, 3], [3, 4]], np.int64)
MSDA_OFFSET = np.array([0, 6], np.int64)


def _msda(value, locations, weight):
    return ops.multi_scale_deformable_attn_function(value, ms.Tensor(MSDA_SHAPE), ms.Tensor(MSDA_OFFSET),
                                                    locations, weight)


_msda.__name__ = "multi_scale_deformable_attn_function"

TOKENS = rand(6, 4, dtype=f64)
EXPERTS = np.array([[2, 0], [1, 2], [0, 0], [3, 1], [2, 2], [1, 0]], np.int32)
EXPERTS_1D = np.array([5, 0, 3, 1, 2, 4], np.int64)
PERMUTED = rand(12, 4, dtype=f64)
PERMUTATION = np.random.default_rng(3).permutation(12).astype(np.int32)
PROBS = rand(6, 2, dtype=f64)
SEQ_QLEN = np.array([0, 2, 5], np.int64)
MORE_CASES = [
    OpCase(ops.ring_attention_update, (rand(3, 2, 8, dtype=np.float32), _stat(2, 2, 3), _stat(2, 2, 3),
                                       rand(3, 2, 8, dtype=np.float32), _stat(2, 2, 3), _stat(2, 2, 3)), _np_ring),
    OpCase(lambda *a: ops.ring_attention_update(*a, actual_seq_qlen=ms.Tensor(SEQ_QLEN), layout="TND"),
           (rand(5, 2, 4, dtype=np.float32), _stat(5, 2), _stat(5, 2), rand(5, 2, 4, dtype=np.float32),
            _stat(5, 2), _stat(5, 2)), lambda *a: _np_ring(*a, layout="TND")),
    OpCase(ops.moe_token_permute, (TOKENS, EXPERTS), _np_permute),
    OpCase(ops.moe_token_permute, (TOKENS.astype(np.float32), EXPERTS_1D), _np_permute),
    OpCase(lambda t, i: ops.moe_token_permute(t, i, num_out_tokens=9), (TOKENS, EXPERTS),
           lambda t, i: _np_permute(t, i, 9)),
    OpCase(ops.moe_token_unpermute, (PERMUTED, PERMUTATION), _np_unpermute),
    OpCase(ops.moe_token_unpermute, (PERMUTED, PERMUTATION, PROBS), _np_unpermute),
    OpCase(ops.moe_token_unpermute, (PERMUTED[:9], PERMUTATION, PROBS), _np_unpermute),
    OpCase(lambda t, i, p: ops.moe_token_unpermute(*ops.moe_token_permute(t, i), p), (TOKENS, EXPERTS, PROBS),
           lambda t, i, p: (t * p.sum(1, keepdims=True))),
]
MORE_CASES += [
    OpCase(_routing(*options), (ROUTE_X, ROUTE_E), lambda x, e, o=options: _np_routing(x, e, *o))
    for options in [(0, 0, 0, 0, 0, False), (7, 0, 4, 0, 1, False), (0, 0, 4, 0, 2, False),
                    (0, 2, 4, 1, 0, False), (3, 3, 4, 1, 0, True), (0, 1, 5, 1, 0, True)]
]
MORE_CASES += [
    OpCase(_msda, (rand(2, 18, 2, 8, dtype=f64), rand(2, 3, 2, 2, 2, 2, low=-0.1, high=1.1, dtype=f64),
                   rand(2, 3, 2, 2, 2, dtype=f64)),
           lambda v, loc, w: _np_msda(v, MSDA_SHAPE, MSDA_OFFSET, loc, w)),
    OpCase(_msda, (rand(1, 18, 1, 8), rand(1, 4, 1, 2, 3, 2, low=0.0, high=1.0), rand(1, 4, 1, 2, 3)),
           lambda v, loc, w: _np_msda(v, MSDA_SHAPE, MSDA_OFFSET, loc, w), rtol=1e-4, atol=1e-5),
]
MORE_CASES += [
    OpCase(_deform((2, 3), (1, 1, 2, 3), (1, 0, 1, 0), 2, 2),
           (rand(2, 4, 5, 6, dtype=f64), rand(6, 2, 2, 3, dtype=f64), rand(2, 36, 3, 2, low=-2, high=2, dtype=f64),
            rand(6, dtype=f64)),
           lambda x, w, o, b: _np_deformable_conv2d(x, w, o, (2, 3), (1, 1, 2, 3), (1, 0, 1, 0), b, 2, 2)),
    OpCase(_deform((2, 2), (1, 1, 1, 1), (0, 0, 0, 0), 1, 1), (DCN_X, DCN_W, DCN_OFF, np.zeros(1, np.float32)),
           lambda *a: np.array([[[[DCN_MS[0], DCN_MS[1]], [DCN_MS[2], DCN_MS[3]]]]], np.float32), rtol=1e-5),
]
CASES += MORE_CASES


def _f16(*shape):
    return ms.Tensor(rand(*shape), ms.float16)


ERROR_CASES = [
    ErrorCase(lambda: ops.prompt_flash_attention([1], _f16(1, 2, 4), _f16(1, 2, 4)), (), TypeError,
              "For 'prompt_flash_attention', the 'query' must be a Tensor, but got list"),
    ErrorCase(lambda: ops.prompt_flash_attention(ms.Tensor(np.ones((1, 2, 4), np.int8)), _f16(1, 2, 4),
                                                 _f16(1, 2, 4)), (), TypeError, "'query' must be a Tensor of float16"),
    ErrorCase(lambda: ops.prompt_flash_attention(_f16(1, 2, 4), ms.Tensor(rand(1, 2, 4)), _f16(1, 2, 4)), (),
              TypeError, "'key' and 'value' must have the dtype of 'query'"),
    ErrorCase(lambda: ops.prompt_flash_attention(_f16(1, 2, 4), _f16(1, 2, 4), _f16(1, 2, 4), input_layout="SBH"),
              (), ValueError, "'input_layout' must be one of"),
    ErrorCase(lambda: ops.prompt_flash_attention(_f16(1, 2, 4), _f16(1, 2, 4), _f16(1, 2, 4), num_heads=3), (),
              ValueError, "must be divisible by its number of heads 3"),
    ErrorCase(lambda: ops.prompt_flash_attention(_f16(1, 2, 8), _f16(1, 2, 6), _f16(1, 2, 6), num_heads=4,
                                                 num_key_value_heads=3), (), ValueError,
              "'num_heads' 4 must be divisible by 'num_key_value_heads' 3"),
    ErrorCase(lambda: ops.prompt_flash_attention(_f16(1, 2, 4), _f16(1, 2, 4), _f16(1, 2, 4), num_heads=0), (),
              ValueError, "'num_heads' must be greater than 0"),
    ErrorCase(lambda: ops.prompt_flash_attention(_f16(1, 2, 4), _f16(1, 2, 4), _f16(1, 2, 4),
                                                 attn_mask=_f16(2, 2)), (), TypeError,
              "'attn_mask' must be a Tensor of bool, int8 or uint8"),
    ErrorCase(lambda: ops.prompt_flash_attention(_f16(1, 2, 4), _f16(1, 2, 4), _f16(1, 2, 4),
                                                 attn_mask=ms.Tensor(np.zeros((3, 3), bool))), (), RuntimeError,
              "'attn_mask' of shape \\(3, 3\\) is not valid"),
    ErrorCase(lambda: ops.prompt_flash_attention(_f16(1, 2, 4), _f16(1, 2, 4), _f16(1, 2, 4), sparse_mode=2), (),
              ValueError, "'attn_mask' must be given when 'sparse_mode' is 2"),
    ErrorCase(lambda: ops.prompt_flash_attention(_f16(1, 2, 4), _f16(1, 2, 4), _f16(1, 2, 4), sparse_mode=5), (),
              ValueError, "'sparse_mode' must be 0, 1, 2, 3 or 4"),
    ErrorCase(lambda: ops.prompt_flash_attention(_f16(1, 2, 4), _f16(1, 2, 4), _f16(1, 2, 4),
                                                 actual_seq_lengths=[1, 2, 2]), (), ValueError,
              "size of 'actual_seq_lengths' must be 1 or the batch size 1"),
    ErrorCase(lambda: ops.prompt_flash_attention(_f16(1, 2, 4), _f16(1, 2, 4), _f16(1, 2, 4),
                                                 actual_seq_lengths_kv=[3]), (), ValueError,
              "each element of 'actual_seq_lengths_kv' must be in \\[0, 2\\]"),
    ErrorCase(lambda: ops.prompt_flash_attention(_f16(1, 2, 4), _f16(1, 2, 4), _f16(1, 2, 4),
                                                 quant_scale2=_f16(1)), (), ValueError,
              "'quant_scale2' \\(quantization / paged KV cache\\) is not supported"),
    ErrorCase(lambda: ops.prompt_flash_attention(_f16(1, 2, 4), _f16(1, 2, 4), _f16(1, 2, 4),
                                                 pse_shift=_f16(1, 1, 3, 2)), (), ValueError,
              "'pse_shift' must have shape"),
    ErrorCase(lambda: ops.prompt_flash_attention(_f16(1, 2, 4), _f16(1, 3, 4), _f16(1, 2, 4)), (), ValueError,
              "do not match in layout BSH"),
    ErrorCase(lambda: ops.incre_flash_attention(_f16(1, 1, 4), [_f16(1, 2, 4), _f16(1, 2, 4)], [_f16(1, 2, 4)]),
              (), ValueError, "'key' must hold exactly one Tensor, but got 2"),
    ErrorCase(lambda: ops.incre_flash_attention(_f16(1, 1, 4), [_f16(1, 2, 4)], [_f16(1, 2, 4)],
                                                block_table=ms.Tensor(np.zeros((1, 1), np.int32))), (),
              ValueError, "'block_table' \\(quantization / paged KV cache\\) is not supported"),
    ErrorCase(lambda: ops.incre_flash_attention(_f16(1, 1, 4), [_f16(1, 2, 4)], [_f16(1, 2, 4)], num_heads=1.5),
              (), TypeError, "'num_heads' must be an int, but got float"),
    ErrorCase(lambda: ops.fused_infer_attention_score(_f16(1, 1, 1, 4), _f16(1, 1, 2, 4), _f16(1, 1, 2, 4),
                                                      input_layout="BNSD_BSND"), (), ValueError,
              "BNSD_BSND needs a query of more than one token"),
    ErrorCase(lambda: ops.fused_infer_attention_score(_f16(1, 2, 4), _f16(1, 2, 4), _f16(1, 2, 4),
                                                      softmax_lse_flag=1), (), TypeError,
              "'softmax_lse_flag' must be a bool, but got int"),
    ErrorCase(lambda: ops.fused_infer_attention_score(_f16(1, 2, 4), _f16(1, 2, 4), _f16(1, 2, 4), scale="1"),
              (), TypeError, "the scale must be a float, but got str"),
]


_FA3 = _f16(1, 2, 4)
ERROR_CASES += [
    ErrorCase(lambda: ops.flash_attention_score((1,), _FA3, _FA3, 1), (), TypeError,
              "For 'flash_attention_score', the 'query' must be a Tensor, but got tuple"),
    ErrorCase(lambda: ops.flash_attention_score(_FA3, _FA3, _FA3, 1, input_layout="BSD"), (), ValueError,
              "'input_layout' must be one of \\['BSH', 'BNSD', 'SBH', 'BSND', 'TND'\\]"),
    ErrorCase(lambda: ops.flash_attention_score(_FA3, _FA3, _FA3, 1.0), (), TypeError,
              "'head_num' must be an int, but got float"),
    ErrorCase(lambda: ops.flash_attention_score(_FA3, _FA3, _FA3, 1, sparse_mode=5), (), ValueError,
              "'sparse_mode' 5 \\(prefix / global / dilated / block-local\\) is not supported"),
    ErrorCase(lambda: ops.flash_attention_score(_FA3, _FA3, _FA3, 1, prefix=[1]), (), ValueError,
              "'prefix' is not supported by spore"),
    ErrorCase(lambda: ops.flash_attention_score(_FA3, _FA3, _FA3, 1, keep_prob="0.5"), (), TypeError,
              "'keep_prob' must be a float, but got str"),
    ErrorCase(lambda: ops.flash_attention_score(_FA3, _FA3, _FA3, 1, keep_prob=0.0), (), ValueError,
              "'keep_prob' must be in \\(0.0, 1.0\\]"),
    ErrorCase(lambda: ops.flash_attention_score(_FA3, _FA3, _FA3, 1, keep_prob=0.9), (), ValueError,
              "'drop_mask' must be given when 'keep_prob' is less than 1.0"),
    ErrorCase(lambda: ops.flash_attention_score(_FA3, _FA3, _FA3, 1, drop_mask=ms.Tensor(np.zeros((1, 1, 2, 1),
                                                                                                  np.uint8))),
              (), ValueError, "'drop_mask' must be None when 'keep_prob' is 1.0"),
    ErrorCase(lambda: ops.flash_attention_score(_FA3, _FA3, _FA3, 1, drop_mask=_f16(1, 1, 2, 1), keep_prob=0.5),
              (), TypeError, "'drop_mask' must be a Tensor of uint8"),
    ErrorCase(lambda: ops.flash_attention_score(_FA3, _FA3, _FA3, 1, keep_prob=0.5,
                                                drop_mask=ms.Tensor(np.zeros((1, 1, 2, 2), np.uint8))),
              (), ValueError, "'drop_mask' must hold 4 bits"),
    ErrorCase(lambda: ops.flash_attention_score(_FA3, _FA3, _FA3, 1, real_shift=_f16(1, 1, 2, 3)), (), ValueError,
              "'real_shift' must have shape"),
    ErrorCase(lambda: ops.flash_attention_score(_FA3, _FA3, _FA3, 1, actual_seq_qlen=[2]), (), ValueError,
              "'actual_seq_qlen' must be None unless 'input_layout' is 'TND'"),
    ErrorCase(lambda: ops.flash_attention_score(_f16(1, 2, 2, 2), _FA3, _FA3, 1, input_layout="SBH"), (),
              ValueError, "'query' must be 3-D in layout SBH"),
    ErrorCase(lambda: ops.flash_attention_score(_f16(3, 1, 4), _f16(3, 1, 4), _f16(3, 1, 4), 1, input_layout="TND"),
              (), ValueError, "'actual_seq_qlen' must be given when 'input_layout' is 'TND'"),
    ErrorCase(lambda: ops.flash_attention_score(_f16(3, 1, 4), _f16(3, 1, 4), _f16(3, 1, 4), 1, input_layout="TND",
                                                actual_seq_qlen=[2, 1], actual_seq_kvlen=[3]), (), ValueError,
              "'actual_seq_qlen' must be non-decreasing, non-negative and end at 3"),
    ErrorCase(lambda: ops.flash_attention_score(_f16(3, 1, 4), _f16(3, 1, 4), _f16(3, 1, 4), 1, input_layout="TND",
                                                actual_seq_qlen=[1, 3], actual_seq_kvlen=[3]), (), ValueError,
              "must have the same length, but got 2 and 1"),
    ErrorCase(lambda: ops.flash_attention_score(_f16(3, 1, 4), _f16(3, 1, 4), _f16(3, 1, 4), 1, input_layout="TND",
                                                actual_seq_qlen=[3], actual_seq_kvlen=[3],
                                                real_shift=_f16(1, 1, 3, 3)), (), ValueError,
              "'real_shift' is not supported by spore in layout TND"),
    ErrorCase(lambda: ops.flash_attention_score(_FA3, _FA3, _FA3, 1, attn_mask=ms.Tensor(np.zeros((1, 2, 2, 2),
                                                                                                  bool))),
              (), RuntimeError, "'attn_mask' of shape \\(1, 2, 2, 2\\) is not valid"),
]


_I32 = ms.Tensor(np.zeros(4, np.int32))
ERROR_CASES += [
    ErrorCase(lambda: ops.ring_attention_update(_f16(2, 1, 4), *[ms.Tensor(_stat(1, 2, 2))] * 2, _f16(2, 1, 4),
                                                *[ms.Tensor(_stat(1, 2, 2))] * 2, layout="BSH"), (), ValueError,
              "'layout' must be one of \\['SBH', 'TND'\\]"),
    ErrorCase(lambda: ops.ring_attention_update(_f16(2, 1, 4), *[ms.Tensor(_stat(1, 2, 2))] * 2, _f16(2, 1, 4),
                                                ms.Tensor(_stat(1, 2, 2)), _f16(1, 2, 2, 8)), (), TypeError,
              "'cur_softmax_sum' must be a float32 Tensor"),
    ErrorCase(lambda: ops.ring_attention_update(_f16(2, 1, 4), *[ms.Tensor(_stat(1, 2, 3))] * 2, _f16(2, 1, 4),
                                                *[ms.Tensor(_stat(1, 2, 3))] * 2), (), ValueError,
              "do not match the attention output"),
    ErrorCase(lambda: ops.ring_attention_update(_f16(2, 1, 4), *[ms.Tensor(_stat(2, 1))] * 2, _f16(2, 1, 4),
                                                *[ms.Tensor(_stat(2, 1))] * 2, layout="TND"), (), RuntimeError,
              "'actual_seq_qlen' must be given"),
    ErrorCase(lambda: ops.ring_attention_update(_f16(2, 1, 4), *[ms.Tensor(_stat(2, 1))] * 2, _f16(2, 1, 4),
                                                *[ms.Tensor(_stat(2, 1))] * 2,
                                                actual_seq_qlen=ms.Tensor(np.array([0, 3])), layout="TND"), (),
              RuntimeError, "non-decreasing sequence from 0 to 2"),
    ErrorCase(lambda: ops.moe_init_routing_v2(_f16(2, 3), ms.Tensor(np.zeros((2, 2), np.int64)), 0, 0, 2, 0, 0,
                                              False), (), TypeError, "'expert_idx' must be a Tensor of int32"),
    ErrorCase(lambda: ops.moe_init_routing_v2(_f16(2, 3), ms.Tensor(np.zeros((3, 2), np.int32)), 0, 0, 2, 0, 0,
                                              False), (), ValueError, "must be \\(NUM_ROWS, H\\)"),
    ErrorCase(lambda: ops.moe_init_routing_v2(_f16(2, 3), ms.Tensor(np.zeros((2, 2), np.int32)), 0, 0, 2, 2, 0,
                                              False), (), ValueError, "'drop_pad_mode' must be 0 or 1"),
    ErrorCase(lambda: ops.moe_init_routing_v2(_f16(2, 3), ms.Tensor(np.zeros((2, 2), np.int32)), 0, 3, 2, 1, 0,
                                              False), (), ValueError, "'expert_capacity' must be in \\(0, 2\\]"),
    ErrorCase(lambda: ops.moe_init_routing_v2(_f16(2, 3), ms.Tensor(np.zeros((2, 2), np.int32)), -1, 0, 2, 0, 0,
                                              False), (), ValueError, "'active_num' must be non-negative"),
    ErrorCase(lambda: ops.moe_init_routing_v2(_f16(2, 3), ms.Tensor(np.zeros((2, 2), np.int32)), 0, 0, 2, 0, 3,
                                              False), (), ValueError, "must be 0, 1 or 2"),
    ErrorCase(lambda: ops.moe_init_routing_v2(_f16(2, 3), ms.Tensor(np.zeros((2, 2), np.int32)), 0, 0, 2, 0, 0,
                                              0), (), TypeError, "'expert_tokens_before_capacity_flag' must be a bool"),
    ErrorCase(lambda: ops.multi_scale_deformable_attn_function(
        ms.Tensor(rand(1, 6, 1, 8)), ms.Tensor(np.array([[2, 3]], np.float32)), ms.Tensor(np.array([0])),
        ms.Tensor(rand(1, 2, 1, 1, 1, 2)), ms.Tensor(rand(1, 2, 1, 1, 1))), (), RuntimeError,
        "'shape' must be a 2-D Tensor of int32 or int64"),
    ErrorCase(lambda: ops.multi_scale_deformable_attn_function(
        ms.Tensor(rand(1, 6, 1, 4)), ms.Tensor(np.array([[2, 3]])), ms.Tensor(np.array([0])),
        ms.Tensor(rand(1, 2, 1, 1, 1, 2)), ms.Tensor(rand(1, 2, 1, 1, 1))), (), RuntimeError,
        "embed_dims of 'value' must be a multiple of 8"),
    ErrorCase(lambda: ops.multi_scale_deformable_attn_function(
        ms.Tensor(rand(1, 6, 1, 8)), ms.Tensor(np.array([[2, 4]])), ms.Tensor(np.array([0])),
        ms.Tensor(rand(1, 2, 1, 1, 1, 2)), ms.Tensor(rand(1, 2, 1, 1, 1))), (), RuntimeError,
        "do not fit in the 6 keys"),
    ErrorCase(lambda: ops.multi_scale_deformable_attn_function(
        ms.Tensor(rand(1, 6, 1, 8)), ms.Tensor(np.array([[2, 3]])), ms.Tensor(np.array([0])),
        ms.Tensor(rand(1, 2, 1, 1, 1, 2)), ms.Tensor(rand(1, 2, 1, 1, 2))), (), RuntimeError,
        "do not match 'value'"),
    ErrorCase(lambda: ops.deformable_conv2d(_f16(1, 2, 3, 3), _f16(1, 2, 2, 2), _f16(1, 12, 2, 2), [2, 2],
                                            (1, 1, 1, 1), (0, 0, 0, 0)), (), TypeError,
              "'kernel_size' must be a tuple of int"),
    ErrorCase(lambda: ops.deformable_conv2d(_f16(1, 2, 3, 3), _f16(1, 2, 2, 2), _f16(1, 12, 2, 2), (2, 2),
                                            (1, 1, 1), (0, 0, 0, 0)), (), ValueError, "'strides' must have 4 elements"),
    ErrorCase(lambda: ops.deformable_conv2d(_f16(1, 2, 3, 3), _f16(1, 2, 2, 2), _f16(1, 12, 2, 2), (2, 2),
                                            (2, 1, 1, 1), (0, 0, 0, 0)), (), ValueError,
              "N and C dimensions of 'strides' and 'dilations' must be 1"),
    ErrorCase(lambda: ops.deformable_conv2d(_f16(1, 2, 3, 3), _f16(1, 2, 2, 2), _f16(1, 12, 2, 2), (2, 2),
                                            (1, 1, 1, 1), (0, 0, 0, 0), modulated=False), (), ValueError,
              "'modulated' must be True"),
    ErrorCase(lambda: ops.deformable_conv2d(_f16(1, 2, 3, 3), _f16(1, 2, 2, 2), _f16(1, 9, 2, 2), (2, 2),
                                            (1, 1, 1, 1), (0, 0, 0, 0)), (), ValueError,
              "'offsets' must have shape \\(1, 12, 2, 2\\)"),
    ErrorCase(lambda: ops.deformable_conv2d(_f16(1, 2, 3, 3), _f16(1, 3, 2, 2), _f16(1, 12, 2, 2), (2, 2),
                                            (1, 1, 1, 1), (0, 0, 0, 0)), (), ValueError, "does not fit 'x'"),
    ErrorCase(lambda: ops.moe_token_permute([1], _I32), (), TypeError, "'tokens' must be a Tensor"),
    ErrorCase(lambda: ops.moe_token_permute(_f16(4, 2), _f16(4)), (), TypeError,
              "'indices' must be a Tensor of int32 or int64"),
    ErrorCase(lambda: ops.moe_token_permute(_f16(4, 2), _I32, num_out_tokens=1.0), (), TypeError,
              "'num_out_tokens' must be an int"),
    ErrorCase(lambda: ops.moe_token_permute(_f16(4, 2), _I32, padded_mode=1), (), TypeError,
              "'padded_mode' must be a bool"),
    ErrorCase(lambda: ops.moe_token_permute(_f16(4, 2), _I32, padded_mode=True), (), ValueError,
              "'padded_mode' can only be False"),
    ErrorCase(lambda: ops.moe_token_permute(_f16(4), _I32), (), ValueError, "'tokens' must be 2-D"),
    ErrorCase(lambda: ops.moe_token_permute(_f16(3, 2), _I32), (), RuntimeError, "first dims"),
    ErrorCase(lambda: ops.moe_token_unpermute(_f16(4, 2), ms.Tensor(np.zeros(4, np.int64))), (), TypeError,
              "'sorted_indices' must be a Tensor of int32"),
    ErrorCase(lambda: ops.moe_token_unpermute(_f16(4, 2), _I32, padded_mode=True), (), ValueError,
              "'padded_mode' can only be False"),
    ErrorCase(lambda: ops.moe_token_unpermute(_f16(4, 2), _I32, _f16(3, 1)), (), ValueError,
              "'probs' must be \\(num_tokens, topk\\)"),
]



# ---- spore's fused attention (nn.MultiheadAttention's): (N, H, L, D) heads -------------------------------------
SDPA_SCALE = 0.7


def _np_weights(q, k, scale):
    """softmax(q k^T * scale) and its log-sum-exp, in float64."""
    scores = np.einsum("nhld,nhsd->nhls", q.astype(f64), k.astype(f64)) * scale
    top = scores.max(-1, keepdims=True)
    lse = np.log(np.exp(scores - top).sum(-1, keepdims=True)) + top
    return np.exp(scores - lse), lse[..., 0]


def _np_sdpa(q, k, v, scale=SDPA_SCALE):
    weights, lse = _np_weights(q, k, scale)
    return np.einsum("nhls,nhsd->nhld", weights, v.astype(f64)).astype(q.dtype), lse.astype(q.dtype)


def _np_sdpa_grad(dout, q, k, v, out, lse, scale=SDPA_SCALE):
    weights, _ = _np_weights(q, k, scale)
    dout = dout.astype(f64)
    dweights = np.einsum("nhld,nhsd->nhls", dout, v.astype(f64))
    dscores = weights * (dweights - (dweights * weights).sum(-1, keepdims=True)) * scale
    grads = (np.einsum("nhls,nhsd->nhld", dscores, k.astype(f64)), np.einsum("nhls,nhld->nhsd", dscores, q.astype(f64)),
             np.einsum("nhls,nhld->nhsd", weights, dout))
    return tuple(g.astype(q.dtype) for g in grads)


def _sdpa_grad_inputs(dtype, q_len=4, kv_len=6):
    q, k, v, dout = rand(2, 3, q_len, 5, dtype=dtype), rand(2, 3, kv_len, 5, dtype=dtype), \
        rand(2, 3, kv_len, 5, dtype=dtype), rand(2, 3, q_len, 5, dtype=dtype)
    return (dout, q, k, v) + _np_sdpa(q, k, v)


SDPA_CASES = [
    OpCase(ScaledDotProductAttention(SDPA_SCALE), (rand(2, 3, 4, 5), rand(2, 3, 6, 5), rand(2, 3, 6, 5)), _np_sdpa),
    OpCase(ScaledDotProductAttention(SDPA_SCALE), (rand(1, 2, 3, 4, dtype=f64),) * 3, _np_sdpa, rtol=1e-10),
    OpCase(ScaledDotProductAttentionGrad(SDPA_SCALE), _sdpa_grad_inputs(np.float32), _np_sdpa_grad, rtol=1e-4,
           atol=1e-5),
    OpCase(ScaledDotProductAttentionGrad(SDPA_SCALE), _sdpa_grad_inputs(f64, 3, 3), _np_sdpa_grad, rtol=1e-10),
]
CASES += SDPA_CASES

ERROR_CASES += [
    ErrorCase(ScaledDotProductAttention(SDPA_SCALE), (rand(2, 4, 5),) * 3, ValueError,
              "For 'ScaledDotProductAttention', the 'query' must be 4-D"),
    ErrorCase(ScaledDotProductAttention(SDPA_SCALE), (rand(1, 2, 3, 4), rand(1, 2, 3, 4, dtype=f64),
                                                      rand(1, 2, 3, 4)), TypeError, "the dtype of 'key'"),
    ErrorCase(ScaledDotProductAttention(SDPA_SCALE), (rand(1, 2, 3, 4), rand(1, 2, 5, 4), rand(1, 2, 5, 3)),
              ValueError, "'key' and 'value' must have the shape"),
    ErrorCase(ScaledDotProductAttention(SDPA_SCALE), (np.ones((1, 2, 3, 4), np.int32),) * 3, TypeError,
              "'query'"),
    ErrorCase(ScaledDotProductAttentionGrad(SDPA_SCALE), _sdpa_grad_inputs(np.float32)[:5] + (rand(2, 3, 5),),
              ValueError, "the 'logsumexp' must have the shape"),
    ErrorCase(ScaledDotProductAttentionGrad(SDPA_SCALE), (rand(2, 3, 5, 5),) + _sdpa_grad_inputs(np.float32)[1:],
              ValueError, "the 'dout' must have the shape"),
]

@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)


def test_half_precision_keeps_the_dtype():
    q, k, v = (ms.Tensor(x, ms.float16) for x in (Q_BSH, K_BSH, V_BSH))
    out = ops.prompt_flash_attention(q, k, v, num_heads=N, num_key_value_heads=KVN)
    assert out.dtype == ms.float16
    np.testing.assert_allclose(out.asnumpy(), _np_attention(Q_BSH, K_BSH, V_BSH, NO_MASK), atol=2e-3)


def test_fused_softmax_lse_is_float32_of_shape_bnq1():
    q, k, v = (ms.Tensor(x, ms.float16) for x in (Q_BSH, K_BSH, V_BSH))
    out, lse = ops.fused_infer_attention_score(q, k, v, num_heads=N, num_key_value_heads=KVN,
                                               softmax_lse_flag=True)
    assert out.dtype == ms.float16 and lse.dtype == ms.float32 and lse.shape == (B, N, S, 1)
