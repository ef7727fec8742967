"""mint.nn layers: constructor signatures as MindSpore 2.7.1's, outputs against NumPy / the
functional forms, parameters (names, shapes, training updates), and argument checks."""
from __future__ import annotations

import inspect

import numpy as np
import pytest

import spore as ms
from spore.mint import nn
from spore.mint.nn import functional as F

INIT_SIGNATURES = {
    'AdaptiveAvgPool1d': "(output_size)",
    'AdaptiveAvgPool2d': "(output_size)",
    'AdaptiveAvgPool3d': "(output_size)",
    'AdaptiveMaxPool1d': "(output_size, return_indices=False)",
    'AdaptiveMaxPool2d': "(output_size, return_indices=False)",
    'AvgPool1d': "(kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True)",
    'AvgPool2d':
        "(kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True, "
        "divisor_override=None)",
    'AvgPool3d':
        "(kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True, "
        "divisor_override=None)",
    'BCELoss': "(weight=None, reduction='mean')",
    'BCEWithLogitsLoss': "(weight=None, reduction='mean', pos_weight=None)",
    'BatchNorm1d': "(num_features, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True, dtype=None)",
    'BatchNorm2d': "(num_features, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True, dtype=None)",
    'BatchNorm3d': "(num_features, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True, dtype=None)",
    'ConstantPad1d': "(padding, value)",
    'ConstantPad2d': "(padding, value)",
    'ConstantPad3d': "(padding, value)",
    'Conv1d':
        "(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True, "
        "padding_mode='zeros', dtype=None)",
    'Conv2d':
        "(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True, "
        "padding_mode='zeros', dtype=None)",
    'Conv3d':
        "(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True, "
        "padding_mode='zeros', dtype=None)",
    'ConvTranspose2d':
        "(in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1, "
        "bias=True, dilation=1, padding_mode='zeros', dtype=None)",
    'ELU': "(alpha=1.0, inplace=False)",
    'Flatten': "(start_dim=1, end_dim=-1)",
    'Fold': "(output_size, kernel_size, dilation=1, padding=0, stride=1)",
    'GELU': "(approximate='none')",
    'GroupNorm': "(num_groups, num_channels, eps=1e-05, affine=True, dtype=None)",
    'Hardshrink': "(lambd=0.5)",
    'Hardtanh': "(min_val=-1.0, max_val=1.0, inplace=False)",
    'Identity': "(*args, **kwargs)",
    'KLDivLoss': "(reduction='mean', log_target=False)",
    'L1Loss': "(reduction='mean')",
    'Linear': "(in_features, out_features, bias=True, weight_init=None, bias_init=None, dtype=None)",
    'LogSoftmax': "(dim=None)",
    'MSELoss': "(reduction='mean')",
    'MaxUnpool2d': "(kernel_size, stride=None, padding=0)",
    'PReLU': "(num_parameters=1, init=0.25, dtype=None)",
    'PixelShuffle': "(upscale_factor)",
    'ReLU6': "(inplace=False)",
    'ReflectionPad1d': "(padding)",
    'ReflectionPad2d': "(padding)",
    'ReflectionPad3d': "(padding)",
    'ReplicationPad1d': "(padding)",
    'ReplicationPad2d': "(padding)",
    'ReplicationPad3d': "(padding)",
    'SiLU': "(inplace=False)",
    'SmoothL1Loss': "(reduction='mean', beta=1.0)",
    'SoftMarginLoss': "(reduction='mean')",
    'Softmax': "(dim=None)",
    'Threshold': "(threshold, value, inplace=False)",
    'Unfold': "(kernel_size, dilation=1, padding=0, stride=1)",
    'Upsample': "(size=None, scale_factor=None, mode='nearest', align_corners=None, recompute_scale_factor=None)",
    'UpsamplingBilinear2d': "(size=None, scale_factor=None)",
    'UpsamplingNearest2d': "(size=None, scale_factor=None)",
    'ZeroPad1d': "(padding)",
    'ZeroPad2d': "(padding)",
    'ZeroPad3d': "(padding)",
}


@pytest.mark.parametrize("name", sorted(INIT_SIGNATURES))
def test_init_signature_is_mints(name):
    text = str(inspect.signature(getattr(nn, name).__init__))
    assert text.replace("(self, ", "(").replace(" -> None", "") == INIT_SIGNATURES[name]


rng = np.random.default_rng(4)
X = rng.standard_normal((2, 3)).astype(np.float32)
IMG = rng.standard_normal((2, 3, 4, 4)).astype(np.float32)
SEQ = rng.standard_normal((2, 3, 6)).astype(np.float32)
VOL = rng.standard_normal((1, 2, 2, 4, 4)).astype(np.float32)
TARGET = rng.uniform(0.1, 0.9, (2, 3)).astype(np.float32)


