"""Inference attention functions (prompt_flash_attention, incre_flash_attention,
fused_infer_attention_score) against a float64 NumPy softmax(Q K^T * scale + pse) V with
the masked scores left out, in each layout; and their bad input."""
from __future__ import annotations

import numpy as np
import pytest

import spore as ms
from spore import ops

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


def _np_attention(q, k, v, discard, scale=1.0, pse=None, layout="BSH", heads=N, kv_heads=KVN, out_layout=None):
    """Reference: (B, N, q_S, kv_S) boolean `discard`; rows with every key discarded give 0."""
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
