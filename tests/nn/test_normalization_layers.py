"""nn normalization layers: forward against NumPy float64, BatchNorm's moving statistics
over several training steps and its inference behaviour, parameters, repr, argument
errors and input errors."""
import numpy as np
import pytest

import spore as ms
from spore import Tensor, nn
from spore.nn.layer.conv import Conv2d
from spore.nn.layer.normalization import (
    BatchNorm1d,
    BatchNorm2d,
    BatchNorm3d,
    GroupNorm,
    InstanceNorm1d,
    InstanceNorm2d,
    InstanceNorm3d,
    LayerNorm,
)

F64 = {"rtol": 1e-10, "atol": 1e-10}


def rand(shape, seed=0):
    return np.random.default_rng(seed).standard_normal(shape) * 2 + 0.5


def normalized(x, axes, eps):
    """(x - mean) / sqrt(biased var + eps) over `axes`."""
    return (x - x.mean(axes, keepdims=True)) / np.sqrt(x.var(axes, keepdims=True) + eps)


def per_channel(v, ndim):
    """A (C,) vector shaped to broadcast over axis 1 of an ndim-D array."""
    return np.reshape(v, (1, -1) + (1,) * (ndim - 2))


# ---- batch normalization -------------------------------------------------------------------
@pytest.mark.parametrize("cls, shape", [
    (BatchNorm2d, (4, 3, 2, 5)),
    (BatchNorm1d, (6, 3)),
    (BatchNorm1d, (4, 3, 5)),
])
def test_batch_norm_training_updates_moving_statistics(cls, shape):
    momentum, eps = 0.7, 1e-3
    gamma, beta = rand(3, 10), rand(3, 11)
    bn = cls(3, eps=eps, momentum=momentum, gamma_init=Tensor(gamma), beta_init=Tensor(beta),
             dtype=ms.float64)
    bn.set_train()
    axes = (0,) + tuple(range(2, len(shape)))
    mean, var = np.zeros(3), np.ones(3)
    for step in range(4):
        x = rand(shape, step)
        out = bn(Tensor(x)).asnumpy()
        expected = normalized(x, axes, eps) * per_channel(gamma, x.ndim) + per_channel(beta, x.ndim)
        np.testing.assert_allclose(out, expected, **F64)
        # MindSpore's momentum weighs the old value; the variance is unbiased
        mean = momentum * mean + (1 - momentum) * x.mean(axes)
        var = momentum * var + (1 - momentum) * x.var(axes, ddof=1)
        np.testing.assert_allclose(bn.moving_mean.asnumpy(), mean, **F64)
        np.testing.assert_allclose(bn.moving_variance.asnumpy(), var, **F64)


def test_batch_norm_inference_uses_moving_statistics():
    bn = BatchNorm2d(3, eps=1e-4, moving_mean_init=Tensor(np.array([0.5, -1.0, 2.0])),
                     moving_var_init=Tensor(np.array([4.0, 0.25, 1.0])), gamma_init=2.0, beta_init=1.0,
                     dtype=ms.float64)
    bn.set_train(False)
    x = rand((2, 3, 4, 4))
    expected = (x - per_channel([0.5, -1.0, 2.0], 4)) / np.sqrt(per_channel([4.0, 0.25, 1.0], 4) + 1e-4) * 2 + 1
    np.testing.assert_allclose(bn(Tensor(x)).asnumpy(), expected, **F64)
    np.testing.assert_array_equal(bn.moving_mean.asnumpy(), [0.5, -1.0, 2.0])


def test_batch_norm_is_in_inference_mode_until_set_train():
    bn = BatchNorm2d(2, dtype=ms.float64)
    x = rand((2, 2, 3, 3))
    np.testing.assert_allclose(bn(Tensor(x)).asnumpy(), x / np.sqrt(1 + 1e-5), **F64)
    np.testing.assert_array_equal(bn.moving_mean.asnumpy(), [0, 0])


@pytest.mark.parametrize("train", [False, True])
def test_use_batch_statistics_overrides_the_mode(train):
    x = rand((4, 3, 2, 2))
    always = BatchNorm2d(3, use_batch_statistics=True, dtype=ms.float64).set_train(train)
    np.testing.assert_allclose(always(Tensor(x)).asnumpy(), normalized(x, (0, 2, 3), 1e-5), **F64)
    np.testing.assert_allclose(always.moving_mean.asnumpy(), 0.1 * x.mean((0, 2, 3)), **F64)
    never = BatchNorm2d(3, use_batch_statistics=False, moving_var_init=4.0, dtype=ms.float64).set_train(train)
    np.testing.assert_allclose(never(Tensor(x)).asnumpy(), x / np.sqrt(4 + 1e-5), **F64)
    np.testing.assert_array_equal(never.moving_mean.asnumpy(), [0, 0, 0])


