"""mindspore.nn.probability.bnn_layers: the Bayesian dense / convolution layers (with posteriors
made nearly deterministic, their outputs against NumPy in PyNative and Graph mode), their KL
losses and gradients against the Normal KL formula, WithBNNLossCell, and the errors."""
import numpy as np
import pytest

import spore as ms
from spore import Tensor, nn, ops
from spore.nn.probability import bnn_layers

from .nnbasic_checks import mode  # noqa: F401 - the fixture running a test in both modes

RNG = np.random.default_rng(0)


def _sharpen(layer):
    """Posterior std ~1e-6: each sample is its mean to 1e-5."""
    for posterior in (layer.weight_posterior, getattr(layer, "bias_posterior", None)):
        if posterior is not None:
            posterior.untransformed_std.set_data(ops.full(posterior.untransformed_std.shape, -30.0))


def _normal_kl(mean_a, sd_a, mean_b, sd_b):
    return np.log(sd_b / sd_a) + (sd_a ** 2 + (mean_a - mean_b) ** 2) / (2 * sd_b ** 2) - 0.5


def _posterior_values(posterior):
    mean = posterior.mean.asnumpy().astype(np.float64)
    sd = 1e-6 + np.log1p(np.exp(posterior.untransformed_std.asnumpy().astype(np.float64)))
    return mean, sd


@pytest.mark.usefixtures("mode")
@pytest.mark.parametrize("layer_type", [bnn_layers.DenseReparam, bnn_layers.DenseLocalReparam])
def test_dense_layers_use_the_posterior_means(layer_type):
    layer = layer_type(3, 2, activation="relu")
    _sharpen(layer)
    x = RNG.standard_normal((4, 3)).astype(np.float32)
    mean = layer.weight_posterior.mean.asnumpy()
    expected = np.maximum(x @ mean.T + layer.bias_posterior.mean.asnumpy(), 0)
    np.testing.assert_allclose(layer(Tensor(x)).asnumpy(), expected, atol=1e-4)


@pytest.mark.usefixtures("mode")
def test_conv_reparam_uses_the_posterior_means():
    layer = bnn_layers.ConvReparam(2, 3, 3, has_bias=True)
    _sharpen(layer)
    x = RNG.standard_normal((1, 2, 5, 5)).astype(np.float32)
    expected = ops.conv2d(Tensor(x), layer.weight_posterior.mean, layer.bias_posterior.mean, pad_mode="same")
    np.testing.assert_allclose(layer(Tensor(x)).asnumpy(), expected.asnumpy(), atol=1e-4)


def test_samples_vary_with_the_posterior_std():
    layer = bnn_layers.DenseReparam(3, 2, has_bias=False)
    layer.weight_posterior.untransformed_std.set_data(ops.full((2, 3), 1.0))
    x = Tensor(np.ones((2000, 3), np.float32))
    out = layer(x).asnumpy()  # one weight sample for the whole batch: rows are equal
    np.testing.assert_allclose(out, np.broadcast_to(out[0], out.shape))
    draws = np.stack([layer(Tensor(np.ones((1, 3), np.float32))).asnumpy()[0] for _ in range(400)])
    sd = np.log1p(np.e)  # softplus(1)
    np.testing.assert_allclose(draws.std(0), np.sqrt(3) * sd, rtol=0.15)


def test_parameters():
    assert [(p.name, p.shape) for p in bnn_layers.DenseReparam(3, 2).get_parameters()] == [
        ("weight_posterior.mean", (2, 3)), ("weight_posterior.untransformed_std", (2, 3)),
        ("bias_posterior.mean", (2,)), ("bias_posterior.untransformed_std", (2,))]
    assert [(p.name, p.shape, p.requires_grad) for p in bnn_layers.ConvReparam(2, 3, 3).get_parameters()] == [
        ("weight", (3, 2, 3, 3), False), ("weight_posterior.mean", (3, 2, 3, 3), True),
        ("weight_posterior.untransformed_std", (3, 2, 3, 3), True)]
    posterior = bnn_layers.NormalPosterior("w", (200, 50), loc_mean=1.0, untransformed_scale_mean=-3.0)
    assert abs(posterior.mean.asnumpy().mean() - 1.0) < 0.01 and abs(posterior.mean.asnumpy().std() - 0.1) < 0.01
    assert abs(posterior.untransformed_std.asnumpy().mean() + 3.0) < 0.01


