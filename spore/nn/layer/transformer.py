"""Attention and Transformer layers: MultiheadAttention, TransformerEncoderLayer,
TransformerDecoderLayer, TransformerEncoder, TransformerDecoder, Transformer.

Sequences are (seq_len, batch, embed) unless batch_first, which makes them (batch,
seq_len, embed); MultiheadAttention also takes unbatched (seq_len, embed) inputs.

Masks say which keys a query may not attend to. A bool mask is True where attention is
forbidden; a float mask is added to the attention scores (-inf forbids). attn_mask is
(tgt_len, src_len), shared by the batch, or (batch * num_heads, tgt_len, src_len);
key_padding_mask is (batch, src_len) and hides padded keys. Both may be given; they
add up. A query whose keys are all hidden gets NaN, as in MindSpore.

Parameter names, shapes and initial distributions follow MindSpore, whose checkpoints
key on them: in_proj_weight (3 * embed, embed) Xavier-uniform (or q/k/v_proj_weight when
key or value have other widths), in_proj_bias zeros, out_proj a Dense, bias_k / bias_v
Xavier-normal; the layers' Dense and LayerNorm children are named as in MindSpore
(self_attn, multihead_attn, dense1, dense2, norm1..3).
"""
from __future__ import annotations

import copy

from ... import ops
from ...common import dtype as mstype
from ...common.initializer import XavierNormal, XavierUniform, initializer
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ...ops.operations.attention_ops import ScaledDotProductAttention
from ...ops.validator import check_bool, check_float_range, check_positive_int, check_type
from ..cell import Cell
from ..container import CellList
from .activation import GELU, ReLU
from .basic import Dense, Dropout
from .normalization import LayerNorm

__all__ = [
    "MultiheadAttention", "TransformerEncoderLayer", "TransformerDecoderLayer", "TransformerEncoder",
    "TransformerDecoder", "Transformer",
]


# ---- masks ---------------------------------------------------------------------------------
def _additive_mask(cell: str, arg: str, mask, dtype, allow_uint8: bool):
    """A mask as a float Tensor to add to the scores: bool True -> -inf, False -> 0;
    float masks are used as they are (in the scores' dtype). uint8 counts as bool for
    attn_mask."""
    if not isinstance(mask, Tensor):
        raise TypeError(f"For '{cell}', the '{arg}' must be a Tensor or None, but got {type(mask).__name__}.")
    if allow_uint8 and mask.dtype == mstype.uint8:
        mask = ops.cast(mask, mstype.bool_)
    if mask.dtype == mstype.bool_:
        return ops.masked_fill(ops.zeros(mask.shape, dtype), mask, float("-inf"))
    if not mask.dtype.is_floating_point:
        kinds = "bool, uint8 or float" if allow_uint8 else "bool or float"
        raise ValueError(f"For '{cell}', the dtype of '{arg}' must be {kinds}, but got {mask.dtype}.")
    return mask if mask.dtype == dtype else ops.cast(mask, dtype)


def _check_mask_shape(cell: str, arg: str, mask, allowed: tuple) -> None:
    if mask.shape not in allowed:
        expected = " or ".join(str(shape) for shape in allowed)
        raise ValueError(f"For '{cell}', the shape of '{arg}' must be {expected}, but got {mask.shape}.")