def test_batch_norm3d_normalizes_per_channel():
    bn = BatchNorm3d(3, momentum=0.5, dtype=ms.float64)
    bn.set_train()
    x = rand((2, 3, 2, 3, 2))
    np.testing.assert_allclose(bn(Tensor(x)).asnumpy(), normalized(x, (0, 2, 3, 4), 1e-5), **F64)
    np.testing.assert_allclose(bn.bn2d.moving_mean.asnumpy(), 0.5 * x.mean((0, 2, 3, 4)), **F64)
    np.testing.assert_allclose(bn.bn2d.moving_variance.asnumpy(),
                               0.5 + 0.5 * x.var((0, 2, 3, 4), ddof=1), **F64)


def test_batch_norm_float32_and_float16_inputs():
    x = rand((4, 2, 3, 3)).astype(np.float32)
    bn = BatchNorm2d(2).set_train()
    out = bn(Tensor(x))
    assert out.dtype == ms.float32
    np.testing.assert_allclose(out.asnumpy(), normalized(x.astype(np.float64), (0, 2, 3), 1e-5), rtol=1e-4,
                               atol=1e-5)
    half = bn(Tensor(x.astype(np.float16)))
    assert half.dtype == ms.float16 and bn.moving_mean.dtype == ms.float32


def test_seed_tutorial_conv_then_batch_norm_in_inference():
    conv = Conv2d(1, 2, kernel_size=2, stride=1, padding=0, weight_init="ones", pad_mode="valid")
    bn = BatchNorm2d(2, momentum=0.99, eps=0.00001, gamma_init="ones")
    out = bn(conv(Tensor(np.ones([1, 1, 2, 2]).astype(np.float32))))
    assert out.shape == (1, 2, 1, 1)
    np.testing.assert_allclose(out.asnumpy(), np.full((1, 2, 1, 1), 4 / np.sqrt(1 + 1e-5)), rtol=1e-6)


def test_batch_norm_parameters():
    bn = BatchNorm2d(3)
    params = list(bn.parameters_and_names())
    assert [n for n, _ in params] == ["moving_mean", "moving_variance", "gamma", "beta"]
    assert [p.name for _, p in params] == ["mean", "variance", "gamma", "beta"]
    assert [p.requires_grad for _, p in params] == [False, False, True, True]
    assert all(p.shape == (3,) and p.dtype == ms.float32 for _, p in params)
    np.testing.assert_array_equal(bn.moving_variance.asnumpy(), np.ones(3))
    np.testing.assert_array_equal(bn.beta.asnumpy(), np.zeros(3))
    frozen = BatchNorm1d(2, affine=False)
    assert not frozen.gamma.requires_grad and not frozen.beta.requires_grad


def test_normalization_parameters_in_a_network():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.bn = BatchNorm2d(3)
            self.b3 = BatchNorm3d(3)
            self.ln = LayerNorm((4,))
            self.inn = InstanceNorm2d(3)

        def construct(self, x):
            return x

    assert [p.name for p in Net().get_parameters()] == [
        "bn.moving_mean", "bn.moving_variance", "bn.gamma", "bn.beta",
        "b3.bn2d.moving_mean", "b3.bn2d.moving_variance", "b3.bn2d.gamma", "b3.bn2d.beta",
        "ln.gamma", "ln.beta",
        "inn.moving_mean", "inn.moving_variance", "inn.gamma", "inn.beta",
    ]


# ---- layer and group normalization ---------------------------------------------------------
@pytest.mark.parametrize("kwargs, shape, axes", [
    (dict(normalized_shape=(3,)), (2, 4, 3), (2,)),
    (dict(normalized_shape=[3]), (5, 3), (1,)),
    (dict(normalized_shape=(4, 3), begin_norm_axis=1, begin_params_axis=1), (2, 4, 3), (1, 2)),
    (dict(normalized_shape=(3,), begin_norm_axis=1, epsilon=1e-3), (2, 4, 3), (1, 2)),
])
def test_layer_norm_forward(kwargs, shape, axes):
    params_shape = tuple(kwargs["normalized_shape"])
    gamma, beta = rand(params_shape, 1), rand(params_shape, 2)
    layer = LayerNorm(**kwargs, gamma_init=Tensor(gamma), beta_init=Tensor(beta), dtype=ms.float64)
    x = rand(shape)
    expected = normalized(x, axes, kwargs.get("epsilon", 1e-7)) * gamma + beta
    np.testing.assert_allclose(layer(Tensor(x)).asnumpy(), expected, **F64)


def test_layer_norm_float16_input_keeps_its_dtype():
    out = LayerNorm((3,))(Tensor(np.array([[1, 2, 3]], np.float16)))
    assert out.dtype == ms.float16
    np.testing.assert_allclose(out.asnumpy(), [[-1.2247, 0, 1.2247]], atol=2e-3)


