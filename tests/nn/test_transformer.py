"""MultiheadAttention and the Transformer layers against NumPy float64 references:
packed and separate projections, bool / float / uint8 masks, key padding, bias_k /
bias_v, zero attention, batch_first and unbatched inputs, averaged and per-head weights;
encoder and decoder layers (post- and pre-norm, relu and gelu), the stacks and the full
Transformer in inference; dropout in training only; Parameter names and shapes as
MindSpore 2.7 has them; argument and input errors; gradients against central
differences."""
import math

import numpy as np
import pytest

import spore as ms
from spore import Tensor, nn, ops
from spore.nn.layer.transformer import (
    MultiheadAttention,
    Transformer,
    TransformerDecoder,
    TransformerDecoderLayer,
    TransformerEncoder,
    TransformerEncoderLayer,
)
from tests.nn.test_rnn import check_parameter_gradients

F64 = {"rtol": 1e-9, "atol": 1e-11}
RNG = np.random.default_rng(0)


@pytest.fixture(autouse=True)
def seeded():
    """Initial values and dropout masks repeat from run to run."""
    ms.set_seed(0)


def rand(*shape):
    return RNG.standard_normal(shape)


def parameters(net) -> dict:
    """{attribute path: float64 value} of net's Parameters."""
    return {path: p.asnumpy().astype(np.float64) for path, p in net.parameters_and_names()}


def prefixed(params: dict, prefix: str) -> dict:
    return {name[len(prefix):]: value for name, value in params.items() if name.startswith(prefix)}


# ---- NumPy reference -----------------------------------------------------------------------
def softmax(x):
    top = np.max(x, -1, keepdims=True)
    e = np.exp(x - np.where(np.isfinite(top), top, 0))
    return e / e.sum(-1, keepdims=True)


def additive(mask):
    """A mask as a float64 array to add to the scores: True (or nonzero uint8) -> -inf."""
    if mask is None:
        return None
    if mask.dtype in (np.bool_, np.uint8):
        return np.where(mask.astype(bool), -np.inf, 0.0)
    return mask.astype(np.float64)


def reference_attention(p, query, key, value, num_heads, key_padding_mask=None, attn_mask=None, average=True,
                        batch_first=False, add_zero_attn=False):
    """MultiheadAttention with the Parameter values `p` (by attribute path)."""
    batched = query.ndim == 3
    if not batched:
        query, key, value = query[:, None], key[:, None], value[:, None]
        if key_padding_mask is not None:
            key_padding_mask = key_padding_mask[None]
    elif batch_first:
        query, key, value = (t.transpose(1, 0, 2) for t in (query, key, value))
    tgt_len, batch, embed = query.shape
    src_len = key.shape[0]
    if "in_proj_weight" in p:
        w_q, w_k, w_v = np.split(p["in_proj_weight"], 3)
    else:
        w_q, w_k, w_v = p["q_proj_weight"], p["k_proj_weight"], p["v_proj_weight"]
    b_q, b_k, b_v = np.split(p["in_proj_bias"], 3) if "in_proj_bias" in p else (0, 0, 0)
    q, k, v = query @ w_q.T + b_q, key @ w_k.T + b_k, value @ w_v.T + b_v
    if "bias_k" in p:
        k = np.concatenate([k, np.tile(p["bias_k"], (1, batch, 1))])
        v = np.concatenate([v, np.tile(p["bias_v"], (1, batch, 1))])
    head_dim = embed // num_heads

    def heads(t):  # (seq, N, E) -> (N, heads, seq, head_dim)
        return t.reshape(t.shape[0], batch, num_heads, head_dim).transpose(1, 2, 0, 3)

    q, k, v = heads(q), heads(k), heads(v)
    if add_zero_attn:
        zeros = np.zeros((batch, num_heads, 1, head_dim))
        k, v = np.concatenate([k, zeros], 2), np.concatenate([v, zeros], 2)
    mask = np.zeros((batch, num_heads, tgt_len, src_len))
    if attn_mask is not None:
        attn_mask = additive(attn_mask)
        mask = mask + (attn_mask.reshape(mask.shape) if attn_mask.ndim == 3 else attn_mask)
    if key_padding_mask is not None:
        mask = mask + additive(key_padding_mask).reshape(batch, 1, 1, src_len)
    mask = np.concatenate([mask, np.zeros((batch, num_heads, tgt_len, k.shape[2] - src_len))], -1)
    weights = softmax(q @ k.transpose(0, 1, 3, 2) / math.sqrt(head_dim) + mask)
    output = (weights @ v).transpose(2, 0, 1, 3).reshape(tgt_len, batch, embed)
    output = output @ p["out_proj.weight"].T + p.get("out_proj.bias", 0)
    if average:
        weights = weights.mean(1)
    if not batched:
        return output[:, 0], weights[0]
    return (output.transpose(1, 0, 2) if batch_first else output), weights