# ---- multi-head attention ------------------------------------------------------------------
class MultiheadAttention(Cell):
    """MultiheadAttention(embed_dim, num_heads, dropout=0.0, has_bias=True,
    add_bias_kv=False, add_zero_attn=False, kdim=None, vdim=None, batch_first=False,
    dtype=mstype.float32)

    Attention of `num_heads` heads of width embed_dim // num_heads (embed_dim must be
    divisible by num_heads): query, key and value are projected (key and value from
    kdim / vdim features), each head computes softmax(q k^T / sqrt(head_dim) + mask) v,
    and out_proj maps the concatenated heads back to embed_dim. `dropout` applies to the
    attention weights in training. add_bias_kv appends the learnt bias_k / bias_v as one
    more key and value; add_zero_attn appends a zero key and value.

    Inputs: query (L, N, E), key (S, N, kdim), value (S, N, vdim) (batch first with
    batch_first; or unbatched (L, E), (S, kdim), (S, vdim)); key_padding_mask (N, S) or
    (S,) unbatched; need_weights; attn_mask (L, S) or (N * num_heads, L, S);
    average_attn_weights (average the weights over the heads).

    Outputs: (attn_output, attn_weights), attn_output shaped like query, attn_weights
    (N, L, S) averaged or (N, num_heads, L, S) ((L, S) / (num_heads, L, S) unbatched);
    only (attn_output,) when need_weights is False, as in MindSpore.
    """

    def __init__(self, embed_dim, num_heads, dropout=0.0, has_bias=True, add_bias_kv=False, add_zero_attn=False,
                 kdim=None, vdim=None, batch_first=False, dtype=mstype.float32):
        super().__init__()
        name = self.cls_name
        self.embed_dim = check_positive_int(name, "embed_dim", embed_dim)
        self.num_heads = check_positive_int(name, "num_heads", num_heads)
        if embed_dim % num_heads:
            raise ValueError(f"For '{name}', the 'embed_dim' must be divisible by 'num_heads', but got embed_dim "
                             f"{embed_dim} and num_heads {num_heads}.")
        self.head_dim = embed_dim // num_heads
        self.dropout = check_float_range(name, "dropout", dropout, 0.0, 1.0)
        self.has_bias = check_bool(name, "has_bias", has_bias)
        self.add_zero_attn = check_bool(name, "add_zero_attn", add_zero_attn)
        self.batch_first = check_bool(name, "batch_first", batch_first)
        check_bool(name, "add_bias_kv", add_bias_kv)
        self.kdim = embed_dim if kdim is None else check_positive_int(name, "kdim", kdim)
        self.vdim = embed_dim if vdim is None else check_positive_int(name, "vdim", vdim)
        self._qkv_same_embed_dim = self.kdim == embed_dim and self.vdim == embed_dim
        dtype = mstype.float32 if dtype is None else dtype
        if self._qkv_same_embed_dim:
            self.in_proj_weight = Parameter(initializer(XavierUniform(), (3 * embed_dim, embed_dim), dtype),
                                            "in_proj_weight")
            self.q_proj_weight = self.k_proj_weight = self.v_proj_weight = None
        else:
            self.q_proj_weight = Parameter(initializer(XavierUniform(), (embed_dim, embed_dim), dtype),
                                           "q_proj_weight")
            self.k_proj_weight = Parameter(initializer(XavierUniform(), (embed_dim, self.kdim), dtype),
                                           "k_proj_weight")
            self.v_proj_weight = Parameter(initializer(XavierUniform(), (embed_dim, self.vdim), dtype),
                                           "v_proj_weight")
            self.in_proj_weight = None
        self.in_proj_bias = (Parameter(initializer("zeros", (3 * embed_dim,), dtype), "in_proj_bias")
                             if has_bias else None)
        self.out_proj = Dense(embed_dim, embed_dim, has_bias=has_bias, dtype=dtype)
        if add_bias_kv:
            self.bias_k = Parameter(initializer(XavierNormal(), (1, 1, embed_dim), dtype), "bias_k")
            self.bias_v = Parameter(initializer(XavierNormal(), (1, 1, embed_dim), dtype), "bias_v")
        else:
            self.bias_k = self.bias_v = None
        self._fused_attention = ScaledDotProductAttention(self.head_dim ** -0.5)

    def construct(self, query, key, value, key_padding_mask=None, need_weights=True, attn_mask=None,
                  average_attn_weights=True):
        batched = self._check_inputs(query, key, value)
        if not batched:
            query, key, value = ops.expand_dims(query, 1), ops.expand_dims(key, 1), ops.expand_dims(value, 1)
        # The sequences keep their layout through the projections (one GEMM over contiguous
        # rows); the heads are split off as views.
        seq_axis = 1 if batched and self.batch_first else 0
        tgt_len, batch = query.shape[seq_axis], query.shape[1 - seq_axis]
        mask = self._combined_mask(key_padding_mask, attn_mask, batched, tgt_len, batch, key.shape[seq_axis],
                                   query.dtype)
        q, k, v = (self._heads(t, seq_axis) for t in self._project(query, key, value))
        # heads: q (N, H, L, D), k and v (N, H, S, D)
        if self.bias_k is not None:
            k = ops.concat((k, self._bias_heads(self.bias_k, batch)), 2)
            v = ops.concat((v, self._bias_heads(self.bias_v, batch)), 2)
        if self.add_zero_attn:
            k = ops.concat((k, ops.zeros(k.shape[:2] + (1, self.head_dim), k.dtype)), 2)
            v = ops.concat((v, ops.zeros(v.shape[:2] + (1, self.head_dim), v.dtype)), 2)
        weights = None
        if mask is None and not need_weights and not (self.training and self.dropout > 0):
            output = self._fused_attention(q, k, v)[0]
        else:
            scores = ops.matmul(q * (self.head_dim ** -0.5), ops.swapaxes(k, 2, 3))
            if mask is not None:
                scores = scores + mask
            weights = ops.softmax(scores, -1)
            if self.training and self.dropout > 0:
                weights = ops.dropout(weights, p=self.dropout)
            output = ops.matmul(weights, v)
        # (N, H, L, D) -> the query's layout, heads concatenated
        order = (0, 2, 1, 3) if seq_axis else (2, 0, 1, 3)
        output = ops.transpose(output, order).reshape(query.shape[:2] + (self.embed_dim,))
        output = ops.dense(output, self.out_proj.weight, self.out_proj.bias)
        if not batched:
            output = ops.squeeze(output, 1)
        if not need_weights:
            return (output,)
        if average_attn_weights:
            weights = ops.mean(weights, 1)
        return output, (weights if batched else ops.squeeze(weights, 0))

    def _heads(self, t, seq_axis: int):
        """(seq, N, E) or (N, seq, E) (seq_axis 1) as (N, H, seq, D): a view."""
        t = t.reshape(t.shape[:2] + (self.num_heads, self.head_dim))
        return ops.transpose(t, (0, 2, 1, 3) if seq_axis else (1, 2, 0, 3))

    def _bias_heads(self, bias, batch: int):
        """bias_k / bias_v (1, 1, E) as one more key per batch and head: (N, H, 1, D)."""
        return ops.tile(ops.transpose(bias.reshape(1, 1, self.num_heads, self.head_dim), (0, 2, 1, 3)),
                        (batch, 1, 1, 1))

    def _check_inputs(self, query, key, value) -> bool:
        """Whether the inputs are batched; raises for ranks or widths that do not fit."""
        name = self.cls_name
        for arg, tensor in (("query", query), ("key", key), ("value", value)):
            if not isinstance(tensor, Tensor):
                raise TypeError(f"For '{name}', the '{arg}' must be a Tensor, but got {type(tensor).__name__}.")
        if query.ndim not in (2, 3) or key.ndim != query.ndim or value.ndim != query.ndim:
            raise ValueError(f"For '{name}', 'query', 'key' and 'value' must all be 3-D (batched) or all 2-D "
                             f"(unbatched), but got shapes {query.shape}, {key.shape} and {value.shape}.")
        for arg, tensor, width in (("query", query, self.embed_dim), ("key", key, self.kdim),
                                   ("value", value, self.vdim)):
            if tensor.shape[-1] != width:
                raise ValueError(f"For '{name}', the last dimension of '{arg}' must be {width}, but got shape "
                                 f"{tensor.shape}.")
        if key.shape[:-1] != value.shape[:-1]:
            raise ValueError(f"For '{name}', 'key' and 'value' must have the same sequence length and batch "
                             f"size, but got shapes {key.shape} and {value.shape}.")
        batched = query.ndim == 3
        batch_axis = 0 if self.batch_first else 1
        if batched and key.shape[batch_axis] != query.shape[batch_axis]:
            raise ValueError(f"For '{name}', 'query' and 'key' must have the same batch size, but got shapes "
                             f"{query.shape} and {key.shape}.")
        return batched

    def _project(self, query, key, value) -> tuple:
        """The input projections q, k, v, each (seq, N, embed_dim) (or batch first); one
        product with in_proj_weight for self-attention (query, key and value one Tensor)."""
        if self._qkv_same_embed_dim and query is key and key is value:
            return ops.chunk(ops.dense(query, self.in_proj_weight, self.in_proj_bias), 3, -1)
        if self._qkv_same_embed_dim:
            w_q, w_k, w_v = ops.chunk(self.in_proj_weight, 3, 0)
        else:
            w_q, w_k, w_v = self.q_proj_weight, self.k_proj_weight, self.v_proj_weight
        b_q = b_k = b_v = None
        if self.in_proj_bias is not None:
            b_q, b_k, b_v = ops.chunk(self.in_proj_bias, 3, 0)
        return ops.dense(query, w_q, b_q), ops.dense(key, w_k, b_k), ops.dense(value, w_v, b_v)

    def _combined_mask(self, key_padding_mask, attn_mask, batched: bool, tgt_len: int, batch: int,
                       src_len: int, dtype):
        """The additive mask broadcasting to the scores (N, num_heads, L, S'), S' counting
        the extra bias_k and zero keys, or None."""
        name = self.cls_name
        mask = None
        if attn_mask is not None:
            mask = _additive_mask(name, "attn_mask", attn_mask, dtype, allow_uint8=True)
            _check_mask_shape(name, "attn_mask", mask,
                              ((tgt_len, src_len), (batch * self.num_heads, tgt_len, src_len)))
            if mask.ndim == 3:
                mask = mask.reshape(batch, self.num_heads, tgt_len, src_len)
        if key_padding_mask is not None:
            padding = _additive_mask(name, "key_padding_mask", key_padding_mask, dtype, allow_uint8=False)
            _check_mask_shape(name, "key_padding_mask", padding, ((batch, src_len),) if batched else ((src_len,),))
            padding = padding.reshape(batch, 1, 1, src_len)
            mask = padding if mask is None else mask + padding
        extra_keys = int(self.bias_k is not None) + int(self.add_zero_attn)
        if mask is not None and extra_keys:
            mask = ops.pad(mask, (0, extra_keys))
        return mask


