"""Basic layers and Embedding against NumPy float64 references: Dense / Linear, Flatten,
Unflatten, Identity, the dropouts, the padding layers, Upsample, Embedding. Also their
default initialization, Parameter names, train / predict behaviour, argument errors and
reprs (as MindSpore 2.7 prints them)."""
import math

import numpy as np
import pytest

import spore as ms
from spore import Tensor, nn, ops
from spore.common.initializer import Normal, One

RNG = np.random.default_rng(0)


@pytest.fixture(autouse=True)
def seeded():
    """Initial values and dropout masks repeat from run to run."""
    ms.set_seed(0)


def rand(*shape, dtype=np.float32):
    return RNG.standard_normal(shape).astype(dtype)


def run(cell, x, **kwargs):
    return cell(Tensor(x), **kwargs).asnumpy()


# ---- Dense / Linear -------------------------------------------------------------------------
@pytest.mark.parametrize("shape", [(5, 4), (4,), (2, 3, 4), (2, 1, 3, 4), (0, 4)])
@pytest.mark.parametrize("has_bias", [True, False])
def test_dense_forward(shape, has_bias):
    dense = nn.Dense(4, 3, has_bias=has_bias)
    x = rand(*shape)
    expected = x.astype(np.float64) @ dense.weight.asnumpy().astype(np.float64).T
    if has_bias:
        expected = expected + dense.bias.asnumpy()
    np.testing.assert_allclose(run(dense, x), expected, rtol=1e-5, atol=1e-6)
    assert run(dense, x).shape == shape[:-1] + (3,)


@pytest.mark.parametrize("activation, reference", [
    ("relu", lambda v: np.maximum(v, 0)),
    (nn.ReLU(), lambda v: np.maximum(v, 0)),
    (ops.ReLU(), lambda v: np.maximum(v, 0)),
    ("softmax", lambda v: np.exp(v) / np.exp(v).sum(-1, keepdims=True)),
])
def test_dense_activation(activation, reference):
    dense = nn.Dense(4, 3, weight_init="normal", bias_init="zeros", activation=activation)
    x = rand(2, 4)
    linear = x.astype(np.float64) @ dense.weight.asnumpy().astype(np.float64).T
    np.testing.assert_allclose(run(dense, x), reference(linear), rtol=1e-5, atol=1e-6)


def test_dense_parameters_and_default_initialization():
    dense = nn.Dense(250, 400)
    assert [(p.name, p.shape, p.dtype) for p in dense.get_parameters()] == [
        ("weight", (400, 250), ms.float32), ("bias", (400,), ms.float32)]
    # The seed tutorials' defaults: N(0, 0.01^2) weights, zero bias.
    np.testing.assert_allclose(dense.weight.asnumpy().std(), 0.01, rtol=0.02)
    assert not dense.bias.asnumpy().any()


def test_dense_none_initializers_are_mindspore_2_3_defaults():
    dense = nn.Dense(250, 400, weight_init=None, bias_init=None)
    # HeUniform(sqrt(5)) weights and a uniform bias: both U(-1/sqrt(in), 1/sqrt(in)).
    bound = 1 / math.sqrt(250)
    for values in (dense.weight.asnumpy(), dense.bias.asnumpy()):
        assert np.abs(values).max() <= bound and np.abs(values).max() > 0.9 * bound
    np.testing.assert_allclose(dense.weight.asnumpy().std(), bound / math.sqrt(3), rtol=0.02)


def test_dense_initializers_and_dtype():
    weight = Tensor(np.arange(6, dtype=np.float64).reshape(3, 2))
    dense = nn.Dense(2, 3, weight_init=weight, bias_init=One(), dtype=ms.float16)
    assert dense.weight.dtype is ms.float64 and dense.bias.dtype is ms.float16
    np.testing.assert_array_equal(dense.weight.asnumpy(), weight.asnumpy())
    np.testing.assert_array_equal(dense.bias.asnumpy(), np.ones(3))
    assert nn.Dense(2, 3, weight_init=Normal(0.5), bias_init=2).bias.asnumpy().tolist() == [2, 2, 2]
    assert nn.Dense(2, 3, has_bias=False).bias is None


