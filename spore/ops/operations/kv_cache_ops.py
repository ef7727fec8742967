"""Block-wise KV-cache Primitives of MindSpore's inference kernels: ReshapeAndCache writes
new keys and values into the cache blocks, PagedAttention and PagedAttentionMask attend one
query token per sequence to that sequence's cached keys and values. MindSpore 2.7.1 has no
backend for them ("only use to export MindIR and run in MindSpore Lite"); spore computes
the documented math with other primitives. The int8 cache (antiquant_scale /
antiquant_offset), attn_mask, q_seq_lens and the TRAPEZOIDAL mask mode are not computed:
passing them raises a ValueError."""
from __future__ import annotations

from ...common import dtype as mstype
from ..function import array_func, linalg_func, math_func, nn_func, selection_func
from ..primitive import Primitive, TensorSpec
from ..validator import check_dtype, check_positive_int, check_string, check_tensor, check_type
from .scatter_ops import ScatterNdUpdate

__all__ = ["PagedAttention", "PagedAttentionMask", "ReshapeAndCache"]

_FLOATS = (mstype.float16, mstype.float32, mstype.float64, mstype.bfloat16)


def _check(op: str, arg: str, value, allowed, rank: int) -> None:
    check_tensor(op, arg, value)
    check_dtype(op, arg, value.dtype, allowed)
    if len(value.shape) != rank:
        raise ValueError(f"For '{op}', the rank of '{arg}' must be {rank}, but got {len(value.shape)}.")


def _slot_indices(slot_mapping, block_size: int):
    """Slots as (block, offset) index pairs, shape (tokens, 2)."""
    slots = array_func.cast(slot_mapping, mstype.int64)
    return array_func.stack([math_func.floor_divide(slots, block_size), math_func.remainder(slots, block_size)], -1)


class ReshapeAndCache(Primitive):
    """ReshapeAndCache()(key, value=None, key_cache=None, value_cache=None, slot_mapping=None):
    token t of key (num_tokens, num_head, head_dim; or any shape of num_tokens * num_head *
    head_dim elements) is written into key_cache (num_blocks, block_size, num_head,
    head_dim) at slot slot_mapping[t] (block slot // block_size, row slot % block_size);
    value into value_cache likewise when both are given. The caches are updated in place;
    returns key (MindSpore's output has key's shape and dtype)."""

    def infer(self, key, value=None, key_cache=None, value_cache=None, slot_mapping=None):
        if key_cache is None or slot_mapping is None:
            raise ValueError(f"For '{self.name}', the 'key_cache' and 'slot_mapping' must be given.")
        if (value is None) != (value_cache is None):
            raise ValueError(f"For '{self.name}', the 'value' and 'value_cache' must be given together.")
        _check(self.name, "slot_mapping", slot_mapping, (mstype.int32, mstype.int64), 1)
        pairs = (("key", key, "key_cache", key_cache),) + (
            (("value", value, "value_cache", value_cache),) if value is not None else ())
        for name, tokens, cache_name, cache in pairs:
            _check(self.name, cache_name, cache, _FLOATS + (mstype.int8,), 4)
            check_tensor(self.name, name, tokens)
            if tokens.dtype is not cache.dtype:
                raise TypeError(f"For '{self.name}', the dtype of '{name}' must be the same as '{cache_name}' "
                                f"({cache.dtype}), but got {tokens.dtype}.")
            size = 1
            for n in tokens.shape:
                size *= n
            per_token = cache.shape[2] * cache.shape[3]
            if size != slot_mapping.shape[0] * per_token:
                raise ValueError(f"For '{self.name}', the '{name}' must hold {slot_mapping.shape[0]} tokens of "
                                 f"{per_token} elements (num_head * head_dim of '{cache_name}'), but got shape "
                                 f"{list(tokens.shape)}.")
        return TensorSpec(key.shape, key.dtype)

    def compose(self, key, value=None, key_cache=None, value_cache=None, slot_mapping=None):
        self.infer(key, value, key_cache, value_cache, slot_mapping)
        indices = _slot_indices(slot_mapping, key_cache.shape[1])
        for tokens, cache in ((key, key_cache), (value, value_cache)):
            if tokens is not None:
                rows = array_func.reshape(tokens, (slot_mapping.shape[0],) + tuple(cache.shape[2:]))
                ScatterNdUpdate()(cache, indices, rows)
        return key