# ---- encoder and decoder layers ------------------------------------------------------------
_ACTIVATIONS = {"relu": ops.relu, "gelu": ops.gelu}


def _check_activation(cell: str, activation):
    """'relu' / 'gelu', ops.relu / ops.gelu, or an nn.ReLU / nn.GELU Cell, as a callable."""
    if isinstance(activation, str):
        if activation not in _ACTIVATIONS:
            raise ValueError(f"For '{cell}', the 'activation' must be 'relu' or 'gelu', but got '{activation}'.")
        return _ACTIVATIONS[activation]
    if any(activation is fn for fn in _ACTIVATIONS.values()) or isinstance(activation, (ReLU, GELU)):
        return activation
    raise ValueError(f"For '{cell}', the 'activation' must be 'relu', 'gelu', ops.relu, ops.gelu, or an nn.ReLU "
                     f"or nn.GELU instance, but got {activation!r}.")


class _TransformerLayer(Cell):
    """What the encoder and decoder layers share: the settings (under MindSpore's
    attribute names; TransformerEncoder / TransformerDecoder read them to rebuild the
    layer), the activation (a callable), the self-attention and the feed-forward block
    dense2(dropout(activation(dense1(x))))."""

    def __init__(self, d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps, batch_first,
                 norm_first, dtype):
        super().__init__()
        name = self.cls_name
        check_positive_int(name, "d_model", d_model)
        check_positive_int(name, "nhead", nhead)
        check_positive_int(name, "dim_feedforward", dim_feedforward)
        check_float_range(name, "dropout", dropout, 0.0, 1.0, include_max=False)
        check_type(name, "layer_norm_eps", layer_norm_eps, (int, float))
        check_bool(name, "batch_first", batch_first)
        check_bool(name, "norm_first", norm_first)
        self.activation = _check_activation(name, activation)
        self.self_attn = MultiheadAttention(d_model, nhead, dropout=dropout, batch_first=batch_first, dtype=dtype)
        self.d_model, self.nhead, self.dim_feedforward = d_model, nhead, dim_feedforward
        self.dropout_num, self.layernorm_eps = dropout, layer_norm_eps
        self.batch_first, self.norm_first, self.dtype = batch_first, norm_first, dtype

    def _build_feedforward(self) -> None:
        d_model, dim_feedforward, dtype = self.d_model, self.dim_feedforward, self.dtype
        self.dense1 = Dense(d_model, dim_feedforward, dtype=dtype)
        self.dropout = Dropout(p=self.dropout_num)
        self.dense2 = Dense(dim_feedforward, d_model, dtype=dtype)

    def _norm(self) -> LayerNorm:
        return LayerNorm((self.d_model,), epsilon=self.layernorm_eps, dtype=self.dtype)

    def _sa_block(self, x, attn_mask, key_padding_mask):
        x = self.self_attn(x, x, x, key_padding_mask=key_padding_mask, need_weights=False, attn_mask=attn_mask)[0]
        return self.dropout1(x)

    def _ff_block(self, x, dropout: Dropout):
        return dropout(self.dense2(self.dropout(self.activation(self.dense1(x)))))