@pytest.mark.parametrize("build, error, match", [
    (lambda: nn.Dense(0, 3), ValueError, "in_channels"),
    (lambda: nn.Dense(2.0, 3), TypeError, "in_channels"),
    (lambda: nn.Dense(2, -1), ValueError, "out_channels"),
    (lambda: nn.Dense(2, 3, has_bias=1), TypeError, "has_bias"),
    (lambda: nn.Dense(2, 3, activation="nope"), KeyError, "Dense"),
    (lambda: nn.Dense(2, 3, activation=3), TypeError, "activation"),
    (lambda: nn.Dense(2, 3, weight_init=Tensor(np.ones((2, 3), np.float32))), ValueError, "weight_init"),
    (lambda: nn.Dense(2, 3, bias_init=Tensor(np.ones((2,), np.float32))), ValueError, "bias_init"),
    (lambda: nn.Dense(2, 3, weight_init="nope"), ValueError, "nope"),
    (lambda: nn.Linear(2, 3, bias="yes"), TypeError, "bias"),
])
def test_dense_argument_errors(build, error, match):
    with pytest.raises(error, match=match):
        build()


def test_dense_input_errors():
    with pytest.raises(ValueError, match=r"For 'Dense'.*must be 4.*\(2, 3\)"):
        nn.Dense(4, 3)(Tensor(rand(2, 3)))
    with pytest.raises(ValueError, match="Dense"):
        nn.Dense(4, 3)(Tensor(np.float32(1.0)))
    with pytest.raises(TypeError):
        nn.Dense(4, 3)(Tensor(np.ones((2, 4), np.int32)))


def test_linear():
    linear = nn.Linear(4, 3)
    x = rand(2, 5, 4)
    expected = x.astype(np.float64) @ linear.weight.asnumpy().T + linear.bias.asnumpy()
    np.testing.assert_allclose(run(linear, x), expected, rtol=1e-5, atol=1e-6)
    assert [p.name for p in linear.get_parameters()] == ["weight", "bias"]
    assert nn.Linear(2, 3, bias=False).bias is None


def test_dense_and_linear_reprs():
    assert repr(nn.Dense(2, 3)) == "Dense(input_channels=2, output_channels=3, has_bias=True)"
    assert repr(nn.Dense(2, 3, has_bias=False)) == "Dense(input_channels=2, output_channels=3)"
    assert repr(nn.Dense(2, 3, activation="relu")) == (
        "Dense(\n  input_channels=2, output_channels=3, has_bias=True, activation=ReLU()\n"
        "  (activation): ReLU()\n)")
    assert repr(nn.Linear(2, 3)) == "Linear(input_features=2, output_features=3, has_bias=True)"
    assert repr(nn.Linear(2, 3, bias=False)) == "Linear(input_features=2, output_features=3)"


# ---- shapes -------------------------------------------------------------------------------------
@pytest.mark.parametrize("args, shape, expected", [
    ((), (2, 3, 4, 5), (2, 60)),
    ((0,), (2, 3, 4), (24,)),
    ((1, 2), (2, 3, 4, 5), (2, 12, 5)),
    ((-2, -1), (2, 3, 4), (2, 12)),
    ((), (2,), (2,)),
])
def test_flatten(args, shape, expected):
    x = rand(*shape)
    np.testing.assert_array_equal(run(nn.Flatten(*args), x), x.reshape(expected))


def test_flatten_errors():
    with pytest.raises(TypeError, match="start_dim"):
        nn.Flatten(1.0)
    with pytest.raises(ValueError, match="end_dim"):
        nn.Flatten(1, 5)(Tensor(rand(2, 3)))