class _PagedAttentionBase(Primitive):
    """Shared attributes, checks and computation of PagedAttention and PagedAttentionMask."""

    def _init_attention(self, head_num, scale_value, kv_head_num, kv_cache_quant_mode) -> None:
        check_positive_int(self.name, "head_num", head_num)
        check_type(self.name, "scale_value", scale_value, float)
        check_positive_int(self.name, "kv_head_num", kv_head_num)
        if head_num % kv_head_num:
            raise ValueError(f"For '{self.name}', the 'head_num' ({head_num}) must be a multiple of "
                             f"'kv_head_num' ({kv_head_num}).")
        check_string(self.name, "kv_cache_quant_mode", kv_cache_quant_mode, ("DEFAULT", "PERTOKEN"),
                     case_sensitive=True)
        self.add_prim_attrs(head_num=head_num, scale_value=scale_value, kv_head_num=kv_head_num,
                            kv_cache_quant_mode=kv_cache_quant_mode)

    def _reject(self, **inputs) -> None:
        for name, value in inputs.items():
            if value is not None:
                raise ValueError(f"For '{self.name}', the '{name}' input is not supported (spore computes the "
                                 f"unquantized, unmasked attention), but got a {type(value).__name__}.")

    def _infer_attention(self, query, key_cache, value_cache, block_tables, context_lens, value_dim):
        _check(self.name, "query", query, _FLOATS, 3)
        _check(self.name, "key_cache", key_cache, _FLOATS, 4)
        _check(self.name, "block_tables", block_tables, (mstype.int32, mstype.int64), 2)
        _check(self.name, "context_lens", context_lens, (mstype.int32, mstype.int64), 1)
        tokens, heads, head_dim = query.shape
        if heads != self.head_num:
            raise ValueError(f"For '{self.name}', the heads of 'query' (shape[1]) must equal 'head_num' "
                             f"{self.head_num}, but got {heads}.")
        if tuple(key_cache.shape[2:]) != (self.kv_head_num, head_dim):
            raise ValueError(f"For '{self.name}', the 'key_cache' must have shape (num_blocks, block_size, "
                             f"{self.kv_head_num}, {head_dim}), but got {list(key_cache.shape)}.")
        if value_cache is not None:
            _check(self.name, "value_cache", value_cache, _FLOATS, 4)
            if tuple(value_cache.shape[:3]) != tuple(key_cache.shape[:3]):
                raise ValueError(f"For '{self.name}', the 'value_cache' must match 'key_cache' "
                                 f"{list(key_cache.shape)} but on its last axis, but got {list(value_cache.shape)}.")
        for name, value in (("key_cache", key_cache), ("value_cache", value_cache)):
            if value is not None and value.dtype is not query.dtype:
                raise TypeError(f"For '{self.name}', the dtype of '{name}' must be the same as 'query' "
                                f"({query.dtype}), but got {value.dtype}.")
        for name, value in (("block_tables", block_tables.shape[0]), ("context_lens", context_lens.shape[0])):
            if value != tokens:
                raise ValueError(f"For '{self.name}', the '{name}' must have one row per query token ({tokens}), "
                                 f"but got {value}.")
        return TensorSpec((tokens, heads, value_dim), query.dtype)

    def _attend(self, query, key_cache, value_cache, block_tables, context_lens, alibi_mask=None):
        """softmax(q k^T * scale + alibi) v over each token's first context_lens cached rows."""
        tokens, heads = query.shape[:2]
        blocks, block_size = key_cache.shape[:2]
        span = block_tables.shape[1] * block_size
        positions = array_func.arange(0, span, dtype=mstype.int64)
        tables = array_func.cast(block_tables, mstype.int64)
        rows = (selection_func.gather(tables, positions // block_size, 1) * block_size
                + positions % block_size)                                           # (T, span)
        group = self.head_num // self.kv_head_num

        def gathered(cache):
            flat = array_func.reshape(cache, (blocks * block_size, self.kv_head_num, cache.shape[3]))
            picked = selection_func.gather(flat, array_func.reshape(rows, (-1,)), 0)  # (T*span, kvh, d)
            picked = array_func.reshape(picked, (tokens, span, self.kv_head_num, 1, cache.shape[3]))
            picked = array_func.broadcast_to(picked, (tokens, span, self.kv_head_num, group, cache.shape[3]))
            return array_func.transpose(array_func.reshape(picked, (tokens, span, heads, cache.shape[3])), (0, 2, 1, 3))

        keys, values = gathered(key_cache), gathered(value_cache)                   # (T, H, span, d)
        scores = linalg_func.matmul(array_func.expand_dims(query, 2), array_func.transpose(keys, (0, 1, 3, 2)))
        scores = array_func.squeeze(scores, 2)
        scores = scores * self.scale_value                                          # (T, H, span)
        if alibi_mask is not None:
            scores = scores + array_func.reshape(alibi_mask, (tokens, heads, -1))[:, :, :span]
        lengths = array_func.cast(context_lens, mstype.int64)
        outside = array_func.expand_dims(positions, 0) >= array_func.expand_dims(lengths, 1)
        scores = selection_func.masked_fill(scores, array_func.expand_dims(outside, 1), float("-inf"))
        weights = nn_func.softmax(scores, -1)
        return array_func.squeeze(linalg_func.matmul(array_func.expand_dims(weights, 2), values), 2)


class PagedAttention(_PagedAttentionBase):
    """PagedAttention(head_num, scale_value, kv_head_num, kv_cache_quant_mode='DEFAULT',
    mask_mode='MASK_DEFAULT', mla_v_dim=0)(query, key_cache, value_cache=None,
    block_tables=None, context_lens=None, ...): decode-step attention over a paged cache.

    query (num_tokens, head_num, head_dim), one query per sequence; key_cache / value_cache
    (num_blocks, block_size, kv_head_num, head_dim); block_tables (num_tokens, max_blocks)
    lists each sequence's blocks in order, context_lens (num_tokens,) its cached length.
    Query head h reads cache head h // (head_num / kv_head_num). Output (num_tokens,
    head_num, value_dim): softmax(q k^T * scale_value) v over the first context_lens[t]
    cached positions. With mla_v_dim > 0 and no value_cache, the values are the first
    mla_v_dim features of the keys."""

    def __init__(self, head_num, scale_value, kv_head_num, kv_cache_quant_mode='DEFAULT', mask_mode='MASK_DEFAULT',
                 mla_v_dim=0):
        super().__init__()
        self._init_attention(head_num, scale_value, kv_head_num, kv_cache_quant_mode)
        check_string(self.name, "mask_mode", mask_mode, ("MASK_DEFAULT", "TRAPEZOIDAL"), case_sensitive=True)
        check_type(self.name, "mla_v_dim", mla_v_dim, int)
        if mla_v_dim < 0:
            raise ValueError(f"For '{self.name}', the 'mla_v_dim' must be non-negative, but got {mla_v_dim}.")
        self.add_prim_attrs(mask_mode=mask_mode, mla_v_dim=mla_v_dim)

    def infer(self, query, key_cache, value_cache=None, block_tables=None, context_lens=None, antiquant_scale=None,
              antiquant_offset=None, attn_mask=None, q_seq_lens=None, alibi_mask=None):
        self._reject(antiquant_scale=antiquant_scale, antiquant_offset=antiquant_offset, attn_mask=attn_mask,
                     q_seq_lens=q_seq_lens, alibi_mask=alibi_mask)
        if self.mask_mode != "MASK_DEFAULT":
            raise ValueError(f"For '{self.name}', the 'mask_mode' {self.mask_mode} is not supported.")
        if block_tables is None or context_lens is None:
            raise ValueError(f"For '{self.name}', the 'block_tables' and 'context_lens' must be given.")
        if value_cache is None and not 0 < self.mla_v_dim <= key_cache.shape[-1]:
            raise ValueError(f"For '{self.name}', without 'value_cache' the 'mla_v_dim' must be in "
                             f"(0, {key_cache.shape[-1]}], but got {self.mla_v_dim}.")
        value_dim = value_cache.shape[-1] if value_cache is not None else self.mla_v_dim
        return self._infer_attention(query, key_cache, value_cache, block_tables, context_lens, value_dim)

    def compose(self, query, key_cache, value_cache=None, block_tables=None, context_lens=None, antiquant_scale=None,
                antiquant_offset=None, attn_mask=None, q_seq_lens=None, alibi_mask=None):
        self.infer(query, key_cache, value_cache, block_tables, context_lens, antiquant_scale, antiquant_offset,
                   attn_mask, q_seq_lens, alibi_mask)
        if value_cache is None:
            value_cache = key_cache[..., :self.mla_v_dim]
        return self._attend(query, key_cache, value_cache, block_tables, context_lens)


class PagedAttentionMask(_PagedAttentionBase):
    """PagedAttentionMask(head_num, scale_value, kv_head_num, kv_cache_quant_mode='DEFAULT')
    (query, key_cache, value_cache, block_tables, context_lens, antiquant_scale=None,
    antiquant_offset=None, alibi_mask=None): PagedAttention with `alibi_mask` (num_tokens,
    head_num, 1, kv_len >= max_blocks * block_size, or None) added to the scaled scores
    before the softmax."""

    def __init__(self, head_num, scale_value, kv_head_num, kv_cache_quant_mode='DEFAULT'):
        super().__init__()
        self._init_attention(head_num, scale_value, kv_head_num, kv_cache_quant_mode)

    def infer(self, query, key_cache, value_cache, block_tables, context_lens, antiquant_scale=None,
              antiquant_offset=None, alibi_mask=None):
        self._reject(antiquant_scale=antiquant_scale, antiquant_offset=antiquant_offset)
        spec = self._infer_attention(query, key_cache, value_cache, block_tables, context_lens,
                                     value_cache.shape[-1])
        if alibi_mask is not None:
            _check(self.name, "alibi_mask", alibi_mask, (query.dtype,), 4)
            span = block_tables.shape[1] * key_cache.shape[1]
            if tuple(alibi_mask.shape[:3]) != (query.shape[0], self.head_num, 1) or alibi_mask.shape[3] < span:
                raise ValueError(f"For '{self.name}', the 'alibi_mask' must have shape ({query.shape[0]}, "
                                 f"{self.head_num}, 1, >= {span}), but got {list(alibi_mask.shape)}.")
        return spec

    def compose(self, query, key_cache, value_cache, block_tables, context_lens, antiquant_scale=None,
                antiquant_offset=None, alibi_mask=None):
        self.infer(query, key_cache, value_cache, block_tables, context_lens, antiquant_scale, antiquant_offset,
                   alibi_mask)
        return self._attend(query, key_cache, value_cache, block_tables, context_lens, alibi_mask)