def layer_norm(x, p, name, eps):
    mean, var = x.mean(-1, keepdims=True), x.var(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * p[name + ".gamma"] + p[name + ".beta"]


def relu(x):
    return np.maximum(x, 0)


ERF = np.vectorize(math.erf)


def gelu(x):
    return 0.5 * x * (1 + ERF(x / math.sqrt(2)))


def feedforward(p, x, activation):
    hidden = activation(x @ p["dense1.weight"].T + p["dense1.bias"])
    return hidden @ p["dense2.weight"].T + p["dense2.bias"]


def reference_encoder_layer(p, x, nhead, norm_first=False, activation=relu, mask=None, padding=None,
                            batch_first=False, eps=1e-5):
    def attend(y):
        return reference_attention(prefixed(p, "self_attn."), y, y, y, nhead, padding, mask,
                                   batch_first=batch_first)[0]

    if norm_first:
        x = x + attend(layer_norm(x, p, "norm1", eps))
        return x + feedforward(p, layer_norm(x, p, "norm2", eps), activation)
    x = layer_norm(x + attend(x), p, "norm1", eps)
    return layer_norm(x + feedforward(p, x, activation), p, "norm2", eps)


def reference_decoder_layer(p, x, memory, nhead, norm_first=False, activation=relu, tgt_mask=None,
                            memory_mask=None, tgt_padding=None, memory_padding=None, batch_first=False, eps=1e-5):
    def attend_self(y):
        return reference_attention(prefixed(p, "self_attn."), y, y, y, nhead, tgt_padding, tgt_mask,
                                   batch_first=batch_first)[0]

    def attend_memory(y):
        return reference_attention(prefixed(p, "multihead_attn."), y, memory, memory, nhead, memory_padding,
                                   memory_mask, batch_first=batch_first)[0]

    if norm_first:
        x = x + attend_self(layer_norm(x, p, "norm1", eps))
        x = x + attend_memory(layer_norm(x, p, "norm2", eps))
        return x + feedforward(p, layer_norm(x, p, "norm3", eps), activation)
    x = layer_norm(x + attend_self(x), p, "norm1", eps)
    x = layer_norm(x + attend_memory(x), p, "norm2", eps)
    return layer_norm(x + feedforward(p, x, activation), p, "norm3", eps)


# ---- MultiheadAttention ----------------------------------------------------------------------
L, S, N, E = 4, 5, 2, 8
QUERY, KEY = rand(L, N, E), rand(S, N, E)
PADDING = np.array([[False, False, True, False, True], [False] * S])
FLOAT_MASK = rand(L, S)
BOOL_MASK = RNG.random((L, S)) < 0.3
MASK_3D = rand(N * 2, L, S)


def batch_first(t):
    return t.transpose(1, 0, 2).copy()


@pytest.mark.parametrize("settings, inputs, masks", [
    ({}, (QUERY, KEY, KEY), {}),
    ({}, (QUERY, QUERY, QUERY), {"average_attn_weights": False}),
    ({}, (QUERY, KEY, KEY), {"key_padding_mask": PADDING}),
    ({}, (QUERY, KEY, KEY), {"key_padding_mask": np.where(PADDING, -1.5, 0.25)}),
    ({}, (QUERY, KEY, KEY), {"attn_mask": FLOAT_MASK}),
    ({}, (QUERY, KEY, KEY), {"attn_mask": BOOL_MASK}),
    ({}, (QUERY, KEY, KEY), {"attn_mask": BOOL_MASK.astype(np.uint8)}),
    ({}, (QUERY, KEY, KEY), {"attn_mask": MASK_3D, "average_attn_weights": False}),
    ({}, (QUERY, KEY, KEY), {"attn_mask": BOOL_MASK, "key_padding_mask": PADDING}),
    ({}, (QUERY, KEY, KEY), {"attn_mask": FLOAT_MASK, "key_padding_mask": PADDING}),
    ({"kdim": 3, "vdim": 6}, (QUERY, rand(S, N, 3), rand(S, N, 6)), {"key_padding_mask": PADDING}),
    ({"add_bias_kv": True}, (QUERY, KEY, KEY), {"attn_mask": BOOL_MASK, "key_padding_mask": PADDING}),
    ({"add_zero_attn": True}, (QUERY, KEY, KEY), {"attn_mask": FLOAT_MASK, "key_padding_mask": PADDING}),
    ({"add_bias_kv": True, "add_zero_attn": True}, (QUERY, KEY, KEY), {}),
    ({"has_bias": False}, (QUERY, KEY, KEY), {}),
    ({"batch_first": True}, (batch_first(QUERY), batch_first(KEY), batch_first(KEY)),
     {"key_padding_mask": PADDING}),
    ({}, (QUERY[:, 0], KEY[:, 0], KEY[:, 0]), {"key_padding_mask": PADDING[0], "attn_mask": MASK_3D[:2]}),
    ({"batch_first": True}, (QUERY[:, 0], KEY[:, 0], KEY[:, 0]), {"attn_mask": BOOL_MASK}),
])
def test_multihead_attention(settings, inputs, masks):
    net = MultiheadAttention(E, 2, dtype=ms.float64, **settings)
    arrays = {name: value for name, value in masks.items() if isinstance(value, np.ndarray)}
    output, weights = net(*(Tensor(t) for t in inputs), **{**masks, **{k: Tensor(v) for k, v in arrays.items()}})
    expected_output, expected_weights = reference_attention(
        parameters(net), *inputs, 2, masks.get("key_padding_mask"), masks.get("attn_mask"),
        masks.get("average_attn_weights", True), settings.get("batch_first", False),
        settings.get("add_zero_attn", False))
    np.testing.assert_allclose(output.asnumpy(), expected_output, **F64)
    np.testing.assert_allclose(weights.asnumpy(), expected_weights, **F64)


def test_attention_masks_hide_keys():
    net = MultiheadAttention(E, 2, dtype=ms.float64)
    _, weights = net(Tensor(QUERY), Tensor(KEY), Tensor(KEY), key_padding_mask=Tensor(PADDING),
                     attn_mask=Tensor(BOOL_MASK), average_attn_weights=False)
    hidden = BOOL_MASK[None, None] | PADDING[:, None, None, :]
    np.testing.assert_array_equal(weights.asnumpy()[np.broadcast_to(hidden, weights.shape)], 0)
    np.testing.assert_allclose(weights.asnumpy().sum(-1), 1, **F64)


def test_need_weights_false_returns_the_output_alone():
    net = MultiheadAttention(E, 4, dtype=ms.float64)
    result = net(Tensor(QUERY), Tensor(KEY), Tensor(KEY), need_weights=False)
    assert isinstance(result, tuple) and len(result) == 1
    np.testing.assert_allclose(result[0].asnumpy(), net(Tensor(QUERY), Tensor(KEY), Tensor(KEY))[0].asnumpy(),
                               **F64)


def test_float32_attention():
    net = MultiheadAttention(E, 2)
    query = QUERY.astype(np.float32)
    output, weights = net(Tensor(query), Tensor(query), Tensor(query), attn_mask=Tensor(BOOL_MASK[:, :L]))
    assert output.dtype == weights.dtype == ms.float32
    expected = reference_attention(parameters(net), QUERY, QUERY, QUERY, 2, attn_mask=BOOL_MASK[:, :L])
    np.testing.assert_allclose(output.asnumpy(), expected[0], rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(weights.asnumpy(), expected[1], rtol=1e-5, atol=1e-6)


def test_attention_dropout_in_training_only():
    net = MultiheadAttention(E, 2, dropout=0.5, dtype=ms.float64)
    args = (Tensor(QUERY), Tensor(KEY), Tensor(KEY))
    expected = reference_attention(parameters(net), QUERY, KEY, KEY, 2)
    np.testing.assert_allclose(net(*args)[0].asnumpy(), expected[0], **F64)
    net.set_train()
    _, weights = net(*args, average_attn_weights=False)
    values = weights.asnumpy()
    assert (values == 0).any()
    # the kept weights are scaled by 1 / (1 - p)
    kept = values != 0
    np.testing.assert_allclose(values[kept], 2 * softmax_weights(net)[kept], **F64)


def softmax_weights(net):
    """The per-head attention weights of net (in inference) for QUERY, KEY."""
    return reference_attention(parameters(net), QUERY, KEY, KEY, 2, average=False)[1]


# ---- encoder and decoder layers ------------------------------------------------------------
@pytest.mark.parametrize("norm_first", [False, True])
@pytest.mark.parametrize("activation, reference", [("relu", relu), ("gelu", gelu), (ops.gelu, gelu),
                                                   (nn.ReLU(), relu)])
def test_encoder_layer(norm_first, activation, reference):
    layer = TransformerEncoderLayer(E, 2, 16, norm_first=norm_first, activation=activation, dtype=ms.float64)
    layer.set_train(False)
    src = rand(L, N, E)
    mask, padding = BOOL_MASK[:, :L], PADDING[:, :L]
    out = layer(Tensor(src), src_mask=Tensor(mask), src_key_padding_mask=Tensor(padding))
    expected = reference_encoder_layer(parameters(layer), src, 2, norm_first, reference, mask, padding)
    np.testing.assert_allclose(out.asnumpy(), expected, **F64)



@pytest.mark.parametrize("batch_first", [False, True])
def test_encoder_layer_without_masks(batch_first):
    """Self-attention without mask, weights or dropout runs the fused attention kernel."""
    layer = TransformerEncoderLayer(E, 2, 16, batch_first=batch_first, dtype=ms.float64).set_train(False)
    src = rand(N, L, E) if batch_first else rand(L, N, E)
    expected = reference_encoder_layer(parameters(layer), src, 2, batch_first=batch_first)
    np.testing.assert_allclose(layer(Tensor(src)).asnumpy(), expected, **F64)
    np.testing.assert_allclose(ms.jit(layer)(Tensor(src)).asnumpy(), expected, **F64)

@pytest.mark.parametrize("norm_first", [False, True])
@pytest.mark.parametrize("activation, reference", [("relu", relu), ("gelu", gelu)])
def test_decoder_layer(norm_first, activation, reference):
    layer = TransformerDecoderLayer(E, 2, 16, norm_first=norm_first, activation=activation, dtype=ms.float64)
    layer.set_train(False)
    tgt, memory = rand(L, N, E), rand(S, N, E)
    causal = np.triu(np.ones((L, L), bool), 1)
    out = layer(Tensor(tgt), Tensor(memory), tgt_mask=Tensor(causal), memory_mask=Tensor(FLOAT_MASK),
                memory_key_padding_mask=Tensor(PADDING))
    expected = reference_decoder_layer(parameters(layer), tgt, memory, 2, norm_first, reference, tgt_mask=causal,
                                       memory_mask=FLOAT_MASK, memory_padding=PADDING)
    np.testing.assert_allclose(out.asnumpy(), expected, **F64)


def test_layers_batch_first():
    encoder = TransformerEncoderLayer(E, 4, 16, batch_first=True, dtype=ms.float64).set_train(False)
    decoder = TransformerDecoderLayer(E, 4, 16, batch_first=True, dtype=ms.float64).set_train(False)
    src, tgt = rand(N, S, E), rand(N, L, E)
    out = encoder(Tensor(src), src_key_padding_mask=Tensor(PADDING))
    np.testing.assert_allclose(out.asnumpy(), reference_encoder_layer(
        parameters(encoder), src, 4, padding=PADDING, batch_first=True), **F64)
    out = decoder(Tensor(tgt), Tensor(src))
    np.testing.assert_allclose(out.asnumpy(), reference_decoder_layer(
        parameters(decoder), tgt, src, 4, batch_first=True), **F64)


def test_layer_dropout_in_training_only():
    layer = TransformerEncoderLayer(E, 2, 16, dropout=0.3, dtype=ms.float64)
    src = Tensor(rand(L, N, E))
    layer.set_train(False)
    first, second = layer(src).asnumpy(), layer(src).asnumpy()
    np.testing.assert_array_equal(first, second)
    layer.set_train(True)
    assert not np.allclose(layer(src).asnumpy(), first)


# ---- stacks ----------------------------------------------------------------------------------
def test_encoder_stack():
    encoder = TransformerEncoder(TransformerEncoderLayer(E, 2, 16, dtype=ms.float64), 3,
                                 nn.LayerNorm((E,), epsilon=1e-5, dtype=ms.float64)).set_train(False)
    params = parameters(encoder)
    src, mask = rand(L, N, E), np.triu(np.ones((L, L), bool), 1)
    expected = src
    for i in range(3):
        expected = reference_encoder_layer(prefixed(params, f"layers.{i}."), expected, 2, mask=mask)
    expected = layer_norm(expected, params, "norm", 1e-5)
    np.testing.assert_allclose(encoder(Tensor(src), src_mask=Tensor(mask)).asnumpy(), expected, **F64)


def test_decoder_stack():
    decoder = TransformerDecoder(TransformerDecoderLayer(E, 2, 16, norm_first=True, dtype=ms.float64), 2)
    decoder.set_train(False)
    params = parameters(decoder)
    tgt, memory = rand(L, N, E), rand(S, N, E)
    expected = tgt
    for i in range(2):
        expected = reference_decoder_layer(prefixed(params, f"layers.{i}."), expected, memory, 2, norm_first=True,
                                           memory_padding=PADDING)
    out = decoder(Tensor(tgt), Tensor(memory), memory_key_padding_mask=Tensor(PADDING))
    np.testing.assert_allclose(out.asnumpy(), expected, **F64)


def test_stack_layers_are_equal_copies_of_a_fresh_layer():
    layer = TransformerEncoderLayer(E, 2, 16, activation="gelu", norm_first=True)
    encoder = TransformerEncoder(layer, 2)
    first, second = encoder.layers[0], encoder.layers[1]
    assert first.norm_first and first.activation is ops.gelu
    for (name, a), (_, b), (_, c) in zip(first.parameters_and_names(), second.parameters_and_names(),
                                         layer.parameters_and_names()):
        assert a is not b
        np.testing.assert_array_equal(a.asnumpy(), b.asnumpy())
        if name.endswith("weight"):
            assert not np.array_equal(a.asnumpy(), c.asnumpy())


def test_transformer():
    net = Transformer(E, 2, 2, 1, 16, dtype=ms.float64).set_train(False)
    params = parameters(net)
    src, tgt = rand(S, N, E), rand(L, N, E)
    causal = np.triu(np.ones((L, L), bool), 1)
    memory = src
    for i in range(2):
        memory = reference_encoder_layer(prefixed(params, f"encoder.layers.{i}."), memory, 2, padding=PADDING)
    memory = layer_norm(memory, params, "encoder.norm", 1e-5)
    expected = reference_decoder_layer(prefixed(params, "decoder.layers.0."), tgt, memory, 2, tgt_mask=causal,
                                       memory_padding=PADDING)
    expected = layer_norm(expected, params, "decoder.norm", 1e-5)
    out = net(Tensor(src), Tensor(tgt), tgt_mask=Tensor(causal), src_key_padding_mask=Tensor(PADDING),
              memory_key_padding_mask=Tensor(PADDING))
    np.testing.assert_allclose(out.asnumpy(), expected, **F64)


def test_transformer_redraws_matrices_from_xavier_uniform():
    net = Transformer(16, 2, 2, 2, 32)
    matrices = [p for p in net.get_parameters() if p.ndim > 1]
    for p in matrices:
        fan_out, fan_in = p.shape
        assert np.abs(p.asnumpy()).max() <= math.sqrt(6 / (fan_in + fan_out))
    first, second = net.encoder.layers[0].dense1.weight, net.encoder.layers[1].dense1.weight
    assert not np.array_equal(first.asnumpy(), second.asnumpy())


def test_custom_encoder_and_decoder():
    encoder = TransformerEncoder(TransformerEncoderLayer(E, 2, 16), 1)
    decoder = TransformerDecoder(TransformerDecoderLayer(E, 2, 16), 1)
    net = Transformer(E, 2, custom_encoder=encoder, custom_decoder=decoder)
    assert net.encoder is encoder and net.decoder is decoder
    assert net(Tensor(rand(S, N, E).astype(np.float32)), Tensor(rand(L, N, E).astype(np.float32))).shape == (L, N, E)


# ---- Parameters ------------------------------------------------------------------------------
def test_attention_parameter_names():
    net = MultiheadAttention(8, 2)
    assert [(p.name, p.shape) for p in net.get_parameters()] == [
        ("in_proj_weight", (24, 8)), ("in_proj_bias", (24,)), ("out_proj.weight", (8, 8)), ("out_proj.bias", (8,))]
    net = MultiheadAttention(8, 2, kdim=3, vdim=5, add_bias_kv=True, has_bias=False)
    assert [(p.name, p.shape) for p in net.get_parameters()] == [
        ("q_proj_weight", (8, 8)), ("k_proj_weight", (8, 3)), ("v_proj_weight", (8, 5)), ("bias_k", (1, 1, 8)),
        ("bias_v", (1, 1, 8)), ("out_proj.weight", (8, 8))]
    assert net.in_proj_weight is None and net.in_proj_bias is None


def test_attention_initialization():
    net = MultiheadAttention(64, 4)
    bound = math.sqrt(6 / (64 + 3 * 64))
    weights = net.in_proj_weight.asnumpy()
    assert bound * 0.95 < np.abs(weights).max() <= bound
    np.testing.assert_array_equal(net.in_proj_bias.asnumpy(), 0)
    assert np.abs(net.out_proj.weight.asnumpy()).max() <= 1 / 8


LAYER_NAMES = ["self_attn.in_proj_weight", "self_attn.in_proj_bias", "self_attn.out_proj.weight",
               "self_attn.out_proj.bias"]
FEEDFORWARD_NAMES = ["dense1.weight", "dense1.bias", "dense2.weight", "dense2.bias"]


def norm_names(count):
    return [f"norm{i}.{p}" for i in range(1, count + 1) for p in ("gamma", "beta")]


def test_layer_parameter_names():
    encoder = TransformerEncoderLayer(8, 2, 16)
    assert [p.name for p in encoder.get_parameters()] == LAYER_NAMES + FEEDFORWARD_NAMES + norm_names(2)
    assert encoder.dense1.weight.shape == (16, 8) and encoder.dense2.weight.shape == (8, 16)
    decoder = TransformerDecoderLayer(8, 2, 16)
    cross = [name.replace("self_attn", "multihead_attn") for name in LAYER_NAMES]
    assert [p.name for p in decoder.get_parameters()] == LAYER_NAMES + cross + FEEDFORWARD_NAMES + norm_names(3)


def test_transformer_parameter_names():
    net = Transformer(8, 2, 2, 1, 16)
    encoder = [f"encoder.layers.{i}.{n}" for i in range(2) for n in LAYER_NAMES + FEEDFORWARD_NAMES + norm_names(2)]
    cross = [name.replace("self_attn", "multihead_attn") for name in LAYER_NAMES]
    decoder = [f"decoder.layers.0.{n}" for n in LAYER_NAMES + cross + FEEDFORWARD_NAMES + norm_names(3)]
    expected = encoder + ["encoder.norm.gamma", "encoder.norm.beta"] + decoder + ["decoder.norm.gamma",
                                                                                   "decoder.norm.beta"]
    assert [p.name for p in net.get_parameters()] == expected


# ---- errors ----------------------------------------------------------------------------------
@pytest.mark.parametrize("make, error, match", [
    (lambda: MultiheadAttention(8, 3), ValueError, "For 'MultiheadAttention'.*divisible"),
    (lambda: MultiheadAttention(8.0, 2), TypeError, "For 'MultiheadAttention'.*embed_dim"),
    (lambda: MultiheadAttention(8, 0), ValueError, "num_heads"),
    (lambda: MultiheadAttention(8, 2, kdim=0), ValueError, "kdim"),
    (lambda: MultiheadAttention(8, 2, dropout=1.5), ValueError, "dropout"),
    (lambda: MultiheadAttention(8, 2, batch_first=1), TypeError, "batch_first"),
    (lambda: TransformerEncoderLayer(8, 3), ValueError, "For 'MultiheadAttention'.*divisible"),
    (lambda: TransformerEncoderLayer(8, 2, activation="tanh"), ValueError,
     "For 'TransformerEncoderLayer'.*activation"),
    (lambda: TransformerDecoderLayer(8, 2, activation=ops.tanh), ValueError, "activation"),
    (lambda: TransformerDecoderLayer(8, 2, activation=nn.Tanh()), ValueError, "activation"),
    (lambda: TransformerEncoderLayer(8, 2, dropout=1.0), ValueError, "dropout"),
    (lambda: TransformerEncoderLayer(8, 2, norm_first=None), TypeError, "norm_first"),
    (lambda: TransformerEncoder(TransformerDecoderLayer(8, 2, 16), 2), TypeError,
     "For 'TransformerEncoder'.*TransformerEncoderLayer"),
    (lambda: TransformerDecoder(TransformerDecoderLayer(8, 2, 16), 0), ValueError, "num_layers"),
    (lambda: TransformerEncoder(TransformerEncoderLayer(8, 2, 16), 1, norm="ln"), TypeError, "norm"),
])
def test_argument_errors(make, error, match):
    with pytest.raises(error, match=match):
        make()


Q = Tensor(QUERY.astype(np.float32))
K = Tensor(KEY.astype(np.float32))


@pytest.mark.parametrize("kwargs, error, match", [
    ({"query": QUERY}, TypeError, "'query' must be a Tensor"),
    ({"key": Tensor(KEY[:, :, :4].astype(np.float32))}, ValueError, "last dimension of 'key' must be 8"),
    ({"value": K[:, 0]}, ValueError, "3-D"),
    ({"query": Tensor(np.zeros((2, 4, 3, 8), np.float32))}, ValueError, "3-D"),
    ({"value": K[:4]}, ValueError, "same sequence length"),
    ({"key": Tensor(np.zeros((S, 3, E), np.float32)), "value": Tensor(np.zeros((S, 3, E), np.float32))},
     ValueError, "same batch size"),
    ({"key_padding_mask": Tensor(PADDING.astype(np.int32))}, ValueError, "dtype of 'key_padding_mask'"),
    ({"key_padding_mask": Tensor(PADDING.astype(np.uint8))}, ValueError, "key_padding_mask"),
    ({"key_padding_mask": Tensor(PADDING[:, :4])}, ValueError, r"shape of 'key_padding_mask'.*\(2, 5\)"),
    ({"attn_mask": Tensor(BOOL_MASK.astype(np.int32))}, ValueError, "dtype of 'attn_mask'"),
    ({"attn_mask": Tensor(BOOL_MASK[:3])}, ValueError, r"shape of 'attn_mask'.*\(4, 5\) or \(4, 4, 5\)"),
    ({"attn_mask": Tensor(MASK_3D[:2])}, ValueError, "attn_mask"),
    ({"attn_mask": BOOL_MASK}, TypeError, "attn_mask"),
])
def test_attention_input_errors(kwargs, error, match):
    args = {"query": Q, "key": K, "value": K, **kwargs}
    with pytest.raises(error, match=match):
        MultiheadAttention(E, 2)(**args)


def test_transformer_input_errors():
    net = Transformer(E, 2, 1, 1, 16)
    src = Tensor(rand(S, N, E).astype(np.float32))
    with pytest.raises(ValueError, match="For 'Transformer'.*'tgt' must be d_model"):
        net(src, Tensor(np.zeros((L, N, 4), np.float32)))
    with pytest.raises(ValueError, match="same batch size"):
        net(src, Tensor(np.zeros((L, 3, E), np.float32)))


# ---- gradients -------------------------------------------------------------------------------
def test_attention_gradients():
    net = MultiheadAttention(E, 2, add_bias_kv=True, kdim=6, dtype=ms.float64)
    query, key, value, weights = Tensor(QUERY), Tensor(rand(S, N, 6)), Tensor(KEY), Tensor(rand(L, N, E))
    padding, mask = Tensor(PADDING), Tensor(FLOAT_MASK)

    def loss():
        output, attention = net(query, key, value, key_padding_mask=padding, attn_mask=mask)
        return (output * weights).sum() + (attention * attention).sum()

    check_parameter_gradients(net, loss)


def test_encoder_layer_gradients():
    layer = TransformerEncoderLayer(E, 2, 16, dropout=0.0, activation="gelu", dtype=ms.float64).set_train()
    src, weights = Tensor(rand(L, N, E)), Tensor(rand(L, N, E))

    def loss():
        return (layer(src, src_key_padding_mask=Tensor(PADDING[:, :L])) * weights).sum()

    check_parameter_gradients(layer, loss)


@pytest.mark.parametrize("batch_first", [False, True])
def test_encoder_layer_gradients_through_the_fused_attention(batch_first):
    layer = TransformerEncoderLayer(E, 2, 16, dropout=0.0, batch_first=batch_first, dtype=ms.float64).set_train()
    src, weights = Tensor(rand(L, N, E)), Tensor(rand(L, N, E))

    def loss():
        return (layer(src) * weights).sum()

    check_parameter_gradients(layer, loss)
