"""Inference attention (prompt / incremental flash attention, fused_infer_attention_score) and
training attention (flash_attention_score: dropout, the SBH and packed TND layouts):
softmax(Q K^T * scale + pse, masked) V, written with spore ops so that gradients flow; the
merge of two partial attentions (ring_attention_update); multi-scale deformable attention
(bilinear samples of several feature maps, weighted) and deformable convolution; the token shuffles of
mixture-of-experts routing (moe_token_permute / moe_token_unpermute, moe_init_routing_v2).

MindSpore runs these as fused Ascend kernels; their documented math is layout handling
(BSH / BSND / BNSD), grouped key-value heads, a keep/discard mask built from `attn_mask`,
`sparse_mode`, `pre_tokens` / `next_tokens` and the actual sequence lengths of each batch.
spore computes it on any float dtype (half precision in float32, as the kernels
accumulate). Quantized inputs (int8, the quant / antiquant scales) and paged KV caches
(block_table) are not supported: they raise ValueError.
"""
from __future__ import annotations

import numpy as np

from ...common import dtype as mstype
from ...common.tensor import Tensor
from . import array_func, linalg_func, math_func, nn_func, reduce_func, selection_func, vision_func

__all__ = ["deformable_conv2d", "flash_attention_score", "fused_infer_attention_score", "incre_flash_attention",
           "moe_init_routing_v2", "moe_token_permute", "moe_token_unpermute", "multi_scale_deformable_attn_function",
           "prompt_flash_attention", "ring_attention_update"]

TENSOR_METHODS: dict = {}
"""Tensor methods this family provides (installed by tensor_methods.py)."""

_FLOATS = (mstype.float16, mstype.bfloat16, mstype.float32, mstype.float64)
_MASK_DTYPES = (mstype.bool_, mstype.int8, mstype.uint8)
_NO_LIMIT = 2147483647
_COMPRESSED_MASK = (2048, 2048)


# ---- argument checks ---------------------------------------------------------------------------


def _check_float_tensor(op: str, name: str, value) -> None:
    if not isinstance(value, Tensor):
        raise TypeError(f"For '{op}', the '{name}' must be a Tensor, but got {type(value).__name__}.")
    if value.dtype not in _FLOATS:
        raise TypeError(f"For '{op}', the '{name}' must be a Tensor of float16, bfloat16, float32 or float64 "
                        f"(quantized int8 inputs are not supported), but got {value.dtype}.")


def _check_int(op: str, name: str, value) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"For '{op}', the '{name}' must be an int, but got {type(value).__name__}.")


def _check_unsupported(op: str, **options) -> None:
    """Quantization and paged-cache inputs change the computation to one spore has not."""
    for name, value in options.items():
        if value is not None:
            raise ValueError(f"For '{op}', the '{name}' (quantization / paged KV cache) is not supported by spore: "
                             f"it must be None.")


def _seq_lengths(op: str, name: str, lengths, batch: int, limit: int) -> np.ndarray:
    """The actual sequence length of each batch (every one `limit` when None)."""
    if lengths is None:
        return np.full(batch, limit, np.int64)
    if isinstance(lengths, Tensor):
        lengths = lengths.asnumpy().reshape(-1).tolist()
    if not isinstance(lengths, (tuple, list)) or not all(isinstance(n, int) and not isinstance(n, bool)
                                                           for n in lengths):
        raise TypeError(f"For '{op}', the '{name}' must be a Tensor, tuple or list of int, but got "
                        f"{type(lengths).__name__}.")
    if len(lengths) not in (1, batch):
        raise ValueError(f"For '{op}', the size of '{name}' must be 1 or the batch size {batch}, but got "
                         f"{len(lengths)}.")
    if any(n < 0 or n > limit for n in lengths):
        raise ValueError(f"For '{op}', each element of '{name}' must be in [0, {limit}], but got {list(lengths)}.")
    return np.broadcast_to(np.array(lengths, np.int64), (batch,))


# ---- layouts -----------------------------------------------------------------------------------