@pytest.mark.parametrize("axis, size, shape, expected", [
    (1, (2, 3), (4, 6, 5), (4, 2, 3, 5)),
    (-1, [2, -1], (4, 6), (4, 2, 3)),
    (0, (2, 2), (4,), (2, 2)),
    (-2, (3, 2), (2, 6, 5), (2, 3, 2, 5)),
])
def test_unflatten(axis, size, shape, expected):
    x = rand(*shape)
    np.testing.assert_array_equal(run(nn.Unflatten(axis, size), x), x.reshape(expected))


def test_unflatten_errors():
    with pytest.raises(TypeError, match="axis"):
        nn.Unflatten(1.0, (2, 2))
    with pytest.raises(TypeError, match="unflattened_size"):
        nn.Unflatten(1, 4)


def test_identity():
    x = Tensor(rand(2, 3))
    assert nn.Identity(3, unused=True)(x) is x
    assert repr(nn.Identity()) == "Identity()" and repr(nn.Flatten()) == "Flatten()"


# ---- dropout ------------------------------------------------------------------------------------
def test_dropout_is_identity_in_predict_mode():
    x = Tensor(rand(4, 5))
    assert nn.Dropout(p=0.5)(x) is x


@pytest.mark.parametrize("dropout, keep", [
    (nn.Dropout(p=0.3), 0.7), (nn.Dropout(keep_prob=0.6), 0.6), (nn.Dropout(), 0.5), (nn.Dropout(p=0), 1.0),
])
def test_dropout_in_training(dropout, keep):
    dropout.set_train()
    x = np.ones((200, 500), np.float32)
    out = run(dropout, x)
    kept = out != 0
    np.testing.assert_allclose(out[kept], 1 / keep, rtol=1e-6)
    np.testing.assert_allclose(kept.mean(), keep, atol=0.01)


def test_dropout_repeats_under_set_seed():
    x = np.ones((8, 8), np.float32)
    ms.set_seed(11)
    first = run(nn.Dropout(p=0.5).set_train(), x)
    ms.set_seed(11)
    again = run(nn.Dropout(p=0.5).set_train(), x)
    np.testing.assert_array_equal(first, again)


@pytest.mark.parametrize("build, error, match", [
    (lambda: nn.Dropout(p=1.0), ValueError, "'p'"),
    (lambda: nn.Dropout(p=-0.1), ValueError, "'p'"),
    (lambda: nn.Dropout(p="0.5"), TypeError, "'p'"),
    (lambda: nn.Dropout(keep_prob=0.0), ValueError, "keep_prob"),
    (lambda: nn.Dropout(keep_prob=1.5), ValueError, "keep_prob"),
    (lambda: nn.Dropout(keep_prob=1), TypeError, "keep_prob"),
    (lambda: nn.Dropout2d(p=1), TypeError, "Dropout2d"),
    (lambda: nn.Dropout1d(p=1.5), ValueError, "Dropout1d"),
    (lambda: nn.Dropout3d(p=-0.5), ValueError, "'p'"),
])
def test_dropout_argument_errors(build, error, match):
    with pytest.raises(error, match=match):
        build()


@pytest.mark.parametrize("cls, shape", [
    (nn.Dropout1d, (20, 30, 7)), (nn.Dropout1d, (600, 7)), (nn.Dropout2d, (20, 30, 3, 4)),
    (nn.Dropout3d, (20, 30, 2, 3, 2)),
])
def test_channel_dropouts_drop_whole_channels(cls, shape):
    layer = cls(p=0.4)
    x = np.ones(shape, np.float32)
    np.testing.assert_array_equal(run(layer, x), x)          # predict mode
    out = run(layer.set_train(), x)
    lead = 1 if len(shape) == 2 else 2                         # (C, L) has no batch axis
    per_channel = out.reshape(int(np.prod(shape[:lead])), -1)
    assert all(len(set(row)) == 1 for row in per_channel.tolist())
    assert set(np.unique(out)) <= {0.0, np.float32(1 / 0.6)}
    np.testing.assert_allclose((per_channel[:, 0] != 0).mean(), 0.6, atol=0.1)