class TransformerEncoderLayer(_TransformerLayer):
    """TransformerEncoderLayer(d_model, nhead, dim_feedforward=2048, dropout=0.1,
    activation='relu', layer_norm_eps=1e-5, batch_first=False, norm_first=False,
    dtype=mstype.float32)

    Self-attention then a feed-forward block, each with dropout, a residual connection
    and LayerNorm: after the residual (x = norm(x + block(x))) or, with norm_first, before
    the block (x = x + block(norm(x))). activation: 'relu', 'gelu', ops.relu, ops.gelu
    or an nn.ReLU / nn.GELU instance.

    Inputs: src (S, N, d_model) (batch first with batch_first, or unbatched (S,
    d_model)); src_mask and src_key_padding_mask as MultiheadAttention's attn_mask and
    key_padding_mask. Output: src's shape.
    """

    def __init__(self, d_model: int, nhead: int, dim_feedforward: int = 2048, dropout: float = 0.1,
                 activation="relu", layer_norm_eps: float = 1e-5, batch_first: bool = False,
                 norm_first: bool = False, dtype=mstype.float32):
        super().__init__(d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps, batch_first,
                         norm_first, dtype)
        self._build_feedforward()
        self.norm1 = self._norm()
        self.norm2 = self._norm()
        self.dropout1 = Dropout(p=dropout)
        self.dropout2 = Dropout(p=dropout)

    def construct(self, src, src_mask=None, src_key_padding_mask=None):
        x = src
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), src_mask, src_key_padding_mask)
            return x + self._ff_block(self.norm2(x), self.dropout2)
        x = self.norm1(x + self._sa_block(x, src_mask, src_key_padding_mask))
        return self.norm2(x + self._ff_block(x, self.dropout2))


