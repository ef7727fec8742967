"""ReshapeAndCache, PagedAttention, PagedAttentionMask: forward against float64 NumPy loops
over the paged cache, the cache updates, and bad input."""
import numpy as np
import pytest

import spore as ms
from spore.ops import operations as P

from .op_testing import ErrorCase, OpCase, case_id, rand, run_case, run_error_case


def _paged_attention(scale, kv_heads, alibi=False, mla_v_dim=0):
    def reference(query, key_cache, value_cache, block_tables, context_lens, *rest):
        alibi_mask = rest[-1] if alibi else None
        if value_cache is None:
            value_cache = key_cache[..., :mla_v_dim]
        tokens, heads, _ = query.shape
        block_size = key_cache.shape[1]
        group = heads // kv_heads
        out = np.zeros((tokens, heads, value_cache.shape[-1]))
        for t in range(tokens):
            positions = np.arange(context_lens[t])
            rows = block_tables[t][positions // block_size] * block_size + positions % block_size
            keys = key_cache.reshape(-1, kv_heads, key_cache.shape[-1])[rows].astype(np.float64)
            values = value_cache.reshape(-1, kv_heads, value_cache.shape[-1])[rows].astype(np.float64)
            for h in range(heads):
                scores = keys[:, h // group] @ query[t, h].astype(np.float64) * scale
                if alibi_mask is not None:
                    scores = scores + alibi_mask[t, h, 0, :len(positions)]
                weights = np.exp(scores - scores.max())
                out[t, h] = weights / weights.sum() @ values[:, h // group]
        return out.astype(query.dtype)
    return reference


def _attention_inputs(tokens, heads, kv_heads, dim, blocks, block_size, max_blocks, dtype=np.float32, v_dim=None):
    tables = np.stack([np.random.default_rng(t).permutation(blocks)[:max_blocks] for t in range(tokens)])
    lengths = np.random.default_rng(1).integers(1, max_blocks * block_size + 1, tokens)
    return (rand(tokens, heads, dim, dtype=dtype), rand(blocks, block_size, kv_heads, dim, dtype=dtype),
            rand(blocks, block_size, kv_heads, v_dim or dim, dtype=dtype), tables.astype(np.int32),
            lengths.astype(np.int32))


def _returns_key(key, *rest):
    return key


_ATT = _attention_inputs(3, 4, 2, 5, 6, 4, 2)
_ALIBI = rand(3, 4, 1, 8)

CASES = [
    OpCase(P.PagedAttention(4, 0.3, 2), _ATT, _paged_attention(0.3, 2)),
    OpCase(P.PagedAttention(2, 0.5, 2), _attention_inputs(2, 2, 2, 3, 5, 2, 3, np.float64, v_dim=4),
           _paged_attention(0.5, 2)),
    OpCase(P.PagedAttention(4, 0.25, 1), _attention_inputs(4, 4, 1, 8, 10, 3, 2, np.float16),
           _paged_attention(0.25, 1), rtol=5e-3, atol=5e-3),
    OpCase(P.PagedAttention(4, 0.3, 2, mla_v_dim=3), (_ATT[0], _ATT[1], None, _ATT[3], _ATT[4]),
           _paged_attention(0.3, 2, mla_v_dim=3)),
    OpCase(P.PagedAttentionMask(4, 0.3, 2), _ATT + (None, None, _ALIBI), _paged_attention(0.3, 2, alibi=True)),
    OpCase(P.PagedAttentionMask(4, 0.3, 2), _ATT, _paged_attention(0.3, 2)),
    OpCase(P.ReshapeAndCache(), (rand(3, 2, 5), rand(3, 2, 5), rand(4, 2, 2, 5), rand(4, 2, 2, 5),
                                 np.array([7, 0, 2], np.int32)), _returns_key),
    OpCase(P.ReshapeAndCache(), (rand(2, 6, dtype=np.float16), None, rand(3, 4, 2, 3, dtype=np.float16), None,
                                 np.array([11, 4], np.int64)), _returns_key),
]


def test_reshape_and_cache_writes_the_slots():
    key, value = rand(3, 2, 5), rand(3, 2, 5)
    key_cache, value_cache = ms.Parameter(ms.Tensor(rand(4, 2, 2, 5))), ms.Tensor(rand(4, 2, 2, 5))
    want_key, want_value = key_cache.asnumpy().copy(), value_cache.asnumpy().copy()
    slots = np.array([7, 0, 2])
    for t, slot in enumerate(slots):
        want_key[slot // 2, slot % 2] = key[t]
        want_value[slot // 2, slot % 2] = value[t]
    P.ReshapeAndCache()(ms.Tensor(key), ms.Tensor(value), key_cache, value_cache, ms.Tensor(slots.astype(np.int32)))
    np.testing.assert_array_equal(key_cache.asnumpy(), want_key)
    np.testing.assert_array_equal(value_cache.asnumpy(), want_value)


_Q, _K, _V, _TABLES, _LENS = _ATT
_PA = P.PagedAttention(4, 0.3, 2)
_CACHE = rand(4, 2, 2, 5)

ERROR_CASES = [
    ErrorCase(lambda: P.PagedAttention(4, 1, 2), (), TypeError, "PagedAttention.*'scale_value'"),
    ErrorCase(lambda: P.PagedAttention(4, 0.3, 3), (), ValueError, "PagedAttention.*multiple of 'kv_head_num'"),
    ErrorCase(lambda: P.PagedAttention(0, 0.3, 1), (), ValueError, "PagedAttention.*'head_num'"),
    ErrorCase(lambda: P.PagedAttention(4, 0.3, 2, mask_mode="X"), (), ValueError, "PagedAttention.*'mask_mode'"),
    ErrorCase(lambda: P.PagedAttention(4, 0.3, 2, "INT8"), (), ValueError, "PagedAttention.*'kv_cache_quant_mode'"),
    ErrorCase(_PA, (_Q[:, :3], _K, _V, _TABLES, _LENS), ValueError, "PagedAttention.*'head_num' 4"),
    ErrorCase(_PA, (_Q, _K[..., :4], _V, _TABLES, _LENS), ValueError, "PagedAttention.*'key_cache'"),
    ErrorCase(_PA, (_Q, _K, _V[:, :3], _TABLES, _LENS), ValueError, "PagedAttention.*'value_cache'"),
    ErrorCase(_PA, (_Q, _K, _V, _TABLES[:2], _LENS), ValueError, "PagedAttention.*'block_tables'.*one row"),
    ErrorCase(_PA, (_Q, _K, _V, _TABLES, _LENS.astype(np.float32)), TypeError, "PagedAttention.*'context_lens'"),
    ErrorCase(_PA, (_Q, _K.astype(np.float64), _V, _TABLES, _LENS), TypeError, "PagedAttention.*'key_cache'"),
    ErrorCase(_PA, (_Q, _K, None, _TABLES, _LENS), ValueError, "PagedAttention.*'mla_v_dim'"),
    ErrorCase(_PA, (_Q, _K, _V, _TABLES, _LENS, rand(2, 40)), ValueError, "PagedAttention.*'antiquant_scale'.*not "),
    ErrorCase(P.PagedAttentionMask(4, 0.3, 2), _ATT + (None, None, rand(3, 4, 1, 5)), ValueError,
              "PagedAttentionMask.*'alibi_mask'"),
    ErrorCase(P.ReshapeAndCache(), (rand(3, 2, 5), None, _CACHE, None, np.array([0, 1], np.int32)), ValueError,
              "ReshapeAndCache.*'key' must hold 2 tokens"),
    ErrorCase(P.ReshapeAndCache(), (rand(3, 2, 5), rand(3, 2, 5), _CACHE, None, np.array([0, 1, 2], np.int32)),
              ValueError, "ReshapeAndCache.*together"),
    ErrorCase(P.ReshapeAndCache(), (rand(3, 2, 5, dtype=np.float64), None, _CACHE, None,
                                    np.array([0, 1, 2], np.int32)), TypeError, "ReshapeAndCache.*'key'"),
    ErrorCase(P.ReshapeAndCache(), (rand(3, 2, 5), None, _CACHE, None, np.array([0, 1, 2], np.float32)), TypeError,
              "ReshapeAndCache.*'slot_mapping'"),
    ErrorCase(P.ReshapeAndCache(), (rand(3, 2, 5),), ValueError, "ReshapeAndCache.*'key_cache'"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_forward(case):
    run_case(case)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_errors(case):
    run_error_case(case)