def test_channel_dropout_input_rank_errors():
    with pytest.raises(ValueError):
        nn.Dropout2d().set_train()(Tensor(rand(2, 3, 4)))


def test_dropout_reprs():
    assert repr(nn.Dropout(p=0.2)) == "Dropout(p=0.2)"
    assert repr(nn.Dropout(keep_prob=0.8)) == "Dropout(keep_prob=0.8)"
    assert repr(nn.Dropout1d()) == "Dropout1d()"
    assert repr(nn.Dropout2d(0.3)) == "Dropout2d(p=0.3)"


# ---- padding ------------------------------------------------------------------------------------
NUMPY_MODES = {"CONSTANT": "constant", "REFLECT": "reflect", "SYMMETRIC": "symmetric"}


@pytest.mark.parametrize("mode", ["CONSTANT", "REFLECT", "SYMMETRIC"])
@pytest.mark.parametrize("shape, paddings", [
    ((2, 3), ((1, 1), (2, 1))),
    ((4,), ((2, 3),)),
    ((2, 3, 4), ((0, 0), (1, 2), (3, 0))),
    ((2, 3, 4, 5), ((1, 0), (0, 1), (2, 2), (1, 3))),
])
def test_pad(mode, shape, paddings):
    x = rand(*shape)
    np.testing.assert_array_equal(run(nn.Pad(paddings, mode), x), np.pad(x, paddings, NUMPY_MODES[mode]))


def test_pad_errors():
    with pytest.raises(ValueError, match="mode"):
        nn.Pad(((1, 1),), "reflect")
    with pytest.raises(TypeError, match="tuple"):
        nn.Pad([(1, 1)])
    with pytest.raises(ValueError, match="pairs"):
        nn.Pad(((1, 1, 1),))
    with pytest.raises(ValueError, match="4 axes"):
        nn.Pad(((1, 1),) * 5)
    with pytest.raises(ValueError, match="REFLECT"):
        nn.Pad(((3, 3), (1, 1)), "REFLECT")(Tensor(rand(2, 3)))
    with pytest.raises(ValueError, match="one pair per input axis"):
        nn.Pad(((1, 1),), "SYMMETRIC")(Tensor(rand(2, 3)))
    with pytest.raises(ValueError):
        nn.Pad(((1, 1),))(Tensor(rand(2, 3)))


def torch_order_to_numpy(padding, ndim):
    """(left, right, top, bottom, ...) from the last axis backwards -> np.pad pairs."""
    pairs = [(padding[i], padding[i + 1]) for i in range(0, len(padding), 2)][::-1]
    return [(0, 0)] * (ndim - len(pairs)) + pairs


@pytest.mark.parametrize("cls, padding, shape", [
    (nn.ConstantPad1d, 2, (2, 3)),
    (nn.ConstantPad1d, (1, 0), (2, 3, 4)),
    (nn.ConstantPad2d, (1, 2, 0, 3), (2, 3, 4)),
    (nn.ConstantPad2d, (1, 2), (3, 4)),
    (nn.ConstantPad3d, 1, (1, 2, 2, 2)),
    (nn.ConstantPad3d, (1, 0, 0, 1, 2, 0), (2, 2, 2)),
])
def test_constant_pads(cls, padding, shape):
    x = rand(*shape)
    pairs = torch_order_to_numpy(padding if isinstance(padding, tuple) else (padding,) * (2 * cls.axes), len(shape))
    np.testing.assert_array_equal(run(cls(padding, 1.5), x), np.pad(x, pairs, constant_values=1.5))