def _to_bnsd(op: str, name: str, x: Tensor, layout: str, heads: int) -> Tensor:
    """x in `layout` as (B, N, S, D)."""
    rank = 3 if layout == "BSH" else 4
    if x.ndim != rank:
        raise ValueError(f"For '{op}', the '{name}' must be {rank}-D in layout {layout}, but got shape {x.shape}.")
    if layout == "BSH":
        batch, seq, hidden = x.shape
        if hidden % heads:
            raise ValueError(f"For '{op}', the hidden size {hidden} of '{name}' must be divisible by its number "
                             f"of heads {heads}.")
        x = array_func.reshape(x, (batch, seq, heads, hidden // heads))
        return array_func.transpose(x, (0, 2, 1, 3))
    if layout == "BSND":
        x = array_func.transpose(x, (0, 2, 1, 3))
    if x.shape[1] != heads:
        raise ValueError(f"For '{op}', the N axis of '{name}' must be {heads}, but got shape {x.shape}.")
    return x


def _from_bnsd(x: Tensor, layout: str) -> Tensor:
    """(B, N, S, D) back to `layout`."""
    if layout == "BNSD":
        return x
    x = array_func.transpose(x, (0, 2, 1, 3))
    if layout == "BSH":
        batch, seq, heads, dim = x.shape
        return array_func.reshape(x, (batch, seq, heads * dim))
    return x


def _kv_heads(op: str, num_heads: int, num_key_value_heads: int) -> int:
    _check_int(op, "num_heads", num_heads)
    _check_int(op, "num_key_value_heads", num_key_value_heads)
    if num_heads <= 0:
        raise ValueError(f"For '{op}', the 'num_heads' must be greater than 0, but got {num_heads}.")
    kv_heads = num_key_value_heads or num_heads
    if kv_heads < 0 or num_heads % kv_heads:
        raise ValueError(f"For '{op}', the 'num_heads' {num_heads} must be divisible by 'num_key_value_heads' "
                         f"{num_key_value_heads}.")
    return kv_heads


# ---- the mask ----------------------------------------------------------------------------------


def _user_mask(op: str, mask, batch: int, q_len: int, kv_len: int, heads: int = 1) -> np.ndarray | None:
    """attn_mask as a (B or 1, 1 or heads, q_S, kv_S) bool array, True where a score is discarded."""
    if mask is None:
        return None
    if not isinstance(mask, Tensor) or mask.dtype not in _MASK_DTYPES:
        got = mask.dtype if isinstance(mask, Tensor) else type(mask).__name__
        raise TypeError(f"For '{op}', the 'attn_mask' must be a Tensor of bool, int8 or uint8, but got {got}.")
    values = mask.asnumpy() != 0
    if q_len == 1 and values.ndim in (2, 3) and values.shape[0] == batch and values.shape[-1] == kv_len:
        values = values.reshape(batch, 1, 1, kv_len)    # incremental masks: (B, S) / (B, 1, S)
    elif values.ndim == 2:
        values = values[None, None]
    elif values.ndim == 3:
        values = values[:, None]
    if values.ndim != 4 or values.shape[0] not in (1, batch) or values.shape[1] not in (1, heads) \
            or values.shape[2:] != (q_len, kv_len):
        raise RuntimeError(f"For '{op}', the 'attn_mask' of shape {mask.shape} is not valid for a query of "
                           f"{q_len} and a key of {kv_len} tokens in a batch of {batch}.")
    return values


def _check_compressed_mask(op: str, mask, sparse_mode: int) -> None:
    """Sparse modes 2-4 take the (2048, 2048) causal template, whose pattern the mode defines."""
    if mask is None:
        raise ValueError(f"For '{op}', the 'attn_mask' must be given when 'sparse_mode' is {sparse_mode}.")
    if not isinstance(mask, Tensor) or mask.dtype not in _MASK_DTYPES:
        got = mask.dtype if isinstance(mask, Tensor) else type(mask).__name__
        raise TypeError(f"For '{op}', the 'attn_mask' must be a Tensor of bool, int8 or uint8, but got {got}.")
    if not 2 <= mask.ndim <= 4 or mask.shape[-2:] != _COMPRESSED_MASK or (mask.ndim == 4 and mask.shape[1] != 1):
        raise RuntimeError(f"For '{op}', the 'attn_mask' must have shape (2048, 2048), (1, 2048, 2048) or "
                           f"(B, 1, 2048, 2048) when 'sparse_mode' is {sparse_mode}, but got {mask.shape}.")


def _discarded(op: str, attn_mask, sparse_mode: int, pre_tokens: int, next_tokens: int,
               q_lens: np.ndarray, kv_lens: np.ndarray, q_len: int, kv_len: int, mask_heads: int = 1) -> np.ndarray:
    """(B, 1 or mask_heads, q_S, kv_S) bool: True where a query token may not attend to a key
    token (per head only when attn_mask has a head axis of mask_heads)."""
    _check_int(op, "sparse_mode", sparse_mode)
    _check_int(op, "pre_tokens", pre_tokens)
    _check_int(op, "next_tokens", next_tokens)
    if sparse_mode not in (0, 1, 2, 3, 4):
        raise ValueError(f"For '{op}', the 'sparse_mode' must be 0, 1, 2, 3 or 4, but got {sparse_mode}.")
    batch = len(q_lens)
    if sparse_mode > 1:
        _check_compressed_mask(op, attn_mask, sparse_mode)
        user = None
    else:
        user = _user_mask(op, attn_mask, batch, q_len, kv_len, mask_heads)
    rows = np.arange(q_len)[None, :, None]
    cols = np.arange(kv_len)[None, None, :]
    # How far right of the diagonal each key is: 0 on the main diagonal of top-left
    # aligned modes, on the diagonal through the bottom-right corner for modes 3 and 4.
    offset = cols - rows
    if sparse_mode in (3, 4):
        offset = offset - (kv_lens - q_lens)[:, None, None]
    if sparse_mode in (0, 4):
        outside = (offset > next_tokens) | (-offset > pre_tokens)
        if sparse_mode == 0 and user is None:
            outside = np.zeros_like(outside)
    elif sparse_mode == 1:
        outside = np.zeros_like(offset, bool)
    else:
        outside = offset > 0
    padding = (rows >= q_lens[:, None, None]) | (cols >= kv_lens[:, None, None])
    discarded = (outside | padding)[:, None]
    if user is not None:
        discarded = discarded | user
    return np.broadcast_to(discarded, (batch, discarded.shape[1], q_len, kv_len))


# ---- the computation ---------------------------------------------------------------------------


def _attend(query: Tensor, key: Tensor, value: Tensor, discarded: np.ndarray, pse_shift, scale: float,
            lse: bool, dropout: np.ndarray | None = None):
    """softmax(Q K^T * scale + pse) V over (B, N, S, D) inputs; rows with every key
    discarded give zeros. `dropout`, (B, N, q_S, kv_S), scales the softmax weights (kept / keep_prob,
    0 where dropped). Also the log-sum-exp of the kept scores, (B, N, q_S, 1) float32."""
    compute = mstype.float64 if query.dtype is mstype.float64 else mstype.float32
    query, key, value = (array_func.cast(t, compute) for t in (query, key, value))
    groups = query.shape[1] // key.shape[1]
    if groups > 1:
        key = array_func.repeat_interleave(key, groups, 1)
        value = array_func.repeat_interleave(value, groups, 1)
    scores = linalg_func.matmul(query, array_func.transpose(key, (0, 1, 3, 2))) * scale
    if pse_shift is not None:
        scores = scores + array_func.cast(pse_shift, compute)
    mask = Tensor(np.ascontiguousarray(discarded))
    lowest = float(np.finfo(np.float64 if compute is mstype.float64 else np.float32).min)
    scores = selection_func.masked_fill(scores, mask, lowest)
    weights = selection_func.masked_fill(nn_func.softmax(scores, -1), mask, 0.0)
    if dropout is not None:
        weights = weights * array_func.cast(Tensor(dropout), compute)
    out = linalg_func.matmul(weights, value)
    softmax_lse = array_func.cast(reduce_func.logsumexp(scores, -1, True), mstype.float32) if lse else None
    return out, softmax_lse


def _check_pse(op: str, pse_shift, batch: int, heads: int, q_len: int, kv_len: int, name: str) -> None:
    if pse_shift is None:
        return
    _check_float_tensor(op, name, pse_shift)
    if pse_shift.ndim != 4 or pse_shift.shape[0] not in (1, batch) or pse_shift.shape[1:] != (heads, q_len, kv_len):
        raise ValueError(f"For '{op}', the '{name}' must have shape ({batch} or 1, {heads}, {q_len}, {kv_len}), "
                         f"but got {pse_shift.shape}.")


def _attention(op: str, query, key, value, *, attn_mask, q_lens, kv_lens, pse_shift, num_heads: int,
               num_key_value_heads: int, scale, layout: str, out_layout: str, sparse_mode: int,
               pre_tokens: int, next_tokens: int, lse: bool = False, pse_name: str = "pse_shift",
               mask_heads: int = 1, dropout: np.ndarray | None = None):
    """The shared body: checks, layouts, mask, attention. `dropout`, (B, N, q_S, kv_S), multiplies
    the softmax weights. Returns (out, softmax_lse)."""
    for name, t in (("query", query), ("key", key), ("value", value)):
        _check_float_tensor(op, name, t)
    if key.dtype is not query.dtype or value.dtype is not query.dtype:
        raise TypeError(f"For '{op}', the 'key' and 'value' must have the dtype of 'query' {query.dtype}, but got "
                        f"{key.dtype} and {value.dtype}.")
    if isinstance(scale, bool) or not isinstance(scale, (int, float)):
        raise TypeError(f"For '{op}', the scale must be a float, but got {type(scale).__name__}.")
    kv_heads = _kv_heads(op, num_heads, num_key_value_heads)
    q = _to_bnsd(op, "query", query, layout, num_heads)
    k = _to_bnsd(op, "key", key, layout, kv_heads)
    v = _to_bnsd(op, "value", value, layout, kv_heads)
    batch, _, q_len, _ = q.shape
    kv_len = k.shape[2]
    if k.shape[0] != batch or v.shape[:3] != k.shape[:3] or k.shape[3] != q.shape[3]:
        raise ValueError(f"For '{op}', the 'query', 'key' and 'value' of shapes {query.shape}, {key.shape} and "
                         f"{value.shape} do not match in layout {layout}.")
    _check_pse(op, pse_shift, batch, num_heads, q_len, kv_len, pse_name)
    q_lens = _seq_lengths(op, "actual_seq_lengths", q_lens, batch, q_len)
    kv_lens = _seq_lengths(op, "actual_seq_lengths_kv", kv_lens, batch, kv_len)
    discarded = _discarded(op, attn_mask, sparse_mode, pre_tokens, next_tokens, q_lens, kv_lens, q_len, kv_len,
                           mask_heads)
    if dropout is not None and dropout.shape != (batch, num_heads, q_len, kv_len):
        raise ValueError(f"For '{op}', the 'drop_mask' must hold {batch * num_heads * q_len * kv_len} bits "
                         f"({batch}, {num_heads}, {q_len}, {kv_len}), but got {dropout.size}.")
    out, softmax_lse = _attend(q, k, v, discarded, pse_shift, float(scale), lse, dropout)
    return array_func.cast(_from_bnsd(out, out_layout), query.dtype), softmax_lse


def _check_layout(op: str, layout, allowed: tuple, name: str = "input_layout") -> None:
    if not isinstance(layout, str):
        raise TypeError(f"For '{op}', the '{name}' must be a str, but got {type(layout).__name__}.")
    if layout not in allowed:
        raise ValueError(f"For '{op}', the '{name}' must be one of {list(allowed)}, but got {layout!r}.")


def _single_tensor(op: str, name: str, value):
    """key / value given as a Tensor or a one-element tuple / list of one."""
    if isinstance(value, (tuple, list)):
        if len(value) != 1:
            raise ValueError(f"For '{op}', the '{name}' must hold exactly one Tensor, but got {len(value)}.")
        return value[0]
    return value


# ---- the public functions ----------------------------------------------------------------------


def prompt_flash_attention(query, key, value, attn_mask=None, actual_seq_lengths=None, actual_seq_lengths_kv=None,
                           pse_shift=None, deq_scale1=None, quant_scale1=None, deq_scale2=None, quant_scale2=None,
                           quant_offset2=None, num_heads=1, scale_value=1.0, pre_tokens=2147483647, next_tokens=0,
                           input_layout="BSH", num_key_value_heads=0, sparse_mode=0, inner_precise=1) -> Tensor:
    """Full-sequence (prompt) attention: softmax(Q K^T * scale_value + pse_shift) V with the
    discarded positions of the mask left out.

    query (B, q_S, N*D) in 'BSH' or (B, N, q_S, D) in 'BNSD'; key / value (B, kv_S, kvN*D) or
    (B, kvN, kv_S, D) with kvN = num_key_value_heads (0: num_heads). attn_mask (bool / int8 /
    uint8, nonzero = discard) is (q_S, kv_S), (B or 1, q_S, kv_S) or (B or 1, 1, q_S, kv_S).
    Returns a Tensor of query's shape and dtype.
    """
    op = "prompt_flash_attention"
    _check_unsupported(op, deq_scale1=deq_scale1, quant_scale1=quant_scale1, deq_scale2=deq_scale2,
                       quant_scale2=quant_scale2, quant_offset2=quant_offset2)
    _check_layout(op, input_layout, ("BSH", "BNSD"))
    _check_int(op, "inner_precise", inner_precise)
    out, _ = _attention(op, query, key, value, attn_mask=attn_mask, q_lens=actual_seq_lengths,
                        kv_lens=actual_seq_lengths_kv, pse_shift=pse_shift, num_heads=num_heads,
                        num_key_value_heads=num_key_value_heads, scale=scale_value, layout=input_layout,
                        out_layout=input_layout, sparse_mode=sparse_mode, pre_tokens=pre_tokens,
                        next_tokens=next_tokens)
    return out


def incre_flash_attention(query, key, value, attn_mask=None, actual_seq_lengths=None, pse_shift=None,
                          dequant_scale1=None, quant_scale1=None, dequant_scale2=None, quant_scale2=None,
                          quant_offset2=None, antiquant_scale=None, antiquant_offset=None, block_table=None,
                          num_heads=1, input_layout="BSH", scale_value=1.0, num_key_value_heads=0, block_size=0,
                          inner_precise=1, kv_padding_size=None) -> Tensor:
    """One decoding step: a single query token per batch attends to the key / value cache.

    query (B, 1, N*D) in 'BSH' or (B, N, 1, D) in 'BNSD'; key / value a one-element list (or
    tuple) of the (B, S, kvN*D) / (B, kvN, S, D) cache; actual_seq_lengths the valid cache
    length of each batch; attn_mask (B, S), (B, 1, S) or (B, 1, 1, S), nonzero = discard.
    Returns a Tensor of query's shape and dtype.
    """
    op = "incre_flash_attention"
    _check_unsupported(op, dequant_scale1=dequant_scale1, quant_scale1=quant_scale1, dequant_scale2=dequant_scale2,
                       quant_scale2=quant_scale2, quant_offset2=quant_offset2, antiquant_scale=antiquant_scale,
                       antiquant_offset=antiquant_offset, block_table=block_table, kv_padding_size=kv_padding_size)
    _check_layout(op, input_layout, ("BSH", "BNSD"))
    _check_int(op, "block_size", block_size)
    _check_int(op, "inner_precise", inner_precise)
    out, _ = _attention(op, query, _single_tensor(op, "key", key), _single_tensor(op, "value", value),
                        attn_mask=attn_mask, q_lens=None, kv_lens=actual_seq_lengths, pse_shift=pse_shift,
                        num_heads=num_heads, num_key_value_heads=num_key_value_heads, scale=scale_value,
                        layout=input_layout, out_layout=input_layout, sparse_mode=0, pre_tokens=_NO_LIMIT,
                        next_tokens=_NO_LIMIT)
    return out


def fused_infer_attention_score(query, key, value, *, pse_shift=None, atten_mask=None, actual_seq_lengths=None,
                                actual_seq_lengths_kv=None, dequant_scale1=None, quant_scale1=None,
                                dequant_scale2=None, quant_scale2=None, quant_offset2=None, antiquant_scale=None,
                                antiquant_offset=None, key_antiquant_scale=None, key_antiquant_offset=None,
                                value_antiquant_scale=None, value_antiquant_offset=None, block_table=None,
                                query_padding_size=None, kv_padding_size=None, key_shared_prefix=None,
                                value_shared_prefix=None, actual_shared_prefix_len=None, num_heads=1, scale=1.0,
                                pre_tokens=2147483647, next_tokens=2147483647, input_layout="BSH",
                                num_key_value_heads=0, sparse_mode=0, inner_precise=1, block_size=0,
                                antiquant_mode=0, key_antiquant_mode=0, value_antiquant_mode=0,
                                softmax_lse_flag=False) -> tuple:
    """Prompt attention when query has more than one token, incremental attention when it
    has one (then sparse_mode, pre_tokens and next_tokens do not apply).

    Layouts 'BSH', 'BSND', 'BNSD', and 'BNSD_BSND' (BNSD inputs, a BSND output). Returns
    (attention_out, softmax_lse): softmax_lse is the (B, N, q_S, 1) float32 log-sum-exp of
    the scaled scores when softmax_lse_flag, else a float32 zero of shape (1,).
    """
    op = "fused_infer_attention_score"
    _check_unsupported(op, dequant_scale1=dequant_scale1, quant_scale1=quant_scale1, dequant_scale2=dequant_scale2,
                       quant_scale2=quant_scale2, quant_offset2=quant_offset2, antiquant_scale=antiquant_scale,
                       antiquant_offset=antiquant_offset, key_antiquant_scale=key_antiquant_scale,
                       key_antiquant_offset=key_antiquant_offset, value_antiquant_scale=value_antiquant_scale,
                       value_antiquant_offset=value_antiquant_offset, block_table=block_table,
                       query_padding_size=query_padding_size, kv_padding_size=kv_padding_size,
                       key_shared_prefix=key_shared_prefix, value_shared_prefix=value_shared_prefix,
                       actual_shared_prefix_len=actual_shared_prefix_len)
    _check_layout(op, input_layout, ("BSH", "BSND", "BNSD", "BNSD_BSND"))
    for name, option in (("inner_precise", inner_precise), ("block_size", block_size),
                         ("antiquant_mode", antiquant_mode), ("key_antiquant_mode", key_antiquant_mode),
                         ("value_antiquant_mode", value_antiquant_mode)):
        _check_int(op, name, option)
    if not isinstance(softmax_lse_flag, bool):
        raise TypeError(f"For '{op}', the 'softmax_lse_flag' must be a bool, but got "
                        f"{type(softmax_lse_flag).__name__}.")
    key, value = _single_tensor(op, "key", key), _single_tensor(op, "value", value)
    layout, out_layout = ("BNSD", "BSND") if input_layout == "BNSD_BSND" else (input_layout, input_layout)
    incremental = isinstance(query, Tensor) and query.ndim >= 3 and query.shape[2 if layout == "BNSD" else 1] == 1
    if incremental and input_layout == "BNSD_BSND":
        raise ValueError(f"For '{op}', the 'input_layout' BNSD_BSND needs a query of more than one token.")
    out, softmax_lse = _attention(
        op, query, key, value, attn_mask=atten_mask, q_lens=None if incremental else actual_seq_lengths,
        kv_lens=actual_seq_lengths_kv, pse_shift=pse_shift, num_heads=num_heads,
        num_key_value_heads=num_key_value_heads, scale=scale, layout=layout, out_layout=out_layout,
        sparse_mode=0 if incremental else sparse_mode, pre_tokens=_NO_LIMIT if incremental else pre_tokens,
        next_tokens=_NO_LIMIT if incremental else next_tokens, lse=softmax_lse_flag)
    if softmax_lse is None:
        softmax_lse = array_func.zeros((1,), mstype.float32)
    return out, softmax_lse


# ---- training attention (flash_attention_score) ------------------------------------------------


_FLASH_LAYOUTS = ("BSH", "BNSD", "SBH", "BSND", "TND")


def _flash_dropout(op: str, drop_mask, keep_prob) -> np.ndarray | None:
    """The multipliers of the softmax weights that drop_mask encodes: element i of the last axis
    is bit i % 8 of byte i // 8 (1 = kept), kept weights scaled by 1 / keep_prob."""
    if isinstance(keep_prob, bool) or not isinstance(keep_prob, (int, float)):
        raise TypeError(f"For '{op}', the 'keep_prob' must be a float, but got {type(keep_prob).__name__}.")
    if not 0.0 < keep_prob <= 1.0:
        raise ValueError(f"For '{op}', the 'keep_prob' must be in (0.0, 1.0], but got {keep_prob}.")
    if keep_prob == 1.0:
        if drop_mask is not None:
            raise ValueError(f"For '{op}', the 'drop_mask' must be None when 'keep_prob' is 1.0.")
        return None
    if drop_mask is None:
        raise ValueError(f"For '{op}', the 'drop_mask' must be given when 'keep_prob' is less than 1.0.")
    if not isinstance(drop_mask, Tensor) or drop_mask.dtype is not mstype.uint8:
        got = drop_mask.dtype if isinstance(drop_mask, Tensor) else type(drop_mask).__name__
        raise TypeError(f"For '{op}', the 'drop_mask' must be a Tensor of uint8, but got {got}.")
    return np.unpackbits(drop_mask.asnumpy(), axis=-1, bitorder="little") / keep_prob


def _flash_kv_heads(query: Tensor, key: Tensor, head_num: int, layout: str) -> int:
    """N2, the heads of key / value, read from the shapes (head_num when they do not tell:
    the shared checks then report the mismatch)."""
    if layout in ("BSH", "SBH"):
        if query.ndim != 3 or key.ndim != 3 or head_num <= 0 or query.shape[2] % head_num:
            return head_num
        dim = query.shape[2] // head_num
        return key.shape[2] // dim if dim and key.shape[2] % dim == 0 else head_num
    axis = 2 if layout == "BSND" else 1
    return key.shape[axis] if key.ndim == 4 - (layout == "TND") else head_num


def _sbh_as_bsh(op: str, name: str, x: Tensor) -> Tensor:
    if x.ndim != 3:
        raise ValueError(f"For '{op}', the '{name}' must be 3-D in layout SBH, but got shape {x.shape}.")
    return array_func.transpose(x, (1, 0, 2))


def _cumulative_ends(op: str, name: str, ends, tokens: int) -> list:
    """TND sequence boundaries: the non-decreasing end of each batch's tokens, the last `tokens`."""
    if ends is None:
        raise ValueError(f"For '{op}', the '{name}' must be given when 'input_layout' is 'TND'.")
    if isinstance(ends, Tensor):
        ends = ends.asnumpy().reshape(-1).tolist()
    if not isinstance(ends, (tuple, list)) or not all(isinstance(n, int) and not isinstance(n, bool) for n in ends):
        raise TypeError(f"For '{op}', the '{name}' must be a Tensor, tuple or list of int, but got "
                        f"{type(ends).__name__}.")
    if not ends or ends[0] < 0 or ends[-1] != tokens or any(b < a for a, b in zip(ends, ends[1:])):
        raise ValueError(f"For '{op}', the '{name}' must be non-decreasing, non-negative and end at {tokens}, "
                         f"but got {list(ends)}.")
    return list(ends)


def _flash_tnd(op: str, query: Tensor, key: Tensor, value: Tensor, attn_mask, actual_seq_qlen, actual_seq_kvlen,
               dropout: np.ndarray | None, options: dict) -> Tensor:
    """TND packs the batch's sequences one after another along T: attend batch by batch."""
    for name, t in (("query", query), ("key", key), ("value", value)):
        if t.ndim != 3:
            raise ValueError(f"For '{op}', the '{name}' must be 3-D in layout TND, but got shape {t.shape}.")
    if options["pse_shift"] is not None:
        raise ValueError(f"For '{op}', the 'real_shift' is not supported by spore in layout TND: it must be None.")
    q_ends = _cumulative_ends(op, "actual_seq_qlen", actual_seq_qlen, query.shape[0])
    kv_ends = _cumulative_ends(op, "actual_seq_kvlen", actual_seq_kvlen, key.shape[0])
    if len(q_ends) != len(kv_ends):
        raise ValueError(f"For '{op}', the 'actual_seq_qlen' and 'actual_seq_kvlen' must have the same length, but "
                         f"got {len(q_ends)} and {len(kv_ends)}.")
    spans = list(zip([0] + q_ends[:-1], q_ends, [0] + kv_ends[:-1], kv_ends))
    heads = options["num_heads"]
    pairs = [heads * (q_end - q_start) * (kv_end - kv_start) for q_start, q_end, kv_start, kv_end in spans]
    if dropout is not None and dropout.size != (sum(pairs) + 7) // 8 * 8:
        raise ValueError(f"For '{op}', the 'drop_mask' must hold {sum(pairs)} bits in layout TND, but got "
                         f"{dropout.size}.")
    outs, used = [], 0
    for (q_start, q_end, kv_start, kv_end), size in zip(spans, pairs):
        if q_end == q_start:
            continue
        batch_dropout = None
        if dropout is not None:
            batch_dropout = dropout.reshape(-1)[used:used + size].reshape(1, heads, q_end - q_start, kv_end - kv_start)
            used += size
        out, _ = _attention(op, array_func.expand_dims(query[q_start:q_end], 0),
                            array_func.expand_dims(key[kv_start:kv_end], 0),
                            array_func.expand_dims(value[kv_start:kv_end], 0), attn_mask=attn_mask, q_lens=None,
                            kv_lens=None, layout="BSND", out_layout="BSND", dropout=batch_dropout, **options)
        outs.append(out[0])
    return array_func.concat(outs, 0)


def flash_attention_score(query, key, value, head_num, real_shift=None, drop_mask=None, padding_mask=None,
                          attn_mask=None, prefix=None, actual_seq_qlen=None, actual_seq_kvlen=None, keep_prob=1.0,
                          scalar_value=1.0, pre_tokens=2147483647, next_tokens=2147483647, inner_precise=0,
                          input_layout="BSH", sparse_mode=0) -> Tensor:
    """Training attention: Dropout(softmax(Q K^T * scalar_value + real_shift, masked), keep_prob) V.

    query (B, S1, N1*D) 'BSH', (B, N1, S1, D) 'BNSD', (S1, B, N1*D) 'SBH', (B, S1, N1, D) 'BSND'
    or (T1, N1, D) 'TND'; key / value likewise with S2 and N2 heads (N1 divisible by N2).
    real_shift (B or 1, N1, S1, S2); attn_mask (nonzero = discard) (S1, S2), (B, 1 or N1, S1, S2),
    or the (2048, 2048) template for sparse modes 2-4; drop_mask uint8 (B, N1, S1, S2 // 8)
    ((qk_pointer * N1 // 8,) in TND), required when keep_prob < 1. 'TND' takes the cumulative
    sequence ends actual_seq_qlen / actual_seq_kvlen. Returns a Tensor of query's shape and dtype.
    """
    op = "flash_attention_score"
    _check_layout(op, input_layout, _FLASH_LAYOUTS)
    for name, t in (("query", query), ("key", key), ("value", value)):
        _check_float_tensor(op, name, t)
    for name, option in (("head_num", head_num), ("inner_precise", inner_precise), ("sparse_mode", sparse_mode)):
        _check_int(op, name, option)
    if sparse_mode > 4:
        raise ValueError(f"For '{op}', the 'sparse_mode' {sparse_mode} (prefix / global / dilated / block-local) is "
                         f"not supported by spore: it must be 0, 1, 2, 3 or 4.")
    for name, option in (("padding_mask", padding_mask), ("prefix", prefix)):
        if option is not None:
            raise ValueError(f"For '{op}', the '{name}' is not supported by spore: it must be None.")
    dropout = _flash_dropout(op, drop_mask, keep_prob)
    options = {"pse_shift": real_shift, "num_heads": head_num,
               "num_key_value_heads": _flash_kv_heads(query, key, head_num, input_layout),
               "scale": scalar_value, "sparse_mode": sparse_mode, "pre_tokens": pre_tokens,
               "next_tokens": next_tokens, "pse_name": "real_shift", "mask_heads": head_num}
    if input_layout == "TND":
        return _flash_tnd(op, query, key, value, attn_mask, actual_seq_qlen, actual_seq_kvlen, dropout, options)
    for name, lengths in (("actual_seq_qlen", actual_seq_qlen), ("actual_seq_kvlen", actual_seq_kvlen)):
        if lengths is not None:
            raise ValueError(f"For '{op}', the '{name}' must be None unless 'input_layout' is 'TND'.")
    if input_layout != "SBH":
        return _attention(op, query, key, value, attn_mask=attn_mask, q_lens=None, kv_lens=None, layout=input_layout,
                          out_layout=input_layout, dropout=dropout, **options)[0]
    query, key, value = (_sbh_as_bsh(op, name, t) for name, t in (("query", query), ("key", key), ("value", value)))
    out, _ = _attention(op, query, key, value, attn_mask=attn_mask, q_lens=None, kv_lens=None, layout="BSH",
                        out_layout="BSH", dropout=dropout, **options)
    return array_func.transpose(out, (1, 0, 2))


# ---- ring attention ----------------------------------------------------------------------------


def ring_attention_update(prev_attn_out, prev_softmax_max, prev_softmax_sum, cur_attn_out, cur_softmax_max,
                          cur_softmax_sum, actual_seq_qlen=None, layout="SBH") -> tuple:
    """Merge two attentions over disjoint key blocks from their softmax statistics:
    max = max(m1, m2), sum = s1 e^(m1-max) + s2 e^(m2-max), out = (o1 s1 e^(m1-max) + o2 s2 e^(m2-max)) / sum.

    'SBH': outs (S, B, N*D), statistics (B, N, S, 8); 'TND': outs (T, N, D), statistics
    (T, N, 8) with actual_seq_qlen the cumulative lengths 0..T. The 8 values of a statistic
    are equal. Returns (attn_out, softmax_max, softmax_sum).
    """
    op = "ring_attention_update"
    outs = {"prev_attn_out": prev_attn_out, "cur_attn_out": cur_attn_out}
    stats = {"prev_softmax_max": prev_softmax_max, "prev_softmax_sum": prev_softmax_sum,
             "cur_softmax_max": cur_softmax_max, "cur_softmax_sum": cur_softmax_sum}
    for name, t in {**outs, **stats}.items():
        _check_float_tensor(op, name, t)
    _check_layout(op, layout, ("SBH", "TND"), "layout")
    if cur_attn_out.shape != prev_attn_out.shape or cur_attn_out.dtype is not prev_attn_out.dtype:
        raise ValueError(f"For '{op}', the 'cur_attn_out' must have the shape and dtype of 'prev_attn_out', but got "
                         f"{cur_attn_out.shape} {cur_attn_out.dtype} and {prev_attn_out.shape} {prev_attn_out.dtype}.")
    # The statistics are float32, as MindSpore keeps them; float64 too, for float64 checks.
    stat_dtype = prev_softmax_max.dtype if prev_softmax_max.dtype is mstype.float64 else mstype.float32
    for name, t in stats.items():
        if t.shape != prev_softmax_max.shape or t.dtype is not stat_dtype:
            raise TypeError(f"For '{op}', the '{name}' must be a float32 Tensor of the shape of 'prev_softmax_max' "
                            f"{prev_softmax_max.shape}, but got {t.dtype} of shape {t.shape}.")
    if layout == "SBH":
        seq, batch, hidden = _shape_of(op, "prev_attn_out", prev_attn_out, 3)
        stat_batch, heads, stat_seq, _ = _shape_of(op, "prev_softmax_max", prev_softmax_max, 4)
        if (stat_batch, stat_seq) != (batch, seq) or hidden % heads:
            raise ValueError(f"For '{op}', the statistics of shape {prev_softmax_max.shape} do not match the "
                             f"attention output of shape {prev_attn_out.shape} in layout SBH.")
    else:
        tokens, heads, _ = _shape_of(op, "prev_attn_out", prev_attn_out, 3)
        if _shape_of(op, "prev_softmax_max", prev_softmax_max, 3)[:2] != (tokens, heads):
            raise ValueError(f"For '{op}', the statistics of shape {prev_softmax_max.shape} do not match the "
                             f"attention output of shape {prev_attn_out.shape} in layout TND.")
        _check_cumulative_lengths(op, actual_seq_qlen, tokens)
    new_max = math_func.maximum(prev_softmax_max, cur_softmax_max)
    prev_weight = math_func.exp(prev_softmax_max - new_max) * prev_softmax_sum
    cur_weight = math_func.exp(cur_softmax_max - new_max) * cur_softmax_sum
    new_sum = prev_weight + cur_weight
    prev_share, cur_share = (_per_output_element(w / new_sum, prev_attn_out, layout) for w in (prev_weight, cur_weight))
    compute = mstype.float32 if prev_attn_out.dtype is not mstype.float64 else mstype.float64
    attn_out = array_func.cast(prev_attn_out, compute) * prev_share + array_func.cast(cur_attn_out, compute) * cur_share
    return array_func.cast(attn_out, prev_attn_out.dtype), new_max, new_sum


def _shape_of(op: str, name: str, x: Tensor, rank: int) -> tuple:
    if x.ndim != rank:
        raise ValueError(f"For '{op}', the '{name}' must be {rank}-D, but got shape {x.shape}.")
    return x.shape


def _check_cumulative_lengths(op: str, lengths, tokens: int) -> None:
    """TND packs sequences one after another; the merge is per token, the lengths only checked."""
    if lengths is None:
        raise RuntimeError(f"For '{op}', the 'actual_seq_qlen' must be given when 'layout' is 'TND'.")
    if not isinstance(lengths, Tensor):
        raise TypeError(f"For '{op}', the 'actual_seq_qlen' must be a Tensor, but got {type(lengths).__name__}.")
    values = lengths.asnumpy()
    if values.ndim != 1 or values.size == 0 or values[0] != 0 or values[-1] != tokens or np.any(np.diff(values) < 0):
        raise RuntimeError(f"For '{op}', the 'actual_seq_qlen' must be a 1-D non-decreasing sequence from 0 to "
                           f"{tokens}, but got {values.tolist()}.")


def _per_output_element(share: Tensor, out: Tensor, layout: str) -> Tensor:
    """A (B, N, S, 8) / (T, N, 8) statistic spread over the (S, B, N*D) / (T, N, D) output."""
    share = share[..., :1]
    if layout == "TND":
        return share
    batch, heads, seq, _ = share.shape
    dim = out.shape[2] // heads
    share = array_func.transpose(share, (2, 0, 1, 3))                      # (S, B, N, 1)
    share = array_func.broadcast_to(share, (seq, batch, heads, dim))
    return array_func.reshape(share, (seq, batch, heads * dim))


# ---- multi-scale deformable attention -----------------------------------------------------------


def _check_index_tensor(op: str, name: str, value, rank: int) -> None:
    if not isinstance(value, Tensor) or value.dtype not in (mstype.int32, mstype.int64) or value.ndim != rank:
        got = f"{value.dtype} of shape {value.shape}" if isinstance(value, Tensor) else type(value).__name__
        raise RuntimeError(f"For '{op}', the '{name}' must be a {rank}-D Tensor of int32 or int64, but got {got}.")


def multi_scale_deformable_attn_function(value, shape, offset, locations, weight) -> Tensor:
    """Deformable attention over several feature maps: each query head samples each level
    bilinearly (zero padding, pixel centres at (i + 0.5) / size) at num_points locations
    in [0, 1]^2 given as (x, y), and sums the samples weighted by `weight`.

    value (bs, num_keys, num_heads, embed_dims), the levels' H*W keys one after another;
    shape (num_levels, 2) the (H, W) of each level; offset (num_levels,) where each level
    starts; locations (bs, num_queries, num_heads, num_levels, num_points, 2); weight
    (bs, num_queries, num_heads, num_levels, num_points). Returns (bs, num_queries,
    num_heads * embed_dims).
    """
    op = "multi_scale_deformable_attn_function"
    for name, t in (("value", value), ("locations", locations), ("weight", weight)):
        if not isinstance(t, Tensor) or t.dtype not in (mstype.float16, mstype.float32, mstype.float64):
            got = t.dtype if isinstance(t, Tensor) else type(t).__name__
            raise RuntimeError(f"For '{op}', the '{name}' must be a Tensor of float16 or float32, but got {got}.")
    _check_index_tensor(op, "shape", shape, 2)
    _check_index_tensor(op, "offset", offset, 1)
    if value.ndim != 4 or locations.ndim != 6 or weight.ndim != 5:
        raise RuntimeError(f"For '{op}', the 'value', 'locations' and 'weight' must be 4-D, 6-D and 5-D, but got "
                           f"shapes {value.shape}, {locations.shape} and {weight.shape}.")
    batch, keys, heads, dims = value.shape
    _, queries, _, levels, points, _ = locations.shape
    if dims % 8:
        raise RuntimeError(f"For '{op}', the embed_dims of 'value' must be a multiple of 8, but got {dims}.")
    sizes, starts = shape.asnumpy().tolist(), offset.asnumpy().tolist()
    if shape.shape != (levels, 2) or len(starts) != levels or locations.shape[-1] != 2 \
            or locations.shape[:3] != (batch, queries, heads) or weight.shape != locations.shape[:5]:
        raise RuntimeError(f"For '{op}', the shapes of 'shape' {shape.shape}, 'offset' {offset.shape}, 'locations' "
                           f"{locations.shape} and 'weight' {weight.shape} do not match 'value' {value.shape}.")
    if any(start < 0 or start + h * w > keys for (h, w), start in zip(sizes, starts)):
        raise RuntimeError(f"For '{op}', the levels of 'shape' {sizes} starting at 'offset' {starts} do not fit in "
                           f"the {keys} keys of 'value'.")
    # grid_sample's grid spans [-1, 1] over the map, with align_corners=False pixel centres.
    grids = locations * 2.0 - 1.0
    samples = []
    for level, ((height, width), start) in enumerate(zip(sizes, starts)):
        level_value = value[:, start:start + height * width]                      # (bs, H*W, nh, d)
        level_value = array_func.transpose(level_value, (0, 2, 3, 1))
        level_value = array_func.reshape(level_value, (batch * heads, dims, height, width))
        grid = array_func.transpose(grids[:, :, :, level], (0, 2, 1, 3, 4))      # (bs, nh, nq, np, 2)
        grid = array_func.reshape(grid, (batch * heads, queries, points, 2))
        samples.append(vision_func.grid_sample(level_value, grid, "bilinear", "zeros", False))
    sampled = array_func.stack(samples, -2)                                       # (bs*nh, d, nq, nl, np)
    weights = array_func.transpose(weight, (0, 2, 1, 3, 4))
    weights = array_func.reshape(weights, (batch * heads, 1, queries, levels, points))
    out = reduce_func.sum(sampled * weights, (-2, -1))                             # (bs*nh, d, nq)
    out = array_func.reshape(out, (batch, heads * dims, queries))
    return array_func.transpose(out, (0, 2, 1))


# ---- deformable convolution ---------------------------------------------------------------------


def _int_tuple(op: str, name: str, value, size: int) -> tuple:
    if not isinstance(value, tuple) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise TypeError(f"For '{op}', the '{name}' must be a tuple of int, but got {value!r}.")
    if len(value) != size:
        raise ValueError(f"For '{op}', the '{name}' must have {size} elements, but got {len(value)}.")
    return value


def _bilinear_at(image: Tensor, ys: Tensor, xs: Tensor) -> Tensor:
    """image (M, C, H, W) sampled at float pixel coordinates ys, xs (M, L), zero outside:
    (M, C, L). Gradients reach the image and the coordinates."""
    batch, channels, height, width = image.shape
    flat = array_func.reshape(image, (batch, channels, height * width))
    y0, x0 = math_func.floor(ys), math_func.floor(xs)
    total = None
    for corner_y, corner_x in ((y0, x0), (y0, x0 + 1), (y0 + 1, x0), (y0 + 1, x0 + 1)):
        weight = (1 - math_func.abs(ys - corner_y)) * (1 - math_func.abs(xs - corner_x))
        inside = (corner_y >= 0) & (corner_y <= height - 1) & (corner_x >= 0) & (corner_x <= width - 1)
        weight = selection_func.masked_fill(weight, ~inside, 0.0)
        index = array_func.cast(math_func.clamp(corner_y, 0, height - 1) * width
                                + math_func.clamp(corner_x, 0, width - 1), mstype.int64)
        index = array_func.broadcast_to(array_func.expand_dims(index, 1), (batch, channels, index.shape[1]))
        # The corner's index carries no gradient: the weight, a function of the position, does.
        term = selection_func.gather_elements(flat, 2, index) * array_func.expand_dims(weight, 1)
        total = term if total is None else total + term
    return total


def deformable_samples(x, offsets, kernel_size, strides, padding, dilations, deformable_groups, out_size) -> Tensor:
    """The masked bilinear samples of deformable convolution: x (N, C, H, W) read at every
    output pixel's kernel positions moved by `offsets` (N, 3 * dg * kh * kw, H_out, W_out:
    the x offsets, then the y offsets, then the masks, each indexed by deformable group then
    kernel position), times the masks. strides, dilations (sh, sw); padding (top, bottom,
    left, right). Returns (N, dg, C / dg, kh * kw, H_out * W_out)."""
    (kh, kw), (stride_h, stride_w), (dil_h, dil_w), (out_h, out_w) = kernel_size, strides, dilations, out_size
    batch, channels, height, width = x.shape
    points = kh * kw
    # Kernel positions p + p_k in input pixels, for every output pixel: (kh*kw, H_out, W_out).
    kernel_rows = np.repeat(np.arange(kh) * dil_h, kw)[:, None, None]
    kernel_cols = np.tile(np.arange(kw) * dil_w, kh)[:, None, None]
    rows = (np.arange(out_h) * stride_h - padding[0])[None, :, None] + kernel_rows
    cols = (np.arange(out_w) * stride_w - padding[2])[None, None, :] + kernel_cols
    parts = array_func.reshape(offsets, (batch, 3, deformable_groups, points, out_h, out_w))
    base_y = Tensor(np.broadcast_to(rows, (points, out_h, out_w)).astype(np.float64)).astype(x.dtype)
    base_x = Tensor(np.broadcast_to(cols, (points, out_h, out_w)).astype(np.float64)).astype(x.dtype)
    sample_y = array_func.reshape(parts[:, 1] + base_y, (batch * deformable_groups, -1))
    sample_x = array_func.reshape(parts[:, 0] + base_x, (batch * deformable_groups, -1))
    grouped = array_func.reshape(x, (batch * deformable_groups, channels // deformable_groups, height, width))
    sampled = _bilinear_at(grouped, sample_y, sample_x)                   # (N*dg, C/dg, K*Ho*Wo)
    sampled = array_func.reshape(sampled, (batch, deformable_groups, channels // deformable_groups, points,
                                           out_h * out_w))
    masks = array_func.reshape(parts[:, 2], (batch, deformable_groups, 1, points, out_h * out_w))
    return sampled * masks


def deformable_conv2d(x, weight, offsets, kernel_size, strides, padding, bias=None, dilations=(1, 1, 1, 1),
                      groups=1, deformable_groups=1, modulated=True) -> Tensor:
    """Modulated deformable convolution (v2): y(p) = sum_k w_k * x(p + p_k + dp_k) * m_k, the
    input sampled bilinearly (zero outside) at offset kernel positions.

    x (N, C_in, H, W); weight (C_out, C_in / groups, kh, kw); offsets (N, 3 * dg * kh * kw,
    H_out, W_out): the x offsets, then the y offsets, then the masks, each indexed by
    deformable group then kernel position (row-major). strides / dilations (1, 1, sh, sw),
    padding (top, bottom, left, right). Returns (N, C_out, H_out, W_out).
    """
    op = "deformable_conv2d"
    for name, t in (("x", x), ("weight", weight), ("offsets", offsets)):
        _check_float_tensor(op, name, t)
        if t.ndim != 4:
            raise ValueError(f"For '{op}', the '{name}' must be 4-D, but got shape {t.shape}.")
    kh, kw = _int_tuple(op, "kernel_size", kernel_size, 2)
    strides, padding = _int_tuple(op, "strides", strides, 4), _int_tuple(op, "padding", padding, 4)
    dilations = _int_tuple(op, "dilations", dilations, 4)
    if strides[:2] != (1, 1) or dilations[:2] != (1, 1):
        raise ValueError(f"For '{op}', the N and C dimensions of 'strides' and 'dilations' must be 1, but got "
                         f"{strides} and {dilations}.")
    _check_bool(op, "modulated", modulated)
    if not modulated:
        raise ValueError(f"For '{op}', the 'modulated' must be True (only v2 is supported).")
    _check_int(op, "groups", groups)
    _check_int(op, "deformable_groups", deformable_groups)
    batch, channels, height, width = x.shape
    if groups <= 0 or deformable_groups <= 0 or channels % groups or channels % deformable_groups \
            or weight.shape[0] % groups or weight.shape[1] * groups != channels or weight.shape[2:] != (kh, kw):
        raise ValueError(f"For '{op}', the 'weight' of shape {weight.shape} does not fit 'x' of shape {x.shape} with "
                         f"kernel_size {kernel_size}, groups {groups} and deformable_groups {deformable_groups}.")
    (_, _, stride_h, stride_w), (_, _, dil_h, dil_w) = strides, dilations
    out_h = (height + padding[0] + padding[1] - (kh - 1) * dil_h - 1) // stride_h + 1
    out_w = (width + padding[2] + padding[3] - (kw - 1) * dil_w - 1) // stride_w + 1
    points = kh * kw
    expected = (batch, 3 * deformable_groups * points, out_h, out_w)
    if offsets.shape != expected:
        raise ValueError(f"For '{op}', the 'offsets' must have shape {expected}, but got {offsets.shape}.")
    if bias is not None:
        _check_float_tensor(op, "bias", bias)
        if bias.shape != (weight.shape[0],):
            raise ValueError(f"For '{op}', the 'bias' must have shape ({weight.shape[0]},), but got {bias.shape}.")
    masked = deformable_samples(x, offsets, (kh, kw), strides[2:], padding, dilations[2:], deformable_groups,
                                (out_h, out_w))
    columns = array_func.reshape(masked, (batch, groups, channels // groups * points, out_h * out_w))
    kernels = array_func.reshape(weight, (groups, weight.shape[0] // groups, channels // groups * points))
    out = array_func.reshape(linalg_func.matmul(kernels, columns), (batch, weight.shape[0], out_h, out_w))
    if bias is not None:
        out = out + array_func.reshape(bias, (1, -1, 1, 1))
    return out


# ---- mixture-of-experts token shuffles ---------------------------------------------------------


def _check_bool(op: str, name: str, value) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"For '{op}', the '{name}' must be a bool, but got {type(value).__name__}.")


def _by_expert(expert_idx: Tensor) -> tuple:
    """(the flat (row, k) copies ordered by expert, ties in copy order; their experts)."""
    copies = expert_idx.shape[0] * expert_idx.shape[1] if expert_idx.ndim == 2 else expert_idx.shape[0]
    flat = array_func.cast(array_func.reshape(expert_idx, (copies,)), mstype.int64)
    # Sorting expert * copies + copy is a stable sort by expert.
    order = selection_func.argsort(flat * copies + array_func.arange(0, copies, dtype=mstype.int64))
    return order, selection_func.gather(flat, order, 0)


def _tokens_per_expert(experts: Tensor, expert_num: int) -> Tensor:
    """(expert_num,) int64: how many copies go to each expert."""
    hits = array_func.expand_dims(experts, 1) == array_func.arange(0, expert_num, dtype=mstype.int64)
    return reduce_func.sum(array_func.cast(hits, mstype.int64), 0)


def moe_init_routing_v2(x, expert_idx, active_num, expert_capacity, expert_num, drop_pad_mode,
                        expert_tokens_count_or_cumsum_flag, expert_tokens_before_capacity_flag) -> tuple:
    """Route each row of x to its K experts (a copy per expert), grouped by expert.

    x (NUM_ROWS, H); expert_idx (NUM_ROWS, K) int32. Copy c = row * K + k. Returns
    (expanded_x, expanded_row_idx) and, when asked, a third output:
    - drop_pad_mode 0: expanded_x (NUM_ROWS*K, H), or its first active_num rows when
      active_num > 0; expanded_row_idx[c] the row of expanded_x copy c went to; with
      expert_tokens_count_or_cumsum_flag 1 / 2 the cumulative / plain count per expert.
    - drop_pad_mode 1: expanded_x (expert_num, expert_capacity, H), zero-padded, each
      expert keeping its first expert_capacity copies; expanded_row_idx[c] the flat slot
      (expert * capacity + position) or -1 when dropped; with
      expert_tokens_before_capacity_flag the count per expert before the drop.
    The third output is int32 of shape (expert_num,).
    """
    op = "moe_init_routing_v2"
    _check_float_tensor(op, "x", x)
    if not isinstance(expert_idx, Tensor) or expert_idx.dtype is not mstype.int32:
        got = expert_idx.dtype if isinstance(expert_idx, Tensor) else type(expert_idx).__name__
        raise TypeError(f"For '{op}', the 'expert_idx' must be a Tensor of int32, but got {got}.")
    for name, value in (("active_num", active_num), ("expert_capacity", expert_capacity),
                        ("expert_num", expert_num), ("drop_pad_mode", drop_pad_mode),
                        ("expert_tokens_count_or_cumsum_flag", expert_tokens_count_or_cumsum_flag)):
        _check_int(op, name, value)
        if value < 0:
            raise ValueError(f"For '{op}', the '{name}' must be non-negative, but got {value}.")
    _check_bool(op, "expert_tokens_before_capacity_flag", expert_tokens_before_capacity_flag)
    if x.ndim != 2 or expert_idx.ndim != 2 or x.shape[0] != expert_idx.shape[0]:
        raise ValueError(f"For '{op}', the 'x' must be (NUM_ROWS, H) and the 'expert_idx' (NUM_ROWS, K), but got "
                         f"shapes {x.shape} and {expert_idx.shape}.")
    if drop_pad_mode not in (0, 1):
        raise ValueError(f"For '{op}', the 'drop_pad_mode' must be 0 or 1, but got {drop_pad_mode}.")
    if expert_tokens_count_or_cumsum_flag not in (0, 1, 2):
        raise ValueError(f"For '{op}', the 'expert_tokens_count_or_cumsum_flag' must be 0, 1 or 2, but got "
                         f"{expert_tokens_count_or_cumsum_flag}.")
    rows, topk = expert_idx.shape
    if (drop_pad_mode == 1 or expert_tokens_count_or_cumsum_flag) and expert_num == 0:
        raise ValueError(f"For '{op}', the 'expert_num' must be greater than 0 when experts are counted.")
    if drop_pad_mode == 1 and not 0 < expert_capacity <= rows:
        raise ValueError(f"For '{op}', the 'expert_capacity' must be in (0, {rows}] when 'drop_pad_mode' is 1, but "
                         f"got {expert_capacity}.")
    order, experts = _by_expert(expert_idx)
    if drop_pad_mode == 0:
        expanded_x = selection_func.gather(x, math_func.floor_divide(order, topk), 0)
        if active_num:
            expanded_x = expanded_x[:min(active_num, rows * topk)]
        expanded_row_idx = array_func.cast(selection_func.argsort(order), mstype.int32)
        if not expert_tokens_count_or_cumsum_flag:
            return expanded_x, expanded_row_idx
        counts = _tokens_per_expert(experts, expert_num)
        if expert_tokens_count_or_cumsum_flag == 1:
            counts = reduce_func.cumsum(counts, 0)
        return expanded_x, expanded_row_idx, array_func.cast(counts, mstype.int32)
    counts = _tokens_per_expert(experts, expert_num)
    starts = reduce_func.cumsum(counts, 0) - counts
    slots = array_func.arange(0, expert_num * expert_capacity, dtype=mstype.int64)
    slot_expert, slot_position = math_func.floor_divide(slots, expert_capacity), slots % expert_capacity
    filled = slot_position < selection_func.gather(counts, slot_expert, 0)
    source = selection_func.masked_fill(selection_func.gather(starts, slot_expert, 0) + slot_position, ~filled, 0)
    padded = selection_func.gather(x, math_func.floor_divide(selection_func.gather(order, source, 0), topk), 0)
    padded = selection_func.masked_fill(padded, array_func.expand_dims(~filled, 1), 0.0)
    expanded_x = array_func.reshape(padded, (expert_num, expert_capacity, x.shape[1]))
    # Each sorted copy's position within its expert, its slot, and -1 where it is dropped.
    position = array_func.arange(0, rows * topk, dtype=mstype.int64) - selection_func.gather(starts, experts, 0)
    slot_of_sorted = selection_func.masked_fill(experts * expert_capacity + position, position >= expert_capacity, -1)
    expanded_row_idx = array_func.cast(selection_func.gather(slot_of_sorted, selection_func.argsort(order), 0),
                                       mstype.int32)
    if expert_tokens_before_capacity_flag:
        return expanded_x, expanded_row_idx, array_func.cast(counts, mstype.int32)
    return expanded_x, expanded_row_idx


def moe_token_permute(tokens, indices, num_out_tokens=None, padded_mode=False) -> tuple:
    """Group the tokens by expert: each token is copied once per expert it is routed to
    (topk columns of `indices`), the copies ordered by expert index, ties in token order.

    tokens (num_tokens, hidden); indices (num_tokens, topk) or (num_tokens,) int32 / int64.
    Returns (permuted_tokens (num_out_tokens or num_tokens*topk, hidden), sorted_indices
    (num_tokens*topk,) int32: the row of permuted_tokens each (token, k) copy went to).
    """
    op = "moe_token_permute"
    _check_float_tensor(op, "tokens", tokens)
    if not isinstance(indices, Tensor) or indices.dtype not in (mstype.int32, mstype.int64):
        got = indices.dtype if isinstance(indices, Tensor) else type(indices).__name__
        raise TypeError(f"For '{op}', the 'indices' must be a Tensor of int32 or int64, but got {got}.")
    if num_out_tokens is not None:
        _check_int(op, "num_out_tokens", num_out_tokens)
        if num_out_tokens < 0:
            raise ValueError(f"For '{op}', the 'num_out_tokens' must be non-negative, but got {num_out_tokens}.")
    _check_bool(op, "padded_mode", padded_mode)
    if padded_mode:
        raise ValueError(f"For '{op}', the 'padded_mode' can only be False.")
    if tokens.ndim != 2 or indices.ndim not in (1, 2):
        raise ValueError(f"For '{op}', the 'tokens' must be 2-D and the 'indices' 1-D or 2-D, but got shapes "
                         f"{tokens.shape} and {indices.shape}.")
    topk = indices.shape[1] if indices.ndim == 2 else 1
    if topk > 512:
        raise ValueError(f"For '{op}', the second dim of 'indices' must be at most 512, but got {topk}.")
    if indices.shape[0] != tokens.shape[0]:
        raise RuntimeError(f"For '{op}', the first dims of 'tokens' {tokens.shape} and 'indices' {indices.shape} "
                           f"must be equal.")
    order, _ = _by_expert(indices)
    permuted = selection_func.gather(tokens, math_func.floor_divide(order, topk), 0)
    if num_out_tokens is not None:
        permuted = permuted[:num_out_tokens]
    return permuted, array_func.cast(selection_func.argsort(order), mstype.int32)


def moe_token_unpermute(permuted_tokens, sorted_indices, probs=None, padded_mode=False, restore_shape=None) -> Tensor:
    """Undo moe_token_permute: copy c of the tokens is row sorted_indices[c] of
    permuted_tokens (zeros where that row was dropped), and with `probs` (num_tokens, topk)
    the topk copies of a token are summed weighted by their probabilities.

    permuted_tokens (P, hidden); sorted_indices (num_tokens*topk,) int32. Returns
    (num_tokens, hidden) with probs, else (num_tokens*topk, hidden), of permuted_tokens' dtype.
    """
    op = "moe_token_unpermute"
    _check_float_tensor(op, "permuted_tokens", permuted_tokens)
    if not isinstance(sorted_indices, Tensor) or sorted_indices.dtype is not mstype.int32:
        got = sorted_indices.dtype if isinstance(sorted_indices, Tensor) else type(sorted_indices).__name__
        raise TypeError(f"For '{op}', the 'sorted_indices' must be a Tensor of int32, but got {got}.")
    _check_bool(op, "padded_mode", padded_mode)
    if padded_mode:
        raise ValueError(f"For '{op}', the 'padded_mode' can only be False.")
    if restore_shape is not None and not isinstance(restore_shape, (tuple, list)):
        raise TypeError(f"For '{op}', the 'restore_shape' must be a tuple or list of int, but got "
                        f"{type(restore_shape).__name__}.")
    if permuted_tokens.ndim != 2 or sorted_indices.ndim != 1:
        raise ValueError(f"For '{op}', the 'permuted_tokens' must be 2-D and the 'sorted_indices' 1-D, but got "
                         f"shapes {permuted_tokens.shape} and {sorted_indices.shape}.")
    copies, hidden = sorted_indices.shape[0], permuted_tokens.shape[1]
    if probs is not None:
        _check_float_tensor(op, "probs", probs)
        if probs.ndim != 2 or probs.shape[0] * probs.shape[1] != copies:
            raise ValueError(f"For '{op}', the 'probs' must be (num_tokens, topk) with num_tokens * topk = {copies}, "
                             f"but got shape {probs.shape}.")
    kept = sorted_indices < permuted_tokens.shape[0]
    rows = selection_func.gather(permuted_tokens, selection_func.masked_fill(sorted_indices, ~kept, 0), 0)
    rows = selection_func.masked_fill(rows, array_func.expand_dims(~kept, 1), 0.0)
    if probs is None:
        return rows
    num_tokens, topk = probs.shape
    weighted = array_func.reshape(rows, (num_tokens, topk, hidden)) * array_func.expand_dims(
        array_func.cast(probs, rows.dtype), 2)
    return reduce_func.sum(weighted, 1)