def _sigmoid(x):
    return 1 / (1 + np.exp(-x))


UNARY_CASES = [
    (nn.ReLU(), X, lambda x: np.maximum(x, 0)),
    (nn.ReLU6(), X * 5, lambda x: np.clip(x, 0, 6)),
    (nn.SiLU(), X, lambda x: x * _sigmoid(x)),
    (nn.ELU(alpha=2.0), X, lambda x: np.where(x > 0, x, 2 * np.expm1(x))),
    (nn.Hardtanh(-0.5, 0.5), X, lambda x: np.clip(x, -0.5, 0.5)),
    (nn.Threshold(0.2, -1.0), X, lambda x: np.where(x > 0.2, x, -1.0)),
    (nn.Tanh(), X, np.tanh),
    (nn.Sigmoid(), X, _sigmoid),
    (nn.LogSigmoid(), X, lambda x: np.log(_sigmoid(x))),
    (nn.Mish(), X, lambda x: x * np.tanh(np.log1p(np.exp(x)))),
    (nn.Hardshrink(0.5), X, lambda x: np.where(np.abs(x) > 0.5, x, 0)),
    (nn.Hardsigmoid(), X, lambda x: np.clip(x / 6 + 0.5, 0, 1)),
    (nn.Hardswish(), X, lambda x: x * np.clip(x / 6 + 0.5, 0, 1)),
    (nn.SELU(), X, lambda x: 1.0507009873554805 * np.where(x > 0, x, 1.6732632423543772 * np.expm1(x))),
    (nn.GELU(), X, lambda x: 0.5 * x * (1 + np.vectorize(__import__("math").erf)(x / np.sqrt(2)))),
    (nn.Softmax(dim=0), X, lambda x: np.exp(x) / np.exp(x).sum(0)),
    (nn.LogSoftmax(), X, lambda x: x - np.log(np.exp(x).sum(-1, keepdims=True))),
    (nn.Identity(), X, lambda x: x),
    (nn.Flatten(), IMG, lambda x: x.reshape(2, -1)),
    (nn.AvgPool2d(2), IMG, lambda x: x.reshape(2, 3, 2, 2, 2, 2).mean((3, 5))),
    (nn.AvgPool1d(3), SEQ, lambda x: x.reshape(2, 3, 2, 3).mean(-1)),
    (nn.AvgPool3d(2), VOL, lambda x: x.reshape(1, 2, 1, 2, 2, 2, 2, 2).mean((3, 5, 7))),
    (nn.AdaptiveAvgPool1d(1), SEQ, lambda x: x.mean(-1, keepdims=True)),
    (nn.AdaptiveAvgPool2d(1), IMG, lambda x: x.mean((2, 3), keepdims=True)),
    (nn.AdaptiveAvgPool3d(1), VOL, lambda x: x.mean((2, 3, 4), keepdims=True)),
    (nn.AdaptiveMaxPool1d(2), SEQ, lambda x: x.reshape(2, 3, 2, 3).max(-1)),
    (nn.ZeroPad1d((1, 2)), SEQ, lambda x: np.pad(x, ((0, 0), (0, 0), (1, 2)))),
    (nn.ZeroPad2d(1), IMG, lambda x: np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))),
    (nn.ZeroPad3d(1), VOL, lambda x: np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1), (1, 1)))),
    (nn.ConstantPad1d(2, 3.5), SEQ, lambda x: np.pad(x, ((0, 0), (0, 0), (2, 2)), constant_values=3.5)),
    (nn.ConstantPad2d((1, 0, 0, 1), -1.0), IMG, lambda x: np.pad(x, ((0, 0), (0, 0), (0, 1), (1, 0)),
                                                                constant_values=-1)),
    (nn.ConstantPad3d(1, 2.0), VOL, lambda x: np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1), (1, 1)), constant_values=2)),
    (nn.ReflectionPad1d(2), SEQ, lambda x: np.pad(x, ((0, 0), (0, 0), (2, 2)), 'reflect')),
    (nn.ReflectionPad2d(1), IMG, lambda x: np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)), 'reflect')),
    (nn.ReflectionPad3d(1), VOL, lambda x: np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1), (1, 1)), 'reflect')),
    (nn.ReplicationPad1d((0, 2)), SEQ, lambda x: np.pad(x, ((0, 0), (0, 0), (0, 2)), 'edge')),
    (nn.ReplicationPad2d(1), IMG, lambda x: np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)), 'edge')),
    (nn.ReplicationPad3d(1), VOL, lambda x: np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1), (1, 1)), 'edge')),
    (nn.Upsample(scale_factor=2.0), IMG, lambda x: x.repeat(2, 2).repeat(2, 3)),
    (nn.UpsamplingNearest2d(size=(8, 8)), IMG, lambda x: x.repeat(2, 2).repeat(2, 3)),
    (nn.PixelShuffle(2), np.arange(16, dtype=np.float32).reshape(1, 4, 2, 2),
     lambda x: x.reshape(1, 1, 2, 2, 2, 2).transpose(0, 1, 4, 2, 5, 3).reshape(1, 1, 4, 4)),
]