def test_constant_pad_crops_with_negative_values():
    x = rand(3, 5)
    np.testing.assert_array_equal(run(nn.ConstantPad1d((-1, 2), 0), x), np.pad(x[:, 1:], [(0, 0), (0, 2)]))


def test_zero_pad():
    x = rand(2, 3, 4)
    np.testing.assert_array_equal(run(nn.ZeroPad2d(1), x), np.pad(x, [(0, 0), (1, 1), (1, 1)]))
    np.testing.assert_array_equal(run(nn.ZeroPad2d((1, 0, 2, 1)), x), np.pad(x, [(0, 0), (2, 1), (1, 0)]))


@pytest.mark.parametrize("cls, numpy_mode", [
    (nn.ReflectionPad1d, "reflect"), (nn.ReflectionPad2d, "reflect"), (nn.ReflectionPad3d, "reflect"),
    (nn.ReplicationPad1d, "edge"), (nn.ReplicationPad2d, "edge"), (nn.ReplicationPad3d, "edge"),
])
@pytest.mark.parametrize("extra_axes", [0, 1, 2, 3])
def test_edge_pads(cls, numpy_mode, extra_axes):
    axes = cls.axes
    shape = (2, 3, 1)[:extra_axes] + (3, 4, 5)[:axes]
    if len(shape) < axes:
        return
    x = rand(*shape)
    padding = (2, 1, 0, 2, 1, 1)[:2 * axes]
    expected = np.pad(x, torch_order_to_numpy(padding, x.ndim), numpy_mode)
    np.testing.assert_array_equal(run(cls(padding), x), expected)
    np.testing.assert_array_equal(run(cls(1), x), np.pad(x, [(0, 0)] * extra_axes + [(1, 1)] * axes, numpy_mode))


@pytest.mark.parametrize("build, error, match", [
    (lambda: nn.ConstantPad1d((1, 2, 3, 4), 1), ValueError, "2 values"),
    (lambda: nn.ConstantPad2d((1, 2, 3), 1), ValueError, "even"),
    (lambda: nn.ConstantPad1d([1, 2], 1), TypeError, "padding"),
    (lambda: nn.ConstantPad1d(1, "a"), TypeError, "value"),
    (lambda: nn.ConstantPad1d((1.0, 2), 0), TypeError, "padding"),
    (lambda: nn.ReflectionPad1d(-1), ValueError, "non-negative"),
    (lambda: nn.ReflectionPad1d((1, 2, 3)), ValueError, "even"),
    (lambda: nn.ReplicationPad2d("1"), TypeError, "padding"),
])
def test_padding_layer_argument_errors(build, error, match):
    with pytest.raises(error, match=match):
        build()


def test_reflection_pad_larger_than_the_input():
    with pytest.raises(ValueError):
        nn.ReflectionPad1d(3)(Tensor(rand(2, 3)))


def test_padding_reprs():
    assert repr(nn.Pad(((1, 1),))) == "Pad()"
    assert repr(nn.ZeroPad2d(1)) == "ZeroPad2d()"
    assert repr(nn.ReflectionPad2d(1)) == "ReflectionPad2d()"


# ---- Upsample -----------------------------------------------------------------------------------
def test_upsample_nearest():
    x = rand(1, 2, 2, 3)
    expected = x.repeat(2, axis=2).repeat(2, axis=3)
    np.testing.assert_array_equal(run(nn.Upsample(size=(4, 6)), x), expected)
    np.testing.assert_array_equal(run(nn.Upsample(scale_factor=2.0, recompute_scale_factor=True), x), expected)


def test_upsample_bilinear_align_corners():
    x = np.array([[[[0.0, 1.0], [2.0, 3.0]]]], np.float32)
    out = run(nn.Upsample(size=(3, 3), mode="bilinear", align_corners=True), x)
    np.testing.assert_allclose(out[0, 0], [[0, 0.5, 1], [1, 1.5, 2], [2, 2.5, 3]], rtol=1e-6)