class TransformerDecoderLayer(_TransformerLayer):
    """TransformerDecoderLayer(d_model, nhead, dim_feedforward=2048, dropout=0.1,
    activation='relu', layer_norm_eps=1e-5, batch_first=False, norm_first=False,
    dtype=mstype.float32)

    Self-attention over the target, attention from the target to `memory` (the encoder's
    output), then a feed-forward block; each with dropout, a residual connection and
    LayerNorm after (or, with norm_first, before) the block.

    Inputs: tgt (T, N, d_model), memory (S, N, d_model) (batch first with batch_first);
    tgt_mask / tgt_key_padding_mask for the self-attention, memory_mask /
    memory_key_padding_mask for the attention to memory (see MultiheadAttention).
    Output: tgt's shape.
    """

    def __init__(self, d_model: int, nhead: int, dim_feedforward: int = 2048, dropout: float = 0.1,
                 activation="relu", layer_norm_eps: float = 1e-5, batch_first: bool = False,
                 norm_first: bool = False, dtype=mstype.float32):
        super().__init__(d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps, batch_first,
                         norm_first, dtype)
        self.multihead_attn = MultiheadAttention(d_model, nhead, dropout=dropout, batch_first=batch_first,
                                                 dtype=dtype)
        self._build_feedforward()
        self.norm1 = self._norm()
        self.norm2 = self._norm()
        self.norm3 = self._norm()
        self.dropout1 = Dropout(p=dropout)
        self.dropout2 = Dropout(p=dropout)
        self.dropout3 = Dropout(p=dropout)

    def construct(self, tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None,
                  memory_key_padding_mask=None):
        x = tgt
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), tgt_mask, tgt_key_padding_mask)
            x = x + self._mha_block(self.norm2(x), memory, memory_mask, memory_key_padding_mask)
            return x + self._ff_block(self.norm3(x), self.dropout3)
        x = self.norm1(x + self._sa_block(x, tgt_mask, tgt_key_padding_mask))
        x = self.norm2(x + self._mha_block(x, memory, memory_mask, memory_key_padding_mask))
        return self.norm3(x + self._ff_block(x, self.dropout3))

    def _mha_block(self, x, memory, attn_mask, key_padding_mask):
        x = self.multihead_attn(x, memory, memory, key_padding_mask=key_padding_mask, need_weights=False,
                                attn_mask=attn_mask)[0]
        return self.dropout2(x)