def test_compute_kl_loss_is_kl_of_prior_from_posterior():
    layer = bnn_layers.DenseReparam(3, 2)
    expected = 0.0
    for posterior in (layer.weight_posterior, layer.bias_posterior):
        mean, sd = _posterior_values(posterior)
        expected += _normal_kl(0.0, 0.1, mean, sd).sum()  # KL(prior || posterior), as MindSpore computes it
    np.testing.assert_allclose(layer.compute_kl_loss().asnumpy(), expected, rtol=1e-4)


def test_kl_loss_gradients():
    layer = bnn_layers.DenseReparam(2, 1, has_bias=False)
    params = layer.trainable_params()
    grads = ms.grad(lambda: layer.compute_kl_loss(), grad_position=None, weights=params)()
    mean, sd = _posterior_values(layer.weight_posterior)
    raw = layer.weight_posterior.untransformed_std.asnumpy().astype(np.float64)
    # d/dm and d/dsd of log(sd / 0.1) + (0.01 + m^2) / (2 sd^2) - 0.5, then dsd/draw = sigmoid(raw).
    d_mean = mean / sd ** 2
    d_sd = 1 / sd - (0.01 + mean ** 2) / sd ** 3
    np.testing.assert_allclose(grads[0].asnumpy(), d_mean, rtol=1e-3)
    np.testing.assert_allclose(grads[1].asnumpy(), d_sd / (1 + np.exp(-raw)), rtol=1e-3)


@pytest.mark.usefixtures("mode")
def test_with_bnn_loss_cell():
    dense = bnn_layers.DenseReparam(3, 2)
    _sharpen(dense)
    net = nn.SequentialCell([nn.Dense(4, 3), nn.ReLU(), dense])
    loss = bnn_layers.WithBNNLossCell(net, nn.MSELoss(), dnn_factor=2, bnn_factor=0.001)
    x, y = RNG.standard_normal((5, 4)).astype(np.float32), RNG.standard_normal((5, 2)).astype(np.float32)
    prediction = net(Tensor(x)).asnumpy().astype(np.float64)
    expected = 2 * ((prediction - y) ** 2).mean() + 0.001 * dense.compute_kl_loss().asnumpy()
    np.testing.assert_allclose(loss(Tensor(x), Tensor(y)).asnumpy(), expected, rtol=1e-4)
    assert loss.backbone_network is net and len(loss.kl_loss) == 1


def test_training_step_lowers_the_loss():
    ms.set_seed(0)
    net = bnn_layers.DenseReparam(3, 1)
    loss = bnn_layers.WithBNNLossCell(net, nn.MSELoss(), bnn_factor=1e-4)
    step = nn.TrainOneStepCell(loss, nn.Adam(net.trainable_params(), learning_rate=0.05))
    x = RNG.standard_normal((64, 3)).astype(np.float32)
    y = (x @ np.array([[1.0], [-2.0], [0.5]])).astype(np.float32)
    first = float(step(Tensor(x), Tensor(y)).asnumpy())
    for _ in range(60):
        last = float(step(Tensor(x), Tensor(y)).asnumpy())
    assert last < 0.2 * first


def test_errors():
    with pytest.raises(TypeError, match="`name` must be `str`"):
        bnn_layers.NormalPosterior(1, (2,))
    with pytest.raises(TypeError, match="`shape` must be `tuple` or `list`"):
        bnn_layers.NormalPosterior("w", 2)
    with pytest.raises(TypeError, match="loc_std"):
        bnn_layers.NormalPosterior("w", (2,), loc_std=-1)
    with pytest.raises(TypeError, match="dnn_factor"):
        bnn_layers.WithBNNLossCell(nn.Dense(2, 2), nn.MSELoss(), dnn_factor="1")
    with pytest.raises(ValueError, match="bnn_factor"):
        bnn_layers.WithBNNLossCell(nn.Dense(2, 2), nn.MSELoss(), bnn_factor=-1)
    with pytest.raises(ValueError, match="activation"):
        bnn_layers.DenseReparam(3, 2, activation=3)
    with pytest.raises(TypeError, match="weight_posterior_fn"):
        bnn_layers.DenseReparam(3, 2, weight_posterior_fn=lambda: None)
    with pytest.raises(ValueError, match="in_channels"):
        bnn_layers.DenseReparam(0, 2)