@pytest.mark.parametrize("groups, shape", [(2, (2, 4, 3, 3)), (4, (2, 4, 5)), (1, (3, 4)), (2, (1, 4, 2, 3, 2))])
def test_group_norm_forward(groups, shape):
    gamma, beta = rand(4, 1), rand(4, 2)
    layer = GroupNorm(groups, 4, eps=1e-4, gamma_init=Tensor(gamma), beta_init=Tensor(beta), dtype=ms.float64)
    x = rand(shape)
    grouped = x.reshape((shape[0], groups, -1))
    expected = normalized(grouped, (2,), 1e-4).reshape(shape) * per_channel(gamma, x.ndim) + per_channel(beta, x.ndim)
    np.testing.assert_allclose(layer(Tensor(x)).asnumpy(), expected, **F64)


def test_group_norm_float32_input_with_float64_parameters():
    x = rand((2, 4, 3)).astype(np.float32)
    out = GroupNorm(2, 4, dtype=ms.float64)(Tensor(x))
    assert out.dtype == ms.float32
    expected = normalized(x.astype(np.float64).reshape(2, 2, 6), (2,), 1e-5).reshape(2, 4, 3)
    np.testing.assert_allclose(out.asnumpy(), expected, rtol=1e-5, atol=1e-5)


def test_group_norm_parameters():
    layer = GroupNorm(2, 4, affine=False)
    assert [(n, p.name, p.shape, p.requires_grad) for n, p in layer.parameters_and_names()] == [
        ("gamma", "gamma", (4,), False), ("beta", "beta", (4,), False)]


# ---- instance normalization ----------------------------------------------------------------
@pytest.mark.parametrize("cls, shape", [
    (InstanceNorm1d, (2, 3, 5)),
    (InstanceNorm2d, (2, 3, 4, 5)),
    (InstanceNorm3d, (2, 3, 2, 3, 4)),
])
@pytest.mark.parametrize("train", [False, True])
def test_instance_norm_uses_instance_statistics_in_both_modes(cls, shape, train):
    gamma, beta = rand(3, 1), rand(3, 2)
    layer = cls(3, eps=1e-3, gamma_init=Tensor(gamma.astype(np.float32)), beta_init=Tensor(beta.astype(np.float32)),
                dtype=ms.float64).set_train(train)
    x = rand(shape)
    axes = tuple(range(2, len(shape)))
    expected = normalized(x, axes, 1e-3) * per_channel(gamma.astype(np.float32), x.ndim) + \
        per_channel(beta.astype(np.float32), x.ndim)
    np.testing.assert_allclose(layer(Tensor(x)).asnumpy(), expected, **F64)
    # kept for checkpoints only: MindSpore never writes them back
    np.testing.assert_array_equal(layer.moving_mean.asnumpy(), np.zeros(3))
    np.testing.assert_array_equal(layer.moving_variance.asnumpy(), np.ones(3))


# ---- repr --------------------------------------------------------------------------------------
def test_repr():
    assert repr(BatchNorm1d(2, momentum=0.7)) == (
        "BatchNorm1d(num_features=2, eps=1e-05, momentum=0.7, "
        "gamma=Parameter (name=gamma, shape=(2,), dtype=Float32, requires_grad=True), "
        "beta=Parameter (name=beta, shape=(2,), dtype=Float32, requires_grad=True), "
        "moving_mean=Parameter (name=mean, shape=(2,), dtype=Float32, requires_grad=False), "
        "moving_variance=Parameter (name=variance, shape=(2,), dtype=Float32, requires_grad=False))")
    assert repr(LayerNorm([3])) == (
        "LayerNorm(normalized_shape=[3], begin_norm_axis=-1, begin_params_axis=-1, "
        "gammaParameter (name=gamma, shape=(3,), dtype=Float32, requires_grad=True), "
        "beta=Parameter (name=beta, shape=(3,), dtype=Float32, requires_grad=True))")
    assert repr(GroupNorm(2, 4)) == "GroupNorm(num_groups=2, num_channels=4)"
    assert repr(InstanceNorm1d(2)).startswith("InstanceNorm1d(num_features=2, eps=1e-05, momentum=0.1, gamma=")
    assert repr(BatchNorm3d(2)).startswith("BatchNorm3d(\n  (bn2d): BatchNorm2d(num_features=2, eps=1e-05, ")


def test_momentum_attribute_is_mindsporess_complement():
    assert BatchNorm2d(2, momentum=0.75).momentum == 0.25