# ---- stacks --------------------------------------------------------------------------------
def _stack(owner: str, layer_cls, layer, num_layers, norm) -> tuple:
    """`num_layers` copies of a fresh layer built with `layer`'s settings (as MindSpore
    does: the copies start equal, and not from `layer`'s values), and the checked norm."""
    if not isinstance(layer, layer_cls):
        raise TypeError(f"For '{owner}', the layer must be a {layer_cls.__name__}, but got "
                        f"{type(layer).__name__}.")
    check_positive_int(owner, "num_layers", num_layers)
    if norm is not None and not isinstance(norm, Cell):
        raise TypeError(f"For '{owner}', the 'norm' must be a Cell or None, but got {type(norm).__name__}.")
    fresh = layer_cls(layer.d_model, layer.nhead, layer.dim_feedforward, layer.dropout_num, layer.activation,
                      layer.layernorm_eps, layer.batch_first, layer.norm_first, dtype=layer.dtype)
    return CellList([copy.deepcopy(fresh) for _ in range(num_layers)]), norm


class TransformerEncoder(Cell):
    """TransformerEncoder(encoder_layer, num_layers, norm=None)

    `num_layers` TransformerEncoderLayers with encoder_layer's settings (`layers`, a
    CellList), then `norm` (a Cell, typically LayerNorm) when given.

    Inputs: src, src_mask=None, src_key_padding_mask=None, as for the layer. Output:
    src's shape.
    """

    def __init__(self, encoder_layer, num_layers, norm=None):
        super().__init__()
        self.layers, self.norm = _stack(self.cls_name, TransformerEncoderLayer, encoder_layer, num_layers, norm)
        self.num_layers = num_layers

    def construct(self, src, src_mask=None, src_key_padding_mask=None):
        output = src
        for layer in self.layers:
            output = layer(output, src_mask=src_mask, src_key_padding_mask=src_key_padding_mask)
        return output if self.norm is None else self.norm(output)


class TransformerDecoder(Cell):
    """TransformerDecoder(decoder_layer, num_layers, norm=None)

    `num_layers` TransformerDecoderLayers with decoder_layer's settings (`layers`, a
    CellList), each attending to the same memory, then `norm` when given.

    Inputs: tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None,
    memory_key_padding_mask=None, as for the layer. Output: tgt's shape.
    """

    def __init__(self, decoder_layer, num_layers, norm=None):
        super().__init__()
        self.layers, self.norm = _stack(self.cls_name, TransformerDecoderLayer, decoder_layer, num_layers, norm)
        self.num_layers = num_layers

    def construct(self, tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None,
                  memory_key_padding_mask=None):
        output = tgt
        for layer in self.layers:
            output = layer(output, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                           tgt_key_padding_mask=tgt_key_padding_mask,
                           memory_key_padding_mask=memory_key_padding_mask)
        return output if self.norm is None else self.norm(output)