@pytest.mark.parametrize("layer, x, reference", UNARY_CASES, ids=lambda v: type(v).__name__)
def test_unary_layer(layer, x, reference):
    np.testing.assert_allclose(layer(ms.Tensor(x)).asnumpy(), reference(x), rtol=1e-5, atol=1e-5)


def test_upsampling_bilinear_aligns_corners():
    x = np.array([[[[0., 1.], [2., 3.]]]], np.float32)
    out = nn.UpsamplingBilinear2d(size=(3, 3))(ms.Tensor(x)).asnumpy()
    np.testing.assert_allclose(out[0, 0], [[0., 0.5, 1.], [1., 1.5, 2.], [2., 2.5, 3.]], rtol=1e-6)


def test_fold_inverts_unfold_counts():
    x = ms.Tensor(IMG)
    columns = nn.Unfold(2, stride=2)(x)
    assert columns.shape == (2, 12, 4)
    np.testing.assert_allclose(nn.Fold((4, 4), 2, stride=2)(columns).asnumpy(), IMG, rtol=1e-6)


def test_max_unpool2d_layer():
    values, indices = F.max_pool2d(ms.Tensor(IMG), 2, return_indices=True)
    restored = nn.MaxUnpool2d(2)(values, indices)
    assert restored.shape == IMG.shape
    np.testing.assert_allclose(restored.asnumpy().reshape(2, 3, -1).max(-1), IMG.reshape(2, 3, -1).max(-1))


LOSS_CASES = [
    (nn.L1Loss(), lambda x, t: np.abs(x - t).mean()),
    (nn.MSELoss(reduction='sum'), lambda x, t: ((x - t) ** 2).sum()),
    (nn.SmoothL1Loss(beta=0.5), lambda x, t: np.where(np.abs(x - t) < 0.5, 0.5 * (x - t) ** 2 / 0.5,
                                                      np.abs(x - t) - 0.25).mean()),
    (nn.SoftMarginLoss(), lambda x, t: np.log1p(np.exp(-t * x)).mean()),
    (nn.KLDivLoss(reduction='batchmean'), lambda x, t: (t * (np.log(t) - x)).sum() / 2),
    (nn.BCELoss(), lambda x, t: -(t * np.log(_sigmoid(x)) + (1 - t) * np.log(1 - _sigmoid(x))).mean()),
    (nn.BCEWithLogitsLoss(reduction='none'), lambda x, t: -(t * np.log(_sigmoid(x)) + (1 - t) *
                                                            np.log(1 - _sigmoid(x)))),
]


@pytest.mark.parametrize("loss, reference", LOSS_CASES, ids=lambda v: type(v).__name__)
def test_loss_layer(loss, reference):
    inputs = _sigmoid(X) if isinstance(loss, nn.BCELoss) else X
    np.testing.assert_allclose(loss(ms.Tensor(inputs), ms.Tensor(TARGET)).asnumpy(), reference(X, TARGET),
                               rtol=1e-5, atol=1e-6)