# ---- errors --------------------------------------------------------------------------------------
@pytest.mark.parametrize("cls, kwargs, error, match", [
    (BatchNorm2d, dict(num_features=0), ValueError, "BatchNorm2d.*num_features"),
    (BatchNorm2d, dict(num_features=2.0), TypeError, "BatchNorm2d.*num_features"),
    (BatchNorm2d, dict(momentum=1.5), ValueError, "BatchNorm2d.*momentum"),
    (BatchNorm2d, dict(momentum="a"), TypeError, "BatchNorm2d.*momentum"),
    (BatchNorm2d, dict(eps=0), ValueError, "BatchNorm2d.*eps"),
    (BatchNorm2d, dict(affine=1), TypeError, "BatchNorm2d.*affine"),
    (BatchNorm2d, dict(use_batch_statistics=1), ValueError, "BatchNorm2d.*use_batch_statistics"),
    (BatchNorm2d, dict(data_format="NHWC"), ValueError, "BatchNorm2d.*data_format"),
    (BatchNorm1d, dict(gamma_init="no_such_init"), ValueError, "initializer"),
    (BatchNorm3d, dict(num_features=-1), ValueError, "BatchNorm2d.*num_features"),
    (LayerNorm, dict(normalized_shape=3), TypeError, "LayerNorm.*normalized_shape"),
    (LayerNorm, dict(normalized_shape=()), ValueError, "LayerNorm.*normalized_shape"),
    (LayerNorm, dict(normalized_shape=(3,), begin_norm_axis=1.0), TypeError, "LayerNorm.*begin_norm_axis"),
    (LayerNorm, dict(normalized_shape=(3,), epsilon="a"), TypeError, "LayerNorm.*epsilon"),
    (GroupNorm, dict(num_groups=3, num_channels=4), ValueError, "GroupNorm.*divisible"),
    (GroupNorm, dict(num_groups=0, num_channels=4), ValueError, "GroupNorm.*num_groups"),
    (GroupNorm, dict(num_groups=2, num_channels=4, eps=1), TypeError, "GroupNorm.*eps"),
    (GroupNorm, dict(num_groups=2, num_channels=4, affine=1), TypeError, "GroupNorm.*affine"),
    (InstanceNorm2d, dict(num_features=0), ValueError, "InstanceNorm2d.*num_features"),
    (InstanceNorm2d, dict(eps=1), TypeError, "InstanceNorm2d.*eps"),
    (InstanceNorm2d, dict(momentum=1), TypeError, "InstanceNorm2d.*momentum"),
    (InstanceNorm2d, dict(momentum=1.5), ValueError, "InstanceNorm2d.*momentum"),
    (InstanceNorm2d, dict(affine=1), TypeError, "InstanceNorm2d.*affine"),
    (InstanceNorm2d, dict(gamma_init=[1.0]), TypeError, "InstanceNorm2d.*gamma_init"),
    (InstanceNorm2d, dict(beta_init=Tensor(np.zeros(2))), TypeError, "InstanceNorm2d.*beta_init.*float32"),
])
def test_argument_errors(cls, kwargs, error, match):
    if cls not in (LayerNorm, GroupNorm):
        kwargs = dict(dict(num_features=2), **kwargs)
    with pytest.raises(error, match=match):
        cls(**kwargs)


@pytest.mark.parametrize("layer, shape, match", [
    (BatchNorm2d(3), (4, 3, 2), r"BatchNorm2d.*4 dims.*got 3"),
    (BatchNorm2d(3), (4, 2, 2, 2), r"BatchNorm2d.*3 channels.*got 2"),
    (BatchNorm1d(3), (4, 3, 2, 2), r"BatchNorm1d.*2 or 3 dims"),
    (BatchNorm1d(3), (3,), r"BatchNorm1d.*2 or 3 dims"),
    (BatchNorm3d(3), (4, 3, 2, 2), r"BatchNorm3d.*5 dims"),
    (LayerNorm((4,)), (2, 3), r"LayerNorm.*\(4,\).*\(2, 3\)"),
    (LayerNorm((4, 3), begin_norm_axis=1), (2, 4, 3), r"LayerNorm.*begin_params_axis"),
    (GroupNorm(2, 4), (2, 6, 3), r"GroupNorm.*4 channels.*got 6"),
    (GroupNorm(2, 4), (4,), r"GroupNorm.*at least 2 dims"),
    (InstanceNorm2d(3), (2, 3, 4), r"InstanceNorm2d.*4 dims"),
    (InstanceNorm1d(3), (2, 4, 5), r"InstanceNorm1d.*3 channels.*got 4"),
])
def test_input_shape_errors(layer, shape, match):
    with pytest.raises(ValueError, match=match):
        layer(Tensor(np.ones(shape, np.float32)))


def test_input_must_be_a_tensor():
    with pytest.raises(TypeError, match="BatchNorm2d.*Tensor"):
        BatchNorm2d(2)(np.ones((1, 2, 2, 2), np.float32))