class Transformer(Cell):
    """Transformer(d_model=512, nhead=8, num_encoder_layers=6, num_decoder_layers=6,
    dim_feedforward=2048, dropout=0.1, activation='relu', custom_encoder=None,
    custom_decoder=None, layer_norm_eps=1e-5, batch_first=False, norm_first=False,
    dtype=mstype.float32)

    An encoder (num_encoder_layers layers and a final LayerNorm, or custom_encoder) and a
    decoder (likewise) attending to the encoder's output. Every Parameter of two or more
    dimensions is re-drawn from Xavier-uniform, as in MindSpore.

    Inputs: src (S, N, d_model), tgt (T, N, d_model) (batch first with batch_first),
    src_mask, tgt_mask, memory_mask, src_key_padding_mask, tgt_key_padding_mask,
    memory_key_padding_mask (see MultiheadAttention). Output: tgt's shape.
    """

    def __init__(self, d_model: int = 512, nhead: int = 8, num_encoder_layers: int = 6,
                 num_decoder_layers: int = 6, dim_feedforward: int = 2048, dropout: float = 0.1,
                 activation="relu", custom_encoder=None, custom_decoder=None, layer_norm_eps: float = 1e-5,
                 batch_first: bool = False, norm_first: bool = False, dtype=mstype.float32):
        super().__init__()
        settings = (d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps, batch_first, norm_first)
        if custom_encoder is not None:
            self.encoder = custom_encoder
        else:
            encoder_layer = TransformerEncoderLayer(*settings, dtype=dtype)
            encoder_norm = LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype)
            self.encoder = TransformerEncoder(encoder_layer, num_encoder_layers, encoder_norm)
        if custom_decoder is not None:
            self.decoder = custom_decoder
        else:
            decoder_layer = TransformerDecoderLayer(*settings, dtype=dtype)
            decoder_norm = LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype)
            self.decoder = TransformerDecoder(decoder_layer, num_decoder_layers, decoder_norm)
        for param in self.get_parameters():
            if param.ndim > 1:
                param.set_data(initializer("xavier_uniform", param.shape, param.dtype))
        self.d_model = d_model
        self.nhead = nhead
        self.batch_first = batch_first

    def construct(self, src, tgt, src_mask=None, tgt_mask=None, memory_mask=None, src_key_padding_mask=None,
                  tgt_key_padding_mask=None, memory_key_padding_mask=None):
        self._check_inputs(src, tgt)
        memory = self.encoder(src, src_mask=src_mask, src_key_padding_mask=src_key_padding_mask)
        return self.decoder(tgt, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                            tgt_key_padding_mask=tgt_key_padding_mask,
                            memory_key_padding_mask=memory_key_padding_mask)

    def _check_inputs(self, src, tgt) -> None:
        name = self.cls_name
        for arg, tensor in (("src", src), ("tgt", tgt)):
            if not isinstance(tensor, Tensor):
                raise TypeError(f"For '{name}', the '{arg}' must be a Tensor, but got {type(tensor).__name__}.")
            if tensor.shape[-1:] != (self.d_model,):
                raise ValueError(f"For '{name}', the last dimension of '{arg}' must be d_model ({self.d_model}), "
                                 f"but got shape {tensor.shape}.")
        batch_axis = 0 if self.batch_first else 1
        if src.ndim == 3 and tgt.ndim == 3 and src.shape[batch_axis] != tgt.shape[batch_axis]:
            raise ValueError(f"For '{name}', 'src' and 'tgt' must have the same batch size, but got shapes "
                             f"{src.shape} and {tgt.shape}.")