def test_linear_and_conv_parameters_match_functional():
    conv = nn.Conv2d(3, 4, 3, padding=1)
    assert conv.weight.shape == (4, 3, 3, 3) and conv.bias.shape == (4,)
    bound = 1 / np.sqrt(27)
    assert np.abs(conv.bias.asnumpy()).max() <= bound and np.abs(conv.weight.asnumpy()).max() <= bound
    np.testing.assert_allclose(conv(ms.Tensor(IMG)).asnumpy(),
                               F.conv2d(ms.Tensor(IMG), conv.weight, conv.bias, padding=1).asnumpy(), rtol=1e-6)
    assert nn.Conv1d(3, 2, 3, bias=False)(ms.Tensor(SEQ)).shape == (2, 2, 4)
    assert nn.Conv3d(2, 4, (1, 3, 3), padding='same')(ms.Tensor(VOL)).shape == (1, 4, 2, 4, 4)
    transposed = nn.ConvTranspose2d(3, 5, 2, stride=2)
    assert transposed.weight.shape == (3, 5, 2, 2) and transposed(ms.Tensor(IMG)).shape == (2, 5, 8, 8)
    linear = nn.Linear(3, 2)
    np.testing.assert_allclose(linear(ms.Tensor(X)).asnumpy(),
                               X @ linear.weight.asnumpy().T + linear.bias.asnumpy(), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("layer, x", [(nn.BatchNorm1d(3), X), (nn.BatchNorm2d(3), IMG), (nn.BatchNorm3d(2), VOL)],
                         ids=lambda v: type(v).__name__)
def test_batch_norm_trains_and_evaluates(layer, x):
    dims = (0,) + tuple(range(2, x.ndim))
    layer.set_train(True)
    out = layer(ms.Tensor(x)).asnumpy()
    shape = (1, -1) + (1,) * (x.ndim - 2)
    expected = (x - x.mean(dims).reshape(shape)) / np.sqrt(x.var(dims).reshape(shape) + 1e-5)
    np.testing.assert_allclose(out, expected, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(layer.running_mean.asnumpy(), 0.1 * x.mean(dims), rtol=1e-5, atol=1e-6)
    layer.set_train(False)
    running_mean, running_var = layer.running_mean.asnumpy(), layer.running_var.asnumpy()
    np.testing.assert_allclose(layer(ms.Tensor(x)).asnumpy(),
                               (x - running_mean.reshape(shape)) / np.sqrt(running_var.reshape(shape) + 1e-5),
                               rtol=1e-4, atol=1e-5)


def test_group_norm_and_prelu():
    out = nn.GroupNorm(1, 3)(ms.Tensor(IMG)).asnumpy()
    flat = IMG.reshape(2, -1)
    expected = (flat - flat.mean(1, keepdims=True)) / np.sqrt(flat.var(1, keepdims=True) + 1e-5)
    np.testing.assert_allclose(out, expected.reshape(IMG.shape), rtol=1e-4, atol=1e-5)
    prelu = nn.PReLU(3, init=0.1)
    assert prelu.weight.shape == (3,)
    np.testing.assert_allclose(prelu(ms.Tensor(IMG)).asnumpy(), np.where(IMG > 0, IMG, 0.1 * IMG), rtol=1e-6)


ERROR_CASES = [
    (lambda: nn.Conv2d(3, 4, 3, groups=2), ValueError, 'divisible'),
    (lambda: nn.Conv2d(3, 4, 3, padding_mode='reflect'), ValueError, 'padding_mode'),
    (lambda: nn.Conv2d(3, 4, 3, padding='full'), ValueError, "'padding'"),
    (lambda: nn.GroupNorm(2, 3), ValueError, 'divisible'),
    (lambda: nn.MSELoss(reduction='avg'), ValueError, 'reduction'),
    (lambda: nn.L1Loss(reduction='batchmean'), ValueError, 'reduction'),
    (lambda: nn.ZeroPad2d((1, 2, 3)), TypeError, 'padding'),
    (lambda: nn.ConstantPad1d(1, 'x'), TypeError, 'value'),
    (lambda: nn.GELU('fast'), ValueError, 'approximate'),
    (lambda: nn.Softmax(dim=1.5), TypeError, 'dim'),
    (lambda: nn.Hardtanh(1.0, -1.0), ValueError, 'min_val'),
    (lambda: nn.PixelShuffle(0), ValueError, 'upscale_factor'),
    (lambda: nn.SmoothL1Loss(beta=-1.0), ValueError, 'beta'),
    (lambda: nn.BatchNorm2d(3)(ms.Tensor(X)), ValueError, '4-D'),
]


@pytest.mark.parametrize("call, error, match", ERROR_CASES)
def test_error(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_layers_that_are_nn_ext_layers_print_as_them():
    # MindSpore 2.7.1: mint.nn.Dropout is nn.DropoutExt, mint.nn.LogSoftmax prints LogSoftmaxExt()
    assert nn.Dropout is ms.nn.DropoutExt and nn.Dropout2d is ms.nn.Dropout2dExt
    assert nn.Embedding is ms.nn.EmbeddingExt and nn.LayerNorm is ms.nn.LayerNormExt
    assert repr(nn.LogSoftmax()) == "LogSoftmaxExt()"
    assert repr(nn.PReLU()) == "PReLUExt()"
    assert repr(nn.Dropout()) == "DropoutExt()"
    assert repr(nn.LayerNorm(3)) == "LayerNormExt(normalized_shape=(3,), eps=1e-05, elementwise_affine=True)"