def test_upsample_errors():
    with pytest.raises(TypeError, match="mode"):
        nn.Upsample(size=2, mode=1)
    with pytest.raises(TypeError, match="scale_factor"):
        nn.Upsample(scale_factor="2")
    with pytest.raises(ValueError, match="size"):
        nn.Upsample()(Tensor(rand(1, 1, 2, 2)))


# ---- Embedding ----------------------------------------------------------------------------------
@pytest.mark.parametrize("use_one_hot", [False, True])
@pytest.mark.parametrize("ids_shape, dtype", [((5,), np.int32), ((2, 3), np.int64), ((), np.int32)])
def test_embedding_lookup(use_one_hot, ids_shape, dtype):
    embedding = nn.Embedding(10, 4, use_one_hot=use_one_hot)
    ids = RNG.integers(0, 10, ids_shape).astype(dtype)
    table = embedding.embedding_table.asnumpy()
    np.testing.assert_allclose(run(embedding, ids), table[ids], rtol=1e-6)


def test_embedding_parameter_and_default_initialization():
    embedding = nn.Embedding(400, 250)
    table = embedding.embedding_table
    assert [p.name for p in embedding.get_parameters()] == ["embedding_table"]
    assert table.shape == (400, 250) and table.dtype is ms.float32
    np.testing.assert_allclose(table.asnumpy().std(), 0.01, rtol=0.02)      # 'normal': N(0, 0.01^2)
    # MindSpore creates the table in float32 whatever `dtype` (used for one-hot values) says.
    assert nn.Embedding(5, 2, dtype=ms.float16).embedding_table.dtype is ms.float32


def test_embedding_padding_idx_row_starts_at_zero():
    embedding = nn.Embedding(6, 3, embedding_table="ones", padding_idx=2)
    expected = np.ones((6, 3))
    expected[2] = 0
    np.testing.assert_array_equal(embedding.embedding_table.asnumpy(), expected)
    np.testing.assert_array_equal(run(embedding, np.array([2, 3], np.int32)), expected[[2, 3]])


def test_embedding_table_from_a_tensor():
    table = np.arange(8, dtype=np.float32).reshape(4, 2)
    embedding = nn.Embedding(4, 2, embedding_table=Tensor(table))
    np.testing.assert_array_equal(run(embedding, np.array([[3, 0]], np.int32)), table[[[3, 0]]])


@pytest.mark.parametrize("build, error, match", [
    (lambda: nn.Embedding(0, 2), ValueError, "vocab_size"),
    (lambda: nn.Embedding(5.0, 2), TypeError, "vocab_size"),
    (lambda: nn.Embedding(5, -2), ValueError, "embedding_size"),
    (lambda: nn.Embedding(5, 2, use_one_hot=1), TypeError, "use_one_hot"),
    (lambda: nn.Embedding(5, 2, dtype="float32"), TypeError, "dtype"),
    (lambda: nn.Embedding(5, 2, padding_idx=5), ValueError, "padding_idx"),
    (lambda: nn.Embedding(5, 2, padding_idx=-1), ValueError, "padding_idx"),
    (lambda: nn.Embedding(5, 2, embedding_table="nope"), ValueError, "nope"),
    (lambda: nn.Embedding(5, 2, embedding_table=Tensor(np.ones((2, 5), np.float32))), ValueError, "shape"),
])
def test_embedding_argument_errors(build, error, match):
    with pytest.raises(error, match=match):
        build()


def test_embedding_input_errors():
    with pytest.raises(TypeError):
        nn.Embedding(5, 2)(Tensor([1.0, 2.0]))


def test_embedding_repr():
    assert repr(nn.Embedding(10, 3)) == (
        "Embedding(vocab_size=10, embedding_size=3, use_one_hot=False, embedding_table=Parameter "
        "(name=embedding_table, shape=(10, 3), dtype=Float32, requires_grad=True), dtype=Float32, "
        "padding_idx=None)")
